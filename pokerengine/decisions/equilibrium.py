"""Push/fold equilibria for 2 to 9 players at one table under chip EV or any payout model.

The game is :mod:`.game`'s: every player, in order of action, folds or puts all his chips in;
each one's strategy is, for each set of players already all in when he acts, the probability of
pushing (or calling) with each of the 169 classes.

**The method.**  CFR+ (regret matching plus, linearly averaged strategies), vectorised over the
169 classes with NumPy, all players updated together.  For one player holding class ``a`` the
others' classes are drawn from ``cond[a, .]``, the class of one hand given another's with card
removal (:class:`.showdown.PairOdds`), independently of each other; a two-handed showdown is
settled with the exact class table (card removal exact), three or more hands with the board
model of :class:`.showdown.BoardModel`, by who wins each pot (:meth:`~.showdown.BoardModel.pot_showdown`:
the chips after a showdown of ``k`` hands depend on the order of the hands only through the
winner of each side pot, so ``2 ** (k - 1)`` outcomes stand for the ``k!`` orders exactly; the
model's method and measured error are stated there).  Every outcome's chips come from the
library's pot code (side pots, refunds, split ties) once; payout models value each stack vector
after the hand once (cached).  Showdowns of three or more hands are refreshed every ``refresh``
iterations (their cost dominates); the certificate below always uses fresh ones.  ``lookahead``
values the stacks after the hand by the next hands' equilibria instead of the payout model
(:func:`solve`).

**Three players: the real deal** (``card_removal=True``, the default, or ``"real"``).  Every hand
and the board come from one deck and a player who folded keeps his cards: the values come from
:class:`.realdeal.Deal3`, sums over every deal of three disjoint combinations by class (exact
counts; two-hand showdowns exact over the boards the two hands leave, from the exact
combination table, the folded hand out of the others' hands by inclusion and exclusion), plus
the folded hand's cards out of the board, a correction estimated from ``deals`` seeded deals
(default :data:`DEFAULT_DEALS`, one million; only the correction is sampled).  Three hands all in:
from one deck too, :class:`.threeway.Orders` (the order of the three hands by class triple,
sampled from ``three`` boards x 2,500 deals, default :data:`DEFAULT_THREE` = 10.24 million deals,
projected onto the exact pairwise shares; ``three=0``: the board model, hands independent given the
board).  Each player's values are
then the same joint deal, so the reported values are the solver's own and add up.  Checked by an
independent combination-level checker (``tests/realdeal_oracle.py``): the exact parts agree to
1e-9; 3 x 10 bb chip EV at tolerance 0.0002 bb, the certificate 0.00008 bb, an independent sample
of the three-way orders (41 million deals) 0.00008 bb (the board model's solve: 0.00010); ICM
50/30/20 0.00017% of the pool (docs/decisions.md; with ``card_removal="model"`` 0.00004 bb
certified, 0.00086 bb in the real deal).  Cost: the sums
built once a process (about 6 s exact, 13 s for the correction's million deals, 193 MB), then
about 0.13 s an iteration (3 x 10 bb: 100 iterations, 15 s); the three-way orders about 10 s more
once a process (39 MB kept), an iteration about 0.05 s more.

**Four players and more: folded hands by pairs** (``card_removal=True``, the default, or
``"pairs"``; :mod:`.pairwise`).  Each player sees the others through his own hand, and each player's
hand is drawn given the folds before his action: a folded hand comes from its folding range, by
the exact class-triple counts, one folded player and one other hand at a time (the folds'
factors multiplied and renormalised).  What it leaves out: a later fold's news about an earlier
player's hand, the folded cards in the board, and card removal inside showdowns of three or more
hands.  In the real deal (the independent checker, docs/decisions.md) it takes a tight solve's
exploitability (equal stacks, ICM 50/30/20) from 0.0031% to 0.0012% of the pool four-handed and
from 0.0088% to 0.0021% six-handed.
``card_removal="model"`` is the plain view (folded hands' cards left in the deck).

**What is reported.**  From four players on (and with ``card_removal="model"`` at three) each
player sees the others through his own hand (as the heads-up game does exactly), so each player's values come from his own joint
distribution of the classes and with three or more players their sums miss the pool (measured
at the equilibria below, 50/30/20: +0.015% of the pool for 5000/3000/2000 under ICM, +0.062% for
four equal stacks, +0.087% six-handed).  The solver optimises and certifies those values; the
reported ``ev`` and ``equity`` are the final strategies evaluated under **one** joint deal, the
even mixture of the players' views (:meth:`Solver.report`), so they add up to the pool and the
chip EVs to zero (to rounding, 1e-14 measured).  Each player's reported figure is within 0.025%
of the pool of his own view (measured: 0.002-0.007% three-handed, 0.011-0.025% four-handed,
0.023% six-handed).  With ``card_removal=False`` every player's class is drawn independently with the
class frequencies, all views are the same joint and the two agree.

**How it is fast.**  Each iteration evaluates every ending once for all 169 classes of every
player together (NumPy products of ``169 x 169`` matrices, one BLAS thread: several BLAS threads on
a loaded two-core machine slowed those products 30-70 times, and on an idle one did no better);
a showdown's payoffs come from the orders of its hands that decide its pots (:func:`pot_sequences`),
not from every order; from seven players on, one evaluation of all showdowns is held near
:data:`EVALUATION_CELLS` by giving showdowns fewer boards, in rounds, the largest first
(:func:`budget_boards`, down to 32 boards: the method says which; eight-handed 1,024 boards for
three hands, 512 for four, 128 for five; nine-handed 256, 128, 64 and 32 for more); each distinct
stack vector after a hand is valued by the payout model once (:class:`.game.PushFoldGame`'s cache).

Measured (``benchmarks/bench_pushfold.py --multiway-only``: the exact class table, 2,048 boards,
blinds 100/200, prizes 50/30/20, default tolerances, the board model already sampled, 2 shared
cores with one BLAS thread): 5000/3000/2000 under ICM 1.1 s (exploitability 0.0024% of the pool),
under DCM 0.3 s (0.0011%); 4000/3000/2000/1000 under ICM 1.4 s (0.0074%), DCM 2.7 s (0.0055%);
3000/2500/2000/1500/1000/500 under ICM 9.8 s (0.0070%), chip EV 32 s (0.0025 bb); seven players
(3000/2500/2000/1500/1000/500/2200, ICM) 24 s to 0.0086% of the pool, eight (and 1800) 35 s to
0.0015%, nine (and 1200) 36 s to 0.0018% of the pool (37.5 s in a fresh process with the default
BLAS threads), peak 224 MB; the same nine under chip EV 55 s (0.0034 bb, 75 iterations), under
Malmuth-Weitzman 21 s (0.0094%) (fresh processes less the sampling).  Nine players under Roberts
and DCM are estimated at 1,040 s and 2,800 s (the models' cost per stack vector); DCM is refused at
the default bound (ten times the model game's 180 s of the 300 s), Roberts tried within it.

**The certificate.**  ``exploitability``: against the final (average) strategies, each player's
exact best response in this game (for every decision point and class, the better of pushing and
folding); the largest gain of any player, in big blinds (chip EV) or percent of the prize pool.
The solve stops when it is at most ``tolerance`` (checked every ``check_every`` iterations, the
average and its roundings of :data:`ROUNDINGS` tried until one is certified) or
after ``max_iterations``.  The result's ``certified`` says whether the tolerance was reached.
When ``max_seconds`` runs out after at least one check it returns the best strategies checked so
far; before the first check, the strategies averaged so far with their certificate computed
after the loop (one more evaluation of every showdown); either way ``certified`` is false and
``method`` says so.  The loop stops early enough to leave time for that and for the report
(:data:`RESERVE`), so such a solve ends near ``max_seconds``.  Only a solve stopped before its
first iteration (or refused by the estimate) raises :class:`~pokerengine.errors.ModelTimeout`.
From four players on, by default, that game's certificate is the model's, kept as
``model_exploitability``; the game is solved to :data:`MODEL_SHARE` of the tolerance and the
``exploitability`` is then the real deal's, sampled until within the tolerance (:mod:`.dealcheck`).
The BLAS libraries are held to one thread during the solve (:mod:`.blas`).

Two players: :func:`solve` hands the game to :func:`pokerengine.decisions.headsup.solve_headsup`
(exact) unless ``exact_headsup=False``; this solver reaches the same ranges (a test).

Limits: ``max_seconds`` (default 60; 300 from seven players with the real-deal check) bounds the whole solve, model calls included
(:class:`~pokerengine.errors.ModelTimeout`); before starting, the cost of the showdowns (ways to
win the pots times the board model's cells) and of the payout model's calls (the model's own
:func:`~pokerengine.models.estimate` per stack vector) is estimated and a solve estimated at more
than ten times ``max_seconds`` (with the real-deal check, ten times the model game's
:data:`MODEL_TIME` of it) is refused at once (nine players under DCM: estimated at 2,800 s,
refused).  The reporting after the last check (one more evaluation of every showdown) runs
after the time bound.  Memory: the board model (``boards x 1,326`` cells, about 60 MB at 2,048
boards), the showdowns' slices (about 160 MB at most) and ``2 ** players`` endings with the
payoffs of every way to win their pots (peak 224 MB measured nine-handed).

>>> from pokerengine.decisions.showdown import sampled_table
>>> eq = solve((300, 200, 100), (5, 10), table=sampled_table(32), boards=64, tolerance=0.05, deals=0)
>>> [p.position for p in eq.players], eq.exploitability <= 0.05
(['BTN', 'SB', 'BB'], True)
>>> sorted(eq.player("BB").call)
['BTN', 'BTN+SB', 'SB']
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from .._checks import shown
from ..errors import DecisionInputError, ModelTimeout
from ..models._cost import SLACK, TimeBudget
from .blas import one_blas_thread
from .blinds import ante_pair, antes
from .combos import CLASS_SIZES, CLASSES, COMBOS
from .cost import DEFAULT_BOARDS, estimate_seconds
from .dealcheck import GROUPS, attach
from .dealcheck import MAX_DEALS as CHECK_DEALS
from .game import Ending, Prize, PushFoldGame, endings, make_game
from .headsup import solve_headsup
from .pairwise import SHARED_FROM, Pairwise
from .realdeal import MAX_DEALS, Deal3, build_seconds, strategy_values
from .result import Equilibrium, PlayerStrategy, removal_text
from .showdown import (
    EVALUATION_CELLS,
    MAX_BOARDS,
    BoardModel,
    PairOdds,
    budget_boards,
    default_table,
    pot_ranking,
    pot_sequences,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

PRIOR = np.array(CLASS_SIZES, dtype=np.float64) / COMBOS
DEFAULT_SECONDS = 60.0
CHIP_TOLERANCE = 0.005  # big blinds
PRIZE_TOLERANCE = 0.01  # percent of the pool
DEFAULT_DEALS = 1_000_000  # the board correction's sample (:func:`.realdeal.board_triples`)
DEFAULT_THREE = 4096  # boards of three hands all in from one deck (:class:`.threeway.Orders`): 10.24 million deals
MAX_THREE = 65_536


@attrs.define(eq=False)
class _Ending:
    ending: Ending
    live: tuple[int, ...]  # in order of action
    pays: Any  # |live| == 1: (n,) vector; 2: (3, n) for first wins, tie, second wins; else dict order -> (n,)


@attrs.define(eq=False)
class Solver:
    """The solver's state: the game, its endings, the strategies and regrets (one array per decision point)."""

    game: PushFoldGame
    odds: PairOdds
    boards: BoardModel | None
    cond: Array
    ends: list[_Ending]
    keys: dict[int, dict[frozenset[int], int]]
    sigma: dict[int, Array]  # seat -> (keys, 169)
    regret: dict[int, Array]  # seat -> (keys, 2, 169): push, fold
    total: dict[int, Array]
    weight: float = 0.0
    deadline: TimeBudget | None = None
    _multi: dict[int, tuple[dict[int, Array], Array]] = attrs.field(factory=dict)
    weighted: tuple[Array, Array, Array] = attrs.field(init=False)
    used: dict[int, int] = attrs.field(factory=dict)  # boards per showdown size, when the budget cuts them
    deal: Deal3 | None = None  # three players: every hand and the board from one deck (:mod:`.realdeal`)
    pairs: Pairwise | None = None  # four players and more: the folded hands' removal by pairs (:mod:`.pairwise`)

    def __attrs_post_init__(self) -> None:
        o = self.odds
        self.weighted = (o.cond * o.win, o.cond * o.tie, o.cond * o.lose)

    def in_range(self, sigma: dict[int, Array], e: _Ending, s: int) -> Array:
        for q, key, pushed in e.ending.acts:
            if q == s:
                got: Array = sigma[s][self.keys[s][key]]
                return got
        return np.ones(CLASSES)

    def values(self, sigma: dict[int, Array], fresh: bool = True) -> tuple[list[Array], dict[int, Array], list[Array]]:
        """Counterfactual values: for each seat its value where it does not decide (per class),
        for each decision point the values of pushing and folding (per class), and each seat's
        expected payoff per class under ``sigma``."""
        if self.deal is not None:
            return self.deal.values(self.ends, self.keys, sigma, lambda idx, pay: self._expect(sigma, idx, self.ends[idx]))
        if self.pairs is not None:
            base_p, cfv_p = self.pairs.values(self, sigma, fresh=not self._multi)
            return base_p, cfv_p, strategy_values(base_p, cfv_p, sigma)
        n = self.game.players
        reach_in: dict[int, Array] = {s: sigma[s] @ self.cond.T for s in sigma}  # (keys, 169): P(push | my class)
        base = [np.zeros(CLASSES) for _ in range(n)]
        cfv = {s: np.zeros((len(self.keys[s]), 2, CLASSES)) for s in self.keys}
        for idx, e in enumerate(self.ends):
            factor = {}  # seat -> its reach per class of the player looking
            for q, key, pushed in e.ending.acts:
                r = reach_in[q][self.keys[q][key]]
                factor[q] = r if pushed else 1.0 - r
            expect = self._expect(sigma, idx, e)
            for p in range(n):
                v = expect[p].copy()
                for q, r in factor.items():
                    if q != p:
                        v *= r
                act = next((a for a in e.ending.acts if a[0] == p), None)
                if act is None:
                    base[p] += v
                else:
                    cfv[p][self.keys[p][act[1]], 0 if act[2] else 1] += v
        return base, cfv, strategy_values(base, cfv, sigma)

    def _expect(self, sigma: dict[int, Array], idx: int, e: _Ending) -> list[Array]:
        """Each seat's expected payoff per class of its own hand at this ending, given the others reach it."""
        n = self.game.players
        live = e.live
        if len(live) == 1:
            return [np.full(CLASSES, e.pays[p]) for p in range(n)]
        if len(live) == 2:
            i, j = live
            ri, rj = self.in_range(sigma, e, i), self.in_range(sigma, e, j)
            o = self.odds
            first_wins, tie, second_wins = e.pays
            out = []
            grid = None
            cw, ct, cl = self.weighted
            for p in range(n):
                if p == i:
                    num = (cw @ rj) * first_wins[p] + (ct @ rj) * tie[p] + (cl @ rj) * second_wins[p]
                    den = o.cond @ rj
                elif p == j:
                    num = (cl @ ri) * first_wins[p] + (ct @ ri) * tie[p] + (cw @ ri) * second_wins[p]
                    den = o.cond @ ri
                else:
                    if grid is None:  # both hands drawn through the folded player's own, independently
                        ai, aj = o.cond * ri[None, :], o.cond * rj[None, :]
                        mass = ai.sum(1) * aj.sum(1)
                        pw = ((ai @ o.win) * aj).sum(1)
                        pt = ((ai @ o.tie) * aj).sum(1)
                        grid = pw, pt, mass - pw - pt
                    pw, pt, pl = grid
                    num = pw * first_wins[p] + pt * tie[p] + pl * second_wins[p]
                    den = mass
                out.append(np.divide(num, den, out=np.zeros(CLASSES), where=den > 0))
            return out
        got = self._multi.get(idx)
        if got is None:
            assert self.boards is not None
            ranges = {s: self.in_range(sigma, e, s) for s in live}
            check = self.deadline.check if self.deadline is not None else None
            got = self.boards.pot_showdown(live, ranges, e.pays, n, check, self.used.get(len(live)))
            self._multi[idx] = got
        mine, folded = got
        return [mine[p] if p in mine else np.full(CLASSES, folded[p]) for p in range(n)]

    def report(self, sigma: dict[int, Array], chips: Sequence[Any] | None = None) -> tuple[list[float], list[float]]:
        """Each seat's expected payoff under ``sigma`` with every seat's under **one** joint deal of
        the classes, so that they add up (the pool, or the chips on the table).

        The solver's values see the others through each seat's own hand (one joint distribution per
        seat: his class from the class frequencies, everyone else's independently given it, card
        removal against his hand exact); with three or more players these differ, so their sums
        miss.  The joint used here is the even mixture of those views: for each view ``q`` every
        seat's payoff is taken in ``q``'s distribution (the reach of each other seat given ``q``'s
        class, the showdowns as the game models them: two hands by the class table through ``q``'s
        hand, three or more by the board model with ``q``'s hand fixed when he is in); the result
        averages the views.  Without card removal every view is the same joint and this equals the
        solver's values.  ``chips``: other payoffs for every ending (the chips, for a prize model's
        chip EVs), reported in the same pass (else the second list is empty)."""
        n = self.game.players
        if self.deal is not None:
            return self._report_deal(sigma, chips)
        if self.pairs is not None:
            return self.pairs.report(self, sigma, chips)
        width = 2 * n if chips is not None else n
        reach_in: dict[int, Array] = {s: sigma[s] @ self.cond.T for s in sigma}
        total = np.zeros(width)
        o = self.odds
        cw, ct, cl = self.weighted
        for idx, e in enumerate(self.ends):
            pays = e.pays if chips is None else np.concatenate([e.pays, chips[idx]], axis=-1)
            factor: dict[int, Array] = {}
            own: dict[int, Array] = {}
            for q, key, pushed in e.ending.acts:
                r = reach_in[q][self.keys[q][key]]
                factor[q] = r if pushed else 1.0 - r
                sg = sigma[q][self.keys[q][key]]
                own[q] = sg if pushed else 1.0 - sg
            live = e.live
            full: dict[int, Array] = {}
            folded: Array | None = None
            if len(live) >= 3:
                assert self.boards is not None
                ranges = {s: self.in_range(sigma, e, s) for s in live}
                full, folded = self.boards.pot_showdown(live, ranges, pays, width, None, self.used.get(len(live)),
                                                        full=True)
            grid = None
            for q in range(n):
                w = own.get(q, np.ones(CLASSES)).copy()
                for r_seat, f in factor.items():
                    if r_seat != q:
                        w = w * f
                if len(live) == 1:
                    total += float(PRIOR @ w) * pays
                    continue
                if len(live) == 2:
                    i, j = live
                    ri, rj = self.in_range(sigma, e, i), self.in_range(sigma, e, j)
                    if q == i:
                        parts, den = np.stack([cw @ rj, ct @ rj, cl @ rj], 1), o.cond @ rj
                    elif q == j:
                        parts, den = np.stack([cl @ ri, ct @ ri, cw @ ri], 1), o.cond @ ri
                    else:
                        if grid is None:
                            ai, aj = o.cond * ri[None, :], o.cond * rj[None, :]
                            mass = ai.sum(1) * aj.sum(1)
                            pw = ((ai @ o.win) * aj).sum(1)
                            pt = ((ai @ o.tie) * aj).sum(1)
                            grid = np.stack([pw, pt, mass - pw - pt], 1), mass
                        parts, den = grid
                    probs = np.divide(parts, den[:, None], out=np.zeros_like(parts), where=den[:, None] > 0)
                    total += (PRIOR * w) @ probs @ pays
                    continue
                if q in full:
                    total += (PRIOR * w) @ full[q]
                else:
                    assert folded is not None
                    total += float(PRIOR @ w) * folded
        mixed = [float(x) / n for x in total]
        return mixed[:n], mixed[n:]

    def _report_deal(self, sigma: dict[int, Array], chips: Sequence[Any] | None) -> tuple[list[float], list[float]]:
        """Three players, one deck: each seat's expected payoff is its values' average over its own
        class (one joint deal for every seat), except that three hands all in, priced by the board
        model from each seat's own hand, are the even mixture of the three seats' views (each view's
        payoffs add up, so the reported values add up to the pool, or the chips)."""
        assert self.deal is not None and (self.boards is not None or all(len(e.live) < 3 for e in self.ends))
        n = self.game.players
        out: list[list[float]] = []
        for pays in ([None, chips] if chips is not None else [None]):
            _, _, value = self.deal.values(self.ends, self.keys, sigma, lambda idx, pay: [np.zeros(CLASSES)] * n, pays)
            total = np.array([float(PRIOR @ v) for v in value])
            for idx, e in enumerate(self.ends):
                if len(e.live) < 3 or self.deal.orders is not None:  # one deck: already in the values
                    continue
                assert self.boards is not None
                pay = e.pays if pays is None else pays[idx]
                ranges = {s: self.in_range(sigma, e, s) for s in e.live}
                full, _ = self.boards.pot_showdown(e.live, ranges, pay, n, None, self.used.get(len(e.live)), full=True)
                w = {s: np.ones(CLASSES) for s in range(n)}
                for q, key, pushed in e.ending.acts:
                    sg = sigma[q][self.keys[q][key]]
                    w[q] = sg if pushed else 1.0 - sg
                for q in range(n):
                    a, b = (s for s in range(n) if s != q)
                    reach = (self.deal.count @ w[b]) @ w[a] / self.deal.norm * w[q]
                    total += (PRIOR * reach) @ full[q] / n
            out.append([float(x) for x in total])
        return out[0], (out[1] if chips is not None else [])

    def gains(self, sigma: dict[int, Array]) -> tuple[list[float], list[Array]]:
        """Each seat's gain from its best response (payoff units) and its expected payoff per class."""
        self._multi.clear()
        _, cfv, value = self.values(sigma)
        gains = []
        for p in range(self.game.players):
            if p not in cfv:
                gains.append(0.0)
                continue
            best = np.maximum(cfv[p][:, 0], cfv[p][:, 1]).sum(axis=0)
            now = (sigma[p] * cfv[p][:, 0] + (1.0 - sigma[p]) * cfv[p][:, 1]).sum(axis=0)
            gains.append(float(PRIOR @ (best - now)))
        return gains, value

    def step(self, refresh: bool) -> None:
        if refresh:
            self._multi.clear()
        _, cfv, _ = self.values(self.sigma)
        self.weight += 1.0
        for p, c in cfv.items():
            sg = self.sigma[p]
            v = sg * c[:, 0] + (1.0 - sg) * c[:, 1]
            r = self.regret[p]
            r[:, 0] = np.maximum(r[:, 0] + c[:, 0] - v, 0.0)
            r[:, 1] = np.maximum(r[:, 1] + c[:, 1] - v, 0.0)
            s = r[:, 0] + r[:, 1]
            self.sigma[p] = np.where(s > 0, r[:, 0] / np.where(s > 0, s, 1.0), sg)
            self.total[p] += self.weight * self.sigma[p]

    def average(self) -> dict[int, Array]:
        w = self.weight * (self.weight + 1.0) / 2.0
        return {p: t / w for p, t in self.total.items()} if w > 0 else {p: s.copy() for p, s in self.sigma.items()}


def build(game: PushFoldGame, *, table: Any = None, boards: int = DEFAULT_BOARDS, card_removal: bool | str = True,
          seed: int = 0, deadline: TimeBudget | None = None, deals: int = DEFAULT_DEALS, three: int = 0) -> Solver:
    """The solver for ``game``: endings with their payoffs valued, the starting strategies."""
    mode = removal(card_removal, game.players)
    card_removal = bool(card_removal)
    odds = PairOdds.of(default_table() if table is None else table)
    cond = odds.cond if card_removal else np.broadcast_to(PRIOR, (CLASSES, CLASSES)).copy()
    if not card_removal:
        odds = PairOdds(odds.win, odds.tie, odds.lose, cond, np.outer(PRIOR, PRIOR))
    ends: list[_Ending] = []
    order_rank = {s: k for k, s in enumerate(game.order)}
    multi = False
    for e in endings(game):
        live = tuple(sorted(e.live, key=order_rank.__getitem__))
        put = dict(enumerate(e.put))
        check = deadline.check if deadline is not None else None
        if len(live) == 1:
            pays: Any = np.array(game.payoff(e.live, live, put, deadline=deadline))
        elif len(live) == 2:
            i, j = live
            pays = np.array([game.payoff(e.live, (i, j), put, deadline=deadline),
                             game.payoff(e.live, (), put, ties=[[i, j]], deadline=deadline),
                             game.payoff(e.live, (j, i), put, deadline=deadline)])
        else:
            multi = True
            live = tuple(sorted(live, key=lambda s: (put[s], order_rank[s])))  # by contribution
            pays = _pot_pays(game, e, live, deadline)
        ends.append(_Ending(e, live, pays))
    keys: dict[int, dict[frozenset[int], int]] = {}
    for en in ends:
        for q, key, _ in en.ending.acts:
            keys.setdefault(q, {}).setdefault(key, len(keys[q]))
    sigma = {p: np.full((len(k), CLASSES), 0.5) for p, k in keys.items()}
    regret = {p: np.zeros((len(k), 2, CLASSES)) for p, k in keys.items()}
    total = {p: np.zeros((len(k), CLASSES)) for p, k in keys.items()}
    model = BoardModel.sample(boards, seed) if multi else None
    used = budget_boards([len(e.live) for e in ends], boards, model.groups if model else 140)
    deal = Deal3.make(deals, seed, deadline.check if deadline is not None else None, three) if mode == "real" else None
    return Solver(game, odds, model, cond, ends, keys, sigma, regret, total, deadline=deadline, used=used, deal=deal,
                  pairs=Pairwise(cond, game.players >= SHARED_FROM) if mode == "pairs" else None)


def removal(card_removal: object, players: int) -> str:
    """``"real"`` (three players with ``True`` or ``"real"``: every hand and the board from one deck),
    ``"pairs"`` (four players and more with ``True`` or ``"pairs"``: the folded hands' removal on the
    others by pairs, :mod:`.pairwise`), ``"model"`` (each player sees the others through his own
    hand) or ``"off"``."""
    if card_removal is False:
        return "off"
    if card_removal is True:
        return "real" if players == 3 else "pairs" if players > 3 else "model"
    if card_removal in ("model", "pairs"):
        return str(card_removal)
    if card_removal == "real":
        if players != 3:
            raise DecisionInputError(f"card_removal='real' is built for three players, got {players}")
        return "real"
    raise DecisionInputError(f"card_removal must be True, False, 'real', 'pairs' or 'model', got {shown(card_removal)}")


def _pot_pays(game: PushFoldGame, e: Ending, live: tuple[int, ...], deadline: TimeBudget | None = None) -> Array:
    """The payoff vectors of a showdown of three or more hands, one per way the pots can be won
    (:func:`.showdown.pot_sequences`; ``live`` by contribution, smallest first)."""
    put = dict(enumerate(e.put))
    rows = []
    for seq in pot_sequences(len(live)):
        rows.append(game.payoff(e.live, pot_ranking(seq, live), put, deadline=deadline))
        if deadline is not None:
            deadline.check()
    return np.array(rows, dtype=np.float64)


@one_blas_thread
def solve(stacks: Sequence[int], blinds: Sequence[int], ante: int = 0, *, big_blind_ante: int = 0,
          bb_ante: bool | None = None,
          prizes: Sequence[Prize] | None = None, model: str | None = None, max_seconds: float | str | None = "auto",
          tolerance: float | None = None, max_iterations: int = 20_000, boards: int | None = None,
          card_removal: bool | str = True, refresh: int = 10, check_every: int = 25, table: Any = None,
          exact_headsup: bool = True, seed: int = 0, lookahead: int = 0, deals: int | None = None,
          three: int | None = None, bounties: Sequence[Prize] | None = None, progressive: bool = False,
          chips_per_money: Prize | None = None, check_deals: int | None = None) -> Equilibrium:
    """The push/fold equilibrium of a table of 2 to 9 players.

    ``stacks`` in chips in seat order from the button (heads-up: small blind, big blind);
    ``blinds`` (small, big); ``ante`` per player, or ``big_blind_ante``: the big blind's single ante for
    the table, posted after its blind (as :class:`pokerengine.live.Hand` takes it; ``bb_ante=True``,
    deprecated, reads ``ante`` as that);
    ``prizes`` best place first; ``model`` ``chip`` (default without prizes), ``icm`` (default with
    prizes), ``dcm``, ``mw``, ``roberts``.  ``tolerance``: the exploitability to reach (big blinds
    for chip EV, default 0.005; percent of the pool for prize models, default 0.01).  ``boards``: the
    board model's sample for showdowns of three or more hands (default :data:`DEFAULT_BOARDS`,
    2,048; :mod:`.showdown`).  ``max_seconds``
    bounds the whole solve (``None``: no bound; ``"auto"``, the default: :data:`DEFAULT_SECONDS`, or
    :data:`LARGE_SECONDS` from seven players when the real deal is checked): when it runs out short of the tolerance the best
    strategies found are returned with ``certified`` false; :class:`~pokerengine.errors.ModelTimeout`
    when it runs out before the first iteration or the estimate is more than ten times over it.

    Returns an :class:`~pokerengine.decisions.result.Equilibrium` whose ``exploitability`` is the
    certificate of the returned strategies in this game (see the module's docstring),
    ``certified`` whether it is within ``tolerance``, ``method`` the method and whether the
    tolerance was reached.

    ``card_removal``: ``True`` (the default: three players in the real deal, every hand and the
    board from one deck, folded hands dead; more players each through his own hand), ``"real"``
    (three players only), ``"model"`` (each player through his own hand, at any size) or ``False``
    (hands independent).  ``deals``: the seeded deals that estimate the folded hand's cards out of
    the board in the real deal (default :data:`DEFAULT_DEALS`; ``0``: left out).  ``three``: the
    boards of the sample that settles three hands all in from one deck in the real deal
    (:class:`.threeway.Orders`, 2,500 deals a board; default :data:`DEFAULT_THREE` when ``deals``
    is positive, else 0; ``0``: the board model, hands independent given the board).

    ``lookahead`` (prize models; default 0): value the stacks after the hand not by the model but
    by the equilibrium of the next hand (the button one seat on, the same blinds), itself looking
    ``lookahead - 1`` hands further: the survey's nested loop cut at a fixed depth (Ganzfried &
    Sandholm's outer loop iterates it to a fixed point over all stack vectors; one or two hands
    are the "future game simulation" of HRC and ICMIZER).  Each distinct stack vector after the
    hand costs one solve (cached), all within ``max_seconds``.

    ``bounties`` (money on each head, in the prizes' units), ``progressive``, ``chips_per_money``
    (chip EV: chips per unit of bounty money): knockout bounties, valued by :mod:`.bounty` (the
    bounties won in the hand plus a chip share of those left on heads; all zero: the game without
    them, exactly).  Heads-up with bounties is solved by CFR+ with its certificate (the exact
    heads-up solver takes the plain game); ``lookahead`` does not take bounties.

    ``check_deals``: check the strategies in the real deal, every hand and the board from one deck
    (seed ``seed + 1``; ended at ``max_seconds`` with the deals done), and attach it as ``realdeal``.
    ``None`` (the default): four players and more with the default card removal (the folds' by
    pairs; not with ``lookahead``), until within the tolerance (:func:`.dealcheck.until_within`:
    500,000 deals, doubled at each look); a game chosen without it (``card_removal`` ``False`` or
    ``"model"``) is certified in that game.  ``N``: that many deals (:func:`.dealcheck.deal_check`;
    at three players and more); ``0``: none, the certificate the model game's.  From four players on its figure is then the ``exploitability`` and ``certified``
    needs it within ``tolerance`` (plus two standard errors), the model game solved to
    :data:`MODEL_SHARE` of the tolerance in :data:`MODEL_TIME` of ``max_seconds`` first.
    """
    began = time.perf_counter()
    if max_seconds is not None and max_seconds != "auto" and (
            isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0):
        raise DecisionInputError(f"max_seconds must be a positive number, None or 'auto', got {shown(max_seconds)}")
    for name, v in (("max_iterations", max_iterations), ("refresh", refresh), ("check_every", check_every)):
        if type(v) is not int or v < 1:
            raise DecisionInputError(f"{name} must be a positive integer, got {shown(v)}")
    each, bba = ante_pair(*antes(ante, big_blind_ante, bb_ante))
    game = make_game(stacks, blinds, each, big_blind_ante=bba, prizes=prizes, model=model, bounties=bounties,
                     progressive=progressive, chips_per_money=chips_per_money)
    if game.bounty is not None and lookahead:
        raise DecisionInputError("lookahead does not take bounties: value the hand with the payout model (lookahead=0)")
    if boards is None:
        boards = DEFAULT_BOARDS
    if type(boards) is not int or not 1 <= boards <= MAX_BOARDS:
        raise DecisionInputError(f"boards must be an integer from 1 to {MAX_BOARDS}, got {shown(boards)}")
    if tolerance is None:
        tolerance = CHIP_TOLERANCE if game.model == "chip" else PRIZE_TOLERANCE
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not tolerance > 0:
        raise DecisionInputError(f"tolerance must be a positive number, got {shown(tolerance)}")
    if type(lookahead) is not int or not 0 <= lookahead <= MAX_LOOKAHEAD:
        raise DecisionInputError(f"lookahead must be an integer from 0 to {MAX_LOOKAHEAD}, got {shown(lookahead)}")
    if check_deals is not None and (type(check_deals) is not int
                                    or not (check_deals == 0 or GROUPS <= check_deals <= CHECK_DEALS)):
        raise DecisionInputError(f"check_deals must be 0 or an integer from {GROUPS} to {CHECK_DEALS:,} (or None), "
                                 f"got {shown(check_deals)}")
    if lookahead and check_deals:  # the check would value new stacks (split pots) by nested solves
        raise DecisionInputError("check_deals does not take lookahead: check the hand valued by the payout model")
    if lookahead and game.model == "chip":
        raise DecisionInputError("lookahead values the stacks after the hand in prize money: name a payout model")
    if lookahead:
        options = dict(boards=boards, card_removal=card_removal, refresh=refresh, check_every=check_every, deals=deals,
                       three=three, check_deals=0,
                       table=table, exact_headsup=exact_headsup, seed=seed, tolerance=tolerance,
                       max_iterations=max_iterations)
        game = PushFoldGame(game.stacks, game.blinds, game.ante, game.bb_ante, game.prizes, game.model, game.posts,
                    game.forced, game.order, game.positions, _future(game, lookahead - 1, options))
    if game.players == 2 and exact_headsup and not game.forced and not lookahead and game.bounty is None:
        each, bba = ante_pair(game.ante, game.bb_ante)
        eq = solve_headsup(game.stacks, game.blinds, each, big_blind_ante=bba,
                           prizes=None if game.model == "chip" else game.prizes, model=game.model,
                           table=table, max_seconds=DEFAULT_SECONDS if isinstance(max_seconds, str) else max_seconds)
        return attrs.evolve(eq, certified=eq.exploitability <= tolerance)
    if deals is None:
        deals = DEFAULT_DEALS
    if type(deals) is not int or not 0 <= deals <= MAX_DEALS:
        raise DecisionInputError(f"deals must be an integer from 0 to {MAX_DEALS:,}, got {shown(deals)}")
    if three is None:
        three = DEFAULT_THREE if deals else 0
    if type(three) is not int or not 0 <= three <= MAX_THREE:
        raise DecisionInputError(f"three must be an integer from 0 to {MAX_THREE:,}, got {shown(three)}")
    mode = removal(card_removal, game.players)
    if check_deals is None:  # the default: checked where the certificate is not the real deal's
        check_deals = None if mode == "pairs" and not lookahead else 0
    checked = check_deals != 0 and game.players >= 3
    if isinstance(max_seconds, str):  # "auto": seven players and more need longer for the check
        max_seconds = LARGE_SECONDS if checked and game.players >= 7 else DEFAULT_SECONDS
    if max_seconds is not None:
        guess = estimate_seconds(game, boards, min(max_iterations, 100), refresh, check_every, pairs=mode == "pairs")
        if mode == "real":
            guess += build_seconds(deals, seed, three) + 0.15 * min(max_iterations, 100)
        room = max_seconds * (MODEL_TIME if checked else 1.0)  # the model game's share when checked
        if guess > SLACK * room:
            raise ModelTimeout(f"this push/fold solve is estimated at {guess:.3g} s, far over max_seconds={max_seconds:g}"
                               f"{f' ({room:g} s for the model game before the real-deal check)' if checked else ''}")
    stop_at = None if max_seconds is None else time.monotonic() + max_seconds  # the check's
    deadline = TimeBudget("push/fold", max_seconds if max_seconds is None or not checked else MODEL_TIME * max_seconds)
    solver = build(game, table=table, boards=boards, card_removal=card_removal, seed=seed, deadline=deadline,
                   deals=deals, three=three if mode == "real" else 0)
    scale = game.scale
    aim = tolerance * (MODEL_SHARE if checked and mode != "real" else 1.0)  # room for the real deal's check
    best: tuple[float, dict[int, Array], list[Array]] | None = None
    it = 0
    reached = False
    stopped = ""
    rounding = 0.0
    reserve = 0.0  # kept for the last certificate and the report: RESERVE evaluations of every showdown
    while it < max_iterations:
        try:
            fresh = it % refresh == 0
            began_step = time.perf_counter()
            solver.step(refresh=fresh)
            took = time.perf_counter() - began_step
            if fresh:
                reserve = RESERVE * took
            it += 1
            deadline.check()
            costly = it % refresh == 0 or it % check_every == 0 or it == max_iterations  # next: fresh showdowns
            needed = reserve + (reserve / RESERVE if costly else took)  # the next step, then what must follow
            if deadline.end is not None and time.monotonic() + needed > deadline.end:
                raise ModelTimeout("push/fold: the time left is for the certificate and the report")
            if it % check_every == 0 or it == max_iterations:
                avg = solver.average()
                for cut in ROUNDINGS:
                    candidate = _rounded(avg, cut)
                    gains, value = solver.gains(candidate)
                    e = max(gains) / scale
                    if best is None or e < best[0]:
                        best = (e, candidate, value)
                        rounding = cut
                    if e <= aim:  # certified: the other roundings would cost an evaluation each
                        break
                if best is not None and best[0] <= aim:
                    reached = True
                    break
        except ModelTimeout:
            if best is None:  # before the first check: the average so far, certified after the bound
                if it == 0:  # no strategy yet: the time bound wins
                    raise
                solver.deadline = None
                avg = solver.average()
                gains, value = solver.gains(avg)
                best = (max(gains) / scale, avg, value)
                stopped = (" (stopped by max_seconds before the first check: the strategies averaged over "
                           f"{it} iterations)")
            else:
                stopped = " (stopped by max_seconds: the best strategies checked so far)"
            break
    assert best is not None
    expl, sigma, value = best
    ahead = f"; the stacks after the hand valued by the next {lookahead} hand(s)' equilibria" if lookahead else ""
    if game.bounty is not None:
        ahead += (f"; {'progressive ' if game.bounty.progressive else ''}knockout bounties "
                  f"({', '.join(str(h) for h in game.bounty.heads)}) won in the hand, those left on heads shared "
                  "by chips")
    trimmed = {k: b for k, b in solver.used.items() if solver.boards is not None and b < solver.boards.boards_for(k)}
    fewer = (" (fewer for the budget: " + ", ".join(f"{b} for {k} hands" for k, b in trimmed.items()) + ")") if trimmed else ""
    method = (f"CFR+ ({it} iterations, {solver.boards.k if solver.boards else 0} boards{fewer} for multiway showdowns, "
              f"card removal {removal_text(mode, deals, three)}); tolerance {aim:g}{' in the model game' if aim != tolerance else ''} "
              f"{'reached' if reached else 'not reached'}{stopped}{ahead}"
              f"{f'; probabilities within {rounding:g} of 0 or 1 rounded (certified as rounded)' if rounding else ''}")
    if stopped:
        solver.deadline = None  # the chip EVs of a prize model's result: one more evaluation
    eq = _result(game, solver, sigma, value, expl, time.perf_counter() - began, method, it, expl <= tolerance)
    eq = attach(eq, solver, sigma, check_deals, seed + 1, tolerance, stop_at, mode == "real")
    return attrs.evolve(eq, seconds=time.perf_counter() - began) if checked else eq


MAX_LOOKAHEAD = 3
MODEL_SHARE = 0.5
"""With a real-deal check (four players and more) the model game is solved to this share of the tolerance,
the rest left for the method's error in the real deal and the check's noise."""
MODEL_TIME = 0.6
"""With a real-deal check and a time bound the model game is solved within this share of ``max_seconds``,
the rest left for the check."""
LARGE_SECONDS = 300.0
"""``max_seconds="auto"`` from seven players with the real-deal check: measured nine-handed on two busy
cores, the model game takes about 65 s and the check about 110 s to certify the default tolerance."""
RESERVE = 3.0
"""A solve with ``max_seconds`` stops before its next step when the time left would not hold that step
(a step with fresh showdowns or a check costs about as much as the last such step, one evaluation of
every showdown; a cheap step as much as the last) and then this many of those evaluations: the time
a certificate of the averaged strategies (1.1 evaluations measured) and the report (1.2) take after
the loop, so that a solve stopped short of its tolerance still ends near ``max_seconds``."""
ROUNDINGS = (0.25, 0.1, 0.0)
"""At each check the averaged strategies are tried with every probability within this much of 0 or
1 made pure (CFR+'s average keeps a trace of its first iterations), in this order, until one is
certified within the tolerance (each try costs an evaluation of every showdown); otherwise the
one with the smallest certificate is kept."""


def _rounded(sigma: dict[int, Array], cut: float) -> dict[int, Array]:
    if not cut:
        return sigma
    return {p: np.where(v < cut, 0.0, np.where(v > 1.0 - cut, 1.0, v)) for p, v in sigma.items()}


def _future(game: PushFoldGame, depth: int, options: dict[str, Any]) -> Any:
    """The survivors' equities after a hand: the next hand's equilibrium (button one seat on)."""

    def future(after: tuple[int, ...], alive: list[int], prizes: list[Prize], deadline: TimeBudget | None) -> list[float] | None:
        n = len(after)
        button = next(s for s in [*range(1, n), 0] if after[s] > 0)
        seats = [(button + k) % n for k in range(n) if after[(button + k) % n] > 0]
        seconds = None
        if deadline is not None and deadline.end is not None:
            seconds = deadline.end - time.monotonic()
            if seconds <= 0:
                deadline.check()
        try:
            each, bba = ante_pair(game.ante, game.bb_ante)
            eq = solve([after[s] for s in seats], game.blinds, each, big_blind_ante=bba, prizes=prizes,
                       model=game.model, max_seconds=seconds, lookahead=depth, **options)
        except DecisionInputError:  # nothing left to decide (every survivor all in by posting)
            return None
        equity = {s: p.equity for s, p in zip(seats, eq.players)}
        return [float(equity[s] or 0.0) for s in alive]

    return future


def _result(game: PushFoldGame, solver: Solver, sigma: dict[int, Array], value: list[Array], expl: float, seconds: float,
            method: str, iterations: int, certified: bool = False) -> Equilibrium:
    players = []
    reported, chip_ev = solver.report(sigma, _chip_pays(game, solver) if game.model != "chip" else None)
    chip_ev = [v - game.stacks[q] for q, v in enumerate(chip_ev)]
    for p in range(game.players):
        keys = solver.keys.get(p, {})
        push = np.zeros(CLASSES)
        call: dict[str, tuple[float, ...]] = {}
        for key, k in keys.items():
            if key:
                call[game.key_name(key)] = tuple(float(x) for x in sigma[p][k])
            else:
                push = sigma[p][k]
        expected = reported[p]
        if game.model == "chip":
            ev, equity = expected - game.stacks[p], None
        else:
            ev, equity = chip_ev[p], expected
        players.append(PlayerStrategy(game.positions[p], game.stacks[p], push.tolist(), call, ev, equity))
    return Equilibrium(game.model, game.stacks, game.blinds, 0 if game.bb_ante else game.ante, game.prizes,
                       tuple(players), expl, seconds, method, iterations, game.ante if game.bb_ante else 0, certified)


def _chip_pays(game: PushFoldGame, solver: Solver) -> list[Any]:
    """Every ending's payoffs in chips (a prize model's result reports the chip EVs too), shaped as ``pays``."""
    chip = PushFoldGame(game.stacks, game.blinds, game.ante, game.bb_ante, (), "chip", game.posts, game.forced,
                game.order, game.positions)
    out: list[Any] = []
    for e in solver.ends:
        put = dict(enumerate(e.ending.put))
        live = e.live
        if len(live) == 1:
            out.append(np.array(chip.value(chip.chips_after(e.ending.live, live, put))))
        elif len(live) == 2:
            i, j = live
            out.append(np.array([chip.value(chip.chips_after(e.ending.live, (i, j), put)),
                                 chip.value(chip.chips_after(e.ending.live, (), put, ties=[[i, j]])),
                                 chip.value(chip.chips_after(e.ending.live, (j, i), put))]))
        else:
            out.append(_pot_pays(chip, e.ending, live))
    return out


__all__ = ["Solver", "build", "estimate_seconds", "solve"]
