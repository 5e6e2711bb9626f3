"""Event stores: where a tournament's events are kept, behind one small interface.

Three stores, named by a *source* string (see ``docs/tournament.md``, "Event stores"):

* a file path: the JSON-lines log (:class:`~pokerengine.tournament.log.EventLog`, one
  tournament per file, one writer per file by an OS lock);
* ``sqlite:///relative.db?tournament=ID`` or ``sqlite:////absolute.db?tournament=ID``: an SQLite
  database holding many tournaments (:mod:`.sqlite_store`);
* ``postgresql://user@host:port/db?tournament=ID``: a PostgreSQL database (:mod:`.postgres_store`,
  the ``postgres`` extra).

Every store gives the same :class:`~pokerengine.tournament.log.LogRead` and takes the same
events.  In the two databases each row holds the event's log line exactly as the file would
(with its ``seq`` and ``prev``), so a tournament copied between stores keeps its lines, and
one writer per tournament is enforced by a version number checked and bumped in the
transaction that appends (:class:`~pokerengine.errors.StaleWriterError` for the loser).

>>> parse_source("sqlite:///events.db?tournament=main-event")
Source(kind='sqlite', location='events.db', tournament='main-event')
>>> parse_source("sqlite:////var/lib/poker/events.db").location
'/var/lib/poker/events.db'
>>> parse_source("event-42.jsonl")
Source(kind='file', location='event-42.jsonl', tournament=None)
>>> parse_source("ftp://x/y")
Traceback (most recent call last):
...
pokerengine.errors.EventLogError: unknown store 'ftp://': a source is a file path, sqlite:///FILE?tournament=ID or postgresql://...?tournament=ID
"""

from __future__ import annotations

import datetime
import os
import re
import secrets
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable
from urllib.parse import parse_qsl, quote, unquote, urlsplit, urlunsplit

import attrs

from .._checks import shown
from .._json import loads
from ..errors import EventLogError, StaleWriterError, TournamentError
from .events import Event, from_json, player_id
from .log import MAX_LINE_BYTES, EventLog, LogRead, encode, line_hash, read_log

MAX_SOURCE = 4096
"""Longest source string (a path or a URL), in characters."""

MAX_LISTED = 10_000
"""Most tournaments :func:`list_tournaments` returns."""

SCHEMA_VERSION = 1
"""The database schema this version writes and reads (the ``meta`` table's ``schema_version``)."""

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_HEX = frozenset("0123456789abcdef")


@runtime_checkable
class EventStore(Protocol):
    """What :class:`~pokerengine.tournament.Tournament` needs from a store.

    ``read`` is what the store held when it was opened; ``version`` the number
    of events it holds now (as far as this writer knows); ``append`` makes the
    event durable (for a durable store) before it returns, or raises and writes
    nothing; ``repair`` makes the store ready for appends after a crash (and
    returns a file it moved torn bytes to, if any); ``close`` releases it.
    """

    read: LogRead

    @property
    def version(self) -> int: ...

    def append(self, event: Event) -> None: ...

    def repair(self) -> str | None: ...

    def close(self) -> None: ...


@attrs.frozen
class Source:
    """A parsed source: ``kind`` is ``file``, ``sqlite`` or ``postgresql``; ``location`` the path or the
    connection URL (without ``tournament``); ``tournament`` the id asked for, if any."""

    kind: str
    location: str
    tournament: str | None = None


@attrs.frozen
class StoredTournament:
    """One tournament in a database: its id, its number of events, and when it was created (UTC, ISO 8601)."""

    id: str
    events: int
    created: str


def is_url(source: object) -> bool:
    """Whether ``source`` is a string naming a database store (or another ``scheme://`` URL) rather than a path."""
    return isinstance(source, str) and _SCHEME.match(source) is not None


def tournament_id(value: object) -> str:
    """A tournament id: like a player id, a non-empty string of at most 128 characters, but printable."""
    try:
        text = player_id(value, "tournament id")
    except TournamentError as exc:
        raise EventLogError(str(exc)) from None
    if not text.isprintable():
        raise EventLogError(f"tournament id must be printable text, got {shown(text)}")
    return text


def new_tournament_id() -> str:
    """A fresh id: the UTC time and 48 random bits, e.g. ``'20261123-051502-3f9a1c2b4d5e'``."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return f"{now:%Y%m%d-%H%M%S}-{secrets.token_hex(6)}"


def parse_source(source: object) -> Source:
    """Parse a source string (or path); :class:`EventLogError` if it is not one."""
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise EventLogError(f"a store is named by a path or a URL, got {type(source).__name__}")
    if not source:
        raise EventLogError("the store's name is empty")
    if len(source) > MAX_SOURCE:
        raise EventLogError(f"the store's name is {len(source):,} characters, more than {MAX_SOURCE:,}")
    if "\x00" in source:
        raise EventLogError("the store's name holds a NUL character")
    match = _SCHEME.match(source)
    if match is None:
        return Source("file", source)
    scheme = match.group()[:-3].lower()
    if scheme == "sqlite":
        return _parse_sqlite(source)
    if scheme in ("postgresql", "postgres"):
        return _parse_postgres(source)
    raise EventLogError(f"unknown store {shown(match.group())}: a source is a file path, "
                        "sqlite:///FILE?tournament=ID or postgresql://...?tournament=ID")


def _query(query: str, what: str) -> list[tuple[str, str]]:
    try:
        return parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query), max_num_fields=64,
                         errors="strict")
    except ValueError as exc:
        raise EventLogError(f"{what}: bad query string ({str(exc)[:100]})") from None


def _tournament_param(pairs: list[tuple[str, str]], what: str) -> str | None:
    found = [v for k, v in pairs if k == "tournament"]
    if len(found) > 1:
        raise EventLogError(f"{what}: tournament is given {len(found)} times")
    return tournament_id(found[0]) if found else None


def _parse_sqlite(source: str) -> Source:
    what = "sqlite URL"
    try:
        parts = urlsplit(source)
    except ValueError as exc:
        raise EventLogError(f"{what}: {str(exc)[:100]}") from None
    if parts.netloc:
        raise EventLogError(f"{what}: write sqlite:///relative/path.db or sqlite:////absolute/path.db "
                            f"(no host), got host {shown(parts.netloc)}")
    if parts.fragment:
        raise EventLogError(f"{what}: a fragment (#...) is not allowed")
    pairs = _query(parts.query, what)
    unknown = sorted({k for k, _ in pairs} - {"tournament"})
    if unknown:
        raise EventLogError(f"{what}: unknown parameter {shown(unknown[0])} (only tournament=ID)")
    path = unquote(parts.path[1:] if parts.path.startswith("/") else parts.path, errors="strict")
    if not path or "\x00" in path:
        raise EventLogError(f"{what}: no database file named (sqlite:///FILE.db?tournament=ID)")
    return Source("sqlite", path, _tournament_param(pairs, what))


def _parse_postgres(source: str) -> Source:
    what = "postgresql URL"
    try:
        parts = urlsplit(source)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError as exc:
        raise EventLogError(f"{what}: {str(exc)[:100]}") from None
    if parts.fragment:
        raise EventLogError(f"{what}: a fragment (#...) is not allowed")
    pairs = _query(parts.query, what)
    tournament = _tournament_param(pairs, what)
    rest = "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs if k != "tournament")
    return Source("postgresql", urlunsplit(("postgresql", parts.netloc, parts.path, rest, "")), tournament)


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


# ------------------------------------------------------------------ the file store
class FileStore(EventLog):
    """The JSON-lines log as a store (an :class:`EventLog` that also tells its ``version``)."""

    tournament: str | None = None

    @property
    def version(self) -> int:
        return self._seq


class FileReader:
    """A log file opened for reading only: no lock, no change to the file; ``append`` is refused."""

    tournament: str | None = None

    def __init__(self, path: str) -> None:
        self.path = path
        self.read = read_log(path)

    @property
    def version(self) -> int:
        return len(self.read.events)

    def append(self, event: Event) -> None:
        raise EventLogError(f"{self.path} was opened for reading only")

    def repair(self) -> str | None:
        return None

    def close(self) -> None:
        pass


# ------------------------------------------------------------ the database stores
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


# ------------------------------------------------------------------ opening
def open_store(source: object, *, create: bool = False, new: bool = False, tournament: str | None = None,
               sync: bool = False) -> EventStore:
    """Open the store that ``source`` names (a path or a URL, see the module docs).

    With ``create=False`` the tournament must exist and the store is opened to
    read (a file: read without a lock; ``append`` refused); with ``create=True``
    it is opened to write, and created if missing (a database tournament
    without an id gets a new one, :func:`new_tournament_id`).  ``new=True``
    refuses a tournament that already holds events.  ``tournament`` overrides
    the URL's.  ``sync`` is the file store's fsync per line (the databases
    always commit durably).  Reading takes time and memory linear in the
    tournament's events (rows of at most 16 MiB each).
    """
    src = parse_source(source)
    if tournament is not None:
        tournament = tournament_id(tournament)
    else:
        tournament = src.tournament
    if src.kind == "file":
        if tournament is not None:
            raise EventLogError("a log file holds one tournament: no tournament id")
        if not create:
            return FileReader(src.location)
        return FileStore(src.location, sync=sync, new=new)
    if src.kind == "sqlite":
        from .sqlite_store import SQLiteStore

        return SQLiteStore(src.location, tournament, create=create, new=new)
    from .postgres_store import PostgresStore

    return PostgresStore(src.location, tournament, create=create, new=new)


def list_tournaments(source: object) -> tuple[StoredTournament, ...]:
    """The tournaments in the database ``source`` names (at most :data:`MAX_LISTED`), oldest first."""
    src = parse_source(source)
    if src.kind == "file":
        raise EventLogError("a log file holds one tournament: list_tournaments takes a database URL")
    store: SQLStore
    if src.kind == "sqlite":
        from .sqlite_store import SQLiteStore

        store = SQLiteStore.__new__(SQLiteStore)
    else:
        from .postgres_store import PostgresStore

        store = PostgresStore.__new__(PostgresStore)
    store.location, store.tournament, store._closed = src.location, None, False
    store._connect(False)
    try:
        with store._guard("listing"):
            if "meta" not in store._tables():
                return ()
            return store.tournaments()
    finally:
        store.close()


def reader(source: Any) -> tuple[LogRead, Callable[[int], str]]:
    """What :meth:`Tournament.replay` reads: the events, and how to name event ``n`` in a message.

    ``source`` is a :class:`LogRead`, a store, a database URL (opened, read and
    closed), or anything :func:`read_log` takes (a path, a file, bytes, lines).
    """
    if isinstance(source, LogRead):
        return source, _line
    if isinstance(source, SQLStore):
        return source.read, source.where
    if isinstance(source, (EventLog, FileReader)):
        return source.read, _line
    if is_url(source):
        store = open_store(source)
        try:
            return store.read, store.where if isinstance(store, SQLStore) else _line
        finally:
            store.close()
    return read_log(source), _line


def writer(source: Any, *, new: bool, sync: bool = False) -> EventStore:
    """The store a :class:`Tournament` writes to, for a path or URL: created if missing (``new``: empty)."""
    return open_store(source, create=True, new=new, sync=sync)


def _line(n: int) -> str:
    return f"line {n}"


def copy(source: object, dest: object, *, tournament: str | None = None) -> tuple[str | None, int]:
    """Copy a tournament's events from ``source`` into ``dest``, which must not hold that tournament yet.

    Returns ``(dest's tournament id, events copied)``.  The events are read and
    checked whole first, then written: into a database in one transaction (all
    or nothing), into a file line by line and fsynced at the end; each line
    keeps its ``seq`` and ``prev`` (rows are the file's lines).  A DEST
    that already holds events of the tournament is refused before anything is
    written.  The destination's tournament id is the one in ``dest``'s URL, or
    else the source's, or else a new one.
    """
    src = open_store(source, tournament=tournament)
    try:
        events = src.read.events
        name = getattr(src, "tournament", None)
    finally:
        src.close()
    dst_src = parse_source(dest)
    dst = open_store(dest, create=True, new=True,
                     tournament=None if dst_src.tournament is not None or dst_src.kind == "file" else name)
    try:
        if dst.version:
            raise EventLogError("the destination already holds events")
        if isinstance(dst, SQLStore):  # one transaction: all or nothing
            dst.append_all(events)
        else:
            for event in events:
                dst.append(event)
            if isinstance(dst, FileStore):
                os.fsync(dst._fd)
        return getattr(dst, "tournament", None), len(events)
    finally:
        dst.close()

