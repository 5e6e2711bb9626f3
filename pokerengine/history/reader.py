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
"""

from __future__ import annotations

import datetime
import json
import math
import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..errors import HistoryParseError
from .fasttoml import Unusual, pairs_of, value_of
from .fasttoml import loads as toml_loads
from .record import _CHECKS, FIELD_KINDS, HandHistory, checked_fields

#: Per spec field, value text -> the checked value (arrays as tuples): the short values recur from
#: file to file (forced bets, stacks, names) and need reading and checking only once.
_FIELD_VALUES: dict[str, dict[str, Any]] = {name: {} for name in FIELD_KINDS}

_CHUNK = 1 << 16
#: File name endings read as hand histories.
EXTENSIONS = (".phh", ".phhs")


def _document(text: str, source: str | None) -> dict[str, Any]:
    if text[:1] == "\ufeff":
        text = text[1:]
    try:
        return toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
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
    """The hand of a ``.phh`` text (``source`` names it in error messages)."""
    if text[:1] == "\ufeff":
        text = text[1:]
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
    """The top-level ``(name, table)`` pairs of a ``.phhs`` text, in file order (not yet checked)."""
    return list(_document(text, source).items())


def loads_all(text: str, *, source: str | None = None) -> list[HandHistory]:
    """Every hand of a ``.phhs`` text, in file order; the first bad hand raises."""
    return [_hand(name, table, source) for name, table in tables(text, source=source)]


def _hand(name: str, table: Any, source: str | None) -> HandHistory:
    if not isinstance(table, dict):
        raise HistoryParseError(f"{source or '<text>'}: top-level key {name!r} is not a hand table [{name}]")
    return from_fields(table, source=source, key=name)


def read_text(path: str | os.PathLike) -> str:
    """A file's text (UTF-8); decoding errors become :class:`HistoryParseError`."""
    fd = os.open(path, os.O_RDONLY)  # hand histories are small: a read or two, no buffering layer
    try:
        data = os.read(fd, _CHUNK)
        if len(data) == _CHUNK:
            parts = [data]
            while chunk := os.read(fd, _CHUNK):
                parts.append(chunk)
            data = b"".join(parts)
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HistoryParseError(f"{os.fspath(path)}: not UTF-8 text: {exc}") from None


def load(path: str | os.PathLike) -> list[HandHistory]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (many) file."""
    name = os.fspath(path)
    text = read_text(path)
    if name.endswith(".phhs"):
        return loads_all(text, source=name)
    return [loads(text, source=name)]


def iter_files(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """The ``.phh``/``.phhs`` files under each path (directories recursively, sorted); files given are kept."""
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(EXTENSIONS):
                        yield os.path.join(root, f)
        else:
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
    raise HistoryParseError(f"cannot write {value!r} ({t.__name__}) as TOML")


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
