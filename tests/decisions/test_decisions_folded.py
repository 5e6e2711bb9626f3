"""Card removal of folded hands in call_decision and push_decision (pokerengine.decisions.folded):
the opponents' hands reweighted (``folded_boards=0``), against a brute-force oracle that deals
every hand of the pusher (or caller) and of each folded player, disjoint, weighted, with each
pair's exact equity from the heads-up table; the folded cards out of the board too (the default)
are in test_decisions_foldboard.py.  Full folding ranges change nothing; ``folded={}`` is no
argument; bad input refused."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.decisions.combos import COMBOS, combo_text
from pokerengine.decisions.decision import call_decision, push_decision
from pokerengine.decisions.folded import removal
from pokerengine.decisions.preflop import BOARDS, headsup
from pokerengine.decisions.ranges import Range, parse_range
from pokerengine.errors import DecisionInputError, RangeError
from pokerengine.hands.vector import COMBO_CARDS, deck_indices

PAPER = dict(stacks=[3000, 1000, 1000, 2000], prizes=[50, 30, 20], blinds=(100, 200))  # BTN, SB, BB, UTG


def cards(combo: int) -> set[int]:
    return set(COMBO_CARDS[combo])


def brute_z(hero: set[int], v: int, folded: list[Range], independent: bool = False) -> float:
    """The weight of every deal of the folded hands beside the hero's cards and ``v``: each tuple of
    folded combinations, disjoint from the hero, ``v`` and (unless ``independent``) each other."""
    if independent:
        return math.prod(math.fsum(w for f, w in r.combos() if not cards(f) & (hero | cards(v))) for r in folded)
    total = 0.0
    for deal in itertools.product(*(r.combos() for r in folded)):
        used = hero | cards(v)
        weight = 1.0
        for f, w in deal:
            if cards(f) & used:
                break
            used |= cards(f)
            weight *= w
        else:
            total += weight
    return total


def brute_chances(hand: str, villain: Range, folded: list[Range], independent: bool = False,
                  ) -> tuple[float, float, float]:
    """(p_win, p_tie, summed weight) of ``hand`` against ``villain`` reweighted by the folded deals."""
    hero = set(deck_indices(hand))
    win = tie = mass = 0.0
    for v, w in villain.combos():
        if cards(v) & hero:
            continue
        weight = w * brute_z(hero, v, folded, independent)
        if weight:
            a, t, _ = headsup(hand, v)
            win += weight * a
            tie += weight * t
            mass += weight
    return win / (mass * BOARDS), tie / (mass * BOARDS), mass


@pytest.mark.parametrize(("hand", "pusher", "folded"), [
    ("KdJc", "AA, KK, AKs, KQs, JJ", {"BTN": "AA, KQs, KJs, QQ"}),
    ("KdJc", "AA, KK, AKs, KQs, JJ", {"BTN": "AA, KQs, KJs, QQ", "UTG": "AKs, KK, JJ, AJs"}),
    ("7h7d", "AK, 88+", {"BTN": "AA, 77, AKo:0.5", "UTG": "KK, AKs, 8h8d"}),
    ("AsQs", "AK, AQ, QQ+", {"UTG": "AA, QQ"}),
])
def test_call_matches_brute_force_deals(hand, pusher, folded):
    d = call_decision(**PAPER, hero="BB", pusher="SB", hand=hand, pusher_range=pusher, folded=folded, folded_boards=0)
    (sd,) = d.showdowns
    want_win, want_tie, _ = brute_chances(hand, parse_range(pusher), [parse_range(r) for r in folded.values()])
    assert sd.p_win == pytest.approx(want_win, abs=1e-9) and sd.p_tie == pytest.approx(want_tie, abs=1e-9)
    plain = call_decision(**PAPER, hero="BB", pusher="SB", hand=hand, pusher_range=pusher)
    assert plain.showdowns[0].p_win != pytest.approx(sd.p_win, abs=1e-9)  # the removal moved something


def test_three_folded_players_taken_independently():
    """Six-handed, three folded players: each folded hand avoids the hero's and the pusher's cards,
    the folded hands independent of each other (as documented)."""
    stacks, folded = [1500] * 6, {"UTG": "AA, KK", "HJ": "AKs, AA", "CO": "KK, QQ"}
    d = call_decision(stacks, [50, 30, 20], hero="BB", pusher="BTN", blinds=(50, 100), hand="AhKc",
                      pusher_range="QQ+, AK", folded=folded, folded_boards=0)
    want_win, want_tie, _ = brute_chances("AhKc", parse_range("QQ+, AK"), [parse_range(r) for r in folded.values()],
                                          independent=True)
    assert d.showdowns[0].p_win == pytest.approx(want_win, abs=1e-9)
    assert d.showdowns[0].p_tie == pytest.approx(want_tie, abs=1e-9)


def test_push_matches_brute_force_deals():
    """Four-handed, the button pushes after UTG folded; the blinds call from their ranges: each
    caller's chance is his range's weight over every deal of his hand beside the hero's and the
    folded hand, and the first caller is the only one."""
    hand, folded = "AhTd", {"UTG": "AA, TT, ATs"}
    ranges = {"SB": "QQ+, AK", "BB": "TT+, AQs+"}
    d = push_decision(PAPER["stacks"], PAPER["prizes"], hero="BTN", blinds=(100, 200), hand=hand,
                      calling_ranges=ranges, folded=folded, folded_boards=0)
    hero = set(deck_indices(hand))
    gone = [parse_range(r) for r in folded.values()]
    z = {v: brute_z(hero, v, gone) for v in range(COMBOS) if not cards(v) & hero}
    deals = math.fsum(z.values())
    reach = 1.0
    for sd, seat in zip(d.showdowns, ("SB", "BB")):
        rng = parse_range(ranges[seat])
        share = math.fsum(w * z[v] for v, w in rng.combos() if v in z) / deals
        want_win, want_tie, _ = brute_chances(hand, rng, gone)
        assert sd.probability == pytest.approx(reach * share, abs=1e-9)
        assert sd.p_win == pytest.approx(want_win, abs=1e-9) and sd.p_tie == pytest.approx(want_tie, abs=1e-9)
        reach *= 1.0 - share
    assert len(d.showdowns) == 2
    steal = 1.0 - d.call_probability
    assert d.push == pytest.approx(steal * d.steal + math.fsum(sd.probability * sd.value for sd in d.showdowns),
                                   abs=1e-12)


def random_range(rnd: random.Random, size: int) -> Range:
    return Range.from_combos({c: rnd.choice((1.0, 0.5, 0.25)) for c in rnd.sample(range(COMBOS), size)})


@pytest.mark.parametrize("seed", range(3))
def test_removal_of_two_wide_ranges_against_brute_force(seed):
    """Two folding ranges of 60-120 combinations: Z at 25 combinations against every pair of folded hands."""
    rnd = random.Random(seed)
    hand = combo_text(rnd.randrange(COMBOS))
    folded = [random_range(rnd, rnd.randint(60, 120)) for _ in range(2)]
    z = removal(hand, folded)
    hero = set(deck_indices(hand))
    for v in rnd.sample(range(COMBOS), 25):
        want = 0.0 if cards(v) & hero else brute_z(hero, v, folded)
        assert z[v] == pytest.approx(want, abs=1e-9)


def test_board_keeps_the_folded_cards_with_no_board_budget():
    """``folded_boards=0``: the folded cards are not taken out of the board.  The hero's pair of
    aces against a pair of kings while the folded player holds the other two aces: the reweighting
    leaves KK's combinations alone, so the equity is the plain table's, with the folded aces still
    able to come on the board (the default takes them out: test_decisions_foldboard.py)."""
    d = call_decision(**PAPER, hero="BB", pusher="SB", hand="AhAs", pusher_range="KhKs", folded={"BTN": "AcAd"},
                      folded_boards=0)
    win, tie, _ = headsup("AhAs", "KhKs")
    assert d.showdowns[0].p_win == win / BOARDS and d.showdowns[0].p_tie == tie / BOARDS
    assert "deck holding them" in d.method


HANDS = st.integers(0, COMBOS - 1).map(combo_text)
CLASS_RANGES = st.lists(st.floats(0, 1).map(lambda w: round(w, 2)), min_size=169, max_size=169).filter(any)


@settings(max_examples=examples(25))
@given(hand=HANDS, pusher=CLASS_RANGES, seats=st.sampled_from([["BTN"], ["UTG"], ["BTN", "UTG"]]),
       model=st.sampled_from(["chip", "icm"]))
def test_folding_every_hand_removes_nothing(hand, pusher, seats, model):
    """A folding range holding every combination blocks every opponent's combination alike and
    takes every board's cards alike: the equity and every value are those without it, with the
    folded cards out of the board too (a small board budget: the correction is zero on every
    board); ``folded={}`` is exactly no argument."""
    rng = Range.from_classes(pusher)
    kw = dict(PAPER, hero="BB", pusher="SB", hand=hand, pusher_range=rng, model=model, folded_boards=300)
    try:
        plain = call_decision(**kw)
    except DecisionInputError:  # the range cannot be dealt beside the hand
        with pytest.raises(RangeError):
            call_decision(**kw, folded={s: "*" for s in seats})
        return
    assert call_decision(**kw, folded={}) == plain
    full = call_decision(**kw, folded={s: "*" for s in seats})
    (a,), (b,) = plain.showdowns, full.showdowns
    assert b.p_win == pytest.approx(a.p_win, abs=1e-9) and b.p_tie == pytest.approx(a.p_tie, abs=1e-9)
    assert full.gain == pytest.approx(plain.gain, abs=1e-9)
    half = call_decision(**kw, folded={s: Range([0.5] * COMBOS) for s in seats})
    assert half.showdowns[0].p_win == pytest.approx(a.p_win, abs=1e-9)


@settings(max_examples=examples(15))
@given(hand=HANDS, ranges=st.lists(CLASS_RANGES, min_size=2, max_size=2))
def test_push_folding_every_hand_removes_nothing(hand, ranges):
    kw = dict(hero="BTN", blinds=(100, 200), hand=hand, calling_ranges={"SB": Range.from_classes(ranges[0]),
                                                                        "BB": Range.from_classes(ranges[1])},
              folded_boards=300)
    plain = push_decision(PAPER["stacks"], PAPER["prizes"], **kw)
    assert push_decision(PAPER["stacks"], PAPER["prizes"], **kw, folded={}) == plain
    full = push_decision(PAPER["stacks"], PAPER["prizes"], **kw, folded={"UTG": "*"})
    assert [sd.opponent for sd in full.showdowns] == [sd.opponent for sd in plain.showdowns]
    for a, b in zip(plain.showdowns, full.showdowns):
        assert (b.probability, b.p_win, b.p_tie) == pytest.approx((a.probability, a.p_win, a.p_tie), abs=1e-9)
    assert full.gain == pytest.approx(plain.gain, abs=1e-9)


def test_documented_spot():
    """docs/decisions.md: DCM at the paper's table, the small blind pushing any pair or ace, the
    button and UTG folded everything else: 3c2c folds without the removal, calls with the folded
    hands out of the pusher's hands only, and folds again with their cards out of the board too."""
    kw = dict(PAPER, hero="BB", pusher="SB", model="dcm", hand="3c2c", pusher_range="22+, A2+")
    fold = {"BTN": "*, 22+:0, A2+:0", "UTG": "*, 22+:0, A2+:0"}
    plain = call_decision(**kw)
    hands = call_decision(**kw, folded=fold, folded_boards=0)
    board = call_decision(**kw, folded=fold)
    assert [(round(d.equity, 4), d.best) for d in (plain, hands, board)] == [
        (0.3097, "fold"), (0.3123, "call"), (0.3074, "fold")]
    assert plain.fold == hands.fold == board.fold
    assert "standard error 0.0001 of equity" in board.method and "32,225 boards" in board.method


@pytest.mark.parametrize(("folded", "error", "words"), [
    ({"CO": "AA"}, DecisionInputError, "folded seat"),
    ({7: "AA"}, DecisionInputError, "folded seat"),
    ({True: "AA"}, DecisionInputError, "folded seat"),
    ({2: "AA"}, DecisionInputError, "the hero"),
    ({"SB": "AA"}, DecisionInputError, "the pusher"),
    ({0: "AA", "BTN": "KK"}, DecisionInputError, "twice"),
    ({"BTN": 0.5}, RangeError, "folding range"),
    ({"BTN": True}, RangeError, "folding range"),
    ({"BTN": "AKs+"}, RangeError, "AKs+"),
    ({"BTN": "AA:0"}, RangeError, "empty"),
    ({"BTN": "AcAd", "UTG": "AcAd"}, RangeError, "cannot be dealt"),
    ({"BTN": "AhAs"}, RangeError, "cannot be dealt"),
    (["BTN"], DecisionInputError, "map seats"),
])
def test_bad_folded_refused(folded, error, words):
    with pytest.raises(error, match=words):
        call_decision(**PAPER, hero="BB", pusher="SB", hand="AhAs", pusher_range="KK", folded=folded)


def test_folded_needs_cards():
    with pytest.raises(DecisionInputError, match="not equity"):
        call_decision(**PAPER, hero="BB", pusher="SB", equity=0.4, folded={"BTN": "AA"})
    with pytest.raises(DecisionInputError, match="not equity"):
        push_decision(PAPER["stacks"], PAPER["prizes"], hero="BTN", blinds=(100, 200), equity=0.4,
                      folded={"UTG": "AA"})
    with pytest.raises(DecisionInputError, match="calling range"):
        push_decision(PAPER["stacks"], PAPER["prizes"], hero="BTN", blinds=(100, 200), hand="AhKh",
                      calling_ranges={"BB": "QQ+"}, folded={"BB": "22"})
    with pytest.raises(DecisionInputError, match="the hero"):
        push_decision(PAPER["stacks"], PAPER["prizes"], hero="BTN", blinds=(100, 200), hand="AhKh",
                      calling_ranges={"BB": "QQ+"}, folded={"BTN": "22"})
    assert call_decision(**PAPER, hero="BB", pusher="SB", equity=0.4, folded={}) == call_decision(
        **PAPER, hero="BB", pusher="SB", equity=0.4)
