"""The real deal, sampled: a push/fold solve's best-response gains with every hand and the board from one deck.

From four players on the solver works in each player's view (:mod:`.pairwise`): its certificate is
exact for that game, not for poker.  :func:`deal_check` measures the strategies in poker itself:

- **Deals sampled** (seeded): the ``n`` hands and five board cards from one shuffled deck, so a
  folded player's cards are out of every other hand and of the board, and three or more hands all
  in remove cards from each other.  Each hand is ranked on the board by
  :func:`pokerengine.hands.vector.rank7`.
- **Strategies integrated exactly**: on each deal every ending of the betting carries the
  probability of every player's actions with the class he holds; only the cards are sampled.
- **Payoffs**: the solver's own for each ending (the pot code's chips, or the payout model's money,
  bounties included).  Two hands at a showdown: first wins, tie (the pot split as the pot code
  splits it) or second wins.  Three or more: the pots are won by the hands that beat every hand
  that put in more (the "records from the right" of the hands by contribution), ties between
  hands broken uniformly at random, so a tie's value is the average of the orders it allows (as
  the solver's board model counts it).
- **Gains**: for each decision point and class the mean value of pushing (calling) and of folding
  over the deals where the deciding seat holds that class; a seat's gain is its best response's
  (the better action at every point and class) less its strategy's, prior-weighted, in big blinds
  (chip EV) or percent of the pool.  The exploitability is the largest gain.

**Errors.**  The deals go to :data:`GROUPS` groups (batch means): ``standard_error`` is that of the
largest seat's gain with its better actions held fixed.  The plain gain takes the better of two
noisy values, so near indifference it is biased **up** (a cautious figure); ``lower`` chooses the
better actions on half the groups and prices them on the other half (both ways, averaged), biased
down.  The true exploitability lies between, up to the errors; more deals narrow the bracket.

An independent checker written from the rules (``tests/realdeal_nway_oracle.py``: its own walk of
the betting, the pot code on every deal, ties split in chips) agrees within the standard errors
(``tests/decisions/test_decisions_dealcheck.py``).

Limits: ``deals`` at most :data:`MAX_DEALS`; memory about ``points x 24 x batch`` bytes, about
150 MB at most (:data:`CELLS`; the batch shrinks as the decision points grow: 511 at nine players;
measured, a nine-handed check stays under the peak of building the solver, 486 MB), and
:data:`MAX_TIED` tie payoffs kept; ``check`` (a deadline's) is called between batches.  Time on two
idle cores, a default solve's strategies (ICM): 1.5 s a million deals four-handed, 3.1 s six-handed,
19 s nine-handed; about twice that with two busy processes beside it
(``benchmarks/bench_dealcheck.py``).

>>> from pokerengine.decisions.equilibrium import build
>>> from pokerengine.decisions.game import make_game
>>> solver = build(make_game([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20)))
>>> got = deal_check(solver, solver.sigma, deals=20_000)
>>> got.deals, got.exploitability > got.lower, len(got.gains)
(20000, True, 4)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from ..errors import DecisionInputError
from ..hands.vector import rank7
from .combos import CLASS_SIZES, CLASSES, COMBO_CARDS, COMBO_CLASS, COMBOS
from .result import DealCheck, Equilibrium
from .showdown import pot_sequences

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

MAX_DEALS = 1_000_000_000
GROUPS = 16
"""Batch means: the deals are spread over this many groups for the standard errors and the halves."""
CELLS = 12_000_000
"""Floats per batch for the per-point values (``points x 2 x batch``, 96 MB at most): the batch is sized
by it (nine players: 11,741 deals a batch; fewer players: 20,000)."""
AUTO_FIRST = 500_000
"""The default check's first look (:func:`until_within`), rounded up to whole rounds of the groups."""
AUTO_MOST = 32_000_000
"""The default check's most deals (with no time bound: about 10 minutes nine-handed)."""
MAX_TIED = 50_000
"""Ways ties share a showdown's pots valued exactly (each by the pot code and the payout model, then
kept); past them a tie not yet seen is broken at random (the average of the orders it allows, the
solver's board model's convention) and the deals so settled are counted (``DealCheck.ties_by_order``)."""
PRIOR = np.array(CLASS_SIZES, dtype=np.float64) / COMBOS
_PAIR = np.zeros((52, 52), dtype=np.intp)
for _k, (_a, _b) in enumerate(COMBO_CARDS):
    _PAIR[_a, _b] = _PAIR[_b, _a] = _k
_CLASS = np.array(COMBO_CLASS, dtype=np.intp)


def deal_check(solver: Any, sigma: dict[int, Array], deals: int = 1_000_000, seed: int = 1,
               check: Callable[[], None] | None = None, stop_at: float | None = None) -> DealCheck:
    """The real-deal gains of ``sigma`` (seat -> per decision point, 169 push/call probabilities, as
    the solver keeps them) in ``solver``'s game, from ``deals`` seeded deals (module docstring).
    ``check`` is called between batches (a deadline's: it may raise); past ``stop_at``
    (:func:`time.monotonic`) the check ends with the deals done, once every group has some."""
    if type(deals) is not int or not GROUPS <= deals <= MAX_DEALS:
        raise DecisionInputError(f"deals must be an integer from {GROUPS} to {MAX_DEALS:,}, got {deals!r}")
    began = time.perf_counter()
    run = Sampler(solver, sigma, seed, deals)
    run.run(deals, check, stop_at)
    return run.result(time.perf_counter() - began)


def until_within(solver: Any, sigma: dict[int, Array], tolerance: float, seed: int = 1,
                 stop_at: float | None = None, more: bool = True) -> DealCheck:
    """The check :func:`solve` runs by default (``check_deals=None``): looks at :data:`AUTO_FIRST`
    deals or more (whole rounds of the :data:`GROUPS` batches), then at twice as many each time, until
    the plain estimate plus two standard errors is within ``tolerance`` (:meth:`DealCheck.within`),
    :data:`AUTO_MOST` deals are done, ``stop_at`` has passed (the deals done by then, at least one
    round) or the lower estimate less two standard errors is above the tolerance; ``more`` false: the first look only (a solve that missed its tolerance in the model game
    cannot be certified by the check).  The deals of every look are those of :func:`deal_check` with
    as many deals, the same seed: the figures reproduce with it (:func:`.verify.check_equilibrium`).
    Several looks make a noisy check that happens to dip within the tolerance likelier to stop: the
    plain estimate's bias up, which falls as the deals grow, is the margin against it."""
    began = time.perf_counter()
    run = Sampler(solver, sigma, seed, AUTO_MOST)
    per_round = GROUPS * run.batch
    goal = -(-AUTO_FIRST // per_round) * per_round
    while True:
        run.run(goal, None, stop_at)
        got = run.result(time.perf_counter() - began)
        hopeless = got.lower - 2.0 * got.standard_error > tolerance  # even the estimate biased down is above
        if (not more or hopeless or got.within(tolerance) or run.done < goal or 2 * goal > AUTO_MOST
                or (stop_at is not None and time.monotonic() > stop_at)):
            return got
        goal *= 2


class Sampler:
    """The sums behind :func:`deal_check`, grown by :meth:`run`: ``points`` (the decision points
    ``(seat, index)``); per group, point, action (push, fold) and class the summed values
    (``sums``); per group, seat and class the deals (``counts``); per group and seat the summed
    payoffs (``values``); the deals per group (``dealt``).  ``most`` (the most deals it will run)
    sizes the batches, so that a run grown in steps deals what one run of as many deals would."""

    def __init__(self, solver: Any, sigma: dict[int, Array], seed: int, most: int):
        n = solver.game.players
        self.solver, self.sigma, self.seed = solver, sigma, seed
        self.points = [(q, k) for q in sorted(solver.keys) for k in range(len(solver.keys[q]))]
        index = {p: i for i, p in enumerate(self.points)}
        self.plans = []
        for e in solver.ends:
            acts = [(index[(q, solver.keys[q][key])], q, pushed) for q, key, pushed in e.ending.acts]
            look = None
            if len(e.live) >= 3:
                look = np.zeros(1 << len(e.live), dtype=np.intp)
                for t, seq in enumerate(pot_sequences(len(e.live))):
                    look[sum(1 << w for w in seq)] = t
            self.plans.append((acts, look))
        npts = len(self.points)
        self.batch = max(1, min(20_000, CELLS // (2 * max(npts, 1)), -(-most // GROUPS)))
        self.sums = np.zeros((GROUPS, npts, 2, CLASSES))
        self.counts = np.zeros((GROUPS, n, CLASSES))
        self.values = np.zeros((GROUPS, n))
        self.dealt = np.zeros(GROUPS)
        self.tied = _Ties()
        self.rng = np.random.default_rng(seed)
        self.done = 0
        self.group = 0

    def run(self, deals: int, check: Callable[[], None] | None = None, stop_at: float | None = None) -> None:
        """Deal until ``deals`` in all (or ``stop_at`` is past at the end of a round of the groups)."""
        while self.done < deals:
            g = self.group
            m = min(self.batch, deals - self.done)
            _batch(self.solver, self.sigma, self.points, self.plans, self.rng, m, self.sums[g], self.counts[g],
                   self.values[g], self.tied)
            self.done += m
            self.dealt[g] += m
            self.group = (g + 1) % GROUPS
            if check is not None:
                check()
            if stop_at is not None and self.group == 0 and time.monotonic() > stop_at:
                break

    def result(self, seconds: float) -> DealCheck:
        return _gains(self.solver.game, self.sigma, self.points, self.sums, self.counts, self.values, self.dealt,
                      self.seed, seconds, self.tied.by_order)


def sample(solver: Any, sigma: dict[int, Array], deals: int, seed: int, check: Callable[[], None] | None = None,
           stop_at: float | None = None) -> tuple[list[tuple[int, int]], Array, Array, Array, Array, int]:
    """The sums behind :func:`deal_check` (:class:`Sampler`'s, and the showdowns whose tie was broken
    at random)."""
    run = Sampler(solver, sigma, seed, deals)
    run.run(deals, check, stop_at)
    return run.points, run.sums, run.counts, run.values, run.dealt, run.tied.by_order


def _batch(solver: Any, sigma: dict[int, Array], points: list[tuple[int, int]], plans: list[Any],
           rng: np.random.Generator, m: int, sums: Array, counts: Array, values: Array,
           tied: _Ties) -> None:
    """``m`` deals: each point's push and fold values summed by the deciding seat's class into ``sums``."""
    n = solver.game.players
    cards = np.argsort(rng.random((m, 52)), axis=1)[:, :2 * n + 5]
    board = cards[:, 2 * n:]
    cls = np.stack([_CLASS[_PAIR[cards[:, 2 * s], cards[:, 2 * s + 1]]] for s in range(n)], axis=1)
    vals = np.stack([rank7(np.concatenate([cards[:, 2 * s:2 * s + 2], board], axis=1)) for s in range(n)],
                    axis=1).astype(np.int64)
    push = np.stack([sigma[q][k][cls[:, q]] for q, k in points])  # (points, m)
    acc = np.zeros((len(points), 2, m))
    for idx, (e, (acts, look)) in enumerate(zip(solver.ends, plans)):
        r = [push[i] if pushed else 1.0 - push[i] for i, _, pushed in acts]
        zeros = np.sum([x == 0.0 for x in r], axis=0)
        if zeros.min() > 1:
            continue  # on every deal two players' actions have no chance: nothing to count
        rows: Any = slice(None)
        if zeros.max() > 1:  # only the deals where at most one player's action has no chance
            rows = np.flatnonzero(zeros <= 1)
            r = [x[rows] for x in r]
        live = e.live
        v = vals[rows]
        size = len(v)
        if len(live) == 1:
            pay = np.broadcast_to(e.pays, (size, n))
        elif len(live) == 2:
            vi, vj = v[:, live[0]], v[:, live[1]]
            pay = e.pays[np.where(vi > vj, 0, np.where(vi == vj, 1, 2))]
        else:
            pay = _pots(solver.game, idx, e, look, v[:, list(live)], tied)
        before = [np.ones(size)]
        for x in r[:-1]:
            before.append(before[-1] * x)
        after = np.ones(size)
        for k in range(len(acts) - 1, -1, -1):
            i, q, pushed = acts[k]
            acc[i, 0 if pushed else 1, rows] += before[k] * after * pay[:, q]
            after = after * r[k]
        values += after @ pay
    for i, (q, _) in enumerate(points):
        for a in (0, 1):
            sums[i, a] += np.bincount(cls[:, q], acc[i, a], CLASSES)
    for s in range(n):
        counts[s] += np.bincount(cls[:, s], minlength=CLASSES)


def attach(eq: Equilibrium, solver: Any, sigma: dict[int, Array], deals: int | None, seed: int, tolerance: float,
           stop_at: float | None, exact: bool) -> Equilibrium:
    """``eq`` with the real deal's sampled check attached as ``realdeal``: ``deals`` of them
    (:func:`deal_check`), or ``None``: until within the tolerance (:func:`until_within`).  Where the
    solve's certificate is not of the real deal (``exact`` false: four players and more, or three
    without the real deal's card removal) the sample's figure becomes ``exploitability``, the solver's
    own kept as ``model_exploitability``, and ``certified`` asks that its plain estimate plus two
    standard errors be within ``tolerance`` too.  ``deals`` 0: no check; where the certificate is not
    the real deal's, ``model_exploitability`` repeats it and the method says so."""
    if deals == 0:
        if exact or solver.game.players < 3:
            return eq
        return attrs.evolve(eq, model_exploitability=eq.exploitability,
                            method=eq.method + "; the certificate is of this model game, not of the real deal "
                            "(check_deals=0)")
    if deals is None:
        got = until_within(solver, sigma, tolerance, seed, stop_at, more=eq.certified)
    else:
        got = deal_check(solver, sigma, deals, seed, stop_at=stop_at)
    text = (f"; checked in the real deal (every hand and the board from one deck): {got.deals:,} sampled deals "
            f"(seed {seed}), exploitability {got.exploitability:.3g} ± {got.standard_error:.2g} "
            f"(lower estimate {got.lower:.3g})")
    if exact:
        return attrs.evolve(eq, realdeal=got, method=eq.method + text)
    within = got.within(tolerance)
    return attrs.evolve(eq, realdeal=got, exploitability=got.exploitability, model_exploitability=eq.exploitability,
                        certified=eq.certified and within,
                        method=eq.method + text + f", {'within' if within else 'not within'} the tolerance with two "
                        f"standard errors; the model's certificate {eq.exploitability:.3g}")


@attrs.define
class _Ties:
    """The ways ties shared a showdown's pots, valued (``(ending, code) -> payoffs``), and the deals
    whose tie was broken at random past :data:`MAX_TIED`."""

    payoffs: dict[tuple[int, int], Array] = attrs.field(factory=dict)
    by_order: int = 0


def _records(v: Any) -> tuple[Any, Any]:
    """For hands by contribution (``v``: their values, smallest contribution first): the bits of the
    hands that beat every hand that put in more (the pots' winners, the last always one), and whether
    a hand ties the best of those after it (a tie that may share a pot)."""
    m, k = v.shape
    above = np.maximum.accumulate(v[:, ::-1], axis=1)[:, ::-1]  # the best of each suffix
    won = np.full(m, 1 << (k - 1), dtype=np.intp)
    shared = np.zeros(m, dtype=bool)
    for w in range(k - 1):
        won |= (v[:, w] > above[:, w + 1]).astype(np.intp) << w
        shared |= v[:, w] == above[:, w + 1]
    return won, shared


def _pots(game: Any, idx: int, e: Any, look: Any, v: Any, tied: _Ties) -> Array:
    """Each deal's payoffs at a showdown of three or more hands (``v``: their values, the hands by
    contribution, smallest first): without ties for a pot, the pot sequence of the hands that beat
    every hand that put in more; with them, the pots split as the pot code splits them."""
    k = v.shape[1]
    won, shared = _records(v)
    pay: Array = e.pays[look[won]]
    if not shared.any():
        return pay
    rows = np.flatnonzero(shared)
    sub = v[rows]
    label = np.zeros(sub.shape, dtype=np.int64)  # 1 + the step at which a hand shares the best of what is left
    cur = np.full(len(rows), -1)
    cols = np.arange(k)
    for step in range(1, k + 1):
        left = cols[None, :] > cur[:, None]
        best = np.where(left, sub, -1).max(axis=1)
        group = left & (sub == best[:, None]) & (cur < k - 1)[:, None]
        label[group] = step
        cur = np.where(group.any(axis=1), np.where(group, cols[None, :], -1).max(axis=1), cur)
    code = label @ (10 ** np.arange(k, dtype=np.int64))
    pay = pay.copy()
    live = e.live
    put = dict(enumerate(e.ending.put))
    for c, where in zip(*_groups(code)):
        got = tied.payoffs.get((idx, int(c)))
        if got is None and len(tied.payoffs) >= MAX_TIED:  # past the bound: the tie broken at random
            order = sub[where] * 16 + np.argsort(np.random.default_rng(int(c) % 2**32).random((len(where), k)), axis=1)
            pay[rows[where]] = e.pays[look[_records(order)[0]]]
            tied.by_order += len(where)
            continue
        if got is None:
            lab = label[where[0]]
            groups = [[live[w] for w in range(k) if lab[w] == step] for step in range(1, int(lab.max()) + 1)]
            got = np.array(game.payoff(e.ending.live, (), put, ties=groups), dtype=np.float64)
            tied.payoffs[(idx, int(c))] = got
        pay[rows[where]] = got
    return pay


def _groups(code: Any) -> tuple[Any, list[Any]]:
    """The distinct codes and where each occurs."""
    keys, inverse = np.unique(code, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    bounds = np.cumsum(np.bincount(inverse, minlength=len(keys)))[:-1]
    return keys, np.split(order, bounds)


def _gains(game: Any, sigma: dict[int, Array], points: list[tuple[int, int]], sums: Array, counts: Array,
           values: Array, dealt: Array, seed: int, seconds: float, by_order: int) -> DealCheck:
    n = game.players
    scale = game.scale
    seat = np.array([q for q, _ in points], dtype=np.intp)
    strat = np.stack([sigma[q][k] for q, k in points]) if points else np.zeros((0, CLASSES))
    gains, errors, lowers = [], [], []
    for s in range(n):
        rows = seat == s
        if not rows.any():
            gains.append(0.0)
            errors.append(0.0)
            lowers.append(0.0)
            continue
        st = strat[rows]
        total = np.maximum(counts[:, s].sum(axis=0), 1.0)
        mean = sums[:, rows].sum(axis=0) / total
        a, b = mean[:, 0], mean[:, 1]
        gains.append(float((PRIOR * (np.maximum(a, b) - st * a - (1 - st) * b)).sum()) / scale)
        pick = (a > b).astype(np.float64)
        each = sums[:, rows] / (total * (dealt / dealt.sum())[:, None])[:, None, None, :]  # each group's own
        per = (PRIOR * ((pick - st) * each[:, :, 0] + (st - pick) * each[:, :, 1])).sum(axis=(1, 2)) / scale
        errors.append(float(per.std(ddof=1) / np.sqrt(GROUPS)))
        halves = []
        for first, second in ((slice(0, None, 2), slice(1, None, 2)), (slice(1, None, 2), slice(0, None, 2))):
            pa = sums[first][:, rows].sum(axis=0) / np.maximum(counts[first, s].sum(axis=0), 1.0)
            pb = sums[second][:, rows].sum(axis=0) / np.maximum(counts[second, s].sum(axis=0), 1.0)
            ch = (pa[:, 0] > pa[:, 1]).astype(np.float64)
            halves.append(float((PRIOR * ((ch - st) * pb[:, 0] + (st - ch) * pb[:, 1])).sum()) / scale)
        lowers.append(sum(halves) / 2)
    worst = int(np.argmax(gains))
    value = values.sum(axis=0) / dealt.sum()
    return DealCheck(max(gains), errors[worst], max(lowers), tuple(gains), tuple(errors), tuple(lowers),
                     tuple(float(v) for v in value), int(dealt.sum()), seed, seconds, by_order)


__all__ = ["AUTO_FIRST", "AUTO_MOST", "GROUPS", "MAX_DEALS", "MAX_TIED", "Sampler", "attach", "deal_check", "sample",
           "until_within"]
