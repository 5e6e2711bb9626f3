"""Replay speed: pokerengine against PokerKit on the same Pluribus PHH files, in one run.

    python benchmarks/bench_replay.py [DIR] [--limit N] [--jobs N] [--rounds N] [--no-pokerkit]

DIR defaults to ``/work/shared/phh/pluribus`` when present, else ``fixtures/phh/pluribus``.
Both sides read and parse every file and replay every hand to its finishing
stacks (PokerKit: ``HandHistory.load`` and iterating its states, as PokerKit's
own PHH replay does); each side's throughput is the best of ``--rounds`` passes
(the machine may be shared).  Single-process figures are CPU time
(:func:`time.process_time`), fair to both sides on a busy machine; ``--jobs`` is wall-clock time.  Needs ``pip install "pokerkit==0.7.*"`` for the
comparison (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokerengine.live import clear_caches
from pokerengine.phh.reader import iter_files
from pokerengine.replay.files import ReplaySummary, replay_file
from pokerengine.replay.corpus import replay_paths


def default_dir() -> str:
    shared = "/work/shared/phh/pluribus"
    return shared if os.path.isdir(shared) else os.path.join(os.path.dirname(HERE), "fixtures", "phh", "pluribus")


def ours(files: list[str]) -> tuple[float, ReplaySummary]:
    clear_caches()  # each pass starts as a fresh process would
    summary = ReplaySummary()
    start = time.process_time()
    for path in files:
        summary.add(replay_file(path))
    summary.seconds = time.process_time() - start
    return summary.seconds, summary


def run_pokerkit(files: list[str]) -> tuple[float, int, int]:
    import warnings

    from pokerkit import HandHistory

    warnings.simplefilter("ignore")
    matched = hands = 0
    start = time.process_time()
    for path in files:
        with open(path, "rb") as fp:
            hh = HandHistory.load(fp)
        state = None
        for state in hh:
            pass
        hands += 1
        if hh.finishing_stacks is not None and state is not None and list(state.stacks) == list(hh.finishing_stacks):
            matched += 1
    return time.process_time() - start, hands, matched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=default_dir())
    parser.add_argument("--limit", type=int, default=0, help="use only the first N files (0: all)")
    parser.add_argument("--jobs", type=int, default=2, help="also time a run with this many processes")
    parser.add_argument("--rounds", type=int, default=3, help="passes per side; the best counts")
    parser.add_argument("--no-pokerkit", action="store_true")
    args = parser.parse_args(argv)
    files = [f for f in iter_files([args.dir]) if f.endswith(".phh")]
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no .phh files under {args.dir}", file=sys.stderr)
        return 2
    print(f"{len(files)} files from {args.dir}")

    best, summary = min((ours(files) for _ in range(args.rounds)), key=lambda r: r[0])
    rate = summary.hands / best
    print(f"pokerengine: {summary.hands} hands, {rate:,.0f} hands/s (1 process); matched {summary.matched}, "
          f"split_chip {summary.split_chip}, mismatched {len(summary.mismatched)}, errors {len(summary.errors)}")

    if args.jobs > 1:
        parallel = min((replay_paths(files, jobs=args.jobs) for _ in range(args.rounds)), key=lambda s: s.seconds)
        print(f"pokerengine --jobs {args.jobs}: {parallel.hands_per_second:,.0f} hands/s")

    if not args.no_pokerkit:
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            print('PokerKit is not installed: pip install "pokerkit==0.7.*"', file=sys.stderr)
            return 0
        rounds = [run_pokerkit(files) for _ in range(max(1, args.rounds - 1))]
        seconds, hands, matched = min(rounds)
        pk_rate = hands / seconds
        print(f"PokerKit {pokerkit_version()}: {hands} hands, {pk_rate:,.0f} hands/s; finishing stacks equal to the "
              f"record in {matched}")
        print(f"ratio: pokerengine is {rate / pk_rate:.1f}x PokerKit")
    return 0 if summary.ok else 1


def pokerkit_version() -> str:
    from importlib.metadata import version

    return version("pokerkit")


if __name__ == "__main__":
    raise SystemExit(main())
