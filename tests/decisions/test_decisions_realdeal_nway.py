"""The n-player real-deal checker (tests/realdeal_nway_oracle.py): its rules against the game's, its
pots against the game's pot code, and its sampled values against the three-handed checker
(tests/realdeal_oracle.py, exact hands and two-hand showdowns) within their standard errors.

The measurements of the solver with it (4, 6 and 9 players) are ``benchmarks/bench_realdeal_nway.py``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import realdeal_oracle as three
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples
from realdeal_nway_oracle import PRIOR, Pots, check, strategies_of, walk

from pokerengine.decisions.game import endings, make_game


def _random(game: Any, seed: int) -> dict[int, dict[frozenset[int], Any]]:
    rng = np.random.default_rng(seed)
    out: dict[int, dict[frozenset[int], Any]] = {s: {} for s in range(game.players)}
    for e in walk(game):
        for q, key, _ in e.acts:
            if key not in out[q]:
                out[q][key] = rng.random(169)
    return out


tables = st.lists(st.integers(1, 60), min_size=3, max_size=9).map(lambda s: tuple(25 * x for x in s))


@given(tables, st.integers(0, 10), st.booleans(), st.integers(0, 2**32 - 1))
@settings(max_examples=examples(15), deadline=None)
def test_rules_and_pots_agree_with_the_game(stacks: tuple[int, ...], ante: int, bb_ante: bool, seed: int) -> None:
    """The checker's walk of the betting gives the game's endings (seats all in by posting
    included), and its vectorised split of every ending's pots gives the game's stacks after the
    hand for random hand values with many ties (the odd chips included)."""
    kw = {"big_blind_ante": 5 * ante} if bb_ante else {"ante": ante}
    try:
        game = make_game(stacks, (25, 50), **kw)
    except ValueError:  # everyone all in by posting
        return
    mine = walk(game)
    assert [(e.live, e.put, e.acts) for e in mine] == [(e.live, e.put, e.acts) for e in endings(game)]
    rng = np.random.default_rng(seed)
    for e in mine:
        if len(e.live) < 2:
            continue
        vals = rng.integers(0, 3, (5, game.players))
        got = Pots.of(game, e).chips(vals)
        live = sorted(e.live)
        for row, v in zip(got, vals):
            groups = [[s for s in live if v[s] == level] for level in sorted({v[s] for s in live}, reverse=True)]
            assert tuple(int(x) for x in row) == game.chips_after(e.live, (), dict(enumerate(e.put)), ties=groups)
            assert row.sum() == sum(game.stacks)


def _agree(prizes: Any, deals3: int, deals: int, seed: int) -> None:
    """Random strategies, 2000/1500/1000: per decision point the gap between the two checkers'
    push-less-fold values, weighted as a best response weighs it, within 4 standard errors of the
    two; every class within 5; each seat's gain within 4."""
    game = make_game((2000, 1500, 1000), (100, 200), prizes=prizes)
    strategies = _random(game, seed)
    ref = three.check(game, strategies, deals=deals3, seed=seed + 1)
    got = check(game, strategies, deals=deals, seed=seed + 2)
    push, fold = ref.corrected  # the folded hand's cards out of the board too: the real deal
    assert set(got.push) == set(push)
    for seat in range(3):
        want = 0.0
        noise = got.gains_se[seat] ** 2
        for p in push:
            if p[0] != seat:
                continue
            s = strategies[seat][p[1]]
            mine, theirs = got.push[p] - got.fold[p], push[p] - fold[p]
            se = np.sqrt(got.se_diff[p] ** 2 + ref.se[p] ** 2)
            assert np.all(np.abs(mine - theirs) < 5 * se + 1e-9), p
            w = np.where(mine > 0, 1 - s, -s)
            gap = float(PRIOR @ (w * (mine - theirs)))
            bound = float(np.sqrt(PRIOR ** 2 @ (w ** 2 * se ** 2)))
            assert abs(gap) < 4 * bound + 1e-9, (p, gap, bound)
            want += float(PRIOR @ (np.maximum(push[p], fold[p]) - s * push[p] - (1 - s) * fold[p]))
            noise += float(PRIOR ** 2 @ (w ** 2 * ref.se[p] ** 2)) / game.scale ** 2
        assert got.gains[seat] == pytest.approx(want / game.scale, abs=4 * np.sqrt(noise))


def test_three_players_agree_with_the_three_handed_checker() -> None:
    """Chip EV: 500,000 sampled deals against the three-handed checker (exact hands and two-hand
    showdowns; 200,000 deals for three hands all in and the board correction)."""
    _agree(None, 200_000, 500_000, 3)


@pytest.mark.skipif(not DEEP, reason="a long Monte Carlo: POKERENGINE_HYPOTHESIS=deep")
def test_three_players_agree_with_the_three_handed_checker_deep() -> None:
    """The same under ICM 50/30/20 and chip EV with 2 and 3 million deals."""
    _agree((50, 30, 20), 2_000_000, 3_000_000, 3)
    _agree(None, 2_000_000, 3_000_000, 4)


def test_values_add_up_and_a_bad_strategy_is_found() -> None:
    """Four players under ICM: every deal's payoffs add up to the pool, so the values do to
    rounding.  Under chip EV, the under-the-gun player pushing every hand gives the big blind who
    folds every hand to it (after the others fold) a large gain (the
    checker can fail a strategy)."""
    game = make_game((2000, 2000, 2000, 2000), (100, 200), prizes=(50, 30, 20))
    strategies = _random(game, 1)
    got = check(game, strategies, deals=40_000, seed=2)
    assert sum(got.value) == pytest.approx(100.0, abs=1e-9)
    game = make_game((2000, 2000, 2000, 2000), (100, 200))
    strategies = _random(game, 1)
    tight = {s: {k: np.zeros(169) if s == 3 and not k else v for k, v in d.items()} for s, d in strategies.items()}
    loose = {s: {k: np.ones(169) if s == 3 and not k else v for k, v in d.items()} for s, d in strategies.items()}
    for s in (tight, loose):
        for q in (0, 1, 2):  # the others fold every hand to the under-the-gun push
            s[q][frozenset({3})] = np.zeros(169)
    a, b = check(game, tight, deals=40_000, seed=2), check(game, loose, deals=40_000, seed=2)
    bb_tight = a.point_gain(2, frozenset({3}), np.zeros(169), game.scale)
    bb_loose = b.point_gain(2, frozenset({3}), np.zeros(169), game.scale)
    assert bb_tight == 0.0  # never reached: nothing to gain there
    assert bb_loose > 1.0 and bb_loose > 10 * b.gains_se[2], (bb_loose, b.gains_se[2])


def test_strategies_read_back_by_decision_point() -> None:
    """A result's call ranges are named by position ("UTG+1+BTN": names holding "+"); each reads
    back as its decision point, nine-handed and with a seat all in by posting."""
    for stacks in ((2000,) * 9, (2000, 2000, 150, 2000)):
        game = make_game(stacks, (100, 200))
        points = {(q, key) for e in walk(game) for q, key, _ in e.acts}
        rng = np.random.default_rng(0)
        value = {p: rng.random(169) for p in points}
        players = [SimpleNamespace(push=value.get((s, game.forced), np.zeros(169)),
                                   call={game.key_name(k): value[(q, k)] for q, k in points if q == s and k != game.forced})
                   for s in range(game.players)]
        got = strategies_of(game, SimpleNamespace(players=players))
        for (q, key), v in value.items():
            assert np.array_equal(got[q][key], v)
