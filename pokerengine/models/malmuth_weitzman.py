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
so each player wins with their chip share; the lower places differ from ICM.

Cost: ``2**n`` sets times ``n`` players, about 0.25 microseconds each (20
players: about 5 s and 250 MiB); limited to :data:`MAX_PLAYERS` players.
Stacks enter as chip shares (each an exactly rounded ratio of integers), so no
chip count overflows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import ModelInputError
from . import _cost
from ._inputs import Prizes, Stacks, check_flag, check_prizes, check_stacks, padded, shares
from ._result import Equities, matrix

if TYPE_CHECKING:
    from numpy.typing import NDArray

MAX_PLAYERS = 20


def full_layers(players: int) -> Iterator[tuple[int, NDArray[Any], NDArray[Any]]]:
    """Every player set, as bit masks (also the index into arrays of length ``2**players``), by size.

    Yields ``(size, masks, member)`` with ``member[r, i]`` true when player
    ``i`` is in ``masks[r]``; a set's successor ``masks[r] | 1 << i`` needs no
    lookup.

    >>> [m.tolist() for _, m, _ in full_layers(3)]
    [[0], [1, 2, 4], [3, 5, 6], [7]]
    """
    import numpy as np

    everything = np.arange(1 << players, dtype=np.int64)
    bits = np.left_shift(np.int64(1), np.arange(players, dtype=np.int64))
    member_all = (everything[:, None] & bits[None, :]) != 0
    size = member_all.sum(axis=1)
    for k in range(players + 1):
        rows = np.flatnonzero(size == k)
        yield k, everything[rows], member_all[rows]


def place_probabilities(stacks: Sequence[float], deadline: _cost.TimeBudget | None = None) -> NDArray[Any]:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1`` under Malmuth-Weitzman.

    >>> place_probabilities([1, 1]).tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    >>> place_probabilities([3, 1]).tolist()  # heads-up: the chip share
    [[0.75, 0.25], [0.25, 0.75]]
    """
    import numpy as np

    deadline = deadline or _cost.TimeBudget("mw", None)
    x = np.asarray(stacks, dtype=np.float64)
    n = len(x)
    bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
    out = np.zeros((n, n))
    g = np.zeros(1 << n)  # g[E]: probability that exactly the players of E have busted so far
    g[0] = 1.0
    for k, masks, member in full_layers(n):
        deadline.check()
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
                deadline.check()
                free = ~member[:, i]
                g[masks[free] | bits[i]] += prob[free, i]
    return out


def malmuth_weitzman(
    stacks: Stacks,
    prizes: Prizes,
    *,
    places: bool = False,
    max_seconds: float | None = None,
    max_bytes: int | None = _cost.MAX_BYTES,
) -> Equities:
    """Malmuth-Weitzman equities of ``stacks`` for ``prizes`` (best place first).

    At most :data:`MAX_PLAYERS` players; ``2**n * n`` steps (see the module
    docstring).
    Limits: a run estimated to need more than ``max_bytes`` is refused with
    :class:`~pokerengine.errors.ModelInputError`; one estimated at more than
    ten times ``max_seconds`` raises :class:`~pokerengine.errors.ModelTimeout`
    without starting, and any run raises it once ``max_seconds`` have passed.

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
    max_seconds = _cost.check_seconds(max_seconds)
    max_bytes = _cost.check_bytes(max_bytes)
    deadline = _cost.TimeBudget("mw", max_seconds)
    n = len(stacks)
    if n > MAX_PLAYERS:
        raise ModelInputError(
            f"malmuth_weitzman tracks all 2**n sets of busted players: at most {MAX_PLAYERS} players, got {n}"
        )
    _cost.mw_cost(n, places).check(max_seconds=max_seconds, max_bytes=max_bytes)
    import numpy as np

    probabilities = place_probabilities(shares(stacks), deadline)
    equity = probabilities @ np.array([float(w) for w in padded(prizes, n)])
    equity = tuple(float(e) for e in equity)
    return Equities("mw", stacks, prizes, equity, matrix("mw", probabilities) if places else None, method="subsets")
