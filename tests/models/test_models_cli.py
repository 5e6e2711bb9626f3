"""``pokerengine equity``: tables, --compare, --places, --json, --input, and one-line errors."""

from __future__ import annotations

import io
import json

import pytest

from pokerengine.cli import main


FIELD = ["--stacks", "1000", "500", "100", "--prizes", "100", "50"]
SMALL = ["--stacks", "3", "2", "1", "--prizes", "6", "3"]


def run(capsys, *argv):
    code = main(["equity", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_table(capsys):
    code, out, err = run(capsys, "--model", "icm", "--stacks", "1000", "500", "100", "--prizes", "100", "50", "0")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "icm: 3 players, prizes 100 / 50 / 0, pool 150"
    assert lines[1].split() == ["player", "stack", "chip", "%", "equity", "equity", "%"]
    assert lines[2].split() == ["1", "1,000", "62.50%", "78.79", "52.53%"]
    assert lines[4].split() == ["3", "100", "6.25%", "12.88", "8.59%"]


def test_default_model_is_icm_and_digits(capsys):
    code, out, _ = run(capsys, "--stacks", "50", "30", "20", "--prizes", "70", "30", "--digits", "4")
    assert code == 0 and "45.1786" in out


@pytest.mark.parametrize("model, first", [("dcm", "80.79"), ("mw", "77.40"), ("roberts", "79.56"), ("mc", "78.")])
def test_every_model(capsys, model, first):
    field = ["--stacks", "1000", "500", "100", "--prizes", "100", "50"]
    code, out, _ = run(capsys, "--model", model, *field, "--samples", "20000")
    assert code == 0
    assert out.splitlines()[0].startswith(f"{model}: 3 players")
    assert out.splitlines()[2].split()[3].startswith(first)


def test_compare(capsys):
    code, out, _ = run(capsys, "--compare", "icm,dcm", "--stacks", "1000", "500", "100", "--prizes", "100", "50")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["player", "stack", "chip", "%", "icm", "icm", "%", "dcm", "dcm", "%"]
    assert lines[2].split() == ["1", "1,000", "62.50%", "78.79", "52.53%", "80.79", "53.86%"]
    assert "dcm: coverage 1.0000" in out


def test_places(capsys):
    code, out, _ = run(capsys, "--model", "dcm", "--places", *FIELD, "0")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split()[-3:] == ["1st", "2nd", "3rd"]
    assert lines[2].split()[-3:] == ["62.50", "36.58", "0.92"]
    code, out, _ = run(capsys, "--compare", "icm,dcm", "--places", *FIELD)
    assert "icm place probabilities (%):" in out and "dcm place probabilities (%):" in out


def test_json_single(capsys):
    code, out, _ = run(capsys, "--model", "dcm", "--json", "--places", *FIELD)
    data = json.loads(out)
    assert code == 0
    assert data["model"] == "dcm" and data["stacks"] == [1000, 500, 100] and data["prizes"] == [100, 50]
    assert [round(x, 2) for x in data["equity"]] == [80.79, 60.67, 8.54]
    assert len(data["places"]) == 3 and len(data["places"][0]) == 3
    assert data["coverage"] == pytest.approx(1, abs=1e-9)
    code, out, _ = run(capsys, "--json", "--stacks", "50", "30", "20", "--prizes", "70", "30", "--exact")
    data = json.loads(out)
    assert data["equity_exact"] == ["1265/28", "129/4", "158/7"] and "places" not in data and "coverage" not in data
    code, out, _ = run(capsys, "--model", "mc", "--json", "--stacks", "5", "5", "--prizes", "1", "--samples", "1000")
    assert len(json.loads(out)["stderr"]) == 2


def test_json_compare(capsys):
    code, out, _ = run(capsys, "--compare", "icm,dcm,roberts", "--json", *SMALL)
    data = json.loads(out)
    assert data["compare"] == ["icm", "dcm", "roberts"] and data["stacks"] == [3, 2, 1] and data["prizes"] == [6, 3]
    assert set(data["models"]) == {"icm", "dcm", "roberts"}
    assert data["models"]["icm"]["equity"] == pytest.approx([4.05, 3.2, 1.75])
    assert "coverage" in data["models"]["dcm"]


def test_input_file_and_stdin(capsys, tmp_path, monkeypatch):
    path = tmp_path / "field.json"
    path.write_text(json.dumps({"stacks": list(range(1, 301)), "prizes": [100, 50, 25, "25/2"]}))
    code, out, _ = run(capsys, "--input", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and len(data["equity"]) == 300 and data["method"] == "quadrature"
    assert sum(data["equity"]) == pytest.approx(187.5)
    assert data["prizes"][3] == "25/2"
    monkeypatch.setattr("sys.stdin", io.StringIO('{"stacks": [2, 1], "prizes": [3]}'))
    code, out, _ = run(capsys, "--input", "-", "--json")
    assert json.loads(out)["equity"] == pytest.approx([2.0, 1.0])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--prizes", "10"], "no players"),
        (["--stacks", "10", "0", "--prizes", "1"], "stack of player 2 must be positive"),
        (["--stacks", "10", "-5"], "stack of player 2 must be positive"),
        (["--stacks", "10.5", "3"], "stack of player 1 must be an integer number of chips, got '10.5'"),
        (["--stacks", "ten"], "must be an integer number of chips"),
        (["--stacks", "10", "5", "--prizes", "-1"], "prize for place 1 must be non-negative"),
        (["--stacks", "10", "5", "--prizes", "1.5"], "prize for place 1 must be an integer or a fraction"),
        (["--model", "foo", "--stacks", "1"], "invalid choice: 'foo'"),
        (["--compare", "icm,foo", "--stacks", "1", "2"], "unknown model foo"),
        (["--compare", "icm", "--model", "dcm", "--stacks", "1", "2"], "either --model or --compare"),
        (["--stacks", "1", "2", "--prizes", "5", "4", "3"], "nobody can finish there"),
        (["--input", "/does/not/exist.json"], "No such file or directory"),
        (["--model", "mw", "--stacks", *["1"] * 21, "--prizes", "1"], "at most 20 players"),
        (["--stacks", "1", "2", "--digits", "-1"], "--digits"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    with pytest.raises(SystemExit) if "invalid choice" in message else _nothing():
        code, out, err = run(capsys, *argv)
        assert code == 2
    if "invalid choice" in message:
        err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_bad_json_files(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "--input", str(bad))
    assert code == 2 and "not valid JSON" in err
    bad.write_text('{"stacks": "1 2"}')
    code, _, err = run(capsys, "--input", str(bad))
    assert code == 2 and "'stacks' must be a list" in err
    bad.write_text('{"stacks": [1, 2.5]}')
    code, _, err = run(capsys, "--input", str(bad))
    assert code == 2 and "stack of player 2 must be an integer number of chips" in err
    bad.write_text('[1, 2]')
    code, _, err = run(capsys, "--input", str(bad))
    assert code == 2 and "expected an object" in err
    code, _, err = run(capsys, "--input", str(bad), "--stacks", "1")
    assert code == 2 and "not both" in err


def test_timeout_exits_1(capsys):
    stacks = ["1237500", "412000", "980000", "655000", "230000", "1500000", "310000", "845000", "560000"]
    field = ["--stacks", *stacks, "--prizes", "50", "30", "20"]
    code, out, err = run(capsys, "--model", "dcm", *field, "--max-seconds", "0.001")
    assert code == 1 and "did not finish" in err and out == ""


def test_compare_checks_every_model_before_running_any(capsys, monkeypatch):
    # Regression: `--compare mc,mw` ran Monte Carlo before Malmuth-Weitzman refused a field too big for it
    import pokerengine.models as models

    def must_not_run(*args, **kwargs):
        raise AssertionError("a model ran although another one refuses the input")

    monkeypatch.setitem(models.MODELS, "mc", must_not_run)
    stacks = [str(100 + i) for i in range(40)]
    status, out, err = run(capsys, "--compare", "mc,mw", "--stacks", *stacks, "--prizes", "50", "30", "20")
    assert status == 2 and out == "" and err.count("\n") == 1 and "mw (subsets)" in err
    status, out, err = run(capsys, "--compare", "mc,icm", "--stacks", "3", "2", "1", "--prizes", "2", "1")
    assert status == 1 and "internal error" in err  # inputs every model takes: the (stand-in) model ran
