"""The games the settlement engine can show down, and how each ranks hands.

A :class:`Game` says how many hole and board cards a showdown needs and
which evaluators decide the high and (for split games) the low half.  Add a
game by registering another :class:`Game` in :data:`GAMES`.

>>> GAMES["holdem"].hole_cards, GAMES["holdem"].board_cards
((2,), (5,))
>>> GAMES["omaha-hilo"].low is not None
True
>>> GAMES["omaha6-hilo"].hole_cards, GAMES["ace-to-five"].high is None
((6,), True)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ._checks import shown
from .errors import SettlementInputError
from .hands.high import holdem_high, omaha_high
from .hands.low import omaha_low8
from .hands.badugi import badugi_low
from .hands.deuce7 import deuce7_low
from .hands.draw import ace_to_five_low, draw_high
from .hands.shortdeck import shortdeck_high
from .hands.stud import odd_chip_key, razz_low, razz_odd_chip_key, stud_high, stud_low8

Evaluator = Callable[[tuple[int, ...], tuple[int, ...]], int]
LowEvaluator = Callable[[tuple[int, ...], tuple[int, ...]], "int | None"]

#: Odd-chip rules (TDA 20): who receives left-over units of a tied pot first.
ODD_CHIP_RULES = ("small_blind", "left_of_button", "high_card")


@attrs.frozen
class Game:
    """How one game shows down.

    ``high`` and ``low`` map ``(hole, board)`` to a strength (larger wins); a
    ``low`` returning ``None`` does not qualify.  ``high=None`` means the game
    is a pure low game whose only ranking is ``low`` (razz, deuce-to-seven,
    badugi, ace-to-five): then ``low`` must always return a strength.  ``board_cards`` lists
    the board sizes a showdown may have (``(0,)`` for games without a board).
    ``odd_chip`` is the default odd-chip rule; stud games use ``"high_card"``
    (TDA 20-B), board games ``"small_blind"``.
    """

    name: str
    hole_cards: tuple[int, ...]
    board_cards: tuple[int, ...]
    high: Evaluator | None
    low: LowEvaluator | None = None
    odd_chip: str = "small_blind"
    #: Board size from which a flop counts as dealt (for "no flop, no drop" rake).
    flop_seen_at: int = 3
    #: For ``odd_chip="high_card"`` (stud, TDA 20-B): ``(hole, board, low)`` -> a key, larger
    #: receives left-over units first; the key of the highest card by suit in the five-card
    #: hand that won the high (``low=False``) or low (``low=True``) half.
    odd_chip_key: "Callable[[tuple[int, ...], tuple[int, ...], bool], int] | None" = None

    @property
    def split(self) -> bool:
        """True for high/low split games (each pot is halved)."""
        return self.high is not None and self.low is not None


GAMES: dict[str, Game] = {
    "holdem": Game("holdem", (2,), (5,), holdem_high),
    "omaha": Game("omaha", (4,), (5,), omaha_high),
    "omaha-hilo": Game("omaha-hilo", (4,), (5,), omaha_high, omaha_low8),
    # Five- and six-card Omaha (pokerengine codes "PO5", "PO6/8"...): the Omaha rule, exactly two
    # hole cards and three board cards, whatever the number of hole cards.
    "omaha5": Game("omaha5", (5,), (5,), omaha_high),
    "omaha5-hilo": Game("omaha5-hilo", (5,), (5,), omaha_high, omaha_low8),
    "omaha6": Game("omaha6", (6,), (5,), omaha_high),
    "omaha6-hilo": Game("omaha6-hilo", (6,), (5,), omaha_high, omaha_low8),
    # Short-deck (PHH "NS"): flush beats full house, A-6-7-8-9 straight; see hands.shortdeck.
    "shortdeck": Game("shortdeck", (2,), (5,), shortdeck_high),
    # Games without a board: there is no flop, so "no flop, no drop" cannot apply and
    # flop_seen_at=0 means rake is always taken (pass flop_seen= to settle to override).
    # Stud games (PHH "F7S", "F7S/8", "FR"): odd chip to the high card by suit (TDA 20-B).
    "stud": Game("stud", (5, 6, 7), (0,), stud_high, None, "high_card", 0, odd_chip_key),
    "stud-hilo": Game("stud-hilo", (5, 6, 7), (0,), stud_high, stud_low8, "high_card", 0, odd_chip_key),
    "razz": Game("razz", (5, 6, 7), (0,), None, razz_low, "high_card", 0, razz_odd_chip_key),
    # Draw games (PHH "N2L1D"/"F2L3D", "FB") are button games: odd chip as in hold'em (TDA 20-A).
    "deuce-to-seven": Game("deuce-to-seven", (5,), (0,), None, deuce7_low, "small_blind", 0),
    "badugi": Game("badugi", (4,), (0,), None, badugi_low, "small_blind", 0),
    # A-5 triple draw ("AL3D") and five-card draw ("5CD"), pokerengine codes: hands.draw.
    "ace-to-five": Game("ace-to-five", (5,), (0,), None, ace_to_five_low, "small_blind", 0),
    "five-card-draw": Game("five-card-draw", (5,), (0,), draw_high, None, "small_blind", 0),
}


def get_game(name: str) -> Game:
    """The :class:`Game` registered under ``name``, or a clear error."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise SettlementInputError(f"unknown game {shown(name)}; known: {', '.join(sorted(GAMES))}") from None
