"""888's order of play as the engine's rule book takes it (:mod:`pokerengine.formats.pacific` reads the files).

888 writes three things in an order of play the record cannot take as written: the button on a player
who posts a blind (after players leave), a fold written before its turn, a raise below the minimum.
:func:`button_last` tells when the first, :func:`first_to_last` writes the record's players in 888's
order; :func:`in_turn` plays a record that the engine refuses with folds moved to their turn and short
raises nobody answers written as calls.  Each is what DriveHUD's real 2016 cash files write.
"""

from __future__ import annotations

import re
from typing import TypeVar

import attrs

from ..errors import PokerEngineError
from ..live.phh import start
from ..live.playing import Rescale
from ..phh.record import HandHistory
from .draft import Draft
from .sitehand import SiteHand

__all__ = ["button_last", "first_to_last", "in_turn"]

T = TypeVar("T")

_FOLD = re.compile(r"p[0-9]{1,3} f")
_RAISE = re.compile(r"(p[0-9]{1,3}) cbr ([0-9]{1,20})")


def button_last(h: Draft, written: int) -> bool:
    """Whether the player on the button the header writes (seat ``written``), who posted a blind, plays as
    the button: last after the flop.  888 puts the button on a player posting a blind after players leave:
    heads-up on the big blind (the small blind then acts first on every street), with three or more on the
    small blind, the big blind the next seat (the button acts after the others before the flop, and last
    after it), as DriveHUD's real 2016 fixed-limit files write it (all 7 such hands that go past the flop).
    The record (:meth:`.Draft.finish`) writes that player first, as a small blind, or heads-up as the
    big blind on a button that posts the small one; :func:`first_to_last` moves him last.  Where the file
    shows him acting first after the flop, the record stays as written."""
    names = {seat: name for name, (seat, _) in h.seats.items() if name not in h.out}
    blinds = {kind: name for name, kind, _ in reversed(h.posts) if kind in ("sb", "bb")}
    small, big = blinds.get("sb"), blinds.get("bb")
    if small is None or big is None or h.kind != "board" or written not in names or h.cancelled:
        return False
    seats = sorted(names)
    after = [s for s in seats if s > written] + [s for s in seats if s < written]
    if len(seats) == 2:
        if names[written] != big or small == big:
            return False
    elif names[written] != small or not after or names[after[0]] != big:
        return False
    board = False
    for kind, name, _ in h.events:  # the first betting round after the flop: does the button open it?
        if kind == "board":
            if board:
                break
            board = True
        elif board and kind in ("cc", "cbr", "f"):
            return name != names[written]
    return True


def first_to_last(hand: SiteHand) -> SiteHand:
    """``hand`` with the record's first player moved last (:func:`button_last`): every list of the
    players, their cards and actions (``pN``) renumbered; heads-up the forced bets' order (PHH's reversed)
    follows, so the button posts the big blind and the small blind opens every street."""
    history = hand.history
    n = history.player_count
    order = [*range(1, n), 0]  # the new position i holds the old order[i]

    def moved(values: tuple[T, ...] | None) -> tuple[T, ...] | None:
        return None if values is None else tuple(values[k] for k in order)

    number = {f"p{k + 1}": f"p{i + 1}" for i, k in enumerate(order)}

    def renamed(action: str) -> str:
        words = action.split(" ")
        at = 2 if words[:2] == ["d", "dh"] else 0
        if len(words) > at and words[at] in number:
            words[at] = number[words[at]]
        return " ".join(words)

    user = dict(history.user_fields)
    if "_posts" in user:
        user["_posts"] = moved(tuple(user["_posts"]))
    user["_button_last"] = True
    history = attrs.evolve(
        history, players=moved(history.players), seats=moved(history.seats),
        starting_stacks=tuple(history.starting_stacks[k] for k in order), antes=moved(history.antes),
        blinds_or_straddles=moved(history.blinds_or_straddles), actions=tuple(map(renamed, history.actions)),
        user_fields=user)
    return attrs.evolve(hand, history=history, returned=moved(hand.returned))


def in_turn(history: HandHistory) -> HandHistory | None:
    """``history`` played through the engine with two things 888 writes that its rule book refuses put as
    they play: a fold written before the player's turn (a fold chosen in advance, written when chosen:
    DriveHUD's real 2016 hands 436408568 and 436431543, a seat after the first to act folds first), moved to
    that player's turn (user field ``_folds_moved``: how many); and a raise below the minimum that the rest
    of the round only folds to (888 measures the smallest raise from the last raise, a short all-in's too:
    ``raises [$140]`` over an all in to $120 that raised $20, hand 553859788), written as a call, the
    chips above it coming back uncalled as they do after a raise nobody calls (user field
    ``_raises_below_minimum``: those raises as written).  ``None`` when there is neither, or the hand still
    does not play."""
    try:
        hand = start(history)
    except PokerEngineError:
        return None
    if hand.scale != 1:
        return None
    actions = history.actions
    out: list[str] = []
    held: list[str] = []
    short: list[str] = []
    moved = 0
    try:
        for k, text in enumerate(actions):
            seat = hand.to_act
            who = None if seat is None or hand.phase != "bet" else f"p{hand.seats.index(seat) + 1}"
            if who is not None and _FOLD.fullmatch(text) and text != f"{who} f":
                held.append(text)
                moved += 1
                continue
            bet = _RAISE.fullmatch(text)
            if who is not None and bet is not None and bet.group(1) == who:
                legal = hand.legal_actions()
                if legal.raise_to is not None and int(bet.group(2)) < legal.raise_to.min_to \
                        and legal.call is not None and _folded_to(actions[k + 1:]):
                    short.append(text)
                    text = f"{who} cc"
            hand.play(text)
            out.append(text)
            while held and hand.to_act is not None and hand.phase == "bet" \
                    and f"p{hand.seats.index(hand.to_act) + 1} f" in held:
                fold = f"p{hand.seats.index(hand.to_act) + 1} f"
                held.remove(fold)
                hand.play(fold)
                out.append(fold)
    except (PokerEngineError, Rescale):
        return None
    if held or not hand.over or not moved and not short:
        return None
    user = dict(history.user_fields)
    if moved:
        user["_folds_moved"] = moved
    if short:
        user["_raises_below_minimum"] = tuple(short)
    return attrs.evolve(history, actions=tuple(out), user_fields=user)


def _folded_to(actions: tuple[str, ...]) -> bool:
    """Whether the players' actions of ``actions`` up to the next card dealt are folds (or there are none)."""
    for text in actions:
        if text.startswith("d "):
            return True
        if _FOLD.fullmatch(text) is None:
            return False
    return True
