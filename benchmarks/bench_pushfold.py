"""Push/fold equilibria: our solve times, side by side with kangxiangchen/pushfold-solver.

Run ``python benchmarks/bench_pushfold.py`` (``--quick``: the peer at two stacks only, no peer chart,
tables of at most four players; ``--peer-chart``: the peer's whole 1-50 bb chart too, about 10
minutes; ``--multiway-only``: only the tables of three to nine players, about 3 minutes).

Three to nine players (:func:`multiway_rows`): our solve of 3-, 4-, 6-, 7-, 8- and 9-handed tables
under ICM, DCM and chip EV, to the default tolerance, with the certificate and the equities' sum;
three-handed tables twice, in the real deal (the default) and through each player's own hand
(``card_removal="model"``, the solver before the real deal), side by side.
One BLAS thread (``OPENBLAS_NUM_THREADS=1`` unless set): on two shared cores several BLAS threads
slowed the solver's 169x169 products 30-70 times whenever another process was running.

Heads-up (:func:`headsup_rows`, :func:`headsup_chart`): our exact solve at a range of stacks and
the 1-50 bb chart at 0.5 bb steps (99 solves).  The peer, kangxiangchen/pushfold-solver (Python,
damped best-response iteration on its own exact 169x169 equity table, shipped in its ``cache/``),
runs here from a snapshot of its repository (``--peer-git``, a bare git directory as the ``fetch``
tool leaves it; default ``/work/.mirror/kangxiangchen+pushfold-solver/repo``), in a subprocess, with
its rake switched off (``GameConfig.rake_free()``) so that both solve the same game.  Its only
missing dependency here, ``tqdm`` (a progress bar its table builder imports), is replaced by a
no-op.  Its code is run, not copied.  Ratios are "how many times faster we are".
"""

from __future__ import annotations

import argparse
import json
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads: see the module docstring
import subprocess
import sys
import tempfile
import time
from typing import Any

import numpy as np

from pokerengine.decisions import headsup
from pokerengine.decisions.combos import class_index
from pokerengine.decisions.preflop import class_table

PEER_GIT = "/work/.mirror/kangxiangchen+pushfold-solver/repo"
HU_STACKS = (2.0, 5.0, 10.0, 15.0, 20.0, 30.0, 50.0)

_PEER_SCRIPT = r"""
import json, sys, time, types
stub = types.ModuleType("tqdm"); stub.tqdm = lambda it=None, *a, **k: it; sys.modules["tqdm"] = stub
sys.path.insert(0, "src")
import numpy as np, cards, game, solver
table = np.load("cache/equity_169x169_eval7-canon169-fullenum-v1.npy")
w = np.array(cards.CANON_COMBO_WEIGHT)
out = []
for s in json.loads(sys.argv[1]):
    cfg = game.GameConfig(seats=("SB", "BB"), stack_bb=s).rake_free()
    t = time.perf_counter()
    ranges, info = solver.solve(cfg, table=table)
    out.append({"stack": s, "seconds": time.perf_counter() - t, "iterations": info["iterations"],
                "exploitability": info["exploitability"],
                "push": float(100 * (ranges["SB|"] * w).sum() / 1326),
                "call": float(100 * (ranges["BB|SB"] * w).sum() / 1326),
                "ranges": {"labels": list(cards.CANON_LABELS), "push": ranges["SB|"].tolist(),
                           "call": ranges["BB|SB"].tolist()}})
print(json.dumps(out))
"""


def peer_headsup(stacks: list[float], git_dir: str = PEER_GIT, timeout: float = 3600) -> list[dict[str, Any]] | str:
    """The peer's heads-up solve at each stack (bb): seconds, iterations, its own exploitability, push/call %
    and its ranges; or a sentence saying why it could not run."""
    if not os.path.isdir(git_dir):
        return f"peer not found at {git_dir} (fetch github:kangxiangchen/pushfold-solver)"
    with tempfile.TemporaryDirectory() as tmp:
        files = ["src", "cache/equity_169x169_eval7-canon169-fullenum-v1.npy"]
        archive = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "HEAD", *files], capture_output=True)
        if archive.returncode:
            return f"git archive failed: {archive.stderr.decode().strip()}"
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        run = subprocess.run([sys.executable, "-c", _PEER_SCRIPT, json.dumps(stacks)], cwd=tmp, capture_output=True,
                             text=True, timeout=timeout)
        if run.returncode:
            return f"peer failed: {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}"
        result: list[dict[str, Any]] = json.loads(run.stdout.strip().splitlines()[-1])
        return result


def exact_exploitability(stack: float, ranges: dict[str, Any]) -> float:
    """The peer's strategies' exploitability (bb) in the exact game (card removal in the deal counted),
    by our best responses; its own figure ignores card removal between the two hands' deal."""
    order = [class_index(n) for n in ranges["labels"]]
    p = np.zeros(len(order))
    q = np.zeros(len(order))
    p[order] = ranges["push"]
    q[order] = ranges["call"]
    chips = round(stack * 100)
    gm = headsup.game(headsup.matrices(), headsup.setup((chips, chips), (50, 100)).outcomes)
    return headsup.exploitability(gm, p, q) / 100


def table_load() -> float:
    """Seconds to build (first call) the class table our solver reads."""
    t = time.perf_counter()
    class_table()
    return time.perf_counter() - t


def headsup_rows(stacks: tuple[float, ...] = HU_STACKS, repeat: int = 3) -> list[dict[str, float]]:
    """Our heads-up solve at each stack (bb, blinds 50/100): best-of-``repeat`` seconds and the result."""
    rows = []
    for s in stacks:
        chips = round(s * 100)
        best = float("inf")
        eq = None
        for _ in range(repeat):
            t = time.perf_counter()
            eq = headsup.solve_headsup((chips, chips), (50, 100))
            best = min(best, time.perf_counter() - t)
        assert eq is not None
        rows.append({"stack": s, "seconds": best, "iterations": eq.iterations, "exploitability": eq.exploitability,
                     "push": eq.players[0].push_percent, "call": eq.players[1].call_percent["SB"],
                     "ev": eq.players[0].ev / 100})
    return rows


def headsup_chart() -> headsup.HeadsUpChart:
    """Our 1-50 bb chart at 0.5 bb steps."""
    return headsup.chart(1.0, 50.0, 0.5)


def print_headsup(quick: bool, peer_chart: bool) -> None:
    print(f"class table (first use): {table_load():.2f} s")
    ours = headsup_rows()
    peer_stacks = [10.0, 20.0] if quick else list(HU_STACKS)
    peer = peer_headsup(peer_stacks)
    by_stack = {r["stack"]: r for r in peer} if isinstance(peer, list) else {}
    print("\nheads-up push/fold, chip EV, equal stacks (blinds 0.5/1)")
    print(f"{'stack':>6} {'ours s':>8} {'expl bb':>9} {'push%':>7} {'call%':>7} {'SB ev bb':>10} | "
          f"{'peer s':>8} {'its expl':>9} {'exact':>9} {'push%':>7} {'call%':>7} {'ratio':>7}")
    for r in ours:
        line = (f"{r['stack']:6g} {r['seconds']:8.4f} {r['exploitability']:9.1e} {r['push']:7.2f} {r['call']:7.2f} "
                f"{r['ev']:10.6f} | ")
        p = by_stack.get(r["stack"])
        if p:
            exact = exact_exploitability(r["stack"], p["ranges"])
            line += (f"{p['seconds']:8.2f} {p['exploitability']:9.1e} {exact:9.1e} {p['push']:7.2f} {p['call']:7.2f} "
                     f"{p['seconds'] / r['seconds']:7.1f}x")
        else:
            line += "(not run)"
        print(line)
    if isinstance(peer, str):
        print(f"peer: {peer}")
    c = headsup_chart()
    print(f"\nchart 1-50 bb at 0.5 bb (99 solves): ours {c.seconds:.2f} s, worst exploitability {c.exploitability:.1e} bb")
    if peer_chart:
        # the peer refuses a stack of 1 bb (its stack must exceed the big blind): 1.5-50 bb, 98 stacks
        grid = [1.5 + 0.5 * k for k in range(98)]
        ours_98 = headsup.chart(1.5, 50.0, 0.5)
        pc = peer_headsup(grid, timeout=7200)
        if isinstance(pc, str):
            print(f"peer chart: {pc}")
        else:
            total = sum(r["seconds"] for r in pc)
            worst = max(exact_exploitability(r["stack"], r["ranges"]) for r in pc)
            print(f"chart 1.5-50 bb (98 solves): ours {ours_98.seconds:.2f} s, peer {total:.1f} s "
                  f"(its own exploitability up to {max(r['exploitability'] for r in pc):.1e} bb, in the exact game "
                  f"up to {worst:.1e} bb); ratio {total / ours_98.seconds:.0f}x")
    elif isinstance(peer, list) and peer:
        mean = float(np.mean([r["seconds"] for r in peer]))
        print(f"peer chart not run (--peer-chart): at its mean {mean:.2f} s a stack, 99 stacks would take about "
              f"{99 * mean:.0f} s")


# -- three to six players (helper "multiway") ----------------------------------------------------------------------

MULTIWAY_CASES = (
    ((5000, 3000, 2000), "icm"),
    ((5000, 3000, 2000), "dcm"),
    ((3000, 3000, 3000), "icm"),
    ((4000, 3000, 2000, 1000), "icm"),
    ((2500, 2500, 2500, 2500), "icm"),
    ((4000, 3000, 2000, 1000), "dcm"),
    ((3000, 2500, 2000, 1500, 1000, 500), "icm"),
    ((3000, 2500, 2000, 1500, 1000, 500), "chip"),
    ((3000, 2500, 2000, 1500, 1000, 500, 2200), "icm"),
    ((3000, 2500, 2000, 1500, 1000, 500, 2200, 1800), "icm"),
    ((3000, 2500, 2000, 1500, 1000, 500, 2200, 1800, 1200), "icm"),
)
MULTIWAY_BLINDS = (100, 200)
MULTIWAY_PRIZES = (50, 30, 20)


def multiway_rows(cases: tuple[tuple[tuple[int, ...], str], ...] = MULTIWAY_CASES,
                  max_seconds: float = 1800.0) -> list[dict[str, Any]]:
    """Our solve of each table (blinds 100/200, prizes 50/30/20 unless chip EV) to the default
    tolerance (0.01% of the pool, 0.005 bb): seconds, iterations, the certificate, how far the
    equities' sum is from the pool (one joint deal: zero to rounding), each position's push %."""
    from pokerengine.decisions.equilibrium import solve

    class_table()
    rows: list[dict[str, Any]] = []
    for stacks, model in cases:
        prizes = None if model == "chip" else MULTIWAY_PRIZES
        # three players: the view through one's own hand (the solver before the real deal) beside the real deal
        # and the real deal with three hands all in by the board model (three=0) beside one deck (the default)
        # four and more: the model game alone (check_deals=0, the solver before the default check) beside the
        # default, the model solved to half the tolerance and then checked in the real deal until within it
        variants = ((("model", None, None), (True, 0, None), (True, None, None)) if len(stacks) == 3
                    else ((True, None, 0), (True, None, None)))
        for removal, three, check in variants:
            began = time.perf_counter()
            eq = solve(stacks, MULTIWAY_BLINDS, prizes=prizes, model=model, max_seconds=max_seconds,
                       card_removal=removal, three=three, check_deals=check)
            seconds = time.perf_counter() - began
            off = (sum(p.equity or 0.0 for p in eq.players) - sum(MULTIWAY_PRIZES)) if prizes else \
                sum(p.ev for p in eq.players) / MULTIWAY_BLINDS[1]
            rows.append({"stacks": stacks, "model": model, "seconds": seconds, "iterations": eq.iterations,
                         "exploitability": eq.exploitability, "off": off,
                         "removal": ("chk" if eq.realdeal is not None else "pair") if len(stacks) > 3 else
                         "view" if removal == "model" else "rbm" if three == 0 else "real", "certified": eq.certified,
                         "deals": eq.realdeal.deals if eq.realdeal is not None else 0,
                         "push": {p.position: p.push_percent for p in eq.players if p.push_percent > 0}})
    return rows


def print_multiway(quick: bool) -> None:
    cases = tuple(c for c in MULTIWAY_CASES if len(c[0]) <= 4) if quick else MULTIWAY_CASES
    print("\nthree to nine players (blinds 100/200; prizes 50/30/20; CFR+, 2,048 boards for multiway showdowns,"
          " fewer from seven players on)")
    print(f"{'stacks':<44} {'model':<5} {'deal':<4} {'seconds':>8} {'iter':>5} {'expl':>9} {'sum off':>9} {'cert':>4}  push %")
    for r in multiway_rows(cases):
        unit = "bb" if r["model"] == "chip" else "%"
        push = ", ".join(f"{k} {v:.1f}" for k, v in r["push"].items())
        print(f"{'/'.join(map(str, r['stacks'])):<44} {r['model']:<5} {r['removal']:<4} {r['seconds']:8.1f} {r['iterations']:5d} "
              f"{r['exploitability']:7.4f}{unit:>2} {r['off']:+9.4f} {'yes' if r['certified'] else 'NO':>4}  {push}")
    print("(expl: the most one player gains by a best response, % of the pool or bb; sum off: equities' sum minus "
          "the pool (%), or the chip EVs' sum (bb); deal: 'real' three hands and the board from one deck, folded "
          "hands dead (the default at three players; the first real solve builds its sums, about 20 s, and its "
          "three-way orders, about 10 s), 'rbm' the same with three hands all in by the board model (three=0), 'view' "
          "each player's view through his own hand (card_removal='model'); from four players 'pair' the model game "
          "alone (the folds' removal by pairs, check_deals=0) and 'chk' the default: that game solved to half the "
          "tolerance, then checked in the real deal until within it, whose figure is expl)")
    print("peer: kangxiangchen/pushfold-solver solves only its own 4-max game (8 bb, rake) by Monte Carlo multiway "
          "equity; its README puts that at about 7 hours: not run here.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the peer at two stacks only")
    ap.add_argument("--peer-chart", action="store_true", help="also time the peer's 1-50 bb chart (about 10 minutes)")
    ap.add_argument("--multiway-only", action="store_true", help="only the three- to nine-player tables")
    ap.add_argument("--headsup-only", action="store_true", help="only the heads-up part")
    args = ap.parse_args()
    if not args.multiway_only:
        print_headsup(args.quick, args.peer_chart)
    if not args.headsup_only:
        print_multiway(args.quick)


if __name__ == "__main__":
    main()
