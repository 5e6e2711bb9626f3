"""Tournaments: a state machine fed by events, with eliminations, tie-aware places, prizes, deals and a log.

* :mod:`.events` -- the events (frozen values) and their JSON lines;
* :mod:`.machine` -- :class:`Tournament`, the state machine;
* :mod:`.ranking` -- places for simultaneous busts (WSOP 126, TDA RP-8) and tie splits;
* :mod:`.deals` -- ICM, DCM and chip chops, partial deals, largest-remainder rounding;
* :mod:`.equity` -- ICM/DCM snapshots after busts;
* :mod:`.log` -- the JSON-lines event log and crash recovery.

See ``docs/tournament.md``.
"""

from .deals import chop
from .equity import EquityConfig, Snapshot
from .events import (
    CloseRegistration,
    Correction,
    Deal,
    End,
    Entrant,
    Event,
    Hand,
    HandForHand,
    LateEntry,
    Move,
    Start,
    from_json,
    to_json,
)
from .log import EventLog, LogRead, read_log
from .machine import STATES, Recovery, Result, Tournament, TournamentState
from .ranking import BustRecord, Standing, rank_batch, split_prize

__all__ = [
    "STATES",
    "BustRecord",
    "CloseRegistration",
    "Correction",
    "Deal",
    "End",
    "Entrant",
    "EquityConfig",
    "Event",
    "EventLog",
    "Hand",
    "HandForHand",
    "LateEntry",
    "LogRead",
    "Move",
    "Recovery",
    "Result",
    "Snapshot",
    "Standing",
    "Start",
    "Tournament",
    "TournamentState",
    "chop",
    "from_json",
    "read_log",
    "rank_batch",
    "split_prize",
    "to_json",
]
