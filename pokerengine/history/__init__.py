"""Hand-history replay: read PHH files, play their actions, settle, compare with the record.

The steps, one module each: :mod:`~.fasttoml` and :mod:`~.reader` (text to a
frozen :class:`HandHistory`), :mod:`~.notation` (action strings),
:mod:`~.interpreter` (actions to contributions, folds, cards and board, played through the live
engine in replay mode, :mod:`pokerengine.live`; :mod:`~.quick` is its measured short way through
the usual hold'em and Omaha hand),
:mod:`~.settling` (those to :func:`pokerengine.settle` and finishing stacks),
:mod:`~.replay` (files and folders, verdicts, summaries); a site's own records:
:mod:`~.pokerstars` (PokerStars text), :mod:`~.ohh` (Open Hand History), :mod:`~.site` (a site's
hand and the check of what it paid), :mod:`~.formats` (which format a file is in).

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

from .formats import detect
from .interpreter import Outcome, interpret
from .interpreter import clear_caches
from .notation import Action, parse_action
from .ohh import dumps_ohh, dumps_ohh_lines, iter_ohh, read_ohh, write_ohh
from .pokerstars import iter_pokerstars, parse_pokerstars, read_pokerstars
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
