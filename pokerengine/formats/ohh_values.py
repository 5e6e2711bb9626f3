"""An Open Hand History text cut into its top-level JSON values, each read exactly, within bounds.

An OHH file holds one hand object, several one after the other (JSON lines, or pretty-printed objects),
or a JSON array of them.  :func:`json_texts` finds where each top-level value begins and ends without
converting a number; :func:`exact_value` reads one of them, checked by :func:`pokerengine._json.loads`
(nesting, digits, no NaN), with its decimals exact.  The hands in those values are read by
:mod:`.ohh`.

>>> list(json_texts('{"a": 1}\\n{"b": [2.50]}', "x.ohh"))
['{"a": 1}', '{"b": [2.50]}']
>>> exact_value('{"b": [2.50]}', "x")
{'b': [Decimal('2.50')]}
>>> [str(v) if isinstance(v, Exception) else v for v in json_texts('{"a": 1}\\n{"b": \\n{"c": 3}', "f.ohh", errors=True)]
['{"a": 1}', "f.ohh: value 2: not valid JSON: Expecting ',' delimiter: line 3 column 9 (char 24)", '{"c": 3}']

Limits: a text of at most :data:`MAX_BYTES` bytes, :data:`MAX_CONTAINERS` objects and arrays,
:data:`MAX_ITEMS` values and :data:`MAX_HANDS` top-level values.  Time and memory are linear in the
size of the text.  Every error is a :class:`~pokerengine.errors.HistoryParseError` naming the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from .. import _json
from ..errors import HistoryParseError

__all__ = ["MAX_BYTES", "MAX_CONTAINERS", "MAX_HANDS", "MAX_ITEMS", "exact_value", "json_texts"]

#: The largest text :func:`~.ohh.read_ohh` reads (bytes, or characters of a ``str``): some 2,500 hands.
MAX_BYTES = 8 * 1024 * 1024
#: The most objects and arrays (``{``, ``[``) and values (``,``) a text may hold: 8 MiB of real hands
#: has about 170,000 and 430,000; these bound the memory of parsing a hostile text.
MAX_CONTAINERS = 400_000
MAX_ITEMS = 600_000
#: The most hands one text may hold.
MAX_HANDS = 100_000


def json_texts(data: bytes | str, source: str | None, errors: bool = False) -> Iterator[str | HistoryParseError]:
    """The JSON text of each top-level value, in order (objects may follow one another: JSON lines,
    or pretty-printed objects one after the other).  With ``errors``, a value that is not valid JSON is
    given as its error and the text read on from the next line that begins with ``{`` or ``[`` (JSON
    lines: the line after the bad one; once bad values have cost twice the text's length, from the
    line of the error on, so that time stays linear); a value followed on its line by what begins no
    value is bad with the rest of its line."""
    name = source or "<text>"
    text = _json.text_of(data, what=name, error=HistoryParseError, max_bytes=MAX_BYTES)
    if text.count("{") + text.count("[") > MAX_CONTAINERS or text.count(",") > MAX_ITEMS:
        raise HistoryParseError(f"{name}: more than {MAX_CONTAINERS:,} objects and arrays or {MAX_ITEMS:,} values")
    # Boundaries only: numbers are not converted here (each value is read again, bounded, below).
    scanner = json.JSONDecoder(parse_int=_zero, parse_float=_zero, parse_constant=_zero)
    at = _WS.match(text, 0).end()  # type: ignore[union-attr]
    count = spent = 0
    while at < len(text):
        count += 1
        if count > MAX_HANDS:
            raise HistoryParseError(f"{name}: more than {MAX_HANDS:,} hands")
        try:
            _, end = scanner.raw_decode(text, at)
        except RecursionError:
            raise HistoryParseError(f"{name}: JSON nested deeper than {_json.MAX_DEPTH} levels") from None
        except ValueError as exc:
            bad = HistoryParseError(f"{name}: value {count}: not valid JSON: {_short(str(exc))}")
            if not errors:
                raise bad from None
            yield bad
            err = max(getattr(exc, "pos", at), at)
            spent += err - at
            nxt = _VALUE_LINE.search(text, at + 1 if spent <= 2 * len(text) else max(text.rfind("\n", at, err) + 1, at + 1))
            at = nxt.start() if nxt is not None else len(text)
            continue
        if errors and _JUNK.match(text, end):  # (a line damaged after a value that ends early: one bad value)
            yield HistoryParseError(f"{name}: value {count}: not valid JSON: something after the value on its line")
            nxt = _VALUE_LINE.search(text, end)
            at = nxt.start() if nxt is not None else len(text)
            continue
        yield text[at:end]
        at = _WS.match(text, end).end()  # type: ignore[union-attr]


_WS = re.compile(r"\s*")
_VALUE_LINE = re.compile(r"^[{\[]", re.MULTILINE)
_JUNK = re.compile(r"[ \t\r]*[^\s{\[]")


def _zero(_: str) -> int:
    return 0


def _short(text: str) -> str:
    return text if len(text) <= 200 else text[:197] + "..."


def exact_value(text: str, what: str) -> Any:
    """One JSON value, checked by :func:`pokerengine._json.loads`, then read again with exact decimals."""
    _json.loads(text, what=what, error=HistoryParseError)
    return json.loads(text, parse_float=Decimal)
