"""Badugi (pokerengine.hands.badugi).

Examples from "Hand evaluation in badugi poker"
(https://www.telework.ro/en/hand-evaluation-in-badugi-poker/),
http://www.checknraisepoker.com/badugi-poker-hand-ranking/ and
http://www.badugipokertips.com/hand-rankings/; then a slow oracle that tries
every subset, exhaustively over a 24-card deck and with Hypothesis over the
full deck.
"""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.cards import DECK, card_text, parse_cards
from pokerengine.errors import CardError
from pokerengine.hands.badugi import badugi_low, badugi_size

LOW_VALUES = "A23456789TJQK"
TEXT = [card_text(c) for c in DECK]


def bd(text: str) -> int:
    return badugi_low(parse_cards(text), ())


def oracle(cards):
    """(size, values highest first) of the best badugi; compare: bigger size, then smaller values."""
    best = None
    for n in range(1, len(cards) + 1):
        for sub in combinations(cards, n):
            if len({c[0] for c in sub}) == n and len({c[1] for c in sub}) == n:
                values = sorted((LOW_VALUES.index(c[0]) + 1 for c in sub), reverse=True)
                key = (n, [-v for v in values])
                if best is None or key > best:
                    best = key
    return best


def sign(x):
    return (x > 0) - (x < 0)


def test_telework_examples():
    assert bd("2s4c5d6h") > bd("As2c3d7h")  # both badugis: six beats seven
    assert bd("4s5c6dKh") > bd("2s3s4d7h")  # four cards beat three
    assert bd("2s3s4d7h") > bd("4s5s6dKh")  # three-card seven beats three-card king
    assert bd("5d7cKcKh") > bd("2s3dKsKd")  # three cards beat two


def test_checknraise_examples():
    assert bd("3s5d7h8c") > bd("Ah2c3d9s")
    three_five = bd("8h5d3sAh")  # the 8h is the second heart: 5-3-A
    assert badugi_size(three_five) == 3
    assert three_five > bd("7h5d4d3s")  # three-card seven: 7-4-3
    assert three_five == bd("5d3sAh9h") == bd("5d3sAhKh")
    assert badugi_size(bd("AdAs2d2c")) == 2 and bd("AdAs2d2c") == bd("AhAd2h2s")  # two-card deuce
    assert badugi_size(bd("QdJd8d4d")) == 1
    assert bd("QdJd8d4d") == bd("4d5d6d7d") < bd("AdAsAhAc")  # one-card four vs one-card ace
    assert badugi_size(bd("AdAsAhAc")) == 1


def test_badugipokertips_examples():
    assert bd("Ts3h2dAc") > bd("Ts4h2dAc")
    assert bd("JsTh4dAc") > bd("Qs3h2dAc")


def test_best_and_worst():
    best = bd("As2h3d4c")
    assert badugi_size(best) == 4
    assert all(bd(h) <= best for h in ["As2h3d5c", "2s3h4d5c", "As2h3d4d"])
    assert bd("KsKhKdKc") == min(badugi_low(h, ()) for h in combinations(DECK[-8:], 4))


def test_suits_never_break_ties():
    assert bd("As2h3d4c") == bd("Ac2d3h4s")
    assert bd("As2s3d4c") == bd("Ah2h3c4d")  # both 4-3-A
    assert badugi_size(bd("As2s3d4c")) == 3
    assert bd("Ah2d3c4c") > bd("As2s3d4c")  # 3-2-A beats 4-3-A


@pytest.mark.parametrize("text", ["As2h3d", "As2h3d4c5s", ""])
def test_wrong_size(text):
    with pytest.raises(CardError):
        bd(text)


def test_exhaustive_small_deck_against_oracle():
    # Ace to six, 24 cards: 10,626 hands, every size of badugi and many ties.
    small = [r + s for r in "A23456" for s in "cdhs"]
    fast = {}
    for hand in combinations(small, 4):
        fast[hand] = bd("".join(hand))
    by_oracle = sorted(fast, key=oracle)
    for a, b in zip(by_oracle, by_oracle[1:]):
        oa, ob = oracle(a), oracle(b)
        assert (fast[a] < fast[b]) if oa < ob else (fast[a] == fast[b])
        assert badugi_size(fast[a]) == oa[0]


@given(st.lists(st.sampled_from(TEXT), min_size=8, max_size=8, unique=True))
def test_matches_oracle(cards):
    a, b = cards[:4], cards[4:]
    fa, fb = bd("".join(a)), bd("".join(b))
    oa, ob = oracle(a), oracle(b)
    assert sign(fa - fb) == sign((oa > ob) - (oa < ob))
    assert badugi_size(fa) == oa[0]


@given(st.lists(st.sampled_from(TEXT), min_size=4, max_size=4, unique=True), st.permutations(range(4)))
def test_order_of_cards_does_not_matter(cards, perm):
    assert bd("".join(cards)) == bd("".join(cards[i] for i in perm))
