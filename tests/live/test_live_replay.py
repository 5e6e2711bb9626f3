"""The live engine in replay mode against the PHH replayer, on every bundled hand of every game.

Each hand is cut at every action: the next recorded player action must be one that
:meth:`Hand.legal_actions` allows (fold, check or call, a bet or raise in the range, or in replay
mode the raise to exactly what the deepest opponent can match; a stud bring-in; a draw of at most
the cards held), and the hand played through the
engine must end with the finishing stacks of :func:`pokerengine.replay.replay_hand`.  Set
``POKERENGINE_PHH`` to a folder (e.g. the shared corpus) to run the same check on more hands.
"""

from __future__ import annotations

import os
from pathlib import Path

from pokerengine.live import GAMES, start
from pokerengine.live.limits import cover
from pokerengine.live.playing import amount
from pokerengine.phh.notation import compile_action
from pokerengine.phh.reader import iter_files, load
from pokerengine.replay import replay_hand

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = [ROOT / "fixtures" / "phh"] + ([Path(os.environ["POKERENGINE_PHH"])] if os.environ.get("POKERENGINE_PHH")
                                         else [])


def all_hands():
    for folder in FOLDERS:
        for path in iter_files([folder]):
            for hand in load(path):
                if hand.variant in GAMES:
                    yield hand


def check_recorded_action_is_legal(hand, text: str) -> None:
    a = compile_action(text)
    verb = a[0]
    if verb not in ("f", "cc", "cbr", "pb", "sd"):
        return
    legal = hand.legal_actions()
    seat = hand.seats[a[1] - 1]
    state = hand._state
    if state.free_opener:  # a stud replay whose up cards are unknown: any player may open
        assert a[1] - 1 in state.pending, text
    else:
        assert legal.seat == seat, f"{text}: {legal.seat} is to act"
    if verb == "pb":
        assert legal.bring_in is not None
    elif verb == "sd":
        assert legal.draw is not None and len(a[2]) <= legal.draw
    elif verb == "f":
        assert legal.fold
    elif verb == "cc":
        assert legal.check or legal.call is not None
    else:
        to = amount(state, a[2])
        if not legal.can_raise_to(to):
            assert legal.raise_to is not None and to < legal.raise_to.min_to and to == cover(state, a[1] - 1), (
                f"{text}: legal {legal.raise_to}, {legal.no_raise}")


def test_every_hand_replays_through_the_engine_to_the_recorded_stacks():
    played = 0
    games = set()
    for record in all_hands():
        games.add(record.variant)
        expected = replay_hand(record)
        hand = start(record, scale=expected.outcome.scale)  # amounts in units of 1/scale, as the replayer counts
        for text in record.actions:
            check_recorded_action_is_legal(hand, text)
            hand.play(text)
        assert hand.over, record.label
        assert tuple(hand.final_stacks[s] for s in hand.seats) == expected.finishing, record.label
        ours, theirs = hand.settlement, expected.settlement
        assert [p.amount for p in ours.pots] == [p.amount for p in theirs.pots], record.label
        assert ours.dead == theirs.dead
        played += 1
    assert played >= 649  # the bundled corpus: 603 NT, NS, FT, PO, FO/8 hands and 46 stud and draw hands
    assert games == set(GAMES)  # every game of the engine



def test_a_replayed_showdown_with_unknown_cards_is_written_without_finishing_stacks():
    # Both all-in pre-flop with hole cards the record does not know ("????"): the hand is over, but
    # nobody can say who won, so the record written back has no finishing stacks (it raised a
    # CardError before; found by the fuzz suite on a badugi record).
    from pokerengine.live import from_history, to_history
    from pokerengine.phh import loads

    record = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                   'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 100", '
                   '"p1 cc", "d db 2c3d4h", "d db 5s", "d db 9h"]\n')
    hand = from_history(record)
    assert hand.over
    written = to_history(hand)
    assert written.finishing_stacks is None and written.actions == record.actions
