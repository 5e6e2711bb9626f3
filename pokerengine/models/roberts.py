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
differences" from the tree (``[2000, 4000, 3000, 6000, 5000]`` paying
``500/300/200``: 108.59 against 108.42 for the first player).  The rows are
then rebalanced so that each place is taken exactly once (see
:func:`adapted_places`).
"""

from __future__ import annotations

import numpy as np

from ._inputs import check_flag, check_prizes, check_stacks, padded
from ._result import Equities

TREE_PLAYERS = 9  # 9! = 362,880 elimination orders


def _elimination(x: np.ndarray) -> np.ndarray:
    """Rows of stacks -> rows of next-bust probabilities (paper eq. 2)."""
    inv = 1.0 / x
    weight = (inv.sum(axis=-1, keepdims=True) - inv) * inv * inv
    return weight / weight.sum(axis=-1, keepdims=True)


def _after(x: np.ndarray, i: int) -> np.ndarray:
    """Rows of stacks with player ``i`` busted and their chips shared inversely to stack size."""
    rest = np.delete(x, i, axis=-1)
    inv = 1.0 / rest
    return rest + inv / inv.sum(axis=-1, keepdims=True) * x[..., i : i + 1]


def tree_places(stacks) -> np.ndarray:
    """``P[i, k]``: probability that player ``i`` finishes in place ``k + 1``, over every elimination order.

    >>> (tree_places([1, 1, 2]) * 28).round(6).tolist()  # paper section 3.3: p(3) = 3/7, 3/7, 1/7
    [[7.0, 9.0, 12.0], [7.0, 9.0, 12.0], [14.0, 10.0, 4.0]]
    """
    x = np.asarray(stacks, dtype=np.float64)[None, :]
    n = x.shape[1]
    ids = np.arange(n)[None, :]
    prob = np.ones(1)
    out = np.zeros(n * n)
    for m in range(n, 2, -1):  # m players left: someone takes place m
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


def _adapted_row(x0: np.ndarray, me: int) -> np.ndarray:
    """One player's place probabilities by the section 3.4 adaptation."""
    n = len(x0)
    row = np.zeros(n)
    st = np.concatenate([[x0[me]], np.sort(np.delete(x0, me))[::-1]])  # me first, then the others
    alive = 1.0
    for m in range(n, 1, -1):
        e = _elimination(st)
        row[m - 1] = alive * e[0]
        if m == 2:
            row[0] = alive * (1.0 - e[0])
            break
        inv = 1.0 / st
        share = inv[None, :] / (inv.sum() - inv)[:, None]  # share[i, j]: j's part of i's chips
        after = st[None, :] + share * st[:, None]
        after = after[~np.eye(m, dtype=bool)].reshape(m, m - 1)[1:]  # row i-1: player i busted
        w = e[1:] / (1.0 - e[0])
        st = np.concatenate([[w @ after[:, 0]], w @ -np.sort(-after[:, 1:], axis=1)])
        alive *= 1.0 - e[0]
    return row


def adapted_places(stacks) -> np.ndarray:
    """The section 3.4 adaptation, one pass per player, columns rebalanced to add up to 1.

    Each player's row is its own approximation, so the columns (one place,
    every player) add up to 1 only approximately (within about 0.5%); the
    matrix is scaled to be doubly stochastic (Sinkhorn's alternating row and
    column normalisation) so that every place is taken exactly once and the
    equities add up to the pool.

    >>> (adapted_places([1, 1, 2]) * 28).round(6).tolist()  # the same as the tree for three players
    [[7.0, 9.0, 12.0], [7.0, 9.0, 12.0], [14.0, 10.0, 4.0]]
    """
    x0 = np.asarray(stacks, dtype=np.float64)
    out = np.array([_adapted_row(x0, me) for me in range(len(x0))])
    for _ in range(1000):
        out /= out.sum(axis=0, keepdims=True)
        out /= out.sum(axis=1, keepdims=True)
        if np.abs(out.sum(axis=0) - 1.0).max() < 1e-14:
            break
    return out


def roberts(stacks, prizes, *, places: bool = False) -> Equities:
    """Ben Roberts' equities of ``stacks`` for ``prizes`` (best place first).

    >>> e = roberts([2000, 4000, 3000, 6000, 5000], [500, 300, 200])  # Roberts (2011), Table 1
    >>> [round(x, 1) for x in e.equity]
    [108.4, 207.8, 160.9, 277.0, 246.0]
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    n = len(stacks)
    if n == 1:
        matrix, method = np.ones((1, 1)), "tree"
    elif n <= TREE_PLAYERS:
        matrix, method = tree_places(stacks), "tree"
    else:
        matrix, method = adapted_places(stacks), "adapted"
    equity = matrix @ np.array([float(w) for w in padded(prizes, n)])
    equity = tuple(float(e) for e in equity)
    return Equities("roberts", stacks, prizes, equity, matrix.tolist() if places else None, method=method)
