"""The heads-up push/fold equilibrium, solved exactly.

The game (the standard definition): two players with stacks in chips (they may differ), blinds
``SB``/``BB`` in chips and an optional ante per player (or, with ``big_blind_ante``, the big blind
alone posts the table's single ante, as in :mod:`.decision` and :mod:`.game`; :mod:`.blinds`).
The small blind (the button) pushes all in or folds; the big blind calls or folds.  A called
all-in is settled by the cards: the 169x169 class table of
:func:`pokerengine.decisions.preflop.class_table` counts, for every pair of classes, the disjoint
combination pairs and the boards each wins and ties, so card removal between the two hands is
exact.  Antes are dead money; the blinds are live, so the pot a call builds is each player's ante
plus the smaller of the two stacks left after the antes; a tie splits it, the odd chip to the big
blind (the first player left of the button).

**The method.**  With strategies ``p`` (the probability of pushing each class) and ``q`` (of calling)
the small blind's payoff summed over the ``1,326 * 1,225`` deals is bilinear,
``u(p, q) = c + p.g + p'Dq``, where ``D[i, j]`` is what the small blind gains, over the deals of
classes ``i`` against ``j``, when a push is called rather than folded to.  The solver

0. tries pure strategies first: three rounds of best responses from pushing everything (this
   settles many short stacks, where nobody mixes, in a fraction of a millisecond);
1. runs CFR+ (regret matching plus, linearly averaged) for 400 iterations, which is enough to see
   which classes are played purely and which few are close to indifferent;
2. for every choice of up to three mixed classes per player among the six candidates each side
   (the four nearest indifference, one the average still mixes, one the other side's mixing can
   most easily make indifferent), with the rest pure as the average plays them, solves the
   indifference equations in float64 (the big blind's mixed calls make each mixed push
   indifferent and vice versa), repairing the pure actions once by best responses;
3. **verifies** each candidate by exact best responses and stops at the first whose exploitability
   (the most either player gains by a best response) is below ``1e-9`` big blinds; if none does,
   CFR+ runs four times longer and step 2 starts again.

Measured on every stack from 1 to 100 bb in steps of 0.05 bb (1,981 solves): all verified, the
largest exploitability ``3.7e-16`` bb (rounding), 0, 1, 2 or 3 mixed classes per player (279, 623,
989 and 90 stacks), 61 stacks needing 1,600 CFR+ iterations, none more; 25 ms a solve on average,
0.25 s the slowest.  The value is the exact game value: the tests re-solve the same supports in
Fractions and find both exact best responses equal to it.

Any two-player payout model (ICM, DCM, Malmuth-Weitzman, Roberts) gives the same game with money in
place of chips: the five outcomes (fold, steal, win, lose, tie) are valued by the model, and the
game is still constant-sum (the two equities add up to the pool).  All four value chips linearly
between second and first prize with two players, so their ranges are the chip-EV ranges.

Limits: the table is 169x169 (a few hundred KB); a solve takes about 10-250 ms and a fixed few MB
of memory; floats carry the values, so the ``1e-9`` bb certificate holds for stacks up to about a
million big blinds; ``max_seconds`` bounds the time (:class:`~pokerengine.errors.ModelTimeout`).

>>> eq = solve_headsup((200, 200), (5, 10))      # 20 big blinds each
>>> sb, bb = eq.players
>>> round(sb.push_percent, 1), round(bb.call_percent["SB"], 1)
(40.2, 21.7)
>>> eq.exploitability < 1e-9, round(sb.ev + bb.ev, 9)
(True, 0.0)
"""

from __future__ import annotations

import itertools
import math
import time
import warnings
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

import attrs
import numpy as np

from .._checks import chips, shown
from ..errors import ChipError, DecisionInputError
from ..models._cost import TimeBudget
from .blinds import ante_pair, antes
from .combos import CLASS_NAMES, CLASSES, COMBOS, class_index
from .money import check_model, check_prizes, money_after
from .preflop import class_table
from .result import Equilibrium, PlayerStrategy

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

DEALS = COMBOS * 1225  # ordered pairs of disjoint combinations: 1,326 * C(50, 2)
TOLERANCE = 1e-9  # the exploitability (big blinds, or percent of the pool) a verified solve stays under
CFR_ITERATIONS = 400
CANDIDATES = 4  # classes per side tried as mixed (nearest indifference)
EXTRA = 1  # more: one the CFR+ average mixes, one the other side can most easily make indifferent
MAX_MIXED = 3
REFINE_ROUNDS = 1
REPAIRS = 1  # best-response repairs of the pure actions per support guess


class ClassTableLike(Protocol):
    """What the solver reads from :func:`pokerengine.decisions.preflop.class_table`."""

    @property
    def pairs(self) -> Any: ...
    @property
    def win(self) -> Any: ...
    @property
    def tie(self) -> Any: ...
    @property
    def boards(self) -> int: ...


@attrs.frozen(eq=False)
class BilinearGame:
    """One heads-up push/fold game reduced to its bilinear form (payoffs to the small blind).

    ``u(p, q) = (const + p.g + p'Dq) / DEALS`` is the small blind's expected payoff per hand.
    ``outcomes`` are the small blind's payoffs for (fold, steal, win, lose, tie).
    """

    const: float
    g: Array
    d: Array
    outcomes: tuple[float, float, float, float, float]

    def value(self, p: Array, q: Array) -> float:
        return float(self.const + p @ self.g + p @ self.d @ q) / DEALS

    def best_push(self, q: Array) -> float:
        """The small blind's best-response value against ``q``."""
        return float(self.const + np.maximum(self.g + self.d @ q, 0.0).sum()) / DEALS

    def best_call(self, p: Array) -> float:
        """The small blind's value when the big blind best-responds to ``p``."""
        return float(self.const + p @ self.g + np.minimum(p @ self.d, 0.0).sum()) / DEALS


@attrs.frozen
class HeadsUpHand:
    """The checked inputs: stacks, forced bets and the chips each outcome moves."""

    stacks: tuple[int, int]
    blinds: tuple[int, int]
    ante: int
    bb_ante: bool
    posted: tuple[int, int]  # blind plus ante each player puts in before acting
    pot: tuple[int, int]  # what each player has in when a push is called

    @property
    def outcomes(self) -> tuple[int, int, int, int, int]:
        """The small blind's chip change for fold, steal, win, lose, tie (half the difference of the
        two antes, the odd chip to the big blind)."""
        (ps, pb), (cs, cb) = self.posted, self.pot
        return (-ps, pb, cb, -cs, (cb - cs) // 2)

    def after(self) -> list[tuple[int, int]]:
        """The stacks after each outcome (fold, steal, win, lose, tie)."""
        s, b = self.stacks
        out: list[tuple[int, int]] = []
        for change in self.outcomes:
            out.append((s + change, b - change))
        return out


def setup(stacks: Sequence[int], blinds: Sequence[int], ante: int = 0, bb_ante: bool | None = None, *,
          big_blind_ante: int = 0) -> HeadsUpHand:
    """Check the inputs and work out the forced bets and the called pot.

    >>> setup((1000, 400), (10, 20), 5).pot
    (400, 400)
    >>> setup((1000, 400), (10, 20), big_blind_ante=5).pot
    (395, 400)
    >>> setup((15, 400), (10, 20)).pot
    (15, 15)
    >>> setup((10, 400), (10, 20))
    Traceback (most recent call last):
    ...
    pokerengine.errors.DecisionInputError: stack of player 1, the small blind, is 10: it must exceed its blind and ante (10)
    """
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or len(stacks) != 2:
        raise DecisionInputError(f"heads-up takes two stacks (small blind, big blind), got {shown(stacks)}")
    if isinstance(blinds, (str, bytes)) or not isinstance(blinds, Sequence) or len(blinds) != 2:
        raise DecisionInputError(f"blinds are two amounts (small, big), got {shown(blinds)}")
    s = chips(stacks[0], "stack of player 1 (the small blind)", positive=True)
    b = chips(stacks[1], "stack of player 2 (the big blind)", positive=True)
    sb = chips(blinds[0], "the small blind", positive=True)
    bb = chips(blinds[1], "the big blind", positive=True)
    a, alone = antes(ante, big_blind_ante, bb_ante, error=ChipError)
    if sb > bb:
        raise DecisionInputError(f"the small blind ({sb}) must not be larger than the big blind ({bb})")
    ante_s, ante_b = (0, a) if alone else (a, a)  # owed in full: both stacks must cover their posts
    if s <= sb + ante_s:
        raise DecisionInputError(f"stack of player 1, the small blind, is {s}: it must exceed its blind and ante ({sb + ante_s})")
    if b < bb + ante_b:
        raise DecisionInputError(f"stack of player 2, the big blind, is {b}: it must cover its blind and ante ({bb + ante_b})")
    # a small blind all in for less than the big blind is called for free (the big blind's fold, worth
    # losing its blind, is then always worse than the showdown), and the rest of the big blind comes back
    live = min(s - ante_s, b - ante_b)
    return HeadsUpHand((s, b), (sb, bb), a, alone, (sb + ante_s, bb + ante_b), (ante_s + live, ante_b + live))


# -- the table ---------------------------------------------------------------------------------------------


@attrs.frozen(eq=False)
class Matrices:
    """The class table as float64 arrays: combination pairs, and board counts won, lost, tied (over ``boards``)."""

    pairs: Array
    win: Array
    lose: Array
    tie: Array
    boards: int
    source: ClassTableLike

    @property
    def rows(self) -> Array:
        out: Array = self.pairs.sum(axis=1)
        return out


_CACHE: dict[int, Matrices] = {}


def matrices(table: ClassTableLike | None = None) -> Matrices:
    """The solver's view of a class table (by default the package's exact one), cached."""
    if table is None:
        table = class_table()
    got = _CACHE.get(id(table))
    if got is not None and got.source is table:
        return got
    pairs = np.asarray(table.pairs, dtype=np.float64)
    win = np.asarray(table.win, dtype=np.float64)
    tie = np.asarray(table.tie, dtype=np.float64)
    if pairs.shape != (CLASSES, CLASSES) or win.shape != pairs.shape or tie.shape != pairs.shape:
        raise DecisionInputError(f"a class table has three {CLASSES}x{CLASSES} arrays")
    boards = int(table.boards)
    lose = pairs * boards - win - tie
    m = Matrices(pairs, win, lose, tie, boards, table)
    _CACHE.clear()
    _CACHE[id(table)] = m
    return m


def game(m: Matrices, outcomes: Sequence[float]) -> BilinearGame:
    """The bilinear form for the small blind's payoffs ``(fold, steal, win, lose, tie)``."""
    f, s, w, lo, t = (float(v) for v in outcomes)
    d = (m.win * w + m.lose * lo + m.tie * t) / m.boards - s * m.pairs
    return BilinearGame(f * float(m.pairs.sum()), (s - f) * m.rows, d, (f, s, w, lo, t))


# -- solving ---------------------------------------------------------------------------------------------------


def cfr_plus(gm: BilinearGame, iterations: int, deadline: TimeBudget | None = None) -> tuple[Array, Array]:
    """CFR+ on the bilinear game (alternating updates, linear averaging): the average strategies."""
    n = CLASSES
    rp = np.zeros((2, n))  # regrets of push and fold
    rq = np.zeros((2, n))  # regrets of call and fold
    p = np.full(n, 0.5)
    q = np.full(n, 0.5)
    sp = np.zeros(n)
    sq = np.zeros(n)
    for t in range(1, iterations + 1):
        a = gm.g + gm.d @ q  # push minus fold, to the small blind
        rp[0] = np.maximum(rp[0] + (1.0 - p) * a, 0.0)
        rp[1] = np.maximum(rp[1] - p * a, 0.0)
        total = rp[0] + rp[1]
        p = np.where(total > 0, rp[0] / np.where(total > 0, total, 1.0), 0.5)
        sp += t * p
        b = p @ gm.d  # call minus fold, to the small blind (the big blind wants it negative)
        rq[0] = np.maximum(rq[0] - (1.0 - q) * b, 0.0)
        rq[1] = np.maximum(rq[1] + q * b, 0.0)
        total = rq[0] + rq[1]
        q = np.where(total > 0, rq[0] / np.where(total > 0, total, 1.0), 0.5)
        sq += t * q
        if deadline is not None and t % 64 == 0:
            deadline.check()
    weight = iterations * (iterations + 1) / 2
    return sp / weight, sq / weight


def exploitability(gm: BilinearGame, p: Array, q: Array) -> float:
    """The most either player gains per hand by a best response (the game's payoff units)."""
    v = gm.value(p, q)
    return max(gm.best_push(q) - v, v - gm.best_call(p), 0.0)


def _solve_support(gm: BilinearGame, push: Array, call: Array, ms: tuple[int, ...], mb: tuple[int, ...]
                   ) -> tuple[Array, Array, bool] | None:
    """Pure actions from ``push``/``call``; classes ``ms``/``mb`` mixed so that the other side's are
    indifferent.  ``None`` if the equations are singular; the flag says whether every mixed
    probability came out in ``[0, 1]`` (they are clipped)."""
    p = push.copy()
    q = call.copy()
    if not (ms or mb):
        return p, q, True
    if not (ms and mb):
        return None
    p[list(ms)] = 0.0
    q[list(mb)] = 0.0
    sub = gm.d[np.ix_(ms, mb)]
    # the small blind's mixed classes are indifferent: g_i + (D q)_i = 0
    rhs_q = -(gm.g[list(ms)] + gm.d[list(ms)] @ q)
    # the big blind's mixed classes are indifferent: (p' D)_j = 0
    rhs_p = -(p @ gm.d[:, list(mb)])
    if len(ms) == len(mb):
        try:
            xq = np.linalg.solve(sub, rhs_q)
            xp = np.linalg.solve(sub.T, rhs_p)
        except np.linalg.LinAlgError:
            return None
    else:
        xq = np.linalg.lstsq(sub, rhs_q, rcond=None)[0]
        xp = np.linalg.lstsq(sub.T, rhs_p, rcond=None)[0]
    ok = bool(np.all(xq > -1e-9) and np.all(xq < 1 + 1e-9) and np.all(xp > -1e-9) and np.all(xp < 1 + 1e-9))
    q[list(mb)] = np.clip(xq, 0.0, 1.0)
    p[list(ms)] = np.clip(xp, 0.0, 1.0)
    return p, q, ok


def _attempt(gm: BilinearGame, push: Array, call: Array, ms: tuple[int, ...], mb: tuple[int, ...], scale: float,
             repairs: int, tolerance: float = TOLERANCE) -> tuple[float, Array, Array] | None:
    """Solve one support guess; if it does not verify, up to ``repairs`` times replace the pure
    actions by each side's best response to the other's solved strategy and solve again.
    ``(exploitability / scale, p, q)`` of the last solution, or ``None``."""
    out: tuple[float, Array, Array] | None = None
    for step in range(repairs + 1):
        got = _solve_support(gm, push, call, ms, mb)
        if got is None:
            return out
        p, q, ok = got
        e = exploitability(gm, p, q) / scale if ok else math.inf
        if out is None or e < out[0]:
            out = (e, p, q)
        if e <= tolerance or step == repairs:
            return out
        new_push = (gm.g + gm.d @ q > 0).astype(np.float64)
        new_call = (p @ gm.d < 0).astype(np.float64)
        new_push[list(ms)] = push[list(ms)]
        new_call[list(mb)] = call[list(mb)]
        if np.array_equal(new_push, push) and np.array_equal(new_call, call):
            return out
        push, call = new_push, new_call
    return out


def _subsets(items: Sequence[int], k: int) -> list[tuple[int, ...]]:
    return [tuple(sorted(c)) for c in itertools.combinations(items, k)]


def _nearest(gap: Array, x: Array, reach: Array) -> list[int]:
    """The :data:`CANDIDATES` classes nearest indifference (``gap``: the advantage over the class's
    weight); then up to :data:`EXTRA` more that the average strategy ``x`` still mixes (between 5% and
    95%), and as many that the other player's mixing could make indifferent most easily (``reach``:
    the advantage over how much the other side's mixed classes move it)."""
    order = [int(i) for i in np.argsort(gap, kind="stable")]
    out = order[:CANDIDATES]
    out += [i for i in order[CANDIDATES:] if 0.05 < x[i] < 0.95][:EXTRA]
    out += [i for i in (int(k) for k in np.argsort(reach, kind="stable")) if i not in out][:EXTRA]
    return out


def _signs(gm: BilinearGame, p: Array, q: Array) -> tuple[list[tuple[Array, Array]], list[int], list[int]]:
    """Pure actions at ``(p, q)`` -- by the sign of each class's advantage, and by rounding ``p`` and ``q`` --
    and the classes nearest indifference."""
    a = gm.g + gm.d @ q  # push minus fold, to the small blind
    b = p @ gm.d  # call minus fold, to the small blind
    rows = np.maximum(np.abs(gm.d).sum(axis=1), 1e-300)
    cols = np.maximum(np.abs(gm.d).sum(axis=0), 1e-300)
    mixed_p = [int(i) for i in np.flatnonzero((p > 0.05) & (p < 0.95))] or [int(i) for i in np.argsort(a * a)[:2]]
    mixed_q = [int(j) for j in np.flatnonzero((q > 0.05) & (q < 0.95))] or [int(j) for j in np.argsort(b * b)[:2]]
    reach_p = np.abs(a) / np.maximum(np.abs(gm.d[:, mixed_q]).sum(axis=1), 1e-300)
    reach_q = np.abs(b) / np.maximum(np.abs(gm.d[mixed_p]).sum(axis=0), 1e-300)
    cs = _nearest(np.abs(a) / rows, p, reach_p)
    cb = _nearest(np.abs(b) / cols, q, reach_q)
    by_sign = ((a > 0).astype(np.float64), (b < 0).astype(np.float64))
    by_round = ((p > 0.5).astype(np.float64), (q > 0.5).astype(np.float64))
    same = np.array_equal(by_sign[0], by_round[0]) and np.array_equal(by_sign[1], by_round[1])
    return [by_sign] if same else [by_sign, by_round], cs, cb


def equilibrium(gm: BilinearGame, scale: float, deadline: TimeBudget | None = None, tolerance: float = TOLERANCE
                ) -> tuple[Array, Array, float, str, int]:
    """Solve the game: ``(p, q, exploitability / scale, method, iterations)``.

    ``scale`` converts payoff units to the unit the tolerance is stated in (a big blind, or a
    percent of the pool).  Candidate supports come from the CFR+ average; when none verifies,
    CFR+ runs four times longer (four times at most; then the best candidate is returned, its
    method saying ``approximate``).
    """
    # short stacks: often both players play pure strategies that a few best responses reach
    p = np.ones(CLASSES)
    for _ in range(3):
        q = (p @ gm.d < 0).astype(np.float64)
        p = (gm.g + gm.d @ q > 0).astype(np.float64)
        e = exploitability(gm, p, q) / scale
        if e <= tolerance:
            return p, q, e, "best responses from pushing everything (no mixed class); verified by exact best responses", 0
    iterations = CFR_ITERATIONS
    best: tuple[float, Array, Array] | None = None
    for _ in range(4):
        p0, q0 = cfr_plus(gm, iterations, deadline)
        e0 = exploitability(gm, p0, q0) / scale
        if best is None or e0 < best[0]:
            best = (e0, p0, q0)
        start = (p0, q0)
        for _round in range(REFINE_ROUNDS):
            pures, cs, cb = _signs(gm, *start)
            round_best: tuple[float, Array, Array] | None = None
            for k, (push, call) in itertools.product(range(MAX_MIXED + 1), pures):
                for ms in _subsets(cs, k):
                    for mb in _subsets(cb, k):
                        got = _attempt(gm, push, call, ms, mb, scale, REPAIRS, tolerance)
                        if got is None:
                            continue
                        e, p, q = got
                        if e <= tolerance:
                            method = (f"CFR+ ({iterations} iterations) for the supports; the indifference equations "
                                      f"of {k} mixed class{'es' if k != 1 else ''} per player solved (float64); "
                                      "verified by exact best responses")
                            return p, q, e, method, iterations
                        if round_best is None or e < round_best[0]:
                            round_best = (e, p, q)
                if deadline is not None:
                    deadline.check()
            if round_best is None:
                break
            if round_best[0] < best[0]:
                best = round_best
            start = (round_best[1], round_best[2])
        iterations *= 4
    assert best is not None
    e, p, q = best
    return p, q, e, f"CFR+ ({iterations // 4} iterations); no exact support found: approximate", iterations // 4


# -- the entry point --------------------------------------------------------------------------------------------


def _prize_values(model: str, prizes: tuple[int | Fraction, ...], after: list[tuple[int, int]]) -> list[float]:
    """The small blind's money after each outcome, by the payout model (:func:`.money.money_after`: a
    busted player takes second prize)."""
    return [float(money_after(pair, prizes, model)[0]) for pair in after]


def solve_headsup(
    stacks: Sequence[int],
    blinds: Sequence[int],
    ante: int = 0,
    *,
    big_blind_ante: int = 0,
    bb_ante: bool | None = None,
    prizes: Sequence[int | Fraction] | None = None,
    model: str = "chip",
    table: ClassTableLike | None = None,
    max_seconds: float | None = None,
) -> Equilibrium:
    """The heads-up push/fold equilibrium: the small blind's push range, the big blind's call range.

    ``stacks``: (small blind, big blind) in chips before posting; ``blinds``: (small, big) in chips,
    ``0 < small <= big``; ``ante`` per player, or ``big_blind_ante``, the big blind's alone
    (``bb_ante=True``, deprecated, reads ``ante`` as that).  The small blind's stack must be more than its blind and ante (else it is all in by
    posting), the big blind's at least its blind and ante.  ``model``: ``"chip"`` (chip EV, no prizes) or
    one of ``"icm"``, ``"dcm"``, ``"mw"``, ``"roberts"`` with ``prizes`` (first and second place; more
    places only if they pay 0).  ``table``: the class table (default: the package's exact one).

    Returns an :class:`~pokerengine.decisions.result.Equilibrium` with positions ``SB`` (``push``)
    and ``BB`` (``call["SB"]``); ``ev`` in chips, ``equity`` in prize money (prize models);
    ``exploitability`` in big blinds (chip EV) or percent of the pool, verified below ``1e-9`` bb
    (prize models: the same at the money a chip is worth, as a percent of the pool).  Time: about
    10-250 ms once the table is loaded, bounded by ``max_seconds``
    (:class:`~pokerengine.errors.ModelTimeout`); memory: a few MB.

    >>> eq = solve_headsup((100, 100), (5, 10), prizes=(70, 30), model="icm")
    >>> chip = solve_headsup((100, 100), (5, 10))
    >>> max(abs(a - b) for a, b in zip(eq.player("SB").push, chip.player("SB").push)) < 1e-9
    True
    >>> round(sum(p.equity for p in eq.players), 9)
    100.0
    >>> solve_headsup((100, 100), (5, 10), model="icm")
    Traceback (most recent call last):
    ...
    pokerengine.errors.DecisionInputError: model 'icm' needs prizes
    """
    start = time.perf_counter()
    model = check_model(model)
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float))
                                    or not max_seconds > 0):
        raise DecisionInputError(f"max_seconds must be a positive number or None, got {shown(max_seconds)}")
    each, bba = ante_pair(*antes(ante, big_blind_ante, bb_ante, error=ChipError))
    st = setup(stacks, blinds, each, big_blind_ante=bba)
    deadline = TimeBudget("heads-up push/fold", max_seconds)
    m = matrices(table)
    bb = st.blinds[1]
    chip_game = game(m, st.outcomes)
    money: tuple[int | Fraction, ...] = ()
    tolerance = TOLERANCE
    if model == "chip":
        if prizes is not None:
            raise DecisionInputError("chip EV takes no prizes: name a payout model (icm, dcm, mw, roberts)")
        gm, scale = chip_game, float(bb)
    else:
        if prizes is None:
            raise DecisionInputError(f"model {model!r} needs prizes")
        money = check_prizes(prizes, 2)
        pool = sum(money, 0)
        if pool <= 0:
            raise DecisionInputError("the prizes pay nothing")
        values = _prize_values(model, money, st.after())
        gm = game(m, values)
        scale = float(pool) / 100.0
        # the same precision as in chips: 1e-9 bb at the money a chip is worth here (prizes close
        # together make a percent of the pool a large amount of chips)
        moved = max(st.outcomes) - min(st.outcomes)
        rate = (max(values) - min(values)) / moved if moved else 0.0
        if rate > 0:
            tolerance = min(TOLERANCE, TOLERANCE * bb * rate / scale)
    p, q, expl, method, iterations = equilibrium(gm, scale, deadline, tolerance)
    ev = chip_game.value(p, q)
    equity: tuple[float | None, float | None] = (None, None)
    if model != "chip":
        e_sb = gm.value(p, q)
        equity = (e_sb, float(sum(money, 0)) - e_sb)
    names = ("SB", "BB")
    players = (
        PlayerStrategy(names[0], st.stacks[0], p.tolist(), {}, ev, equity[0]),
        PlayerStrategy(names[1], st.stacks[1], [0.0] * CLASSES, {"SB": q.tolist()}, -ev, equity[1]),
    )
    return Equilibrium(
        model=model, stacks=st.stacks, blinds=st.blinds, ante=0 if st.bb_ante else st.ante, prizes=money,
        players=players, exploitability=expl, seconds=time.perf_counter() - start, method=method,
        iterations=iterations, big_blind_ante=st.ante if st.bb_ante else 0, certified=expl <= tolerance,
    )


# -- charts -----------------------------------------------------------------------------------------------------


@attrs.frozen
class HeadsUpChart:
    """The equilibrium at a grid of equal stacks (in big blinds): per stack, the 169 push and call probabilities.

    :meth:`push_max` / :meth:`call_max` give, per class, the highest stack at which it is pushed
    (called) -- the form of HoldemResources' charts.  Most hands are mixed over a short stretch of
    stacks near their threshold; like those charts, a hand counts as played where its probability
    is at least ``at_least`` (1/2 by default; a tiny value gives the highest stack with any play).
    """

    stacks: tuple[float, ...]
    push: tuple[tuple[float, ...], ...]
    call: tuple[tuple[float, ...], ...]
    exploitability: float  # the largest over the grid, in big blinds
    seconds: float

    def _highest(self, rows: tuple[tuple[float, ...], ...], name: str | None, at_least: float) -> Any:
        if name is not None:
            k = class_index(name)
            played = [s for s, row in zip(self.stacks, rows) if row[k] >= at_least - 1e-9]
            return max(played) if played else None
        return tuple(self._highest(rows, n, at_least) for n in CLASS_NAMES)

    def push_max(self, name: str | None = None, at_least: float = 0.5) -> Any:
        """The highest stack (bb) pushed, per class (or for class ``name``); ``None`` if never."""
        return self._highest(self.push, name, at_least)

    def call_max(self, name: str | None = None, at_least: float = 0.5) -> Any:
        """The highest stack (bb) called, per class (or for class ``name``); ``None`` if never."""
        return self._highest(self.call, name, at_least)

    def table(self) -> str:
        """Both thresholds per class as text: ``name push call`` (``-`` if never, ``N+`` at the top)."""
        top = max(self.stacks)

        def cell(v: float | None) -> str:
            return "-" if v is None else f"{top:g}+" if v >= top else f"{v:g}"

        return "\n".join(f"{n:4} {cell(a):>6} {cell(b):>6}"
                         for n, a, b in zip(CLASS_NAMES, self.push_max(), self.call_max()))


def chart(
    low: float = 1.0, high: float = 50.0, step: float = 0.5, *, ante: float = 0.0, big_blind_ante: float = 0.0,
    bb_ante: bool | None = None,
    table: ClassTableLike | None = None, max_seconds: float | None = None,
) -> HeadsUpChart:
    """Solve equal stacks from ``low`` to ``high`` big blinds in steps of ``step`` (chip EV).

    Stacks, the ante (each player's) and ``big_blind_ante`` (the big blind's for the table, as in live) are
    in big blinds (``bb_ante=True``, the older spelling, makes ``ante`` the big blind's and warns); the game is played with blinds of 50/100 chips, so the
    grid must be a multiple of 0.01 bb.  Time: the default 99 stacks in about 2-3 s; bounded by
    ``max_seconds`` (:class:`~pokerengine.errors.ModelTimeout`).
    """
    start = time.perf_counter()
    unit = 100
    if bb_ante is not None:
        warnings.warn("chart(bb_ante=True) is chart(big_blind_ante=...); bb_ante goes in the next release",
                      DeprecationWarning, stacklevel=2)
        if bb_ante:
            ante, big_blind_ante = 0.0, ante
    for what, v in (("low", low), ("high", high), ("step", step), ("ante", ante), ("big_blind_ante", big_blind_ante)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
            raise DecisionInputError(f"{what} must be a non-negative number of big blinds, got {shown(v)}")
    for what, v in (("low", low), ("step", step), ("ante", ante), ("big_blind_ante", big_blind_ante)):
        if abs(v * unit - round(v * unit)) > 1e-6:
            raise DecisionInputError(f"{what} must be a multiple of 0.01 bb, got {v}")
    if ante and big_blind_ante:
        raise DecisionInputError("an ante for each player or a big blind ante, not both")
    if step <= 0 or low < 1 or high < low:
        raise DecisionInputError(f"the chart needs 1 <= low <= high and step > 0, got {low}, {high}, {step}")
    count = int(round((high - low) / step)) + 1
    if count > 10_000:
        raise DecisionInputError(f"{count} stacks: at most 10,000 in one chart")
    deadline = TimeBudget("heads-up chart", max_seconds)
    stacks = tuple(round(low + k * step, 10) for k in range(count))
    each, bba = round(ante * unit), round(big_blind_ante * unit)
    push, call = [], []
    worst = 0.0
    for s in stacks:
        chips_s = round(s * unit)
        left = None if deadline.end is None else max(deadline.end - time.monotonic(), 1e-3)
        eq = solve_headsup((chips_s, chips_s), (unit // 2, unit), each, big_blind_ante=bba, table=table,
                           max_seconds=left)
        push.append(eq.players[0].push)
        call.append(eq.players[1].call["SB"])
        worst = max(worst, eq.exploitability)
    return HeadsUpChart(stacks, tuple(push), tuple(call), worst, time.perf_counter() - start)


__all__ = ["DEALS", "HeadsUpChart", "chart", "setup", "solve_headsup"]
