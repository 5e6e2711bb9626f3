"""Who opens a stud betting round, from the cards face up.

Third street: the bring-in is the lowest up card (seven card stud, stud
hi/lo; aces high, ties broken by suit, clubs lowest) or the highest up card
(razz; aces low, spades highest).  Later streets: the best exposed hand opens
(highest for stud, lowest for razz, where pairs are bad); equal hands: the
first seat left of the dealer.  Only pairs, two pairs, trips and quads count
among up cards (no straights or flushes).

>>> from pokerengine.cards import parse_cards as c
>>> bring_in_seat([c("4d"), c("2c"), c("2s")], low=False)   # lowest card, clubs lowest
1
>>> bring_in_seat([c("Kc"), c("Ks"), c("Ah")], low=True)    # razz: highest card, spades highest
1
>>> opener_seat([c("9s9d"), c("AsKd"), c("9h9c")], low=False)  # the first pair of nines
0
>>> opener_seat([c("9s9d"), c("AsKd"), c("7h2c")], low=True)   # razz: 7-2 beats A-K, pairs are worst
2
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_ORDER, rank, suit


def _rank(card: int, low: bool) -> int:
    r = rank(card)
    return -1 if low and r == 12 else r


def exposed_key(cards: Sequence[int], low: bool) -> tuple[int, tuple[int, ...]]:
    """A key ordering exposed hands: (category, ranks); larger is the better high hand.

    Categories: 0 high card, 1 pair, 2 two pair, 3 trips, 4 quads.  For razz
    (``low``) aces rank lowest and the *smallest* key is the best low hand.
    """
    counts: dict[int, int] = {}
    for card in cards:
        r = _rank(card, low)
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    top = groups[0][0] if groups else 0
    if top >= 4:
        category = 4
    elif top == 3:
        category = 3
    elif top == 2:
        category = 2 if len(groups) > 1 and groups[1][0] == 2 else 1
    else:
        category = 0
    return category, tuple(r for _, r in groups)


def bring_in_seat(up: Sequence[Sequence[int] | None], low: bool) -> int | None:
    """Index of the player who must bring in, from each player's up cards (``None``: out or unknown)."""
    best = None
    for i, cards in enumerate(up):
        if not cards:
            continue
        card = cards[-1]
        key = (_rank(card, low), SUIT_ORDER[suit(card)])
        if best is None or (key > best[0] if low else key < best[0]):
            best = (key, i)
    return None if best is None else best[1]


def opener_seat(up: Sequence[Sequence[int] | None], low: bool) -> int | None:
    """Index of the player whose exposed hand opens a later street (first seat on ties)."""
    best = None
    for i, cards in enumerate(up):
        if not cards:
            continue
        key = exposed_key(cards, low)
        if best is None or (key < best[0] if low else key > best[0]):
            best = (key, i)
    return None if best is None else best[1]
