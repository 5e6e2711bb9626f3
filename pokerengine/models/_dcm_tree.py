"""The DCM game tree, breadth-first in NumPy (the engine behind :func:`pokerengine.models.dcm`).

Every node is a row of ascending stacks with the identities of the players
holding them; a batch of nodes with the same number of players is expanded at
once.  Stacks are int64 while the chip total fits (every stack in the tree is
at most the total); past that they are Python integers in object arrays,
exact and about thirty times slower.

Memory is bounded whatever the tree's size: a batch holds at most
:data:`~pokerengine.models._cost.DCM_BATCH_CELLS` cells (rows times the
square of the players), and while the queued nodes take more than
:data:`~pokerengine.models._cost.DCM_QUEUE_BYTES` the queue serves the
smallest nodes that fill a whole batch instead of the largest nodes.  A node's
descendants never have more players than it, so this drains the queue while
keeping batches full (see :meth:`_Queue.next_players`).  The order of
expansion does not change the result (nodes are never merged), only the order
in which floating-point terms are added.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._cost import DCM_BATCH_CELLS, DCM_QUEUE_BYTES, TimeBudget

Array = NDArray[Any]
Nodes = tuple[Array, Array, Array, Array]  # stacks (rows ascending), player ids, probability terms, depths

class PrizeLedger:
    """Accumulates each player's expected prize, place probabilities and winning probability."""

    def __init__(self, players: int, prizes: Sequence[int | Fraction], places: bool):
        self.n = players
        self.prize = np.array([float(x) for x in prizes])
        self.cum = np.concatenate([[0.0], np.cumsum(self.prize)])  # cum[k]: places 1..k
        self.equity = np.zeros(players)
        self.wins = np.zeros(players)
        self.places = np.zeros(players * players) if places else None

    def pay(self, ids: Any, first: Any, count: Any, weight: Any) -> None:
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

    def pay1(self, ids: Array, place: Array, weight: Array) -> None:
        """Players ``ids`` take place ``place`` (no tie) with probability ``weight``; all arguments flat arrays."""
        self.equity += np.bincount(ids, weights=weight * self.prize[place - 1], minlength=self.n)
        if self.places is not None:
            self.places += np.bincount(ids * self.n + place - 1, weights=weight, minlength=self.n * self.n)

    def win(self, ids: Array, weight: Array) -> None:
        """Players ``ids`` take first place with probability ``weight`` (a path ended with one winner)."""
        ids, weight = (np.ravel(v) for v in np.broadcast_arrays(ids, weight))
        self.equity += np.bincount(ids, weights=weight * (self.cum[1] - self.cum[0]), minlength=self.n)
        self.wins += np.bincount(ids, weights=weight, minlength=self.n)
        if self.places is not None:
            self.places += np.bincount(ids * self.n, weights=weight, minlength=self.n * self.n)

    def heads_up(self, id_x: Array, x: Array, id_y: Array, y: Array, weight: Array) -> None:
        """Two players with stacks ``x`` and ``y`` (floats) play on: ``x`` wins with probability ``x / (x + y)``."""
        px = x / (x + y)
        py = 1.0 - px
        self.win(id_x, weight * px)
        self.win(id_y, weight * py)
        two = np.full(np.shape(id_x), 2)
        self.pay(id_x, two, 1, weight * py)
        self.pay(id_y, two, 1, weight * px)


def _floats(values: Array) -> Array:
    """int64, or exact Python integers in an object array, as float64 (each correctly rounded)."""
    out: Array = values.astype(np.float64)
    return out


def _ties(stacks: Array) -> tuple[Array, Array]:
    """For rows of ascending stacks: index of the first equal stack, and how many are equal."""
    rows, n = stacks.shape
    idx = np.broadcast_to(np.arange(n), (rows, n))
    same = stacks[:, 1:] == stacks[:, :-1]
    start = np.concatenate([np.ones((rows, 1), bool), ~same], axis=1)
    end = np.concatenate([~same, np.ones((rows, 1), bool)], axis=1)
    first = np.maximum.accumulate(np.where(start, idx, 0), axis=1)
    last = np.minimum.accumulate(np.where(end, idx, n)[:, ::-1], axis=1)[:, ::-1]
    return first, last - first + 1


def _insert(others: Array, other_ids: Array, stack: Array, who: Array) -> tuple[Array, Array]:
    """Rows of ascending ``others`` with the winner's ``stack`` inserted in order (identities alongside)."""
    k = others.shape[1] + 1
    pos = (others < stack[:, None]).sum(axis=1)
    kc = np.arange(k)
    src = np.clip(np.where(kc < pos[:, None], kc, kc - 1), 0, k - 2)
    at = kc == pos[:, None]
    child = np.where(at, stack[:, None], np.take_along_axis(others, src, axis=1))
    child_ids = np.where(at, who[:, None], np.take_along_axis(other_ids, src, axis=1))
    return child, child_ids


def batch_rows(players: int) -> int:
    """Nodes with ``players`` players expanded in one NumPy batch: at most DCM_BATCH_CELLS (rows x players**2)."""
    return max(1, DCM_BATCH_CELLS // (players * players))


class _Queue:
    """Nodes waiting to be expanded, by number of players, in chunks of rows; counts its own bytes."""

    def __init__(self, wide: bool, limit: int = DCM_QUEUE_BYTES):
        self.chunks: dict[int, deque[Nodes]] = {}
        self.rows: dict[int, int] = {}
        self.bytes = 0
        self.limit = limit
        self.scale = 5 if wide else 1  # a Python integer takes about five times an int64's eight bytes

    def _size(self, rows: int, players: int) -> int:
        return rows * (8 * players * (self.scale + 1) + 16)

    def push(self, stacks: Array, ids: Array, p: Array, depth: Array) -> None:
        if len(p):
            players = stacks.shape[1]
            self.chunks.setdefault(players, deque()).append((stacks, ids, p, depth))
            self.rows[players] = self.rows.get(players, 0) + len(p)
            self.bytes += self._size(len(p), players)

    def next_players(self) -> int:
        """Largest nodes first (the biggest batches); over the byte limit, the smallest with a full batch waiting.

        Expanding a full batch of the smallest such count adds at most one
        batch to each smaller count, so while over the limit every count below
        holds less than two batches: the queue grows by at most that much.
        """
        if self.bytes > self.limit:
            full = [n for n, rows in self.rows.items() if rows >= batch_rows(n)]
            if full:
                return min(full)
        return max(self.chunks)

    def take(self, players: int, rows: int) -> Nodes:
        """Up to ``rows`` nodes with ``players`` players, oldest first."""
        queue = self.chunks[players]
        parts, got = [], 0
        while queue and got < rows:
            chunk = queue.popleft()
            size = len(chunk[2])
            if got + size > rows:
                cut = rows - got
                queue.appendleft((chunk[0][cut:], chunk[1][cut:], chunk[2][cut:], chunk[3][cut:]))
                chunk, size = (chunk[0][:cut], chunk[1][:cut], chunk[2][:cut], chunk[3][:cut]), cut
            parts.append(chunk)
            got += size
        if queue:
            self.rows[players] -= got
        else:
            del self.chunks[players], self.rows[players]
        self.bytes -= self._size(got, players)
        if len(parts) == 1:
            return parts[0]
        stacks, ids, p, depth = (np.concatenate([part[k] for part in parts]) for k in range(4))
        return stacks, ids, p, depth


class Tree:
    """The nodes still to expand and the rules that expand them."""

    def __init__(self, ledger: PrizeLedger, depth: int, floor: float, deadline: TimeBudget, wide: bool = False):
        self.ledger = ledger
        self.depth = depth
        self.floor = floor
        self.deadline = deadline
        self.queue = _Queue(wide)
        self.push = self.queue.push
        self.nodes = 0

    def run(self) -> None:
        """Expand nodes until none is left: a node only ever creates nodes with as many players or fewer."""
        queue = self.queue
        while queue.chunks:
            self.deadline.check()
            n = queue.next_players()
            stacks, ids, p, depth = queue.take(n, batch_rows(n))
            (self.three if n == 3 else self.level)(stacks, ids, p, depth)

    def cut(self, stacks: Array, ids: Array, p: Array, depth: Array) -> Nodes:
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

    def level(self, stacks: Array, ids: Array, p: Array, depth: Array) -> None:
        """One batch of nodes with ``n >= 3`` players: all ``n`` outcomes of each."""
        self.nodes += len(p)
        stacks, ids, p, depth = self.cut(stacks, ids, p, depth)
        distinct = (stacks[:, 1:] != stacks[:, :-1]).all(axis=1)
        if distinct.any():
            self.distinct(stacks[distinct], ids[distinct], p[distinct], depth[distinct])
        if not distinct.all():
            keep = ~distinct
            self.with_ties(stacks[keep], ids[keep], p[keep], depth[keep])

    def distinct(self, stacks: Array, ids: Array, p: Array, depth: Array) -> None:
        """Nodes without equal stacks: winner ``j`` busts positions ``0 .. j-1`` and leaves ``n - j`` players."""
        rows, n = stacks.shape
        prefix = np.cumsum(stacks, axis=1)
        for j in range(n):
            self.deadline.check()
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
                self.ledger.heads_up(won, _floats(wstack), ids[:, -1], _floats(others[:, 0]), p)
                continue
            child, child_ids = _insert(others, ids[:, j + 1 :], wstack, won)
            self.push(child, child_ids, p / k, depth + 1)

    def with_ties(self, stacks: Array, ids: Array, p: Array, depth: Array) -> None:
        """Nodes with equal stacks: Algorithm 2's groups of equal entering stacks share their places."""
        n = stacks.shape[1]
        first, count = _ties(stacks)
        last = first + count - 1
        cols = np.arange(n)
        for j in range(n):
            self.deadline.check()
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
                    self.ledger.heads_up(won, _floats(wstack), other_ids[:, 0], _floats(others[:, 0]), p[sel])
                    continue
                child, child_ids = _insert(others, other_ids, wstack, won)
                self.push(child, child_ids, p[sel] / k, depth[sel] + 1)

    def three(self, stacks: Array, ids: Array, p: Array, depth: Array) -> None:
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
            self.deadline.check()
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
            hy = _floats((x + 2 * y) / (x + y + z))  # Python integers divide exactly rounded too
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
