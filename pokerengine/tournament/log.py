"""The event log: one JSON object per line, appended before each event takes effect.

Line format (see ``docs/tournament.md``): the event's JSON object
(:func:`~pokerengine.tournament.to_json`) followed by two fields the log adds,
``"seq"`` (1 for the first event, then 2, 3, ...) and ``"prev"`` (the SHA-256
hex digest of the previous event line's bytes, newline excluded; the first
line has none).  :func:`read_log` checks both wherever they are present, so a
line deleted, duplicated, moved or edited is an
:class:`~pokerengine.errors.EventLogError` naming the line; lines without them
(written by hand, or by versions before the chain) are read as they are.

A crash while writing leaves at worst a *torn* last line: a prefix of a line,
with no newline, that is not a JSON document.  :func:`read_log` drops it,
reports it in :attr:`LogRead.torn`, and keeps every earlier event.  Every other
unreadable line -- including a corrupt last line that ends with its newline --
is an :class:`~pokerengine.errors.EventLogError` naming the line.  A last line
that is a complete event but lacks its newline is kept.

One writer per log: :class:`EventLog` holds an exclusive OS lock on the file
(``fcntl.flock`` on POSIX) for its whole life, and never truncates bytes it did
not write itself, with one exception: opening a log, it cuts a torn last line
(after copying its bytes to the ``LOG.torn`` sidecar file).

Limits: a line is at most :data:`MAX_LINE_BYTES`; reading holds one line at a
time besides the events read (memory grows with the number of events, about a
kilobyte each), in time linear in the bytes read.  The chain adds about 85
bytes and 15% of the time to write or read each line.

>>> read = read_log(['{"event": "hand_for_hand", "on": true}\\n', '{"event": "end"'])
>>> read.events
(HandForHand(on=True),)
>>> read.torn
'{"event": "end"'
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from .._checks import shown
from .._json import loads
from ..errors import EventLogError, TournamentError
from .events import Event, from_json, to_json

MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest line of a log, newline excluded (16 MiB: a start event with about 250,000 players)."""

_CHUNK = 1 << 16
_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
_HEX = frozenset("0123456789abcdef")


def line_hash(line: bytes) -> str:
    """The ``"prev"`` of the line after ``line`` (its bytes without the newline)."""
    return hashlib.sha256(line).hexdigest()


def encode(event: Event, seq: int | None = None, prev: str | None = None) -> bytes:
    """The event's log line (UTF-8, no newline), with ``seq`` (and ``prev``, only with ``seq``) when given.

    Raises :class:`TournamentError` if the line would be longer than :data:`MAX_LINE_BYTES`.
    """
    text = _ENCODER.encode(to_json(event))
    if seq is not None:  # spliced in: the same text as encoding them with the object, and cheaper
        text = f'{text[:-1]}, "seq": {seq:d}}}' if prev is None else f'{text[:-1]}, "seq": {seq:d}, "prev": "{prev}"}}'
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: events refuse them, but be sure
        raise TournamentError("the event holds text that is not valid Unicode") from None
    if len(data) > MAX_LINE_BYTES:
        raise TournamentError(f"the event's log line would be {len(data):,} bytes, more than {MAX_LINE_BYTES:,}")
    return data


def dumps(event: Event) -> str:
    """The event's line without ``seq`` and ``prev``, newline included (the plain format)."""
    return encode(event).decode("utf-8") + "\n"


@attrs.frozen
class LogRead:
    """What :func:`read_log` found.

    ``events`` are the intact events with their 1-based ``lines``; ``torn``
    is the text of a torn last line that was dropped (``None`` if the log
    ended cleanly) and ``torn_line`` its line number; ``valid_bytes`` is the
    length of the intact part, ``size`` the length read; ``needs_newline``
    says the last line lacks its newline; ``last_hash`` is the ``prev`` the
    next line gets (``None`` before the first event).
    """

    events: tuple[Event, ...]
    lines: tuple[int, ...]
    torn: str | None = None
    torn_line: int | None = None
    valid_bytes: int = 0
    needs_newline: bool = False
    last_hash: str | None = None
    size: int = 0


def _encode_text(text: object) -> bytes:
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    if not isinstance(text, str):
        raise EventLogError(f"a log must be read from text or bytes, got {type(text).__name__}")
    try:  # text decoded with errors="surrogateescape" (standard input) gets its original bytes back
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")  # not UTF-8: refused when the line is read


def _chunks(source: Any) -> Iterator[bytes]:
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            yield from iter(lambda: f.read(_CHUNK), b"")
    elif isinstance(source, (bytes, bytearray, memoryview)):
        yield bytes(source)
    elif hasattr(source, "read"):
        while True:
            chunk = source.read(_CHUNK)
            if not chunk:
                return
            yield _encode_text(chunk)
    elif hasattr(source, "__iter__"):
        for item in source:
            yield _encode_text(item)
    else:
        raise EventLogError(f"a log is read from a path, a file, bytes or lines, got {type(source).__name__}")


def _lines(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """Lines with their newline (the last one may lack it); a line past the bound is yielded cut, and ends it."""
    buf = bytearray()
    for chunk in chunks:
        buf += chunk
        start = 0
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            yield bytes(buf[start:nl + 1])
            start = nl + 1
        del buf[:start]
        if len(buf) > MAX_LINE_BYTES:
            yield bytes(buf)
            return
    if buf:
        yield bytes(buf)


def read_log(source: str | os.PathLike[str] | IO[Any] | Iterable[str] | Iterable[bytes] | bytes) -> LogRead:
    """Read an event log from a path, a file object (binary or text), bytes, or an iterable of lines.

    Checks each line's JSON (strict UTF-8, :func:`pokerengine._json.loads`), its
    event, and its ``seq`` and ``prev`` where present; see the module docs.
    """
    return _read(_lines(_chunks(source)))


def _read(lines: Iterable[bytes]) -> LogRead:
    events: list[Event] = []
    numbers: list[int] = []
    offset = valid = 0
    last: str | None = None
    number = 0
    terminated = True
    for raw in lines:  # only the last line can lack its newline
        number += 1
        terminated = raw.endswith(b"\n")
        body = raw[:-1] if terminated else raw
        if len(body) > MAX_LINE_BYTES:
            raise EventLogError(f"line {number}: longer than {MAX_LINE_BYTES:,} bytes")
        offset += len(raw)
        if body.strip():
            try:
                obj = loads(body, what=f"line {number}", error=EventLogError, floats=False)
            except EventLogError:
                if terminated:
                    raise
                torn = body.decode("utf-8", "replace")
                return LogRead(tuple(events), tuple(numbers), torn, number, valid, False, last, offset)
            events.append(_event(obj, number, len(events) + 1, last))
            numbers.append(number)
            last = line_hash(body)
        valid = offset
    return LogRead(tuple(events), tuple(numbers), None, None, valid, not terminated, last, offset)


def _event(obj: object, number: int, seq: int, prev: str | None) -> Event:
    if type(obj) is dict and ("seq" in obj or "prev" in obj):  # freshly parsed: ours to change
        if "seq" in obj:
            got_seq = obj.pop("seq")
            if type(got_seq) is not int:
                raise EventLogError(f"line {number}: seq must be an integer, got {shown(got_seq)}")
            if got_seq != seq:
                raise EventLogError(f"line {number}: seq is {got_seq} where event {seq} was expected: "
                                    "an event was deleted, duplicated or moved")
        if "prev" in obj:
            got_prev = obj.pop("prev")
            if got_prev == prev and prev is not None:  # the common case: equal to a digest this reader made
                pass
            elif type(got_prev) is not str or len(got_prev) != 64 or not set(got_prev) <= _HEX:
                raise EventLogError(f"line {number}: prev must be a SHA-256 hex digest, got {shown(got_prev)}")
            else:
                raise EventLogError(
                    f"line {number}: prev does not match the line before it: "
                    + ("it is the first event, yet names one before it" if prev is None
                       else "an earlier line was changed, deleted or moved"))
    try:
        return from_json(obj)
    except EventLogError as exc:
        raise EventLogError(f"line {number}: {exc}") from None


def _lock(fd: int, path: str) -> None:
    """Take the exclusive writer's lock on the open log file, or raise :class:`EventLogError`."""
    if sys.platform == "win32":  # a byte-range lock far past any data (readers are not blocked)
        import msvcrt

        try:
            os.lseek(fd, 0x7FFFFFF0, os.SEEK_SET)  # within the 32-bit offsets every msvcrt takes
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            raise EventLogError(f"{path} is locked by another writer (msvcrt.locking): a log takes one writer at a time") from None
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise EventLogError(f"{path} is locked by another writer (flock on the log file): "
                            "a log takes one writer at a time") from None


class EventLog:
    """An append-only event log file with one writer: this object, while it is open.

    ``EventLog(path)`` creates the file or opens it, takes the writer's lock
    (:class:`EventLogError` if another writer holds it), and reads what the
    file holds (:attr:`read`, a :class:`LogRead`) under the lock.  Before the
    first append (or :meth:`repair`) a torn last line is cut off, its bytes
    first kept in ``path + ".torn"``, and a last line without its newline gets
    one.  Each event is one ``write`` of one line (and an ``fsync`` with
    ``sync=True``); an append that fails removes what it wrote, and only that.
    With ``new=True`` a file that already holds anything is refused.
    """

    def __init__(self, path: str | os.PathLike[str], *, sync: bool = False, new: bool = False) -> None:
        self.path = os.fspath(path)
        self.sync = sync
        self._file = open(self.path, "a+b", buffering=0)  # O_APPEND | O_CREAT; closed with the object
        try:
            self._fd = self._file.fileno()
            _lock(self._fd, self.path)
            if new and os.fstat(self._fd).st_size:
                raise TournamentError(f"{self.path} already holds events: resume it with Tournament.open(path)")
            self.read = read_log(self._chunks_from(0))
        except BaseException:
            self._file.close()
            raise
        self._size = self.read.size
        self._seq = len(self.read.events)
        self._last = self.read.last_hash
        self._repaired = False
        self._broken: str | None = None
        self.kept: str | None = None

    def _chunks_from(self, pos: int, size: int | None = None) -> Iterator[bytes]:
        """The file's bytes from ``pos`` (``size`` of them, or to the end), in chunks."""
        self._file.seek(pos)
        left = -1 if size is None else size
        while left:
            chunk = self._file.read(_CHUNK if left < 0 else min(left, _CHUNK))
            if not chunk:
                return
            left -= len(chunk) if left > 0 else 0
            yield chunk

    def _bytes_at(self, pos: int, size: int) -> bytes:
        return b"".join(self._chunks_from(pos, size))

    def repair(self) -> str | None:
        """Make the file end on a whole line: cut a torn tail (kept in the sidecar) or add a missing newline.

        Returns the sidecar's path if bytes were moved there.  Idempotent.
        """
        if self._repaired:
            return self.kept
        read = self.read
        self._check_size()
        if read.torn is not None:
            torn = self._bytes_at(read.valid_bytes, read.size - read.valid_bytes)
            sidecar = self.path + ".torn"
            with open(sidecar, "ab") as f:
                f.write(torn + b"\n")
                f.flush()
                os.fsync(f.fileno())
            os.ftruncate(self._fd, read.valid_bytes)
            os.fsync(self._fd)
            self._size = read.valid_bytes
            self.kept = sidecar
        elif read.needs_newline:
            self._write(b"\n")
        self._repaired = True
        return self.kept

    def _check_size(self) -> None:
        if self._file.closed:  # its descriptor number may already belong to another file
            raise EventLogError(f"{self.path}: this writer is closed")
        if self._broken is not None:
            raise EventLogError(self._broken)
        size = os.lseek(self._fd, 0, os.SEEK_END)  # the file's size: a quarter of the cost of fstat
        if size != self._size:
            raise EventLogError(
                f"{self.path} changed under its writer ({size:,} bytes, {self._size:,} expected): something wrote "
                "to it without taking the lock; nothing was written")

    def append(self, event: Event) -> None:
        """Write the event's line (with its ``seq`` and ``prev``) and flush it (and fsync with ``sync=True``).

        If the write fails (a full disk), the part of the line that reached
        the file is cut off again before the error is raised, so the log still
        ends on a whole line; if that cannot be done safely, this writer
        refuses every later append (reopen the log).
        """
        body = encode(event, self._seq + 1, self._last)
        if not self._repaired:
            self.repair()
        self._check_size()
        self._write(body + b"\n")
        self._seq += 1
        self._last = line_hash(body)

    def _write(self, data: bytes) -> None:
        done = 0
        try:
            while done < len(data):
                done += os.write(self._fd, data[done:])
            if self.sync:
                os.fsync(self._fd)
        except BaseException:
            self._undo(data)
            raise
        self._size += len(data)

    def _undo(self, data: bytes) -> None:
        """Cut what a failed write left, after checking those bytes are this writer's own."""
        try:
            extra = os.lseek(self._fd, 0, os.SEEK_END) - self._size
            if 0 <= extra <= len(data) and self._bytes_at(self._size, extra) == data[:extra]:
                if extra:
                    os.ftruncate(self._fd, self._size)
                return
        except OSError:
            pass
        self._broken = (f"{self.path}: a failed write could not be undone safely; this writer stopped "
                        "(reopen the log with Tournament.open)")

    def close(self) -> None:
        """Close the file, which releases the lock."""
        self._file.close()

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EventLog({self.path!r}, sync={self.sync})"


class StreamLog:
    """An event log written to an open text stream (a socket file, ``sys.stdout``, a ``StringIO``).

    Lines carry ``seq`` and ``prev`` like a file log's, counted from the first event written.
    """

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self._seq = 0
        self._last: str | None = None

    def append(self, event: Event) -> None:
        body = encode(event, self._seq + 1, self._last)
        self.stream.write(body.decode("utf-8") + "\n")
        self.stream.flush()
        self._seq += 1
        self._last = line_hash(body)

    def close(self) -> None:
        pass
