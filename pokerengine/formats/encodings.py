"""From a site's file bytes to text: the encodings hand histories come in.

Sites write UTF-8 (with or without a byte-order mark), UTF-16 (some clients, with a byte-order mark or
without one: then every other byte of the ASCII text is zero), and older files Windows-1252 (Latin-1
with the typographic characters of 0x80-0x9f).  :func:`decode` tries them in that order: a byte-order
mark decides; else UTF-16 when the zero bytes say so; else strict UTF-8; else Windows-1252, where
the five bytes it leaves undefined read as Latin-1.  Line ends (Windows ``\\r\\n``, old Mac ``\\r``)
are left to the readers (``str.splitlines`` splits them all).

>>> decode("Seat 1: José (€5)".encode("utf-8")) == decode("Seat 1: José (€5)".encode("cp1252"))
True
>>> decode("\\ufeffPoker Hand #1".encode("utf-16-le")), decode("Poker Hand #1".encode("utf-16-be"))
('Poker Hand #1', 'Poker Hand #1')
>>> decode(b"\\xef\\xbb\\xbfPokerStars Hand"), decode(b"caf\\xe9 \\x81")
('PokerStars Hand', 'café \\x81')
>>> decode(b"x" * 11, max_bytes=10)
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <bytes>: larger than 10 bytes

Limits: at most ``max_bytes`` bytes (default :data:`MAX_BYTES`); time and memory linear in the size.
"""

from __future__ import annotations

import codecs

from .._checks import shown
from ..errors import HistoryParseError

#: The largest file read (the readers' own limits on characters, hands and lines apply after).
MAX_BYTES = 50_000_000

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def decode(data: bytes | bytearray | str, *, what: str = "<bytes>", max_bytes: int = MAX_BYTES) -> str:
    """The text of a hand-history file's bytes (a ``str`` is given back without a byte-order mark);
    :class:`HistoryParseError` when it is too large or not bytes."""
    if isinstance(data, str):
        if len(data) > max_bytes:
            raise HistoryParseError(f"{what}: larger than {max_bytes:,} characters")
        return data[1:] if data.startswith("\ufeff") else data
    if not isinstance(data, (bytes, bytearray)):
        raise HistoryParseError(f"{what}: expected bytes or text, got {shown(data)}")
    if len(data) > max_bytes:
        raise HistoryParseError(f"{what}: larger than {max_bytes:,} bytes")
    raw = bytes(data)
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom):].decode(codec, errors="replace")
    head = raw[:400]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):  # UTF-16 without a mark: zero high bytes
        odd_zeros = head[1::2].count(0)
        return raw.decode("utf-16-le" if odd_zeros >= head[0::2].count(0) else "utf-16-be", errors="replace")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _cp1252(raw)


def _latin1(exc: UnicodeError) -> tuple[str, int]:
    """The bytes Windows-1252 leaves undefined (0x81, 0x8d, 0x8f, 0x90, 0x9d), read as Latin-1."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start:exc.end].decode("latin-1"), exc.end


codecs.register_error("pokerengine-latin1", _latin1)


def _cp1252(raw: bytes) -> str:
    return raw.decode("cp1252", errors="pokerengine-latin1")
