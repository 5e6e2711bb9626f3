"""Cards as text and as integers.

A card is written as rank then suit: ``"As"``, ``"Td"``, ``"2c"``.  Ranks are
``23456789TJQKA`` (upper case only: ``"as"`` is refused), suits ``cdhs``.
Internally a card is the integer used by
`treys <https://pypi.org/project/treys/>`_ so that high hands evaluate without
conversion.

>>> c = parse_card("As")
>>> card_text(c)
'As'
>>> [card_text(c) for c in parse_cards("KdQh")]
['Kd', 'Qh']
>>> rank(parse_card("Tc")), suit(parse_card("Tc"))
(8, 'c')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from itertools import islice
from typing import Any

from treys import Card as _TreysCard

from ._checks import shown
from .errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Suit order for the stud odd-chip rule (TDA 20-B): spades > hearts > diamonds > clubs.
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}

_BY_TEXT: dict[str, int] = {}
_TEXT: dict[int, str] = {}
for _r in RANKS:
    for _s in SUITS:
        _code = _TreysCard.new(_r + _s)
        _BY_TEXT[_r + _s] = _code
        _TEXT[_code] = _r + _s
_SUIT_BITS = {1: "s", 2: "h", 4: "d", 8: "c"}
#: Every card of the deck, in the order 2c 2d 2h 2s 3c ... As.
DECK: tuple[int, ...] = tuple(_BY_TEXT[r + s] for r in RANKS for s in SUITS)

MAX_CARDS = 52
"""The most cards :func:`parse_cards` reads in one call (a deck): longer input is refused unread."""
MAX_CARD_TEXT = 3 * MAX_CARDS
"""The longest card string :func:`parse_cards` reads (a deck, each card followed by a separator)."""


def parse_card(text: str) -> int:
    """Return the integer of one card written as rank and suit, e.g. ``"Ah"``."""
    try:
        return _BY_TEXT[text]
    except (KeyError, TypeError):
        raise CardError(f"bad card {shown(text)}: expected rank {RANKS} then suit {SUITS}, e.g. 'As'") from None


def parse_cards(value: str | Iterable[str | int] | None) -> tuple[int, ...]:
    """Parse cards given as one string (``"AsKd"``, spaces and commas allowed) or a sequence of cards.

    Items of a sequence are card texts or card integers (as this module makes them).
    Mappings and sets (no order) and bytes are refused.  Limits: at most
    :data:`MAX_CARDS` cards and :data:`MAX_CARD_TEXT` characters of text, checked
    before anything is parsed, so the time and memory spent is bounded however
    long the input.

    >>> len(parse_cards(["As", "Kd"])), len(parse_cards("As Kd 2c")), parse_cards(None)
    (2, 3, ())
    >>> parse_cards("as")
    Traceback (most recent call last):
    ...
    pokerengine.errors.CardError: bad card 'as': expected rank 23456789TJQKA then suit cdhs, e.g. 'As'
    """
    if value is None:
        return ()
    if type(value) is tuple and len(value) <= MAX_CARDS and all(map(_TEXT.__contains__, value)):
        return value  # already card integers (or empty)
    if isinstance(value, str):
        if len(value) > MAX_CARD_TEXT:
            raise CardError(f"card text of {len(value):,} characters is too long (at most {MAX_CARD_TEXT})")
        text = value.replace(" ", "").replace(",", "")
        if len(text) % 2:
            raise CardError(f"bad card text {shown(value)}: cards are two characters each")
        return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))
    if isinstance(value, (int, bytes, bytearray, Mapping, Set)):
        raise CardError(f"cards must be text such as 'AsKd' or a list of cards, got {shown(value)}")
    try:
        items: list[Any] = list(islice(value, MAX_CARDS + 1))  # whatever the caller gave: checked below
    except TypeError:
        raise CardError(f"cards must be text such as 'AsKd' or a list of cards, got {shown(value)}") from None
    if len(items) > MAX_CARDS:
        raise CardError(f"more than {MAX_CARDS} cards")
    return tuple(item if type(item) is int and item in _TEXT else parse_card(item) for item in items)


def card_text(card: int) -> str:
    """The text of a card integer: ``card_text(parse_card("9h")) == "9h"``."""
    try:
        return _TEXT[card]
    except KeyError:
        raise CardError(f"{shown(card)} is not a card") from None


def cards_text(cards: Iterable[int]) -> str:
    """The cards as one string, e.g. ``'AsKd'``."""
    return "".join(card_text(c) for c in cards)


def rank(card: int) -> int:
    """Rank index: 0 for a deuce up to 12 for an ace."""
    return (card >> 8) & 0xF


def suit(card: int) -> str:
    """Suit letter, one of ``cdhs``."""
    return _SUIT_BITS[(card >> 12) & 0xF]


def check_distinct(*groups: Iterable[int]) -> None:
    """Raise :class:`CardError` if any card appears twice across the groups."""
    seen: set[int] = set()
    for group in groups:
        for card in group:
            if card in seen:
                raise CardError(f"card {card_text(card)} is used twice")
            seen.add(card)
