"""What the SQLite and PostgreSQL event stores share: the schema, the version check, reading the rows.

:class:`SQLStore` is the base of :class:`~pokerengine.tournament.sqlite_store.SQLiteStore` and
:class:`~pokerengine.tournament.postgres_store.PostgresStore`; :mod:`pokerengine.tournament.stores`
opens them by a source's scheme.  Each row holds the event's log line exactly as the file would
(with its ``seq`` and ``prev``), and one writer per tournament is enforced by a version number
checked and bumped in the transaction that appends (:class:`~pokerengine.errors.StaleWriterError`
for the loser).
"""

from __future__ import annotations

import datetime
import re
import secrets
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import attrs

from .._checks import shown
from .._json import loads
from ..errors import EventLogError, StaleWriterError, TournamentError
from .events import Event, from_json
from .log import MAX_LINE_BYTES, LogRead, encode, line_hash

MAX_LISTED = 10_000
"""Most tournaments :func:`list_tournaments` returns."""

SCHEMA_VERSION = 1
"""The database schema this version writes and reads (the ``meta`` table's ``schema_version``)."""

_HEX = frozenset("0123456789abcdef")


@attrs.frozen
class StoredTournament:
    """One tournament in a database: its id, its number of events, and when it was created (UTC, ISO 8601)."""

    id: str
    events: int
    created: str


def new_tournament_id() -> str:
    """A fresh id: the UTC time and 48 random bits, e.g. ``'20261123-051502-3f9a1c2b4d5e'``."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return f"{now:%Y%m%d-%H%M%S}-{secrets.token_hex(6)}"


def shown_url(location: str) -> str:
    """A connection URL fit for a message: its password replaced by ``***``, and cut to 200 characters."""
    try:
        parts = urlsplit(location)
        if parts.password is not None:
            host = parts.netloc.rpartition("@")[2]
            location = urlunsplit((parts.scheme, f"{parts.username or ''}:***@{host}", parts.path, parts.query, ""))
    except ValueError:
        location = location.split("@")[-1]
    location = re.sub(r"(password=)[^&]*", r"\1***", location)
    return location if len(location) <= 200 else location[:197] + "..."


class SQLStore:
    """What the SQLite and PostgreSQL stores share: the schema, the version check, reading the rows.

    A subclass sets the SQL dialect and the driver's calls.  Tables::

        meta(key TEXT PRIMARY KEY, value TEXT)                 -- schema_version = 1
        tournaments(id TEXT PRIMARY KEY, version INTEGER, head TEXT, created TEXT)
        events(tournament TEXT, seq INTEGER, body TEXT, PRIMARY KEY (tournament, seq))

    ``version`` is the number of events, ``head`` the SHA-256 of the last event's line (the
    ``prev`` of the next), ``body`` the event's log line with its ``seq`` and ``prev``.
    """

    kind = "database"
    _PARAM = "?"
    _errors: tuple[type[BaseException], ...] = ()
    _SCHEMA: tuple[str, ...] = ()
    _BODY_SIZE = "length(CAST(body AS BLOB))"

    def __init__(self, location: str, tournament: str | None, *, create: bool = False, new: bool = False) -> None:
        self.location = location
        self.tournament = tournament
        self._broken: str | None = None
        self._closed = False
        self._reading = not create
        self._connect(create)
        try:
            with self._guard("opening"):
                self._check_schema(create)
                self._open_tournament(create, new)
                self.read = self._read_all()
        except BaseException:
            self.close()
            raise
        self._version = len(self.read.events)
        self._head = self.read.last_hash

    # ---- what a subclass provides
    def _connect(self, create: bool) -> None:
        raise NotImplementedError

    def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        raise NotImplementedError

    def _tables(self) -> set[str]:
        raise NotImplementedError

    def _begin_write(self) -> None:
        self._execute("BEGIN")

    def _begin_read(self) -> None:
        self._execute("BEGIN")

    def _close(self) -> None:
        raise NotImplementedError

    @property
    def name(self) -> str:
        raise NotImplementedError

    # ---- shared
    def _sql(self, sql: str) -> str:
        return sql if self._PARAM == "?" else sql.replace("?", self._PARAM)

    def _guard(self, doing: str) -> _Guard:
        return _Guard(self, doing)

    def _rollback(self) -> None:
        try:
            self._execute("ROLLBACK")
        except Exception:  # noqa: BLE001 - the connection's state is unknown now
            self._broken = f"{self.name}: a transaction could not be rolled back; this writer stopped (reopen the store)"

    def _check_schema(self, create: bool) -> None:
        tables = self._tables()
        if "meta" not in tables:
            if not create:
                raise EventLogError(f"{self.name}: not a pokerengine event store (no meta table)"
                                    if tables else f"{self.name}: the database holds no tournaments")
            if tables - {"tournaments", "events"}:
                raise EventLogError(f"{self.name}: the database holds other tables and no pokerengine meta table: "
                                    "use a database of its own")
            self._begin_write()
            try:
                self._lock_schema()
                for statement in self._SCHEMA:
                    self._execute(statement)
                self._execute(self._sql("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING"),
                              ("schema_version", str(SCHEMA_VERSION)))
                self._execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        rows = self._execute(self._sql("SELECT value FROM meta WHERE key = ?"), ("schema_version",)).fetchall()
        found = _text(rows[0][0]) if len(rows) == 1 else None
        if found != str(SCHEMA_VERSION):
            raise EventLogError(f"{self.name}: schema version {shown(found)}, this version of pokerengine "
                                f"reads version {SCHEMA_VERSION}")

    def _lock_schema(self) -> None:
        pass

    def _row(self) -> tuple[int, str | None] | None:
        rows = self._execute(self._sql("SELECT version, head FROM tournaments WHERE id = ?"),
                             (self.tournament,)).fetchall()
        if not rows:
            return None
        version, head = rows[0]
        head = None if head is None else _text(head)
        if type(version) is not int or version < 0 or not (
                head is None or (len(head) == 64 and set(head) <= _HEX)) or (head is None) != (version == 0):
            raise EventLogError(f"{self.name}: tournament {shown(self.tournament)} has a corrupt version row "
                                f"(version {shown(version)}, head {shown(head)})")
        return version, head

    def _open_tournament(self, create: bool, new: bool) -> None:
        if self.tournament is None:
            if create:
                self.tournament = new_tournament_id()
            else:
                listed = self.tournaments(limit=6)
                if len(listed) != 1:
                    names = ", ".join(shown(t.id) for t in listed[:5]) + (", ..." if len(listed) > 5 else "")
                    raise EventLogError(f"{self.name}: name the tournament with ?tournament=ID "
                                        + (f"(the database holds {names})" if listed else "(the database holds none)"))
                self.tournament = listed[0].id
        row = self._row()
        if row is None:
            if not create:
                raise EventLogError(f"{self.name}: no tournament {shown(self.tournament)} in the database")
            self._begin_write()
            try:
                self._execute(self._sql("INSERT INTO tournaments (id, version, head, created) VALUES (?, 0, NULL, ?) "
                                        "ON CONFLICT DO NOTHING"),
                              (self.tournament, datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")))
                self._execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        elif new and row[0]:
            raise EventLogError(f"{self.name}: tournament {shown(self.tournament)} already holds {row[0]} events: "
                                "resume it with Tournament.open(source)")

    def _read_all(self) -> LogRead:
        """Every event of the tournament, checked, in one read transaction (a consistent snapshot)."""
        self._begin_read()
        try:
            row = self._row()
            if row is None:
                raise EventLogError(f"{self.name}: tournament {shown(self.tournament)} is gone from the database")
            cursor = self._execute(self._sql(
                f"SELECT seq, CASE WHEN {self._BODY_SIZE} <= ? THEN body END, {self._BODY_SIZE} FROM events "
                "WHERE tournament = ? ORDER BY seq"), (MAX_LINE_BYTES, self.tournament))
            read = read_rows(cursor, f"{self.name} event", *row)
            self._execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return read

    @property
    def version(self) -> int:
        return self._version

    def where(self, seq: int) -> str:
        """How messages name event ``seq`` of this tournament."""
        return f"{self.name} event {seq}"

    def append(self, event: Event) -> None:
        """Append the event in one transaction that checks and bumps the tournament's version.

        Durable when it returns (the transaction committed).  If another writer
        appended since this one read the tournament, raises
        :class:`StaleWriterError` and writes nothing.
        """
        self.append_all((event,))

    def append_all(self, events: Iterable[Event]) -> None:
        """Append the events in one transaction: all of them, or (on any error) none."""
        if self._closed:
            raise EventLogError(f"{self.name}: this writer is closed")
        if self._broken is not None:
            raise EventLogError(self._broken)
        if self._reading:
            raise EventLogError(f"{self.name} was opened for reading only")
        rows = []
        seq, head = self._version, self._head
        for event in events:
            seq += 1
            body = encode(event, seq, head)
            head = line_hash(body)
            rows.append((self.tournament, seq, body.decode("utf-8")))
        if not rows:
            return
        with self._guard("appending"):
            self._begin_write()
            try:
                cursor = self._execute(self._sql("UPDATE tournaments SET version = ?, head = ? WHERE id = ? AND version = ?"),
                                       (seq, head, self.tournament, self._version))
                if cursor.rowcount != 1:
                    row = self._row()
                    self._rollback()
                    found = "gone" if row is None else f"at version {row[0]}"
                    raise StaleWriterError(
                        f"{self.name}: another writer appended to tournament {shown(self.tournament)}: this writer "
                        f"expected version {self._version} and found it {found}; nothing was written "
                        "(reopen it with Tournament.open to see the new events)")
                sql = self._sql("INSERT INTO events (tournament, seq, body) VALUES (?, ?, ?)")
                if len(rows) == 1:
                    self._execute(sql, rows[0])
                else:
                    self._execute_many(sql, rows)
                self._execute("COMMIT")
            except StaleWriterError:
                raise
            except BaseException:
                self._rollback()
                raise
        self._version = seq
        self._head = head

    def _execute_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        for row in rows:
            self._execute(sql, row)

    def repair(self) -> str | None:
        """Nothing to repair: a transaction that did not commit left nothing."""
        return None

    def tournaments(self, limit: int = MAX_LISTED) -> tuple[StoredTournament, ...]:
        """The tournaments in the database, oldest first (at most ``limit``)."""
        rows = self._execute(self._sql("SELECT id, version, created FROM tournaments ORDER BY created, id LIMIT ?"),
                             (limit,)).fetchall()
        return tuple(StoredTournament(_text(i), v if type(v) is int else -1, _text(c)) for i, v, c in rows)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self._close()
            except Exception:  # noqa: BLE001,S110 - closing a broken connection: nothing more to do
                pass

    def __enter__(self) -> SQLStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}, version {self._version}>"


class _Guard:
    """Turns the driver's errors into :class:`EventLogError` naming the store (bounded message)."""

    def __init__(self, store: SQLStore, doing: str) -> None:
        self.store = store
        self.doing = doing

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if exc is not None and isinstance(exc, self.store._errors):
            text = str(exc).strip().replace("\n", " ")[:200]
            raise EventLogError(f"{self.store.name}: {self.doing} failed: {type(exc).__name__}: {text}") from None


def _text(value: object) -> str:
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", "replace")
    return value if isinstance(value, str) else str(value)


def read_rows(rows: Iterable[tuple[Any, Any, Any]], where: str, version: int, head: str | None) -> LogRead:
    """Check a tournament's rows ``(seq, body or None if too long, body size)`` in order: an unbroken
    ``seq`` from 1, each body an event line whose ``seq`` and ``prev`` match, as many as ``version``,
    the last one hashing to ``head``.  ``where`` names an event in messages (``where 3: ...``)."""
    events: list[Event] = []
    seqs: list[int] = []
    last: str | None = None
    size = 0
    for got, body, length in rows:
        seq = len(events) + 1
        at = f"{where} {seq}"
        if got != seq:
            raise EventLogError(f"{at}: missing (the next row is {shown(got)}): an event was deleted")
        if body is None:
            raise EventLogError(f"{at}: longer than {MAX_LINE_BYTES:,} bytes ({shown(length)})")
        if isinstance(body, str):
            try:
                data = body.encode("utf-8")
            except UnicodeEncodeError:
                raise EventLogError(f"{at}: not valid Unicode text") from None
        elif isinstance(body, (bytes, bytearray, memoryview)):
            data = bytes(body)
        else:
            raise EventLogError(f"{at}: the row's body is not text ({type(body).__name__})")
        obj = loads(data, what=at, error=EventLogError, floats=False, max_bytes=MAX_LINE_BYTES)
        events.append(_row_event(obj, at, seq, last))
        seqs.append(seq)
        last = line_hash(data)
        size += len(data) + 1
    if len(events) != version:
        raise EventLogError(f"{where}s: the tournament holds {len(events)} events where its version says {version}: "
                            "events were deleted or added behind the store")
    if last != head:
        raise EventLogError(f"{where} {len(events)}: does not hash to the tournament's head: the last event was changed")
    return LogRead(tuple(events), tuple(seqs), valid_bytes=size, last_hash=last, size=size)


def _row_event(obj: object, at: str, seq: int, prev: str | None) -> Event:
    if type(obj) is not dict:
        raise EventLogError(f"{at}: an event must be a JSON object, got {type(obj).__name__}")
    got_seq = obj.pop("seq", None)
    if got_seq != seq or type(got_seq) is not int:
        raise EventLogError(f"{at}: the line's seq is {shown(got_seq)} where {seq} was expected")
    got_prev = obj.pop("prev", None)
    if got_prev != prev:
        raise EventLogError(f"{at}: the line's prev does not match the event before it: an event was changed")
    try:
        return from_json(obj)
    except TournamentError as exc:
        raise EventLogError(f"{at}: {exc}") from None
