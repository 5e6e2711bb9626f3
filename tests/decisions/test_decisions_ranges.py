"""Ranges (pokerengine.decisions.ranges): counts, the notation against a slow oracle that reads
cards directly (ranks and suits, no class indexing), round trips and errors."""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.cards import DECK, RANKS, card_text, parse_card
from pokerengine.decisions.combos import CLASS_NAMES, COMBO_CARDS, COMBOS
from pokerengine.decisions.ranges import (
    EMPTY_RANGE,
    FULL_RANGE,
    MAX_RANGE_TEXT,
    Range,
    hand_or_range,
    parse_range,
)
from pokerengine.errors import CardError, RangeError

CARD_NAMES = tuple(card_text(card) for card in DECK)  # the text of each deck position

# --- an oracle: which combinations a simple item names, from the two cards' ranks and suits -------


def combo_ranks(c):
    hi, lo = COMBO_CARDS[c]
    return max(hi // 4, lo // 4), min(hi // 4, lo // 4), hi % 4 == lo % 4


@functools.cache
def oracle_hand(high, low, kind):
    """kind: 'pair', 's', 'o' or 'both'."""
    out = set()
    for c in range(COMBOS):
        h, l, suited = combo_ranks(c)
        if (h, l) != (high, low):
            continue
        if kind in ("pair", "both") or (kind == "s") == suited:
            out.add(c)
    return out


BY_CARDS = {frozenset(COMBO_CARDS[c]): c for c in range(COMBOS)}


def oracle_combo(a, b):
    return {BY_CARDS[frozenset((CARD_NAMES.index(a), CARD_NAMES.index(b)))]}


@pytest.mark.parametrize(("text", "count"), [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("22+", 78), ("TT+", 30), ("A2s+", 48), ("K9o+", 48),
    ("A2+", 192), ("A2s-A5s", 16), ("A5s-A2s", 16), ("22-55", 24), ("55-22", 24), ("KTo-KQo", 36),
    ("AhKh", 1), ("KhAh", 1), ("*", 1326), ("random", 1326), ("100%", 1326), ("any", 1326),
    ("", 0), ("AA, KK", 12), ("AA KK,QQ", 18), ("AKo:0.5", 6), ("AK, AKo:0", 4), ("aks", 4), ("tt+", 30),
    ("32", 16), ("32o", 12), ("T8s+", 8), ("A2s - A5s", 16), ("AKo : 0.5", 6),
])
def test_counts(text, count):
    assert parse_range(text).size == count


def test_whole_deck_adds_up():
    assert FULL_RANGE.size == 1326 and EMPTY_RANGE.size == 0 and FULL_RANGE.percent == 100.0
    classes = ["22+"] + [f"{RANKS[h]}2+" for h in range(12, 0, -1) if h > 1] + ["32"]
    assert parse_range(", ".join(classes)) == FULL_RANGE
    assert str(FULL_RANGE) == "*" and str(parse_range("*:0.25")) == "*:0.25"


def test_plus_and_spans_against_the_oracle():
    for high in range(1, 13):
        for low in range(high):
            for s, kind in (("s", "s"), ("o", "o"), ("", "both")):
                text = f"{RANKS[high]}{RANKS[low]}{s}"
                want = oracle_hand(high, low, kind)
                assert {c for c, _ in parse_range(text).combos()} == want, text
                if low < high - 1:
                    plus = set().union(*(oracle_hand(high, k, kind) for k in range(low, high)))
                    assert {c for c, _ in parse_range(text + "+").combos()} == plus, text
    for r in range(13):
        pair = RANKS[r] * 2
        assert {c for c, _ in parse_range(pair).combos()} == oracle_hand(r, r, "pair")
        if r < 12:
            plus = set().union(*(oracle_hand(k, k, "pair") for k in range(r, 13)))
            assert {c for c, _ in parse_range(pair + "+").combos()} == plus


def test_every_single_combination():
    """All 2,652 ordered card pairs in two parses: each pair gets its own weight."""
    for flip in (False, True):
        items, want = [], [0.0] * COMBOS
        k = 0
        for a in range(52):
            for b in range(a + 1, 52):
                k += 1
                x, y = (CARD_NAMES[b], CARD_NAMES[a]) if flip else (CARD_NAMES[a], CARD_NAMES[b])
                items.append(f"{x}{y}:{k / 2048}")
                (c,) = oracle_combo(x, y)
                want[c] = k / 2048
        assert list(parse_range(", ".join(items)).weights) == want


# --- random item lists against the oracle ------------------------------------------------------------

@st.composite
def items(draw):
    """(text, set of combinations, weight) for one random item."""
    kind = draw(st.sampled_from(["pair", "pairplus", "pairspan", "hand", "plus", "span", "combo"]))
    if kind == "combo":
        a, b = draw(st.lists(st.sampled_from(CARD_NAMES), min_size=2, max_size=2, unique=True))
        text, combos = a + b, oracle_combo(a, b)
    elif kind.startswith("pair"):
        r = draw(st.integers(0, 11 if kind == "pairplus" else 12))
        if kind == "pair":
            text, combos = RANKS[r] * 2, oracle_hand(r, r, "pair")
        elif kind == "pairplus":
            text, combos = RANKS[r] * 2 + "+", set().union(*(oracle_hand(k, k, "pair") for k in range(r, 13)))
        else:
            q = draw(st.integers(0, 12))
            lo, hi = sorted((r, q))
            text = f"{RANKS[r] * 2}-{RANKS[q] * 2}"
            combos = set().union(*(oracle_hand(k, k, "pair") for k in range(lo, hi + 1)))
    else:
        high = draw(st.integers(2 if kind == "plus" else 1, 12))
        s = draw(st.sampled_from(["s", "o", ""]))
        kk = {"s": "s", "o": "o", "": "both"}[s]
        low = draw(st.integers(0, high - (2 if kind == "plus" else 1)))
        if kind == "hand":
            text, combos = f"{RANKS[high]}{RANKS[low]}{s}", oracle_hand(high, low, kk)
        elif kind == "plus":
            text = f"{RANKS[high]}{RANKS[low]}{s}+"
            combos = set().union(*(oracle_hand(high, k, kk) for k in range(low, high)))
        else:
            other = draw(st.integers(0, high - 1))
            text = f"{RANKS[high]}{RANKS[low]}{s}-{RANKS[high]}{RANKS[other]}{s}"
            a, b = sorted((low, other))
            combos = set().union(*(oracle_hand(high, k, kk) for k in range(a, b + 1)))
    weight = draw(st.sampled_from([1.0, 1.0, 0.0, 0.5, 0.25]) | st.floats(0, 1))
    if weight != 1.0 or draw(st.booleans()):
        text += ":" + repr(weight)
    return text, combos, weight


@settings(max_examples=examples(200))
@given(st.lists(items(), max_size=12), st.sampled_from([", ", ",", " ", " , "]))
def test_random_lists_against_the_oracle(parts, sep):
    want = [0.0] * COMBOS
    for _, combos, w in parts:  # later items override earlier ones
        for c in combos:
            want[c] = w
    r = parse_range(sep.join(t for t, _, _ in parts))
    assert list(r.weights) == want
    assert parse_range(str(r)) == r  # and the normal text reads back the same range


# --- round trips -------------------------------------------------------------------------------------

weights = st.sampled_from([0.0, 1.0, 0.5]) | st.floats(0, 1)


@settings(max_examples=examples(40))
@given(st.lists(st.sampled_from([0.0, 1.0, 0.5, 1 / 3]) | st.floats(0, 1), min_size=169, max_size=169))
def test_class_weights_round_trip(ws):
    r = Range.from_classes(ws)
    assert list(r.classes()) == ws
    back = parse_range(r.text)
    assert back == r and back.text == r.text and str(r) == r.text


@settings(max_examples=examples(100))
@given(st.lists(st.sampled_from([0.0, 1.0]), min_size=169, max_size=169))
def test_zero_one_class_round_trip_is_compact(ws):
    r = Range.from_classes(ws)
    assert parse_range(r.text) == r
    # the normal form is no longer than one item per class
    assert len(r.text.split(", ")) <= max(1, sum(ws))


@settings(max_examples=examples(80))
@given(st.dictionaries(st.integers(0, COMBOS - 1), weights, max_size=40),
       st.lists(st.sampled_from([0.0, 1.0, 0.5]), min_size=169, max_size=169))
def test_combination_weights_round_trip(extra, base):
    ws = list(Range.from_classes(base).weights)
    for c, w in extra.items():
        ws[c] = w
    r = Range(tuple(ws))
    assert parse_range(r.text) == r


def test_mapping_and_classes():
    r = Range.from_classes({"AA": 1, "AKs": 0.5, "72o": 0.25})
    cls = r.classes()
    assert cls[CLASS_NAMES.index("AA")] == 1.0 and cls[CLASS_NAMES.index("AKs")] == 0.5
    assert cls[CLASS_NAMES.index("72o")] == 0.25 and sum(cls) == 1.75
    assert r.size == 6 + 2 + 3 and r.text == "AA, AKs:0.5, 72o:0.25"
    # the mean over a class's combinations
    assert parse_range("AhKh").classes()[CLASS_NAMES.index("AKs")] == 0.25


def test_later_items_override():
    assert parse_range("AK, AKo:0.5").text == "AKs, AKo:0.5"
    assert parse_range("AKo:0.5, AK").text == "AK"
    assert parse_range("22+, 55:0").text == "66+, 22-44"
    assert parse_range("AKs, AhKh:0").text == "AKs, AhKh:0.0"
    assert parse_range("AKs, AhKh:0").size == 3


def test_without():
    r = parse_range("AA, AKs, 72o")
    dead = r.without("AhKd")
    assert dead.size == 3 + 2 + 12  # AA without Ah; AKs without AhKh and AdKd; 72o untouched
    assert dead == r.without(["Ah", "Kd"]) == r.without([parse_card("Ah"), parse_card("Kd")])
    for c, _ in dead.combos():
        assert not {CARD_NAMES.index("Ah"), CARD_NAMES.index("Kd")} & set(COMBO_CARDS[c])
    assert parse_range("*").without("AsKsQsJsTs").size == 1326 - 5 * 51 + 10
    with pytest.raises(CardError):
        r.without("Ax")
    with pytest.raises(CardError):
        r.without([52])


def test_hand_or_range():
    r = parse_range("QQ+")
    assert hand_or_range(r) is r
    assert hand_or_range("AhKh").size == 1 and hand_or_range("QQ+") == r


@pytest.mark.parametrize(("text", "item"), [
    ("AKs+", "AKs+"), ("AA+", "AA+"), ("KAs", "KAs"), ("AAs", "AAs"), ("AAo", "AAo"), ("AKx", "AKx"),
    ("A1s", "A1s"), ("10", "10"), ("AhAh", "AhAh"), ("AhKx", "AhKx"), ("AH KH", "AH"), ("AK:1.5", "AK:1.5"),
    ("AK:-1", "AK:-1"), ("AK:nan", "AK:nan"), ("AK:inf", "AK:inf"), ("AK:", "AK:"), ("AK:0.5:0.5", "AK:0.5:0.5"),
    ("A2s-K5s", "A2s-K5s"), ("A2s-A5o", "A2s-A5o"), ("22-A5s", "22-A5s"), ("A2-A5s", "A2-A5s"),
    ("AK+s", "AK+s"), ("%", "%"), ("AKss", "AKss"), ("XX", "XX"), ("A", "A"), ("AKs,,Q", "Q"),
    ("AK:1e5", "AK:1e5"), ("AhKh+", "AhKh+"), ("AhKh-AsKs", "AhKh-AsKs"), ("QQ, 2A, KK", "2A"),
    ("AKS", "AKS"), ("AsKS", "AsKS"), ("22s-55s", "22s-55s"), ("22-A2", "22-A2"),
])
def test_errors_name_the_item(text, item):
    with pytest.raises(RangeError, match="^bad range item " + re.escape(repr(item)) + ":"):
        parse_range(text)


def test_error_message_exact():
    with pytest.raises(RangeError, match=r"bad range item 'AKs\+'.*write 'AKs'"):
        parse_range("QQ, AKs+")
    with pytest.raises(RangeError, match="bad range item 'Q1'"):
        parse_range("QQ, Q1, AKs")


def test_bounds_and_types():
    with pytest.raises(RangeError, match="at most"):
        parse_range("AA," * MAX_RANGE_TEXT)
    with pytest.raises(RangeError):
        parse_range(None)  # type: ignore[arg-type]
    with pytest.raises(RangeError):
        Range((1.0,) * 10)
    with pytest.raises(RangeError):
        Range((2.0,) * COMBOS)
    with pytest.raises(RangeError):
        Range((True,) * COMBOS)  # type: ignore[arg-type]
    with pytest.raises(RangeError):
        Range.from_classes([1.0] * 168)
    with pytest.raises(RangeError):
        Range.from_classes({"AKx": 1.0})
    with pytest.raises(RangeError):
        Range.from_classes({"AKs": float("nan")})
    with pytest.raises(RangeError):
        Range.from_classes("AKs")  # type: ignore[arg-type]
    with pytest.raises(RangeError):
        Range.from_combos({1326: 1.0})


def test_numpy_weights_accepted():
    np = pytest.importorskip("numpy")
    r = Range.from_classes(np.linspace(0, 1, 169))
    assert parse_range(r.text) == r
    assert Range(tuple(np.ones(COMBOS))) == FULL_RANGE


def test_frozen_and_hashable():
    r = parse_range("AA")
    with pytest.raises(AttributeError):
        r.text = "KK"  # type: ignore[misc]
    assert hash(r) == hash(parse_range("AA")) and {r: 1}[parse_range("AA")] == 1


def test_longest_normal_text_reads_back():
    import random

    rnd = random.Random(7)
    r = Range(tuple(rnd.random() * 1e-3 for _ in range(COMBOS)))  # every combination on its own, long weights
    assert len(r.text) < MAX_RANGE_TEXT and parse_range(r.text) == r


# --- format_range: the standard notation of 169 class frequencies -----------------------------------

from pokerengine.decisions.ranges import MAX_DIGITS, format_range  # noqa: E402

_ITEM = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+|-[2-9TJQKA][2-9TJQKA][so]?)?(?::(.+))?")


def class_name(high, low, suffix):
    return RANKS[high] + RANKS[low] + suffix


def oracle_runs(ws):
    """Maximal runs of one positive frequency, counted the obvious way: for the pairs, then for each
    top card its suited kickers and its offsuit kickers."""
    by_name = dict(zip(CLASS_NAMES, ws))
    rows = [[by_name[class_name(r, r, "")] for r in range(13)]]
    rows += [[by_name[class_name(h, k, s)] for k in range(h)] for s in "so" for h in range(12, 0, -1)]
    runs = 0
    for row in rows:
        for i, w in enumerate(row):
            if w > 0 and (i == 0 or row[i - 1] != w):
                runs += 1
    return runs


def item_key(item):
    """(kind, top card, kicker) of the item's highest class: kind 0 pairs, 1 suited, 2 offsuit; the
    order the items must follow (top card, then kicker, highest first)."""
    m = _ITEM.fullmatch(item)
    assert m, item
    high, low, suffix, tail = RANKS.index(m[1]), RANKS.index(m[2]), m[3], m[4] or ""
    if high == low:  # 22+ reaches AA; 55-99 ends at 99
        top = 12 if tail == "+" else RANKS.index(tail[1]) if tail else high
        return 0, -top, 0
    kicker = high - 1 if tail == "+" else RANKS.index(tail[2]) if tail else low
    return 1 if suffix == "s" else 2, -high, -kicker


frequencies = st.sampled_from([0.0, 1.0, 0.35, 0.5]) | st.floats(0, 1)


def push_like(draw_order, cut, mixed):
    """A range as a solver gives it: the best hands by some order, a few mixed at the edge."""
    ws = [0.0] * 169
    for rank, k in enumerate(draw_order):
        ws[k] = 1.0 if rank < cut else mixed if rank < cut + 3 else 0.0
    return ws


class_ranges = (st.lists(frequencies, min_size=169, max_size=169)
                | st.builds(push_like, st.permutations(range(169)), st.integers(0, 169), st.floats(0, 1))
                | st.builds(lambda cut, w: [w if k < cut else 0.0 for k in range(169)], st.integers(0, 169),
                            frequencies))


@settings(max_examples=examples(80))
@given(class_ranges)
def test_format_range_parses_back(ws):
    text = format_range(ws)
    assert parse_range(text) == Range.from_classes(ws)
    items = [] if not text else text.split(", ")
    if text.startswith("any"):
        assert len(set(ws)) == 1 and ws[0] > 0
        return
    assert len(items) == oracle_runs(ws)  # each item a maximal run: nothing left to merge
    keys = [item_key(i.partition(":")[0]) for i in items]
    assert keys == sorted(keys)  # pairs, suited, offsuit; top card, then kicker, highest first
    assert all(":" not in i or 0 < float(i.partition(":")[2]) < 1 for i in items)


@settings(max_examples=examples(40))
@given(class_ranges, st.integers(0, 6))
def test_format_range_rounds_then_parses_back(ws, digits):
    rounded = [round(w, digits) for w in ws]
    text = format_range(ws, digits=digits)
    assert parse_range(text) == Range.from_classes(rounded)
    assert text == format_range(rounded)
    for item in text.split(", "):
        weight = item.partition(":")[2]
        assert len(weight.partition(".")[2]) <= digits or "e" in weight


def test_format_range_examples():
    assert format_range({"AA": 1, "KK": 1, "AKs": 1, "AQs": 1, "AKo": 1, "KQs": 1}) == "KK+, AQs+, KQs, AKo"
    assert format_range({n: 1 for n in ("T6o", "T7o", "T8o", "55", "66", "A2s", "A3s")}) == \
        "55-66, A2s-A3s, T6o-T8o"
    every_pair_and_suited_ace = {n: 1 for n in CLASS_NAMES if n[0] == n[1] or (n[0] == "A" and n.endswith("s"))}
    assert format_range(every_pair_and_suited_ace) == "22+, A2s+"
    assert format_range({"AA": 0.5, "KK": 0.5, "AKo": 0.25}) == "KK+:0.5, AKo:0.25"
    assert format_range([0.5] * 169) == "any:0.5" and parse_range("any:0.5").size == 663.0
    assert format_range({"AKs": 1 / 3}, digits=3) == "AKs:0.333"
    assert format_range({"AKs": 0.0004}, digits=3) == "" and format_range({"AKs": 0.9996}, digits=3) == "AKs"


def test_format_range_refuses_bad_input():
    with pytest.raises(RangeError, match="169 numbers"):
        format_range([1.0] * 168)
    with pytest.raises(RangeError, match=r"\[0, 1\]"):
        format_range({"AKs": 1.5})
    with pytest.raises(RangeError, match="AKx"):
        format_range({"AKx": 1})
    for digits in (-1, MAX_DIGITS + 1, True, 2.0):
        with pytest.raises(RangeError, match="digits"):
            format_range({"AA": 1}, digits=digits)
