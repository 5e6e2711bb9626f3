"""The tournament director's load test: a whole tournament through the live hand engine, per store.

    python benchmarks/bench_director.py [--players 1000] [--seats 10] [--repeat 3]

Runs ``pokerengine.tournament.simulate`` (seat draw, levels, random legal play at every table,
balancing and breaking, hand-for-hand near the money, busts and prizes) with the events going
nowhere, to a JSON-lines file (fsync per event), to SQLite (each event committed, synchronous=FULL)
and, when ``POKERENGINE_POSTGRES_URL`` is set, to PostgreSQL; then replays each store into a
director.  Prints the wall time, hands, events, the time per hand recorded (all of the director's
work per hand: deal, play, settle, log, balance) and the replay time.  The best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pokerengine.tournament import EquityConfig  # noqa: E402
from pokerengine.tournament.director import Director  # noqa: E402
from pokerengine.tournament.simulate import simulate  # noqa: E402


def run(players: int, seats: int, store: str, tmp: str, i: int) -> tuple[float, float, int, int]:
    if store == "none":
        log = None
    elif store == "file":
        log = os.path.join(tmp, f"t{i}.jsonl")
    elif store == "sqlite":
        log = f"sqlite:///{tmp}/t.db?tournament=t{i}"
    else:
        base = os.environ["POKERENGINE_POSTGRES_URL"]
        log = f"{base}{'&' if '?' in base else '?'}tournament=bench-{os.getpid()}-{i}"
    start = time.perf_counter()
    sim = simulate(players, seats=seats, seed=7, log=log, equity=EquityConfig.off(), sync=store == "file")
    wall = time.perf_counter() - start
    sim.director.close()
    replay = 0.0
    if log is not None:
        start = time.perf_counter()
        again = Director.replay(log, equity=EquityConfig.off())
        replay = time.perf_counter() - start
        assert again.tournament.state() == sim.director.tournament.state()
    return wall, replay, sim.hands, len(sim.director.tournament.events)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--seats", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    stores = ["none", "file", "sqlite"] + (["postgresql"] if os.environ.get("POKERENGINE_POSTGRES_URL") else [])
    print(f"{args.players} players, {args.seats} seats a table, best of {args.repeat}")
    print(f"{'store':<11} {'wall s':>8} {'hands':>7} {'events':>7} {'ms/hand':>8} {'replay s':>9} {'events/s replayed':>18}")
    with tempfile.TemporaryDirectory() as tmp:
        for store in stores:
            best = None
            for i in range(args.repeat):
                r = run(args.players, args.seats, store, tmp, i)
                best = r if best is None or r[0] < best[0] else best
            assert best is not None
            wall, replay, hands, events = best
            rate = f"{events / replay:,.0f}" if replay else "-"
            print(f"{store:<11} {wall:8.2f} {hands:7,} {events:7,} {1000 * wall / hands:8.3f} "
                  f"{replay:9.2f} {rate:>18}")
    if os.environ.get("POKERENGINE_POSTGRES_URL") is None:
        print("(PostgreSQL: set POKERENGINE_POSTGRES_URL, e.g. from scripts/postgres-test-server.sh)")


if __name__ == "__main__":
    main()
