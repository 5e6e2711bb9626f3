"""pokerengine: exact poker settlement, in integer chips, with every rule cited.

The data flows one way, one module per step: hand history -> actions ->
contributions and cards -> :mod:`~pokerengine.pots` -> showdown
(:mod:`~pokerengine.games`, :mod:`~pokerengine.hands`) -> :mod:`~pokerengine.split`
-> :mod:`~pokerengine.settlement`.
"""

from .errors import (
    CardError,
    ChipError,
    PokerEngineError,
    SettlementInputError,
)
from .games import GAMES, Game
from .pots import Pot, PotLayout, build_pots
from .rake import Rake
from .seats import Seat
from .settlement import PotResult, Settlement, settle

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "CardError",
    "ChipError",
    "Game",
    "PokerEngineError",
    "Pot",
    "PotLayout",
    "PotResult",
    "Rake",
    "Seat",
    "SettlementInputError",
    "Settlement",
    "build_pots",
    "settle",
]
