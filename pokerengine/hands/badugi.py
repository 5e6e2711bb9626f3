"""Badugi (PHH ``FB``, fixed-limit badugi): four cards, the lowest rainbow hand wins.

A hand plays its best subset of cards with **distinct suits and distinct
ranks**; aces are low and straights do not exist.  More cards beat fewer (any
four-card "badugi" beats any three-card hand, and so on); hands of the same
size compare their highest card first, the lower winning, then the next.
Suits never break a tie.  The best hand is A-2-3-4 of four suits.

Sources: http://www.gridpoker.eu/badugi_hand.asp ("a 4 card badugi hand beats
any 3 card badugi hand, and so on. Ace is low"); "Hand evaluation in badugi
poker", https://www.telework.ro/en/hand-evaluation-in-badugi-poker/ (same-size
hands compare the highest card first, ace low; the examples in the tests);
http://www.checknraisepoker.com/badugi-poker-hand-ranking/.

Draw games have no flop, so they are registered with ``flop_seen_at=0``: "no
flop, no drop" cannot apply and a configured rake is always taken.

A strength is ``size << 13 | (0x1FFF - ranks)`` where ``ranks`` has bit
``v - 1`` set for each played value ``v`` (ace 1 ... king 13): with distinct
ranks, "highest card first, lower wins" is exactly "smaller bitmask wins".

>>> from pokerengine.cards import parse_cards as c
>>> badugi_low(c("As2h3d4c"), ()) > badugi_low(c("2s4c5d6h"), ()) > badugi_low(c("As2c3d7h"), ())
True
>>> three = badugi_low(c("8h5d3sAh"), ())        # two hearts: the 8h does not play
>>> badugi_size(three), three > badugi_low(c("7h5d4d3s"), ())
(3, True)
>>> badugi_size(badugi_low(c("KsKhKdKc"), ())), badugi_low(c("4s5c6dKh"), ()) > three
(1, True)
"""

from __future__ import annotations

from itertools import combinations

from ..errors import CardError

_SIZE_SHIFT = 13
_ALL = 0x1FFF
# Subsets of the four cards by size, largest first.
_SUBSETS = tuple((n, tuple(combinations(range(4), n))) for n in (4, 3, 2, 1))


def _low_bit(card: int) -> int:
    """Bit ``v - 1`` for the A-5 value ``v`` of the card (ace 1 ... king 13)."""
    ranks = card >> 16  # treys: bit 0 deuce ... bit 12 ace
    return ((ranks << 1) & 0x1FFE) | (ranks >> 12)


def badugi_low(hole: tuple[int, ...], board: tuple[int, ...] = ()) -> int:
    """Badugi strength of exactly four cards (hole plus board); larger is a better hand."""
    cards = hole + board
    if len(cards) != 4:
        raise CardError(f"a badugi hand has exactly 4 cards, got {len(cards)}")
    # Suit bits (0-3) and rank bits (4-16) of each card: a subset of n cards
    # has distinct suits and ranks exactly when its OR has 2n bits set.
    seen = [(c >> 12) & 0x1FFFF for c in cards]
    lows = [_low_bit(c) for c in cards]
    for n, subsets in _SUBSETS:
        best = -1
        for subset in subsets:
            both = 0
            low = 0
            for i in subset:
                both |= seen[i]
                low |= lows[i]
            if both.bit_count() == 2 * n and (best < 0 or low < best):
                best = low
        if best >= 0:
            return n << _SIZE_SHIFT | (_ALL - best)
    raise AssertionError("unreachable: every single card is a one-card badugi hand")


def badugi_size(strength: int) -> int:
    """How many cards play in a badugi strength (4 for a badugi, down to 1)."""
    return strength >> _SIZE_SHIFT
