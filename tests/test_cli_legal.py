"""``pokerengine legal``: what may happen next in a (possibly unfinished) PHH hand.

Hand-worked positions (each number worked out from the rules in ``docs/live.md``), the whole
bundled corpus cut at every action (the next recorded action must be one the command allows under
``--rules replay``), and hostile input (one line on stderr, exit status 2).
"""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

from pokerengine.cli import main
from pokerengine.cli.legal import describe, legal, legal_history
from pokerengine.errors import PokerEngineError
from pokerengine.history.notation import compile_action
from pokerengine.history.reader import iter_files, load
from pokerengine.live import GAMES

ROOT = Path(__file__).resolve().parent.parent


def phh(actions, *, variant="NT", stacks=(1000, 1000, 1000), blinds=(50, 100, 0), bets="min_bet = 100",
        deal=True) -> str:
    """A PHH text; ``deal``: the hole cards dealt first (known, as a live hand's record has them)."""
    n = len(stacks)
    holes = ["AsKs", "QhQd", "7c2d", "JcTc", "9h9s", "5d4d"] if variant == "NT" or variant == "FT" else \
        ["AsKsQsJs", "AhKhQhJh", "AdKdQdJd", "AcKcQcJc"]
    dealt = [f"d dh p{i + 1} {holes[i]}" for i in range(n)] if deal else []
    return (f'variant = "{variant}"\nantes = {[0] * n}\nblinds_or_straddles = {list(blinds)}\n{bets}\n'
            f"starting_stacks = {list(stacks)}\nactions = {json.dumps(dealt + list(actions))}\n")


def run_cli(capsys, monkeypatch, data: bytes | str, *args: str) -> tuple[int, str, str]:
    raw = data.encode() if isinstance(data, str) else data
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    status = main(["legal", "-", *args])
    out, err = capsys.readouterr()
    return status, out, err


def state(capsys, monkeypatch, text: str, rules: str = "tda") -> dict:
    status, out, err = run_cli(capsys, monkeypatch, text, "--json", "--rules", rules)
    assert status == 0, err
    return json.loads(out)


# -- hand-worked positions ------------------------------------------------------------------------

def test_pre_flop_open(capsys, monkeypatch):
    # blinds 50/100, three players of 1000: the button (p3) acts first, 100 to call, raise to 200+.
    assert state(capsys, monkeypatch, phh([])) == {
        "over": False, "street": 0, "to_act": "p3",
        "actions": {"fold": True, "check": False, "call": 100, "raise": {"min_to": 200, "max_to": 1000}}}


def test_facing_a_raise_min_and_max(capsys, monkeypatch):
    # p3 raises to 300 (a raise of 200): the small blind calls 250 more, re-raises to 500 at least
    # (300 + the last full raise 200), at most all-in: 1000.
    s = state(capsys, monkeypatch, phh(["p3 cbr 300"]))
    assert s["to_act"] == "p1"
    assert s["actions"] == {"fold": True, "check": False, "call": 250, "raise": {"min_to": 500, "max_to": 1000}}


def test_short_all_in_does_not_reopen_the_betting_tda_47a(capsys, monkeypatch):
    # p3 raises to 300 (full raise 200); the small blind (400 in all) goes all-in to 400, 100 more:
    # less than a full raise; the big blind calls.  p3 has acted and faces only 100 more: call or fold.
    text = phh(["p3 cbr 300", "p1 cbr 400", "p2 cc"], stacks=(400, 1000, 1000))
    for rules in ("tda", "replay"):
        s = state(capsys, monkeypatch, text, rules)
        assert s["to_act"] == "p3"
        assert s["actions"] == {"fold": True, "check": False, "call": 100, "raise": None}
    assert describe(legal(text)) == "pre-flop: p3 to act: fold, call 100"
    # the big blind, who had not acted since the raise to 300, may still re-raise
    s = state(capsys, monkeypatch, phh(["p3 cbr 300", "p1 cbr 400"], stacks=(400, 1000, 1000)))
    assert s["to_act"] == "p2" and s["actions"]["raise"] == {"min_to": 600, "max_to": 1000}


def test_pot_limit_maximum(capsys, monkeypatch):
    # PO 50/100: pot 150, 100 to call: at most call 100 then raise the pot (250): to 350.
    s = state(capsys, monkeypatch, phh([], variant="PO", stacks=(10000, 10000, 10000)))
    assert s["actions"] == {"fold": True, "check": False, "call": 100, "raise": {"min_to": 200, "max_to": 350}}
    # after p3 raises to 350 the small blind may go to 2 * 350 - 50 + (350 + 50 + 100) = 1150
    s = state(capsys, monkeypatch, phh(["p3 cbr 350"], variant="PO", stacks=(10000, 10000, 10000)))
    assert s["to_act"] == "p1" and s["actions"]["raise"] == {"min_to": 600, "max_to": 1150}


def test_fixed_limit_steps_and_cap(capsys, monkeypatch):
    fl = {"variant": "FT", "bets": "small_bet = 100\nbig_bet = 200"}
    s = state(capsys, monkeypatch, phh([], **fl))
    assert s["actions"]["raise"] == {"min_to": 200, "max_to": 200} and s["actions"]["call"] == 100
    # a bet (the blind) and three raises... the fourth cbr caps the round: p1 may only call 200 or fold
    s = state(capsys, monkeypatch, phh(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400", "p3 cbr 500"], **fl))
    assert s["to_act"] == "p1"
    assert s["actions"] == {"fold": True, "check": False, "call": 200, "raise": None}
    # on the turn the big bet: a bet of exactly 200
    s = state(capsys, monkeypatch, phh(["p3 cc", "p1 cc", "p2 cc", "d db 2h3h4h", "p1 cc", "p2 cc", "p3 cc",
                                        "d db 8c"], **fl))
    assert s["street"] == 2 and s["to_act"] == "p1"
    assert s["actions"] == {"fold": True, "check": True, "call": None, "raise": {"min_to": 200, "max_to": 200}}


def test_showdown_and_finished_hand(capsys, monkeypatch):
    checked_down = ["p3 cc", "p1 cc", "p2 cc", "d db 2h3h4h", "p1 cc", "p2 cc", "p3 cc", "d db 8c", "p1 cc", "p2 cc",
                    "p3 cc", "d db 9d", "p1 cc", "p2 cc", "p3 cc"]
    # TDA 16: nobody bet on the river, so the first player left of the button shows (or mucks) first
    s = state(capsys, monkeypatch, phh(checked_down))
    assert s == {"over": False, "street": 4, "to_act": "p1",
                 "actions": {"fold": False, "check": False, "call": None, "raise": None, "show": True, "muck": True}}
    assert describe(s) == "showdown: p1 shows or mucks"
    s = state(capsys, monkeypatch, phh([*checked_down, "p1 sm AsKs"]))
    assert s["to_act"] == "p2" and s["actions"]["show"]
    # replay mode: the hand can be settled now; recorded shows may follow in any order
    s = state(capsys, monkeypatch, phh(checked_down), "replay")
    assert s["over"] is True and s["to_act"] is None and s["actions"]["show"] is True
    s = state(capsys, monkeypatch, phh([*checked_down, "p1 sm AsKs", "p2 sm QhQd", "p3 sm 7c2d"]))
    assert s == {"over": True, "street": 4, "to_act": None,
                 "actions": {"fold": False, "check": False, "call": None, "raise": None}}
    # everybody folds to the big blind
    s = state(capsys, monkeypatch, phh(["p3 f", "p1 f"]))
    assert s["over"] is True and s["to_act"] is None and s["street"] == 0
    assert describe(s) == "the hand is over"


def test_cards_due_are_the_dealer_s_turn(capsys, monkeypatch):
    s = state(capsys, monkeypatch, phh([], deal=False))
    assert s["to_act"] == "d" and s["actions"]["deal"] == {"hole": {"p1": 2, "p2": 2, "p3": 2}, "board": 0}
    s = state(capsys, monkeypatch, phh(["p3 cc", "p1 cc", "p2 cc"]))
    assert s["to_act"] == "d" and s["street"] == 1 and s["actions"]["deal"] == {"hole": {}, "board": 3}


def test_tda_and_replay_differ_straddle_is_the_full_bet(capsys, monkeypatch):
    # 1/2 with a straddle of 4 and min_bet 2: live (TDA 43) the straddle is the full bet, raise to
    # 8 at least; a recorded history (PokerKit's rule) may raise by min_bet, to 6.
    text = phh([], stacks=(200, 200, 200, 200), blinds=(1, 2, 4, 0), bets="min_bet = 2")
    assert state(capsys, monkeypatch, text)["actions"]["raise"] == {"min_to": 8, "max_to": 200}
    assert state(capsys, monkeypatch, text, "replay")["actions"]["raise"] == {"min_to": 6, "max_to": 200}
    # so a recorded raise to 6 is refused live, naming the rule, and fine in replay mode
    status, out, err = run_cli(capsys, monkeypatch, phh(["p4 cbr 6"], stacks=(200,) * 4, blinds=(1, 2, 4, 0),
                                                         bets="min_bet = 2"), "--json")
    assert status == 2 and out == "" and err.count("\n") == 1 and "TDA 43" in err and "actions[4]" in err
    assert state(capsys, monkeypatch, phh(["p4 cbr 6"], stacks=(200,) * 4, blinds=(1, 2, 4, 0), bets="min_bet = 2"),
                 "replay")["to_act"] == "p1"


def test_replay_mode_shows_the_raise_to_what_the_deepest_opponent_can_match(capsys, monkeypatch):
    # the blinds have 150 each in all: records may raise to exactly 150, below the minimum of 200
    text = phh([], stacks=(150, 150, 1000))
    assert state(capsys, monkeypatch, text)["actions"]["raise"] == {"min_to": 200, "max_to": 1000}
    r = state(capsys, monkeypatch, text, "replay")["actions"]["raise"]
    assert r == {"min_to": 200, "max_to": 1000, "cover_to": 150}


def test_unknown_hole_cards_under_tda(capsys, monkeypatch):
    # a record's ???? cards: live rules still apply to the betting
    text = phh(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300"], deal=False)
    assert state(capsys, monkeypatch, text)["actions"]["raise"] == {"min_to": 500, "max_to": 1000}


def test_decimal_amounts_stay_in_the_record_s_units(capsys, monkeypatch):
    text = phh(["p3 cbr 2.5"], stacks=(100, 100, 100), blinds=(0.5, 1, 0), bets="min_bet = 1")
    s = state(capsys, monkeypatch, text)
    assert s["actions"]["call"] == 2 and s["actions"]["raise"] == {"min_to": 4, "max_to": 100}
    s = state(capsys, monkeypatch, phh(["p3 cbr 2.25"], stacks=(100, 100, 100), blinds=(0.5, 1, 0),
                                       bets="min_bet = 1"))
    assert s["actions"]["call"] == 1.75 and s["actions"]["raise"]["min_to"] == 3.5


def test_text_output(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, phh(["p3 cbr 300"]))
    assert status == 0 and out == "pre-flop: p1 to act: fold, call 250, raise to 500 to 1000\n"


# -- the corpus: every flop-game hand cut at every action ----------------------------------------

def allowed(s: dict, text: str) -> bool:
    """Is the recorded action ``text`` among what ``s`` (the command's JSON) allows?"""
    a = compile_action(text)
    verb, acts = a[0], s["actions"]
    if verb == "db":
        return s["to_act"] == "d" and 0 < len(a[1]) <= acts["deal"]["board"]
    if verb == "dh":
        return s["to_act"] == "d" and 0 < len(a[2]) <= acts["deal"]["hole"].get(f"p{a[1]}", 0)
    if verb == "sm":
        return acts.get("show", False) and s["to_act"] in (None, "d", f"p{a[1]}")
    if s["to_act"] != f"p{a[1]}":
        return False
    if verb == "f":
        return acts["fold"]
    if verb == "cc":
        return acts["check"] or acts["call"] is not None
    r = acts["raise"]
    to = Fraction(a[2])
    return r is not None and (Fraction(str(r["min_to"])) <= to <= Fraction(str(r["max_to"]))
                              or to == Fraction(str(r.get("cover_to", -1))))


def test_every_corpus_cut_allows_the_next_recorded_action_under_replay_rules():
    cuts = hands = 0
    for path in iter_files([ROOT / "fixtures" / "phh"]):
        for record in load(path):
            if record.variant not in GAMES:
                continue
            hands += 1
            for k, text in enumerate(record.actions):
                s = legal_history(attrs.evolve(record, actions=record.actions[:k], finishing_stacks=None), "replay")
                assert allowed(s, text), (record.label, k, text, s)
                cuts += 1
            end = legal_history(record, "replay")
            assert end["over"] and end["to_act"] is None, record.label
            assert legal_history(record, "tda")["over"], record.label  # each also plays under the TDA rules
    assert hands >= 600 and cuts >= 10_000


def test_corpus_cut_through_the_text_reader_matches():
    # the same through the bytes the command reads, for a few hands
    path = ROOT / "fixtures" / "phh" / "historical" / "dwan-ivey-2009.phh"
    record = load(path)[0]
    data = path.read_bytes()
    assert legal(data, "replay") == legal_history(record, "replay")
    assert legal(data) == legal_history(record)


# -- bad input ------------------------------------------------------------------------------------

STUD = ('variant = "F7S"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\n'
        'starting_stacks = [100, 100]\nactions = []\n')


@pytest.mark.parametrize("data, needle", [
    (b'variant = "NT"\n\xff\xfe\n', "not UTF-8"),
    ("variant = 'NT'\nactions = " + "[" * 100_000, "nested"),
    ('variant = "NT\n', "TOML"),
    (STUD.encode(), "not supported yet"),
    (phh(["p1 cbr 300"]).encode(), "out of turn"),
    (phh(["p3 cbr 150"]).encode(), "TDA 43"),
    (phh(["p3 cbr 300", "p1 cbr 400", "p2 cc", "p3 cbr 600"], stacks=(400, 1000, 1000)).encode(), "TDA 47-A"),
    (b"x" * (8 * 1024 * 1024 + 10), "larger than"),
])
def test_bad_input_is_one_line_and_status_2(capsys, monkeypatch, data, needle):
    status, out, err = run_cli(capsys, monkeypatch, data, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokerengine: error: ") and needle in err, err


def test_bad_input_from_a_file_and_the_function(tmp_path, capsys):
    stud = tmp_path / "stud.phh"
    stud.write_text(STUD)
    assert main(["legal", str(stud)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "F7S" in err and "stud and draw games come later" in err
    assert main(["legal", str(tmp_path / "missing.phh")]) == 2
    with pytest.raises(PokerEngineError, match="rules must be"):
        legal(phh([]), "house")
