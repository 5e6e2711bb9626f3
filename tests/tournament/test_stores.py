"""The event stores: one interface, three stores (a JSON-lines file, SQLite, PostgreSQL).

The contract tests run against every store (``kind``); PostgreSQL's need a server:
``export POKERENGINE_POSTGRES_URL="$(scripts/postgres-test-server.sh)"``.  Without one they
skip, saying so, except under ``CI`` or ``POKERENGINE_REQUIRE_POSTGRES=1``, where they fail.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tournament_events import EXAMPLES
from test_tournament_properties import _play

from pokerengine.cli import main
from pokerengine.errors import EventLogError, StaleWriterError, TournamentError
from pokerengine.tournament import EquityConfig, Entrant, Start, Tournament, read_log
from pokerengine.tournament.stores import (
    EventStore,
    FileStore,
    SQLStore,
    copy,
    list_tournaments,
    open_store,
    parse_source,
)

OFF = EquityConfig.off()
KINDS = ("file", "sqlite", "postgresql")


def postgres_url() -> str:
    """The test server's URL; skip without one, but fail where a server is required (CI)."""
    url = os.environ.get("POKERENGINE_POSTGRES_URL", "")
    required = bool(os.environ.get("CI")) or os.environ.get("POKERENGINE_REQUIRE_POSTGRES") == "1"
    why = None
    if not url:
        why = ("POKERENGINE_POSTGRES_URL is not set: start a server with "
               'export POKERENGINE_POSTGRES_URL="$(scripts/postgres-test-server.sh)"')
    else:
        try:
            import psycopg
        except ImportError:
            why = "psycopg is not installed (pip install 'pokerengine-exact[postgres]')"
        else:
            try:
                psycopg.connect(url, connect_timeout=5).close()
            except psycopg.Error as exc:
                why = f"cannot connect to POKERENGINE_POSTGRES_URL: {str(exc).strip()[:200]}"
    if why is not None:
        if required:
            pytest.fail(f"PostgreSQL is required here (CI or POKERENGINE_REQUIRE_POSTGRES=1): {why}")
        pytest.skip(why)
    return url


def with_tournament(url: str, tournament: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}tournament={tournament}"


class Sources:
    """Names fresh tournaments in one kind of store: ``make("x")`` is a source string."""

    def __init__(self, kind: str, tmp_path) -> None:
        self.kind = kind
        self.tmp = tmp_path
        self.base = postgres_url() if kind == "postgresql" else None
        self.run = uuid.uuid4().hex[:10]

    def make(self, name: str) -> str:
        if self.kind == "file":
            return str(self.tmp / f"{name}.jsonl")
        if self.kind == "sqlite":
            return f"sqlite:///{self.tmp}/stores.db?tournament={name}"
        assert self.base is not None
        return with_tournament(self.base, f"{self.run}-{name}")


@pytest.fixture(params=KINDS)
def sources(request, tmp_path) -> Sources:
    return Sources(request.param, tmp_path)


def _play_some(t: Tournament) -> None:
    """A short tournament: chips move, dan busts (4th), a chip chop between three, then the end."""
    t.start([500, 300, 200], {"ann": 1000, "bob": 1000, "cat": 1000, "dan": 1000})
    t.hand("A", {"ann": 1500, "dan": 500})
    t.hand("A", deltas={"bob": 200, "cat": -200})
    t.hand("A", {"ann": 2000, "dan": 0})  # dan 4th, prize 0
    t.hand_for_hand(True)
    t.hand_for_hand(False)


# ------------------------------------------------------------------ every store
def test_every_event_type_round_trips(sources):
    # The events are stored as they are: the store checks lines, not the rules.
    events = [event for _, event in EXAMPLES]
    store = open_store(sources.make("rt"), create=True)
    assert isinstance(store, EventStore) and store.version == 0
    for event in events:
        store.append(event)
    assert store.version == len(events)
    store.close()
    again = open_store(sources.make("rt"))
    try:
        assert list(again.read.events) == events and again.version == len(events)
        assert again.read.lines == tuple(range(1, len(events) + 1))
        with pytest.raises(EventLogError):
            again.append(events[0])  # opened to read
    finally:
        again.close()


def test_a_live_tournament_replays_and_resumes_from_its_store(sources):
    url = sources.make("live")
    t = Tournament(url, equity=OFF)
    _play_some(t)
    state = t.state()
    t.close()
    assert Tournament.replay(url, equity=OFF).state() == state
    resumed = Tournament.open(url, equity=OFF)
    assert resumed.state() == state and resumed.recovery is not None and resumed.recovery.events == 6
    # Chip chop of 500 + 300 + 200: each gets the last prize (200), the other 400 goes by chips
    # 2000 : 1200 : 800 of 4000, so ann 200 + 200, bob 200 + 120, cat 200 + 80.
    resumed.deal("chips", keep=0)
    assert resumed.status == "finished"
    assert resumed.payouts() == {"ann": 400, "bob": 320, "cat": 280, "dan": 0}
    final = resumed.state()
    resumed.close()
    assert Tournament.replay(url, equity=OFF).state() == final


def test_a_new_tournament_refuses_a_store_that_holds_events(sources):
    url = sources.make("twice")
    t = Tournament(url, equity=OFF)
    t.start([100], {"ann": 10, "bob": 10})
    t.close()
    with pytest.raises(TournamentError, match="already holds"):
        Tournament(url, equity=OFF)
    store = open_store(url, create=True)
    try:
        with pytest.raises(TournamentError, match="already holds"):
            Tournament(store, equity=OFF)
    finally:
        store.close()
    assert len(Tournament.replay(url, equity=OFF).events) == 1


def test_a_stale_writer_is_refused_and_writes_nothing(sources):
    url = sources.make("stale")
    if sources.kind == "file":  # one writer by the file's lock: a second is refused when it opens
        first = Tournament(url, equity=OFF)
        first.start([100], {"ann": 100, "bob": 100})
        with pytest.raises(EventLogError, match="locked by another writer"):
            Tournament.open(url, equity=OFF)
        first.close()
        assert len(Tournament.replay(url, equity=OFF).events) == 1
        return
    first = Tournament(url, equity=OFF)
    first.start([100], {"ann": 100, "bob": 100})
    second = Tournament.open(url, equity=OFF)
    first.hand("A", {"ann": 150, "bob": 50})
    before = second.state()
    with pytest.raises(StaleWriterError, match=r"expected version 1 and found it at version 2.*nothing was written"):
        second.hand("A", {"ann": 50, "bob": 150})
    assert second.state() == before  # refused: nothing changed in memory either
    assert Tournament.replay(url, equity=OFF).state() == first.state()
    second.close()
    second = Tournament.open(url, equity=OFF)  # a fresh read sees the winner's event and goes on
    second.hand("A", {"ann": 200, "bob": 0})
    assert second.status == "finished"
    first.close()
    second.close()
    assert Tournament.replay(url, equity=OFF).payouts() == {"ann": 100, "bob": 0}


@settings(max_examples=20 if os.environ.get("POKERENGINE_HYPOTHESIS", "ci") == "ci" else settings().max_examples)
@given(st.data())
def test_replay_from_each_store_equals_the_live_state(tmp_path_factory, data):
    d = _play(data, 30)
    folder = tmp_path_factory.mktemp("replay")
    kinds = ("file", "sqlite") + (("postgresql",) if os.environ.get("POKERENGINE_POSTGRES_URL") else ())
    for kind in kinds:
        url = Sources(kind, folder).make("t")
        store = open_store(url, create=True, new=True)
        try:
            if isinstance(store, SQLStore):
                store.append_all(d.t.events)
            else:
                for event in d.t.events:
                    store.append(event)
        finally:
            store.close()
        assert Tournament.replay(url, equity=OFF).state() == d.t.state(), kind


def test_copy_between_every_pair_of_stores_keeps_the_lines(tmp_path):
    have_pg = bool(os.environ.get("POKERENGINE_POSTGRES_URL"))
    kinds = [k for k in KINDS if k != "postgresql" or have_pg]
    origin = tmp_path / "origin.jsonl"
    t = Tournament(str(origin), equity=OFF)
    _play_some(t)
    t.close()
    lines = origin.read_bytes()
    for i, (a, b) in enumerate(itertools.product(kinds, kinds)):
        src = Sources(a, tmp_path).make(f"a{i}")
        dst = Sources(b, tmp_path).make(f"b{i}")
        assert copy(str(origin), src)[1] == 6
        name, n = copy(src, dst)
        assert n == 6 and (name is None) == (b == "file")
        back = tmp_path / f"back{i}.jsonl"
        copy(dst, str(back))
        assert back.read_bytes() == lines, (a, b)  # every store keeps each line byte for byte
        with pytest.raises(TournamentError, match="already holds"):
            copy(src, dst)


# ------------------------------------------------------------------ SQLite
def _sqlite(tmp_path, name: str = "t") -> str:
    return f"sqlite:///{tmp_path}/events.db?tournament={name}"


def test_many_tournaments_in_one_sqlite_file(tmp_path):
    urls = [_sqlite(tmp_path, f"event-{i}") for i in range(30)]
    ts = [Tournament(u, equity=OFF) for u in urls]
    for i, t in enumerate(ts):
        t.start([100], {"ann": 100 + i, "bob": 100})
    for step in range(3):  # interleaved appends: each tournament keeps its own sequence
        for i, t in enumerate(ts):
            t.hand("A", deltas={"ann": 1, "bob": -1} if step % 2 else {"ann": -1, "bob": 1})
    for t in ts:
        t.close()
    listed = list_tournaments(f"sqlite:///{tmp_path}/events.db")
    assert sorted(s.id for s in listed) == sorted(f"event-{i}" for i in range(30))
    assert {s.events for s in listed} == {4}
    for i, (u, t) in enumerate(zip(urls, ts)):
        again = Tournament.replay(u, equity=OFF)
        assert again.state() == t.state() and again.stacks == {"ann": 100 + i - 1, "bob": 101}
    with pytest.raises(EventLogError, match="name the tournament with"):
        Tournament.replay(f"sqlite:///{tmp_path}/events.db")


def test_sqlite_is_durable_wal_and_reading_changes_nothing(tmp_path):
    url = _sqlite(tmp_path)
    store = open_store(url, create=True)
    assert isinstance(store, SQLStore)
    conn = store._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] in ("wal", b"wal")
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: each commit is fsynced
    store.close()
    with pytest.raises(EventLogError, match="no such database file"):
        open_store(f"sqlite:///{tmp_path}/missing.db?tournament=t")
    assert not (tmp_path / "missing.db").exists()
    # Without an id a new tournament gets one; a reader finds it alone in the database.
    made = open_store(f"sqlite:///{tmp_path}/fresh.db", create=True)
    made.append(Start((100,), (Entrant("ann", 10), Entrant("bob", 10))))
    made.close()
    assert made.tournament and len(made.tournament) > 12
    assert Tournament.replay(f"sqlite:///{tmp_path}/fresh.db").field == 2


def _db_with_events(tmp_path) -> tuple[str, str]:
    url = _sqlite(tmp_path)
    t = Tournament(url, equity=OFF)
    _play_some(t)
    t.close()
    return url, str(tmp_path / "events.db")


def _sql(path: str, statement: str, params=()) -> None:
    conn = sqlite3.connect(path)
    conn.execute(statement, params)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("statement", "message"), [
    ("UPDATE events SET body = replace(body, '\"event\": \"hand\"', '\"event\": \"nope\"') WHERE seq = 2",
     r"tournament=t event 2: unknown event 'nope'"),
    ("UPDATE events SET body = '{\"event\": \"hand\"' WHERE seq = 3", r"event 3: .*JSON"),
    ("UPDATE events SET body = replace(body, '1500', '1600') WHERE seq = 2",
     r"event 3: the line's prev does not match"),
    ("UPDATE events SET body = replace(body, '\"on\": false', '\"on\":  false') WHERE seq = 6",
     r"event 6: does not hash to the tournament's head"),
    ("DELETE FROM events WHERE seq = 4", r"event 4: missing"),
    ("DELETE FROM events WHERE seq = 6", r"holds 5 events where its version says 6"),
    ("UPDATE tournaments SET version = 9", r"holds 6 events where its version says 9"),
    ("UPDATE tournaments SET version = 'x'", r"corrupt version row"),
    ("UPDATE events SET body = X'7bff7d' WHERE seq = 1", r"event 1: not valid UTF-8"),
    ("UPDATE events SET body = '[1]' WHERE seq = 1", r"event 1: an event must be a JSON object, got list"),
    ("UPDATE events SET seq = 7 WHERE seq = 6", r"event 6: missing"),
    ("UPDATE meta SET value = '2'", r"schema version '2', this version of pokerengine reads version 1"),
    ("DROP TABLE events", r"opening failed: OperationalError: no such table: events"),
])
def test_a_damaged_sqlite_store_is_an_error_naming_the_event(tmp_path, capsys, statement, message):
    url, path = _db_with_events(tmp_path)
    _sql(path, statement)
    with pytest.raises(EventLogError, match=message):
        Tournament.replay(url)
    with pytest.raises(EventLogError, match=message):
        Tournament.open(url)
    code = main(["tournament", url])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("pokerengine: error: ")


def test_an_event_the_rules_refuse_is_named_by_tournament_and_number(tmp_path):
    url, path = _db_with_events(tmp_path)
    store = open_store(url, create=True)
    store.append(EXAMPLES[0][1])  # a second start: stored (a store does not know the rules) ...
    store.close()
    with pytest.raises(EventLogError, match=r"sqlite:///.*events.db\?tournament=t event 7: the tournament has already started"):
        Tournament.replay(url)  # ... and refused by the replay, which names it


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeros", "empty-header"])
def test_a_corrupt_sqlite_file_is_one_line_at_the_cli(tmp_path, capsys, damage):
    url, path = _db_with_events(tmp_path)
    data = open(path, "rb").read()
    data = {"garbage": os.urandom(4096), "truncated": data[:1000], "zeros": bytes(len(data)),
            "empty-header": b"SQLite format 3\x00" + bytes(84)}[damage]
    with open(path, "wb") as f:
        f.write(data)
    for leftover in ("-wal", "-shm"):
        if os.path.exists(path + leftover):
            os.remove(path + leftover)
    with pytest.raises(EventLogError):
        Tournament.replay(url)
    for argv in (["tournament", url], ["tournament", "copy", url, str(tmp_path / "out.jsonl")]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2 and err.count("\n") == 1 and err.startswith("pokerengine: error: "), (argv, err)


def test_a_database_that_is_not_a_store_is_refused(tmp_path):
    path = tmp_path / "other.db"
    _sql(str(path), "CREATE TABLE users (id INTEGER)")
    for create in (False, True):
        with pytest.raises(EventLogError, match="not a pokerengine event store|other tables"):
            open_store(f"sqlite:///{path}?tournament=t", create=create)


# ------------------------------------------------------------------ sources
@pytest.mark.parametrize(("source", "message"), [
    ("sqlite://host/x.db", "no host"),
    ("sqlite:///", "no database file"),
    ("sqlite:///x.db?foo=1", "unknown parameter 'foo'"),
    ("sqlite:///x.db?tournament=a&tournament=b", "given 2 times"),
    ("sqlite:///x.db?tournament=", "non-empty string"),
    ("sqlite:///x.db?tournament=" + "x" * 200, "at most 128 characters"),
    ("sqlite:///x.db?tournament=a%0Ab", "printable"),
    ("sqlite:///x.db?tournament=%ff", "bad query string"),
    ("sqlite:///x.db#frag", "fragment"),
    ("sqlite:///x%00.db", "NUL|no database file"),
    ("mysql://h/db", "unknown store 'mysql://'"),
    ("postgresql://h:99999/db", "out of range"),
    ("postgresql://h/db?tournament=a#x", "fragment"),
    ("x" * 5000, "more than 4,096"),
    ("", "empty"),
])
def test_hostile_sources_are_event_log_errors(source, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where a relative database would be made, were one accepted
    with pytest.raises(EventLogError, match=message) as info:
        open_store(source, create=True)
    assert len(str(info.value)) < 400 and list(tmp_path.iterdir()) == []


@given(st.text(max_size=60))
def test_any_query_string_parses_or_is_refused(text):
    for prefix in ("sqlite:///x.db?", "postgresql://u@h/db?", "sqlite:///"):
        try:
            parse_source(prefix + text)
        except EventLogError as exc:
            assert len(str(exc)) < 400


def test_sources_keep_paths_and_pass_postgres_parameters_on():
    assert parse_source("sqlite:////abs/x.db?tournament=t").location == "/abs/x.db"
    assert parse_source("sqlite:///rel/x%20y.db").location == "rel/x y.db"
    src = parse_source("postgresql://u:pw@h:5433/db?sslmode=disable&tournament=main&application_name=td")
    assert src.tournament == "main"
    assert src.location == "postgresql://u:pw@h:5433/db?sslmode=disable&application_name=td"
    assert parse_source("./copy").kind == "file" and parse_source("C:\\logs\\t.jsonl").kind == "file"


def test_a_file_store_is_the_event_log_unchanged(tmp_path):
    path = tmp_path / "t.jsonl"
    store = open_store(str(path), create=True)
    assert isinstance(store, FileStore)
    t = Tournament(store, equity=OFF)
    _play_some(t)
    t.close()
    assert read_log(str(path)).events == t.events
    with pytest.raises(EventLogError, match="one tournament"):
        open_store(str(path), tournament="x")


# ------------------------------------------------------------------ command line
def test_cli_reads_any_store_and_copies(tmp_path, capsys, monkeypatch):
    log = tmp_path / "t.jsonl"
    t = Tournament(str(log), equity=OFF)
    _play_some(t)
    t.close()
    url = _sqlite(tmp_path, "copied")
    assert main(["tournament", "copy", str(log), url]) == 0
    assert capsys.readouterr().out == "copied 6 events to tournament copied\n"
    assert main(["tournament", str(log), "--json", "--no-equity"]) == 0
    from_file = capsys.readouterr().out
    assert main(["tournament", url, "--json", "--no-equity"]) == 0
    assert capsys.readouterr().out == from_file
    code = main(["tournament", "copy", str(log), url])
    err = capsys.readouterr().err
    assert code == 2 and "already holds 6 events" in err and err.count("\n") == 1
    # A log file named copy: ./copy reads it; copy with too few arguments is a usage error.
    monkeypatch.chdir(tmp_path)
    os.rename(log, tmp_path / "copy")
    assert main(["tournament", "./copy", "--json", "--no-equity"]) == 0
    assert capsys.readouterr().out == from_file
    with pytest.raises(SystemExit, match="2"):
        main(["tournament", "copy", "./copy"])
    assert "required: DEST" in capsys.readouterr().err
    assert main(["tournament", "copy", "-", url]) == 2
    assert main(["tournament", "copy", str(tmp_path / "none.jsonl"), _sqlite(tmp_path, "x")]) == 2
    assert capsys.readouterr().err.count("\n") == 2


def test_a_sqlite_tournament_can_be_handed_to_another_thread(tmp_path):
    import threading

    url = _sqlite(tmp_path)
    t = Tournament(url, equity=OFF)
    t.start([100], {"ann": 100, "bob": 100})
    errors = []

    def play():
        try:
            t.hand("A", {"ann": 200, "bob": 0})
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    worker = threading.Thread(target=play)
    worker.start()
    worker.join()
    t.close()
    assert errors == [] and Tournament.replay(url, equity=OFF).status == "finished"


def test_reading_a_sqlite_store_leaves_no_wal_or_shm_file(tmp_path, capsys):
    # Regression: reading (pokerengine tournament sqlite:///...) left events.db-wal and events.db-shm beside it
    url, path = _db_with_events(tmp_path)
    before = sorted(os.listdir(tmp_path))
    assert before == ["events.db"]
    state = Tournament.replay(url).state()
    assert main(["tournament", url, "--no-equity"]) == 0
    assert sorted(os.listdir(tmp_path)) == before
    # With a writer connected (its -wal and -shm exist), a reader still sees every committed event.
    writer = open_store(url, create=True)
    try:
        assert Tournament.replay(url).state() == state
    finally:
        writer.close()
    assert sorted(os.listdir(tmp_path)) == before
