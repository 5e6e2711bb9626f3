"""``pokerengine pushfold``: the table, the JSON's keys, one-line errors and the time bound."""

from __future__ import annotations

import json

import pytest

from pokerengine.cli import main
from pokerengine.decisions.combos import CLASS_NAMES


@pytest.fixture(autouse=True)
def quick_table(monkeypatch):
    """A small sampled class table: these tests are about the command, not the odds."""
    from pokerengine.decisions import equilibrium
    from pokerengine.decisions.showdown import sampled_table

    table = sampled_table(24, seed=9)
    monkeypatch.setattr(equilibrium, "default_table", lambda: table)
    monkeypatch.setattr(equilibrium, "DEFAULT_BOARDS", 64)
    if hasattr(equilibrium, "DEFAULT_DEALS"):  # the three-handed real deal's board sample
        monkeypatch.setattr(equilibrium, "DEFAULT_DEALS", 2_000)


def run(capsys, *argv):
    code = main(["pushfold", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_keys(capsys):
    code, out, err = run(capsys, "--stacks", "3000,2000,1000", "--blinds", "50,100", "--ante", "10",
                         "--prizes", "50,30,20", "--model", "icm", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) >= {"model", "stacks", "blinds", "ante", "prizes", "players", "exploitability", "seconds"}
    assert data["model"] == "icm" and data["stacks"] == [3000, 2000, 1000] and data["blinds"] == [50, 100]
    assert data["ante"] == 10 and data["prizes"] == [50, 30, 20]
    assert [p["position"] for p in data["players"]] == ["BTN", "SB", "BB"]
    btn, sb, bb = data["players"]
    assert list(btn["push"]) == list(CLASS_NAMES)
    assert set(bb["call"]) == {"BTN", "SB", "BTN+SB"} and set(bb["call_percent"]) == set(bb["call"])
    assert set(sb["call"]) == {"BTN"}
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(100.0, abs=0.1)
    assert 0 <= data["exploitability"] <= 0.05 and data["seconds"] > 0
    assert btn["push_percent"] == pytest.approx(sum(btn["push"][n] * (6 if len(n) == 2 else 4 if n[2] == "s" else 12)
                                                    for n in CLASS_NAMES) / 13.26)


def test_chip_ev_without_prizes_and_the_table(capsys):
    code, out, err = run(capsys, "--stacks", "1000,1000,1000", "--blinds", "25,50")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("chip: stacks 1000, 1000, 1000; blinds 25/50")
    assert [line.split()[0] for line in lines[2:5]] == ["BTN", "SB", "BB"]
    assert "exploitability" in lines[5] and "bb" in lines[5]
    assert lines[7].startswith("ranges") and [line.split()[:2] for line in lines[8:10]] == [["BTN", "pushes"], ["SB", "pushes"]]


def test_heads_up_big_blind_ante(capsys):
    code, out, _ = run(capsys, "--stacks", "1000,800", "--blinds", "25,50", "--big-blind-ante", "50", "--json")
    assert code == 0
    data = json.loads(out)
    assert [p["position"] for p in data["players"]] == ["SB", "BB"] and data["big_blind_ante"] == 50 and data["ante"] == 0
    code, old, _ = run(capsys, "--stacks", "1000,800", "--blinds", "25,50", "--ante", "50", "--bb-ante", "--json")
    assert code == 0 and json.loads(old)["players"] == data["players"]  # the older spelling, hidden from --help
    code, _, err = run(capsys, "--stacks", "1000,800", "--blinds", "25,50", "--ante", "5", "--big-blind-ante", "50")
    assert code == 2 and "not both" in err


@pytest.mark.parametrize("argv, message", [
    (["--stacks", "1000,1.5,300", "--blinds", "5,10"], "stack of player 2 must be an integer number of chips"),
    (["--stacks", ",".join(["100"] * 10), "--blinds", "5,10"], "2 to 9 players"),
    (["--stacks", "100", "--blinds", "5,10"], "2 to 9 players"),
    (["--stacks", "100,100", "--blinds", "10"], "two amounts"),
    (["--stacks", "100,100", "--blinds", "20,10"], "must not be larger"),
    (["--stacks", "100,100,100", "--blinds", "5,10", "--model", "icm"], "needs prizes"),
    (["--stacks", "100,100,100", "--blinds", "5,10", "--prizes", "5,x"], "prize for place 2"),
    (["--stacks", "100,-5,100", "--blinds", "5,10"], "positive"),
    (["--stacks", "100,100,100", "--blinds", "5,10", "--ante", "1,2"], "one amount"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_time_bound_exit_1(capsys):
    code, out, err = run(capsys, "--stacks", ",".join(str(1000 + 100 * k) for k in range(9)), "--blinds", "10,20",
                         "--prizes", "50,30,20", "--model", "dcm", "--max-seconds", "2")
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "max_seconds" in err


def test_plot_draws_a_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "ranges.png"
    code, out, err = run(capsys, "--stacks", "3000,2000,1000", "--blinds", "50,100", "--plot", str(path))
    assert code == 0 and err == ""
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_to_a_bad_path_fails_before_solving(capsys, tmp_path, monkeypatch):
    from pokerengine.decisions import equilibrium

    def boom(*args, **kwargs):
        raise AssertionError("solved before checking the path")

    monkeypatch.setattr(equilibrium, "solve", boom)
    code, out, err = run(capsys, "--stacks", "3000,2000,1000", "--blinds", "50,100", "--plot", str(tmp_path))
    assert code == 2 and out == "" and "directory" in err


def test_lookahead_option(capsys):
    code, out, err = run(capsys, "--stacks", "300,200", "--blinds", "10,20", "--prizes", "70,30", "--lookahead", "1",
                         "--json")
    assert code == 0 and "next 1 hand" in json.loads(out)["method"]
    code, out, err = run(capsys, "--stacks", "300,200,100", "--blinds", "10,20", "--lookahead", "1")
    assert code == 2 and "payout model" in err
    code, out, err = run(capsys, "--stacks", "300,200,100", "--blinds", "10,20", "--prizes", "5", "--lookahead", "9")
    assert code == 2 and "lookahead" in err


def test_no_card_removal_adds_up(capsys):
    code, out, _ = run(capsys, "--stacks", "3000,2000,1000", "--blinds", "50,100", "--prizes", "50,30,20",
                       "--no-card-removal", "--json")
    data = json.loads(out)
    assert code == 0 and "card removal off" in data["method"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(100.0, abs=1e-3)


# --- the precision a user sets -------------------------------------------------------------------------

FOUR = ("--stacks", "3000,2500,2000,1500", "--blinds", "100,200", "--prizes", "50,30,20", "--no-card-removal")


def test_tolerance_reached_exit_0_and_certified(capsys):
    code, out, err = run(capsys, *FOUR, "--tolerance", "0.5", "--json")
    data = json.loads(out)
    assert code == 0 and err == "" and data["certified"] is True and data["exploitability"] <= 0.5
    code, out, err = run(capsys, *FOUR, "--tolerance", "0.5")
    assert code == 0 and "(certified in the model game: tolerance 0.5)" in out


def test_tolerance_out_of_reach_exit_3_with_the_best_strategies(capsys):
    """A tolerance the budget cannot reach: exit 3, the strategies found printed all the same,
    ``certified: false``, one line on stderr."""
    code, out, err = run(capsys, *FOUR, "--tolerance", "1e-9", "--max-seconds", "1.5", "--json")
    data = json.loads(out)
    assert code == 3 and data["certified"] is False and data["exploitability"] > 1e-9
    assert [p["position"] for p in data["players"]] == ["BTN", "SB", "BB", "UTG"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(100.0, abs=1e-6)
    assert len(err.strip().splitlines()) == 1 and "tolerance 1e-09 % of the pool not reached" in err
    code, out, err = run(capsys, *FOUR, "--tolerance", "1e-9", "--max-seconds", "1.5")
    assert code == 3 and "NOT certified in the model game: tolerance 1e-09" in out and "UTG pushes" in out
    assert "not reached" in err and "Traceback" not in err


@pytest.mark.parametrize("value, message", [("0", "tolerance must be a positive number"),
                                            ("-1", "tolerance must be a positive number"),
                                            ("abc", "expected a number")])
def test_bad_tolerance_exit_2(capsys, value, message):
    try:
        code, out, err = run(capsys, "--stacks", "300,200,100", "--blinds", "5,10", "--tolerance", value)
    except SystemExit as e:  # argparse's own refusal
        code, (out, err) = e.code, capsys.readouterr()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and message in err


def test_check_deals_reports_the_real_deal(capsys):
    """``--check-deals N``: the real deal's sampled figure is the exploitability from four players on
    (JSON ``realdeal``, ``model_exploitability``), a line in the text; a tolerance the sample cannot
    show (its figure plus two standard errors over it) exits 3 with ``certified: false``."""
    argv = ("--stacks", "2000,2000,2000,2000", "--blinds", "100,200", "--prizes", "50,30,20")
    code, out, err = run(capsys, *argv, "--check-deals", "200000", "--tolerance", "0.5", "--json")
    data = json.loads(out)
    assert code == 0 and data["certified"] is True and err == ""
    assert data["realdeal"]["deals"] == 200_000 and data["exploitability"] == data["realdeal"]["exploitability"]
    assert data["model_exploitability"] <= 0.5 and len(data["realdeal"]["gains"]) == 4
    assert sum(data["realdeal"]["values"]) == pytest.approx(100.0)
    code, out, err = run(capsys, *argv, "--check-deals", "50000", "--json")  # 0.01: beyond 50,000 deals' noise
    data = json.loads(out)
    assert code == 3 and data["certified"] is False and data["model_exploitability"] <= 0.01
    assert data["realdeal"]["exploitability"] + 2 * data["realdeal"]["standard_error"] > 0.01
    assert "not reached" in err
    code, out, err = run(capsys, *argv, "--check-deals", "50000")
    assert code == 3 and "real deal, 50,000 sampled deals: exploitability" in out and "per seat BTN" in out
    assert "(NOT certified: tolerance 0.01)" in out
    code, out, err = run(capsys, *argv, "--check-deals", "0")  # unchecked: the verdict is the model game's
    assert code == 0 and "(certified in the model game: tolerance 0.01)" in out and "real deal," not in out
    code, out, err = run(capsys, *argv)  # the default: checked in the real deal, which the quick table is not
    assert code == 3 and "(NOT certified: tolerance 0.01)" in out and "real deal, " in out and "not reached" in err
    code, out, err = run(capsys, *argv, "--check-deals", "7")
    assert code == 2 and "check_deals must be 0 or an integer from 16" in err and err.count("\n") == 1
