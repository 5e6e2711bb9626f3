"""Seven-card stud: high (PHH ``F7S``), high/low eight-or-better (``F7S/8``) and razz (``FR``).

Each player plays the best five of their own five to seven cards; there is no
board (``board`` is accepted and added to the hand, and is empty in practice).

* :func:`stud_high` - the ordinary high hand (treys, through ``hands.high.best_of``).
* :func:`stud_low8` - the ace-to-five low half of stud/8: five distinct ranks
  of eight or lower, aces low, straights and flushes ignored, else ``None``
  (``hands.low.best_low8``).
* :func:`razz_low` - ace-to-five low with **no qualifier**: aces low, straights
  and flushes ignored, pairs count against you, so every hand has a strength.
  Hands rank as in high poker reversed without straights and flushes: any
  unpaired hand beats any pair, a pair beats two pair, and so on up to four of
  a kind; unpaired hands compare the highest card first (7-5-3-2-A loses to
  6-5-4-3-2), paired hands compare the pair first (2-2-K-Q-J beats 3-3-6-5-4).
  The best hand is 5-4-3-2-A.  Source: "Razz rules", PokerStars
  (https://www.pokerstarsmi.com/help/articles/read-razz-lost-no-hh/90752/) and
  Poker Mavens' razz rules (http://briggsoft.com/docs/pmavens/PMRazz.htm:
  "9TJQK is a better (lower) hand than 22345 because five unpaired cards
  always beats a hand containing a pair").

Odd chips (TDA 20-B)
--------------------
Poker TDA Rules (2024), Rule 20-B: "Stud, razz, and if 2 or more high or low
hands in stud/8: the odd chip goes to the high card by suit in the player's
5-card winning hand".  Suits rank spades, hearts, diamonds, clubs; a 2017
illustration on the TDA forum (https://www.pokertda.com/forum/index.php?topic=1417.0)
gives the chip between two 6-5-4-3-2 stud/8 hands, tied both ways, to the six
of spades.  :func:`odd_chip_key` and :func:`razz_odd_chip_key` return
``4 * rank + suit`` of that card (larger receives the chip first): the rank
decides, the suit (clubs 0 ... spades 3) only between equal ranks, so two
different players never have the same key.  Choices this module makes where
the rule text is silent, all fixed by tests:

* Card ranks follow the hand being judged: in a high hand the ace is the
  highest card (also in a five-high straight, where it is still the ace that
  the hand holds), in an ace-to-five low hand (razz, the stud/8 low half) the
  ace is a one, the lowest card, so the high card of 7-5-4-3-A is the seven.
* Only the five cards that make the winning hand count (TDA 2024; older
  Robert's Rules text used all seven cards and the *lowest* card for low
  games, which this module does not follow).  When several choices of five
  cards make the same hand (a kicker of either of two queens), the choice
  most favourable to the player is taken, as the player would table it.

"No flop, no drop" does not arise in stud: there is no flop, so the stud
games are registered with ``flop_seen_at=0`` and a configured rake is always
taken (``settle(..., flop_seen=False)`` overrides it per hand).

>>> from pokerengine.cards import parse_cards as c
>>> razz_low(c("As2d3c4h5s"), ()) > razz_low(c("As2d3c4h6s"), ()) > razz_low(c("9sTdJcQhKs"), ())
True
>>> razz_low(c("9sTdJcQhKs"), ()) > razz_low(c("2s2d3c4h5s"), ()), razz_class(razz_low(c("KsKdKcKhAs7d2c"), ()))
(True, 'Pair')
>>> stud_low8(c("As2d3cKh9s5d7c"), ()) is not None, stud_low8(c("As2d3cKh9s9dTc"), ())
(True, None)
>>> # 6-5-4-3-2 high, tied by two players: the six of spades takes the odd chip
>>> odd_chip_key(c("6s5d4c3h2dKcKd"), (), False) > odd_chip_key(c("6c5h4d3s2cQcQd"), (), False)
True
>>> # razz 7-5-4-3-A: the seven, not the ace, is the high card (7d beats 7c despite the As)
>>> razz_odd_chip_key(c("7d5c4c3sAhKdQd"), (), True) > razz_odd_chip_key(c("7cAs4d3h5dKsQs"), (), True)
True
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ..cards import SUIT_ORDER, suit
from ..errors import CardError, SettlementInputError
from .high import best_of
from .low import best_low8, low8_of_five, low_rank
from ._shape import NO_PAIR, pack, shape_order

#: Razz hand classes by ``strength >> 16``, worst first.
RAZZ_CLASSES = ("Four of a Kind", "Full House", "Three of a Kind", "Two Pair", "Pair", "No Pair")
_RAZZ_SHIFT = 16
_RAZZ_FIELD = 0xFFFF
_RAZZ_CLASS_OF_SHAPE = {(2, 1, 1, 1): 4, (2, 2, 1): 3, (3, 1, 1): 2, (3, 2): 1, (4, 1): 0}
_NO_PAIR = 5 << _RAZZ_SHIFT
_RAZZ_PAIRED: dict[int, int] = {}  # product of primes -> razz strength, hands without 5 distinct ranks


def _cards(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    cards = hole + board
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a stud hand has 5 to 7 cards, got {len(cards)}")
    return cards


def stud_high(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """High strength of the best five of a stud hand (same scale as ``hands.high``)."""
    return best_of(_cards(hole, board))


def stud_low8(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int | None:
    """Eight-or-better low strength of the best five of a stud hand, or ``None``."""
    return best_low8(_cards(hole, board))


def _razz_five(values: tuple[int, ...]) -> int:
    """Razz strength of five A-5 values (ace 1 ... king 13) that include a pair or more."""
    shape, order = shape_order(values)
    if shape == NO_PAIR:
        mask = 0
        for v in values:
            mask |= 1 << (v - 1)
        return _NO_PAIR | (_RAZZ_FIELD - mask)
    return _RAZZ_CLASS_OF_SHAPE[shape] << _RAZZ_SHIFT | (_RAZZ_FIELD - pack(order))


def razz_low(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """Razz strength of the best five of five to seven cards; always an ``int``, larger is lower.

    An unpaired hand's strength is ``5 << 16 | (0xFFFF - ranks)`` with bit ``v - 1``
    set in ``ranks`` for each value ``v`` (ace 1); paired hands have a smaller class.
    """
    cards = _cards(hole, board)
    ranks = 0
    for c in cards:
        ranks |= c
    ranks >>= 16  # treys rank bits: deuce bit 0 ... ace bit 12
    low = ((ranks << 1) & 0x1FFE) | (ranks >> 12)  # ace bit 0 ... king bit 12
    distinct = low.bit_count()
    if distinct >= 5:
        while distinct > 5:  # keep the five lowest ranks
            low ^= 1 << (low.bit_length() - 1)
            distinct -= 1
        return _NO_PAIR | (_RAZZ_FIELD - low)
    key = 1
    for c in cards:
        key *= c & 0xFF
    strength = _RAZZ_PAIRED.get(key)
    if strength is None:
        values = [low_rank(c) for c in cards]
        strength = _RAZZ_PAIRED[key] = max(_razz_five(five) for five in combinations(values, 5))
    return strength


def razz_class(strength: int) -> str:
    """The class of a razz strength: ``'No Pair'``, ``'Pair'``, ... ``'Four of a Kind'``."""
    return RAZZ_CLASSES[strength >> _RAZZ_SHIFT]


def _high_card_key(card: int) -> int:
    return 4 * ((card >> 8) & 0xF) + SUIT_ORDER[suit(card)]


def _low_card_key(card: int) -> int:
    return 4 * low_rank(card) + SUIT_ORDER[suit(card)]


def _best_five_key(
    cards: tuple[int, ...],
    evaluate: Callable[[tuple[int, ...]], "int | None"],
    best: int,
    card_key: Callable[[int], int],
) -> int:
    """Highest card key over every five of the cards that makes the hand ``best``."""
    return max(
        max(card_key(c) for c in five) for five in combinations(cards, 5) if evaluate(five) == best
    )


def odd_chip_key(hole: tuple[int, ...], board: tuple[int, ...], low: bool) -> int:
    """TDA 20-B key for stud and stud/8: the high card by suit of the winning five cards.

    ``low=False`` judges the five-card high hand (ace high); ``low=True`` the
    eight-or-better low five (ace low), which the hand must have.
    """
    cards = _cards(hole, board)
    if low:
        best = best_low8(cards)
        if best is None:
            raise SettlementInputError("odd chip for a low half asked of a hand with no eight-or-better low")
        return _best_five_key(cards, low8_of_five, best, _low_card_key)
    return _best_five_key(cards, best_of, best_of(cards), _high_card_key)


def razz_odd_chip_key(hole: tuple[int, ...], board: tuple[int, ...], low: bool = True) -> int:
    """TDA 20-B key for razz: the high card by suit (ace low) of the five-card razz hand.

    Razz has one ranking, so ``low`` is accepted for the common signature and ignored.
    """
    cards = _cards(hole, board)
    return _best_five_key(cards, razz_low, razz_low(cards), _low_card_key)
