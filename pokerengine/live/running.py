"""Running the board more than once in a live hand (docs/runs.md): :meth:`Hand.can_run_it`,
:meth:`Hand.run_it` and the cards of the further runs.

Each function takes the hand's :class:`~pokerengine.live.state.HandState`; :meth:`Hand.run_it` is
:func:`run_it`, refused changing nothing when the runs cannot be chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._checks import shown
from ..cards import card_text
from ..errors import IllegalActionError
from ..runs import MAX_RUNS
from .arguments import _fail
from .phases import text as _text
from .state import HandState


def can_run_it(s: HandState) -> bool:
    """:meth:`run_it` may be called now: nobody can bet any more, board cards were still to come
    when that happened, the runs are not chosen yet and the settlement has not been read."""
    full = sum(st.board for st in s.variant.streets)
    return (s.all_in and 0 <= s.run_from < full and not s.runs and s.settled is None
            and s.variant.kind == "board")


def run_it(s: HandState, times: int) -> tuple[str, ...]:
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
    if not can_run_it(s):
        if s.runs or s.settled is not None:
            raise IllegalActionError("the runs are chosen once, before the settlement is read")
        raise IllegalActionError("the board is run more than once only when nobody can bet any more "
                                 "and board cards are still to come")
    full = sum(st.board for st in s.variant.streets)
    owed = (times - 1) * (full - s.run_from)
    sizes = run_sizes(s)
    deck = s.deck
    if deck is not None and deck.remaining < owed + (times - 1) * len(sizes):  # burn cards too
        raise IllegalActionError(f"the deck has {deck.remaining} cards left: not enough to run it {times} times")
    start = len(s.log)
    s.runs = times
    if deck is None:
        s.run_owed = owed
        return ()
    for _ in range(times - 1):
        run: list[int] = []
        for size in sizes:
            deck.deal(1)  # the burn card
            cards = deck.deal(size)
            s.seen.update(cards)
            s.dealt += size
            run.extend(cards)
            s.log.append(f"d db {''.join(map(card_text, cards))}")
        s.run_cards.append(run)
    return tuple(s.log[start:])


def run_sizes(s: HandState) -> list[int]:
    """The board cards each street of a further run deals (from the first street not out)."""
    sizes, done = [], 0
    for st in s.variant.streets:
        if st.board and done >= s.run_from:
            sizes.append(st.board)
        done += st.board
    return sizes


def deal_run(s: HandState, cards: Sequence[int | None]) -> None:
    """Board cards of run 2 or 3 (``manual=True``): street by street, as the first run was dealt."""
    runs, sizes = s.run_cards, run_sizes(s)
    k = len(runs) - 1 if runs and len(runs[-1]) < sum(sizes) else len(runs)  # the run being dealt
    have = len(runs[k]) if k < len(runs) else 0
    step = dealt = 0
    while dealt < have:
        dealt += sizes[step]
        step += 1
    if len(cards) != sizes[step]:
        raise IllegalActionError(f"run {k + 2} deals {sizes[step]} board card(s) now, not {len(cards)}")
    s.check_new(cards, True)
    if k == len(runs):
        runs.append([])
    s.seen.update(cards)  # type: ignore[arg-type]
    s.dealt += len(cards)
    runs[k].extend(cards)  # type: ignore[arg-type]
    s.run_owed -= len(cards)
    s.log.append(f"d db {_text(cards)}")
