"""A vectorised seven-card hold'em evaluator (NumPy): many hands ranked in one call.

Cards are the integers of :mod:`pokerengine.cards`; in the arrays this module ranks, a card is
its position in :data:`pokerengine.cards.DECK` (``4 * rank + suit``, ``0..51``: rank ``0`` a deuce,
``12`` an ace, suits ``c d h s``), which :func:`deck_index` and :func:`deck_indices` give and
``DECK[i]`` turns back.  A **combination** (two hole cards) is one of ``1,326`` indices
``0..1325``; :data:`COMBO_CARDS` gives its two cards' positions, higher first, and
:func:`combo_index` the index of two.

A hand's value is one of the 7,462 classes of five-card poker hands, numbered ``1`` (seven-five-
four-three-two high) to ``7462`` (a royal flush): higher is stronger, and two hands tie exactly
when their values are equal.  Seven cards are worth their best five.

How it works (no per-hand Python, no treys):

- **Not a flush.**  Without a flush, a hand's value depends only on the multiset of its seven
  ranks.  Sorted ranks ``r0 <= ... <= r6`` become strictly increasing ``r_i + i`` in ``0..18``,
  whose combinatorial-number-system index ``sum C(r_i + i, i + 1)`` is a perfect index
  ``0..50,387`` into a table of the best five-card value (built once, lazily, in about 0.2 s).
  Sorting a hand's cards sorts its ranks, because a card is ``4 * rank + suit``.
- **A flush.**  A suit with five or more cards is found from the sum of ``8 ** suit`` over the
  cards (a 4,096-entry table); that suit's 13-bit rank mask indexes an 8,192-entry table of
  flush and straight-flush values.  A seven-card hand cannot hold a flush together with a full
  house or four of a kind, so the flush value, when there is one, is the hand's value.
- **Board-major** (:func:`rank_holes`): for a batch of five-card boards and a set of hole
  combinations, the board's rank multiset (``0..6,187``) and the hole ranks (``0..90``) index
  one 563,108-entry table directly, and the hole cards in the board's flush suit (a suit with
  three or more board cards) complete its rank mask: a few gathers per (board, hole) cell.

Limits: :func:`rank7` takes at most :data:`MAX_HANDS` hands per call and
:func:`rank_holes` at most :data:`MAX_CELLS` (board, hole) cells (about 80 and 12 bytes of
working memory each); callers batch larger work.  The tables take about 1.3 MB.

Speed (measured on one core of the development machine): :func:`rank7` about 6 million hands a
second (all 133,784,560 seven-card hands in 25 s); :func:`rank_holes` about 100 million
(board, combination) cells a second.  The tests check every value against treys and the category
counts of all seven-card hands.

>>> v = rank7([deck_indices("AsKsQsJsTs2d3c"), deck_indices("7c5d4h3s2c9d9h"), deck_indices("7c5d4h3s2cJdQh")])
>>> [category(int(x)) for x in v]
['straight flush', 'pair', 'high card']
>>> int(v[0]), int(v[1]) > int(v[2])
(7462, True)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._checks import shown
from ..cards import DECK, card_text, parse_cards
from ..errors import CardError

HAND_CLASSES = 7462
"""How many different values a hand can have (the five-card equivalence classes)."""
MAX_HANDS = 1 << 22
"""The most seven-card hands one call of :func:`rank7` takes (4,194,304; about 330 MB of working memory)."""
MAX_CELLS = 1 << 25
"""The most (board, hole) cells one call of :func:`rank_holes` fills (33,554,432; about 400 MB)."""

#: The nine categories, weakest first; :func:`category` names a value's.
CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
              "four of a kind", "straight flush")

CARDS = 52
COMBOS = 1326

_POSITION = {card: i for i, card in enumerate(DECK)}


def deck_index(card: int) -> int:
    """The position ``0..51`` in :data:`pokerengine.cards.DECK` of a card integer of :mod:`pokerengine.cards`.

    >>> from pokerengine.cards import parse_card
    >>> deck_index(parse_card("2c")), deck_index(parse_card("As"))
    (0, 51)
    """
    try:
        return _POSITION[card]
    except (KeyError, TypeError):
        raise CardError(f"{shown(card)} is not a card") from None


def deck_indices(cards: str | Iterable[str | int]) -> list[int]:
    """The deck positions of cards given as :func:`pokerengine.cards.parse_cards` takes them
    (text such as ``'AhKd'``, or a sequence of card texts or card integers).

    >>> deck_indices("2c2dAs")
    [0, 1, 51]
    """
    return [_POSITION[c] for c in parse_cards(cards)]


def deck_text(index: int) -> str:
    """The text of the card at deck position ``index`` (``0..51``): ``deck_text(51) == 'As'``."""
    return card_text(DECK[index])


#: The two cards (deck positions) of each combination, higher card first (``hi > lo``), ordered by ``(hi, lo)``.
COMBO_CARDS: tuple[tuple[int, int], ...] = tuple((hi, lo) for hi in range(CARDS) for lo in range(hi))
_COMBO_OF: list[list[int]] = [[-1] * CARDS for _ in range(CARDS)]
for _i, (_hi, _lo) in enumerate(COMBO_CARDS):
    _COMBO_OF[_hi][_lo] = _COMBO_OF[_lo][_hi] = _i


def combo_index(a: int, b: int) -> int:
    """The combination of two different cards at deck positions ``a`` and ``b`` (in either order)."""
    if not (0 <= a < CARDS and 0 <= b < CARDS) or a == b:
        raise CardError(f"a combination needs two different cards, got {shown(a)} and {shown(b)}")
    return _COMBO_OF[a][b]


def combo_text(combo: int) -> str:
    """The combination as text, higher card first: ``'AsKh'``."""
    hi, lo = COMBO_CARDS[combo]
    return deck_text(hi) + deck_text(lo)


_MULTISETS7 = math.comb(19, 7)  # sorted 7 ranks r_i + i in 0..18
_MULTISETS5 = math.comb(17, 5)  # sorted 5 ranks r_i + i in 0..16
_MULTISETS2 = math.comb(14, 2)  # sorted 2 ranks r_i + i in 0..13


def _top(has: NDArray[np.bool_], k: int) -> NDArray[np.intp]:
    """Per row, the ``k`` highest ranks where ``has`` (an ``(M, 13)`` mask) is true, highest first; -1 past the last."""
    order = np.argsort(~has[:, ::-1], axis=1, kind="stable")[:, :k]  # True first, from the ace down
    ranks = 12 - order
    return np.where(np.take_along_axis(has, ranks, axis=1), ranks, -1)


def _scores(counts: NDArray[np.intp], suited: bool) -> NDArray[np.int64]:
    """Raw scores of the best five cards of each rank multiset (rows of ``(M, 13)`` counts, five to
    seven cards): the category, then five tiebreak ranks plus one (4 bits each), most important first.
    ``suited``: every card is of one suit (counts are 0 or 1): a flush or a straight flush."""
    rows = np.arange(len(counts))
    r = np.arange(13)
    present = counts > 0
    # straights: the highest top rank h with ranks h-4..h present; the wheel's top is the five (3)
    runs = np.stack([present[:, h - 4:h + 1].all(axis=1) for h in range(4, 13)], axis=1)
    wheel = present[:, [12, 0, 1, 2, 3]].all(axis=1)
    high = np.where(runs.any(axis=1), 12 - np.argmax(runs[:, ::-1], axis=1), np.where(wheel, 3, -1))

    def score(cat: int | NDArray[np.intp], *ranks: NDArray[np.intp]) -> NDArray[np.int64]:
        value = np.broadcast_to(np.asarray(cat, dtype=np.int64), rows.shape)
        for k in range(5):
            value = (value << 4) | (ranks[k] + 1 if k < len(ranks) else 0)
        return value

    top5 = _top(present, 5)
    if suited:
        return np.where(high >= 0, score(8, high), score(5, *top5.T))
    quad = _top(counts == 4, 1)[:, 0]
    trip = _top(counts >= 3, 1)[:, 0]
    pairs = _top(counts == 2, 2)
    fh_pair = _top((counts >= 2) & (r != trip[:, None]), 1)[:, 0]
    quad_kick = _top(present & (r != quad[:, None]), 1)[:, 0]
    trip_kick = _top(present & (r != trip[:, None]), 2)
    two_kick = _top(present & (r != pairs[:, :1]) & (r != pairs[:, 1:]), 1)[:, 0]
    pair_kick = _top(present & (r != pairs[:, :1]), 3)
    return np.select(
        [quad >= 0, (trip >= 0) & (fh_pair >= 0), high >= 0, trip >= 0, pairs[:, 1] >= 0, pairs[:, 0] >= 0],
        [score(7, quad, quad_kick), score(6, trip, fh_pair), score(4, high), score(3, trip, *trip_kick.T),
         score(2, pairs[:, 0], pairs[:, 1], two_kick), score(1, pairs[:, 0], *pair_kick.T)],
        score(0, *top5.T))


def _multisets(size: int) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Every sorted rank multiset of ``size`` cards with no rank more than four times: (ranks, counts)."""
    ranks = np.array(list(itertools.combinations_with_replacement(range(13), size)), dtype=np.intp)
    counts = np.zeros((len(ranks), 13), dtype=np.intp)
    for i in range(size):
        counts[np.arange(len(ranks)), ranks[:, i]] += 1
    keep = counts.max(axis=1) <= 4
    return ranks[keep], counts[keep]


class _Tables:
    """The lookup tables (built once, at first use)."""

    def __init__(self) -> None:
        self.binom = np.array([[math.comb(r + i, i + 1) for r in range(13)] for i in range(7)], dtype=np.intp)
        # The 7,462 five-card classes, as raw scores, give each raw score its value 1..7462.
        _, counts5 = _multisets(5)
        masks = np.array([m for m in range(1 << 13) if m.bit_count() >= 5], dtype=np.intp)
        mask_counts = (masks[:, None] >> np.arange(13)) & 1
        flush_raw = _scores(mask_counts, suited=True)
        classes = np.unique(np.concatenate([_scores(counts5, suited=False), flush_raw[mask_counts.sum(axis=1) == 5]]))
        assert len(classes) == HAND_CLASSES
        ranks7, counts7 = _multisets(7)
        self.nonflush7 = np.zeros(_MULTISETS7, dtype=np.uint16)
        self.nonflush7[self.binom[np.arange(7), ranks7].sum(axis=1)] = \
            np.searchsorted(classes, _scores(counts7, suited=False)) + 1
        self.flush = np.zeros(1 << 13, dtype=np.uint16)
        self.flush[masks] = np.searchsorted(classes, flush_raw) + 1
        # the suit with five or more of seven cards, from sum(8 ** suit); 4 for none
        self.flush_suit7 = np.full(1 << 12, 4, dtype=np.intp)
        # ... and with three or more of five board cards
        self.flush_suit5 = np.full(1 << 12, 4, dtype=np.intp)
        for key in range(1 << 12):
            for s in range(4):
                if (key >> (3 * s)) & 7 >= 5:
                    self.flush_suit7[key] = s
                if (key >> (3 * s)) & 7 >= 3:
                    self.flush_suit5[key] = s
        cards = np.arange(52)
        ranks, suits = cards >> 2, cards & 3
        self.suit_key = (8 ** suits).astype(np.intp)
        self.rank_bit = (1 << ranks).astype(np.intp)
        # suit_bits[s, card]: the card's rank bit if it is of suit s (row 4: never)
        self.suit_bits = np.zeros((5, 52), dtype=np.intp)
        self.suit_bits[suits, cards] = self.rank_bit
        # the same, by card, in small types for rank7's column-wise loop
        self.card_binom = [np.repeat(self.binom[i].astype(np.int32), 4) for i in range(7)]
        self.suit_key16 = self.suit_key.astype(np.int16)
        self.suit_bits16 = self.suit_bits.astype(np.int16)
        # board x hole: the value of the 7-rank multiset made of a 5-rank board and 2 hole ranks
        boards5 = np.array(list(itertools.combinations_with_replacement(range(13), 5)), dtype=np.intp)
        holes2 = np.array(list(itertools.combinations_with_replacement(range(13), 2)), dtype=np.intp)
        b_index = self.binom[np.arange(5), boards5].sum(axis=1)
        h_index = self.binom[np.arange(2), holes2].sum(axis=1)
        assert sorted(b_index.tolist()) == list(range(_MULTISETS5))
        assert sorted(h_index.tolist()) == list(range(_MULTISETS2))
        merged = np.sort(np.concatenate([np.repeat(boards5, len(holes2), axis=0),
                                         np.tile(holes2, (len(boards5), 1))], axis=1), axis=1)
        table = np.zeros((_MULTISETS5, _MULTISETS2), dtype=np.uint16)
        table[np.repeat(b_index, len(holes2)), np.tile(h_index, len(boards5))] = \
            self.nonflush7[self.binom[np.arange(7), merged].sum(axis=1)]
        self.board_hole = table  # 0 where the multiset has a rank five times
        hi = np.array([c[0] for c in COMBO_CARDS], dtype=np.intp)
        lo = np.array([c[1] for c in COMBO_CARDS], dtype=np.intp)
        self.combo_hole = self.binom[0, lo >> 2] + self.binom[1, hi >> 2]  # lo rank <= hi rank
        self.combo_suit_bits = self.suit_bits[:, hi] | self.suit_bits[:, lo]  # (5, 1326)
        self.combo_suit_bits16 = self.combo_suit_bits.astype(np.int16)
        self.combo_hi, self.combo_lo = hi, lo


@functools.cache
def tables() -> _Tables:
    """The lookup tables, built at first use and kept."""
    return _Tables()


def _cards(cards: Any, width: int, what: str) -> NDArray[np.intp]:
    """``cards`` as an ``(N, width)`` array of card indices, each row's cards different, else CardError."""
    try:
        array = np.asarray(cards)
    except (ValueError, TypeError):
        raise CardError(f"{what} must be an array of card indices 0..51") from None
    if array.dtype == np.bool_ or not (np.issubdtype(array.dtype, np.integer) or array.size == 0):
        raise CardError(f"{what} must be integer card indices 0..51, got dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] != width:
        raise CardError(f"{what} must have shape (N, {width}), got {array.shape}")
    array = array.astype(np.intp, copy=False)
    if array.size and (array.min() < 0 or array.max() > 51):
        raise CardError(f"{what}: a card index is outside 0..51")
    return array


def _fold_columns(t: _Tables, cols: NDArray[Any], flush_suit: NDArray[Any]) -> tuple[Any, Any, Any]:
    """For sorted cards given column by column (``(k, N)``): the rank multiset's index (sorted cards
    have sorted ranks), the flush suit (from the sum of ``8 ** suit``) and that suit's rank mask."""
    index = t.card_binom[0][cols[0]]
    key = t.suit_key16[cols[0]]
    for i in range(1, len(cols)):
        index += t.card_binom[i][cols[i]]
        key += t.suit_key16[cols[i]]
    suit = flush_suit[key]
    mask = t.suit_bits16[suit, cols[0]]
    for i in range(1, len(cols)):
        mask |= t.suit_bits16[suit, cols[i]]
    return index, suit, mask


def rank7(cards: Any) -> NDArray[np.int32]:
    """The value (``1..7462``, higher is stronger) of each seven-card hand.

    ``cards`` is an integer array of shape ``(N, 7)`` of card indices ``0..51`` (``4 * rank +
    suit``); a hand repeating a card, a card outside ``0..51`` or a wrong shape raise
    :class:`~pokerengine.errors.CardError`.  At most :data:`MAX_HANDS` hands per call.

    >>> quads = deck_indices("2c2d2h2s3c3d4c")
    >>> rank7([quads]).tolist(), category(int(rank7([quads])[0]))
    ([7298], 'four of a kind')
    """
    hands = _cards(cards, 7, "hands")
    if len(hands) > MAX_HANDS:
        raise CardError(f"at most {MAX_HANDS} hands per call, got {len(hands)}")
    t = tables()
    cols = np.sort(hands.astype(np.int8), axis=1).T.copy()  # (7, N), each card position contiguous
    if (cols[1:] == cols[:-1]).any():
        raise CardError("a hand repeats a card")
    index, suit, mask = _fold_columns(t, cols, t.flush_suit7)
    values: NDArray[np.int32] = np.maximum(t.nonflush7[index], t.flush[mask]).astype(np.int32)
    return values


def rank_holes(boards: Any, combos: Any = None, *, blocked: bool = True) -> NDArray[np.uint16]:
    """The value of every hole combination on every five-card board: shape ``(boards, combos)``.

    ``boards`` is an ``(B, 5)`` integer array of card indices (each board's cards different);
    ``combos`` the combination indices ``0..1325`` to rank (default all 1,326, in order).  A
    combination that shares a card with the board gets ``0`` (every real value is at least 1).
    At most :data:`MAX_CELLS` cells per call; the result is ``uint16``.  ``blocked=False`` skips
    that check (faster) for callers who know no combination meets its board.

    >>> board = [deck_indices("AhKh7h2c2d")]  # aces full; an ace-high flush
    >>> aces, flush, clash = (combo_index(*deck_indices(h)) for h in ("AcAd", "Qh3h", "AhAs"))
    >>> rank_holes(board, [aces, flush, clash]).tolist()
    [[7285, 7108, 0]]
    """
    board = _cards(boards, 5, "boards")
    holes = np.arange(1326, dtype=np.intp) if combos is None else np.asarray(combos, dtype=np.intp).reshape(-1)
    if holes.size and (holes.min() < 0 or holes.max() > 1325):
        raise CardError("a combination index is outside 0..1325")
    if len(board) * len(holes) > MAX_CELLS:
        raise CardError(f"at most {MAX_CELLS} (board, combination) cells per call, got {len(board)} x {len(holes)}")
    small = np.sort(board.astype(np.int8), axis=1)
    if small.size and (small[:, 1:] == small[:, :-1]).any():
        raise CardError("a board repeats a card")
    return rank_sorted(small, holes, blocked=blocked)


def rank_sorted(board: NDArray[np.int8], holes: NDArray[np.intp], *, blocked: bool = True) -> NDArray[np.uint16]:
    """:func:`rank_holes` without its checks: ``board`` an ``(B, 5)`` ``int8`` array of valid boards,
    each row sorted increasing; ``holes`` combination indices.  For callers that built both."""
    t = tables()
    info = board_info(board)
    values: NDArray[np.uint16] = t.board_hole[info.multiset[:, None], t.combo_hole[holes][None, :]]
    flushing = np.nonzero(info.flush_suit < 4)[0]  # boards with three or more cards of a suit
    if len(flushing):
        suit = info.flush_suit[flushing]
        mask = info.flush_mask[flushing, None] | t.combo_suit_bits16[suit[:, None], holes[None, :]]
        values[flushing] = np.maximum(values[flushing], t.flush[mask])
    if blocked:
        cards = np.zeros((len(board), 52), dtype=np.bool_)
        for i in range(5):
            cards[np.arange(len(board)), board[:, i]] = True
        values[cards[:, t.combo_hi[holes]] | cards[:, t.combo_lo[holes]]] = 0
    return values


class BoardInfo:
    """What :func:`rank_holes` needs of each five-card board: its rank multiset index
    ``0..6187``, its flush suit (three or more cards of it; ``4`` for none) and that suit's rank mask."""

    __slots__ = ("flush_mask", "flush_suit", "multiset")

    def __init__(self, multiset: NDArray[np.int32], flush_suit: NDArray[np.intp], flush_mask: NDArray[np.int16]) -> None:
        self.multiset, self.flush_suit, self.flush_mask = multiset, flush_suit, flush_mask


def board_info(sorted_boards: NDArray[Any]) -> BoardInfo:
    """The :class:`BoardInfo` of ``(B, 5)`` boards whose rows are sorted and valid (unchecked)."""
    t = tables()
    cols = np.ascontiguousarray(sorted_boards.T)
    multiset, suit, mask = _fold_columns(t, cols, t.flush_suit5)
    return BoardInfo(multiset, suit, mask)


def category(value: int) -> str:
    """The category of a value: ``'pair'``, ``'flush'``, ...

    >>> category(1), category(7462)
    ('high card', 'straight flush')
    """
    if not 1 <= value <= HAND_CLASSES:
        raise CardError(f"a hand value is 1..{HAND_CLASSES}, got {value}")
    return CATEGORIES[int(np.searchsorted(_CATEGORY_STARTS, value, side="right")) - 1]


# the first value of each category: 1,277 high cards, 2,860 pairs, 858 two pairs, 858 trips,
# 10 straights, 1,277 flushes, 156 full houses, 156 quads, 10 straight flushes
_CATEGORY_STARTS = np.cumsum([1, 1277, 2860, 858, 858, 10, 1277, 156, 156])


@functools.lru_cache(maxsize=8)
def subsets(n: int, k: int) -> NDArray[np.int8]:
    """Every ``k``-subset of ``range(n)`` as rows of increasing indices, in lexicographic order:
    a read-only ``int8`` array of shape ``(C(n, k), k)`` (``n`` at most 52, ``k`` at most 7; the
    last few are cached).

    >>> subsets(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> subsets(48, 5).shape
    (1712304, 5)
    """
    if not 0 <= k <= 7 or not 0 <= n <= 52:
        raise ValueError(f"subsets of 0..7 of 0..52 items, got n={n}, k={k}")
    rows = np.zeros((1, 0), dtype=np.int8)  # subsets of the empty prefix, built from the last item back
    for size in range(1, k + 1):
        # rows: the (size-1)-subsets of higher items, in order; put each possible first item in front
        blocks = []
        for first in range(n - size, -1, -1):
            # rows are in lexicographic order, so those starting above `first` are a suffix
            tail = rows[np.searchsorted(rows[:, 0], first, side="right"):] if rows.shape[1] else rows
            if len(tail):
                blocks.append(np.concatenate([np.full((len(tail), 1), first, dtype=np.int8), tail], axis=1))
        rows = np.concatenate(blocks[::-1]) if blocks else np.zeros((0, size), dtype=np.int8)
    rows.setflags(write=False)
    return rows


__all__ = ["CARDS", "CATEGORIES", "COMBOS", "COMBO_CARDS", "HAND_CLASSES", "MAX_CELLS", "MAX_HANDS", "BoardInfo",
           "board_info", "category", "combo_index", "combo_text", "deck_index", "deck_indices", "deck_text", "rank7",
           "rank_holes", "rank_sorted", "subsets", "tables"]
