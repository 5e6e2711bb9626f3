"""The NumPy seven-card evaluator (pokerengine/hands/vector.py) against treys, an evaluator it
does not use, and against the published category counts of all 133,784,560 seven-card hands."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import treys
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples

from pokerengine.cards import DECK
from pokerengine.errors import CardError
from pokerengine.hands import vector as evaluate
from pokerengine.hands.vector import COMBO_CARDS, deck_indices

_TREYS = treys.Evaluator()
_TREYS_CARDS = list(DECK)  # a card of pokerengine.cards is treys' integer


def treys_rank(hand):
    """treys' rank of seven card indices: 1 (royal flush) .. 7462, lower is stronger."""
    return _TREYS.evaluate([_TREYS_CARDS[c] for c in hand[:2]], [_TREYS_CARDS[c] for c in hand[2:]])


def random_hands(rng, n, size=7):
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size]


def hand(text):
    return deck_indices(text)


def test_ordering_agrees_with_treys_on_random_hands():
    hands = random_hands(np.random.default_rng(18), 20_000)
    ours = evaluate.rank7(hands)
    theirs = np.array([treys_rank(h) for h in hands])
    # pairs of hands: ours(a) > ours(b) exactly when treys ranks a stronger, equal exactly when tied
    a, b = np.random.default_rng(1).integers(0, len(hands), size=(2, 200_000))
    assert np.array_equal(np.sign(ours[a] - ours[b]), np.sign(theirs[b] - theirs[a]))
    # both number the same 7,462 classes densely, so the values correspond one to one
    assert np.array_equal(ours, 7463 - theirs)


def test_ties_across_suits_and_orders():
    one, two = evaluate.rank7([hand("AsKd9c5h3s2d7c"), hand("AhKc9d5s3c2h7d")])
    assert one == two  # the same ranks without a flush tie
    board_plays = evaluate.rank7([hand("AcAd" + "KhKsQhQsJc"), hand("2c3d" + "KhKsQhQsJc"),
                                  hand("AcAd" + "KhKsQhQsKc")])
    assert board_plays[0] > board_plays[1]  # aces up beat kings and queens with a jack
    assert evaluate.category(int(board_plays[2])) == "full house"


@pytest.mark.parametrize(("cards", "name"), [
    ("AsKsQsJsTs2d3c", "straight flush"),
    ("5d4d3d2dAd9c9h", "straight flush"),  # the steel wheel
    ("9c9d9h9s2c3dKh", "four of a kind"),
    ("9c9d9hKsKc2d2h", "full house"),
    ("9c9d9hKsKcKd2h", "full house"),  # two sets
    ("2h7h9hJhKh2c2d", "flush"),
    ("Ad2c3h4s5dKcQh", "straight"),  # the wheel
    ("Tc9d8h7s6c6d6h", "straight"),  # a straight over a set
    ("QcQdQh2s5c8dKh", "three of a kind"),
    ("QcQd2h2s5c5dKh", "two pair"),  # three pairs: the best two and the best kicker
    ("QcQd2h4s5c8dKh", "pair"),
    ("Qc9d2h4s5c8dKh", "high card"),
])
def test_every_category(cards, name):
    value = int(evaluate.rank7([hand(cards)])[0])
    assert evaluate.category(value) == name
    assert value == 7463 - treys_rank(hand(cards))


def test_wheel_is_the_lowest_straight_and_six_high_beats_it():
    wheel, six = evaluate.rank7([hand("Ad2c3h4s5dKcQh"), hand("6d2c3h4s5dKcQh")])
    assert six == wheel + 1


@settings(max_examples=examples(300), deadline=None)
@given(st.permutations(range(52)), st.permutations(range(4)), st.permutations(range(7)))
def test_property_matches_treys_and_ignores_order_and_suit_names(deck, suits, order):
    cards = list(deck[:7])
    relabelled = [4 * (c >> 2) + suits[c & 3] for c in cards]
    shuffled = [cards[i] for i in order]
    values = evaluate.rank7([cards, relabelled, shuffled])
    assert values[0] == values[1] == values[2] == 7463 - treys_rank(cards)


def test_rank_holes_agrees_with_rank7():
    rng = np.random.default_rng(7)
    boards = random_hands(rng, 300, 5)
    grid = evaluate.rank_holes(boards)
    assert grid.shape == (300, 1326) and grid.dtype == np.uint16
    hole = np.array(COMBO_CARDS)
    b, h = np.nonzero(grid >= 0)  # every cell
    clash = np.array([len(set(boards[i]) & set(hole[j])) > 0 for i, j in zip(b, h)])
    assert np.all(grid[b[clash], h[clash]] == 0)
    keep = ~clash
    sample = rng.choice(np.nonzero(keep)[0], size=50_000, replace=False)
    seven = np.concatenate([hole[h[sample]], boards[b[sample]]], axis=1)
    assert np.array_equal(grid[b[sample], h[sample]], evaluate.rank7(seven))
    # a subset of the combinations, in the order given
    some = [5, 1000, 3]
    assert np.array_equal(evaluate.rank_holes(boards, some), grid[:, some])


def test_subsets_match_itertools():
    for n, k in [(0, 0), (5, 0), (5, 5), (9, 3), (12, 5), (6, 7)]:
        assert evaluate.subsets(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]
    assert len(evaluate.subsets(52, 5)) == math.comb(52, 5)


@pytest.mark.parametrize("bad", [
    [[0, 1, 2, 3, 4, 5]],  # six cards
    [[0, 1, 2, 3, 4, 5, 52]],  # no such card
    [[0, 1, 2, 3, 4, 5, -1]],
    [[0, 1, 2, 3, 4, 5, 5]],  # a card twice
    [[0.0, 1, 2, 3, 4, 5, 6]],  # not integers
    [[True, False, True, False, True, False, True]],
    [0, 1, 2, 3, 4, 5, 6],  # one dimension
    "AsKs",
])
def test_bad_hands_raise_card_error(bad):
    with pytest.raises(CardError):
        evaluate.rank7(bad)


def test_bad_boards_and_combinations_raise_card_error():
    with pytest.raises(CardError):
        evaluate.rank_holes([[0, 1, 2, 3, 3]])
    with pytest.raises(CardError):
        evaluate.rank_holes([[0, 1, 2, 3, 4]], [1326])
    with pytest.raises(CardError):
        evaluate.category(0)


def test_empty_input():
    assert evaluate.rank7(np.zeros((0, 7), dtype=int)).shape == (0,)


# The category counts of all C(52, 7) = 133,784,560 seven-card hands (Wikipedia, "Poker
# probability", the 7-card table; the same figures in Brian Alspach's "7-card poker hands"), and
# the 4,824 distinct values seven-card hands reach.
SEVEN_CARD_COUNTS = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three of a kind": 6_461_620, "two pair": 31_433_400, "pair": 58_627_800,
    "high card": 23_294_460,
}


@pytest.mark.skipif(not DEEP, reason="every seven-card hand (about 30 s): the deep profile")
def test_every_seven_card_hand_counted_by_category():
    counts = np.zeros(evaluate.HAND_CLASSES + 1, dtype=np.int64)
    fives = evaluate.subsets(52, 5)
    for second in range(5, 51):  # hands by their two highest cards: first > second > the five below
        low = fives[fives[:, 4] < second]
        for first in range(second + 1, 52):
            if len(low):
                seven = np.concatenate([np.full((len(low), 2), (first, second)), low], axis=1)
                counts += np.bincount(evaluate.rank7(seven), minlength=len(counts))
    assert counts.sum() == math.comb(52, 7)
    assert np.count_nonzero(counts) == 4824
    by_category = dict.fromkeys(SEVEN_CARD_COUNTS, 0)
    for value in np.nonzero(counts)[0]:
        by_category[evaluate.category(int(value))] += int(counts[value])
    assert by_category == SEVEN_CARD_COUNTS
