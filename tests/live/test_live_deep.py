"""The live engine's state machine, counted: at least a million actions under the deep profile.

:class:`CountingMachine` is the state machine of ``tests/live/test_live_machine.py`` (random tables,
random legal actions with amounts at the edges, blind actions that must be refused exactly when
``legal_actions`` says so and then change nothing; after every step: chips conserved, exactly one
seat to act or none, a finished hand's PHH record replays to the same stacks) plus a counter of
the actions applied (player actions in the hands' logs: folds, checks, calls, bets, raises, shows
and mucks; dealing not counted), of hands and of steps (one rule each: a legal action, a blind
action accepted or refused, or the next hand).

Two ways to run it:

* :func:`test_hypothesis_machine_counts` runs the machine under Hypothesis (a small batch in the
  quick profile; batches until ``POKERENGINE_DEEP_MACHINE_ACTIONS`` actions, default 20,000,
  under the deep one).  Hypothesis spends most of the time drawing the steps (about 300 steps, 120
  actions, a second on the development machine), so a million actions that way take hours.
* :func:`test_a_million_actions` lets Hypothesis draw only the table (the machine's own
  ``tables()`` strategy) and a seed, and drives the same machine's rules, with arguments from the
  same ranges, and all its invariants after every step, from that seed: 50 to 600 steps a
  table, about a thousand actions a second (a million actions, 98,000 hands, 1.4 million steps in
  18 minutes on a busy two-core machine).  Under ``POKERENGINE_HYPOTHESIS=deep`` it plays until
  ``POKERENGINE_DEEP_ACTIONS`` actions (default 1,000,000) and prints the counts and the time; the
  quick profile plays a few tables.
"""

from __future__ import annotations

import os
import random
import sys
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, run_state_machine_as_test
from test_live_machine import LiveHandMachine, tables

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"
TARGET = int(os.environ.get("POKERENGINE_DEEP_ACTIONS", "1000000"))
MACHINE_TARGET = int(os.environ.get("POKERENGINE_DEEP_MACHINE_ACTIONS", "20000"))
COUNTS = {"actions": 0, "hands": 0, "steps": 0}
FAST = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck), print_blob=True)


class CountingMachine(LiveHandMachine):
    """:class:`LiveHandMachine`, counting what it does (the invariants run after every step)."""

    def new_hand(self, stacks: dict[int, int]) -> None:
        super().new_hand(stacks)
        self.logged = 0
        COUNTS["hands"] += 1

    @invariant()
    def count_actions(self):
        COUNTS["steps"] += 1
        log = self.hand.actions
        new = log[self.logged:]
        self.logged = len(log)
        COUNTS["actions"] += sum(1 for line in new if not line.startswith("d "))


INVARIANTS = ("chips_are_conserved", "one_seat_to_act_or_none", "finished_hand_replays", "count_actions")


def _choices(rule: str, argument: str) -> tuple:
    """The values a rule's ``sampled_from`` argument takes, read from the machine's own rule."""
    strategy = getattr(LiveHandMachine, rule).hypothesis_stateful_rule.arguments[argument]
    return tuple(getattr(strategy, "wrapped_strategy", strategy).elements)


EDGES = _choices("legal_action", "edge")
VERBS = _choices("any_action", "verb")
NEAR = _choices("any_action", "near")


def drive(machine: CountingMachine, rng: random.Random, steps: int) -> None:
    """Play ``steps`` of the machine's rules (preconditions kept, arguments from the rules' own
    ranges) on its table, checking every invariant after each; stops when the table is down to one
    player."""
    for _ in range(steps):
        hand = machine.hand
        x = rng.random()
        if hand.over and x < 0.8:
            machine.next_hand()
            if machine.hand is hand:  # one player left: the table is over
                return
        elif not hand.over and x < 0.7:
            machine.legal_action(rng.randint(0, 9), rng.choice(EDGES), rng.random())
        else:
            amount = rng.choice([rng.randint(-2, 5000), rng.randint(-2, 50)])
            machine.any_action(rng.randint(0, 9), rng.choice(VERBS), amount, rng.choice(NEAR))
        for name in INVARIANTS:
            getattr(machine, name)()


def _tables(examples: int) -> None:
    """Hypothesis draws ``examples`` tables (and a seed, and a number of steps); each is driven."""

    @settings(max_examples=examples, phases=[Phase.generate], **FAST)
    @given(table=tables(), seed=st.integers(0, 2**32), steps=st.integers(50, 600))
    def deep_table(table, seed, steps):
        machine = CountingMachine()
        machine.seat_table(table)
        for name in INVARIANTS:
            getattr(machine, name)()
        drive(machine, random.Random(seed), steps)

    deep_table()


def test_a_million_actions():
    """The machine's rules and invariants on Hypothesis-drawn tables; deep: until TARGET actions."""
    start = time.perf_counter()
    first, hands = COUNTS["actions"], COUNTS["hands"]
    batches = 0
    while True:
        _tables(1000 if DEEP else 8)
        batches += 1
        done = COUNTS["actions"] - first
        if not DEEP:
            break
        elapsed = time.perf_counter() - start
        print(f"deep live drive: batch {batches}: {done:,} actions, {COUNTS['hands'] - hands:,} hands, "
              f"{COUNTS['steps']:,} steps, {elapsed:,.0f} s, {done / elapsed:,.0f} actions/s", file=sys.stderr,
              flush=True)
        if done >= TARGET:
            break
    assert COUNTS["hands"] > hands and COUNTS["actions"] > first
    assert not DEEP or COUNTS["actions"] - first >= TARGET


def test_hypothesis_machine_counts():
    """The machine under Hypothesis: a small batch; deep: batches until MACHINE_TARGET actions."""
    start = time.perf_counter()
    before = dict(COUNTS)
    batches = 0
    while True:
        run_state_machine_as_test(CountingMachine, settings=settings(max_examples=200 if DEEP else 15, **FAST))
        batches += 1
        done = COUNTS["actions"] - before["actions"]
        if not DEEP:
            break
        elapsed = time.perf_counter() - start
        print(f"deep live machine: batch {batches}: {done:,} actions, {COUNTS['hands'] - before['hands']:,} hands, "
              f"{COUNTS['steps'] - before['steps']:,} steps, {elapsed:,.0f} s", file=sys.stderr, flush=True)
        if done >= MACHINE_TARGET:
            break
    assert COUNTS["hands"] > before["hands"]
    assert COUNTS["actions"] > before["actions"]
    # a step applies at most one player action (the deals that follow are not counted)
    assert COUNTS["steps"] - before["steps"] >= COUNTS["actions"] - before["actions"]


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q", "-s"])
