"""The phases of a live hand, and how its PHH lines write cards (a card not known: ``??``).

>>> from pokerengine.cards import parse_cards
>>> text([*parse_cards("AsKd"), None]), sorted([None, 3], key=order)
('AsKd??', [None, 3])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_text

DEAL, BET, DRAW, SHOWDOWN, OVER = "deal", "bet", "draw", "showdown", "over"


def order(c: int | None) -> int:
    """A sort key for cards that may be unknown (``None`` first)."""
    return -1 if c is None else c


def text(cards: Sequence[int | None]) -> str:
    """Cards as PHH writes them, ``??`` for an unknown card."""
    return "".join("??" if c is None else card_text(c) for c in cards)
