"""Exact ICM for large fields: one integral per player, evaluated by quadrature.

Malmuth-Harville ICM is the finishing order of independent exponential clocks:
player ``j``'s clock rings at ``T_j ~ Exp(rate S_j)`` and the clocks ring in
finishing order, first place first (sorting ``Exp(1) / S_j`` gives the
Harville order).  Given ``T_i = t``, each other player is ahead of ``i``
independently with probability ``b_j = 1 - exp(-S_j t)``, so

    P(i takes place k) = integral over t >= 0 of  S_i exp(-S_i t) [x^(k-1)] prod_{j != i} (a_j + b_j x)

with ``a_j = exp(-S_j t)``: the polynomial is the distribution of the number
``K_{-i}(t)`` of other players ahead of ``i`` at time ``t`` (a Poisson binomial).

At each quadrature node the equities alone (the usual call) come from
:mod:`pokerengine.models._icm_fourier`: the characteristic function of
``K(t)`` on the few frequencies where it is not negligible (about 60, for any
field size), built from power sums of the players' probabilities, and each
player's own factor divided out as a short series.  That is
``O(players x ~20)`` work a node where dividing the coefficients costs
``O(players x sqrt(players))``: with every place paid, 10,000 players take
about a second (dividing the coefficients out, about half a minute).

When the whole place matrix is wanted (``places=True``) this module instead

1. multiplies out ``Q(x) = prod_j (a_j + b_j x)`` over *all* players with a
   product tree (direct products for low degrees, FFT convolutions above;
   every coefficient is a probability, so the FFT's absolute error of a few
   ``1e-16`` is harmless), truncated past the degree where Bernstein's
   inequality puts less than ``e^-46`` of ``K(t)``'s mass;
2. divides out each player's own factor ``a_i + b_i x``, upwards
   (``c_k = (q_k - b_i c_{k-1}) / a_i``) when ``a_i >= b_i`` and downwards
   (``c_{k-1} = (q_k - a_i c_k) / b_i``) otherwise, so that rounding errors are
   multiplied by a ratio of at most 1 and never grow.  Both run only over the
   window of degrees where ``Q`` has more than ``e^-46`` of its mass;
3. weights by the prizes and the quadrature weights.

The integral runs up to the time where ``P(K(t) <= places)`` (which bounds
every remaining integrand) or ``exp(-S_min t)`` falls below ``e^-46``.  It is
cut into panels, each with :data:`ORDER` Gauss-Legendre nodes in ``t``.  The
panels are equal steps (:data:`PANEL_WIDTH`) of a variable that grows by one
unit per standard deviation of ``K(t)`` (``dm / sqrt(var K + 1/4)``, ``m`` the
mean) and by one unit per :data:`DECAY_STEP` e-folds of the fastest
``exp(-S_j t)`` still above ``e^-46``: a panel spans at most four standard
deviations of the moving distribution and at most 16 e-folds of any
exponential, which 16 nodes integrate to double precision.
The equity-only path starts with panels 1.5 times wider (:data:`FOURIER_PANEL_WIDTH`).
Work is ``O(nodes x players x window)`` for the place matrix and
``O(nodes x players x terms)`` for equities, memory
``O(nodes per batch x players)``: every array is built for at most
:data:`CELLS` (node x player) cells at a time, and the clock is read between
pieces (see :mod:`pokerengine.models._cost` for the estimate).

Accuracy: each probability is computed with an absolute error near ``1e-13``.
The quadrature error is checked at run time by the identity that the
equities add up to the pool (the panels are narrowed until they do, to
``1e-12`` of the pool).  The tests check it against the subset method
(``1e-9`` of the pool, relative ``1e-9`` for every equity above ``1e-3`` of the
pool), the two paths against each other (tests/models/test_icm_fourier.py) and
against the closed form ``E_i = 1 + sum_{j != i} S_i / (S_i + S_j)`` for
prizes ``n - m + 1`` (1,000 and 10,000 players in the tests; up to 100,000 in
``benchmarks/bench_models.py``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._cost import TimeBudget
from ._icm_fourier import LOG_TAIL, prize_weighted
from ._icm_fourier import tail as _tail

Array = NDArray[Any]

CELLS = 400_000  # (time point x player) cells per NumPy step; a step takes milliseconds
FOURIER_CELLS = 80_000  # (time point x stack) cells per step of the equity-only path (fits a core's cache)
FOURIER_PANEL_WIDTH = 6.0  # that path's first panels (then 4, 1, 0.5 until the sum is right); see place_integrals
PANEL_WIDTH = 4.0  # panels this wide in the variable v (see _panels)
ORDER = 16  # Gauss-Legendre nodes per panel
DECAY_STEP = 4.0  # e-folds of the fastest live exp(-S_j t) per unit of v
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(ORDER)


def _moments(t: Any, s: Array, counts: Array, deadline: TimeBudget | None = None) -> tuple[Array, Array]:
    """Mean and variance of ``K(t)``, the number of players whose clock has rung by ``t`` (in pieces)."""
    t = np.atleast_1d(t)
    weight = counts.astype(np.float64)  # einsum over floats: no BLAS threads, no integer matmul
    mean, var = np.empty(len(t)), np.empty(len(t))
    for lo, hi in _pieces(len(t), len(s), deadline):
        x = np.multiply.outer(t[lo:hi], s)
        a = np.exp(-x)
        b = -np.expm1(-x)
        mean[lo:hi], var[lo:hi] = np.einsum("ij,j->i", b, weight), np.einsum("ij,ij,j->i", a, b, weight)
    return mean, var


def _pieces(rows: int, width: int, deadline: TimeBudget | None) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` row ranges of at most :data:`CELLS` cells (at least one row), the clock read before each."""
    step = max(1, CELLS // max(width, 1))
    for lo in range(0, rows, step):
        if deadline is not None:
            deadline.check()
        yield lo, min(rows, lo + step)


def _product(a: Array, b: Array, degree: int, deadline: TimeBudget) -> Array:
    """Coefficients ``0..degree`` of ``prod_j (a[:, j] + b[:, j] x)`` for each row (a product tree)."""
    rows = a.shape[0]
    polys = np.stack([a, b], axis=-1)
    d = 1
    while polys.shape[1] > 1:
        deadline.check()
        if polys.shape[1] % 2:
            one = np.zeros((rows, 1, polys.shape[2]))
            one[:, :, 0] = 1.0
            polys = np.concatenate([polys, one], axis=1)
        left, right = polys[:, 0::2], polys[:, 1::2]
        new = min(2 * d, degree)
        if d <= 16:
            out = np.zeros(left.shape[:2] + (new + 1,))
            for shift in range(d + 1):
                top = min(d, new - shift)
                if top < 0:
                    break
                out[..., shift : shift + top + 1] += left[..., shift : shift + 1] * right[..., : top + 1]
        else:
            size = 1 << (2 * d).bit_length()
            out = np.fft.irfft(np.fft.rfft(left, size) * np.fft.rfft(right, size), size)[..., : new + 1]
        polys, d = out, new
    q = polys[:, 0, :]
    if q.shape[1] < degree + 1:
        q = np.concatenate([q, np.zeros((rows, degree + 1 - q.shape[1]))], axis=1)
    return q


def _density(t: Array, s: Array, counts: Array) -> Array:
    """Panels per unit of ``t``: the bump width ``sqrt(var K) / m'`` and each live exponential's scale ``1 / S_j``."""
    x = np.multiply.outer(t, s)
    a = np.exp(-x)
    b = -np.expm1(-x)
    weight = counts.astype(np.float64)
    rate = np.einsum("ij,j,j->i", a, s, weight)  # m'(t)
    var = np.einsum("ij,ij,j->i", a, b, weight)
    live = np.searchsorted(s, LOG_TAIL / np.maximum(t, 1e-300), side="right") - 1
    fastest = np.where(live >= 0, s[np.maximum(live, 0)], 0.0)  # largest S_j whose exp(-S_j t) still matters
    density: Array = np.hypot(rate / np.sqrt(var + 0.25), fastest / DECAY_STEP)
    return density


def _panels(s: Array, counts: Array, places: int, width: float, deadline: TimeBudget) -> Array:
    """Panel edges in ``t`` (equal steps of the density's integral), up to where every integrand is below e^-46."""
    n = float(counts.sum())
    t_end = LOG_TAIL / float(s[0])
    if places < n:
        grid = np.geomspace(1e-6 / n, t_end, 400)
        m, var = _moments(grid, s, counts, deadline)
        done = m - (places + 1) >= _tail(var)
        if done.any():
            k = int(np.argmax(done))
            lo, hi = (grid[k - 1] if k else 0.0), grid[k]
            for _ in range(60):
                mid = 0.5 * (lo + hi)
                mm, vv = _moments(mid, s, counts, deadline)
                lo, hi = (lo, mid) if mm[0] - (places + 1) >= _tail(vv[0]) else (mid, hi)
            t_end = min(t_end, hi)
    # The density only places the panels, so stacks within 1% of each other may share one value here.
    key = np.round(np.log(s) * 100.0)
    _, first, group = np.unique(key, return_index=True, return_inverse=True)
    s_c, counts_c = s[first], np.bincount(group.ravel(), weights=counts)
    points = 1000
    while True:
        grid = np.concatenate([[0.0], np.geomspace(1e-4 / n, t_end, points)])
        rho = np.concatenate([_density(grid[lo:hi], s_c, counts_c) for lo, hi in _pieces(len(grid), len(s_c), deadline)])
        dv = 0.5 * (rho[1:] + rho[:-1]) * np.diff(grid)
        if dv.max() <= width / 4 or points >= 64000:
            break
        points *= 2
    v = np.concatenate([[0.0], np.cumsum(dv)])
    steps = max(1, math.ceil(v[-1] / width))
    edges = np.interp(np.linspace(0.0, v[-1], steps + 1), v, grid)
    edges[0], edges[-1] = 0.0, t_end
    return np.unique(edges)


def _nodes(edges: Array) -> tuple[Array, Array]:
    """Gauss-Legendre nodes and weights of every panel, in order."""
    half = 0.5 * np.diff(edges)
    nodes = ((edges[:-1] + half)[:, None] + half[:, None] * _NODES[None, :]).ravel()
    return nodes, (half[:, None] * _WEIGHTS[None, :]).ravel()


def _integrate_equity(s: Array, counts: Array, weights: Array, places: int, width: float, deadline: TimeBudget) -> Array:
    """Per distinct stack: the integral of ``S_i exp(-S_i t) G_i(t)``, ``G_i`` from :mod:`._icm_fourier`."""
    nodes, qweights = _nodes(_panels(s, counts, places, width, deadline))
    w = np.zeros(places + 1)
    w[: len(weights)] = weights
    equity = np.zeros(len(s))
    batch = int(max(1, min(64, FOURIER_CELLS // len(s))))
    cumulative = np.concatenate([[0.0], np.cumsum(counts)])
    for start in range(0, len(nodes), batch):
        deadline.check()
        t = nodes[start : start + batch]
        g, a = prize_weighted(t, s, counts, w, places, deadline, cumulative)
        equity += ((qweights[start : start + batch, None] * s[None, :] * a) * g).sum(axis=0)
    return equity


def _integrate_places(
    s: Array, counts: Array, weights: Array, places: int, width: float, deadline: TimeBudget
) -> tuple[Array, Array]:
    """Per distinct stack: the equity integral and the per-place integrals, by dividing the product.

    At each node ``Q(x) = prod_j (a_j + b_j x)`` is divided by each player's
    own factor over the window where ``Q`` has its mass, upwards when
    ``a_i >= b_i`` and downwards otherwise (see the module's docstring).
    """
    n = int(counts.sum())
    u = len(s)
    full = np.repeat(s, counts)  # every player, for the product
    nodes, qweights = _nodes(_panels(s, counts, places, width, deadline))
    w = np.zeros(places + 1)
    w[: len(weights)] = weights
    equity = np.zeros(u)
    matrix = np.zeros((u, places))
    batch = int(max(4, min(64, CELLS // max(n, u))))
    for start in range(0, len(nodes), batch):
        deadline.check()
        t = nodes[start : start + batch]
        qw = qweights[start : start + batch]
        x = np.multiply.outer(t, s)
        a, b = np.exp(-x), -np.expm1(-x)
        m = b @ counts
        dev = _tail((a * b) @ counts)
        lo = max(0, int(np.floor((m - dev).min())) - 1)
        if lo >= places:
            continue  # every player has more than `places` others ahead: nothing to pay here
        degree = min(n, int(np.ceil((m + dev).max())) + 2)
        xf = np.multiply.outer(t, full)
        q = _product(np.exp(-xf), -np.expm1(-xf), degree, deadline)
        dens = qw[:, None] * s[None, :] * a  # quadrature weight x density of T_i
        up = a >= b
        # upwards division for entries with a >= b (c_{lo-1} is below e^-46: start from 0)
        a_up, b_up, d_up = np.where(up, a, 1.0), np.where(up, b, 0.0), dens * up
        c = np.zeros_like(a)
        acc = np.zeros_like(a)
        for k in range(lo, min(places, degree + 1)):
            if k % 64 == 0:
                deadline.check()
            c = (q[:, k, None] - b_up * c) / a_up
            if w[k]:
                acc += w[k] * c
            matrix[:, k] += (d_up * c).sum(axis=0)
        equity += (d_up * acc).sum(axis=0)
        # downwards division for entries with a < b (c_degree is below e^-46 or exactly 0: start from 0)
        if not up.all():
            a_dn, b_dn, d_dn = np.where(up, 0.0, a), np.where(up, 1.0, b), dens * ~up
            c = np.zeros_like(a)
            acc = np.zeros_like(a)
            for k in range(degree, lo, -1):
                if k % 64 == 0:
                    deadline.check()
                c = (q[:, k, None] - a_dn * c) / b_dn
                if k - 1 < places:
                    if w[k - 1]:
                        acc += w[k - 1] * c
                    matrix[:, k - 1] += (d_dn * c).sum(axis=0)
            equity += (d_dn * acc).sum(axis=0)
    return equity, matrix


def place_integrals(
    stacks: Sequence[float], prizes: Array | Sequence[float], *, places: bool = False, deadline: TimeBudget | None = None
) -> tuple[Array, Array | None]:
    """ICM equities (and with ``places=True`` the full place matrix) by quadrature, as NumPy arrays.

    ``stacks`` are positive numbers (the caller passes chip shares), ``prizes``
    floats, one per place, best first.  The panels are halved until the
    equities add up to the pool within ``1e-12`` of it.  ``deadline`` is read
    between pieces of work.

    >>> eq, _ = place_integrals([50, 30, 20], [70.0, 30.0])
    >>> [round(float(e), 10) for e in eq], [round(v, 10) for v in (1265 / 28, 129 / 4, 158 / 7)]
    ([45.1785714286, 32.25, 22.5714285714], [45.1785714286, 32.25, 22.5714285714])
    """
    x = np.asarray(stacks, dtype=np.float64)
    n = len(x)
    weights = np.asarray(prizes, dtype=np.float64)
    paid = int(np.flatnonzero(weights)[-1]) + 1 if weights.any() else 0
    needed = n if places else paid
    if needed == 0:
        return np.zeros(n), (np.zeros((n, n)) if places else None)
    s_all = x / x.mean()
    s, inverse, counts = np.unique(s_all, return_inverse=True, return_counts=True)
    pool = float(weights.sum())
    base = PANEL_WIDTH if places else FOURIER_PANEL_WIDTH
    deadline = deadline or TimeBudget("icm", None)
    mat_u = None
    for width in (base, PANEL_WIDTH if base > PANEL_WIDTH else base / 2, PANEL_WIDTH / 4, PANEL_WIDTH / 8):
        if places:
            eq_u, mat_u = _integrate_places(s, counts, weights[:needed], needed, width, deadline)
        else:
            eq_u = _integrate_equity(s, counts, weights[:needed], needed, width, deadline)
        if abs(float(eq_u @ counts) - pool) <= 1e-12 * max(pool, 1.0):
            break
    # rounding can leave -1e-17 where the answer is 0: equities and probabilities are never negative
    return np.maximum(eq_u[inverse], 0.0), (np.maximum(mat_u[inverse], 0.0) if mat_u is not None else None)
