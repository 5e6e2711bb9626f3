"""Table: hand after hand at one table (pokerengine.live.table, pokerengine.live.buttons).

The worked cases of the shared notes (betting.md, "Button and blinds when players leave") are
hand-worked in the comments: seats are numbers, clockwise is increasing seat number, "BB 5" is
the big blind in seat 5.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerengine.errors import PokerEngineError
from pokerengine import Rake
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.live import Hand, Options, from_history
from pokerengine.live.buttons import IN, NEW, WAIT, Positions, place
from pokerengine.live.table import Finished, Table
from pokerengine.tournament import Tournament

JUNK = ["7c3d", "8c6d", "Tc5s", "7d3h", "8d6h", "Td5c", "7h3s", "8h6s", "6c5d"]
BOARD = "KdJh9s4h2c"  # no flush, no straight, no pair for the junk hands; AsAh wins alone


def rigged(order, winner):
    """A deck for a hand dealt in ``order`` (seats from the button's left) where ``winner`` holds
    the only pair (aces): hole cards one at a time round the table, a burn before each street."""
    holes = {s: ("AsAh" if s == winner else JUNK[k]) for k, s in enumerate(order)}
    first = "".join(holes[s][:2] for s in order)
    second = "".join(holes[s][2:] for s in order)
    return first + second + "Qc" + BOARD[:6] + "Qd" + BOARD[6:8] + "Qh" + BOARD[8:]


def order_after(button, seats):
    seats = sorted(seats)
    k = next((i for i, s in enumerate(seats) if s > button), 0)
    return seats[k:] + seats[:k]


def play_down(hand):
    """Everyone checks or calls to the end and shows."""
    while not hand.over:
        seat = hand.to_act
        legal = hand.legal_actions()
        if legal.show:
            hand.show(seat)
        elif legal.check:
            hand.check(seat)
        else:
            hand.call(seat)


def fold_round(hand):
    """Everyone folds to the big blind (or checks when nothing is to call)."""
    while not hand.over:
        seat = hand.to_act
        legal = hand.legal_actions()
        if legal.show:
            hand.show(seat)
        elif legal.check:
            hand.check(seat)
        else:
            hand.fold(seat)


def table_of(players, **kw):
    table = Table("NT", blinds=kw.pop("blinds", (1, 2)), **kw)
    for name, seat, stack in players:
        table.join(name, seat, stack)
    return table


def deal_rigged(table, winner_seat, button_expected, seats_expected, **kw):
    deck = rigged(order_after(button_expected, seats_expected), winner_seat)
    hand = table.next_hand(deck=deck, **kw)
    assert (hand.button, sorted(hand.seats)) == (button_expected, sorted(seats_expected))
    return hand


# -- the first hand and the button moving --------------------------------------------------------


def test_first_hand_and_the_button_moving_round():
    # Seats 2, 4, 6, 8; first button 8: SB 2, BB 4; then the button moves one seat a hand.
    table = table_of([("a", 2, 100), ("b", 4, 100), ("c", 6, 100), ("d", 8, 100)])
    seen = []
    for _ in range(5):
        hand = table.next_hand(rng=random.Random(0))
        seen.append((hand.button, table.positions.small_blind, table.positions.big_blind))
        fold_round(hand)
        table.finish(hand)
    assert seen == [(8, 2, 4), (2, 4, 6), (4, 6, 8), (6, 8, 2), (8, 2, 4)]
    assert sum(table.stacks.values()) == 400


def test_first_button_given():
    table = table_of([("a", 1, 50), ("b", 2, 50), ("c", 3, 50)])
    hand = table.next_hand(button=2, rng=random.Random(1))
    assert hand.bets == {3: 1, 1: 2, 2: 0}
    fold_round(hand)
    table.finish(hand)
    with pytest.raises(PokerEngineError, match="placed by the rules"):
        table.next_hand(button=1)


# -- dead button: the worked cases of the notes (TDA 32) -----------------------------------------


def test_small_blind_busts_button_moves_to_the_empty_seat():
    # Hand 1: button 1, SB 2 (b, 1 chip: all-in posting it), BB 3; a's aces win, b busts.
    # Hand 2: the big blind moves on to 4; the old big blind (3) posts the small blind; the button
    # moves to the empty seat 2 (a dead button).
    table = table_of([("a", 1, 100), ("b", 2, 1), ("c", 3, 100), ("d", 4, 100)])
    hand = deal_rigged(table, 1, 1, [1, 2, 3, 4], button=1)
    play_down(hand)
    done = table.finish(hand)
    assert done.busted == ("b",) and "b" not in done.stacks
    hand = table.next_hand(rng=random.Random(2))
    assert hand.button == 2                       # dead button
    assert hand.bets == {3: 1, 4: 2, 1: 0}        # old BB posts the SB
    assert hand.to_act == 1
    assert table.positions == Positions(button=2, small_blind=3, big_blind=4)


def test_big_blind_busts_no_small_blind_next_hand():
    # Hand 1: button 1, SB 2, BB 3 (c, 1 chip: all-in for less); a wins, c busts.
    # Hand 2: BB moves on to 4; the small blind would be seat 3, now empty: no small blind (a dead
    # small blind); the button moves to the old small blind, seat 2.
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 1), ("d", 4, 100)])
    hand = deal_rigged(table, 1, 1, [1, 2, 3, 4], button=1)
    play_down(hand)
    assert table.finish(hand).busted == ("c",)
    hand = table.next_hand(rng=random.Random(3))
    assert hand.button == 2
    assert hand.bets == {4: 2, 1: 0, 2: 0}        # only the big blind
    assert hand.pot == 2 and hand.to_act == 1     # first after the big blind
    assert table.positions == Positions(button=2, small_blind=3, big_blind=4)
    fold_round(hand)                              # post-flop nobody: a and b fold, d wins 2
    assert table.finish(hand).stacks["d"] == hand.final_stacks[4]


def test_both_blinds_bust_the_same_player_keeps_the_last_action_three_hands():
    # Hand 1: button 1 (a), SB 2 (b, 1 chip), BB 3 (c, 2 chips); a wins; b and c bust.
    # Hand 2: BB 4; SB due at 3 (empty: none); button at 2 (empty: dead). Last to act: a (seat 1).
    # Hand 3: BB 5; SB 4; button at 3 (empty: dead). Last to act: a again.
    # Hand 4: BB 6; SB 5; button 4 (d). a had the last action three hands running.
    table = table_of([("a", 1, 100), ("b", 2, 1), ("c", 3, 2), ("d", 4, 100), ("e", 5, 100), ("f", 6, 100)])
    hand = deal_rigged(table, 1, 1, [1, 2, 3, 4, 5, 6], button=1)
    play_down(hand)
    assert set(table.finish(hand).busted) == {"b", "c"}
    last, buttons, blinds = [hand.seats[-1]], [hand.button], []
    for n in range(3):
        hand = table.next_hand(rng=random.Random(n))
        last.append(hand.seats[-1])
        buttons.append(hand.button)
        blinds.append({s: b for s, b in hand.bets.items() if b})
        fold_round(hand)
        table.finish(hand)
    assert last == [1, 1, 1, 4]
    assert buttons == [1, 2, 3, 4]
    assert blinds == [{4: 2}, {4: 1, 5: 2}, {5: 1, 6: 2}]


def test_a_player_joining_between_the_blinds_waits_until_the_button_passes():
    # Cash game.  Hand 1: button 1, SB 3, BB 5 (seats 1, 3, 5, 7).  x joins seat 4 (between the
    # blinds) and posts to play at once.  Hand 2: button 3, SB 5, BB 7: seat 4 is between the
    # button and the small blind: not dealt.  Hand 3: button 5, SB 7, BB 1: x is dealt in and
    # posts a big blind, live.
    table = table_of([("a", 1, 100), ("b", 3, 100), ("c", 5, 100), ("d", 7, 100)])
    hand = table.next_hand(button=1, rng=random.Random(4))
    fold_round(hand)
    table.finish(hand)
    table.join("x", 4, 100, post=True)
    assert table.owed("x") == (2, 0)
    hand = table.next_hand(rng=random.Random(5))
    assert (hand.button, 4 in hand.seats) == (3, False)
    fold_round(hand)
    table.finish(hand)
    hand = table.next_hand(rng=random.Random(6))
    assert hand.button == 5 and 4 in hand.seats
    assert hand.bets == {7: 1, 1: 2, 3: 0, 4: 2, 5: 0}
    assert table.owed("x") == (0, 0)


def test_a_player_joining_between_the_blinds_and_waiting_gets_the_big_blind():
    # As above, x waits for the big blind: BB 7 (hand 2), 1 (hand 3), 3 (hand 4), then 4 (hand 5).
    table = table_of([("a", 1, 100), ("b", 3, 100), ("c", 5, 100), ("d", 7, 100)])
    hand = table.next_hand(button=1, rng=random.Random(4))
    fold_round(hand)
    table.finish(hand)
    table.join("x", 4, 100)
    dealt = []
    for n in range(4):
        hand = table.next_hand(rng=random.Random(n))
        dealt.append((table.positions.big_blind, 4 in hand.seats))
        fold_round(hand)
        table.finish(hand)
    assert dealt == [(7, False), (1, False), (3, False), (4, True)]


def test_tournament_player_moved_in_between_the_blinds():
    # Tournament: a player moved in is dealt in at once, except between the small blind and the
    # button (TDA 9/10): here the next hand, then played with nothing to post.
    table = table_of([("a", 1, 100), ("b", 3, 100), ("c", 5, 100), ("d", 7, 100)], kind="tournament")
    hand = table.next_hand(button=1, rng=random.Random(4))
    fold_round(hand)
    table.finish(hand)
    table.join("x", 4, 100)
    table.join("y", 8, 100)           # after the next big blind (7): dealt in at once
    hand = table.next_hand(rng=random.Random(5))
    assert (4 in hand.seats, 8 in hand.seats) == (False, True)
    assert hand.bets == {5: 1, 7: 2, 8: 0, 1: 0, 3: 0}
    fold_round(hand)
    table.finish(hand)
    hand = table.next_hand(rng=random.Random(6))
    assert 4 in hand.seats and hand.bets[4] == 0


def test_tournament_player_moved_into_a_busted_blinds_seat():
    # Hand 1: button 1, SB 2, BB 3 (c, 1 chip); a wins, c busts.  x is moved into seat 3.  Hand 2:
    # BB 4, the small blind is due in seat 3: x takes it (TDA 9: a player moved in may get the
    # small blind), button 2.  In a cash game x, posting, would wait: seat 3 is the small blind.
    for kind, dealt in (("tournament", True), ("cash", False)):
        table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 1), ("d", 4, 100)], kind=kind)
        hand = deal_rigged(table, 1, 1, [1, 2, 3, 4], button=1)
        play_down(hand)
        table.finish(hand)
        table.join("x", 3, 100, post=kind == "cash")
        hand = table.next_hand(rng=random.Random(1))
        assert hand.button == 2 and (3 in hand.seats) is dealt
        assert hand.bets == ({3: 1, 4: 2, 1: 0, 2: 0} if dealt else {4: 2, 1: 0, 2: 0})


# -- heads-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize("loser, button, big_blind", [
    # Button 1, SB 2, BB 3.  The button busts: BB moves on to 2, seat 3 (the last BB) has the
    # button and posts the small blind (TDA 34).
    (1, 3, 2),
    # The small blind busts: BB moves on from 3 to 1; 3 has the button and the small blind.
    (2, 3, 1),
    # The big blind busts: BB moves on to 1; 2 (the small blind) has the button again.
    (3, 2, 1),
])
def test_becoming_heads_up_nobody_posts_the_big_blind_twice(loser, button, big_blind):
    stacks = {1: 100, 2: 100, 3: 100}
    stacks[loser] = 2
    table = table_of([(n, s, stacks[s]) for n, s in (("a", 1), ("b", 2), ("c", 3))])
    winner = next(s for s in (1, 2, 3) if s != loser)
    hand = table.next_hand(button=1, deck=rigged(order_after(1, [1, 2, 3]), winner))
    play_down(hand)
    assert len(table.finish(hand).busted) == 1
    hand = table.next_hand(rng=random.Random(7))
    assert len(hand.seats) == 2 and hand.button == button
    assert hand.bets == {big_blind: 2, button: 1}
    assert hand.to_act == button                     # TDA 34: the button acts first pre-flop


def test_heads_up_blinds_alternate_and_a_third_player_joins():
    table = table_of([("a", 2, 100), ("b", 6, 100)], kind="tournament")
    bbs = []
    for n in range(4):
        hand = table.next_hand(rng=random.Random(n))
        bbs.append(table.positions.big_blind)
        assert hand.bets[hand.button] == 1
        fold_round(hand)
        table.finish(hand)
    assert bbs == [2, 6, 2, 6]
    # Last hand: button 2, BB 6.  c sits in seat 9 (after the big blind): next hand BB 9, SB 6,
    # button 2.
    table.join("c", 9, 100)
    hand = table.next_hand(rng=random.Random(9))
    assert (hand.button, hand.bets) == (2, {6: 1, 9: 2, 2: 0})


# -- cash game: sitting out, missed blinds, coming back ------------------------------------------


def cash4():
    table = table_of([("a", 1, 100), ("b", 3, 100), ("c", 5, 100), ("d", 7, 100)])
    hand = table.next_hand(button=1, rng=random.Random(4))  # button 1, SB 3, BB 5
    fold_round(hand)
    table.finish(hand)
    return table


def next_folded(table, n=0):
    hand = table.next_hand(rng=random.Random(n))
    fold_round(hand)
    table.finish(hand)
    return hand


def test_missed_big_blind_posted_live_with_the_small_blind_dead():
    # d (seat 7) sits out.  Hand 2: BB skips 7 and goes to 1: d missed the big blind.  d comes
    # back, posting: hand 3 (button 5, SB 1, BB 3) puts seat 7 between the button and the small
    # blind: d waits.  Hand 4: button 1, SB 3, BB 5; d posts 2 live and 1 dead: pot 1 + 2 + 2 + 1.
    table = cash4()
    table.sit_out("d")
    hand = next_folded(table, 1)
    assert 7 not in hand.seats and table.positions == Positions(3, 5, 1)
    assert table.owed("d") == (2, 1)
    table.come_back("d")
    hand = next_folded(table, 2)
    assert 7 not in hand.seats and table.positions == Positions(5, 1, 3)
    before = sum(table.stacks.values())
    hand = table.next_hand(rng=random.Random(3))
    assert hand.seats == (3, 5, 7, 1)
    assert hand.bets == {3: 1, 5: 2, 7: 2, 1: 0}
    assert hand.dead == (0, 0, 1, 0) and hand.pot == 6
    assert table.owed("d") == (0, 0)
    fold_round(hand)
    assert sum(table.finish(hand).stacks.values()) == before


def test_posted_big_blind_does_not_change_who_opens():
    # As above, hand 4: BB 5, d in seat 7 posted a live big blind.  The first to act pre-flop is
    # the first after the big blind: seat 7 (d, who may check: his blind is live), then 1, 3, 5.
    table = cash4()
    table.sit_out("d")
    next_folded(table, 1)
    table.come_back("d")
    next_folded(table, 2)
    hand = table.next_hand(rng=random.Random(3))
    assert hand.to_act == 7 and hand.legal_actions().check


def test_missed_small_blind_posted_dead():
    # c (seat 5, the big blind of hand 1) sits out.  Hand 2: the small blind is due at 5: none is
    # posted, c missed it; BB 7, button 3.  c comes back; hand 3 (button 5, SB 7, BB 1) would put
    # c on the button: c waits.  Hand 4 (button 7, SB 1, BB 3): c posts 1 dead, no live blind.
    table = cash4()
    table.sit_out("c")
    hand = table.next_hand(rng=random.Random(1))
    assert hand.bets == {7: 2, 1: 0, 3: 0} and table.owed("c") == (0, 1)
    fold_round(hand)
    table.finish(hand)
    table.come_back("c")
    hand = next_folded(table, 2)
    assert 5 not in hand.seats
    hand = table.next_hand(rng=random.Random(3))
    assert hand.bets == {1: 1, 3: 2, 5: 0, 7: 0} and hand.pot == 4
    assert dict(zip(hand.seats, hand.dead)) == {1: 0, 3: 0, 5: 1, 7: 0}


def test_coming_back_waiting_for_the_big_blind_owes_nothing():
    # d misses the big blind (hand 2: BB 1), comes back waiting: BB 3 (hand 3), 5 (hand 4), then 7.
    table = cash4()
    table.sit_out("d")
    next_folded(table, 1)
    table.come_back("d", post=False)
    dealt = [7 in next_folded(table, n).seats for n in range(3)]
    assert dealt == [False, False, True]
    assert table.positions.big_blind == 7 and table.owed("d") == (0, 0)


def test_sitting_out_on_the_button_misses_nothing():
    # b (seat 3) had the small blind in hand 1 and sits out.  Hand 2: the button goes to his seat
    # (dead: he is out), SB 5, BB 7.  The blinds did not pass him: he owes nothing and plays hand 3.
    table = cash4()
    table.sit_out("b")
    hand = next_folded(table, 1)
    assert hand.button == 3 and 3 not in hand.seats       # a dead button on b's seat
    assert table.owed("b") == (0, 0)
    table.come_back("b")
    assert 3 in next_folded(table, 2).seats


def test_leaving_empties_the_seat_and_returns_the_chips():
    table = cash4()
    stack = table.stacks["b"]
    assert table.leave("b") == stack
    assert "b" not in table.stacks
    hand = table.next_hand(rng=random.Random(1))
    # Hand 1 had button 1, SB 3 (b, gone), BB 5: BB 7, SB 5, button on the empty seat 3.
    assert hand.button == 3 and hand.bets == {5: 1, 7: 2, 1: 0}
    assert table.leave("c") == 0                         # in the hand: leaves at its end
    fold_round(hand)
    done = table.finish(hand)
    assert done.left == {"c": hand.final_stacks[5]} and "c" not in done.stacks
    table.join("c2", 5, 40)                              # the seat is free again


def test_a_short_table_starts_again_with_everyone():
    # Two players, one of them new and waiting: nobody could be dealt by the rules, so the game
    # starts again and both play.
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100)])
    hand = table.next_hand(button=1, rng=random.Random(1))
    fold_round(hand)
    table.finish(hand)
    table.leave("a")
    table.leave("c")
    table.join("x", 5, 100)
    hand = table.next_hand(rng=random.Random(2))
    assert sorted(hand.seats) == [2, 5]


# -- stakes, antes, straddles --------------------------------------------------------------------


def test_big_blind_ante_and_level_change():
    table = table_of([("a", 1, 1000), ("b", 2, 1000), ("c", 3, 1000)], kind="tournament",
                     blinds=(50, 100), big_blind_ante=100)
    hand = table.next_hand(button=3, rng=random.Random(1))
    assert hand.bets == {1: 50, 2: 100, 3: 0} and hand.pot == 250
    assert table.dead_paid(hand) == {"b": 100}
    fold_round(hand)
    table.finish(hand)
    table.set_stakes(blinds=(100, 200), big_blind_ante=200)
    hand = table.next_hand(rng=random.Random(2))
    assert hand.bets == {2: 100, 3: 200, 1: 0} and table.dead_paid(hand) == {"c": 200}


def test_straddle_after_the_big_blind():
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100), ("d", 4, 100)])
    hand = table.next_hand(button=4, straddle=4, rng=random.Random(1))
    assert hand.bets == {1: 1, 2: 2, 3: 4, 4: 0} and hand.to_act == 4
    fold_round(hand)
    table.finish(hand)
    with pytest.raises(PokerEngineError, match="more than the big blind"):
        table.next_hand(straddle=2)


def test_rake_leaves_the_table():
    # 10% rake: a hand checked down with 4 x 2 in the pot: 8 chips, 0 raked (10% of 8 is 0.8,
    # whole chips); a pot of 4 x 20 = 80 rakes 8.  Chips at the table plus rake stay 400.
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100), ("d", 4, 100)],
                     options=Options(rake=Rake("10")))
    hand = table.next_hand(button=4, rng=random.Random(1))
    play_down(hand)
    table.finish(hand)
    assert table.raked == 0
    hand = table.next_hand(rng=random.Random(2))
    hand.raise_to(hand.to_act, 20)
    play_down(hand)
    table.finish(hand)
    assert table.raked == 8 and sum(table.stacks.values()) == 392


def test_fixed_limit_and_chip_unit_tables():
    table = table_of([("a", 1, 500), ("b", 2, 500), ("c", 3, 500)], blinds=(25, 50), chip_unit=25)
    with pytest.raises(PokerEngineError, match="multiple"):
        table.join("d", 4, 510)
    hand = table.next_hand(rng=random.Random(1))
    assert hand.bets == {1: 25, 2: 50, 3: 0} and hand.unit == 25
    fl = Table("FT", blinds=(1, 2), small_bet=2)
    fl.join("a", 1, 100)
    fl.join("b", 2, 100)
    hand = fl.next_hand(rng=random.Random(1))
    assert hand.fixed and hand.legal_actions().raise_to.min_to == 4
    draw = Table("N2L1D", blinds=(1, 2))
    for name, seat in (("a", 1), ("b", 2), ("c", 3)):
        draw.join(name, seat, 100)
    buttons = []
    for n in range(3):
        hand = draw.next_hand(rng=random.Random(n))
        buttons.append(hand.button)
        fold_round(hand)
        draw.finish(hand)
    assert buttons == [3, 1, 2] and sum(draw.stacks.values()) == 300
    with pytest.raises(PokerEngineError, match="no blinds"):
        Table("F7S")


def test_a_hand_the_engine_refuses_changes_nothing():
    # Pot-limit Omaha deals at most 11 players from one deck: with 12 seated, next_hand() fails
    # and the table is as it was (no positions, everyone still new).
    table = Table("PO", seats=12, blinds=(1, 2))
    for seat in range(1, 13):
        table.join(f"p{seat}", seat, 100, post=True)
    with pytest.raises(PokerEngineError, match="too many"):
        table.next_hand(rng=random.Random(1))
    assert table.positions is None and table.hands == 0 and table.in_hand is None
    assert table.owed("p5") == (2, 0)
    table.leave("p12")
    assert len(table.next_hand(rng=random.Random(1)).seats) == 11


# -- a tournament through Table + Hand + Tournament ------------------------------------------------


def test_tournament_hands_recorded_with_stacks_and_eliminations():
    t = Tournament()
    t.start([70, 30], [{"id": p, "stack": s, "table": "A", "seat": n}
                       for p, s, n in (("ann", 300, 1), ("bob", 10, 2), ("cat", 300, 3))])
    table = Table("NT", kind="tournament", blinds=(5, 10), ante=1)
    for p, n in (("ann", 1), ("bob", 2), ("cat", 3)):
        table.join(p, n, t.stacks[p])
    # Hand 1: button 1, SB 2 (bob: ante 1, blind 5), BB 3 (cat).  ann calls 10, bob calls all-in
    # for his last 4, cat checks; checked down, cat's aces win 3 + 10 + 9 + 10 = 32: bob is out
    # (3rd), ann has 300 - 11 = 289, cat 300 - 11 + 32 = 321.
    hand = table.next_hand(button=1, deck=rigged([2, 3, 1], 3))
    play_down(hand)
    assert table.seat_map() == {1: "ann", 2: "bob", 3: "cat"}
    assert table.dead_paid(hand) == {"ann": 1, "bob": 1, "cat": 1}
    r = t.record_settlement("A", hand.settlement, table.seat_map(), dead=table.dead_paid(hand))
    done = table.finish(hand)
    assert r.busted == done.busted == ("bob",)
    assert done.stacks == {"ann": 289, "cat": 321} == {p: t.stacks[p] for p in done.stacks}
    assert t.standing("bob").place == 3
    # Heads-up all-in hands until one of them is out.
    for n in range(100):
        if t.status == "finished":
            break
        hand = table.next_hand(rng=random.Random(n))
        while not hand.over:
            seat, legal = hand.to_act, hand.legal_actions()
            if legal.show:
                hand.show(seat)
            elif legal.raise_to is not None:
                hand.raise_to(seat, legal.raise_to.max_to)
            elif legal.call is not None:
                hand.call(seat)
            else:
                hand.check(seat)
        r = t.record_settlement("A", hand.settlement, table.seat_map(), dead=table.dead_paid(hand))
        done = table.finish(hand)
        assert r.busted == done.busted
        assert {p: t.stacks[p] for p in done.stacks} == done.stacks
        assert sum(done.stacks.values()) == 610
    assert t.status == "finished" and len(table.players) == 1


def test_fold_absent_folds_away_players():
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100)], kind="tournament")
    table.sit_out("a")                        # away: dealt in and blinded
    hand = table.next_hand(button=3, rng=random.Random(1))
    assert hand.bets == {1: 1, 2: 2, 3: 0}
    hand.call(3)
    assert table.fold_absent(hand) == ("p1 f",)
    assert 1 in hand.folded and hand.to_act == 2


def test_fold_absent_at_a_cash_table_folds_who_left_or_sat_out_during_the_hand():
    # on a cash table fold_absent folds too: a player who leaves during a hand is
    # folded when the action reaches them, not asked
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100), ("d", 4, 100)])
    hand = table.next_hand(button=4, rng=random.Random(1))  # a small blind, b big blind, c first
    assert table.fold_absent(hand) == ()  # c is here: nothing to do
    table.leave("c")  # c walks away on their turn: folded at once
    assert [(e.kind, e.player, e.lines) for e in table.events] == [("absent", "c", ("p3 f",))]
    table.sit_out("d")  # d sits out during the hand, on their turn
    assert table.fold_absent(hand) == ()  # the table already folded both
    assert [e.lines for e in table.events] == [("p3 f",), ("p4 f",)]
    assert hand.to_act == 1
    hand.call(1)
    assert table.fold_absent(hand) == ()  # b is here
    assert {3, 4} <= set(hand.folded) and hand.to_act == 2


# -- hostile input: refused, nothing changed --------------------------------------------------------


@pytest.mark.parametrize("call, match", [
    (lambda t: t.join("", 4, 10), "1 to 128"),
    (lambda t: t.join("z" * 129, 4, 10), "1 to 128"),
    (lambda t: t.join(7, 4, 10), "string"),
    (lambda t: t.join("\ud800", 4, 10), "Unicode"),
    (lambda t: t.join("z", 0, 10), "seat"),
    (lambda t: t.join("z", 10, 10), "seat"),
    (lambda t: t.join("z", True, 10), "seat"),
    (lambda t: t.join("z", 4, 10.0), "integer"),
    (lambda t: t.join("z", 4, 0), "positive"),
    (lambda t: t.join("z", 4, 2**63), "2\\*\\*63"),
    (lambda t: t.join("z", 4, 10, post=1), "True or False"),
    (lambda t: t.join("a", 4, 10), "already"),
    (lambda t: t.join("z", 1, 10), "taken"),
    (lambda t: t.sit_out("nobody"), "not at this table"),
    (lambda t: t.leave(["a"]), "not at this table"),
    (lambda t: t.add_chips("a", -1), "positive"),
    (lambda t: t.add_chips("a", 2**63 - 1), "2\\*\\*63"),
    (lambda t: t.set_stakes(blinds=(3, 2)), "larger"),
    (lambda t: t.set_stakes(blinds=(1, 2), ante=1, big_blind_ante=2), "either"),
    (lambda t: t.set_stakes(blinds=[1]), "small, big"),
    (lambda t: t.next_hand(button=0), "button"),
    (lambda t: t.next_hand(straddle=-1), "non-negative"),
    (lambda t: t.next_hand(deck="AsAs"), "deck|twice|card"),
    (lambda t: t.finish(Hand("NT", [5, 5], blinds=(1, 2))), "not the one in play"),
])
def test_refused_calls_change_nothing(call, match):
    table = table_of([("a", 1, 100), ("b", 3, 100), ("c", 5, 100)])
    hand = table.next_hand(rng=random.Random(1))
    fold_round(hand)
    table.finish(hand)
    before = (table.players, table.stacks, table.positions, table.blinds, table.ante, table.hands)
    with pytest.raises(PokerEngineError, match=match):
        call(table)
    assert (table.players, table.stacks, table.positions, table.blinds, table.ante, table.hands) == before


def test_table_settings_refused():
    with pytest.raises(PokerEngineError, match="kind"):
        Table(kind="home")
    with pytest.raises(PokerEngineError, match="seats"):
        Table(seats=1001)
    with pytest.raises(PokerEngineError, match="game"):
        Table("XX")
    with pytest.raises(PokerEngineError, match="multiple"):
        Table(blinds=(5, 10), chip_unit=25)
    with pytest.raises(PokerEngineError, match="chip_unit"):
        Table(chip_unit=0)


def test_hand_in_play_guards():
    table = table_of([("a", 1, 100), ("b", 3, 100)])
    hand = table.next_hand(rng=random.Random(1))
    with pytest.raises(PokerEngineError, match="finish"):
        table.next_hand()
    with pytest.raises(PokerEngineError, match="not over"):
        table.finish(hand)
    with pytest.raises(PokerEngineError, match="after it"):
        table.add_chips("a", 10)
    with pytest.raises(PokerEngineError, match="taken"):
        table.join("z", 3, 10)
    fold_round(hand)
    assert isinstance(table.finish(hand), Finished)
    with pytest.raises(PokerEngineError, match="not the one in play"):
        table.finish(hand)
    with pytest.raises(PokerEngineError, match="two"):
        Table().next_hand()


# -- placement alone --------------------------------------------------------------------------------


def test_place_new_and_waiting_players():
    prev = Positions(button=1, small_blind=3, big_blind=5)
    p = place({1: IN, 3: IN, 4: NEW, 5: IN, 7: IN, 8: NEW, 9: WAIT}, prev)
    # BB moves on to 7; SB 5, button 3; 4 is between the last blinds: not dealt; 8 posts; 9 waits.
    assert p.positions == Positions(3, 5, 7)
    assert p.dealt == (1, 3, 5, 7, 8) and p.new == (8,) and p.small_blind_live


# -- property: random joins, leaves, sit-outs and busts ----------------------------------------------


def play_random(hand, rng):
    """Random legal actions, all-ins often enough that players bust."""
    while not hand.over:
        seat, legal = hand.to_act, hand.legal_actions()
        if legal.show:
            (hand.show if rng.random() < 0.8 else hand.muck)(seat)
            continue
        r = rng.random()
        if legal.raise_to is not None and r < 0.3:
            hand.raise_to(seat, legal.raise_to.max_to if r < 0.15 else legal.raise_to.min_to)
        elif legal.check:
            hand.check(seat)
        elif r < 0.8:
            hand.call(seat)
        else:
            hand.fold(seat)


def replays(hand):
    """The hand's PHH record gives the same stacks through the engine and the PHH replayer."""
    final = tuple(hand.final_stacks[s] for s in hand.seats)
    record = loads(dumps(hand.history()))
    assert record.finishing_stacks == final
    assert tuple(from_history(record).final_stacks[s] for s in hand.seats) == final
    assert replay_hand(record).finishing == final


OPS = st.one_of(
    st.tuples(st.just("join"), st.integers(1, 6), st.integers(1, 40), st.booleans()),
    st.tuples(st.just("leave"), st.integers(0, 5)),
    st.tuples(st.just("sit_out"), st.integers(0, 5)),
    st.tuples(st.just("come_back"), st.integers(0, 5), st.booleans()),
    *[st.tuples(st.just("hand"), st.integers(0, 2**32))] * 6,
)


@pytest.mark.parametrize("kind", ["cash", "tournament"])
@given(seated=st.dictionaries(st.integers(1, 6), st.integers(1, 40), min_size=2), ops=st.lists(OPS, min_size=10, max_size=40))
# s2 sits out while p1 and s5 play heads-up (the big blind alternates: p1 twice in s2's absence), then
# s2 comes back: "once an orbit" is only asked of the orbits of a player who stayed in throughout.
@example(seated={1: 2, 2: 3, 5: 1}, ops=[("join", 3, 1, False), ("join", 4, 1, False), ("hand", 173), ("leave", 0),
                                         ("sit_out", 0), ("hand", 0), ("join", 1, 1, False), ("sit_out", 0),
                                         ("hand", 0), ("hand", 1), ("come_back", 1, False), ("hand", 0)])
def test_property_big_blind_once_an_orbit_and_chips_conserved(kind, seated, ops):
    table = Table("NT", kind=kind, seats=6, blinds=(1, 2))
    for seat, stack in seated.items():
        table.join(f"s{seat}", seat, stack)
    out: set[str] = set()                 # sitting out (cash) or away (tournament)
    chips_in, chips_out, names = sum(seated.values()), 0, 0
    history = []                          # per hand: (big blind player, players who could take it)
    for op in ops:
        players = list(table.players.values())
        if op[0] == "join":
            _, seat, stack, post = op
            if seat in table.players:
                continue
            names += 1
            table.join(f"p{names}", seat, stack, post=post and kind == "cash")
            chips_in += stack
        elif op[0] in ("leave", "sit_out", "come_back"):
            if not players:
                continue
            name = players[op[1] % len(players)]
            if op[0] == "leave":
                chips_out += table.leave(name)
                out.discard(name)
            elif op[0] == "sit_out":
                table.sit_out(name)
                out.add(name)
            else:
                table.come_back(name, post=op[2])
                out.discard(name)
        else:
            stacks = table.stacks
            eligible = {p for p in stacks if stacks[p] and (kind == "tournament" or p not in out)}
            if len(eligible) < 2:
                with pytest.raises(PokerEngineError, match="needs two"):
                    table.next_hand(rng=random.Random(op[1]))
                continue
            hand = table.next_hand(rng=random.Random(op[1]))
            seat_map = table.seat_map()
            big = seat_map[table.positions.big_blind]
            assert big in eligible and set(seat_map.values()) <= eligible
            if history and history[-1][0] in seat_map.values():   # last big blind, small blind now
                assert seat_map.get(table.positions.small_blind) == history[-1][0]
            history.append((big, eligible))
            rng = random.Random(op[1])
            table.fold_absent(hand)
            play_random(hand, rng)
            replays(hand)
            done = table.finish(hand)
            for name in done.busted:
                out.discard(name)
            chips_out += sum(done.left.values())
            out -= set(done.left)
        assert sum(table.stacks.values()) + chips_out + table.raked == chips_in
    # Nobody posts the big blind twice running; between two big blinds of one player, every player
    # who could take it all along took it exactly once (nobody skips it).
    for (a, _), (b, _) in zip(history, history[1:]):
        assert a != b
    for i, (p, _) in enumerate(history):
        j = next((j for j in range(i + 1, len(history)) if history[j][0] == p), None)
        if j is None:
            continue
        if not all(p in e for _, e in history[i:j + 1]):  # p was away: no orbit of p's to measure
            continue
        steady = set.intersection(*(e for _, e in history[i:j + 1])) - {p}
        takers = [b for b, _ in history[i + 1:j]]
        for q in steady:
            assert takers.count(q) == 1, (p, q, history[i:j + 1])


def test_finish_without_a_hand_is_the_projects_error():
    # Table.finish(None) is refused with the project's error, not an AttributeError
    table = table_of([("a", 1, 100), ("b", 2, 100)])
    with pytest.raises(PokerEngineError, match="not the one in play at this table .no hand is in play"):
        table.finish(None)
    hand = table.next_hand()
    with pytest.raises(PokerEngineError, match="not the one in play"):
        table.finish(None)
    assert table.in_hand is hand


def test_correct_refuses_a_stack_off_the_chip_unit():
    # a corrected stack of 150 at a chip unit of 100 is refused (the table could not deal with it)
    table = table_of([("a", 1, 1000), ("b", 2, 1000)], blinds=(100, 200), chip_unit=100)
    with pytest.raises(PokerEngineError, match="multiple of the chip unit 100"):
        table.correct("a", 150)
    table.correct("a", 1500)
    assert table.next_hand() is not None


def test_a_raked_hand_writes_its_rake_and_replays_to_its_own_stacks():
    # a live hand played with rake writes the rake in its history, so the record replays to its own
    # finishing stacks
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100), ("d", 4, 100)],
                     options=Options(rake=Rake("10")))
    for seed in range(12):
        hand = table.next_hand(rng=random.Random(seed))
        if hand.to_act is not None and hand.legal_actions().raise_to is not None:
            low = hand.legal_actions().raise_to.min_to
            hand.raise_to(hand.to_act, low)
        play_down(hand)
        record = hand.history()
        assert record.user_fields["_rake"] == hand.settlement.rake
        report = replay_hand(loads(dumps(record)))
        assert report.status == "matched", report
        table.finish(hand)
    assert table.raked > 0


def test_each_players_status_is_public():
    # sitting out and away are public: a server shows them to every client
    table = table_of([("a", 1, 100), ("b", 2, 100), ("c", 3, 100)])
    table.join("d", 5, 100, post=False)
    table.join("e", 6, 100, post=True)
    assert table.status("d").waiting and table.status("d").new and not table.status("e").waiting
    hand = table.next_hand(button=3, rng=random.Random(1))
    table.sit_out("b")
    table.leave("c")
    b, c = table.status("b"), table.status("c")
    assert (b.seat, b.out, b.leaving) == (2, True, False) and (c.out, c.leaving) == (False, True)
    assert table.status("a").stack == hand.stacks[1] and not table.status("a").new
    with pytest.raises(PokerEngineError):
        table.status("nobody")


def test_a_cash_tables_buy_in_bounds_joins_and_top_ups():
    # a cash table's buy-in bounds: the least and the most a player may join or top up with
    table = Table("NT", blinds=(1, 2), buy_in=(40, 200))
    with pytest.raises(PokerEngineError, match="buy-in at this table is 40 to 200"):
        table.join("a", 1, 39)
    with pytest.raises(PokerEngineError, match="buy-in at this table is 40 to 200"):
        table.join("a", 1, 201)
    table.join("a", 1, 40)
    table.add_chips("a", 160)
    with pytest.raises(PokerEngineError, match="at most 200"):
        table.add_chips("a", 1)
    assert table.status("a").stack == 200
    for bad in ((50, 40), (0, 10), (1.5, 10), 100, (1, 2, 3)):
        with pytest.raises(PokerEngineError):
            Table("NT", blinds=(1, 2), buy_in=bad)
    with pytest.raises(PokerEngineError, match="cash tables"):
        Table("NT", kind="tournament", blinds=(1, 2), buy_in=(10, 20))


def test_no_restart_after_heads_up_when_a_new_player_posts():
    # after a heads-up hand (button = small blind = seat 3, big blind seat 2), seat 2 sits
    # out, a player joins seat 6 posting and another seat 1 waiting for the big blind: the next hand
    # was dealt as a restart (nobody posting, the waiting player in the small blind, the new player on
    # the button).  Two players can play (the big blind moves on to seat 3; seat 6 posts), so no restart.
    table = table_of([("b", 2, 100), ("c", 3, 100)])
    hand = table.next_hand(button=3, rng=random.Random(1))
    assert table.positions == Positions(button=3, small_blind=3, big_blind=2)
    play_down(hand)
    table.finish(hand)
    table.sit_out("b")
    table.join("f", 6, 100, post=True)
    table.join("a", 1, 100, post=False)
    hand = table.next_hand(rng=random.Random(2))
    assert sorted(hand.seats) == [3, 6]  # the waiting player (seat 1) is not dealt in
    assert table.positions.big_blind == 3 and hand.bets[3] == 2  # the big blind moved on
    assert table.status("a").waiting
