"""``pokerengine tournament simulate``: a whole tournament with random play, its JSON, its store, bad input."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from pokerengine.cli import main

STRUCTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "structures"


def run(capsys, *argv):
    code = main(["tournament", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_report_plus_hands_levels_seed_and_the_store_id(capsys, tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'events.db'}?tournament=sim-1"
    code, out, err = run(capsys, "simulate", "--players", 40, "--seats", 8, "--seed", "2a", "--store", url, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["state"] == "finished" and data["field"] == 40 and data["remaining"] == []
    assert data["tournament"] == "sim-1" and data["seed"] == "2a"
    assert data["hands"] > 40 and data["levels"] >= 1 and data["hours"] > 0
    assert sum(s["prize"] for s in data["standings"]) == data["pool"] == 4000
    assert len(data["standings"]) == 40
    # The store holds the whole tournament: reading it prints the same report.
    code, out2, err = run(capsys, url, "--json")
    assert code == 0
    again = json.loads(out2)
    for key in ("state", "field", "pool", "events", "standings", "remaining"):
        assert again[key] == data[key]


def test_the_seed_decides_everything(capsys) -> None:
    first = run(capsys, "simulate", "--players", 25, "--seed", "7", "--json")[1]
    second = run(capsys, "simulate", "--players", 25, "--seed", "7", "--json")[1]
    other = run(capsys, "simulate", "--players", 25, "--seed", "8", "--json")[1]
    assert first == second != other


def test_a_structure_file_and_a_hand_limit(capsys, tmp_path) -> None:
    log = tmp_path / "t.jsonl"
    code, out, _ = run(capsys, "simulate", "--players", 12, "--structure", STRUCTURES / "sng-hyper.json",
                       "--seed", "1", "--store", log, "--max-hands", 5, "--json")
    data = json.loads(out)
    assert code == 0 and data["hands"] == 5 and data["state"] == "finished" and data["tournament"] is None
    assert '"event": "end"' in log.read_text().splitlines()[-1]
    code, out, _ = run(capsys, "simulate", "--players", 12, "--structure", STRUCTURES / "sng-hyper.json", "--seed", "1")
    assert code == 0 and out.startswith("finished: 0 of 12 in play, pool 1200")


@pytest.mark.parametrize("argv, message", [
    (["--players", "1"], "from 2 to 100,000"),
    (["--players", "1e3"], "from 2 to 100,000"),
    ([], "required: --players"),
    (["--players", "9", "--seats", "11"], "from 2 to 10"),
    (["--players", "9", "--seed", "XYZ"], "hexadecimal"),
    (["--players", "9", "--structure", "/nonexistent.json"], "nonexistent"),
    (["--players", "9", "--store", "ftp://x/y"], "unknown store"),
])
def test_bad_input_is_one_line_and_status_2(argv, message) -> None:
    proc = subprocess.run([sys.executable, "-m", "pokerengine", "tournament", "simulate", *argv],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in proc.stderr


def test_a_store_that_already_holds_the_tournament_is_refused(capsys, tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'e.db'}?tournament=t"
    assert run(capsys, "simulate", "--players", 6, "--seed", "1", "--store", url)[0] == 0
    proc = subprocess.run([sys.executable, "-m", "pokerengine", "tournament", "simulate", "--players", "6",
                           "--store", url], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "already holds" in proc.stderr and len(proc.stderr.splitlines()) == 1
