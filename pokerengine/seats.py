"""A seat's part in a hand: what it put in, whether it folded, and its cards."""

from __future__ import annotations

import attrs

from ._checks import MAX_CHIPS, chips, shown
from .cards import cards_text, parse_cards
from .errors import SettlementInputError

MAX_SEATS = 100
"""The most seats one hand may have (:func:`pokerengine.settle` refuses more): more than any table
deals to, and PHH numbers players up to p99.  It keeps the work of settling one hand small."""


@attrs.frozen
class Seat:
    """One seat of a hand, as the settlement engine needs it.

    ``contributed`` is every chip the seat put in during the hand (blinds,
    antes, bets and calls, folded or not).  ``cards`` are its hole cards
    (text such as ``"AsKd"`` or ``["As", "Kd"]``), needed for live seats when
    a pot is contested at showdown.  ``seat`` is a positive ``int`` and
    ``contributed`` a non-negative ``int``, both at most ``2**63 - 1``
    (:data:`~pokerengine._checks.MAX_CHIPS`); ``cards`` at most 52 cards or 156
    characters of text (:func:`~pokerengine.cards.parse_cards`).

    >>> Seat(3, 100, cards="AsKd")
    Seat(seat=3, contributed=100, folded=False, cards='AsKd')
    >>> Seat(3, 1.5)
    Traceback (most recent call last):
    ...
    pokerengine.errors.ChipError: contributed must be an integer number of chips, got 1.5 (float)
    """

    seat: int
    contributed: int
    folded: bool = False
    cards: tuple[int, ...] = attrs.field(default=(), converter=parse_cards, repr=lambda c: repr(cards_text(c)))

    def __attrs_post_init__(self) -> None:
        # One cheap test for the common case; the precise error only when it fails.
        seat, put, folded = self.seat, self.contributed, self.folded
        # (For non-negative ints, ``seat | put <= MAX_CHIPS`` says both are: MAX_CHIPS is all one bits.)
        if (type(seat) is int and seat > 0 and type(put) is int and put >= 0 and seat | put <= MAX_CHIPS
                and type(folded) is bool):
            return
        seat = chips(seat, "seat number", error=SettlementInputError, positive=True)
        put = chips(put, "contributed")
        if type(folded) is not bool:
            raise SettlementInputError(f"folded must be true or false, got {shown(folded)}")
        # int subclasses (an IntEnum, say) are stored as plain ints
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "contributed", put)
