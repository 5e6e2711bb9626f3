"""A fast reader for the TOML that PHH files are made of, with :mod:`tomllib` behind it.

Nearly every PHH file is a list of one-line ``key = value`` pairs whose values
are strings, integers, floats (``inf`` too), booleans, or one-line arrays of
those, perhaps under ``[1]``-style table headers (``.phhs``).  :func:`loads`
reads exactly that subset, an order of magnitude faster than :mod:`tomllib`,
and hands anything else (multi-line arrays, inline comments, dates,
dotted or quoted keys...) to :mod:`tomllib`, so the result is always the one
:mod:`tomllib` gives.  Whole-line ``#`` comments and blank lines are fine.

>>> loads("a = 1\\nb = 'x'\\nc = [1, 2.5, inf]\\n[1]\\nd = true")
{'a': 1, 'b': 'x', 'c': [1, 2.5, inf], '1': {'d': True}}
>>> loads("a = [\\n  1,\\n]")  # multi-line: tomllib reads it
{'a': [1]}
>>> fast_loads("a = 1 # comment") is None
True

Both ways are bounded, so that hostile text gets a :class:`tomllib.TOMLDecodeError` (a
:class:`Refused` naming the limit) and never a :class:`RecursionError`, a huge integer or a long
wait: integers must fit in 64 bits, as the TOML spec says (:data:`MAX_INT`); no run of digits is
longer than :data:`MAX_DIGITS`; arrays and tables nest at most :data:`MAX_DEPTH` deep.  Time is
linear in the length of the text; strings and arrays are bounded by it (the callers bound the
text: :data:`pokerengine.phh.reader.MAX_FILE_BYTES`).

>>> loads("a = " + "[" * 500 + "]" * 500)
Traceback (most recent call last):
...
pokerengine.phh.fasttoml.Refused: arrays and tables nested deeper than 64 levels
>>> loads("a = 9223372036854775808")
Traceback (most recent call last):
...
pokerengine.phh.fasttoml.Refused: integer 9223372036854775808 is out of the 64-bit range of TOML
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from .._json import too_deep

#: TOML integers are signed 64-bit: larger ones are refused, as the spec asks.
MAX_INT = 2**63 - 1
#: The longest run of digits (and underscores) accepted anywhere outside strings and comments: a
#: 64-bit integer has 19 digits, a float needs no more than 17 significant ones.
MAX_DIGITS = 40
#: The deepest nesting of arrays and inline tables (and of tables, for dotted keys) accepted.
MAX_DEPTH = 64
#: The longest text read by :mod:`tomllib` (outside the fast subset): tomllib takes up to about
#: 1.5 s and 60 MB per MiB of hostile text (empty arrays, say), the fast subset far less.
MAX_TOML_BYTES = 1 << 20
#: The longest one-line array value the fast subset matches with a pattern (longer ones: tomllib's way);
#: a pattern's repetitions cost memory per item.  Arrays of strings in the usual shape have no bound.
_MAX_PATTERN_VALUE = 1 << 16

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
_CANON_INTS = re.compile(r"\[(?:(?:0|[1-9][0-9]{0,17}), )*(?:0|[1-9][0-9]{0,17})\]")
# One-line arrays of numbers without underscores (the usual stacks and blinds).
_NUMBER_ARRAY = re.compile(rf"\[[ \t]*(?:(?:{_N})[ \t]*(?:,[ \t]*(?:{_N})[ \t]*)*,?[ \t]*)?\]")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_BASIC_ITEM = re.compile(r'"([^"]*)"')
# Basic strings with TOML 1.0's escapes (what writers produce for a quote or a backslash in a name).
_ESCAPE = r'\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})'
_ESCAPED = re.compile(rf'"((?:[^"\\\x00-\x08\x0a-\x1f\x7f]|{_ESCAPE})*)"')
_ESCAPED_ARRAY = re.compile(rf'\[[ \t]*(?:{_ESCAPED.pattern}[ \t]*,[ \t]*)*(?:{_ESCAPED.pattern}[ \t]*,?[ \t]*)?\]')
_ONE_ESCAPE = re.compile(_ESCAPE)
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def _unescape(body: str) -> str:
    """The text of a basic string whose body matched :data:`_ESCAPED` (escapes decoded).

    >>> _unescape(r'say \\"hi\\" \\u00e9\\t.')
    'say "hi" \xe9\\t.'
    """
    if "\\" not in body:
        return body
    return _ONE_ESCAPE.sub(_decoded, body)


def _decoded(m: re.Match[str]) -> str:
    code = m.group()[1:]
    if len(code) == 1:
        return _SIMPLE_ESCAPES[code]
    point = int(code[1:], 16)
    if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:  # not a Unicode scalar value: tomllib refuses it
        raise _Unusual
    return chr(point)


class Unusual(Exception):
    """The text leaves the fast subset: let tomllib read it."""


_Unusual = Unusual


def _int(text: str) -> int:
    """A decimal integer of the fast subset, or :class:`Unusual` when it may not fit 64 bits (tomllib's
    way then refuses it by name)."""
    if len(text) > 19:
        raise _Unusual
    value = int(text)
    if value > MAX_INT:  # 19 digits beyond 2**63 - 1 (a negative number of 18 digits always fits)
        raise _Unusual
    return value


def _number(text: str) -> int | float:
    if len(text) > MAX_DIGITS:
        raise _Unusual  # the long-digit check of the general way judges it
    if _INT.fullmatch(text):
        return _int(text.replace("_", "") if "_" in text else text)
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
            m = _ESCAPED.fullmatch(text)
            if m is None:
                raise _Unusual
            return _unescape(m.group(1))
        return m.group(1)
    if first == "[":
        quote = text[1:2]
        if (quote == "'" or quote == '"') and text[-2:] == quote + "]" and _CONTROL.search(text) is None:
            items = text[2:-2].split(quote + ", " + quote)
            if text.count(quote) == 2 * len(items) and (quote == "'" or "\\" not in text):
                return items
        if len(text) > _MAX_PATTERN_VALUE:
            raise _Unusual
        if _CANON_INTS.fullmatch(text) is not None:  # (each of at most 18 digits: within 64 bits)
            return list(map(int, text[1:-1].split(", ")))
        second = text[1:].lstrip(" \t")[:1]
        if second == "'":
            if _LITERAL_ARRAY.fullmatch(text) is None:
                raise _Unusual
            return _LITERAL_ITEM.findall(text)
        if second == '"':
            if _BASIC_ARRAY.fullmatch(text) is None:
                if _ESCAPED_ARRAY.fullmatch(text) is None:
                    raise _Unusual
                return [_unescape(item) for item in _ESCAPED.findall(text)]
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
        return int(text) if len(text) < 19 else _int(text)  # (18 digits always fit in 64 bits)
    return _number(text)


def _token(item: str) -> int | float:
    """A number already checked against the array pattern (``int``/``float`` accept the spaces)."""
    if len(item) > MAX_DIGITS:
        raise _Unusual
    if "." in item or "e" in item or "E" in item or "n" in item:
        return float(item)  # as the file wrote it, as tomllib does; amounts.exact converts: float ok
    return _int(item.strip(" \t").lstrip("+"))


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
        if text[:1] == '"' and (m := _ESCAPED.fullmatch(text)) is not None:
            return _unescape(m.group(1))
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


class Refused(tomllib.TOMLDecodeError):
    """TOML that breaks one of the bounds of this module (a :class:`tomllib.TOMLDecodeError`)."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)


# What the bounds check looks at, outside strings and comments: brackets, dots (between the parts
# of a dotted key), what ends a key, and runs of digits.  A string that does not end ends the look:
# the TOML is invalid there, and tomllib stops there too.
_SCAN = re.compile(
    r'''"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:""|")?'''  # multi-line basic string
    r"|'''(?:[^']|'(?!''))*'''(?:''|')?"  # multi-line literal string
    r'|"(?!"")(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'(?!'')[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|(?P<open>[\[{])|(?P<close>[\]}])|(?P<dot>\.)|(?P<end>[=,\n])"
    rf"|(?P<digits>(?<![0-9_])[0-9_]{{{MAX_DIGITS + 1}}}|0[xob][0-9A-Fa-f_]{{{MAX_DIGITS}}})"
    r"|(?P<stop>[\"'])"  # a string that does not end
)
_LONG_DIGITS = re.compile(rf"[0-9_]{{{MAX_DIGITS + 1}}}|0[xob][0-9A-Fa-f_]{{{MAX_DIGITS}}}")


def check_bounds(text: str) -> None:
    """Raise :class:`Refused` if ``text`` nests arrays or inline tables deeper than :data:`MAX_DEPTH`,
    has a key of more than :data:`MAX_DEPTH` dotted parts, or a run of more than :data:`MAX_DIGITS`
    digits outside strings.  :mod:`tomllib` recurses on nesting, takes quadratic time on dotted
    keys and converts integers of any length: this runs first.  Linear time.

    >>> check_bounds("a = [[1], {b = 'x[[[['}]  # brackets in strings do not count")
    >>> check_bounds("a = 1" + "0" * 50)
    Traceback (most recent call last):
    ...
    pokerengine.phh.fasttoml.Refused: a number of more than 40 digits
    """
    if (text.count("[") + text.count("{") <= MAX_DEPTH and text.count(".") <= MAX_DEPTH
            and _LONG_DIGITS.search(text) is None):
        return
    depth = dots = 0
    for m in _SCAN.finditer(text):
        kind = m.lastgroup
        if kind is None:  # a string or a comment
            continue
        if kind == "dot":
            dots += 1
            if dots >= MAX_DEPTH:
                raise Refused(f"a key of more than {MAX_DEPTH} dotted parts")
            continue
        dots = 0
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                raise Refused(f"arrays and tables nested deeper than {MAX_DEPTH} levels")
        elif kind == "close":
            depth -= 1
        elif kind == "digits":
            raise Refused(f"a number of more than {MAX_DIGITS} digits")
        elif kind == "stop":
            return


def _check_values(doc: dict[str, Any]) -> None:
    """Raise :class:`Refused` for tables nested too deep (dotted keys) or an integer beyond 64 bits."""
    if too_deep(doc, MAX_DEPTH):
        raise Refused(f"arrays and tables nested deeper than {MAX_DEPTH} levels")
    stack: list[Any] = [doc]
    while stack:
        node = stack.pop()
        for value in node.values() if type(node) is dict else node:
            t = type(value)
            if t is int:
                if not -MAX_INT - 1 <= value <= MAX_INT:
                    shown = value if value.bit_length() < 200 else f"of {value.bit_length()} bits"
                    raise Refused(f"integer {shown} is out of the 64-bit range of TOML")
            elif t is list or t is dict:
                stack.append(value)


def loads(text: str) -> dict[str, Any]:
    """Parse TOML text: the fast subset here, anything else through :mod:`tomllib`.

    Raises :class:`tomllib.TOMLDecodeError` on invalid TOML, exactly as :mod:`tomllib` does, and
    :class:`Refused` (a subclass) for TOML beyond the bounds above, among them a text beyond the fast
    subset longer than :data:`MAX_TOML_BYTES`.  Time and memory are linear in the length of ``text``.
    """
    doc = fast_loads(text)
    if doc is None:
        if len(text) > MAX_TOML_BYTES:
            raise Refused(f"larger than {MAX_TOML_BYTES:,} characters, and beyond the fast subset (one-line "
                          "'key = value' pairs and [table] headers)")
        check_bounds(text)
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            raise
        except (RecursionError, ValueError) as exc:  # belt and braces: the checks above should prevent it
            raise Refused(f"cannot be read ({type(exc).__name__})") from None
        _check_values(doc)
    return doc
