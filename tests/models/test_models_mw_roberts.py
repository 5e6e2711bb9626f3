"""Malmuth-Weitzman and Ben Roberts' model: Roberts (2011) tables to the printed digits, and sanity."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import ModelInputError
from pokerengine.models import icm, malmuth_weitzman, roberts
from pokerengine.models.roberts import adapted_places, tree_places


def r(values, digits=1):
    return [round(float(v), digits) for v in values]


# -- Roberts (2011) ------------------------------------------------------------------------------------


def test_table_1():
    e = roberts([2000, 4000, 3000, 6000, 5000], [500, 300, 200])
    assert r(e.equity) == [108.4, 207.8, 160.9, 277.0, 246.0]
    assert e.method == "tree"


@pytest.mark.parametrize(
    "stacks, prizes, mine",
    [  # Tables 5, 6 and 7: the "Mine" column
        ((1, 1, 2), (200, 100), [82.1, 82.1, 135.7]),
        ((1, 9, 10), (200, 100), [15.5, 139.2, 145.3]),
        ((2, 3, 4, 5, 6), (500, 300, 200), [108.4, 160.9, 207.8, 246.0, 277.0]),
        # the paper computes its "true" values for Tables 5-6 from stacks 5/5/10 and 2/18/20: same ratios
        ((5, 5, 10), (200, 100), [82.1, 82.1, 135.7]),
        ((2, 18, 20), (200, 100), [15.5, 139.2, 145.3]),
    ],
)
def test_tables_5_to_7(stacks, prizes, mine):
    assert r(roberts(list(stacks), list(prizes)).equity) == mine


def test_section_3_3_worked_example_exactly():
    """x = (1, 1, 2): next elimination (3/7, 3/7, 1/7), second place (9/28, 9/28, 5/14)."""
    p = tree_places([1, 1, 2])
    assert p[:, 2] == pytest.approx([3 / 7, 3 / 7, 1 / 7], rel=1e-14)
    assert p[:, 1] == pytest.approx([9 / 28, 9 / 28, 5 / 14], rel=1e-14)
    assert p[:, 0] == pytest.approx([1 / 4, 1 / 4, 1 / 2], rel=1e-14)


@pytest.mark.parametrize(
    "stacks, table",
    [  # Tables 2-4, "my algorithm" (blue) rows, % for 2nd, 3rd, ... per player
        ((1, 1, 2), [[32.14, 42.86], [32.14, 42.86], [35.71, 14.29]]),
        ((1, 9, 10), [[5.47, 89.53], [49.24, 5.76], [45.29, 4.71]]),
        (
            (2, 3, 4, 5, 6),
            [
                # the paper prints 45.58 for player 1's 5th place; its own row (10 + 10.59 + 13.32 +
                # 20.61 + 45.58) then adds up to 100.10, so 45.48 (which adds up to 100) is meant
                [10.59, 13.32, 20.61, 45.48],
                [15.79, 19.24, 26.20, 23.76],
                [20.69, 22.87, 22.08, 14.36],
                [24.93, 23.08, 17.41, 9.57],
                [28.00, 21.48, 13.69, 6.83],
            ],
        ),
    ],
)
def test_tables_2_to_4_place_probabilities(stacks, table):
    e = roberts(list(stacks), [1], places=True)
    assert [[round(100 * p, 2) for p in row[1:]] for row in e.places] == table


def test_roberts_is_closer_to_the_true_values_than_icm_on_table_1():
    true = np.array([108.1, 206.8, 159.9, 279.0, 246.3])  # Roberts' Monte Carlo "true equity"
    stacks, prizes = [2000, 4000, 3000, 6000, 5000], [500, 300, 200]
    mine = np.abs(np.array(roberts(stacks, prizes).equity) - true).mean()
    assert mine < np.abs(np.array(icm(stacks, prizes).equity) - true).mean()


@st.composite
def fields(draw, max_players=7):
    n = draw(st.integers(1, max_players))
    stacks = draw(st.lists(st.integers(1, 10**6), min_size=n, max_size=n))
    prizes = draw(st.lists(st.integers(0, 1000), max_size=n))
    return stacks, prizes


@settings(max_examples=60)
@given(fields())
def test_roberts_sanity(field):
    stacks, prizes = field
    e = roberts(stacks, prizes, places=True)
    m = np.array(e.places)
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12, abs=1e-9)
    assert np.allclose(m.sum(axis=0), 1, atol=1e-12) and np.allclose(m.sum(axis=1), 1, atol=1e-12)
    assert m[:, 0] == pytest.approx(np.array(stacks) / sum(stacks), rel=1e-9)  # stacks are martingales


@settings(max_examples=30)
@given(st.lists(st.integers(1, 10**5), min_size=3, max_size=8))
def test_the_adaptation_stays_close_to_the_tree(stacks):
    a, t = adapted_places(stacks), tree_places(stacks)
    assert np.abs(a - t).max() < 0.02
    assert np.allclose(a.sum(axis=0), 1, atol=1e-12) and np.allclose(a.sum(axis=1), 1, atol=1e-12)


def test_large_fields_use_the_adaptation():
    stacks = list(range(100, 3100, 100))
    e = roberts(stacks, [50, 30, 20])
    assert e.method == "adapted"
    assert sum(e.equity) == pytest.approx(100, rel=1e-12)
    assert list(e.equity) == sorted(e.equity)


# -- Malmuth-Weitzman ------------------------------------------------------------------------------


@settings(max_examples=60)
@given(fields(max_players=8))
def test_mw_sanity(field):
    stacks, prizes = field
    e = malmuth_weitzman(stacks, prizes, places=True)
    m = np.array(e.places)
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12, abs=1e-9)
    assert np.allclose(m.sum(axis=0), 1, atol=1e-12) and np.allclose(m.sum(axis=1), 1, atol=1e-12)
    assert m[:, 0] == pytest.approx(np.array(stacks) / sum(stacks), rel=1e-9)  # stacks are martingales


def brute_mw(stacks):
    """Malmuth-Weitzman by recursion over every bust order, in Fractions."""
    n = len(stacks)
    out = [[Fraction(0)] * n for _ in range(n)]

    def rec(alive, chips, prob):
        m = len(alive)
        if m == 1:
            out[alive[0]][0] += prob
            return
        inv = [1 / c for c in chips]
        for k, i in enumerate(alive):
            p = prob * inv[k] / sum(inv)
            out[i][m - 1] += p
            rest = [c + chips[k] / (m - 1) for j, c in enumerate(chips) if j != k]
            rec(alive[:k] + alive[k + 1 :], rest, p)

    rec(list(range(n)), [Fraction(s) for s in stacks], Fraction(1))
    return out


def test_mw_matches_a_recursion_over_bust_orders():
    stacks = [5, 3, 2, 7, 1]
    exact = np.array(brute_mw(stacks), dtype=float)
    e = malmuth_weitzman(stacks, [1], places=True)
    assert np.abs(np.array(e.places) - exact).max() < 1e-14


def test_mw_values():
    assert malmuth_weitzman([2, 1, 1], [60, 40]).equity == pytest.approx((42.0, 29.0, 29.0))
    e = malmuth_weitzman([2000, 4000, 3000, 6000, 5000], [500, 300, 200])
    assert r(e.equity, 2) == [125.18, 206.85, 170.38, 261.17, 236.42]
    with pytest.raises(ModelInputError, match="at most 20 players"):
        malmuth_weitzman([1] * 21, [1])


def test_models_agree_heads_up():
    for model in (malmuth_weitzman, roberts):
        assert model([700, 300], [10, 4]).equity == pytest.approx((8.2, 5.8))
