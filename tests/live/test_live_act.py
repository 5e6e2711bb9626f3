"""One entry point for a client's action (pokerengine/live/act.py) and time-outs (live/timeout.py).

Hypothesis plays random hands of every game (the random tables of ``tests/live/test_live_machine.py``)
through :meth:`Hand.act` alone; before every action, each legal action the hand offers is played by
its JSON key (:meth:`Legal.to_json`) on a copy of the hand (a raise at both ends of its range, a draw
of none and of every card) and must be accepted, doing exactly what the named method does; and a
random ``(seat, verb, amount)``, hostile types included, must be accepted exactly when the legal
actions allow it, else refused with :class:`IllegalActionError` (the one error a server catches) and
the hand unchanged.  Time-outs: each street and game kind
(board, stud, draw), the showdown's show-or-muck against a slow oracle (settle every choice), and
refusals.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_live_machine import tables
from test_live_view import play, random_action

from pokerengine.errors import IllegalActionError
from pokerengine.live import VERBS, Hand, Legal, RaiseRange

METHODS = {"fold": "fold", "check": "check", "call": "call", "raise": "raise_to", "bring_in": "bring_in",
           "draw": "draw", "show": "show", "muck": "muck"}


def offered(hand: Hand) -> list[tuple[str, object]]:
    """Every (verb, amount) the legal actions offer, read from the JSON: a raise at both ends, a
    draw of none and of the most cards."""
    data = hand.legal_actions().to_json()
    out: list[tuple[str, object]] = []
    for key, value in data.items():
        if key == "seat" or value is None or value is False:
            continue
        if key == "raise":
            out += [("raise", value["min_to"]), ("raise", value["max_to"])]  # type: ignore[index]
        elif key == "draw":
            most = value["max"]  # type: ignore[index]
            out += [("draw", None), ("draw", hand.cards(data["seat"])[: 2 * most])]  # type: ignore[arg-type]
        else:
            out.append((key, None))
    return out


def test_verbs_are_the_json_keys():
    everything = Legal(seat=1, fold=True, check=True, call=1, raise_to=RaiseRange(2, 3), show=True, muck=True,
                       bring_in=1, draw=2)
    assert set(everything.to_json()) - {"seat"} == set(VERBS) and everything.verbs == VERBS
    assert set(VERBS) == set(METHODS)
    assert Legal(seat=None).verbs == ()


@settings(max_examples=examples(40), deadline=None)
@given(tables())
def test_every_offered_action_plays_through_act(table):
    hand, rng = play(table)
    while not hand.over and hand.to_act is not None:
        seat = hand.to_act
        legal = hand.legal_actions()
        choices = offered(hand)
        assert sorted({verb for verb, _ in choices}) == sorted(legal.verbs)
        for verb, amount in choices:
            a, b = copy.deepcopy(hand), copy.deepcopy(hand)
            lines = a.act(seat, verb, amount)
            method = getattr(b, METHODS[verb])
            same = method(seat) if amount is None else method(seat, amount)
            assert lines == same and a.snapshot() == b.snapshot()
            assert lines and a.snapshot() != hand.snapshot()
        random_action(hand, rng)


AMOUNTS = st.one_of(st.none(), st.integers(-3, 3000), st.booleans(), st.floats(-1, 100), st.sampled_from(
    ["", "100", "AsKd", "2c2c", "??", "x" * 500, [], ["As"], (), {}, b"4", 10**30]))
VERB_ARGS = st.one_of(st.sampled_from(VERBS), st.sampled_from(VERBS), st.sampled_from(["bet", "complete", "cc", "FOLD", "", "raise_to"]),
                      st.integers(), st.none())


@settings(max_examples=examples(40), deadline=None)
@given(tables(), st.lists(st.tuples(st.one_of(st.just(11), st.integers(-1, 11)), VERB_ARGS, AMOUNTS), min_size=1, max_size=40))
def test_any_message_is_applied_exactly_when_legal(table, messages):
    hand, rng = play(table)
    for who, verb, amount in messages:
        if hand.over or hand.to_act is None:
            break
        seat = hand.to_act if who == 11 else who
        legal = hand.legal_actions()
        before = hand.snapshot()
        ok = allowed(hand, legal, seat, verb, amount)
        try:
            hand.act(seat, verb, amount)  # type: ignore[arg-type]
        except IllegalActionError:  # every refusal, bad types and unreadable cards included
            assert hand.snapshot() == before
            assert not ok or hand.options.replay, (seat, verb, amount, legal)
        else:
            assert ok or (hand.options.replay and verb == "raise"), (seat, verb, amount, legal)
        if not hand.over and hand.to_act is not None:
            random_action(hand, rng)


def allowed(hand: Hand, legal: Legal, seat: object, verb: object, amount: object) -> bool:
    """Whether the legal actions allow ``(seat, verb, amount)`` (the slow reading of the JSON)."""
    if type(seat) is not int or seat != legal.seat or type(verb) is not str or verb not in legal.verbs:
        return False
    if verb == "raise":
        allin = hand.stacks[seat] + hand.bets[seat]
        return type(amount) is int and legal.can_raise_to(amount) and (amount % hand.unit == 0 or amount == allin)
    if verb == "draw":
        if type(amount) is str:  # cards as text: two characters each
            cards = [amount[i : i + 2] for i in range(0, len(amount), 2)] if len(amount) % 2 == 0 else None
        elif type(amount) is list or type(amount) is tuple:
            cards = list(amount) if all(type(c) is str for c in amount) else None
        else:
            return amount is None  # None stands pat
        held = [hand.cards(seat)[i : i + 2] for i in range(0, len(hand.cards(seat)), 2)]
        return cards is not None and len(set(cards)) == len(cards) and all(c in held for c in cards)
    if verb == "show":
        return amount is None
    return amount is None


def test_refusals_change_nothing():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    before = hand.snapshot()
    bad = [(3, "bet", 6, "unknown action 'bet'"), (3, None, None, "unknown action None"),
           (3, 7, None, "unknown action 7"), (4, "fold", None, "seat 4 is not in this hand"),
           (True, "fold", None, "seat True is not in this hand"), (1, "fold", None, "out of turn"),
           (3, "check", None, "cannot check"), (3, "check", 4, "check takes no amount"),
           (3, "raise", None, "raise needs an amount"), (3, "raise", 6.0, "integer number of chips"),
           (3, "raise", True, "integer number of chips"), (3, "raise", "6", "integer number of chips"),
           (3, "raise", 3, "TDA 43"), (3, "raise", 101, "table stakes"), (3, "bring_in", None, "no bring-in"),
           (3, "draw", None, "no drawing now"), (3, "draw", 2, "draw takes the cards discarded"),
           (3, "show", None, "no showdown now"), (3, "muck", None, "no showdown now"),
           (3, "show", 3, "show takes no amount")]
    for seat, verb, amount, message in bad:
        with pytest.raises(IllegalActionError, match=message):
            hand.act(seat, verb, amount)  # type: ignore[arg-type]
        assert hand.snapshot() == before
    assert hand.act(3, "raise", 6) == ("p3 cbr 6",)


def test_stud_and_draw_through_act():
    hand = Hand("F7S", [100, 100, 100], ante=1, bring_in=1, small_bet=4, big_bet=8, rng=random.Random(5))
    assert hand.legal_actions().verbs == ("raise", "bring_in")  # the jack brings in or completes
    with pytest.raises(IllegalActionError, match="bring in"):
        hand.act(2, "fold")
    assert hand.act(2, "raise", 4) == ("p2 cbr 4",)  # the completion, as the JSON's raise
    hand = Hand("F2L3D", [100, 100, 100], blinds=(1, 2), rng=random.Random(5))
    hand.act(3, "call"), hand.act(1, "call"), hand.act(2, "check")
    for bad in ("Zz", [1, 2], ["As", None], "x" * 1000, ["4s"] * 60):  # unreadable cards: illegal too
        with pytest.raises(IllegalActionError, match="seat 1: "):
            hand.act(1, "draw", bad)
    with pytest.raises(IllegalActionError, match="do not hold"):
        hand.act(1, "draw", "2c")
    assert hand.act(1, "draw", ["4s", "Jh"]) == ("p1 sd 4sJh", "d dh p1 9s6d")
    assert hand.act(2, "draw", None) == ("p2 sd",)
    assert hand.act(3, "draw", "") == ("p3 sd",)
