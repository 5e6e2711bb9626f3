"""``pokerengine tournament LOG.jsonl``: standings, JSON output, torn logs, bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from test_tournament_support import icm_oracle, models  # noqa: F401  (fixture)

from pokerengine.cli import main

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "tournament"


def run(capsys, *argv):
    code = main(["tournament", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_finished_tournament_with_a_partial_deal(capsys):
    # 4 x 10000 chips, prizes 500000/300000/200000.  dan busts 4th.  ann 20000, bob 15000,
    # cat 5000 + a 500 correction.  Chip chop keeping 100000 for the winner: 200000 each plus
    # 300000 * (20000, 15000, 5500) / 40500 = 148148.15, 111111.11, 40740.74 -> floors add to
    # 299999, the last unit to cat (largest remainder).  Then ann busts bob and cat in one
    # hand: bob (15000 at the start) 2nd, cat 3rd; ann wins the 100000 kept aside.
    code, out, err = run(capsys, FIXTURES / "finished.jsonl", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["state"] == "finished" and data["pool"] == 1000000 and data["remaining"] == []
    assert data["standings"] == [
        {"player": "ann", "entry": 1, "place": 1, "places": [1, 1], "prize": 448148},
        {"player": "bob", "entry": 1, "place": 2, "places": [2, 2], "prize": 311111},
        {"player": "cat", "entry": 1, "place": 3, "places": [3, 3], "prize": 240741},
        {"player": "dan", "entry": 1, "place": 4, "places": [4, 4], "prize": 0},
    ]
    code, out, _ = run(capsys, FIXTURES / "finished.jsonl")
    assert code == 0
    assert out.splitlines()[0] == "finished: 0 of 4 in play, pool 1000000, 6 events"
    assert out.splitlines()[2].split() == ["1", "ann", "448148"]


def test_running_tournament_shows_ties_and_equity(capsys, models):
    # Hand-for-hand round 2: bob at A and fay at B bust: they tie for 4th-5th and share
    # 100000 + 0.  ICM for the three left: stacks 70000/62000/28000, prizes 500000/300000/200000.
    code, out, err = run(capsys, FIXTURES / "bubble.jsonl", "--json", "--dcm-seconds", "0")
    assert code == 0
    data = json.loads(out)
    assert data["state"] == "running" and data["field"] == 6
    assert data["standings"][:2] == [
        {"player": "bob", "entry": 1, "place": 4, "places": [4, 5], "prize": 50000},
        {"player": "fay", "entry": 1, "place": 4, "places": [4, 5], "prize": 50000},
    ]
    expected = [float(e) for e in icm_oracle([70000, 62000, 28000], [500000, 300000, 200000])]
    assert [r["player"] for r in data["remaining"]] == ["ann", "dan", "eve"]
    assert [r["chips"] for r in data["remaining"]] == [70000, 62000, 28000]
    assert [r["icm"] for r in data["remaining"]] == pytest.approx(expected)
    assert all(r["dcm"] is None for r in data["remaining"])
    code, out, _ = run(capsys, FIXTURES / "bubble.jsonl", "--dcm-seconds", "0")
    assert "4-5    bob     50000" in out


def test_no_equity_flag(capsys):
    code, out, err = run(capsys, FIXTURES / "bubble.jsonl", "--json", "--no-equity")
    assert code == 0 and err == ""
    assert json.loads(out)["remaining"][0] == {"player": "ann", "chips": 70000, "icm": None, "dcm": None}


def test_torn_last_line_is_reported_and_ignored(capsys):
    code, out, err = run(capsys, FIXTURES / "torn.jsonl", "--json", "--no-equity")
    assert code == 0
    assert err == "pokerengine: warning: line 2 is torn (an unfinished write) and was ignored\n"
    data = json.loads(out)
    assert data["torn"] == {"line": 2, "text": '{"event": "hand", "table": "A", "stacks": {"ann": 200, "ca'}
    assert data["events"] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"event": "start", "prizes": [1], "players": [{"id": "a", "stack": 1}, {"id": "b", "stack": 1}]}\n'
         '{"event": "hand", "table": "A", "stacks": {"a": 3, "b": 0}}\n',
         "pokerengine: error: line 2: hand at table 'A' does not balance: 2 chips before, 3 after\n"),
        ('{"event": "hand_for_hand", "on": true}\n', "pokerengine: error: line 1: cannot record a hand_for_hand event before the start\n"),
        ('not json\n{"event": "end"}\n', "pokerengine: error: line 1: not valid JSON"),
    ],
)
def test_bad_logs_exit_2_with_one_line(capsys, tmp_path, text, message):
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path / "nope.jsonl")
    assert code == 2 and "No such file" in err and err.count("\n") == 1
