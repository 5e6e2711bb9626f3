"""The SQLite event store (standard library ``sqlite3``): many tournaments in one database file.

The database is in WAL mode with ``synchronous=FULL``: each append is one
``BEGIN IMMEDIATE`` transaction (update the tournament's version where it is
still the writer's, insert the event's row, commit), durable when ``append``
returns.  Writers wait up to :data:`BUSY_SECONDS` for another's transaction.  A store
may be handed from thread to thread, but used by one at a time (like its tournament).
Schema and guarantees: :class:`~pokerengine.tournament.sql_store.SQLStore` and
``docs/tournament.md`` ("Event stores").

>>> import tempfile, os
>>> from pokerengine.tournament import Tournament, EquityConfig
>>> folder = tempfile.mkdtemp()
>>> url = f"sqlite:///{folder}/events.db?tournament=sunday"
>>> t = Tournament(url, equity=EquityConfig.off())
>>> _ = t.start([100], {"ann": 500, "bob": 500})
>>> _ = t.hand("A", {"ann": 1000, "bob": 0})
>>> t.close()
>>> Tournament.replay(url).state() == t.state()
True
"""

from __future__ import annotations

import os
import sqlite3
import time
from typing import Any
from urllib.parse import quote

from ..errors import EventLogError
from .sql_store import SQLStore

BUSY_SECONDS = 10.0
"""How long a writer waits for another's transaction before its append fails."""


class SQLiteStore(SQLStore):
    """One tournament in an SQLite database file (see the module docs)."""

    kind = "sqlite"
    _errors = (sqlite3.Error,)
    _SCHEMA = (
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS tournaments (id TEXT PRIMARY KEY, version INTEGER NOT NULL, head TEXT, "
        "created TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS events (tournament TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, "
        "PRIMARY KEY (tournament, seq))",
    )

    def _connect(self, create: bool) -> None:
        path = self.location
        with self._guard("opening"):
            if not create:
                if not os.path.isfile(path):
                    raise EventLogError(f"{self.name}: no such database file")
                # Reading changes no file.  A read-only connection to a WAL database would create the
                # -wal and -shm files beside it (and could not remove them); with no writer connected
                # (no -wal or -shm file: every event is in the database file) it opens the file as
                # immutable, which creates nothing.  With a writer connected those files exist already.
                busy = os.path.exists(path + "-wal") or os.path.exists(path + "-shm")
                self._conn = sqlite3.connect(f"file:{quote(path)}?mode=ro{'' if busy else '&immutable=1'}", uri=True,
                                             isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False)
            else:
                self._conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False)
            self._conn.text_factory = bytes
            if create:
                try:
                    mode = self._wal()
                    self._conn.execute("PRAGMA synchronous=FULL")
                except BaseException:
                    self._conn.close()
                    raise
                if mode is None or mode[0] not in (b"wal", "wal"):
                    self._conn.close()
                    raise EventLogError(f"{self.name}: the database cannot use WAL mode (got {mode!r})")

    def _wal(self) -> Any:
        """Switch to WAL mode; retried, since SQLite may refuse it at once while another connection does the same."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                return self._conn.execute("PRAGMA journal_mode=WAL").fetchone()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
            time.sleep(0.005)

    @property
    def name(self) -> str:
        path = self.location if len(self.location) <= 200 else "..." + self.location[-197:]
        query = "" if self.tournament is None else f"?tournament={self.tournament}"
        return f"sqlite:///{path}{query}"

    def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._conn.execute(sql, params)

    def _tables(self) -> set[str]:
        rows = self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return {r[0].decode("utf-8", "replace") if isinstance(r[0], bytes) else str(r[0]) for r in rows}

    def _begin_write(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def _close(self) -> None:
        self._conn.close()

    def _execute_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self._conn.executemany(sql, rows)
