"""The ICM integrand at one time point for every player at once, in the Fourier domain.

:mod:`pokerengine.models.icm_large` integrates, for each player ``i``,

    S_i exp(-S_i t) G_i(t),    G_i(t) = sum_k w_k P(K_{-i}(t) = k),

where ``K_{-i}(t)`` is the number of *other* players whose clock has rung by
``t`` (a Poisson binomial with probabilities ``b_j = 1 - exp(-S_j t)``) and
``w_k`` the prize for finishing with ``k`` players ahead.  Working with the
coefficients of ``prod_j (a_j + b_j x)`` costs ``O(players x window)`` at each
time point, the window being the ``O(sqrt(var K))`` degrees where ``K`` has
its mass; with every place paid that is ``O(n^1.5)`` a point.  This module
works with the characteristic function instead, where the same information
sits in ``O(1)`` frequencies:

* ``K`` lives (to ``e^-46``) in ``lo .. lo + N - 1``, so with ``N`` frequencies
  ``theta_l = 2 pi l / N`` and ``z_l = e^(i theta_l)``,
  ``G_i = (1/N) sum_l phi_{-i}(theta_l) W_l`` exactly (no aliasing of any mass
  that matters), where ``W_l = sum_k w_{lo+k} z_l^-k`` (one real FFT) and
  ``phi_{-i} = z^-lo prod_{j != i} (a_j + b_j z)``.
* ``|a_j + b_j z|^2 = 1 - 4 a_j b_j sin^2(theta/2)``, so
  ``|phi_{-i}(theta)| <= exp(-2 sin^2(theta/2) (var K - 1/4))``: only the
  frequencies with ``sin^2(theta/2) < (46 + ln N) / (2 (var K - 1/4))`` count
  (about 60 of them, whatever the field size, once ``var K`` is large).
* On those frequencies ``|z - 1|`` is small, so ``log(1 + m_j (z - 1))`` (with
  ``m_j = min(a_j, b_j)``; ``a_j + b_j z = z (1 + a_j (conj(z) - 1))`` when
  ``a_j < b_j``) is a fast series in ``m_j (z - 1)``: ``log phi`` needs only
  the power sums ``sum_j m_j^r`` (``r`` up to about 15 to 27), and each
  player's quotient ``1 / (a_i + b_i z)`` is the series
  ``sum_r (-m_i)^r (z - 1)^r``, so ``G_i`` is a short real polynomial in
  ``m_i`` whose coefficients (moments of ``phi W``) are shared by everyone.

Players for whom ``m_j |z - 1|`` exceeds :data:`RATE` on the frequencies used
(only at time points where ``var K`` is small: few players undecided) are
handled directly: their factors multiplied in exactly, their own quotient
taken as a product over the others (no division by a factor that may vanish).
Work per time point is ``O(players x terms)`` with ``terms`` the series
length, memory ``O(points x distinct stacks)``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._cost import TimeBudget

Array = NDArray[Any]

RATE = 0.5  # a series in m |z - 1| is used while that ratio is at most this
LOG_TAIL = 46.0  # probability mass and frequencies below e^-46 (1e-20) are dropped, here and in icm_large
UNDECIDED_CELLS = 1 << 17  # (undecided player x frequency) cells handled at once: a few MiB
LOG_EPS = 37.5  # series cut where the next term is below e^-37.5 (about 5e-17) of the sum's scale


def tail(var: Any) -> Any:
    """Deviation from the mean beyond which a Poisson binomial with variance ``var`` has mass < e^-46
    (Bernstein's inequality); icm_large places its windows and its end of time with it too."""
    return LOG_TAIL / 3.0 + np.sqrt(LOG_TAIL**2 / 9.0 + 2.0 * LOG_TAIL * var)


def prize_weighted(
    t: Array, s: Array, counts: Array, prizes: Array, places: int, deadline: TimeBudget, cumulative: Array | None = None
) -> tuple[Array, Array]:
    """``(G, a)``: ``G_i(t)`` and ``exp(-S_i t)`` for each time in ``t`` (rows) and distinct stack in ``s`` (columns).

    ``s`` is ascending; ``prizes`` at least ``places`` long (``prizes[k]`` for
    ``k`` others ahead); ``counts`` the number of players with each stack and
    ``cumulative`` (optional, to save recomputing it) ``[0, cumsum(counts)]``.
    ``b = 1 - a`` is taken by subtraction: everything below needs ``b`` to an
    absolute ``1e-16``, not to a relative one.
    """
    rows, u = len(t), len(s)
    n = int(counts.sum())
    out = np.zeros((rows, u))
    a_all = np.exp(-np.multiply.outer(t, s))
    a = a_all
    b = 1.0 - a
    # einsum, not @: these products are small, and a multithreaded BLAS only adds overhead here
    weight = counts.astype(np.float64)
    mean = np.einsum("ij,j->i", b, weight)
    var = np.einsum("ij,ij,j->i", a, b, weight)
    dev = tail(var)
    lo = np.maximum(np.floor(mean - dev) - 1, 0).astype(np.int64)
    hi = np.minimum(np.ceil(mean + dev) + 1, n - 1).astype(np.int64)
    live = np.flatnonzero(lo < places)
    if not len(live):
        return out, a_all
    if len(live) < rows:
        t, a, b, lo, hi, var = t[live], a[live], b[live], lo[live], hi[live], var[live]
    rows = len(live)
    size = 1 << int((hi - lo).max() + 1).bit_length()  # N > every window's length
    padded = np.zeros(n + size + 1)
    padded[:places] = prizes[:places]
    w_hat = np.fft.rfft(padded[lo[:, None] + np.arange(size)[None, :]], axis=1)  # W_l, l = 0 .. N/2

    # frequencies that matter, per row: l = 0 .. top[row]
    cut = (LOG_TAIL + math.log(size)) / (2.0 * np.maximum(var - 0.25, 1e-300))
    theta_max = np.where(cut >= 1.0, math.pi, 2.0 * np.arcsin(np.sqrt(np.minimum(cut, 1.0))))
    top = np.minimum(size // 2, np.ceil(theta_max * size / (2 * math.pi))).astype(np.int64)
    width = int(top.max()) + 1
    ell = np.arange(width)
    theta = 2.0 * math.pi * ell / size
    z = np.exp(1j * theta)
    used = ell[None, :] <= top[:, None]
    double = np.where((ell == 0) | (2 * ell == size), 1.0, 2.0)  # conjugate pairs folded onto l >= 0
    reach = 2.0 * np.sin(np.minimum(theta[top], math.pi) / 2.0)  # largest |z - 1| used in the row

    # Columns (stacks ascending) split per row into three runs: [0, jb) not yet rung more likely
    # than not and series-friendly (m = b), [ja, u) rung more likely (m = a, expanded around z),
    # and the undecided run [jb, ja) between, where m |z - 1| > RATE: handled exactly.
    pivot = np.searchsorted(s, math.log(2.0) / t, side="right")  # b <= a below
    limit = RATE / reach
    with np.errstate(divide="ignore"):
        jb = np.where(limit >= 0.5, pivot, np.minimum(pivot, np.searchsorted(s, -np.log1p(-np.minimum(limit, 0.5)) / t, side="right")))
        ja = np.where(limit >= 0.5, pivot, np.maximum(pivot, np.searchsorted(s, -np.log(np.minimum(limit, 0.5)) / t, side="left")))
    col = np.arange(u)
    ahead = col[None, :] >= pivot[:, None]
    m = np.where(ahead, a, b)

    # log phi from the power sums of m over the series players (segment sums: one read per power)
    zm1, zbm1 = z - 1.0, np.conj(z) - 1.0
    before_count = cumulative if cumulative is not None else np.concatenate([[0.0], np.cumsum(counts)])
    log_phi = 1j * np.outer((n - before_count[ja]) - lo, theta)
    # one spare zero column per row, so that every segment start is inside the array
    starts = (np.arange(rows) * (u + 1))[:, None] + np.stack([np.zeros(rows, dtype=np.int64), jb, ja], axis=1)
    starts = starts.ravel()
    empty_b = jb == 0
    spare = np.zeros((rows, u + 1))
    power = spare[:, :u]
    np.multiply(m, weight[None, :], out=power)
    flat = spare.reshape(-1)
    sums_b: list[Array] = []
    sums_a: list[Array] = []
    while True:
        r = len(sums_b) + 1
        if r % 8 == 0:
            deadline.check()
        seg = np.add.reduceat(flat, starts).reshape(rows, 3)
        sum_b = np.where(empty_b, 0.0, seg[:, 0])
        sum_a = seg[:, 2]
        sign = 1.0 if r % 2 else -1.0
        sums_b.append(sum_b * (sign / r))
        sums_a.append(sum_a * (sign / r))
        if float(((sum_a + sum_b) * reach**r).max()) / r <= math.exp(-LOG_EPS) or r > 400:
            break
        power *= m
    # sum_r (+-1/r) (P_r^b (z - 1)^r + P_r^a (conj z - 1)^r), as two matrix products
    log_phi += np.einsum("ir,rl->il", np.stack(sums_b, axis=1), _powers(zm1, len(sums_b), 1))
    log_phi += np.einsum("ir,rl->il", np.stack(sums_a, axis=1), _powers(zbm1, len(sums_a), 1))
    phi = np.exp(log_phi)
    w_used = np.where(used, w_hat[:, :width], 0.0) * double[None, :] / size

    # the undecided players: their factors multiplied in exactly; each one's own factor divided out of
    # the product (relatively exact: a product of factors carries a relative error of a few ulps), or,
    # where that factor is (nearly) zero, the product of the others taken instead
    own_rows, own_cols, own_values = [], [], []
    for r0, r1 in _row_chunks(ja - jb, width):
        got = _undecided(a[r0:r1], b[r0:r1], z, counts, jb[r0:r1], ja[r0:r1], phi[r0:r1], w_used[r0:r1], deadline)
        own_rows.append(got[0] + r0)
        own_cols.append(got[1])
        own_values.append(got[2])
    # everyone else: G_i = Re sum_r (-m_i)^r M_r, M_r the moments of phi W against (z - 1)^r (or its twin)
    f = phi * w_used
    terms = int(math.ceil(LOG_EPS / math.log(1.0 / RATE)))
    moment_b = np.einsum("il,kl->ik", f, _powers(zm1, terms, 0)).real
    moment_a = np.einsum("il,kl->ik", f * np.conj(z)[None, :], _powers(zbm1, terms, 0)).real
    g = out[live] if len(live) < len(out) else out
    pure_b, pure_a = int(jb.min()), int(ja.max())
    runs = _runs(m, reach, pure_b, pure_a, u)
    for c0, c1, kind, need in runs:
        block = g[:, c0:c1]
        neg = -m[:, c0:c1]
        for k in range(min(need, terms) - 1, -1, -1):
            if k % 16 == 0:
                deadline.check()
            block *= neg
            if kind == "b":
                block += moment_b[:, k, None]
            elif kind == "a":
                block += moment_a[:, k, None]
            else:
                block += np.where(ahead[:, c0:c1], moment_a[:, k, None], moment_b[:, k, None])
    g[np.concatenate(own_rows), np.concatenate(own_cols)] = np.concatenate(own_values)
    if len(live) < len(out):
        out[live] = g
    return out, a_all


def _runs(m: Array, reach: Array, pure_b: int, pure_a: int, u: int) -> list[tuple[int, int, str, int]]:
    """Column runs ``(start, stop, kind, terms)``: kind ``b`` (every row expands in ``b``), ``a``, or mixed.

    In the ``b`` run ``m`` grows with the column and in the ``a`` run it
    shrinks, so each run is cut where the number of series terms its largest
    ``m |z - 1|`` needs doubles.
    """
    runs: list[tuple[int, int, str, int]] = []
    full = int(math.ceil(LOG_EPS / math.log(1.0 / RATE)))
    if pure_b > 0:
        rate = (m[:, :pure_b] * reach[:, None]).max(axis=0)
        runs += _cut(rate, 0, "b", full)
    if pure_a > pure_b:
        runs.append((pure_b, pure_a, "mixed", full))
    if u > pure_a:
        rate = (m[:, pure_a:] * reach[:, None]).max(axis=0)
        runs += _cut(rate[::-1], pure_a, "a", full, reverse=True)
    return runs


def _cut(rate: Array, offset: int, kind: str, full: int, reverse: bool = False) -> list[tuple[int, int, str, int]]:
    """Split a run of columns (``rate`` ascending) into pieces needing at most 1, 2, 4, ... series terms.

    ``terms`` terms suffice while ``rate <= exp(-LOG_EPS / terms)``.
    """
    caps = [1 << e for e in range(full.bit_length() + 1)]
    bounds = [0] + [int(np.searchsorted(rate, math.exp(-LOG_EPS / c), side="right")) for c in caps[:-1]] + [len(rate)]
    pieces: list[tuple[int, int, str, int]] = []
    for cap, lo, hi in zip(caps, bounds[:-1], bounds[1:]):
        if hi > lo:
            lo_col, hi_col = (len(rate) - hi, len(rate) - lo) if reverse else (lo, hi)
            pieces.append((offset + lo_col, offset + hi_col, kind, min(cap, full)))
    return pieces


def _row_chunks(pairs: Array, width: int) -> list[tuple[int, int]]:
    """Row ranges whose undecided players times ``width`` stay under :data:`UNDECIDED_CELLS` (one row at least)."""
    chunks: list[tuple[int, int]] = []
    start, cells = 0, 0
    for row, count in enumerate(pairs.tolist()):
        if row > start and cells + count * width > UNDECIDED_CELLS:
            chunks.append((start, row))
            start, cells = row, 0
        cells += count * width
    chunks.append((start, len(pairs)))
    return chunks


def _undecided(
    a: Array, b: Array, z: Array, counts: Array, jb: Array, ja: Array, phi: Array, w_used: Array, deadline: TimeBudget
) -> tuple[Array, Array, Array]:
    """Multiply the undecided players' factors into ``phi`` (in place); return their ``G`` as (rows, cols, values)."""
    col = np.arange(a.shape[1])
    rr, cc = np.nonzero((col[None, :] >= jb[:, None]) & (col[None, :] < ja[:, None]))
    if not len(rr):
        return rr, cc, np.zeros(0)
    deadline.check()
    factor = a[rr, cc][:, None] + b[rr, cc][:, None] * z[None, :]
    many = counts[cc]
    powered = factor.copy()
    repeated = many > 1
    if repeated.any():  # equal stacks: one factor per player
        powered[repeated] = factor[repeated] ** many[repeated, None]
    starts = np.flatnonzero(np.concatenate([[True], rr[1:] != rr[:-1]]))
    rows = rr[starts]
    series_only = phi[rows].copy()
    phi[rows] *= np.multiply.reduceat(powered, starts, axis=0)
    pair = np.repeat(np.arange(len(rows)), np.diff(np.concatenate([starts, [len(rr)]])))
    weighted = (phi[rows] * w_used[rows])[pair]
    tiny = np.abs(factor) < 1e-100
    values = (weighted / np.where(tiny, 1.0, factor)).sum(axis=1).real
    for p in np.flatnonzero(tiny.any(axis=1)):
        deadline.check()
        same = np.flatnonzero(pair == pair[p])
        others = np.prod(powered[same[same != p]], axis=0) * factor[p] ** (many[p] - 1)
        values[p] = (series_only[pair[p]] * others * w_used[rr[p]]).sum().real
    return rr, cc, values


def _powers(base: Array, count: int, first: int) -> Array:
    """Rows ``base**first .. base**(first + count - 1)`` (complex, one row per power)."""
    out = np.empty((count, len(base)), dtype=complex)
    out[0] = base**first
    for k in range(1, count):
        out[k] = out[k - 1] * base
    return out
