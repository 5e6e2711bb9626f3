"""Properties of a table run through its own API: the ledger balances against a plain count
of the money in and out kept by the test at every hand boundary, and every refused call (bad
amounts, bad times, out of turn, unknown players, late actions) leaves the whole table as it was."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine import Rake
from pokerengine.errors import PokerEngineError
from pokerengine.live import Clock, Options, Table
from profiles import examples

NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "zed"]
AMOUNTS = [100, 40, 250, 7, 0, -5, 10.5, True, "100", 10**30, None]
TIMES = [0, 0.5, 2, 4.9, 5, 8, 8.01, 30, -1, math.nan, math.inf]
VERBS = ["fold", "check", "call", "raise", "draw", "show", "muck", "dance", 3]

good = st.tuples(st.just("good"), st.integers(0, 99), st.sampled_from(TIMES[:8]))
ops = st.lists(st.one_of(
    good, good, good, good, good, good,
    st.tuples(st.just("join"), st.integers(0, 6), st.integers(0, 7), st.sampled_from(AMOUNTS)),
    st.tuples(st.just("add"), st.integers(0, 6), st.sampled_from(AMOUNTS)),
    st.tuples(st.just("leave"), st.integers(0, 6)),
    st.tuples(st.just("sit_out"), st.integers(0, 6)),
    st.tuples(st.just("back"), st.integers(0, 6), st.booleans()),
    st.tuples(st.just("deal"), st.integers(0, 99), st.sampled_from(TIMES)),
    st.tuples(st.just("act"), st.integers(0, 6), st.sampled_from(VERBS), st.sampled_from(AMOUNTS),
              st.sampled_from(TIMES)),
    st.tuples(st.just("tick"), st.sampled_from(TIMES)),
    st.tuples(st.just("finish"),),
), min_size=40, max_size=150)


def legal_choice(hand, rng):
    legal = hand.legal_actions()
    if legal.draw is not None:
        return "draw", ""
    if legal.show:
        return rng.choice(["show", "muck"]) if legal.muck else "show", None
    choices = [v for v, ok in (("fold", legal.fold), ("check", legal.check), ("call", legal.call is not None)) if ok]
    if legal.raise_to is not None:
        choices.append("raise")
    verb = rng.choice(choices)
    return verb, (rng.choice([legal.raise_to.min_to, legal.raise_to.max_to]) if verb == "raise" else None)


def check_clock(table, due, events_before, now):
    """The deadline rules, from what the call did: an action counted only before the deadline, paid
    for from the bank past the turn's own seconds; a time-out only once the deadline had come,
    spending the whole bank; no time-out of a turn whose deadline had not come."""
    if due is None or table.in_hand is None:
        return
    new = [e for e in table.events[events_before:] if e.seat == due.seat]
    mine = new[0] if new else None
    bank = table.time_bank(due.player) if due.player in table.stacks else None
    if mine is not None and mine.kind == "acted":
        assert now < due.ends
        assert bank is None or math.isclose(bank, max(0.0, due.bank - max(0.0, now - due.turn_ends)), abs_tol=1e-9)
    elif mine is not None and mine.kind == "timed_out":
        assert now >= due.ends and bank in (None, 0)
    elif not any(e.kind == "timed_out" for e in table.events[events_before:]):
        assert table.deadline is None or table.deadline.ends > now


@settings(max_examples=examples(60), deadline=None)
@given(game=st.sampled_from(["NT", "F2L3D"]), players=st.integers(2, 6), script=ops)
def test_the_ledger_balances_and_refused_calls_change_nothing(game, players, script):
    table = Table(game, blinds=(1, 2), buy_in=(20, 300), options=Options(rake=Rake("5", cap=3)),
                  clock=Clock(turn=5, bank=3, refill=1))
    for k in range(players):
        table.join(NAMES[k], k + 1, 60 + 20 * k)
    came, went = sum(60 + 20 * k for k in range(players)), 0  # the oracle: chips brought and taken
    clock = 0.0
    for op in script:
        before = table.snapshot()
        hand = table.in_hand
        due = table.deadline  # the turn in play on the clock, before this call
        events_before = len(table.events)
        try:
            kind = op[0]
            if kind == "join":
                table.join(NAMES[op[1]], op[2], op[3], post=True)
                came += op[3]
            elif kind == "add":
                table.add_chips(NAMES[op[1]], op[2])
                came += op[2]
            elif kind == "leave":
                went += table.leave(NAMES[op[1]])
            elif kind == "sit_out":
                table.sit_out(NAMES[op[1]])
            elif kind == "back":
                table.come_back(NAMES[op[1]], post=op[2])
            elif kind == "deal":
                table.next_hand(rng=random.Random(op[1]), now=clock + op[2])
                clock += op[2]
            elif kind == "act":
                table.act(NAMES[op[1]], op[2], op[3], now=clock + op[4])
                clock += op[4]
            elif kind == "good":  # move on: deal, finish, or a legal action
                if hand is None:
                    if table.can_start():
                        table.next_hand(rng=random.Random(op[1]), now=clock)
                    continue
                if hand.over:
                    went += sum(table.finish(hand).left.values())
                    continue
                verb, amount = legal_choice(hand, random.Random(op[1]))
                table.act(table.players[hand.to_act], verb, amount, now=clock + op[2])
                clock += op[2]
            elif kind == "tick":
                table.tick(clock + op[1])
                clock += op[1]
            elif hand is not None and hand.over:
                went += sum(table.finish(hand).left.values())
        except PokerEngineError:
            assert table.snapshot() == before, op
            continue
        check_clock(table, due, events_before, clock)
        ledger = table.ledger
        assert ledger.balanced
        if table.in_hand is None:  # a hand boundary: the ledger against the test's own count
            assert (ledger.bought_in, ledger.cashed_out) == (came, went)
            assert sum(table.stacks.values()) + table.raked == came - went
            assert {p: a.stack for p, a in ledger.accounts.items()} == table.stacks
        deadline = table.deadline
        if deadline is not None:
            assert deadline.ends == deadline.started + 5 + deadline.bank and 0 <= deadline.bank <= 3
            assert deadline.ends > clock  # a deadline that has come is acted on at once
    # finish the hand in play by ticking time on: the clock alone ends it
    hand = table.in_hand
    steps = 0
    while hand is not None and not hand.over:
        clock += 8.01
        table.tick(clock)
        steps += 1
        assert steps < 500
    if hand is not None:
        went += sum(table.finish(hand).left.values())
    ledger = table.ledger
    assert ledger.balanced and (ledger.bought_in, ledger.cashed_out) == (came, went)
