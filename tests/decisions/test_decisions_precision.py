"""The precision a user sets and gets.

Bubble factors under ICM against an exact oracle written from the definition (every finishing
order, Fractions), equities that never leave [0, 1], the certified flag and the time bound of a
push/fold solve, and the BLAS thread limit."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.decisions.bubble import RELATIVE_ERROR, bubble_factors
from pokerengine.decisions.decision import call_decision, money_exact, push_decision
from pokerengine.decisions.odds import odds
from pokerengine.errors import ModelTimeout

# --- bubble factors: the exact oracle --------------------------------------------------------------


def harville(stacks, pay):
    """ICM by its definition: every finishing order, each as likely as the product of each
    player's share of the chips left when he is placed, in Fractions."""
    n = len(stacks)
    out = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p, left = Fraction(1), sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += p * pay[place]
    return out


def oracle_money(after, prizes, me):
    """Player ``me``'s money after an all-in between two players (one of them may be out: he takes the
    last place still open)."""
    n = len(after)
    pay = list(prizes) + [0] * (n - len(prizes))
    alive = [i for i in range(n) if after[i] > 0]
    if after[me] == 0:
        return Fraction(pay[len(alive)])
    return harville([after[i] for i in alive], pay[:len(alive)])[alive.index(me)]


def oracle_factor(stacks, prizes, a, b):
    """(loss, gain) of A in an all-in with B for the smaller stack, exactly."""
    s = min(stacks[a], stacks[b])
    won, lost = list(stacks), list(stacks)
    won[a] += s
    won[b] -= s
    lost[a] -= s
    lost[b] += s
    now = oracle_money(stacks, prizes, a)
    return now - oracle_money(lost, prizes, a), oracle_money(won, prizes, a) - now


def check_against_oracle(stacks, prizes):
    bf = bubble_factors(stacks, prizes, max_seconds=None)
    for a, b in itertools.permutations(range(len(stacks)), 2):
        loss, gain = oracle_factor(stacks, prizes, a, b)
        f = bf.factors[a][b]
        if gain == 0:
            assert math.isnan(f) if loss == 0 else f == math.inf, (a, b, f)
            continue
        exact = loss / gain
        assert math.isfinite(f), (a, b, f, exact)
        assert abs(Fraction(f) - exact) <= RELATIVE_ERROR * abs(exact), (a, b, f, float(exact))
        if exact >= 1:
            assert f >= 1.0 and bf.risk_premium[a][b] >= 0.0, (a, b, f, exact)
        if exact <= 1:
            assert f <= 1.0 and bf.risk_premium[a][b] <= 0.0, (a, b, f, exact)


def test_float_sensitive_bubble_factors_are_exact():
    """A factor that falls below 1 in floats, and winner-take-all factors that floats make depend on
    the prize's size (nan, 0.99972, 1.0): all exactly 1."""
    stacks, prizes = [1000, 2, 100, 1000000, 100, 1], [572, 541, 530, 523, 376]
    check_against_oracle(stacks, prizes)
    assert min(f for row in bubble_factors(stacks, prizes).factors for f in row if f is not None) > 1.0
    for prize in (1, 100, 10**6):
        bf = bubble_factors([10**12, 1, 10**12], [prize])
        assert all(f == 1.0 for row in bf.factors for f in row if f is not None), (prize, bf.factors)
        assert all(r == 0.0 for row in bf.risk_premium for r in row if r is not None)


def test_linear_payouts_give_one_exactly():
    # every place after the first paying the same is linear in chips: each factor exactly 1
    for stacks in ([5, 3, 2], [10**9, 7, 3, 10**6], [1000] * 7, [1, 2, 3, 4, 5, 6, 7, 8, 9]):
        n = len(stacks)
        bf = bubble_factors(stacks, [3] + [1] * (n - 1))
        assert all(f == 1.0 for row in bf.factors for f in row if f is not None)


def stacks_strategy(max_players):
    chips = st.one_of(st.integers(1, 100), st.integers(1, 10**6), st.integers(1, 10**12))
    return st.lists(chips, min_size=2, max_size=max_players)


@settings(max_examples=examples(40), deadline=None)
@given(stacks_strategy(5), st.data())
def test_icm_factors_against_the_exact_oracle(stacks, data):
    """Within RELATIVE_ERROR of the exact quotient, finite wherever it is defined, on the same side of
    1 (so >= 1 whenever the exact one is), over stacks from 1 chip to 10**12 and prizes of every
    shape (winner take all, linear, flat, satellites)."""
    n = len(stacks)
    prizes = sorted(data.draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=n).filter(any)), reverse=True)
    check_against_oracle(stacks, prizes)


@settings(max_examples=examples(15), deadline=None)
@given(stacks_strategy(5), st.integers(1, 10**9), st.integers(0, 10**9))
def test_nearly_linear_payouts(stacks, first, rest):
    """Prizes close to linear in chips (the first place above a flat rest, a last place a little
    short of the others) are where floats lose the sign of ``BF - 1``."""
    n = len(stacks)
    check_against_oracle(stacks, [first + rest] + [rest] * (n - 1))
    if n > 2:
        check_against_oracle(stacks, [first + rest] + [rest] * (n - 2) + [max(rest - 1, 0)])


def test_money_exact_matches_the_oracle():
    after, prizes = [0, 2000, 2000, 3000], [50, 30, 20]
    got = money_exact(after, prizes, before=[1000, 1000, 2000, 3000])
    assert got[0] == 0 and list(got[1:]) == harville([2000, 2000, 3000], [50, 30, 20])
    assert money_exact([3, 2, 1], [7, 5, 5]) == tuple(harville([3, 2, 1], [7, 5, 5]))
    assert money_exact([10**12, 1], [1], model="chip") == (Fraction(10**12, 10**12 + 1), Fraction(1, 10**12 + 1))
    with pytest.raises(ValueError, match="exact money"):
        money_exact([3, 2], [1], model="dcm")


# --- equities within [0, 1] --------------------------------------------------------------------------

WEIGHTED = st.sampled_from(["22:{w}", "22:{w}, 33:{v}", "KK:{w}, QQ:{v}, 33:{w}", "AKs:{v}, 72o:{w}", "TT+:{w}"])


def in_unit(*values):
    return all(0.0 <= v <= 1.0 for v in values)


def test_weighted_ranges_equity_regression():
    """Seen: 1.0000000000000002 (and a loss count of -7e-15) for aces full against weighted pairs."""
    for hands in (["AsAh", "22:0.1, 33:0.03333333333333333"], ["AsAh", "22:0.7", "KhKs"],
                  ["AsAh", "22:0.11, 33:0.03666666666666667", "KhKs"]):
        r = odds(hands, board="AcAd7h8s")
        assert r.hands[0].equity == 1.0 and all(h.lose >= 0 for h in r.hands)
        assert all(in_unit(h.equity) for h in r.hands)


@settings(max_examples=examples(15), deadline=None)
@given(WEIGHTED, st.floats(0.01, 1.0), st.floats(0.01, 1.0), st.sampled_from(["", "AcAd7h8s", "2c7d9h", "AcKcQc"]),
       st.integers(2, 3))
def test_odds_equities_stay_within_unit(template, w, v, board, players):
    hands = ["AsAh", template.format(w=w, v=v), "KhKs"][:players]
    if board == "AcKcQc":
        hands[0] = "JcTc"
    r = odds(hands, board=board)
    for h in r.hands:
        assert in_unit(h.equity) and h.lose >= 0 and h.win >= 0 and h.tie >= 0


@settings(max_examples=examples(5), deadline=None)
@given(WEIGHTED, st.floats(0.01, 1.0), st.floats(0.01, 1.0), st.floats(0.0, 1.0))
def test_decision_equities_stay_within_unit(template, w, v, equity):
    stacks, prizes = [3000, 1000, 1000, 2000], [50, 30, 20]
    rng = template.format(w=w, v=v)
    d = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), hand="AsAh", pusher_range=rng)
    sd = d.showdowns[0]
    assert in_unit(d.equity, sd.equity, sd.p_win, sd.p_tie, sd.p_lose)
    d = push_decision(stacks, prizes, hero=3, blinds=(100, 200), hand="AsAh", calling_ranges={1: rng, 2: "KK+"})
    assert in_unit(d.equity, d.call_probability) and all(in_unit(s.equity, s.p_win, s.p_tie, s.p_lose)
                                                         for s in d.showdowns)
    d = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), equity=equity)
    assert in_unit(d.equity) and d.equity == equity


# --- push/fold: certified, the time bound, the BLAS threads ----------------------------------------


@pytest.fixture
def quick(monkeypatch):
    """A small sampled class table and board sample: these tests are about the bound, not the odds."""
    from pokerengine.decisions import equilibrium
    from pokerengine.decisions.showdown import sampled_table

    table = sampled_table(24, seed=9)
    monkeypatch.setattr(equilibrium, "default_table", lambda: table)
    monkeypatch.setattr(equilibrium, "DEFAULT_BOARDS", 64)
    return equilibrium


def test_certified_flag(quick):
    stacks, blinds = (3000, 2000, 1000, 1500), (50, 100)
    eq = quick.solve(stacks, blinds, tolerance=0.05, max_seconds=None, check_deals=0)  # the quick table's game
    assert eq.certified and eq.exploitability <= 0.05 and eq.to_json()["certified"] is True
    eq = quick.solve(stacks, blinds, tolerance=1e-9, max_iterations=30, check_every=10, max_seconds=None)
    assert not eq.certified and eq.exploitability > 1e-9 and "not reached" in eq.method
    assert eq.to_json()["certified"] is False


def test_heads_up_is_certified():
    from pokerengine.decisions import solve, solve_headsup

    assert solve_headsup([2000, 2000], (100, 200)).certified
    assert solve([2000, 2000], (100, 200)).certified
    for stacks in ([2000, 2000], [3310, 1690], [9000, 5000]):
        eq = solve(stacks, (100, 200), tolerance=1e-17)
        assert eq.certified == (eq.exploitability <= 1e-17)


def test_time_out_before_the_first_check_returns_the_average(quick):
    """max_seconds running out before the first certificate: the strategies averaged so far, their
    certificate computed, certified false; the whole solve ends near the bound."""
    import time

    began = time.perf_counter()
    eq = quick.solve((3000, 2500, 2000, 1500), (100, 200), prizes=[50, 30, 20], max_seconds=3.0,
                     tolerance=1e-9, check_every=10_000, card_removal=False)
    took = time.perf_counter() - began
    assert not eq.certified and eq.iterations >= 1 and "before the first check" in eq.method
    assert 0 < eq.exploitability < 100 and math.isclose(sum(p.equity for p in eq.players), 100, abs_tol=1e-6)
    assert took < 3.0 + 10.0  # the report after the loop is reserved for (RESERVE); slack for a loaded machine


def test_time_out_before_any_strategy_raises(quick, monkeypatch):
    from pokerengine.models._cost import TimeBudget

    class Spent(TimeBudget):  # the clock already run out when the first step ends
        def check(self):
            raise ModelTimeout("push/fold did not finish within 1 s")

    monkeypatch.setattr(quick, "TimeBudget", Spent)
    with pytest.raises(ModelTimeout):
        quick.solve((3000, 2500, 2000, 1500), (100, 200), max_seconds=1, card_removal=False)


def test_solve_holds_blas_to_one_thread(quick, monkeypatch):
    from pokerengine.decisions import blas

    seen = []
    real_build = quick.build

    def spy(*args, **kwargs):
        seen.append(blas.blas_threads())
        return real_build(*args, **kwargs)

    monkeypatch.setattr(quick, "build", spy)
    before = blas.blas_threads()
    quick.solve((3000, 2000, 1000, 1500), (50, 100), tolerance=0.05, max_seconds=None, card_removal=False)
    assert seen and seen[0] in (1, None) and blas.blas_threads() == before


def test_blas_limit_is_shared_and_restored():
    from pokerengine.decisions import blas

    before = blas.blas_threads()

    @blas.one_blas_thread
    def nested(depth):
        inside = blas.blas_threads()
        return [inside, *nested(depth - 1)] if depth else [inside]

    assert all(t in (1, None) for t in nested(3)) and blas.blas_threads() == before

    @blas.one_blas_thread
    def fails():
        raise ValueError("inside")

    with pytest.raises(ValueError):
        fails()
    assert blas.blas_threads() == before


# --- the docs' tables, reproduced from the commands printed beside them -----------------------------

DOCS = __import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "decisions.md"


def doc_tables():
    """Each push/fold table of docs/decisions.md that has commands under it: ``(header, rows,
    commands)``, ``rows`` as ``{label: [cells]}`` and ``commands`` as ``{label: argv}`` from the
    list items ``- LABEL: `pokerengine pushfold ...` `` that follow the table."""
    import re
    import shlex

    lines = DOCS.read_text(encoding="utf-8").splitlines()
    out = []
    k = 0
    while k < len(lines):
        if not lines[k].startswith("| |"):
            k += 1
            continue
        table = []
        while k < len(lines) and lines[k].startswith("|"):
            table.append([c.strip() for c in lines[k].strip("|").split("|")])
            k += 1
        commands = {}
        while k < len(lines) and (not lines[k].strip() or lines[k].startswith("- ")):
            found = re.match(r"- (\w[\w ]*): `pokerengine pushfold ([^`]+)`", lines[k])
            if found:
                commands[found.group(1)] = ["pushfold", *shlex.split(found.group(2))]
            k += 1
        if commands:
            out.append((table[0][1:], {row[0]: row[1:] for row in table[2:]}, commands))
    return out


def cell_value(column, data):
    """What the JSON of ``pokerengine pushfold --json`` says for a table's column."""
    players = {p["position"]: p for p in data["players"]}
    if column.startswith("equity "):
        return [players[name]["equity"] for name in column.split()[1].split("/")]
    who, verb, *rest = column.split()
    if verb == "push":
        return [players[who]["push_percent"]]
    if verb == "calls":
        return [players[who]["call_percent"][rest[0]]]
    if verb == "overcalls":
        return [v for key, v in players[who]["call_percent"].items() if "+" in key]
    raise AssertionError(f"no rule for the column {column!r}")


def test_docs_tables_have_their_commands():
    """Every row of the push/fold tables has the command that reproduces it (run in the deep
    profile below), and the command line parses."""
    from pokerengine.cli import build_parser

    tables = doc_tables()
    assert len(tables) >= 2
    for header, rows, commands in tables:
        assert set(rows) == set(commands), (header, rows.keys(), commands.keys())
        for argv in commands.values():
            args = build_parser().parse_args(argv)
            assert args.tolerance is not None and args.max_seconds > 0
        for column in header:
            assert column.startswith("equity ") or column.split()[1] in ("push", "calls", "overcalls"), column


@pytest.mark.skipif(not __import__("profiles").DEEP, reason="solves to tight tolerances (minutes): the deep profile")
def test_docs_tables_reproduce(capsys):
    import json
    import re

    from pokerengine.cli import main

    for header, rows, commands in doc_tables():
        for label, argv in commands.items():
            code = main([*argv, "--json"])
            data = json.loads(capsys.readouterr().out)
            assert code == 0 and data["certified"], (label, argv)
            for column, cell in zip(header, rows[label]):
                printed = [float(x) for x in re.findall(r"[\d.]+", cell)]
                got = cell_value(column, data)
                slack = 0.011 if column.startswith("equity ") else 0.11  # the table's rounding, and a machine's
                assert len(printed) == len(got) and all(abs(a - b) <= slack for a, b in zip(printed, got)), \
                    (label, column, cell, got)


def test_a_stopped_solve_keeps_the_time_its_certificate_and_report_need(quick, monkeypatch):
    """On a clock where a step with fresh showdowns, a certificate and the report each take 10 s and a
    cheap step 2 s, a solve that cannot reach its tolerance in 100 s stops early enough that the
    certificate of the averaged strategies and the report still end within the 100 s."""
    from types import SimpleNamespace

    from pokerengine.models import _cost

    now = [0.0]
    clock = SimpleNamespace(monotonic=lambda: now[0], perf_counter=lambda: now[0])
    monkeypatch.setattr(quick, "time", clock)
    monkeypatch.setattr(_cost, "time", clock)
    real_build = quick.build

    class Timed:
        def __init__(self, solver):
            object.__setattr__(self, "_s", solver)

        def __getattr__(self, name):
            return getattr(self._s, name)

        def __setattr__(self, name, value):
            setattr(self._s, name, value)

        def step(self, refresh):
            now[0] += 10.0 if refresh else 2.0
            return self._s.step(refresh=refresh)

        def gains(self, sigma):
            now[0] += 10.0
            return self._s.gains(sigma)

        def report(self, *args):
            now[0] += 10.0
            return self._s.report(*args)

    monkeypatch.setattr(quick, "build", lambda *a, **k: Timed(real_build(*a, **k)))
    eq = quick.solve((3000, 2500, 2000, 1500), (100, 200), prizes=[50, 30, 20], max_seconds=100.0,
                     tolerance=1e-9, check_every=10_000, card_removal=False)
    assert not eq.certified and eq.iterations >= 10
    assert now[0] <= 100.0, now[0]
