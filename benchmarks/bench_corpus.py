"""Corpus replay at scale: one process, ``--jobs 2`` and a Dask LocalCluster of two workers, on one
generated corpus, in one run; peak memory per worker, the merge cost, and streaming one big file.

    python benchmarks/bench_corpus.py [--hands 1000000] [--games NT,...] [--dir DIR] [--skip-dask]

The corpus is written once into ``DIR`` (default ``/tmp/pokerengine-corpus-N``) by ``pokerengine
generate`` (seed 1) as files of 5,000 hands, plus the same hands as one ``.phhs`` file for the
streaming figures; a second run reuses it.  Wall-clock times (the machine may be shared: run it
alone).  Needs the ``dask`` extra for the Dask figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokerengine.generate import write_corpus  # noqa: E402
from pokerengine.replay.corpus import merge, replay_shard, shards_of
from pokerengine.replay.corpus import replay_paths


def corpus(folder: str, hands: int, games: tuple[str, ...] | None) -> tuple[str, str]:
    files, big = os.path.join(folder, "files"), os.path.join(folder, "one")
    manifest = os.path.join(folder, "manifest.json")
    want = {"hands": hands, "games": games, "seed": 1}
    if os.path.exists(manifest) and json.load(open(manifest)) == want:
        return files, big
    kwargs = {"games": games} if games else {}
    start = time.perf_counter()
    write_corpus(files, hands, seed=1, **kwargs)  # type: ignore[arg-type]
    print(f"generated {hands:,} hands in {time.perf_counter() - start:.1f} s", flush=True)
    os.makedirs(big, exist_ok=True)
    with open(os.path.join(big, "all.phhs"), "w") as out:
        for name in sorted(os.listdir(files)):
            out.write(open(os.path.join(files, name)).read())
            out.write("\n")
    json.dump(want, open(manifest, "w"))
    return files, big


def peak_children_mib() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # float ok: a measurement


def stream_peak(path: str) -> tuple[float, float, int]:
    """Seconds, peak RSS (MiB) and hands of reading one big .phhs hand by hand, in a fresh process."""
    code = ("import resource, sys, time\n"
            "from pokerengine.phh.stream import iter_phhs_tables\n"
            "t = time.perf_counter(); n = sum(1 for _ in iter_phhs_tables(sys.argv[1]))\n"
            "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, n)")
    out = subprocess.run([sys.executable, "-c", code, path], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(HERE)).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])  # float ok: measurements


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--games", default=None)
    p.add_argument("--dir", default=None)
    p.add_argument("--skip-dask", action="store_true")
    args = p.parse_args()
    games = tuple(args.games.split(",")) if args.games else None
    folder = args.dir or f"/tmp/pokerengine-corpus-{args.hands}{'-' + '-'.join(games) if games else ''}"
    files, big = corpus(folder, args.hands, games)
    rows = []

    start = time.perf_counter()
    one = replay_paths([files])
    t1 = time.perf_counter() - start
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # float ok: a measurement
    rows.append(("1 process", one.hands, t1, rss1))
    assert one.ok and one.matched == args.hands, one.text()[:2000]

    start = time.perf_counter()
    two = replay_paths([files], jobs=2)
    t2 = time.perf_counter() - start
    rows.append(("--jobs 2", two.hands, t2, peak_children_mib()))
    assert two.to_json() | {"seconds": 0, "hands_per_second": 0} == one.to_json() | {"seconds": 0, "hands_per_second": 0}

    parts = [replay_shard(s) for s in shards_of([files])[:50]]
    start = time.perf_counter()
    for _ in range(20):
        merge(parts)
    merge_us = (time.perf_counter() - start) / 20 / len(parts) * 1e6  # float ok: a measurement

    if not args.skip_dask:
        from distributed import Client, LocalCluster

        from pokerengine.replay.dask_replay import replay_dask

        start = time.perf_counter()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
        client = Client(cluster)
        boot = time.perf_counter() - start
        start = time.perf_counter()
        dask = replay_dask([files], client=client)
        td = time.perf_counter() - start
        peaks = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)  # float ok
        client.close()
        cluster.close()
        rows.append((f"Dask LocalCluster, 2 workers (+{boot:.1f} s to start)", dask.hands, td, max(peaks.values())))
        assert dask.to_json() | {"seconds": 0, "hands_per_second": 0} == one.to_json() | {"seconds": 0,
                                                                                         "hands_per_second": 0}
    print(f"\ncorpus: {args.hands:,} hands, games {', '.join(games) if games else 'PHH eleven'}, {folder}")
    print(f"{'how':<48} {'hands':>10} {'seconds':>9} {'hands/s':>9} {'peak MiB':>9}")
    for name, hands, seconds, rss in rows:
        print(f"{name:<48} {hands:>10,} {seconds:>9.1f} {hands / seconds:>9,.0f} {rss:>9.0f}")
    print(f"merge: {merge_us:.1f} µs a shard summary")
    size = os.path.getsize(os.path.join(big, "all.phhs"))
    seconds, rss, n = stream_peak(os.path.join(big, "all.phhs"))
    print(f"streaming one file of {n:,} hands ({size / 2**20:,.0f} MiB): {seconds:.1f} s, peak {rss:.0f} MiB RSS")
    start = time.perf_counter()
    whole = replay_paths([big])
    print(f"replaying that file (byte-range shards, 1 process): {time.perf_counter() - start:.1f} s, "
          f"{whole.matched:,} matched")


if __name__ == "__main__":
    main()
