"""The clock page's HTTP server (pokerengine.tournament.serve), without a browser: what it serves, what it
refuses and why, its limits, and that it reads a store being written without writing to it."""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerengine.cli import main
from pokerengine.errors import EventLogError
from pokerengine.tournament import Director, EquityConfig, Structure
from pokerengine.tournament.serve import CSP, MAX_HEAD_BYTES, PAGE, Running, start

STRUCTURE = Structure.from_json({"name": "Test Sunday", "levels": [
    {"small_blind": 25, "big_blind": 50, "minutes": 20}, {"break": 10},
    {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 20}]})


def director(url: str, players: int = 6) -> Director:
    return Director.start([f"p{i}" for i in range(1, players + 1)], [600, 300, 100], stack=1000, structure=STRUCTURE,
                          seats=9, seed=5, equity=EquityConfig.off(), log=url)


def play(d: Director, rng: random.Random) -> None:
    """One hand at the first table that may deal, with random legal actions."""
    hand = d.deal(d.ready()[0], rng=rng)
    while not hand.over:
        seat, legal = hand.to_act, hand.legal_actions()
        if legal.show:
            hand.show(seat)
        elif legal.raise_to and rng.random() < 0.15:
            hand.raise_to(seat, legal.raise_to.min_to)
        elif legal.check:
            hand.check(seat)
        elif rng.random() < 0.5:
            hand.fold(seat)
        else:
            hand.check_or_call(seat)
    d.finish(hand)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[str, Director]]:
    url = f"sqlite:///{tmp_path}/events.db?tournament=sunday"
    d = director(url)
    yield url, d
    d.close()


@pytest.fixture
def server(store: tuple[str, Director]) -> Iterator[Running]:
    running = start(store[0], port=0, poll=0.05)
    yield running
    running.stop()


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def raw(running: Running, data: bytes, *, read: bool = True) -> bytes:
    host, port = running.server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=5) as s:
        s.sendall(data)
        if not read:
            return b""
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            out += chunk
        return out


def state(running: Running) -> dict[str, object]:
    status, _, body = get(running.url + "state.json")
    assert status == 200
    return json.loads(body)  # type: ignore[no-any-return]


# ------------------------------------------------------------------ what it serves
def test_page_state_and_headers(server: Running) -> None:
    status, headers, body = get(server.url)
    assert status == 200 and body == PAGE and headers["Content-Type"].startswith("text/html")
    assert headers["Content-Security-Policy"] == CSP and "default-src 'none'" in CSP
    assert headers["Cache-Control"] == "no-store" and headers["X-Content-Type-Options"] == "nosniff"
    s = state(server)
    assert (s["name"], s["status"], s["players_left"], s["entrants"], s["level"], s["average_stack"]) == (
        "Test Sunday", "running", 6, 6, 1, 1000)
    assert sum(len(t["players"]) for t in s["seats"]) == 6  # type: ignore[union-attr]
    assert get(server.url + "favicon.ico")[0] == 204
    head = raw(server, b"HEAD / HTTP/1.0\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 200") and b"<html" not in head


def test_the_page_loads_nothing_from_elsewhere() -> None:
    text = PAGE.decode()
    assert not re.search(r"(src|href)\s*=", text, flags=re.I)  # no scripts, styles, fonts or images to fetch
    assert "@import" not in text and "url(" not in text
    assert not re.search(r"(https?:|wss?:|//[A-Za-z0-9-]+\.[A-Za-z])", text)  # no address of another host
    for part in re.findall(r"<script>(.*?)</script>", text, flags=re.S):  # the CSP allows exactly these
        import base64

        digest = base64.b64encode(hashlib.sha256(part.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in CSP


def stream_lines(running: Running, until: float) -> Iterator[str]:
    host, port = running.server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=5)
    conn.request("GET", "/events")
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("Content-Type", "").startswith("text/event-stream")
    try:
        while time.monotonic() < until:
            line = r.fp.readline()
            if not line:
                return
            yield line.decode().rstrip("\n")
    finally:
        conn.close()


def test_events_stream_sends_each_change(server: Running, store: tuple[str, Director]) -> None:
    _, d = store
    seen: list[dict[str, object]] = []

    def listen() -> None:
        for line in stream_lines(server, time.monotonic() + 10):
            if line.startswith("data: "):
                seen.append(json.loads(line[6:]))
                if seen[-1]["on_break"]:
                    return

    t = threading.Thread(target=listen)
    t.start()
    deadline = time.monotonic() + 5
    while not seen and time.monotonic() < deadline:
        time.sleep(0.01)
    assert seen and seen[0]["events"] == 1
    play(d, random.Random(1))
    time.sleep(0.3)
    d.set_level(2, on_break=True)
    t.join(10)
    assert seen[-1]["on_break"] and seen[-1]["level"] == 2
    assert [s["events"] for s in seen] == sorted({s["events"] for s in seen})  # each state once, in order
    assert 2 in [s["events"] for s in seen]  # the hand


# ------------------------------------------------------------------ what it refuses
@pytest.mark.parametrize("request_bytes, status, words", [
    (b"GET /nope HTTP/1.0\r\n\r\n", 404, b"nothing at '/nope'"),
    (b"GET /../etc/passwd HTTP/1.0\r\n\r\n", 404, b"nothing at"),
    (b"GET /state.json?x=1&y=%00 HTTP/1.0\r\n\r\n", 400, b"takes no query"),
    (b"GET /?" + b"a" * 5000 + b" HTTP/1.0\r\n\r\n", 414, b"longer than"),
    (b"POST / HTTP/1.0\r\nContent-Length: 3\r\n\r\nabc", 405, b"only answers GET and HEAD"),
    (b"DELETE /events HTTP/1.0\r\n\r\n", 405, b"only answers GET and HEAD"),
    (b"BREW / HTTP/1.0\r\n\r\n", 405, b"only answers GET and HEAD"),
    (b"GET / HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello", 400, b"takes no body"),
    (b"GET / HTTP/1.0\r\n" + b"X-Junk: " + b"j" * (MAX_HEAD_BYTES + 10) + b"\r\n\r\n", 431, b"request head"),
    (b"GET / HTTP/1.0\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n", 431, b""),
    (b"GET /" + b"x" * (MAX_HEAD_BYTES + 10) + b" HTTP/1.0\r\n\r\n", 431, b"request head"),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 junk\r\n\r\n", 400, b""),
    (b"GET / HTTP/9.9\r\n\r\n", 505, b""),
])
def test_malformed_requests_get_a_clear_status(server: Running, request_bytes: bytes, status: int, words: bytes) -> None:
    answer = raw(server, request_bytes)
    first = answer.split(b"\r\n", 1)[0]
    assert first.startswith(b"HTTP/1.0 %d" % status) or first.startswith(b"HTTP/1.1 %d" % status), answer[:200]
    assert words in answer
    assert b"Traceback" not in answer
    assert state(server)["events"] == 1  # still serving, nothing changed


def test_stream_and_connection_limits(store: tuple[str, Director]) -> None:
    # (idle_seconds long enough that a loaded machine cannot close the idle connections before the fifth comes)
    running = start(store[0], port=0, poll=0.05, max_streams=2, max_connections=4, idle_seconds=2.0, stream_seconds=30)
    try:
        host, port = running.server.server_address[:2]
        streams = []  # the responses own the sockets (HTTP/1.0): keep them
        for _ in range(2):
            c = http.client.HTTPConnection(str(host), port, timeout=5)
            c.request("GET", "/events")
            streams.append(c.getresponse())
            assert streams[-1].status == 200
        assert get(running.url + "events")[0] == 503
        assert b"too many clock screens" in get(running.url + "events")[2]
        idle = [socket.create_connection((str(host), port)) for _ in range(2)]  # 2 streams + 2 idle = 4
        time.sleep(0.1)
        answer = raw(running, b"GET / HTTP/1.0\r\n\r\n")
        assert answer.startswith(b"HTTP/1.0 503") and b"too many connections" in answer
        time.sleep(2.3)  # the idle connections are closed after idle_seconds
        for s in idle:
            s.settimeout(3)
            assert s.recv(100) == b""
            s.close()
        assert get(running.url)[0] == 200
        for r in streams:
            r.close()
    finally:
        running.stop()


def test_a_stream_ends_after_its_time(store: tuple[str, Director]) -> None:
    running = start(store[0], port=0, poll=0.05, stream_seconds=0.5)
    try:
        begun = time.monotonic()
        lines = list(stream_lines(running, begun + 10))
        assert time.monotonic() - begun < 5 and any(line.startswith("data: ") for line in lines)
        assert "retry: 1000" in lines
    finally:
        running.stop()


# ------------------------------------------------------------------ the store
def listing(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_reading_changes_no_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/events.db?tournament=sunday"
    director(url).close()
    before = listing(tmp_path)
    running = start(url, port=0, poll=0.02)
    try:
        for _ in range(5):
            state(running)
            get(running.url)
        time.sleep(0.2)
    finally:
        running.stop()
    assert listing(tmp_path) == before


def test_a_store_being_written_reads_consistent_snapshots(store: tuple[str, Director], server: Running) -> None:
    _, d = store
    rng = random.Random(3)
    stop = threading.Event()
    states: list[dict[str, object]] = []

    def watch() -> None:
        while not stop.is_set():
            states.append(state(server))

    w = threading.Thread(target=watch)
    w.start()
    try:
        for _ in range(30):  # hands written while the page is read
            if d.tournament.status == "finished" or not d.ready():
                break
            play(d, rng)
            time.sleep(0.03)
    finally:
        stop.set()
        w.join(10)
    assert len(states) > 3
    events = [s["events"] for s in states]
    assert events == sorted(events) and len(set(events)) > 2
    for s in states:  # every hand balances: a half-read hand would not
        assert s["chips_in_play"] == 6000 or s["status"] == "finished"
        assert sum(len(t["players"]) for t in s["seats"]) == s["players_left"]  # type: ignore[union-attr]


def test_an_unreadable_store_keeps_the_last_state_and_says_why(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    director(str(log)).close()
    running = start(str(log), port=0, poll=0.02)
    try:
        assert "error" not in state(running)
        with open(log, "a", encoding="utf-8") as f:
            f.write('{"event": "nonsense"}\n')
        deadline = time.monotonic() + 5
        while "error" not in (s := state(running)) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "cannot read the tournament" in s["error"] and s["players_left"] == 6  # type: ignore[operator]
    finally:
        running.stop()


@pytest.mark.parametrize("source", ["sqlite:///{d}/missing.db?tournament=x", "{d}/missing.jsonl",
                                    "sqlite:///{d}/there.db?tournament=nobody"])
def test_a_missing_store_is_one_line_exit_2_and_nothing_created(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               source: str) -> None:
    director(f"sqlite:///{tmp_path}/there.db?tournament=real").close()
    before = listing(tmp_path)
    assert main(["tournament", "serve", source.format(d=tmp_path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pokerengine: error: ")
    assert listing(tmp_path) == before
    with pytest.raises(EventLogError):
        start(source.format(d=tmp_path), port=0)


@pytest.mark.parametrize("args, words", [
    (["--port", "70000"], "port number"), (["--port", "-1"], "port"), (["--host", "bad host"], "--host"),
    (["--host", "256.1.1.1"], "cannot listen"), (["--name", "a\nb"], "--name"),
])
def test_bad_options_are_one_line_exit_2(store: tuple[str, Director], capsys: pytest.CaptureFixture[str],
                                         args: list[str], words: str) -> None:
    try:
        status = main(["tournament", "serve", store[0], *args])
    except SystemExit as exc:  # a usage error
        status = exc.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_binds_to_this_machine_by_default(server: Running) -> None:
    assert server.server.server_address[0] == "127.0.0.1" and server.url.startswith("http://127.0.0.1:")


def test_the_command_serves_until_terminated(store: tuple[str, Director]) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "pokerengine", "tournament", "serve", store[0], "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("serving http://127.0.0.1:"), line + proc.stderr.read()  # type: ignore[union-attr]
        url = line.split()[1]
        assert json.loads(get(url + "state.json")[2])["players_left"] == 6
    finally:
        proc.terminate()
        assert proc.wait(10) == 0
    assert proc.stderr.read() == ""  # type: ignore[union-attr]


# ------------------------------------------------------------------ every kind of store
@pytest.mark.parametrize("kind", ["file", "sqlite", "postgresql"])
def test_the_page_follows_a_director_on_every_kind_of_store(kind: str, tmp_path: Path) -> None:
    # the three stores: a director writes while the page reads, and the page shows each hand
    if kind == "postgresql":
        import uuid

        from test_stores import postgres_url, with_tournament  # skips without a server, fails in CI

        url = with_tournament(postgres_url(), f"clock-{uuid.uuid4().hex[:12]}")
    else:
        url = str(tmp_path / "events.jsonl") if kind == "file" else f"sqlite:///{tmp_path}/events.db?tournament=t"
    d = director(url)
    running = start(url, port=0, poll=0.05)
    try:
        rng = random.Random(11)
        seen = state(running)["events"]
        for _ in range(3):
            play(d, rng)
            deadline = time.monotonic() + 5
            while state(running)["events"] == seen and time.monotonic() < deadline:
                time.sleep(0.02)
            now = state(running)
            assert now["events"] != seen, f"{kind}: the page did not follow the director"
            assert now["chips_in_play"] == 6000 and now["entrants"] == 6
            seen = now["events"]
    finally:
        running.stop()
        d.close()
