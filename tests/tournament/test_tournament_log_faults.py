"""The JSON-lines log under crashes: one writer per log, crashes at any point, and no code path that deletes others' events.

The writers here are forked processes appending to a real file; the test kills them
with SIGKILL at random moments and checks that every acknowledged event (``append``
returned) survives and that the log re-opens to the same state.
``POKERENGINE_FAULT_ROUNDS=400 pytest tests/tournament/test_tournament_log_faults.py`` crashes more writers.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import traceback

import pytest

from pokerengine.errors import EventLogError, TournamentError
from pokerengine.tournament import EquityConfig, Tournament, read_log
from pokerengine.tournament import log as log_module

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")

ROUNDS = int(os.environ.get("POKERENGINE_FAULT_ROUNDS", "40"))  # crashes in the SIGKILL test (more: a deeper run)
OFF = EquityConfig.off()
CHIPS = 10**6
_write = os.write  # the tests' own writes, untouched by the patches below


def _next_hand(t: Tournament) -> None:
    """One hand moving a chip; deterministic from the number of events, never busting anyone."""
    a, b = ("ann", "bob") if len(t.events) % 2 else ("bob", "ann")
    t.hand("A", deltas={a: 1, b: -1})


def _writer(path, events: int, ack: int, *, split: bool = False, pause: float = 0.0, go: int | None = None) -> None:
    """Child process: resume the log, append ``events`` hands, write the event count to ``ack`` after each."""
    code = 0
    try:
        if go is not None:
            os.read(go, 1)
        if split:  # each line in two writes, so a kill can land between them and tear the line
            def torn_write(fd, data):
                if len(data) < 2:
                    return _write(fd, data)
                n = _write(fd, data[: len(data) // 2])
                time.sleep(0.0005)
                return n

            log_module.os.write = torn_write
        t = Tournament.open(path, equity=OFF)
        if t.status == "new":
            t.start([100], {"ann": CHIPS, "bob": CHIPS})
        _write(ack, f"open {len(t.events)}\n".encode())
        for _ in range(events):
            _next_hand(t)
            _write(ack, f"{len(t.events)}\n".encode())
            if pause:
                time.sleep(pause)
    except EventLogError as exc:
        _write(ack, f"refused {exc}\n".encode())
        code = 3
    except BaseException:  # noqa: BLE001 - report anything else to the parent
        _write(ack, f"crash {traceback.format_exc()!r}\n".encode())
        code = 4
    finally:
        os._exit(code)


def _spawn(path, events: int, **kw) -> tuple[int, int]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        _writer(path, events, w, **kw)
    os.close(w)
    return pid, r


def _acks(r: int, head: bytes = b"") -> list[str]:
    chunks = [head]
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    return b"".join(chunks).decode().splitlines()


def _first_line(r: int) -> bytes:
    """Wait for the writer's first acknowledgement; return what was read (to pass on to ``_acks``)."""
    got = b""
    while b"\n" not in got and (chunk := os.read(r, 4096)):
        got += chunk
    return got


def _check_log(path) -> Tournament:
    """Open the log (repairing a torn tail), check it, and check it re-opens to the same state."""
    t = Tournament.open(path, equity=OFF)
    assert t.status == "new" or t.stacks["ann"] + t.stacks["bob"] == 2 * CHIPS  # killed before the start landed
    state = t.state()
    t.close()
    again = Tournament.open(path, equity=OFF)
    assert again.state() == state and (again.recovery is None or again.recovery.torn is None)
    again.close()
    assert Tournament.replay(path, equity=OFF).state() == state
    return t


def test_sigkill_at_random_points_loses_no_acknowledged_event(tmp_path):
    rng = random.Random(12)
    torn = 0
    for i in range(ROUNDS):
        if i % 10 == 0:  # a fresh log every ten crashes keeps each replay short
            path = tmp_path / f"t{i // 10}.jsonl"
            known = 0  # events the log is known to hold (every acknowledged one)
        split = i % 2 == 1  # half the writers write each line in two pieces, so kills can tear lines
        pid, r = _spawn(path, 200, split=split)
        # one kill in four lands anywhere (often while the log is opened and repaired), the rest while appending
        head = b"" if i % 4 == 0 else _first_line(r)
        time.sleep(rng.uniform(0, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        acks = _acks(r, head)
        assert not any(a.startswith(("crash", "refused")) for a in acks), acks
        known = max([known] + [int(a.split()[-1]) for a in acks])  # "open N" or "N": N events are in the log
        t = _check_log(path)
        n = len(t.events)
        assert known <= n <= known + 1, (known, n)  # at most the one event being written is extra
        known = n
        if t.recovery is not None and t.recovery.torn is not None:
            torn += 1
            assert t.recovery.kept == f"{path}.torn"
    assert torn >= 1  # some kills did land mid-line, and were recovered
    kept = [line for p in tmp_path.glob("*.torn") for line in p.read_bytes().splitlines()]
    assert len(kept) >= torn and all(line.startswith(b"{") for line in kept)


def test_a_second_writer_is_refused_while_the_first_appends(tmp_path):
    # Regression: a second Tournament.open used to truncate the log to what it had read (20 of 300 lost).
    path = tmp_path / "t.jsonl"
    pid, r = _spawn(path, 300, pause=0.002)
    first = os.read(r, 64)  # "open 1": the writer holds the lock
    assert first.startswith(b"open")
    refused = 0
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            second = Tournament.open(path, equity=OFF)
        except EventLogError as exc:
            assert "locked by another writer" in str(exc) and "flock" in str(exc)
            refused += 1
            continue
        second.close()  # the first writer has finished
        break
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    acks = _acks(r)
    assert refused > 10 and int(acks[-1]) == 301
    assert len(read_log(path).events) == 301  # start + 300 hands: nothing lost
    _check_log(path)


def test_two_writers_racing_on_one_log(tmp_path):
    path = tmp_path / "t.jsonl"
    go_r, go_w = os.pipe()
    writers = [_spawn(path, 150, pause=0.002, go=go_r) for _ in range(2)]
    os.close(go_r)
    os.write(go_w, b"xx")  # release both at once
    os.close(go_w)
    results = []
    for pid, r in writers:
        _, status = os.waitpid(pid, 0)
        results.append((os.WEXITSTATUS(status), _acks(r)))
    codes = sorted(code for code, _ in results)
    assert codes == [0, 3], results  # one wrote, the other was refused
    refused = next(acks for code, acks in results if code == 3)
    assert "locked by another writer" in refused[-1]
    written = next(acks for code, acks in results if code == 0)
    assert len(read_log(path).events) == int(written[-1]) == 151
    _check_log(path)


def test_a_second_writer_in_the_same_process_and_a_new_log_over_a_locked_one_are_refused(tmp_path):
    path = tmp_path / "t.jsonl"
    t = Tournament.open(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    data = path.read_bytes()
    with pytest.raises(EventLogError, match="locked by another writer"):
        Tournament.open(path, equity=OFF)
    with pytest.raises(EventLogError, match="locked by another writer"):
        Tournament(path, equity=OFF)
    assert path.read_bytes() == data
    _next_hand(t)
    t.close()
    assert len(_check_log(path).events) == 2


def test_a_second_writer_in_another_process_is_refused(tmp_path):
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    code = ("import sys\nfrom pokerengine.tournament import Tournament\n"
            "try:\n    Tournament.open(sys.argv[1])\nexcept ValueError as e:\n    print(e); sys.exit(3)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3 and "locked by another writer" in proc.stdout
    t.close()


def test_bytes_written_without_the_lock_are_never_truncated(tmp_path):
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    with open(path, "ab") as rogue:  # a writer that ignores the lock
        rogue.write(b'{"event": "end", "reason": "rogue"}\n')
    data = path.read_bytes()
    before = t.state()
    with pytest.raises(EventLogError, match="changed under its writer"):
        _next_hand(t)
    assert path.read_bytes() == data and t.state() == before
    t.close()


def test_a_failed_append_removes_only_its_own_bytes(tmp_path, monkeypatch):
    # Regression: a failed append used to truncate the file to its own stale size.
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    other = b'{"event": "end", "reason": "someone else"}\n'

    def failing(fd, data):  # part of the line lands, then other bytes, then the disk is full
        _write(fd, data[:7])
        with open(path, "ab") as rogue:
            rogue.write(other)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(log_module.os, "write", failing)
    with pytest.raises(OSError, match="No space"):
        _next_hand(t)
    monkeypatch.setattr(log_module.os, "write", _write)
    assert path.read_bytes().endswith(other)  # not cut: they are not this writer's bytes
    with pytest.raises(EventLogError, match="could not be undone safely"):
        _next_hand(t)
    assert path.read_bytes().endswith(other) and len(t.events) == 1
    t.close()


def test_a_failed_append_is_undone_and_the_writer_goes_on(tmp_path, monkeypatch):
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    good = path.read_bytes()

    def full(fd, data):
        _write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(log_module.os, "write", full)
    with pytest.raises(OSError):
        _next_hand(t)
    assert path.read_bytes() == good and len(t.events) == 1
    monkeypatch.setattr(log_module.os, "write", _write)
    _next_hand(t)
    t.close()
    assert len(_check_log(path).events) == 2


def test_a_closed_writer_refuses_to_append_and_a_used_event_log_cannot_start_again(tmp_path):
    from pokerengine.tournament import EventLog

    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([100], {"ann": CHIPS, "bob": CHIPS})
    t.close()
    with open(tmp_path / "other.jsonl", "wb") as other:  # likely reuses the closed descriptor's number
        with pytest.raises(EventLogError, match="this writer is closed"):
            _next_hand(t)
        assert other.tell() == 0
    assert len(t.events) == 1
    log = EventLog(path)
    with pytest.raises(TournamentError, match="already holds events"):
        Tournament(log, equity=OFF)
    log.close()
