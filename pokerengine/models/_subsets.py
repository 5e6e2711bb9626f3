"""Subset dynamic programming for Malmuth-Harville ICM.

Under ICM the top ``k`` places are taken by a set ``A`` of players with
probability ``f(A) = sum over a in A of f(A - {a}) * S_a / (T - S(A - {a}))``
(``T`` all chips, ``S(X)`` the chips of ``X``), and player ``i`` outside ``A``
takes place ``k + 1`` with probability ``f(A) * S_i / (T - S(A))``.  Only the
sets of size below the last place needed are touched: ``sum C(n, k)`` for
``k < places`` instead of the ``n! / (n - places)!`` orders a permutation
method visits.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np


LAYER_CACHE_LIMIT = 1 << 16  # above this many sets, index arrays of length 2**n directly instead of caching layers


def subset_count(players: int, places: int) -> int:
    """How many player sets the DP touches to fill ``places`` places.

    >>> subset_count(9, 9), subset_count(1000, 3)
    (511, 500501)
    """
    return sum(comb(players, k) for k in range(min(places, players)))


@lru_cache(maxsize=16)
def _layers(players: int, places: int) -> tuple:
    """For each place ``k``: the sets of size ``k`` (bit masks), who is in them, and where each set goes next.

    ``child[r, i]`` is the row of ``mask[r] | 1 << i`` in the next layer, or
    the next layer's size (a dump slot) when ``i`` is already in the set.
    """
    bits = np.left_shift(np.int64(1), np.arange(players, dtype=np.int64))
    masks = np.zeros(1, dtype=np.int64)
    out = []
    for k in range(min(places, players)):
        member = (masks[:, None] & bits[None, :]) != 0
        if k + 1 < min(places, players):
            cand = masks[:, None] | bits[None, :]
            nxt, inverse = np.unique(cand[~member], return_inverse=True)
            child = np.full(member.shape, len(nxt), dtype=np.int64)
            child[~member] = inverse.ravel()
        else:
            nxt, child = None, None
        member.setflags(write=False)
        out.append((member, child, 0 if nxt is None else len(nxt)))
        masks = nxt
    return tuple(out)


def full_layers(players: int):
    """Every player set, as bit masks (also the index into arrays of length ``2**players``), by size.

    Yields ``(size, masks, member)`` with ``member[r, i]`` true when player
    ``i`` is in ``masks[r]``; a set's successor ``masks[r] | 1 << i`` needs no
    lookup.

    >>> [m.tolist() for _, m, _ in full_layers(3)]
    [[0], [1, 2, 4], [3, 5, 6], [7]]
    """
    everything = np.arange(1 << players, dtype=np.int64)
    bits = np.left_shift(np.int64(1), np.arange(players, dtype=np.int64))
    member_all = (everything[:, None] & bits[None, :]) != 0
    size = member_all.sum(axis=1)
    for k in range(players + 1):
        rows = np.flatnonzero(size == k)
        yield k, everything[rows], member_all[rows]


def _place_probabilities_full(s: np.ndarray, places: int) -> np.ndarray:
    n = len(s)
    total = float(s.sum())
    bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
    out = np.zeros((n, places))
    f = np.zeros(1 << n)
    f[0] = 1.0
    for k, masks, member in full_layers(n):
        if k >= places:
            break
        rem = total - member @ s
        prob = f[masks][:, None] * (s[None, :] / rem[:, None])
        prob[member] = 0.0
        out[:, k] += prob.sum(axis=0)
        if k + 1 < places:
            for i in range(n):
                free = ~member[:, i]
                f[masks[free] | bits[i]] += prob[free, i]
    return out


def place_probabilities(stacks, places: int) -> np.ndarray:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1`` (``k < places``), in floats.

    >>> place_probabilities([2, 1, 1], 3).round(4).tolist()
    [[0.5, 0.3333, 0.1667], [0.25, 0.3333, 0.4167], [0.25, 0.3333, 0.4167]]
    """
    s = np.asarray(stacks, dtype=np.float64)
    n = len(s)
    if subset_count(n, places) > LAYER_CACHE_LIMIT:
        return _place_probabilities_full(s, places)
    total = float(s.sum())
    out = np.zeros((n, places))
    f = np.ones(1)
    for k, (member, child, size) in enumerate(_layers(n, places)):
        rem = total - member @ s
        prob = f[:, None] * (s[None, :] / rem[:, None])
        prob[member] = 0.0
        out[:, k] = prob.sum(axis=0)
        if child is not None:
            f = np.bincount(child.ravel(), weights=prob.ravel(), minlength=size + 1)[:size]
    return out


def place_probabilities_exact(stacks, places: int) -> list[list[Fraction]]:
    """The same as :func:`place_probabilities` in exact :class:`~fractions.Fraction` arithmetic.

    >>> [[str(p) for p in row] for row in place_probabilities_exact([50, 30, 20], 2)]
    [['1/2', '19/56'], ['3/10', '3/8'], ['1/5', '2/7']]
    """
    n = len(stacks)
    total = sum(stacks)
    out = [[Fraction(0)] * places for _ in range(n)]
    layer: dict[int, tuple[Fraction, int]] = {0: (Fraction(1), total)}  # mask -> (f(mask), chips left)
    for k in range(min(places, n)):
        nxt: dict[int, tuple[Fraction, int]] = {}
        last = k + 1 == min(places, n)
        for mask, (f, rem) in layer.items():
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
