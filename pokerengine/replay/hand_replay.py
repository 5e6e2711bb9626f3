"""Replay one PHH record: play it, settle it, and compare with the finishing stacks it states.

The money follows :mod:`pokerengine.live.settling` (antes, odd chips, uncalled chips, chip units, runs,
a site's rake); a ``_file_rake`` that differs from the rake drawn (the file's rake where the site's
rule takes another) makes the hand ``mismatched``; what else a site's record stated is checked by
:mod:`~.stated`.  A showdown that no shown hand can win raises
:class:`~pokerengine.errors.UndeterminableHandError`, which :mod:`~.files` reports as ``undeterminable``.

>>> from pokerengine.phh import loads
>>> r = replay_hand(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
... finishing_stacks = [0, 200]'''))
>>> r.finishing_stacks, r.status
((0, 200), 'matched')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..live.interpreter import Outcome, interpret
from ..live.settling import _rake_value, finishing_units, settle_record
from ..phh.amounts import INFINITE, exact, show
from ..phh.record import HandHistory, Number
from ..settlement import Settlement
from .stated import STATED, stated_status
from .status import MATCHED, MISMATCHED, SPLIT_CHIP, UNCHECKED

#: User field: the rake the site's file says it took, written beside ``_rake`` when it differs from the
#: rake the site's rule takes (which ``_rake`` carries): such a hand replays ``mismatched``, as its
#: site check says, even where the file's collected amounts agree with the rule.
FILE_RAKE = "_file_rake"


def classify(record: Sequence[Number] | None, got: Sequence[int], scale: int) -> str:
    """Compare our finishing stacks (units of ``1/scale``) with the record's.

    ``matched``: equal.  ``split_chip``: the record writes a fractional tied
    share, and ours differs only there, by less than a chip either way, with
    the same total.  ``mismatched`` otherwise; ``unchecked`` without a record.

    >>> classify([674.5, 674.5, 100], [675, 674, 100], 1)
    'split_chip'
    >>> classify([674.5, 674.5, 100], [676, 673, 100], 1)
    'mismatched'
    """
    if record is None:
        return UNCHECKED
    if scale == 1 and tuple(record) == tuple(got):  # the usual case: ints (or whole floats) that agree
        return MATCHED
    fractional = False
    total_expected = Fraction(0)
    total_got = 0
    for r, g in zip(record, got):
        if type(r) is float and math.isinf(r):
            if not (r > 0 and g >= INFINITE // 2):
                return MISMATCHED
            continue
        if type(r) is float and math.isnan(r):
            return MISMATCHED
        e = exact(r, scale)
        total_expected += e
        total_got += g
        if e.denominator == 1:
            if e != g:
                return MISMATCHED
        elif math.floor(e) <= g <= math.ceil(e):
            fractional = True
        else:
            return MISMATCHED
    if not fractional:
        return MATCHED
    return SPLIT_CHIP if abs(total_expected - total_got) < Fraction(1, 10**6) else MISMATCHED


@attrs.frozen
class HandReplay:
    """A replayed hand: what the actions left, how it settled, and the verdict against the record."""

    hand: HandHistory = attrs.field(repr=False)
    outcome: Outcome = attrs.field(repr=False)
    settlement: Settlement = attrs.field(repr=False)
    finishing: tuple[int, ...]
    status: str

    @property
    def finishing_stacks(self) -> tuple[Number, ...]:
        """Finishing stacks in the file's units (ints unless the file's amounts have decimals)."""
        return tuple(show(x, self.outcome.scale) for x in self.finishing)


def replay_hand(hand: HandHistory) -> HandReplay:
    """Interpret, settle and check one hand; errors name the hand (and the action, if one is at fault)."""
    outcome = interpret(hand)
    settlement = settle_record(hand, outcome)
    user = hand.user_fields
    got = finishing_units(outcome, settlement)
    status = classify(hand.finishing_stacks, got, outcome.scale)
    if FILE_RAKE in user and status != UNCHECKED and _rake_value(hand, FILE_RAKE, user[FILE_RAKE], outcome.scale) != settlement.rake:
        status = MISMATCHED  # the file's rake is not the rule's: the site check's verdict, kept
    if status != UNCHECKED and not STATED.isdisjoint(user):  # what else a site's record stated (stated.py)
        status = stated_status(hand, settlement, status, outcome.scale)
    return HandReplay(hand, outcome, settlement, got, status)
