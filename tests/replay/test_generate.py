"""`pokerengine generate`: random legal hands through the live engine, written as PHH that replays."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pokerengine.generate import PHH_GAMES, GenerateError, generate, random_hand, write_corpus
from pokerengine.phh.reader import dumps, loads, loads_all
from pokerengine.replay.corpus import replay_paths
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.phh.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_replays_matched_and_the_seed_decides():
    hands = list(generate(330, seed="t"))
    assert {h.variant for h in hands} == set(PHH_GAMES)
    assert {h.player_count for h in hands} >= set(range(2, 8))
    for h in hands:
        r = replay_hand(loads(dumps(h)))
        assert r.status == "matched", h
        assert sum(r.finishing) == sum(h.starting_stacks)
    assert list(generate(20, seed="t")) == hands[:20]
    assert list(generate(20, seed="u")) != hands[:20]
    # hand k alone, from its own seed
    import random
    assert random_hand(random.Random("t:17")) == hands[17]


def test_showdowns_folds_and_all_ins_all_occur():
    hands = list(generate(300, seed=1, games=["NT"]))
    actions = [a for h in hands for a in h.actions]
    assert any(a.endswith(" f") for a in actions)
    assert any(" sm" in a for a in actions)
    assert any(0 in h.finishing_stacks for h in hands)  # somebody went broke
    assert any(" cbr " in a for a in actions)


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_every_variant_code_the_engine_knows(code):
    for h in generate(6, seed=code, games=[code]):
        assert replay_hand(loads(dumps(h))).status == "matched"


def test_write_corpus(tmp_path):
    corpus = write_corpus(str(tmp_path / "c"), 25, seed=3, per_file=10)
    assert [Path(f).name for f in corpus.files] == ["hands-000001.phhs", "hands-000002.phhs", "hands-000003.phhs"]
    back = [h for f in corpus.files for h in loads_all(Path(f).read_text(), source=f)]
    assert [h.key for h in back] == [str(k) for k in range(1, 26)]
    assert [h.actions for h in back] == [h.actions for h in generate(25, seed=3)]
    summary = replay_paths([str(tmp_path / "c")])
    assert summary.hands == 25 and summary.matched == 25
    one = write_corpus(str(tmp_path / "one"), 7, seed=3, per_file=0)
    assert len(one.files) == 1 and len(loads_all(Path(one.files[0]).read_text())) == 7
    assert write_corpus(str(tmp_path / "none"), 0).files == ()


@pytest.mark.parametrize("kwargs, message", [
    ({"hands": -1}, "hands must be an integer"),
    ({"hands": 1.0}, "hands must be an integer"),
    ({"hands": True}, "hands must be an integer"),
    ({"hands": 1, "games": ["XX"]}, "unknown variant 'XX'"),
    ({"hands": 1, "games": "NT"}, "games must be a non-empty list"),
    ({"hands": 1, "games": []}, "games must be a non-empty list"),
    ({"hands": 1, "seats": (1, 9)}, "seats must be"),
    ({"hands": 1, "seats": (5, 4)}, "seats must be"),
    ({"hands": 1, "seed": 1.5}, "seed must be"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(GenerateError, match=message):
        list(generate(**kwargs))


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerengine", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_cli(tmp_path):
    out = cli("generate", "--hands", "12", "--out", str(tmp_path / "g"), "--seed", "9", "--games", "NT,F7S",
              "--seats", "3-4", "--per-file", "5")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"wrote 12 hands in 3 files into {tmp_path / 'g'} (seed 9)"
    hands = [h for f in sorted((tmp_path / "g").iterdir()) for h in loads_all(f.read_text())]
    assert {h.variant for h in hands} <= {"NT", "F7S"} and all(3 <= h.player_count <= 4 for h in hands)
    replayed = cli("replay", str(tmp_path / "g"))
    assert replayed.returncode == 0 and "matched     12" in replayed.stdout


@pytest.mark.parametrize("args, message", [
    (["--hands", "-3"], "hands must be an integer"),
    (["--hands", "3", "--games", "NT,ZZ"], "unknown variant 'ZZ'"),
    (["--hands", "3", "--seats", "x"], "--seats must be like 2-9"),
    (["--hands", "3", "--seats", "2-12"], "seats must be"),
    (["--hands", "3", "--per-file", "-1"], "per_file must be"),
])
def test_cli_bad_arguments(tmp_path, args, message):
    out = cli("generate", "--out", str(tmp_path / "g"), *args)
    assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1
