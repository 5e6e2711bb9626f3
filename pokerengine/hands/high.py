"""High hands through treys: hold'em, Omaha (two from hand, three from board), stud.

>>> from pokerengine.cards import parse_cards as c
>>> holdem_high(c("AsAd"), c("2c7d9hTsJc")) > holdem_high(c("KsKd"), c("2c7d9hTsJc"))
True
>>> omaha_high(c("AsKsQdJd"), c("2s3s4s9hTc")) == omaha_high(c("AsKs2d3d"), c("2s3s4s9hTc"))
True
"""

from __future__ import annotations

from itertools import combinations

from treys import Evaluator

_EVALUATOR = Evaluator()
_FIVE = _EVALUATOR._five
_SIX = _EVALUATOR._six
_SEVEN = _EVALUATOR._seven
#: treys ranks hands 1 (royal flush) .. 7462 (seven high); strength is 7463 - rank.
WORST = 7463


def best_of(cards: tuple[int, ...] | list[int]) -> int:
    """Strength of the best five-card high hand among five to seven cards (one treys call)."""
    n = len(cards)
    if n == 7:
        return WORST - _SEVEN(cards)
    if n == 5:
        return WORST - _FIVE(cards)
    if n == 6:
        return WORST - _SIX(cards)
    return WORST - min(_FIVE(five) for five in combinations(cards, 5))


def holdem_high(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """Best five of hole cards plus board, any combination."""
    return best_of(hole + board)


def omaha_high(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """Best hand using exactly two hole cards and exactly three board cards."""
    best = WORST
    boards = list(combinations(board, 3))
    for pair in combinations(hole, 2):
        for three in boards:
            r = _FIVE(pair + three)
            if r < best:
                best = r
    return WORST - best


def stud_high(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """Best five of a stud hand's (up to seven) cards."""
    return best_of(hole + board)


def rank_class(strength: int) -> str:
    """A readable class for a high strength, e.g. ``'Full House'``."""
    return _EVALUATOR.class_to_string(_EVALUATOR.get_rank_class(WORST - strength))
