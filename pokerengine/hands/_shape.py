"""Rank patterns shared by the table-filling code of the evaluators (not public API).

A five-card hand's ranks are grouped by how often each occurs: ``shape`` lists
the group sizes largest first and ``order`` the ranks in the order a poker
comparison looks at them (bigger groups first, then higher ranks first).

>>> shape_order([9, 4, 9, 12, 4])
((2, 2, 1), [9, 4, 12])
>>> hex(pack([9, 4, 12]))
'0x94c'
"""

from __future__ import annotations

from collections.abc import Iterable

#: Group shapes of five cards without a pair, with one pair, and so on.
NO_PAIR = (1, 1, 1, 1, 1)
PAIR = (2, 1, 1, 1)
TWO_PAIR = (2, 2, 1)
TRIPS = (3, 1, 1)
FULL_HOUSE = (3, 2)
QUADS = (4, 1)


def shape_order(values: Iterable[int]) -> tuple[tuple[int, ...], list[int]]:
    """Group sizes (largest first) and the ranks ordered by (group size, rank), both descending."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return tuple(counts[v] for v in order), order


def pack(values: Iterable[int]) -> int:
    """Ranks (each below 16) as one integer, four bits each, first rank most significant."""
    k = 0
    for v in values:
        k = (k << 4) | v
    return k
