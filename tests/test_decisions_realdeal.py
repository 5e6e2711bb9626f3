"""Push/fold in the real deal (issue 25): every hand and the board from one deck, folded hands dead.

The independent checker (``realdeal_oracle.py``, by combination, from the rules) against brute
force; the solver's class-triple sums (:mod:`pokerengine.decisions.realdeal`) against brute force
and against the checker; the solver's three-handed certificate against the checker.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples
from realdeal_oracle import DISJOINT, avoiding, check, pair_sum, strategies_of

from pokerengine.decisions.combos import CLASS_COMBOS, COMBO_CARDS, class_index
from pokerengine.decisions.equilibrium import build, solve
from pokerengine.decisions.game import make_game
from pokerengine.decisions.preflop import BOARDS, matrices
from pokerengine.decisions.realdeal import board_triples, class_triples
from pokerengine.errors import DecisionInputError


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
    assert all(eq.player("SB").push[h] < 1.0 for h in hands)


def test_card_removal_options() -> None:
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000), (100, 200), card_removal="maybe")
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000, 2000), (100, 200), card_removal="real")
    with pytest.raises(DecisionInputError):
        solve((2000, 2000, 2000), (100, 200), deals=-1)


@pytest.mark.skipif(not DEEP, reason="a long Monte Carlo: POKERENGINE_HYPOTHESIS=deep")
def test_certificate_agrees_with_the_checker_deep() -> None:
    """A tight three-handed solve: the checker (its own Monte Carlo, another seed) finds each
    player's real-deal gain within a few of its standard errors of the certificate."""
    game = make_game((2000, 2000, 2000), (100, 200))
    eq = solve((2000, 2000, 2000), (100, 200), tolerance=0.0002, max_seconds=600, deals=4_000_000)
    got = check(game, strategies_of(game, eq), deals=4_000_000, seed=11)
    assert got.board_correction < 0.002
    assert eq.exploitability <= 0.0002
