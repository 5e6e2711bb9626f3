"""``pokerengine replay PATH ...``: replay PHH hand histories and check them against their finishing stacks.

Every file named or found in a folder is accounted for: read (its format and how many hands it
began) or skipped with the reason (not a hand history, empty, binary, too large, cannot be read...);
the text summary says ``files: N read, M skipped`` and names each skipped file, ``--json`` lists
them (``"skipped"``, ``"read"``).

Exit status: 0 when no hand mismatched or failed and no file was skipped that was named or could not
be read; 1 otherwise (a file found in a folder that is not a hand history, a README, is listed but is
no failure); 2 for bad arguments (a path that does not exist, no hand at all, ``--jobs`` outside 1 to
256).  A bad or hostile file never stops the run: it is counted among the errors, and the summary is
printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="replay hand histories (PHH, OHH, the sites' files; folders recursively) and check them",
        description="Replay every hand of the given files and folders (recursively): PHH (.phh/.phhs), and "
        "Open Hand History and the sites' files (PokerStars, GGPoker, Winamax, 888poker, iPoker, PartyPoker, "
        "Winning, Bovada, Full Tilt, PokerNow's CSV logs: .txt/.xml/.json/.jsonl/.ohh/.csv, recognised by their content, in any encoding); settle "
        "each hand and compare with the record: PHH finishing stacks, a site's collected amounts and rake.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a hand-history file, or a folder of them")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (default 1)")
    p.add_argument("--dask", metavar="local|ADDRESS", default=None,
                   help="replay on Dask: 'local' starts a cluster here, else a scheduler's address (the dask extra)")
    p.add_argument("--dask-workers", type=int, default=2, metavar="N", help="workers of a local Dask cluster (default 2)")
    p.add_argument("--dask-timeout", type=float, default=30.0, metavar="SECONDS",
                   help="how long to wait for a Dask scheduler (default 30)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..replay.corpus import replay_paths
    from ..replay.files import MAX_JOBS
    from . import fail

    if args.jobs < 1:
        return fail(f"--jobs must be at least 1, got {args.jobs}")
    if args.jobs > MAX_JOBS:
        return fail(f"--jobs must be at most {MAX_JOBS}, got {args.jobs}")
    for path in args.paths:
        if not os.path.exists(path):
            return fail(f"{path}: no such file or directory")
    progress = None if args.quiet or not sys.stderr.isatty() else _Progress()
    if args.dask is not None:
        from ..replay.dask_replay import DaskUnavailableError, replay_dask

        if args.jobs != 1:
            return fail("give either --jobs or --dask, not both")
        if not 0 < args.dask_timeout <= 3600:  # float ok: seconds to wait, not chips
            return fail(f"--dask-timeout must be from 0 to 3600 seconds, got {args.dask_timeout}")
        try:
            summary = replay_dask(args.paths, address=args.dask, workers=args.dask_workers,
                                  timeout=args.dask_timeout, progress=progress)
        except DaskUnavailableError as exc:
            return fail(str(exc))
    else:
        summary = replay_paths(args.paths, jobs=args.jobs, progress=progress)
    if progress is not None:
        progress.close()
    if not summary.hands and not summary.read and not summary.skipped:
        return fail(f"no hand-history files: no file in {', '.join(args.paths)}")
    if not summary.hands and not any(k.counts for k in summary.skipped):
        # only files found in folders that turned out not to be hand histories: each named, on one line
        why = "; ".join(f"{k.file}: {k.reason}" for k in summary.skipped[:5])
        more = f"; and {len(summary.skipped) - 5:,} more" if len(summary.skipped) > 5 else ""
        return fail(f"no hand histories (PHH, OHH, a site's files) in {', '.join(args.paths)}"
                    + (f" ({why}{more})" if why else ""))
    status = 0 if summary.ok else 1
    try:
        print(json.dumps(summary.to_json(), indent=2) if args.json else summary.text())
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: not an error of the replay
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


class _Progress:
    """A one-line progress bar on standard error (only used when it is a terminal)."""

    WIDTH = 30

    def __init__(self) -> None:
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        filled = self.WIDTH * done // total if total else self.WIDTH
        if filled == self.last and done != total:
            return
        self.last = filled
        bar = "#" * filled + "." * (self.WIDTH - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{total} shards")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()
