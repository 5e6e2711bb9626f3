"""Exact heads-up all-in odds before the flop, for every pair of starting combinations.

Two known hands with no board see ``C(48, 5) = 1,712,304`` boards.  The shipped table
(``data/headsup.npz``, built once by ``scripts/build_preflop_table.py``) holds, for every pair of
disjoint combinations up to suit relabelling, the number of boards on which the first hand wins and
on which the two tie; the rest the first hand loses.  Renaming the four suits (24 ways) maps a pair
of combinations to another with the same counts, and swapping the two hands swaps win and lose, so
the 812,175 unordered pairs of disjoint combinations fall into :data:`ORBITS` = 47,008 classes
(*orbits*); the table stores one representative of each: the pair ``(x, y)`` whose key
``x * 1326 + y`` is the smallest in its orbit, with both orders of each pair considered.

- :func:`headsup` answers one pair (a few microseconds after the table is loaded);
- :func:`matrices` gives every ordered pair at once: 1,326 x 1,326 win and tie arrays (built at
  first use from the orbits, vectorised, in about 1 s; 14 MB; cached);
- :func:`class_table` sums them over the 169 starting-hand classes for the push/fold solver.

The file is 315,196 bytes (compressed ``npz``); built by ``scripts/build_preflop_table.py`` in
671 s of wall time at ``nice`` on one core of a shared two-core machine (340 s of CPU), see
``data/README.md``.  Memory: the loaded table is 47,008 x 3 ``int64`` (1.1 MB); :func:`matrices`
needs about 200 MB while it builds and keeps 14 MB.  Time is bounded by that one build (about 1 s).

>>> headsup("AcAd", "KhKs")  # brainwagon.org's published counts (GNU poker-eval)
(1388072, 6538, 317694)
>>> win, tie, lose = headsup("AhKh", "QcQd")
>>> round((win + tie / 2) / BOARDS, 4)
0.4621
"""

from __future__ import annotations

import functools
import importlib.resources
import itertools
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from .._checks import shown
from ..errors import CardError
from ..hands.vector import deck_indices
from .combos import CLASSES, COMBO_CARDS, COMBO_CLASS, COMBOS, combo_index

BOARDS = 1_712_304
"""How many boards two known hands see preflop: ``C(48, 5)``."""
ORBITS = 47_008
"""How many pairs of disjoint combinations there are up to suit relabelling and order (the table's rows)."""
TABLE_FILE = "headsup.npz"
"""The table's file in ``pokerengine/decisions/data``: arrays ``key`` (``x * 1326 + y``, increasing),
``win`` and ``tie`` (boards on which ``x`` wins, ties), all ``uint32``."""

#: The 24 renamings of the suits, as permutations of ``0..3``.
SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(4)))


@functools.cache
def combo_permutations() -> NDArray[np.intp]:
    """``(24, 1326)``: the combination that each suit renaming makes of each combination."""
    out = np.empty((len(SUIT_PERMUTATIONS), COMBOS), dtype=np.intp)
    for g, perm in enumerate(SUIT_PERMUTATIONS):
        out[g] = [combo_index(4 * (hi >> 2) + perm[hi & 3], 4 * (lo >> 2) + perm[lo & 3]) for hi, lo in COMBO_CARDS]
    out.setflags(write=False)
    return out


@functools.cache
def combo_masks() -> NDArray[np.uint64]:
    """The 52-bit card mask of each combination (two bits set)."""
    cards = np.array(COMBO_CARDS, dtype=np.uint64)
    out: NDArray[np.uint64] = (np.uint64(1) << cards[:, 0]) | (np.uint64(1) << cards[:, 1])
    out.setflags(write=False)
    return out


def orbit_keys(a: NDArray[np.intp], b: NDArray[np.intp]) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """For pairs of disjoint combinations ``(a[i], b[i])``: the key ``x * 1326 + y`` of the orbit's
    representative and whether the pair is its representative swapped (``a`` maps to ``y``).  A pair
    whose orbit holds both orders (its counts then symmetric) is never reported swapped."""
    perms = combo_permutations()
    direct = np.full(len(a), np.iinfo(np.int64).max, dtype=np.int64)
    swapped = direct.copy()
    for g in range(len(perms)):
        ga, gb = perms[g][a].astype(np.int64), perms[g][b].astype(np.int64)
        np.minimum(direct, ga * COMBOS + gb, out=direct)
        np.minimum(swapped, gb * COMBOS + ga, out=swapped)
    return np.minimum(direct, swapped), swapped < direct


def orbit_representatives() -> NDArray[np.int64]:
    """The keys ``x * 1326 + y`` of all :data:`ORBITS` representatives, increasing."""
    a, b = np.triu_indices(COMBOS, 1)
    masks = combo_masks()
    disjoint = (masks[a] & masks[b]) == 0
    keys, _ = orbit_keys(a[disjoint], b[disjoint])
    return np.unique(keys)


@attrs.frozen
class _Table:
    key: NDArray[np.int64]
    win: NDArray[np.int64]
    tie: NDArray[np.int64]


@functools.cache
def _table() -> _Table:
    resource = importlib.resources.files("pokerengine.decisions") / "data" / TABLE_FILE
    with resource.open("rb") as fh, np.load(fh) as data:
        key, win, tie = (np.asarray(data[name], dtype=np.int64) for name in ("key", "win", "tie"))
    if len(key) != ORBITS or np.any(np.diff(key) <= 0) or np.any(win + tie > BOARDS):
        raise RuntimeError(f"the shipped table {TABLE_FILE} is damaged")  # not bad input: a broken install
    for array in (key, win, tie):
        array.setflags(write=False)
    return _Table(key, win, tie)


def _combo(value: object, what: str) -> int:
    """A combination index from an int ``0..1325`` or text such as ``'AcAd'``."""
    if isinstance(value, str):
        if len(value) != 4:
            raise CardError(f"{what} must be two cards such as 'AcAd', got {shown(value)}")
        return combo_index(*deck_indices(value))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < COMBOS:
        return int(value)
    raise CardError(f"{what} must be a combination index 0..{COMBOS - 1} or two cards such as 'AcAd', got {shown(value)}")


def headsup(combo_a: int | str, combo_b: int | str) -> tuple[int, int, int]:
    """``(win, tie, lose)``: on how many of the 1,712,304 boards ``combo_a`` beats, ties and loses
    to ``combo_b``, all in before the flop.  Combinations are indices ``0..1325`` or text
    (``'AcAd'``); two that share a card raise :class:`~pokerengine.errors.CardError`.

    >>> headsup("7c2d", "AhAs")
    (212248, 6236, 1493820)
    """
    a, b = _combo(combo_a, "the first combination"), _combo(combo_b, "the second combination")
    masks = combo_masks()
    if masks[a] & masks[b]:
        raise CardError(f"the two combinations share a card: {shown(combo_a)} and {shown(combo_b)}")
    key, swapped = orbit_keys(np.array([a]), np.array([b]))
    table = _table()
    row = int(np.searchsorted(table.key, key[0]))
    win, tie = int(table.win[row]), int(table.tie[row])
    lose = BOARDS - win - tie
    return (lose, tie, win) if swapped[0] else (win, tie, lose)


@functools.cache
def matrices() -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """``(win, tie)``: two read-only ``(1326, 1326)`` ``int32`` arrays; ``win[a, b]`` is the number of
    boards on which combination ``a`` beats ``b`` (and ``win[b, a]`` those it loses), ``tie[a, b]``
    those they tie; both ``0`` where ``a`` and ``b`` share a card.

    >>> win, tie = matrices()
    >>> a, b = combo_index(*deck_indices("AcAd")), combo_index(*deck_indices("KhKs"))
    >>> int(win[a, b]), int(tie[a, b]), int(win[b, a])
    (1388072, 6538, 317694)
    """
    table = _table()
    masks = combo_masks()
    a, b = np.triu_indices(COMBOS, 1)
    disjoint = (masks[a] & masks[b]) == 0
    a, b = a[disjoint], b[disjoint]
    keys, swapped = orbit_keys(a, b)
    rows = np.searchsorted(table.key, keys)
    win_ab, tie_ab = table.win[rows], table.tie[rows]
    lose_ab = BOARDS - win_ab - tie_ab
    win_ab, lose_ab = np.where(swapped, lose_ab, win_ab), np.where(swapped, win_ab, lose_ab)
    win = np.zeros((COMBOS, COMBOS), dtype=np.int32)
    tie = np.zeros((COMBOS, COMBOS), dtype=np.int32)
    win[a, b], win[b, a] = win_ab, lose_ab
    tie[a, b] = tie[b, a] = tie_ab
    win.setflags(write=False)
    tie.setflags(write=False)
    return win, tie


@attrs.frozen(eq=False)
class ClassTable:
    """Heads-up counts summed over the 169 starting-hand classes (grid order, :data:`.combos.CLASS_NAMES`).

    ``pairs[i, j]``: how many pairs (combination of class ``i``, combination of class ``j``) share
    no card; ``win[i, j]`` and ``tie[i, j]``: the boards, summed over those pairs, on which class
    ``i``'s combination wins and ties.  All ``(169, 169)`` ``int64``, read-only; a pair's loss count
    is ``boards * pairs - win - tie`` (and equals ``win[j, i]``).
    """

    pairs: NDArray[np.int64]
    win: NDArray[np.int64]
    tie: NDArray[np.int64]
    boards: int = BOARDS

    def equity(self) -> NDArray[np.float64]:
        """Class ``i``'s share of the pot against class ``j`` (ties halved), 0 where no pair can be dealt.

        >>> from pokerengine.decisions.combos import class_index
        >>> t = class_table()
        >>> round(float(t.equity()[class_index("AA"), class_index("KK")]), 4)
        0.8195
        """
        total = self.pairs * self.boards
        with np.errstate(invalid="ignore", divide="ignore"):
            out: NDArray[np.float64] = np.where(total > 0, (self.win + 0.5 * self.tie) / np.maximum(total, 1), 0.0)
        return out


@functools.cache
def class_table() -> ClassTable:
    """The :class:`ClassTable` (built from :func:`matrices` at first use, then cached).

    >>> from pokerengine.decisions.combos import class_index
    >>> t = class_table()
    >>> aa, kk = class_index("AA"), class_index("KK")
    >>> int(t.pairs[aa, kk]), int(t.pairs[aa, aa])
    (36, 6)
    """
    win, tie = matrices()
    member = np.zeros((COMBOS, CLASSES), dtype=np.float64)  # combination -> class indicator
    member[np.arange(COMBOS), COMBO_CLASS] = 1.0
    masks = combo_masks()
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)

    def by_class(m: NDArray[Any]) -> NDArray[np.int64]:
        # float64 sums stay exact: every total is below 2 ** 53
        out: NDArray[np.int64] = np.rint(member.T @ m.astype(np.float64) @ member).astype(np.int64)
        out.setflags(write=False)
        return out

    return ClassTable(by_class(disjoint), by_class(win), by_class(tie))


__all__ = ["BOARDS", "ORBITS", "SUIT_PERMUTATIONS", "TABLE_FILE", "ClassTable", "class_table", "combo_masks",
           "combo_permutations", "headsup", "matrices", "orbit_keys", "orbit_representatives"]
