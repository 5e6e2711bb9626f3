"""The real deal, sampled (:mod:`pokerengine.decisions.dealcheck`): a solve's strategies measured with
every hand and the board from one deck.

The oracle is ``tests/realdeal_nway_oracle.py``, written from the rules: its own walk of the
betting, the pot code on every deal (ties split in chips, odd chips left of the button), the payout
model on the stacks after; it shares none of the check's code (the check uses the solver's endings
and payoffs and settles ties by the pot code only where a tie shares a pot).
"""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerengine.decisions import check_equilibrium, solve
from pokerengine.decisions.dealcheck import GROUPS, deal_check, sample
from pokerengine.decisions.equilibrium import build
from pokerengine.decisions.game import make_game
from pokerengine.errors import DecisionInputError
from realdeal_nway_oracle import check as oracle_check

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"


def _random(solver, seed, pure=0.3):
    rng = np.random.default_rng(seed)
    sigma = {q: rng.random(s.shape) for q, s in solver.sigma.items()}
    for q in sigma:  # some pure classes, as solves have: the check skips deals nobody can reach
        sigma[q][rng.random(sigma[q].shape) < pure] = 0.0
    strategies = {q: {key: sigma[q][k] for key, k in solver.keys[q].items()} for q in solver.keys}
    return sigma, strategies


@pytest.mark.parametrize("stacks,prizes,pure", [
    ([3000, 2000, 1500, 2500], None, 0.3),
    ([3000, 2000, 1500, 2500], (50, 30, 20), 0.3),
    ([3000, 2000, 1500, 2500], (50, 30, 20), 0.0),
    ([1500, 900, 2600, 700, 1800], (65, 35), 0.3),
])
def test_agrees_with_the_independent_checker(stacks, prizes, pure):
    """Each seat's gain and expected payoff within four standard errors of the checker's (random strategies,
    every kind of ending reached, ties of three and more hands split by the pot code: broken at random
    instead, the big blind's gain in the third case is 6.6 standard errors off)."""
    game = make_game(stacks, (100, 200), prizes=prizes)
    solver = build(game)
    sigma, strategies = _random(solver, 3, pure)
    deals = 3_000_000 if DEEP else 400_000
    got = deal_check(solver, sigma, deals=deals, seed=5)
    want = oracle_check(game, strategies, deals=deals, seed=7)
    for s in range(game.players):
        se = np.hypot(got.errors[s], want.gains_se[s])
        assert abs(got.gains[s] - want.gains[s]) <= 4 * se + 1e-12, (s, got.gains[s], want.gains[s], se)
        v_se = max(want.value_se[s], 1e-12) * np.sqrt(2)
        assert abs(got.values[s] - want.value[s]) <= 4 * v_se, (s, got.values[s], want.value[s])
    assert got.deals == deals and got.ties_by_order == 0


@pytest.mark.parametrize("prizes", [None, (50, 30, 20)])
def test_values_add_up(prizes):
    """Every deal pays out exactly what is on the table: the chips, or the pool."""
    stacks = [2500, 1200, 1900, 3100]
    game = make_game(stacks, (100, 200), prizes=prizes)
    solver = build(game)
    sigma, _ = _random(solver, 11)
    got = deal_check(solver, sigma, deals=50_000, seed=2)
    assert sum(got.values) == pytest.approx(sum(stacks) if prizes is None else 100.0, rel=1e-12)


@settings(max_examples=60 if DEEP else 8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.integers(300, 6000), min_size=3, max_size=5), st.integers(0, 2**31), st.booleans())
def test_a_best_response_gains_nothing_on_the_same_deals(stacks, seed, icm):
    """The seat that gains most, switched to the better action the check found at every point and
    class, gains 0 on the same deals (in push/fold a seat's values do not depend on its own
    strategy), and the others' values of pushing and folding do not move where he does not act."""
    game = make_game(stacks, (50, 100), prizes=(60, 40) if icm else None)
    solver = build(game)
    sigma, _ = _random(solver, seed % 1000)
    deals = 20_000
    first = deal_check(solver, sigma, deals=deals, seed=seed)
    seat = int(np.argmax(first.gains))
    points, sums, counts, _, _, _ = sample(solver, sigma, deals, seed)
    mean = sums.sum(axis=0) / np.maximum(counts.sum(axis=0)[[q for q, _ in points]], 1.0)[:, None, :]
    best = {q: v.copy() for q, v in sigma.items()}
    for i, (q, k) in enumerate(points):
        if q == seat:
            best[seat][k] = (mean[i, 0] > mean[i, 1]).astype(np.float64)
    second = deal_check(solver, best, deals=deals, seed=seed)
    assert second.gains[seat] == pytest.approx(0.0, abs=1e-9)
    assert first.gains[seat] > 0.0
    assert all(g >= 0.0 for g in first.gains)


def test_bounties_add_up_to_prizes_and_bounties():
    """With knockout bounties every deal pays out the prizes and the bounties."""
    game = make_game([2000, 1500, 1200, 2500], (100, 200), prizes=(50, 30, 20), bounties=(10, 10, 10, 10))
    solver = build(game)
    sigma, _ = _random(solver, 5)
    got = deal_check(solver, sigma, deals=50_000, seed=3)
    assert sum(got.values) == pytest.approx(140.0, rel=1e-12)


def test_lookahead_is_refused():
    with pytest.raises(DecisionInputError, match="check_deals does not take lookahead"):
        solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), lookahead=1, check_deals=100_000)


def test_deterministic_and_seeded():
    solver = build(make_game([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20)))
    a = deal_check(solver, solver.sigma, deals=40_000, seed=4)
    b = deal_check(solver, solver.sigma, deals=40_000, seed=4)
    c = deal_check(solver, solver.sigma, deals=40_000, seed=5)
    assert a.gains == b.gains and a.values == b.values
    assert a.gains != c.gains


@pytest.mark.parametrize("bad", [0, 5, GROUPS - 1, -1, 2**40, 1.5, True, "1000", None])
def test_bad_deals_refused(bad):
    solver = build(make_game([2000, 2000, 2000], (100, 200)))
    with pytest.raises(DecisionInputError):
        deal_check(solver, solver.sigma, deals=bad)


@pytest.mark.parametrize("bad", [5, -1, 1.0, True, "100000", 10**10])
def test_solve_refuses_bad_check_deals(bad):
    with pytest.raises(DecisionInputError, match="check_deals"):
        solve([2000, 2000, 2000, 2000], (100, 200), check_deals=bad)


def test_four_players_report_the_real_deal():
    """From four players the check's figure is the exploitability, the model's kept beside it; the
    verdict needs the real deal's figure plus two standard errors within the tolerance."""
    eq = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), check_deals=400_000)
    r = eq.realdeal
    assert r is not None and r.deals == 400_000
    assert eq.exploitability == r.exploitability and eq.model_exploitability is not None
    assert eq.certified == (eq.model_exploitability <= 0.005 and r.exploitability + 2 * r.standard_error <= 0.01)
    assert eq.model_exploitability <= 0.005 and "tolerance 0.005 in the model game reached" in eq.method  # half
    assert "checked in the real deal" in eq.method and "the model's certificate" in eq.method
    loose = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), check_deals=400_000, tolerance=0.5)
    assert loose.certified and loose.exploitability == loose.realdeal.exploitability
    doc = json.loads(json.dumps(eq.to_json()))
    assert doc["realdeal"]["deals"] == 400_000 and doc["model_exploitability"] == eq.model_exploitability


def test_without_a_check_the_model_certificate_is_named():
    """Four players with ``check_deals=0``: the certificate is the model game's, and the result says so."""
    eq = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), check_deals=0)
    assert eq.realdeal is None and eq.model_exploitability == eq.exploitability
    assert eq.method.endswith("not of the real deal (check_deals=0)")
    assert "in the model game" not in eq.method  # solved to the whole tolerance, no room kept for a check
    three = solve([2000, 1500, 1000], (100, 200), prizes=(50, 30, 20))
    assert three.model_exploitability is None and three.realdeal is None and "model game" not in three.method
    chosen = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), card_removal="model")
    assert chosen.realdeal is None and chosen.model_exploitability == chosen.exploitability  # the game asked for


def test_by_default_four_players_are_checked_until_within():
    """The default from four players: the model game solved to half the tolerance, then the real deal
    sampled in looks of 640,000 deals doubled (four-handed batches of 20,000) until its figure plus two
    standard errors is within the tolerance; the figures are :func:`deal_check`'s on as many deals."""
    eq = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20))
    r = eq.realdeal
    assert r is not None and eq.certified and r.within(0.01) and eq.exploitability == r.exploitability
    assert eq.model_exploitability <= 0.005 and r.deals in (640_000, 1_280_000, 2_560_000, 5_120_000)
    if r.deals > 640_000:  # the look before was not within
        assert not check_equilibrium(eq, deals=r.deals // 2, seed=1).within(0.01)
    again = check_equilibrium(eq, deals=r.deals, seed=1)
    assert again.gains == r.gains and again.errors == r.errors
    hopeless = solve([2000, 2000, 2000, 2000], (100, 200), prizes=(50, 30, 20), max_iterations=5, check_every=5)
    assert not hopeless.certified and hopeless.realdeal.deals == 640_000  # the model missed: one look


def test_three_players_keep_their_exact_certificate():
    """Three-handed the solve's certificate is already of the real deal: the sample is attached beside it."""
    plain = solve([2000, 1500, 1000], (100, 200), prizes=(50, 30, 20))
    eq = solve([2000, 1500, 1000], (100, 200), prizes=(50, 30, 20), check_deals=100_000)
    assert eq.exploitability == plain.exploitability and eq.model_exploitability is None
    assert eq.realdeal is not None and eq.certified == plain.certified


def test_the_check_stops_at_max_seconds():
    """With the budget spent the check ends after one round of its groups, with the deals it did."""
    eq = solve([2000] * 6, (100, 200), prizes=(50, 30, 20), check_deals=10**9, max_seconds=20)
    assert eq.realdeal is not None and 0 < eq.realdeal.deals < 10**9
    assert eq.realdeal.deals >= GROUPS


# ============================================================== any equilibrium's ranges (verify.py)

def test_check_equilibrium_reproduces_the_solves_own_check():
    """The same strategies, deals and seed: the figures of ``solve(check_deals=N)`` exactly."""
    import attrs

    from pokerengine.decisions import check_equilibrium

    eq = solve([2500, 1500, 1000, 2000], (100, 200), prizes=(50, 30, 20), check_deals=60_000, seed=3)
    got = check_equilibrium(eq, deals=60_000, seed=4)
    assert attrs.evolve(got, seconds=0.0) == attrs.evolve(eq.realdeal, seconds=0.0)


def test_check_equilibrium_of_edited_ranges():
    """A player's edited range: pushing everything from the button is worth less than the solve's range,
    and the check says by how much (heads-up too, chip EV)."""
    import attrs

    from pokerengine.decisions import check_equilibrium

    eq = solve([2000, 1500, 1000], (100, 200))
    loose = attrs.evolve(eq, players=tuple(attrs.evolve(p, push=[1.0] * 169) if p.position == "BTN" else p
                                           for p in eq.players))
    base = check_equilibrium(eq, deals=200_000, seed=2)
    edited = check_equilibrium(loose, deals=200_000, seed=2)
    assert edited.gains[0] > base.gains[0] + 0.05 and edited.values[0] < base.values[0]
    assert sum(edited.values) == pytest.approx(4500.0)
    hu = solve([2000, 2000], (100, 200))
    assert check_equilibrium(hu, deals=200_000).exploitability < 0.05  # exact heads-up: noise only


@pytest.mark.parametrize("change, message", [
    (lambda p: {"push": [1.5] * 169} if p.position == "SB" else {}, "probabilities from 0 to 1"),
    (lambda p: {"push": [float("nan")] * 169} if p.position == "SB" else {}, "probabilities from 0 to 1"),
    (lambda p: {"call": {}} if p.position == "BB" else {}, "must have the call ranges"),
    (lambda p: {"position": "XX"} if p.position == "SB" else {}, "positions"),
])
def test_check_equilibrium_refuses_bad_ranges(change, message):
    import attrs

    from pokerengine.decisions import check_equilibrium

    eq = solve([2000, 1500, 1000], (100, 200), max_seconds=30)
    with pytest.raises(DecisionInputError, match=message):  # on building the strategy, or on the check
        bad = attrs.evolve(eq, players=tuple(attrs.evolve(p, **change(p)) for p in eq.players))
        check_equilibrium(bad, deals=10_000)


@pytest.mark.parametrize("bad", [None, "eq", {"stacks": [1, 2]}])
def test_check_equilibrium_takes_an_equilibrium(bad):
    from pokerengine.decisions import check_equilibrium

    with pytest.raises(DecisionInputError, match="takes an Equilibrium"):
        check_equilibrium(bad)


@pytest.mark.parametrize("bad", [["x"] * 169, [float("nan")] * 169, [1.5] * 169, [-0.1] * 169, [True] * 169,
                                 "AA", 7, [0.5] * 170, [0.5] * 168])
def test_a_range_edited_to_nonsense_is_refused_where_it_is_made(bad):
    """An edited range is refused when the player's strategy is built (``attrs.evolve`` runs the
    converter), with the library's error, before any check."""
    import attrs

    eq = solve([2000, 1500, 1000], (100, 200), max_seconds=30)
    with pytest.raises(DecisionInputError):
        attrs.evolve(eq.players[0], push=bad)
    with pytest.raises(DecisionInputError):
        attrs.evolve(eq.players[2], call={"BTN": bad})


def test_past_the_tie_bound_ties_are_broken_at_random_and_counted(monkeypatch):
    """With no room for tie payoffs, every tie that may share a pot is settled by a random order and
    counted; under chip EV that is the even split on average, so the gains stay the checker's."""
    from pokerengine.decisions import dealcheck

    monkeypatch.setattr(dealcheck, "MAX_TIED", 0)
    game = make_game([3000, 2000, 1500, 2500], (100, 200))
    solver = build(game)
    sigma, strategies = _random(solver, 3)
    got = deal_check(solver, sigma, deals=400_000, seed=5)
    want = oracle_check(game, strategies, deals=400_000, seed=7)
    assert got.ties_by_order > 0
    for s in range(game.players):
        assert abs(got.gains[s] - want.gains[s]) <= 4 * np.hypot(got.errors[s], want.gains_se[s])


def test_the_default_budget_follows_the_check():
    """``max_seconds="auto"``: 300 s from seven players when the real deal is checked (the estimate then
    weighed against the model game's 60% of it), 60 s otherwise; refused before anything is built."""
    from pokerengine.errors import ModelTimeout

    nine = [3000, 2500, 2000, 1500, 1000, 500, 2200, 1800, 1200]
    with pytest.raises(ModelTimeout, match=r"max_seconds=300 \(180 s for the model game before the real-deal check\)"):
        solve(nine, (100, 200), prizes=(50, 30, 20), model="dcm")
    with pytest.raises(ModelTimeout, match=r"far over max_seconds=60$"):
        solve(nine, (100, 200), prizes=(50, 30, 20), model="dcm", check_deals=0)
    for bad in ("60", "AUTO", True, float("nan"), -1):
        with pytest.raises(DecisionInputError, match="max_seconds must be a positive number, None or 'auto'"):
            solve([2000] * 4, (100, 200), max_seconds=bad)
