"""Replay: play recorded hands through the engine and compare what it pays with what the record says.

The floor above the engine (:mod:`pokerengine.live`, which plays a record) and the readers
(:mod:`pokerengine.formats`, which turn a site's file into records).  One module a step:
:mod:`~.hand_replay` (one PHH record: settled, and its finishing stacks compared), :mod:`~.site_check`
(one site's hand: every collected amount and the rake compared), :mod:`~.stated` and
:mod:`~.oddchips` (what else a record states; where a site's odd chips went), :mod:`~.status` (the
verdicts), :mod:`~.files` (files and folders: every hand a verdict, every file read or skipped with
its reason, a summary), :mod:`~.corpus` and :mod:`~.dask_replay` (large corpora in shards, on
processes or a Dask cluster), and :mod:`~.convert` (a hand written in another format, verdict kept).

>>> from pokerengine.phh import loads
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

from .convert import convert_hands, convert_text
from .corpus import replay_paths
from .files import HandReport, ReplaySummary, replay_file
from .hand_replay import HandReplay, classify, replay_hand
from .site_check import check_site, check_split
from .status import SeatDiff, SiteCheck

__all__ = ["HandReplay", "HandReport", "ReplaySummary", "SeatDiff", "SiteCheck", "check_site", "check_split",
           "classify", "convert_hands", "convert_text", "replay_file", "replay_hand", "replay_paths"]
