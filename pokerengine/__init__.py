"""pokerengine: exact poker settlement, in integer chips, with every rule cited.

The package is built in floors, each importing only those below it, in the order the data flows:

1. cards and hands: :mod:`~pokerengine.cards`, the evaluators of :mod:`~pokerengine.hands`, the games
   (:mod:`~pokerengine.games`);
2. pots and settlement: :mod:`~pokerengine.seats` -> :mod:`~pokerengine.pots` -> :mod:`~pokerengine.split`
   -> :mod:`~pokerengine.settlement` (with :mod:`~pokerengine.rake` and :mod:`~pokerengine.runs`);
3. the PHH record: :mod:`~pokerengine.phh` (read, checked, written), and the rule book
   (:mod:`~pokerengine.rules`);
4. the engine: :mod:`~pokerengine.live` (whose turn, legal actions, TDA rules; a table; a record played),
   which settles through :func:`settle` like everything else;
5. the readers: :mod:`~pokerengine.formats` (one module a site's format, each hand a PHH record and what
   the site paid);
6. replay: :mod:`~pokerengine.replay` (records played and compared, files, corpora, convert);
7. payout models (:mod:`~pokerengine.models`), then :mod:`~pokerengine.tournament`, then
   :mod:`~pokerengine.decisions`; the command line (:mod:`~pokerengine.cli`) on top.
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
from .live import REPLAY, TDA, Deck, Hand, Legal, Options, Outcome, RaiseRange, Table, interpret
from .phh import HandHistory
from .replay import HandReplay, HandReport, ReplaySummary, replay_hand, replay_paths
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
    "interpret",
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
