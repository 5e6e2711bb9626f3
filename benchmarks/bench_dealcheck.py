"""The solver's real-deal check (``solve(..., check_deals=N)``), timed and set against the independent checker.

For each table (ICM 50/30/20, blinds 100/200): the solve with its real-deal check (the default:
until within the tolerance; ``--deals N``: on ``N`` deals), timed on the
two cores with ``--hogs`` busy processes running (the solve's time, the check's, the model's
certificate, the real deal's exploitability with its standard error and lower estimate, and
whether it is certified in the real deal); then, with ``--oracle N``, the independent checker
(``tests/realdeal_nway_oracle.py``, written from the rules) on the same strategies with ``N``
deals: its figures beside the library's and the two times for the same number of deals (the
library's check timed again on ``N`` deals, without hogs, so the ratio compares like with like).

    python benchmarks/bench_dealcheck.py --tables 3x2000 4x2000 6x2000 9x2000   # the default solves
    python benchmarks/bench_dealcheck.py --tables 4x2000 --deals 32000000 --tolerance 0.001 --hogs 2
    python benchmarks/bench_dealcheck.py --tables 6x2000 --oracle 2000000

Three players are certified in the real deal by the solver itself (exact sums by class); by default
their row shows that certificate (no sample), with ``--deals N`` the check beside it.  ``--json FILE`` writes the rows.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from realdeal_nway_oracle import check, strategies_of

from pokerengine.decisions import check_equilibrium, solve
from pokerengine.decisions.game import make_game

TABLES: dict[str, tuple[int, ...]] = {
    "3x2000": (2000,) * 3,
    "4x2000": (2000,) * 4,
    "6x2000": (2000,) * 6,
    "9x2000": (2000,) * 9,
}
PRIZES = (50, 30, 20)
BLINDS = (100, 200)


def row(name: str, deals: int | None, hogs: int, oracle: int, options: dict[str, Any]) -> dict[str, Any]:
    stacks = TABLES[name]
    busy = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(hogs)]
    try:
        load = os.getloadavg()[0]
        wall = time.perf_counter()
        eq = solve(stacks, BLINDS, prizes=PRIZES, check_deals=deals, **options)
        wall = time.perf_counter() - wall
    finally:
        for p in busy:
            p.kill()
            p.wait()
    r = eq.realdeal
    out: dict[str, Any] = {
        "table": name, "options": options, "hogs": hogs, "load": round(load, 2), "seconds": round(wall, 1),
        "check_seconds": round(r.seconds, 1) if r else 0.0, "iterations": eq.iterations,
        "model_certificate": eq.model_exploitability if eq.model_exploitability is not None else eq.exploitability,
        "exploitability": eq.exploitability, "certified": eq.certified, "deals": r.deals if r else 0,
        "sampled": r.exploitability if r else eq.exploitability, "se": r.standard_error if r else 0.0,
        "lower": r.lower if r else eq.exploitability,
        "gains": list(r.gains) if r else [], "errors": list(r.errors) if r else [],
        "lowers": list(r.lowers) if r else [], "values": list(r.values) if r else [],
        "equity_reported": [p.equity for p in eq.players],
    }
    if oracle:
        game = make_game(stacks, BLINDS, prizes=PRIZES)
        mine = check_equilibrium(eq, deals=oracle, seed=3, max_seconds=None)
        theirs = check(game, strategies_of(game, eq), deals=oracle, seed=4)
        out["oracle"] = {"deals": oracle, "library_seconds": round(mine.seconds, 1),
                         "oracle_seconds": round(theirs.seconds, 1),
                         "library": [mine.exploitability, mine.standard_error, mine.lower],
                         "oracle": [theirs.exploitability, theirs.gains_se[max(range(game.players),
                                                                               key=theirs.gains.__getitem__)],
                                    max(theirs.crossfit)],
                         "library_gains": list(mine.gains), "oracle_gains": list(theirs.gains)}
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", nargs="*", default=["4x2000", "6x2000", "9x2000"], choices=list(TABLES))
    ap.add_argument("--deals", type=int, default=None,
                    help="the solve's check on this many deals (default: the solve's own, until within the tolerance "
                         "from four players; three-handed the exact certificate, no sample)")
    ap.add_argument("--hogs", type=int, default=2)
    ap.add_argument("--oracle", type=int, default=0, help="also the independent checker on this many deals")
    ap.add_argument("--tolerance", type=float, default=None)
    ap.add_argument("--max-seconds", type=float, default=None)
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    options: dict[str, Any] = {}
    if a.tolerance is not None:
        options["tolerance"] = a.tolerance
    if a.max_seconds is not None:
        options["max_seconds"] = a.max_seconds
    rows = []
    print("| table | solve + check s (check) | model certificate | real deal ± se (lower) | deals | certified |"
          " oracle: library s / checker s, checker's figure |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in a.tables:
        r = row(name, a.deals, a.hogs, a.oracle, options)
        rows.append(r)
        o = r.get("oracle")
        side = (f"{o['library_seconds']} / {o['oracle_seconds']} ({o['oracle_seconds'] / max(o['library_seconds'], 1e-9):.1f}x); "
                f"{o['oracle'][0]:.4f} ± {o['oracle'][1]:.4f} against {o['library'][0]:.4f} ± {o['library'][1]:.4f}"
                if o else "")
        print(f"| {name} | {r['seconds']} ({r['check_seconds']}) | {r['model_certificate']:.4f} | {r['sampled']:.4f} ± "
              f"{r['se']:.4f} ({r['lower']:.4f}) | {r['deals']:,} | {r['certified']} | {side} |", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1, default=str))


if __name__ == "__main__":
    main()
