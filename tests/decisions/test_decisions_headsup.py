"""The heads-up push/fold equilibrium (pokerengine.decisions.headsup).

Oracles: an exact certificate in Fractions (the indifference equations solved exactly and both
best responses computed exactly: equal values prove the game value), the value recomputed at the
level of the 1,326 combinations from the combination table, and HoldemResources' published
heads-up push/fold Nash charts.
"""

from __future__ import annotations

import os
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples

from pokerengine.decisions import headsup
from pokerengine.decisions.combos import CLASS_NAMES, CLASSES, COMBO_CLASS, class_index
from pokerengine.decisions.headsup import DEALS, chart, setup, solve_headsup
from pokerengine.decisions.result import Equilibrium
from pokerengine.errors import ChipError, DecisionInputError, ModelTimeout
from pokerengine.models import MODELS


def antes_kw(ante, bb_ante):
    """The keywords for an ante: every player's, or with ``bb_ante`` the big blind's alone (``big_blind_ante``)."""
    return {"big_blind_ante": ante} if bb_ante else {"ante": ante}

BB = 100  # chips per big blind in these tests: stacks on a grid of 0.01 bb


def table() -> headsup.ClassTableLike:
    from pokerengine.decisions.preflop import class_table

    return class_table()


def solve(stack_bb: float, **kw: object) -> Equilibrium:
    s = round(stack_bb * BB)
    return solve_headsup((s, s), (BB // 2, BB), **kw)  # type: ignore[arg-type]


# -- the exact certificate --------------------------------------------------------------------------


def exact_certificate(eq: Equilibrium) -> tuple[Fraction, Fraction, Fraction]:
    """``(value, best response of the small blind, best response of the big blind)`` in chips per hand,
    all in Fractions, for the supports of ``eq``: the mixed probabilities re-solved exactly.

    The payoffs are scaled by ``2 * boards`` to integers; the mixed classes' probabilities are
    re-solved from the indifference equations by Gaussian elimination in Fractions.
    """
    t = table()
    st_ = setup(eq.stacks, eq.blinds, ante=eq.ante, big_blind_ante=eq.big_blind_ante)
    f, s, w, lo, ti = st_.outcomes
    boards = int(t.boards)
    pairs = [[int(v) for v in row] for row in np.asarray(t.pairs)]
    win = [[int(v) for v in row] for row in np.asarray(t.win)]
    tie = [[int(v) for v in row] for row in np.asarray(t.tie)]
    two_t = 2 * ti
    d = [[2 * (win[i][j] * w + (pairs[i][j] * boards - win[i][j] - tie[i][j]) * lo) + tie[i][j] * two_t
          - 2 * boards * s * pairs[i][j] for j in range(CLASSES)] for i in range(CLASSES)]
    g = [2 * boards * (s - f) * sum(pairs[i]) for i in range(CLASSES)]
    c = 2 * boards * f * DEALS
    p_f = eq.players[0].push
    q_f = eq.players[1].call["SB"]
    ms = [i for i in range(CLASSES) if 1e-12 < p_f[i] < 1 - 1e-12]
    mb = [j for j in range(CLASSES) if 1e-12 < q_f[j] < 1 - 1e-12]
    assert len(ms) == len(mb), (ms, mb)
    p: list[Fraction] = [Fraction(round(v)) for v in p_f]
    q: list[Fraction] = [Fraction(round(v)) for v in q_f]
    for i in ms:
        p[i] = Fraction(0)
    for j in mb:
        q[j] = Fraction(0)
    k = len(ms)
    if k:
        # small blind's mixed classes indifferent: g_i + sum_j d_ij q_j = 0 (unknowns q over mb)
        a = [[Fraction(d[i][j]) for j in mb] + [-(g[i] + sum((d[i][j] * q[j] for j in range(CLASSES)), Fraction(0)))]
             for i in ms]
        for j, v in zip(mb, gauss(a)):
            q[j] = v
        # big blind's mixed classes indifferent: sum_i p_i d_ij = 0 (unknowns p over ms)
        a = [[Fraction(d[i][j]) for i in ms] + [-sum((p[i] * d[i][j] for i in range(CLASSES)), Fraction(0))] for j in mb]
        for i, v in zip(ms, gauss(a)):
            p[i] = v
    assert all(0 <= v <= 1 for v in p + q)
    dq = [sum((d[i][j] * q[j] for j in range(CLASSES) if q[j]), Fraction(0)) for i in range(CLASSES)]
    pd = [sum((p[i] * d[i][j] for i in range(CLASSES) if p[i]), Fraction(0)) for j in range(CLASSES)]
    scale = 2 * boards * DEALS
    pg = sum((p[i] * g[i] for i in range(CLASSES)), Fraction(0))
    value = (c + pg + sum((p[i] * dq[i] for i in range(CLASSES)), Fraction(0))) / scale
    best_sb = (c + sum((max(Fraction(0), g[i] + dq[i]) for i in range(CLASSES)), Fraction(0))) / scale
    best_bb = (c + pg + sum((min(Fraction(0), v) for v in pd), Fraction(0))) / scale
    return value, best_sb, best_bb


def gauss(rows: list[list[Fraction]]) -> list[Fraction]:
    """Solve the square system given as augmented rows, exactly."""
    n = len(rows)
    m = [r[:] for r in rows]
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


# No published table of the heads-up push/fold game's value to many digits was found (HoldemResources
# publishes the strategies as charts, Miltersen & Sorensen 2007 a tournament win probability, not the
# chip-EV value per stack); the value is certified exactly instead.
EXACT_STACKS = (1.5, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100)


@pytest.mark.parametrize("stack", EXACT_STACKS)
def test_value_is_the_exact_game_value(stack: float) -> None:
    eq = solve(stack)
    value, best_sb, best_bb = exact_certificate(eq)
    assert best_sb == value == best_bb  # neither player gains anything by deviating: the exact value
    assert abs(eq.players[0].ev - float(value)) / BB < 1e-9
    assert eq.exploitability < 1e-9


def test_value_with_antes_and_unequal_stacks() -> None:
    for stacks, blinds, ante, bb_ante in (((1500, 800), (40, 80), 10, False), ((600, 2000), (50, 100), 25, True),
                                          ((75, 2000), (50, 100), 0, False), ((2000, 100), (50, 100), 0, False)):
        eq = solve_headsup(stacks, blinds, **antes_kw(ante, bb_ante))
        value, best_sb, best_bb = exact_certificate(eq)
        assert best_sb == value == best_bb
        assert abs(eq.players[0].ev - float(value)) / blinds[1] < 1e-9
        if min(stacks) <= blinds[1]:  # all in for at most the big blind: called for nothing, so always
            assert eq.players[1].call["SB"] == (1.0,) * CLASSES

# -- the combination-level recount ---------------------------------------------------------------------------


def combo_value(eq: Equilibrium) -> tuple[float, float, float]:
    """The small blind's value and both best-response values, over all 1,326 x 1,225 deals, from the
    combination table (not the class table the solver read)."""
    from pokerengine.decisions.preflop import BOARDS, combo_masks, matrices

    win, tie = (np.asarray(m, dtype=np.float64) for m in matrices())
    masks = combo_masks()
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    lose = disjoint * BOARDS - win - tie
    f, s, w, lo, t = (float(v) for v in setup(eq.stacks, eq.blinds, ante=eq.ante, big_blind_ante=eq.big_blind_ante).outcomes)
    cls = np.array(COMBO_CLASS)
    p = np.array(eq.players[0].push)[cls]
    q = np.array(eq.players[1].call["SB"])[cls]
    show = (win * w + lose * lo + tie * t) / BOARDS
    push = disjoint * s + (show - disjoint * s) * q[None, :]  # push, per deal, against q
    fold = disjoint * f
    value = float(((1 - p)[:, None] * fold + p[:, None] * push).sum()) / DEALS
    # best responses, one decision per class (the solver's strategy space)
    gain = (push - fold).sum(axis=1)
    by_class = np.bincount(cls, weights=gain, minlength=CLASSES)
    best_sb = (float(fold.sum()) + float(np.maximum(by_class, 0).sum())) / DEALS
    call_gain = (p[:, None] * (show - disjoint * s)).sum(axis=0)
    by_class_b = np.bincount(cls, weights=call_gain, minlength=CLASSES)
    base = float(((1 - p)[:, None] * fold + p[:, None] * disjoint * s).sum())
    best_bb = (base + float(np.minimum(by_class_b, 0).sum())) / DEALS
    return value, best_sb, best_bb


@pytest.mark.parametrize("stacks,blinds,ante,bb_ante", [
    ((1000, 1000), (50, 100), 0, False), ((700, 2500), (50, 100), 12, False), ((3000, 900), (40, 80), 10, True),
    ((75, 2000), (50, 100), 0, False)])
def test_combination_recount(stacks: tuple[int, int], blinds: tuple[int, int], ante: int, bb_ante: bool) -> None:
    eq = solve_headsup(stacks, blinds, **antes_kw(ante, bb_ante))
    value, best_sb, best_bb = combo_value(eq)
    bb = blinds[1]
    assert abs(value - eq.players[0].ev) / bb < 1e-9
    assert best_sb - value <= eq.exploitability * bb + 1e-9 * bb
    assert value - best_bb <= eq.exploitability * bb + 1e-9 * bb


# -- published numbers -------------------------------------------------------------------------------------


def test_ten_big_blinds_ranges() -> None:
    # The well-known figures at 10 bb (HoldemResources' published heads-up charts): the small blind
    # pushes about 58% of hands and the big blind calls about 37%, counted over the 1,326 combinations.
    eq = solve(10)
    assert abs(eq.players[0].push_percent - 58) < 1
    assert abs(eq.players[1].call_percent["SB"] - 37) < 1


# HoldemResources, "HeadsUp Push/Fold Nash Equilibrium" charts (computed 2007;
# holdemresources.net/h/poker-theory/hune/, usage notes dated 2014): per hand, the highest effective
# stack (bb) at which it is pushed or called, one decimal, "20+" above 20 bb, "*" for the hands with a
# gap (63s, 53s, 43s).  T3s 7.7, Q2o (call) 5.6 and 63s's gap are quoted in the site's usage notes; the
# grids below are the published charts as reproduced at diateforno1987.netlify.app/nash-chart-poker
# (the whole pusher chart, the caller chart's rows A to 8).  Rows and columns A..2; above the diagonal
# suited, below offsuit.  Their raw data steps by 0.05 bb and the charts show one decimal, rounded
# down: so our threshold on the 0.05 grid is the published value or 0.05 above it.  Mixed play counts
# as played where its probability is at least 1/2 (the charts leave out the short mixed stretches).
HRC_PUSH = """
A 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+
K 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 19.9 19.3
Q 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 16.3 13.5 12.7
J 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 18.6 14.7 13.5 10.6 8.5
T 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 11.9 10.5 7.7 6.5
9 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 14.4 6.9 4.9 3.7
8 20+ 18.0 13.0 13.3 17.5 20+ 20+ 20+ 20+ 18.8 10.1 2.7 2.5
7 20+ 16.1 10.3 8.5 9.0 10.8 14.7 20+ 20+ 20+ 13.9 2.5 2.1
6 20+ 15.1 9.6 6.5 5.7 5.2 7.0 10.7 20+ 20+ 16.3 * 2.0
5 20+ 14.2 8.9 6.0 4.1 3.5 3.0 2.6 2.4 20+ 20+ * 2.0
4 20+ 13.1 7.9 5.4 3.8 2.7 2.3 2.1 2.0 2.1 20+ * 1.8
3 20+ 12.2 7.5 5.0 3.4 2.5 1.9 1.8 1.7 1.8 1.6 20+ 1.7
2 20+ 11.6 7.0 4.6 2.9 2.2 1.8 1.6 1.5 1.5 1.4 1.4 20+
"""
HRC_CALL = """
A 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+
K 20+ 20+ 20+ 20+ 20+ 20+ 17.6 15.2 14.3 13.2 12.1 11.4 10.7
Q 20+ 20+ 20+ 20+ 20+ 16.1 13.0 10.5 9.9 8.9 8.4 7.8 7.2
J 20+ 20+ 19.5 20+ 18.0 13.4 10.6 8.8 7.0 6.9 6.1 5.8 5.6
T 20+ 20+ 15.3 12.7 20+ 11.5 9.3 7.4 6.3 5.2 5.2 4.8 4.5
9 20+ 17.1 11.7 9.5 8.4 20+ 8.2 7.0 5.8 5.0 4.3 4.1 3.9
8 20+ 13.8 9.7 7.6 6.6 6.0 20+ 6.5 5.6 4.8 4.1 3.6 3.5
"""


def hrc_chart(text: str) -> dict[str, str]:
    order = "AKQJT98765432"
    out = {}
    for line in text.strip().splitlines():
        row, *cells = line.split()
        i = order.index(row)
        for j, v in enumerate(cells):
            hi, lo = order[min(i, j)], order[max(i, j)]
            out[hi + lo if i == j else hi + lo + ("s" if i < j else "o")] = v
    return out


@pytest.fixture(scope="module")
def chart_to_20() -> headsup.HeadsUpChart:
    return chart(1.0, 20.0, 0.05)  # 381 solves, a few seconds


@pytest.mark.parametrize("kind", ["push", "call"])
def test_holdemresources_charts(chart_to_20: headsup.HeadsUpChart, kind: str) -> None:
    published = hrc_chart(HRC_PUSH if kind == "push" else HRC_CALL)
    ours = chart_to_20.push_max() if kind == "push" else chart_to_20.call_max()
    assert chart_to_20.exploitability < 1e-9
    off = {}
    for name, v in published.items():
        mine = ours[class_index(name)]
        if v == "*":
            continue
        good = mine == 20.0 if v == "20+" else mine is not None and float(v) - 1e-9 <= mine <= float(v) + 0.05 + 1e-9
        if not good:
            off[name] = (v, mine)
    # Q4o alone differs: pushed outright up to 7.9 bb as published, then mixed below 1/2 except at
    # 8.25-8.3 bb (52% and 62%), a stretch the chart leaves out
    assert off == ({"Q4o": ("7.9", 8.3)} if kind == "push" else {}), off
    if kind == "push":
        rows = chart_to_20.push
        q4o = [s for s, row in zip(chart_to_20.stacks, rows) if row[class_index("Q4o")] == 1.0]
        assert max(q4o) == 7.9
    assert len(published) == (169 if kind == "push" else 91)


def test_chart_shape_and_gaps() -> None:
    c = chart(5.0, 8.0, 0.5)
    assert c.stacks == (5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0)
    assert c.exploitability < 1e-9
    assert c.push_max("AA") == 8.0 and c.call_max("AA") == 8.0
    assert c.push_max("T3s") == 7.5  # HoldemResources: 7.7
    assert c.call_max("72o") is None
    # 63s: HoldemResources' usage notes: "included in the pushing strategy for stack sizes between
    # 7.1 and 5.1bb, and stacks below 2.3bb"
    k = class_index("63s")
    pushed = {s: solve(s).players[0].push[k] for s in (2.3, 2.5, 4.0, 5.15, 6.5, 7.1, 7.3)}
    assert pushed == {2.3: 1.0, 2.5: 0.0, 4.0: 0.0, 5.15: 1.0, 6.5: 1.0, 7.1: 1.0, 7.3: 0.0}
    text = c.table().splitlines()
    assert text[0].split() == ["AA", "8+", "8+"] and len(text) == CLASSES


# -- prize models ----------------------------------------------------------------------------------------------


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(1, 10**6), st.integers(2, 10**6), st.integers(0, 10**6),
       st.sampled_from(["icm", "dcm", "mw", "roberts"]))
def test_two_player_models_are_linear_in_chips(small: int, big: int, second: int, model: str) -> None:
    first = second + big  # any first prize above the second
    total = small + big
    e = MODELS[model]((small, big), (first, second)).equity
    line = second + (first - second) * small / total
    assert abs(float(e[0]) - line) <= 1e-9 * first
    assert abs(float(e[0]) + float(e[1]) - (first + second)) <= 1e-9 * first


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.integers(1, 1000), st.integers(0, 1000),
       st.sampled_from(["icm", "dcm", "mw", "roberts"]))
def test_prize_models_push_the_chip_ranges(s: int, b: int, extra: int, second: int, model: str) -> None:
    stacks = (s * 50 + 100, b * 50 + 100)
    chip = solve_headsup(stacks, (50, 100))
    money = solve_headsup(stacks, (50, 100), prizes=(second + extra, second), model=model)
    assert np.allclose(chip.players[0].push, money.players[0].push, atol=1e-7)
    assert np.allclose(chip.players[1].call["SB"], money.players[1].call["SB"], atol=1e-7)
    pool = 2 * second + extra
    equities = [p.equity for p in money.players]
    assert all(e is not None for e in equities)
    assert abs(sum(e for e in equities if e is not None) - pool) <= 1e-9 * pool
    # linear: the expected prize is the prize line at the expected stack
    line = second + extra * (stacks[0] + chip.players[0].ev) / sum(stacks)
    assert abs(equities[0] - line) <= 1e-7 * pool  # type: ignore[operator]
    assert money.exploitability < 1e-7  # percent of the pool


def test_icm_equity_at_twenty_bb() -> None:
    eq = solve_headsup((2000, 2000), (50, 100), prizes=(65, 35), model="icm")
    sb, bb = eq.players
    assert sb.equity is not None and bb.equity is not None
    assert abs(sb.equity - (50 + 30 * sb.ev / 4000)) < 1e-9
    assert eq.prizes == (65, 35) and eq.model == "icm"


# -- properties: no deviation gains more than the stated exploitability; money conserved ------------------


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(100, 20000), st.integers(100, 20000), st.integers(1, 50), st.integers(0, 30), st.booleans(),
       st.integers(0, 2**32 - 1))
def test_no_deviation_gains(s: int, b: int, small: int, ante: int, bb_ante: bool, seed: int) -> None:
    big = 100
    sb_blind = min(small * 2, big)
    need = big + ante + 1  # a stack must exceed its forced bets (a player all in by posting decides nothing)
    stacks = (max(s, need), max(b, need))
    eq = solve_headsup(stacks, (sb_blind, big), **antes_kw(ante, bb_ante))
    sb, bbp = eq.players
    assert sb.ev + bbp.ev == 0.0
    m = headsup.matrices()
    gm = headsup.game(m, setup(stacks, (sb_blind, big), **antes_kw(ante, bb_ante)).outcomes)
    p, q = np.array(sb.push), np.array(bbp.call["SB"])
    v = gm.value(p, q)
    assert abs(v - sb.ev) <= 1e-9 * big
    rng = np.random.default_rng(seed)
    slack = eq.exploitability * big + 1e-9 * big
    for dev in (rng.random(CLASSES), (rng.random(CLASSES) < 0.5).astype(float), 1 - p):
        assert gm.value(dev, q) <= v + slack  # the small blind gains nothing by deviating
        assert gm.value(p, dev) >= v - slack  # nor does the big blind
    assert gm.best_push(q) - v <= slack and v - gm.best_call(p) <= slack


# -- inputs ------------------------------------------------------------------------------------------------------


def test_setup_pots() -> None:
    s = setup((1000, 400), (10, 20), 5)
    assert s.posted == (15, 25) and s.pot == (400, 400)
    assert s.outcomes == (-15, 25, 400, -400, 0)
    s = setup((1000, 400), (10, 20), big_blind_ante=5)  # the big blind alone posts the (single) ante
    with pytest.warns(DeprecationWarning, match="big_blind_ante"):  # the older spelling
        assert setup((1000, 400), (10, 20), 5, bb_ante=True) == s
    assert s.posted == (10, 25) and s.pot == (395, 400)
    assert s.outcomes == (-10, 25, 400, -395, 2)  # a tie: the odd chip to the big blind
    assert s.after() == [(990, 410), (1025, 375), (1400, 0), (605, 795), (1002, 398)]


@pytest.mark.parametrize("args,kw,error,message", [
    (((100.0, 100), (5, 10)), {}, ChipError, "integer number of chips"),
    (((True, 100), (5, 10)), {}, ChipError, "integer number of chips"),
    (((100, 100), (10, 5)), {}, DecisionInputError, "must not be larger than the big blind"),
    (((100, 100), (0, 10)), {}, ChipError, "must be positive"),
    (((100, 100, 100), (5, 10)), {}, DecisionInputError, "two stacks"),
    (((100, 5), (5, 10)), {}, DecisionInputError, "must cover its blind and ante"),
    (((15, 100), (5, 10), 10), {}, DecisionInputError, "must exceed its blind and ante"),
    (((100, 100), (5, 10), 1.5), {}, ChipError, "integer number of chips"),
    (((100, 100), (5, 10)), {"model": "nash"}, DecisionInputError, "model must be one of"),
    (((100, 100), (5, 10)), {"prizes": (70, 30)}, DecisionInputError, "chip EV takes no prizes"),
    (((100, 100), (5, 10)), {"model": "icm", "prizes": (50, 30, 20)}, DecisionInputError, "nobody can finish"),
    (((100, 100), (5, 10)), {"model": "icm", "prizes": (0, 0)}, DecisionInputError, "pay nothing"),
    (((100, 100), (5, 10)), {"max_seconds": 0}, DecisionInputError, "max_seconds"),
    (((100, 100), (5, 10)), {"bb_ante": 1}, DecisionInputError, "bb_ante"),
])
def test_bad_input(args: tuple[object, ...], kw: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        solve_headsup(*args, **kw)  # type: ignore[arg-type]


def test_timeout() -> None:
    with pytest.raises(ModelTimeout):
        solve_headsup((100000, 100000), (5, 10), max_seconds=1e-9)
    with pytest.raises(ModelTimeout):
        chart(1.0, 50.0, 0.5, max_seconds=0.05)


def test_chart_inputs() -> None:
    with pytest.raises(DecisionInputError):
        chart(0.5, 10.0)
    with pytest.raises(DecisionInputError):
        chart(1.0, 10.0, 0.0)
    with pytest.raises(DecisionInputError):
        chart(1.0, 10.0, float("nan"))
    with pytest.raises(DecisionInputError, match="multiple of 0.01"):
        chart(1.0, 10.0, 0.5, ante=0.125)


def test_result_shape() -> None:
    eq = solve(10)
    assert [p.position for p in eq.players] == ["SB", "BB"]
    assert eq.players[1].push == (0.0,) * CLASSES and list(eq.players[0].call) == []
    js = eq.to_json()
    assert js["players"][1]["call"]["SB"]["AA"] == 1.0 and js["players"][0]["push"]["AA"] == 1.0
    assert js["model"] == "chip" and js["prizes"] == [] and "CFR+" in js["method"]
    assert CLASS_NAMES[int(np.argmin(eq.players[0].push))] != "AA"


@pytest.mark.skipif(not DEEP and not os.environ.get("POKERENGINE_SLOW"), reason="the whole 1-100 bb grid: deep profile")
def test_every_stack_verifies() -> None:
    worst = 0.0
    for k in range(100, 10001, 5):  # 1 to 100 bb in steps of 0.05
        eq = solve_headsup((k, k), (50, 100))
        assert "approximate" not in eq.method, k
        assert eq.iterations <= 1600, k  # the work, not the wall clock (other jobs share the machine)
        worst = max(worst, eq.exploitability)
    assert worst < 1e-9


def test_a_big_blind_ante_is_named_as_in_live():
    """The result says the big blind's ante as live takes it (``big_blind_ante``, an amount; ``ante`` 0), the
    older flag still reads (with a warning), and the chart takes it in big blinds the same way."""
    eq = solve_headsup((1000, 800), (25, 50), big_blind_ante=50)
    assert (eq.ante, eq.big_blind_ante) == (0, 50) and eq.to_json()["big_blind_ante"] == 50
    assert "bb_ante" not in eq.to_json()
    with pytest.warns(DeprecationWarning, match="big_blind_ante"):
        assert eq.bb_ante is True
    plain = solve_headsup((1000, 800), (25, 50), 10)
    assert (plain.ante, plain.big_blind_ante) == (10, 0)
    new = chart(5.0, 6.0, 0.5, big_blind_ante=1.0)
    with pytest.warns(DeprecationWarning, match="bb_ante"):
        old = chart(5.0, 6.0, 0.5, ante=1.0, bb_ante=True)
    assert new.push == old.push and new.call == old.call
    assert new.push != chart(5.0, 6.0, 0.5).push  # (the ante changes the ranges: the test can fail)
    with pytest.raises(DecisionInputError, match="not both"):
        chart(5.0, 6.0, 0.5, ante=0.5, big_blind_ante=1.0)
