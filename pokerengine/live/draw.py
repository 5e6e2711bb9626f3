"""Draw games for the live hand: discarding, replacement cards, the reshuffle of the discards.

2-7 single draw (``N2L1D``, no limit), 2-7 triple draw (``F2L3D``) and badugi (``FB``, fixed
limit) deal five (badugi four) cards down, bet with blinds as hold'em does, then draw before each
later betting round: every live player in turn from the first seat left of the button (all-in
players too) discards any number of their cards, none (standing pat) to all, and is dealt as many.
The rules are those recorded draw hands follow (the PHH replayer plays draw games through this engine):

* When the deck runs out, the discards are shuffled and dealt from.  A replay accepts a
  discarded card again once more cards have been dealt than the deck holds; the live deck
  reshuffles the discards of the players before, not the drawing player's own (the usual house
  rule), and never the folded hands.  So a hand of ``k`` cards per player is safe for
  ``52 // k - 2`` players (the drawing player's own discards aside, enough cards are left):
  8 at 2-7, 11 at badugi (:func:`max_players`).
* No burn cards in draw and stud games (a replay counts every card dealt to know when the
  deck has run out).

>>> from pokerengine.cards import card_text, parse_cards as c
>>> kept, new = discard(list(c("AsKdQh7c2d")), c("KdQh"), replay=False)
>>> len(kept), new
(3, ())
>>> left, new = discard([None, None], c("As"), replay=True)   # a replay reveals an unknown card
>>> left, [card_text(x) for x in new]
([None], ['As'])
>>> max_players(5), max_players(4)
(8, 11)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_text
from .deck import Deck


class NotHeld(Exception):
    """A discard the player does not hold (the text says which)."""


def max_players(hole: int) -> int:
    """Most players a draw game dealing ``hole`` cards each plays from one deck (see above)."""
    return 52 // hole - 2


def discard(hand: Sequence[int | None], cards: Sequence[int | None], *, replay: bool
            ) -> tuple[list[int | None], tuple[int, ...]]:
    """The hand left after discarding ``cards``, and the discarded cards that were unknown in the
    hand (a replay names an unknown card as it discards it).  :class:`NotHeld` if a card is not
    held (an unknown discard takes an unknown card, in replay mode only)."""
    left = list(hand)
    revealed = []
    for c in cards:
        if c is not None and c in left:
            left.remove(c)
        elif replay and None in left:
            left.remove(None)
            if c is not None:
                revealed.append(c)
        else:
            raise NotHeld("an unknown card" if c is None else card_text(c))
    return left, tuple(revealed)


def replacements(deck: Deck, pool: list[int], k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``k`` cards from ``deck``; when it runs out, the discards in ``pool`` (the players' before,
    emptied here) are shuffled under it and dealt.  Returns the cards and those that were discards.

    >>> from pokerengine.cards import cards_text, parse_cards
    >>> deck = Deck.of("AsKs")
    >>> cards, again = replacements(deck, list(parse_cards("2c")), 3)
    >>> cards_text(cards), cards_text(again)
    ('AsKs2c', '2c')
    """
    left = deck.remaining
    if left >= k:
        return deck.deal(k), ()
    first = deck.deal(left)
    deck.refill(pool)
    pool.clear()
    rest = deck.deal(k - left)  # max_players() keeps enough discards for this
    return first + rest, rest
