"""ICM by simulation: sample finishing orders, average the prizes.

Sorting ``Exp(1) / S_i`` in increasing order gives a finishing order (first
place first) drawn exactly from Malmuth-Harville ICM: the smallest of
independent exponential clocks with rates ``S_i`` rings first with
probability ``S_i / sum S``, and by memorylessness the rest follow the same
rule among the players left.  Reproducible: the same ``seed`` gives the same
numbers (NumPy's ``default_rng``).  Each equity comes with its standard error
(sample standard deviation over ``sqrt(samples)``).
"""

from __future__ import annotations

import numpy as np

from ..errors import ModelInputError
from ._inputs import check_flag, check_prizes, check_stacks, padded, paid_places
from ._result import Equities

CHUNK = 2_000_000  # random numbers drawn at a time


def monte_carlo(stacks, prizes, *, samples: int = 100_000, seed: int | None = 0, places: bool = False) -> Equities:
    """ICM equities of ``stacks`` for ``prizes`` estimated from ``samples`` finishing orders.

    >>> e = monte_carlo([50, 30, 20], [70, 30], samples=200_000, seed=1)
    >>> [abs(x - exact) < 4 * se for x, exact, se in zip(e.equity, (1265 / 28, 129 / 4, 158 / 7), e.stderr)]
    [True, True, True]
    >>> e.equity == monte_carlo([50, 30, 20], [70, 30], samples=200_000, seed=1).equity
    True
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    if type(samples) is not int or samples < 2:
        raise ModelInputError(f"samples must be an integer of at least 2, got {samples!r}")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise ModelInputError(f"seed must be a non-negative integer or None, got {seed!r}")
    n = len(stacks)
    pay = np.array([float(w) for w in padded(prizes, n)])
    top = n if places else paid_places(pay)
    rng = np.random.default_rng(seed)
    rate = np.array(stacks, dtype=np.float64)
    total = np.zeros(n)
    square = np.zeros(n)
    counts = np.zeros((n, n)) if places else None
    rows = max(1, CHUNK // n)
    done = 0
    while done < samples and top:
        k = min(rows, samples - done)
        clocks = rng.standard_exponential((k, n)) / rate
        if top < n:
            best = np.argpartition(clocks, top - 1, axis=1)[:, :top]
            order = np.take_along_axis(best, np.argsort(np.take_along_axis(clocks, best, axis=1), axis=1), axis=1)
        else:
            order = np.argsort(clocks, axis=1)
        won = np.zeros((k, n))
        np.put_along_axis(won, order, np.broadcast_to(pay[:top], (k, top)), axis=1)
        total += won.sum(axis=0)
        square += (won * won).sum(axis=0)
        if places:
            counts += np.bincount((order * n + np.arange(n)).ravel(), minlength=n * n).reshape(n, n)
        done += k
    mean = total / samples
    var = np.maximum(square / samples - mean * mean, 0.0) * samples / (samples - 1)
    stderr = np.sqrt(var / samples)
    return Equities(
        "mc",
        stacks,
        prizes,
        tuple(float(e) for e in mean),
        (counts / samples).tolist() if places else None,
        stderr=tuple(float(v) for v in stderr),
        method=f"{samples} samples, seed {seed}",
    )
