"""Bubble factors and risk premiums (pokerengine.decisions.bubble) and ``pokerengine bubble``:
the published examples, an exact Harville ICM oracle over finishing orders, properties."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from profiles import examples
from test_models_icm import brute_force

from pokerengine.cli import main
from pokerengine.decisions.bubble import bubble_factors, risk_premium
from pokerengine.errors import DecisionInputError, ModelTimeout


def harville(stacks, prizes):
    """ICM by every finishing order, in Fractions: the models' own test oracle (test_models_icm)."""
    return brute_force(stacks, prizes)


def oracle_factor(stacks, prizes, a, b):
    """BF(a, b) by the definition, with the exact ICM above; the loser of a whole stack is out in the
    last open place."""
    n = len(stacks)
    pay = list(prizes) + [0] * (n - len(prizes))
    s = min(stacks[a], stacks[b])

    def value(after, me):
        if after[me] == 0:
            return Fraction(pay[sum(1 for x in after if x > 0)])
        alive = [i for i in range(n) if after[i] > 0]
        return harville([after[i] for i in alive], pay[:len(alive)])[alive.index(me)]

    now = value(list(stacks), a)
    win, lose = list(stacks), list(stacks)
    win[a] += s
    win[b] -= s
    lose[a] -= s
    lose[b] += s
    return (now - value(lose, a)) / (value(win, a) - now)


def test_published_examples():
    # Nelson, Heston & Streib, "Kill Everyone" (2009), as in the shared notes: 3 equal stacks,
    # 2 equal seats -> 2.0; 4 equal stacks paying 50/30/20 -> 1.875
    sat = bubble_factors([1000] * 3, [1, 1])
    assert all(sat.factors[a][b] == pytest.approx(2.0, abs=1e-12) for a in range(3) for b in range(3) if a != b)
    four = bubble_factors([1000] * 4, [50, 30, 20])
    assert all(four.factors[a][b] == pytest.approx(1.875, abs=1e-12) for a in range(4) for b in range(4) if a != b)
    assert four.risk_premium[0][1] == pytest.approx(1.875 / 2.875 - 0.5, abs=1e-12)
    assert all(four.factors[i][i] is None and four.risk_premium[i][i] is None for i in range(4))


@settings(max_examples=examples(40))
@given(st.lists(st.integers(1, 2000), min_size=3, max_size=5), st.data())
def test_icm_against_the_exact_oracle(stacks, data):
    n = len(stacks)
    prizes = sorted(data.draw(st.lists(st.integers(0, 100), min_size=1, max_size=n)), reverse=True)
    full = prizes + [0] * (n - len(prizes))
    assume(len(set(full[1:])) > 1)  # not linear in chips, so no factor is 0/0
    bf = bubble_factors(stacks, prizes)
    a, b = data.draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
    assert bf.factors[a][b] == pytest.approx(float(oracle_factor(stacks, prizes, a, b)), rel=1e-9)


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 10_000), min_size=3, max_size=7), st.data())
def test_icm_factors_at_least_one(stacks, data):
    """Under ICM with prizes that do not rise with the place, a factor is > 1 unless ICM is linear in
    chips (every place after the first paying the same), where it is 1."""
    n = len(stacks)
    prizes = sorted(data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=n).filter(any)), reverse=True)
    full = prizes + [0] * (n - len(prizes))
    bf = bubble_factors(stacks, prizes)
    linear = len(set(full[1:])) == 1
    for a in range(n):
        for b in range(n):
            if a != b:
                f = bf.factors[a][b]
                if linear:
                    assert f == pytest.approx(1.0, abs=1e-7) or (math.isnan(f) and full[0] == full[1])
                else:
                    assert f > 1.0, (a, b, f)
                    assert bf.risk_premium[a][b] > 0


@settings(max_examples=examples(30))
@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=6), st.data())
def test_chip_ev_gives_one(stacks, data):
    prizes = data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=len(stacks)).filter(any))
    bf = bubble_factors(stacks, prizes, model="chip")
    for a, row in enumerate(bf.factors):
        for b, f in enumerate(row):
            if a != b:
                assert f == pytest.approx(1.0, abs=1e-9) and bf.risk_premium[a][b] == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("model", ["icm", "dcm", "mw", "roberts"])
def test_heads_up_is_linear(model):
    """With two players a model pays the second prize plus the difference in proportion to chips
    (ICM, DCM; MW and Roberts agree there): every factor is 1."""
    bf = bubble_factors([3000, 1000], [70, 30], model=model)
    assert bf.factors[0][1] == pytest.approx(1.0, abs=1e-9) and bf.factors[1][0] == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("model", ["icm", "dcm", "mw", "roberts"])
def test_equal_stacks_are_symmetric_and_risk_premium_formula(model):
    bf = bubble_factors([2000] * 5, [50, 30, 20], model=model)
    first = bf.factors[0][1]
    assert first is not None and first > 1
    for a in range(5):
        for b in range(5):
            if a != b:
                assert bf.factors[a][b] == pytest.approx(first, rel=1e-9)
                loss, gain = bf.loss[a][b], bf.gain[a][b]
                # the equity a call needs: p * gain = (1 - p) * loss
                assert bf.risk_premium[a][b] == pytest.approx(loss / (loss + gain) - 0.5, abs=1e-12)
    assert math.fsum(bf.equity) == pytest.approx(100.0)


def test_other_models_need_not_stay_above_one():
    # stated in the module docstring: DCM and Malmuth-Weitzman give some uneven pairs a factor below 1
    for model in ("dcm", "mw"):
        bf = bubble_factors([5000, 3000, 2000, 1000], [50, 30, 20], model=model)
        assert min(f for row in bf.factors for f in row if f is not None) < 1.0


def test_undefined_factors():
    flat = bubble_factors([1000, 2000, 3000], [5, 5, 5])
    assert all(math.isnan(f) for row in flat.factors for f in row if f is not None)
    assert flat.to_json()["factors"] == [[None] * 3] * 3
    assert risk_premium(math.inf) == 0.5 and math.isnan(risk_premium(-1.0)) and risk_premium(1.0) == 0.0


def test_errors_and_limits():
    for stacks, prizes, model, match in [
        ([1000] * 10, [1], "icm", "2 to 9"), ([1000], [1], "icm", "2 to 9"), ([1000, 1.5], [1], "icm", "integer"),
        ([1000, 0], [1], "icm", "positive"), ([1000, 1000], [0], "icm", "need prizes"),
        ([1000, 1000], [1, 1, 1], "icm", "nobody can finish"), ([1000, 1000], [1], "mc", "model"),
    ]:
        with pytest.raises(DecisionInputError, match=match):
            bubble_factors(stacks, prizes, model=model)
    with pytest.raises(ModelTimeout):
        bubble_factors([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000], [50, 30, 20, 10], model="dcm",
                       max_seconds=1e-3, min_probability=0.0)


def test_model_given_third_in_line_still_works_and_warns():
    with pytest.warns(DeprecationWarning, match="keyword"):
        old = bubble_factors([3000, 2000, 1000], [50, 30, 20], "dcm")
    assert old == bubble_factors([3000, 2000, 1000], [50, 30, 20], model="dcm") and old.model == "dcm"


# --- the command ----------------------------------------------------------------------------------

def test_cli_json(capsys):
    assert main(["bubble", "--stacks", "1000,1000,1000,1000", "--prizes", "50,30,20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["factors"][0][0] is None and out["factors"][0][1] == pytest.approx(1.875)
    assert out["model"] == "icm" and out["stacks"] == [1000] * 4 and len(out["risk_premium"]) == 4


def test_cli_table_and_models(capsys):
    assert main(["bubble", "--stacks", "1000", "1000,1000", "--prizes", "1", "1"]) == 0
    text = capsys.readouterr().out
    assert "2.000" in text and "16.67%" in text and "row A against column B" in text
    assert main(["bubble", "--stacks", "5000,3000,2000,1000", "--prizes", "50,30,20", "--model", "dcm",
                 "--depth", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["model"] == "dcm"


@pytest.mark.parametrize("argv", [
    ["--stacks", "1000,abc", "--prizes", "1"], ["--stacks", "1000,1000", "--prizes", "-1"],
    ["--stacks", ",".join(["100"] * 10), "--prizes", "1"], ["--stacks", "1000,1000", "--prizes", "1", "--model", "x"],
    ["--prizes", "1"], ["--stacks", "1000,1000"], ["--stacks", "100,100", "--prizes", "1", "--depth", "3"],
    ["--stacks", "100,100", "--prizes", "1", "--max-seconds", "-1"],
])
def test_cli_bad_input(argv, capsys):
    try:
        status = main(["bubble", *argv])
    except SystemExit as e:  # argparse's own refusals
        status = e.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
