"""Where the button and the blinds go for the next hand at a table: the dead button rule.

Pure functions over seat numbers (clockwise is increasing seat number), used by
:class:`~pokerengine.live.table.Table`.  The rules (``docs/table.md``; the shared notes
``betting.md``, "Button and blinds when players leave"):

* TDA 32, dead button: each player pays the big blind and the small blind once per round.  The
  big blind moves to the next player due for it (the first player clockwise after the last big
  blind who can take it); the small blind goes to the seat of the last big blind and the button
  to the seat of the last small blind, even when those seats are empty or their players do not
  play: then there is no small blind (a dead small blind), or a dead button.
* A player new to the game (joined, coming back) is not dealt in on the button, on the small
  blind or between them (the seats from the last small blind to the last big blind): they play
  from the next hand on.  At a tournament table a player moved in may take the button or the small
  blind; only the seats between them are barred (TDA 9).  A player waiting for the big blind is
  dealt in when it reaches them.
* Heads-up (TDA 34): the button posts the small blind; when a table becomes two players, the big
  blind still moves on to the other player, so nobody posts it twice in a row.  After a heads-up
  hand the big blind moves on as usual, the small blind is due in the last big blind's seat and the
  button in the seat before it: only those two seats are barred to a new player.

>>> kinds = {1: IN, 2: IN, 3: IN, 4: IN}
>>> first = place(kinds, None, button=1)
>>> first.positions, first.dealt
(Positions(button=1, small_blind=2, big_blind=3), (1, 2, 3, 4))
>>> place({1: IN, 3: IN, 4: IN}, first.positions).positions   # the small blind (seat 2) busted
Positions(button=2, small_blind=3, big_blind=4)
>>> later = place({1: IN, 2: IN, 4: IN}, first.positions)    # the big blind (seat 3) busted
>>> later.positions, later.small_blind_live
(Positions(button=2, small_blind=3, big_blind=4), False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

IN = "in"
"""A player dealt in as usual (played the last hand, or owes nothing)."""
NEW = "new"
"""A player new to the game (joined, moved in, coming back) who plays at once, except between the
small blind and the button."""
WAIT = "wait"
"""A player waiting for the big blind: dealt in when it reaches them."""


@attrs.frozen(slots=True)
class Positions:
    """The seats of the button and the blinds in one hand.  ``button`` may be a seat nobody plays
    from (a dead button); ``small_blind`` is where the small blind is due, which may be a seat
    nobody plays from (a dead small blind: none is posted)."""

    button: int
    small_blind: int
    big_blind: int


@attrs.frozen(slots=True)
class Placement:
    """The next hand's seating: ``positions``; ``dealt``, the seats dealt in (increasing);
    ``small_blind_live``, whether a small blind is posted; ``new``, the :data:`NEW` seats dealt
    in other than the big blind (they post what they owe); ``heads_up``; ``restart``: fewer than
    two players could be dealt by the rules, so everyone eligible is (a game starting again)."""

    positions: Positions
    dealt: tuple[int, ...]
    small_blind_live: bool
    new: tuple[int, ...] = ()
    heads_up: bool = False
    restart: bool = False


def after(seat: int, seats: Sequence[int]) -> int:
    """The first of ``seats`` (increasing) clockwise after ``seat``.

    >>> after(3, [1, 3, 6]), after(6, [1, 3, 6]), after(4, [1, 3, 6])
    (6, 1, 6)
    """
    for s in seats:
        if s > seat:
            return s
    return seats[0]


def before(seat: int, seats: Sequence[int]) -> int:
    """The first of ``seats`` (increasing) counter-clockwise before ``seat``.

    >>> before(3, [1, 3, 6]), before(1, [1, 3, 6])
    (1, 6)
    """
    for s in reversed(seats):
        if s < seat:
            return s
    return seats[-1]


def between(seat: int, first: int, last: int) -> bool:
    """Whether ``seat`` lies clockwise strictly after ``first`` and strictly before ``last``.

    >>> between(2, 1, 3), between(9, 8, 1), between(1, 1, 3), between(5, 8, 2)
    (True, True, False, False)
    """
    if first < last:
        return first < seat < last
    return seat > first or seat < last


def place(kinds: Mapping[int, str], previous: Positions | None, button: int | None = None, *,
          tournament: bool = False) -> Placement:
    """The next hand's button, blinds and players.

    ``kinds``: every seat whose player may take the big blind now (seated, chips, not sitting
    out), mapped to :data:`IN`, :data:`NEW` or :data:`WAIT`; at least two.  ``previous``: the last
    hand's :class:`Positions`, or ``None`` for the first hand, whose button is ``button`` (default:
    the highest seat); everyone is dealt in then.  ``tournament``: new players may take the
    button or the small blind (TDA 9).

    >>> hu = place({2: IN, 5: IN}, Positions(button=7, small_blind=2, big_blind=5))  # seat 7 left
    >>> hu.positions, hu.heads_up        # seat 5 had the big blind: seat 2 takes it, 5 has the button
    (Positions(button=5, small_blind=5, big_blind=2), True)
    """
    seats = sorted(kinds)
    if previous is None:
        start = seats[-1] if button is None else button
        if len(seats) == 2:
            btn = start if start in kinds else before(start, seats)
            return Placement(Positions(btn, btn, after(btn, seats)), tuple(seats), True, heads_up=True)
        sb = after(start, seats)
        return Placement(Positions(start, sb, after(sb, seats)), tuple(seats), True)
    bb = after(previous.big_blind, seats)
    low, high = previous.small_blind, previous.big_blind  # new players here would skip the blinds
    button = previous.small_blind
    if previous.button == previous.small_blind:
        # After a heads-up hand (the button was the small blind) the small blind goes to the last big
        # blind's seat and the button to the seat before it: only those two seats are barred to new
        # players (the arc from the heads-up small blind round to its big blind is the whole table).
        high = previous.big_blind
        low = button = before(high, sorted(set(seats) | {high}))

    def dealt_in(s: int) -> bool:
        kind = kinds[s]
        if s == bb or kind == IN:
            return True
        return kind == NEW and not between(s, low, high) and (tournament or (s != low and s != high))

    dealt = [s for s in seats if dealt_in(s)]
    if len(dealt) < 2:  # start again with everyone
        if len(seats) == 2:
            btn = before(bb, seats)
            return Placement(Positions(btn, btn, bb), tuple(seats), True, heads_up=True, restart=True)
        sb = before(bb, seats)
        return Placement(Positions(before(sb, seats), sb, bb), tuple(seats), True, restart=True)
    new = tuple(s for s in dealt if s != bb and kinds[s] == NEW)
    if len(dealt) == 2:  # TDA 34: the button posts the small blind
        btn = dealt[0] if dealt[1] == bb else dealt[1]
        # heads-up a new player can only be on the button: its small blind is its post (a big blind
        # as well would be two forced bets from one seat)
        return Placement(Positions(btn, btn, bb), tuple(dealt), True, tuple(s for s in new if s != btn),
                         heads_up=True)
    sb = previous.big_blind
    return Placement(Positions(button, sb, bb), tuple(dealt), sb in dealt, new)
