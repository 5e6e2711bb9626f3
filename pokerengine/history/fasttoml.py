"""A fast reader for the TOML that PHH files are made of, with :mod:`tomllib` behind it.

Nearly every PHH file is a list of one-line ``key = value`` pairs whose values
are strings, integers, floats (``inf`` too), booleans, or one-line arrays of
those, perhaps under ``[1]``-style table headers (``.phhs``).  :func:`loads`
reads exactly that subset, an order of magnitude faster than :mod:`tomllib`,
and hands anything else (multi-line arrays, inline comments, escapes, dates,
dotted or quoted keys...) to :mod:`tomllib`, so the result is always the one
:mod:`tomllib` gives.  Whole-line ``#`` comments and blank lines are fine.

>>> loads("a = 1\\nb = 'x'\\nc = [1, 2.5, inf]\\n[1]\\nd = true")
{'a': 1, 'b': 'x', 'c': [1, 2.5, inf], '1': {'d': True}}
>>> loads("a = [\\n  1,\\n]")  # multi-line: tomllib reads it
{'a': [1]}
>>> fast_loads("a = 1 # comment") is None
True
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PAIR = re.compile(r"([A-Za-z0-9_-]+) = ([^ \t\r](?:.*[^ \t\r])?)")
_PAIRS = re.compile(r"^([A-Za-z0-9_-]+) = ([^ \t\r\n](?:[^\n]*[^ \t\r\n])?)[ \t]*\r?$", re.M)
_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
# No control characters (tab apart) inside strings; no quotes or escapes in this fast subset.
_LITERAL = re.compile(r"'([^'\x00-\x08\x0a-\x1f\x7f]*)'")
_BASIC = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
_INT = re.compile(r"[+-]?(?:0|[1-9](?:_?[0-9])*)")
_FLOAT = re.compile(
    r"[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*(?:[eE][+-]?[0-9](?:_?[0-9])*)?|[eE][+-]?[0-9](?:_?[0-9])*)"
    r"|[+-]?(?:inf|nan)"
)
_LITERAL_ARRAY = re.compile(r"\[[ \t]*(?:'[^'\x00-\x08\x0a-\x1f\x7f]*'[ \t]*,[ \t]*)*(?:'[^'\x00-\x08\x0a-\x1f\x7f]*'[ \t]*,?[ \t]*)?\]")
_BASIC_ARRAY = re.compile(
    r'\[[ \t]*(?:"[^"\\\x00-\x08\x0a-\x1f\x7f]*"[ \t]*,[ \t]*)*(?:"[^"\\\x00-\x08\x0a-\x1f\x7f]*"[ \t]*,?[ \t]*)?\]'
)
_LITERAL_ITEM = re.compile(r"'([^']*)'")
_N = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|[+-]?(?:inf|nan)"
# The canonical shapes writers produce: ``[1, 2, 3]`` and ``['a', 'b']`` / ``["a", "b"]``.
_CANON_INTS = re.compile(r"\[(?:(?:0|[1-9][0-9]*), )*(?:0|[1-9][0-9]*)\]")
# One-line arrays of numbers without underscores (the usual stacks and blinds).
_NUMBER_ARRAY = re.compile(rf"\[[ \t]*(?:(?:{_N})[ \t]*(?:,[ \t]*(?:{_N})[ \t]*)*,?[ \t]*)?\]")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_BASIC_ITEM = re.compile(r'"([^"]*)"')


class Unusual(Exception):
    """The text leaves the fast subset: let tomllib read it."""


_Unusual = Unusual


def _number(text: str) -> int | float:
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)  # TOML floats are kept as the file wrote them (amounts.exact converts): float ok
    raise _Unusual


def _value(text: str) -> Any:
    first = text[:1]
    if first == "'":
        if text.startswith("'''"):
            raise _Unusual
        m = _LITERAL.fullmatch(text)
        if m is None:
            raise _Unusual
        return m.group(1)
    if first == '"':
        m = _BASIC.fullmatch(text)
        if m is None:
            raise _Unusual
        return m.group(1)
    if first == "[":
        quote = text[1:2]
        if (quote == "'" or quote == '"') and text[-2:] == quote + "]" and _CONTROL.search(text) is None:
            items = text[2:-2].split(quote + ", " + quote)
            if text.count(quote) == 2 * len(items) and (quote == "'" or "\\" not in text):
                return items
        elif _CANON_INTS.fullmatch(text) is not None:
            return list(map(int, text[1:-1].split(", ")))
        second = text[1:].lstrip(" \t")[:1]
        if second == "'":
            if _LITERAL_ARRAY.fullmatch(text) is None:
                raise _Unusual
            return _LITERAL_ITEM.findall(text)
        if second == '"':
            if _BASIC_ARRAY.fullmatch(text) is None:
                raise _Unusual
            return _BASIC_ITEM.findall(text)
        if _NUMBER_ARRAY.fullmatch(text) is not None:
            items = text[1:-1].split(",")
            if not items[-1].strip(" \t"):
                items.pop()  # a trailing comma, or an empty array
            return [_token(item) for item in items]
        if not text.endswith("]"):
            raise _Unusual
        inner = text[1:-1].strip(" \t")
        if not inner:
            return []
        items = inner.split(",")
        if not items[-1].strip(" \t"):
            items.pop()  # a trailing comma
        return [_scalar(item.strip(" \t")) for item in items]
    if text == "true":
        return True
    if text == "false":
        return False
    if text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1):
        return int(text)
    return _number(text)


def _token(item: str) -> int | float:
    """A number already checked against the array pattern (``int``/``float`` accept the spaces)."""
    if "." in item or "e" in item or "E" in item or "n" in item:
        return float(item)  # as the file wrote it, as tomllib does; amounts.exact converts: float ok
    return int(item)


def _scalar(text: str) -> Any:
    if text == "true":
        return True
    if text == "false":
        return False
    if text[:1] in ("'", '"', "[", ""):
        if text[:1] == "'" and (m := _LITERAL.fullmatch(text)) is not None:
            return m.group(1)
        if text[:1] == '"' and (m := _BASIC.fullmatch(text)) is not None:
            return m.group(1)
        raise _Unusual  # nested arrays, or a comma inside a string
    return _number(text)


#: Values by their text: the same forced bets, stacks and names recur from hand to hand.
_SEEN: dict[str, Any] = {}


def _cached(text: str) -> Any:
    value = _SEEN.get(text)
    if value is None:
        value = _value(text)
        if len(text) < 80:  # short values (forced bets, stacks, names) recur; action lists do not
            if len(_SEEN) > 8192:
                _SEEN.clear()
            _SEEN[text] = value
    return value.copy() if type(value) is list else value  # lists go out fresh: callers may change them


def pairs_of(text: str) -> list[tuple[str, str]] | None:
    """``(key, value text)`` per line if every line is a one-line ``key = value`` pair, else ``None``.

    The shape writers such as PokerKit produce; read each value with :func:`value_of`.

    >>> pairs_of("a = 1\\nb = ['x', 'y']\\n"), pairs_of("[1]\\na = 1")
    ([('a', '1'), ('b', "['x', 'y']")], None)
    """
    if text[-1:] == "\r":
        return None  # a lone carriage return: tomllib's to judge
    pairs = _PAIRS.findall(text)
    if pairs and len(pairs) == text.count("\n") + (text[-1:] != "\n"):
        return pairs
    return None


def value_of(text: str, *, remember: bool = True) -> Any:
    """The value a pair's value text stands for; :class:`Unusual` if it lies outside the fast subset.

    Lists always come out fresh.  ``remember``: keep short values for the next time they are read
    (forced bets, stacks and names recur from file to file).
    """
    return _cached(text) if remember else _value(text)


def fast_loads(text: str) -> dict[str, Any] | None:
    """The document if it lies in the fast subset, else ``None`` (never an error of its own)."""
    if text[-1:] == "\r":
        return None  # a lone carriage return: tomllib's to judge
    # Fastest: nothing but ``key = value`` lines (what writers such as PokerKit produce).
    pairs = pairs_of(text)
    if pairs is not None:
        seen = _SEEN
        doc = {}
        try:
            for key, text in pairs:
                value = seen.get(text)
                if value is None:
                    value = _cached(text)
                elif type(value) is list:
                    value = value.copy()
                doc[key] = value
        except _Unusual:
            return None
        return doc if len(doc) == len(pairs) else None
    root: dict[str, Any] = {}
    table = root
    try:
        for line in text.split("\n"):
            m = _PAIR.fullmatch(line)
            if m is not None:  # the usual ``key = value`` line
                key = m.group(1)
                if key in table:
                    return None
                table[key] = _cached(m.group(2))
                continue
            if line[-1:] == "\r":
                line = line[:-1]
            line = line.strip(" \t")
            if not line or line[0] == "#":
                if _CONTROL.search(line) is not None:
                    return None
                continue
            if line[0] == "[":
                m = _HEADER.fullmatch(line)
                if m is None:
                    return None
                name = m.group(1)
                if name in root:
                    return None
                table = root[name] = {}
                continue
            key, eq, rest = line.partition("=")
            if not eq:
                return None
            key = key.rstrip(" \t")
            if _KEY.fullmatch(key) is None or key in table:
                return None
            table[key] = _value(rest.lstrip(" \t"))
    except _Unusual:
        return None
    return root


def loads(text: str) -> dict[str, Any]:
    """Parse TOML text: the fast subset here, anything else through :mod:`tomllib`.

    Raises :class:`tomllib.TOMLDecodeError` on invalid TOML, exactly as :mod:`tomllib` does.
    """
    doc = fast_loads(text)
    if doc is None:
        doc = tomllib.loads(text)
    return doc
