"""Fault tests of the event stores: writers killed at random points, and writers racing on one tournament.

The writers are forked processes that report each acknowledged event (``append`` returned)
on a pipe.  Kills: about 20 by default, 400 under ``POKERENGINE_HYPOTHESIS=deep`` (or set
``POKERENGINE_FAULT_ROUNDS``).  The race helpers are shared with ``test_stores_postgres.py``.
"""

from __future__ import annotations

import os
import random
import signal
import time
import traceback

import pytest

from pokerengine.errors import StaleWriterError
from pokerengine.tournament import EquityConfig, Tournament

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"
ROUNDS = int(os.environ.get("POKERENGINE_FAULT_ROUNDS", "400" if DEEP else "20"))
OFF = EquityConfig.off()
CHIPS = 10**6


def next_event(t: Tournament) -> None:
    """Start the tournament, or play one hand moving a chip (never a bust)."""
    if t.status == "new":
        t.start([100], {"ann": CHIPS, "bob": CHIPS})
        return
    a, b = ("ann", "bob") if len(t.events) % 2 else ("bob", "ann")
    t.hand("A", deltas={a: 1, b: -1})


def _child(body, *args, close: tuple[int, ...] = ()) -> tuple[int, int]:
    """Fork a process running ``body(ack, *args)`` (closing ``close`` first); return its pid and its pipe's read end."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        os.close(r)
        for fd in close:
            os.close(fd)
        code = 0
        try:
            body(w, *args)
        except BaseException:  # noqa: BLE001 - report anything to the parent
            os.write(w, f"crash {traceback.format_exc()!r}\n".encode())
            code = 4
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def _read_all(r: int, head: bytes = b"") -> list[str]:
    chunks = [head]
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    return b"".join(chunks).decode().splitlines()


def _appender(ack: int, url: str, events: int, env: dict[str, str]) -> None:
    os.environ.update(env)
    t = Tournament.open(url, equity=OFF)
    os.write(ack, f"open {len(t.events)}\n".encode())
    for _ in range(events):
        next_event(t)
        os.write(ack, f"{len(t.events)}\n".encode())


def check_store(url: str) -> Tournament:
    """Reopen the store, check it replays to the same state, and append one more event."""
    t = Tournament.open(url, equity=OFF)
    state = t.state()
    assert t.status == "new" or t.stacks["ann"] + t.stacks["bob"] == 2 * CHIPS
    assert Tournament.replay(url, equity=OFF).state() == state
    next_event(t)  # the next append works
    t.close()
    return t


def kill_writers(url_for, rounds: int, seed: int = 9, env: dict[str, str] | None = None, settle=None) -> int:
    """Kill ``rounds`` writers at random moments; every acknowledged event must survive.  Returns events seen.

    ``env`` is set in each writer before it connects; ``settle(url)``, when given, runs after each kill
    and before the check.  A database server may still commit what a killed client sent before it died
    (its COMMIT already in the socket), so the PostgreSQL test waits there for the server to end the dead
    writer's session: only then is the store's state final.
    """
    rng = random.Random(seed)
    total = 0
    for i in range(rounds):
        if i % 50 == 0:
            url = url_for(i // 50)
            known = 0  # events the store is known to hold
        pid, r = _child(_appender, url, 500, env or {})
        head = b""
        if i % 4:  # three kills in four while appending; the rest anywhere, often while opening
            while b"\n" not in head and (chunk := os.read(r, 4096)):
                head += chunk
        time.sleep(rng.uniform(0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        acks = _read_all(r, head)
        if settle is not None:
            settle(url)
        assert not any(a.startswith("crash") for a in acks), acks
        acked = max([known] + [int(a.split()[-1]) for a in acks])
        t = check_store(url)
        n = len(t.events) - 1  # before check_store's own append
        assert acked <= n <= acked + 1, (acked, n)  # every acknowledged event; at most one more in flight
        known = n + 1
        total += n
    return total


def test_sigkill_at_random_points_loses_no_acknowledged_sqlite_event(tmp_path):
    total = kill_writers(lambda k: f"sqlite:///{tmp_path}/faults.db?tournament=t{k}", ROUNDS)
    assert total > ROUNDS  # the writers did get events in before they were killed


def _lockstep(ack: int, url: str, go: int, rounds: int) -> None:
    t = Tournament.open(url, equity=OFF)
    os.write(ack, b"ready\n")
    for _ in range(rounds):
        if os.read(go, 1) != b"g":
            return
        try:
            next_event(t)
            os.write(ack, f"ok {len(t.events)}\n".encode())
        except StaleWriterError as exc:
            t.close()
            t = Tournament.open(url, equity=OFF)  # read what the winner wrote, before saying so
            os.write(ack, f"stale {str(exc)[:300]!r}\n".encode())
    t.close()


def race_in_lockstep(url: str, rounds: int) -> None:
    """Two processes append at the same version each round: one wins, the other gets StaleWriterError."""
    t = Tournament(url, equity=OFF)
    next_event(t)
    t.close()
    gos = [os.pipe() for _ in range(2)]
    writers = []
    for i, (go_r, _) in enumerate(gos):  # each child keeps only the read end of its own go pipe
        others = tuple(fd for j, pair in enumerate(gos) for fd in pair if fd != go_r) + tuple(r for _, r in writers)
        writers.append(_child(_lockstep, url, go_r, rounds, close=others))
    for go_r, _ in gos:
        os.close(go_r)
    streams = [os.fdopen(r, "rb", buffering=0) for _, r in writers]
    try:
        assert [stream.readline() for stream in streams] == [b"ready\n"] * 2  # both read version 1
        for round_ in range(rounds):
            for _, go_w in gos:
                os.write(go_w, b"g")
            results = [stream.readline().decode() for stream in streams]
            assert sorted(x.split(" ")[0] for x in results) == ["ok", "stale"], results
            winner = results[0].startswith("ok")
            ok, stale = results if winner else results[::-1]
            assert ok.split()[1] == str(round_ + 2)  # version round + 2 (the start is 1), won exactly once
            assert f"expected version {round_ + 1} and found it at version {round_ + 2}" in stale
    finally:
        for (_, go_w), (pid, _), stream in zip(gos, writers, streams):
            os.close(go_w)  # the writer reads end of file and stops
            _, status = os.waitpid(pid, 0)
            assert os.WEXITSTATUS(status) == 0, stream.read()
            stream.close()
    final = Tournament.replay(url, equity=OFF)  # a valid chain, every version once
    assert len(final.events) == rounds + 1 and final.stacks["ann"] + final.stacks["bob"] == 2 * CHIPS


def _free(ack: int, url: str, go: int, attempts: int) -> None:
    os.read(go, 1)
    t = Tournament.open(url, equity=OFF)
    for _ in range(attempts):
        try:
            next_event(t)
            os.write(ack, f"ok {len(t.events)}\n".encode())
        except StaleWriterError:
            os.write(ack, b"stale\n")
            t.close()
            t = Tournament.open(url, equity=OFF)
        time.sleep(0.0005)  # let the other writer in
    t.close()


def race_freely(url: str, attempts: int) -> int:
    """Two processes append as fast as they can: no version is acknowledged twice, none is lost."""
    t = Tournament(url, equity=OFF)
    next_event(t)
    t.close()
    go_r, go_w = os.pipe()
    writers = [_child(_free, url, go_r, attempts) for _ in range(2)]
    os.close(go_r)
    os.write(go_w, b"xx")
    os.close(go_w)
    acks: list[str] = []
    for pid, r in writers:
        acks += _read_all(r)
        _, status = os.waitpid(pid, 0)
        assert os.WEXITSTATUS(status) == 0, acks
    won = [int(a.split()[1]) for a in acks if a.startswith("ok")]
    stale = sum(a == "stale" for a in acks)
    assert len(won) + stale == 2 * attempts
    assert sorted(won) == list(range(2, len(won) + 2))  # each version won once, none skipped
    assert len(Tournament.replay(url, equity=OFF).events) == len(won) + 1
    return stale


def test_two_processes_racing_on_one_sqlite_tournament(tmp_path):
    race_in_lockstep(f"sqlite:///{tmp_path}/race.db?tournament=lockstep", 25)
    race_freely(f"sqlite:///{tmp_path}/race.db?tournament=free", 60)


def _create(ack: int, url: str, go: int) -> None:
    os.read(go, 1)
    t = Tournament.open(url, equity=OFF)  # creates the tables (once) and the tournament
    next_event(t)
    t.close()
    os.write(ack, b"ok\n")


def test_processes_creating_one_sqlite_database_at_once_all_succeed(tmp_path):
    go_r, go_w = os.pipe()
    kids = [_child(_create, f"sqlite:///{tmp_path}/new.db?tournament=t{i}", go_r) for i in range(4)]
    os.close(go_r)
    os.write(go_w, b"gggg")
    os.close(go_w)
    for pid, r in kids:
        assert _read_all(r) == ["ok"]
        os.waitpid(pid, 0)
    for i in range(4):
        assert Tournament.replay(f"sqlite:///{tmp_path}/new.db?tournament=t{i}", equity=OFF).field == 2
