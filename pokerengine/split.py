"""Dividing a pot among tied winners in whole chip units, and who gets the odd units.

TDA 20: a tied pot is split as evenly as the smallest chip in play allows; the
left-over units go out one at a time.  The order is a rule passed in:

* ``"small_blind"`` (default): the first tied winner clockwise from the small blind.
* ``"left_of_button"`` (TDA 20-A): the first tied winner clockwise from the seat
  left of the button.  The two differ only heads-up, where the button is the small blind.
* ``"high_card"`` (TDA 20-B, stud): the winner with the highest card by suit.

>>> split(11, [1, 2, 3])      # not 5/3/3, not 3/3/3 with two chips lost
({1: 4, 2: 4, 3: 3}, (1, 2))
>>> split(30, [1, 2, 3], unit=25)   # one 25 chip and a 5 left over after 0 each
({1: 25, 2: 5, 3: 0}, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence


def split(amount: int, winners: Sequence[int], unit: int = 1) -> tuple[dict[int, int], tuple[int, ...]]:
    """Split ``amount`` among ``winners`` (already in odd-unit order) in units of ``unit``.

    Every winner gets the same number of whole units; the left-over units go
    one each to the first winners; a fragment smaller than a unit (only when
    the pot is not a multiple of the unit) goes to the next winner in order.
    Returns the shares and the seats that received more than the even share.
    """
    k = len(winners)
    if k == 1:
        return {winners[0]: amount}, ()
    units, fragment = divmod(amount, unit)
    each, extra = divmod(units, k)
    base = each * unit
    shares = dict.fromkeys(winners, base)
    for w in winners[:extra]:
        shares[w] = base + unit
    odd = tuple(winners[:extra])
    if fragment:
        w = winners[extra]
        shares[w] += fragment
        odd += (w,)
    return shares, odd


def halves(amount: int, unit: int = 1) -> tuple[int, int]:
    """Halve a hi/lo pot: the odd unit (and any fragment) goes to the high half (TDA 20-C).

    >>> halves(11), halves(50, unit=20)
    ((6, 5), (30, 20))
    """
    units, fragment = divmod(amount, unit)
    low = (units // 2) * unit
    return amount - low, low


def clockwise_from(start: int, table: Sequence[int]) -> dict[int, int]:
    """Each seat's distance clockwise from ``start`` (0 for ``start`` itself).

    >>> clockwise_from(3, [1, 2, 3, 4])
    {3: 0, 4: 1, 1: 2, 2: 3}
    """
    i = table.index(start)
    ring = list(table[i:]) + list(table[:i])
    return {seat: d for d, seat in enumerate(ring)}
