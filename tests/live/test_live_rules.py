"""Hand-worked cases for each betting rule of the live engine (docs/live.md, shared notes betting.md).

Seats are 1..n with the button on the last seat, so seat k is PHH's ``pk`` and the actions below
read as PHH.  Each test plays a situation worked out by hand and checks the legal amounts, the
refusal (naming its rule) and what the hand does next.
"""

from __future__ import annotations

import random

import pytest

from pokerengine.errors import IllegalActionError
from pokerengine.phh import loads, dumps
from pokerengine.replay import replay_hand
from pokerengine.live import REPLAY, Hand, Options, RaiseRange, from_history


def play(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand.play(a)
    return hand


def refused(hand: Hand, action: str, *words: str) -> None:
    """``action`` is refused with a message holding ``words``, and the hand is unchanged."""
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as err:
        hand.play(action)
    for w in words:
        assert w in str(err.value), str(err.value)
    assert hand.snapshot() == before


def nl(stacks, **kw) -> Hand:
    kw.setdefault("rng", random.Random(0))
    return Hand("NT", stacks, **kw)


# -- TDA 43: minimum bet and raise ----------------------------------------------------------------

def test_tda43_addendum_example_4a_raises_grow_with_the_largest_raise():
    # Blinds 25/50: A raises to 125 (75), B to 200 (75), C to 500 (300): D must make it 800.
    hand = nl([5000] * 6, blinds=(25, 50))
    play(hand, "p3 cbr 125", "p4 cbr 200", "p5 cbr 500")
    assert hand.legal_actions().raise_to == RaiseRange(800, 5000)
    refused(hand, "p6 cbr 799", "TDA 43", "at least 800")
    play(hand, "p6 cbr 800")
    assert hand.legal_actions().raise_to.min_to == 1100


def test_tda43_smallest_opening_bet_is_the_big_blind():
    hand = nl([1000] * 3, blinds=(50, 100))
    play(hand, "p3 cc", "p1 cc", "p2 cc")  # to the flop
    assert hand.street_name == "flop"
    assert hand.legal_actions().raise_to == RaiseRange(100, 900)
    refused(hand, "p1 cbr 99", "TDA 43", "smallest bet is 100")
    play(hand, "p1 cbr 100")


def test_tda43_all_in_for_less_is_always_allowed():
    hand = nl([1000, 1000, 450], blinds=(50, 100))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cbr 100", "p2 cbr 300")  # a raise of 200: the next is to 500 at least
    legal = hand.legal_actions()
    assert legal.call == 300 and legal.raise_to == RaiseRange(350, 350)  # p3 has 350: all-in for less
    refused(hand, "p3 cbr 340", "TDA 43", "or all-in")
    play(hand, "p3 cbr 350")
    assert hand.legal_actions().seat == 1 and hand.legal_actions().raise_to is not None  # p1 faces 250: reopened


def test_straddle_is_the_full_bet_pre_flop_live_but_not_in_replay():
    # 1/2 with a straddle of 4: live, the minimum raise is to 8 (the straddle is the full bet);
    # the PHH replayer (PokerKit) allows a raise of min_bet, to 6.
    live = nl([200] * 4, blinds=(1, 2), straddles=(4,))
    assert live.to_act == 4
    assert live.legal_actions().raise_to == RaiseRange(8, 200)
    refused(live, "p4 cbr 6", "TDA 43")
    rep = nl([200] * 4, blinds=(1, 2), straddles=(4,), options=REPLAY)
    assert rep.legal_actions().raise_to == RaiseRange(6, 200)


# -- TDA 47-A: short all-ins ----------------------------------------------------------------------

def addendum_hand() -> Hand:
    """TDA addendum, rule 47 example 1: blinds 50/100; five players see the flop for 100 each.
    B (p2) has 125 left, D (p4) 200."""
    hand = nl([2000, 225, 2000, 300, 2000], blinds=(50, 100))
    play(hand, "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc")
    assert hand.street_name == "flop" and hand.to_act == 1
    return hand


def test_tda47a_addendum_short_all_ins_that_add_up_to_a_full_raise_reopen():
    hand = addendum_hand()
    # A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    play(hand, "p1 cbr 100", "p2 cbr 125", "p3 cc", "p4 cbr 200", "p5 cc")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 100
    assert legal.raise_to == RaiseRange(300, 1900)  # reopened; the minimum raise is still 100 (TDA 43)
    play(hand, "p1 cc")
    # C faces only 75 more since calling 125: not a full raise, so C may only call or fold.
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.call == 75 and legal.raise_to is None
    assert "TDA 47-A" in legal.no_raise
    refused(hand, "p3 cbr 400", "TDA 47-A")
    play(hand, "p3 cc")
    # The record replays through the PHH replayer too, to the same stacks.
    hand2 = addendum_hand()
    play(hand2, "p1 cbr 100", "p2 cbr 125", "p3 cc", "p4 cbr 200", "p5 cc", "p1 cbr 300")
    assert hand2.to_act == 3 and hand2.legal_actions().raise_to is not None  # a full raise reopens for C


def test_tda47a_one_short_all_in_does_not_reopen():
    hand = addendum_hand()
    play(hand, "p1 cbr 100", "p2 cbr 125", "p3 cc", "p4 cc", "p5 cc")
    legal = hand.legal_actions()  # back to A: 25 more is not a full raise
    assert legal.seat == 1 and legal.call == 25 and legal.raise_to is None
    refused(hand, "p1 cbr 400", "TDA 47-A", "25 more")


def test_tda47a_a_player_yet_to_act_may_raise_a_short_all_in():
    hand = addendum_hand()
    play(hand, "p1 cbr 100", "p2 cbr 125")
    assert hand.legal_actions().raise_to == RaiseRange(225, 1900)  # 125 + a full raise of 100


def test_tda47a_incomplete_all_in_bet_does_not_reopen_for_a_checker():
    # Post-flop, A checks, B bets all-in 60 (less than the big blind of 100): A may only call or fold.
    hand = nl([1000, 160, 1000], blinds=(50, 100))
    play(hand, "p3 cc", "p1 cc", "p2 cc", "p1 cc", "p2 cbr 60", "p3 cc")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 60 and legal.raise_to is None
    assert "TDA 47-A" in legal.no_raise


# -- TDA 47-B: fixed limit, half a bet -------------------------------------------------------------

def limit_flop(stack_b: int) -> Hand:
    """Fixed-limit hold'em 50/100 (small bet 100): three players see the flop for 100; p2 has
    ``stack_b`` left."""
    hand = Hand("FT", [2000, 100 + stack_b, 2000], blinds=(50, 100), rng=random.Random(0))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.street_name == "flop"
    return hand


def test_tda47b_all_in_of_half_a_bet_reopens():
    hand = limit_flop(150)
    play(hand, "p1 cbr 100", "p2 cbr 150", "p3 cc")  # an all-in raise of 50: half a bet
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 50 and legal.raise_to == RaiseRange(250, 250)
    play(hand, "p1 cbr 250")


def test_tda47b_all_in_of_less_than_half_a_bet_does_not_reopen():
    hand = limit_flop(140)
    play(hand, "p1 cbr 100", "p2 cbr 140")  # 40: less than half a bet
    assert hand.legal_actions().raise_to == RaiseRange(240, 240)  # p3 has not acted: may raise
    play(hand, "p3 cc")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.raise_to is None and "TDA 47-B" in legal.no_raise
    refused(hand, "p1 cbr 240", "TDA 47-B")


def test_tda47b_reopening_is_accepted_by_the_phh_replayer_which_plays_through_the_engine():
    # PokerKit needs a full raise to reopen in fixed limit; the replayer plays through the engine's
    # replay mode, which accepts both rule books: the record of this TDA 47-B reopening replays to the
    # same stacks.
    hand = limit_flop(150)
    play(hand, "p1 cbr 100", "p2 cbr 150", "p3 cc", "p1 cbr 250", "p3 cc")
    while not hand.over:
        legal = hand.legal_actions()
        hand.show(legal.seat) if legal.show else hand.check_or_call(legal.seat)
    record = loads(dumps(hand.history()))
    final = tuple(hand.final_stacks.values())
    assert replay_hand(record).finishing == final
    assert tuple(from_history(record).final_stacks.values()) == final


def test_fixed_limit_amounts_are_exact():
    hand = limit_flop(1000)
    refused(hand, "p1 cbr 150", "fixed limit", "exactly 100")
    play(hand, "p1 cbr 100")
    assert hand.legal_actions().raise_to == RaiseRange(200, 200)
    play(hand, "p2 cc", "p3 cc")
    assert hand.street_name == "turn"
    assert hand.legal_actions().raise_to == RaiseRange(200, 200)  # the big bet


# -- fixed-limit cap --------------------------------------------------------------------------------

def test_fixed_limit_cap_is_a_bet_and_three_raises():
    hand = limit_flop(5000)
    play(hand, "p1 cbr 100", "p2 cbr 200", "p3 cbr 300", "p1 cbr 400")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 200 and legal.raise_to is None
    assert "no more raises" in legal.no_raise
    refused(hand, "p2 cbr 500", "no more raises")


def test_fixed_limit_cap_pre_flop_counts_the_big_blind_as_the_bet():
    # 50/100 fixed limit, three players: the big blind (100) is the bet; raises to 200, 300 and 400
    # are the three raises: the small blind may only call 300 more or fold.  Replay mode follows
    # PokerKit (the records): four raises on top of the blind, so a raise to 500 is still offered.
    def raised(options: Options) -> Hand:
        hand = Hand("FT", [5000, 5000, 5000], blinds=(50, 100), rng=random.Random(0), options=options)
        return play(hand, "p3 cbr 200", "p1 cbr 300", "p2 cbr 400")

    hand = raised(Options())
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.raise_to is None and legal.call == 200
    refused(hand, "p3 cbr 500", "no more raises")
    assert raised(REPLAY).legal_actions().raise_to == RaiseRange(500, 500)
    # a straddle is a raise: blinds 50/100 and a straddle of 200, then raises to 300 and 400 cap it
    hand = Hand("FT", [5000] * 4, blinds=(50, 100), straddles=(200,), rng=random.Random(0))
    play(hand, "p4 cbr 300", "p1 cbr 400")
    assert hand.legal_actions().raise_to is None


def test_fixed_limit_cap_lifted_heads_up_when_the_house_says_so():
    def heads_up(options: Options) -> Hand:
        hand = Hand("FT", [5000, 5000, 5000], blinds=(50, 100), rng=random.Random(0), options=options)
        return play(hand, "p3 f", "p1 cc", "p2 cc", "p1 cbr 100", "p2 cbr 200", "p1 cbr 300", "p2 cbr 400")

    capped = heads_up(Options())
    assert capped.legal_actions().raise_to is None
    uncapped = heads_up(Options(cap_heads_up=False))
    assert uncapped.legal_actions().raise_to == RaiseRange(500, 500)
    play(uncapped, "p1 cbr 500", "p2 cbr 600")


# -- pot limit ----------------------------------------------------------------------------------------

def test_pot_limit_maximum_is_the_pot_after_calling():
    hand = Hand("PO", [1000] * 4, blinds=(1, 2), rng=random.Random(0))
    # UTG: pot 3, call 2 makes 5, raise 5: to 7.
    assert hand.legal_actions().raise_to == RaiseRange(4, 7)
    refused(hand, "p3 cbr 8", "pot limit", "at most to 7")
    play(hand, "p3 cbr 7")
    # Button: pot 10, call 7 makes 17: to 24.
    assert hand.legal_actions().raise_to == RaiseRange(12, 24)
    play(hand, "p4 cbr 24")
    # Small blind (1 in): pot 34, call 23 makes 57: to 24 + 57 = 81.
    assert hand.legal_actions().raise_to == RaiseRange(41, 81)


def test_pot_limit_maximum_after_the_flop():
    hand = Hand("PO", [1000] * 3, blinds=(5, 10), rng=random.Random(0))
    play(hand, "p3 cc", "p1 cc", "p2 cc")  # pot 30
    assert hand.legal_actions().raise_to == RaiseRange(10, 30)
    play(hand, "p1 cbr 30")
    assert hand.legal_actions().raise_to == RaiseRange(60, 120)  # pot 60, call 30: 90 more


# -- turn order -----------------------------------------------------------------------------------------

def test_heads_up_button_posts_small_blind_acts_first_pre_flop_and_last_after_tda34():
    hand = Hand("NT", {3: 100, 7: 100}, button=7, blinds=(1, 2), rng=random.Random(0))
    assert hand.contributed == {3: 2, 7: 1}  # the button (seat 7) posts the small blind
    assert hand.to_act == 7
    hand.call(7)
    assert hand.to_act == 3  # the big blind's option
    hand.check(3)
    assert hand.street_name == "flop" and hand.to_act == 3  # the button acts last after the flop
    hand.check(3)
    assert hand.to_act == 7


def test_dead_button_and_seat_order():
    # Seats 2, 5, 9 and the button on empty seat 4: seat 5 is the small blind, 9 the big blind.
    hand = Hand("NT", {2: 100, 5: 100, 9: 100}, button=4, blinds=(1, 2), rng=random.Random(0))
    assert hand.seats == (5, 9, 2)
    assert hand.contributed == {5: 1, 9: 2, 2: 0}
    assert hand.to_act == 2
    # No small blind this hand (the big blind busted last hand): blinds by seat.
    hand = Hand("NT", {2: 100, 5: 100, 9: 100}, button=2, blinds={9: 2}, rng=random.Random(0))
    assert hand.contributed == {5: 0, 9: 2, 2: 0}
    assert hand.to_act == 2  # first after the big blind


def test_players_who_cannot_be_bet_against_do_not_act():
    # The big blind covers everyone and the others go all-in below it: no decision for the big blind.
    hand = nl([50, 500, 40], blinds=(10, 20))
    play(hand, "p3 cbr 40", "p1 cbr 50")
    assert hand.to_act == 2  # must still answer 50
    play(hand, "p2 cc")
    assert hand.over


# -- forced bets --------------------------------------------------------------------------------------

def test_big_blind_ante_short_posts_the_blind_first_tda_2024():
    stacks = [1000, 250, 1000]
    live = Hand("NT", stacks, blinds=(100, 200), big_blind_ante=200, rng=random.Random(0))
    assert live.contributed == {1: 100, 2: 250, 3: 0}
    assert live.bets == {1: 100, 2: 200, 3: 0}  # the blind is live: 200
    assert live.antes == (0, 50, 0)
    rep = Hand("NT", stacks, blinds=(100, 200), big_blind_ante=200, rng=random.Random(0), options=REPLAY)
    assert rep.bets == {1: 100, 2: 50, 3: 0} and rep.antes == (0, 200, 0)  # the PHH order: ante first
    # The live hand's record reads back the same through the PHH replayer.
    play(live, "p3 cc", "p1 cc")
    while not live.over:
        legal = live.legal_actions()
        live.show(legal.seat) if legal.show else live.check_or_call(legal.seat)
    assert replay_hand(loads(dumps(live.history()))).finishing == tuple(live.final_stacks.values())


def test_big_blind_ante_is_dead_money():
    hand = Hand("NT", [1000] * 3, blinds=(100, 200), big_blind_ante=200, rng=random.Random(0))
    play(hand, "p3 f", "p1 f")
    assert hand.over
    s = hand.settlement
    assert s.dead == 200 and hand.final_stacks == {1: 900, 2: 1100, 3: 1000}


def test_big_blind_ante_goes_to_the_big_blind_not_the_straddle():
    hand = Hand("NT", [1000] * 4, blinds=(1, 2), straddles=(4,), big_blind_ante=2, rng=random.Random(0))
    assert hand.antes == (0, 2, 0, 0) and hand.bets == {1: 1, 2: 2, 3: 4, 4: 0}


def test_antes_short_stack_posts_what_it_has():
    hand = Hand("NT", [1000, 1000, 5], blinds=(10, 20), ante=10, rng=random.Random(0))
    assert hand.antes == (10, 10, 5)
    assert hand.to_act == 1  # p3 is all-in from the ante: the small blind opens after the big blind
    assert hand.pot == 55


# -- all-in run-out and showdown ------------------------------------------------------------------------

def test_all_in_run_out_shows_hands_and_deals_the_board():
    hand = nl([100, 100, 100], blinds=(1, 2))
    play(hand, "p3 cbr 100", "p1 cc", "p2 f")
    assert hand.over and len(hand.board) == 10
    acts = hand.actions
    shows = [i for i, a in enumerate(acts) if " sm " in a]
    boards = [i for i, a in enumerate(acts) if a.startswith("d db")]
    assert len(shows) == 2 and len(boards) == 3 and max(shows) < min(boards)  # TDA 16: face up, then run out
    assert sum(hand.final_stacks.values()) == 300
    assert replay_hand(loads(dumps(hand.history()))).status == "matched"


def test_showdown_order_last_aggressor_first_tda16():
    hand = nl([100] * 4, blinds=(1, 2))
    play(hand, "p3 cc", "p4 cc", "p1 cc", "p2 cc")
    for _ in range(2):  # flop and turn checked through
        play(hand, "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    play(hand, "p1 cc", "p2 cc", "p3 cbr 10", "p4 cc", "p1 f", "p2 cc")
    assert hand.phase == "showdown"
    assert hand.to_act == 3 and hand.legal_actions().show and hand.legal_actions().muck
    refused(hand, "p4 sm -", "TDA 16")
    play(hand, "p3 sm -")
    assert hand.to_act == 4  # then clockwise
    play(hand, "p4 sm")  # a muck concedes
    assert hand.to_act == 2
    hand.show(2)
    assert hand.over and 4 in hand.folded


def test_showdown_order_without_a_bet_starts_left_of_the_button():
    hand = nl([100] * 3, blinds=(1, 2))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.to_act == 1
    hand.muck(1)
    hand.muck(2)
    assert hand.over and hand.final_stacks[3] == 104  # the last hand left wins without showing
    assert hand.actions[-2:] == ("p1 sm", "p2 sm")


def test_auto_show_tables_every_hand():
    hand = nl([100] * 3, blinds=(1, 2), options=Options(auto_show=True))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.over and sum(" sm " in a for a in hand.actions) == 3


# -- the odd chip and the chip unit ------------------------------------------------------------------------

def split_pot(odd_chip: str) -> Hand:
    # Heads-up, the board is a royal flush: a tie.  Blinds 1/2 and a big blind ante of 1: pot 5.
    deck = "2c3d" "7h8h" "4c" "AsKsQs" "5c" "Js" "6c" "Ts"  # p1 (big blind), p2 (button), ...
    hand = Hand("NT", [100, 100], blinds=(1, 2), big_blind_ante=1, deck=deck, options=Options(odd_chip=odd_chip))
    play(hand, "p2 cc", "p1 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc")
    hand.show(hand.to_act)
    hand.show(hand.to_act)
    return hand


def test_odd_chip_small_blind_or_left_of_the_button():
    assert split_pot("small_blind").final_stacks == {1: 99, 2: 101}  # heads-up the button is the small blind
    assert split_pot("left_of_button").final_stacks == {1: 100, 2: 100}  # TDA 20-A: the big blind


def test_chip_unit_amounts_and_split():
    hand = Hand("NT", [1000, 1000, 1000], blinds=(25, 50), chip_unit=25, rng=random.Random(0))
    refused(hand, "p3 cbr 110", "whole chips of 25")
    play(hand, "p3 cbr 125")
    with pytest.raises(Exception, match="multiple of the chip unit"):
        Hand("NT", [1000, 1010], blinds=(25, 50), chip_unit=25)
    assert hand.history().user_fields["_chip_unit"] == 25


# -- replay mode ------------------------------------------------------------------------------------------

def test_replay_mode_accepts_a_raise_to_what_the_deepest_opponent_can_match():
    # Heads-up, the button (p2, 3 chips) limps; the big blind raises to 3, all the button has:
    # below the minimum raise to 4, refused live (TDA 43), accepted in replay mode as records write it.
    live = nl([100, 3], blinds=(1, 2))
    play(live, "p2 cc")
    refused(live, "p1 cbr 3", "TDA 43")
    rep = nl([100, 3], blinds=(1, 2), options=REPLAY)
    play(rep, "p2 cc", "p1 cbr 3")
    assert rep.to_act == 2 and rep.legal_actions().call == 1
