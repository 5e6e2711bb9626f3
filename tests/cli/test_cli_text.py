"""The command line's text says what its JSON says: ``odds`` prints the counts,
``pushfold`` the ranges as hands, ``--plot`` where it wrote; values that start like a negative
number reach the project's own message; an amount with too many digits says the bound; messages
name a player the same way (``stack of player 2``, ``prize for place 1``; settle: ``seat 2``)."""

from __future__ import annotations

import json
import re

import pytest

from pokerengine.cli import main
from pokerengine.decisions.ranges import Range, parse_range


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def quick_table(monkeypatch):
    """A small sampled class table: these tests are about the text, not the odds."""
    from pokerengine.decisions import equilibrium
    from pokerengine.decisions.showdown import sampled_table

    table = sampled_table(24, seed=9)
    monkeypatch.setattr(equilibrium, "default_table", lambda: table)
    monkeypatch.setattr(equilibrium, "DEFAULT_BOARDS", 64)


# --- odds: the counts of the JSON in the text -------------------------------------------------------

def number(text):
    return float(text.replace(",", ""))


@pytest.mark.parametrize("argv", [
    ["AcAd", "KhKs"],
    ["QQ+", "AKs, AKo:0.5", "--board", "Qs7s2d"],  # weighted sums: counts with decimals
    ["AA", "KK", "QQ", "--monte-carlo", "--samples", "3000"],
])
def test_odds_text_has_the_json_counts(capsys, argv):
    code, text, err = run(capsys, "odds", *argv)
    assert code == 0 and err == ""
    code, out, _ = run(capsys, "odds", *argv, "--json")
    data = json.loads(out)
    head, header, *rows = text.splitlines()
    assert header.split() == ["hand", "equity", "wins", "%", "ties", "%", "losses", "%"]
    assert f"{data['boards']:,}" in head
    assert len(rows) == len(data["hands"])
    for row, hand in zip(rows, data["hands"]):
        cells = row[len(hand["hand"]):].split()
        if hand.get("stderr") is not None:
            assert cells[1:3] == ["+-", f"{100 * hand['stderr']:.3f}"]
            del cells[1:3]
        assert row.startswith(hand["hand"]) and cells[0] == f"{100 * hand['equity']:.3f}%"
        total = hand["win"] + hand["tie"] + hand["lose"]
        for (count, percent), key in zip([cells[1:3], cells[3:5], cells[5:7]], ("win", "tie", "lose")):
            assert number(count) == pytest.approx(hand[key], abs=0.005)
            assert percent == f"{100 * hand[key] / total:.3f}%"


def test_odds_text_aces_against_kings(capsys):
    code, out, _ = run(capsys, "odds", "AcAd", "KhKs")
    assert code == 0
    assert out.splitlines()[2].split() == ["AcAd", "81.255%", "1,388,072", "81.065%", "6,538", "0.382%",
                                           "317,694", "18.554%"]


def test_odds_text_writes_a_long_range_in_full(capsys):
    wide = "22+, A2s+, K9s+, Q9s+, J9s+, T9s, A9o+, KTo+"
    code, out, _ = run(capsys, "odds", wide, "AA")
    code, data, _ = run(capsys, "odds", wide, "AA", "--json")
    lines = out.splitlines()
    assert code == 0 and lines[2].split()[:2] == ["hand", "1"] and lines[3].startswith("AA ")
    assert lines[4] == f"hand 1: {json.loads(data)['hands'][0]['hand']}" and parse_range(lines[4][8:]) == parse_range(wide)


# --- pushfold: the ranges of the JSON in the text ---------------------------------------------------

RANGE_LINE = re.compile(r"(\S+) (pushes|calls (\S+)) (\d+\.\d)%: (.*)")


def range_lines(text):
    """{(position, 'push' or the call key): (percent text, range text)} from the text's range lines."""
    out = {}
    for line in text.splitlines():
        if m := RANGE_LINE.fullmatch(line):
            out[m[1], "push" if m[2] == "pushes" else m[3]] = (m[4], m[5])
    return out


def rounded(strategy):
    return Range.from_classes({name: round(w, 2) for name, w in strategy.items()})


@pytest.mark.parametrize("argv", [
    ["--stacks", "1500,1000,700", "--blinds", "50,100"],
    ["--stacks", "3000 2000 1000", "--blinds", "50", "100", "--prizes", "50,30,20", "--ante", "10"],
    ["--stacks", "1000,800", "--blinds", "25,50"],
])
def test_pushfold_text_has_the_json_ranges(capsys, quick_table, monkeypatch, argv):
    from pokerengine.decisions import equilibrium

    solved = []  # one solve: the text and the JSON of the same equilibrium
    solve = equilibrium.solve
    monkeypatch.setattr(equilibrium, "solve", lambda *a, **k: solved[0] if solved else solved.append(solve(*a, **k))
                        or solved[0])
    code, text, err = run(capsys, "pushfold", *argv)
    assert code == 0 and err == ""
    code, out, _ = run(capsys, "pushfold", *argv, "--json")
    data = json.loads(out)
    lines = range_lines(text)
    expected = set()
    for p in data["players"]:
        if p["position"] != "BB":
            expected.add((p["position"], "push"))
            percent, hands = lines[p["position"], "push"]
            assert percent == f"{p['push_percent']:.1f}"
            assert (parse_range(hands) if hands != "nothing" else Range((0.0,) * 1326)) == rounded(p["push"])
        for key, call in p["call"].items():
            expected.add((p["position"], key))
            percent, hands = lines[p["position"], key]
            assert percent == f"{p['call_percent'][key]:.1f}"
            assert (parse_range(hands) if hands != "nothing" else Range((0.0,) * 1326)) == rounded(call)
    assert set(lines) == expected


def test_pushfold_text_reads_like_a_chart(capsys, quick_table):
    code, out, _ = run(capsys, "pushfold", "--stacks", "1000,1000", "--blinds", "50,100")
    pushes = range_lines(out)["SB", "push"][1]
    assert pushes.startswith("22+, A2s+") and "o" in pushes  # pairs, suited, then offsuit
    items = pushes.split(", ")
    first_offsuit = next(i for i, item in enumerate(items) if item.partition(":")[0].endswith(("o", "o+")))
    assert not any(item.partition(":")[0].rstrip("+").endswith("s") for item in items[first_offsuit:])


# --- --plot says where it wrote --------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["pushfold", "--stacks", "1000,800", "--blinds", "25,50"],
    ["equity", "--stacks", "300", "200", "100", "--prizes", "50,30,20"],
])
def test_plot_says_where_it_wrote(capsys, tmp_path, quick_table, argv):
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.png"
    code, out, err = run(capsys, *argv, "--plot", path)
    assert code == 0 and err == "" and out.splitlines()[-1] == f"wrote the chart to {path}"
    assert path.read_bytes()[:4] == b"\x89PNG"
    path.unlink()
    code, out, err = run(capsys, *argv, "--plot", path, "--json")
    assert code == 0 and json.loads(out) and err == f"pokerengine: wrote the chart to {path}\n"
    assert path.exists()


# --- values that start like a negative number reach the project's message ---------------------------

@pytest.mark.parametrize("argv, message", [
    (["pushfold", "--stacks", "1000,1000", "--blinds", "-100,200"], "the small blind must be non-negative, got -100"),
    (["pushfold", "--stacks", "-1000,1000", "--blinds", "100,200"], "stack of player 1 must be positive, got -1000"),
    (["pushfold", "--stacks", "1000,1000", "--blinds", "100,200", "--prizes", "-5,3"],
     "prize for place 1 must be non-negative, got -5"),
    (["pushfold", "--stacks", "1000,1000", "--blinds", "100,200", "--ante", "-5"], "the ante must be non-negative"),
    (["bubble", "--stacks", "-1000,1000", "--prizes", "5"], "stack of player 1 must be positive, got -1000"),
    (["bubble", "--stacks", "1000,1000", "--prizes", "-5,1"], "prize for place 1 must be non-negative"),
    (["equity", "--stacks", "-1,000", "--prizes", "5"], "stack of player 1 must be positive, got -1"),
    (["equity", "--stacks", "10", "5", "--prizes", "-1/2"], "prize for place 1 must be non-negative"),
    (["equity", "--stacks", "10", "5", "--digits", "-1,5"], "expected an integer"),
    (["odds", "AA", "KK", "--monte-carlo", "--samples", "-1,000"], "expected an integer"),
    (["generate", "--hands", "-5,0", "--out", "{tmp}"], "expected an integer"),
    (["tournament", "simulate", "--players", "3", "--stack", "-1,000"], "must be an integer from 1"),
])
def test_values_like_negative_numbers_reach_the_check(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert message in err and "expected one argument" not in err and "expected at least one" not in err


# --- too many digits: the bound, not "must be an integer" ---------------------------------------------

BIG = "1" * 23


@pytest.mark.parametrize("argv, message", [
    (["pushfold", "--stacks", f"1000,{BIG}", "--blinds", "100,200"], "stack of player 2"),
    (["pushfold", "--stacks", "1000,1000", "--blinds", f"100,{BIG}"], "the big blind"),
    (["pushfold", "--stacks", "1000,1000", "--blinds", "100,200", "--prizes", f"5,{BIG}"], "prize for place 2"),
    (["bubble", "--stacks", f"1000,{BIG}", "--prizes", "5"], "stack of player 2"),
    (["equity", "--stacks", "1000", BIG, "--prizes", "5"], "stack of player 2"),
    (["equity", "--stacks", "1000", "10", "--prizes", f"1/{BIG}"], "prize for place 1"),
])
def test_too_many_digits_say_the_bound(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == f"pokerengine: error: {message} must be at most 2**63 - 1, got an integer of 23 digits\n"


def test_twenty_digits_go_to_the_chips_check(capsys):
    code, _, err = run(capsys, "equity", "--stacks", "1000", "9" * 20, "--prizes", "5")
    assert code == 2 and "stack of player 2 must be at most 2**63 - 1, got an integer of 67 bits" in err
    code, out, _ = run(capsys, "equity", "--stacks", "1000", str(2**63 - 1), "--prizes", "5", "--json")
    assert code == 0 and json.loads(out)["stacks"][1] == 2**63 - 1


# --- one name per concept ---------------------------------------------------------------------------

def test_decisions_and_models_name_players_alike():
    from pokerengine.decisions import bubble_factors, call_decision, push_decision, solve
    from pokerengine.decisions.decision import money
    from pokerengine.decisions.game import make_game
    from pokerengine.errors import PokerEngineError
    from pokerengine.models import MODELS

    bad = [100, 0, 50]
    calls = [lambda: MODELS["icm"](bad, [3, 2]), lambda: bubble_factors(bad, [3, 2]), lambda: make_game(bad, (5, 10)),
             lambda: solve(bad, (5, 10)), lambda: money([100, -1], [3]),
             lambda: call_decision(bad, [3, 2], hero=2, pusher=0, blinds=(5, 10), equity=0.5)]
    for call in calls:
        with pytest.raises(PokerEngineError, match=r"^stack of player 2 must be (positive|non-negative), got -?[01]$"):
            call()
    with pytest.raises(PokerEngineError, match=r"^player 1 \(seat index 0\) acts before the hero, player 2 "):
        push_decision([100, 100, 100], [3, 2], hero=1, caller=0, blinds=(5, 10), equity=0.5)
    with pytest.raises(PokerEngineError, match=r"^player 3 \(seat index 2\), the hero, is all in"):
        call_decision([100, 100, 10], [3, 2], hero=2, pusher=1, blinds=(5, 10), equity=0.5)
    with pytest.raises(PokerEngineError, match=r"^prize for place 1 must be non-negative"):
        make_game([100, 100], (5, 10), prizes=[-1])
    from pokerengine.decisions import solve_headsup

    with pytest.raises(PokerEngineError, match=r"^stack of player 2 \(the big blind\) must be positive, got 0$"):
        solve_headsup([100, 0], (5, 10))
    with pytest.raises(PokerEngineError, match=r"^stack of player 1, the small blind, is 5: it must exceed"):
        solve_headsup([5, 100], (5, 10))


def test_settle_names_a_seat_by_its_label(capsys, monkeypatch):
    import io
    import sys

    hand = {"seats": [{"seat": 7, "contributed": 10, "cards": "AsAd"}, {"seat": 9, "contributed": -10, "cards": "KsKd"}],
            "board": "2c7d9hTs3c"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    code, out, err = run(capsys, "settle", "-")
    assert code == 2 and err == "pokerengine: error: seat 9: contributed must be non-negative, got -10\n"
    hand["seats"][1] = {"seat": "nine", "contributed": 10}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    code, out, err = run(capsys, "settle", "-")
    assert code == 2 and err == "pokerengine: error: seats[1] 'seat' must be an integer, got 'nine' (str)\n"


def test_no_stack_of_seat_left_in_decisions_models_and_the_cli():
    """Decisions, models and the command line name a stack's owner ``player N`` (1 = the first of the
    stacks); ``seat`` is the settle/live label."""
    from pathlib import Path

    import pokerengine

    root = Path(pokerengine.__file__).parent
    for folder in ("decisions", "models", "cli"):
        for path in (root / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "stack of seat" not in text and 'f"prize {' not in text, path
