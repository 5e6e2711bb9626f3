"""Tournaments: a state machine fed by events, with eliminations, tie-aware places, prizes, deals and a log.

* :mod:`.events` -- the events (frozen values) and their JSON lines;
* :mod:`.machine` -- :class:`Tournament`, the state machine (:mod:`.state`: the values it reports;
  :mod:`.levels`: the level, breaks and the clock);
* :mod:`.ranking` -- places for simultaneous busts (WSOP 126, TDA RP-8) and tie splits;
* :mod:`.deals` -- ICM, DCM and chip chops, partial deals, largest-remainder rounding;
* :mod:`.equity` -- ICM/DCM snapshots after busts;
* :mod:`.log` -- the JSON-lines event log and crash recovery;
* :mod:`.stores` -- the event stores (file, SQLite, PostgreSQL), URLs, copy (:mod:`.sql_store`: what
  the two databases share);
* :mod:`.structure` -- blind levels and breaks;
* :mod:`.seating` -- the seat draw, late entries, breaking and balancing tables (pure functions);
* :mod:`.director` -- :class:`Director`: tables run by the live engine, every decision logged;
* :mod:`.simulate` -- a whole tournament with random legal play.

See ``docs/tournament.md``.
"""

from .._deprecated import renamed
from .deals import chop
from .director import Director, Played
from .equity import EquityConfig, Snapshot
from .events import (
    Away,
    ClockChange,
    CloseRegistration,
    Correction,
    Deal,
    DirectorSetup,
    End,
    Entrant,
    Event,
    HandForHand,
    HandPlayed,
    LateEntry,
    LevelChange,
    Move,
    Redraw,
    Start,
    from_json,
    to_json,
)
from .levels import ClockState
from .log import EventLog, LogRead, read_log
from .machine import STATES, Tournament
from .ranking import BustRecord, Standing, rank_batch, split_prize
from .seating import SeatAssignment
from .simulate import Simulation, simulate
from .state import Recovery, Result, TournamentState
from .stores import EventStore, copy, list_tournaments, open_store
from .structure import Break, Level, Structure

__all__ = [
    "STATES",
    "Away",
    "Break",
    "BustRecord",
    "ClockChange",
    "ClockState",
    "CloseRegistration",
    "Correction",
    "Deal",
    "Director",
    "DirectorSetup",
    "End",
    "Entrant",
    "EquityConfig",
    "Event",
    "EventLog",
    "EventStore",
    "HandForHand",
    "HandPlayed",
    "LateEntry",
    "Level",
    "LevelChange",
    "LogRead",
    "Move",
    "Played",
    "Recovery",
    "Redraw",
    "Result",
    "SeatAssignment",
    "Simulation",
    "Snapshot",
    "Standing",
    "Start",
    "Structure",
    "Tournament",
    "TournamentState",
    "chop",
    "copy",
    "from_json",
    "list_tournaments",
    "open_store",
    "rank_batch",
    "read_log",
    "simulate",
    "split_prize",
    "to_json",
]


#: Old names of renamed classes, resolved for one release with a :class:`DeprecationWarning`
#: (``CHANGELOG.md``); nothing in the package uses them.
RENAMED = {'Clock': 'ClockChange', 'Hand': 'HandPlayed', 'Seat': 'SeatAssignment', 'Setup': 'DirectorSetup'}


__getattr__ = renamed(__name__, RENAMED, globals())
