"""Payout models: speed against PokerKit and against the DCM paper's algorithm, accuracy against closed forms.

Run ``python benchmarks/bench_models.py`` (``--quick`` skips the two slow
reference rows: the 10,000-player closed form and the literal DCM tree).
PokerKit 0.7 (``pip install "pokerkit==0.7.*"``) is the ICM peer; without it
those rows say so and the rest still run.  Prints one table; ratios are
"how many times faster than the reference".
"""

from __future__ import annotations

import argparse
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

    # -- ICM large fields --------------------------------------------------------------------------
    rng = np.random.default_rng(2024)
    for n, paid in ((1_000, 150), (10_000, 1_500)):
        stacks = rng.integers(5_000, 2_000_000, n).tolist()
        prizes = mtt_prizes(paid, 100 * n)
        seconds, res = best_of(lambda: icm(stacks, prizes), repeat=1)
        peak = with_peak_memory(lambda: icm(stacks, prizes))
        goal = "< 1 s" if n == 1_000 else "< 30 s"
        err = abs(sum(res.equity) - sum(prizes)) / sum(prizes)
        label = f"ICM {n:,} players, {paid:,} paid (quadrature)"
        memory = f"goal {goal}; peak {peak / 2**20:.0f} MiB"
        rows.append((label, fmt_time(seconds), memory, "-", f"sum - pool {err:.0e} of pool"))
    for n in (1_000,) if args.quick else (1_000, 10_000):
        stacks = rng.integers(5_000, 2_000_000, n).tolist()
        prizes = list(range(n, 0, -1))
        seconds, res = best_of(lambda: icm(stacks, prizes), repeat=1)
        rel = np.max(np.abs(np.array(res.equity) / closed_form(stacks) - 1))
        label = f"ICM {n:,} players, all paid n-m+1"
        rows.append((label, fmt_time(seconds), "closed form 1 + sum S_i/(S_i+S_j)", "-", f"max rel err {rel:.1e}"))

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
