"""The package's shape, read from its source (``tests/layout.py``; ``docs/architecture.md`` draws it).

Floors in the order the data flows, no import running up a floor, no import circle between packages, no
import hidden in a function to dodge one, modules under 800 lines, one class per public name, no
re-export under another name, and a live ``Hand`` whose rule modules work on its state, not its privates.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

import layout
import pokerengine

ROOT = Path(os.path.dirname(pokerengine.__file__))
REPORT = layout.report(ROOT)


def test_no_import_runs_up_a_floor():
    assert REPORT["arrows_up"] == []


def test_no_import_circle_ties_two_packages_and_at_most_three_within_one():
    assert REPORT["circles_across"] == []
    assert len(REPORT["circles"]) <= 3, REPORT["circles"]


def test_no_import_inside_a_function_but_the_listed_lazy_loads():
    assert REPORT["late_imports"] == []


def test_every_module_is_under_800_lines():
    over = {m: n for m, n in REPORT["lines_by_module"].items() if n > 800}
    assert over == {}


def test_no_two_public_classes_share_a_name():
    assert {k: v for k, v in layout.public_classes(ROOT).items() if len(v) > 1} == {}


def test_no_package_re_exports_a_name_under_another():
    assert layout.renamed_exports(ROOT) == []


def test_the_live_hand_is_reached_into_at_most_40_times():
    assert sum(layout.hand_reaches(ROOT).values()) <= 40


def test_every_module_is_on_a_floor():
    for module in layout.modules(ROOT):
        layout.floor_of(module)  # raises for a package no floor names


def test_the_checker_sees_what_it_must(tmp_path):
    """The graph reader on a planted package: an arrow up, a circle across packages, an import in a function,
    a class defined twice and a renamed re-export are each found (so the tests above can fail)."""
    pkg = tmp_path / "pokerengine"
    for folder in ("live", "formats"):
        (pkg / folder).mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "cards.py").write_text("def f():\n    from .live import hand\n\nclass Hand:\n    pass\n")
    (pkg / "live" / "__init__.py").write_text("from .hand import Hand as LiveHand\n")
    (pkg / "live" / "hand.py").write_text("from ..formats import reader\n\nclass Hand:\n    __slots__ = ('_board',)\n")
    (pkg / "formats" / "__init__.py").write_text("")
    (pkg / "formats" / "reader.py").write_text("from ..live import hand\n\ndef peek(h):\n    return h._board\n")
    r = layout.report(pkg)
    assert ("pokerengine.cards", "pokerengine.live.hand") in r["arrows_up"]
    assert r["circles_across"] == [["pokerengine.formats.reader", "pokerengine.live.hand"]]
    assert ("pokerengine.cards", "pokerengine.live.hand") in r["late_imports"]
    assert layout.public_classes(pkg)["Hand"] == ["pokerengine.cards", "pokerengine.live.hand"]
    assert layout.renamed_exports(pkg) == [("pokerengine.live", "Hand", "LiveHand")]
    assert layout.hand_reaches(pkg) == {"pokerengine.formats.reader": 1}


@pytest.mark.parametrize("package", ["phh", "replay", "live", "formats"])
def test_the_floors_of_the_hand_histories(package):
    """The PHH record imports nothing above the settlement; the engine nothing above the record and the rule
    book; the readers nothing above the engine; replay nothing above the readers."""
    highest = {"phh": 2, "live": 3, "formats": 4, "replay": 5}[package]
    for module, targets in REPORT["top"].items():
        if layout.package_of(module) == package:
            above = [t for t in targets if layout.package_of(t) != package and layout.floor_of(t) > highest]
            assert above == [], module


def test_the_rule_book_loads_without_the_engine():
    tree = ast.parse((ROOT / "rules.py").read_text(encoding="utf-8"))
    imported = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all(not (isinstance(n, ast.ImportFrom) and n.level) for n in imported)  # nothing of the package
