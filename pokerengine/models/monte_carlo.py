"""ICM by simulation: sample finishing orders, average the prizes.

Sorting ``Exp(1) / S_i`` in increasing order gives a finishing order (first
place first) drawn exactly from Malmuth-Harville ICM: the smallest of
independent exponential clocks with rates ``S_i`` rings first with
probability ``S_i / sum S``, and by memorylessness the rest follow the same
rule among the players left.  Reproducible: the same ``seed`` gives the same
numbers (NumPy's ``default_rng``).  Each equity comes with its standard error
(sample standard deviation over ``sqrt(samples)``).  Clock rates are the chip
shares (exactly rounded ratios of integers).

Cost: ``samples x n`` random numbers, about 0.15 microseconds each (more for
large fields, which sort the paid places), drawn :data:`CHUNK` at a time with
a time check between chunks; memory about 72 bytes per number of a chunk,
plus the ``n x n`` count matrix with ``places=True``.
"""

from __future__ import annotations

from .._checks import shown
from ..errors import ModelInputError
from . import _cost
from ._inputs import Prizes, Stacks, check_flag, check_prizes, check_stacks, padded, paid_places, shares
from ._result import Equities, matrix

CHUNK = _cost.MC_CHUNK  # random numbers drawn at a time
MAX_SAMPLES = 2**63 - 1
"""The most samples accepted (the time estimate refuses far fewer under any ``max_seconds``)."""


def monte_carlo(
    stacks: Stacks,
    prizes: Prizes,
    *,
    samples: int = 100_000,
    seed: int | None = 0,
    places: bool = False,
    max_seconds: float | None = None,
    max_bytes: int | None = _cost.MAX_BYTES,
) -> Equities:
    """ICM equities of ``stacks`` for ``prizes`` estimated from ``samples`` finishing orders.

    The cost (see the module docstring) is estimated first.
    Limits: a run estimated to need more than ``max_bytes`` is refused with
    :class:`~pokerengine.errors.ModelInputError`; one estimated at more than
    ten times ``max_seconds`` raises :class:`~pokerengine.errors.ModelTimeout`
    without starting, and any run raises it once ``max_seconds`` have passed.

    >>> e = monte_carlo([50, 30, 20], [70, 30], samples=200_000, seed=1)
    >>> [abs(x - exact) < 4 * se for x, exact, se in zip(e.equity, (1265 / 28, 129 / 4, 158 / 7), e.stderr)]
    [True, True, True]
    >>> e.equity == monte_carlo([50, 30, 20], [70, 30], samples=200_000, seed=1).equity
    True
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    if type(samples) is not int or not 2 <= samples <= MAX_SAMPLES:
        raise ModelInputError(f"samples must be an integer from 2 to 2**63 - 1, got {shown(samples)}")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SAMPLES):
        raise ModelInputError(f"seed must be a non-negative integer below 2**63 or None, got {shown(seed)}")
    max_seconds = _cost.check_seconds(max_seconds)
    max_bytes = _cost.check_bytes(max_bytes)
    deadline = _cost.TimeBudget("mc", max_seconds)
    n = len(stacks)
    _cost.mc_cost(n, samples, places).check(max_seconds=max_seconds, max_bytes=max_bytes)
    import numpy as np

    pay = np.array([float(w) for w in padded(prizes, n)])
    top = n if places else paid_places(pay)
    rng = np.random.default_rng(seed)
    rate = np.array(shares(stacks), dtype=np.float64)
    total = np.zeros(n)
    square = np.zeros(n)
    counts = np.zeros((n, n) if places else (0, 0))
    rows = max(1, CHUNK // n)
    done = 0
    while done < samples and top:
        deadline.check()
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
        matrix("mc", np.asarray(counts / samples)) if places else None,
        stderr=tuple(float(v) for v in stderr),
        method=f"{samples} samples, seed {seed}",
    )
