"""All-in showdown probabilities for the push/fold solver: two hands exactly, three or more by a board model.

**Two hands** (:class:`PairOdds`): from the 169x169 class table of
:func:`pokerengine.decisions.preflop.class_table` (exact integer counts over every disjoint pair of
combinations and every board), so card removal between the two hands is exact: ``win[a, b]``,
``tie[a, b]``, ``lose[a, b]`` are the probabilities for class ``a`` against class ``b``, and
``cond[a, b]`` the probability that the other player's class is ``b`` given one's own is ``a``
(the disjoint combination pairs, row-normalised).  Until that table ships,
:func:`sampled_table` gives one of the same shape from sampled boards (exact over the combination
pairs of each board; about 0.5-1% error per entry at 400 boards).

**Three or more hands** (:class:`BoardModel`): exact enumeration per class triple is infeasible in
a solver's inner loop, so the method is stated: ``K`` boards are sampled once (seeded); on each,
every combination's seven-card value comes from :func:`pokerengine.hands.vector.rank_holes`.
Given the board, the players' hole cards are drawn **independently**, each from his range (a
weight per class, spread evenly over the class's combinations that miss the board).  So the
correlation a shared board creates (three pairs: whoever flops a set beats both) is kept; what is
lost is the card removal *between* the hands (two players may both hold the same card) and the
board sample's noise.  Orders of the hands are strict; a tie of two hands counts half each way
(exact in chips for two tied hands; three-way ties are approximated) and each perspective's
probabilities are renormalised to add up to 1.  For a player at the showdown the other hands'
orders are computed for each of his combinations by chains of cumulative sums over the board's
sorted values; for a player who folded, unconditionally.

**By who wins each pot** (:meth:`BoardModel.pot_showdown`, what the solver uses): the chips
after a showdown depend on the order of the hands only through the winner of each side pot.
With the hands numbered by contribution, the main pot goes to the best hand, the next pot to the
best of the hands that contributed more, and so on: ``2 ** (k - 1)`` ways (:func:`pot_sequences`)
instead of ``k!`` orders (9 hands: 256 against 362,880).  Under the same model (hands
independent given the board) each way's probability is a chain of cumulative sums over the
board's sorted values: each pot's winner above every hand of its segment (the hands between it
and the previous winner) and above the next pot's winner; ties count half per comparison, as
above, and each perspective is renormalised.  Without ties it equals the sum of the orders'
probabilities; with ties the two conventions differ slightly (on 3-way ties this one's weights
add up to exactly 1; the first-place probabilities of the 12 triples below differ from the
orders' by 0.0009 on average, 0.0022 at most, at 2,048 boards).  Tests: a brute force of the
same model over every board and combination, and the pot code giving every order of the hands the
stacks of its way.

Measured error (``tests/decisions/test_decisions_showdown.py``, :func:`triple_error`): the probability of
finishing first (ties shared) for 12 class triples (AA/KK/QQ, AKs/QQ/JTs, A5s/KQo/77 and 9 drawn
at random), against exact enumeration of every board for 40 deals of each triple (every deal when
there are fewer): mean absolute error 0.027, largest 0.067 with 256 boards; 0.018 and 0.047 with
1,024; 0.012 and 0.042 with 2,048 (the solver's default).  AA/KK/QQ: 0.669/0.167/0.164 against
exact 0.670/0.178/0.152.  The largest errors are triples whose hands share ranks (AKs/QQ/JTs:
the queens the pair holds are the straight cards the others need), the card removal the model
leaves out.

Limits: a ``BoardModel`` holds ``K x 1,326`` values and indices (about ``27 K`` KB; ``K`` at most
4,096).  On each board the combinations fall into at most about 140 groups of equal value, and
one evaluation of a ``k``-handed showdown costs about ``2 e (k - 1)!`` cumulative sums plus
``k! k`` products over ``K x 140`` cells (:func:`showdown_cells`): 0.06 s for three hands at 1,024
boards, 0.2 s for four, 0.4 s for five at 512 boards, 0.7 s for six at 128, 1.4 s for seven at
32; showdowns of four or more hands use fewer boards (:meth:`BoardModel.boards_for`).  By pots
(:func:`pot_cells`, one BLAS thread, 2 shared cores): 44 ms for three hands at 2,048 boards, 5 ms
for four at 128, 3 ms for five at 32, 7 ms for six, 15 ms for seven, 30 ms for eight, 66 ms for
nine at 32 boards (against 0.5 s for six hands by orders).  Memory is bounded by taking the
boards in slices (:data:`CHUNK_BYTES`).

>>> odds = PairOdds.of(sampled_table(64, seed=1))
>>> from pokerengine.decisions.combos import class_index
>>> aa, kk = class_index("AA"), class_index("KK")
>>> bool(0.75 < odds.win[aa, kk] < 0.88), bool(abs(odds.win[aa, kk] - odds.lose[kk, aa]) < 1e-12)
(True, True)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from ..errors import DecisionInputError
from ..hands.vector import deck_indices, rank_holes, subsets
from .combos import CLASS_COMBOS, CLASS_SIZES, CLASSES, COMBO_CARDS, COMBO_CLASS, COMBOS, class_index, combo_index
from .preflop import class_table

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

BOARDS = 1_712_304  # C(48, 5): the boards two known hands leave
MAX_BOARDS = 4096
BOARDS_BY_HANDS = {3: MAX_BOARDS, 4: 1024, 5: 512, 6: 128}
EVALUATION_CELLS = 3.5e9  # one evaluation of every multiway showdown: about 3.5 s (six players untouched)
CHUNK_BYTES = 160 << 20
"""About the most memory one slice of a multiway showdown's chains takes (160 MiB)."""


def showdown_cells(k: int, boards: int, groups: int = 700) -> float:
    """About how many cell operations one showdown of ``k`` hands takes over ``boards`` boards
    (``groups`` distinct values a board, about 700 at most)."""
    chains = 2 * sum(math.perm(k - 1, m) for m in range(k)) * 4 + math.factorial(k) * k * 5
    return float(chains) * boards * groups + k * boards * COMBOS * 20

def pot_cells(k: int, boards: int, groups: int = 140) -> float:
    """About how many cell operations one :meth:`BoardModel.pot_showdown` of ``k`` hands takes
    (``2 ** (k - 1)`` ways to win the pots, about ``8 k`` array operations each, over ``boards x groups``
    cells; and each seat's values gathered from the boards' combinations)."""
    return float(8 * k * (1 << (k - 1))) * boards * groups + 6 * k * boards * 200


_CLASS = np.array(COMBO_CLASS, dtype=np.intp)
_SIZES = np.array(CLASS_SIZES, dtype=np.float64)
_CARDS = np.array(COMBO_CARDS, dtype=np.intp)
_MASK = (np.uint64(1) << _CARDS[:, 0].astype(np.uint64)) | (np.uint64(1) << _CARDS[:, 1].astype(np.uint64))


@attrs.frozen(eq=False)
class SampledTable:
    """A class table of the shape :func:`~pokerengine.decisions.preflop.class_table` returns,
    estimated from sampled boards: ``pairs`` exact, ``win``/``tie`` scaled to ``boards`` per pair."""

    pairs: Any
    win: Any
    tie: Any
    boards: int
    sampled: int


def _disjoint() -> NDArray[np.bool_]:
    out: NDArray[np.bool_] = (_MASK[:, None] & _MASK[None, :]) == 0
    return out


_TABLES: dict[tuple[int, int], SampledTable] = {}


def sampled_table(boards: int = 400, seed: int = 0) -> SampledTable:
    """A 169x169 class table from ``boards`` random boards (exact over the combination pairs of
    each board): for development and fast tests where the exact table is not needed.  About 12 ms
    a board; cached."""
    if type(boards) is not int or not 1 <= boards <= MAX_BOARDS:
        raise DecisionInputError(f"boards must be an integer from 1 to {MAX_BOARDS}, got {boards!r}")
    got = _TABLES.get((boards, seed))
    if got is not None:
        return got
    rng = np.random.default_rng(seed)
    sample = np.array([rng.choice(52, 5, replace=False) for _ in range(boards)])
    values = rank_holes(sample).astype(np.int32)
    iu, ju = np.triu_indices(COMBOS, 1)
    keep = _disjoint()[iu, ju]
    iu, ju = iu[keep], ju[keep]
    cell = _CLASS[iu] * CLASSES + _CLASS[ju]
    cell_t = _CLASS[ju] * CLASSES + _CLASS[iu]
    win = np.zeros(CLASSES * CLASSES)
    tie = np.zeros(CLASSES * CLASSES)
    seen = np.zeros(CLASSES * CLASSES)
    for v in values:
        a, b = v[iu], v[ju]
        ok = (a > 0) & (b > 0)
        w, t, lo = ok & (a > b), ok & (a == b), ok & (a < b)
        n = CLASSES * CLASSES
        win += np.bincount(cell, w, n) + np.bincount(cell_t, lo, n)
        tie += np.bincount(cell, t, n) + np.bincount(cell_t, t, n)
        seen += np.bincount(cell, ok, n) + np.bincount(cell_t, ok, n)
    pairs = np.bincount(cell, minlength=CLASSES * CLASSES) + np.bincount(cell_t, minlength=CLASSES * CLASSES)
    scale = pairs * BOARDS / np.maximum(seen, 1)
    total = pairs.reshape(CLASSES, CLASSES).astype(np.int64) * BOARDS
    w = np.rint(win * scale).reshape(CLASSES, CLASSES).astype(np.int64)
    t = np.rint(tie * scale).reshape(CLASSES, CLASSES).astype(np.int64)
    # whole counts that add up as the exact table's do: a's wins are b's losses, the diagonal even
    upper = np.triu(np.ones((CLASSES, CLASSES), dtype=bool), 1)
    w = np.where(upper.T, (total - w - t).T, w)
    d = np.arange(CLASSES)
    w[d, d] = (total[d, d] - t[d, d]) // 2
    t[d, d] = total[d, d] - 2 * w[d, d]
    table = SampledTable(total // BOARDS, w, t, BOARDS, boards)
    _TABLES[(boards, seed)] = table
    return table


def default_table() -> Any:
    """The package's exact class table (:func:`.preflop.class_table`, shipped with it)."""
    return class_table()


_ODDS: dict[int, tuple[Any, PairOdds]] = {}


@attrs.frozen(eq=False)
class PairOdds:
    """Two-hand showdown probabilities per class pair, and the class of one hand given the other's."""

    win: Array
    tie: Array
    lose: Array
    cond: Array
    joint: Array  # the disjoint combination pairs per class pair, over all of them

    @classmethod
    def of(cls, table: Any) -> PairOdds:
        """The odds of a class table (the last one asked for is kept)."""
        got = _ODDS.get(id(table))
        if got is not None and got[0] is table:
            return got[1]
        odds = cls._of(table)
        _ODDS.clear()
        _ODDS[id(table)] = (table, odds)
        return odds

    @classmethod
    def _of(cls, table: Any) -> PairOdds:
        pairs = np.asarray(table.pairs, dtype=np.float64)
        if pairs.shape != (CLASSES, CLASSES):
            raise DecisionInputError(f"a class table has {CLASSES}x{CLASSES} arrays")
        total = pairs * float(table.boards)
        safe = np.where(total > 0, total, 1.0)
        win = np.asarray(table.win, dtype=np.float64) / safe
        tie = np.asarray(table.tie, dtype=np.float64) / safe
        lose = np.where(total > 0, 1.0 - win - tie, 0.0)
        cond = pairs / pairs.sum(axis=1, keepdims=True)
        return cls(win, tie, lose, cond, pairs / pairs.sum())


_MODELS: dict[tuple[int, int], BoardModel] = {}


@attrs.frozen(eq=False)
class BoardModel:
    """``K`` sampled boards and, on each, every combination's group of equal seven-card values
    (groups numbered from the weakest; group ``0`` holds the combinations that meet the board)."""

    boards: NDArray[np.intp]
    values: NDArray[np.int32]  # (K, 1326), 0 where the combination meets the board
    group: NDArray[np.intp]  # (K, 1326): the combination's group on the board
    groups: int  # groups per board, padded to the largest count
    fits: NDArray[np.float64]  # (K, 1326): 1 where the combination misses the board
    _cells: dict[tuple[int, int], tuple[Any, Any, Any]] = attrs.field(factory=dict, repr=False)

    @classmethod
    def sample(cls, k: int = 256, seed: int = 0) -> BoardModel:
        """``k`` boards drawn with ``seed``; the last few models made are kept (they do not change)."""
        if type(k) is not int or not 1 <= k <= MAX_BOARDS:
            raise DecisionInputError(f"boards must be an integer from 1 to {MAX_BOARDS}, got {k!r}")
        got = _MODELS.get((k, seed))
        if got is None:
            got = cls._sample(k, seed)
            if len(_MODELS) >= 4:
                _MODELS.pop(next(iter(_MODELS)))
            _MODELS[(k, seed)] = got
        return got

    @classmethod
    def _sample(cls, k: int, seed: int) -> BoardModel:
        rng = np.random.default_rng(seed)
        boards = np.array([rng.choice(52, 5, replace=False) for _ in range(k)], dtype=np.intp)
        values = rank_holes(boards).astype(np.int32)
        order = np.argsort(values, axis=1, kind="stable")
        sv = np.take_along_axis(values, order, axis=1)
        new = np.zeros(sv.shape, dtype=np.intp)
        new[:, 1:] = sv[:, 1:] != sv[:, :-1]
        gid = np.cumsum(new, axis=1)
        group = np.take_along_axis(gid, np.argsort(order, axis=1), axis=1)
        return cls(boards, values, group, int(gid.max()) + 1, (values > 0).astype(np.float64))

    @property
    def k(self) -> int:
        return len(self.boards)

    def boards_for(self, k: int) -> int:
        """How many of the boards a showdown of ``k`` hands uses: all for three hands, then fewer
        (1,024 for four, 512 for five, 128 for six, 32 for seven or more), since its cost grows with ``k!``."""
        return min(self.k, BOARDS_BY_HANDS.get(k, 32))

    def chunk(self, k: int) -> int:
        """Boards per slice, so that one slice's chains stay near :data:`CHUNK_BYTES`."""
        chains = 2 * sum(math.perm(k - 1, m) for m in range(k)) + 4
        return max(1, min(self.k, CHUNK_BYTES // (chains * self.groups * 8)))

    def showdown(self, live: Sequence[int], ranges: dict[int, Array],
                 utility: Callable[[tuple[int, ...]], Array], players: int,
                 check: Callable[[], None] | None = None, boards: int | None = None) -> tuple[dict[int, Array], Array]:
        """Expected utilities of a showdown of the ``live`` seats (three or more).

        ``ranges[s]``: seat ``s``'s weight per class; ``utility(order)``: the payoff vector (one per
        seat) when the hands rank in ``order`` (best first).  Returns, for each live seat, its
        expected payoff per class of its own hand, and the expected payoff vector unconditioned
        (for the seats that folded).  The boards are taken in slices (:meth:`chunk`), so memory
        stays near :data:`CHUNK_BYTES` whatever ``k``.  ``boards``: use only the first this many
        boards (default :meth:`boards_for`)."""
        live = tuple(live)
        orders = [tuple(p) for p in itertools.permutations(live)]
        pay = {o: utility(o) for o in orders}
        weights = {s: np.asarray(ranges[s], dtype=np.float64) for s in live}
        used = self.boards_for(len(live)) if boards is None else max(1, min(boards, self.k))
        step = self.chunk(len(live))
        prob = np.zeros(len(orders))
        top = {s: np.zeros(CLASSES) for s in live}
        bottom = {s: np.zeros(CLASSES) for s in live}
        for lo in range(0, used, step):
            part = slice(lo, min(used, lo + step))
            self._slice(part, live, orders, pay, weights, prob, top, bottom, check)
        total = prob.sum()
        folded = (prob / total) @ np.array([pay[o] for o in orders]) if total > 0 else np.zeros(players)
        mine = {s: np.divide(top[s], bottom[s], out=np.zeros(CLASSES), where=bottom[s] > 0) for s in live}
        return mine, folded

    def _slice(self, part: slice, live: tuple[int, ...], orders: list[tuple[int, ...]],
               pay: dict[tuple[int, ...], Array], weights: dict[int, Array], prob: Array,
               top: dict[int, Array], bottom: dict[int, Array], check: Callable[[], None] | None) -> None:
        rows = part.stop - part.start
        g = self.groups
        flat = (self.group[part] + np.arange(rows)[:, None] * g).ravel()
        fits = self.fits[part]
        # each hand's weight on each group of each board (the class's weight on every combination that misses it)
        f = {s: np.bincount(flat, (weights[s][_CLASS][None, :] * fits).ravel(), rows * g).reshape(rows, g)
             for s in live}
        one = np.ones((rows, g))
        below: dict[tuple[int, ...], Array] = {(): one}
        above: dict[tuple[int, ...], Array] = {(): one}

        def down(seq: tuple[int, ...]) -> Array:  # P(v > seq[0] > seq[1] > ...) per group v, ties half
            got = below.get(seq)
            if got is None:
                h = f[seq[0]] * down(seq[1:])
                got = np.cumsum(h, axis=1)
                got -= 0.5 * h
                below[seq] = got
                if check is not None:
                    check()
            return got

        def up(seq: tuple[int, ...]) -> Array:  # P(seq[0] > ... > seq[-1] > v) per group v, ties half
            got = above.get(seq)
            if got is None:
                h = f[seq[-1]] * up(seq[:-1])
                c = np.cumsum(h, axis=1)
                got = c[:, -1:] - c
                got += 0.5 * h
                above[seq] = got
                if check is not None:
                    check()
            return got

        for k, o in enumerate(orders):
            prob[k] += float((f[o[0]] * down(o[1:])).sum())
        for s in live:
            num = np.zeros((rows, g))
            den = np.zeros((rows, g))
            for o in orders:
                r = o.index(s)
                p = up(o[:r]) * down(o[r + 1:])
                num += p * pay[o][s]
                den += p
            top[s] += np.bincount(_CLASS, (num.ravel()[flat].reshape(rows, COMBOS) * fits).sum(axis=0), CLASSES)
            bottom[s] += np.bincount(_CLASS, (den.ravel()[flat].reshape(rows, COMBOS) * fits).sum(axis=0), CLASSES)
        del down, up  # the recursive closures form a cycle: break it so the chains go now, not at a collection

    def pot_showdown(self, live: Sequence[int], ranges: dict[int, Array], pays: Array, players: int,
                     check: Callable[[], None] | None = None, boards: int | None = None,
                     full: bool = False) -> tuple[dict[int, Array], Array]:
        """Expected payoffs of a showdown of the ``live`` seats (three or more), by who wins each pot.

        ``live``: the seats **in order of their contributions, smallest first**; ``pays[t]``: the
        payoff vector (one per seat) when the pots are won as :func:`pot_sequences` ``(k)[t]`` says
        (the stacks after the hand depend on the order of the hands only through that, so
        ``2 ** (k - 1)`` outcomes replace the ``k!`` orders of :meth:`showdown`).  The same board
        model: on each board hands independent given the board, each weighted by its range; a
        pot's winner beats every other hand eligible for it, ties counted half per comparison (the
        winner against each hand of its segment and against the next pot's winner), each
        perspective renormalised.  Returns, for each live seat, its expected payoff per class of its
        own hand (``full``: the whole payoff vector per class, shape ``(169, players)``), and the
        expected payoff vector unconditioned (for the seats that folded)."""
        live = tuple(live)
        k = len(live)
        seqs = pot_sequences(k)
        pays = np.asarray(pays, dtype=np.float64)
        weights = [np.asarray(ranges[s], dtype=np.float64) for s in live]
        used = self.boards_for(k) if boards is None else max(1, min(boards, self.k))
        step = self.pot_chunk(k)
        prob = np.zeros(len(seqs))
        # full: each seat's probability of each way to win the pots, per class; else its payoff and total
        top = [np.zeros((len(seqs) if full else 1, CLASSES)) for _ in live]
        bottom = [np.zeros(CLASSES) for _ in live]
        for lo in range(0, used, step):
            part = slice(lo, min(used, lo + step))
            self._pot_slice(part, k, seqs, pays[:, list(live)], weights, prob, top, bottom, check, full)
        total = prob.sum()
        folded = (prob / total) @ pays if total > 0 else np.zeros(players)
        mine = {}
        for pos, s in enumerate(live):
            got = top[pos].T @ pays if full else top[pos].T
            den = bottom[pos][:, None]
            got = np.divide(got, den, out=np.zeros_like(got), where=den > 0)
            mine[s] = got if full else got[:, 0]
        return mine, folded

    def pot_chunk(self, k: int) -> int:
        """Boards per slice of :meth:`pot_showdown`, so that its arrays stay near :data:`CHUNK_BYTES`."""
        arrays = (1 << (k + 1)) + k * k + 2 * k + 8
        return max(1, min(self.k, CHUNK_BYTES // (arrays * self.groups * 8)))

    def _pot_slice(self, part: slice, k: int, seqs: list[tuple[int, ...]], pays: Array, weights: list[Array],
                   prob: Array, top: list[Array], bottom: list[Array], check: Callable[[], None] | None,
                   full: bool) -> None:
        rows = part.stop - part.start
        g = self.groups
        cell, cls, count = self.cells(part)
        f = [np.bincount(cell, w[cls] * count, rows * g).reshape(rows, g) for w in weights]
        below = [np.cumsum(x, axis=1) - 0.5 * x for x in f]  # P(the hand ranks below v), ties half
        one = np.ones((rows, g))
        segs: dict[tuple[int, int, int], Array] = {}
        ups: dict[tuple[int, ...], Array] = {(): one}
        downs: dict[tuple[int, tuple[int, ...]], Array] = {}

        def seg(prev: int, cur: int, skip: int = -1) -> Array:  # every hand between two pot winners below v
            key = (prev, cur, skip)
            got = segs.get(key)
            if got is None:
                if skip < 0:
                    got = one if cur == prev + 1 else seg(prev, cur - 1) * below[cur - 1]
                else:
                    got = one
                    for j in range(prev + 1, cur):
                        if j != skip:
                            got = got * below[j]
                segs[key] = got
            return got

        def up(prefix: tuple[int, ...]) -> Array:  # the pot winners of prefix, in turn, all above v
            got = ups.get(prefix)
            if got is None:
                prev = prefix[-2] if len(prefix) > 1 else -1
                h = up(prefix[:-1]) * f[prefix[-1]] * seg(prev, prefix[-1])
                c = np.cumsum(h, axis=1)
                got = c[:, -1:] - c + 0.5 * h
                ups[prefix] = got
                if check is not None:
                    check()
            return got

        def down(prev: int, suffix: tuple[int, ...]) -> Array:  # the later pots' winners, in turn, below v
            if not suffix:
                return one
            key = (prev, suffix)
            got = downs.get(key)
            if got is None:
                h = f[suffix[0]] * seg(prev, suffix[0]) * down(suffix[0], suffix[1:])
                got = np.cumsum(h, axis=1) - 0.5 * h
                downs[key] = got
                if check is not None:
                    check()
            return got

        num = [np.zeros((rows, g)) for _ in range(k)]
        den = [np.zeros((rows, g)) for _ in range(k)]

        def record(pos: int, t_seq: int, p: Array, pay: float) -> None:
            if full:  # this way's probability per class, at once
                top[pos][t_seq] += np.bincount(cls, p.ravel()[cell] * count, CLASSES)
            else:
                num[pos] += p * pay
            den[pos] += p
        for t_seq, seq in enumerate(seqs):
            pay = pays[t_seq]
            prev = -1
            for t, w in enumerate(seq):
                both = up(seq[:t]) * down(w, seq[t + 1:])
                if t == 0:
                    prob[t_seq] += float((both * f[w] * seg(prev, w)).sum())
                record(w, t_seq, both * seg(prev, w), pay[w])
                if w > prev + 1:
                    core = both * f[w]
                    for j in range(prev + 1, w):
                        h = core * seg(prev, w, j) if w > prev + 2 else core
                        c = np.cumsum(h, axis=1)
                        record(j, t_seq, c[:, -1:] - c + 0.5 * h, pay[j])
                prev = w
        for pos in range(k):
            if not full:
                top[pos][0] += np.bincount(cls, num[pos].ravel()[cell] * count, CLASSES)
            bottom[pos] += np.bincount(cls, den[pos].ravel()[cell] * count, CLASSES)
        del seg, up, down, record

    def cells(self, part: slice) -> tuple[NDArray[np.intp], NDArray[np.intp], Array]:
        """The boards ``part`` as (board, group) cells against classes: for each pair of a cell and a
        class holding combinations that miss the board in that group, the cell (row-major over the
        slice's ``rows x groups``), the class and how many combinations (about a seventh of the
        ``rows x 1,326`` combinations; cached)."""
        key = (part.start, part.stop)
        got = self._cells.get(key)
        if got is None:
            rows = part.stop - part.start
            flat = (self.group[part] + np.arange(rows)[:, None] * self.groups).ravel()
            keep = self.fits[part].ravel() > 0
            both = flat[keep] * CLASSES + np.tile(_CLASS, rows)[keep]
            u, n = np.unique(both, return_counts=True)
            got = (u // CLASSES, u % CLASSES, n.astype(np.float64))
            if len(self._cells) >= 64:
                self._cells.clear()
            self._cells[key] = got
        return got

    def cost(self, k: int) -> float:
        """About how many cell operations one showdown of ``k`` hands takes."""
        return showdown_cells(k, self.boards_for(k), self.groups)


def budget_boards(sizes: Sequence[int], boards: int, groups: int = 140) -> dict[int, int]:
    """Boards per showdown size so that one evaluation of every showdown stays near
    :data:`EVALUATION_CELLS`: the sizes' own counts (:data:`BOARDS_BY_HANDS`), halved for
    in rounds (each halves every size still above 32 once, the largest first) until under the budget
    (seven players and more).

    >>> budget_boards([3, 3, 2], 2048)
    {3: 2048}
    >>> budget_boards([3] * 35 + [4] * 35 + [5] * 21 + [6] * 7 + [7], 2048)
    {3: 2048, 4: 1024, 5: 256, 6: 64, 7: 32}
    >>> budget_boards([3] * 84 + [4] * 126 + [5] * 126 + [6] * 84 + [7] * 36 + [8] * 9 + [9], 2048)
    {3: 256, 4: 128, 5: 64, 6: 32, 7: 32, 8: 32, 9: 32}
    """

    count = Counter(k for k in sizes if k >= 3)
    used = {k: min(boards, BOARDS_BY_HANDS.get(k, 32)) for k in sorted(count)}

    def cells() -> float:
        return sum(c * pot_cells(k, used[k], groups) for k, c in count.items())

    while cells() > EVALUATION_CELLS:  # rounds: each halves every size above 32 once, the largest first
        cut = False
        for k in sorted(count, reverse=True):
            if used[k] > 32 and cells() > EVALUATION_CELLS:
                used[k] //= 2
                cut = True
        if not cut:
            break
    return used


def pot_sequences(k: int) -> list[tuple[int, ...]]:
    """The ways ``k`` hands all in can share the pots: with the hands numbered by contribution,
    smallest first, the winner of the main pot (the best hand), then the best of the hands that
    contributed more, and so on to the largest contribution (``2 ** (k - 1)`` sequences).

    >>> pot_sequences(3)
    [(0, 1, 2), (0, 2), (1, 2), (2,)]
    """
    out: list[tuple[int, ...]] = []

    def walk(start: int, acc: tuple[int, ...]) -> None:
        for i in range(start, k):
            if i == k - 1:
                out.append((*acc, i))
            else:
                walk(i + 1, (*acc, i))

    walk(0, ())
    return out


def pot_ranking(seq: Sequence[int], live: Sequence[int]) -> tuple[int, ...]:
    """An order of the ``live`` seats (by contribution, smallest first) in which the pots are won as
    ``seq`` says: its winners first, then the rest.

    >>> pot_ranking((1, 2), (7, 8, 9))
    (8, 9, 7)
    """
    return tuple([live[i] for i in seq] + [live[j] for j in range(len(live)) if j not in seq])


def exact_triple(hands: Sequence[str], limit: int | None = None) -> NDArray[np.float64]:
    """Exact probabilities of each hand finishing first (ties shared) for three or more classes or
    combinations, over every disjoint deal of combinations and every board; for tests.

    ``hands``: class names (``"AA"``) or combinations (``"AsKs"``).  ``limit``: at most this many
    combination tuples (a seeded sample of them) when the classes have more."""
    options: list[list[int]] = []
    for h in hands:
        if len(h) == 4:
            options.append([combo_index(*deck_indices(h))])
        else:
            options.append(list(CLASS_COMBOS[class_index(h)]))
    deals = [d for d in itertools.product(*options) if len(set(c for x in d for c in COMBO_CARDS[x])) == 2 * len(d)]
    if limit is not None and len(deals) > limit:
        rng = np.random.default_rng(0)
        deals = [deals[i] for i in sorted(rng.choice(len(deals), limit, replace=False))]
    share = np.zeros(len(hands))
    total = 0.0
    for deal in deals:
        used = sorted(c for x in deal for c in COMBO_CARDS[x])
        rest = np.array([c for c in range(52) if c not in used])
        idx = subsets(len(rest), 5)
        boards = rest[idx]
        vals = np.concatenate([rank_holes(boards[i:i + 400_000], list(deal)) for i in range(0, len(boards), 400_000)])
        best = vals.max(axis=1, keepdims=True)
        top = vals == best
        share += (top / top.sum(axis=1, keepdims=True)).sum(axis=0)
        total += len(boards)
    return np.asarray(share / total, dtype=np.float64)


def model_first(model: BoardModel, hands: Sequence[str]) -> NDArray[np.float64]:
    """The board model's probability of each class finishing first (ties shared), as the solver
    sees it from each player's own seat; for measuring the model's error against :func:`exact_triple`."""
    n = len(hands)
    ranges = {}
    for s, h in enumerate(hands):
        w = np.zeros(CLASSES)
        w[class_index(h)] = 1.0
        ranges[s] = w

    def first(order: tuple[int, ...]) -> Array:
        u = np.zeros(n)
        u[order[0]] = 1.0
        return u

    mine, _ = model.showdown(tuple(range(n)), ranges, first, n)
    return np.array([mine[s][class_index(h)] for s, h in enumerate(hands)])


def triple_error(model: BoardModel, triples: Sequence[Sequence[str]], limit: int | None = 60) -> tuple[float, float]:
    """Mean and largest absolute error of :func:`model_first` against :func:`exact_triple`."""
    errors = [np.abs(model_first(model, t) - exact_triple(t, limit)) for t in triples]
    flat = np.concatenate(errors)
    return float(flat.mean()), float(flat.max())


__all__ = ["BOARDS", "EVALUATION_CELLS", "BoardModel", "PairOdds", "SampledTable", "budget_boards", "default_table", "exact_triple", "model_first",
           "pot_ranking", "pot_sequences", "sampled_table", "triple_error"]
