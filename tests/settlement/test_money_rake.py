"""Rake on concrete hands, each worked by hand in its comments (mutation tests: docs/mutation.md)."""

from fractions import Fraction

import pytest

from pokerengine import Rake, Seat, settle

BOARD = "2c7d9hTs3c"


def heads_up(board, rake, **kw):
    # Seat 1 (AsAd) beats seat 2 (KsKd) on any of these boards; 10 each: one pot of 20.
    return settle([Seat(1, 10, cards="AsAd"), Seat(2, 10, cards="KsKd")], board=board, rake=rake, **kw)


def test_no_flop_no_drop_still_rakes_a_hand_that_saw_the_flop():
    # 10% of 20 is 2, the flop was dealt, so the rule does not apply: seat 1 gets 18.
    r = heads_up(BOARD, Rake("10", no_flop_no_drop=True))
    assert r.rake == 2 and r.payouts == {1: 18, 2: 0}
    # Seat 2 folded on the flop: no showdown, the three-card board says the flop was seen.
    r = settle([Seat(1, 10), Seat(2, 10, folded=True)], board="2c7d9h", rake=Rake("10", no_flop_no_drop=True))
    assert r.rake == 2 and r.payouts == {1: 18, 2: 0}


def test_no_flop_no_drop_skips_a_hand_that_ended_before_the_flop():
    # Seat 2 folds preflop: seat 1 takes 20, nothing raked.
    seats = [Seat(1, 10), Seat(2, 10, folded=True)]
    assert settle(seats, rake=Rake("10", no_flop_no_drop=True)).payouts == {1: 20, 2: 0}
    # Without the rule the same hand pays 2.
    r = settle(seats, rake=Rake("10"))
    assert r.rake == 2 and r.payouts == {1: 18, 2: 0}
    # flop_seen=False overrides the board: not raked with the rule, raked without it.
    assert heads_up(BOARD, Rake("10", no_flop_no_drop=True), flop_seen=False).rake == 0
    assert heads_up(BOARD, Rake("10"), flop_seen=False).rake == 2


def test_take_defaults_to_a_seen_flop_and_unit_one():
    # 10% of 20 is 2; a hand is raked unless told the flop was not seen.
    assert Rake("10", no_flop_no_drop=True).take([20]) == [2]
    assert Rake("10", no_flop_no_drop=True).take([20], flop_seen=False) == [0]
    # 10% of 29 = 2.9 -> 2, drawn 2*20/29 = 1.38 -> 1 and 2*9/29 = 0.62 -> 0; the unit left goes to the 0.62.
    assert Rake("10").take([20, 9]) == [1, 1]


def test_rake_drawn_by_largest_remainder():
    # 10% of 39 = 3.9 -> 3; shares 3*29/39 = 2.23, 3*6/39 = 0.46, 3*4/39 = 0.31: floors 2, 0, 0,
    # and the one unit left goes to the largest remainder, the 6 pot.
    assert Rake("10").take([29, 6, 4]) == [2, 1, 0]
    # Equal remainders go to the earlier pot: 10% of 20 = 2, shares 1.0 and 1.0 -> 1, 1; 10% of 30 = 3
    # over three 10s: 1, 1, 1; 5% of 60 = 3 over 20, 20, 20: 1 each.
    assert Rake("10").take([10, 10]) == [1, 1]
    assert Rake("5").take([20, 20, 20]) == [1, 1, 1]
    # 1 to share over 10 and 10: both remainders 0.5, the earlier pot pays.
    assert Rake("5").take([10, 10]) == [1, 0]
    # 2 to share over 5, 5, 5, 5 (10%): each 0.5, the first two pots pay.
    assert Rake("10").take([5, 5, 5, 5]) == [1, 1, 0, 0]


def test_rake_cap_floored_to_the_unit_and_units():
    # 10% of 1000 is 100, capped at 37, floored to the 5-chip unit: 35, drawn 35*600/1000 = 21 -> 20
    # and 14 -> 10, then one 5 to the larger remainder (4 against 1): the second pot.
    assert Rake("10", cap=37).take([600, 400], unit=5) == [20, 15]
    # Uncapped: 100 drawn 60 and 40.
    assert Rake("10").take([600, 400], unit=5) == [60, 40]
    # 10% of 49 is 4.9 -> 4 -> floored to 0 in units of 5: no rake at all.
    assert Rake("10").take([49], unit=5) == [0]
    # A cap above the rake changes nothing; a cap of 0 takes nothing.
    assert Rake("10", cap=500).take([600, 400]) == [60, 40]
    assert Rake("10", cap=0).take([600, 400]) == [0, 0]


def test_a_pot_never_gives_more_than_it_holds():
    # 60% of 84 = 50.4 -> 50 in 25-chip units.  Shares: 50*24/84 = 14.3 -> 0 and 50*60/84 = 35.7 -> 25.
    # One unit left; the 24 pot has the larger remainder (14.3 against 10.7) but holds only 24,
    # so the unit comes from the 60 pot: [0, 50].  Paying 25 from a 24-chip pot would hand its
    # winner -1 chips.
    assert Rake("60").take([24, 60], unit=25) == [0, 50]
    # 100% of 50 = 50: shares 24 -> 0 and 26 -> 25, one unit left that neither pot can pay:
    # the rake comes up short at 25.
    assert Rake("100").take([24, 26], unit=25) == [0, 25]


def test_each_pot_is_checked_against_its_own_chips():
    # 50% of 1 + 1 + 8 = 5, one 5-chip unit.  Shares 0.5, 0.5, 4 all floor to 0; the unit goes to the
    # largest remainder, the 8 pot, which can pay it.  Neither 1-chip pot could.
    assert Rake("50").take([1, 1, 8], unit=5) == [0, 0, 5]
    # 50% of 1 + 5 + 14 = 10: shares 0.5, 2.5, 7 -> 0, 0, 5; one unit left, to the 5 pot (remainder 2.5),
    # which holds exactly 5 and has given nothing yet.
    assert Rake("50").take([1, 5, 14], unit=5) == [0, 5, 5]


def test_a_pot_gives_its_last_unit():
    # Omaha, seats 6 and 7 folded after 3 and 2, seat 3 live with nothing in, seat 8 all in for 3,
    # 2 dead.  Pots: the dead 2 (open to 3 and 8, since seat 3 put in nothing), then 8 (3 + 2 + 3)
    # for seat 8.  90% of 10 = 9: shares 1.8 -> 1 and 7.2 -> 7, the unit left to the 2 pot, which can
    # pay it (1 + 1 <= 2): rake 2 + 7 = 9, seat 8 keeps 0 + 1.
    r = settle([Seat(6, 3, folded=True), Seat(7, 2, folded=True), Seat(3, 0, cards="4h4d5h5d"),
                Seat(8, 3, cards="AsAdKsKd")], board=BOARD, game="omaha", dead=2, rake=Rake("90"))
    assert [(p.amount, p.rake) for p in r.pots] == [(2, 2), (8, 7)]
    assert r.rake == 9 and r.payouts == {6: 0, 7: 0, 3: 0, 8: 1}
    # Seat 6 folded after 5 alone above seat 8's 3: its 2 nobody called go back unraked (TDA 15-B),
    # and the pots are 2 and 6: 90% of 8 = 7.2 -> 7: shares 1.8 -> 1 and 5.4 -> 5, the unit to the 2 pot.
    r = settle([Seat(6, 5, folded=True), Seat(3, 0, cards="4h4d5h5d"), Seat(8, 3, cards="AsAdKsKd")],
               board=BOARD, game="omaha", dead=2, rake=Rake("90"))
    assert [(p.amount, p.rake) for p in r.pots] == [(2, 2), (6, 5)]
    assert r.rake == 7 and r.payouts == {6: 2, 3: 0, 8: 1}
    # The same through take: a pot of exactly one unit pays it.
    assert Rake("100").take([5], unit=5) == [5]
    assert Rake("50").take([1, 1]) == [1, 0]


def test_rake_in_a_settled_side_pot_hand_with_chip_units():
    # Seat 1 all in for 8, seats 2 and 3 put in 38: main pot 24 (8 x 3), side pot 60 (30 x 2).
    # 60% rake in 25-chip units: [0, 50] as above.  Seat 1 (AA) wins the main pot, seat 2 (KK) the
    # side pot: 24 and 60 - 50 = 10.
    r = settle([Seat(1, 8, cards="AsAd"), Seat(2, 38, cards="KsKd"), Seat(3, 38, cards="QsQd")],
               board=BOARD, rake=Rake("60"), chip_unit=25)
    assert [(p.amount, p.rake) for p in r.pots] == [(24, 0), (60, 50)]
    assert r.payouts == {1: 24, 2: 10, 3: 0}


def test_percent_forms_are_exact():
    # 2.5% of 200 is exactly 5; as an int, a Fraction and text.
    assert Rake("2.5").take([200]) == [5]
    assert Rake(Fraction(5, 2)).take([200]) == [5]
    assert Rake(3).take([200]) == [6]
    assert Rake("0").take([200]) == [0] and Rake("100").take([200]) == [200]
    assert Rake(0).percent == 0 and Rake(100).percent == 100
    assert Rake(Fraction(0)).percent == 0 and Rake(Fraction(100)).percent == 100


@pytest.mark.parametrize("percent", ["100.5", "-1", -1, 101, Fraction(-1, 2), Fraction(201, 2), "1/2", 2.5, True])
def test_percent_out_of_range_or_wrong_type(percent):
    from pokerengine import SettlementInputError

    with pytest.raises(SettlementInputError):
        Rake(percent)


def test_percent_precision_limits():
    # Text with up to 6 decimals and Fractions with denominators up to 10**6 are exact; finer is refused.
    from pokerengine import SettlementInputError

    assert Rake("0.000001").percent == Fraction(1, 10**6)
    assert Rake(Fraction(1, 10**6)).percent == Fraction(1, 10**6)
    assert Rake(Fraction(3, 7)).percent == Fraction(3, 7)
    for bad in ("0.0000001", Fraction(1, 10**6 + 1)):
        with pytest.raises(SettlementInputError):
            Rake(bad)


@pytest.mark.parametrize("flag", [1, 0, "true", None])
def test_no_flop_no_drop_must_be_a_bool(flag):
    from pokerengine import SettlementInputError

    with pytest.raises(SettlementInputError, match="no_flop_no_drop must be true or false"):
        Rake("5", no_flop_no_drop=flag)
