"""The PostgreSQL store against a real server (``scripts/postgres-test-server.sh``).

The contract tests shared with the other stores are in ``test_stores.py`` (``[postgresql]``);
here: writers killed and racing across processes, concurrent schema creation, and the
messages when psycopg or the server is missing.  Skipped without ``POKERENGINE_POSTGRES_URL``,
except under ``CI`` or ``POKERENGINE_REQUIRE_POSTGRES=1``, where a missing server fails.
"""

from __future__ import annotations

import os
import sys
import time
import uuid

import pytest
from test_stores import postgres_url, with_tournament
from test_stores_faults import _child, _read_all, kill_writers, race_freely, race_in_lockstep

from pokerengine.errors import EventLogError
from pokerengine.tournament import EquityConfig, Tournament
from pokerengine.tournament.stores import list_tournaments, open_store

OFF = EquityConfig.off()
fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


@pytest.fixture
def pg() -> str:
    return postgres_url()


def _fresh(url: str) -> str:
    return with_tournament(url, f"pg-{uuid.uuid4().hex[:12]}")


def _sessions_ended(pg: str, name: str) -> None:
    """Wait (up to 30 s) until the server holds no session named ``name``: a killed writer's is gone."""
    import psycopg

    deadline = time.monotonic() + 30
    with psycopg.connect(pg, autocommit=True) as conn:
        while conn.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                           (name,)).fetchone() != (0,):
            assert time.monotonic() < deadline, f"the server kept a killed writer's session ({name}) 30 s"
            time.sleep(0.01)


@fork_only
def test_sigkill_at_random_points_loses_no_acknowledged_postgres_event(pg):
    run = uuid.uuid4().hex[:8]
    name = f"pokerengine-killed-{run}"  # libpq names the writers' sessions from PGAPPNAME
    total = kill_writers(lambda k: with_tournament(pg, f"kill-{run}-{k}"), 10, seed=4,
                         env={"PGAPPNAME": name}, settle=lambda url: _sessions_ended(pg, name))
    assert total > 10


@fork_only
def test_two_processes_racing_on_one_postgres_tournament(pg):
    race_in_lockstep(_fresh(pg), 15)
    race_freely(_fresh(pg), 40)


def _opener(ack: int, url: str) -> None:
    store = open_store(url, create=True)
    store.close()
    os.write(ack, b"ok\n")


@fork_only
def test_processes_creating_the_tables_at_once_all_succeed(pg):
    import psycopg

    schema = f"s_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        url = f"{pg}{'&' if '?' in pg else '?'}options=-csearch_path%3D{schema}"
        kids = [_child(_opener, with_tournament(url, f"t{i}")) for i in range(4)]
        for pid, r in kids:
            assert _read_all(r) == ["ok"]
            os.waitpid(pid, 0)
        assert sorted(t.id for t in list_tournaments(url)) == ["t0", "t1", "t2", "t3"]
    finally:
        with psycopg.connect(pg, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_a_damaged_postgres_row_names_the_event(pg):
    import psycopg

    url = _fresh(pg)
    t = Tournament(url, equity=OFF)
    t.start([100], {"ann": 10, "bob": 10})
    t.hand("A", {"ann": 15, "bob": 5})
    t.close()
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute("UPDATE events SET body = replace(body, '\"ann\": 15', '\"ann\": 16') WHERE tournament = %s AND seq = 2",
                      (url.rpartition("tournament=")[2],))
    with pytest.raises(EventLogError, match=r"event 2: does not hash to the tournament's head"):
        Tournament.replay(url)


def test_without_psycopg_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now raises ImportError
    with pytest.raises(EventLogError, match=r"needs psycopg: pip install 'pokerengine-exact\[postgres\]'"):
        open_store("postgresql://u@127.0.0.1:1/db?tournament=t")


def test_a_server_that_is_not_there_is_an_error_without_the_password():
    pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")
    with pytest.raises(EventLogError, match=r"postgresql://u:\*\*\*@127.0.0.1:1/db\?tournament=t: connecting failed") as info:
        open_store("postgresql://u:secret@127.0.0.1:1/db?tournament=t&connect_timeout=2")
    assert "secret" not in str(info.value)
