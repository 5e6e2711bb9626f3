"""The showdown of a live hand (TDA 16): who shows first, tabling every hand, a show or a muck,
replay mode's shows and mucks as a record writes them; and the settlement (:func:`settle_hand`).

Each function takes the hand's :class:`~pokerengine.live.state.HandState`; a show or a muck is checked
before anything changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import card_text
from ..rules import clockwise
from ..runs import settle_runs
from ..seats import Seat
from ..settlement import Settlement, settle
from . import stud
from .phases import OVER, SHOWDOWN
from .phases import order as _order
from .phases import text as _text
from .state import HandState


def showdown(s: HandState) -> None:
    s.phase = SHOWDOWN
    if s.replay:
        return
    order = clockwise(s.n)[first_to_show(s)]  # TDA 16
    live = [p for p in order if not s.folded[p]]
    if s.options.auto_show or s.all_in or any(not s.stacks[p] for p in live):
        table_all(s)
        s.phase = OVER
        return
    s.queue = live


def first_to_show(s: HandState) -> int:
    """TDA 16: the last aggressor of the last betting round; else the first player left of the
    button, in stud the best exposed hand (razz: the lowest)."""
    if s.aggressor >= 0:
        return s.aggressor
    if s.variant.kind == "stud":
        best = stud.opener(s.up, s.up_known, s.folded, low=s.variant.opening == "low",
                           third=False)
        return best or 0
    return 0


def table_all(s: HandState) -> None:
    """Show every live hand not yet shown, the last aggressor first (TDA 16)."""
    order = clockwise(s.n)[first_to_show(s)]
    for p in order:
        if not s.folded[p] and not s.shown[p]:
            s.shown[p] = True
            s.log.append(f"p{p + 1} sm {_text(s.hole[p])}")


def show_or_muck(s: HandState, p: int, cards: Sequence[int | None] | None, dealt: bool) -> None:
    """``pN sm CARDS`` (``cards``), ``pN sm -`` (``dealt``: the cards dealt), ``pN sm`` (muck)."""
    if s.folded[p]:
        raise s.illegal(p, "has folded")
    if not s.replay:
        if not s.queue:
            raise s.illegal(p, f"no showdown now ({s.phase_text()})")
        if s.queue[0] != p:
            raise s.illegal(p, f"out of turn: seat {s.seats[s.queue[0]]} shows or mucks first (TDA 16)")
        if cards is not None and sorted(cards, key=_order) != sorted(s.hole[p], key=_order):
            raise s.illegal(p, f"holds {_text(s.hole[p])}, not {_text(cards)}")
        del s.queue[0]
        if cards is None and not dealt:
            s.folded[p] = True
            s.live -= 1
            s.log.append(f"p{p + 1} sm")
            if s.live == 1:
                s.queue = []
        else:
            s.shown[p] = True
            s.log.append(f"p{p + 1} sm {_text(s.hole[p])}")
        if not s.queue:
            s.phase = OVER
        return
    # Replay mode: whatever the record shows, whenever the hand allows it (as the PHH replayer).
    over = s.phase is OVER
    if not over and s.phase is not SHOWDOWN and not s.all_in:
        raise s.illegal(p, f"no showdown yet ({s.phase_text()})")
    held = s.hole[p]
    if dealt:
        if None in held:
            raise s.illegal(p, "shows '-' but some of their cards are unknown")
        s.log.append(f"p{p + 1} sm {_text(held)}")
        return
    if cards is None:  # a muck concedes (the last player left just does not show)
        if not over:
            s.folded[p] = True
            s.live -= 1
            if s.live == 1:
                s.phase = OVER
        s.log.append(f"p{p + 1} sm")
        return
    if len(cards) != len(held):
        raise s.illegal(p, f"holds {len(held)} cards but shows {len(cards)}")
    rest = list(held)
    new = []
    for c in cards:
        if c is None:
            continue
        if c in rest:
            rest.remove(c)
        else:
            new.append(c)
    if len(new) > rest.count(None):
        raise s.illegal(p, f"shows {card_text(new[0])}, which they were not dealt")
    s.discarded.difference_update(s.check_new(new, True, revealing=True))
    for c in new:
        s.seen.add(c)
        held[held.index(None)] = c
    s.shown[p] = True
    s.log.append(f"p{p + 1} sm {_text(cards)}")


def settle_hand(s: HandState) -> Settlement:
    """The hand's settlement through :func:`pokerengine.settle` (:func:`pokerengine.runs.settle_runs`
    for a board run more than once), from its state (the hand is over): each seat's chips less the
    antes (dead money unless ``ante_trimming``) and dead chips, folded or holding its cards."""
    trim = s.options.ante_trimming
    seats = []
    for p in range(s.n):
        put = s.put[p] + s.bets[p] - (0 if trim else s.antes[p]) - s.dead[p]
        folded = s.folded[p]
        hole = s.hole[p]
        cards = () if folded or None in hole else tuple(hole)
        seats.append(Seat(s.seats[p], put, folded, cards))  # type: ignore[arg-type]
    order = s.seats
    sb = order[1] if s.n == 2 else order[0]
    board: Sequence[Any] = tuple(s.board)  # card integers, which settle() takes as they are
    odd = None if s.variant.kind == "stud" else s.options.odd_chip  # stud: by suit (TDA 20-B)
    dead = (0 if trim else sum(s.antes)) + sum(s.dead)
    if s.runs > 1:  # each pot divided into the runs, each part on its own board (docs/runs.md)
        cut = s.run_from
        runs = [board[cut:], *(tuple(c) for c in s.run_cards)]
        s.run_result = settle_runs(seats, board=board[:cut], runs=runs, game=s.variant.game,
                                       small_blind=sb, button=order[-1], dead=dead, chip_unit=s.unit,
                                       odd_chip=odd, rake=s.options.rake,
                                       run_odd_unit=s.options.run_odd_unit)
        result = s.run_result.settlement
    else:
        result = settle(seats, board=board, game=s.variant.game, small_blind=sb, button=order[-1],
                        dead=dead, chip_unit=s.unit, odd_chip=odd, rake=s.options.rake)
    return result
