"""``pokerengine settle``: JSON in, JSON out, one line on stderr and exit 2 for bad input."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerengine.cli import main

SEED = Path(__file__).parents[2] / "fixtures" / "settle" / "seed004.json"


def test_settle_file(capsys):
    assert main(["settle", str(SEED)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payouts"] == {"1": 2, "2": 2, "3": 6, "4": 29, "5": 0}
    assert [p["amount"] for p in out["pots"]] == [29, 6, 4]
    assert out["pots"][0] == {"amount": 29, "eligible": [1, 2, 3, 4], "winners": [4], "shares": {"4": 29},
                              "odd_units": [], "rake": 0}


def test_settle_stdin_array(capsys, monkeypatch):
    hand = json.loads(SEED.read_text())
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps([hand, hand])))
    assert main(["settle", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and len(out) == 2


def test_explain(capsys):
    assert main(["settle", str(SEED), "--explain"]) == 0
    assert "Main pot: 29 chips" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    [
        '{"seats": [{"seat": 1, "contributed": 1.5}]}',
        '{"seats": [{"seat": 1, "contributed": NaN}]}',
        '{"seats": [',
        '{"seats": [{"seat": 1, "contributed": 5, "cards": ["Zz", "As"]}, {"seat": 2, "contributed": 5, "cards": ["Ks", "Kd"]}], "board": ["2c","3c","4c","5c","7d"]}',
    ],
)
def test_bad_input_is_one_line_exit_2(text, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["settle", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pokerengine: error:")


def test_missing_file(capsys):
    assert main(["settle", "/nonexistent/hand.json"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_usage_error_exit_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["settle"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_console_script_and_module_agree():
    a = subprocess.run([sys.executable, "-m", "pokerengine", "settle", str(SEED)], capture_output=True, text=True)
    assert a.returncode == 0 and json.loads(a.stdout)["net"]["4"] == 23
    b = subprocess.run([sys.executable, "-m", "pokerengine", "settle", "/nonexistent"], capture_output=True, text=True)
    assert b.returncode == 2 and "Traceback" not in b.stderr
