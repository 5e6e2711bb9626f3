"""Short-deck hold'em high (pokerengine.hands.shortdeck).

Checked three ways: hand-ranked examples (PokerKit's published ordering, the
class order, ace-low straights), an exhaustive pass over all C(36, 5) five-card
hands (class frequencies from combinatorics, and the order of one hand per
distinct strength against the oracle), and Hypothesis against a slow oracle
written from the rule text below, over random seven-card deals.
"""

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.cards import card_text, parse_cards
from pokerengine.errors import CardError
from pokerengine.hands.shortdeck import CLASSES, SHORT_DECK, shortdeck_class, shortdeck_high

SD_RANKS = "6789TJQKA"
SD_TEXT = [r + s for r in SD_RANKS for s in "cdhs"]


def sd(text: str, board: str = "") -> int:
    cards = parse_cards(text + board)
    return shortdeck_high(cards[:2], cards[2:])


# --- the oracle: straight from the rules, on card text, no tables ----------------------------

ORACLE_ORDER = [
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Full House",
    "Flush",
    "Four of a Kind",
    "Straight Flush",
]


def oracle_five(five):
    values = [SD_RANKS.index(c[0]) for c in five]
    flush = len({c[1] for c in five}) == 1
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    ordered = [v for v, _ in groups]
    top = None
    if len(counts) == 5:
        lo, hi = min(values), max(values)
        if hi - lo == 4:
            top = hi
        elif sorted(values) == [0, 1, 2, 3, 8]:  # A-6-7-8-9: the ace plays low
            top = 3
    if top is not None and flush:
        name, tie = "Straight Flush", [top]
    elif shape == [4, 1]:
        name, tie = "Four of a Kind", ordered
    elif flush:
        name, tie = "Flush", ordered
    elif shape == [3, 2]:
        name, tie = "Full House", ordered
    elif top is not None:
        name, tie = "Straight", [top]
    elif shape == [3, 1, 1]:
        name, tie = "Three of a Kind", ordered
    elif shape == [2, 2, 1]:
        name, tie = "Two Pair", ordered
    elif shape == [2, 1, 1, 1]:
        name, tie = "Pair", ordered
    else:
        name, tie = "High Card", ordered
    return (ORACLE_ORDER.index(name), tie)


def oracle(cards_text):
    return max(oracle_five(five) for five in combinations(cards_text, 5))


def sign(x):
    return (x > 0) - (x < 0)


# --- published and classic examples ---------------------------------------------------------


def test_pokerkit_published_order():
    # PokerKit's ShortDeckHoldemHand docstring: h0 < h1 < h2 < h3 < h4.
    hands = ["6c7d8h9sJc", "7c7d7hTsQc", "As6c7h8h9h", "AsAhKcKhKd", "6s7s8sTsQs"]
    strengths = [sd(h) for h in hands]
    assert strengths == sorted(strengths) and len(set(strengths)) == 5
    assert [shortdeck_class(s) for s in strengths] == [
        "High Card",
        "Three of a Kind",
        "Straight",
        "Full House",
        "Flush",
    ]


def test_every_class_in_order():
    examples = [
        "AsKdQh9c7s",  # high card
        "6s6dAhKcQs",  # pair
        "7s7d6h6cAs",  # two pair
        "6s6d6hAcKs",  # three of a kind
        "As6d7h8c9s",  # straight (lowest)
        "6s6d6h7c7s",  # full house (lowest)
        "6s7s8s9sJs",  # flush (lowest)
        "6s6d6h6c7s",  # four of a kind (lowest)
        "As6s7s8s9s",  # straight flush (lowest)
    ]
    strengths = [sd(h) for h in examples]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    assert [shortdeck_class(s) for s in strengths] == list(CLASSES) == ORACLE_ORDER


def test_flush_beats_full_house_between_players():
    board = "KsQs9sKd6c"
    flush = sd("As7s", board)
    full_house = sd("KhQd", board)
    assert shortdeck_class(flush) == "Flush" and shortdeck_class(full_house) == "Full House"
    assert flush > full_house


def test_straight_beats_trips_as_in_pokerkit():
    board = "7c8d9hJcKd"
    straight = sd("Ts6d", board)
    trips = sd("9s9d", board)
    assert shortdeck_class(straight) == "Straight" and shortdeck_class(trips) == "Three of a Kind"
    assert straight > trips


def test_ace_plays_low_in_a_straight():
    lowest = sd("As6d", "7h8c9s")
    assert shortdeck_class(lowest) == "Straight"
    assert lowest < sd("6d7h", "8c9sTs") < sd("AhKd", "QhJcTs")
    assert sd("As6s", "7s8s9s") < sd("6s7s", "8s9sTs") < sd("AsKs", "QsJsTs")
    # No wrap-around: K-A-6-7-8 is ace high.
    assert shortdeck_class(sd("KsAd", "6h7c8s")) == "High Card"
    # With a ten on board, A-6-7-8-9 gives way to the ten-high straight.
    assert sd("As6d", "7h8c9sTdKc") == sd("Qd6d", "7h8c9sTdKc") > sd("As6d", "7h8c9sJdKc")


def test_best_five_of_seven_and_board_plays():
    assert sd("6c7d", "AsAhAdKsKh") == sd("8c9d", "AsAhAdKsKh")  # the board plays
    assert sd("AcKc", "QcJcTc6d6h") > sd("AdAh", "QcJcTc6d6h")  # royal flush over trips
    assert shortdeck_class(sd("AcAd", "AhAs6c7d8h")) == "Four of a Kind"


@pytest.mark.parametrize(
    "hole, board",
    [("2c7d", "AsKsQsJsTs"), ("6c7d", "AsKsQsJs5s"), ("6c7d", "AsKs")],
)
def test_bad_cards(hole, board):
    with pytest.raises(CardError):
        sd(hole, board)


def test_too_many_cards():
    with pytest.raises(CardError):
        shortdeck_high(parse_cards("6c7d8h"), parse_cards("AsKsQsJsTs"))


# --- exhaustive over every five-card hand --------------------------------------------------


def test_all_five_card_hands():
    expected = {
        "Straight Flush": 6 * 4,
        "Four of a Kind": 9 * 8 * 4,
        "Flush": 4 * comb(9, 5) - 24,
        "Full House": 9 * 4 * 8 * 6,
        "Straight": 6 * 4**5 - 24,
        "Three of a Kind": 9 * 4 * comb(8, 2) * 16,
        "Two Pair": comb(9, 2) * 36 * 7 * 4,
        "Pair": 9 * 6 * comb(8, 3) * 4**3,
        "High Card": (comb(9, 5) - 6) * (4**5 - 4),
    }
    assert sum(expected.values()) == comb(36, 5)
    counts: Counter = Counter()
    representative: dict[int, tuple[int, ...]] = {}
    for hand in combinations(SHORT_DECK, 5):
        s = shortdeck_high(hand[:2], hand[2:])
        counts[shortdeck_class(s)] += 1
        representative.setdefault(s, hand)
    assert counts == expected
    # 120 + 504 + 252 + 252 + 6 + 72 + 120 + 72 + 6 distinct hands.
    assert len(representative) == 1404
    ordered = sorted(representative)
    keys = [oracle([card_text(c) for c in representative[s]]) for s in ordered]
    assert all(a < b for a, b in zip(keys, keys[1:]))


# --- Hypothesis against the oracle ---------------------------------------------------------


@given(st.lists(st.sampled_from(SD_TEXT), min_size=9, max_size=9, unique=True))
def test_matches_oracle_heads_up(cards):
    board, a, b = cards[:5], cards[5:7], cards[7:9]
    fa, fb = sd("".join(a), "".join(board)), sd("".join(b), "".join(board))
    oa, ob = oracle(a + board), oracle(b + board)
    assert sign(fa - fb) == sign((oa > ob) - (oa < ob))
    assert shortdeck_class(fa) == ORACLE_ORDER[oa[0]]
    assert shortdeck_class(fb) == ORACLE_ORDER[ob[0]]


@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.sampled_from(SD_TEXT), min_size=n, max_size=n, unique=True)))
def test_class_matches_oracle_any_size(cards):
    s = sd("".join(cards[:2]), "".join(cards[2:]))
    assert shortdeck_class(s) == ORACLE_ORDER[oracle(cards)[0]]
