"""Time-outs (pokerengine/live/timeout.py): the player to act checks when checking is free, else folds.

Each street of each game kind (board, stud, draw): a check when nothing is owed, a fold when
something is, stud's bring-in brought in, a draw stood pat; at the showdown a hand is shown when it
wins or ties a share against the hands shown so far, else mucked, checked against a slow oracle
that replays the hand's record twice (show, or muck, the later players mucking) and compares the
player's stacks.  Hypothesis: random hands of every game with time-outs at random moments, every
time-out doing what the rule says and any other seat refused with the hand unchanged.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_live_machine import tables
from test_live_view import play, random_action

from pokerengine.errors import IllegalActionError
from pokerengine.live import TDA, Hand, from_history, time_out


def test_board_game_every_street():
    # heads-up, seat 2 the button: p1 (seat 1, big blind) As Ad, p2 (seat 2) Ks Kd; board 7h8d9c Jd 2s
    deck = "AsKsAdKd2c7h8d9c3cJd4c2s"
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck=deck)
    assert hand.time_out(2) == ("p2 f",)  # pre-flop the button owes 1: folds
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck=deck)
    hand.call(2)
    assert hand.time_out(1) == ("p1 cc", "d db 7h8d9c")  # the big blind's option: checks
    assert hand.street_name == "flop" and hand.time_out(1) == ("p1 cc",)
    hand.raise_to(2, 10)
    assert hand.time_out(1) == ("p1 f",) and hand.over and hand.final_stacks == {1: 98, 2: 102}
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck=deck)
    hand.call(2), hand.check(1)
    for street in ("flop", "turn", "river"):
        assert hand.street_name == street
        lines = hand.time_out(1) + hand.time_out(2)
        assert lines[:2] == ("p1 cc", "p2 cc")
    assert hand.phase == "showdown" and hand.to_act == 1  # nobody bet: p1 left of the button shows first
    assert hand.time_out(1) == ("p1 sm AsAd",)  # nothing shown yet: showing wins
    assert hand.time_out(2) == ("p2 sm",)  # beaten by the aces: mucked
    assert hand.final_stacks == {1: 102, 2: 98}


def test_showdown_shows_a_winner_and_a_tie():
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck="KsAsKdAd2c7h8d9c3cJd4c2s")  # p1 kings, p2 aces
    hand.call(2), hand.check(1)
    for _ in range(3):
        hand.check(1), hand.check(2)
    assert hand.time_out(1) == ("p1 sm KsKd",) and hand.time_out(2) == ("p2 sm AsAd",)
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck="KsKhKdKc2c7h8d9c3cJd4c2s")  # the same pair: a tie
    hand.call(2), hand.check(1)
    for _ in range(3):
        hand.check(1), hand.check(2)
    hand.show(1)
    assert hand.time_out(2) == ("p2 sm KhKc",) and hand.final_stacks == {1: 100, 2: 100}


def test_stud_bring_in_and_streets():
    hand = Hand("F7S", [100, 100, 100], ante=1, bring_in=1, small_bet=4, big_bet=8, rng=random.Random(5))
    assert hand.to_act == 2 and hand.time_out(2) == ("p2 pb",)  # neither fold nor check: the bring-in
    assert hand.time_out(3) == ("p3 f",)  # owes the bring-in: folds
    hand.call(1)
    assert hand.street_name == "fourth street"
    first = hand.to_act
    assert hand.time_out(first) == (f"p{hand.seats.index(first) + 1} cc",)  # opens: checks
    hand = Hand("F7S", [100, 100, 100], ante=1, bring_in=0, small_bet=4, big_bet=8, rng=random.Random(5))
    assert hand.legal_actions().check and hand.time_out(hand.to_act)[0].endswith(" cc")  # no bring-in: checks


def test_draw_stands_pat():
    hand = Hand("F2L3D", [100, 100, 100], blinds=(1, 2), rng=random.Random(5))
    assert hand.time_out(3) == ("p3 f",)
    hand.call(1)
    assert hand.time_out(2) == ("p2 cc",)  # the big blind checks
    assert hand.phase == "draw" and hand.time_out(1) == ("p1 sd",) and hand.time_out(2) == ("p2 sd",)
    assert hand.phase == "bet" and hand.time_out(1) == ("p1 cc",)


def test_refusals():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    before = hand.snapshot()
    for seat, message in ((1, "not to act: seat 3 is"), (4, "not in this hand"), (None, "not in this hand"),
                          (True, "not in this hand")):
        with pytest.raises(IllegalActionError, match=message):
            hand.time_out(seat)  # type: ignore[arg-type]
        assert hand.snapshot() == before
    hand.fold(3), hand.fold(1)
    with pytest.raises(IllegalActionError, match="nobody is to act"):
        time_out(hand, 2)


def slow_choice(hand: Hand, seat: int) -> bool:
    """Whether showing leaves ``seat`` more chips than mucking, the players after it mucking: each
    choice replayed from the hand's record."""
    got = []
    for verb in ("show", "muck"):
        again = from_history(hand.history(), TDA, complete=False)
        getattr(again, verb)(seat)
        while not again.over:
            again.muck(again.to_act)
        got.append(again.final_stacks[seat])
    return got[0] > got[1]


@settings(max_examples=examples(60), deadline=None)
@given(tables(), st.lists(st.integers(0, 4), min_size=60, max_size=60), st.integers(0, 10))
def test_time_outs_in_random_hands(table, outs, other):
    hand, rng = play(table)
    step = 0
    while not hand.over and hand.to_act is not None:
        seat = hand.to_act
        wrong = hand.seats[other % len(hand.seats)]
        if wrong != seat:
            before = hand.snapshot()
            with pytest.raises(IllegalActionError):
                hand.time_out(wrong)
            assert hand.snapshot() == before
        legal = hand.legal_actions()
        if outs[step % len(outs)] and not legal.show:  # a time-out now and then; at every showdown
            random_action(hand, rng)
            step += 1
            continue
        step += 1
        tag = f"p{hand.seats.index(seat) + 1}"
        showing = slow_choice(hand, seat) if legal.show and not hand.options.replay else None
        first = hand.time_out(seat)[0]
        if legal.bring_in is not None:
            assert first == f"{tag} pb"
        elif legal.check:
            assert first == f"{tag} cc"
        elif legal.fold:
            assert first == f"{tag} f"
        elif legal.draw is not None:
            assert first == f"{tag} sd"
        else:
            assert first.startswith(f"{tag} sm")
            if showing is not None:
                assert (first != f"{tag} sm") == showing, (hand.actions, first)


SHOWDOWN_GAMES = [("NT", {"blinds": (1, 2)}), ("PO", {"blinds": (1, 2)}), ("FO/8", {"blinds": (1, 2)}),
                  ("FT", {"blinds": (1, 2)}), ("F7S", {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}),
                  ("F7S/8", {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}),
                  ("FR", {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}),
                  ("F2L3D", {"blinds": (1, 2)}), ("FB", {"blinds": (1, 2)}), ("N2L1D", {"blinds": (1, 2)})]


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(SHOWDOWN_GAMES), st.integers(2, 6), st.integers(0, 2**32), st.lists(st.booleans(), min_size=6,
                                                                                        max_size=6))
def test_showdown_time_outs_against_the_oracle(game, n, seed, timeouts):
    """Passive hands to a showdown; there each player in turn times out (or shows or mucks), each
    time-out's choice the slow oracle's."""
    code, kw = game
    hand = Hand(code, [1000] * n, rng=random.Random(seed), **kw)
    rng = random.Random(seed)
    while hand.phase != "showdown" and not hand.over:
        seat = hand.to_act
        legal = hand.legal_actions()
        if legal.draw is not None:
            hand.draw(seat, hand.cards(seat)[: 2 * rng.randint(0, legal.draw)])
        elif legal.bring_in is not None:
            hand.bring_in(seat)
        else:
            hand.check(seat) if legal.check else hand.call(seat)
    k = 0
    while not hand.over:
        seat = hand.to_act
        tag = f"p{hand.seats.index(seat) + 1}"
        if timeouts[k % len(timeouts)]:
            showing = slow_choice(hand, seat)
            assert hand.time_out(seat) == ((f"{tag} sm {hand.cards(seat)}",) if showing else (f"{tag} sm",))
        else:
            hand.show(seat) if rng.random() < 0.7 else hand.muck(seat)
        k += 1
