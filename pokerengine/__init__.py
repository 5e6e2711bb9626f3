"""pokerengine: exact poker settlement, in integer chips, with every rule cited.

The data flows one way, one module per step: hand history
(:mod:`~pokerengine.history`) -> actions -> contributions and cards ->
:mod:`~pokerengine.pots` -> showdown (:mod:`~pokerengine.games`,
:mod:`~pokerengine.hands`) -> :mod:`~pokerengine.split` ->
:mod:`~pokerengine.settlement` -> :mod:`~pokerengine.tournament` -> payout
models (:mod:`~pokerengine.models`).  A live table drives one hand at a time through
:class:`~pokerengine.live.Hand` (whose turn, legal actions, TDA rules), which settles through
:func:`settle` like everything else.
"""

from .errors import (
    CardError,
    ChipError,
    EventLogError,
    HistoryParseError,
    IllegalActionError,
    ModelInputError,
    ModelTimeout,
    PokerEngineError,
    SettlementInputError,
    TournamentError,
)
from .games import GAMES, Game
from .history import HandHistory, HandReplay, HandReport, Outcome, ReplaySummary, interpret, replay_hand, replay_paths
from .history import dumps as dumps_history
from .history import load as load_history
from .history import loads as loads_history
from .live import REPLAY, TDA, Deck, Hand, Legal, Options, RaiseRange, Table
from .live import replay as replay_live
from .models import MODELS, Equities, dcm, icm, malmuth_weitzman, monte_carlo, roberts
from .pots import Pot, PotLayout, build_pots
from .rake import Rake
from .runs import RunsSettlement, settle_runs
from .seats import Seat
from .settlement import PotResult, Settlement, settle
from .tournament import Director, EquityConfig, Snapshot, Standing, Structure, Tournament, TournamentState

__version__ = "0.1.0"

__all__ = [
    # settlement
    "GAMES",
    "Game",
    "Pot",
    "PotLayout",
    "PotResult",
    "Rake",
    "RunsSettlement",
    "Seat",
    "Settlement",
    "build_pots",
    "settle",
    "settle_runs",
    # hand histories
    "HandHistory",
    "HandReplay",
    "HandReport",
    "Outcome",
    "ReplaySummary",
    "dumps_history",
    "interpret",
    "load_history",
    "loads_history",
    "replay_hand",
    "replay_paths",
    # live play
    "Deck",
    "Hand",
    "Legal",
    "Options",
    "REPLAY",
    "RaiseRange",
    "TDA",
    "Table",
    "replay_live",
    # tournaments
    "Director",
    "EquityConfig",
    "Snapshot",
    "Standing",
    "Structure",
    "Tournament",
    "TournamentState",
    # payout models
    "MODELS",
    "Equities",
    "dcm",
    "icm",
    "malmuth_weitzman",
    "monte_carlo",
    "roberts",
    # errors
    "CardError",
    "ChipError",
    "EventLogError",
    "HistoryParseError",
    "IllegalActionError",
    "ModelInputError",
    "ModelTimeout",
    "PokerEngineError",
    "SettlementInputError",
    "TournamentError",
]
