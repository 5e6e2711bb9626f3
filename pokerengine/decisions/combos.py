"""The 169 starting-hand classes of hold'em and the two-card combinations in each, as small integers.

Cards and combinations are those of :mod:`pokerengine.hands.vector` (a card is its position in
:data:`pokerengine.cards.DECK`; a combination one of ``1,326`` indices, :data:`COMBO_CARDS` its two
cards, higher first), so the arrays of :mod:`pokerengine.decisions` line up with the evaluator's.
A **class** is one of the 169 starting hands (``"AA"``, ``"AKs"``, ``"AKo"``), indexed by its cell
in the usual 13x13 grid: row and column ``0`` are aces, pairs on the diagonal, suited hands above
it (row < column), offsuit below.

>>> from pokerengine.hands.vector import deck_indices
>>> combo_text(combo_index(*deck_indices("KhAs")))
'AsKh'
>>> CLASS_NAMES[0], CLASS_NAMES[1], CLASS_NAMES[13], CLASS_NAMES[168]
('AA', 'AKs', 'AKo', '22')
>>> [len(CLASS_COMBOS[class_index(n)]) for n in ("AA", "AKs", "AKo")]
[6, 4, 12]
>>> CLASS_NAMES[COMBO_CLASS[combo_index(*deck_indices("7c2d"))]]
'72o'
"""

from __future__ import annotations

from .._checks import shown
from ..cards import RANKS
from ..errors import CardError
from ..hands.vector import CARDS, COMBO_CARDS, COMBOS, combo_index, combo_text

CLASSES = 169


def _class_name(row: int, col: int) -> str:
    high, low = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    if row == col:
        return high + low
    return high + low + ("s" if row < col else "o")


#: The 169 class names in grid order (row-major over the 13x13 grid, aces first).
CLASS_NAMES: tuple[str, ...] = tuple(_class_name(r, c) for r in range(13) for c in range(13))
_CLASS_BY_NAME = {name: i for i, name in enumerate(CLASS_NAMES)}


def class_index(name: str) -> int:
    """The grid index of a class name (``"AA"``, ``"AKs"``, ``"T9o"``)."""
    try:
        return _CLASS_BY_NAME[name]
    except (KeyError, TypeError):
        raise CardError(f"bad hand class {shown(name)}: expected e.g. 'AA', 'AKs' or 'T9o'") from None


def _combo_class(combo: int) -> int:
    hi, lo = COMBO_CARDS[combo]
    row_hi, row_lo = 12 - (hi >> 2), 12 - (lo >> 2)  # grid rows: ace 0 .. deuce 12
    if hi >> 2 == lo >> 2:
        return row_hi * 13 + row_hi
    if hi & 3 == lo & 3:  # suited: above the diagonal (row of the high card, column of the low)
        return row_hi * 13 + row_lo
    return row_lo * 13 + row_hi


#: The class of each combination.
COMBO_CLASS: tuple[int, ...] = tuple(_combo_class(c) for c in range(COMBOS))
#: The combinations of each class (6 for a pair, 4 suited, 12 offsuit).
CLASS_COMBOS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(COMBOS) if COMBO_CLASS[c] == k) for k in range(CLASSES))
#: How many combinations each class has.
CLASS_SIZES: tuple[int, ...] = tuple(len(c) for c in CLASS_COMBOS)

__all__ = [
    "CARDS", "CLASSES", "CLASS_COMBOS", "CLASS_NAMES", "CLASS_SIZES", "COMBOS", "COMBO_CARDS", "COMBO_CLASS",
    "class_index", "combo_index", "combo_text",
]
