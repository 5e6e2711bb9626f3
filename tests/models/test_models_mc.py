"""Monte Carlo ICM: exact sampling of Harville orders, reproducible, with standard errors."""

from __future__ import annotations

import numpy as np
import pytest

from pokerengine.errors import ModelInputError
from pokerengine.models import icm, monte_carlo


def test_reproducible_with_a_seed():
    a = monte_carlo([5, 3, 2, 1], [10, 5], samples=20_000, seed=7)
    b = monte_carlo([5, 3, 2, 1], [10, 5], samples=20_000, seed=7)
    c = monte_carlo([5, 3, 2, 1], [10, 5], samples=20_000, seed=8)
    assert a == b
    assert a.equity != c.equity


@pytest.mark.parametrize(
    "stacks, prizes",
    [
        ([1000, 500, 100], [100, 50]),
        ([2000, 4000, 3000, 6000, 5000], [500, 300, 200]),
        ([1, 1, 1, 1, 1, 1, 1, 100], [7, 3, 1]),
    ],
)
def test_within_five_standard_errors_of_exact_icm(stacks, prizes):
    e = monte_carlo(stacks, prizes, samples=200_000, seed=3)
    exact = np.array(icm(stacks, prizes).equity)
    se = np.array(e.stderr)
    assert np.all(np.abs(np.array(e.equity) - exact) <= 5 * se + 1e-12)
    assert sum(e.equity) == pytest.approx(sum(prizes), rel=1e-12)
    assert np.all(se < 0.01 * sum(prizes))


def test_places_are_sampled_frequencies():
    e = monte_carlo([3, 2, 1], [1], samples=60_000, seed=1, places=True)
    m = np.array(e.places)
    assert np.allclose(m.sum(axis=0), 1) and np.allclose(m.sum(axis=1), 1)
    exact = np.array(icm([3, 2, 1], [1], places=True).places)
    assert np.abs(m - exact).max() < 0.01


def test_large_field_partial_sort():
    stacks = list(range(1, 2001))
    e = monte_carlo(stacks, [100, 50, 25], samples=2_000, seed=0)
    assert sum(e.equity) == pytest.approx(175, rel=1e-12)
    assert e.method == "2000 samples, seed 0"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"samples": 1}, "samples must be"),
        ({"samples": 10.0}, "samples must be"),
        ({"seed": -1}, "seed must be"),
        ({"seed": "x"}, "seed must be"),
    ],
)
def test_bad_options(kwargs, message):
    with pytest.raises(ModelInputError, match=message):
        monte_carlo([3, 2], [1], **kwargs)
