"""Every rule, as a hand worked out by hand in ``fixtures/settle/cases/*.json``."""

import json
from pathlib import Path

import pytest

from pokerengine.hand_json import settle_json

CASES = sorted((Path(__file__).parents[2] / "fixtures" / "settle" / "cases").glob("*.json"))


def subset(expected, got, where=""):
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in got, f"{where}.{key} missing"
            subset(value, got[key], f"{where}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(expected) == len(got), f"{where}: {len(got)} entries, expected {len(expected)}"
        for i, (e, g) in enumerate(zip(expected, got)):
            subset(e, g, f"{where}[{i}]")
    else:
        assert expected == got, f"{where}: got {got!r}, expected {expected!r}"


def test_there_is_a_case_for_every_rule():
    assert len(CASES) >= 18


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    case = json.loads(path.read_text())
    assert case["rule"] and case["source"]
    subset(case["expected"], settle_json(case["hand"]))
