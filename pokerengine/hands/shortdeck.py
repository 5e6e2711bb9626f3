"""Short-deck (six-plus) hold'em high: 36 cards, six through ace.

Ranking, best first: straight flush, four of a kind, **flush, full house**,
straight, three of a kind, two pair, one pair, high card.  With the deuces to
fives gone a flush is rarer than a full house, so it ranks above it.  The ace
plays high (T-J-Q-K-A) or low: **A-6-7-8-9 is the lowest straight** (and
straight flush), nine high.

Three of a kind against a straight: rooms differ (some short-deck events
rank trips above a straight).  This module follows the reference
implementation of the PHH standard (variant ``NS``, "No-limit short-deck
hold 'em", in ``required.rst`` of uoftcprg/phh-std), PokerKit:
``pokerkit.lookups.ShortDeckHoldemLookup`` registers its hand classes in the
order high card, one pair, two pair, three of a kind, straight, full house,
flush, four of a kind, straight flush, and the ``ShortDeckHoldemHand``
docstring orders ``7c7d7hTsQc < As6c7h8h9h < AsAhKcKhKd < 6s7s8sTsQs``.
So here a **straight beats three of a kind**, as in ordinary hold'em, and only
flush and full house swap.

A strength is ``class << 20 | tie-break ranks`` (four bits each), so hands of a
better class always compare higher and :func:`shortdeck_class` names the class.
The best five of the cards are found through two tables filled as hands are
seen (at most a few thousand entries): rank multisets keyed by the product of
the cards' treys primes, and the ranks held in a flush suit keyed by bitmask.

>>> from pokerengine.cards import parse_cards as c
>>> flush = shortdeck_high(c("AsKs"), c("Qs9s6sJdTc"))
>>> full_house = shortdeck_high(c("AhAd"), c("AcKsKd7h6c"))
>>> flush > full_house, shortdeck_class(flush), shortdeck_class(full_house)
(True, 'Flush', 'Full House')
>>> wheel = shortdeck_high(c("Ah6d"), c("7c8s9hKdKc"))
>>> shortdeck_class(wheel), wheel < shortdeck_high(c("Th6d"), c("7c8s9hKdQc"))
('Straight', True)
>>> shortdeck_class(shortdeck_high(c("8h8d"), c("8c9sJhKdAc")))
'Three of a Kind'
>>> shortdeck_high(c("2h8d"), c("8c9sJhKdAc"))
Traceback (most recent call last):
    ...
pokerengine.errors.CardError: card 2h is not in the short deck (36 cards, six through ace)
"""

from __future__ import annotations

from itertools import combinations

from ..cards import DECK, card_text, rank
from ..errors import CardError
from ._shape import FULL_HOUSE, NO_PAIR, PAIR, QUADS, TRIPS, TWO_PAIR, pack, shape_order

#: Hand classes, worst first; a strength's class is ``strength >> 20``.
CLASSES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Full House",
    "Flush",
    "Four of a Kind",
    "Straight Flush",
)
HIGH_CARD, ONE_PAIR, TWO_PAIRS, THREE_OF_A_KIND, STRAIGHT, FULL, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)
_SHIFT = 20
_SHAPE_CLASS = {
    PAIR: ONE_PAIR,
    TWO_PAIR: TWO_PAIRS,
    TRIPS: THREE_OF_A_KIND,
    FULL_HOUSE: FULL,
    QUADS: FOUR_OF_A_KIND,
}

#: The 36 cards: six (rank index 4) through ace (12).
SHORT_DECK: tuple[int, ...] = tuple(c for c in DECK if rank(c) >= 4)
# Per card, its one in the suit counter: four bits per suit, so ``+ 0x3333``
# carries into bit 3 of a suit's nibble exactly when that suit has five or more.
_SUIT_ONE = {c: ((c >> 12) & 0xF) ** 4 for c in SHORT_DECK}

# Straights as (rank bitmask, top rank index), best first; A-6-7-8-9 is nine high.
_STRAIGHTS = tuple((0b11111 << (top - 4), top) for top in range(12, 7, -1)) + (((1 << 12) | (0b1111 << 4), 7),)
_STRAIGHT_TOP = dict(_STRAIGHTS)

_PLAIN: dict[int, int] = {}  # product of primes -> best strength ignoring suits
_FLUSH: dict[int, int] = {}  # ranks held in the flush suit -> best flush / straight flush


def _five_plain(ranks: tuple[int, ...]) -> int:
    shape, order = shape_order(ranks)
    if shape == NO_PAIR:
        top = _STRAIGHT_TOP.get(sum(1 << r for r in ranks))
        if top is not None:
            return STRAIGHT << _SHIFT | top
        return HIGH_CARD << _SHIFT | pack(order)
    return _SHAPE_CLASS[shape] << _SHIFT | pack(order)


def _fill_plain(key: int, cards: tuple[int, ...]) -> int:
    ranks = [rank(c) for c in cards]
    best = max(_five_plain(five) for five in combinations(ranks, 5))
    _PLAIN[key] = best
    return best


def _fill_flush(mask: int) -> int:
    for straight, top in _STRAIGHTS:
        if mask & straight == straight:
            best = STRAIGHT_FLUSH << _SHIFT | top
            break
    else:
        best = FLUSH << _SHIFT | pack([r for r in range(12, 3, -1) if mask >> r & 1][:5])
    _FLUSH[mask] = best
    return best


def shortdeck_high(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """Strength of the best five of hole plus board cards (five to seven short-deck cards)."""
    cards = hole + board
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a short-deck hand needs 5 to 7 cards, got {len(cards)}")
    key = 1
    suits = 0
    for c in cards:
        try:
            suits += _SUIT_ONE[c]
        except (KeyError, TypeError):
            raise CardError(f"card {_text(c)} is not in the short deck (36 cards, six through ace)") from None
        key *= c & 0xFF
    best = _PLAIN.get(key)
    if best is None:
        best = _fill_plain(key, cards)
    over = (suits + 0x3333) & 0x8888
    if over:
        suit_bit = 1 << ((over.bit_length() - 4) >> 2) << 12
        mask = 0
        for c in cards:
            if c & suit_bit:
                mask |= c >> 16
        flush = _FLUSH.get(mask)
        if flush is None:
            flush = _fill_flush(mask)
        if flush > best:
            best = flush
    return best


def shortdeck_class(strength: int) -> str:
    """The class of a short-deck strength, e.g. ``'Flush'``."""
    return CLASSES[strength >> _SHIFT]


def _text(card: object) -> str:
    try:
        return card_text(card)  # type: ignore[arg-type]
    except (CardError, TypeError):
        return repr(card)
