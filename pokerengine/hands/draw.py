"""Five-card draw games without a board: A-5 lowball (``AL3D``) and five-card draw high (``5CD``).

Each player shows down exactly five cards (a draw game's final hand); there is no board.

* :func:`ace_to_five_low` - ace-to-five lowball ("California"): aces are low,
  straights and flushes do not count, pairs do, and every hand has a strength
  (no qualifier).  The best hand is 5-4-3-2-A (the "wheel", a winning low also
  when suited), then 6-4-3-2-A, 6-5-3-2-A, ...: unpaired hands compare from
  the top card down; any unpaired hand beats any pair, a pair beats two pair,
  and so on (the ranking razz uses on its best five cards, so this is
  :func:`~pokerengine.hands.stud.razz_low` on exactly five cards).  Sources:
  "Ace-to-five low" (Wikipedia: "straights and flushes are ignored ... the best
  hand is 5-4-3-2-A"); PokerStars' "Triple Draw A-5 Lowball" rules (same).
* :func:`draw_high` - five-card draw: the ordinary high hand of the five cards
  (treys; the ace plays high or low in a straight, A-2-3-4-5 is the lowest straight).

Draw games have no flop: registered with ``flop_seen_at=0`` (a configured rake is always taken)
and the hold'em odd-chip rule (TDA 20-A), as the other draw games.

>>> from pokerengine.cards import parse_cards as c
>>> wheel = ace_to_five_low(c("5s4d3h2cAc"), ())
>>> wheel > ace_to_five_low(c("6s4d3h2cAc"), ()) > ace_to_five_low(c("6s5d3h2cAc"), ())
True
>>> ace_to_five_low(c("5c4c3c2cAc"), ()) == wheel       # suited: still the wheel
True
>>> ace_to_five_low(c("KsQdJh9c8c"), ()) > ace_to_five_low(c("2s2d3h4c5c"), ())   # no pair beats a pair
True
>>> draw_high(c("5s4d3h2cAc"), ()) > draw_high(c("AsAdKhQcJc"), ())   # a straight beats aces
True
"""

from __future__ import annotations

from ..errors import CardError
from .high import best_of
from .stud import razz_low


def _five(hole: tuple[int, ...], board: tuple[int, ...], game: str) -> tuple[int, ...]:
    cards = hole + board
    if len(cards) != 5:
        raise CardError(f"{game} hand has exactly 5 cards, got {len(cards)}")
    return cards


def ace_to_five_low(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """A-5 lowball strength of exactly five cards (hole plus board); always an ``int``, larger is lower."""
    return razz_low(_five(hole, board, "an ace-to-five"))


def draw_high(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """High strength of exactly five cards (the scale of ``hands.high``); larger is better."""
    return best_of(_five(hole, board, "a five-card draw"))
