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

>>> Rake("10", cap=3).take([29, 6, 4], unit=1)     # 10% of 39 is 3.9: 3, drawn 2 + 1 + 0
[2, 1, 0]
>>> Rake("5").take([29, 6, 4], unit=1)     # 5% of 39 is 1.95: floor to 1
[1, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ._checks import chips
from .errors import SettlementInputError


def _percent(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (str, int, Fraction)):
        raise SettlementInputError(
            f"rake percent must be a string such as '5' or '2.5', an int or a Fraction, got {value!r}"
        )
    try:
        p = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise SettlementInputError(f"rake percent {value!r} is not a number") from None
    if p < 0 or p > 100:
        raise SettlementInputError(f"rake percent must be between 0 and 100, got {value!r}")
    return p


def _cap(value: object) -> int | None:
    return None if value is None else chips(value, "rake cap", error=SettlementInputError)


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise SettlementInputError(f"no_flop_no_drop must be true or false, got {value!r}")
    return value


@attrs.frozen
class Rake:
    """A rake rule: ``percent`` of the pot (a string, int or Fraction, never a float)."""

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
