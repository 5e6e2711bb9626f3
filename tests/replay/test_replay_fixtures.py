"""Every bundled PHH fixture replays to its recorded finishing stacks (split chips reported as such)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerengine.phh import load
from pokerengine.replay import replay_hand, replay_paths

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "phh"

# folder: (hands, matched, split_chip, unchecked)
EXPECTED = {
    "wsop-2023-43-day5": (83, 83, 0, 0),
    "pluribus": (561, 559, 2, 0),
    "historical": (5, 0, 0, 5),
}


@pytest.mark.parametrize("folder", sorted(EXPECTED))
def test_fixture_folder_replays_exactly(folder):
    summary = replay_paths([FIXTURES / folder])
    hands, matched, split_chip, unchecked = EXPECTED[folder]
    assert summary.errors == []
    assert summary.mismatched == []
    assert (summary.hands, summary.matched, summary.split_chip, summary.unchecked) == EXPECTED[folder]
    assert summary.ok


def test_all_fixtures_in_one_run_with_two_processes():
    summary = replay_paths([FIXTURES], jobs=2)
    assert (summary.hands, summary.matched, summary.split_chip, summary.unchecked) == (649, 642, 2, 5)
    assert not summary.mismatched and not summary.errors
    assert sorted(r.file for r in summary.split) == sorted(
        str(FIXTURES / "pluribus" / name) for name in ("102/0.phh", "32/23.phh"))


def test_a_split_chip_hand():
    (hand,) = load(FIXTURES / "pluribus" / "32" / "23.phh")
    replay = replay_hand(hand)
    assert hand.finishing_stacks == (9950.0, 9275.0, 10387.5, 10000.0, 10000.0, 10387.5)
    # the pot of 20,775 is tied; the odd chip goes to the first winner from the small blind
    assert replay.finishing_stacks == (9950, 9275, 10388, 10000, 10000, 10387)
    assert replay.status == "split_chip"


@pytest.mark.parametrize("name, stacks", [
    ("dwan-ivey-2009.phh", (572100, 1997500, 1109500)),
    ("antonius-blom-2009.phh", (1937923.75, 0)),
    ("phua-xuan-2019.phh", (489000, 226000, 684000, 400000, 0, 198000)),
    ("arieh-yockey-2019.phh", (0, 4190000, 5910000, 12095000)),
    ("alice-carol-wikipedia.phh", (196, 220, 200, 184)),
])
def test_historical_hands(name, stacks):
    # no finishing_stacks in these files; the figures agree with PokerKit's replay of them
    (hand,) = load(FIXTURES / "historical" / name)
    assert replay_hand(hand).finishing_stacks == stacks


def test_every_wsop_variant_is_covered():
    variants = {load(p)[0].variant for p in (FIXTURES / "wsop-2023-43-day5").glob("*.phh")}
    assert variants == {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}
