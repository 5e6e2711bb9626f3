"""DCM (Besalu 2021): the paper's tables to the printed digits, the literal algorithm as oracle, properties."""

from __future__ import annotations

import numpy as np
import pytest
from dcm_oracle import dcm_oracle
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import ModelInputError, ModelTimeout
from pokerengine.models import dcm, icm


def r(values, digits=2):
    return [round(float(v), digits) for v in values]


# -- the paper's tables -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stacks, prizes, win, expected",
    [  # Table 2: two players, DCM equals ICM
        ((1000, 500), (100, 0), 66.67, 66.67),
        ((1000, 500), (100, 50), 66.67, 83.33),
        ((1000, 500), (100, 100), 66.67, 100),
        ((1000, 100), (100, 50), 90.91, 95.45),
    ],
)
def test_table_2_two_players(stacks, prizes, win, expected):
    e = dcm(list(stacks), list(prizes), places=True)
    assert round(100 * e.places[0][0], 2) == win
    assert round(e.equity[0], 2) == expected
    assert e.equity == pytest.approx(icm(list(stacks), list(prizes)).equity, rel=1e-12)


@pytest.mark.parametrize(
    "stacks",
    [(1000, 500), (5000, 2000, 500), (3500, 1200, 700, 100), (5000, 4000, 3000, 2000, 1000)],
)
def test_table_1_single_prize_is_the_chip_share(stacks):
    e = dcm(list(stacks), [100])
    assert e.equity == pytest.approx([100 * s / sum(stacks) for s in stacks], rel=1e-9)


@pytest.mark.parametrize(
    "stacks, prizes, expected",
    [  # Table 3, DCM rows (italics)
        ((1000, 500, 100), (100, 50, 0), [80.79, 60.67, 8.54]),
        ((1000, 500, 100), (100, 50, 10), [80.88, 61.66, 17.46]),
        ((1000, 800, 500, 100), (100, 50, 0, 0), [65.28, 53.54, 25.98, 5.20]),
        ((1000, 800, 500, 200, 100), (100, 50, 0, 0, 0), [61.08, 47.59, 24.19, 12.58, 4.57]),
        ((1000, 800, 500, 200, 100), (100, 50, 10, 0, 0), [62.59, 50.65, 28.26, 13.08, 5.42]),
    ],
)
def test_table_3(stacks, prizes, expected):
    e = dcm(list(stacks), list(prizes))
    assert r(e.equity) == expected
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12)
    assert 1 - 1e-9 < e.coverage <= 1 + 1e-12


def test_table_3_percent_differences_from_icm():
    d = dcm([1000, 500, 100], [100, 50]).equity
    i = icm([1000, 500, 100], [100, 50]).equity
    assert [round(100 * (a / b - 1), 1) for a, b in zip(d, i)] == [2.5, 4.0, -33.7]


def test_table_4_place_probabilities():
    """One prize of 100 at place 1, 2 or 3: the rows of Table 4 are the columns of the place matrix."""
    e = dcm([1000, 500, 100], [100, 50, 0], places=True)
    table = [[round(100 * e.places[i][k], 2) for i in range(3)] for k in range(3)]
    assert table == [[62.50, 31.25, 6.25], [36.58, 58.83, 4.58], [0.92, 9.92, 89.17]]
    # and the artificial prize structures themselves (the paper "slightly manipulated the codes")
    assert r(dcm([1000, 500, 100], [0, 100, 0]).equity) == [36.58, 58.83, 4.58]
    assert r(dcm([1000, 500, 100], [0, 0, 100]).equity) == [0.92, 9.92, 89.17]
    # the paper's worked check: 0.6250 * 100 + 0.3658 * 50 + 0.0092 * 0 = 80.79
    assert round(e.equity[0], 2) == 80.79


def test_section_6_hero_example():
    """Four left, stacks 1000/1000/2000/3000, prizes 50/30/20: Hero (the big blind) calls or folds."""
    call_won = dcm([2000, 2000, 3000], [50, 30, 20])  # Villain busted in 4th
    fold = dcm([1200, 800, 2000, 3000], [50, 30, 20])
    assert round(call_won.equity[0], 2) == 30.71
    assert round(fold.equity[1], 2) == 9.57
    assert round(0.40 * call_won.equity[0], 2) == 12.29  # call with 40% equity, against 9.57 for folding
    assert round(icm([2000, 2000, 3000], [50, 30, 20]).equity[0], 2) == 31.86
    assert round(icm([1200, 800, 2000, 3000], [50, 30, 20]).equity[1], 2) == 15.23


def test_oracle_reproduces_the_tables_too():
    dcm_values, pw, _ = dcm_oracle([1000, 500, 100], [100, 50, 0])
    assert r(dcm_values) == [80.79, 60.67, 8.54]
    assert r(dcm_oracle([1200, 800, 2000, 3000], [50, 30, 20])[0]) == [22.07, 9.57, 31.15, 37.20]


# -- the fast path against the literal algorithm ------------------------------------------------------


@st.composite
def small_fields(draw):
    n = draw(st.integers(2, 5))
    top = draw(st.sampled_from([12, 12, 1000])) if n <= 4 else 12  # small chips cycle; large ones spread out
    stacks = draw(st.lists(st.integers(1, top), min_size=n, max_size=n))
    prizes = sorted(draw(st.lists(st.integers(0, 100), min_size=1, max_size=n)), reverse=True)
    return stacks, prizes


@settings(max_examples=40)
@given(small_fields())
def test_fast_path_agrees_with_the_literal_algorithm(field):
    stacks, prizes = field
    fast = dcm(stacks, prizes)
    slow, pw, _ = dcm_oracle(stacks, prizes)
    pool = max(sum(prizes), 1)
    assert np.max(np.abs(np.subtract(fast.equity, slow))) <= 1e-7 * pool
    assert fast.coverage == pytest.approx(sum(pw), abs=1e-7)


@pytest.mark.parametrize(
    "stacks",
    [
        [1, 4, 10],  # the short stack's win makes 3 and 3: the three-player loop hands over to the general code
        [2, 2, 2],
        [1, 2, 3],  # (1, 2, 3) -> (3, 1, 2): a cycle only the probability floor stops
        [5, 5, 1, 1],
        [3, 3, 3, 9, 9],
    ],
)
def test_fast_path_agrees_with_the_literal_algorithm_on_ties_and_cycles(stacks):
    prizes = [60, 25, 10, 5, 0][: len(stacks)]
    fast = dcm(stacks, prizes, places=True)
    slow, pw, _ = dcm_oracle(stacks, prizes)
    assert np.max(np.abs(np.subtract(fast.equity, slow))) <= 1e-9 * 100
    assert fast.coverage == pytest.approx(sum(pw), abs=1e-9)


def test_fast_path_agrees_with_the_literal_algorithm_on_six_uneven_players():
    stacks = [412, 1237, 655, 230, 980, 310]
    prizes = [100, 60, 40, 25]
    fast = dcm(stacks, prizes)
    slow, pw, nodes = dcm_oracle(stacks, prizes)
    assert nodes > 10_000
    assert np.max(np.abs(np.subtract(fast.equity, slow))) <= 1e-7 * sum(prizes)


# -- properties ----------------------------------------------------------------------------------------


@st.composite
def fields(draw, max_players=6):
    n = draw(st.integers(1, max_players))
    stacks = draw(st.lists(st.integers(1, 60), min_size=n, max_size=n))
    prizes = draw(st.lists(st.integers(0, 100), max_size=n))
    return stacks, prizes


@settings(max_examples=60)
@given(fields())
def test_equities_sum_to_the_pool_and_places_are_doubly_stochastic(field):
    stacks, prizes = field
    e = dcm(stacks, prizes, places=True)
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12, abs=1e-9)
    m = np.array(e.places)
    assert np.allclose(m.sum(axis=0), 1, atol=1e-12) and np.allclose(m.sum(axis=1), 1, atol=1e-12)
    assert m @ np.array(list(prizes) + [0] * (len(stacks) - len(prizes)), dtype=float) == pytest.approx(e.equity)
    assert 0.999999 < e.coverage <= 1 + 1e-12


@settings(max_examples=60)
@given(fields(), st.randoms(use_true_random=False))
def test_permuting_players_permutes_the_equities(field, rnd):
    stacks, prizes = field
    order = list(range(len(stacks)))
    rnd.shuffle(order)
    e = dcm(stacks, prizes)
    f = dcm([stacks[i] for i in order], prizes)
    assert f.equity == pytest.approx([e.equity[i] for i in order], rel=1e-11, abs=1e-11)


@settings(max_examples=40)
@given(fields())
def test_equal_stacks_get_equal_equity_and_winning_is_the_chip_share(field):
    stacks, prizes = field
    e = dcm(stacks, prizes, places=True)
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] == stacks[j]:
                assert e.equity[i] == pytest.approx(e.equity[j], rel=1e-12, abs=1e-12)
    assert [row[0] for row in e.places] == pytest.approx([s / sum(stacks) for s in stacks], abs=1e-9)


def test_depth_1_settles_everyone_by_current_stacks():
    e = dcm([30, 10, 20, 10], [40, 30, 20, 10], depth=1)
    assert e.equity == pytest.approx([40, 15, 30, 15])  # the two 10s share places 3 and 4
    assert e.coverage == 0


def test_a_stricter_cut_loses_coverage_but_not_money():
    loose = dcm([701, 503, 297, 113], [50, 30, 20], min_probability=1e-2)
    assert loose.coverage == pytest.approx(0.920138888888889, abs=1e-12)
    assert sum(loose.equity) == pytest.approx(100, rel=1e-12)
    full = dcm([701, 503, 297, 113], [50, 30, 20])
    assert np.max(np.abs(np.subtract(loose.equity, full.equity))) < 8  # settled by stacks, not far off


def test_one_and_two_players():
    assert dcm([10], [5, 0]).equity == (5.0,)
    assert dcm([3, 1], [10, 2]).equity == pytest.approx((8.0, 4.0))


def test_timeout_raises_model_timeout():
    stacks = [1237500, 412000, 980000, 655000, 230000, 1500000, 310000, 845000, 560000, 1100000]
    with pytest.raises(ModelTimeout):
        dcm(stacks, [100, 60, 40], max_seconds=0.001)
    assert issubclass(ModelTimeout, TimeoutError)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"depth": 0}, "depth must be a positive integer"),
        ({"depth": 2.0}, "depth must be a positive integer"),
        ({"min_probability": -1}, "min_probability must be"),
        ({"min_probability": True}, "min_probability must be"),
        ({"max_seconds": 0}, "max_seconds must be"),
        ({"places": "yes"}, "places must be True or False"),
    ],
)
def test_bad_options(kwargs, message):
    with pytest.raises(ModelInputError, match=message):
        dcm([3, 2, 1], [1], **kwargs)
