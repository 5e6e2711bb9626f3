"""Stud for the live hand: up cards, who brings in, who opens, who shows first.

Seven card stud (``F7S``), stud hi/lo (``F7S/8``) and razz (``FR``) deal two cards down and one up
on third street, one up on fourth, fifth and sixth, one down on seventh; no board, no blinds.  The
rules are the ones the PHH replayer plays by too (it replays stud through this engine):

* Third street: the **bring-in** is the player with the lowest up card (aces high; ties by suit,
  clubs lowest, then diamonds, hearts, spades), in razz the highest (aces low; spades highest).
  They post the bring-in or complete to the small bet; they cannot fold or check.
* Fourth street on: the best exposed hand opens (pairs, two pairs, trips, quads, then high cards;
  no straights or flushes), in razz the lowest (pairs are bad); on equal hands the first seat
  left of the dealer.  Players all-in count, then the turn passes to the next player who can act.
* Bets: the small bet on third and fourth street, the big bet from fifth street (the optional
  double bet on fourth street after an open pair is not played: the replayer does not know it).
* Showdown (TDA 16): the last aggressor of the last round shows first, else the best exposed hand.

>>> from pokerengine.cards import parse_cards as c
>>> bring_in_seat([c("4d"), c("2c"), c("2s")], low=False)   # lowest card, clubs lowest
1
>>> bring_in_seat([c("Kc"), c("Ks"), c("Ah")], low=True)    # razz: highest card, spades highest
1
>>> opener_seat([c("9s9d"), c("AsKd"), c("9h9c")], low=False)  # the first pair of nines
0
>>> opener_seat([c("9s9d"), c("AsKd"), c("7h2c")], low=True)   # razz: 7-2 beats A-K, pairs are worst
2
>>> opener([[c("4d")[0]], [c("2c")[0]], [c("2s")[0]]], [True] * 3, [False] * 3, low=False, third=True)
1
>>> opener([list(c("9s9d")), list(c("AsKd")), list(c("7h2c"))], [True] * 3, [False] * 3, low=True, third=False)
2
>>> opener([list(c("9s9d")), list(c("AsKd"))], [True, False], [False, False], low=False, third=False) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_ORDER, rank, suit

STREET_NAMES = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
CARDS = 7
"""Cards each stud player may be dealt."""
MAX_PLAYERS = 52 // CARDS
"""Most players a live stud hand deals from one deck (7: every one of them may see seventh street;
the replayer has no rule for the shared card an eighth player would need)."""


def opener(up: Sequence[Sequence[int]], known: Sequence[bool], folded: Sequence[bool], *, low: bool,
           third: bool) -> int | None:
    """The position that opens the round: the bring-in on third street, else the best (razz:
    lowest) exposed hand; ``None`` when a live player's up card is unknown (a replay)."""
    if not all(k for k, f in zip(known, folded) if not f):
        return None
    hands = [None if f else u for u, f in zip(up, folded)]
    return bring_in_seat(hands, low) if third else opener_seat(hands, low)


def faces(hole: Sequence[bool], done: int, k: int) -> Sequence[bool]:
    """Which of ``k`` cards dealt after ``done`` on a street dealing ``hole`` (``True`` = up) are up."""
    return hole[done : done + k]


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
