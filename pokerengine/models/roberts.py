"""Ben Roberts' approximation of ICM equities (Roberts, 2011).

From the bottom up: with stacks ``x``, player ``i`` is the next to bust with
probability proportional to ``x_i**-2 * sum_{j != i} 1 / x_j`` (paper eq. 2),
and a busted player's chips go to the others inversely proportionally to
their stacks: ``j`` receives ``delta_ij x_i`` with
``delta_ij = x_j**-1 / sum_{k != i} x_k**-1``.  This keeps every stack a
martingale, so each player wins with their chip share, and it corrects
Malmuth-Harville's bias towards short stacks.

``method="tree"`` (fields up to :data:`TREE_PLAYERS`): every elimination order,
the paper's section 3.2; this reproduces its Tables 1-7 to the printed
digits.  Larger fields use the paper's section 3.4 adaptation
(``method="adapted"``): for each player, the other stacks after each
elimination are replaced by their expected sorted values given the player
survived, ``O(n**3)`` per player; the paper reports "only very small
differences" from the tree.  The rows are then rebalanced so that each place
is taken exactly once (see :func:`adapted_places`).  On Table 1's stacks
(``[2000, 4000, 3000, 6000, 5000]`` paying ``500/300/200``) the first
player's equity is 108.42 by the tree (the paper prints 108.4), 108.59 by the
section 3.4 adaptation row by row, and 108.62 by the adaptation as shipped
(rows rebalanced).

Stacks enter as chip shares (exactly rounded ratios of integers), and every
"sum over the others" is summed directly, never a total minus one term, which
would cancel to zero next to a huge stack.

Cost: the tree visits ``n!`` orders (9 players: 0.1 s); the adaptation does
``O(n**3)`` work for each of ``n`` players, ``O(n**4)`` in all, with ``n x n``
arrays (100 players: about 2 s; 200: 25 s; 400: 6 minutes; see
:mod:`pokerengine.models._cost`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import _cost
from ._inputs import Prizes, Stacks, check_flag, check_prizes, check_stacks, padded, shares
from ._result import Equities, matrix

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[Any]

TREE_PLAYERS = _cost.ROBERTS_TREE_PLAYERS  # 9! = 362,880 elimination orders


def _others(inv: Array) -> Array:
    """``sum_{j != i} inv[..., j]`` for each ``i``, as a sum of the others (no subtraction, no cancellation)."""
    import numpy as np

    zero = np.zeros(inv.shape[:-1] + (1,))
    before = np.concatenate([zero, np.cumsum(inv[..., :-1], axis=-1)], axis=-1)
    after = np.concatenate([np.cumsum(inv[..., :0:-1], axis=-1)[..., ::-1], zero], axis=-1)
    total: Array = before + after
    return total


def _elimination(x: Array) -> Array:
    """Rows of stacks -> rows of next-bust probabilities (paper eq. 2)."""
    inv = 1.0 / x
    weight = _others(inv) * inv * inv
    out: Array = weight / weight.sum(axis=-1, keepdims=True)
    return out


def _after(x: Array, i: int) -> Array:
    """Rows of stacks with player ``i`` busted and their chips shared inversely to stack size."""
    import numpy as np

    rest = np.delete(x, i, axis=-1)
    inv = 1.0 / rest
    out: Array = rest + inv / inv.sum(axis=-1, keepdims=True) * x[..., i : i + 1]
    return out


def tree_places(stacks: Sequence[float], deadline: _cost.TimeBudget | None = None) -> Array:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1``, over every elimination order.

    >>> (tree_places([1, 1, 2]) * 28).round(6).tolist()  # paper section 3.3: p(3) = 3/7, 3/7, 1/7
    [[7.0, 9.0, 12.0], [7.0, 9.0, 12.0], [14.0, 10.0, 4.0]]
    """
    import numpy as np

    deadline = deadline or _cost.TimeBudget("roberts", None)
    x = np.asarray(stacks, dtype=np.float64)[None, :]
    n = x.shape[1]
    ids = np.arange(n)[None, :]
    prob = np.ones(1)
    out = np.zeros(n * n)
    for m in range(n, 2, -1):  # m players left: someone takes place m
        deadline.check()
        e = _elimination(x) * prob[:, None]
        out += np.bincount((ids * n + m - 1).ravel(), weights=e.ravel(), minlength=n * n)
        x = np.concatenate([_after(x, i) for i in range(m)])
        ids = np.concatenate([np.delete(ids, i, axis=1) for i in range(m)])
        prob = e.T.ravel()
    # heads-up: the chip share
    share = x / x.sum(axis=1, keepdims=True) * prob[:, None]
    out += np.bincount((ids * n).ravel(), weights=share.ravel(), minlength=n * n)
    out += np.bincount((ids * n + 1).ravel(), weights=share[:, ::-1].ravel(), minlength=n * n)
    return out.reshape(n, n)


def _adapted_row(x0: Array, me: int, deadline: _cost.TimeBudget) -> Array:
    """One player's place probabilities by the section 3.4 adaptation."""
    import numpy as np

    n = len(x0)
    row = np.zeros(n)
    st = np.concatenate([[x0[me]], np.sort(np.delete(x0, me))[::-1]])  # me first, then the others
    alive = 1.0
    for m in range(n, 1, -1):
        deadline.check()
        e = _elimination(st)
        row[m - 1] = alive * e[0]
        survive = e[1:].sum()  # 1 - e[0], summed so that it cannot cancel to zero
        if m == 2:
            row[0] = alive * survive
            break
        if not survive:
            break  # this player busts now for certain: no better place
        inv = 1.0 / st
        share = inv[None, :] / _others(inv)[:, None]  # share[i, j]: j's part of i's chips
        after = st[None, :] + share * st[:, None]
        after = after[~np.eye(m, dtype=bool)].reshape(m, m - 1)[1:]  # row i-1: player i busted
        w = e[1:] / survive
        st = np.concatenate([[w @ after[:, 0]], w @ -np.sort(-after[:, 1:], axis=1)])
        alive *= survive
    return row


def adapted_places(stacks: Sequence[float], deadline: _cost.TimeBudget | None = None) -> Array:
    """The section 3.4 adaptation, one pass per player, columns rebalanced to add up to 1.

    Each player's row is its own approximation, so the columns (one place,
    every player) add up to 1 only approximately (within about 0.5%); the
    matrix is scaled to be doubly stochastic (Sinkhorn's alternating row and
    column normalisation) so that every place is taken exactly once and the
    equities add up to the pool.

    >>> (adapted_places([1, 1, 2]) * 28).round(6).tolist()  # the same as the tree for three players
    [[7.0, 9.0, 12.0], [7.0, 9.0, 12.0], [14.0, 10.0, 4.0]]
    """
    import numpy as np

    deadline = deadline or _cost.TimeBudget("roberts", None)
    x0 = np.asarray(stacks, dtype=np.float64)
    out = np.array([_adapted_row(x0, me, deadline) for me in range(len(x0))])
    for _ in range(1000):
        deadline.check()
        out /= out.sum(axis=0, keepdims=True)
        out /= out.sum(axis=1, keepdims=True)
        if np.abs(out.sum(axis=0) - 1.0).max() < 1e-14:
            break
    return out


def roberts(
    stacks: Stacks,
    prizes: Prizes,
    *,
    places: bool = False,
    max_seconds: float | None = None,
    max_bytes: int | None = _cost.MAX_BYTES,
) -> Equities:
    """Ben Roberts' equities of ``stacks`` for ``prizes`` (best place first).

    The cost (see the module docstring) is estimated first.
    Limits: a run estimated to need more than ``max_bytes`` is refused with
    :class:`~pokerengine.errors.ModelInputError`; one estimated at more than
    ten times ``max_seconds`` raises :class:`~pokerengine.errors.ModelTimeout`
    without starting, and any run raises it once ``max_seconds`` have passed.

    >>> e = roberts([2000, 4000, 3000, 6000, 5000], [500, 300, 200])  # Roberts (2011), Table 1
    >>> [round(x, 1) for x in e.equity]
    [108.4, 207.8, 160.9, 277.0, 246.0]
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    max_seconds = _cost.check_seconds(max_seconds)
    max_bytes = _cost.check_bytes(max_bytes)
    deadline = _cost.TimeBudget("roberts", max_seconds)
    n = len(stacks)
    _cost.roberts_cost(n, places).check(max_seconds=max_seconds, max_bytes=max_bytes)
    import numpy as np

    x = shares(stacks)
    if n == 1:
        probabilities, method = np.ones((1, 1)), "tree"
    elif n <= TREE_PLAYERS:
        probabilities, method = tree_places(x, deadline), "tree"
    else:
        probabilities, method = adapted_places(x, deadline), "adapted"
    equity = probabilities @ np.array([float(w) for w in padded(prizes, n)])
    equity = tuple(float(e) for e in equity)
    result = matrix("roberts", probabilities) if places else None
    return Equities("roberts", stacks, prizes, equity, result, method=method)
