"""Deprecated: the names of ``pokerengine.history``, which is now three packages by floor.

The PHH record is :mod:`pokerengine.phh`, playing a record is :mod:`pokerengine.live`
(:func:`~pokerengine.live.interpret`), a site's hand is :mod:`pokerengine.formats`
(:class:`~pokerengine.formats.SiteHand`), and replaying with its verdicts is :mod:`pokerengine.replay`.
Each name below still resolves, with a :class:`DeprecationWarning` naming its new home; this alias goes
in the next release (``CHANGELOG.md``).  Nothing in the package imports it.
"""

from __future__ import annotations

from .._deprecated import moved

#: Each old name and the module that has it now.
MOVED = {
    "VARIANTS": "pokerengine.phh", "Variant": "pokerengine.phh", "Action": "pokerengine.phh",
    "parse_action": "pokerengine.phh", "HandHistory": "pokerengine.phh", "dumps": "pokerengine.phh",
    "dumps_all": "pokerengine.phh", "from_fields": "pokerengine.phh", "load": "pokerengine.phh",
    "loads": "pokerengine.phh", "loads_all": "pokerengine.phh",
    "Outcome": "pokerengine.live", "interpret": "pokerengine.live", "clear_caches": "pokerengine.live",
    "settle_outcome": "pokerengine.live.settling",
    "Collected": "pokerengine.formats", "SiteHand": "pokerengine.formats", "detect": "pokerengine.formats",
    "dumps_ohh": "pokerengine.formats.ohh", "dumps_ohh_lines": "pokerengine.formats.ohh",
    "iter_ohh": "pokerengine.formats.ohh", "read_ohh": "pokerengine.formats.ohh", "write_ohh": "pokerengine.formats.ohh",
    "iter_pokerstars": "pokerengine.formats.pokerstars", "parse_pokerstars": "pokerengine.formats.pokerstars",
    "read_pokerstars": "pokerengine.formats.pokerstars",
    "HandReport": "pokerengine.replay", "ReplaySummary": "pokerengine.replay", "replay_file": "pokerengine.replay",
    "replay_paths": "pokerengine.replay", "HandReplay": "pokerengine.replay", "classify": "pokerengine.replay",
    "replay_hand": "pokerengine.replay", "SiteCheck": "pokerengine.replay", "check_site": "pokerengine.replay",
}

__all__: list[str] = []


__getattr__ = moved(__name__, MOVED)
