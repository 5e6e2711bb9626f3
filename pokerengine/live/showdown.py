"""The showdown of a live hand (TDA 16): who shows first, tabling every hand, a show or a muck,
replay mode's shows and mucks as a record writes them; and the settlement (:func:`settle_hand`).

These functions are :class:`~pokerengine.live.Hand`'s private methods (``Hand._show_or_muck`` is
:func:`show_or_muck`...), kept here so that ``hand.py`` holds the betting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import card_text
from ..rules import clockwise
from ..runs import settle_runs
from ..seats import Seat
from ..settlement import Settlement, settle
from . import stud
from .phases import OVER, SHOWDOWN
from .phases import order as _order
from .phases import text as _text

if TYPE_CHECKING:
    from .hand import Hand



def showdown(hand: Hand) -> None:
    hand._phase = SHOWDOWN
    if hand.replay:
        return
    order = clockwise(hand.n)[hand._first_to_show()]  # TDA 16
    live = [p for p in order if not hand._folded[p]]
    if hand.options.auto_show or hand._all_in or any(not hand._stacks[p] for p in live):
        hand._table_all()
        hand._phase = OVER
        return
    hand._queue = live


def first_to_show(hand: Hand) -> int:
    """TDA 16: the last aggressor of the last betting round; else the first player left of the
    button, in stud the best exposed hand (razz: the lowest)."""
    if hand._aggressor >= 0:
        return hand._aggressor
    if hand.variant.kind == "stud":
        best = stud.opener(hand._up, hand._up_known, hand._folded, low=hand.variant.opening == "low",
                           third=False)
        return best or 0
    return 0


def table_all(hand: Hand) -> None:
    """Show every live hand not yet shown, the last aggressor first (TDA 16)."""
    order = clockwise(hand.n)[hand._first_to_show()]
    for p in order:
        if not hand._folded[p] and not hand._shown[p]:
            hand._shown[p] = True
            hand._log.append(f"p{p + 1} sm {_text(hand._hole[p])}")


def show_or_muck(hand: Hand, p: int, cards: Sequence[int | None] | None, dealt: bool) -> None:
    """``pN sm CARDS`` (``cards``), ``pN sm -`` (``dealt``: the cards dealt), ``pN sm`` (muck)."""
    if hand._folded[p]:
        raise hand._illegal(p, "has folded")
    if not hand.replay:
        if not hand._queue:
            raise hand._illegal(p, f"no showdown now ({hand._phase_text()})")
        if hand._queue[0] != p:
            raise hand._illegal(p, f"out of turn: seat {hand.seats[hand._queue[0]]} shows or mucks first (TDA 16)")
        if cards is not None and sorted(cards, key=_order) != sorted(hand._hole[p], key=_order):
            raise hand._illegal(p, f"holds {_text(hand._hole[p])}, not {_text(cards)}")
        del hand._queue[0]
        if cards is None and not dealt:
            hand._folded[p] = True
            hand._live -= 1
            hand._log.append(f"p{p + 1} sm")
            if hand._live == 1:
                hand._queue = []
        else:
            hand._shown[p] = True
            hand._log.append(f"p{p + 1} sm {_text(hand._hole[p])}")
        if not hand._queue:
            hand._phase = OVER
        return
    # Replay mode: whatever the record shows, whenever the hand allows it (as the PHH replayer).
    over = hand._phase is OVER
    if not over and hand._phase is not SHOWDOWN and not hand._all_in:
        raise hand._illegal(p, f"no showdown yet ({hand._phase_text()})")
    held = hand._hole[p]
    if dealt:
        if None in held:
            raise hand._illegal(p, "shows '-' but some of their cards are unknown")
        hand._log.append(f"p{p + 1} sm {_text(held)}")
        return
    if cards is None:  # a muck concedes (the last player left just does not show)
        if not over:
            hand._folded[p] = True
            hand._live -= 1
            if hand._live == 1:
                hand._phase = OVER
        hand._log.append(f"p{p + 1} sm")
        return
    if len(cards) != len(held):
        raise hand._illegal(p, f"holds {len(held)} cards but shows {len(cards)}")
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
        raise hand._illegal(p, f"shows {card_text(new[0])}, which they were not dealt")
    hand._discarded.difference_update(hand._check_new(new, True, revealing=True))
    for c in new:
        hand._seen.add(c)
        held[held.index(None)] = c
    hand._shown[p] = True
    hand._log.append(f"p{p + 1} sm {_text(cards)}")


def settle_hand(hand: Hand) -> Settlement:
    """The hand's settlement through :func:`pokerengine.settle` (:func:`pokerengine.runs.settle_runs`
    for a board run more than once), from its state (the hand is over): each seat's chips less the
    antes (dead money unless ``ante_trimming``) and dead chips, folded or holding its cards."""
    trim = hand.options.ante_trimming
    seats = []
    for p in range(hand.n):
        put = hand._put[p] + hand._bets[p] - (0 if trim else hand.antes[p]) - hand.dead[p]
        folded = hand._folded[p]
        hole = hand._hole[p]
        cards = () if folded or None in hole else tuple(hole)
        seats.append(Seat(hand.seats[p], put, folded, cards))  # type: ignore[arg-type]
    order = hand.seats
    sb = order[1] if hand.n == 2 else order[0]
    board: Sequence[Any] = tuple(hand._board)  # card integers, which settle() takes as they are
    odd = None if hand.variant.kind == "stud" else hand.options.odd_chip  # stud: by suit (TDA 20-B)
    dead = (0 if trim else sum(hand.antes)) + sum(hand.dead)
    if hand._runs > 1:  # each pot divided into the runs, each part on its own board (docs/runs.md)
        cut = hand._run_from
        runs = [board[cut:], *(tuple(c) for c in hand._run_cards)]
        hand._run_result = settle_runs(seats, board=board[:cut], runs=runs, game=hand.variant.game,
                                       small_blind=sb, button=order[-1], dead=dead, chip_unit=hand.unit,
                                       odd_chip=odd, rake=hand.options.rake,
                                       run_odd_unit=hand.options.run_odd_unit)
        result = hand._run_result.settlement
    else:
        result = settle(seats, board=board, game=hand.variant.game, small_blind=sb, button=order[-1],
                        dead=dead, chip_unit=hand.unit, odd_chip=odd, rake=hand.options.rake)
    return result
