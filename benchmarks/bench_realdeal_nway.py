"""Push/fold at four players and more, measured in the real deal.

For each table: the solver's default solve (``pokerengine.decisions.solve``, ICM 50/30/20, blinds
100/200, its own certificate and time), then the independent real-deal checker
(``tests/realdeal_nway_oracle.py``: whole deals sampled from one deck, folded hands dead, the
strategies integrated exactly) on the strategies it returned: each seat's best-response gain with
its standard error and the cross-fitted estimate (biased down), the exploitability, the decision
points that give the most.

    python benchmarks/bench_realdeal_nway.py                      # the four default tables
    python benchmarks/bench_realdeal_nway.py --tables 4x2000 --deals 8000000 --tolerance 0.001
    python benchmarks/bench_realdeal_nway.py --hogs 2             # two CPU hogs while the solves are timed

``--deals``: the checker's deals per table (default :data:`DEALS`: 8 million for four equal stacks, 4
million for the uneven four and for six, 1 million for nine; ``--scale`` multiplies them; ``--seed``,
default 1).  ``--hogs K`` runs ``K`` busy processes (``yes``) while
each solve is timed and stops them before the check.  ``--cache DIR`` keeps each solve (the
equilibrium and its timing) and reuses it, so that the check can be rerun on the same strategies.  ``--json FILE`` writes the rows.  A table takes
one to fifteen minutes on a loaded two-core machine; run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from realdeal_nway_oracle import check, gains_table, strategies_of

from pokerengine.decisions import solve
from pokerengine.decisions.game import make_game

TABLES: dict[str, tuple[int, ...]] = {
    "4x2000": (2000,) * 4,
    "4000/3000/2000/1000": (4000, 3000, 2000, 1000),
    "6x2000": (2000,) * 6,
    "9x2000": (2000,) * 9,
}
DEALS = {"4x2000": 8_000_000, "4000/3000/2000/1000": 4_000_000, "6x2000": 4_000_000, "9x2000": 1_000_000}
PRIZES = (50, 30, 20)
BLINDS = (100, 200)


def solved(stacks: tuple[int, ...], hogs: int, options: dict[str, Any]) -> tuple[Any, float, float, float]:
    """The default solve of a table, timed: the equilibrium, seconds, CPU seconds, the load average before."""
    busy = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(hogs)]
    try:
        load = os.getloadavg()[0]
        wall, cpu = time.perf_counter(), time.process_time()
        eq = solve(stacks, BLINDS, prizes=PRIZES, **options)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        for p in busy:
            p.kill()
            p.wait()
    return eq, wall, cpu, load


def row(name: str, stacks: tuple[int, ...], deals: int, seed: int, hogs: int, options: dict[str, Any],
        cache: Path | None = None) -> dict[str, Any]:
    saved = cache / (name.replace("/", "-") + "".join(f"-{k}={v}" for k, v in sorted(options.items())) + ".pkl") \
        if cache else None
    if saved is not None and saved.exists():
        eq, wall, cpu, load = pickle.loads(saved.read_bytes())
    else:
        eq, wall, cpu, load = solved(stacks, hogs, options)
        if saved is not None:
            saved.write_bytes(pickle.dumps((eq, wall, cpu, load)))
    game = make_game(stacks, BLINDS, prizes=PRIZES)
    strategies = strategies_of(game, eq)
    got = check(game, strategies, deals=deals, seed=seed)
    seat = max(range(game.players), key=got.gains.__getitem__)
    return {
        "table": name, "players": game.players, "options": options, "load": round(load, 2),
        "seconds": round(wall, 1), "cpu": round(cpu, 1), "iterations": eq.iterations, "certificate": eq.exploitability,
        "certified": eq.certified, "method": eq.method, "deals": deals, "check_seconds": round(got.seconds, 1),
        "gains": dict(zip(game.positions, got.gains)), "gains_se": dict(zip(game.positions, got.gains_se)),
        "crossfit": dict(zip(game.positions, got.crossfit)), "sure": dict(zip(game.positions, got.sure)),
        "exploitability": got.exploitability, "exploitability_sure": max(got.sure),
        "exploitability_se": got.gains_se[seat], "exploitability_crossfit": got.crossfit[seat],
        "worst": game.positions[seat], "top": gains_table(game, strategies, got, 5),
        "equity_reported": [p.equity for p in eq.players], "equity_real": list(got.value),
        "equity_real_se": list(got.value_se),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", nargs="*", default=list(TABLES), choices=list(TABLES))
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hogs", type=int, default=0)
    ap.add_argument("--tolerance", type=float, default=None)
    ap.add_argument("--max-seconds", type=float, default=None)
    ap.add_argument("--card-removal", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--cache", default=None, help="a folder keeping each solve (reused by the next run)")
    a = ap.parse_args(argv)
    options: dict[str, Any] = {}
    if a.tolerance is not None:
        options["tolerance"] = a.tolerance
    if a.max_seconds is not None:
        options["max_seconds"] = a.max_seconds
    if a.card_removal is not None:
        options["card_removal"] = {"true": True, "false": False}.get(a.card_removal, a.card_removal)
    rows = []
    print("| table | solve s (CPU) | iterations | certificate | real deal: exploitability ± se | lower (sure) | worst point |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in a.tables:
        stacks = TABLES[name]
        deals = a.deals or int(DEALS[name] * a.scale)
        r = row(name, stacks, deals, a.seed, a.hogs, options, Path(a.cache) if a.cache else None)
        rows.append(r)
        top = r["top"][0]
        print(f"| {name} | {r['seconds']} ({r['cpu']}) | {r['iterations']} | {r['certificate']:.4f}%"
              f"{'' if r['certified'] else ' (not certified)'} | {r['exploitability']:.4f}% ± {r['exploitability_se']:.4f}"
              f" ({r['worst']}) | {r['exploitability_sure']:.4f}% | {top[0]} {top[1]} {top[2]:.4f}% |", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1, default=str))


if __name__ == "__main__":
    main()
