"""Card removal of folded hands for :func:`.decision.call_decision` and :func:`.decision.push_decision`.

A player who folded before the decision holds a hand from his folding range (for a push/fold
player, the complement of his pushing range), so the opponents' combinations that share cards
with the likely folded hands are less likely.  With the hero's combination ``h`` known and the
deck otherwise uniform, an opponent's combination ``v`` of weight ``R(v)`` in his range weighs

    ``R(v) * Z(v)``, ``Z(v) = sum of prod_j G_j(f_j)`` over the folded hands ``(f_1, ..., f_k)``

that share no card with ``h``, with ``v`` or with each other, ``G_j`` being player ``j``'s folding
range (a weight in ``[0, 1]`` per combination: the chance he folds that hand).  This is Bayes'
rule over a uniform deal: ``Z(v)`` is, up to a constant, the chance that every folded player
folds given ``h`` and ``v``.

:func:`removal` computes ``Z`` for every combination exactly for one or two folded players (card
sums with inclusion and exclusion over the four cards of ``v`` and the folded hand, vectorised
over ``1,326 x 1,326`` pairs, under a tenth of a second).  With three or more folded players each
folded hand avoids ``h`` and ``v`` but the folded hands are taken independently of each other
(``Z`` is the product of the one-player sums): exact disjointness among three or more folded
hands costs ``1,326 ** 3`` terms and more.

The equity of ``h`` against a reweighted range is summed from the exact heads-up table
(:func:`.preflop.matrices`: every board counted for each pair of hands), which deals the board from
a deck still holding the folded cards; :func:`real_chances` adds what taking them out of the board
changes (:mod:`.foldboard`: exact over every board when the budget holds them, else a seeded
sampled correction with its standard error; ``boards=0`` leaves the folded cards in the deck).

>>> from pokerengine.decisions.ranges import parse_range
>>> z = removal("AhAs", [parse_range("AA")])  # the folded player holds AcAd, the last two aces
>>> from pokerengine.decisions.combos import combo_index
>>> from pokerengine.hands.vector import deck_indices
>>> float(z[combo_index(*deck_indices("AcKd"))]), float(z[combo_index(*deck_indices("KcKd"))])
(0.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._checks import shown
from ..errors import DecisionInputError, RangeError
from ..hands.vector import CARDS, COMBO_CARDS, COMBOS, deck_indices
from .combos import combo_index
from .foldboard import NONE, BoardCorrection, board_correction
from .preflop import BOARDS, combo_masks, matrices
from .ranges import Range, hand_or_range

EXACT_FOLDERS = 2
"""Up to this many folded players, their hands are kept disjoint from each other exactly."""

_HI = np.array([c[0] for c in COMBO_CARDS], dtype=np.intp)
_LO = np.array([c[1] for c in COMBO_CARDS], dtype=np.intp)


def folded_ranges(folded: object, seat: object, taken: Mapping[int, str]) -> dict[int, Range]:
    """``folded`` checked: ``{seat: range}`` with each seat read by ``seat`` (a callable turning a
    key into an index or raising), none of the seats in ``taken`` (``{index: what it is}``: the
    hero, the pusher, the callers), each range text or a :class:`Range`."""
    if not isinstance(folded, Mapping):
        raise DecisionInputError(f"folded must map seats to the ranges they fold, got {shown(folded)}")
    out: dict[int, Range] = {}
    for key, value in folded.items():
        index = seat(key)  # type: ignore[operator]
        if index in taken:
            raise DecisionInputError(f"folded names {shown(key)}, {taken[index]}, who did not fold")
        if index in out:
            raise DecisionInputError("folded names a seat twice (by its index and by its position)")
        if not isinstance(value, (str, Range)):
            raise RangeError(f"the folding range of seat {shown(key)} is text such as '72o, 32o' or a Range, "
                             f"got {shown(value)} ({type(value).__name__})")
        rng = hand_or_range(value)
        if rng.is_empty():
            raise RangeError(f"the folding range of seat {shown(key)} is empty: that player could not have folded")
        out[index] = rng
    return out


def _hero(hand: int | str) -> tuple[int, int]:
    if isinstance(hand, str):
        a, b = deck_indices(hand)
        return a, b
    a, b = COMBO_CARDS[hand]
    return a, b


def _one(g: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64], float]:
    """A folding range's sums: per card (the weight of the combinations holding it), per pair of
    cards (52 x 52, the combination's weight), and the total."""
    by_card = (np.bincount(_HI, g, CARDS) + np.bincount(_LO, g, CARDS)).astype(np.float64)
    pair: NDArray[np.float64] = np.zeros((CARDS, CARDS))
    pair[_HI, _LO] = g
    pair[_LO, _HI] = g
    return by_card, pair, float(g.sum())


def removal(hand: int | str, ranges: Sequence[Range]) -> NDArray[np.float64]:
    """``Z(v)`` for every combination ``v`` (``0`` where ``v`` shares a card with the hero's
    ``hand``): the weight of the folded hands' deals beside ``hand`` and ``v`` (module docstring).
    With no ranges, ``1`` for every combination that ``hand`` leaves."""
    h1, h2 = _hero(hand)
    masks = combo_masks()
    hero_mask = np.uint64((1 << h1) | (1 << h2))
    free = (masks & hero_mask) == 0
    gs = [np.where(free, np.asarray(r.weights, dtype=np.float64), 0.0) for r in ranges]
    if len(gs) == 2:
        z = _two(gs[0], gs[1])
    else:
        z = np.ones(COMBOS)
        for g in gs:
            by_card, pair, total = _one(g)
            z *= total - by_card[_HI] - by_card[_LO] + pair[_HI, _LO]
    out: NDArray[np.float64] = np.where(free, np.maximum(z, 0.0), 0.0)
    return out


def _two(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    """``Z(v) = sum over f disjoint from v of a(f) * (b's weight avoiding v's and f's four cards)``."""
    by_card, pair, total = _one(b)
    masks = combo_masks()
    z = np.zeros(COMBOS)
    fs = np.nonzero(a)[0]
    if not len(fs):
        return z
    f1, f2, fa = _HI[fs], _LO[fs], a[fs]
    v1, v2 = _HI[:, None], _LO[:, None]
    for start in range(0, COMBOS, 256):  # rows of v in blocks: arrays of at most 256 x 1,326
        part = slice(start, start + 256)
        w1, w2 = v1[part], v2[part]
        avoid = (total - by_card[w1] - by_card[w2] - by_card[f1] - by_card[f2]
                 + pair[w1, w2] + pair[f1, f2] + pair[w1, f1] + pair[w1, f2] + pair[w2, f1] + pair[w2, f2])
        disjoint = (masks[part, None] & masks[fs][None, :]) == 0
        z[part] = np.where(disjoint, avoid, 0.0) @ fa
    return z


def reweighted(hand: int | str, villain: Range, z: NDArray[np.float64]) -> tuple[float, float, float]:
    """``(p_win, p_tie, mass)``: the hero's chances against ``villain`` with each combination ``v``
    weighted ``villain(v) * z(v)``, from the exact heads-up table; ``mass`` the sum of the weights.
    Raises :class:`~pokerengine.errors.RangeError` when no combination keeps a weight."""
    h1, h2 = _hero(hand)
    h = combo_index(h1, h2)
    if not z.any():
        raise RangeError("the folded players' ranges cannot be dealt beside the hero's hand (and each other)")
    w = np.asarray(villain.weights, dtype=np.float64) * z
    mass = float(w.sum())
    if mass <= 0.0:
        raise RangeError(f"the range {shown(villain.text)} cannot be dealt beside the hero's hand and the folded "
                         "players' ranges (every combination conflicts)")
    win, tie = matrices()
    p_win = float(w @ win[h].astype(np.float64)) / (mass * BOARDS)
    p_tie = float(w @ tie[h].astype(np.float64)) / (mass * BOARDS)
    return min(1.0, p_win), min(1.0, p_tie), mass


def real_chances(hand: int | str, villain: Range, ranges: Sequence[Range], z: NDArray[np.float64], *,
                 boards: int, check: Callable[[], None] | None = None,
                 ) -> tuple[float, float, float, BoardCorrection]:
    """``(p_win, p_tie, mass, correction)``: :func:`reweighted`'s chances with the folded hands'
    cards also out of the board (:func:`.foldboard.board_correction` with ``boards`` as its budget;
    ``0``: the board keeps them and ``correction`` is :data:`.foldboard.NONE`), each kept within
    ``[0, 1]`` and ``p_win + p_tie <= 1``."""
    p_win, p_tie, mass = reweighted(hand, villain, z)
    if not boards:
        return p_win, p_tie, mass, NONE
    fix = board_correction(_hero(hand), villain, ranges, z, boards=boards, check=check)
    win = min(1.0, max(0.0, p_win + fix.win))
    tie = min(1.0 - win, max(0.0, p_tie + fix.tie))
    return win, tie, mass, fix


__all__ = ["EXACT_FOLDERS", "folded_ranges", "real_chances", "removal", "reweighted"]
