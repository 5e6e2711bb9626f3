"""An Open Hand History text cut into its top-level JSON values, each read exactly, within bounds.

An OHH file holds one hand object, several one after the other (JSON lines, or pretty-printed objects),
or a JSON array of them.  :func:`json_texts` finds where each top-level value begins and ends without
converting a number; :func:`exact_value` reads one of them, checked by :func:`pokerengine._json.loads`
(nesting, digits, no NaN), with its decimals exact.  The hands in those values are read by
:mod:`.ohh`, with two helpers for the values as other writers give them: :func:`finest` (the part of a
chip a hand counted in chips writes its decimals in) and :func:`uncalled_in_pot` (pots that hold the
uncalled bet too).

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
from .sitehand import Collected

__all__ = ["MAX_BYTES", "MAX_CHIP_DECIMALS", "MAX_CONTAINERS", "MAX_HANDS", "MAX_ITEMS", "exact_value", "finest",
           "json_texts", "uncalled_in_pot"]

#: The largest text :func:`~.ohh.read_ohh` reads (bytes, or characters of a ``str``): some 2,500 hands.
MAX_BYTES = 8 * 1024 * 1024
#: The most objects and arrays (``{``, ``[``) and values (``,``) a text may hold: 8 MiB of real hands
#: has about 170,000 and 430,000; these bound the memory of parsing a hostile text.
MAX_CONTAINERS = 400_000
MAX_ITEMS = 600_000
#: The most hands one text may hold.
MAX_HANDS = 100_000
#: The most decimal places of a hand counted in chips (``"currency": "Chips"``, or none) read as parts of a
#: chip (the user field ``_chip_scale``: 0.5 chips is 5 tenths); a finer amount is refused.
MAX_CHIP_DECIMALS = 6


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


def finest(obj: Any) -> int | None:
    """The part of a chip a hand counted in chips is written in when its amounts have decimals (``0.5``:
    10; ``0.25``: 100): ten to the most decimal places of its numbers, at most
    :data:`MAX_CHIP_DECIMALS`; ``None`` when every number is whole (or one is finer than that, which
    the amount's check refuses).  Linear in the hand's JSON (its nesting is bounded by the reader).

    >>> finest({"a": Decimal("0.5"), "b": [{"c": Decimal("2.25")}, Decimal("1.0")]}), finest({"a": 3})
    (100, None)
    """
    places = 0
    todo = [obj]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, Decimal) and value.is_finite() and value == value:
            exponent = value.normalize().as_tuple().exponent
            if isinstance(exponent, int) and exponent < 0:
                places = max(places, -exponent)
    return 10 ** places if 0 < places <= MAX_CHIP_DECIMALS else None


def uncalled_in_pot(put: list[int], live: list[int], names: list[str], collected: tuple[Collected, ...],
                    total: int | None) -> tuple[tuple[Collected, ...], int | None, tuple[int, ...] | None]:
    """The wins, the pots' total and what came back, of a file whose pots hold every chip put in (``put``,
    each player's in position order), the uncalled bet too (a real 2026 Ten-Four hand: pot 150, the bettor's
    50 nobody called in it, and his win 146 of it): that bet (what the largest of the ``live`` chips, antes
    and dead posts left out, has over the next) handed back to its bettor and taken off his win and the
    total.  Else the wins and total as they are, and ``None``.

    >>> uncalled_in_pot([100, 50], [100, 50], ["a", "b"], (Collected("a", 0, 146),), 150)
    ((Collected(player='a', pot=0, amount=96),), 100, (50, 0))
    >>> uncalled_in_pot([100, 50], [100, 50], ["a", "b"], (Collected("a", 0, 96),), 100)
    ((Collected(player='a', pot=0, amount=96),), 100, None)
    """
    if total is None or len(put) < 2 or total != sum(put):
        return collected, total, None
    top = max(range(len(live)), key=live.__getitem__)
    back = live[top] - max(x for k, x in enumerate(live) if k != top)
    name = names[top]
    at = max((i for i, c in enumerate(collected) if c.player == name and c.amount >= back),
             key=lambda i: collected[i].pot or 0, default=None)
    if not back or at is None:
        return collected, total, None
    c = collected[at]
    kept = [*collected[:at], *([Collected(name, c.pot, c.amount - back)] if c.amount > back else []),
            *collected[at + 1:]]
    return tuple(kept), total - back, tuple(back if k == top else 0 for k in range(len(put)))


def exact_value(text: str, what: str) -> Any:
    """One JSON value, checked by :func:`pokerengine._json.loads`, then read again with exact decimals."""
    _json.loads(text, what=what, error=HistoryParseError)
    return json.loads(text, parse_float=Decimal)
