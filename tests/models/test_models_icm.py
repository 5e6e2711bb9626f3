"""ICM (Malmuth-Harville): exact values, published tables, closed forms, subset DP against quadrature."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles import examples

from pokerengine.errors import ModelInputError
from pokerengine.models import MODELS, Equities, icm


def r(values, digits=2):
    return [round(float(v), digits) for v in values]


def brute_force(stacks, prizes):
    """ICM by enumerating every finishing order (the definition), in Fractions."""
    n = len(stacks)
    pay = list(prizes) + [0] * (n - len(prizes))
    eq = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p, left = Fraction(1), sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            eq[i] += p * pay[place]
    return eq


# -- exact values -----------------------------------------------------------------------------------


def test_50_30_20_paying_70_30_is_exact():
    e = icm([50, 30, 20], [70, 30], exact=True)
    assert e.equity == (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
    assert all(type(x) is Fraction for x in e.equity)
    assert sum(e.equity) == 100
    assert e.model == "icm" and e.stacks == (50, 30, 20) and e.prizes == (70, 30)


def test_float_mode_matches_the_exact_values():
    e = icm([50, 30, 20], [70, 30])
    assert e.equity == pytest.approx([1265 / 28, 129 / 4, 158 / 7], rel=1e-15)
    assert all(type(x) is float for x in e.equity)


def test_single_prize_is_the_chip_share_exactly():
    e = icm([5000, 2000, 500], [100], exact=True)
    assert e.equity == tuple(Fraction(100 * s, 7500) for s in (5000, 2000, 500))


def test_fraction_prizes_stay_exact():
    e = icm([3, 2, 1], [Fraction(1, 3), Fraction(1, 6)], exact=True)
    assert sum(e.equity) == Fraction(1, 2)
    assert e.equity == tuple(brute_force([3, 2, 1], [Fraction(1, 3), Fraction(1, 6)]))


def test_exact_places_are_fractions_summing_to_one():
    e = icm([7, 5, 3, 1], [10, 5, 2, 1], exact=True, places=True)
    for row in e.places:
        assert sum(row) == 1
    for col in zip(*e.places):
        assert sum(col) == 1
    assert e.places[0][0] == Fraction(7, 16)


# -- published tables --------------------------------------------------------------------------------


def test_roberts_table_1_and_7_malmuth_harville_row():
    """Roberts (2011) Table 1 (ICM Cruncher example) and Table 7 (the same stacks in order)."""
    assert r(icm([2000, 4000, 3000, 6000, 5000], [500, 300, 200]).equity, 1) == [115.6, 206.9, 164.7, 271.0, 241.8]
    assert r(icm([2, 3, 4, 5, 6], [500, 300, 200]).equity, 1) == [115.6, 164.7, 206.9, 241.8, 271.0]


def test_roberts_tables_5_and_6_malmuth_harville_column():
    assert r(icm([1, 1, 2], [200, 100]).equity, 1) == [83.3, 83.3, 133.3]
    assert r(icm([1, 9, 10], [200, 100]).equity, 1) == [19.1, 137.4, 143.5]


@pytest.mark.parametrize(
    "stacks, table",
    [
        # Roberts (2011) Tables 2-4, Malmuth-Harville (red) rows: % for 1st, 2nd, 3rd, ... per player
        ((1, 1, 2), [[25, 33.33, 41.67], [25, 33.33, 41.67], [50, 33.33, 16.67]]),
        ((1, 9, 10), [[5, 9.09, 85.91], [45, 47.37, 7.63], [50, 43.54, 6.46]]),
        (
            (2, 3, 4, 5, 6),
            [
                [10, 11.88, 14.99, 21.28, 41.85],
                [15, 16.85, 19.58, 24.00, 24.58],
                [20, 20.99, 21.94, 21.40, 15.67],
                [25, 24.15, 22.17, 18.14, 10.54],
                [30, 26.13, 21.33, 15.17, 7.37],
            ],
        ),
    ],
)
def test_roberts_place_probability_tables(stacks, table):
    e = icm(list(stacks), [1], places=True)
    assert [[round(100 * p, 2) for p in row] for row in e.places] == table


@pytest.mark.parametrize(
    "stacks, prizes, expected",
    [
        # Besalu (2021) Table 3, ICM rows
        ((1000, 500, 100), (100, 50, 0), [78.79, 58.33, 12.88]),
        ((1000, 500, 100), (100, 50, 10), [79.28, 59.79, 20.93]),
        ((1000, 800, 500, 100), (100, 50, 0, 0), [58.47, 50.35, 33.94, 7.24]),
        ((1000, 800, 500, 200, 100), (100, 50, 0, 0, 0), [53.96, 45.95, 30.70, 12.88, 6.52]),
        ((1000, 800, 500, 200, 100), (100, 50, 10, 0, 0), [56.02, 48.39, 33.67, 14.52, 7.40]),
        # Table 1: one prize of 100, the chip share
        ((5000, 2000, 500), (100,), [66.67, 26.67, 6.67]),
        ((3500, 1200, 700, 100), (100,), [63.64, 21.82, 12.73, 1.82]),
        ((5000, 4000, 3000, 2000, 1000), (100,), [33.33, 26.67, 20.00, 13.33, 6.67]),
    ],
)
def test_dcm_paper_icm_rows(stacks, prizes, expected):
    assert r(icm(list(stacks), list(prizes)).equity) == expected


def test_dcm_paper_table_4_icm_place_probabilities():
    e = icm([1000, 500, 100], [1], places=True)
    # the paper prints 21.25 for the 500 stack in first place, a misprint: 500/1600 = 31.25, and its
    # own column (31.25 + 54.17 + 14.58) then adds up to 100
    assert [[round(100 * e.places[i][k], 2) for i in range(3)] for k in range(3)] == [
        [62.50, 31.25, 6.25],
        [32.58, 54.17, 13.26],
        [4.92, 14.58, 80.49],
    ]


def test_dcm_paper_section_6_icm_values():
    # Hero's ICM equity after a won call (Villain out in 4th) and after a fold
    assert round(icm([2000, 2000, 3000], [50, 30, 20]).equity[0], 2) == 31.86
    assert round(icm([1200, 800, 2000, 3000], [50, 30, 20]).equity[1], 2) == 15.23


# -- closed forms and large fields -------------------------------------------------------------------


def closed_form(stacks):
    """Prize n - m + 1 for place m: E_i = 1 + sum_{j != i} S_i / (S_i + S_j)."""
    s = np.asarray(stacks, dtype=float)
    return 1.0 + (s[:, None] / (s[:, None] + s[None, :])).sum(axis=1) - 0.5


def test_closed_form_exact_small_field():
    stacks = [9, 4, 4, 1, 6, 2]
    e = icm(stacks, list(range(6, 0, -1)), exact=True)
    expected = [1 + sum(Fraction(a, a + b) for j, b in enumerate(stacks) if j != i) for i, a in enumerate(stacks)]
    assert e.equity == tuple(expected)


def test_closed_form_at_1000_players_by_quadrature():
    rng = np.random.default_rng(2024)
    stacks = (np.exp(rng.uniform(0, 6, 1000)) * 100).astype(int).tolist()
    e = icm(stacks, list(range(1000, 0, -1)))
    assert e.method == "quadrature"
    assert np.max(np.abs(np.array(e.equity) / closed_form(stacks) - 1)) < 1e-9


def test_closed_form_at_10000_players_with_repeated_stacks():
    """10,000 players: the quadrature and the closed form agree to 1e-9 (the benchmark does all-distinct stacks)."""
    rng = np.random.default_rng(7)
    stacks = rng.choice([1000, 2500, 4000, 12000], 10_000).tolist()
    paid = 300
    e = icm(stacks, [1] * paid)  # flat prizes for the top 300: each player's chance of a top-300 finish
    assert sum(e.equity) == pytest.approx(paid, rel=1e-12)
    # players with equal stacks get equal equity; more chips, more equity
    by_stack = {}
    for s, x in zip(stacks, e.equity):
        by_stack.setdefault(s, set()).add(round(x, 12))
    assert all(len(v) == 1 for v in by_stack.values())
    values = [next(iter(by_stack[s])) for s in sorted(by_stack)]
    assert values == sorted(values)


def test_large_field_paying_150_of_1000_sums_to_the_pool_and_matches_finer_quadrature(monkeypatch):
    rng = np.random.default_rng(3)
    stacks = rng.integers(2_000, 400_000, 1000).tolist()
    prizes = [10_000, 6_000, 4_000] + [1_000] * 47 + [300] * 100
    e = icm(stacks, prizes)
    assert e.method == "quadrature"
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12)
    from pokerengine.models import icm_large

    monkeypatch.setattr(icm_large, "FOURIER_PANEL_WIDTH", icm_large.FOURIER_PANEL_WIDTH / 4)
    fine = icm(stacks, prizes)
    assert np.max(np.abs(np.subtract(e.equity, fine.equity))) < 1e-9 * sum(prizes)


def test_auto_picks_the_subset_method_for_final_tables_and_quadrature_for_fields():
    assert icm([3, 2, 1] * 3, [50, 30, 20, 10, 5, 3, 2, 1, 1]).method == "subset"
    assert icm(list(range(1, 101)), [50, 30, 20]).method == "quadrature"
    assert icm(list(range(1, 101)), [50, 30, 20], exact=True).method == "subset"


# -- properties --------------------------------------------------------------------------------------

stacks_st = st.lists(st.integers(1, 10**6), min_size=1, max_size=9)


@st.composite
def fields(draw, max_players=9, exact_prizes=False):
    stacks = draw(st.lists(st.integers(1, 10**6), min_size=1, max_size=max_players))
    prizes = draw(st.lists(st.integers(0, 1000), max_size=len(stacks)))
    return stacks, prizes


@given(fields())
def test_equities_sum_to_the_pool_and_places_are_doubly_stochastic(field):
    stacks, prizes = field
    e = icm(stacks, prizes, places=True)
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12, abs=1e-9)
    m = np.array(e.places)
    assert m.shape == (len(stacks), len(stacks))
    assert np.allclose(m.sum(axis=0), 1, atol=1e-12) and np.allclose(m.sum(axis=1), 1, atol=1e-12)
    assert m[:, 0] == pytest.approx(np.array(stacks) / sum(stacks), rel=1e-12)


@settings(max_examples=examples(60))
@given(fields(max_players=6))
def test_exact_mode_equals_brute_force_over_orders(field):
    stacks, prizes = field
    assert icm(stacks, prizes, exact=True).equity == tuple(brute_force(stacks, prizes))


@given(fields(), st.randoms(use_true_random=False))
def test_permuting_players_permutes_the_equities(field, rnd):
    stacks, prizes = field
    order = list(range(len(stacks)))
    rnd.shuffle(order)
    e = icm(stacks, prizes)
    f = icm([stacks[i] for i in order], prizes)
    assert f.equity == pytest.approx([e.equity[i] for i in order], rel=1e-12, abs=1e-12)


@st.composite
def spread_fields(draw):
    """Fields of 2-12 players with stacks from 1 chip to a billion and any prizes (not necessarily sorted)."""
    n = draw(st.integers(2, 12))
    shape = draw(st.sampled_from(["uniform", "log", "ties", "giant"]))
    if shape == "uniform":
        stacks = draw(st.lists(st.integers(1, 10_000), min_size=n, max_size=n))
    elif shape == "log":
        stacks = [int(10 ** draw(st.floats(0, 9))) for _ in range(n)]
    elif shape == "ties":
        stacks = draw(st.lists(st.sampled_from([1000, 2000, 3000]), min_size=n, max_size=n))
    else:
        stacks = draw(st.lists(st.integers(1, 10), min_size=n - 1, max_size=n - 1)) + [10**9]
    prizes = draw(st.lists(st.integers(0, 1000), min_size=1, max_size=n))
    return stacks, prizes


@settings(max_examples=examples(100))
@given(spread_fields())
def test_subset_and_quadrature_agree_to_1e_9(field):
    stacks, prizes = field
    pool = max(sum(prizes), 1)
    a = icm(stacks, prizes, method="subset", places=True)
    b = icm(stacks, prizes, method="quadrature", places=True)
    assert np.max(np.abs(np.subtract(a.equity, b.equity))) <= 1e-9 * pool
    assert np.max(np.abs(np.subtract(a.places, b.places))) <= 1e-9
    c = icm(stacks, prizes, method="quadrature")  # equity-only path (truncated series)
    assert np.max(np.abs(np.subtract(a.equity, c.equity))) <= 1e-9 * pool
    ref = np.array(a.equity)
    big = ref > 1e-3 * pool
    assert np.all(np.abs(np.array(c.equity)[big] / ref[big] - 1) <= 1e-9)


def test_quadrature_agrees_with_subset_on_a_40_player_field_paying_4():
    rng = np.random.default_rng(40)
    stacks = rng.integers(1, 50_000, 40).tolist()
    prizes = [500, 300, 150, 50]
    a = icm(stacks, prizes, method="subset")
    b = icm(stacks, prizes, method="quadrature")
    assert np.max(np.abs(np.subtract(a.equity, b.equity))) <= 1e-9 * 1000


# -- input errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stacks, message",
    [
        ([], "no players"),
        ([100, 0], "stack of player 2 must be positive"),
        ([100, -5], "stack of player 2 must be positive"),
        ([100, 50.0], "must be an integer number of chips"),
        ([100, True], "must be an integer number of chips"),
        ([Decimal(100)], "must be an integer number of chips"),
        (["100"], "must be an integer number of chips"),
        ("100", "stacks must be a list"),
        (100, "stacks must be a list"),
    ],
)
def test_bad_stacks_are_refused_by_every_model(stacks, message):
    for model in MODELS.values():
        with pytest.raises(ModelInputError, match=message):
            model(stacks, [10])


@pytest.mark.parametrize(
    "prizes, message",
    [
        ([10, -1], "prize for place 2 must be non-negative"),
        ([10.0], "prize for place 1 must be an integer or a Fraction"),
        ([Decimal(10)], "must be an integer or a Fraction"),
        ([True], "must be an integer or a Fraction"),
        ([Fraction(-1, 2)], "must be non-negative"),
        ([5, 3, 2], "place 3 pays 2 but nobody can finish there"),
        (None, "prizes must be a list"),
    ],
)
def test_bad_prizes_are_refused_by_every_model(prizes, message):
    for model in MODELS.values():
        with pytest.raises(ModelInputError, match=message):
            model([10, 20], prizes)


def test_input_conveniences():
    assert icm((10, 20), (5, 0, 0, 0)).prizes == (5, 0)  # zeros past the field are dropped
    assert icm(np.array([10, 20]), [np.int64(6)]).equity == pytest.approx((2.0, 4.0))
    assert icm([10], [7, 0]).equity == (7.0,)
    assert icm([10, 20], []).equity == (0.0, 0.0)
    assert icm([10, 20], [0, 3]).equity == pytest.approx((2.0, 1.0))  # unsorted prizes: place 2 pays


def test_method_errors():
    with pytest.raises(ModelInputError, match="method must be one of"):
        icm([1, 2], [1], method="perm")
    with pytest.raises(ModelInputError, match="exact=True needs method='subset'"):
        icm([1, 2], [1], exact=True, method="quadrature")
    with pytest.raises(ModelInputError, match="at most 62 players"):
        icm([1] * 63, [1], method="subset")
    with pytest.raises(ModelInputError, match="exact=True would visit"):
        icm(list(range(1, 41)), [5, 4, 3, 2, 1, 1], exact=True)
    with pytest.raises(ModelInputError, match="places must be True or False"):
        icm([1, 2], [1], places=1)


def test_result_is_frozen_and_prints_a_table():
    e = icm([1000, 500, 100], [100, 50], places=True)
    assert isinstance(e, Equities)
    with pytest.raises(AttributeError):
        e.equity = ()  # type: ignore[misc]
    text = str(e)
    assert text.splitlines()[0] == "icm: 3 players, prizes 100 / 50, pool 150"
    assert "player  stack  chip %  equity  equity %" in text
    assert "62.50%" in text and "78.79" in text and "52.53%" in text and "3rd" in text
