"""Pots from contributions: uncalled bets, layers, eligibility, folded and dead money.

The rules (``docs/settlement.md`` cites their sources):

* The uncalled part of the biggest bet goes back first (TDA 15-B, 65-A): when one
  live seat put in more than every other seat, the excess over the second-highest
  contribution is refunded and never raked.
* The distinct contribution levels of the live seats cut the chips into layers.
  A layer's pot holds, from every seat (folded included), the part of its
  contribution inside the layer; the live seats that reached the layer's top are
  eligible.  Each live level drops at least one live seat, so adjacent layers
  never share an eligible set and need no merging.
* Chips above every live level (a folded seat that put in more than any live
  seat) join the highest pot: never burned.
* Dead money (TDA 30) joins the main pot, which every live seat can win; if a
  live seat put in nothing, the dead money is a pot of its own open to all.

The seed example (contributions 10, 10, 8, 6 live and 5 folded):

>>> from pokerengine.seats import Seat
>>> layout = build_pots([Seat(1, 10), Seat(2, 10), Seat(3, 8), Seat(4, 6), Seat(5, 5, folded=True)])
>>> [(p.amount, p.eligible) for p in layout.pots]
[(29, (1, 2, 3, 4)), (6, (1, 2, 3)), (4, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import attrs

from ._checks import chips
from .errors import SettlementInputError
from .seats import Seat


def _frozen_map(value: Mapping[int, int]) -> Mapping[int, int]:
    return MappingProxyType(dict(value))


@attrs.frozen
class Pot:
    """One pot: its chips, who can win it, and the contribution layer it came from.

    The pot holds, from each seat, the part of its (refund-adjusted)
    contribution between ``lower`` and ``upper``; ``upper`` is ``None`` for the
    top pot, which also takes chips no live seat matched.  ``dead`` is the dead
    money in it.
    """

    amount: int
    eligible: tuple[int, ...]
    lower: int
    upper: int | None
    dead: int = 0

    def part_of(self, contributed: int) -> int:
        """How many chips of a seat's refund-adjusted contribution lie in this pot."""
        top = contributed if self.upper is None else min(contributed, self.upper)
        return max(0, top - self.lower)


@attrs.frozen
class PotLayout:
    """What :func:`build_pots` returns: the pots, main pot first, and the refunds."""

    pots: tuple[Pot, ...]
    refunds: Mapping[int, int] = attrs.field(converter=_frozen_map)
    #: Each seat's contribution less its refund: the chips it put at risk.
    at_risk: Mapping[int, int] = attrs.field(converter=_frozen_map)
    dead: int = 0


def build_pots(seats: Sequence[Seat], *, dead: int = 0) -> PotLayout:
    """Build the pots of a hand from each seat's total contribution.

    ``seats`` are :class:`~pokerengine.seats.Seat` values in clockwise table
    order; ``dead`` is money owned by nobody, added to the main pot.  At least
    one seat must be live.
    """
    dead = chips(dead, "dead money")
    order = _check_seats(seats)
    contributions = [s.contributed for s in seats]
    live = [s for s in seats if not s.folded]
    if not live:
        raise SettlementInputError("at least one seat must not have folded")

    refunds = dict.fromkeys(order, 0)
    top = max(contributions)
    first = contributions.index(top)
    if not seats[first].folded and contributions.count(top) == 1:
        second = max((c for i, c in enumerate(contributions) if i != first), default=0)
        refunds[order[first]] = top - second
        contributions[first] = second

    at_risk = dict(zip(order, contributions))
    levels = sorted({at_risk[s.seat] for s in live})
    pots: list[Pot] = []
    ranked = sorted(contributions)
    n = len(ranked)
    k = 0  # seats whose contribution is below the current level
    below = 0  # sum of those contributions
    taken = 0  # chips already put into pots (dead money excluded)
    lower = 0
    live_by_level = sorted(live, key=lambda s: at_risk[s.seat])
    j = 0  # live seats below the current level
    for level in levels:
        while k < n and ranked[k] < level:
            below += ranked[k]
            k += 1
        while at_risk[live_by_level[j].seat] < level:
            j += 1
        in_pots = below + level * (n - k)  # sum of min(contribution, level) over all seats
        amount = in_pots - taken
        taken = in_pots
        if level == 0:  # live seats that put in nothing: only dead money can form this pot
            lower = level
            continue
        eligible_set = {s.seat for s in live_by_level[j:]}
        eligible = tuple(s for s in order if s in eligible_set)
        pots.append(Pot(amount, eligible, lower, level))
        lower = level

    overflow = sum(contributions) - taken
    if pots and overflow:
        last = pots[-1]
        pots[-1] = Pot(last.amount + overflow, last.eligible, last.lower, None)
    elif not pots:
        # Every live seat put in nothing: the chips of folded seats and the dead
        # money form one pot that all live seats can win.
        pots.append(Pot(overflow, tuple(s.seat for s in live), 0, None))
    elif pots[-1].upper is not None:
        last = pots[-1]
        pots[-1] = Pot(last.amount, last.eligible, last.lower, None)

    if dead:
        main = pots[0]
        if len(main.eligible) == len(live):
            pots[0] = Pot(main.amount + dead, main.eligible, main.lower, main.upper, dead)
        else:  # a live seat put in nothing, so the main layer is not open to all
            pots.insert(0, Pot(dead, tuple(s.seat for s in live), 0, 0, dead))
    return PotLayout(tuple(pots), refunds, at_risk, dead)


def _check_seats(seats: Sequence[Seat]) -> list[int]:
    if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Sequence):
        raise SettlementInputError("seats must be a sequence of Seat values in clockwise order")
    if not seats:
        raise SettlementInputError("a hand needs at least one seat")
    order = []
    for s in seats:
        if not isinstance(s, Seat):
            raise SettlementInputError(f"expected a Seat, got {s!r}")
        order.append(s.seat)
    if len(set(order)) != len(order):
        dup = next(x for x in order if order.count(x) > 1)
        raise SettlementInputError(f"seat {dup} appears twice")
    return order
