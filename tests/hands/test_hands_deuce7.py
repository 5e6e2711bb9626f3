"""Deuce-to-seven lowball (pokerengine.hands.deuce7).

Examples are those of the Wikipedia article "Deuce to seven low"
(http://fact-index.com/d/de/deuce_to_seven_low.html).  The evaluator is then
checked over all 7,462 distinct five-card hands against a slow oracle written
from the rules, against treys (an independent high evaluator, on every hand
that is not A-2-3-4-5, which treys calls a straight), and with Hypothesis on
random hands.
"""

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st
from treys import Evaluator

from pokerengine.cards import DECK, card_text, parse_cards
from pokerengine.errors import CardError
from pokerengine.hands.deuce7 import CLASSES, deuce7_class, deuce7_low

RANKS = "23456789TJQKA"
TEXT = [card_text(c) for c in DECK]


def low(text: str) -> int:
    return deuce7_low(parse_cards(text), ())


# --- oracle: the high hand with aces high only, then reversed ------------------------------

ORDER = [
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
]


def oracle_badness(five):
    """The five cards as a high hand (aces high, no wheel): larger is a worse low."""
    values = [RANKS.index(c[0]) for c in five]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    ordered = [v for v, _ in groups]
    flush = len({c[1] for c in five}) == 1
    straight = len(counts) == 5 and max(values) - min(values) == 4
    if straight and flush:
        return (ORDER.index("Straight Flush"), [max(values)])
    if shape == [4, 1]:
        return (ORDER.index("Four of a Kind"), ordered)
    if shape == [3, 2]:
        return (ORDER.index("Full House"), ordered)
    if flush:
        return (ORDER.index("Flush"), ordered)
    if straight:
        return (ORDER.index("Straight"), [max(values)])
    name = {(3, 1, 1): "Three of a Kind", (2, 2, 1): "Two Pair", (2, 1, 1, 1): "Pair"}.get(tuple(shape), "High Card")
    return (ORDER.index(name), ordered)


def sign(x):
    return (x > 0) - (x < 0)


# --- published examples --------------------------------------------------------------------


def test_wikipedia_examples():
    assert low("8s5d4h3c2c") > low("9s7d6h4c3c")  # eight-high beats nine-high
    assert low("7s6d5h4c2c") > low("8s5d4h3c2c")  # seven-high lower still
    straight = low("7s6d5h4c3c")
    assert deuce7_class(straight) == "Straight"
    assert straight < low("9s7d6h4c3c") and straight < low("KsKdKh4c3c")
    assert low("Qs8d5h4c3c") > low("As8d5h4c3c")  # aces are high
    assert low("3s3d6h4c2c") > low("3h3c6s5d2d")  # kickers as in high poker, reversed
    assert low("8s6d5h4c2c") > low("8s7d5h4c2c")  # an eight-six beats an eight-seven


def test_best_hands_in_order():
    best = ["7s5d4h3c2c", "7s6d4h3c2c", "7s6d5h3c2c", "7s6d5h4c2c", "8s5d4h3c2c", "8s6d4h3c2c"]
    strengths = [low(h) for h in best]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(best)
    # Nothing beats number one: it is the largest strength of all.
    assert strengths[0] == max(deuce7_low(h, ()) for h in combinations(DECK[:24], 5))


def test_wheel_is_ace_high():
    wheel = low("As5d4h3c2c")
    assert deuce7_class(wheel) == "High Card"
    assert wheel < low("KsQdJhTc8c")  # loses to any king-high
    assert wheel > low("As6d4h3c2c")  # but is the best ace-high hand
    assert wheel > low("2s2d4h3c5c")  # and beats every pair
    suited = low("As5s4s3s2s")
    assert deuce7_class(suited) == "Flush"  # the lowest ace-high flush, not a straight flush
    assert low("Ks9s4s3s2s") > suited > low("As6s4s3s2s")
    assert low("6s5s4s3s2s") < low("KhKdKsKc2s")  # a real straight flush is the worst


def test_every_class_in_order():
    examples = [
        "7s5d4h3c2c",
        "2s2d4h3c5c",
        "2s2d3h3c4c",
        "2s2d2h3c4c",
        "6s5d4h3c2c",
        "7s5s4s3s2s",
        "2s2d2h3c3s",
        "2s2d2h2c3s",
        "6s5s4s3s2s",
    ]
    strengths = [low(h) for h in examples]
    assert strengths == sorted(strengths, reverse=True)
    assert [deuce7_class(s) for s in strengths] == list(CLASSES) == ORDER


@pytest.mark.parametrize("text", ["7s5d4h3c", "7s5d4h3c2cKs", ""])
def test_wrong_size(text):
    with pytest.raises(CardError):
        low(text)


def test_board_is_added():
    assert deuce7_low(parse_cards("7s5d"), parse_cards("4h3c2c")) == low("7s5d4h3c2c")


# --- exhaustive over all 7,462 hands -----------------------------------------------------


def representatives():
    """One hand per distinct (rank multiset, flush) class: 6,175 unsuited + 1,287 flushes."""
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(Counter(ranks).values()) > 4:
            continue
        if len(set(ranks)) == 5:
            yield [r + s for r, s in zip(ranks, "cdhsc")]
            yield [r + "s" for r in ranks]
        else:
            seen: Counter = Counter()
            hand = []
            for r in ranks:
                hand.append(r + "cdhs"[seen[r]])
                seen[r] += 1
            yield hand


def test_all_classes_against_oracle_and_treys():
    hands = list(representatives())
    assert len(hands) == 7462
    fast = [low("".join(h)) for h in hands]
    assert len(set(fast)) == 7462
    # The oracle: a better low is a smaller badness.
    by_oracle = sorted(range(len(hands)), key=lambda i: oracle_badness(hands[i]))
    ordered = [fast[i] for i in by_oracle]
    assert all(a > b for a, b in zip(ordered, ordered[1:]))
    for i in range(len(hands)):
        assert deuce7_class(fast[i]) == ORDER[oracle_badness(hands[i])[0]]
    # treys ranks high hands 1 (best) .. 7462; away from A-2-3-4-5 its order is ours reversed.
    ev = Evaluator()
    others = [i for i in range(len(hands)) if sorted(c[0] for c in hands[i]) != sorted("A2345")]
    assert len(others) == 7460
    treys_rank = {i: ev.evaluate(list(parse_cards("".join(hands[i]))), []) for i in others}
    by_treys = sorted(others, key=treys_rank.__getitem__)
    assert all(fast[a] < fast[b] for a, b in zip(by_treys, by_treys[1:]))


# --- Hypothesis ----------------------------------------------------------------------------


@given(st.lists(st.sampled_from(TEXT), min_size=10, max_size=10, unique=True))
def test_matches_oracle(cards):
    a, b = cards[:5], cards[5:]
    fa, fb = low("".join(a)), low("".join(b))
    oa, ob = oracle_badness(a), oracle_badness(b)
    assert sign(fa - fb) == sign((oa < ob) - (oa > ob))
    assert deuce7_class(fa) == ORDER[oa[0]]


@given(st.permutations(range(5)), st.lists(st.sampled_from(TEXT), min_size=5, max_size=5, unique=True))
def test_order_of_cards_does_not_matter(perm, cards):
    assert low("".join(cards)) == low("".join(cards[i] for i in perm))
