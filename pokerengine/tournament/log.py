"""The event log: one JSON object per line, appended before each event takes effect.

A line is written with one ``write`` call (and flushed; ``sync=True`` also
fsyncs), so a crash leaves at worst a *torn* last line: a prefix of a line
with no newline.  :func:`read_log` drops a last line that cannot be parsed,
reports it in :attr:`LogRead.torn`, and keeps every earlier event; an
unreadable line anywhere else is an :class:`~pokerengine.errors.EventLogError`.
A last line that is a complete event but lacks its newline is kept (the
writer adds the newline before appending again).

>>> read = read_log(['{"event": "hand_for_hand", "on": true}\\n', '{"event": "end"'])
>>> read.events
(HandForHand(on=True),)
>>> read.torn
'{"event": "end"'
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import IO, Any

import attrs

from ..errors import EventLogError
from .events import Event, from_json, to_json


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _parse_float(text: str) -> float:
    raise ValueError(f"{text} is not an integer")


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant, parse_float=_parse_float)


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def dumps(event: Event) -> str:
    """The event's log line, newline included."""
    return _ENCODER.encode(to_json(event)) + "\n"


@attrs.frozen
class LogRead:
    """What :func:`read_log` found.

    ``events`` are the intact events with their 1-based ``lines``;
    ``torn`` is the text of a torn last line that was dropped (``None`` if
    the log ended cleanly) and ``torn_line`` its line number; ``valid_bytes``
    is the length of the intact part (what :class:`EventLog` truncates to).
    """

    events: tuple[Event, ...]
    lines: tuple[int, ...]
    torn: str | None = None
    torn_line: int | None = None
    valid_bytes: int = 0
    needs_newline: bool = False


def read_log(source: str | os.PathLike | IO | Iterable[str] | bytes) -> LogRead:
    """Read an event log from a path, a file object, bytes, or an iterable of lines."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data = f.read()
    elif isinstance(source, bytes):
        data = source
    elif hasattr(source, "read"):
        raw = source.read()
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
    else:
        data = "".join(source).encode("utf-8")
    return _read_bytes(data)


def _read_bytes(data: bytes) -> LogRead:
    raw_lines = data.split(b"\n")
    # the last element is what follows the final newline: empty for a cleanly ended log
    events: list[Event] = []
    lines: list[int] = []
    offset = 0
    valid = 0
    last_nonblank = max((i for i, line in enumerate(raw_lines) if line.strip()), default=-1)
    for i, raw in enumerate(raw_lines):
        terminated = i < len(raw_lines) - 1
        end = offset + len(raw) + (1 if terminated else 0)
        if not raw.strip():
            if terminated:
                valid = end
            offset = end
            continue
        try:
            obj = _loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            if i == last_nonblank:
                return LogRead(tuple(events), tuple(lines), raw.decode("utf-8", "replace"), i + 1, valid)
            raise EventLogError(f"line {i + 1}: not valid JSON: {exc}") from None
        try:
            event = from_json(obj)
        except EventLogError as exc:
            raise EventLogError(f"line {i + 1}: {exc}") from None
        events.append(event)
        lines.append(i + 1)
        offset = end
        valid = end
    needs_newline = bool(data) and valid == len(data) and not data.endswith(b"\n")
    return LogRead(tuple(events), tuple(lines), None, None, valid, needs_newline)


class EventLog:
    """An append-only event log file.

    ``EventLog(path)`` creates the file or appends to it; opening an existing
    log first drops a torn last line (see :func:`read_log`) so the next event
    starts on a line of its own.  ``sync=True`` fsyncs after every event.
    """

    def __init__(self, path: str | os.PathLike, *, sync: bool = False, repair: LogRead | None = None) -> None:
        self.path = os.fspath(path)
        self.sync = sync
        if os.path.exists(self.path):
            read = repair if repair is not None else read_log(self.path)
            with open(self.path, "r+b") as f:
                f.truncate(read.valid_bytes)
                if read.needs_newline:
                    f.seek(0, os.SEEK_END)
                    f.write(b"\n")
        self._file: IO[str] = open(self.path, "a", encoding="utf-8", newline="\n")
        self._size = os.path.getsize(self.path)

    def append(self, event: Event) -> None:
        """Write the event's line and flush it (and fsync with ``sync=True``).

        If the write fails (a full disk), whatever part of the line reached the
        file is cut off again before the error is raised, so the log still ends
        on a whole line.
        """
        self.write_line(dumps(event))

    def write_line(self, line: str) -> None:
        try:
            self._file.write(line)
            self._file.flush()
            if self.sync:
                os.fsync(self._file.fileno())
        except BaseException:
            self._undo()
            raise
        self._size += len(line.encode("utf-8"))

    def _undo(self) -> None:
        try:
            self._file.close()
        except OSError:
            pass
        try:
            os.truncate(self.path, self._size)
        finally:
            self._file = open(self.path, "a", encoding="utf-8", newline="\n")

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EventLog({self.path!r}, sync={self.sync})"


class StreamLog:
    """An event log written to an open text stream (a socket file, ``sys.stdout``, a ``StringIO``)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def append(self, event: Event) -> None:
        self.write_line(dumps(event))

    def write_line(self, line: str) -> None:
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        pass
