"""Settlement API: results, explain(), and every kind of bad input refused before anything is computed."""

from decimal import Decimal
from fractions import Fraction

import pytest

from pokerengine import CardError, ChipError, PokerEngineError, Rake, Seat, SettlementInputError, build_pots, settle
from pokerengine.hand_json import settle_json

BOARD = "2c7d9hTs3c"


def seed004(**kw):
    return settle(
        [Seat(1, 10, cards="QsQd"), Seat(2, 10, cards="QhQc"), Seat(3, 8, cards="KsKd"),
         Seat(4, 6, cards="AsAd"), Seat(5, 5, folded=True)],
        board=BOARD, small_blind=1, button=5, **kw)


def test_seed004_pots_and_nets():
    r = seed004()
    assert [p.amount for p in r.pots] == [29, 6, 4]
    assert dict(r.net) == {1: -8, 2: -8, 3: -2, 4: 23, 5: -5}
    assert sum(r.net.values()) == 0


def test_results_are_frozen_values():
    r = seed004()
    with pytest.raises(AttributeError):
        r.rake = 1
    with pytest.raises(TypeError):
        r.payouts[1] = 100
    assert r == seed004()


def test_explain_reads_like_the_seed():
    text = seed004().explain()
    assert "Main pot: 29 chips (6 from each of seats 1, 2, 3, 4; 5 from seat 5), eligible seats 1, 2, 3, 4" in text
    assert "Side pot 1: 6 chips" in text and "Side pot 2: 4 chips" in text
    assert "seat 4 wins 29" in text
    assert "Seat 4 [AsAd]: put in 6, gets 29, net +23" in text


def test_dead_money_with_a_live_seat_that_put_nothing_in():
    # Seat 2 is live (checked its option) with nothing in: the dead money is a pot open to both.
    r = settle([Seat(1, 0, cards="AsAd"), Seat(2, 0, cards="KsKd")], board=BOARD, dead=7)
    assert [(p.amount, p.eligible) for p in r.pots] == [(7, (1, 2))]
    assert r.payouts == {1: 7, 2: 0}


def test_dead_money_pot_below_a_zero_contribution_live_seat():
    layout = build_pots([Seat(1, 0), Seat(2, 10), Seat(3, 10)], dead=5)
    assert [(p.amount, p.eligible) for p in layout.pots] == [(5, (1, 2, 3)), (20, (2, 3))]


def test_split_pot_winners_only_among_eligible():
    # Seat 3 would tie the board but folded; seats 1 and 2 split.
    r = settle([Seat(1, 10, cards="2c3d"), Seat(2, 10, cards="2d3c"), Seat(3, 10, folded=True, cards="2h3h")],
               board="9hTsJcQdKh")
    assert r.payouts == {1: 15, 2: 15, 3: 0}


@pytest.mark.parametrize("bad", [1.0, Decimal(1), True, "10", Fraction(10), -1, None])
def test_contributions_must_be_non_negative_ints(bad):
    with pytest.raises(PokerEngineError):
        Seat(1, bad)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"dead": 1.5}, ChipError),
        ({"dead": True}, ChipError),
        ({"dead": -1}, ChipError),
        ({"chip_unit": 0}, SettlementInputError),
        ({"chip_unit": 2.0}, SettlementInputError),
        ({"small_blind": 9}, SettlementInputError),
        ({"button": 9}, SettlementInputError),
        ({"button": "1"}, SettlementInputError),
        ({"odd_chip": "random"}, SettlementInputError),
        ({"odd_chip": "high_card"}, SettlementInputError),
        ({"game": "chess"}, SettlementInputError),
        ({"board": "2c7d9hTs"}, CardError),
        ({"board": "2c7d9hTs3c4c"}, CardError),
        ({"board": "2c7d9hTsXx"}, CardError),
        ({"board": "2c7d9hTsAs"}, CardError),  # As is in seat 2's hand
        ({"rake": "5"}, SettlementInputError),
    ],
)
def test_bad_hand_arguments_are_refused(kwargs, error):
    seats = [Seat(1, 10, cards="KsKd"), Seat(2, 10, cards="AsAd")]
    args = {"board": BOARD, **kwargs}
    with pytest.raises(error):
        settle(seats, **args)


@pytest.mark.parametrize(
    "seats, error",
    [
        ([Seat(1, 10, cards="KsKd"), Seat(1, 10, cards="AsAd")], SettlementInputError),  # duplicate seat
        ([Seat(1, 10, cards="KsKd"), Seat(2, 10)], CardError),  # live seat without cards at showdown
        ([Seat(1, 10, cards="KsKdQs"), Seat(2, 10, cards="AsAd")], CardError),  # three hole cards in hold'em
        ([Seat(1, 10, cards="Ks"), Seat(2, 10, cards="AsAd")], CardError),  # one hole card
        ([Seat(1, 10, cards="KsKd"), Seat(2, 10, cards="KsAd")], CardError),  # card used twice
        ([Seat(1, 10, True), Seat(2, 10, True)], SettlementInputError),  # nobody live
        ([], SettlementInputError),
        ([(1, 10)], SettlementInputError),
    ],
)
def test_bad_seats_are_refused(seats, error):
    with pytest.raises(error):
        settle(seats, board=BOARD)


@pytest.mark.parametrize("seat", [0, -3, 1.0, True, "1"])
def test_seat_numbers_are_positive_ints(seat):
    with pytest.raises(SettlementInputError):
        Seat(seat, 10)


@pytest.mark.parametrize("card", ["1s", "Ax", "AS", "", "A", 5])
def test_bad_card_text(card):
    with pytest.raises(CardError):
        Seat(1, 10, cards=[card, "Kd"])


@pytest.mark.parametrize("percent", ["101", "-1", 5.0, True, "five", Decimal("5")])
def test_bad_rake_percent(percent):
    with pytest.raises(SettlementInputError):
        Rake(percent)


def test_rake_cap_must_be_int():
    with pytest.raises(SettlementInputError):
        Rake("5", cap=2.5)


def test_errors_are_value_errors():
    assert issubclass(PokerEngineError, ValueError)
    assert issubclass(CardError, PokerEngineError) and issubclass(ChipError, PokerEngineError)


@pytest.mark.parametrize(
    "hand",
    [
        {"seats": [{"seat": 1, "contributed": 10.0}]},
        {"seats": [{"seat": 1, "contributed": 10, "foldd": True}]},
        {"seats": [{"seat": 1}]},
        {"seat": []},
        {"seats": {}},
        {"seats": [{"seat": 1, "contributed": 5}], "rake": {"percent": 5.0}},
        {"seats": [{"seat": 1, "contributed": 5}], "rake": {"cap": 3}},
        [],
        "hand",
    ],
)
def test_bad_json_hands(hand):
    with pytest.raises(PokerEngineError):
        out = settle_json(hand)
        if hand == []:
            assert out == []
            raise SettlementInputError("empty list is fine")


def test_json_list_in_list_out():
    hand = {"seats": [{"seat": 1, "contributed": 5, "folded": True}, {"seat": 2, "contributed": 10}]}
    out = settle_json([hand, hand])
    assert isinstance(out, list) and len(out) == 2 and out[0]["payouts"] == {"1": 0, "2": 15}


def test_error_in_a_list_names_the_hand():
    good = {"seats": [{"seat": 1, "contributed": 5}]}
    with pytest.raises(PokerEngineError, match="hand 1"):
        settle_json([good, {"seats": [{"seat": 1, "contributed": -5}]}])
