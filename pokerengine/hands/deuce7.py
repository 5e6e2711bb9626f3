"""Deuce-to-seven lowball ("Kansas City"): the worst high hand wins.

Used by no-limit 2-7 single draw (PHH ``N2L1D``) and fixed-limit 2-7 triple
draw (``F2L3D``): five cards, no board.  A hand is ranked exactly as an
ordinary high hand and the *lower* one wins, so pairs, straights and flushes
all count against you and **aces are high only**: A-2-3-4-5 is not a straight
but an ace-high hand (it loses to any king-high hand and beats every pair).
The best hand is 7-5-4-3-2 of at least two suits ("number one"), then
7-6-4-3-2, 7-6-5-3-2, 7-6-5-4-2, 8-5-4-3-2, 8-6-4-3-2, ...: unpaired hands are
compared from the top card down and the lower card wins at the first
difference, so 8-6-5-4-2 beats 8-6-5-4-3; paired hands compare as in high
poker, reversed (3-3-6-4-2 beats 3-3-6-5-2).

Sources: "Deuce to seven low" (Wikipedia, mirrored at
http://fact-index.com/d/de/deuce_to_seven_low.html): straights and flushes
count, aces are always high, and as a special rule A-5-4-3-2 is not a straight
but ace-high no pair, losing to any king-high and beating A-6-4-3-2;
http://www.gridpoker.eu/2_7_low_hand.asp (A-2-3-4-5 suited is the lowest
ace-high flush).  PokerKit (the PHH reference implementation) evaluates this
game with ``StandardLowHand``, whose ``StandardLookup`` in the version read
adds A-2-3-4-5 as a straight (see uoftcprg/pokerkit issue #44, "Deuce-to-seven
evaluates A-2-3-4-5 as a straight instead of ace-high"); this module follows
the rule, so on such a hand a PHH replay by that PokerKit version can disagree.

Draw games have no flop, so they are registered with ``flop_seen_at=0``: "no
flop, no drop" cannot apply and a configured rake is always taken.

A strength is ``(9 << 20) - high`` where ``high`` is ``class << 20 | tie-break
ranks``; larger is a better low.  :func:`deuce7_class` names the class.

>>> from pokerengine.cards import parse_cards as c
>>> number_one = deuce7_low(c("7s5d4h3c2c"), ())
>>> number_one > deuce7_low(c("8s5d4h3c2c"), ()) > deuce7_low(c("8s6d5h4c2c"), ())
True
>>> deuce7_low(c("8s6d5h4c2c"), ()) > deuce7_low(c("8s6d5h4c3c"), ())
True
>>> wheel = deuce7_low(c("As5d4h3c2c"), ())
>>> deuce7_class(wheel), wheel < deuce7_low(c("Ks5d4h3c2c"), ()), wheel > deuce7_low(c("2s2d4h3c5c"), ())
('High Card', True, True)
>>> deuce7_class(deuce7_low(c("7s6d5h4c3c"), ())), deuce7_class(deuce7_low(c("7c5c4c3c2c"), ()))
('Straight', 'Flush')
"""

from __future__ import annotations

from ..cards import rank
from ..errors import CardError
from ._shape import FULL_HOUSE, NO_PAIR, PAIR, QUADS, TRIPS, TWO_PAIR, pack, shape_order

#: Classes of the underlying high hand, worst high (best low) first.
CLASSES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)
_SHIFT = 20
_TOP = 9 << _SHIFT
_SHAPE_CLASS = {PAIR: 1, TWO_PAIR: 2, TRIPS: 3, FULL_HOUSE: 6, QUADS: 7}
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8
# Straights: five consecutive rank bits, six high (top index 4) to ace high; no wheel.
_STRAIGHT_TOP = {0b11111 << (top - 4): top for top in range(4, 13)}

_PLAIN: dict[int, int] = {}  # product of the five primes -> strength (not suited)
_FLUSH: dict[int, int] = {}  # rank bitmask of a five-card flush -> strength


def _high(ranks: list[int], flush: bool) -> int:
    """The five ranks as an ordinary high hand, without the A-2-3-4-5 straight."""
    shape, order = shape_order(ranks)
    if shape != NO_PAIR:
        return _SHAPE_CLASS[shape] << _SHIFT | pack(order)
    top = _STRAIGHT_TOP.get(sum(1 << r for r in ranks))
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT) << _SHIFT | top
    return (FLUSH if flush else 0) << _SHIFT | pack(order)


def deuce7_low(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """Deuce-to-seven strength of exactly five cards (hole plus board); larger is a better low."""
    cards = hole + board
    if len(cards) != 5:
        raise CardError(f"a deuce-to-seven hand has exactly 5 cards, got {len(cards)}")
    a, b, c, d, e = cards
    if a & b & c & d & e & 0xF000:
        key = (a | b | c | d | e) >> 16
        s = _FLUSH.get(key)
        if s is None:
            s = _FLUSH[key] = _TOP - _high([rank(x) for x in cards], True)
        return s
    key = (a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
    s = _PLAIN.get(key)
    if s is None:
        s = _PLAIN[key] = _TOP - _high([rank(x) for x in cards], False)
    return s


def deuce7_class(strength: int) -> str:
    """The high-hand class behind a deuce-to-seven strength, e.g. ``'Pair'``."""
    return CLASSES[(_TOP - strength) >> _SHIFT]
