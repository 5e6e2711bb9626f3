"""Cards, two-card combinations and the 169 starting-hand classes, as small integers.

Everything in :mod:`pokerengine.decisions` indexes cards, hole-card combinations
and starting-hand classes the same way, so arrays line up:

- a **card** is ``4 * rank + suit`` (``0..51``): rank ``0`` is a deuce, ``12`` an
  ace; suits in the order ``c d h s``.  This is the order of
  :data:`pokerengine.cards.DECK`, so ``DECK[i]`` is card ``i`` as the rest of the
  library writes it.
- a **combination** (two hole cards) is one of ``1,326`` indices ``0..1325``;
  :data:`COMBO_CARDS` gives its two cards, higher card first.
- a **class** is one of the 169 starting hands (``"AA"``, ``"AKs"``, ``"AKo"``), indexed
  by its cell in the usual 13x13 grid: row and column ``0`` are aces, pairs on the
  diagonal, suited hands above it (row < column), offsuit below.

>>> card_index("As"), card_text(51), card_text(0)
(51, 'As', '2c')
>>> combo_text(combo_index(card_index("Kh"), card_index("As")))
'AsKh'
>>> CLASS_NAMES[0], CLASS_NAMES[1], CLASS_NAMES[13], CLASS_NAMES[168]
('AA', 'AKs', 'AKo', '22')
>>> [len(CLASS_COMBOS[class_index(n)]) for n in ("AA", "AKs", "AKo")]
[6, 4, 12]
>>> CLASS_NAMES[COMBO_CLASS[combo_index(card_index("7c"), card_index("2d"))]]
'72o'
"""

from __future__ import annotations

from .._checks import shown
from ..errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARDS = 52
COMBOS = 1326
CLASSES = 169

CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_CARD_BY_NAME = {name: i for i, name in enumerate(CARD_NAMES)}


def card_index(text: str) -> int:
    """The index ``0..51`` of a card written as rank and suit (``"As"``)."""
    try:
        return _CARD_BY_NAME[text]
    except (KeyError, TypeError):
        raise CardError(f"bad card {shown(text)}: expected rank {RANKS} then suit {SUITS}, e.g. 'As'") from None


def card_text(card: int) -> str:
    """The text of card ``0..51``."""
    return CARD_NAMES[card]


def card_rank(card: int) -> int:
    """``0`` (deuce) .. ``12`` (ace)."""
    return card >> 2


def card_suit(card: int) -> int:
    """``0..3`` for ``c d h s``."""
    return card & 3


#: The two cards of each combination, higher card first (``hi > lo``), ordered by ``(hi, lo)``.
COMBO_CARDS: tuple[tuple[int, int], ...] = tuple((hi, lo) for hi in range(CARDS) for lo in range(hi))
_COMBO_OF: list[list[int]] = [[-1] * CARDS for _ in range(CARDS)]
for _i, (_hi, _lo) in enumerate(COMBO_CARDS):
    _COMBO_OF[_hi][_lo] = _COMBO_OF[_lo][_hi] = _i


def combo_index(a: int, b: int) -> int:
    """The combination of two different cards ``0..51`` (in either order)."""
    if not (0 <= a < CARDS and 0 <= b < CARDS) or a == b:
        raise CardError(f"a combination needs two different cards, got {shown(a)} and {shown(b)}")
    return _COMBO_OF[a][b]


def combo_text(combo: int) -> str:
    """The combination as text, higher card first: ``'AsKh'``."""
    hi, lo = COMBO_CARDS[combo]
    return CARD_NAMES[hi] + CARD_NAMES[lo]


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
    "CARDS", "CARD_NAMES", "CLASSES", "CLASS_COMBOS", "CLASS_NAMES", "CLASS_SIZES", "COMBOS", "COMBO_CARDS",
    "COMBO_CLASS", "RANKS", "SUITS", "card_index", "card_rank", "card_suit", "card_text", "class_index",
    "combo_index", "combo_text",
]
