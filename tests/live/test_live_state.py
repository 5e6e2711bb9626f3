"""The live hand's state (pokerengine/live/state.py) and the modules that play the rules on it.

The rule modules are given the :class:`HandState`, never the :class:`Hand`: none of them imports
``live/hand.py`` (not even for type checking), and the live modules' imports, those for type checking
included, have no circle and none inside a function.  A refused action leaves every field of the
state as it was (more than :meth:`Hand.snapshot` compares: the set-up, the settlement, the runs).
The forced bets of :func:`new_state` keep every chip of the starting stacks and post short only
from an empty stack.  The module functions behind :meth:`Hand.act`, :meth:`Hand.time_out` and
:meth:`Hand.history` give what the methods give.
"""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_live_act import AMOUNTS, VERB_ARGS
from test_live_machine import tables
from test_live_view import play, random_action

import pokerengine.live
from pokerengine.errors import IllegalActionError
from pokerengine.live import Hand, act, time_out, to_history
from pokerengine.live.deck import Deck
from pokerengine.live.options import REPLAY, TDA
from pokerengine.live.state import HandState, new_state
from pokerengine.phh.variants import VARIANTS

LIVE = Path(pokerengine.live.__file__).parent

#: The modules that play the rules on a hand's state.
RULE_MODULES = ("state", "streets", "betting", "limits", "records", "dealing", "showdown", "running", "playing",
                "recording", "view")


def imports_of(module: str, folder: Path = LIVE) -> list[tuple[str, bool]]:
    """The modules of ``folder`` that ``module`` imports (``from .x import``, ``from . import x``), those for
    type checking included, each with whether the import sits inside a function."""
    tree = ast.parse((folder / f"{module}.py").read_text())
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner |= {id(n) for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [a.name for a in node.names]
            out += [(name.split(".")[0], id(node) in inner) for name in names]
    return [(name, late) for name, late in out if (folder / f"{name}.py").exists()]


def circle(folder: Path) -> list[str] | None:
    """A circle of imports among the modules of ``folder`` (the first found), or ``None``."""
    modules = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    graph = {m: [name for name, _ in imports_of(m, folder)] for m in modules}
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> list[str] | None:
        if m in path:
            return [*path[path.index(m):], m]
        if m in done:
            return None
        for name in graph[m]:
            found = visit(name, [*path, m])
            if found:
                return found
        done.add(m)
        return None

    for m in modules:
        found = visit(m, [])
        if found:
            return found
    return None


def test_the_rule_modules_are_given_the_state_not_the_hand():
    for module in RULE_MODULES:
        assert "hand" not in [name for name, _ in imports_of(module)], module


def test_no_import_circle_and_no_late_import_among_the_live_modules():
    assert circle(LIVE) is None
    modules = sorted(p.stem for p in LIVE.glob("*.py") if p.stem != "__init__")
    assert [(m, name) for m in modules for name, late in imports_of(m) if late] == []


def test_the_import_checker_finds_a_circle_and_a_late_import(tmp_path):
    # two planted modules: a imports b for type checking, b imports a, and a again inside a function
    (tmp_path / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (tmp_path / "b.py").write_text("from .a import A\n\ndef f():\n    from .a import g\n")
    assert imports_of("a", tmp_path) == [("b", False)] and imports_of("b", tmp_path) == [("a", False), ("a", True)]
    assert circle(tmp_path) == ["a", "b", "a"]
    (tmp_path / "b.py").write_text("import typing\n")
    assert circle(tmp_path) is None


def whole(s: HandState) -> dict[str, object]:
    """Every field of a state, as a value to compare (the deck: the cards left in it)."""
    out: dict[str, object] = {}
    for f in attrs.fields(HandState):
        value = getattr(s, f.name)
        out[f.name] = value.remaining if isinstance(value, Deck) else copy.deepcopy(value)
    return out


@settings(max_examples=examples(30), deadline=None)
@given(tables(), st.lists(st.tuples(st.one_of(st.just(11), st.integers(-1, 11)), VERB_ARGS, AMOUNTS), min_size=1,
                          max_size=30))
def test_a_refused_action_leaves_every_field_of_the_state_as_it_was(table, messages):
    hand, rng = play(table)
    for who, verb, amount in messages:
        if hand.over or hand.to_act is None:
            break
        seat = hand.to_act if who == 11 else who
        before = whole(hand._state)
        try:
            hand.act(seat, verb, amount)  # type: ignore[arg-type]
        except IllegalActionError:
            assert whole(hand._state) == before, (seat, verb, amount)
        if not hand.over and hand.to_act is not None:
            random_action(hand, rng)


def test_whole_sees_a_change_that_snapshot_leaves_out():
    hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(1))
    before, snap = whole(hand._state), hand.snapshot()
    hand._state.settled_at = 7
    assert hand.snapshot() == snap and whole(hand._state) != before


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.integers(1, 60), st.integers(0, 20), st.integers(0, 30), st.integers(0, 10)), min_size=2,
                max_size=9), st.integers(-1, 8), st.booleans())
def test_forced_bets_keep_every_chip_and_post_short_only_all_in(players, bba_at, replay):
    starts, antes, blinds, dead = (list(x) for x in zip(*players))
    s = new_state(VARIANTS["NT"], REPLAY if replay else TDA, list(range(1, len(starts) + 1)), starts, antes, blinds,
                  bba_at, (2, 2), 1, None, len(starts), dead)
    for p, start in enumerate(starts):
        assert s.stacks[p] + s.bets[p] + s.put[p] == start and s.stacks[p] >= 0
        assert s.put[p] == s.antes[p] + s.dead[p]
        posted = (s.antes[p], s.bets[p], s.dead[p])
        assert all(0 <= x <= due for x, due in zip(posted, (antes[p], blinds[p], dead[p])))
        if posted != (antes[p], blinds[p], dead[p]):
            assert s.stacks[p] == 0
        if p == bba_at and not replay and s.bets[p] < blinds[p]:  # TDA 2024: the blind before the ante
            assert s.antes[p] == 0


def test_the_module_functions_give_what_the_methods_give():
    def hand() -> Hand:
        return Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(4))

    a, b = hand(), hand()
    assert act(a, 3, "raise", 6) == b.act(3, "raise", 6) == ("p3 cbr 6",)
    assert time_out(a, 1) == b.time_out(1) == ("p1 f",)
    assert to_history(a, event="e") == b.history(event="e")
    assert a.snapshot() == b.snapshot()
