"""Byte-mutation campaign on replay's file accounting, beside ``tests/fuzzing.py``.

Mutated files of every site reader (``fuzzing.generate`` over the ``site-*`` entries, written as
``.txt``, ``.xml`` or ``.hh``) replayed through :func:`~pokerengine.replay.corpus.replay_paths`, and
every tenth through ``pokerengine replay --json`` in-process.  Each input is ``ok`` (read, every hand
under a verdict, the verdicts adding up to the hands and to the file's count), ``skipped`` (one
reason given), ``failure`` (an exception, an internal error, counts that do not add up, the CLI's
status 2 with more than one stderr line, its JSON differing) or ``timeout`` (over 5 s of CPU).

    python tests/replay_accounting_fuzz.py 30000 25      # inputs, seed
"""

from __future__ import annotations

import collections
import contextlib
import io
import json
import os
import signal
import sys
import tempfile
import time
from typing import Any

CPU_SECONDS = 5


class _Timeout(Exception):
    pass


def _alarm(*_: Any) -> None:
    raise _Timeout()


def _one(path: str, folder: str, cli: bool) -> str:
    from pokerengine.cli import main
    from pokerengine.replay.corpus import replay_paths

    s = replay_paths([folder])
    verdicts = (s.matched + s.split_chip + s.unchecked + s.undeterminable + s.cancelled + s.unplayed
                + len(s.mismatched) + len(s.errors))
    assert s.hands == verdicts == sum(f.hands for f in s.read), "counts"
    assert len(s.read) + len(s.skipped) == 1, "one file: read or skipped"
    assert not any("internal error" in (r.message or "") for r in s.errors), "internal"
    if cli:
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            rc = main(["replay", "-q", "--json", path])
        assert rc in (0, 1, 2), rc
        if rc == 2:
            assert err.getvalue().count("\n") == 1, "two lines"
        else:
            data = json.loads(out.getvalue())
            assert data["hands"] == s.hands and len(data["skipped"]) == len(s.skipped), "cli differs"
    return "skipped" if s.skipped else "ok"


def campaign(inputs: int, seed: int) -> tuple[collections.Counter[str], list[tuple[Any, ...]]]:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fuzzing

    entries = [e for e in fuzzing.ENTRIES if e.startswith("site-")] + ["site-api"]
    counts: collections.Counter[str] = collections.Counter()
    examples: list[tuple[Any, ...]] = []
    folder = tempfile.mkdtemp()
    signal.signal(signal.SIGPROF, _alarm)
    start = time.time()
    for i in range(inputs):
        entry = entries[i % len(entries)]
        case = fuzzing.generate(entry, seed, i)
        path = os.path.join(folder, "in.txt" if i % 3 else ("in.xml" if i % 2 else "in.hh"))
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        with open(path, "wb") as f:
            f.write(case.data)
        signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
        try:
            counts[_one(path, folder, i % 10 == 0)] += 1
        except _Timeout:
            counts["timeout"] += 1
            examples.append((entry, seed, i, "timeout"))
        except Exception as exc:  # noqa: BLE001 - what the campaign counts
            counts["failure"] += 1
            examples.append((entry, seed, i, f"{type(exc).__name__}: {str(exc)[:200]}"))
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        if (i + 1) % 5000 == 0:
            print(i + 1, dict(counts), f"{time.time() - start:.0f}s", flush=True)
    return counts, examples


if __name__ == "__main__":
    n, s = int(sys.argv[1]), int(sys.argv[2])
    found, bad = campaign(n, s)
    print("done", n, dict(found))
    for example in bad[:30]:
        print(example)
