"""A player's time-out: :func:`time_out` (:meth:`Hand.time_out`) acts for the player to act.

The rule, as online rooms and live clocks apply it: the player checks when checking is free, else
folds; stud's bring-in, who may neither check nor fold, brings in (the smallest forced bet); in a
draw game the player stands pat (drawing nothing is free); at the showdown (TDA 16) the hand is
shown when it wins or ties a share of a pot against the hands shown so far (what it would get by
showing is more than by mucking), else mucked, as sites auto-muck a beaten hand: mucking a
winner would give its chips away, showing a loser only gives information away.  The decision reads
only what is public (the shown hands), never the cards of players still to show.

A seat that is not to act is refused (:class:`~pokerengine.errors.IllegalActionError`), the hand
unchanged.  Returns the PHH lines of what happened.

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
>>> hand.time_out(3), hand.time_out(1)      # fold, fold: the big blind wins
(('p3 f',), ('p1 f',))
>>> hand.over
True
>>> hand.time_out(2)
Traceback (most recent call last):
...
pokerengine.errors.IllegalActionError: seat 2: not to act: nobody is to act (the hand is over)

Time: that of the action; at the showdown, two copies of the hand settled (linear in its size).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from ..errors import IllegalActionError

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["time_out"]


def time_out(hand: Hand, seat: int) -> tuple[str, ...]:
    """Act for ``seat``, the player to act, whose time ran out (see above)."""
    hand._position(seat)  # a seat of this hand, or refused
    who = hand.to_act
    if who != seat:
        doing = f"seat {who} is" if who is not None else f"nobody is to act ({hand._phase_text()})"
        raise IllegalActionError(f"seat {seat}: not to act: {doing}")
    legal = hand.legal_actions()
    if legal.bring_in is not None:
        return hand.bring_in(seat)
    if legal.check:
        return hand.check(seat)
    if legal.fold:
        return hand.fold(seat)
    if legal.draw is not None:
        return hand.stand_pat(seat)
    assert legal.show and legal.muck, legal
    return hand.show(seat) if _showing_pays(hand, seat) else hand.muck(seat)


def _showing_pays(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` ends with more chips by showing than by mucking, the players still to show
    after it mucking either way (only the hands shown so far count)."""
    memo: dict[int, object] = {} if hand._deck is None else {id(hand._deck): hand._deck}  # no card is dealt now
    results = []
    for showing in (True, False):
        h = copy.deepcopy(hand, memo.copy())
        h.show(seat) if showing else h.muck(seat)
        while not h.over and h.to_act is not None:
            h.muck(h.to_act)
        results.append(h.final_stacks[seat])
    return results[0] > results[1]
