"""Settlement on concrete hands worked by hand, and the odd units of hi/lo pots
(mutation tests: docs/mutation.md)."""

import pytest
from hypothesis import given

from pokerengine import CardError, ChipError, Rake, Seat, SettlementInputError, settle
from pokerengine.cards import parse_cards
from pokerengine.strategies import hands

HILO_BOARD = "2c3d8hKsQd"


def hilo(**kw):
    # Omaha hi/lo, board 2c 3d 8h Ks Qd.  Seat 1 (QhQc + Qd Ks 8h) has trips and no low; seats 2 and 3
    # (Ax 4x + 2c 3d 8h) tie for the low 8-4-3-2-A and have only a pair of nines for high.
    return settle([Seat(1, 10, cards="QhQcJdJh"), Seat(2, 10, cards="Ac4c9s9d"), Seat(3, 10, cards="As4s9c9h")],
                  board=HILO_BOARD, game="omaha-hilo", **kw)


def test_hilo_odd_unit_of_the_low_half_goes_clockwise_from_the_small_blind():
    # 30 + 1 dead = 31: high half 16 (the odd chip of the halving goes high), low half 15 split 8/7.
    r = hilo(dead=1)
    [p] = r.pots
    assert (p.high_winners, p.low_winners) == ((1,), (2, 3))
    assert dict(p.shares) == {1: 16, 2: 8, 3: 7} and p.odd_units == (2,)
    assert p.winners == (1, 2, 3)
    # Small blind at seat 3: the low half's odd chip goes to seat 3 first.
    r = hilo(dead=1, small_blind=3)
    [p] = r.pots
    assert dict(p.shares) == {1: 16, 3: 8, 2: 7} and p.odd_units == (3,)
    assert r.payouts == {1: 16, 2: 7, 3: 8}


def test_hilo_even_halves_have_no_odd_units():
    # 30: 15 high to seat 1, 15 low split 8/7 (one odd chip); with 2 dead, 32: 16 and 16 = 8 + 8.
    [p] = hilo().pots
    assert dict(p.shares) == {1: 15, 2: 8, 3: 7} and p.odd_units == (2,)
    [p] = hilo(dead=2).pots
    assert dict(p.shares) == {1: 16, 2: 8, 3: 8} and p.odd_units == ()


def test_hilo_in_chip_units():
    # 30 + 5 dead = 35 in 5-chip units: 7 units, low half 3 units = 15, high 20.  Low 15 split between
    # seats 2 and 3: 3 units, one each, one left -> 10/5, odd unit to seat 2.
    [p] = hilo(dead=5, chip_unit=5).pots
    assert dict(p.shares) == {1: 20, 2: 10, 3: 5} and p.odd_units == (2,)
    # 30 + 3 dead = 33: 6 units and a fragment of 3, low half 3 units = 15, high 18 (fragment high).
    [p] = hilo(dead=3, chip_unit=5).pots
    assert dict(p.shares) == {1: 18, 2: 10, 3: 5} and p.odd_units == (2,)


def test_hilo_ties_both_ways():
    # Board 2c 3d 8h Ks Qd.  Seats 1 and 2 hold the same ranks, A 4 J T, in other suits: both play
    # A-J + K-Q-8 for high and A-4 + 2-3-8 for low, a tie both ways.  Seat 3 folded after 10, 1 dead.
    r = settle([Seat(1, 10, cards="Ac4cJhTh"), Seat(2, 10, cards="Ah4hJcTc"), Seat(3, 10, folded=True)],
               board=HILO_BOARD, game="omaha-hilo", small_blind=2, dead=1)
    [p] = r.pots
    # 31: high 16 split 8/8, low 15 split 8/7 with the odd chip to seat 2, the small blind.
    assert (p.high_winners, p.low_winners) == ((1, 2), (1, 2))
    assert dict(p.shares) == {2: 16, 1: 15} and p.odd_units == (2,)
    # Seat 3 folded after 11, the lone top: its 1 above the others was never called and goes back to
    # it, folded as it is (TDA 15-B), so the pot is 30, not 31.
    r = settle([Seat(1, 10, cards="Ac4cJhTh"), Seat(2, 10, cards="Ah4hJcTc"), Seat(3, 11, folded=True)],
               board=HILO_BOARD, game="omaha-hilo", small_blind=2)
    assert dict(r.refunds) == {1: 0, 2: 0, 3: 1} and r.pots[0].amount == 30
    assert dict(r.payouts) == {1: 14, 2: 16, 3: 1}
    # Seat 3 folded after 10: 30, halves of 15 and 15, each split 8/7: an odd chip in each half, both
    # to the small blind; odd_units lists the high half's, then the low half's.
    for sb, other in ((2, 1), (1, 2)):
        r = settle([Seat(1, 10, cards="Ac4cJhTh"), Seat(2, 10, cards="Ah4hJcTc"), Seat(3, 10, folded=True)],
                   board=HILO_BOARD, game="omaha-hilo", small_blind=sb)
        [p] = r.pots
        assert dict(p.shares) == {sb: 16, other: 14} and p.odd_units == (sb, sb)


def test_hilo_no_low_high_scoops_with_odd_units():
    # Board without three low cards: no low.  Seats 1 and 2 tie for high with the same ranks; 21
    # (dead 1) split 11/10, odd chip to the small blind, seat 1.
    r = settle([Seat(1, 10, cards="AcKcJhTh"), Seat(2, 10, cards="AhKhJcTc")], board="9s9dQsQh5c",
               game="omaha-hilo", dead=1)
    [p] = r.pots
    assert p.low_winners == () and p.high_winners == (1, 2)
    assert dict(p.shares) == {1: 11, 2: 10} and p.odd_units == (1,)


def _ring(hand):
    order = [s.seat for s in hand["seats"]]
    if hand["odd_chip"] == "left_of_button":
        start = order[(order.index(hand["button"]) + 1) % len(order)]
    else:
        start = hand["small_blind"]
    i = order.index(start)
    return order[i:] + order[:i]


def _dealt(amount, winners, unit):
    """Deal ``amount`` to ``winners`` (in odd-unit order) one unit at a time, the dealer's way: returns the
    shares and who got more than the round-down share (the odd units, then the fragment)."""
    shares = dict.fromkeys(winners, 0)
    units, fragment = divmod(amount, unit)
    for i in range(units):
        shares[winners[i % len(winners)]] += unit
    odd = list(winners[: units % len(winners)]) if len(winners) > 1 else []
    if fragment:
        shares[winners[units % len(winners)]] += fragment
        if len(winners) > 1:
            odd.append(winners[units % len(winners)])
    return shares, odd


@given(hands(games=("omaha-hilo",), showdown=True, max_seats=6))
def test_hilo_shares_and_odd_units(hand):
    """Each hi/lo pot: the low half is half the whole units (rounded down), each half is dealt unit by
    unit clockwise from the rule's seat among its winners, and ``odd_units`` lists who got the
    left-over units of the high half, then of the low half."""
    result = settle(**hand)
    ring = _ring(hand)
    unit = hand["chip_unit"]
    for p in result.pots:
        net = p.amount - p.rake
        if len(p.eligible) == 1:
            assert dict(p.shares) == {p.eligible[0]: net} and p.odd_units == ()
            continue
        if p.low_winners:
            low = net // unit // 2 * unit
            halves = [(net - low, p.high_winners), (low, p.low_winners)]
        else:
            halves = [(net, p.high_winners)]
        want: dict = {}
        odd = []
        for amount, winners in halves:
            order = [s for s in ring if s in winners]
            shares, got_odd = _dealt(amount, order, unit)
            for s, v in shares.items():
                want[s] = want.get(s, 0) + v
            odd += got_odd
        assert dict(p.shares) == want
        assert list(p.odd_units) == odd
        assert p.winners == tuple(s for s in p.eligible if s in want)


def test_explain_shows_each_layer_and_the_dead_money():
    # Seat 1 live with nothing in, 5 dead: the dead money is a pot of its own (between 0 and 0) that
    # seat 1's aces win; the 20 seats 2 and 3 put in are a side pot seat 1 cannot win.
    text = settle([Seat(1, 0, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 10, cards="QsQd")],
                  board="2c7d9hTs3c", dead=5).explain()
    assert text.splitlines()[:5] == [
        "holdem, board 2c 7d 9h Ts 3c; 20 chips put in, 5 dead",
        "Main pot: 5 chips (5 dead), eligible seats 1, 2, 3",
        "  seat 1 wins 5",
        "Side pot 1: 20 chips (10 from each of seats 2, 3), eligible seats 2, 3",
        "  seat 2 wins 20",
    ]
    # Live levels 4, 10, 12; seat 4 folded after 20, the lone top: its 8 above seat 3's 12 go back
    # (TDA 15-B, folded or not).  Main 4 x 4 + 3 dead = 19, side 6 x 3 = 18, top: 2 each from 3 and 4.
    text = settle([Seat(1, 4, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 12, cards="QsQd"),
                   Seat(4, 20, folded=True)], board="2c7d9hTs3c", dead=3).explain()
    assert text.splitlines()[1:8] == [
        "Uncalled: seat 4 gets back 8",
        "Main pot: 19 chips (4 from each of seats 1, 2, 3, 4; 3 dead), eligible seats 1, 2, 3",
        "  seat 1 wins 19",
        "Side pot 1: 18 chips (6 from each of seats 2, 3, 4), eligible seats 2, 3",
        "  seat 2 wins 18",
        "Side pot 2: 4 chips (2 from each of seats 3, 4), eligible seats 3",
        "  seat 3 wins 4",
    ]
    assert text.splitlines()[-1] == "Seat 4 (folded): put in 20, gets 8, net -12"
    # Seat 5 folded after 16 too: seat 4 gets back only 4, and the folded chips above seat 3's 12
    # (4 from each of seats 4 and 5) join the top pot, which no live seat but 3 can win.
    text = settle([Seat(1, 4, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 12, cards="QsQd"),
                   Seat(4, 20, folded=True), Seat(5, 16, folded=True)], board="2c7d9hTs3c", dead=3).explain()
    assert text.splitlines()[1] == "Uncalled: seat 4 gets back 4"
    assert "Side pot 2: 14 chips (6 from each of seats 4, 5; 2 from seat 3), eligible seats 3" in text.splitlines()


def test_pot_result_part_of():
    # The side pot above between 4 and 10: a seat's chips in that layer.
    r = settle([Seat(1, 4, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 12, cards="QsQd"),
                Seat(4, 20, folded=True)], board="2c7d9hTs3c", dead=3)
    main, side, top = r.pots
    assert (main.lower, main.upper, main.dead, side.lower, side.upper, top.lower, top.upper) == (0, 4, 3, 4, 10, 10, None)
    assert [side.part_of(c) for c in (0, 4, 5, 10, 12, 20)] == [0, 0, 1, 6, 6, 6]
    assert [top.part_of(c) for c in (0, 10, 12, 20)] == [0, 0, 2, 10]
    assert [main.part_of(c) for c in (0, 3, 4, 20)] == [0, 3, 4, 4]


def test_result_values_defaults_and_read_only_maps():
    from pokerengine.settlement import PotResult, Settlement

    shares = {1: 10}
    p = PotResult(10, (1, 2), (1,), shares)
    assert (p.odd_units, p.rake, p.high_winners, p.low_winners, p.lower, p.upper, p.dead) == ((), 0, None, None, 0,
                                                                                             None, 0)
    shares[1] = 99  # copied, and read-only
    assert dict(p.shares) == {1: 10}
    with pytest.raises(TypeError):
        p.shares[1] = 5
    refunds, payouts = {1: 0}, {1: 10}
    s = Settlement("holdem", (Seat(1, 10),), (), refunds, 0, payouts)
    assert (s.dead, s.chip_unit, s.odd_chip, s.pot_data, s.pots) == (0, 1, "small_blind", (), ())
    refunds[1] = payouts[1] = 99
    assert dict(s.refunds) == {1: 0} and dict(s.payouts) == {1: 10}
    for mapping in (s.refunds, s.payouts):
        with pytest.raises(TypeError):
            mapping[1] = 5


def test_contributed_and_net():
    # Seed 004: 10, 10, 8, 6 and a folded 5; seat 4's aces win the 29 main pot.
    r = settle([Seat(1, 10, cards="QsQd"), Seat(2, 10, cards="QhQc"), Seat(3, 8, cards="KsKd"),
                Seat(4, 6, cards="AsAd"), Seat(5, 5, folded=True)], board="2c7d9hTs3c", small_blind=1, button=5)
    assert dict(r.contributed) == {1: 10, 2: 10, 3: 8, 4: 6, 5: 5}
    assert dict(r.net) == {1: -8, 2: -8, 3: -2, 4: 23, 5: -5}
    with pytest.raises(TypeError):
        r.contributed[1] = 0


def test_single_claimant_pots_record_no_low_half():
    # Seat 1 all in for 5, seat 2 puts in 10, seat 3 folds after 10: main pot 15 for 1 and 2, side pot
    # 10 for seat 2 alone.  Hold'em: no halves at all (None).  Omaha hi/lo: a side pot nobody can
    # contest is high's, with an empty low side, whatever low seat 2 holds.
    r = settle([Seat(1, 5, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 10, folded=True)], board="2c7d9hTs3c")
    side = r.pots[1]
    assert (side.amount, side.eligible, side.winners, side.high_winners, side.low_winners) == (10, (2,), (2,), None, None)
    r = settle([Seat(1, 5, cards="Ac4cJhTh"), Seat(2, 10, cards="Ah4hJcTc"), Seat(3, 10, folded=True)],
               board=HILO_BOARD, game="omaha-hilo")
    main, side = r.pots
    assert (main.high_winners, main.low_winners) == ((1, 2), (1, 2))
    assert (side.amount, side.high_winners, side.low_winners, dict(side.shares)) == (10, (2,), (), {2: 10})


def test_uncontested_pots_fields():
    # Everyone else folded: one pot, shares after rake, halves recorded only in hi/lo games.
    seats = [Seat(1, 10), Seat(2, 10, folded=True)]
    [p] = settle(seats, rake=Rake("10")).pots
    assert (p.amount, p.rake, dict(p.shares), p.winners, p.high_winners, p.low_winners) == (20, 2, {1: 18}, (1,),
                                                                                             None, None)
    [p] = settle(seats, game="omaha-hilo").pots
    assert (dict(p.shares), p.high_winners, p.low_winners) == ({1: 20}, (1,), ())


def test_left_of_button_defaults_to_the_last_seat_as_button():
    # Three-way tie on a board straight; 30 + 2 dead = 32: 10 each and 2 odd chips, clockwise from the
    # seat left of the button.  The button defaults to the last seat listed (3), so seats 1 and 2.
    r = settle([Seat(1, 10, cards="2s3s"), Seat(2, 10, cards="2h3h"), Seat(3, 10, cards="2d3d")],
               board="AcKdQhJsTd", odd_chip="left_of_button", dead=2)
    assert dict(r.payouts) == {1: 11, 2: 11, 3: 10} and r.pots[0].odd_units == (1, 2)


def test_stud_hilo_odd_chips_by_the_high_card_of_each_half():
    # Both hold K-K-7-5-4 for high and 7-5-4-3-2 for low.  The high half's odd chip goes to the best
    # card by suit of the winning high hands (seat 1's king of spades), the low half's to the best card
    # of the low hands (seat 2's seven of diamonds beats seat 1's seven of clubs).
    # 100 + 2 dead = 102: halves 51 and 51, each 26/25.
    r = settle([Seat(1, 50, cards="KsKd7c5h4d3s2c"), Seat(2, 50, cards="KhKc7d5d4c3h2d")], game="stud-hilo", dead=2)
    [p] = r.pots
    assert (p.high_winners, p.low_winners) == ((1, 2), (1, 2))
    assert dict(p.shares) == {1: 51, 2: 51} and p.odd_units == (1, 2)
    # No low at all: high scoops; 101 split 51/50, the odd chip by the high hands (king of spades).
    r = settle([Seat(1, 50, cards="KsKdQcJh9d3s2c"), Seat(2, 50, cards="KhKcQdJs9h3d2h")], game="stud-hilo", dead=1)
    [p] = r.pots
    assert p.low_winners == () and dict(p.shares) == {1: 51, 2: 50} and p.odd_units == (1,)


def test_a_game_value_and_custom_board_sizes():
    # A Game registered by the caller: a showdown on the flop or on the river.
    from pokerengine.games import GAMES, Game
    from pokerengine.hands.high import holdem_high

    g = Game("flop-or-river", (2,), (3, 5), holdem_high)
    for board in ("2c7d9h", "2c7d9hTs3c"):
        r = settle([Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")], board=board, game=g)
        assert r.game == "flop-or-river" and dict(r.payouts) == {1: 20, 2: 0}
    assert settle([Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")], board="2c7d9hTs3c",
                  game=GAMES["holdem"]).payouts == {1: 20, 2: 0}


def test_flop_seen_override():
    # Seat 2 folded preflop (no board), but the caller says the flop was seen: raked 10% of 20.
    seats = [Seat(1, 10), Seat(2, 10, folded=True)]
    assert settle(seats, rake=Rake("10", no_flop_no_drop=True), flop_seen=True).rake == 2
    with pytest.raises(SettlementInputError, match="flop_seen must be true or false"):
        settle(seats, flop_seen=1)


@pytest.mark.parametrize(
    "seats, kw, error, message",
    [
        # Checked even when nobody shows down.
        ([Seat(1, 10), Seat(2, 10, folded=True)], {"board": "2c7d9hTs3c4c"}, CardError,
         "holdem has at most 5 board cards, got 6"),
        ([Seat(1, 10), Seat(2, 10, folded=True, cards="AsKsQs")], {}, CardError,
         "seat 2 has 3 hole cards; holdem deals at most 2"),
        ([Seat(1, 5, cards="As"), Seat(2, 5, folded=True, cards="As")], {}, CardError, "card As is used twice"),
        ([Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")], {"board": "2c7d9hTs"}, CardError,
         "holdem needs a board of 5 cards at showdown, got 4"),
        ([Seat(1, 10), Seat(2, 10, folded=True)], {"chip_unit": -1}, SettlementInputError, "chip_unit"),
        ([Seat(1, 10), Seat(2, 10, folded=True)], {"dead": "3"}, ChipError, "dead money"),
        ([Seat(1, 10), Seat(2, 10, folded=True)], {"game": ["holdem"]}, SettlementInputError, "unknown game"),
    ],
)
def test_bad_hands_named(seats, kw, error, message):
    with pytest.raises(error, match=message):
        settle(seats, **kw)


def test_showdown_strengths_only_for_contested_chips():
    # strengths() evaluates only seats that contest a pot with chips in it; no cards needed otherwise.
    from pokerengine.games import GAMES
    from pokerengine.pots import layers_of
    from pokerengine.settlement import strengths

    holdem = GAMES["holdem"]
    for seats in ([Seat(1, 10), Seat(2, 10, folded=True)], [Seat(1, 0), Seat(2, 0)], [Seat(1, 0), Seat(2, 5)]):
        assert strengths(holdem, seats, layers_of(seats)[0], ()) == ({}, {})
    seats = [Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd"), Seat(3, 4, folded=True)]
    high, low = strengths(holdem, seats, layers_of(seats)[0], parse_cards("2c7d9hTs3c"))
    assert set(high) == {1, 2} and high[1] > high[2] and low == {}


def test_repr_leaves_out_the_pot_tuples():
    r = settle([Seat(1, 10), Seat(2, 10, folded=True)])
    assert "pot_data" not in repr(r) and repr(r).startswith("Settlement(game='holdem'")


def test_a_side_pot_tie_after_a_tied_all_in_seat():
    # A royal flush on the board: everyone ties.  Seat 2 is all in for 4 between seats 1 and 3, who put
    # in 10.  Main pot 12 split three ways (4 each); side pot 12 split by seats 1 and 3 (6 each), seat 2
    # sitting between them in the ranking though it cannot win the side pot.
    r = settle([Seat(1, 10, cards="2c3d"), Seat(2, 4, cards="2d3c"), Seat(3, 10, cards="2h3h")],
               board="AsKsQsJsTs")
    assert [(p.amount, dict(p.shares)) for p in r.pots] == [(12, {1: 4, 2: 4, 3: 4}), (12, {1: 6, 3: 6})]
    assert r.payouts == {1: 10, 2: 4, 3: 10}


def test_stud_tie_odd_chip_to_the_high_card_by_suit():
    # Seven-card stud, both hold K-K-Q-J-9 (no low in a high-only game matters): 101 split 51/50, the odd
    # chip to the king of spades, seat 2.
    r = settle([Seat(1, 50, cards="KhKcQdJs9h3d2h"), Seat(2, 50, cards="KsKdQcJh9d3s2c")], game="stud", dead=1)
    assert dict(r.payouts) == {1: 50, 2: 51} and r.pots[0].odd_units == (2,)


def test_seats_must_be_a_sequence():
    with pytest.raises(SettlementInputError, match="sequence of Seat values"):
        settle(iter([Seat(1, 10), Seat(2, 10, folded=True)]))


def test_chip_unit_above_max_chips_is_refused():
    # The fast path for a plain int chip unit must still bound it: 2**63 - 1 is the largest allowed.
    seats = [Seat(1, 10), Seat(2, 10, folded=True)]
    assert settle(seats, chip_unit=2**63 - 1).payouts == {1: 20, 2: 0}
    with pytest.raises(SettlementInputError, match=r"chip_unit must be at most 2\*\*63 - 1, got an integer of 64 bits"):
        settle(seats, chip_unit=2**63)


def test_bad_seats_are_reported_before_bad_dead_money():
    # settle() checks the seats before the dead money: with both wrong, the seats are named.
    many = [Seat(i, 1) for i in range(1, 102)]
    for seats in (many, tuple(many)):
        with pytest.raises(SettlementInputError, match="a hand has at most 100 seats, got 101"):
            settle(seats, dead=-1)
    with pytest.raises(SettlementInputError, match="seats must be a sequence of Seat values"):
        settle(iter([Seat(1, 10), Seat(2, 10, folded=True)]), dead=-1)


def test_seats_in_another_sequence_type():
    # Any Sequence of Seat values will do, up to 100 of them; one more is refused.
    from collections import UserList

    r = settle(UserList([Seat(1, 10), Seat(2, 10, folded=True)]))
    assert r.payouts == {1: 20, 2: 0} and r.seats == (Seat(1, 10), Seat(2, 10, folded=True))
    # 100 seats each put in 1, all folded but seat 1: seat 1 takes the 100 chips.
    r = settle(UserList([Seat(1, 1)] + [Seat(i, 1, folded=True) for i in range(2, 101)]))
    assert r.payouts[1] == 100 and sum(r.payouts.values()) == 100
    with pytest.raises(SettlementInputError, match="a hand has at most 100 seats, got 101"):
        settle(UserList([Seat(1, 1)] + [Seat(i, 1, folded=True) for i in range(2, 102)]))
