"""Rake: a percentage of the pots, floored to the chip unit, one cap per hand.

How it is taken (``docs/settlement.md``): returned chips are never raked.  The
hand's rake is ``floor(percent x (sum of the pots))`` in chip units, then
capped by ``cap`` (itself floored to the unit).  It is drawn from the pots in
proportion to their size, each pot's part rounded down to the unit, and the
units left over by rounding taken one each from the pots with the largest
remainders (the earlier pot on equal remainders).  A pot never gives more than
it holds, so pots that are not multiples of the unit can leave the rake short
by less than a unit per pot.  With ``no_flop_no_drop``,
a hand that ended before the flop is not raked.

The percent is exact, never a float: an ``int`` from 0 to 100, a
:class:`~fractions.Fraction` from 0 to 100 whose denominator is at most
:data:`MAX_PERCENT_DENOMINATOR`, or plain ASCII decimal text: one to three
digits, optionally a point and one to :data:`MAX_PERCENT_DECIMALS` digits
(``"5"``, ``"2.5"``, ``"0.125"``, ``"100"``).  Signs, exponents (``"1e-3"``),
whitespace, fractions written with ``/`` and non-ASCII digits are refused, so
the rake of a hand is computed from numbers of a few digits.

>>> Rake("10", cap=3).take([29, 6, 4], unit=1)     # 10% of 39 is 3.9: 3, drawn 2 + 1 + 0
[2, 1, 0]
>>> Rake("5").take([29, 6, 4], unit=1)     # 5% of 39 is 1.95: floor to 1
[1, 0, 0]
>>> Rake("1e-99999999")
Traceback (most recent call last):
...
pokerengine.errors.SettlementInputError: rake percent must be decimal text such as '5' or '2.5' (at most 6 decimal places), an int, or a Fraction with a denominator of at most 1,000,000; got '1e-99999999'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ._checks import chips, shown
from .errors import SettlementInputError

MAX_PERCENT_DECIMALS = 6
"""Most decimal places in a rake percent written as text."""
MAX_PERCENT_DENOMINATOR = 10**MAX_PERCENT_DECIMALS
"""Largest denominator of a rake percent given as a Fraction."""

_DECIMAL = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,%d})?" % MAX_PERCENT_DECIMALS)


def _percent(value: object) -> Fraction:
    if type(value) is str and _DECIMAL.fullmatch(value):
        p = Fraction(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        p = Fraction(int(value))
    elif isinstance(value, Fraction) and value.denominator <= MAX_PERCENT_DENOMINATOR:
        p = Fraction(value.numerator, value.denominator)
    else:
        raise SettlementInputError(
            f"rake percent must be decimal text such as '5' or '2.5' (at most {MAX_PERCENT_DECIMALS} decimal places), "
            f"an int, or a Fraction with a denominator of at most {MAX_PERCENT_DENOMINATOR:,}; got {shown(value)}"
        )
    if p < 0 or p > 100:
        raise SettlementInputError(f"rake percent must be between 0 and 100, got {shown(value)}")
    return p


def _cap(value: object) -> int | None:
    return None if value is None else chips(value, "rake cap", error=SettlementInputError)


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise SettlementInputError(f"no_flop_no_drop must be true or false, got {shown(value)}")
    return value


@attrs.frozen
class Rake:
    """A rake rule: ``percent`` of the pot (decimal text, an int or a Fraction, never a float; see
    the module's docstring for the accepted forms), ``cap`` in chips (at most ``2**63 - 1``)."""

    percent: Fraction = attrs.field(converter=_percent)
    cap: int | None = attrs.field(default=None, converter=_cap)
    no_flop_no_drop: bool = attrs.field(default=False, converter=_flag)

    def take(self, pots: Sequence[int], unit: int = 1, *, flop_seen: bool = True) -> list[int]:
        """The rake drawn from each pot (same order as ``pots``)."""
        if self.no_flop_no_drop and not flop_seen:
            return [0] * len(pots)
        total = sum(pots)
        rake = int(self.percent * total / 100) // unit * unit
        if self.cap is not None:
            rake = min(rake, self.cap // unit * unit)
        if not rake:
            return [0] * len(pots)
        parts = []
        remainders = []
        for i, amount in enumerate(pots):
            exact = Fraction(rake * amount, total)
            part = int(exact) // unit * unit
            parts.append(part)
            remainders.append((exact - part, -i))
        left = (rake - sum(parts)) // unit
        for _, neg_i in sorted(remainders, reverse=True):
            if not left:
                break
            if parts[-neg_i] + unit <= pots[-neg_i]:  # a pot never gives more than it holds
                parts[-neg_i] += unit
                left -= 1
        return parts
