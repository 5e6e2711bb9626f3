"""Fuzz suite: every entry point, in a worker subprocess with a memory cap and a time limit.

Each input must end in a result or a clean error (see ``tests/fuzzing.py``
for the outcomes, the mutators and the worker).  Two kinds of input:

* byte-level mutation of the real fixtures (``test_mutation_fuzz``), and
* Hypothesis strategies for structured-but-wrong values: the right shape with
  wrong types and ranges (``test_structured_fuzz``);

plus ``test_regression_corpus`` (the smallest input of each distinct failure
found so far, ``tests/fuzz_corpus/regressions``) and tests of the harness
itself (it must tell every outcome apart, including hangs in C code and a
dying worker).

Profiles.  By default (CI) 300 mutated inputs and 100 Hypothesis examples per
entry point, a few seconds each.  ``POKERENGINE_HYPOTHESIS=deep`` runs 100,000
of each per entry point; ``POKERENGINE_FUZZ_INPUTS=N`` sets the count in either
profile.  Other knobs: ``POKERENGINE_FUZZ_SEED`` (the mutation run, default 12),
``POKERENGINE_FUZZ_JOBS`` (workers, default 1), ``POKERENGINE_FUZZ_MEMORY``
(bytes, default 1 GiB), ``POKERENGINE_FUZZ_SECONDS`` (per input, default 5),
``POKERENGINE_FUZZ_FINDINGS`` (where failing inputs are saved; default a pytest
temporary folder).  A failing test lists every distinct failure with the file
its input was saved to and the command that re-runs it.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import pickle
import random
import re
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"
INPUTS = int(os.environ.get("POKERENGINE_FUZZ_INPUTS", 100_000 if DEEP else 300))
EXAMPLES = int(os.environ.get("POKERENGINE_FUZZ_INPUTS", 100_000 if DEEP else 100))
SEED = int(os.environ.get("POKERENGINE_FUZZ_SEED", "12"))
JOBS = int(os.environ.get("POKERENGINE_FUZZ_JOBS", "1"))
MEMORY = int(os.environ.get("POKERENGINE_FUZZ_MEMORY", str(fuzzing.DEFAULT_MEMORY)))
SECONDS = float(os.environ.get("POKERENGINE_FUZZ_SECONDS", str(fuzzing.DEFAULT_TIME)))


@pytest.fixture(scope="module")
def findings_dir(tmp_path_factory) -> Path:
    folder = os.environ.get("POKERENGINE_FUZZ_FINDINGS")
    return Path(folder) if folder else tmp_path_factory.mktemp("fuzz-findings")


@pytest.fixture(scope="module")
def workers():
    pool = [fuzzing.Worker(MEMORY, SECONDS) for _ in range(JOBS)]
    yield pool
    for w in pool:
        w.close()


# ============================================================== the harness itself

@pytest.fixture(scope="module")
def quick_worker():
    w = fuzzing.Worker(time_limit=0.5, grace=1.0)
    yield w
    w.close()


@pytest.mark.parametrize("variant, outcome, signature", [
    ("ok", "ok", ""),
    ("clean", "clean", ""),
    ("bug", "failure", "KeyError"),
    ("recursion", "failure", "RecursionError"),
    ("long-message", "failure", "error message over"),
    ("hang", "timeout", "timeout in fuzzing.py (_spin)"),
    ("hang-c", "timeout", "hard timeout: busy past the limit"),
    ("blocked", "timeout", "hard timeout: blocked, using no CPU"),
    ("memory", "memory", "MemoryError"),
    ("die", "memory", "worker died (signal SIGSEGV)"),
    ("cli-ok", "ok", ""),
    ("cli-clean", "clean", ""),
    ("cli-two-lines", "failure", "exit 2 with 2 stderr lines"),
    ("cli-silent", "failure", "exit 2 with 0 stderr lines"),
    ("cli-traceback", "failure", "traceback on stderr"),
    ("cli-status", "failure", "exit status 3"),
    ("cli-internal", "failure", "replay report: internal error KeyError"),
    ("cli-stdout-surrogate", "failure", "UnicodeEncodeError"),
])
def test_harness_classifies(quick_worker, variant, outcome, signature):
    result = quick_worker.run(fuzzing.Case("selftest", variant, b""))
    assert (result.outcome, result.signature[: len(signature)]) == (outcome, signature), result.detail
    # the worker survives or is replaced: the next input runs normally
    assert quick_worker.run(fuzzing.Case("selftest", "ok", b"")).outcome == "ok"


def test_harness_saves_and_reruns(quick_worker, tmp_path, capsys):
    findings = fuzzing.Findings(tmp_path)
    case = fuzzing.Case("selftest", "bug", b"\x00input", seed=7, index=3)
    for _ in range(5):
        saved = findings.add(case, quick_worker.run(case))
    meta = json.loads((tmp_path / "selftest").glob("failure-*/seed7-000003.json").__next__().read_text())
    assert (meta["seed"], meta["index"], meta["variant"], meta["outcome"]) == (7, 3, "bug", "failure")
    assert saved is None and findings.groups[("failure", meta["signature"])]["count"] == 5  # kept once
    assert fuzzing.rerun(meta["rerun"].split()[-1], cap=False) == 1
    assert "KeyError" in capsys.readouterr().out


def test_generation_is_deterministic_and_varied():
    ops = set()
    for entry in fuzzing.ENTRIES:
        cases = [fuzzing.generate(entry, 5, i) for i in range(200)]
        again = [fuzzing.generate(entry, 5, i) for i in range(0, 200, 7)]
        assert [(c.variant, c.data) for c in cases[::7]] == [(c.variant, c.data) for c in again]
        assert len({c.data for c in cases}) > 180
        assert {c.variant for c in cases} == set(fuzzing.ENTRIES[entry])
        ops |= {op.split("(")[0].split("*")[0] for c in cases for op in c.origin.split(",")}
    assert {"flip", "insert", "delete", "dup", "cut", "splice", "token", "truncate", "line-swap"} <= ops
    big = [fuzzing.generate("equity-api", 5, i).data for i in range(2000)]
    assert any(len(d) > 500_000 for d in big) and all(len(d) <= fuzzing.MAX_INPUT for d in big)


@pytest.mark.parametrize("entry", ["phh-api", "tournament-api", "tournament-cli", "equity-api", "equity-cli",
                                   "director-api"])
def test_seeds_are_accepted(workers, entry):
    """The unmutated seeds are good input, so mutations start from the paths that do real work."""
    family = "equity-args" if entry == "equity-cli" else fuzzing.FAMILY[entry]
    variant = "args:icm" if entry == "equity-cli" else fuzzing.ENTRIES[entry][0]
    pool = fuzzing.seeds(family)[:60]
    if entry == "equity-api":  # "100/3" prizes are the CLI's notation; the API takes Fraction objects
        pool = [data for data in pool if b"/" not in data]
    results = [workers[0].run(fuzzing.Case(entry, variant, data)) for data in pool]
    assert [r.outcome for r in results] == ["ok"] * len(pool), [r.detail for r in results if r.outcome != "ok"]


# ============================================================== inputs that once broke an entry point

REGRESSIONS = sorted((fuzzing.CORPUS / "regressions").glob("*.json"))


@pytest.mark.parametrize("meta", REGRESSIONS, ids=[p.stem for p in REGRESSIONS])
def test_regression_corpus(workers, meta):
    """The smallest input of each distinct failure the fuzzer has found, kept for good."""
    info = json.loads(meta.read_text())
    case = fuzzing.Case(info["entry"], info["variant"], meta.with_suffix(".bin").read_bytes(), origin=meta.name)
    result = workers[0].run(case)
    if result.outcome not in fuzzing.GOOD:
        pytest.fail(f"{result.outcome}: {result.signature}\n(first found as: {info['was']})\n"
                    f"re-run: python tests/fuzzing.py rerun {meta}\n{result.detail}", pytrace=False)


# ============================================================== byte-level mutation

@pytest.mark.parametrize("entry", list(fuzzing.ENTRIES))
def test_mutation_fuzz(entry, workers, findings_dir):
    report = fuzzing.campaign(entry, INPUTS, SEED, findings_dir, workers=workers)
    print(report.text())
    assert sum(report.counts.values()) == INPUTS
    if report.bad:
        pytest.fail(f"{report.bad} of {INPUTS} inputs neither a result nor a clean error:\n{report.text()}",
                    pytrace=False)


# ============================================================== structured-but-wrong values
#
# Each example starts from a real, valid input (a fixture hand, hand history, event log or payout field)
# and changes zero to three places in its tree: a value of the wrong type or out of range, a number
# nudged (+1, -1, negated, 0, 2**63, times a power of ten), an item dropped, repeated or moved (lists of
# the wrong length or order), a key dropped or added, or a number inside a string (an action's amount or
# player, a card) replaced.  Every choice is drawn from Hypothesis, so a failure shrinks toward fewer and
# simpler changes.

TEXT = st.text(st.characters(exclude_categories=()), max_size=8)  # lone surrogates included
NASTY = [None, True, False, -1, 0, 1, 2**63 - 1, 2**63, 2**64, -(2**63), 10**30, 1.5, -0.0, 1e300, float("nan"),
         float("inf"), "", "1", "-1", "1.5", "1e3", "\ud800", "x" * 1000, [], {}, [1], {"a": 1}, [[[]]], "AsKs",
         "??", "holdem", "NT", "p1 f", "100/3"]
WRONG = st.one_of(st.sampled_from(NASTY), st.integers(), st.floats(), TEXT)
PY_NASTY = [Decimal("1"), Decimal("NaN"), Fraction(1, 3), Fraction(-1, 2), np.int64(5), np.int64(-1), np.float64(2.0),
            b"1", (1, 2), {1, 2}, range(3), 1 + 0j]
PY_WRONG = st.one_of(WRONG, st.sampled_from(PY_NASTY))
OPS = ("wrong", "wrong", "nudge", "nudge", "drop", "repeat", "move", "junk-key", "renumber")
NUMBER = re.compile(r"\d+")


def _places(tree) -> list:
    """Every (container, key) of a JSON-like tree."""
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            out.append((node, key))
            if isinstance(value, (dict, list)):
                stack.append(value)
    return out


@st.composite
def corrupted(draw, bases: list, wrong=WRONG):
    tree = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(0, 3))):
        places = _places(tree)
        if not places:
            break
        node, key = places[draw(st.integers(0, len(places) - 1))]
        value, op = node[key], draw(st.sampled_from(OPS))
        if op == "nudge" and type(value) is int:
            node[key] = draw(st.sampled_from([value + 1, value - 1, -value, 0, 2**63 - 1, 2**63, value * 10**20]))
        elif op == "drop":
            del node[key]
        elif op == "repeat" and isinstance(node, list):
            times = draw(st.sampled_from([1, 2] if isinstance(value, (dict, list)) else [1, 2, 100]))
            node[key:key] = [copy.deepcopy(value) for _ in range(times)]
        elif op == "move" and isinstance(node, list) and len(node) > 1:
            other = draw(st.integers(0, len(node) - 1))
            node[key], node[other] = node[other], node[key]
        elif op == "junk-key" and isinstance(node, dict):
            node[draw(TEXT)] = copy.deepcopy(draw(wrong))  # NASTY's lists and dicts must stay as they are
        elif op == "renumber" and isinstance(value, str) and NUMBER.search(value):
            spans = [m.span() for m in NUMBER.finditer(value)]
            a, b = spans[draw(st.integers(0, len(spans) - 1))]
            number = draw(st.one_of(st.sampled_from([0, 1, 7, 13, 2**63, 10**25]), st.integers(-5, 10**6)))
            node[key] = value[:a] + str(number) + value[b:]
        else:
            node[key] = copy.deepcopy(draw(wrong))
    return tree


def json_bytes(value, ascii_only: bool = True) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(value), repr(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string; a \ud800 escape in it is invalid TOML
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return "null"  # not TOML at all


def toml_text(fields: dict) -> bytes:
    if not isinstance(fields, dict):
        return toml_value(fields).encode("utf-8", "surrogatepass")
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in fields.items()]
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _plain(value):
    """The value as JSON can hold it (Fractions as "a/b" strings, the CLI's notation)."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (Decimal, np.number, complex, bytes, range, set, tuple)):
        return str(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _fractions(value):
    """CLI-notation prizes ("100/3") as the Fraction objects the API takes."""
    if isinstance(value, str) and re.fullmatch(r"\d+/\d+", value):
        return Fraction(value)
    if isinstance(value, list):
        return [_fractions(v) for v in value]
    if isinstance(value, dict):
        return {k: _fractions(v) for k, v in value.items()}
    return value


def _argv_text(field) -> bytes:
    def tokens(values) -> str:
        items = values if isinstance(values, list) else [values]
        return " ".join(str(_plain(v)).replace("\x00", "") for v in items)

    if not isinstance(field, dict):
        return tokens(field).encode("utf-8", "surrogatepass")
    text = tokens(field.get("stacks", [])) + (" | " + tokens(field["prizes"]) if "prizes" in field else "")
    return text.encode("utf-8", "surrogatepass")


@functools.cache
def bases(family: str) -> list:
    """Valid inputs to start from, as JSON-like trees."""
    if family == "settle":
        hands = [json.loads(d) for d in fuzzing.seeds("settle") if not d.lstrip().startswith(b"[")]
        hands = [h["hand"] if "hand" in h else h for h in hands]
        return hands + [hands[:2], hands[2:5]]
    if family == "phh":
        return [tomllib.loads(d.decode()) for d in fuzzing.seeds("phh")[::3]]
    if family == "tournament":
        return [[json.loads(line) for line in d.splitlines() if line.strip()] for d in fuzzing.seeds("tournament")
                if d.endswith(b"\n")]
    if family == "site":  # no JSON tree for PokerStars text: byte-level only (see cases())
        return []
    if family == "decisions":  # odds, ranges, bubble factors, decisions and push/fold solves as objects
        return [json.loads(d) for d in fuzzing.seeds("decisions")]
    if family == "director":  # logs as lists of events, structures as objects
        return [[json.loads(line) for line in d.splitlines() if line.strip()] if b'"event"' in d[:200]
                else json.loads(d) for d in fuzzing.seeds("director")]
    fields = [json.loads(d) for d in fuzzing.seeds("equity")]
    rng = random.Random(1)
    for n in (1, 2, 3, 6, 10):
        fields.append({"stacks": [rng.randint(1, 10**6) for _ in range(n)],
                       "prizes": sorted((rng.randint(0, 10**4) for _ in range(rng.randint(0, n))), reverse=True)})
    return fields


def cases(entry: str):
    """Hypothesis strategy of :class:`fuzzing.Case` for one entry point."""
    variant = st.sampled_from(fuzzing.ENTRIES[entry])

    def case(v: str, data: bytes) -> fuzzing.Case:
        return fuzzing.Case(entry, v, data, origin="hypothesis")

    if entry.startswith("settle"):
        return st.builds(case, variant, corrupted(bases("settle")).map(json_bytes))
    if entry.startswith(("phh", "live", "legal")):
        return st.builds(case, variant, corrupted(bases("phh")).map(toml_text))
    if entry == "site-api":  # OHH trees corrupted, and PokerStars text with lines swapped in
        ohh = [json.loads(d) for d in fuzzing.seeds("site") if d.lstrip(b"\xef\xbb\xbf \n").startswith(b"{")
               and b"\n{" not in d.strip()]
        return st.builds(lambda v, f: case("ohh", json_bytes(f)), variant, corrupted(ohh))
    if entry == "convert":  # OHH trees corrupted, converted to PHH and OHH (API and command)
        ohh = [json.loads(d) for d in fuzzing.seeds("site") if d.lstrip(b"\xef\xbb\xbf \n").startswith(b"{")
               and b"\n{" not in d.strip()]
        return st.builds(lambda v, f: case(v, json_bytes(f)), variant, corrupted(ohh))
    if entry.startswith(("tournament", "director")):
        def log(events, newline: bool, ascii_only: bool) -> bytes:
            if isinstance(events, dict) and "levels" in events:  # a structure, not a log
                return json_bytes(events, ascii_only)
            lines = [json_bytes(e, ascii_only) for e in (events if isinstance(events, list) else [events])]
            return b"\n".join(lines) + (b"\n" if newline else b"")

        family = "director" if entry.startswith("director") else "tournament"
        return st.builds(case, variant, st.builds(log, corrupted(bases(family)), st.booleans(), st.booleans()))
    if entry.startswith("decisions"):
        return st.builds(lambda v, f: case(v, json_bytes(f)), variant, corrupted(bases("decisions")))
    if entry == "equity-api":
        api_bases = [_fractions(f) for f in bases("equity")]
        return st.builds(lambda v, f: case("py:" + v, pickle.dumps(f)), variant, corrupted(api_bases, PY_WRONG))
    return st.builds(lambda v, f: case(v, _argv_text(f) if v.startswith("args:") else json_bytes(_plain(f))),
                     variant, corrupted(bases("equity")))


@pytest.mark.parametrize("entry", list(fuzzing.ENTRIES))
def test_structured_fuzz(entry, workers, findings_dir):
    findings = fuzzing.Findings(findings_dir / "hypothesis")
    counts: dict[str, int] = {}

    @settings(max_examples=EXAMPLES, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
    @given(case=cases(entry))
    def check(case):
        result = workers[0].run(case)
        counts[result.outcome] = counts.get(result.outcome, 0) + 1
        if result.outcome not in fuzzing.GOOD:
            saved = findings.add(case, result)
            raise AssertionError(f"{entry} [{case.variant}] {result.outcome}: {result.signature}\n"
                                 f"re-run: python tests/fuzzing.py rerun {saved}\n{result.detail[-1500:]}")

    check()
    print(f"{entry} structured: {sum(counts.values()):,} inputs: {counts}")
    assert counts.get("ok", 0) > 0  # the valid starting points do get through
