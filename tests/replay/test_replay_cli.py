"""``pokerengine replay``: summaries, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerengine.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "phh"
GOOD = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
finishing_stacks = [101, 99]
"""


def test_replay_a_folder(capsys):
    assert main(["replay", str(FIXTURES / "wsop-2023-43-day5")]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("83 hands in 83 files")
    assert "matched     83" in out.out
    assert "hands/s" in out.out
    assert out.err == ""  # no progress bar when stderr is not a terminal


def test_json(capsys):
    assert main(["replay", "--json", str(FIXTURES / "pluribus" / "32"), str(FIXTURES / "historical")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {k: data[k] for k in ("hands", "matched", "split_chip", "unchecked", "mismatched", "errors")} == {
        "hands": 100, "matched": 94, "split_chip": 1, "unchecked": 5, "mismatched": [], "errors": []}
    assert data["seconds"] >= 0
    assert data["split_chip_hands"][0]["hand"] == 23


def test_mismatch_and_error_exit_1(tmp_path, capsys):
    (tmp_path / "wrong.phh").write_text(GOOD.replace("[101, 99]", "[100, 100]"))
    (tmp_path / "broken.phh").write_text(GOOD.replace('"p2 f"', '"p1 f"'))
    (tmp_path / "fine.phh").write_text(GOOD)
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "mismatched  1" in out and "errors      1" in out
    assert f"mismatched: {tmp_path / 'wrong.phh'}" in out
    assert "expected [100, 100]" in out and "got      [101, 99]" in out
    assert f"error: {tmp_path / 'broken.phh'}: actions[2] 'p1 f': seat 1: out of turn: seat 2 is to act (TDA 53)" in out

    assert main(["replay", "--json", "-j", "2", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    # schema 1: the hand (its index when the record names none), the seats that differ, counts as counts
    assert data["schema"] == 1 and data["mismatched_count"] == 1 and data["errors_count"] == 1
    assert data["mismatched"] == [{"file": str(tmp_path / "wrong.phh"), "hand": 0, "index": 0, "format": "phh",
                                   "seats": [{"seat": 1, "player": "p1", "expected": 100, "got": 101},
                                             {"seat": 2, "player": "p2", "expected": 100, "got": 99}],
                                   "expected": [100, 100], "got": [101, 99]}]
    assert data["errors"][0]["file"] == str(tmp_path / "broken.phh")
    assert "out of turn" in data["errors"][0]["message"]


def test_phhs_hand_numbers_in_reports(tmp_path, capsys):
    (tmp_path / "two.phhs").write_text(f"[1]\n{GOOD}\n[2]\n{GOOD.replace('[101, 99]', '[99, 101]')}")
    assert main(["replay", "--json", str(tmp_path / "two.phhs")]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 2 and data["matched"] == 1
    assert data["mismatched"][0]["hand"] == "2" and data["mismatched"][0]["index"] == 1


def test_a_named_hand_and_named_players_in_a_mismatch(tmp_path, capsys):
    named = GOOD.replace("[101, 99]", "[100, 100]") + '\nhand = 4242\nplayers = ["ann", "bob"]\nseats = [3, 7]\n'
    (tmp_path / "named.phh").write_text(named)
    assert main(["replay", "--json", str(tmp_path)]) == 1
    (m,) = json.loads(capsys.readouterr().out)["mismatched"]
    assert (m["hand"], m["index"]) == (4242, 0)
    assert m["seats"] == [{"seat": 3, "player": "ann", "expected": 100, "got": 101},
                          {"seat": 7, "player": "bob", "expected": 100, "got": 99}]


@pytest.mark.parametrize("argv, message", [
    (["replay", "/no/such/place"], "/no/such/place: no such file or directory"),
    (["replay", "--jobs", "0", "."], "--jobs must be at least 1"),
])
def test_bad_arguments_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_no_hand_files_exit_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 2
    assert "no hand-history files: no file in" in capsys.readouterr().err


def test_only_files_that_are_no_hand_histories_exit_2_naming_them(tmp_path, capsys):
    (tmp_path / "README.txt").write_text("Dear diary\n")
    assert main(["replay", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{tmp_path / 'README.txt'}: not a hand history" in err


def test_missing_path_argument_exits_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["replay"])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["replay", str(FIXTURES / "historical")]) == 0
    err = capsys.readouterr().err
    assert "5/5 shards" in err


def test_a_bad_hand_in_a_phhs_is_one_error(tmp_path, capsys):
    bad = GOOD.replace("min_bet = 2", "min_bet = 'two'")
    (tmp_path / "three.phhs").write_text(f"[1]\n{GOOD}\n[2]\n{bad}\n[3]\n{GOOD}")
    assert main(["replay", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["hands"], data["matched"]) == (3, 2)
    assert data["errors"] == [{"file": str(tmp_path / "three.phhs"), "hand": "2", "index": 1, "format": "phh",
                               "key": "2",
                               "message": f"{tmp_path / 'three.phhs'} [2]: min_bet must be a number, got 'two'"}]


def test_a_site_hands_split_chip_names_the_seats_the_odd_cent_went_to(capsys):
    # GGPoker's odd cent of a tie went to the other winner: the text names both seats and amounts, not empty stacks
    path = FIXTURES.parent / "ggpoker" / "handwritten" / "odd-cent-split.txt"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"split_chip: {path} (hand HD3000002402)\n  seat 5 55aa66bb: collected 131, ours 132\n" \
           "  seat 2 Hero: collected 132, ours 131" in out
    assert "record []" not in out


UNKNOWN_SHOWDOWN = GOOD.replace('"d dh p1 AsKd", "d dh p2 QhQc", "p2 f"',
                                '"d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db AhKhQh", "p1 cc", "p2 cc", '
                                '"d db 2c", "p1 cc", "p2 cc", "d db 3d", "p1 cc", "p2 cc"').replace("[101, 99]",
                                                                                                  "[102, 98]")


def test_undeterminable_hands_are_listed_with_their_reason(tmp_path, capsys):
    # regression: 64 PokerNow hands were counted undeterminable but listed nowhere, so nobody could find them
    (tmp_path / "unknown.phh").write_text(UNKNOWN_SHOWDOWN)
    (tmp_path / "fine.phh").write_text(GOOD)
    assert main(["replay", str(tmp_path)]) == 0  # not a failure: the file's cards don't say who won
    out = capsys.readouterr().out
    assert "undeterminable 1" in out
    line = next(x for x in out.splitlines() if x.startswith("undeterminable: "))
    assert line == (f"undeterminable: {tmp_path / 'unknown.phh'}: cannot settle: the showdown needs the cards of "
                    "p1, p2, which the history does not show")

    assert main(["replay", "--json", "-j", "2", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["undeterminable"] == 1 and data["matched"] == 1
    [hand] = data["undeterminable_hands"]
    assert hand["file"] == str(tmp_path / "unknown.phh") and hand["index"] == 0
    assert hand["message"].endswith("the showdown needs the cards of p1, p2, which the history does not show")
