"""Input checks shared by every payout model.

Stacks are positive ``int`` chip counts (``bool``, ``float``, ``Decimal``,
``str`` refused, however whole their value), at most
:data:`~pokerengine._checks.MAX_CHIPS` each, and at most :data:`MAX_PLAYERS`
of them.  Prizes are non-negative ``int`` amounts up to ``MAX_CHIPS`` or
:class:`fractions.Fraction` amounts whose numerator and denominator are both at
most ``MAX_CHIPS``, best place first; a list shorter than the field pays
nothing to the places it does not reach.  A list longer than the field may
only have zeros past the last player (they are dropped): a non-zero prize for a
place nobody can take would leave money unassigned, so it is refused.  Prizes
need not be decreasing (the DCM paper's Table 4 pays only second place); a
place's prize is always ``prizes[place - 1]``.

NumPy integers are accepted (they are whole numbers of chips), without this
module importing NumPy: they are :class:`numbers.Integral`.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sized
from fractions import Fraction
from itertools import islice

from .._checks import MAX_CHIPS, chips, shown
from ..errors import ModelInputError

Prize = int | Fraction
Stacks = Iterable[int]
"""What a model takes as stacks: any iterable of ints (a list, a tuple, a NumPy array)."""
Prizes = Iterable[int | Fraction]
"""What a model takes as prizes, best place first."""

MAX_PLAYERS = 1_000_000
"""The most players (stacks) and prizes any model accepts; checking them takes well under a second."""


def _sequence(value: object, what: str) -> list[object]:
    if isinstance(value, (str, bytes, dict, set, frozenset)) or not isinstance(value, Iterable):
        raise ModelInputError(f"{what} must be a list of numbers, got {type(value).__name__}")
    if isinstance(value, Sized) and len(value) > MAX_PLAYERS:
        raise ModelInputError(f"{what}: {len(value):,} values, more than the {MAX_PLAYERS:,} a model accepts")
    values = list(islice(value, MAX_PLAYERS + 1))
    if len(values) > MAX_PLAYERS:
        raise ModelInputError(f"{what}: more than the {MAX_PLAYERS:,} values a model accepts")
    # NumPy integers (not int subclasses in NumPy 2) are whole numbers of chips too
    return [v if isinstance(v, int) else int(v) if isinstance(v, numbers.Integral) else v for v in values]


def check_stacks(stacks: object) -> tuple[int, ...]:
    """Return the stacks as a tuple of positive ``int``.

    >>> check_stacks([1000, 500, 100])
    (1000, 500, 100)
    >>> check_stacks([1000, 0])
    Traceback (most recent call last):
    ...
    pokerengine.errors.ModelInputError: stack of player 2 must be positive, got 0
    """
    values = _sequence(stacks, "stacks")
    if not values:
        raise ModelInputError("no players: stacks is empty")
    return tuple(
        chips(v, f"stack of player {i + 1}", error=ModelInputError, positive=True) for i, v in enumerate(values)
    )


def _fraction_text(value: Fraction) -> str:
    """``-1/2`` as typed, for a message (a huge one as a cut ``repr``).

    >>> _fraction_text(Fraction(-1, 2)), len(_fraction_text(Fraction(10**5000, 3))) <= 60
    ('-1/2', True)
    """
    if abs(value.numerator).bit_length() < 256 and value.denominator.bit_length() < 256:
        return str(value)
    return shown(value)


def _prize(value: object, place: int) -> Prize:
    what = f"prize for place {place}"
    if isinstance(value, Fraction):
        if value < 0:
            raise ModelInputError(f"{what} must be non-negative, got {_fraction_text(value)}")
        if value.numerator > MAX_CHIPS or value.denominator > MAX_CHIPS:
            raise ModelInputError(f"{what}: numerator and denominator must be at most 2**63 - 1, "
                                  f"got {_fraction_text(value)}")
        return value.numerator if value.denominator == 1 else value
    if type(value) is not int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise ModelInputError(f"{what} must be an integer or a Fraction, got {shown(value)} ({type(value).__name__})")
    return chips(value, what, error=ModelInputError)


def check_prizes(prizes: object, players: int) -> tuple[Prize, ...]:
    """Return the prizes as a tuple of ``int``/``Fraction``, zeros past the field dropped.

    >>> check_prizes([70, 30, 0, 0], 3)
    (70, 30, 0)
    >>> check_prizes([50, 30, 20], 2)
    Traceback (most recent call last):
    ...
    pokerengine.errors.ModelInputError: 3 prizes for 2 players: place 3 pays 20 but nobody can finish there
    """
    values = [_prize(v, i + 1) for i, v in enumerate(_sequence(prizes, "prizes"))]
    for place in range(players + 1, len(values) + 1):
        if values[place - 1] != 0:
            raise ModelInputError(
                f"{len(values)} prizes for {players} players: place {place} pays {values[place - 1]} "
                "but nobody can finish there"
            )
    return tuple(values[:players])


def padded(prizes: tuple[Prize, ...], players: int) -> tuple[Prize, ...]:
    """``prizes`` with zeros appended so that there is one per place."""
    return prizes + (0,) * (players - len(prizes))


def paid_places(prizes: Iterable[Prize]) -> int:
    """The number of places up to and including the last one that pays anything.

    >>> paid_places([50, 30, 0, 20, 0, 0])
    4
    """
    last = 0
    for place, prize in enumerate(prizes, 1):
        if prize:
            last = place
    return last


def shares(stacks: tuple[int, ...]) -> list[float]:
    """Each stack over the chip total, each ratio of the exact integers correctly rounded.

    Never overflows and never loses a small stack next to a huge one, whatever
    the total (Python divides two ``int`` exactly rounded).

    >>> shares([2**63 - 1, 1])[1] > 0, shares([3, 1])
    (True, [0.75, 0.25])
    """
    total = sum(stacks)
    return [s / total for s in stacks]


def check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ModelInputError(f"{what} must be True or False, got {shown(value)}")
    return value
