"""Seven-card stud high, stud eight-or-better, razz and the TDA 20-B odd-chip key.

Published examples first, then slow oracles written here from the rules (every
five-card subset, a categorical ranking on card text) checked against the fast
evaluators with Hypothesis: over the full deck, and over a twenty-card deck of
aces to fives where razz hands are nearly always paired.
"""

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.cards import DECK, card_text, parse_cards
from pokerengine.errors import CardError, SettlementInputError
from pokerengine.hands.high import best_of
from pokerengine.hands.stud import (
    RAZZ_CLASSES,
    odd_chip_key,
    razz_class,
    razz_low,
    razz_odd_chip_key,
    stud_high,
    stud_low8,
)

HIGH = "23456789TJQKA"
LOW = "A23456789TJQK"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades
TEXT = [card_text(c) for c in DECK]
SMALL = [r + s for r in "A2345" for s in SUITS]


def c(text):
    return parse_cards(text)


def sign(x):
    return (x > 0) - (x < 0)


def cmp(a, b):
    return (a > b) - (a < b)


# --- oracles -------------------------------------------------------------------------------


def high_five(five):
    """Standard high hand of five cards as (class, tie-break); larger is better."""
    values = [HIGH.index(x[0]) for x in five]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    ordered = [v for v, _ in groups]
    flush = len({x[1] for x in five}) == 1
    top = None
    if len(counts) == 5:
        if max(values) - min(values) == 4:
            top = max(values)
        elif sorted(values) == [0, 1, 2, 3, 12]:
            top = 3  # the wheel, five high
    if top is not None and flush:
        return (8, [top])
    if shape == [4, 1]:
        return (7, ordered)
    if shape == [3, 2]:
        return (6, ordered)
    if flush:
        return (5, ordered)
    if top is not None:
        return (4, [top])
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), ordered)


def low8_five(five):
    """Eight-or-better badness of five cards (smaller is better), or None."""
    values = sorted((LOW.index(x[0]) + 1 for x in five), reverse=True)
    if len(set(values)) == 5 and values[0] <= 8:
        return values
    return None


def razz_five(five):
    """Razz badness of five cards: (paired class, values by group); smaller is better."""
    values = [LOW.index(x[0]) + 1 for x in five]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]
    return (order.index(shape), [v for v, _ in groups])


def best_fives(cards, score, better):
    """(best score, every five-card subset achieving it)."""
    best, fives = None, []
    for five in combinations(cards, 5):
        s = score(five)
        if s is None:
            continue
        if best is None or better(s, best):
            best, fives = s, [five]
        elif s == best:
            fives.append(five)
    return best, fives


def oracle_high(cards):
    return best_fives(cards, high_five, lambda a, b: a > b)


def oracle_low8(cards):
    return best_fives(cards, low8_five, lambda a, b: a < b)


def oracle_razz(cards):
    return best_fives(cards, razz_five, lambda a, b: a < b)


def high_key(fives):
    return max(4 * HIGH.index(x[0]) + SUITS.index(x[1]) for f in fives for x in f)


def low_key(fives):
    return max(4 * (LOW.index(x[0]) + 1) + SUITS.index(x[1]) for f in fives for x in f)


# --- stud high ------------------------------------------------------------------------------


def test_stud_high_is_best_five_of_seven():
    flush = stud_high(c("2h5h9hJhKh"), c("AsAd"))
    straight = stud_high(c("5c6d7h8s9c"), c("AsAd"))
    assert flush > straight
    assert stud_high(c("2h5h9hJhKhAsAd"), ()) == flush == best_of(c("2h5h9hJhKhAsAd"))
    assert stud_high(c("AsAdAcKs7h")) == best_of(c("AsAdAcKs7h"))
    assert stud_high(c("AsAdAcKs7h2c")) == best_of(c("AsAdAcKs7h2c"))


@pytest.mark.parametrize("text", ["AsAdAcKs", "AsAdAcKs7h2c3c4c", ""])
def test_stud_wrong_size(text):
    for evaluate in (stud_high, stud_low8, razz_low):
        with pytest.raises(CardError):
            evaluate(c(text), ())
    with pytest.raises(CardError):
        odd_chip_key(c(text), (), False)
    with pytest.raises(CardError):
        razz_odd_chip_key(c(text), (), True)


# --- stud eight-or-better low --------------------------------------------------------------


def test_stud_low8_qualifier_and_order():
    wheel = stud_low8(c("As2d3c4h5sKdKc"))
    assert wheel is not None and wheel == stud_low8(c("Ah2h3h4h5h9c9d"))  # straights/flushes ignored
    assert wheel > stud_low8(c("As2d3c4h6sKdKc")) > stud_low8(c("8s7d6c5h4sKdKc"))
    assert stud_low8(c("8s7d6c5h4sKdKc")) is not None  # the worst qualifying low
    assert stud_low8(c("9s7d6c5h4sKdKc")) is None
    assert stud_low8(c("As2d3c4hAh2s3d")) is None  # only four distinct low ranks
    assert stud_low8(c("8s6d5c4h2sKdKc")) > stud_low8(c("8s7d5c4hAsKdKc"))  # eight-six beats eight-seven


# --- razz -----------------------------------------------------------------------------------


def test_razz_published_examples():
    # PokerStars razz rules: 6-5-4-3-2 beats 7-5-3-2-A although the latter has an ace.
    assert razz_low(c("2s3d4c5h6s")) > razz_low(c("As2d3c5h7s"))
    # Poker Mavens: 9-T-J-Q-K beats 2-2-3-4-5: any unpaired hand beats a pair.
    assert razz_low(c("9sTdJcQhKs")) > razz_low(c("2s2d3c4h5s"))
    # Wikipedia, lowball: 3-3-6-4-2 beats 3-3-6-5-A; 8-6-5-4-2 beats 8-7-5-4-A.
    assert razz_low(c("3s3d6c4h2s")) > razz_low(c("3h3c6s5hAs"))
    assert razz_low(c("8s6d5c4h2s")) > razz_low(c("8h7d5s4cAs"))
    # Paired hands compare the pair first: deuces beat treys whatever the kickers.
    assert razz_low(c("2s2dKhQcJs")) > razz_low(c("3s3d6h5c4s"))
    # The wheel is the best hand, suited or not.
    best = razz_low(c("As2d3c4h5s"))
    assert best == razz_low(c("Ah2h3h4h5h")) == razz_low(c("AhKs2h3h4hQd5h"))
    assert razz_class(best) == "No Pair"


def test_razz_classes_in_order():
    examples = ["KsKdKhKcQs", "2s2d2h3c3s", "2s2d2hKcQs", "2s2d3h3cKs", "2s2dKhQcJs", "KsQdJhTc9s"]
    strengths = [razz_low(c(h)) for h in examples]
    assert strengths == sorted(strengths) and len(set(strengths)) == 6
    assert [razz_class(s) for s in strengths] == list(RAZZ_CLASSES)


def test_razz_best_five_of_seven():
    # A A 2 2 3 3 K: four ranks, so one pair must play; aces are the lowest pair.
    assert razz_low(c("AsAd2s2d3s3dKs")) == razz_low(c("AhAc2h3hKh"))
    assert razz_class(razz_low(c("AsAd2s2d3s3dKs"))) == "Pair"
    # Seven cards, six distinct ranks: the five lowest play and the pair does not.
    assert razz_low(c("7s7d5c4h3s2dKs")) == razz_low(c("7h5s4d3c2h"))
    # Three ranks among seven cards: two pair at best (the kicker the lowest left).
    assert razz_class(razz_low(c("AsAdAh2s2d3s3d"))) == "Two Pair"
    assert razz_low(c("AsAdAh2s2d3s3d")) == razz_low(c("AsAd2s2d3h"))


def test_razz_exhaustive_rank_classes():
    # Every five-card rank multiset (6,175) against the oracle.
    hands = []
    for ranks in combinations_with_replacement(LOW, 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter = Counter()
        hand = []
        for r in ranks:
            hand.append(r + SUITS[seen[r]])
            seen[r] += 1
        hands.append(hand)
    assert len(hands) == 6175
    fast = [razz_low(c("".join(h))) for h in hands]
    assert len(set(fast)) == 6175
    ordered = sorted(range(len(hands)), key=lambda i: razz_five(hands[i]))
    assert all(fast[a] > fast[b] for a, b in zip(ordered, ordered[1:]))


# --- Hypothesis against the oracles --------------------------------------------------------


def hands(deck, lo=5, hi=7):
    return st.integers(lo, hi).flatmap(lambda n: st.lists(st.sampled_from(deck), min_size=n, max_size=n, unique=True))


def two_hands(deck):
    return st.lists(st.sampled_from(deck), min_size=14, max_size=14, unique=True).map(lambda x: (x[:7], x[7:]))


@given(two_hands(TEXT))
def test_stud_high_matches_oracle(pair):
    a, b = pair
    assert sign(stud_high(c("".join(a))) - stud_high(c("".join(b)))) == cmp(oracle_high(a)[0], oracle_high(b)[0])


@given(st.one_of(two_hands(TEXT), two_hands(SMALL + [r + s for r in "678" for s in SUITS])))
def test_stud_low8_matches_oracle(pair):
    a, b = pair
    fa, fb = stud_low8(c("".join(a))), stud_low8(c("".join(b)))
    oa, ob = oracle_low8(a)[0], oracle_low8(b)[0]
    assert (fa is None) == (oa is None) and (fb is None) == (ob is None)
    if fa is not None and fb is not None:
        assert sign(fa - fb) == cmp(ob, oa)


@given(st.one_of(two_hands(TEXT), two_hands(SMALL)))
def test_razz_matches_oracle(pair):
    a, b = pair
    fa, fb = razz_low(c("".join(a))), razz_low(c("".join(b)))
    oa, ob = oracle_razz(a)[0], oracle_razz(b)[0]
    assert sign(fa - fb) == cmp(ob, oa)
    assert razz_class(fa) == RAZZ_CLASSES[5 - oa[0]]


@given(st.one_of(hands(TEXT), hands(SMALL)))
def test_razz_any_size_matches_oracle_class(cards):
    assert razz_class(razz_low(c("".join(cards)))) == RAZZ_CLASSES[5 - oracle_razz(cards)[0][0]]


# --- the odd-chip key (TDA 20-B) -----------------------------------------------------------


def test_key_is_rank_then_suit():
    key = lambda text: odd_chip_key(c(text), (), False)  # noqa: E731
    # TDA 2017 illustration: tied 6-5-4-3-2, the six of spades takes the odd chip.
    alice, bobby = "6s5d4c3h2dKcQd", "6c5h4d3s2cKdQh"
    assert key(alice) > key(bobby)
    assert odd_chip_key(c(alice), (), True) > odd_chip_key(c(bobby), (), True)
    assert key("AsAd9c7h5dKcQd") == 4 * 12 + 3  # high hand: the ace is the highest card
    assert key("AcAd9c7h5dKcQd") == 4 * 12 + 1
    # Rank before suit: the ace of clubs outranks the king of spades.
    assert key("Ac9c7h5d3cQcJd") == 4 * 12 + 0 > key("Ks9c7h5d3cQcJd") == 4 * 11 + 3
    # Suit between equal ranks: spades > hearts > diamonds > clubs.
    keys = [key(f"A{s}9c7h5d3cQcJd") for s in "cdhs"]
    assert keys == sorted(keys) and len(set(keys)) == 4


def test_key_counts_only_the_winning_five():
    # Both play the nine-high straight; the ace of spades does not play and does not count.
    a = "9c8d7h6s5cAsKd"
    b = "9h8c7d6c5d2s3s"
    assert stud_high(c(a)) == stud_high(c(b))
    assert odd_chip_key(c(b), (), False) > odd_chip_key(c(a), (), False)
    assert odd_chip_key(c(a), (), False) == 4 * 7 + 0  # the nine of clubs


def test_key_wheel_keeps_the_ace_high():
    # Tied five-high straights: the ace is still the highest card of a high hand.
    a = "As5c4d3h2cKdQd"
    b = "Ah5s4c3d2hKcQc"
    assert stud_high(c(a)) == stud_high(c(b))
    assert odd_chip_key(c(a), (), False) > odd_chip_key(c(b), (), False)


def test_key_takes_the_players_best_choice_of_five():
    # Quads with two possible king kickers: the player tables the king of spades.
    assert odd_chip_key(c("9s9h9d9cKhKs2c"), (), False) == 4 * 11 + 3


def test_low_key_aces_are_low():
    # Tied 8-5-4-3-A lows: the eights decide, not the aces.
    a = "8c5d4c3hAsKdKh"
    b = "8d5c4d3sAhQdQh"
    assert stud_low8(c(a)) == stud_low8(c(b))
    assert odd_chip_key(c(b), (), True) > odd_chip_key(c(a), (), True)
    assert odd_chip_key(c(a), (), True) == 4 * 8 + 0
    with pytest.raises(SettlementInputError):
        odd_chip_key(c("KsKdQcJhTs9d9c"), (), True)


def test_razz_key():
    a = "7cAs4d3h5dKsQs"
    b = "7d5c4c3sAhKdQd"
    assert razz_low(c(a)) == razz_low(c(b))
    assert razz_odd_chip_key(c(b), (), True) > razz_odd_chip_key(c(a), (), True)
    assert razz_odd_chip_key(c(b), (), True) == razz_odd_chip_key(c(b), (), False) == 4 * 7 + 1
    # Paired razz hands: the highest card of the five is a king; the best king counts.
    assert razz_odd_chip_key(c("KsKdQcQhJsJdTc"), (), True) == 4 * 13 + 3


@given(st.one_of(hands(TEXT), hands(SMALL + [r + s for r in "678" for s in SUITS])))
def test_keys_match_oracle(cards):
    hand = c("".join(cards))
    assert odd_chip_key(hand, (), False) == high_key(oracle_high(cards)[1])
    assert razz_odd_chip_key(hand, (), True) == low_key(oracle_razz(cards)[1])
    best, fives = oracle_low8(cards)
    if best is None:
        with pytest.raises(SettlementInputError):
            odd_chip_key(hand, (), True)
    else:
        assert odd_chip_key(hand, (), True) == low_key(fives)


@given(two_hands(TEXT))
def test_two_players_never_share_a_key(pair):
    a, b = (c("".join(x)) for x in pair)
    assert odd_chip_key(a, (), False) != odd_chip_key(b, (), False)
    assert razz_odd_chip_key(a, (), True) != razz_odd_chip_key(b, (), True)
