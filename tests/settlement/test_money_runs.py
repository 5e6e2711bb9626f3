"""Run it twice (pokerengine.runs): the whole outputs of hands worked by hand, so that every line of
the division, the merge and the reports is pinned down (mutation tests: docs/mutation.md).
"""

from __future__ import annotations

from types import MappingProxyType

import pytest

from pokerengine import Rake, Seat, settle
from pokerengine.cards import parse_cards
from pokerengine.errors import CardError, SettlementInputError
from pokerengine.games import GAMES, Game
from pokerengine.runs import Run, settle_runs

#: A hold'em not registered in GAMES, given as a Game value.
OWN = Game("my-holdem", (2,), (5,), GAMES["holdem"].high)

# Seat 1 folded after putting in 10; seat 2 all in for 60 with aces, seat 3 all in for 100 with
# kings, seat 4 bet 130 with queens.  Flop 2c7d9h, then two runs: Ts3c and Kh4d; 5% rake.
FOUR = [Seat(1, 10, folded=True), Seat(2, 60, cards="AsAd"), Seat(3, 100, cards="KsKd"),
        Seat(4, 130, cards="QsQd")]


def four(**kwargs):
    return settle_runs(FOUR, board="2c7d9h", runs=["Ts3c", "Kh4d"], rake=Rake(5), **kwargs)


def test_four_seats_two_runs_rake_refund_side_pot_worked_by_hand():
    # Seat 4's 30 over seat 3's 100 is uncalled: back to seat 4, not divided, not raked.
    # Main pot: 10 + 60 + 60 + 60 = 190 (seats 2, 3, 4); side pot: 40 + 40 = 80 (seats 3, 4).
    # Rake 5% of the hand's 270 = 13 (13.5 down): 9 from the main pot, 4 from the side pot.
    # Main 181 -> 91 + 90 (the odd chip to run 1); side 76 -> 38 + 38.
    # Run 1 (2c7d9hTs3c): aces win the main part, kings the side part.
    # Run 2 (2c7d9hKh4d): trip kings win both parts.
    r = four()
    assert r.parts == ((91, 90), (38, 38))
    assert r.rake == 13 and dict(r.refunds) == {1: 0, 2: 0, 3: 0, 4: 30}
    assert dict(r.payouts) == {1: 0, 2: 91, 3: 166, 4: 30}
    assert dict(r.net) == {1: -10, 2: 31, 3: 66, 4: -100}
    assert [dict(run.payouts) for run in r.runs] == [{1: 0, 2: 91, 3: 38, 4: 0}, {1: 0, 2: 0, 3: 128, 4: 0}]
    assert r.to_json() == {
        "payouts": {"1": 0, "2": 91, "3": 166, "4": 30},
        "refunds": {"1": 0, "2": 0, "3": 0, "4": 30},
        "rake": 13,
        "net": {"1": -10, "2": 31, "3": 66, "4": -100},
        "pots": [
            {"amount": 190, "eligible": [2, 3, 4], "winners": [2, 3], "shares": {"2": 91, "3": 90},
             "odd_units": [], "rake": 9},
            {"amount": 80, "eligible": [3, 4], "winners": [3], "shares": {"3": 76}, "odd_units": [], "rake": 4},
        ],
        "run_odd_unit": "first",
        "runs": [
            {"board": ["2c", "7d", "9h", "Ts", "3c"],
             "pots": [{"amount": 91, "winners": [2], "shares": {"2": 91}, "odd_units": []},
                      {"amount": 38, "winners": [3], "shares": {"3": 38}, "odd_units": []}],
             "payouts": {"1": 0, "2": 91, "3": 38, "4": 0}},
            {"board": ["2c", "7d", "9h", "Kh", "4d"],
             "pots": [{"amount": 90, "winners": [3], "shares": {"3": 90}, "odd_units": []},
                      {"amount": 38, "winners": [3], "shares": {"3": 38}, "odd_units": []}],
             "payouts": {"1": 0, "2": 0, "3": 128, "4": 0}},
        ],
    }
    assert r.explain() == "\n".join([
        "holdem, run 2 times; 300 chips put in",
        "Uncalled: seat 4 gets back 30",
        "Main pot: 190 chips, rake 9, eligible seats 2, 3, 4; runs get 91 + 90",
        "Side pot 1: 80 chips, rake 4, eligible seats 3, 4; runs get 38 + 38",
        "Run 1, board 2c 7d 9h Ts 3c",
        "  main pot (91): seat 2 91",
        "  side pot 1 (38): seat 3 38",
        "Run 2, board 2c 7d 9h Kh 4d",
        "  main pot (90): seat 3 90",
        "  side pot 1 (38): seat 3 38",
        "Rake: 13",
        "Seat 1 (folded): put in 10, gets 0, net -10",
        "Seat 2: put in 60, gets 91, net +31",
        "Seat 3: put in 100, gets 166, net +66",
        "Seat 4: put in 130, gets 30, net -100",
    ])


def test_last_run_gets_the_odd_chip_in_the_json_too():
    # As above with run_odd_unit="last": main 181 -> 90 + 91, so seat 2 (run 1) gets 90, seat 3 91 + 76.
    r = four(run_odd_unit="last")
    assert r.parts == ((90, 91), (38, 38))
    assert dict(r.payouts) == {1: 0, 2: 90, 3: 167, 4: 30}
    assert r.to_json()["run_odd_unit"] == "last" and r.run_odd_unit == "last"


def test_a_tie_with_dead_money_explained():
    # 10 each and 1 dead: 21 = 11 (run 1) + 10 (run 2).  Both seats play the board's straight in
    # both runs: run 1's 11 splits 6/5 with the odd chip to seat 1, run 2's 10 splits 5/5.
    seats = [Seat(1, 10, cards="2c3d"), Seat(2, 10, cards="2d3c")]
    r = settle_runs(seats, board="9hTsJc", runs=["QdKh", "Qh8d"], dead=1)
    assert r.explain() == "\n".join([
        "holdem, run 2 times; 20 chips put in, 1 dead",
        "Main pot: 21 chips, eligible seats 1, 2; runs get 11 + 10",
        "Run 1, board 9h Ts Jc Qd Kh",
        "  main pot (11): seat 1 6 (odd unit), seat 2 5",
        "Run 2, board 9h Ts Jc Qh 8d",
        "  main pot (10): seat 1 5, seat 2 5",
        "Seat 1: put in 10, gets 11, net +1",
        "Seat 2: put in 10, gets 10, net +0",
    ])


def test_a_run_is_a_frozen_value_with_read_only_payouts():
    r = four()
    run = r.runs[0]
    assert repr(run) == "Run(board='2c7d9hTs3c', payouts=mappingproxy({1: 0, 2: 91, 3: 38, 4: 0}))"
    # A Run made by hand from a plain dict keeps its own read-only copy.
    given = {1: 5, 2: 0}
    made = Run(run.board, run.pot_data, given)
    assert type(made.payouts) is MappingProxyType and dict(made.payouts) == {1: 5, 2: 0}
    given[1] = 99
    assert made.payouts[1] == 5
    with pytest.raises(TypeError):
        made.payouts[1] = 6  # type: ignore[index]


HU = [Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")]


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"runs": b"Ts3c"}, SettlementInputError, "must be a list"),  # bytes are a Sequence
        ({"runs": {0: "Ts3c", 1: "Kh4d"}}, SettlementInputError, "must be a list"),
        # An unhashable game is named as unknown (by settle()), never a TypeError.
        ({"runs": ["Ts3c", "Kh4d"], "game": ["holdem"]}, SettlementInputError, "unknown game"),
        ({"runs": ["Ts3c", "Kh4d"], "game": None}, SettlementInputError, "unknown game"),
        # A Game value is checked as a registered game is.
        ({"runs": ["Ts3c", "4d"], "game": OWN}, CardError, "run 2 makes a board of 4 cards"),
        ({"runs": ["", ""], "board": "2c7d9hTs3c", "game": OWN}, CardError, "run 1 deals no card"),
    ],
)
def test_bad_runs_are_refused(kwargs, error, words):
    kwargs.setdefault("board", "2c7d9h")
    with pytest.raises(error, match=words):
        settle_runs(HU, **kwargs)


def test_one_run_of_a_game_without_a_board_is_just_settle():
    # Only two or more runs need a board: one run of stud is the hand settled once.  Seat 1's
    # A-2-3-4-5 straight loses to seat 2's diamond flush (Kd 5d 4d 3d 2d).
    seats = [Seat(1, 10, cards="AsAdAh2c3c4c5c"), Seat(2, 10, cards="KsKdKh2d3d4d5d")]
    r = settle_runs(seats, game="stud", runs=[""])
    assert r.settlement == settle(seats, game="stud") and dict(r.payouts) == {1: 0, 2: 20}
    assert r.parts == ((20,),)


def test_a_game_whose_showdown_may_also_come_without_a_board_can_be_run_twice():
    # A game value that allows a showdown on no board or on five cards still has a board to run.
    both = Game("holdem-or-none", (2,), (0, 5), GAMES["holdem"].high)
    r = settle_runs(HU, board="2c7d9h", runs=["Ts3c", "Kh4d"], game=both)
    assert dict(r.payouts) == {1: 10, 2: 10} and r.parts == ((10, 10),)


def test_the_whole_hands_board_is_the_first_runs():
    r = four()
    assert r.settlement.board == parse_cards("2c7d9hTs3c")
    assert r.boards == (parse_cards("2c7d9hTs3c"), parse_cards("2c7d9hKh4d"))


# Three seats tie in both runs: each plays the board's straight (9-K on run 1, 8-Q on run 2; no
# flush: at most four hearts).  30 put in and 4 dead: 34 = 17 + 17; each run's 17 is 5 each with
# two odd chips, dealt one each clockwise from the odd-chip rule's first seat.
TIED = [Seat(1, 10, cards="2c3d"), Seat(2, 10, cards="2d3c"), Seat(3, 10, cards="2h3h")]


@pytest.mark.parametrize(
    ("kwargs", "odd"),
    [
        ({}, (1, 2)),  # the small blind: the first seat listed
        ({"small_blind": 2}, (2, 3)),
        ({"small_blind": 3}, (3, 1)),
        ({"odd_chip": "left_of_button"}, (1, 2)),  # the button: the last seat listed
        ({"odd_chip": "left_of_button", "button": 1}, (2, 3)),
        ({"odd_chip": "left_of_button", "button": 2}, (3, 1)),
        ({"odd_chip": "left_of_button", "button": 3, "small_blind": 2}, (1, 2)),
    ],
)
def test_the_odd_chips_of_a_tie_in_each_run_follow_the_odd_chip_rule(kwargs, odd):
    r = settle_runs(TIED, board="9hTsJc", runs=["QdKh", "Qh8d"], dead=4, **kwargs)
    assert r.parts == ((17, 17),)
    run = {s: 6 if s in odd else 5 for s in (1, 2, 3)}
    assert [dict(x.payouts) for x in r.runs] == [run, run]
    assert [x.pots[0].odd_units for x in r.runs] == [odd, odd]
    assert r.settlement.pots[0].odd_units == odd + odd
    assert dict(r.payouts) == {s: 2 * v for s, v in run.items()}


def test_each_runs_part_keeps_its_pots_layer():
    # As FOUR with 3 dead: main pot 190 + 3 = 193 (the layer 0..60 with the dead money), rake 9
    # (5% of 273 is 13: 9 + 4); 184 -> 92 + 92.  Side pot 80 (the layer above 60, no top), rake 4.
    r = four(dead=3)
    assert r.parts == ((92, 92), (38, 38))
    layers = [(0, 60, 3), (60, None, 0)]
    assert [(p.amount, p.rake, (p.lower, p.upper, p.dead)) for p in r.settlement.pots] == [
        (193, 9, layers[0]), (80, 4, layers[1])]
    for run in r.runs:
        assert [(p.amount, p.rake, (p.lower, p.upper, p.dead)) for p in run.pots] == [
            (92, 0, layers[0]), (38, 0, layers[1])]
    assert dict(r.payouts) == {1: 0, 2: 92, 3: 168, 4: 30}


def test_runs_that_never_part_are_refused_not_a_stop_iteration():
    # a damaged record whose two runs are the same cards (seen by the PokerNow fuzzer): a clean error, not the
    # StopIteration a bare next() raised inside the settlement
    from pokerengine.errors import HistoryParseError
    from pokerengine.live.settling import run_cut

    assert run_cut(((1, 2, 3, 4, 5), (1, 2, 3, 6, 7))) == 3
    assert run_cut(((1, 2, 3, 4, 5), (8, 9, 10, 6, 7))) == 0
    with pytest.raises(HistoryParseError, match="same cards"):
        run_cut(((1, 2, 3, 4, 5), (1, 2, 3, 4, 5)))
