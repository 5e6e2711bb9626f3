"""Reading and writing PHH: ``.phh`` (one hand) and ``.phhs`` (tables ``[1]``, ``[2]``, ... one hand each).

>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
... _site = "example"
... '''
>>> hand = loads(text, source="example.phh")
>>> hand.actions[-1], dict(hand.user_fields)
('p2 f', {'_site': 'example'})
>>> loads(dumps(hand)) == hand
True
>>> loads("variant = 'NT'", source="bad.phh")
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: bad.phh: missing required field starting_stacks

Limits (``docs/replay.md``): a file or text of at most :data:`MAX_FILE_BYTES` is read whole into
memory (reading and replaying it takes time and memory linear in its size; see the measurements there),
TOML is read within the bounds of :mod:`~pokerengine.phh.fasttoml` (64-bit integers, nesting
at most 64 deep; beyond the fast subset at most 1 MiB), a ``.phhs`` holds at most
:data:`MAX_HANDS_PER_FILE` hands whose table names have at most :data:`MAX_KEY_CHARS` characters, and
each hand is checked by :mod:`~pokerengine.phh.record` (field types and ranges, at most
:data:`~pokerengine.phh.record.MAX_PLAYERS` players and
:data:`~pokerengine.phh.record.MAX_ACTIONS` actions).  Whatever breaks them is a
:class:`HistoryParseError`.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import stat
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .._checks import shown
from ..errors import HistoryParseError, UnreadableFileError
from .fasttoml import Unusual, pairs_of, value_of
from .fasttoml import loads as toml_loads
from .record import (
    _CHECKS,
    FIELD_KINDS,
    MAX_ACTION_CHARS,
    RANGE_CHECKED,
    HandHistory,
    check_values,
    checked_fields,
)

#: The largest hand-history file (or text) read: it is read whole, so this bounds memory and time
#: per file (8 MiB; reading ``.phhs`` files hand by hand, without this bound, is for later).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: The longest table name (hand key) of a ``.phhs`` file.
MAX_KEY_CHARS = 100
#: The most hands (tables) a ``.phhs`` file may hold: a real hand takes a few hundred bytes, so
#: :data:`MAX_FILE_BYTES` of them is some 20,000; this bounds the reports one file makes.
MAX_HANDS_PER_FILE = 100_000

#: Per spec field, value text -> the checked value (arrays as tuples): the short values recur from
#: file to file (forced bets, stacks, names) and need reading and checking only once.
_FIELD_VALUES: dict[str, dict[str, Any]] = {name: {} for name in FIELD_KINDS}

_CHUNK = 1 << 16
#: File name endings read as hand histories.
EXTENSIONS = (".phh", ".phhs")


def _check_size(text: str, source: str | None) -> None:
    if len(text) > MAX_FILE_BYTES:
        raise HistoryParseError(f"{source or '<text>'}: larger than {MAX_FILE_BYTES:,} characters")


def _document(text: str, source: str | None) -> dict[str, Any]:
    if text[:1] == "\ufeff":
        text = text[1:]
    _check_size(text, source)
    try:
        return toml_loads(text)
    except tomllib.TOMLDecodeError as exc:  # fasttoml.Refused too: beyond a bound
        raise HistoryParseError(f"{source or '<text>'}: not valid TOML: {exc}") from None


def from_fields(fields: Mapping[str, Any], *, source: str | None = None, key: str | None = None) -> HandHistory:
    """A :class:`HandHistory` from a TOML table; ill-typed or missing fields raise :class:`HistoryParseError`."""
    known: dict[str, Any] = {}
    user: dict[str, Any] = {}
    for name, value in fields.items():
        if name in FIELD_KINDS:
            known[name] = value
        else:
            user[name] = value
    where = source or "<text>"
    if key is not None:
        where = f"{where} [{key}]"
    for name in ("variant", "starting_stacks", "actions"):
        if name not in known:
            raise HistoryParseError(f"{where}: missing required field {name}")
    try:
        return HandHistory.from_checked(checked_fields(known), user, source, key)
    except HistoryParseError as exc:
        raise HistoryParseError(f"{where}: {exc}") from None


def loads(text: str, *, source: str | None = None) -> HandHistory:
    """The hand of a ``.phh`` text (``source`` names it in error messages); at most
    :data:`MAX_FILE_BYTES` characters."""
    if text[:1] == "\ufeff":
        text = text[1:]
    _check_size(text, source)
    pairs = pairs_of(text)
    if pairs is not None:
        hand = _from_pairs(pairs, source)
        if hand is not None:
            return hand
    return from_fields(_document(text, source), source=source)


def _from_pairs(pairs: list[tuple[str, str]], source: str | None) -> HandHistory | None:
    """The hand of a document of ``key = value`` lines, or ``None`` to take the general way (which
    reads the same hand, or raises the error)."""
    known: dict[str, Any] = {}
    user: dict[str, Any] = {}
    cache = _FIELD_VALUES
    try:
        for key, text in pairs:
            values = cache.get(key)
            if values is None:  # a user field, kept as read
                user[key] = value_of(text)
                continue
            value = values.get(text)
            if value is None:
                value = value_of(text, remember=False)
                types, array = _CHECKS[key]
                if array:
                    if type(value) is not list or not types.issuperset(map(type, value)):
                        return None
                    value = tuple(value)
                elif type(value) not in types:
                    return None
                if key in RANGE_CHECKED and (len(text) > MAX_ACTION_CHARS or key != "actions"):
                    # (TOML integers are within 64 bits; no action of a short text can be too long)
                    try:
                        check_values(key, value)
                    except HistoryParseError:
                        return None  # the general way names the fault
                if len(text) < 80:  # short values recur; action lists do not
                    if len(values) > 4096:
                        values.clear()
                    values[text] = value
            known[key] = value
    except Unusual:
        return None
    if len(known) + len(user) != len(pairs) or "variant" not in known or "starting_stacks" not in known or (
            "actions" not in known):
        return None  # a key set twice, or a required field missing
    try:
        return HandHistory.from_checked(known, user, source)
    except HistoryParseError:
        return None


def tables(text: str, *, source: str | None = None) -> list[tuple[str, Any]]:
    """The top-level ``(name, table)`` pairs of a ``.phhs`` text, in file order (not yet checked); at
    most :data:`MAX_FILE_BYTES` characters and :data:`MAX_HANDS_PER_FILE` tables."""
    if text.count("\n[") > MAX_HANDS_PER_FILE:  # (an upper bound of the tables, counted before parsing)
        raise HistoryParseError(f"{source or '<text>'}: more than {MAX_HANDS_PER_FILE:,} tables ('[' lines); at "
                                f"most {MAX_HANDS_PER_FILE:,} hands are read from one file")
    doc = _document(text, source)
    if len(doc) > MAX_HANDS_PER_FILE:
        raise HistoryParseError(f"{source or '<text>'}: {len(doc):,} tables; at most {MAX_HANDS_PER_FILE:,} hands "
                                "are read from one file")
    return list(doc.items())


def loads_all(text: str, *, source: str | None = None) -> list[HandHistory]:
    """Every hand of a ``.phhs`` text, in file order; the first bad hand raises."""
    return [_hand(name, table, source) for name, table in tables(text, source=source)]


def _hand(name: str, table: Any, source: str | None) -> HandHistory:
    if len(name) > MAX_KEY_CHARS:
        raise HistoryParseError(f"{source or '<text>'}: a table name longer than {MAX_KEY_CHARS} characters: "
                                f"{shown(name)}")
    if not isinstance(table, dict):
        raise HistoryParseError(f"{source or '<text>'}: top-level key {shown(name)} is not a hand table [{name}]")
    return from_fields(table, source=source, key=name)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes (at most :data:`MAX_FILE_BYTES`); a larger file is a :class:`HistoryParseError`, one
    that cannot be read (missing, a directory, not permitted) an :class:`~pokerengine.errors.UnreadableFileError`.
    Reads at most :data:`MAX_FILE_BYTES` plus one chunk, whatever the file (``/dev/zero`` included)."""
    if not isinstance(path, (str, os.PathLike)):  # (an int would read a descriptor)
        raise UnreadableFileError(f"a file's path must be a str or path, got {type(path).__name__}")
    try:
        fd = os.open(path, os.O_RDONLY)  # hand histories are small: a read or two, no buffering layer
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the path)
        raise UnreadableFileError(f"cannot read {os.fspath(path)!s}: {_reason(exc)}") from None
    try:
        data = os.read(fd, _CHUNK)
        if len(data) == _CHUNK:
            parts = [data]
            size = len(data)
            while chunk := os.read(fd, _CHUNK):
                parts.append(chunk)
                size += len(chunk)
                if size > MAX_FILE_BYTES:
                    raise HistoryParseError(f"{os.fspath(path)}: larger than {MAX_FILE_BYTES:,} bytes")
            data = b"".join(parts)
    except OSError as exc:  # (a directory: EISDIR on the read)
        raise UnreadableFileError(f"cannot read {os.fspath(path)!s}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    return data


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__


def read_text(path: str | os.PathLike[str]) -> str:
    """A PHH file's text (UTF-8, at most :data:`MAX_FILE_BYTES`); a file too large or not UTF-8 is a
    :class:`HistoryParseError` (a site's file, in whatever encoding: :func:`pokerengine.formats.read_text`)."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HistoryParseError(f"{os.fspath(path)}: not UTF-8 text (bad byte at offset {exc.start})") from None


def load(path: str | os.PathLike[str]) -> list[HandHistory]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (many) file (one that cannot be read: an
    :class:`~pokerengine.errors.UnreadableFileError`)."""
    text = read_text(path)
    name = os.fspath(path)
    if name.endswith(".phhs"):
        return loads_all(text, source=name)
    return [loads(text, source=name)]


SITE_EXTENSIONS = (".txt", ".xml", ".json", ".jsonl", ".ohh")
"""Extensions of the files a folder walk also takes with ``site=True`` (their content decides the format)."""


def walk(paths: Iterable[str | os.PathLike[str]], *, hidden: bool = True) -> Iterator[tuple[str, bool, str | None, bool]]:
    """``(path, given, reason, unreadable)`` for every file named in ``paths`` or found in a folder of them,
    whatever its name: ``reason`` is ``None`` for a regular file (or a link to one), else why it cannot be read
    as one (no such file, not a regular file, a folder that cannot be listed, a link to a folder, a hidden
    folder when ``hidden`` is false); ``unreadable`` when what is behind it may hold hands (permission, an I/O
    error).  The one folder walk of the package: :func:`iter_files` and the replay's accounting
    (:func:`pokerengine.replay.corpus.walk`) read folders through it.

    In a folder, its files come first, in name order, then its sub-folders in name order.  Symbolic links to
    folders are not followed; the walk keeps its own stack, so no depth exhausts the interpreter's.
    """
    for path in paths:
        name = os.fspath(path)
        try:
            st = os.stat(name)
        except OSError as exc:
            yield name, True, f"cannot be read: {exc.strerror or type(exc).__name__}", True
            continue
        if not stat.S_ISDIR(st.st_mode):
            yield name, True, None if stat.S_ISREG(st.st_mode) else SPECIAL, False
            continue
        folders = [name]
        while folders:
            folder = folders.pop()
            try:
                with os.scandir(folder) as it:
                    entries = sorted(it, key=lambda e: e.name)
            except OSError as exc:
                yield folder, False, f"folder cannot be listed: {exc.strerror or type(exc).__name__}", True
                continue
            subfolders = []
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if not hidden and entry.name.startswith("."):
                            yield entry.path, False, "a hidden folder: not looked into", False
                        else:
                            subfolders.append(entry.path)
                    elif entry.is_symlink() and entry.is_dir():
                        yield entry.path, False, "a link to a folder: not followed", False
                    elif entry.is_file():  # regular, or a link to one
                        yield entry.path, False, None, False
                    else:
                        yield entry.path, False, SPECIAL, False
                except OSError as exc:
                    yield entry.path, False, f"cannot be read: {exc.strerror or type(exc).__name__}", True
            folders.extend(reversed(subfolders))


#: Why a file that is no regular file is not read.
SPECIAL = "not a regular file (a pipe, socket, device or broken link)"


def iter_files(paths: Iterable[str | os.PathLike[str]], *, site: bool = False) -> Iterator[str]:
    """The ``.phh``/``.phhs`` files under each path (folders recursively, as :func:`walk` goes); paths given
    are kept whatever they are.  With ``site=True`` folders also give their ``.txt``, ``.xml`` (iPoker),
    ``.json``, ``.jsonl`` and ``.ohh`` files (a site's hand histories: :func:`pokerengine.formats.detect`).
    Only regular files are taken from folders (not a FIFO, which would block, nor a device)."""
    wanted = EXTENSIONS + SITE_EXTENSIONS if site else EXTENSIONS
    for path, given, reason, _ in walk(paths):
        if given and not os.path.isdir(path) or reason is None and path.endswith(wanted):
            yield path


# Writing -------------------------------------------------------------------------------------------

def _key_text(key: str) -> str:
    if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key):
        return key
    return _string(key)


def _string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value_text(value: Any) -> str:
    t = type(value)
    if t is bool:
        return "true" if value else "false"
    if t is int:
        return str(value)
    if t is float:
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if t is str:
        return _string(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key_text(k)} = {_value_text(v)}" for k, v in value.items()) + "}"
    raise HistoryParseError(f"cannot write {shown(value)} ({t.__name__}) as TOML")


def dumps(hand: HandHistory) -> str:
    """The hand as ``.phh`` text: one ``key = value`` line per field set, user fields last."""
    return "".join(f"{_key_text(k)} = {_value_text(v)}\n" for k, v in hand.fields().items())


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The hands as ``.phhs`` text, tables named by each hand's ``key`` or numbered from 1."""
    parts = []
    used: set[str] = set()
    for i, hand in enumerate(hands, 1):
        name = hand.key if hand.key is not None and hand.key not in used else str(i)
        while name in used:
            name += "_"
        used.add(name)
        parts.append(f"[{_key_text(name)}]\n{dumps(hand)}")
    return "\n".join(parts)
