"""Hand-history replay: read PHH files, play their actions, settle, compare with the record.

The steps, one module each: :mod:`~.fasttoml` and :mod:`~.reader` (text to a
frozen :class:`HandHistory`), :mod:`~.notation` (action strings),
:mod:`~.interpreter` (actions to contributions, folds, cards and board, played through the live
engine in replay mode, :mod:`pokerengine.live`; :mod:`~.quick` is its measured short way through
the usual hold'em and Omaha hand),
:mod:`~.settling` (those to :func:`pokerengine.settle` and finishing stacks),
:mod:`~.replay` (files and folders, verdicts, summaries), :mod:`~.site` (a site's hand and the
check of what it paid).  The sites' own records are read by :mod:`pokerengine.formats` (one module
per format, and which format a file is in); their readers are also re-exported here, as before.

>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [50, 100, 0]
... min_bet = 100
... starting_stacks = [1000, 1000, 1000]
... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300", "p1 f", "p2 f"]
... finishing_stacks = [950, 900, 1150]''')
>>> replay_hand(hand).status
'matched'
"""

from .interpreter import Outcome, interpret
from .interpreter import clear_caches
from .notation import Action, parse_action
from .reader import dumps, dumps_all, from_fields, load, loads, loads_all
from .record import HandHistory
from .replay import HandReport, ReplaySummary, replay_file, replay_paths
from .settling import HandReplay, classify, replay_hand, settle_outcome
from .site import Collected, SiteCheck, SiteHand
from .site import check as check_site
from .variants import VARIANTS, Variant

__all__ = [
    "VARIANTS",
    "Action",
    "Collected",
    "HandHistory",
    "HandReplay",
    "HandReport",
    "Outcome",
    "ReplaySummary",
    "SiteCheck",
    "SiteHand",
    "Variant",
    "check_site",
    "classify",
    "clear_caches",
    "detect",
    "dumps",
    "dumps_all",
    "dumps_ohh",
    "dumps_ohh_lines",
    "from_fields",
    "interpret",
    "iter_ohh",
    "iter_pokerstars",
    "load",
    "loads",
    "loads_all",
    "parse_action",
    "parse_pokerstars",
    "read_ohh",
    "read_pokerstars",
    "replay_file",
    "replay_hand",
    "replay_paths",
    "settle_outcome",
    "write_ohh",
]

#: Names re-exported from :mod:`pokerengine.formats`, imported when first used (the site readers
#: depend on this package, so importing them here would make a circle).
_FROM_FORMATS = {"detect": "", "dumps_ohh": ".ohh", "dumps_ohh_lines": ".ohh", "iter_ohh": ".ohh",
                 "read_ohh": ".ohh", "write_ohh": ".ohh", "iter_pokerstars": ".pokerstars",
                 "parse_pokerstars": ".pokerstars", "read_pokerstars": ".pokerstars"}


def __getattr__(name: str) -> object:
    module = _FROM_FORMATS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module("pokerengine.formats" + module), name)
