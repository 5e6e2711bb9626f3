"""Run it twice (or three times): pokerengine.runs, hand-worked cases, hostile input, and
properties against a slow oracle (docs/runs.md; notes betting.md, "Run it twice").

``POKERENGINE_HYPOTHESIS=deep pytest tests/settlement/test_runs.py -k oracle`` runs the oracle deep.
"""

from __future__ import annotations

import pathlib
import random

import pytest
from hypothesis import given, settings, strategies as st
from oracle import deal_out, high_rank, low_rank

from pokerengine import Rake, Seat, settle
from pokerengine.cards import DECK, card_text, parse_cards
from pokerengine.errors import (
    CardError,
    ChipError,
    HistoryParseError,
    IllegalActionError,
    PokerEngineError,
    SettlementInputError,
)
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand, replay_paths
from pokerengine.live import REPLAY, Hand, Options
from pokerengine.live import from_history as replay_live
from pokerengine.runs import MAX_RUNS, settle_runs
from pokerengine.strategies import hands

# -- hand-worked cases -------------------------------------------------------------------------

# Seat 1 all in for 50 with aces, seats 2 and 3 all in for 100 with kings and queens, before the
# flop; three runs.  Main pot 150 (50 x 3), side pot 100 (seats 2, 3).
THREE = [Seat(1, 50, cards="AsAd"), Seat(2, 100, cards="KsKd"), Seat(3, 100, cards="QsQd")]
THREE_RUNS = ["2c7d9hTs3c", "Kc4h8d5s2h", "Qc4c8h5d6h"]


def test_three_runs_side_pot_hand_worked():
    r = settle_runs(THREE, runs=THREE_RUNS)
    # Main pot 150 / 3 = 50 per run.  Side pot 100 = 33 x 3 + 1: the odd chip to run 1 (34/33/33).
    assert r.parts == ((50, 50, 50), (34, 33, 33))
    # Run 1 (2c7d9hTs3c): aces win the main pot (50), kings the side pot (34).
    # Run 2 (Kc4h8d5s2h): trip kings win both (50 + 33).  Run 3 (Qc4c8h5d6h): trip queens (50 + 33).
    assert [dict(run.payouts) for run in r.runs] == [{1: 50, 2: 34, 3: 0}, {1: 0, 2: 83, 3: 0},
                                                     {1: 0, 2: 0, 3: 83}]
    assert [[p.winners for p in run.pots] for run in r.runs] == [[(1,), (2,)], [(2,), (2,)], [(3,), (3,)]]
    assert dict(r.payouts) == {1: 50, 2: 117, 3: 83}
    assert dict(r.net) == {1: 0, 2: 17, 3: -17}
    # The whole hand as one Settlement: whole pots, winners and shares of every run added up.
    pots = r.settlement.pots
    assert [(p.amount, p.winners, dict(p.shares)) for p in pots] == [
        (150, (1, 2, 3), {1: 50, 2: 50, 3: 50}), (100, (2, 3), {2: 67, 3: 33})]
    assert sum(r.payouts.values()) == 250


def test_last_run_gets_the_odd_unit_when_asked():
    r = settle_runs(THREE, runs=THREE_RUNS, run_odd_unit="last")
    # Side pot 100 divided 33/33/34: run 3 (queens) gets the odd chip.
    assert r.parts == ((50, 50, 50), (33, 33, 34))
    assert dict(r.payouts) == {1: 50, 2: 116, 3: 84}


def test_rake_is_taken_once_from_the_whole_pot():
    # Heads-up, 15 each, 5%: the pot of 30 gives a rake of floor(1.5) = 1, taken before the division;
    # 29 left, 15 to run 1 (aces hold) and 14 to run 2 (kings make a set).  Raking each run's 15
    # apart would have given floor(0.75) = 0 twice.
    seats = [Seat(1, 15, cards="AsAd"), Seat(2, 15, cards="KsKd")]
    r = settle_runs(seats, board="2c7d9h", runs=["Ts3c", "Kh4d"], rake=Rake(5))
    assert r.rake == 1 and r.parts == ((15, 14),)
    assert dict(r.payouts) == {1: 15, 2: 14}
    assert [p.rake for p in r.settlement.pots] == [1]
    assert all(p.rake == 0 for run in r.runs for p in run.pots)


def test_a_tie_inside_a_run_splits_with_the_games_odd_chip_rule():
    # 10 each and 1 dead: 21 = 11 (run 1) + 10 (run 2).  Both runs make a straight on the board
    # that both seats play: run 1's 11 splits 6/5, the odd chip to seat 1 (the small blind, the
    # first seat listed); run 2's 10 splits 5/5.
    seats = [Seat(1, 10, cards="2c3d"), Seat(2, 10, cards="2d3c")]
    r = settle_runs(seats, board="9hTsJc", runs=["QdKh", "Qh8d"], dead=1)
    assert r.parts == ((11, 10),)
    assert [dict(run.payouts) for run in r.runs] == [{1: 6, 2: 5}, {1: 5, 2: 5}]
    assert [run.pots[0].odd_units for run in r.runs] == [(1,), ()]
    assert r.settlement.pots[0].odd_units == (1,)
    assert dict(r.payouts) == {1: 11, 2: 10}


def test_chip_unit_and_fragment_go_to_the_first_run():
    # 80 each in units of 25: 160 = 6 units + 10.  Two units (50) per run; the 10-chip fragment
    # goes to the next run in order, run 1: 60/50/50.  Seat 1 wins run 1, seat 2 runs 2 and 3.
    seats = [Seat(1, 80, cards="AsAd"), Seat(2, 80, cards="KsKd")]
    r = settle_runs(seats, board="2c7d9h", runs=["Ts3c", "Kh4d", "Kc5d"], chip_unit=25)
    assert r.parts == ((60, 50, 50),)
    assert dict(r.payouts) == {1: 60, 2: 100}


def test_the_uncalled_bet_comes_back_and_is_not_divided():
    # Seat 1 puts in 100, seat 2 calls all in for 40: 60 back to seat 1 (TDA 15-B), pot 80 = 40 + 40.
    seats = [Seat(1, 100, cards="AsAd"), Seat(2, 40, cards="KsKd")]
    r = settle_runs(seats, board="2c7d9h", runs=["Ts3c", "Kh4d"])
    assert dict(r.refunds) == {1: 60, 2: 0} and r.parts == ((40, 40),)
    assert dict(r.payouts) == {1: 100, 2: 40}


def test_hilo_runs_halve_each_part():
    # Omaha hi/lo, 50 each and 1 dead: 101 = 51 (run 1) + 50 (run 2).
    # Run 1 (2c5d7hKdQs): seat 2's kings win high, seat 1's 7-5-3-2-A low: 51 -> 26 high, 25 low.
    # Run 2 (2c5d7h9cQd): seat 2's 9s9h with 9c make trip nines (seat 1 has no pair and no
    # straight: J-T with Q-9-7 lacks the 8); seat 1's low 7-5-3-2-A again: 50 -> 25/25.
    # (Not 9c8d: seat 1's J-T with 9-8-7 makes a straight and scoops run 2.)
    seats = [Seat(1, 50, cards="As3sJhTc"), Seat(2, 50, cards="KhKc9s9h")]
    r = settle_runs(seats, board="2c5d7h", game="omaha-hilo", runs=["KdQs", "9cQd"], dead=1)
    assert r.parts == ((51, 50),)
    assert [dict(run.payouts) for run in r.runs] == [{1: 25, 2: 26}, {1: 25, 2: 25}]
    assert (r.settlement.pots[0].high_winners, r.settlement.pots[0].low_winners) == ((2,), (1,))


def test_everyone_else_folded_each_part_to_the_last_seat():
    # Seat 2 mucked at the showdown after the runs were dealt: no showdown, every part to seat 1.
    seats = [Seat(1, 30, cards="AsAd"), Seat(2, 30, folded=True)]
    r = settle_runs(seats, board="2c7d9h", runs=["Ts3c", "Kh4d"])
    assert [dict(run.payouts) for run in r.runs] == [{1: 30, 2: 0}, {1: 30, 2: 0}]


def test_one_run_equals_settle():
    seats = THREE
    whole = settle(seats, board=THREE_RUNS[0])
    assert settle_runs(seats, runs=[THREE_RUNS[0]]).settlement == whole
    assert settle_runs(seats, board=THREE_RUNS[0][:6], runs=[THREE_RUNS[0][6:]]).settlement == whole


def test_json_and_explain():
    r = settle_runs(THREE, runs=THREE_RUNS)
    out = r.to_json()
    assert out["payouts"] == {"1": 50, "2": 117, "3": 83}
    assert [run["board"][0] for run in out["runs"]] == ["2c", "Kc", "Qc"]
    assert out["runs"][0]["pots"][1] == {"amount": 34, "winners": [2], "shares": {"2": 34}, "odd_units": []}
    text = r.explain()
    assert "Side pot 1: 100 chips, eligible seats 2, 3; runs get 34 + 33 + 33" in text
    assert "Run 3, board Qc 4c 8h 5d 6h" in text and "Seat 2: put in 100, gets 117, net +17" in text


# -- hostile input ------------------------------------------------------------------------------

HU = [Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")]


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"runs": []}, SettlementInputError, "1 to 3 times, got 0"),
        ({"runs": ["2c7d9hTs3c", "2h7h9dTc3d", "4c5c6c8c9c", "4d5d6d8d9d"]}, SettlementInputError,
         "got 4 runs"),
        ({"runs": ["Ts"] * 10**6}, SettlementInputError, "got 1,000,000 runs"),
        ({"runs": "2c7d9hTs3c"}, SettlementInputError, "must be a list"),
        ({"runs": None}, SettlementInputError, "must be a list"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "Ts4d"]}, CardError, "Ts is used twice"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "Ad4d"]}, CardError, "Ad is used twice"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "2c4d"]}, CardError, "2c is used twice"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "4d"]}, CardError, "run 2 makes a board of 4 cards"),
        ({"board": "2c7d9h", "runs": ["Ts", "4d"]}, CardError, "run 1 makes a board of 4 cards"),
        ({"board": "2c7d9hTs3c", "runs": ["", ""]}, CardError, "run 1 deals no card"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "4d5d"], "run_odd_unit": "random"}, SettlementInputError,
         "unknown run_odd_unit"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "x"]}, CardError, "cards are two characters"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "4d" * 10**6]}, CardError, "too long"),
        ({"board": "2c7d9h", "runs": ["Ts3c", 7]}, CardError, "cards must be text"),
        ({"board": "2c7d9h", "runs": (r for r in ["Ts3c", "4d5d"])}, SettlementInputError, "must be a list"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "4d5d"], "dead": -1}, ChipError, "dead money"),
        ({"board": "2c7d9h", "runs": ["Ts3c", "4d5d"], "game": "nope"}, SettlementInputError, "unknown game"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(kwargs, error, words):
    with pytest.raises(error, match=words):
        settle_runs(HU, **kwargs)


def test_a_game_given_as_a_game_value():
    from pokerengine.games import GAMES, Game

    own = Game("my-holdem", (2,), (5,), GAMES["holdem"].high)  # not registered in GAMES
    r = settle_runs(THREE, runs=THREE_RUNS, game=own)
    assert dict(r.payouts) == {1: 50, 2: 117, 3: 83} and r.settlement.game == "my-holdem"


def test_a_game_without_a_board_is_not_run_twice():
    seats = [Seat(1, 10, cards="AsAdAhKsKd"), Seat(2, 10, cards="2c3c4c5c7d")]
    with pytest.raises(SettlementInputError, match="deuce-to-seven has no board"):
        settle_runs(seats, game="deuce-to-seven", runs=["", ""])
    assert MAX_RUNS == 3


# -- properties ---------------------------------------------------------------------------------


@st.composite
def run_hands(draw, games=("holdem", "omaha", "omaha-hilo"), runs=(1, 2, 3)):
    """settle() keyword arguments with the board cut where the runs begin, and ``runs``."""
    hand = draw(hands(games=games, max_seats=6, showdown=True))
    n = draw(st.sampled_from(runs))
    board = parse_cards(hand["board"])
    cut = draw(st.sampled_from((0, 3, 4)))
    used = set(board).union(*(s.cards for s in hand["seats"]))
    rest = draw(st.permutations([c for c in DECK if c not in used]))
    size = 5 - cut
    hand["board"] = board[:cut]
    hand["runs"] = [board[cut:]] + [tuple(rest[k * size:(k + 1) * size]) for k in range(n - 1)]
    return hand


def oracle_runs(hand):
    """Payouts for a hand run len(runs) times, the slow way: one-chip layers for the pots, each pot
    dealt out to the runs a unit at a time from run 1, each part dealt out to its best hands."""
    seats, unit = hand["seats"], hand["chip_unit"]
    game = hand["game"]
    order = [s.seat for s in seats]
    put = {s.seat: s.contributed for s in seats}
    live = [s.seat for s in seats if not s.folded]
    paid = dict.fromkeys(order, 0)
    top = max(put.values())
    toppers = [s for s in order if put[s] == top]
    if len(toppers) == 1:  # the lone top's uncalled excess is its own, live or folded (TDA 15-B)
        second = max(put[s] for s in order if s != toppers[0])
        paid[toppers[0]] += top - second
        put[toppers[0]] = second
    pots = []  # [eligible, chips], merged as they are built
    for h in range(1, max(put.values()) + 1):
        eligible = frozenset(s for s in live if put[s] >= h)
        chips = sum(1 for s in order if put[s] >= h)
        if not eligible:  # chips no live seat matched join the highest pot (all live seats' if none)
            if not pots:
                pots.append([frozenset(live), 0])
            pots[-1][1] += chips
        elif pots and pots[-1][0] == eligible:
            pots[-1][1] += chips
        else:
            pots.append([eligible, chips])
    if hand["dead"]:
        if pots and pots[0][0] == frozenset(live):
            pots[0][1] += hand["dead"]
        else:
            pots.insert(0, [frozenset(live), hand["dead"]])
    start = hand["small_blind"]
    if hand["odd_chip"] == "left_of_button":
        start = order[(order.index(hand["button"]) + 1) % len(order)]
    ring = order[order.index(start):] + order[:order.index(start)]
    cards = {s.seat: [card_text(c) for c in s.cards] for s in seats}
    boards = [[card_text(c) for c in hand["board"] + tuple(r)] for r in hand["runs"]]
    kind = "holdem" if game == "holdem" else "omaha"

    def best(eligible, key):
        ranked = {s: key(s) for s in eligible}
        low = min(ranked.values())
        return [s for s in ring if s in eligible and ranked[s] == low]

    for eligible, amount in pots:
        parts = deal_out(amount, list(range(len(boards))), unit)
        for k, board in enumerate(boards):
            part = parts[k]
            high = best(eligible, lambda s: high_rank(kind, cards[s], board))
            shares = deal_out(part, high, unit)
            if game == "omaha-hilo":
                lows = {s: low_rank(cards[s], board) for s in eligible}
                qualified = [s for s in eligible if lows[s] is not None]
                if qualified:
                    low_part = part // unit // 2 * unit
                    shares = deal_out(part - low_part, high, unit)
                    for s, v in deal_out(low_part, best(qualified, lows.__getitem__), unit).items():
                        shares[s] = shares.get(s, 0) + v
            for s, v in shares.items():
                paid[s] += v
    return paid


@given(run_hands(runs=(2, 3)))
def test_runs_agree_with_the_oracle(hand):
    r = settle_runs(**hand)
    assert dict(r.payouts) == oracle_runs(hand)


@given(run_hands(runs=(1,)))
def test_one_run_is_settle_exactly(hand):
    r = settle_runs(**hand)
    runs = hand.pop("runs")
    hand["board"] = hand["board"] + tuple(runs[0])
    assert r.settlement == settle(**hand)
    assert r.settlement.pots == settle(**hand).pots


@given(run_hands(), st.sampled_from((None, Rake(5), Rake("10", cap=7))), st.sampled_from(("first", "last")))
def test_chips_are_conserved_run_by_run(hand, rake, odd):
    r = settle_runs(**hand, rake=rake, run_odd_unit=odd)
    put = sum(s.contributed for s in hand["seats"]) + hand["dead"]
    assert sum(r.payouts.values()) + r.rake == put
    # The rake is the whole hand's, as settle() takes it; each pot less its rake is divided exactly,
    # as evenly as the chip unit allows, and each run pays out exactly its parts.
    whole = settle(**{**{k: v for k, v in hand.items() if k != "runs"},
                      "board": hand["board"] + tuple(hand["runs"][0])}, rake=rake)
    assert r.rake == whole.rake and dict(r.refunds) == dict(whole.refunds)
    unit = hand["chip_unit"]
    for p, parts in zip(r.settlement.pots, r.parts):
        assert sum(parts) == p.amount - p.rake
        assert max(parts) - min(parts) < 2 * unit
    for k, run in enumerate(r.runs):
        assert sum(run.payouts.values()) == sum(parts[k] for parts in r.parts)
        assert [p.amount for p in run.pots] == [parts[k] for parts in r.parts]
    firsts = [parts[0] - parts[-1] for parts in r.parts]
    assert all(d >= 0 for d in firsts) if odd == "first" else all(d <= 0 for d in firsts)


# -- PHH: hands run more than once (user field _run_count) --------------------------------------

RUNS_DIR = pathlib.Path(__file__).parents[1] / "phh_runs"
TWICE = (RUNS_DIR / "run-twice-preflop.phh").read_text()


def test_the_hand_worked_phh_fixtures_replay_to_their_finishing_stacks():
    summary = replay_paths([str(RUNS_DIR)])
    assert (summary.hands, summary.matched, summary.mismatched, summary.errors) == (2, 2, [], [])


def test_replay_cli_on_the_fixtures():
    from pokerengine.cli import main

    assert main(["replay", str(RUNS_DIR)]) == 0


def test_each_run_settles_on_its_own_board_in_a_replay():
    r = replay_hand(loads(TWICE))
    assert r.finishing_stacks == (100, 100) and r.status == "matched"
    assert r.outcome.runs[1][:3] != r.outcome.runs[0][:3]  # all in before the flop: nothing shared
    # Read as a hand run once, the same actions deal a second board nobody asked for.
    once = TWICE.replace("_run_count = 2", "")
    with pytest.raises(IllegalActionError, match=r"actions\[9\] 'd db 4h8dKc': no board cards are dealt now"):
        replay_hand(loads(once))


def test_written_and_read_back():
    hand = loads(TWICE)
    assert hand.run_count == 2 and dict(hand.user_fields) == {"_run_count": 2}
    text = dumps(hand)
    assert "_run_count = 2" in text
    again = loads(text)
    assert again == hand and replay_hand(again).finishing_stacks == (100, 100)


@pytest.mark.parametrize(
    ("old", "new", "error", "words"),
    [
        ("_run_count = 2", "_run_count = 4", HistoryParseError, "_run_count must be 1, 2 or 3, got 4"),
        ("_run_count = 2", "_run_count = 0", HistoryParseError, "_run_count must be 1, 2 or 3, got 0"),
        ("_run_count = 2", '_run_count = "2"', HistoryParseError, "_run_count must be 1, 2 or 3, got '2'"),
        ("_run_count = 2", "_run_count = true", HistoryParseError, "_run_count must be 1, 2 or 3, got True"),
        ("_run_count = 2", "_run_count = 2.0", HistoryParseError, "_run_count must be 1, 2 or 3, got 2.0"),
        # The second run is not dealt, or only in part.
        ('"d db 4h8dKc", "d db 5s", "d db 6c",', "", IllegalActionError, "run 2 of 2 is not dealt"),
        ('"d db 6c",', "", IllegalActionError, "run 2 of 2 is not dealt"),
        # A third run when two were agreed.
        ('"d db 6c",', '"d db 6c", "d db 6d",', IllegalActionError, "every run is dealt"),
        # One deck for every run: a card of run 1 cannot come again in run 2.
        ('"d db 4h8dKc"', '"d db 4h8dTs"', IllegalActionError, "Ts has already been dealt"),
        ('"d db 4h8dKc"', '"d db 4h8dAs"', IllegalActionError, "As has already been dealt"),
        # Run 2 is dealt street by street, as run 1 was.
        ('"d db 4h8dKc", "d db 5s"', '"d db 4h8dKc5s"', IllegalActionError, "run 2 deals 3 board card"),
        ('"d db 4h8dKc"', '"d db 4h8d??"', IllegalActionError, "board cards must be known"),
    ],
)
def test_bad_runs_in_a_history_are_refused(old, new, error, words):
    assert old in TWICE
    with pytest.raises(error, match=words):
        replay_hand(loads(TWICE.replace(old, new)))


def test_run_count_needs_an_all_in_before_the_board_is_complete():
    # Checked down to the river, 2 each, nobody all in: there is nothing to run again (aces win 4).
    text = TWICE.replace('"p2 cbr 100", "p1 cc",', '"p2 cc", "p1 cc",').replace(
        '"d db 2c7d9h", "d db Ts", "d db 3c",', '"d db 2c7d9h", "p1 cc", "p2 cc", "d db Ts", "p1 cc", "p2 cc", '
        '"d db 3c", "p1 cc", "p2 cc",').replace('"p1 sm AsAd", "p2 sm KsKd",', "")
    text = text.replace('"d db 4h8dKc", "d db 5s", "d db 6c",', '"p1 sm AsAd", "p2 sm KsKd",')
    text = text.replace("finishing_stacks = [100, 100]", "finishing_stacks = [102, 98]")
    with pytest.raises(IllegalActionError, match="not all in before the board was complete"):
        replay_hand(loads(text))
    assert replay_hand(loads(text.replace("_run_count = 2", ""))).status == "matched"


def test_a_game_without_a_board_cannot_be_run_twice_in_phh():
    text = '''variant = "F7S"
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [10, 10]
actions = []
_run_count = 2'''
    with pytest.raises(HistoryParseError, match="seven card stud has no board|has no board"):
        replay_hand(loads(text))


@st.composite
def shoves(draw):
    """A three-handed PHH hand: p3 (the button, the deepest) moves in, both blinds call all in for less,
    and the board is run 1 to 3 times; with the expected settle() keyword arguments."""
    s1, s2 = draw(st.integers(3, 200)), draw(st.integers(3, 200))
    s3 = draw(st.integers(max(s1, s2, 4), 300))
    n = draw(st.integers(1, 3))
    deck = [card_text(c) for c in draw(st.permutations(DECK))]
    holes, boards = [deck[0:2], deck[2:4], deck[4:6]], [deck[6 + 5 * k:11 + 5 * k] for k in range(n)]
    actions = [f"d dh p{i + 1} {''.join(h)}" for i, h in enumerate(holes)]
    actions += [f"p3 cbr {s3}", "p1 cc", "p2 cc"]
    for b in boards:
        actions += [f"d db {''.join(b[:3])}", f"d db {b[3]}", f"d db {b[4]}"]
    text = "\n".join([
        'variant = "NT"', "antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]", "min_bet = 2",
        f"starting_stacks = [{s1}, {s2}, {s3}]", f"actions = {actions!r}".replace("'", '"'),
        *([f"_run_count = {n}"] if n > 1 else []),
    ])
    seats = [Seat(i + 1, s, cards="".join(h)) for i, (s, h) in enumerate(zip((s1, s2, s3), holes))]
    hand = {"seats": seats, "game": "holdem", "board": (), "runs": [parse_cards("".join(b)) for b in boards],
            "small_blind": 1, "button": 3, "chip_unit": 1, "odd_chip": "small_blind", "dead": 0}
    return text, (s1, s2, s3), hand


@given(shoves())
def test_phh_runs_replay_as_the_oracle_settles_them(case):
    text, _, hand = case
    r = replay_hand(loads(text))
    paid = oracle_runs(hand)
    assert r.finishing == tuple(paid[i + 1] for i in range(3))  # each put in the whole stack
    assert r.outcome.runs == (tuple(tuple(hand["runs"][k]) for k in range(len(hand["runs"]))) if len(hand["runs"]) > 1
                              else ())


# -- the live Hand (Hand.run_it): active once the integration in the report is applied to live/ --

live = pytest.mark.skipif(not hasattr(Hand, "run_it"), reason="Hand.run_it not applied to pokerengine/live yet")


def _allin_preflop(**kw):
    # Heads-up, seat 2 the button posts the small blind (TDA 34) and moves in; seat 1 calls.
    h = Hand("NT", {1: 100, 2: 100}, button=2, blinds=(1, 2), **kw)
    h.raise_to(2, 100)
    h.call(1)
    return h


@live
def test_live_manual_run_twice_hand_worked():
    h = Hand("NT", {1: 100, 2: 100}, button=2, blinds=(1, 2), manual=True)
    h.deal_hole(1, "AsAd")
    h.deal_hole(2, "KsKd")
    h.raise_to(2, 100)
    h.call(1)
    assert h.can_run_it()
    h.run_it(2)
    assert not h.can_run_it()
    for cards in ("2c7d9h", "Ts", "3c"):  # run 1: aces hold
        h.deal_board(cards)
    assert not h.over and h.owed == ({}, 3)
    with pytest.raises(IllegalActionError, match="run 2 deals 3 board card"):
        h.deal_board("4h")
    with pytest.raises(IllegalActionError):
        h.deal_board("Ts8dKc")  # Ts is out already: one deck for every run
    before = h.snapshot()
    assert h.snapshot() == before
    for cards in ("4h8dKc", "5s", "6c"):  # run 2: three kings
        h.deal_board(cards)
    assert h.over
    # 200 chips, 100 per run: one run each.
    assert dict(h.settlement.payouts) == {1: 100, 2: 100}
    r = h.run_settlement
    assert r is not None and [dict(run.payouts) for run in r.runs] == [{1: 100, 2: 0}, {1: 0, 2: 100}]
    record = h.history()
    assert record.run_count == 2 and "_run_count = 2" in dumps(record)
    assert replay_hand(loads(dumps(record))).finishing == (100, 100)
    assert replay_live(record, REPLAY).final_stacks == {1: 100, 2: 100}


@live
def test_live_own_deck_deals_the_further_runs_from_the_same_deck():
    for seed in range(30):
        h = _allin_preflop(rng=random.Random(seed))
        assert h.over and h.can_run_it()
        out = h.run_it(3)
        assert len(out) == 6 and h.runs == 3  # flop, turn, river twice more
        r = h.run_settlement
        assert len({c for b in r.boards for c in b}) == 15  # no card twice across the runs
        assert sum(h.settlement.payouts.values()) == 200
        assert sum(h.final_stacks.values()) == 200
        assert replay_hand(h.history()).finishing == tuple(h.final_stacks[s] for s in (1, 2))


@live
def test_live_run_it_is_refused_when_it_cannot_happen():
    h = Hand("NT", {1: 100, 2: 100}, button=2, blinds=(1, 2), rng=random.Random(1))
    with pytest.raises(IllegalActionError, match="only when nobody can bet any more"):
        h.run_it(2)  # betting is open
    h = _allin_preflop(rng=random.Random(1))
    with pytest.raises(PokerEngineError, match="1 to 3 times, got 4"):
        h.run_it(4)
    before = h.snapshot()
    h.settlement  # read: the hand ran once
    with pytest.raises(IllegalActionError, match="chosen once"):
        h.run_it(2)
    assert h.snapshot() == before


@settings(max_examples=40)
@given(shoves())
def test_pokerkit_agrees_but_for_the_remainder_of_a_three_way_division(case):
    """PokerKit 0.7.7 (if installed) on the same shoves: the same finishing stacks, except where a
    pot less rake divided into three runs leaves two chips over (PokerKit gives both to run 1, we
    give one each to runs 1 and 2: docs/runs.md, "Differences from PokerKit"), or where a run's tie among
    three leaves two odd chips (PokerKit gives both to the first winner, we one each clockwise from the
    small blind: docs/live-differences.md); those are skipped."""
    pk = pytest.importorskip("pokerkit", reason='PokerKit is not installed (pip install -e ".[test]")')
    text, stacks, hand = case
    ours = settle_runs(**hand)
    n = len(hand["runs"])
    if n == 3 and any(p.amount % 3 == 2 for p in ours.settlement.pots):
        return  # the known, documented difference
    if any(len(part.winners) > 2 and part.amount % len(part.winners) > 1 for run in ours.runs for part in run.pots):
        return  # a run's tie among 3 leaving 2 odd chips: PokerKit gives both to the first winner (live-differences.md)
    auto = pk.Automation
    state = pk.NoLimitTexasHoldem.create_state(
        (auto.ANTE_POSTING, auto.BET_COLLECTION, auto.BLIND_OR_STRADDLE_POSTING, auto.HOLE_CARDS_SHOWING_OR_MUCKING,
         auto.HAND_KILLING, auto.CHIPS_PUSHING, auto.CHIPS_PULLING), True, 0, (1, 2), 2, stacks, 3,
        mode=pk.Mode.CASH_GAME)
    for s in hand["seats"]:
        state.deal_hole("".join(card_text(c) for c in s.cards))
    state.complete_bet_or_raise_to(stacks[2])
    state.check_or_call()
    state.check_or_call()
    while state.can_select_runout_count():
        state.select_runout_count(n)
    for run in hand["runs"]:
        for cards in (run[:3], run[3:4], run[4:]):
            if state.can_burn_card():
                state.burn_card("??")
            state.deal_board("".join(card_text(c) for c in cards))
    assert tuple(state.stacks) == tuple(ours.payouts[i + 1] for i in range(3))


def test_live_run_odd_unit_is_a_house_option():
    # Heads-up, both all-in for 200: a pot of 400 run three times is 133 a run and one unit over,
    # which goes to the first run by default and to the last with Options(run_odd_unit="last").
    got = {}
    for rule in ("first", "last"):
        hand = Hand("NT", [200, 200], blinds=(1, 2), rng=random.Random(7), options=Options(run_odd_unit=rule))
        hand.raise_to(2, 200)
        hand.call(1)
        hand.run_it(3)
        got[rule] = [sum(run.payouts.values()) for run in hand.run_settlement.runs]
        assert sum(hand.final_stacks.values()) == 400
    assert got == {"first": [134, 133, 133], "last": [133, 133, 134]}
    with pytest.raises(PokerEngineError, match="run_odd_unit must be one of first, last"):
        Options(run_odd_unit="middle")
