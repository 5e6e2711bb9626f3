"""The folded players' cards out of the board, for :mod:`.folded`'s card removal.

With the hero's combination ``h``, an opponent's combination ``v`` (weight ``R(v)``) and the folded
hands ``f`` (weight ``prod_j G_j(f_j)``, :mod:`.folded`), one deck deals them all and then the board
from the ``48 - 2k`` cards left (``k`` folded players).  The hero's chance of winning against the
range is then

    ``sum_v R(v) sum_B win(h, v, B) A(B, v) / C(48 - 2k, 5)  /  sum_v R(v) Z(v)``

over the boards ``B`` missing ``h`` and ``v``, where ``A(B, v)`` is the weight of the folded deals
missing ``h``, ``v`` and ``B`` (``sum_B A(B, v) = Z(v) C(48 - 2k, 5)``, ``Z`` as in :mod:`.folded`).
Leaving the folded cards in the deck (:func:`.folded.reweighted`) puts ``Z(v) / C(48, 5)`` in place of
``A(B, v) / C(48 - 2k, 5)``.  The difference,

    ``D = sum_v R(v) sum_B (win(h, v, B) - p(h, v)) (A(B, v) / C(48 - 2k, 5) - Z(v) / C(48, 5))``

(``p`` the exact heads-up chance; subtracting it changes nothing, since the second factor sums to
zero over the boards, and takes out most of the noise), divided by the same total weight, is what
:func:`board_correction` adds to the exact reweighted chances; likewise for ties.

``A(B, v)`` is exact for one folded player (inclusion and exclusion over the seven cards of ``B``
and ``v``) and for two (the product of the two one-player weights less the pairs of folded hands
sharing a card, ``sum_c alpha_c beta_c`` with each player's weight on the combinations holding card
``c`` and missing the seven, plus back the identical pairs).  With three or more folded players,
whose hands :mod:`.folded` takes independently of each other, each one's board ratio
``A_j(B, v) C(48, 5) / (A_j(v) C(46, 5))`` is taken as if he were alone and the ratios multiplied
(an approximation: exact when the ratios are 1, as for full folding ranges).

The boards: every one of the ``C(50, 5) = 2,118,760`` boards missing ``h`` when the budget holds
them (``boards`` boards against a full range of 1,225 combinations, each board costing its
combinations plus :data:`PER_BOARD`), so ``D`` is exact; otherwise as many boards as the budget
buys, drawn uniformly with a seeded generator, so ``D`` is estimated without bias and its standard
error (from the spread of the per-board sums) is returned with it.  The hands are ranked by
:func:`pokerengine.hands.vector.rank_sorted`.  Cost, measured on two shared cores under load,
the default 8,000 boards against a full range: about 0.44 s with one folded player, 0.77 s with
two, 0.61 s with three; ``check`` is called between batches of boards (a deadline's).  Memory:
:data:`BATCH_CELLS` (board, combination) cells at a time, at most about 60 MB (two folded players,
measured with tracemalloc).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs
import numpy as np
from numpy.typing import NDArray

from ..hands.vector import CARDS, COMBO_CARDS, combo_index, rank_sorted, subsets
from .blas import one_blas_thread
from .preflop import BOARDS, combo_masks, matrices
from .ranges import Range

Array = NDArray[np.float64]

DEFAULT_BOARDS = 8_000
"""Boards sampled against a full range (1,225 combinations); a narrower range gets more for the same cost."""
FULL_RANGE = 1225
ALL_BOARDS = math.comb(50, 5)
"""The boards missing the hero's two cards: 2,118,760."""
BATCH_CELLS = 1_000_000
"""(board, combination) cells worked at a time (about 60 bytes a cell while a batch is worked)."""
PER_BOARD = 64
"""A board's own work (drawing it, ranking the hero's hand, its cards' weights) in combinations' worth."""

_HI = np.array([c[0] for c in COMBO_CARDS], dtype=np.intp)
_LO = np.array([c[1] for c in COMBO_CARDS], dtype=np.intp)


@attrs.frozen
class BoardCorrection:
    """What the folded cards' absence from the board adds to the hero's chances of winning and
    tying (``win``, ``tie``), the standard errors of those and of the equity ``win + tie / 2``
    (all 0 when ``exact``), and how many boards were summed."""

    win: float
    tie: float
    win_error: float
    tie_error: float
    equity_error: float
    boards: int
    exact: bool


NONE = BoardCorrection(0.0, 0.0, 0.0, 0.0, 0.0, 0, True)
"""No correction (no folded player, or the board left holding the folded cards)."""


def _sums(g: Array) -> tuple[Array, Array, float]:
    """A weight per combination as sums: per card, per pair of cards (52 x 52, symmetric), total."""
    by_card = (np.bincount(_HI, g, CARDS) + np.bincount(_LO, g, CARDS)).astype(np.float64)
    pair = np.zeros((CARDS, CARDS))
    pair[_HI, _LO] = g
    pair[_LO, _HI] = g
    return by_card, pair, float(g.sum())


class _One:
    """One folded player's weight on the combinations missing a board and an opponent's hand ``v``:
    by inclusion and exclusion over the seven cards, ``vpart(v) - rowpart(B) + C[B, v1] + C[B, v2]``
    with ``C[B, c]`` the weight of the combinations of ``c`` with a card of ``B``."""

    def __init__(self, g: Array, v1: NDArray[np.intp], v2: NDArray[np.intp]) -> None:
        self.g, self.pair, self.total = _sums(g)
        self.v1, self.v2 = v1, v2
        self.pair12 = self.pair[v1, v2]  # v's own combination
        self.pv = self.pair[:, v1] + self.pair[:, v2]  # (52, m): each card's combinations with v's cards
        self.vpart = self.total - self.g[v1] - self.g[v2] + self.pair12

    def rowpart(self, cards: NDArray[np.intp]) -> Array:
        """Per board: its cards' weight less the weight of the pairs within it."""
        out: Array = self.g[cards].sum(axis=1)
        for i in range(5):
            for j in range(i + 1, 5):
                out -= self.pair[cards[:, i], cards[:, j]]
        return out

    def across(self, cards: NDArray[np.intp]) -> Array:
        """``C``: ``(boards, 52)``, the weight of each card's combinations with the board's cards."""
        out: Array = self.pair[cards[:, 0]]
        for i in range(1, 5):
            out += self.pair[cards[:, i]]
        return out

    def board(self, cards: NDArray[np.intp], across: Array | None = None) -> Array:
        """The weight missing each board (rows) and each opponent's combination (columns)."""
        row = self.rowpart(cards)[:, None]
        if across is None and len(self.v1) <= CARDS:  # few combinations: v's columns of the board's rows
            out: Array = self.pv[cards[:, 0]]
            for i in range(1, 5):
                out += self.pv[cards[:, i]]
            out -= row
        else:
            c = self.across(cards) if across is None else across
            c = c - 0.5 * row  # the board's own part, half at each of v's cards
            out = np.take(c, self.v1, axis=1)
            out += np.take(c, self.v2, axis=1)
        out += self.vpart[None, :]
        return out


class _Two:
    """Two folded players, their hands disjoint: the product of the two weights less the pairs of
    hands sharing a card (``sum_c alpha_c beta_c`` over the cards outside the board and the
    opponent's hand, each player's weight on the combinations holding ``c`` and missing them),
    plus back the identical pairs (the weight of both on one combination)."""

    def __init__(self, a: Array, b: Array, v1: NDArray[np.intp], v2: NDArray[np.intp]) -> None:
        self.a, self.b, self.ab = _One(a, v1, v2), _One(b, v1, v2), _One(a * b, v1, v2)
        self.v1, self.v2 = v1, v2
        self.y = self.a.pv * self.b.pv  # (52, m)
        self.vpart = self.y.sum(axis=0) - 2.0 * self.a.pair12 * self.b.pair12

    def board(self, cards: NDArray[np.intp]) -> Array:
        v1, v2 = self.v1, self.v2
        ca, cb = self.a.across(cards), self.b.across(cards)
        outside = np.ones((len(cards), CARDS))
        np.put_along_axis(outside, cards, 0.0, axis=1)
        alpha = (self.a.g[None, :] - ca) * outside  # combinations holding each card, missing the board
        beta = (self.b.g[None, :] - cb) * outside
        x = alpha * beta
        # the terms of a card of v's, taken off, with the sum over every card (half at each of v's two)
        f = 0.5 * x.sum(axis=1)[:, None] - x - alpha @ self.b.pair - beta @ self.a.pair
        shared = np.take(f, v1, axis=1)
        shared += np.take(f, v2, axis=1)
        shared += self.vpart[None, :]
        for part, weight in ((alpha, self.b.pair12), (beta, self.a.pair12)):
            got = np.take(part, v1, axis=1)
            got += np.take(part, v2, axis=1)
            got *= weight[None, :]
            shared += got
        for i in range(5):
            shared -= self.y[cards[:, i]]
        out: Array = self.a.board(cards, ca)
        out *= self.b.board(cards, cb)
        out += self.ab.board(cards)
        out -= shared
        return out


def _draw(rng: np.random.Generator, deck: NDArray[np.int8], n: int) -> NDArray[np.int8]:
    """``n`` boards of five different cards of ``deck``, each uniform, rows sorted."""
    out = np.empty((n, 5), dtype=np.int8)
    done = 0
    while done < n:
        pick = np.sort(rng.integers(0, len(deck), size=(n - done + 16, 5)), axis=1)
        pick = pick[(pick[:, 1:] != pick[:, :-1]).all(axis=1)][:n - done]
        out[done:done + len(pick)] = deck[pick]
        done += len(pick)
    return out


@one_blas_thread
def board_correction(hero: tuple[int, int], villain: Range, folded: Sequence[Range], z: Array, *,
                     boards: int = DEFAULT_BOARDS, seed: int = 0,
                     check: Callable[[], None] | None = None) -> BoardCorrection:
    """``D / sum_v R(v) Z(v)`` for winning and tying (module docstring): what taking the folded
    hands' cards out of the board adds to :func:`.folded.reweighted`'s chances.  ``hero``: the
    hero's two cards; ``z``: :func:`.folded.removal`'s weights for ``folded``; ``boards``: the budget
    (boards against a full range, at least 1)."""
    h1, h2 = hero
    h = combo_index(h1, h2)
    hero_mask = np.uint64((1 << h1) | (1 << h2))
    free = (combo_masks() & hero_mask) == 0
    weight = np.asarray(villain.weights, dtype=np.float64) * z
    support = np.nonzero(weight > 0)[0]
    r = np.asarray(villain.weights, dtype=np.float64)[support]  # R(v); A(B, v) carries the folded weight
    mass = float(weight[support].sum())
    m = len(support)
    if not m or not folded or not boards:
        return NONE
    win_t, tie_t = matrices()
    p_win = win_t[h, support].astype(np.float64) / BOARDS
    p_tie = tie_t[h, support].astype(np.float64) / BOARDS
    k = len(folded)
    scale = z[support] / BOARDS  # Z(v) / C(48, 5)
    per_deal = 1.0 / math.comb(48 - 2 * k, 5)
    alone = BOARDS / math.comb(46, 5)  # one folded hand: boards missing four cards against six
    v1, v2 = _HI[support], _LO[support]
    gs = [np.where(free, np.asarray(f.weights, dtype=np.float64), 0.0) for f in folded]
    ones = [_Two(gs[0], gs[1], v1, v2)] if k == 2 else [_One(g, v1, v2) for g in gs]
    deck = np.array([c for c in range(CARDS) if c not in (h1, h2)], dtype=np.int8)
    wanted = max(1, boards) * (FULL_RANGE + PER_BOARD) // (m + PER_BOARD)
    exact = wanted >= ALL_BOARDS
    total = ALL_BOARDS if exact else wanted
    every = subsets(50, 5) if exact else None
    rng = np.random.default_rng(seed)
    batch = max(1, BATCH_CELLS // (m + PER_BOARD))
    sums = np.zeros(3)
    squares = np.zeros(3)
    hero_holes = np.array([h], dtype=np.intp)
    for start in range(0, total, batch):
        n = min(batch, total - start)
        if every is not None:
            board = deck[every[start:start + n]]
        else:
            board = _draw(rng, deck, n)
        cards = board.astype(np.intp)
        mine = rank_sorted(board, hero_holes, blocked=False)[:, 0].astype(np.int32)
        theirs = rank_sorted(board, support).astype(np.int32)  # 0 where the hand meets the board
        if k <= 2:
            w = ones[0].board(cards)
            w *= per_deal
            w -= scale[None, :]
        else:  # independent of each other: each one's ratio of boards, multiplied
            w = np.ones((n, m))
            for one in ones:
                w *= one.board(cards) * (alone / one.vpart)[None, :]
            w -= 1.0
            w *= scale[None, :]
        w = np.where(theirs > 0, w, 0.0) * r[None, :]
        mine_col = mine[:, None]
        per_board = np.empty((3, n))
        per_board[0] = np.einsum("ij,ij->i", (mine_col > theirs).astype(np.float64), w) - w @ p_win
        per_board[1] = np.einsum("ij,ij->i", (mine_col == theirs).astype(np.float64), w) - w @ p_tie
        per_board[2] = per_board[0] + 0.5 * per_board[1]
        sums += per_board.sum(axis=1)
        squares += (per_board ** 2).sum(axis=1)
        if check is not None:
            check()
    if exact:
        return BoardCorrection(float(sums[0]) / mass, float(sums[1]) / mass, 0.0, 0.0, 0.0, total, True)
    mean = sums / total
    var = np.maximum(squares / total - mean ** 2, 0.0) * total / max(1, total - 1)
    est = mean * ALL_BOARDS / mass
    err = np.sqrt(var / total) * ALL_BOARDS / mass
    return BoardCorrection(float(est[0]), float(est[1]), float(err[0]), float(err[1]), float(err[2]), total, False)


__all__ = ["ALL_BOARDS", "DEFAULT_BOARDS", "NONE", "BoardCorrection", "board_correction"]
