"""A seat's part in a hand: what it put in, whether it folded, and its cards."""

from __future__ import annotations

import attrs

from ._checks import chips
from .cards import cards_text, parse_cards
from .errors import SettlementInputError


def _check_seat(_instance: object, _attribute: object, value: object) -> None:
    chips(value, "seat number", error=SettlementInputError, positive=True)


def _check_contributed(_instance: object, _attribute: object, value: object) -> None:
    chips(value, "contributed")


def _check_folded(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not bool:
        raise SettlementInputError(f"folded must be true or false, got {value!r}")


@attrs.frozen
class Seat:
    """One seat of a hand, as the settlement engine needs it.

    ``contributed`` is every chip the seat put in during the hand (blinds,
    antes, bets and calls, folded or not).  ``cards`` are its hole cards
    (text such as ``"AsKd"`` or ``["As", "Kd"]``), needed for live seats when
    a pot is contested at showdown.

    >>> Seat(3, 100, cards="AsKd")
    Seat(seat=3, contributed=100, folded=False, cards='AsKd')
    >>> Seat(3, 1.5)
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: contributed must be an integer number of chips, got 1.5 (float)
    """

    seat: int = attrs.field(validator=_check_seat)
    contributed: int = attrs.field(validator=_check_contributed)
    folded: bool = attrs.field(default=False, validator=_check_folded)
    cards: tuple[int, ...] = attrs.field(default=(), converter=parse_cards, repr=lambda c: repr(cards_text(c)))
