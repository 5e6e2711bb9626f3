"""Settlement under hostile input: hostile values given to settle(), Seat, Rake and the JSON form are
refused quickly with a short, clear error, and a pot of no chips needs no showdown."""

import itertools
import time
from fractions import Fraction

import pytest

from pokerengine import CardError, ChipError, Rake, Seat, SettlementInputError, settle
from pokerengine._checks import MAX_CHIPS
from pokerengine.cards import MAX_CARD_TEXT, MAX_CARDS, parse_cards
from pokerengine.hand_json import settle_json
from pokerengine.seats import MAX_SEATS

BOARD = "2c7d9hTs3c"


# --- Rake percent: plain ASCII decimal text, bounded --------------------------------------------

@pytest.mark.parametrize("percent", ["1e-99999999", "1e-10000000", "1E2", "5e0"])
def test_rake_percent_with_an_exponent_is_refused_at_once(percent):
    start = time.perf_counter()
    with pytest.raises(SettlementInputError, match="decimal text"):
        Rake(percent)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    "percent",
    ["\u0665", "\u0662.\u0665", "\uff15",  # Arabic-Indic and fullwidth digits pass str.isdigit and Fraction()
     " 5", "5 ", "5\n", "\t5", "5\u00a0",  # whitespace that Fraction() strips
     "+5", "-0", "1/2", "1_0", ".5", "5.", "", "five", "nan", "inf",
     "0.1234567",  # seven decimal places
     "1000", "0005"],
)
def test_rake_percent_text_must_be_plain_decimal(percent):
    with pytest.raises(SettlementInputError):
        Rake(percent)


@pytest.mark.parametrize(
    "percent, value",
    [("5", 5), ("2.5", Fraction(5, 2)), ("0.125", Fraction(1, 8)), ("100", 100), ("0", 0), ("100.0", 100),
     ("12.345678", Fraction(12345678, 10**6)), (7, 7), (Fraction(1, 3), Fraction(1, 3))],
)
def test_rake_percent_accepted_forms(percent, value):
    assert Rake(percent).percent == value


@pytest.mark.parametrize("percent", ["100.5", 101, -1, Fraction(201, 2), Fraction(1, 10**7), 2.5, True, None])
def test_rake_percent_out_of_range_or_wrong_type(percent):
    with pytest.raises(SettlementInputError):
        Rake(percent)


def test_rake_percent_refused_in_json():
    hand = {"seats": [{"seat": 1, "contributed": 5}, {"seat": 2, "contributed": 5, "folded": True}],
            "rake": {"percent": "1e-99999999"}}
    with pytest.raises(SettlementInputError, match="rake percent"):
        settle_json(hand)


# --- Cards: lowercase, integers and objects refused; lengths bounded ----------------------------

@pytest.mark.parametrize("text", ["as", "td", "AsKd", "Asth"])
def test_lowercase_ranks_are_refused(text):
    if text == "AsKd":
        assert len(parse_cards(text)) == 2
        return
    with pytest.raises(CardError):
        parse_cards(text)


def test_lowercase_ranks_refused_in_json():
    hand = {"board": ["2c", "7d", "9h", "ts", "3c"],
            "seats": [{"seat": 1, "contributed": 5, "cards": "AsAd"}, {"seat": 2, "contributed": 5, "cards": "KsKd"}]}
    with pytest.raises(CardError, match="'ts'"):
        settle_json(hand)


def two_seats(**hand):
    return {"seats": [{"seat": 1, "contributed": 5, "cards": ["As", "Ad"]},
                      {"seat": 2, "contributed": 5, "cards": ["Ks", "Kd"]}], **hand}


@pytest.mark.parametrize(
    "hand",
    [
        two_seats(board={"2c": 1, "7d": 1, "9h": 1, "Ts": 1, "3c": 1}),  # an object: its keys used to be the board
        two_seats(board=[parse_cards("2c")[0], "7d", "9h", "Ts", "3c"]),  # a raw card integer
        {"seats": [{"seat": 1, "contributed": 5, "cards": list(parse_cards("AsAd"))},
                   {"seat": 2, "contributed": 5, "cards": ["Ks", "Kd"]}], "board": BOARD},
        two_seats(board=5),
        two_seats(board=[["2c"], "7d", "9h", "Ts", "3c"]),
        {"seats": [{"seat": 1, "contributed": 5, "cards": {"As": 1, "Ad": 1}},
                   {"seat": 2, "contributed": 5, "cards": ["Ks", "Kd"]}], "board": BOARD},
    ],
)
def test_json_cards_must_be_text(hand):
    with pytest.raises(CardError):
        settle_json(hand)


def test_board_as_mapping_or_set_refused_in_python_too():
    seats = [Seat(1, 5, cards="AsAd"), Seat(2, 5, cards="KsKd")]
    with pytest.raises(CardError):
        settle(seats, board=dict.fromkeys(["2c", "7d", "9h", "Ts", "3c"]))
    with pytest.raises(CardError):
        settle(seats, board={"2c", "7d", "9h", "Ts", "3c"})
    with pytest.raises(CardError):
        settle(seats, board=b"2c7d9hTs3c")


def test_card_integers_still_work_from_python():
    # The PHH replayer and the benchmarks pass card integers: that stays.
    ints = list(parse_cards(BOARD))
    r = settle([Seat(1, 5, cards=list(parse_cards("AsAd"))), Seat(2, 5, cards="KsKd")], board=ints)
    assert dict(r.payouts) == {1: 10, 2: 0}


def test_card_text_length_is_bounded():
    with pytest.raises(CardError, match="too long"):
        parse_cards("As" * 10**6)
    with pytest.raises(CardError, match="too long"):
        Seat(1, 5, cards="A" * (MAX_CARD_TEXT + 1))
    assert len(parse_cards(" ".join(["As"] * MAX_CARDS))) == MAX_CARDS  # the bound admits a full deck's worth


def test_card_count_is_bounded_even_for_endless_iterables():
    with pytest.raises(CardError, match=f"more than {MAX_CARDS}"):
        parse_cards(itertools.cycle(["As"]))  # used to hang
    with pytest.raises(CardError, match=f"more than {MAX_CARDS}"):
        parse_cards(("As",) * (MAX_CARDS + 1))


def test_bad_card_message_is_short():
    with pytest.raises(CardError) as info:
        settle_json(two_seats(board=["x" * 100_000, "7d", "9h", "Ts", "3c"]))
    assert len(str(info.value)) < 200


# --- A pot of no chips needs no showdown ---------------------------------------------------------

def test_two_live_seats_at_100_and_0_without_cards():
    # Seat 1's 100 is uncalled and comes back; the pot left holds nothing, so nobody shows down.
    r = settle([Seat(1, 100), Seat(2, 0)])
    assert dict(r.payouts) == {1: 100, 2: 0}
    assert dict(r.refunds) == {1: 100, 2: 0}
    assert [(p.amount, p.eligible, dict(p.shares)) for p in r.pots] == [(0, (1, 2), {1: 0, 2: 0})]
    assert "no showdown" in r.explain()


def test_zero_pot_in_json_and_hilo():
    out = settle_json({"game": "omaha-hilo", "seats": [{"seat": 1, "contributed": 0}, {"seat": 2, "contributed": 0},
                                                        {"seat": 3, "contributed": 0, "folded": True}]})
    assert out["payouts"] == {"1": 0, "2": 0, "3": 0}
    assert out["pots"][0]["amount"] == 0


def test_a_pot_with_chips_still_needs_cards():
    with pytest.raises(CardError):
        settle([Seat(1, 0), Seat(2, 0), Seat(3, 5, folded=True), Seat(4, 5, folded=True)])  # 10 folded chips are contested
    # a lone folded 5 was never called: it goes back (TDA 15-B), and nothing is left to contest
    assert dict(settle([Seat(1, 0), Seat(2, 0), Seat(3, 5, folded=True)]).payouts) == {1: 0, 2: 0, 3: 5}
    with pytest.raises(CardError):
        settle([Seat(1, 0), Seat(2, 0)], dead=3)  # so is dead money


def test_rake_on_an_empty_pot_is_zero():
    r = settle([Seat(1, 100), Seat(2, 0)], rake=Rake("10"))
    assert r.rake == 0 and dict(r.payouts) == {1: 100, 2: 0}


# --- Python API limits ----------------------------------------------------------------------------

def test_seat_count_is_capped():
    seats = [Seat(i + 1, i + 1, cards=None) for i in range(MAX_SEATS + 1)]
    start = time.perf_counter()
    with pytest.raises(SettlementInputError, match=f"at most {MAX_SEATS} seats"):
        settle(seats)
    with pytest.raises(SettlementInputError, match=f"at most {MAX_SEATS} seats"):
        settle(tuple(seats))
    assert time.perf_counter() - start < 0.5


def test_seat_count_cap_in_json_before_any_seat_is_built():
    hand = {"seats": [{"seat": "not even a number"}] * 10**6}
    with pytest.raises(SettlementInputError, match=f"at most {MAX_SEATS} seats"):
        settle_json(hand)


def test_the_most_seats_settle_quickly():
    # MAX_SEATS live seats all in for different amounts, one with cards, the rest folded: no showdown,
    # and the worst layering (every level distinct) stays small.
    seats = [Seat(1, 10**6, cards="AsAd")] + [Seat(i, i, folded=True) for i in range(2, MAX_SEATS + 1)]
    start = time.perf_counter()
    r = settle(seats)
    assert time.perf_counter() - start < 0.5
    assert sum(r.payouts.values()) == sum(s.contributed for s in seats)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Seat(1, MAX_CHIPS + 1),
        lambda: Seat(MAX_CHIPS + 1, 5),
        lambda: Seat(1, 10**4300),
        lambda: settle([Seat(1, 5), Seat(2, 5, folded=True)], dead=MAX_CHIPS + 1),
        lambda: settle([Seat(1, 5), Seat(2, 5, folded=True)], chip_unit=MAX_CHIPS + 1),
        lambda: Rake("5", cap=MAX_CHIPS + 1),
    ],
)
def test_amounts_above_max_chips_are_refused(make):
    with pytest.raises((ChipError, SettlementInputError), match="2\\*\\*63 - 1"):
        make()


def test_max_chips_itself_is_fine():
    r = settle([Seat(MAX_CHIPS, MAX_CHIPS), Seat(2, MAX_CHIPS, folded=True)], dead=MAX_CHIPS, chip_unit=MAX_CHIPS)
    assert r.payouts[MAX_CHIPS] == 3 * MAX_CHIPS


@pytest.mark.parametrize(
    "kwargs",
    [dict(game="x" * 10**6), dict(game=["holdem"]), dict(odd_chip="y" * 10**6), dict(odd_chip=["small_blind"]),
     dict(button="z" * 10**6), dict(small_blind=[1] * 10**5), dict(rake="5" * 10**6), dict(flop_seen="w" * 10**6)],
)
def test_error_messages_about_hostile_values_are_short(kwargs):
    with pytest.raises(SettlementInputError) as info:
        settle([Seat(1, 5, cards="AsAd"), Seat(2, 5, cards="KsKd")], board=BOARD, **kwargs)
    assert len(str(info.value)) < 300


def test_unknown_keys_message_is_short():
    hand = {"seats": [{"seat": 1, "contributed": 5}], **{f"k{i}" * 50: 0 for i in range(1000)}}
    with pytest.raises(SettlementInputError, match="and 997 more") as info:
        settle_json(hand)
    assert len(str(info.value)) < 400
