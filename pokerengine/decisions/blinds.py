"""The forced bets of a push/fold hand, posted by the rule book (:func:`pokerengine.rules.forced_bets`).

Seats are counted from the button (seat 0); the small blind is seat 1 and the big blind seat 2,
heads-up the button's seat 0 and seat 1.  Every seat posts ``ante`` (dead money) and then its
blind, each capped by its stack; a big blind ante (``big_blind_ante``, as
:class:`pokerengine.live.Hand` takes it) is one ante for the table, posted by the big blind after
its blind.

>>> posted([1000, 1000, 50], (100, 200), 10)
([10, 10, 10], [0, 100, 40])
>>> posted([1000, 1000, 250], (100, 200), 200, bb_ante=True)
([0, 0, 50], [0, 100, 200])
>>> antes(0, 200, None)
(200, True)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

from .._checks import chips, shown
from ..errors import DecisionInputError
from ..rules import forced_bets


def blind_seats(players: int) -> tuple[int, int]:
    """(small blind, big blind) seats; seat 0 is the button (heads-up, the small blind)."""
    return (0, 1) if players == 2 else (1, 2)


def posted(stacks: Sequence[int], blinds: Sequence[int], ante: int, bb_ante: bool = False) -> tuple[list[int], list[int]]:
    """(dead, live): each seat's ante and its blind, capped at its stack (``bb_ante``: ``ante`` is
    the big blind's single ante)."""
    n = len(stacks)
    sb, bb = blind_seats(n)
    dead, live = [0] * n, [0] * n
    for seat in range(n):
        blind = blinds[0] if seat == sb else blinds[1] if seat == bb else 0
        own = (ante if seat == bb else 0) if bb_ante else ante
        dead[seat], live[seat] = forced_bets(stacks[seat], own, blind, blind_first=bb_ante)
    return dead, live


def antes(ante: object, big_blind_ante: object, bb_ante: object, *,
          error: type[ValueError] = DecisionInputError) -> tuple[int, bool]:
    """The checked antes as the solvers hold them: ``(amount, big blind alone)``.

    ``ante`` is every player's, ``big_blind_ante`` the big blind's single ante for the table (give
    one of them, as :class:`pokerengine.live.Hand` takes them).  ``bb_ante=True`` (deprecated: a
    :class:`DeprecationWarning`) reads ``ante`` as the big blind's; ``None`` leaves it out.  An
    amount that is not a chip count raises ``error``; the rest :class:`~pokerengine.errors.DecisionInputError`.
    """
    a = chips(ante, "the ante", error=error)
    bba = chips(big_blind_ante, "the big blind ante", error=error)
    if bb_ante is not None:
        if not isinstance(bb_ante, bool):
            raise DecisionInputError(f"bb_ante must be True or False, got {shown(bb_ante)}")
        warnings.warn("bb_ante is deprecated: give big_blind_ante=N (the big blind's ante) instead of "
                      "ante=N, bb_ante=True", DeprecationWarning, stacklevel=3)
        if bb_ante:
            if bba:
                raise DecisionInputError("give either big_blind_ante or ante with bb_ante, not both")
            return a, True
    if bba:
        if a:
            raise DecisionInputError("give either ante (every player's) or big_blind_ante (the big blind's), not both")
        return bba, True
    return a, False





def ante_pair(ante: int, bb_ante: bool) -> tuple[int, int]:
    """``(ante, big_blind_ante)``, the solvers' keywords, for the antes ``(amount, big blind alone)``
    that :func:`antes` returned."""
    return (0, ante) if bb_ante else (ante, 0)

__all__ = ["ante_pair", "antes", "blind_seats", "posted"]
