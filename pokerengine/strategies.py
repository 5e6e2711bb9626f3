"""Hypothesis strategies that generate valid hands, for fuzzing pot code (yours or ours).

Requires `hypothesis` (``pip install "pokerengine-exact[test]"``).  :func:`hands`
draws keyword arguments for :func:`pokerengine.settle`::

    from hypothesis import given
    from pokerengine import settle
    from pokerengine.strategies import hands

    @given(hands())
    def test_my_pot_code_agrees(hand):
        expected = settle(**hand).payouts
        assert my_settle(hand) == expected

Each hand has 2 to 9 seats with distinct positive labels in clockwise order,
integer contributions (multi-way all-ins at many levels), folds with at least
one live seat, distinct cards for every seat and the board, dead money, a
chip unit and an odd-chip rule.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from .cards import DECK, cards_text
from .games import GAMES
from .seats import Seat

#: Games the default strategy draws from: those with a board and a high hand, plus hi/lo.
BOARD_GAMES = ("holdem", "omaha", "omaha-hilo")


@st.composite
def contributions(draw: st.DrawFn, min_seats: int = 2, max_seats: int = 9, max_chips: int = 1000) -> list[tuple[int, bool]]:
    """Lists of ``(contributed, folded)`` with at least one seat live.

    Contributions are drawn partly from a few shared levels so that all-ins at
    equal amounts are common, as in real multi-way pots.
    """
    n = draw(st.integers(min_seats, max_seats))
    amount = st.integers(0, max_chips)
    levels = draw(st.lists(amount, min_size=1, max_size=n))
    # Each seat puts in one of the shared levels (index >= 0) or an amount of its own (-1).
    # Strategies are built once, outside the loop: building them per seat costs more than drawing.
    pick = st.integers(-1, len(levels) - 1)
    amounts = []
    for _ in range(n):
        i = draw(pick)
        amounts.append(levels[i] if i >= 0 else draw(amount))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    return list(zip(amounts, folded))


@st.composite
def hands(
    draw: st.DrawFn,
    games: tuple[str, ...] = BOARD_GAMES,
    min_seats: int = 2,
    max_seats: int = 9,
    max_chips: int = 1000,
    chip_units: tuple[int, ...] = (1, 1, 1, 5, 25),
    dead: bool = True,
    showdown: bool | None = None,
) -> dict[str, Any]:
    """Keyword arguments for :func:`pokerengine.settle`: ``settle(**draw(hands()))``.

    ``showdown=True`` gives every seat cards and a full board, ``False`` none
    (fine only when one seat is live or pots are uncontested), ``None`` either.
    """
    game = GAMES[draw(st.sampled_from(games))]
    rows = draw(contributions(min_seats, max_seats, max_chips))
    n = len(rows)
    labels = draw(st.lists(st.integers(1, 99), min_size=n, max_size=n, unique=True))
    with_cards = draw(st.booleans()) if showdown is None else showdown
    hole = max(game.hole_cards)
    board_size = max(game.board_cards)
    live_count = sum(1 for _, f in rows if not f)
    if not with_cards and live_count > 1:
        with_cards = True
    needed = n * hole + board_size if with_cards else 0
    # One draw deals the cards (a shuffle seed): card-by-card draws cost more than everything else here.
    deck = random.Random(draw(st.integers(0, 2**32 - 1))).sample(DECK, needed)
    seats = []
    pos = 0
    for label, (amount, folded) in zip(labels, rows):
        cards = ""
        if with_cards:
            cards = cards_text(deck[pos : pos + hole])
            pos += hole
        seats.append(Seat(label, amount, folded, cards))
    board = cards_text(deck[pos : pos + board_size]) if with_cards else ""
    unit = draw(st.sampled_from(chip_units))
    rule = draw(st.sampled_from(("small_blind", "left_of_button")))
    hand = {
        "seats": seats,
        "game": game.name,
        "board": board,
        "small_blind": draw(st.sampled_from(labels)),
        "button": draw(st.sampled_from(labels)),
        "chip_unit": unit,
        "odd_chip": rule,
        "dead": draw(st.integers(0, 3 * unit)) if dead else 0,
    }
    return hand
