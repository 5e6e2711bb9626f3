"""Three hands all in from one deck, by class: the order of the hands with card removal between them.

At a three-handed table where all three hands are all in, the chips after the hand depend on the
order of the three hands (the pot code splits ties).  :class:`Orders` holds, for every triple of
classes ``(a, b, c)`` (the hands ranked first, second and third), the sum over every deal of three
pairwise disjoint combinations of those classes (in seat order) of the probability, over the boards
the three hands leave, that they finish in that order, a tie shared evenly among the strict orders
it allows (so a tie's expected chips are exact: an even split is the average over the orders;
under a payout model a tie is valued at the average of those orders' payoffs, not the split
stacks', as :class:`.showdown.BoardModel` does).
Unlike :class:`.showdown.BoardModel` the three hands and the board come from **one deck**.

**Method (sampled).**  ``boards`` boards are drawn (seeded); on each, every combination's
seven-card value comes from :func:`pokerengine.hands.vector.rank_holes` at once, and
``per_board`` ordered triples of disjoint combinations missing the board are drawn uniformly
(rejection), so the deals are uniform over (three hands, board).  Each deal's six orderings are
booked in their cells with their probabilities.  A cell's mean over its deals (an even split where
no deal reached it) is then projected, by least squares, onto the orders whose three pairwise
shares (``a`` before ``b``, ties half) equal ``score`` (the real deal's two-hand figures: exact,
plus :mod:`.realdeal`'s board correction), and multiplied by the cell's exact number of deals
(:func:`.triples.class_triples`).  So only what the three pairs leave open (two of the six
orders' five degrees of freedom) is sampled; each deal's orders add up to its count exactly.
A single cell is rough (AA/KK/QQ: about 7 of 10 million deals reach it); the solver sees sums over
ranges.  Measured error (``docs/decisions.md``): strategies judged with an independent sample of
41 million deals.

Limits: the tensor is ``169 ** 3`` float64 (38.6 MB kept), built with three more of the same for
a moment.  Time (2 shared cores): about 10 s for the default 10.24 million deals.

>>> o = Orders.make(boards=8, per_board=200)
>>> from pokerengine.decisions.combos import class_index
>>> aa = class_index("AA")
>>> float(o.order[aa, aa, aa])  # AA, AA, AA cannot be dealt
0.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs
import numpy as np

from ..errors import DecisionInputError
from ..hands.vector import rank_holes
from .combos import CLASSES, COMBO_CARDS, COMBO_CLASS
from .showdown import pot_ranking, pot_sequences
from .triples import class_triples

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

MAX_BOARDS = 65_536
MAX_PER_BOARD = 100_000
DEFAULT_BOARDS = 4096
DEFAULT_PER_BOARD = 2500
_CLASS = np.array(COMBO_CLASS, dtype=np.intp)
_CARDS = np.array(COMBO_CARDS, dtype=np.intp)
_MASK = (np.uint64(1) << _CARDS[:, 0].astype(np.uint64)) | (np.uint64(1) << _CARDS[:, 1].astype(np.uint64))
_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


@attrs.frozen(eq=False)
class Orders:
    """``order[a, b, c]``: over every deal of three disjoint combinations with classes ``a, b, c``
    (in seat order), the sum of the probability that they finish in that order (module docstring);
    ``deals`` sampled, ``seen`` cells reached by at least one."""

    order: Array
    deals: int
    seen: int

    @classmethod
    def make(cls, boards: int = DEFAULT_BOARDS, per_board: int = DEFAULT_PER_BOARD, seed: int = 0,
             check: Callable[[], None] | None = None, score: Array | None = None,
             tag: int = 0) -> Orders:
        """The estimate from ``boards x per_board`` seeded deals; ``score[a, b, c]``: the exact
        (or better known) probability that a hand of class ``a`` beats one of ``b`` (ties half)
        with a hand of ``c`` out of the deck, per deal (default: over the boards the two hands
        leave, :func:`.triples.class_triples`).  Cached per arguments and ``tag`` (which
        ``score``), the last kept; ``check`` is called between slices of boards (a deadline's)."""
        for name, v, top in (("boards", boards, MAX_BOARDS), ("per_board", per_board, MAX_PER_BOARD)):
            if type(v) is not int or not 1 <= v <= top:
                raise DecisionInputError(f"{name} must be an integer from 1 to {top:,}, got {v!r}")
        return _make(boards, per_board, seed, check, score, (boards, per_board, seed, tag))

    def values(self, live: Sequence[int], pays: Array, weights: dict[int, Array]) -> dict[int, Array]:
        """For each seat of ``live`` (three seats, by contribution, smallest first; ``pays[t]`` the
        payoff vector when the pots are won as :func:`.showdown.pot_sequences` ``(3)[t]`` says), its
        expected payoff per class of its own hand summed over the deals, the other two seats'
        classes weighted by ``weights`` (a weight per class each): divide by the deals' weights
        (``count`` contracted the same way) for an expectation."""
        seat_pay: dict[tuple[int, ...], Array] = {}
        for t, seq in enumerate(pot_sequences(3)):
            seat_pay[pot_ranking(seq, live)] = pays[t]
        # a strict order (best first) of the live seats pays as the pot sequence its winners make
        out: dict[int, Array] = {s: np.zeros(CLASSES) for s in live}
        n = CLASSES
        flat_last = self.order.reshape(n * n, n)
        for perm in _PERMS:
            o = tuple(live[i] for i in perm)
            pay = _pays_of(o, live, seat_pay)
            for pos, p in enumerate(o):
                others = [o[i] for i in range(3) if i != pos]
                wa, wb = weights[others[0]], weights[others[1]]
                if pos == 0:
                    v = (flat_last @ wb).reshape(n, n) @ wa
                elif pos == 1:
                    v = wa @ (flat_last @ wb).reshape(n, n)
                else:
                    v = wb @ (wa @ self.order.reshape(n, n * n)).reshape(n, n)
                out[p] += v * pay[p]
        return out


def _pays_of(order: tuple[int, ...], live: Sequence[int], seat_pay: dict[tuple[int, ...], Array]) -> Array:
    """The payoff vector of a strict order of the three live seats: the pot sequence of its winners."""
    winners = _sequence(order, live)
    return seat_pay[winners + tuple(s for s in live if s not in winners)]


def _sequence(order: tuple[int, ...], live: Sequence[int]) -> tuple[int, ...]:
    """The pot winners of a strict order (best first) of seats ranked by contribution in ``live``: the
    best hand, then the best of those who put in more than it, and so on."""
    out: list[int] = []
    floor = -1
    for s in order:
        if live.index(s) > floor:
            out.append(s)
            floor = live.index(s)
    return tuple(out)


_CACHE: dict[tuple[int, ...], Orders] = {}


def _make(boards: int, per_board: int, seed: int, check: Callable[[], None] | None,
          score: Array | None, key: tuple[int, ...]) -> Orders:
    got = _CACHE.get(key)
    if got is not None:
        return got
    rng = np.random.default_rng(seed)
    n = CLASSES
    cells = n ** 3
    total = np.zeros(cells)
    hits = np.zeros(cells)
    step = 64
    for lo in range(0, boards, step):
        m = min(step, boards - lo)
        sample = np.array([rng.choice(52, 5, replace=False) for _ in range(m)], dtype=np.intp)
        values = rank_holes(sample).astype(np.int32)
        got_rows = [_book(values[row], per_board, rng) for row in range(m)]
        cell = np.concatenate([g[0] for g in got_rows])
        total += np.bincount(cell, np.concatenate([g[1] for g in got_rows]), cells)
        hits += np.bincount(cell, minlength=cells)
        del got_rows, cell
        if check is not None:
            check()
    t = class_triples()
    if score is None:
        score = np.divide(t.win + 0.5 * t.tie, t.count, out=np.full(t.count.shape, 0.5), where=t.count > 0)
    mean = np.divide(total, hits, out=np.full(cells, 1.0 / 6.0), where=hits > 0).reshape(n, n, n)
    del total
    seen = int((hits > 0).sum())
    del hits
    order = np.empty((n, n, n))
    for a in range(n):
        # the six orders of seat cell (a, b, c) (first, second, third): abc acb bac bca cab cba
        m0, m1 = mean[a], mean[a].T
        m2, m3 = mean[:, a, :], mean[:, :, a]
        m4, m5 = m2.T, m3.T
        s_ab, s_bc = score[a], score[:, :, a]  # a before b (c out); b before c (a out)
        # least-squares projection onto the orders whose pairwise shares equal the exact ones
        got = (m0 - (1.0 - (m0 + m1 + m2 + m3 + m4 + m5)) / 3.0 + 0.5 * (s_ab - (m0 + m1 + m4))
               + 0.5 * (s_bc - (m0 + m2 + m3)))
        order[a] = got * t.count[a]
    del mean
    got_orders = Orders(order, boards * per_board, seen)
    order.setflags(write=False)
    _CACHE.clear()
    _CACHE[key] = got_orders
    return got_orders


def _book(values: NDArray[np.int32], per_board: int, rng: np.random.Generator) -> tuple[NDArray[np.intp], Array]:
    """``per_board`` uniform ordered triples of disjoint combinations missing one board: each one's
    six (cell, order probability) bookings."""
    fits = np.flatnonzero(values > 0)
    want = per_board
    picks: list[NDArray[np.intp]] = []
    while want > 0:
        draw = fits[rng.integers(0, len(fits), (int(want * 1.4) + 8, 3))]
        mx, my, mz = _MASK[draw[:, 0]], _MASK[draw[:, 1]], _MASK[draw[:, 2]]
        ok = ((mx & my) == 0) & ((mx & mz) == 0) & ((my & mz) == 0)
        good = draw[ok][:want]
        picks.append(good)
        want -= len(good)
    trip = np.concatenate(picks)
    v = values[trip]  # (m, 3)
    k = _CLASS[trip]
    n = CLASSES
    cells, shares = [], []
    for perm in _PERMS:
        a, b, c = perm
        va, vb, vc = v[:, a], v[:, b], v[:, c]
        ok = (va >= vb) & (vb >= vc)
        ties = (va == vb).astype(np.int32) + (vb == vc).astype(np.int32)
        share = np.where(ties == 2, 1.0 / 6.0, np.where(ties == 1, 0.5, 1.0)) * ok
        cells.append((k[:, a] * n + k[:, b]) * n + k[:, c])
        shares.append(share)
    return np.concatenate(cells), np.concatenate(shares)


__all__ = ["DEFAULT_BOARDS", "DEFAULT_PER_BOARD", "Orders"]
