"""Folded players' cards in the push/fold solver from four players on: card removal by pairs.

Three-handed, :mod:`.realdeal` sums every deal of three hands from one deck.  From four players on
that is out of reach (``169 ** 4`` class quadruples and more), and each player used to see every
other player through his own hand only (:class:`.showdown.PairOdds`): a player who folded left his
cards in the deck.  Yet a folded hand is more often a weak one, so after folds the hands still to
act hold high cards more often: the small blind's open push after the others fold meets a big
blind who calls more often than the plain view says.

**The method.**  For the player looking (holding class ``a``), a player ``f`` who folded at his
decision point and another player's class ``b``, the exact class-triple counts of
:func:`.triples.class_triples` give the chance ``f`` folds given both hands::

    phi_f(a, b) = sum_c count[a, b, c] * fold_f(c) / sum_c count[a, b, c]

and ``rho_f(a, b) = phi_f(a, b) / sum_b' cond[a, b'] phi_f(a, b')``, the factor by which ``f``'s fold
reweights ``b`` (its mean under ``cond[a, .]`` is 1).  The players act in order; at each ending of
the betting, each other player's class is drawn from ``cond[a, .]`` times the factors of the folds
**before his action** (the looker's own left out), renormalised: so his chance of acting as the
ending says is a probability given what came before, and each looker's endings add up to one.  With
two hands at the showdown their shares come from the exact class table under those weights; three
or more by the board model (:class:`.showdown.BoardModel`, unchanged: only the chance of reaching it
is reweighted).  This is exact for one folded player before one other hand (Bayes' rule over one
deck, as three-handed) and a product of pairs beyond (the folded hands taken independently of each
other given the looker's).  What it leaves out: what a later fold says about an earlier player's
hand; the folded hands' cards in the board (they stay in the deck); card removal inside showdowns
of three or more hands.  From :data:`SHARED_FROM` players on, a player out of a two-hand showdown
takes the plain view's shares of who wins it (the two hands' chance of reaching it still under the
folds): one product per showdown instead of one per set of folds before the two.

The ``phi`` are recomputed with the showdowns (every ``refresh`` iterations and for every
certificate): one product of the triple counts with every decision point's folding range (0.01 s
four-handed, 0.06 s six-handed, 0.6-1.0 s nine-handed on two loaded cores); the weights of each set
of folds are kept until the next refresh.  An iteration costs about 0.02 s four-handed, 0.13 s
six-handed and 0.7 s nine-handed (without the folds 0.007, 0.02-0.05 and 0.2 s).  The triple counts
are built once a process (:func:`.triples.class_triples`, about 6 s, 116 MB with the shares built
beside them).

Measured in the real deal with the independent checker (``tests/realdeal_nway_oracle.py``,
``benchmarks/bench_realdeal_nway.py``), tight solves of equal stacks, ICM 50/30/20: 0.0012% of the
pool four-handed and 0.0021% six-handed, against 0.0031% and 0.0088% without the folds
(docs/decisions.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .combos import CLASS_SIZES, CLASSES, COMBOS
from .triples import class_triples

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]


PRIOR = np.array(CLASS_SIZES, dtype=np.float64) / COMBOS
SHARED_FROM = 7
"""From this many players, a folded player's shares of a two-hand showdown are the plain view's."""
SLICE = 64
"""Decision points whose folds are weighed in one product at a refresh (``169 ** 2 x 64`` floats, 15 MB)."""


class Pairwise:
    """The folded players' removal on the others, by pairs (see the module's docstring).

    ``cond``: the solver's ``cond[a, b]``, the class of another hand given one's own.  ``shared``: a
    player out of a two-hand showdown takes the plain view's shares of who wins it (one product per
    showdown instead of one per set of folds before the two), with the two hands' chance of
    reaching it under the folds (:data:`SHARED_FROM` players and more)."""

    def __init__(self, cond: Array, shared: bool = False) -> None:
        self.shared = shared
        count = class_triples().count
        self.flat = count.reshape(CLASSES * CLASSES, CLASSES).astype(np.float32)  # exact: counts below 2 ** 24
        norm = count.sum(axis=2)
        self.inverse = np.divide(1.0, norm, out=np.zeros_like(norm), where=norm > 0)
        self.cond = cond
        self.rho: dict[tuple[int, int], Array] = {}  # (seat, key index) -> rho
        self._tilts: list[Array] = []
        self._plans: list[list[tuple[Any, tuple[int, ...], tuple[int, int] | None]]] | None = None
        self._priors: list[tuple[tuple[int, int], ...]] = []
        self._terms: list[tuple[int, int, bool, int]] = []

    def refresh(self, sigma: dict[int, Array]) -> None:
        """Every decision point's ``rho`` from the folding ranges ``1 - sigma`` (the triple counts
        times the folding ranges as one product, in slices of :data:`SLICE` decision points)."""
        self.rho.clear()
        points = [(seat, k) for seat, table in sigma.items() for k in range(len(table))]
        flat = self.flat
        for at in range(0, len(points), SLICE):
            part = points[at:at + SLICE]
            folds = np.stack([1.0 - sigma[seat][k] for seat, k in part], axis=1).astype(np.float32)
            phis = (flat @ folds).reshape(CLASSES, CLASSES, len(part)).astype(np.float64)
            for m, point in enumerate(part):
                phi = phis[:, :, m] * self.inverse
                mean = (self.cond * phi).sum(axis=1)
                self.rho[point] = np.divide(phi, mean[:, None], out=np.ones_like(phi), where=mean[:, None] > 0)

    def plan(self, solver: Any) -> None:
        """What each ending weighs for each looker, fixed by the game: the reach terms (a player's
        action given the folds before it) and, at two-hand showdowns, the two players' folds before."""
        keys = solver.keys
        priors: dict[tuple[tuple[int, int], ...], int] = {}
        terms: dict[tuple[int, int, bool, int], int] = {}
        plans: list[list[tuple[Any, tuple[int, ...], tuple[int, int] | None]]] = []
        for e in solver.ends:
            rows = []
            for p in range(solver.game.players):
                prior: tuple[tuple[int, int], ...] = ()
                ids: list[int] = []
                before: dict[int, int] = {}
                act = None
                for q, key, pushed in e.ending.acts:
                    k = keys[q][key]
                    if q == p:
                        act = (k, 0 if pushed else 1)
                        continue
                    t = priors.setdefault(prior, len(priors))
                    if pushed:
                        before[q] = t
                        if len(e.live) == 2:
                            continue  # weighed with the showdown
                    ids.append(terms.setdefault((q, k, pushed, t), len(terms)))
                    if not pushed:
                        prior = prior + ((q, k),)
                pair = tuple(before.get(s, priors.setdefault((), len(priors))) for s in e.live) if len(e.live) == 2 else ()
                rows.append((np.array(ids, dtype=np.intp), pair, act))
            plans.append(rows)
        self._plans = plans
        self._priors = list(priors)
        self._terms = list(terms)

    def reweigh(self) -> list[Array]:
        """Each planned set of folds' weights: ``cond`` times their factors, each row normalised
        (kept until the next refresh)."""
        out = []
        for folders in self._priors:
            got = self.cond
            for f in folders:
                got = got * self.rho[f]
            if folders:
                mass = got.sum(axis=1, keepdims=True)
                got = np.divide(got, mass, out=np.zeros_like(got), where=mass > 0)
            out.append(got)
        self._tilts = out
        return out

    def _ready(self, solver: Any, sigma: dict[int, Array], fresh: bool) -> Array:
        """The plan, the factors and the weights brought up to date; every reach term under ``sigma``."""
        if self._plans is None:
            self.plan(solver)
        if fresh or not self.rho:
            self.refresh(sigma)
            self.reweigh()
        elif len(self._tilts) != len(self._priors):
            self.reweigh()
        reach = np.empty((len(self._terms) + 1, CLASSES))
        for m, (q, k, pushed, t) in enumerate(self._terms):
            reach[m] = self._tilts[t] @ (sigma[q][k] if pushed else 1.0 - sigma[q][k])
        return reach

    def _endings(self, solver: Any, sigma: dict[int, Array], reach: Array, pays_of: Any, full: bool) -> Any:
        """For each ending and looker: ``(looker, his action, weight per class, payoff)`` where the payoff is
        his own per class (``full`` false) or every seat's, ``(169, width)`` (``full``): the chance the
        others act as the ending says times the expected payoff there (two hands at a showdown by the
        class table under the folds' weights, more by the board model)."""
        tilts = self._tilts
        o = solver.odds
        assert self._plans is not None
        for idx, e in enumerate(solver.ends):
            live = e.live
            pays = pays_of(idx)
            ranges = {s: solver.in_range(sigma, e, s) for s in live}
            shown = None
            if len(live) >= 3:
                shown = solver.boards.pot_showdown(live, ranges, pays, pays.shape[-1], None, solver.used.get(len(live)),
                                                   full=True) if full else solver._expect(sigma, idx, e)
            grids: dict[tuple[int, ...], Array] = {}
            for p, (ids, pair, act) in enumerate(self._plans[idx]):
                v = reach[ids].prod(axis=0) if len(ids) else np.ones(CLASSES)
                if pair:
                    if p in live:
                        three = _three(tilts[pair[0]], tilts[pair[1]], o, live, ranges, p)
                    elif self.shared:  # a folded looker, many players: the plain view's shares, the folds' reach
                        if () not in grids:
                            plain = _grid(self.cond, self.cond, o, live, ranges)
                            mass = plain.sum(axis=0)
                            grids[()] = np.divide(plain, mass, out=np.zeros_like(plain), where=mass > 0)
                        i, j = live
                        three = grids[()] * ((tilts[pair[0]] @ ranges[i]) * (tilts[pair[1]] @ ranges[j]))
                    elif pair in grids:  # a folded looker: the same for lookers with the same folds before the two
                        three = grids[pair]
                    else:
                        three = grids[pair] = _grid(tilts[pair[0]], tilts[pair[1]], o, live, ranges)
                    got = v[:, None] * (three.T @ pays) if full else v * (three.T @ pays[:, p])
                elif shown is None:
                    got = v[:, None] * pays[None, :] if full else v * pays[p]
                elif full:
                    mine, folded = shown
                    got = v[:, None] * (mine[p] if p in mine else folded[None, :])
                else:
                    got = v * shown[p]
                yield p, act, got

    def values(self, solver: Any, sigma: dict[int, Array], fresh: bool) -> tuple[list[Array], dict[int, Array]]:
        """The solver's counterfactual values (``base`` and ``cfv``, as :meth:`.equilibrium.Solver.values`)
        with each player's hand drawn given the folds before his action (the looker's own excepted)."""
        reach = self._ready(solver, sigma, fresh)
        n = solver.game.players
        keys = solver.keys
        base = [np.zeros(CLASSES) for _ in range(n)]
        cfv = {s: np.zeros((len(keys[s]), 2, CLASSES)) for s in keys}
        for p, act, v in self._endings(solver, sigma, reach, lambda idx: solver.ends[idx].pays, False):
            if act is None:
                base[p] += v
            else:
                cfv[p][act] += v
        return base, cfv

    def report(self, solver: Any, sigma: dict[int, Array], chips: Any = None) -> tuple[list[float], list[float]]:
        """Each seat's expected payoff under ``sigma``, every seat's taken in each looker's view (his
        class from the class frequencies, the others as :meth:`values` draws them) and the views
        averaged: each view is one distribution over the endings, so the payoffs add up (the pool, or
        the chips on the table).  ``chips``: other payoffs for every ending, reported beside."""
        reach = self._ready(solver, sigma, True)
        n = solver.game.players
        ends = solver.ends
        pays_of = (lambda idx: ends[idx].pays) if chips is None else (
            lambda idx: np.concatenate([ends[idx].pays, chips[idx]], axis=-1))
        total = np.zeros(2 * n if chips is not None else n)
        for p, act, got in self._endings(solver, sigma, reach, pays_of, True):
            own = np.ones(CLASSES)
            if act is not None:
                push = sigma[p][act[0]]
                own = push if act[1] == 0 else 1.0 - push
            total += (PRIOR * own) @ got
        mixed = [float(x) / n for x in total]
        return mixed[:n], mixed[n:]


def _three(wi: Array, wj: Array, o: Any, live: tuple[int, ...], ranges: dict[int, Array], p: int) -> Array:
    """For ``p``, one of the two hands ``live`` at a showdown, per class of his: the chances that the
    other reaches it and the first wins, they tie, the second wins, ``(3, 169)`` (the other's class
    drawn from the rows of ``wi`` or ``wj``)."""
    i, j = live
    w = wj * ranges[j][None, :] if p == i else wi * ranges[i][None, :]
    win, lose = (w * o.win).sum(1), (w * o.lose).sum(1)
    if p == j:
        win, lose = lose, win
    return np.stack([win, (w * o.tie).sum(1), lose])


def _grid(wi: Array, wj: Array, o: Any, live: tuple[int, ...], ranges: dict[int, Array]) -> Array:
    """For a player out of a two-hand showdown, per class of his: the chances that both hands reach it
    and the first wins, they tie, the second wins, ``(3, 169)`` (the hands drawn from the rows of
    ``wi`` and ``wj``)."""
    i, j = live
    ai, aj = wi * ranges[i][None, :], wj * ranges[j][None, :]
    mass = ai.sum(1) * aj.sum(1)
    pw = ((ai @ o.win) * aj).sum(1)
    pt = ((ai @ o.tie) * aj).sum(1)
    return np.stack([pw, pt, mass - pw - pt])


__all__ = ["Pairwise"]
