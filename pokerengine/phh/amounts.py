"""From the numbers a PHH file writes to whole chips, and back.

The engine counts integer chips.  A file whose stacks and bets are whole
numbers (nearly all) replays as it is.  A file in a currency with decimals
(``starting_stacks = [1259450.25, 678473.5]``) replays in the smallest
decimal unit those amounts need (here hundredths: a *scale* of 100), so
nothing is rounded; results are turned back into the file's units at the
end.  The scale comes from the stacks, forced bets and bet amounts, never
from ``finishing_stacks``: a record that writes a tied half chip (674.5) is
compared in chips, and that is the "record splits a chip" case.

>>> scale_of([10000, 50, 100])
1
>>> scale_of([1259450.25, 678473.5, 500])
100
>>> units(1259450.25, 100), units(674.5, 1) is None
(125945025, True)
>>> show(125945025, 100), show(10000, 1)
(1259450.25, 10000)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from .._checks import shown
from ..errors import HistoryParseError

_WHOLE = frozenset((int,))
#: The finest unit accepted: a millionth of the file's unit.
MAX_SCALE = 10**6
#: Stands in for an unknown (``inf``) stack: larger than any real amount of chips.
INFINITE = 10**30


def decimals(value: float) -> int:
    """How many decimal places a finite number needs (``0.25`` -> 2, ``3.0`` -> 0)."""
    if type(value) is int or value.is_integer():
        return 0
    # A finite value's exponent is an int (only NaN and infinities have 'n', 'N', 'F').
    exponent: int = Decimal(repr(value)).normalize().as_tuple().exponent  # type: ignore[assignment]
    return max(0, -exponent)


def scale_of(values: Iterable[int | float]) -> int:
    """The smallest power of ten that makes every finite value whole."""
    if _WHOLE.issuperset(map(type, values)):
        return 1
    places = 0
    for v in values:
        if type(v) is not int and math.isfinite(v):
            places = max(places, decimals(v))
    scale: int = 10**places  # places >= 0: an int
    if scale > MAX_SCALE:
        raise HistoryParseError("amounts with more than 6 decimal places cannot be replayed in whole chips")
    return scale


def units(value: float, scale: int) -> int | None:
    """``value`` in units of ``1/scale`` if that is whole, else ``None``; ``inf`` is :data:`INFINITE`."""
    if type(value) is int:
        return value * scale
    if math.isinf(value) and value > 0:
        return INFINITE
    if not math.isfinite(value):
        return None
    if value.is_integer():
        return int(value) * scale
    exact = Decimal(repr(value)) * scale
    if exact != exact.to_integral_value():
        return None
    return int(exact)


def exact(value: int | float, scale: int) -> Fraction:
    """``value`` in units of ``1/scale``, exactly as written (``674.5`` -> 1349/2)."""
    if type(value) is int:
        return Fraction(value * scale)
    return Fraction(Decimal(repr(value))) * scale


def amount(text: str) -> int | float:
    """A ``cbr`` amount as written: an integer, else a float (at most 40 characters, finite, not negative).

    >>> amount("225"), amount("2.5")
    (225, 2.5)
    >>> amount("-5")
    Traceback (most recent call last):
    ...
    pokerengine.errors.HistoryParseError: bad amount '-5'
    """
    if len(text) <= 40:
        if text.isdigit() and text.isascii():
            return int(text)
        try:
            value = float(text)  # as written; units() turns it into exact integer units: float ok
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return value
    raise HistoryParseError(f"bad amount {shown(text)}")


def show(value: int, scale: int) -> int | float:
    """A whole number of ``1/scale`` units in the file's units (an ``int`` when whole)."""
    if value >= INFINITE // 2:
        return math.inf
    if scale == 1:
        return value
    q, r = divmod(value, scale)
    return q if r == 0 else value / scale
