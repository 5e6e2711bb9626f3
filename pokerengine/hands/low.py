"""Ace-to-five low: the eight-or-better qualifier of hi/lo games, and razz.

Treys has no low evaluator, so it is written here.  In ace-to-five low, aces
are low, straights and flushes do not count, pairs do; the best low is 5-4-3-2-A.
A hand is compared by its highest card first, then the next, and so on.

>>> from pokerengine.cards import parse_cards as c
>>> omaha_low8(c("As2sKdKh"), c("3c4d8h9sTc")) is not None
True
>>> omaha_low8(c("AsKsKdKh"), c("2c3d8h9sTc")) is None   # only one low card from the hand
True
>>> omaha_low8(c("As2sKdKh"), c("3c4d5h9sTc")) > omaha_low8(c("As3sKdKh"), c("2c4d6h9sTc"))
True
"""

from __future__ import annotations

from itertools import combinations

from ..cards import rank


def low_rank(card: int) -> int:
    """A-5 low value of a card: ace 1, deuce 2, ..., king 13."""
    r = rank(card) + 2
    return 1 if r == 14 else r


def _key(values: list[int]) -> int:
    """Strength of five distinct low values (larger is better): compare highest card first."""
    values.sort(reverse=True)
    # Encode as a base-16 number; a smaller number is a better low, so negate.
    k = 0
    for v in values:
        k = k * 16 + v
    return -k


def low8_of_five(cards: tuple[int, ...]) -> int | None:
    """Strength of exactly five cards as an eight-or-better low, or ``None``."""
    values = [low_rank(c) for c in cards]
    if max(values) > 8 or len(set(values)) != 5:
        return None
    return _key(values)


def best_low8(cards: tuple[int, ...]) -> int | None:
    """Best eight-or-better low from any five of the cards (hold'em-style or stud)."""
    values = sorted({low_rank(c) for c in cards if low_rank(c) <= 8})
    if len(values) < 5:
        return None
    return _key(values[:5])


def omaha_low8(hole: tuple[int, ...], board: tuple[int, ...]) -> int | None:
    """Best eight-or-better low using exactly two hole cards and three board cards."""
    hole_vals = [v for v in {low_rank(c) for c in hole} if v <= 8]
    board_vals = [v for v in {low_rank(c) for c in board} if v <= 8]
    best = None
    for a, b in combinations(hole_vals, 2):
        rest = [v for v in board_vals if v != a and v != b]
        if len(rest) < 3:
            continue
        rest.sort()
        # The three lowest distinct board values left are always the best choice.
        key = _key([a, b, *rest[:3]])
        if best is None or key > best:
            best = key
    return best
