"""The PostgreSQL event store (``psycopg`` 3, the ``postgres`` extra): for servers on several machines.

The same tables and guarantees as the SQLite store
(:class:`~pokerengine.tournament.sql_store.SQLStore`): each append is one
transaction that updates the tournament's version where it is still the
writer's (a row lock: a concurrent writer waits, then finds the version
changed and gets :class:`~pokerengine.errors.StaleWriterError`), inserts the
event's row and commits; the commit is durable as the server's
``synchronous_commit`` makes it (``on`` by default).  The source is
``postgresql://user@host:port/db?tournament=ID``; every other query parameter
goes to libpq.  ``psycopg`` is imported only when such a store is opened.
"""

from __future__ import annotations

from typing import Any

from ..errors import EventLogError
from .sql_store import SQLStore, shown_url

CONNECT_SECONDS = 10
"""How long connecting may take."""

_SCHEMA_LOCK = 0x706F6B6572  # the advisory lock taken while creating the tables ("poker")


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise EventLogError("the PostgreSQL store needs psycopg: pip install 'pokerengine-exact[postgres]'") from None
    return psycopg


class PostgresStore(SQLStore):
    """One tournament in a PostgreSQL database (see the module docs)."""

    kind = "postgresql"
    _PARAM = "%s"
    _BODY_SIZE = "octet_length(body)"
    _SCHEMA = (
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS tournaments (id TEXT PRIMARY KEY, version BIGINT NOT NULL, head TEXT, "
        "created TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS events (tournament TEXT NOT NULL, seq BIGINT NOT NULL, body TEXT NOT NULL, "
        "PRIMARY KEY (tournament, seq))",
    )

    def _connect(self, create: bool) -> None:
        psycopg = _psycopg()
        self._errors = (psycopg.Error,)
        with self._guard("connecting"):
            self._conn = psycopg.connect(self.location, autocommit=True, connect_timeout=CONNECT_SECONDS)

    @property
    def name(self) -> str:
        query = "" if self.tournament is None else f"?tournament={self.tournament}"
        return shown_url(self.location.partition("?")[0]) + query

    def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._conn.execute(sql, params, prepare=True)

    def _tables(self) -> set[str]:
        rows = self._execute("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
        return {str(r[0]) for r in rows.fetchall()}

    def _begin_read(self) -> None:
        self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def _lock_schema(self) -> None:
        self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))

    def _close(self) -> None:
        self._conn.close()

    def _execute_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        with self._conn.cursor() as cursor:
            cursor.executemany(sql, rows)
