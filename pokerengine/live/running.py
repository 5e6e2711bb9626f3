"""Running the board more than once in a live hand (docs/runs.md): :meth:`Hand.can_run_it`,
:meth:`Hand.run_it` and the cards of the further runs.

These functions are :class:`~pokerengine.live.Hand`'s methods (``Hand.run_it`` is :func:`run_it`...),
kept here so that ``hand.py`` holds the betting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._checks import shown
from ..cards import card_text
from ..errors import IllegalActionError
from ..runs import MAX_RUNS
from .arguments import _fail
from .phases import text as _text

if TYPE_CHECKING:
    from .hand import Hand


def can_run_it(hand: Hand) -> bool:
    """:meth:`run_it` may be called now: nobody can bet any more, board cards were still to come
    when that happened, the runs are not chosen yet and the settlement has not been read."""
    full = sum(st.board for st in hand.variant.streets)
    return (hand._all_in and 0 <= hand._run_from < full and not hand._runs and hand._settled is None
            and hand.variant.kind == "board")


def run_it(hand: Hand, times: int) -> tuple[str, ...]:
    """Run the rest of the board ``times`` times (1 to 3; docs/runs.md, notes betting.md "Run it
    twice"), when :meth:`can_run_it`.  With the hand's own deck the further runs are dealt at
    once from the same deck, after the first (the first run may already be out: from one
    shuffled deck, choosing before or after it is dealt gives the same cards); with
    ``manual=True`` the caller deals them with :meth:`deal_board`, run after run, street by
    street, once the first run is complete.  Each pot is divided into the runs (the odd unit
    to the first run) and each part settled on its own board
    (:func:`pokerengine.runs.settle_runs`).  Refused, changing nothing, otherwise."""
    if type(times) is not int or not 1 <= times <= MAX_RUNS:
        raise _fail(f"a hand is run 1 to {MAX_RUNS} times, got {shown(times)}")
    if not hand.can_run_it():
        if hand._runs or hand._settled is not None:
            raise IllegalActionError("the runs are chosen once, before the settlement is read")
        raise IllegalActionError("the board is run more than once only when nobody can bet any more "
                                 "and board cards are still to come")
    full = sum(st.board for st in hand.variant.streets)
    owed = (times - 1) * (full - hand._run_from)
    sizes = hand._run_sizes()
    deck = hand._deck
    if deck is not None and deck.remaining < owed + (times - 1) * len(sizes):  # burn cards too
        raise IllegalActionError(f"the deck has {deck.remaining} cards left: not enough to run it {times} times")
    start = len(hand._log)
    hand._runs = times
    if deck is None:
        hand._run_owed = owed
        return ()
    for _ in range(times - 1):
        run: list[int] = []
        for size in sizes:
            deck.deal(1)  # the burn card
            cards = deck.deal(size)
            hand._seen.update(cards)
            hand._dealt += size
            run.extend(cards)
            hand._log.append(f"d db {''.join(map(card_text, cards))}")
        hand._run_cards.append(run)
    return tuple(hand._log[start:])


def run_sizes(hand: Hand) -> list[int]:
    """The board cards each street of a further run deals (from the first street not out)."""
    sizes, done = [], 0
    for st in hand.variant.streets:
        if st.board and done >= hand._run_from:
            sizes.append(st.board)
        done += st.board
    return sizes


def deal_run(hand: Hand, cards: Sequence[int | None]) -> None:
    """Board cards of run 2 or 3 (``manual=True``): street by street, as the first run was dealt."""
    runs, sizes = hand._run_cards, hand._run_sizes()
    k = len(runs) - 1 if runs and len(runs[-1]) < sum(sizes) else len(runs)  # the run being dealt
    have = len(runs[k]) if k < len(runs) else 0
    step = dealt = 0
    while dealt < have:
        dealt += sizes[step]
        step += 1
    if len(cards) != sizes[step]:
        raise IllegalActionError(f"run {k + 2} deals {sizes[step]} board card(s) now, not {len(cards)}")
    hand._check_new(cards, True)
    if k == len(runs):
        runs.append([])
    hand._seen.update(cards)  # type: ignore[arg-type]
    hand._dealt += len(cards)
    runs[k].extend(cards)  # type: ignore[arg-type]
    hand._run_owed -= len(cards)
    hand._log.append(f"d db {_text(cards)}")
