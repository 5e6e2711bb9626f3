"""Event stores: events per second appended (durably) and replayed, for each store.

Run: ``python benchmarks/bench_stores.py [--appends 2000] [--replay 100000]``; PostgreSQL is
included when ``POKERENGINE_POSTGRES_URL`` is set (``scripts/postgres-test-server.sh``).

* append: ``store.append`` of 9-player hands, each durable before it returns (the file store
  with ``sync=True``: one fsync per line; SQLite: a ``synchronous=FULL`` commit; PostgreSQL:
  a commit with the server's ``synchronous_commit``);
* a hand recorded: ``Tournament.hand`` on a tournament logging to the store (check, append, apply);
* replay: ``Tournament.replay(source)`` of a tournament of ``--replay`` events (a start, then hands).

Goals (issue 9): a hand recorded in under 1 ms with SQLite (durable); 100,000 events replayed in under 2 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
import uuid

from pokerengine.tournament import EquityConfig, HandPlayed, Tournament
from pokerengine.tournament.stores import SQLStore, open_store

OFF = EquityConfig.off()
PLAYERS = [f"player{i}" for i in range(9)]


def hands(n: int) -> list[HandPlayed]:
    """``n`` hands at one table, chips moving between neighbours, nobody busting."""
    out = []
    for i in range(n):
        a, b = PLAYERS[i % 9], PLAYERS[(i + 1) % 9]
        step = 100 if i % 2 == 0 else -100
        out.append(HandPlayed("T1", deltas={a: step, b: -step}))
    return out


def started(source: str) -> Tournament:
    t = Tournament(source, equity=OFF, sync=True)
    t.start([5000, 3000, 2000], dict.fromkeys(PLAYERS, 10**6))
    return t


def bench_append(source: str, n: int) -> float:
    """Events per second through ``store.append`` (durable)."""
    t = started(source)
    store = t._log
    assert store is not None
    events = hands(n)
    start = time.perf_counter()
    for event in events:
        store.append(event)
    elapsed = time.perf_counter() - start
    t.close()
    return n / elapsed


def bench_hand(source: str, n: int) -> float:
    """Microseconds per ``Tournament.hand`` (validated, appended durably, applied)."""
    t = started(source)
    events = hands(n)
    start = time.perf_counter()
    for event in events:
        t.apply(event)
    elapsed = time.perf_counter() - start
    t.close()
    return elapsed / n * 1e6


def bench_replay(source: str, n: int) -> float:
    """Seconds to replay a tournament of ``n`` events from the store."""
    store = open_store(source, create=True, new=True)
    t = Tournament(store, equity=OFF)
    t.start([5000, 3000, 2000], dict.fromkeys(PLAYERS, 10**6))
    events = hands(n - 1)
    if isinstance(store, SQLStore):
        for i in range(0, len(events), 10000):  # loaded in big transactions: this is set-up, not measured
            store.append_all(events[i:i + 10000])
    else:
        store.sync = False  # type: ignore[attr-defined]
        for event in events:
            store.append(event)
    store.close()
    start = time.perf_counter()
    replayed = Tournament.replay(source, equity=OFF)
    elapsed = time.perf_counter() - start
    assert len(replayed.events) == n
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--appends", type=int, default=2000)
    ap.add_argument("--replay", type=int, default=100_000)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-stores-")
    run = uuid.uuid4().hex[:8]
    stores = {
        "file": lambda name: os.path.join(folder, f"{name}.jsonl"),
        "sqlite": lambda name: f"sqlite:///{folder}/bench.db?tournament={name}",
    }
    pg = os.environ.get("POKERENGINE_POSTGRES_URL")
    if pg:
        stores["postgresql"] = lambda name: f"{pg}{'&' if '?' in pg else '?'}tournament=bench-{run}-{name}"
    print(f"{'store':<11} {'append ev/s':>12} {'hand us':>9} {'replay ev/s':>12} {'replay ' + format(args.replay, ',') + ' s':>16}")
    for kind, make in stores.items():
        append = bench_append(make("append"), args.appends)
        hand = bench_hand(make("hand"), args.appends)
        replay = bench_replay(make("replay"), args.replay)
        print(f"{kind:<11} {append:>12,.0f} {hand:>9,.0f} {args.replay / replay:>12,.0f} {replay:>16.2f}")
    print("durable appends: file fsync per line, SQLite WAL + synchronous=FULL, PostgreSQL synchronous_commit")
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
