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

import os
import re
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable
from urllib.parse import parse_qsl, quote, unquote, urlsplit, urlunsplit

import attrs

from .._checks import shown
from ..errors import EventLogError, TournamentError
from .events import Event, player_id
from .log import EventLog, LogRead, read_log
from .sql_store import SQLStore, StoredTournament

MAX_SOURCE = 4096
"""Longest source string (a path or a URL), in characters."""

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")



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


# ------------------------------------------------------------------ opening
def open_store(source: object, *, create: bool = False, new: bool = False, tournament: str | None = None,
               sync: bool = False) -> EventStore:
    """Open the store that ``source`` names (a path or a URL, see the module docs).

    With ``create=False`` the tournament must exist and the store is opened to
    read (a file: read without a lock; ``append`` refused); with ``create=True``
    it is opened to write, and created if missing (a database tournament
    without an id gets a new one, :func:`~.sql_store.new_tournament_id`).  ``new=True``
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
    """The tournaments in the database ``source`` names (at most :data:`~.sql_store.MAX_LISTED`), oldest first."""
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

