"""ICM equities for large fields (the Fourier path of the quadrature) against independent references.

The equity-only quadrature evaluates each time point in the Fourier domain
(:mod:`pokerengine.models._icm_fourier`); the place-matrix quadrature divides
the product polynomial coefficient by coefficient, the subset method sums over
player sets, and for prizes ``n - m + 1`` there is a closed form.  Three
methods that share nothing but the integral they start from.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.models import _icm_fourier, icm, icm_large
from pokerengine.models._cost import TimeBudget


def closed_form(stacks):
    """Prize ``n - m + 1`` for place ``m``: ``E_i = 1 + sum_{j != i} S_i / (S_i + S_j)``."""
    s = np.asarray(stacks, dtype=float)
    return 1.0 + (s[:, None] / (s[:, None] + s[None, :])).sum(axis=1) - 0.5


def by_both_paths(stacks, prizes, *, width=None):
    """(equity path, place path at half its usual panels) for the same field, per player."""
    x = np.asarray(stacks, dtype=float)
    s, inverse, counts = np.unique(x / x.mean(), return_inverse=True, return_counts=True)
    w = np.asarray(prizes, dtype=float)
    deadline = TimeBudget("icm", None)
    fourier = icm_large._integrate_equity(s, counts, w, len(w), width or icm_large.PANEL_WIDTH, deadline)
    places, _ = icm_large._integrate_places(s, counts, w, len(x), icm_large.PANEL_WIDTH / 2, deadline)
    return fourier[inverse], places[inverse]


def field(rng, n, shape):
    if shape == "uniform":
        return rng.integers(1, 10**6, n)
    if shape == "log":  # a billion to one
        return (10 ** rng.uniform(0, 9, n)).astype(np.int64) + 1
    if shape == "ties":
        return rng.choice([1000, 2000, 3000], n)
    if shape == "giant":
        return np.concatenate([rng.integers(1, 10, n - 1), [10**9]])
    return np.concatenate([rng.integers(10**6, 10**7, n - 3), [1, 2, 3]])  # three crumbs


def assert_close(ours, ref, pool, rel=1e-9):
    assert np.max(np.abs(ours - ref)) <= 1e-10 * pool
    big = ref > 1e-3 * pool
    assert np.all(np.abs(ours[big] / ref[big] - 1) <= rel)


@pytest.mark.parametrize("shape", ["uniform", "log", "ties", "giant", "crumbs"])
@pytest.mark.parametrize("paid", ["three", "a seventh", "all", "gaps"])
def test_the_fourier_path_equals_dividing_the_product(shape, paid):
    rng = np.random.default_rng(len(shape) * 31 + len(paid))
    n = 250
    stacks = field(rng, n, shape)
    k = {"three": 3, "a seventh": n // 7, "all": n, "gaps": n}[paid]
    prizes = rng.integers(1, 1000, k).astype(float)
    if paid == "gaps":  # unsorted prizes with unpaid places between paid ones
        prizes[rng.random(k) < 0.5] = 0.0
        prizes[0] = 1.0
    fourier, places = by_both_paths(stacks, prizes, width=icm_large.PANEL_WIDTH)
    assert_close(fourier, places, prizes.sum())


@pytest.mark.parametrize("rate", [0.02, 0.45])
def test_the_exact_and_the_series_treatment_of_a_player_agree(monkeypatch, rate):
    """RATE decides who is handled by the series and who exactly; moving it must not move a result."""
    rng = np.random.default_rng(11)
    stacks = field(rng, 300, "log")
    prizes = np.arange(300, 0, -1, dtype=float)
    before, _ = by_both_paths(stacks, prizes)
    monkeypatch.setattr(_icm_fourier, "RATE", rate)
    after, places = by_both_paths(stacks, prizes)
    assert np.max(np.abs(after / before - 1)) <= 1e-11
    assert np.max(np.abs(after / closed_form(stacks) - 1)) <= 1e-9


@st.composite
def medium_fields(draw):
    n = draw(st.integers(13, 120))
    shape = draw(st.sampled_from(["uniform", "log", "ties", "giant", "crumbs"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    stacks = field(rng, n, shape)
    prizes = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=n))
    if not any(prizes):
        prizes[0] = 1
    return stacks.tolist(), prizes


@settings(max_examples=examples(25), deadline=None)
@given(medium_fields())
def test_equities_agree_with_the_place_path_on_any_field(case):
    stacks, prizes = case
    ours = np.array(icm(stacks, prizes, method="quadrature").equity)
    ref = np.array(icm(stacks, prizes, method="quadrature", places=True).equity)
    pool = sum(prizes)
    assert abs(ours.sum() - pool) <= 1e-11 * pool
    assert (ours >= 0).all() and (ref >= 0).all()
    assert_close(ours, ref, pool)


def test_an_equity_that_is_zero_is_not_a_rounding_error_below_zero():
    """The giant never finishes third: its equity is 0.0, not the -4e-17 the sum of its integrals leaves."""
    e = icm([1, 2**62, 3], [0, 0, 5], method="quadrature")
    assert e.equity[1] == 0.0 and str(e.equity[1]) == "0.0"
    assert e.equity[0] == pytest.approx(3.75, rel=1e-12) and e.equity[2] == pytest.approx(1.25, rel=1e-12)


def test_subset_icm_agrees_on_a_field_of_60_paying_5():
    rng = np.random.default_rng(60)
    stacks = rng.integers(1, 10**7, 60).tolist()
    prizes = [5000, 3000, 1500, 700, 300]
    a = np.array(icm(stacks, prizes, method="subset").equity)
    b = np.array(icm(stacks, prizes, method="quadrature").equity)
    assert_close(b, a, sum(prizes))


def test_10000_distinct_stacks_all_paid_meet_the_closed_form():
    rng = np.random.default_rng(2024)
    stacks = rng.integers(5_000, 2_000_000, 10_000).tolist()
    e = icm(stacks, list(range(10_000, 0, -1)))
    assert e.method == "quadrature"
    assert np.max(np.abs(np.array(e.equity) / closed_form(stacks) - 1)) < 1e-9


@pytest.mark.parametrize("zero", [False, True])
def test_an_undecided_players_own_factor_is_removed_exactly_even_when_it_vanishes(zero):
    """``_undecided`` against the product of the other factors, written out; with ``a = b = 1/2`` at
    ``theta = pi`` the player's own factor is 0 and dividing it out is impossible."""
    rng = np.random.default_rng(5)
    u, width = 7, 9
    a = rng.uniform(0.3, 0.7, (2, u))
    if zero:
        a[1, 3] = 0.5
    b = 1.0 - a
    theta = np.linspace(0.0, np.pi, width)
    z = np.exp(1j * theta)
    z[-1] = -1.0  # exactly: exp(i pi) in floats is -1 + 1.2e-16 i, whose factor is tiny but not zero
    counts = np.array([1, 2, 1, 1, 3, 1, 1])
    jb, ja = np.array([1, 0]), np.array([5, 7])  # row 0: columns 1..4 undecided; row 1: all of them
    phi0 = rng.uniform(0.5, 1.0, (2, width)) * np.exp(1j * rng.uniform(0, 1, (2, width)))
    w_used = rng.uniform(0, 1, (2, width)) + 0j
    phi = phi0.copy()
    rows, cols, values = _icm_fourier._undecided(a, b, z, counts, jb, ja, phi, w_used, TimeBudget("icm", None))
    for row in range(2):
        span = range(jb[row], ja[row])
        full = phi0[row] * np.prod([(a[row, j] + b[row, j] * z) ** counts[j] for j in span], axis=0)
        assert np.allclose(phi[row], full, rtol=1e-13, atol=0)
        for j in span:
            others = phi0[row] * np.prod(
                [(a[row, k] + b[row, k] * z) ** (counts[k] - (k == j)) for k in span], axis=0
            )
            expected = (others * w_used[row]).sum().real
            got = values[(rows == row) & (cols == j)]
            assert got == pytest.approx(expected, rel=1e-12, abs=1e-15)
    if zero:
        assert np.min(np.abs(a[1, 3] + b[1, 3] * z)) == 0.0
