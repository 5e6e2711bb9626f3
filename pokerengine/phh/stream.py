"""Read a ``.phhs`` file of any size hand by hand, in constant memory, whole or by byte ranges.

A ``.phhs`` file is a TOML document of tables, one hand each.  :func:`iter_phhs` reads it in
chunks and cuts it at the table header lines (``[name]`` at the start of a line: a bare key, or a
quoted one), so that memory holds one hand at a time, whatever the file's size.  Each hand is then
read and checked exactly as :func:`~pokerengine.phh.reader.loads_all` reads it.  A byte range
``[start, end)`` yields the hands whose header line starts in it: the ranges of a partition of the
file yield every hand once (:func:`cut`, for shards of a corpus).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "two.phhs")
>>> hand = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
... '''
>>> with open(path, "w") as f:
...     _ = f.write(f"[1]\\n{hand}\\n[2]\\n{hand}")
>>> [(k, h.key, h.actions[-1]) for k, h in iter_phhs(path)]
[(0, '1', 'p2 f'), (1, '2', 'p2 f')]
>>> middle = len(hand) + 4
>>> [h.key for _, h in iter_phhs(path, end=middle)], [h.key for _, h in iter_phhs(path, start=middle)]
(['1'], ['2'])

What differs from reading the file whole (``docs/replay.md``): a hand is read when its table ends,
so a bad hand is that hand's error and the hands after it are still read; a table name used twice
is not noticed (each hand is read on its own); a second ``variant =`` in one table is a hand whose
header line is damaged or missing (the lines after the last blank one go with it), an error of its
own, and the table before it is read; a line that starts with ``[`` inside a multi-line
value (a nested array) would be taken for a header if it had the form of one.  Limits: a hand
(table) of at most :data:`MAX_TABLE_BYTES`; a line of at most that; the file may be of any size.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from .._checks import shown
from ..errors import HistoryParseError
from .fasttoml import pairs_of
from .reader import MAX_KEY_CHARS, _document, _from_pairs, _hand, from_fields
from .record import HandHistory

#: The largest table (one hand) read from a streamed ``.phhs`` file: a real hand has well under
#: 2 KB; the largest hand the checks allow (10,000 actions) fits.
MAX_TABLE_BYTES = 1 << 20
_CHUNK = 1 << 20

_HEADER = re.compile(rb"\[[ \t]*([A-Za-z0-9_-]+|\"[^\"\\\n]*\"|'[^'\n]*')[ \t]*\][ \t]*(?:#[^\n]*)?\r?\n?")
_VARIANT = re.compile(rb"[ \t]*variant[ \t]*=")
_KEY = re.compile(rb"[ \t]*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\")[ \t]*=|[ \t]*#")


class _Bad:
    """A table that could not be read: its error stands in for the hand."""

    __slots__ = ("error",)

    def __init__(self, error: Exception) -> None:
        self.error = error


def _tables(path: str, start: int, end: int | None) -> Iterator[tuple[int, bytes | None, bytes]]:
    """``(offset, header line, body)`` of each table whose header starts in ``[start, end)``; text
    before the first table of the file comes first with ``header=None``.  A body longer than
    :data:`MAX_TABLE_BYTES` comes back empty (its hand is then an error)."""
    with open(path, "rb") as f:
        f.seek(start)
        offset = start
        at_line_start = start == 0
        if start > 0:
            f.seek(start - 1)
            at_line_start = f.read(1) == b"\n"
        header: bytes | None = None
        seen = start == 0  # the text before the range's first header belongs to the range before
        at = offset
        parts: list[bytes] = []
        size = 0
        too_big = False
        while True:
            line = f.readline(MAX_TABLE_BYTES + 1)
            if not line:
                break
            if offset == 0 and line.startswith(b"\xef\xbb\xbf"):  # a byte-order mark
                line = line[3:]
                offset = 3
            if at_line_start and line[:1] == b"[" and _HEADER.fullmatch(line):
                if seen and (header is not None or size or too_big):
                    yield at, header, b"" if too_big else b"".join(parts)
                if end is not None and offset >= end:
                    return
                seen = True
                header, at, parts, size, too_big = line, offset, [], 0, False
            elif (seen and not too_big and at_line_start and _VARIANT.match(line)
                  and any(_VARIANT.match(x) for x in parts)):
                # a second hand's fields in one table: its header line is damaged; the lines after the
                # last blank one (the damaged header) go with it, and it is a hand of its own (an error)
                k = len(parts)
                while k and parts[k - 1].strip() and not _KEY.match(parts[k - 1]):
                    k -= 1
                moved = parts[k:]
                yield at, header, b"".join(parts[:k])
                at = offset - sum(len(x) for x in moved)
                header, parts, size = b"", [*moved, line], sum(len(x) for x in moved) + len(line)
            elif seen and not too_big:
                size += len(line)
                if size > MAX_TABLE_BYTES:
                    too_big, parts = True, []
                else:
                    parts.append(line)
            offset += len(line)
            at_line_start = line.endswith(b"\n")
        if seen and (header is not None or size or too_big):
            yield at, header, b"" if too_big else b"".join(parts)


def _name(header: bytes) -> str:
    m = _HEADER.fullmatch(header)
    assert m is not None
    raw = m.group(1).decode("utf-8", "replace")
    if raw[:1] in "\"'":
        return raw[1:-1]
    return raw


def _read(path: str, header: bytes | None, body: bytes) -> HandHistory | None:
    """The hand of one table (``None`` for blank text before the first table)."""
    if header == b"":
        raise HistoryParseError(f"{path}: a hand whose table header line is damaged or missing, at "
                                f"{shown(body.decode('utf-8', 'replace').lstrip().partition(chr(10))[0][:60])}")
    if header is None:
        text = body.decode("utf-8", "strict") if body else ""
        if not text.strip() or _document(text, path) == {}:
            return None
        raise HistoryParseError(f"{path}: a top-level key outside any hand table")
    name = _name(header)
    if not body:
        raise HistoryParseError(f"{path} [{shown(name)}]: empty, or a table larger than {MAX_TABLE_BYTES:,} bytes")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise HistoryParseError(f"{path} [{shown(name)}]: not UTF-8") from None
    if len(name) > MAX_KEY_CHARS:
        raise HistoryParseError(f"{path}: a table name longer than {MAX_KEY_CHARS} characters: {shown(name)}")
    if header[1:2] not in (b'"', b"'"):
        pairs = pairs_of(text)
        if pairs is not None:
            hand = _from_pairs(pairs, path)
            if hand is not None:
                return attrs.evolve(hand, key=name)
    doc = _document(header.decode("utf-8", "replace") + text, path)
    if len(doc) != 1:
        raise HistoryParseError(f"{path} [{shown(name)}]: not one hand table")
    ((key, table),) = doc.items()
    if isinstance(table, dict):
        return from_fields(table, source=path, key=key)
    return _hand(key, table, path)


def iter_phhs(path: str, *, start: int = 0, end: int | None = None) -> Iterator[tuple[int, HandHistory]]:
    """``(k, hand)`` for each hand of the ``.phhs`` file ``path`` whose table header starts in bytes
    ``[start, end)``, ``k`` counting from 0 within the range.  A hand that cannot be read raises
    its :class:`HistoryParseError` from the iterator, after the hands before it; use
    :func:`iter_phhs_reports` to go on past bad hands."""
    for k, (_, header, body) in enumerate(_pieces(path, start, end)):
        hand = _read(path, header, body)
        if hand is not None:
            yield k, hand


def _pieces(path: str, start: int, end: int | None) -> Iterator[tuple[int, bytes | None, bytes]]:
    """The tables, without the text before the first one when it is only blank lines and comments."""
    for at, header, body in _tables(path, start, end):
        if header is None and all(not x.strip() or x.lstrip().startswith(b"#") for x in body.splitlines()):
            continue
        yield at, header, body


def iter_phhs_tables(path: str, *, start: int = 0, end: int | None = None) -> Iterator[tuple[int, str | None,
                                                                                            HandHistory | Exception]]:
    """``(k, table name, hand or the error reading it)`` for each table in ``[start, end)``: a bad
    hand does not stop the reading."""
    for k, (_, header, body) in enumerate(_pieces(path, start, end)):
        name = _name(header) if header else None
        try:
            hand = _read(path, header, body)
        except (HistoryParseError, UnicodeDecodeError) as exc:
            yield k, name, exc if isinstance(exc, HistoryParseError) else HistoryParseError(f"{path}: not UTF-8")
            continue
        if hand is not None:
            yield k, name, hand


def cut(path: str, size: int, *, target: int = 64 << 20) -> list[tuple[int, int | None]]:
    """Byte ranges of about ``target`` bytes covering a file of ``size`` bytes: ``[(0, t), (t, 2t), ...,
    (kt, None)]``; :func:`iter_phhs` over them yields every hand exactly once."""
    if type(target) is not int or target < 1:
        raise HistoryParseError(f"target must be a positive integer, got {shown(target)}")
    bounds = list(range(0, max(size, 1), target))
    ends: list[int | None] = [*bounds[1:], None]
    return list(zip(bounds, ends))


def count_tables(path: str, start: int = 0, end: int | None = None) -> int:
    """How many tables :func:`iter_phhs_tables` would give for the range (read fast, not parsed)."""
    return sum(1 for _ in _pieces(path, start, end))


