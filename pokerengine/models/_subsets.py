"""Subset dynamic programming for Malmuth-Harville ICM.

Under ICM the top ``k`` places are taken by a set ``A`` of players with
probability ``f(A) = sum over a in A of f(A - {a}) * S_a / (T - S(A - {a}))``
(``T`` all chips, ``S(X)`` the chips of ``X``), and player ``i`` outside ``A``
takes place ``k + 1`` with probability ``f(A) * S_i / (T - S(A))``.  Only the
sets of size below the last place needed are touched: ``sum C(n, k)`` for
``k < places`` instead of the ``n! / (n - places)!`` orders a permutation
method visits.

The sets of each size are kept in colexicographic order, where the set
``{c_0 < c_1 < ...}`` has rank ``sum_j C(c_j, j + 1)`` (the combinatorial
number system).  The sets of size ``k + 1`` are those of size ``k`` within
``{0 .. i - 1}`` (the first ``C(i, k)`` of them) with ``i`` added, for each
``i``, and the rank of ``A + {i}`` is computed from ``A``'s members, so a layer
is built and indexed without sorting and in pieces (a time check between
pieces).  ``T - S(A)`` is the sum of the stacks *outside* ``A`` (never a
difference that could cancel).

Cost: ``sum_{k < places} C(n, k)`` sets times ``n`` players, about 20 ns each
in floats; memory about 60 bytes per (set, player) of the largest layer.  See
:mod:`pokerengine.models._cost`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._cost import PIECE_CELLS, TimeBudget

Array = NDArray[Any]
Layer = tuple[Array, Array | None]  # membership rows of the sets of one size, and their children's ranks

CACHE_CELLS = 1 << 16  # layers of at most this many (set x player) cells are kept for the next call



def subset_count(players: int, places: int) -> int:
    """How many player sets the DP touches to fill ``places`` places.

    >>> subset_count(9, 9), subset_count(1000, 3)
    (511, 500501)
    """
    return sum(comb(players, k) for k in range(min(places, players)))


def _binomials(players: int, size: int) -> Array:
    """``table[i, j] = C(i, j)`` for ``i <= players``, ``j <= size`` (the caller keeps them below 2**63)."""
    table = np.zeros((players + 1, size + 1), dtype=np.int64)
    for i in range(players + 1):
        for j in range(min(i, size) + 1):
            table[i, j] = comb(i, j)
    return table


def _next_members(member: Array, k: int, players: int) -> Array:
    """The sets of size ``k + 1`` in colex order, from those of size ``k`` (also in colex order)."""
    parts = []
    for i in range(k, players):
        block = member[: comb(i, k)].copy()
        block[:, i] = True
        parts.append(block)
    return np.concatenate(parts) if parts else np.zeros((0, players), dtype=bool)


def _child_ranks(member: Array, binom: Array, dump: int) -> Array:
    """``out[r, i]``: colex rank of ``set r + {i}``, or ``dump`` where ``i`` is already in set ``r``."""
    cols = np.arange(member.shape[1])
    pos = np.cumsum(member, axis=1)  # members at or below each column (1-based position of a member)
    keep = np.where(member, binom[cols, pos], 0)  # members below i keep their term C(c, pos)
    moved = np.where(member, binom[cols, pos + 1], 0)  # members above i move up one position
    before = np.cumsum(keep, axis=1) - keep
    after = np.cumsum(moved[:, ::-1], axis=1)[:, ::-1] - moved
    ranks: Array = np.where(member, dump, before + binom[cols, pos - member + 1] + after)
    return ranks


@lru_cache(maxsize=32)
def _cached_layers(players: int, places: int) -> tuple[Layer, ...]:
    return tuple(_layers(players, places, TimeBudget("icm", None)))


def _layers(players: int, places: int, deadline: TimeBudget) -> Iterator[Layer]:
    """For each size ``k`` below ``places``: the sets of size ``k`` (membership rows) and their children's ranks."""
    last = min(places, players)
    binom = _binomials(players, last + 1)  # set sizes stay below `last`, so C(n, last) < 2**63 is all it needs
    member = np.zeros((1, players), dtype=bool)
    for k in range(last):
        deadline.check()
        if k + 1 < last:
            child = np.empty(member.shape, dtype=np.int64)
            step = max(1, PIECE_CELLS // players)
            for lo in range(0, len(member), step):
                deadline.check()
                child[lo : lo + step] = _child_ranks(member[lo : lo + step], binom, comb(players, k + 1))
        else:
            child = None
        member.setflags(write=False)
        yield member, child
        if child is not None:
            member = _next_members(member, k, players)


def place_probabilities(stacks: Sequence[float], places: int, deadline: TimeBudget | None = None) -> Array:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1`` (``k < places``), in floats.

    ``stacks`` may be any positive numbers (the caller passes chip shares).

    >>> place_probabilities([2, 1, 1], 3).round(4).tolist()
    [[0.5, 0.3333, 0.1667], [0.25, 0.3333, 0.4167], [0.25, 0.3333, 0.4167]]
    """
    deadline = deadline or TimeBudget("icm", None)
    s = np.asarray(stacks, dtype=np.float64)
    n = len(s)
    layers: Iterable[Layer]
    if subset_count(n, places) * n <= CACHE_CELLS:
        layers = _cached_layers(n, places)
    else:
        layers = _layers(n, places, deadline)
    out = np.zeros((n, places))
    f = np.ones(1)
    step = max(1, PIECE_CELLS // n)
    for k, (member, child) in enumerate(layers):
        size = comb(n, k + 1)  # sets in the next layer; a child rank of `size` is the dump slot
        nxt = np.zeros(size + 1 if child is not None else 0)  # the next layer's f; none after the last
        for lo in range(0, len(member), step):
            deadline.check()
            outside = ~member[lo : lo + step]
            rem = outside @ s  # the chips not yet placed, summed: never a total minus the placed (no cancellation)
            prob = outside * np.multiply.outer(f[lo : lo + step] / rem, s)
            out[:, k] += prob.sum(axis=0)
            if child is not None:
                nxt += np.bincount(child[lo : lo + step].ravel(), weights=prob.ravel(), minlength=size + 1)
        if child is not None:
            f = nxt[:size]
    return out


def place_probabilities_exact(
    stacks: Sequence[int], places: int, deadline: TimeBudget | None = None
) -> list[list[Fraction]]:
    """The same as :func:`place_probabilities` in exact :class:`~fractions.Fraction` arithmetic.

    >>> [[str(p) for p in row] for row in place_probabilities_exact([50, 30, 20], 2)]
    [['1/2', '19/56'], ['3/10', '3/8'], ['1/5', '2/7']]
    """
    deadline = deadline or TimeBudget("icm", None)
    n = len(stacks)
    total = sum(stacks)
    out = [[Fraction(0)] * places for _ in range(n)]
    layer: dict[int, tuple[Fraction, int]] = {0: (Fraction(1), total)}  # mask -> (f(mask), chips left)
    for k in range(min(places, n)):
        nxt: dict[int, tuple[Fraction, int]] = {}
        last = k + 1 == min(places, n)
        for count, (mask, (f, rem)) in enumerate(layer.items()):
            if count % 64 == 0:
                deadline.check()
            for i in range(n):
                if mask >> i & 1:
                    continue
                p = f * Fraction(stacks[i], rem)
                out[i][k] += p
                if not last:
                    key = mask | 1 << i
                    old = nxt.get(key)
                    nxt[key] = (p, rem - stacks[i]) if old is None else (old[0] + p, old[1])
        layer = nxt
    return out
