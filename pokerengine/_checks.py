"""Boundary checks shared by every module: chips are plain ``int``, never anything else."""

from __future__ import annotations

import reprlib

from .errors import ChipError

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60
_REPR.maxlevel = 3


def shown(value: object) -> str:
    """``repr(value)`` cut to a few dozen characters: safe to put in an error message about hostile input.

    >>> shown([[[[[1]]]]])
    '[[[[...]]]]'
    >>> len(shown("x" * 10**6)) <= 60
    True
    """
    try:
        return _REPR.repr(value)
    except Exception:  # a hostile object's __repr__ may raise anything
        return f"<{type(value).__name__}>"

MAX_NAME = 128
"""Longest player id or table name, in characters (tournaments and tables)."""

MAX_CHIPS = 2**63 - 1
"""The largest amount of chips or money (minor units) any entry point accepts: a signed 64-bit integer,
what a server's database column holds.  Sums of such amounts are exact Python integers."""


def chips(value: object, what: str, *, error: type[ValueError] = ChipError, positive: bool = False,
          unit: str = "chips") -> int:
    """Return ``value`` if it is a non-negative ``int`` (positive with ``positive=True``).

    ``bool`` is refused although it is an ``int`` subclass, and so are floats,
    Decimals, Fractions and strings, however whole their value.  ``what`` names the value in
    messages (``stack of player 2``, ``contributed of seat 3``); ``unit`` is what it counts (a seat
    label or an index counts nothing: ``unit=""``).

    >>> chips(5, "stack")
    5
    >>> chips(5.0, "stack")
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: stack must be an integer number of chips, got 5.0 (float)
    >>> chips("3", "seat", positive=True, unit="")
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: seat must be an integer, got '3' (str)
    >>> chips(10**4000, "stack")
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: stack must be at most 2**63 - 1, got an integer of 13288 bits
    """
    if type(value) is not int:
        if isinstance(value, int) and not isinstance(value, bool):
            value = int(value)  # an int subclass such as numpy's is fine once made plain
        else:
            kind = f"an integer number of {unit}" if unit else "an integer"
            raise error(f"{what} must be {kind}, got {shown(value)} ({type(value).__name__})")
    if value < 0 or (positive and value == 0):
        raise error(f"{what} must be {'positive' if positive else 'non-negative'}, got {value}")
    if value > MAX_CHIPS:
        raise error(f"{what} must be at most 2**63 - 1, got an integer of {value.bit_length()} bits")
    return value
