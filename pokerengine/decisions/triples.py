"""Three hands from one deck by class, exactly: the sums over every deal of three disjoint combinations.

For every triple of classes ``(a, b, c)`` (the first player's, the second's, the third's), summed
over every deal of three pairwise disjoint combinations of those classes: ``count[a, b, c]``, how
many such deals there are (exact integers), and ``win[a, b, c]``, ``tie[a, b, c]``, the first
hand's probability of beating (tying) the second over the boards the **two** hands leave, from the
shipped combination table (:func:`pokerengine.decisions.preflop.matrices`), by inclusion and
exclusion over the four cards for the third hand.  :mod:`.realdeal` adds the board correction
to these, and :mod:`.threeway` weights its orders of three hands by them.

Limits: each tensor is ``169 ** 3`` float64 (38.6 MB); the three are built once a process (about
6 s) and kept (:func:`class_triples`).

>>> t = class_triples()
>>> from pokerengine.decisions.combos import class_index
>>> aa, kk = class_index("AA"), class_index("KK")
>>> int(t.count[aa, aa, aa]), int(t.count[aa, kk, aa])  # AA, AA, AA cannot be dealt; AA, KK, AA one way per pair
(0, 36)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs
import numpy as np

from .combos import CLASS_SIZES, CLASSES, COMBO_CARDS, COMBO_CLASS, COMBOS
from .preflop import BOARDS, matrices

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

_CARD_OF = np.array(COMBO_CARDS, dtype=np.intp)
_CLASS = np.array(COMBO_CLASS, dtype=np.intp)
_PAIR = np.full((52, 52), COMBOS, dtype=np.intp)
for _c, (_a, _b) in enumerate(COMBO_CARDS):
    _PAIR[_a, _b] = _PAIR[_b, _a] = _c
_CLASS_PAD = np.append(_CLASS, CLASSES)  # the pad combination falls in a dropped 170th class
#: ``(52, 170)``: how many combinations of each class hold each card (the last column a zero pad)
CARD_CLASS = np.zeros((52, CLASSES + 1))
for _c, (_a, _b) in enumerate(COMBO_CARDS):
    CARD_CLASS[_a, COMBO_CLASS[_c]] += 1
    CARD_CLASS[_b, COMBO_CLASS[_c]] += 1
_SIZES = np.append(np.array(CLASS_SIZES, dtype=np.float64), 0.0)

@attrs.frozen(eq=False)
class Triples:
    """The exact class-triple sums (see the module's docstring)."""

    count: Array
    win: Array
    tie: Array


def _triple_sum(m: Array) -> Array:
    """``T[a, b, c] = sum over disjoint (x in a, y in b, z in c) of m[x, y]`` (``m`` zero where
    ``x`` and ``y`` share a card): the third hand counted by inclusion and exclusion over the four
    cards of ``x`` and ``y``."""
    per_card = CARD_CLASS[:, :CLASSES]
    acc = per_card[_CARD_OF[:, 0]] + per_card[_CARD_OF[:, 1]]  # (1326, 169): combos of class c meeting x
    row = np.zeros((COMBOS, CLASSES))  # row[x, b] = sum over y in b of m[x, y]
    for b in range(CLASSES):
        row[:, b] = m[:, _MEMBERS[b]].sum(axis=1)
    col = np.zeros((CLASSES, COMBOS))  # col[a, y] = sum over x in a of m[x, y]
    for a in range(CLASSES):
        col[a] = m[_MEMBERS[a]].sum(axis=0)
    pair = np.zeros((CLASSES, CLASSES))
    for a in range(CLASSES):
        pair[a] = row[_MEMBERS[a]].sum(axis=0)
    sizes = np.array(CLASS_SIZES, dtype=np.float64)
    out = pair[:, :, None] * sizes[None, None, :]
    for a in range(CLASSES):  # x's own cards
        out[a] -= row[_MEMBERS[a]].T @ acc[_MEMBERS[a]]
    for b in range(CLASSES):  # y's cards
        out[:, b] -= col[:, _MEMBERS[b]] @ acc[_MEMBERS[b]]
    d = np.arange(CLASSES)
    out[d, :, d] += pair  # z = x: counted out twice above (both its cards)
    out[:, d, d] += pair  # z = y
    xs, ys = np.nonzero(m)
    vals = m[xs, ys]
    ab = (_CLASS[xs] * CLASSES + _CLASS[ys]) * (CLASSES + 1)
    flat = np.zeros(CLASSES * CLASSES * (CLASSES + 1))
    for u in (_CARD_OF[xs, 0], _CARD_OF[xs, 1]):  # z made of one card of x and one of y: counted out twice
        for v in (_CARD_OF[ys, 0], _CARD_OF[ys, 1]):
            flat += np.bincount(ab + _CLASS_PAD[_PAIR[u, v]], vals, len(flat))
    out += flat.reshape(CLASSES, CLASSES, CLASSES + 1)[:, :, :CLASSES]
    return out


_MEMBERS = [np.flatnonzero(_CLASS == k) for k in range(CLASSES)]


@functools.cache
def class_triples() -> Triples:
    """The exact sums over every deal of three disjoint combinations by class (cached)."""
    win_c, tie_c = matrices()
    masks = (np.uint64(1) << _CARD_OF[:, 0].astype(np.uint64)) | (np.uint64(1) << _CARD_OF[:, 1].astype(np.uint64))
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    count = np.rint(_triple_sum(disjoint))
    win = _triple_sum(win_c / BOARDS)
    tie = _triple_sum(tie_c / BOARDS)
    for t in (count, win, tie):
        t.setflags(write=False)
    return Triples(count, win, tie)


def missing(cards: NDArray[np.intp]) -> Array:
    """For each row of distinct ``cards``: every class's count of combinations holding none of them
    (inclusion and exclusion: no combination holds three), ``(rows, 170)``."""
    rows = len(cards)
    k = cards.shape[1]
    out = np.broadcast_to(_SIZES, (rows, CLASSES + 1)) - CARD_CLASS[cards[:, 0]]
    for i in range(1, k):
        out -= CARD_CLASS[cards[:, i]]
    pairs = [_CLASS_PAD[_PAIR[cards[:, i], cards[:, j]]] for i in range(k) for j in range(i + 1, k)]
    flat = (np.arange(rows)[:, None] * (CLASSES + 1) + np.stack(pairs, axis=1)).ravel()
    out += np.bincount(flat, minlength=rows * (CLASSES + 1)).reshape(rows, CLASSES + 1)
    return out


__all__ = ["CARD_CLASS", "Triples", "class_triples", "missing"]
