"""``pokerengine replay`` on a folder of mixed formats: PHH, PokerStars text and Open Hand History,
recognised by content, each checked against its own record."""

from __future__ import annotations

import json
import pathlib
import shutil

import pytest

from pokerengine.cli import main
from pokerengine.formats import detect
from pokerengine.replay.corpus import replay_paths

ROOT = pathlib.Path(__file__).resolve().parents[2] / "fixtures"


def _first(folder: pathlib.Path, pattern: str) -> pathlib.Path:
    return sorted(folder.rglob(pattern))[0]


@pytest.fixture
def mixed(tmp_path: pathlib.Path) -> pathlib.Path:
    shutil.copy(_first(ROOT / "phh" / "historical", "*.phh"), tmp_path / "a.phh")
    ps = _first(ROOT / "pokerstars" / "pokerregion-2020", "*.txt")
    shutil.copy(ps, tmp_path / "b.txt")
    shutil.copy(_first(ROOT / "ohh", "*.ohh"), tmp_path / "c.ohh")
    (tmp_path / "notes.txt").write_text("not a hand history\n")
    (tmp_path / "data.json").write_text('{"just": "json"}')
    return tmp_path


def test_a_mixed_folder_replays_every_format(mixed: pathlib.Path, capsys) -> None:
    one = replay_paths([mixed])
    two = replay_paths([mixed], jobs=2)
    assert one.hands == two.hands and one.matched == two.matched
    assert [r.to_json() for r in one.errors] == [r.to_json() for r in two.errors]
    # notes.txt and data.json (JSON, but not OHH: no spec_version) are skipped: not hand histories
    assert one.files == 3 and one.mismatched == [] and one.errors == []
    assert one.matched + one.unchecked == one.hands


def test_a_site_mismatch_names_the_hand_seat_and_player(tmp_path: pathlib.Path, capsys) -> None:
    text = _first(ROOT / "pokerstars" / "pokerregion-2020", "*.txt").read_text(encoding="utf-8-sig")  # real, in $
    collected = next(line for line in text.splitlines() if " collected $" in line and "from pot" in line)
    who = collected.split(" collected ")[0]
    amount = collected.split("$")[1].split(" ")[0]
    cents = round(float(amount) * 100)  # float ok: test arithmetic on a file's dollar text
    bumped = collected.replace(f"${amount}", f"${(cents + 1) / 100:.2f}")  # float ok: test text
    (tmp_path / "x.txt").write_text(text.replace(collected, bumped, 1))
    assert main(["replay", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == 1 and data["mismatched_count"] == 1
    (m,) = data["mismatched"]
    assert m["format"] == "pokerstars" and m["index"] >= 0 and m["hand"].isdigit()
    assert [(s["player"], s["expected"], s["got"]) for s in m["seats"]] == [(who, cents + 1, cents)]
    assert "expected" not in m  # a site's hands have no finishing stacks


def test_a_file_given_that_is_no_hand_history_is_an_error(tmp_path: pathlib.Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("Dear diary\n")
    assert main(["replay", str(tmp_path / "notes.txt")]) == 1
    assert "not a hand history" in capsys.readouterr().out
    capsys.readouterr()
    assert main(["replay", str(tmp_path)]) == 2  # a folder with nothing to replay
    assert "no hand histories" in capsys.readouterr().err


@pytest.mark.parametrize("text, fmt", [
    ('variant = "NT"\nstarting_stacks = [1, 2]', "phh"),
    ("[1]\nvariant = 'NT'", "phh"),
    ("\ufeffPokerStars Hand #1: Hold'em", "pokerstars"),
    ('{"ohh": {}}', "ohh"),
    ('{"event": "start"}', None),
    ('[\n  {"spec_version": "1.4.6"}]', "ohh"),
    ("[]", "ohh"),
    ("", None),
    ("PokerStar", None),
])
def test_detect(text: str, fmt: str | None) -> None:
    assert detect(text) == fmt
