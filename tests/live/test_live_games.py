"""The live engine's stud and draw games, rule by rule, each worked out by hand in the comments.

Decks are given in dealing order (:class:`~pokerengine.live.Deck`): cards go one at a time round
the table from the first seat left of the button; stud and draw games burn no cards.
"""

from __future__ import annotations

import random

import pytest

from pokerengine.cards import DECK, card_text
from pokerengine.errors import CardError, IllegalActionError, PokerEngineError
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.live import Deck, Hand, RaiseRange, from_history

STUD_BETS = {"ante": 1, "bring_in": 1, "small_bet": 4, "big_bet": 8}


def full(top: str) -> str:
    """The whole deck: ``top`` first, then every other card (twos first)."""
    used = {top[i : i + 2] for i in range(0, len(top), 2)}
    return top + "".join(t for t in map(card_text, DECK) if t not in used)


def dealt(*hands: str, rest: str = "") -> str:
    """A deck dealing ``hands`` (one string of cards per player, in dealing order) one card at a
    time round the table, then ``rest``, then the other cards."""
    cards = [[h[i : i + 2] for i in range(0, len(h), 2)] for h in hands]
    out = [c[k] for k in range(len(cards[0])) for c in cards]
    return full("".join(out) + rest)


def stud_deck(*streets: tuple[str, ...]) -> str:
    """A stud deck: ``streets[0]`` is each player's three third-street cards (two down, one up),
    later entries one card per player still in."""
    return dealt(*streets[0], rest="".join("".join(s) for s in streets[1:]))


def check_replays(hand: Hand) -> None:
    """The finished hand's record replays to the same stacks (the PHH replayer and the engine)."""
    record = loads(dumps(hand.history()))
    final = tuple(hand.final_stacks.values())
    assert replay_hand(record).finishing == final
    assert tuple(from_history(record).final_stacks.values()) == final


# -- stud -----------------------------------------------------------------------------------------

def test_stud_bring_in_is_the_lowest_up_card_clubs_lowest_on_ties():
    # Up cards: seat 1 5h, seat 2 2s, seat 3 2d.  The lowest rank is a deuce, twice; diamonds rank
    # below spades, so seat 3 brings in.  Antes 1 each: pot 3 before the bring-in.
    hand = Hand("F7S", [100, 100, 100], deck=stud_deck(("KcKd5h", "7c8c2s", "9h9d2d")), **STUD_BETS)
    assert hand.up_cards(3) == "2d" and hand.street_name == "third street" and hand.pot == 3
    legal = hand.legal_actions()
    assert (legal.seat, legal.bring_in, legal.raise_to, legal.fold, legal.check, legal.call) == (
        3, 1, RaiseRange(4, 4), False, False, None)
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="must bring in \\(1\\) or complete to the small bet \\(4\\)"):
        hand.fold(3)
    with pytest.raises(IllegalActionError, match="completing the bring-in is to the small bet \\(4\\)"):
        hand.raise_to(3, 2)
    assert hand.snapshot() == before
    assert hand.bring_in(3) == ("p3 pb",)
    # seat 1 faces the bring-in of 1: call 1, or complete to the small bet, 4
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.raise_to, legal.bring_in) == (1, 1, RaiseRange(4, 4), None)


def test_stud_completion_then_raises_by_the_small_bet_and_the_cap():
    # Seat 3 brings in 1; seat 1 completes to 4 (the first of the four bets and raises); seat 2
    # raises to 8, seat 3 (the bring-in, who has acted) may re-raise the full completion: to 12;
    # seat 1 caps it at 16; seat 2 may only call.
    hand = Hand("F7S", [100, 100, 100], deck=stud_deck(("KcKd5h", "7c8c2s", "9h9d2d")), **STUD_BETS)
    hand.bring_in(3)
    assert hand.complete(1) == ("p1 cbr 4",)
    assert hand.legal_actions().raise_to == RaiseRange(8, 8)
    hand.raise_to(2, 8)
    assert hand.legal_actions().seat == 3 and hand.legal_actions().call == 7
    hand.raise_to(3, 12)
    hand.raise_to(1, 16)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.raise_to is None and "no more raises" in legal.no_raise
    assert legal.call == 8


def test_stud_fourth_street_open_pair_opens_small_bet_then_big_bet_from_fifth():
    # Third street: seat 3 (2d) brings in, everyone calls.  Fourth street up cards: seat 1 5h 9c,
    # seat 2 2s 2c (an open pair), seat 3 2d Ac: the pair is the best exposed hand: seat 2 opens,
    # with the small bet (4; the replayer has no double bet on an open pair).  Fifth street: the big bet.
    deck = stud_deck(("KcKd5h", "7c8c2s", "9h9d2d"), ("9c", "2c", "Ac"), ("3h", "4h", "6h"))
    hand = Hand("F7S", [100, 100, 100], deck=deck, **STUD_BETS)
    hand.bring_in(3)
    hand.call(1)
    hand.call(2)
    assert hand.street_name == "fourth street" and hand.up_cards(2) == "2s2c"
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.check and legal.raise_to == RaiseRange(4, 4)
    hand.raise_to(2, 4)
    hand.call(3)
    hand.call(1)
    # fifth street: seat 1 5h 9c 3h, seat 2 2s 2c 4h, seat 3 2d Ac 6h: the pair still opens
    assert hand.street_name == "fifth street" and hand.to_act == 2
    assert hand.legal_actions().raise_to == RaiseRange(8, 8)


def test_razz_brings_in_the_highest_card_spades_highest_and_the_lowest_hand_opens():
    # Razz up cards: seat 1 Kh, seat 2 Ks, seat 3 4c.  The highest is a king, twice; spades rank
    # highest: seat 2 brings in.  Fourth street: seat 1 Kh 3c, seat 2 Ks 2c, seat 3 4c 4d (a pair,
    # the worst razz hand): K-3 and K-2 both have a king; then 3 against 2: K-2 is lower: seat 2 opens.
    deck = stud_deck(("AcAd" + "Kh", "2h3h" + "Ks", "5h6h" + "4c"), ("3c", "2c", "4d"))
    hand = Hand("FR", [100, 100, 100], deck=deck, **STUD_BETS)
    assert hand.to_act == 2 and hand.legal_actions().bring_in == 1
    hand.bring_in(2)
    hand.call(3)
    hand.call(1)
    assert hand.street_name == "fourth street" and hand.to_act == 2


def test_stud_showdown_order_without_a_bet_is_the_best_exposed_hand():
    # Everybody checks to seventh street (no bring-in).  Seventh street: no bet, so TDA 16: the best
    # exposed hand shows first.  Up cards: seat 1 5h 9c 3h Jc, seat 2 2s 2c 4h 8d (a pair),
    # seat 3 2d Ac 6h Qs: the pair of deuces shows first, then clockwise: seat 3, seat 1.
    deck = stud_deck(("KcKd5h", "7c8c2s", "9h9d2d"), ("9c", "2c", "Ac"), ("3h", "4h", "6h"),
                     ("Jc", "8d", "Qs"), ("Th", "Td", "Ts"))
    hand = Hand("F7S", [100, 100, 100], deck=deck, ante=1, small_bet=4, big_bet=8)
    while hand.phase == "bet":
        hand.check(hand.to_act)
    assert hand.phase == "showdown" and hand.to_act == 2
    hand.show(2)
    assert hand.to_act == 3
    hand.show(3)
    hand.show(1)
    # seat 1 (KcKd5h 9c3hJcTh): a pair of kings; seat 2 (7c8c2s 2c4h8dTd): eights and deuces, the
    # best; seat 3 (9h9d2d AcQs6hTs): a pair of nines.  Seat 2 wins the antes: 3.
    assert hand.settlement.pots[0].winners == (2,) and hand.final_stacks == {1: 99, 2: 102, 3: 99}
    assert hand.cards(2) == "7c8c2s2c4h8dTd"
    check_replays(hand)


def test_stud_hi_lo_splits_the_pot():
    # Seat 1 ends with A-2-3-4-6 low and a pair of kings; seat 2 with three queens and no low.
    # Pot: antes 2 + 4 + 4 (fourth street bet, called) = 10: 5 high to seat 2, 5 low to seat 1.
    deck = stud_deck(("Ac2c3d", "QcQdJh"), ("4s", "Qh"), ("6h", "9s"), ("Kd", "8c"), ("Kh", "7h"))
    hand = Hand("F7S/8", [100, 100], deck=deck, ante=1, small_bet=4, big_bet=8)
    assert hand.to_act == 1  # no bring-in: the lowest up card (3d against Jh) opens, free to check
    hand.check(1)
    hand.check(2)
    hand.raise_to(2, 4)  # fourth street: the pair of queens showing opens
    hand.call(1)
    while not hand.over:
        legal = hand.legal_actions()
        hand.show(legal.seat) if legal.show else hand.check(legal.seat)
    pot = hand.settlement.pots[0]
    assert pot.amount == 10 and pot.high_winners == (2,) and pot.low_winners == (1,)
    assert hand.final_stacks == {1: 100, 2: 100}
    check_replays(hand)


def test_stud_set_up_limits():
    with pytest.raises(PokerEngineError, match="8 players are too many"):
        Hand("F7S", [100] * 8, **STUD_BETS)
    with pytest.raises(PokerEngineError, match="has no blinds"):
        Hand("F7S", [100] * 3, blinds=(1, 2), small_bet=4)
    with pytest.raises(PokerEngineError, match="must be less than the small bet"):
        Hand("FR", [100] * 3, bring_in=4, small_bet=4)
    with pytest.raises(PokerEngineError, match="has no bring-in"):
        Hand("NT", [100] * 3, blinds=(1, 2), bring_in=1)
    assert Hand("F7S", [100] * 7, **STUD_BETS).n == 7


def test_stud_manual_dealing_tracks_the_up_cards():
    hand = Hand("FR", [50, 50], manual=True, **STUD_BETS)
    assert hand.owed == ({1: 3, 2: 3}, 0)
    hand.deal_hole(1, "AsAd")
    hand.deal_hole(1, "Kh")  # the third card of third street is up
    hand.deal_hole(2, "2c3c4c")
    assert hand.up_cards(1) == "Kh" and hand.up_cards(2) == "4c" and hand.to_act == 1  # razz: K brings in


# -- draw games -----------------------------------------------------------------------------------

def test_a_draw_of_three_cards_and_standing_pat():
    # 2-7 triple draw, blinds 1/2, three players.  Pre-draw everyone calls 2.  First draw, from the
    # button's left: seat 1 stands pat, seat 2 throws K K 9 and gets the next three cards, seat 3
    # throws A; betting then opens with seat 1.
    deck = dealt("7h6c4c3d2c", "KsKd9s8s2s", "AhQhJd5c4d", rest="7c6d3s9c")
    hand = Hand("F2L3D", [100, 100, 100], blinds=(1, 2), deck=deck)
    hand.call(3)
    hand.call(1)
    hand.check(2)
    assert hand.phase == "draw" and hand.street_name == "first draw"
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.draw == 5 and legal.to_json()["draw"] == {"max": 5}
    assert hand.stand_pat(1) == ("p1 sd",)
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="out of turn: seat 2 draws first"):
        hand.draw(3, "Ah")
    with pytest.raises(IllegalActionError, match="discards Ah, which they do not hold"):
        hand.draw(2, "KsAh")
    assert hand.snapshot() == before
    assert hand.draw(2, "KsKd9s") == ("p2 sd KsKd9s", "d dh p2 7c6d3s")
    assert hand.cards(2) == "8s2s7c6d3s"
    hand.draw(3, "Ah")
    assert hand.cards(3) == "QhJd5c4d9c"
    assert hand.phase == "bet" and hand.to_act == 1 and hand.legal_actions().raise_to == RaiseRange(2, 2)


def test_draw_deck_runs_out_and_the_discards_are_reshuffled():
    # Eight players of 2-7 triple draw use 40 cards; three draws of five cards each by everyone need
    # 120 more: the deck runs out and the discards of the players before are shuffled in.  The
    # record replays: the replayer accepts a discard again once more than 52 cards were dealt.
    rng = random.Random(11)
    hand = Hand("F2L3D", [500] * 8, blinds=(1, 2), rng=rng)
    while not hand.over:
        legal = hand.legal_actions()
        if legal.draw is not None:
            hand.draw(legal.seat, hand.cards(legal.seat))
        elif legal.show:
            hand.show(legal.seat)
        else:
            hand.check_or_call(legal.seat)
    assert all(len(hand.cards(s)) == 10 for s in hand.seats)
    assert sum(hand.final_stacks.values()) == 4000
    check_replays(hand)


def test_draw_game_set_up_limits():
    with pytest.raises(PokerEngineError, match="9 players are too many"):
        Hand("N2L1D", [100] * 9, blinds=(1, 2))
    with pytest.raises(PokerEngineError, match="12 players are too many"):
        Hand("FB", [100] * 12, blinds=(1, 2))
    with pytest.raises(CardError, match="all 52 cards"):
        Hand("FB", [100] * 3, blinds=(1, 2), deck=Deck.of("AsKsQsJs" * 1 + "2c3c4c5c6c7c8c9c"))
    assert Hand("FB", [100] * 11, blinds=(1, 2)).n == 11


def test_badugi_showdown_through_settle():
    # Badugi, heads-up (seat 2 the button posts the small blind 1, seat 1 the big blind 2); both
    # stand pat three times and check.  Seat 1: 4c 3d 2h As, a four-card badugi, 4 high; seat 2:
    # Kc Qd Jh Ts, a four-card badugi, king high: seat 1 wins the pot of 4.
    deck = dealt("4c3d2hAs", "KcQdJhTs")
    hand = Hand("FB", [100, 100], blinds=(1, 2), deck=deck)
    hand.call(2)
    hand.check(1)
    while not hand.over:
        legal = hand.legal_actions()
        if legal.draw is not None:
            hand.stand_pat(legal.seat)
        elif legal.show:
            hand.show(legal.seat)
        else:
            hand.check(legal.seat)
    assert hand.settlement.pots[0].winners == (1,) and hand.final_stacks == {1: 102, 2: 98}
    check_replays(hand)


def test_single_draw_no_limit_all_in_players_still_draw():
    # 2-7 single draw, no limit: seat 3 shoves, both call.  Nobody can bet, but the draw comes first:
    # each live player draws in turn, then the hands are shown.
    hand = Hand("N2L1D", [50, 50, 50], blinds=(1, 2), rng=random.Random(3))
    hand.raise_to(3, 50)
    hand.call(1)
    hand.call(2)
    assert hand.phase == "draw" and hand.to_act == 1
    hand.draw(1, hand.cards(1)[:4])
    hand.stand_pat(2)
    hand.stand_pat(3)
    assert hand.over and sum(hand.final_stacks.values()) == 150
    check_replays(hand)
