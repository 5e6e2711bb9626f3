"""Exact ICM for large fields: one integral per player, evaluated by quadrature.

Malmuth-Harville ICM is the finishing order of independent exponential clocks:
player ``j``'s clock rings at ``T_j ~ Exp(rate S_j)`` and the clocks ring in
finishing order, first place first (sorting ``Exp(1) / S_j`` gives the
Harville order).  Given ``T_i = t``, each other player is ahead of ``i``
independently with probability ``b_j = 1 - exp(-S_j t)``, so

    P(i takes place k) = integral over t >= 0 of  S_i exp(-S_i t) [x^(k-1)] prod_{j != i} (a_j + b_j x)

with ``a_j = exp(-S_j t)``: the polynomial is the distribution of the number
``K_{-i}(t)`` of other players ahead of ``i`` at time ``t`` (a Poisson binomial).

At each quadrature node this module

1. multiplies out ``Q(x) = prod_j (a_j + b_j x)`` over *all* players with a
   product tree (direct products for low degrees, FFT convolutions above;
   every coefficient is a probability, so the FFT's absolute error of a few
   ``1e-16`` is harmless), truncated past the degree where Bernstein's
   inequality puts less than ``e^-46`` of ``K(t)``'s mass;
2. divides out each player's own factor ``a_i + b_i x``, upwards
   (``c_k = (q_k - b_i c_{k-1}) / a_i``) when ``a_i >= b_i`` and downwards
   (``c_{k-1} = (q_k - a_i c_k) / b_i``) otherwise, so that rounding errors are
   multiplied by a ratio of at most 1 and never grow.  Both run only over the
   window of degrees where ``Q`` has more than ``e^-46`` of its mass.  When
   only equities are wanted, the prize-weighted sum of the quotient is the
   series ``(1/a_i) sum_d (-b_i/a_i)^d V_d`` (or its downward twin) with
   ``V_d = sum_j q_j w_{j+d}`` from one FFT correlation per node; it is cut
   after ``46 / ln(a_i/b_i)`` terms, which for most players is far shorter
   than the window;
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
Work is ``O(nodes x players x window)``, memory
``O(nodes per batch x players)``: every array is built for at most
:data:`CELLS` (node x player) cells at a time, and the clock is read between
pieces (see :mod:`pokerengine.models._cost` for the estimate).

Accuracy: each probability is computed with an absolute error near ``1e-13``.
The quadrature error is checked at run time by the identity that the
equities add up to the pool (the panels are halved until they do, to
``1e-12`` of the pool).  The tests check it against the subset method
(``1e-9`` of the pool, relative ``1e-9`` for every equity above ``1e-3`` of the
pool) and against the closed form ``E_i = 1 + sum_{j != i} S_i / (S_i + S_j)``
for prizes ``n - m + 1`` (1,000 players in the tests; 10,000 in
``benchmarks/bench_models.py``, to ``1e-13``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._cost import Deadline

Array = NDArray[Any]

CELLS = 400_000  # (time point x player) cells per NumPy step; a step takes milliseconds
LOG_TAIL = 46.0  # probability mass below e^-46 (1e-20) is dropped
PANEL_WIDTH = 4.0  # panels this wide in the variable v (see _panels)
ORDER = 16  # Gauss-Legendre nodes per panel
DECAY_STEP = 4.0  # e-folds of the fastest live exp(-S_j t) per unit of v
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(ORDER)


def _tail(var: Any) -> Any:
    """Deviation from the mean beyond which a Poisson binomial with variance ``var`` has mass < e^-46 (Bernstein)."""
    return LOG_TAIL / 3.0 + np.sqrt(LOG_TAIL**2 / 9.0 + 2.0 * LOG_TAIL * var)


def _moments(t: Any, s: Array, counts: Array, deadline: Deadline | None = None) -> tuple[Array, Array]:
    """Mean and variance of ``K(t)``, the number of players whose clock has rung by ``t`` (in pieces)."""
    t = np.atleast_1d(t)
    mean, var = np.empty(len(t)), np.empty(len(t))
    for lo, hi in _pieces(len(t), len(s), deadline):
        x = np.multiply.outer(t[lo:hi], s)
        a = np.exp(-x)
        b = -np.expm1(-x)
        mean[lo:hi], var[lo:hi] = b @ counts, (a * b) @ counts
    return mean, var


def _pieces(rows: int, width: int, deadline: Deadline | None) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` row ranges of at most :data:`CELLS` cells (at least one row), the clock read before each."""
    step = max(1, CELLS // max(width, 1))
    for lo in range(0, rows, step):
        if deadline is not None:
            deadline.check()
        yield lo, min(rows, lo + step)


def _product(a: Array, b: Array, degree: int, deadline: Deadline) -> Array:
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
    rate = (a * s) @ counts  # m'(t)
    var = (a * b) @ counts
    live = np.searchsorted(s, LOG_TAIL / np.maximum(t, 1e-300), side="right") - 1
    fastest = np.where(live >= 0, s[np.maximum(live, 0)], 0.0)  # largest S_j whose exp(-S_j t) still matters
    return np.hypot(rate / np.sqrt(var + 0.25), fastest / DECAY_STEP)


def _panels(s: Array, counts: Array, places: int, width: float, deadline: Deadline) -> Array:
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
    # The density only places the panels, so stacks within 0.1% of each other may share one value here.
    key = np.round(np.log(s) * 1000.0)
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


def _correlate(q: Array, w: Array) -> Array:
    """``conv(q, reversed w)`` per row: ``V_d = out[Z-1-d]`` and ``U_d = out[Z+d]`` (see :func:`_integrate`)."""
    size = 1 << (q.shape[1] + len(w)).bit_length()
    return np.fft.irfft(np.fft.rfft(q, size) * np.fft.rfft(w[::-1], size)[None, :], size)[:, : q.shape[1] + len(w) - 1]


def _horner(coef: Array, ratio: Array, cap: int, deadline: Deadline) -> Array:
    """``sum_{d < cap} coef[:, d] (-ratio)^d`` for every column of ``ratio`` (rows: quadrature nodes)."""
    h = np.zeros_like(ratio)
    neg = -ratio
    for d in range(min(cap, coef.shape[1]) - 1, -1, -1):
        if d % 64 == 0:
            deadline.check()
        h *= neg
        h += coef[:, d : d + 1]
    return h


def _integrate(
    s: Array, counts: Array, weights: Array, places: int, want_places: bool, width: float, deadline: Deadline
) -> tuple[Array, Array]:
    """Per distinct stack: the integral of the prize-weighted density (and per-place densities).

    At a node, with ``r = b_i / a_i`` the division of ``Q`` by ``a_i + b_i x``
    gives ``sum_k w_k c_k = (1/a_i) sum_d (-r)^d V_d`` with
    ``V_d = sum_j q_j w_{j+d}``; with ``rho = a_i / b_i`` the downward form gives
    ``(1/b_i) sum_d (-rho)^d U_d`` with ``U_d = sum_k w_k q_{k+1+d}``.  The
    ratio is at most 1, so the series is cut after ``46 / ln(1/ratio)`` terms
    (error below ``e^-46`` of the largest prize); players whose ratio is too
    close to 1 for that to pay (or who cross ``a_i = b_i`` inside a batch, or
    when the place matrix is wanted) run the recurrences over the window.
    """
    n = int(counts.sum())
    u = len(s)
    full = np.repeat(s, counts)  # every player, for the product
    edges = _panels(s, counts, places, width, deadline)
    half = 0.5 * np.diff(edges)
    nodes = ((edges[:-1] + half)[:, None] + half[:, None] * _NODES[None, :]).ravel()
    qweights = (half[:, None] * _WEIGHTS[None, :]).ravel()
    w = np.zeros(places + 1)
    w[: len(weights)] = weights
    equity = np.zeros(u)
    matrix = np.zeros((u, places) if want_places else (0, 0))
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
        slow = np.ones(u, dtype=bool)
        if not want_places:
            conv = _correlate(q, w[:places])
            steps_up = min(places, degree + 1) - lo
            steps_dn = degree - lo
            ratio = np.where(up, b, a) / np.where(up, a, b)  # at most 1, never 0 / 0
            need = np.ceil(LOG_TAIL / -np.log(np.clip(ratio.max(axis=0), 1e-300, 1 - 1e-16))).astype(np.int64)
            all_up, all_dn = up.all(axis=0), (~up).all(axis=0)
            cheap = (all_up & (2 * need < 5 * steps_up)) | (all_dn & (2 * need < 5 * steps_dn))
            slow = ~cheap
            for direction, cols_mask in ((True, cheap & all_up), (False, cheap & all_dn)):
                cols = np.flatnonzero(cols_mask)
                if not len(cols):
                    continue
                coef = conv[:, places - 1 :: -1][:, :places] if direction else conv[:, places:]
                caps = 1 << np.ceil(np.log2(np.maximum(need[cols], 1))).astype(np.int64)
                for cap in np.unique(caps):
                    sel = cols[caps == cap]
                    h = _horner(coef, ratio[:, sel], int(cap), deadline)
                    h /= a[:, sel] if direction else b[:, sel]
                    equity[sel] += (dens[:, sel] * h).sum(axis=0)
        cols = np.flatnonzero(slow)
        if not len(cols):
            continue
        a_s, b_s, up_s, dens_s = a[:, cols], b[:, cols], up[:, cols], dens[:, cols]
        # upwards division for entries with a >= b (c_{lo-1} is below e^-46: start from 0)
        a_up, b_up, d_up = np.where(up_s, a_s, 1.0), np.where(up_s, b_s, 0.0), dens_s * up_s
        c = np.zeros_like(a_s)
        acc = np.zeros_like(a_s)
        for k in range(lo, min(places, degree + 1)):
            if k % 64 == 0:
                deadline.check()
            c = (q[:, k, None] - b_up * c) / a_up
            if w[k]:
                acc += w[k] * c
            if want_places:
                matrix[cols, k] += (d_up * c).sum(axis=0)
        equity[cols] += (d_up * acc).sum(axis=0)
        # downwards division for entries with a < b (c_degree is below e^-46 or exactly 0: start from 0)
        if not up_s.all():
            a_dn, b_dn, d_dn = np.where(up_s, 0.0, a_s), np.where(up_s, 1.0, b_s), dens_s * ~up_s
            c = np.zeros_like(a_s)
            acc = np.zeros_like(a_s)
            for k in range(degree, lo, -1):
                if k % 64 == 0:
                    deadline.check()
                c = (q[:, k, None] - a_dn * c) / b_dn
                if k - 1 < places:
                    if w[k - 1]:
                        acc += w[k - 1] * c
                    if want_places:
                        matrix[cols, k - 1] += (d_dn * c).sum(axis=0)
            equity[cols] += (d_dn * acc).sum(axis=0)
    return equity, matrix


def place_integrals(
    stacks: Sequence[float], prizes: Array | Sequence[float], *, places: bool = False, deadline: Deadline | None = None
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
    width = PANEL_WIDTH
    deadline = deadline or Deadline("icm", None)
    for _ in range(4):
        eq_u, mat_u = _integrate(s, counts, weights[:needed], needed, places, width, deadline)
        if abs(float(eq_u @ counts) - pool) <= 1e-12 * max(pool, 1.0):
            break
        width /= 2
    equity = eq_u[inverse]
    matrix = mat_u[inverse] if places else None
    return equity, matrix
