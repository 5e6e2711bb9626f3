"""The blinds PartyPoker's oldest files leave unwritten, worked out from the order of play (for :mod:`.partypoker`).

PartyPoker's tournament files of 2012 write neither the blind posts nor always the button, and list the
seats out of order; players sitting out are written folding first, out of turn.  The reader posts the
blinds for the seats that owe them (:func:`blind_order`: from the button when the file gives it, else
from the first round's first actor, :func:`first_actor`), among the players who act in the hand
(:func:`acting`), and puts the first round's lines back in turn (:func:`in_turn`).

Limits: each function is linear in the hand's lines (bounded by :data:`.partypoker.MAX_HAND_LINES`) and
its seats (at most 100).
"""

from __future__ import annotations

import re

from .draft import Draft
from .partypoker_games import ACTS, actor

#: Lines of a player that say he is not playing the hand.
_ABSENT = ("is sitting out", "has joined", "has left", "sits out")
_NO_SMALL = re.compile(r"There is no Small Blind in this hand")


def blind_order(h: Draft, block: list[tuple[int, str]], ante: int, by_seat: list[tuple[int, str]]
                ) -> tuple[list[tuple[int, str]], tuple[str, ...]]:
    """The players who post the unwritten blinds, small blind first, and their blinds' kinds (``by_seat``:
    the seats dealt in, ``(seat, name)`` in seat order; ``ante``: each one's ante).  The first button, when
    the file gives it, says it: the blinds are the seats after it.  Without one, the first
    round's first actor does: the big blind sits just before him among the players left with chips after
    the antes (heads-up, he is the button and posts the small one).  ``There is no Small Blind in this
    hand`` leaves the small blind out.  The button, when the file gives none, is the seat before the blinds.
    (Players sitting out are written folding before the others, out of turn: the button is the surer.)"""
    no_small = any(_NO_SMALL.match(text) for _, text in block)
    after = [(seat, name) for seat, name in by_seat if h.seats[name][1] > ante]
    first = None if h.button else first_actor(h, block)
    if first is None or len(after) < 2 or first not in {name for _, name in after}:
        order = sorted(by_seat, key=lambda x: (x[0] - h.button - 1) % 100)
        if len(order) == 2:
            order.reverse()  # heads-up: the button posts the small blind
        elif no_small:
            return order[:1], ("bb",)
        return order, ("sb", "bb")
    at = next(k for k, (_, name) in enumerate(after) if name == first)
    if len(after) == 2:
        order = [after[at], after[at - 1]]
        button = after[at][0]
    else:
        big = at - 1
        order = [after[big]] if no_small else [after[big - 1], after[big]]
        button = after[big - (1 if no_small else 2)][0]
    if not h.button:
        h.button = button
    return order, ("bb",) if len(order) == 1 else ("sb", "bb")


def in_turn(h: Draft, block: list[tuple[int, str]], at: int, big: str) -> None:
    """Put the first betting round's lines (those after ``block[at]``, the deal) in turn, in place, when the
    blinds were not written: PartyPoker writes the folds of players sitting out first, out of turn.  Each
    player's own lines keep their order; the players act in turn from the one after the big blind, each in
    turn taking his next line, which is the order of any betting round (a player with no line left is out
    of it)."""
    start = at + 1
    while start < len(block) and block[start][1].startswith("Dealt to "):
        start += 1
    end = start
    queues: dict[str, list[tuple[int, str]]] = {}
    while end < len(block):
        who = actor(h, block[end][1], " ")
        if who is None or not who[1].startswith(ACTS):
            break
        queues.setdefault(who[0], []).append(block[end])
        end += 1
    after = h.seats[big][0]
    turn = sorted((name for name in queues), key=lambda n: (h.seats[n][0] - after - 1) % 100)
    lines: list[tuple[int, str]] = []
    while len(lines) < end - start:
        for name in turn:
            if queues[name]:
                lines.append(queues[name].pop(0))
    block[start:end] = lines


def first_actor(h: Draft, block: list[tuple[int, str]]) -> str | None:
    """Who acts first after the cards are dealt (the first betting round's first line), or ``None``."""
    for k, line in block:
        if k <= h.line:
            continue
        if line.startswith("** "):
            return None
        who = actor(h, line, " ")
        if who is not None and who[1].startswith(ACTS):
            return who[0]
    return None


def acting(h: Draft, block: list[tuple[int, str]]) -> set[str]:
    """The seated players who act in a hand's lines (the oldest files write no posts: the blinds are
    those of the first players dealt in after the button)."""
    found = set()
    for _, line in block:
        who = actor(h, line, " ")
        if who is not None and not who[1].startswith(_ABSENT):
            found.add(who[0])
    return found
