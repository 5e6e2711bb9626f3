"""The short way (``history/quick.py``) against the live engine: the same outcome or the same error.

:func:`pokerengine.live.interpret` tries the short way first for no-limit and
pot-limit hold'em and Omaha; ``interpret(hand, quick=False)`` plays the hand through the live
engine in replay mode alone (the one rule book).  Whatever the hand (every fixture, random complete hands,
the same hands with an action dropped, doubled, swapped or altered), the two
must agree: equal outcomes, or the same error message.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import PokerEngineError
from pokerengine.phh import HandHistory, load
from pokerengine.live import Outcome, clear_caches, interpret
from pokerengine.replay import replay_hand
from pokerengine.phh.reader import iter_files
from pokerengine.live.quick import PLANS, play_quick
from pokerengine.phh.variants import VARIANTS
from test_replay_properties import random_history

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "phh"
FILES = sorted(FIXTURES.rglob("*.phh"))
HANDS = [hand for path in FILES for hand in load(path)]
#: ``POKERENGINE_PHH``: a folder of more hands (e.g. the shared corpus) for the corpus check.
MORE = Path(os.environ["POKERENGINE_PHH"]) if os.environ.get("POKERENGINE_PHH") else None
CODES = [code for code, v in VARIANTS.items() if v.standard]  # pokerengine's own: test_variants_extended.py


def outcome_or_error(hand: HandHistory, quick: bool):
    try:
        return interpret(hand, quick=quick)
    except PokerEngineError as exc:
        return type(exc).__name__, str(exc)


def agree(hand: HandHistory) -> None:
    full = outcome_or_error(hand, False)
    assert outcome_or_error(hand, True) == full, hand.actions
    plan = PLANS.get(hand.variant)
    if plan is not None:
        fields = play_quick(hand, VARIANTS[hand.variant], plan)
        if fields is not None:  # the short way only ever finishes hands the full interpreter accepts
            assert not isinstance(full, tuple), (full, hand.actions)


CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def another_amount(rnd: random.Random, x: int) -> str:
    return rnd.choice([str(x // 2), str(x + 1), str(x - 1), str(2 * x), str(3 * x), str(10 * x),
                       str(x + rnd.randint(1, 9)), str(rnd.randint(1, 4 * x + 2)), "2.5", "0", "abc"])


def edit(rnd: random.Random, actions: list[str]) -> None:
    """Drop, double, swap, cut short, alter or add one action."""
    if not actions:
        return
    k = rnd.randrange(len(actions))
    words = actions[k].split()
    how = rnd.randrange(10)
    if how == 0:
        del actions[k]
    elif how == 1:
        actions.insert(k, actions[k])
    elif how == 2:
        j = rnd.randrange(len(actions))
        actions[k], actions[j] = actions[j], actions[k]
    elif how == 3:
        del actions[k:]
    elif how == 4 and len(words) == 3 and words[1] == "cbr":  # another amount
        words[2] = another_amount(rnd, int(words[2]) if words[2].isdigit() else 10)
    elif how == 5 and words[0] != "d":  # another player
        words[0] = f"p{rnd.randint(1, 10)}"
    elif how == 6 and words[0] != "d":  # another verb
        words[1:] = rnd.choice([["f"], ["cc"], ["cbr", another_amount(rnd, 100)], ["pb"], ["sm", "-"], ["sm"], ["sd"]])
    elif how == 7 and len(words[-1]) % 2 == 0 and words[-1][:1].isupper():  # another card
        cards = words[-1]
        i = rnd.randrange(0, len(cards), 2)
        words[-1] = cards[:i] + rnd.choice(CARDS + ["??"]) + cards[i + 2:]
    elif how == 8:  # a player action more
        who = f"p{rnd.randint(1, 7)}"
        actions.insert(k, rnd.choice([f"{who} f", f"{who} cc", f"{who} sm", f"{who} sm -", f"{who} sm ????",
                                      f"{who} cbr {another_amount(rnd, 50)}"]))
    else:
        actions.insert(k, rnd.choice(["d db 2c", "d db 2c3c4c", "d dh p1 2c3c", "# note", "d dh p7 AsKd"]))
    if 4 <= how <= 7:
        actions[k] = " ".join(words)


def mutated(rnd: random.Random, hand: HandHistory) -> HandHistory:
    """The hand with one to three actions dropped, doubled, swapped, cut short, altered or added."""
    actions = list(hand.actions)
    for _ in range(rnd.choice((1, 1, 2, 3))):
        edit(rnd, actions)
    return attrs.evolve(hand, actions=tuple(actions))


def test_every_fixture_agrees_and_most_take_the_short_way():
    clear_caches()
    short = 0
    for hand in HANDS:
        agree(hand)
        plan = PLANS.get(hand.variant)
        short += plan is not None and play_quick(hand, VARIANTS[hand.variant], plan) is not None
    assert short >= 570  # every pluribus fixture but a few with an incomplete all-in raise, and the NT/PO of WSOP


@pytest.mark.skipif(MORE is None, reason="set POKERENGINE_PHH to a folder of PHH files (e.g. the shared corpus)")
def test_every_corpus_hand_agrees():
    """The short way against the engine on every hand of a corpus: the same Outcome fields, or the
    short way declines (``POKERENGINE_PHH=/work/shared/phh``: 5,721 hands, a few seconds)."""
    clear_caches()
    hands = short = 0
    for path in iter_files([MORE]):
        for hand in load(path):
            hands += 1
            plan = PLANS.get(hand.variant)
            fields = play_quick(hand, VARIANTS[hand.variant], plan) if plan is not None else None
            if fields is not None:
                short += 1
                assert interpret(hand, quick=False) == Outcome(VARIANTS[hand.variant], 1, *fields), hand.label
    assert hands and short


def test_mutated_fixtures_agree():
    rnd = random.Random(2024)
    for hand in HANDS:
        for _ in range(4):
            agree(mutated(rnd, hand))


@pytest.mark.parametrize("code", sorted(set(PLANS) & set(CODES)))
@settings(max_examples=150)
@given(rnd=st.randoms(use_true_random=False))
def test_random_and_mutated_hands_of_the_short_way_agree(code, rnd):
    hand = random_history(rnd, code)
    agree(hand)
    for _ in range(10):
        agree(mutated(rnd, hand))


@pytest.mark.parametrize("code", sorted(set(CODES) - set(PLANS)))
@settings(max_examples=10)
@given(rnd=st.randoms(use_true_random=False))
def test_other_variants_agree(code, rnd):
    hand = random_history(rnd, code)
    agree(hand)
    agree(mutated(rnd, hand))


def nt(actions, stacks=(100, 100, 100), **fields) -> HandHistory:
    n = len(stacks)
    values = {"variant": "NT", "antes": (0,) * n, "blinds_or_straddles": (1, 2) + (0,) * (n - 2), "min_bet": 2,
              "starting_stacks": tuple(stacks), "actions": tuple(actions), "source": "t.phh"}
    values.update(fields)
    return HandHistory(**values)


DEAL3 = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd"]


@pytest.mark.parametrize("actions, stacks, why", [
    (DEAL3 + ["p3 cbr 10", "p1 cbr 30", "p2 cbr 35", "p3 f", "p1 cc", "d db 2c7h9d", "d db Ts", "d db 3c"],
     (100, 35, 100), "an incomplete all-in raise"),
    (["d dh p1 AsAd", "d dh p2 ????", "d dh p3 QcQd", "p3 f", "p1 f"], (100, 100, 100), "unknown cards"),
    (DEAL3 + ["p3 cc", "p1 cc", "p2 cc", "d db 2c", "d db 7h9d", "p1 f", "p2 f"], (100, 100, 100), "a flop in two"),
    (DEAL3 + ["p3 cbr 10.5", "p1 f", "p2 f"], (100, 100, 100), "an amount with decimals"),
    # p1 and p2 have 3 chips: a raise to 3, below the minimum of 4, is all they can call
    (DEAL3 + ["p3 cbr 3", "p1 f", "p2 f"], (3, 3, 100), "what the deepest opponent can match"),
])
def test_the_unusual_takes_the_full_way_to_the_same_outcome(actions, stacks, why):
    hand = nt(actions, stacks)
    assert play_quick(hand, VARIANTS["NT"], PLANS["NT"]) is None
    agree(hand)
    assert replay_hand(hand).outcome == interpret(hand, quick=False)


@pytest.mark.parametrize("variant, actions, message", [
    ("NT", DEAL3 + ["p3 cc", "p1 cc", "p2 cc", "d db 2c7h9d", "p1 cc", "p2 cc", "p3 cc", "d db Ts", "p1 cc", "p2 cc",
                    "p3 cc", "d db 3c", "p1 cc", "p2 cc", "p3 cc", "p1 sm", "p2 sm", "p3 sm"], None),
    ("NT", DEAL3 + ["p3 cbr 100", "p1 f", "p2 cc", "d db 2c7h9d", "p2 cbr 10"], "no betting now"),
    ("NT", DEAL3 + ["p3 cbr 50", "p1 f", "p2 cbr 100", "p3 cc", "p2 sm KsKd", "d db 2c7h9d", "p3 sm QcQd", "d db Ts",
                    "d db 3c"], None),
    ("NT", ["d dh p1 AsAd", "d dh p1 KsKd", "d dh p3 QcQd", "p3 f", "p1 f"], "seat 1: is owed 0 hole cards, not 2"),
    ("PO", ["d dh p1 AsAdKcKh", "d dh p2 KsKdQhQs", "d dh p3 QcQdJhJs", "p3 cbr 8"],
     r"pot limit: a raise is at most to 7 \(the pot after calling\), not 8"),
    ("PO", ["d dh p1 AsAdKcKh", "d dh p2 KsKdQhQs", "d dh p3 QcQdJhJs", "p3 cbr 7", "p1 cbr 25", "p2 f", "p3 f"],
     r"pot limit: a raise is at most to 23 \(the pot after calling\), not 25"),
])
def test_showdowns_runouts_and_pot_limits_agree(variant, actions, message):
    hand = attrs.evolve(nt(actions), variant=variant)
    check(hand, message)


RUNOUT = ["d db 2c7h9d", "d db Ts", "d db 3c"]


@pytest.mark.parametrize("stacks, actions, message", [
    ((100, 100, 40), DEAL3 + ["p3 cbr 40", "p1 f", "p2 cc", "d db 2c7h9d", "p2 cc"], "no betting now"),  # p2 alone
    ((100, 100, 40), DEAL3 + ["p3 cbr 40", "p1 cbr 90", "p2 f", "p3 cc"], "no betting now"),  # all-in: no turn
    ((100, 100, 40), DEAL3 + ["p3 cbr 40", "p1 cbr 90", "p2 f"] + RUNOUT + ["p1 sm AsAd", "p3 sm QcQd"], None),
])
def test_all_in_players_agree(stacks, actions, message):
    check(nt(actions, stacks), message)


def test_a_raise_nobody_is_left_to_call_goes_to_the_engine():
    # sites accept it (the raise comes back uncalled), so the replay does; the short way leaves it to the engine
    hand = nt(DEAL3 + ["p3 cbr 40", "p1 cbr 80", "p2 cc"] + RUNOUT, (100, 30, 40))
    agree(hand)
    assert play_quick(hand, VARIANTS["NT"], PLANS["NT"]) is None
    assert interpret(hand).contributed == (80, 30, 40)  # p1's 40 above p3's all-in is handed back at settling


def check(hand: HandHistory, message: str | None) -> None:
    """The two ways agree, the short way takes the hand if it is legal, else the error says ``message``."""
    variant = hand.variant
    agree(hand)
    if message is None:
        assert play_quick(hand, VARIANTS[variant], PLANS[variant]) is not None
        interpret(hand)
    else:
        with pytest.raises(PokerEngineError, match=message):
            interpret(hand)


def test_the_same_card_twice_in_one_deal_is_refused_both_ways():
    hold_em = nt(["d dh p1 AsAs", "d dh p2 KsKd", "d dh p3 QcQd", "p3 f", "p1 f"])
    omaha = attrs.evolve(hold_em, variant="PO", actions=("d dh p1 As??As2c", "d dh p2 KsKdKcKh", "d dh p3 QcQd2h2d",
                                                         "p3 f", "p1 f"))
    for hand in (hold_em, omaha):
        for quick in (True, False):
            with pytest.raises(PokerEngineError, match=r"actions\[0\] .*As has already been dealt"):
                interpret(hand, quick=quick)


def test_float_amounts_equal_to_ints_read_the_same_as_ints():
    actions = DEAL3 + ["p3 cbr 10", "p1 f", "p2 cc", "d db 2c7h9d", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc",
                       "d db 3c", "p2 cc", "p3 cc", "p2 sm KsKd", "p3 sm QcQd"]
    whole = nt(actions)
    floats = nt(actions, (100.0, 100.0, 100.0), min_bet=2.0)
    for first, second in ((whole, floats), (floats, whole)):
        clear_caches()
        assert interpret(first) == interpret(second) == interpret(floats, quick=False) == interpret(whole, quick=False)
