"""The verdicts a replay gives a hand.

``matched``: the engine pays what the record says.  ``split_chip``: it differs only by where the odd
chips of a split pot went, or, where the site's rule is not known, by how the winners of a raked split
pot shared its rake (:mod:`.shares`).  ``mismatched``: it differs otherwise.  ``unchecked``: the record states
nothing to compare.  ``undeterminable``: no hand that could win a pot was shown.  ``cancelled``: the
site cancelled the hand.  ``unplayed``: a site's file begins the hand and nothing was played (no hand its
reader can give).  ``error``: the hand cannot be read or replayed (the report's message says why).
"""

from __future__ import annotations

import attrs

from ..phh.record import Number

MATCHED, SPLIT_CHIP, MISMATCHED, UNCHECKED = "matched", "split_chip", "mismatched", "unchecked"
UNDETERMINABLE, CANCELLED = "undeterminable", "cancelled"
UNPLAYED, ERROR = "unplayed", "error"


@attrs.frozen
class SeatDiff:
    """A seat whose result differs from the record: ``seat`` (its number at the table; ``None`` when
    a site's file does not say), ``player`` (its name, or ``p1``, ``p2``, ... when the record names
    none), ``expected`` and ``got`` (finishing stacks of a PHH record, in its units, a float only
    where the record writes one; a site's collected amounts, in minor units)."""

    seat: int | None
    player: str
    expected: Number
    got: Number


@attrs.frozen
class SiteCheck:
    """The verdict on one :class:`SiteHand`: ``status`` is ``"matched"``, ``"mismatched"`` or
    ``"undeterminable"``; ``seats`` the players whose collected amounts differ; the rake as the file
    has it (``rake_expected``) and as settled (``rake_got``); ``message`` says what differs."""

    status: str
    seats: tuple[SeatDiff, ...] = ()
    rake_expected: int | None = None
    rake_got: int | None = None
    message: str = ""
    #: The rake drawn from each pot as settled (main pot first; ``None`` when the hand could not be
    #: settled): what ``pokerengine convert`` writes as the PHH user field ``_pot_rakes``.
    pot_rakes: tuple[int, ...] | None = None
