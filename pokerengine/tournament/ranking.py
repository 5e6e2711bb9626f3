"""Finishing places for players who bust together, and prize money for the places, tie-aware.

The rules (see ``docs/tournament.md``):

* Players who bust in the same hand at one table: the one who *started the
  hand* with more chips finishes higher; equal starting stacks tie (WSOP 126.b;
  the DCM paper's bankruptcy rule treats equal entering stacks the same way).
* Hand-for-hand: players who bust on *different tables* in the same
  hand-for-hand hand tie (WSOP 126.a-b, TDA RP-8), whatever their stacks.  When
  one round has busts on two or more tables, ties are transitive, so every
  player who busted in that round ties for all of the round's places; only a
  round whose busts are all at one table is ordered by starting stacks.
* Tied players share the sum of the prizes of the places they cover, split
  equally in currency minor units; the left-over units go one each to the
  tied players in order of player id (then entry number).

>>> a, b, c = BustRecord("ann", 1, "A", 5000), BustRecord("bob", 1, "A", 9000), BustRecord("cat", 1, "A", 5000)
>>> [[r.player for r in group] for group in rank_batch([a, b, c])]
[['ann', 'cat'], ['bob']]
>>> split_prize(1001, ["bob", "ann", "cat"])
{'ann': 334, 'bob': 334, 'cat': 333}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparisonT


@attrs.frozen
class BustRecord:
    """A player (one entry) leaving play: where, and with how many chips at the start of the hand.

    ``stack`` is the starting stack of the hand the player busted in, or the
    chips held when the tournament ended by a deal or by the director.
    """

    player: str
    entry: int
    table: str | None
    stack: int


@attrs.frozen
class Standing:
    """A finished entry: its place (``best``..``worst`` when tied) and its prize money.

    ``prize`` includes any money locked in by an earlier partial deal.
    ``tied`` lists every entry sharing the places, this one included.
    """

    player: str
    entry: int
    best: int
    worst: int
    prize: int
    tied: int = 1

    @property
    def place(self) -> int:
        """The best place of the places shared (the place itself when not tied)."""
        return self.best

    @property
    def places(self) -> range:
        """Every place shared by the tie, best first."""
        return range(self.best, self.worst + 1)


def rank_batch(records: Sequence[BustRecord], *, cross_table_tie: bool = True) -> list[list[BustRecord]]:
    """Group players who left together into tie groups, worst group first.

    With ``cross_table_tie`` (hand-for-hand rounds) and busts on more than one
    table, everyone ties.  Otherwise larger starting stacks rank higher and
    equal stacks tie.  Within a group, records are in player-id order.
    """
    if not records:
        return []
    if cross_table_tie and len({r.table for r in records}) > 1:
        return [sorted(records, key=_id_key)]
    groups: dict[int, list[BustRecord]] = {}
    for r in records:
        groups.setdefault(r.stack, []).append(r)
    return [sorted(groups[s], key=_id_key) for s in sorted(groups)]


def _id_key(r: BustRecord) -> tuple[str, int]:
    return (r.player, r.entry)


def split_prize(total: int, members: Sequence[SupportsRichComparisonT]) -> dict[SupportsRichComparisonT, int]:
    """Split ``total`` minor units equally; left-over units go one each in sorted order of ``members``."""
    k = len(members)
    each, left = divmod(total, k)
    ordered = sorted(members)
    return {m: each + (1 if i < left else 0) for i, m in enumerate(ordered)}


def place_prize(prizes: Sequence[int], place: int) -> int:
    """The prize for ``place`` (1 is best); places past the list pay 0."""
    return prizes[place - 1] if place <= len(prizes) else 0


def assign_places(
    groups: Sequence[Sequence[BustRecord]],
    field: int,
    prizes: Sequence[int],
    locked: dict[tuple[str, int], int] | None = None,
) -> list[Standing]:
    """Give places to tie groups listed in the order they left (worst first), counting up from ``field``.

    Returns the standings best place first; each group shares the sum of its
    places' prizes (:func:`split_prize`), plus what ``locked`` holds for the entry.
    """
    locked = locked or {}
    out: list[Standing] = []
    worst = field
    for group in groups:
        k = len(group)
        best = worst - k + 1
        total = sum(place_prize(prizes, p) for p in range(best, worst + 1))
        keys = [(r.player, r.entry) for r in group]
        shares = split_prize(total, keys)
        for r, key in zip(group, keys):
            extra = locked.get((r.player, r.entry), 0)
            out.append(Standing(r.player, r.entry, best, worst, shares[key] + extra, k))
        worst = best - 1
    out.sort(key=lambda s: (s.best, s.player, s.entry))
    return out
