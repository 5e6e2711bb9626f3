"""The Dependent Chip Model (E. Besalu, 2021), by its game tree.

The model (paper sections 3-4 and Algorithm 3): every hand, all ``n`` players
still in go all-in and each wins with probability ``1/n``; the winner takes
``min(own stack, other stack)`` from every other player.  Players left with no
chips finish; those busting in the same hand are ranked by the stacks they
entered the hand with (smaller stack, worse place), and players with equal
entering stacks share equally the prizes of the places they cover
(Algorithms 1-2).  The last player standing takes first place.  A path is cut
when it reaches depth ``depth`` (the root is depth 1) or when its probability
term ``p`` (the probability of each of the node's outcomes, ``1/n`` times the
node's probability, as in Algorithm 3) falls below ``min_probability``; a cut
node "forces a bankruptcy" of every player still in: they are ranked by their
current stacks, ties sharing, exactly as in Algorithm 2.

``coverage`` is the paper's ``sum PW_i``: the probability of the paths that
reached a single winner.  Equities always add up to the pool.

How this differs from a literal transcription (``tests/dcm_oracle.py``), by
far less than ``1e-7`` of the pool:

- the paper's listing settles a cut node with weight ``p``, which is ``1/n``
  of that node's probability, so the literal DCM values add up to slightly
  less than the pool (by ``(n-1)/n`` of the probability cut, about ``1e-12``
  for the paper's examples); here a cut node carries its whole probability;
- two-player subgames are settled by their exact value (the first player wins
  with probability ``x / (x + y)``, paper section 3 and Table 2) instead of by
  a tree of up to 50 coin flips.  This removes most of the tree's nodes.

How it is fast: the tree is walked breadth-first in NumPy, one batch of nodes
with the same number of players at a time, every node a row of sorted stacks
with the identities of the players who hold them, so payouts go straight to
the right player.  Nodes are not merged (two paths to the same stacks carry
different probability terms, and the cut depends on them, so merging would
change the numbers); the saving is in doing each level at once.  Three-player
nodes (most of any tree) run a dedicated loop: of the three outcomes only
"the short stack wins" continues with three players.
"""

from __future__ import annotations

import math
import time

import numpy as np

from ..errors import ModelInputError, ModelTimeout
from ._inputs import check_flag, check_prizes, check_stacks, padded
from ._result import Equities

BATCH = 100_000  # rows per NumPy batch


class _Ledger:
    """Accumulates each player's expected prize, place probabilities and winning probability."""

    def __init__(self, players: int, prizes, places: bool):
        self.n = players
        self.prize = np.array([float(x) for x in prizes])
        self.cum = np.concatenate([[0.0], np.cumsum(self.prize)])  # cum[k]: places 1..k
        self.equity = np.zeros(players)
        self.wins = np.zeros(players)
        self.places = np.zeros(players * players) if places else None

    def pay(self, ids, first, count, weight) -> None:
        """Players ``ids`` share places ``first .. first + count - 1`` (1 = best) with probability ``weight``."""
        ids, first, count, weight = (np.ravel(v) for v in np.broadcast_arrays(ids, first, count, weight))
        share = (self.cum[first - 1 + count] - self.cum[first - 1]) / count
        self.equity += np.bincount(ids, weights=weight * share, minlength=self.n)
        if self.places is not None:
            part = weight / count
            for offset in range(int(count.max(initial=1))):
                sel = offset < count
                cell = ids[sel] * self.n + first[sel] - 1 + offset
                self.places += np.bincount(cell, weights=part[sel], minlength=self.n * self.n)

    def pay1(self, ids, place, weight) -> None:
        """Players ``ids`` take place ``place`` (no tie) with probability ``weight``; all arguments flat arrays."""
        self.equity += np.bincount(ids, weights=weight * self.prize[place - 1], minlength=self.n)
        if self.places is not None:
            self.places += np.bincount(ids * self.n + place - 1, weights=weight, minlength=self.n * self.n)

    def win(self, ids, weight) -> None:
        """Players ``ids`` take first place with probability ``weight`` (a path ended with one winner)."""
        ids, weight = (np.ravel(v) for v in np.broadcast_arrays(ids, weight))
        self.equity += np.bincount(ids, weights=weight * (self.cum[1] - self.cum[0]), minlength=self.n)
        self.wins += np.bincount(ids, weights=weight, minlength=self.n)
        if self.places is not None:
            self.places += np.bincount(ids * self.n, weights=weight, minlength=self.n * self.n)

    def heads_up(self, id_x, x, id_y, y, weight) -> None:
        """Two players with stacks ``x`` and ``y`` play on: ``x`` wins with probability ``x / (x + y)``."""
        px = x / (x + y)
        py = 1.0 - px
        self.win(id_x, weight * px)
        self.win(id_y, weight * py)
        two = np.full(np.shape(id_x), 2)
        self.pay(id_x, two, 1, weight * py)
        self.pay(id_y, two, 1, weight * px)


def _ties(stacks):
    """For rows of ascending stacks: index of the first equal stack, and how many are equal."""
    rows, n = stacks.shape
    idx = np.broadcast_to(np.arange(n), (rows, n))
    same = stacks[:, 1:] == stacks[:, :-1]
    start = np.concatenate([np.ones((rows, 1), bool), ~same], axis=1)
    end = np.concatenate([~same, np.ones((rows, 1), bool)], axis=1)
    first = np.maximum.accumulate(np.where(start, idx, 0), axis=1)
    last = np.minimum.accumulate(np.where(end, idx, n)[:, ::-1], axis=1)[:, ::-1]
    return first, last - first + 1


def _insert(others, other_ids, stack, who):
    """Rows of ascending ``others`` with the winner's ``stack`` inserted in order (identities alongside)."""
    k = others.shape[1] + 1
    pos = (others < stack[:, None]).sum(axis=1)
    kc = np.arange(k)
    src = np.clip(np.where(kc < pos[:, None], kc, kc - 1), 0, k - 2)
    at = kc == pos[:, None]
    child = np.where(at, stack[:, None], np.take_along_axis(others, src, axis=1))
    child_ids = np.where(at, who[:, None], np.take_along_axis(other_ids, src, axis=1))
    return child, child_ids


class _Tree:
    """The nodes still to expand, by number of players, and the rules that expand them."""

    def __init__(self, ledger: _Ledger, depth: int, floor: float, max_seconds: float | None):
        self.ledger = ledger
        self.depth = depth
        self.floor = floor
        self.max_seconds = max_seconds
        self.deadline = None if max_seconds is None else time.monotonic() + max_seconds
        self.queue: dict[int, list[tuple]] = {}
        self.nodes = 0

    def push(self, stacks, ids, p, depth) -> None:
        """Queue nodes: rows of ascending stacks, the players holding them, probability terms, depths."""
        if len(p):
            self.queue.setdefault(stacks.shape[1], []).append((stacks, ids, p, depth))

    def check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise ModelTimeout(f"dcm did not finish within {self.max_seconds} s")

    def run(self) -> None:
        """Expand the largest nodes first: a node only ever creates nodes with as many players or fewer."""
        while self.queue:
            n = max(self.queue)
            chunks = self.queue.pop(n)
            stacks, ids, p, depth = (np.concatenate([c[k] for c in chunks]) for k in range(4))
            for lo in range(0, len(p), BATCH):
                self.check_time()
                part = slice(lo, lo + BATCH)
                expand = self.three if n == 3 else self.level
                expand(stacks[part], ids[part], p[part], depth[part])

    def cut(self, stacks, ids, p, depth):
        """Settle the nodes at the depth limit or below the probability floor; return the others."""
        cut = (depth >= self.depth) | (p < self.floor)
        if not cut.any():
            return stacks, ids, p, depth
        n = stacks.shape[1]
        first, count = _ties(stacks[cut])
        # a forced bankruptcy of everyone, ranked by current stack, the node's whole probability n * p
        self.ledger.pay(ids[cut], n - first - count + 1, count, (n * p[cut])[:, None])
        keep = ~cut
        return stacks[keep], ids[keep], p[keep], depth[keep]

    def level(self, stacks, ids, p, depth) -> None:
        """One batch of nodes with ``n >= 3`` players: all ``n`` outcomes of each."""
        self.nodes += len(p)
        stacks, ids, p, depth = self.cut(stacks, ids, p, depth)
        distinct = (stacks[:, 1:] != stacks[:, :-1]).all(axis=1)
        if distinct.any():
            self.distinct(stacks[distinct], ids[distinct], p[distinct], depth[distinct])
        if not distinct.all():
            keep = ~distinct
            self.with_ties(stacks[keep], ids[keep], p[keep], depth[keep])

    def distinct(self, stacks, ids, p, depth) -> None:
        """Nodes without equal stacks: winner ``j`` busts positions ``0 .. j-1`` and leaves ``n - j`` players."""
        rows, n = stacks.shape
        prefix = np.cumsum(stacks, axis=1)
        for j in range(n):
            if j:  # position i busts into place n - i
                self.ledger.pay1(ids[:, :j].ravel(), np.tile(n - np.arange(j), rows), np.repeat(p, j))
            k = n - j
            won = ids[:, j]
            if k == 1:
                self.ledger.win(won, p)
                continue
            sj = stacks[:, j]
            wstack = prefix[:, j] + (k - 1) * sj  # own stack, everything below it, and s_j from each above
            others = stacks[:, j + 1 :] - sj[:, None]
            if k == 2:
                self.ledger.heads_up(won, wstack.astype(np.float64), ids[:, -1], others[:, 0].astype(np.float64), p)
                continue
            child, child_ids = _insert(others, ids[:, j + 1 :], wstack, won)
            self.push(child, child_ids, p / k, depth + 1)

    def with_ties(self, stacks, ids, p, depth) -> None:
        """Nodes with equal stacks: Algorithm 2's groups of equal entering stacks share their places."""
        n = stacks.shape[1]
        first, count = _ties(stacks)
        last = first + count - 1
        cols = np.arange(n)
        for j in range(n):
            sj = stacks[:, j]
            # everyone with a stack <= the winner's busts; the winner's equals are ranked among themselves
            bust = (stacks <= sj[:, None]) & (cols != j)
            if bust.any():
                group = count - (stacks == sj[:, None])  # the winner is not part of its equals' group
                r, c = np.nonzero(bust)
                self.ledger.pay(ids[r, c], n - first[r, c] - group[r, c] + 1, group[r, c], p[r])
            left = n - last[:, j]  # players still in after the hand, winner included
            gain = np.minimum(stacks, sj[:, None]).sum(axis=1) - sj
            for k in np.unique(left):
                sel = left == k
                won = ids[sel, j]
                if k == 1:
                    self.ledger.win(won, p[sel])
                    continue
                others = stacks[sel, n - k + 1 :] - sj[sel, None]
                other_ids = ids[sel, n - k + 1 :]
                wstack = sj[sel] + gain[sel]
                if k == 2:
                    x, y = wstack.astype(np.float64), others[:, 0].astype(np.float64)
                    self.ledger.heads_up(won, x, other_ids[:, 0], y, p[sel])
                    continue
                child, child_ids = _insert(others, other_ids, wstack, won)
                self.push(child, child_ids, p[sel] / k, depth[sel] + 1)

    def three(self, stacks, ids, p, depth) -> None:
        """Three-player nodes: a loop over "the short stack wins" chains (rows with ties go to :meth:`level`)."""
        ledger = self.ledger
        tied = (stacks[:, 0] == stacks[:, 1]) | (stacks[:, 1] == stacks[:, 2])
        if tied.any():
            self.level(stacks[tied], ids[tied], p[tied], depth[tied])
            keep = ~tied
            stacks, ids, p, depth = stacks[keep], ids[keep], p[keep], depth[keep]
        x, y, z = (stacks[:, k].copy() for k in range(3))
        ix, iy, iz = (ids[:, k].copy() for k in range(3))
        while len(p):
            self.check_time()
            self.nodes += len(p)
            cut = (depth >= self.depth) | (p < self.floor)
            if cut.any():
                mass = 3 * p[cut]
                who = np.concatenate([ix[cut], iy[cut], iz[cut]])
                ledger.pay1(who, np.repeat(np.array([3, 2, 1]), len(mass)), np.tile(mass, 3))
                keep = ~cut
                x, y, z, ix, iy, iz, p, depth = (v[keep] for v in (x, y, z, ix, iy, iz, p, depth))
                if not len(p):
                    break
            # z wins: x third, y second, z first.  y wins: x third, then heads-up (x + 2y) against (z - y)
            hy = (x + 2 * y) / (x + y + z)
            hz = 1.0 - hy
            rows = len(p)
            ledger.win(np.concatenate([iz, iy, iz]), np.concatenate([p, p * hy, p * hz]))
            ledger.pay1(
                np.concatenate([ix, iy, ix, iy, iz]),
                np.repeat(np.array([3, 2, 3, 2, 2]), rows),
                np.concatenate([p, p, p, p * hz, p * hy]),
            )
            # x wins: (3x, y - x, z - x), nobody busts; p becomes p / 3 one hand deeper
            a, b, c = 3 * x, y - x, z - x
            p = p / 3
            depth = depth + 1
            small, big = a < b, a > c
            mid = (a > b) & (a < c)
            tie = ~(small | mid | big)  # 3x equals y - x or z - x: the general code ranks equals
            if tie.any():
                child = np.stack([a[tie], b[tie], c[tie]], axis=1)
                order = np.argsort(child, axis=1, kind="stable")
                who = np.stack([ix[tie], iy[tie], iz[tie]], axis=1)
                child, who = np.take_along_axis(child, order, axis=1), np.take_along_axis(who, order, axis=1)
                self.push(child, who, p[tie], depth[tie])
            go = ~tie
            x, y, z = np.where(small, a, b), np.where(small, b, np.where(mid, a, c)), np.where(big, a, c)
            ix, iy, iz = np.where(small, ix, iy), np.where(small, iy, np.where(mid, ix, iz)), np.where(big, ix, iz)
            x, y, z, ix, iy, iz, p, depth = (v[go] for v in (x, y, z, ix, iy, iz, p, depth))


def dcm(stacks, prizes, *, depth: int = 50, min_probability: float = 1e-15, places: bool = False,
        max_seconds: float | None = None) -> Equities:
    """DCM equities of ``stacks`` for ``prizes`` (best place first), with the paper's truncation.

    ``depth`` and ``min_probability`` are the paper's ``MD`` and ``ProbMin``
    (a path stops at depth ``depth`` or when its probability term drops below
    ``min_probability``).  ``places=True`` adds ``places[i][k]`` = P(player
    ``i`` finishes in place ``k + 1``) for every place.  Past ``max_seconds``
    of work :class:`~pokerengine.errors.ModelTimeout` is raised.

    >>> e = dcm([1000, 500, 100], [100, 50])  # Besalu (2021), Table 3, first DCM row
    >>> [round(x, 2) for x in e.equity]
    [80.79, 60.67, 8.54]
    >>> e = dcm([1000, 500, 100], [1], places=True)  # Table 4: place probabilities in the columns
    >>> [[round(100 * p, 2) for p in row] for row in e.places]
    [[62.5, 36.58, 0.92], [31.25, 58.83, 9.92], [6.25, 4.58, 89.17]]
    >>> round(e.coverage, 12)
    1.0
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    if type(depth) is not int or depth < 1:
        raise ModelInputError(f"depth must be a positive integer, got {depth!r}")
    number = isinstance(min_probability, (int, float)) and not isinstance(min_probability, bool)
    if not number or not 0 <= min_probability < 1:
        raise ModelInputError(f"min_probability must be a number in [0, 1), got {min_probability!r}")
    if max_seconds is not None and (
        isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0
    ):
        raise ModelInputError(f"max_seconds must be a positive number or None, got {max_seconds!r}")
    n = len(stacks)
    ledger = _Ledger(n, padded(prizes, n), places)
    tree = _Tree(ledger, depth, float(min_probability), max_seconds)
    order = sorted(range(n), key=lambda i: stacks[i])
    row = np.array([[stacks[i] for i in order]], dtype=np.int64)
    ids = np.array([order], dtype=np.int64)
    if n == 1:
        ledger.win(ids[0], np.ones(1))
    elif n == 2:
        ledger.heads_up(ids[:, 0], row[:, 0].astype(float), ids[:, 1], row[:, 1].astype(float), np.ones(1))
    else:
        tree.push(row, ids, np.array([1.0 / n]), np.array([1], dtype=np.int64))
        tree.run()
    matrix = ledger.places.reshape(n, n).tolist() if places else None
    return Equities(
        "dcm",
        stacks,
        prizes,
        tuple(float(e) for e in ledger.equity),
        matrix,
        coverage=float(math.fsum(ledger.wins)),
        method="tree",
    )
