"""The folded players' cards out of the board in call_decision and push_decision
(pokerengine.decisions.foldboard): an oracle written from the rule (every deal of the opponent's
and the folded players' hands, disjoint, weighted; every board from the cards left) against the
exact mode to 1e-9 and the sampled mode within its stated standard error; the direction of the
effect where it is plain; full folding ranges change nothing; results without ``folded`` are
today's; ``folded_boards`` checked; the time bounded."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples

from pokerengine.decisions.combos import COMBOS, combo_text
from pokerengine.decisions.decision import call_decision, push_decision
from pokerengine.decisions.foldboard import ALL_BOARDS, board_correction
from pokerengine.decisions.folded import removal
from pokerengine.decisions.preflop import BOARDS, headsup
from pokerengine.decisions.ranges import Range, parse_range
from pokerengine.errors import DecisionInputError, ModelTimeout
from pokerengine.hands.vector import COMBO_CARDS, deck_indices, rank_holes, subsets

PAPER = dict(stacks=[3000, 1000, 1000, 2000], prizes=[50, 30, 20], blinds=(100, 200))  # BTN, SB, BB, UTG


@functools.cache
def every_board(hand: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every board missing the hero's cards: (cards, 52-bit masks, the hero's value on each)."""
    hero = deck_indices(hand)
    rest = np.array([c for c in range(52) if c not in hero], dtype=np.intp)
    boards = rest[subsets(50, 5).astype(np.intp)]
    masks = np.zeros(len(boards), dtype=np.uint64)
    for i in range(5):
        masks |= np.uint64(1) << boards[:, i].astype(np.uint64)
    hero_combo = [c for c in range(COMBOS) if set(COMBO_CARDS[c]) == set(hero)]
    return boards, masks, rank_holes(boards, hero_combo)[:, 0].astype(np.int64)


def oracle(hand: str, villain: Range, folded: list[Range]) -> tuple[float, float]:
    """(p_win, p_tie) of ``hand`` against ``villain`` from one deck: every combination ``v`` of the
    villain's and every tuple of folded hands, pairwise disjoint and missing the hero's cards,
    weighted ``R(v) * prod G_j(f_j)``; for each such deal every board of the cards left."""
    hero = set(deck_indices(hand))
    boards, masks, mine = every_board(hand)
    win_sum = tie_sum = mass = 0.0
    for v, rv in villain.combos():
        if set(COMBO_CARDS[v]) & hero:
            continue
        theirs = rank_holes(boards, [v])[:, 0].astype(np.int64)  # 0 on boards holding a card of v
        for deal in itertools.product(*(r.combos() for r in folded)):
            used, weight = hero | set(COMBO_CARDS[v]), rv
            for f, w in deal:
                if set(COMBO_CARDS[f]) & used:
                    weight = 0.0
                    break
                used |= set(COMBO_CARDS[f])
                weight *= w
            if not weight:
                continue
            dead = np.uint64(sum(1 << c for c in used - hero))
            left = (masks & dead) == 0  # the boards of the deck left after the deal
            count = int(left.sum())
            assert count == math.comb(48 - 2 * len(folded), 5)
            win_sum += weight * int((left & (mine > theirs)).sum()) / count
            tie_sum += weight * int((left & (mine == theirs)).sum()) / count
            mass += weight
    return win_sum / mass, tie_sum / mass


CASES = [  # hero, pusher's range, folded ranges (BTN, then UTG)
    ("7h7d", "AhKh, AcKd, 8s8c", ["AsAd, KsKc, 7c7s"]),  # the folded aces and kings: fewer of the pusher's outs
    ("7h7d", "AhKh, AcKd, 8s8c", ["AsAd, KsKc, 7c7s", "Ac8d, 9h9s, KhQh:0.5"]),
    ("AhAs", "KhKs", ["AcAd"]),  # the hero's set is gone
    ("AhKh", "QcQd, JcJd", ["JhTh, 9h8h, 7h6h, 5h4h, 3h2h"]),  # the hero's flush less likely
]


def _call(hand: str, pusher: str, folded: list[str], boards: int) -> tuple[float, float, str]:
    seats = dict(zip(("BTN", "UTG"), folded))
    d = call_decision(**PAPER, hero="BB", pusher="SB", hand=hand, pusher_range=pusher, folded=seats,
                      folded_boards=boards, max_seconds=None)  # every board: 3-10 s on a loaded machine
    return d.showdowns[0].p_win, d.showdowns[0].p_tie, d.method


@pytest.mark.parametrize(("hand", "pusher", "folded"), CASES if DEEP else CASES[1:])
def test_every_board_matches_the_deal_oracle(hand, pusher, folded):
    """A budget holding every board: the correction is exact, to rounding (every board summed:
    1-9 s a case; the first case, 7 s, one folded player as the last two, under
    ``POKERENGINE_HYPOTHESIS=deep``)."""
    want_win, want_tie = oracle(hand, parse_range(pusher), [parse_range(f) for f in folded])
    win, tie, method = _call(hand, pusher, folded, ALL_BOARDS)
    assert win == pytest.approx(want_win, abs=1e-9) and tie == pytest.approx(want_tie, abs=1e-9)
    assert "exact over every board" in method


@pytest.mark.parametrize(("hand", "pusher", "folded", "direction"), [
    (*CASES[0], 1), (*CASES[1], 1), (*CASES[2], -1), (*CASES[3], -1)])
def test_sampled_boards_within_the_stated_error(hand, pusher, folded, direction):
    """The default budget (sampled for these ranges): within four standard errors of the oracle;
    the move from leaving the folded cards in the deck is many standard errors and goes the way
    the cards say (the folded aces and kings were the pusher's outs: up; the folded aces were the
    hero's set, the folded hearts his flush: down)."""
    fold = [parse_range(f) for f in folded]
    want_win, want_tie = oracle(hand, parse_range(pusher), fold)
    z = removal(hand, fold)
    fix = board_correction(tuple(deck_indices(hand)), parse_range(pusher), fold, z)
    assert not fix.exact and fix.win_error > 0 and fix.equity_error > 0
    win, tie, method = _call(hand, pusher, folded, 8_000)
    assert abs(win - want_win) <= 4 * fix.win_error and abs(tie - want_tie) <= 4 * fix.tie_error + 1e-12
    old_win, old_tie, _ = _call(hand, pusher, folded, 0)
    moved = (win + tie / 2) - (old_win + old_tie / 2)
    assert direction * moved > 5 * fix.equity_error
    assert direction * ((want_win + want_tie / 2) - (old_win + old_tie / 2)) > 0
    assert f"{fix.boards:,} boards" in method and "standard error" in method


def test_push_callers_each_corrected():
    """push_decision: each caller's equity with the folded cards out of the board, against the
    oracle for his range; his chance of calling as with the hands alone (the board does not
    change who holds what)."""
    hand, folded = "7h7d", {"UTG": "AsAd, KsKc, 7c7s"}
    ranges = {"SB": "AhKh, AcKd", "BB": "8s8c, AcKd"}
    kw = dict(hero="BTN", blinds=(100, 200), hand=hand, calling_ranges=ranges, folded=folded)
    d = push_decision(PAPER["stacks"], PAPER["prizes"], **kw, folded_boards=ALL_BOARDS, max_seconds=None)
    hands_only = push_decision(PAPER["stacks"], PAPER["prizes"], **kw, folded_boards=0)
    assert len(d.showdowns) == 2
    for sd, old, seat in zip(d.showdowns, hands_only.showdowns, ("SB", "BB")):
        want_win, want_tie = oracle(hand, parse_range(ranges[seat]), [parse_range(folded["UTG"])])
        assert sd.p_win == pytest.approx(want_win, abs=1e-9) and sd.p_tie == pytest.approx(want_tie, abs=1e-9)
        assert sd.probability == old.probability and sd.win == old.win and sd.lose == old.lose
    assert d.fold == hands_only.fold and d.steal == hands_only.steal
    assert "SB: exact over every board; BB: exact over every board" in d.method


def test_no_folded_is_todays_result():
    """Without ``folded`` nothing changes: the chances are the exact table's, whatever ``folded_boards``."""
    kw = dict(PAPER, hero="BB", pusher="SB", hand="KdJc", pusher_range="QQ+, AKs, KhQh")
    plain = call_decision(**kw)
    for boards in (0, 5, ALL_BOARDS):
        assert call_decision(**kw, folded_boards=boards) == plain
        assert call_decision(**kw, folded={}, folded_boards=boards) == plain
    villain = parse_range("QQ+, AKs, KhQh")
    counts = [headsup("KdJc", combo_text(v)) for v, _ in villain.without("KdJc").combos()]
    assert plain.showdowns[0].p_win == pytest.approx(sum(c[0] for c in counts) / (len(counts) * BOARDS), abs=1e-12)
    assert plain.showdowns[0].p_tie == pytest.approx(sum(c[1] for c in counts) / (len(counts) * BOARDS), abs=1e-12)
    assert plain.method == "exact odds"
    push = dict(hero="BTN", blinds=(100, 200), hand="KdJc", calling_ranges={"SB": "QQ+", "BB": "TT+, AK"})
    assert push_decision(PAPER["stacks"], PAPER["prizes"], **push, folded_boards=0) == push_decision(
        PAPER["stacks"], PAPER["prizes"], **push)


def test_three_folded_players():
    """Six-handed, three folded players: full folding ranges change nothing (each one's board ratio
    is 1 on every board); narrow ones move the equity, the method saying how it was had."""
    stacks = [1500] * 6
    kw = dict(hero="BB", pusher="BTN", blinds=(50, 100), hand="7h7d", pusher_range="AK, 88+")
    plain = call_decision(stacks, [50, 30, 20], **kw)
    full = call_decision(stacks, [50, 30, 20], **kw, folded={"UTG": "*", "HJ": "*", "CO": "*"}, folded_boards=500)
    assert full.showdowns[0].p_win == pytest.approx(plain.showdowns[0].p_win, abs=1e-9)
    assert full.showdowns[0].p_tie == pytest.approx(plain.showdowns[0].p_tie, abs=1e-9)
    folded = {"UTG": "AA, KK", "HJ": "AK", "CO": "QQ+"}
    narrow = call_decision(stacks, [50, 30, 20], **kw, folded=folded, folded_boards=2_000)
    hands = call_decision(stacks, [50, 30, 20], **kw, folded=folded, folded_boards=0)
    assert narrow.equity > hands.equity  # the pusher's overcards are in the folded hands, not on the board
    assert "multiplied" in narrow.method and "independent" in narrow.method


@pytest.mark.parametrize("bad", [1.5, True, -1, ALL_BOARDS + 1, "8000", None])
def test_bad_board_budget_refused(bad):
    with pytest.raises(DecisionInputError, match="folded_boards"):
        call_decision(**PAPER, hero="BB", pusher="SB", hand="AhAs", pusher_range="KK", folded={"BTN": "AA"},
                      folded_boards=bad)
    with pytest.raises(DecisionInputError, match="folded_boards"):
        call_decision(**PAPER, hero="BB", pusher="SB", equity=0.4, folded_boards=bad)
    with pytest.raises(DecisionInputError, match="folded_boards"):
        push_decision(PAPER["stacks"], PAPER["prizes"], hero="BTN", blinds=(100, 200), hand="AhKh",
                      calling_ranges={"BB": "QQ+"}, folded_boards=bad)


def test_time_bounded():
    """Every board against a full range is far past a tenth of a second: ModelTimeout, raised
    between batches of boards, well before the whole sum."""
    with pytest.raises(ModelTimeout):
        call_decision(**PAPER, hero="BB", pusher="SB", hand="7h7d", pusher_range="*", folded={"BTN": "AA, KK"},
                      folded_boards=ALL_BOARDS, max_seconds=0.1)


HANDS = st.integers(0, COMBOS - 1).map(combo_text)
SMALL = st.lists(st.integers(0, COMBOS - 1), min_size=1, max_size=40, unique=True).map(
    lambda cs: Range.from_combos({c: 1.0 for c in cs}))


@settings(max_examples=examples(15), deadline=None)
@given(hand=HANDS, pusher=SMALL, folded=st.lists(SMALL, min_size=1, max_size=2), model=st.sampled_from(["chip", "icm"]))
def test_chances_and_values_stay_sound(hand, pusher, folded, model):
    """Whatever the ranges: the chances within [0, 1] and adding up to at most 1, the call's value
    the showdown's average, and the fold's value the same as without the folded players."""
    kw = dict(PAPER, hero="BB", pusher="SB", hand=hand, pusher_range=pusher, model=model)
    seats = dict(zip(("BTN", "UTG"), folded))
    try:
        d = call_decision(**kw, folded=seats, folded_boards=300)
    except (DecisionInputError, ValueError):  # nothing can be dealt beside the hand
        return
    (sd,) = d.showdowns
    assert 0.0 <= sd.p_win <= 1.0 and 0.0 <= sd.p_tie <= 1.0 and sd.p_win + sd.p_tie <= 1.0 + 1e-12
    assert d.call == pytest.approx(sd.p_win * sd.win + sd.p_tie * sd.tie + sd.p_lose * sd.lose, abs=1e-9)
    assert d.fold == call_decision(**kw, folded=seats, folded_boards=0).fold
    assert 0.0 <= d.equity <= 1.0
