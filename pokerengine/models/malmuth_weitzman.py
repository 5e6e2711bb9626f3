"""The Malmuth-Weitzman model: who busts next, from the bottom up.

With ``m`` players left, player ``i`` is the next to bust with probability
proportional to ``1 / x_i`` (the shorter the stack, the likelier), and a
busted player's chips are shared equally among the ``m - 1`` others (the
description in Roberts (2011), section 3.2).  Sharing equally has a
convenient consequence: whatever the order of the busts, once a set ``E`` of
players is out each survivor ``j`` holds ``x_j + X(E) / m`` (``X(E)`` the
chips ``E`` started with), so the process is a dynamic program over the
``2**n`` sets of busted players rather than over ``n!`` orders.  Heads-up it
is the chip share, and with any number of players each stack is a martingale
(``i`` busts with probability ``c / x_i`` and loses ``x_i``; each ``j != i``
busts with probability ``c / x_j`` and hands ``i`` a share ``x_j / (m - 1)``),
so each player wins with their chip share; the lower places differ from ICM.  Limited to
:data:`MAX_PLAYERS` players.
"""

from __future__ import annotations

import numpy as np

from ..errors import ModelInputError
from ._inputs import check_flag, check_prizes, check_stacks, padded
from ._result import Equities
from ._subsets import full_layers

MAX_PLAYERS = 20


def place_probabilities(stacks) -> np.ndarray:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1`` under Malmuth-Weitzman.

    >>> place_probabilities([1, 1]).tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    >>> place_probabilities([3, 1]).tolist()  # heads-up: the chip share
    [[0.75, 0.25], [0.25, 0.75]]
    """
    x = np.asarray(stacks, dtype=np.float64)
    n = len(x)
    bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
    out = np.zeros((n, n))
    g = np.zeros(1 << n)  # g[E]: probability that exactly the players of E have busted so far
    g[0] = 1.0
    for k, masks, member in full_layers(n):
        if k == n:
            break
        m = n - k
        busted = member @ x
        y = x[None, :] + (busted / m)[:, None]
        inv = np.where(member, 0.0, 1.0 / y)
        prob = g[masks][:, None] * inv / inv.sum(axis=1, keepdims=True)
        out[:, m - 1] += prob.sum(axis=0)
        if m > 1:
            for i in range(n):
                free = ~member[:, i]
                g[masks[free] | bits[i]] += prob[free, i]
    return out


def malmuth_weitzman(stacks, prizes, *, places: bool = False) -> Equities:
    """Malmuth-Weitzman equities of ``stacks`` for ``prizes`` (best place first).

    >>> e = malmuth_weitzman([1000, 500], [100, 50])  # heads-up: the chip share, as under ICM
    >>> [round(x, 2) for x in e.equity]
    [83.33, 66.67]
    >>> malmuth_weitzman([2, 1, 1], [100]).equity  # stacks are martingales: winning is the chip share
    (50.0, 25.0, 25.0)
    >>> [round(x, 2) for x in malmuth_weitzman([2, 1, 1], [60, 40]).equity]  # ICM: 43.33, 28.33, 28.33
    [42.0, 29.0, 29.0]
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    n = len(stacks)
    if n > MAX_PLAYERS:
        raise ModelInputError(
            f"malmuth_weitzman tracks all 2**n sets of busted players: at most {MAX_PLAYERS} players, got {n}"
        )
    matrix = place_probabilities(stacks)
    equity = matrix @ np.array([float(w) for w in padded(prizes, n)])
    equity = tuple(float(e) for e in equity)
    return Equities("mw", stacks, prizes, equity, matrix.tolist() if places else None, method="subsets")
