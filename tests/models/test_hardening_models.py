"""Payout models under hostile input: hostile fields are refused up front or time out on time, big numbers stay right.

Each test is a regression test for one class of failure:
unbounded memory and time (every model states its cost and checks it before it
allocates; ``max_seconds`` is honoured within a second), overflow and lost
precision with amounts near ``2**63 - 1``, hostile command-line input, NumPy
imported by ``from pokerengine import settle``, and the Roberts figure in the
docs.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.cli import main
from pokerengine.errors import ModelInputError, ModelTimeout
from pokerengine.models import MAX_BYTES, MODELS, Cost, Equities, dcm, estimate, icm, monte_carlo, roberts
from pokerengine.models import _cost, _dcm_tree
from pokerengine.models._inputs import padded

ROOT = Path(__file__).resolve().parents[2]
BIG = 2**63 - 1


def run_cli(capsys, *argv):
    code = main(["equity", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> bool:
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err and len(err) < 600


def subprocess_run(code: str, *, memory: int = 4 << 30, timeout: float = 120) -> tuple[dict, float]:
    """Run ``code`` in a fresh interpreter under an address-space limit; it prints one JSON line.

    The limit keeps a regression from eating the shared machine: it fails with
    MemoryError instead.  Returns the printed object and the child's peak RSS in MiB.
    """

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")  # no per-core arenas
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, preexec_fn=limit, cwd=ROOT, env=env
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return json.loads(proc.stdout.strip().splitlines()[-1]), peak


# -- 1. cost stated and checked before allocating; max_seconds honoured ----------------------------------

HUGE = list(range(1_000, 11_000))  # 10,000 distinct stacks


@pytest.mark.parametrize(
    "model, kwargs, error",
    [
        ("dcm", {}, ModelInputError),  # was 8.4 GB in 56 s with --max-seconds 5, 23.8 GB without
        ("icm", {"places": True}, ModelInputError),  # the 10,000 x 10,000 place matrix: 4.5 GiB as Python floats
        ("roberts", {}, ModelInputError),  # n x n arrays for every player: 6 GiB
        ("mw", {}, ModelInputError),  # 2**10000 sets
        ("mc", {"places": True}, ModelInputError),
        ("icm", {"method": "subset"}, ModelInputError),
    ],
)
def test_huge_fields_are_refused_at_once_by_the_memory_bound(model, kwargs, error):
    start = time.monotonic()
    with pytest.raises(error) as info:
        MODELS[model](HUGE, [100, 50, 25], **kwargs)
    assert time.monotonic() - start < 5
    message = str(info.value)
    if model not in ("mw", "icm") or kwargs.get("places"):
        assert "10,000 players" in message and "max_bytes=1.0 GiB" in message and "GiB" in message.split(";")[0]


@pytest.mark.parametrize(
    "model, kwargs",
    [
        ("dcm", {}),
        ("roberts", {}),
        ("mc", {"samples": 10**12}),
        ("icm", {}),
    ],
)
def test_work_far_beyond_max_seconds_times_out_before_starting(model, kwargs):
    stacks = list(range(1_000, 1_030)) if model == "dcm" else list(range(1_000, 2_000))
    prizes = list(range(len(stacks), 0, -1)) if model == "icm" else [100, 50, 25]
    start = time.monotonic()
    with pytest.raises(ModelTimeout, match=r"did not finish within 0\.01 s: not started, as the estimate is"):
        MODELS[model](stacks, prizes, max_seconds=0.01, **kwargs)
    assert time.monotonic() - start < 3


def _timeout_cases():
    rng = random.Random(3)
    big = [rng.randrange(2**62, 2**63) for _ in range(11)]
    return [
        pytest.param("icm", list(range(1_000, 11_000)), list(range(10_000, 0, -1)), {}, id="icm-quadrature"),
        pytest.param("icm", list(range(1_000, 1_030)), list(range(8, 0, -1)), {"method": "subset"}, id="icm-subset"),
        pytest.param("icm", big, list(range(11, 0, -1)), {"exact": True}, id="icm-exact"),
        pytest.param("dcm", [rng.randrange(10**5, 10**6) for _ in range(13)], [3, 2, 1], {}, id="dcm"),
        pytest.param("mw", list(range(1_000, 1_020)), [3, 2, 1], {}, id="mw"),
        pytest.param("roberts", list(range(1_000, 1_150)), [3, 2, 1], {}, id="roberts"),
        pytest.param("mc", list(range(1, 11)), [3, 2, 1], {"samples": 10**7}, id="mc"),
        pytest.param("icm", list(range(1_000, 3_000)), [1], {"places": True}, id="icm-places"),
    ]


@pytest.mark.parametrize("model, stacks, prizes, kwargs", _timeout_cases())
def test_max_seconds_is_honoured_within_a_second(model, stacks, prizes, kwargs):
    """A budget of an eighth of the estimate: accepted (within SLACK), and the run stops at it.

    An eighth, not more: the estimates are conservative (the subset DP by up to 3x on small place counts),
    and CI machines can be faster than this one, so the work must still outlast the budget there.
    """
    budget = round(estimate(model, stacks, prizes, **kwargs).seconds / 8, 2)
    assert budget >= 0.15
    start = time.monotonic()
    with pytest.raises(ModelTimeout, match=f"{model} did not finish within {budget:g} s$"):
        MODELS[model](stacks, prizes, max_seconds=budget, **kwargs)
    assert time.monotonic() - start < budget + 2.0  # ~1 s on an idle machine; 2 s leaves room for a busy one


def test_every_model_takes_max_seconds_and_max_bytes():
    for name, model in MODELS.items():
        with pytest.raises(ModelInputError, match="max_seconds must be"):
            model([3, 2, 1], [1], max_seconds=float("nan"))
        with pytest.raises(ModelInputError, match="max_seconds must be"):
            model([3, 2, 1], [1], max_seconds=True)
        with pytest.raises(ModelInputError, match="max_bytes must be"):
            model([3, 2, 1], [1], max_bytes=0)
        with pytest.raises(ModelInputError, match="more memory than max_bytes=1,000 bytes"):
            model([3, 2, 1], [1], max_bytes=1000)
        assert model([3, 2, 1], [6], max_seconds=math.inf, max_bytes=None).equity == pytest.approx((3, 2, 1), rel=0.05)
    assert MAX_BYTES == 1 << 30


def test_estimate_is_the_check_the_models_make():
    for name, kwargs in [("icm", {}), ("icm", {"exact": True}), ("dcm", {}), ("mw", {}), ("roberts", {}), ("mc", {})]:
        cost = estimate(name, [1000, 500, 100], [100, 50], **kwargs)
        assert isinstance(cost, Cost) and cost.model == name and cost.players == 3
        assert 0 < cost.seconds < 1 and 0 < cost.memory < 200 << 20 and cost.work > 0
        MODELS[name]([1000, 500, 100], [100, 50], max_bytes=cost.memory, **kwargs)  # fits exactly
        with pytest.raises(ModelInputError, match=re.escape(str(cost))):
            MODELS[name]([1000, 500, 100], [100, 50], max_bytes=cost.memory - 1, **kwargs)
    assert estimate("icm", 10_000, 1_500).method == "quadrature"
    assert estimate("icm", 9, 9).method == "subset"
    assert estimate("dcm", 30).seconds > 3600 and estimate("dcm", 10).seconds < 3
    with pytest.raises(ModelInputError, match="unknown model"):
        estimate("nope", 3)
    with pytest.raises(ModelInputError, match="icm takes no option depth"):
        estimate("icm", 3, depth=5)
    with pytest.raises(ModelInputError, match="players must be an integer from 1"):
        estimate("icm", 10**7)


@pytest.mark.parametrize("players", [4, 6, 8, 9])
def test_dcm_node_count_is_known_before_the_tree_is_built(players):
    """The count is exact for stacks without ties (up to the log-probability grid), an upper bound with ties."""
    rng = random.Random(players)
    stacks = rng.sample(range(10**5, 10**6), players)
    order = sorted(range(players), key=stacks.__getitem__)
    ledger = _dcm_tree.PrizeLedger(players, padded((3, 2, 1), players), False)
    tree = _dcm_tree.Tree(ledger, 50, 1e-15, _cost.TimeBudget("dcm", None))
    tree.push(np.array([[stacks[i] for i in order]]), np.array([order]), np.array([1.0 / players]), np.array([1]))
    tree.run()
    predicted = estimate("dcm", stacks, [3, 2, 1]).work
    assert tree.nodes <= predicted * 1.005 and tree.nodes >= predicted * 0.99


def test_the_time_budget_old_name_resolves_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match="Deadline is renamed TimeBudget"):
        old = _cost.Deadline
    assert old is _cost.TimeBudget
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _cost.Nothing  # noqa: B018


def test_a_spent_time_budget_raises_model_timeout():
    budget = _cost.TimeBudget("dcm", 1e-9)
    time.sleep(0.001)
    with pytest.raises(ModelTimeout, match="dcm did not finish within"):
        budget.check()
    _cost.TimeBudget("dcm", None).check()  # no limit: never raises


def test_dcm_queue_stays_bounded_and_order_does_not_change_the_result():
    stacks = [1237500, 412000, 980000, 655000, 230000, 1500000, 310000, 845000, 560000]
    prizes = [50, 30, 20, 10]
    free = dcm(stacks, prizes, places=True)
    limit = 64 << 10
    order = sorted(range(9), key=stacks.__getitem__)
    ledger = _dcm_tree.PrizeLedger(9, padded(tuple(prizes), 9), True)
    tree = _dcm_tree.Tree(ledger, 50, 1e-15, _cost.TimeBudget("dcm", None))
    tree.queue.limit = limit
    peak = 0
    push = tree.queue.push

    def watch(*args):
        nonlocal peak
        push(*args)
        peak = max(peak, tree.queue.bytes)

    tree.push = watch
    tree.push(np.array([[stacks[i] for i in order]]), np.array([order]), np.array([1.0 / 9]), np.array([1]))
    tree.run()
    below = sum(2 * _dcm_tree.batch_rows(k) * tree.queue._size(1, k) for k in range(3, 10))
    assert peak <= limit + below
    assert np.allclose(ledger.equity, free.equity, rtol=0, atol=1e-12)
    assert np.allclose(ledger.places.reshape(9, 9), free.places, rtol=0, atol=1e-13)


def test_explicit_subset_method_no_longer_allocates_two_to_the_n():
    """method='subset' with 40 players and 5 places asked NumPy for 8 TiB (an array of 2**40 floats)."""
    stacks = list(range(100, 140))
    prizes = [50, 30, 20, 10, 5]
    subset = icm(stacks, prizes, method="subset")
    quadrature = icm(stacks, prizes, method="quadrature")
    assert np.allclose(subset.equity, quadrature.equity, rtol=1e-9, atol=1e-9 * sum(prizes))


# -- the command line: the failures' reproducers, measured in a child process -----------------------------

_CLI = """
import json, sys, time, resource
from pokerengine.cli import main
sys.stdout = open("/dev/null", "w")
start = time.monotonic()
code = main({argv!r})
def peak():  # MiB; this process's own: Linux keeps ru_maxrss across exec, so a child forked from a big
    try:     # test process would report the parent's size (VmHWM is the new image's alone)
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"code": code, "seconds": time.monotonic() - start, "rss": peak()}}), file=sys.__stdout__)
"""


@pytest.mark.parametrize(
    "argv, code, seconds",
    [
        (["--model", "dcm", "--max-seconds", "5"], 2, 5),  # 56 s and 8.4 GB before
        (["--model", "dcm"], 2, 5),  # killed at 23.8 GB before
        (["--model", "icm", "--places"], 2, 5),
        (["--model", "roberts"], 2, 5),
        (["--model", "mc", "--samples", "1000000000000"], 1, 5),
    ],
)
def test_cli_reproducers_exit_fast_and_small(tmp_path, argv, code, seconds):
    field = tmp_path / "field.json"
    field.write_text(json.dumps({"stacks": HUGE, "prizes": [100, 50, 25]}))
    out, _ = subprocess_run(_CLI.format(argv=["equity", *argv, "--input", str(field), "--json"]))
    assert out["code"] == code
    assert out["seconds"] < seconds
    assert out["rss"] < 400  # MiB: NumPy and the field, nothing of the model


def test_cli_roberts_on_a_thousand_players_and_dcm_on_thirty_hit_the_default_budget(capsys):
    code, out, err = run_cli(capsys, "--model", "roberts", "--stacks", *map(str, range(1000, 2000)))
    assert code == 1 and "did not finish within 60 s: not started" in err and one_line(err) and out == ""
    code, out, err = run_cli(capsys, "--model", "dcm", "--stacks", *map(str, range(1000, 1030)))
    assert code == 1 and "did not finish within 60 s" in err and one_line(err)


def test_cli_budget_is_shared_by_compared_models(capsys, monkeypatch):
    seen = []
    real = MODELS["icm"]

    def spy(*args, **kwargs):
        seen.append(kwargs["max_seconds"])
        time.sleep(0.05)
        return real(*args, **kwargs)

    monkeypatch.setitem(MODELS, "icm", spy)
    monkeypatch.setitem(MODELS, "mw", spy)
    code, _, _ = run_cli(capsys, "--compare", "icm,mw", "--stacks", "3", "2", "1", "--max-seconds", "10")
    assert code == 0 and len(seen) == 2 and 9 < seen[0] <= 10 and seen[1] <= seen[0] - 0.05


# -- 2. big numbers: refused above 2**63 - 1, right below it --------------------------------------------


@pytest.mark.parametrize(
    "stacks, prizes",
    [
        ([10**4000, 1], [1]),
        ([10**400, 10**400, 10**400], [1, 1]),
        ([5, 3], [10**4000]),
        ([5, 3], [Fraction(10**4000, 3)]),
        ([5, 3], [Fraction(1, 10**30)]),
        ([BIG + 1, 1], [1]),
    ],
)
def test_amounts_above_the_limit_are_refused_by_every_model(stacks, prizes):
    for name, model in MODELS.items():
        with pytest.raises(ModelInputError, match=r"at most 2\*\*63 - 1") as info:
            model(stacks, prizes)
        assert len(str(info.value)) < 200


def _scaled(small):
    factor = BIG // max(small)
    return [a * factor for a in small]


@pytest.mark.parametrize(
    "name, kwargs, small",
    [
        ("icm", {"method": "subset"}, [5, 3, 2, 7, 1, 4]),
        ("icm", {"exact": True}, [5, 3, 2, 7, 1, 4]),
        ("icm", {"method": "quadrature"}, list(range(1, 1001))),  # total about 2**72
        ("dcm", {}, [5, 3, 2, 7, 1, 4]),  # total past int64: exact Python integers in the tree
        ("dcm", {}, [9, 4, 4, 2]),  # with ties
        ("mw", {}, [5, 3, 2, 7, 1, 4]),
        ("roberts", {}, [5, 3, 2, 7, 1, 4]),
        ("roberts", {}, list(range(1, 13))),  # the adaptation
        ("mc", {"samples": 20_000}, [5, 3, 2, 7, 1, 4]),
    ],
)
def test_stacks_near_the_limit_give_the_equities_of_the_same_stacks_scaled_down(name, kwargs, small):
    prizes = [100, 60, 30, 10]
    big = _scaled(small)
    assert max(big) <= BIG and sum(big) > 2**63  # far above 2**53 too
    scaled_down = MODELS[name](small, prizes, places=not kwargs.get("exact") and len(small) < 100, **kwargs)
    at_limit = MODELS[name](big, prizes, places=not kwargs.get("exact") and len(small) < 100, **kwargs)
    assert at_limit.stacks == tuple(big)
    for x, y in zip(at_limit.equity, scaled_down.equity):
        assert math.isfinite(float(x)) and float(x) == pytest.approx(float(y), rel=1e-9, abs=1e-12)
    if at_limit.places is not None:
        assert np.allclose(at_limit.places, scaled_down.places, rtol=1e-9, atol=1e-12)


def test_a_tiny_stack_next_to_huge_ones_is_not_lost():
    """Totals minus one stack cancelled to zero: ICM returned inf, Roberts gave the tiny stack second place."""
    stacks, prizes = [2**62, 2**62, 5], [3, 2, 1]
    for name, model in MODELS.items():
        e = model(stacks, prizes)
        assert all(math.isfinite(float(x)) for x in e.equity)
        assert sum(e.equity) == pytest.approx(6, rel=1e-9)
        assert float(e.equity[2]) == pytest.approx(1.0, abs=1e-6 if name != "mc" else 1e-3), name
    e = icm([2**53, 1, 1], [3, 2, 1])
    assert e.equity == pytest.approx((3.0, 1.5, 1.5), rel=1e-12)
    e = roberts([BIG] + [1] * 11, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert e.equity[0] == pytest.approx(12, rel=1e-9) and all(math.isfinite(x) for x in e.equity)


def test_prizes_near_the_limit():
    prizes = [BIG, BIG - 1, Fraction(BIG, BIG - 2)]
    pool = sum(prizes)
    for name, model in MODELS.items():
        e = model([5000, 3000, 2000, 1000], prizes)
        assert all(math.isfinite(float(x)) for x in e.equity)
        assert sum(float(x) for x in e.equity) == pytest.approx(float(pool), rel=1e-6 if name == "mc" else 1e-12)
    exact = icm([5000, 3000, 2000, 1000], prizes, exact=True)
    assert sum(exact.equity) == pool


amounts = st.one_of(st.integers(1, 1000), st.integers(1, BIG), st.integers(BIG - 1000, BIG))


@settings(max_examples=40)
@given(
    stacks=st.lists(amounts, min_size=1, max_size=6),
    prizes=st.lists(st.one_of(amounts, st.just(0), st.fractions(0, 10**6, max_denominator=10**6)), max_size=6),
)
def test_any_amounts_within_the_limit_give_finite_equities_that_add_up(stacks, prizes):
    prizes = prizes[: len(stacks)]
    pool = sum(prizes, Fraction(0))
    for name, model in MODELS.items():
        e = model(stacks, prizes, **({"samples": 200} if name == "mc" else {}))
        assert all(math.isfinite(float(x)) for x in e.equity)
        assert math.fsum(float(x) for x in e.equity) == pytest.approx(float(pool), rel=1e-9, abs=1e-9)


def test_results_are_never_infinite_or_nan():
    with pytest.raises(ModelInputError, match="not a finite number"):
        Equities("icm", (1, 2), (3,), (float("inf"), 0.0))
    with pytest.raises(ModelInputError, match="not a finite number"):
        Equities("mc", (1, 2), (3,), (1.0, 2.0), stderr=(float("nan"), 0.0))


def test_cli_json_never_prints_infinity(capsys):
    stacks = [str(BIG)] * 3 + ["1"]
    for model in ("icm", "dcm", "mw", "roberts", "mc"):
        code, out, err = run_cli(capsys, "--model", model, "--json", "--places", "--stacks", *stacks,
                                 "--prizes", str(BIG), str(BIG), "--samples", "1000")
        assert code == 0, err
        data = json.loads(out, parse_constant=lambda name: pytest.fail(f"{model} printed {name}"))
        assert sum(data["equity"]) == pytest.approx(2 * BIG, rel=1e-9)


# -- 3. hostile command-line input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, message",
    [
        (b'{"stacks": [1, 2], "prizes": [' + b"9" * 30 + b"]}", "integer of 30 digits is out of range"),
        (b'{"stacks": [' + b"1" * 5000 + b"]}", "integer of 5000 digits"),
        (b"[" * 100_000, "nested deeper than 64 levels"),
        (b'{"stacks": [1, 2], "prizes": ["\xff"]}', "not valid UTF-8"),
        (b'{"stacks": [1, 2], "prizes": [NaN]}', "NaN is not a number"),
        (b'{"stacks": [1, 2], "prizes": ["' + b"9" * 5000 + b'/3"]}', "must be at most 2**63 - 1, got an integer of 5000 digits"),
        (b'{"stacks": [1, 2], "prizes": ["1/0"]}', "must be an integer or a fraction"),
        (b'{"stacks": [[[[1]]]]}', "must be an integer number of chips"),
        (b" " * (5 << 20), "larger than 4,194,304 bytes"),
    ],
)
def test_hostile_input_files_are_one_line_and_exit_2(capsys, tmp_path, monkeypatch, content, message):
    path = tmp_path / "field.json"
    path.write_bytes(content)
    code, out, err = run_cli(capsys, "--input", str(path))
    assert code == 2 and message in err and one_line(err) and out == ""

    class Stdin:
        buffer = __import__("io").BytesIO(content)

    monkeypatch.setattr(sys, "stdin", Stdin)
    code, out, err = run_cli(capsys, "--input", "-")
    assert code == 2 and message in err and one_line(err)


def test_a_byte_order_mark_is_fine(capsys, tmp_path):
    path = tmp_path / "field.json"
    path.write_bytes(b'\xef\xbb\xbf{"stacks": [2, 1], "prizes": [3]}')
    code, out, _ = run_cli(capsys, "--input", str(path), "--json")
    assert code == 0 and json.loads(out)["equity"] == pytest.approx([2.0, 1.0])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--stacks", "9" * 5000], "stack of player 1 must be at most 2**63 - 1, got an integer of 5000 digits"),
        (["--stacks", "9" * 21], "stack of player 1 must be at most 2**63 - 1, got an integer of 21 digits"),
        (["--stacks", "99999999999999999999"], "at most 2**63 - 1"),
        (["--stacks", "١٢٣"], "must be an integer number of chips"),  # non-ASCII digits
        (["--stacks", "5", "3", "--prizes", "9" * 5000 + "/3"], "prize for place 1 must be at most 2**63 - 1"),
        (["--stacks", "5", "3", "--prizes", "1/0"], "prize for place 1 must be an integer or a fraction"),
        (["--stacks", "5", "3", "--prizes", "1/99999999999999999999"], "at most 2**63 - 1"),
        (["--stacks", "5", "3", "--max-seconds", "nan"], "max_seconds must be"),
        (["--stacks", "5", "3", "--max-seconds", "0"], "max_seconds must be"),
        (["--stacks", "5", "3", "--max-memory", "0"], "--max-memory must be a positive number of MiB, got 0"),
        (["--model", "dcm", "--stacks", "5", "3", "1", "--depth", "100000"], "depth must be a positive integer"),
    ],
)
def test_hostile_numbers_on_the_command_line(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and message in err and one_line(err)


@pytest.mark.parametrize("option", ["--depth", "--samples", "--seed", "--digits", "--max-seconds", "--max-memory"])
def test_hostile_option_values_are_short_usage_errors(capsys, option):
    with pytest.raises(SystemExit) as info:
        main(["equity", "--stacks", "5", "3", option, "9" * 5000])
    err = capsys.readouterr().err
    assert info.value.code == 2 and option in err and one_line(err)


# -- 4. NumPy is imported by the first model run, not by the package ------------------------------------


def test_numpy_is_not_imported_until_a_model_runs():
    code = """
import json, sys
from pokerengine import settle
import pokerengine, pokerengine.models, pokerengine.tournament
from pokerengine.models import MODELS, dcm, icm, estimate
before = "numpy" in sys.modules
icm([3, 2, 1], [1])
print(json.dumps({"before": before, "after": "numpy" in sys.modules}))
"""
    out, _ = subprocess_run(code)
    assert out == {"before": False, "after": True}


# -- 6. the Roberts figure in the docs is the code's -----------------------------------------------------


def test_docs_quote_the_roberts_figures_the_code_gives():
    from pokerengine.models.roberts import adapted_places, tree_places

    stacks, weights = [2000, 4000, 3000, 6000, 5000], np.array([500, 300, 200, 0, 0])
    shipped = round(float((adapted_places(stacks) @ weights)[0]), 2)
    tree = round(float((tree_places(stacks) @ weights)[0]), 2)
    assert (shipped, tree) == (108.62, 108.42)
    docs = (ROOT / "docs" / "models.md").read_text()
    assert "108.62" in docs and "108.42" in docs
    assert "108.59 where" not in docs
