"""A player's time-out: :meth:`Hand.time_out` (or :func:`time_out`) acts for the player to act.

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

from .hand import Hand

__all__ = ["time_out"]


def time_out(hand: Hand, seat: int) -> tuple[str, ...]:
    """Act for ``seat``, the player to act, whose time ran out (see above; :meth:`Hand.time_out`)."""
    return hand.time_out(seat)
