"""Payout models: speed against PokerKit and against the DCM paper's algorithm, accuracy against closed forms.

Run ``python benchmarks/bench_models.py`` (``--quick`` skips the two slow
reference rows: the 10,000-player closed form and the literal DCM tree).
PokerKit 0.7 (``pip install "pokerkit==0.7.*"``) is the ICM peer for final
tables and the C library Sarose550/ICM (exact quadrature ICM; build it as
:func:`c_reference` says) for large fields; without them those rows say so and
the rest still run.  Prints one table; ratios are
"how many times faster than the reference".
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
import tracemalloc

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from pokerengine.errors import ModelInputError, ModelTimeout  # noqa: E402
from pokerengine.models import MODELS, dcm, estimate, icm  # noqa: E402

FINAL_TABLE = [1_237_500, 412_000, 980_000, 655_000, 230_000, 1_500_000, 310_000, 845_000, 560_000, 1_100_000]
FT_PRIZES = [1_000_000, 620_000, 450_000, 330_000, 250_000, 190_000, 150_000, 120_000, 95_000, 75_000]


def best_of(fn, repeat: int = 5) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def with_peak_memory(fn) -> float:
    """Peak bytes allocated by ``fn`` (NumPy arrays included), traced separately from the timed run."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def closed_form(stacks) -> np.ndarray:
    s = np.asarray(stacks, dtype=float)
    out = np.empty(len(s))
    for lo in range(0, len(s), 1000):  # E_i = 1 + sum_{j != i} S_i / (S_i + S_j), in blocks
        blk = s[lo : lo + 1000, None]
        out[lo : lo + 1000] = 1.0 + (blk / (blk + s[None, :])).sum(axis=1) - 0.5
    return out


def c_reference():
    """``equity(stacks, prizes)`` from the C library Sarose550/ICM, or None when it is not built.

    Build it (needs FFTW 3: ``apt-get install libfftw3-dev``)::

        git clone https://github.com/Sarose550/ICM && cd ICM
        make libicm DEVICE=zen4 CFLAGS="-O3 -march=native -Wall"
        export POKERENGINE_ICM_C_LIB=$PWD/build/libicm.so POKERENGINE_ICM_C_WISDOM=$PWD/devices/zen4/fftw_wisdom.dat

    It is called through ctypes on one thread, like pokerengine, with ``points`` quadrature points
    (its default 256: its README quotes relative errors under 1.6e-10 for linear and quadratic
    payouts; on top-heavy ones it takes more, see the ICM rows).
    """
    path = os.environ.get("POKERENGINE_ICM_C_LIB")
    if not path or not os.path.exists(path):
        return None
    lib = ctypes.CDLL(path)
    lib.icm_init.argtypes = [ctypes.c_char_p]
    lib.icm_init.restype = None
    wisdom = os.environ.get("POKERENGINE_ICM_C_WISDOM")
    lib.icm_init(wisdom.encode() if wisdom and os.path.exists(wisdom) else None)
    doubles = ctypes.POINTER(ctypes.c_double)
    lib.icm_equity.argtypes = [ctypes.c_int, doubles, ctypes.c_int, doubles, ctypes.c_int, doubles]
    lib.icm_equity.restype = None

    def equity(stacks, prizes, points=256):
        s = np.ascontiguousarray(stacks, dtype=np.float64)
        p = np.ascontiguousarray(prizes, dtype=np.float64)
        out = np.zeros(len(s))
        lib.icm_equity(len(s), s.ctypes.data_as(doubles), points, p.ctypes.data_as(doubles), len(p),
                       out.ctypes.data_as(doubles))
        return out

    return equity


def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def mtt_prizes(paid: int, pool: float) -> list[int]:
    """A realistic top-heavy payout for ``paid`` places (integers, decreasing)."""
    raw = 1.0 / np.arange(1, paid + 1) ** 0.9
    return [int(x) for x in np.maximum(np.round(raw / raw.sum() * pool), 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="skip the slow reference rows")
    args = parser.parse_args()
    rows: list[tuple[str, str, str, str, str]] = []

    try:
        from pokerkit import calculate_icm
    except ImportError:
        calculate_icm = None

    # -- ICM final tables against PokerKit -------------------------------------------------------
    for n in (10, 9):
        stacks, prizes = FINAL_TABLE[:n], FT_PRIZES[:n]
        ours, res = best_of(lambda: icm(stacks, prizes), repeat=50)
        label = f"ICM {n} players, all paid ({res.method})"
        if calculate_icm is None:
            rows.append((label, fmt_time(ours), "PokerKit not installed (pip install 'pokerkit==0.7.*')", "-", "-"))
            continue
        peer, theirs = best_of(lambda: calculate_icm(prizes, stacks), repeat=1 if n == 10 else 2)
        diff = max(abs(a - b) for a, b in zip(res.equity, theirs)) / sum(prizes)
        peer_text = f"PokerKit 0.7 calculate_icm {fmt_time(peer)}"
        rows.append((label, fmt_time(ours), peer_text, f"{peer / ours:,.0f}x", f"max diff {diff:.1e} of pool"))

    # -- ICM large fields, side by side with the C library Sarose550/ICM -------------------------------
    # The C code's default is 256 quadrature points; on top-heavy payouts that leaves relative errors of
    # 1e-4 to 1e-2 on the small equities, so it is also run at the fewest points (doubling from 256) that
    # bring every equity within 1e-9 of the reference, and the ratio is taken at that equal accuracy.
    # The reference: the closed form for prizes n - m + 1; otherwise pokerengine's equities, which the
    # place-matrix quadrature (an independent method) confirms to 2e-15 at 1,000 players, and to which
    # the C code converges as its points grow.
    c_icm = c_reference()
    rng = np.random.default_rng(2024)
    cases = [(1_000, 150, "top"), (10_000, 1_500, "top"), (1_000, 1_000, "linear"), (10_000, 10_000, "linear"),
             (10_000, 10_000, "top")]
    if not args.quick:
        cases += [(100_000, 15_000, "top"), (30_000, 30_000, "linear")]
    for n, paid, kind in cases:
        stacks = rng.integers(5_000, 2_000_000, n).tolist()
        prizes = list(range(n, 0, -1)) if kind == "linear" else mtt_prizes(paid, 100 * n)
        seconds, res = best_of(lambda: icm(stacks, prizes), repeat=3 if n <= 10_000 else 1)
        peak = with_peak_memory(lambda: icm(stacks, prizes))
        ours = np.array(res.equity)
        pool = sum(prizes)
        shape = "all paid" if paid == n else f"{paid:,} paid"
        label = f"ICM {n:,} players, {shape} ({'n - m + 1' if kind == 'linear' else 'top-heavy'})"
        reference = closed_form(stacks) if kind == "linear" else ours
        ours_text = f"{fmt_time(seconds)}, peak {peak / 2**20:.0f} MiB"
        check = f"rel err {np.max(np.abs(ours / reference - 1)):.0e}" if kind == "linear" else "reference"
        if c_icm is None:
            rows.append((label, ours_text, "C library not built (see c_reference)", "-", check))
            continue

        def rel_err(values):
            return float(np.max(np.abs(values / reference - 1)))

        peer, theirs = best_of(lambda: c_icm(stacks, prizes), repeat=3 if n <= 10_000 else 1)
        text = f"C Q=256 {fmt_time(peer)} (rel err {rel_err(theirs):.0e})"
        points, matched = 256, peer
        while rel_err(theirs) > 1e-9 and points < 8192 and n <= 10_000:
            points *= 2
            matched, theirs = best_of(lambda: c_icm(stacks, prizes, points), repeat=1)
        if rel_err(theirs) <= 1e-9:
            text += f"; 1e-9 at Q={points:,}: {fmt_time(matched)}"
            ratio = f"{matched / seconds:.2f}x"
        else:
            text += f"; still {rel_err(theirs):.0e} at Q={points:,} ({fmt_time(matched)})"
            ratio = f"> {matched / seconds:.2f}x"
        rows.append((label, ours_text, text, ratio, check))

    # -- DCM -------------------------------------------------------------------------------------------
    stacks8, prizes8 = FINAL_TABLE[:8], [p // 1000 for p in FT_PRIZES[:8]]
    fast, res8 = best_of(lambda: dcm(stacks8, prizes8), repeat=3)
    if args.quick:
        skipped = "literal Algorithm 3: skipped (--quick)"
        rows.append(("DCM 8 players, fast tree", fmt_time(fast), skipped, "-", f"coverage {res8.coverage:.10f}"))
    else:
        from dcm_oracle import dcm_oracle

        t = time.perf_counter()
        slow, pw, nodes = dcm_oracle(stacks8, prizes8)
        literal = time.perf_counter() - t
        diff = max(abs(a - b) for a, b in zip(res8.equity, slow)) / sum(prizes8)
        reference = f"literal Algorithm 3 {fmt_time(literal)} ({nodes:,} nodes)"
        ratio = f"{literal / fast:,.0f}x"
        rows.append(("DCM 8 players, fast vs literal", fmt_time(fast), reference, ratio, f"max diff {diff:.1e} of pool"))
    t10, res10 = best_of(lambda: dcm(FINAL_TABLE, FT_PRIZES), repeat=1)
    rows.append(("DCM 10-player final table", fmt_time(t10), "goal < 2 s", "-", f"coverage {res10.coverage:.10f}"))

    # -- limits: what a hostile field costs before it is refused ------------------------------------------
    huge = list(range(1_000, 11_000))
    for name, kwargs in (("dcm", {}), ("icm", {"places": True}), ("roberts", {}), ("mc", {"samples": 10**12})):
        def refuse(name=name, kwargs=kwargs):
            try:
                MODELS[name](huge, [100, 50, 25], max_seconds=60, **kwargs)
            except (ModelInputError, ModelTimeout) as exc:
                return type(exc).__name__
            return "ran"

        seconds, outcome = best_of(refuse, repeat=3)
        peak = with_peak_memory(refuse)
        label = f"{name} 10,000 players {' '.join(f'{k}={v}' for k, v in kwargs.items())}".rstrip()
        rows.append((label, fmt_time(seconds), f"refused up front ({outcome}); peak {peak / 2**20:.1f} MiB", "-", "-"))
    seconds, cost = best_of(lambda: estimate("dcm", FINAL_TABLE, FT_PRIZES), repeat=3)
    rows.append(("DCM 10 players: counting the tree", fmt_time(seconds), f"{cost.work:,.0f} nodes", "-", "-"))

    header = ("case", "pokerengine", "reference", "ratio", "check")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths)))


if __name__ == "__main__":
    main()
