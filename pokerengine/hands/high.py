"""High hands through treys: hold'em, Omaha (two from hand, three from board), stud.

>>> from pokerengine.cards import parse_cards as c
>>> holdem_high(c("AsAd"), c("2c7d9hTsJc")) > holdem_high(c("KsKd"), c("2c7d9hTsJc"))
True
>>> omaha_high(c("AsKsQdJd"), c("2s3s4s9hTc")) == omaha_high(c("AsKs2d3d"), c("2s3s4s9hTc"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeAlias, cast

from treys import Evaluator

# treys has no type information: its values are Any, so these annotations state what they are.
_EVALUATOR = Evaluator()
_FIVE: Callable[[Sequence[int]], int] = _EVALUATOR._five
_SIX: Callable[[Sequence[int]], int] = _EVALUATOR._six
_SEVEN: Callable[[Sequence[int]], int] = _EVALUATOR._seven
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


_UNSUITED: dict[int, int] = _EVALUATOR.table.unsuited_lookup
#: What :func:`_prepare_board` shares between seats: ``(quads, triples, board rank, flush suit, count)``.
_Prepared: TypeAlias = "tuple[tuple[int, ...], tuple[int, ...], int, int, int]"
# The last board seen and what was precomputed from it, as one tuple: replacing it is a
# single atomic assignment, so threads settling different boards never mix them up.
# (The initial None is never read: no five-card board equals the empty tuple.)
_board_cache = cast("tuple[tuple[int, ...], _Prepared]", ((), None))


def _prepare_board(board: tuple[int, ...]) -> _Prepared:
    """What every seat's evaluation against this five-card board can share.

    The rank products of the board's ten three-card and five four-card subsets
    (treys keys non-flush hands by the product of their rank primes), the rank
    of the board alone, and the board's suit counts (a seat can only make a
    flush in a suit the board holds three or more of).
    """
    primes = [c & 0xFF for c in board]
    quads = []
    triples = []
    for skip in range(5):
        rest = primes[:skip] + primes[skip + 1 :]
        quads.append(rest[0] * rest[1] * rest[2] * rest[3])
    for three in combinations(primes, 3):
        triples.append(three[0] * three[1] * three[2])
    suits: dict[int, int] = {}
    for c in board:
        bit = (c >> 12) & 0xF
        suits[bit] = suits.get(bit, 0) + 1
    flush_suit, count = max(suits.items(), key=lambda item: item[1])
    return (tuple(quads), tuple(triples), _FIVE(board), flush_suit if count >= 3 else 0, count)


def holdem_high(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """Best five of hole cards plus board, any combination.

    With two hole cards and a five-card board (a showdown), the board's part of
    the work is done once per board and shared by every seat; a seat that could
    make a flush is evaluated by treys directly.
    """
    if len(board) != 5 or len(hole) != 2:
        return best_of(hole + board)
    global _board_cache
    cached_board, prepared = _board_cache
    if cached_board != board:
        prepared = _prepare_board(board)
        _board_cache = (board, prepared)
    quads, triples, best, flush_suit, count = prepared
    a, b = hole
    if flush_suit and count + (((a >> 12) & 0xF) == flush_suit) + (((b >> 12) & 0xF) == flush_suit) >= 5:
        return WORST - _SEVEN(hole + board)
    pa = a & 0xFF
    pb = b & 0xFF
    u = _UNSUITED
    for q in quads:
        r = u[pa * q]
        if r < best:
            best = r
        r = u[pb * q]
        if r < best:
            best = r
    pab = pa * pb
    for t in triples:
        r = u[pab * t]
        if r < best:
            best = r
    return WORST - best


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
    name: str = _EVALUATOR.class_to_string(_EVALUATOR.get_rank_class(WORST - strength))
    return name
