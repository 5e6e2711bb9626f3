"""Pots from contributions: uncalled bets, layers, eligibility, folded and dead money.

The rules (``docs/settlement.md`` cites their sources):

* The uncalled part of the biggest bet goes back first (TDA 15-B, 65-A): when one
  seat put in more than every other seat, the excess over the second-highest
  contribution is refunded and never raked.  Live or folded: nobody folds facing
  no bet, so a folded seat above every other is one that mucked at showdown after
  an all-in for less was called, and the part nobody called is still his.
* The distinct contribution levels of the live seats cut the chips into layers.
  A layer's pot holds, from every seat (folded included), the part of its
  contribution inside the layer; the live seats that reached the layer's top are
  eligible.  Each live level drops at least one live seat, so adjacent layers
  never share an eligible set and need no merging.
* Chips above every live level (folded seats that put in more than any live
  seat, up to the second-highest contribution) join the highest pot: never burned.
* Dead money (TDA 30) joins the main pot, which every live seat can win; if a
  live seat put in nothing, the dead money is a pot of its own open to all.

The seed example (contributions 10, 10, 8, 6 live and 5 folded):

>>> from pokerengine.seats import Seat
>>> layout = build_pots([Seat(1, 10), Seat(2, 10), Seat(3, 8), Seat(4, 6), Seat(5, 5, folded=True)])
>>> [(p.amount, p.eligible) for p in layout.pots]
[(29, (1, 2, 3, 4)), (6, (1, 2, 3)), (4, (1, 2))]

An all-in raiser who mucks at showdown: seat 2 raised to 150, seat 1 called all in
for 100, seat 2 mucked.  The 50 nobody called go back to seat 2; the pot is 200:

>>> layout = build_pots([Seat(1, 100), Seat(2, 150, folded=True)])
>>> dict(layout.refunds), [(p.amount, p.eligible) for p in layout.pots]
({1: 0, 2: 50}, [(200, (1,))])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress
from types import MappingProxyType
from typing import TypeAlias

import attrs

from ._checks import MAX_CHIPS, chips, shown
from .errors import SettlementInputError
from .seats import MAX_SEATS, Seat


#: One pot as a plain tuple, as :func:`layers_of` returns it: ``(amount, eligible, lower, upper, dead)``.
Layer: TypeAlias = "tuple[int, tuple[int, ...], int, int | None, int]"


def _frozen_map(value: Mapping[int, int]) -> Mapping[int, int]:
    return value if type(value) is MappingProxyType else MappingProxyType(dict(value))


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
    layers, refunds, _, _ = layers_of(seats, dead)
    at_risk = {s.seat: s.contributed - refunds[s.seat] for s in seats}
    return PotLayout(tuple([Pot(*layer) for layer in layers]), refunds, at_risk, sum(l[4] for l in layers))


def layers_of(seats: Sequence[Seat], dead: int = 0) -> tuple[list[Layer], Mapping[int, int], int, list[int]]:
    """The pots as plain tuples ``(amount, eligible, lower, upper, dead)``, the refunds, the chips
    put in, and the seat labels in table order.

    The fast core of :func:`build_pots`, used by :func:`pokerengine.settle`.
    """
    if type(dead) is not int or not 0 <= dead <= MAX_CHIPS:
        dead = chips(dead, "dead money")
    order, put, live = _read_seats(seats)
    n = len(put)

    refunds = dict.fromkeys(order, 0)
    put_in = sum(put)
    top = max(put)
    first = put.index(top)
    if put.count(top) == 1:  # live or not (a seat that mucked after an all-in for less): TDA 15-B
        put[first] = -1
        second = max(max(put), 0)
        refunds[order[first]] = top - second
        put[first] = second

    total = sum(put)
    live_labels = tuple([order[i] for i in live])
    live_put = [put[i] for i in live]
    levels = sorted(set(live_put))
    if levels[0] == 0:  # live seats that put in nothing: no layer below them
        del levels[0]
    pots: list[Layer] = []
    if levels:
        ranked = sorted(put)
        k = below = taken = lower = 0
        top_level = levels[-1]
        for level in levels:
            while ranked[k] < level:
                below += ranked[k]
                k += 1
            # the live seats that reached this level, in table order
            eligible = tuple(compress(live_labels, map(level.__le__, live_put)))
            if level == top_level:  # the top pot also takes chips no live seat matched
                pots.append((total - taken, eligible, lower, None, 0))
            else:
                in_pots = below + level * (n - k)  # sum of min(contribution, level) over every seat
                pots.append((in_pots - taken, eligible, lower, level, 0))
                taken = in_pots
                lower = level
    else:  # every live seat put in nothing: the folded chips form one pot open to all live seats
        pots.append((total, live_labels, 0, None, 0))
    if dead:
        main = pots[0]
        if len(main[1]) == len(live):
            pots[0] = (main[0] + dead, main[1], main[2], main[3], dead)
        else:  # a live seat put in nothing, so the main layer is not open to all
            pots.insert(0, (dead, live_labels, 0, 0, dead))
    return pots, MappingProxyType(refunds), put_in, order


def _read_seats(seats: Sequence[Seat]) -> tuple[list[int], list[int], list[int]]:
    """Seat labels and contributions in table order, and the indices of live seats; checked."""
    if type(seats) is not list and type(seats) is not tuple:
        if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Sequence):
            raise SettlementInputError("seats must be a sequence of Seat values in clockwise order")
    if len(seats) > MAX_SEATS:
        raise SettlementInputError(f"a hand has at most {MAX_SEATS} seats, got {len(seats):,}")
    order = []
    put = []
    live = []
    for i, s in enumerate(seats):
        if type(s) is not Seat:
            raise SettlementInputError(f"expected a Seat, got {shown(s)}")
        order.append(s.seat)
        put.append(s.contributed)
        if not s.folded:
            live.append(i)
    if not order:
        raise SettlementInputError("a hand needs at least one seat")
    if len(set(order)) != len(order):
        dup = next(x for x in order if order.count(x) > 1)
        raise SettlementInputError(f"seat {dup} appears twice")
    if not live:
        raise SettlementInputError("at least one seat must not have folded")
    return order, put, live
