"""Certify three-handed push/fold solves in the real deal with the independent checker.

``python scripts/certify_realdeal.py`` solves 3 x 10 bb (stacks 2000, blinds 100/200) under chip EV
(tolerance 0.0002 bb) and ICM 50/30/20 (0.0002% of the pool), each twice: through each player's own
hand (``card_removal="model"``, before) and in the real deal (the default), then judges every
solve with ``tests/realdeal_oracle.py`` (written from the rules, by combination; it uses none of the
solver's real-deal modules): each player's best-response gain with all three hands and the board
from one deck, folded hands dead, with standard errors, and where the gain sits (decision point
and classes).

The checker's sampled parts: ``--deals`` seeded whole deals for the folded hand's cards out of the
board (default 4 million), ``--boards`` seeded boards for three hands all in, each summed exactly
over every deal of the hands (default 4,000); ``--seed``.  Standard errors by a jackknife over ten
groups of the samples.  ``--cases chip,icm``, ``--removal model,real`` pick the solves; ``--json
FILE`` writes the figures.  Run it under ``nice``: on two shared cores under other work the
checker took 4 to 22 minutes a solve (chip EV with 6,000 boards, ICM with 2,000: ICM's boards cost
more, a tie of the two others changing a payoff).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from realdeal_oracle import PRIOR, check, strategies_of

from pokerengine.decisions import solve
from pokerengine.decisions.combos import CLASS_NAMES
from pokerengine.decisions.game import make_game

STACKS = (2000, 2000, 2000)
BLINDS = (100, 200)
TOLERANCE = 0.0002


def judge(case: str, removal: str, deals: int, boards: int, seed: int) -> dict[str, object]:
    """Solve one case and judge it; the figures as a dict (and printed)."""
    kw: dict[str, object] = {"prizes": (50, 30, 20)} if case == "icm" else {}
    t0 = time.perf_counter()
    eq = solve(STACKS, BLINDS, tolerance=TOLERANCE, max_seconds=3000,
               card_removal=True if removal == "real" else "model", **kw)  # type: ignore[arg-type]
    solved = time.perf_counter() - t0
    game = make_game(STACKS, BLINDS, **kw)  # type: ignore[arg-type]
    strategies = strategies_of(game, eq)
    t0 = time.perf_counter()
    got = check(game, strategies, deals=deals, seed=seed, boards=boards)
    judged = time.perf_counter() - t0
    unit = "bb" if case == "chip" else "% of the pool"
    names = game.positions
    print(f"{case} {removal}: solve {solved:.1f} s ({eq.method.split(';')[0]}), certificate {eq.exploitability:.6f} {unit}")
    print(f"  checker ({got.deals:,} deals, {got.boards:,} boards, seed {seed}, {judged:.0f} s): real-deal exploitability "
          f"{got.board_correction:.6f} +- {got.board_correction_se:.6f} {unit}")
    for s, name in enumerate(names):
        print(f"    {name}: {got.real_gains[s]:.6f} +- {got.real_gains_se[s]:.6f}")
    points = []
    for (seat, key), (gain, se) in sorted(got.point_gains.items(), key=lambda kv: -kv[1][0]):
        push, fold = got.corrected[0][(seat, key)], got.corrected[1][(seat, key)]
        sg = np.asarray(strategies[seat][key], dtype=np.float64)
        per = PRIOR * (np.maximum(push, fold) - (sg * push + (1 - sg) * fold)) / game.scale
        top = [(CLASS_NAMES[int(c)], float(per[c]), float(sg[c]), float((push[c] - fold[c]) / game.scale),
                float(got.se[(seat, key)][c] / game.scale)) for c in np.argsort(-per)[:4] if per[c] > 0]
        where = names[seat] + (" after " + "+".join(names[q] for q in sorted(key)) + " all in" if key else " open")
        points.append({"point": where, "gain": gain, "se": se, "classes": top})
        if gain > 1e-7:
            print(f"    {where}: {gain:.6f} +- {se:.6f}; " + ", ".join(
                f"{n} {g:.6f} (plays {p:.2f}, push-fold {d:+.4f} +- {e:.4f})" for n, g, p, d, e in top))
    value = [v - s for v, s in zip(got.real_value, STACKS)] if case == "chip" else list(got.real_value)
    reported = [p.ev if case == "chip" else p.equity for p in eq.players]
    print("    values (the checker, real deal):", ", ".join(f"{v:.3f} +- {e:.3f}" for v, e in zip(value, got.real_value_se)),
          " reported:", [round(v, 3) for v in reported])
    return {"case": case, "removal": removal, "solve_seconds": solved, "method": eq.method,
            "certificate": eq.exploitability, "check_seconds": judged, "deals": got.deals, "boards": got.boards,
            "seed": seed, "real_exploitability": got.board_correction, "real_exploitability_se": got.board_correction_se,
            "real_gains": got.real_gains, "real_gains_se": got.real_gains_se, "points": points,
            "values": value, "values_se": got.real_value_se, "reported": reported}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=4_000_000)
    ap.add_argument("--boards", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--cases", default="chip,icm")
    ap.add_argument("--removal", default="model,real")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    rows = [judge(case, removal, args.deals, args.boards, args.seed)
            for case in args.cases.split(",") for removal in args.removal.split(",")]
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1, default=str))


if __name__ == "__main__":
    main()
