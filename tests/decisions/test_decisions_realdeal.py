"""Push/fold in the real deal: every hand and the board from one deck, folded hands dead.

The independent checker (``realdeal_oracle.py``, by combination, from the rules) against brute
force; the solver's class-triple sums (:mod:`pokerengine.decisions.realdeal`) against brute force
and against the checker; the solver's three-handed certificate against the checker; three hands
all in from one deck (:mod:`pokerengine.decisions.threeway`) against a plain sum, its exact
constraints, and the checker's Monte Carlo.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples
from realdeal_oracle import (
    DISJOINT,
    _Board,
    _board_pays,
    _expected_sums,
    _order_pays,
    avoiding,
    check,
    pair_sum,
    strategies_of,
    three_on_board,
)

from pokerengine.decisions.combos import CLASS_COMBOS, COMBO_CARDS, class_index
from pokerengine.decisions.equilibrium import build, solve
from pokerengine.decisions.game import make_game
from pokerengine.decisions.preflop import BOARDS, matrices
from pokerengine.decisions.realdeal import board_triples
from pokerengine.decisions.triples import class_triples
from pokerengine.errors import DecisionInputError
from pokerengine.hands.vector import rank_holes


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(2), deadline=None)
def test_checker_sums_match_matrix_products(seed: int) -> None:
    """The checker's inclusion-exclusion sums over a third hand equal plain products over the disjoint combinations."""
    rng = np.random.default_rng(seed)
    w = rng.random(1326)
    assert np.allclose(avoiding(w), ((DISJOINT * w) @ DISJOINT) * DISJOINT, atol=1e-9)
    x = rng.random((1326, 1326))
    brute = np.einsum("cd,ce,de->c", DISJOINT, DISJOINT, x * DISJOINT, optimize=True)
    assert np.allclose(pair_sum(x), brute, rtol=1e-12, atol=1e-6)


def test_checker_headsup_agrees_with_the_exact_solver() -> None:
    """Heads-up the checker is exact: the exact solver's strategies gain nothing and its values match."""
    game = make_game((2000, 2000), (100, 200))
    eq = solve((2000, 2000), (100, 200))
    got = check(game, strategies_of(game, eq))
    assert max(got.gains) < 1e-9
    assert got.value[0] - 2000 == pytest.approx(eq.players[0].ev, abs=1e-9)
    worse = strategies_of(game, eq)
    worse[0][frozenset()] = np.ones(169)  # pushing everything must be exploitable
    assert check(game, worse).gains[1] > 0.1


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(3), deadline=None)
def test_class_triples_brute_force(seed: int) -> None:
    """Counts and exact two-hand win sums over three disjoint combinations of given classes, by brute force."""
    t = class_triples()
    win, _ = matrices()
    rng = np.random.default_rng(seed)
    for a, b, c in rng.integers(0, 169, (3, 3)):
        n = w = 0.0
        for x, y, z in itertools.product(CLASS_COMBOS[a], CLASS_COMBOS[b], CLASS_COMBOS[c]):
            if len(set(COMBO_CARDS[x]) | set(COMBO_CARDS[y]) | set(COMBO_CARDS[z])) == 6:
                n += 1
                w += win[x, y] / BOARDS
        assert t.count[a, b, c] == n
        assert t.win[a, b, c] == pytest.approx(w, abs=1e-9)
    assert t.count.sum() == 1326 * 1225 * 1128
    aa, kk = class_index("AA"), class_index("KK")
    assert t.count[aa, aa, aa] == 0 and t.count[aa, kk, aa] == 36


def test_board_correction_adds_up_to_nothing() -> None:
    """Over every folded combination the board correction vanishes (each deal's counts: 903 * C(48,5)/C(46,5) = 1128),
    and a's win against b is b's loss."""
    b = board_triples(20_000, seed=7)
    assert np.abs(b.win.sum(axis=2)).max() < 1e-8
    assert np.allclose(b.win, -(b.win + b.tie).transpose(1, 0, 2))
    with pytest.raises(DecisionInputError):
        board_triples(0)


def _no_overcall(solver: object, rng: np.random.Generator) -> dict[int, np.ndarray]:
    sig = {p: rng.random(v.shape) for p, v in solver.sigma.items()}  # type: ignore[attr-defined]
    both = solver.keys[2][frozenset({0, 1})]  # type: ignore[attr-defined]
    sig[2][both] = 0.0  # nobody reaches three hands all in: the checker's part is exact
    return sig


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(1), deadline=None)
def test_solver_values_equal_the_checker(seed: int) -> None:
    """Random strategies: the solver's real-deal values (exact part: deals=0) equal the checker's
    combination-level values for every decision point and class, and the gains agree."""
    game = make_game((2000, 1500, 1000), (100, 200), prizes=(50, 30, 20))
    solver = build(game, deals=0)
    sig = _no_overcall(solver, np.random.default_rng(seed))
    _, cfv, _ = solver.values(sig)
    strategies = {p: {key: sig[p][k] for key, k in solver.keys[p].items()} for p in solver.keys}
    got = check(game, strategies, deals=0)
    for p, keys in solver.keys.items():
        for key, k in keys.items():
            if (p, key) != (2, frozenset({0, 1})):  # the big blind's overcall: the three-way showdown, not checked here
                assert np.allclose(cfv[p][k, 0], got.push[(p, key)], atol=1e-9)
            assert np.allclose(cfv[p][k, 1], got.fold[(p, key)], atol=1e-9)
    gains, _ = solver.gains(sig)
    assert np.allclose(np.array(gains[:2]) / game.scale, got.gains[:2], atol=1e-9)
    reported, _ = solver.report(sig)  # one deal for every seat: the reported equities are the checker's
    assert np.allclose(reported, got.value, atol=1e-9)
    assert np.allclose(got.real_value, got.value, atol=1e-9)  # nothing sampled: no board correction
    assert sum(reported) == pytest.approx(100.0, abs=1e-9)


def test_sb_open_pushes_gone_at_ten_big_blinds() -> None:
    """3 x 10 bb chip EV: the model's view pushes 76o, Q7o and 43s from the small blind every time
    after the button folds; in the real deal each loses against folding (the independent checker:
    0.024, 0.023 and 0.040 bb), which the real-deal solver's values and certificate see, and its
    own solve pushes them less (at 0.0002 bb: 43s never, 76o and Q7o mixed at 0.40 and 0.59)."""
    game = make_game((2000, 2000, 2000), (100, 200))
    old = solve((2000, 2000, 2000), (100, 200), tolerance=0.002, card_removal="model", max_seconds=300)
    hands = [class_index(h) for h in ("76o", "Q7o", "43s")]
    assert [old.player("SB").push[h] for h in hands] == [1.0, 1.0, 1.0]
    assert "each player's view" in old.method
    solver = build(game, deals=250_000)
    sigma = {p: np.array([old.players[p].call[game.key_name(key)] if key else old.players[p].push
                          for key in keys]) for p, keys in solver.keys.items()}
    _, cfv, _ = solver.values(sigma)
    k = solver.keys[1][frozenset()]
    gain = (cfv[1][k, 0] - cfv[1][k, 1]) / 200
    assert all(-0.05 < gain[h] < -0.015 for h in hands), gain[hands]
    gains, _ = solver.gains(sigma)
    assert gains[1] / 200 > 0.0003
    eq = solve((2000, 2000, 2000), (100, 200), tolerance=0.002, max_seconds=300, deals=250_000)
    assert "real deal" in eq.method and eq.exploitability <= 0.002
    # pushed less: at this loose tolerance 0.37, 1.0 (rounded) and 0.58 with three hands all in from one
    # deck (the board model's solve gave all three below 1); at 0.0002 bb 0.43, 0.59 and never
    assert sum(eq.player("SB").push[h] for h in hands) < 2.5


def test_card_removal_options() -> None:
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000), (100, 200), card_removal="maybe")
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000, 2000), (100, 200), card_removal="real")
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000), (100, 200), deals=-1)


@pytest.mark.skipif(not DEEP, reason="a long Monte Carlo: POKERENGINE_HYPOTHESIS=deep")
@pytest.mark.parametrize("prizes", [None, (50, 30, 20)])
def test_tight_solve_certified_in_the_real_deal_deep(prizes: tuple[int, ...] | None) -> None:
    """3 x 10 bb, chip EV at 0.0002 bb and ICM 50/30/20 at 0.0002% of the pool: the checker (1 million
    deals for the folded hands' cards out of the board, 2,000 boards each summed exactly over the
    hands for three all in; seed 11) finds the real-deal exploitability within the tolerance by
    more than three of its standard errors (measured in ``docs/decisions.md``, with more samples:
    ``scripts/certify_realdeal.py``)."""
    game = make_game((2000, 2000, 2000), (100, 200), prizes=prizes)
    eq = solve((2000, 2000, 2000), (100, 200), prizes=prizes, tolerance=0.0002, max_seconds=1200)
    assert eq.exploitability <= 0.0002
    got = check(game, strategies_of(game, eq), deals=1_000_000, seed=11, boards=2000)
    assert got.board_correction + 3 * got.board_correction_se <= 0.0002, (got.real_gains, got.real_gains_se)


def _pot_winners(order: tuple[int, ...], live: tuple[int, ...]) -> tuple[int, ...]:
    """Pot by pot (live by contribution, smallest first): pot j goes to the best of live[j:]."""
    return tuple(sorted({live.index(min(live[j:], key=order.index)) for j in range(len(live))}))


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(5), deadline=None)
def test_three_way_values_brute_force(seed: int) -> None:
    """Orders.values against a plain sum over the other two seats' classes and the six orders, each
    order paid as the pot winners it makes (pot by pot), on a random order tensor and random pays."""
    from pokerengine.decisions.showdown import pot_sequences
    from pokerengine.decisions.threeway import Orders

    rng = np.random.default_rng(seed)
    order = rng.random((169, 169, 169))
    live = tuple(int(s) for s in rng.permutation(3))
    pays = rng.normal(size=(4, 3))
    support = {s: rng.choice(169, 3, replace=False) for s in live}
    weights = {s: np.zeros(169) for s in live}
    for s in live:
        weights[s][support[s]] = rng.random(3)
    got = Orders(order, 1, 1).values(live, pays, weights)
    seqs = pot_sequences(3)
    for p in live:
        q, r = (s for s in live if s != p)
        for a in rng.choice(169, 4, replace=False):
            want = 0.0
            for b in support[q]:
                for c in support[r]:
                    cls = {p: a, q: b, r: c}
                    for o in itertools.permutations(live):
                        t = seqs.index(_pot_winners(o, live))
                        want += weights[q][b] * weights[r][c] * order[cls[o[0]], cls[o[1]], cls[o[2]]] * pays[t][p]
            assert got[p][a] == pytest.approx(want, rel=1e-9, abs=1e-12)


def test_three_way_orders_add_up_and_keep_the_pairwise_shares() -> None:
    """The sampled orders of each deal add up to its count, and every pair's share of the orders
    (a before b, ties half) is the exact two-hand one given to it (the projection keeps it)."""
    from pokerengine.decisions.threeway import Orders

    t = class_triples()
    score = np.divide(t.win + 0.5 * t.tie, t.count, out=np.full(t.count.shape, 0.5), where=t.count > 0)
    o = Orders.make(boards=16, per_board=500, seed=3, score=score, tag=-1).order
    rng = np.random.default_rng(5)
    for a, b, c in rng.integers(0, 169, (50, 3)):
        six = {p: o[tuple(np.array([a, b, c])[list(p)])] for p in itertools.permutations(range(3))}
        assert sum(six.values()) == pytest.approx(t.count[a, b, c], abs=1e-6)
        ab = six[(0, 1, 2)] + six[(0, 2, 1)] + six[(2, 0, 1)]  # a before b
        assert ab == pytest.approx(score[a, b, c] * t.count[a, b, c], abs=1e-6)
        bc = six[(0, 1, 2)] + six[(1, 0, 2)] + six[(1, 2, 0)]  # b before c
        assert bc == pytest.approx(score[b, c, a] * t.count[a, b, c], abs=1e-6)
        ac = six[(0, 1, 2)] + six[(0, 2, 1)] + six[(1, 0, 2)]  # a before c
        assert ac == pytest.approx(score[a, c, b] * t.count[a, b, c], abs=1e-6)
    with pytest.raises(DecisionInputError):
        Orders.make(boards=0)


def _overcall_gap(deals: int, three: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The big blind's overcall (three hands all in) per class: the solver's one-deck value less the
    checker's own Monte Carlo, and the checker's standard error, for random strategies."""
    game = make_game((2000, 1500, 1000), (100, 200), prizes=(50, 30, 20))
    solver = build(game, deals=250_000, three=three)  # the pairwise shares with the board correction
    sig = {p: np.random.default_rng(seed).random(v.shape) for p, v in solver.sigma.items()}
    _, cfv, _ = solver.values(sig)
    strategies = {p: {key: sig[p][k] for key, k in solver.keys[p].items()} for p in solver.keys}
    got = check(game, strategies, deals=deals, seed=seed + 1)
    key = frozenset({0, 1})
    return cfv[2][solver.keys[2][key], 0] - got.push[(2, key)], got.se[(2, key)]


def test_three_way_values_agree_with_the_checker() -> None:
    """Three hands all in from one deck (threeway.Orders, 1.3 million deals) against the checker's
    Monte Carlo of whole deals (500,000): every class within 5 standard errors (measured at 1 million:
    at most 3.5), the mean gap within one."""
    gap, se = _overcall_gap(500_000, 512, 1)
    assert np.all(np.abs(gap) < 5 * se)
    assert abs(float(PRIOR3 @ gap)) < float(PRIOR3 @ se)


@pytest.mark.skipif(not DEEP, reason="a long Monte Carlo: POKERENGINE_HYPOTHESIS=deep")
def test_three_way_values_agree_with_the_checker_deep() -> None:
    """The same with the default sample (10.24 million deals) against 12 million checker deals."""
    gap, se = _overcall_gap(12_000_000, 4096, 2)
    assert np.all(np.abs(gap) < 5 * se)
    assert abs(float(PRIOR3 @ gap)) < float(PRIOR3 @ se)


PRIOR3 = np.array([len(c) for c in CLASS_COMBOS], dtype=np.float64) / 1326


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(2), deadline=None)
def test_three_all_in_on_a_board_brute_force(seed: int) -> None:
    """The checker's sum over the other two hands on one board (inclusion and exclusion over the
    cards, ties of the two others priced apart) equals the plain sum over every disjoint pair, each
    priced by the order of the three values, under chip EV and ICM; also on a board that plays."""
    rng = np.random.default_rng(seed)
    for prizes, plays in ((None, False), ((50, 30, 20), False), ((50, 30, 20), True)):
        board = np.array([0, 5, 10, 15, 16]) if plays else rng.choice(52, 5, replace=False)  # 2-6 straight
        v = rank_holes(board[None])[0].astype(np.int64)
        game = make_game((2000, 2000, 2000), (100, 200), prizes=prizes)
        pays = _board_pays(game)
        assert pays is not None
        order = _order_pays(game, frozenset(range(3)))
        w = [rng.random(1326) * (rng.random(1326) < f) for f in (0.5, 0.3)]
        got = three_on_board(_Board(v), pays[1], w[0], w[1])  # seat 1: the next is 2, then 0
        table = np.zeros(27)
        for code, pay in order.items():
            table[code] = pay[1]
        for c in rng.choice(np.flatnonzero(v > 0), 3, replace=False):
            ok = (v > 0) & (DISJOINT[c] > 0)
            xs, ys = np.flatnonzero(ok & (w[0] > 0)), np.flatnonzero(ok & (w[1] > 0))  # seat 2's, seat 0's
            weight = np.outer(w[0][xs], w[1][ys]) * DISJOINT[np.ix_(xs, ys)]
            v0, v1, v2 = v[ys][None, :], v[c], v[xs][:, None]
            code = (np.sign(v0 - v1) + 1) * 9 + (np.sign(v0 - v2) + 1) * 3 + np.sign(v1 - v2) + 1
            assert got[c] == pytest.approx(float((weight * table[code]).sum()), rel=1e-9, abs=1e-6)
        assert np.all(got[v == 0] == 0)


def test_three_all_in_control_has_mean_zero() -> None:
    """The control variate's sums (c against a range on one board) average, over boards, to the exact
    expectations from the two-hand table: every board's total over c within 4 standard errors."""
    rng = np.random.default_rng(4)
    w = rng.random(1326) * (rng.random(1326) < 0.4)
    expect = _expected_sums(w)
    cards = np.argsort(rng.random((150, 52)), axis=1)[:, :5]
    totals = []
    for v in rank_holes(cards):
        b = _Board(v)
        got = 0.5 * b.ksums(w).sum(axis=1)
        totals.append(((got - expect) * b.live[:, None]).sum(axis=0))
    t = np.array(totals)
    assert np.all(np.abs(t.mean(axis=0)) < 4 * t.std(axis=0) / np.sqrt(len(t)))
    assert np.abs(t.mean(axis=0)).max() < 0.02 * np.abs(expect.sum(axis=0)).max()  # the deviations are not all zero
    assert t.std(axis=0).min() > 0


def test_three_all_in_by_board_agrees_with_the_per_deal_monte_carlo() -> None:
    """Random strategies (every hand reaches three all in): the checker's three-way values summed
    exactly over the hands on 30 boards (with the control variate) against its per-deal Monte Carlo
    of whole deals (100,000), chip EV 2000/1500/1000: for each decision point with three all in at
    most 3% of the classes beyond 4 standard errors, the mean over the classes within 4 of its
    standard errors (the per-deal part's independent by class, the boards' taken as correlated),
    and the 30 exact boards' standard error below the 100,000 deals'."""
    game = make_game((2000, 1500, 1000), (100, 200))
    rng = np.random.default_rng(8)
    keys = {0: [frozenset()], 1: [frozenset(), frozenset({0})], 2: [frozenset({0}), frozenset({1}), frozenset({0, 1})]}
    strategies = {s: {k: rng.random(169) for k in ks} for s, ks in keys.items()}
    deal = check(game, strategies, deals=100_000, seed=21)
    board = check(game, strategies, deals=0, seed=22, boards=30)
    assert board.boards == 30 and deal.boards == 0
    for p in ((0, frozenset()), (1, frozenset({0})), (2, frozenset({0, 1}))):
        gap = deal.push[p] - board.push[p]
        se = np.hypot(deal.se[p], board.se[p])
        assert np.mean(np.abs(gap) > 4 * se) <= 0.03, p
        bound = 4 * (float(np.sqrt(PRIOR3 ** 2 @ deal.se[p] ** 2)) + float(PRIOR3 @ board.se[p]))
        assert abs(float(PRIOR3 @ gap)) < bound, (p, float(PRIOR3 @ gap), bound)
        assert float(PRIOR3 @ board.se[p]) < float(PRIOR3 @ deal.se[p])
