"""Stud for the live hand: up cards, who brings in, who opens, who shows first.

Seven card stud (``F7S``), stud hi/lo (``F7S/8``) and razz (``FR``) deal two cards down and one up
on third street, one up on fourth, fifth and sixth, one down on seventh; no board, no blinds.  The
rules are the PHH replayer's (:mod:`pokerengine.history.stud`), so that live play and replay agree:

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
>>> opener([[c("4d")[0]], [c("2c")[0]], [c("2s")[0]]], [True] * 3, [False] * 3, low=False, third=True)
1
>>> opener([list(c("9s9d")), list(c("AsKd")), list(c("7h2c"))], [True] * 3, [False] * 3, low=True, third=False)
2
>>> opener([list(c("9s9d")), list(c("AsKd"))], [True, False], [False, False], low=False, third=False) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..history.stud import bring_in_seat, opener_seat

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
