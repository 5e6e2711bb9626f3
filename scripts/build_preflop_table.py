"""Build ``pokerengine/decisions/data/headsup.npz``: exact heads-up preflop counts for every pair of
disjoint starting combinations, one row per orbit under suit relabelling (47,008 rows).

Method: every one of the C(52, 5) = 2,598,960 boards, in batches; on each batch the NumPy evaluator
(:func:`pokerengine.hands.vector.rank_holes`) ranks all 1,326 combinations (0 where a
combination shares a card with the board); then, for each orbit representative ``(x, y)``, the
boards where ``x`` beats ``y`` and where ``y`` beats ``x`` are counted, a board that either hand
cannot be dealt with counting for neither (its value is 0 on one side, 65,535 on the other).  Ties
are the rest of the ``C(48, 5) = 1,712,304`` boards the pair sees.  One core; no multiprocessing.

    nice python scripts/build_preflop_table.py            # writes the shipped table
    python scripts/build_preflop_table.py --batches 2 --out /tmp/part.npz   # a quick partial run

Run time and size are in pokerengine/decisions/data/README.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from pokerengine.decisions import preflop
from pokerengine.hands import vector as evaluate
from pokerengine.decisions.combos import COMBOS

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "pokerengine" / "decisions" / "data" / preflop.TABLE_FILE


def build(batch: int = 1 << 14, batches: int | None = None, log=None):
    """(keys, win, lose, boards seen) over the first ``batches`` batches of boards (all by default)."""
    keys = preflop.orbit_representatives()
    assert len(keys) == preflop.ORBITS
    x, y = keys // COMBOS, keys % COMBOS
    groups = [(int(first), np.nonzero(x == first)[0]) for first in np.unique(x)]
    boards = evaluate.subsets(52, 5)
    if batches is not None:
        boards = boards[:batch * batches]
    win = np.zeros(len(keys), dtype=np.int64)
    lose = np.zeros(len(keys), dtype=np.int64)
    started = time.monotonic()
    for number, start in enumerate(range(0, len(boards), batch), 1):
        low = np.ascontiguousarray(evaluate.rank_holes(boards[start:start + batch]).T)  # (1326, batch)
        high = low.copy()
        high[high == 0] = np.iinfo(np.uint16).max
        for first, rows in groups:
            second = y[rows]
            win[rows] += np.count_nonzero(low[first] > high[second], axis=1)
            lose[rows] += np.count_nonzero(low[second] > high[first], axis=1)
        if log is not None:
            done = min(start + batch, len(boards))
            elapsed = time.monotonic() - started
            log(f"batch {number}: {done:,} of {len(boards):,} boards, {elapsed:.0f} s, "
                f"about {elapsed * (len(boards) - done) / done:.0f} s to go")
    return keys, win, lose, len(boards)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--batch", type=int, default=1 << 14, help="boards per batch (default 16384)")
    parser.add_argument("--batches", type=int, default=None, help="only the first N batches (a partial table)")
    args = parser.parse_args(argv)
    started = time.monotonic()

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    keys, win, lose, seen = build(args.batch, args.batches, log)
    if args.batches is None:
        tie = preflop.BOARDS - win - lose
        assert seen == 2_598_960 and tie.min() >= 0
    else:
        tie = np.zeros_like(win)  # a partial run: ties cannot be told from boards not yet seen
        np.savez_compressed(args.out, key=keys.astype(np.uint32), win=win.astype(np.uint32),
                            lose=lose.astype(np.uint32), boards=np.array([seen]))
        log(f"partial table ({seen:,} boards) written to {args.out} in {time.monotonic() - started:.0f} s")
        return 0
    np.savez_compressed(args.out, key=keys.astype(np.uint32), win=win.astype(np.uint32), tie=tie.astype(np.uint32))
    log(f"{len(keys):,} orbits written to {args.out} ({args.out.stat().st_size:,} bytes) "
        f"in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
