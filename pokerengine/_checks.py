"""Boundary checks shared by every module: chips are plain ``int``, never anything else."""

from __future__ import annotations

from .errors import ChipError


def chips(value: object, what: str, *, error: type[ValueError] = ChipError, positive: bool = False) -> int:
    """Return ``value`` if it is a non-negative ``int`` (positive with ``positive=True``).

    ``bool`` is refused although it is an ``int`` subclass, and so are floats,
    Decimals, Fractions and strings, however whole their value.

    >>> chips(5, "stack")
    5
    >>> chips(5.0, "stack")
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: stack must be an integer number of chips, got 5.0 (float)
    """
    if type(value) is not int:
        if isinstance(value, int) and not isinstance(value, bool):
            value = int(value)  # an int subclass such as numpy's is fine once made plain
        else:
            raise error(f"{what} must be an integer number of chips, got {value!r} ({type(value).__name__})")
    if value < 0 or (positive and value == 0):
        raise error(f"{what} must be {'positive' if positive else 'non-negative'}, got {value}")
    return value
