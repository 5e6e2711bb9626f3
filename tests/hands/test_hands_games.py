"""The games registered for the new evaluators, and a showdown through each."""

import pytest

from pokerengine import Seat, settle
from pokerengine.cards import parse_cards
from pokerengine.games import GAMES, get_game
from pokerengine.hands.badugi import badugi_low
from pokerengine.hands.deuce7 import deuce7_low
from pokerengine.hands.shortdeck import shortdeck_high
from pokerengine.hands.stud import odd_chip_key, razz_low, razz_odd_chip_key, stud_high, stud_low8


@pytest.mark.parametrize(
    "name, hole, board, high, low, odd_chip, flop_seen_at, key",
    [
        ("shortdeck", (2,), (5,), shortdeck_high, None, "small_blind", 3, None),
        ("stud", (5, 6, 7), (0,), stud_high, None, "high_card", 0, odd_chip_key),
        ("stud-hilo", (5, 6, 7), (0,), stud_high, stud_low8, "high_card", 0, odd_chip_key),
        ("razz", (5, 6, 7), (0,), None, razz_low, "high_card", 0, razz_odd_chip_key),
        ("deuce-to-seven", (5,), (0,), None, deuce7_low, "small_blind", 0, None),
        ("badugi", (4,), (0,), None, badugi_low, "small_blind", 0, None),
    ],
)
def test_registered(name, hole, board, high, low, odd_chip, flop_seen_at, key):
    g = get_game(name)
    assert g is GAMES[name] and g.name == name
    assert (g.hole_cards, g.board_cards, g.high, g.low) == (hole, board, high, low)
    assert (g.odd_chip, g.flop_seen_at, g.odd_chip_key) == (odd_chip, flop_seen_at, key)
    assert g.split == (high is not None and low is not None)


def test_pure_low_games_always_rank():
    for name, cards in [("razz", "KsKdKhKcQsQdQh"), ("deuce-to-seven", "6s5s4s3s2s"), ("badugi", "KsKhKdKc")]:
        assert isinstance(get_game(name).low(parse_cards(cards), ()), int)


def test_razz_odd_chip_to_high_card_by_suit():
    # Tied 7-5-4-3-A: the seven of diamonds beats the seven of clubs (the ace of spades is low).
    seats = [Seat(1, 50, cards="7cAs4d3h5dKsQs"), Seat(2, 50, cards="7d5c4c3sAhKdQd")]
    assert settle(seats, game="razz", dead=1).payouts == {1: 50, 2: 51}


def test_stud_hilo_odd_chips():
    # TDA illustration: both halves tied with 6-5-4-3-2; the six of spades gets the odd chips.
    seats = [Seat(1, 50, cards="6c5h4d3s2cKcQd"), Seat(2, 50, cards="6s5d4c3h2dKdQh")]
    payouts = settle(seats, game="stud-hilo", dead=3).payouts
    assert sum(payouts.values()) == 103 and payouts[2] > payouts[1]


def test_shortdeck_showdown_and_draw_games():
    seats = [Seat(1, 50, cards="As7s"), Seat(2, 50, cards="KhQd")]
    assert settle(seats, game="shortdeck", board="KsQs9sKd6c").payouts == {1: 100, 2: 0}
    seats = [Seat(1, 50, cards="8s5s4s3s2s"), Seat(2, 50, cards="7s5d4h3c2c")]
    assert settle(seats, game="deuce-to-seven").payouts == {1: 0, 2: 100}
    seats = [Seat(1, 50, cards="Ah2d3c5s"), Seat(2, 50, cards="As2h3d4c")]
    assert settle(seats, game="badugi").payouts == {1: 0, 2: 100}
