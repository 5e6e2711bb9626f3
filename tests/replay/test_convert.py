"""`pokerengine convert` and the PHH rake fields: a PHH written from a site's hand replays to the
same result as the site's check (matched, mismatched, undeterminable), with the rake drawn pot by pot."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError, UndeterminableHandError
from pokerengine.replay.convert import convert_text, phh_to_site, read_hands, site_to_phh, with_pot_rakes, write_hands
from pokerengine.formats import detect, read_text, site_hands
from pokerengine.formats.ohh import read_ohh
from pokerengine.phh.reader import dumps, loads
from pokerengine.replay.files import report
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from pokerengine.formats.rake_pots import main_pot_first
from pokerengine.live.settling import pots_of
from pokerengine.live.interpreter import interpret
from pokerengine.live import Hand

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared" / "pokerstars"


def site_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".txt", ".ohh", ".json", ".jsonl"))


def every_site_hand(root: Path):
    for path in site_files(root):
        text = read_text(str(path))  # (any encoding: formats.read_text)
        fmt = detect(text)
        if fmt in ("pokerstars", "ohh"):
            yield from site_hands(text, fmt, source=str(path))


def same_verdict(hands) -> dict:
    """Each hand's check_site() status against the replay status of its PHH (written and read back)."""
    seen: dict = {}
    for hand in hands:
        status = check_site(hand).status
        record = loads(dumps(site_to_phh(hand)), source=hand.source)
        got = report(record).status
        assert got == status, (hand.where, status, got, report(record).message)
        seen[status] = seen.get(status, 0) + 1
    return seen


def test_every_bundled_site_hand_converts_to_phh_that_replays_the_same():
    seen = same_verdict(every_site_hand(FIXTURES / "pokerstars"))
    seen_ohh = same_verdict(every_site_hand(FIXTURES / "ohh"))
    assert seen.get("matched", 0) >= 318 and seen.get("undeterminable") == 1
    assert seen_ohh.get("matched", 0) >= 6


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/pokerstars")
def test_every_shared_pokerstars_hand_converts_and_replays_matched():
    seen = same_verdict(every_site_hand(SHARED))
    assert seen == {"matched": 1402}


DEMO = (FIXTURES / "pokerstars" / "handwritten").glob("*.txt")


def demo_hand():
    text = (ROOT / "docs" / "histories.md").read_text()
    block = text[text.index("text = '''") + len("text = '''"):]
    block = block[: block.index("'''")]
    lines = [line[4:] if line.startswith("... ") else line for line in block.splitlines()]
    from pokerengine.formats.pokerstars import parse_pokerstars

    (hand,) = parse_pokerstars("\n".join(lines))
    return hand


def test_the_phh_of_a_raked_hand():
    hand = demo_hand()  # bob wins $0.83 of a $0.86 pot, 3 cents rake
    record = site_to_phh(hand)
    assert record.finishing_stacks == (94, 83, 160)  # ann put in 6, bob 40 (all), cy 40 of 200
    assert record.winnings == (0, 83, 0)
    assert record.user_fields["_rake"] == 3 and tuple(record.user_fields["_pot_rakes"]) == (3,)
    r = replay_hand(record)
    assert r.status == "matched" and r.settlement.rake == 3
    # without the rake fields the engine pays the whole pot: the record's stacks no longer match
    bare = attrs.evolve(record, user_fields={})
    assert replay_hand(bare).finishing == (94, 86, 160) and replay_hand(bare).status == "mismatched"


def test_a_mismatched_site_hand_converts_to_a_mismatched_record():
    hand = attrs.evolve(demo_hand(), collected=(Collected("bob", 0, 84),), rake=2)
    assert check_site(hand).status == "mismatched"
    record = site_to_phh(hand)
    assert record.finishing_stacks == (94, 84, 160)
    r = report(loads(dumps(record)))
    assert r.status == "mismatched"
    assert [(d.player, d.expected, d.got) for d in r.seats] == [("bob", 84, 84 - 1)]


def test_an_undeterminable_hand_stays_undeterminable():
    text = (FIXTURES / "pokerstars" / "handwritten").rglob("*.txt")
    hands = [h for p in text for h in site_hands(read_text(str(p)), "pokerstars", source=str(p))]
    (hand,) = [h for h in hands if check_site(h).status == "undeterminable"]
    record = site_to_phh(hand)
    with pytest.raises(UndeterminableHandError, match="cannot settle: the showdown needs the cards"):
        replay_hand(record)
    assert report(record).status == "undeterminable"


RAKED = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cbr 100", "p1 cc", "p2 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
"""


def raked(**fields) -> str:
    return RAKED + "".join(f"{k} = {v}\n" for k, v in fields.items())


def test_pot_rakes_are_drawn_pot_by_pot():
    # pots: main 150 (all three), side 100 (p2 and p3); aces win the main, kings the side
    r = replay_hand(loads(raked(_pot_rakes="[5, 3]", finishing_stacks="[145, 97, 0]")))
    assert [p.amount for p in r.settlement.pots] == [150, 100]
    assert [p.rake for p in r.settlement.pots] == [5, 3]
    assert r.finishing == (145, 97, 0) and r.status == "matched"
    # _rake alone: drawn in proportion, 8 of 250 = 4.8 and 3.2 -> 5 and 3
    r = replay_hand(loads(raked(_rake=8)))
    assert r.finishing == (145, 97, 0)


@pytest.mark.parametrize("fields, message", [
    ({"_pot_rakes": "[5]"}, "gives 1 pots' rake, the hand has 2 pots"),
    ({"_pot_rakes": "[151, 0]"}, "cannot be drawn from the pots"),
    ({"_pot_rakes": "[-1, 0]"}, "non-negative integer"),
    ({"_pot_rakes": "[1.5, 0]"}, "non-negative integer"),
    ({"_pot_rakes": "5"}, "must be an array"),
    ({"_rake": "true"}, "non-negative integer"),
    ({"_rake": 251}, "more than the pot"),
    ({"_rake": 9, "_pot_rakes": "[5, 3]"}, "is not the sum of _pot_rakes"),
])
def test_bad_rake_fields_are_refused(fields, message):
    with pytest.raises(HistoryParseError, match=message):
        replay_hand(loads(raked(**fields)))
    assert report(loads(raked(**fields))).status == "error"


def test_pokerstars_to_ohh_carries_each_pots_rake_and_wins():
    # the file says only each player's total: the OHH pots come from the engine, with each pot's rake
    hands = [h for h in every_site_hand(FIXTURES / "pokerstars" / "pokerregion-2020")
             if not h.history.user_fields.get("_run_count")]
    side = [h for h in hands if len(pots_of(interpret(h.history))) > 1 and (h.rake or 0) > 0]
    assert len(side) >= 5
    for hand in side:
        (back,) = read_ohh(write_hands([hand], "ohh"), source="x.ohh")
        r = check_site(back)
        assert r.status == "matched", r.message
        assert back.pot_rakes == with_pot_rakes(hand).pot_rakes
        assert sum(back.pot_rakes) == hand.rake
        assert {c.pot for c in back.collected} <= set(range(len(back.pot_rakes)))


def test_a_phh_with_rake_written_as_ohh_keeps_the_rake():
    record = loads(raked(_pot_rakes="[5, 3]", finishing_stacks="[145, 97, 0]"))
    site = phh_to_site(record)
    assert site.collected == (Collected("p1", 0, 145), Collected("p2", 1, 97)) and site.pot_rakes == (5, 3)
    (back,) = read_ohh(write_hands([record], "ohh"))
    assert back.rake == 8 and check_site(back).status == "matched"
    assert back.history.actions == record.actions


def test_convert_text_forms():
    text = (FIXTURES / "ohh" / "cash-side-pot-rake.ohh").read_text()
    phh = convert_text(text, "phh", source="a.ohh")
    record = loads(phh)
    assert record.hand == "cash-1" and record.user_fields["_rake"] == 250
    assert list(read_hands(phh))[0] == record
    with pytest.raises(HistoryParseError, match="cannot convert to 'pgn'"):
        convert_text(text, "pgn")
    with pytest.raises(HistoryParseError, match="not a hand history"):
        convert_text("Dear diary", "phh")


# -- property: random hands, a random rake drawn main pot first: conserved and exactly as drawn -------------

def played(seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = {s: rng.randint(1, 300) for s in range(1, n + 1)}
    hand = Hand(rng.choice(["NT", "PO"]), stacks, blinds=(1, 2), rng=rng)
    while not hand.over:
        legal, seat = hand.legal_actions(), hand.to_act
        r = rng.random()
        if legal.show:
            hand.show(seat)
        elif r < 0.15 and legal.fold:
            hand.fold(seat)
        elif r < 0.5 and legal.raise_to is not None:
            hand.raise_to(seat, rng.randint(legal.raise_to.min_to, legal.raise_to.max_to))
        elif legal.check:
            hand.check(seat)
        else:
            hand.call(seat)
    return hand.history()


@given(st.integers(0, 2**32), st.fractions(Fraction(0), Fraction(10)))
def test_rake_drawn_pot_by_pot_conserves_chips(seed, percent):
    h = played(seed)
    pots = pots_of(interpret(h))
    rake = int(percent * sum(pots) / 100)
    drawn = main_pot_first(rake, pots)
    record = attrs.evolve(h, finishing_stacks=None,  # (the live hand's own fields kept: _full_blind, a short blind)
                          user_fields={**h.user_fields, "_rake": rake, "_pot_rakes": drawn})
    r = replay_hand(record)
    plain = replay_hand(attrs.evolve(h, finishing_stacks=None))
    assert [p.rake for p in r.settlement.pots] == drawn
    assert sum(r.finishing) + rake == sum(h.starting_stacks)
    assert all(a <= b for a, b in zip(r.finishing, plain.finishing))  # a rake never pays anyone more
    for pot, plain_pot in zip(r.settlement.pots, plain.settlement.pots):
        assert sum(pot.shares.values()) == pot.amount - pot.rake
        assert {s for s, x in pot.shares.items() if x} <= set(plain_pot.winners) | set(plain_pot.shares)
    # and the record round-trips through PHH text and OHH with the same result
    full = attrs.evolve(record, finishing_stacks=r.finishing_stacks)
    assert replay_hand(loads(dumps(full))).status == "matched"
    (back,) = read_ohh(write_hands([full], "ohh"))
    assert check_site(back).status == "matched" and back.rake == rake


# -- the command ------------------------------------------------------------------------------------------

def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerengine", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def test_cli_to_stdout_and_to_a_folder(tmp_path):
    out = cli("convert", str(FIXTURES / "ohh" / "cash-side-pot-rake.ohh"), "--to", "phh")
    assert out.returncode == 0, out.stderr
    assert tuple(loads(out.stdout).user_fields["_pot_rakes"]) == (100, 150)
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    for name in ("cash-side-pot-rake.ohh", "split-pot.ohh"):
        (src / "sub" / name).write_bytes((FIXTURES / "ohh" / name).read_bytes())
    (src / "notes.txt").write_text("not a hand history\n")  # skipped in a folder, as replay does
    dest = tmp_path / "out"
    out = cli("convert", str(src), "--to", "phh", "--out", str(dest))
    assert out.returncode == 0, out.stderr
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")) == [
        "sub", "sub/cash-side-pot-rake.phh", "sub/split-pot.phh"]
    assert "converted 2 hands from 2 files" in out.stdout
    replayed = cli("replay", str(dest))
    assert replayed.returncode == 0 and "matched     2" in replayed.stdout
    # an existing file is not overwritten without --force
    again = cli("convert", str(src), "--to", "phh", "--out", str(dest))
    assert again.returncode == 1 and "exists (--force to overwrite)" in again.stderr
    assert cli("convert", str(src), "--to", "phh", "--out", str(dest), "--force").returncode == 0
    assert cli("convert", str(src), "--to", "ohh", "--out", str(tmp_path / "o")).returncode == 0
    assert (tmp_path / "o" / "sub" / "split-pot.ohh").is_file()


def test_cli_a_bad_file_is_reported_and_not_written(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    good = (FIXTURES / "ohh" / "cash-side-pot-rake.ohh").read_bytes()
    (src / "a.ohh").write_bytes(good)
    (src / "b.ohh").write_bytes(good.replace(b'"Call"', b'"Cal"', 1))
    out = cli("convert", str(src), "--to", "phh", "--out", str(tmp_path / "out"))
    assert out.returncode == 1  # a file left out, the rest written
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "b.ohh" in lines[0] and "Traceback" not in out.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.phh"]
    assert not any(p.name.startswith(".convert-") for p in (tmp_path / "out").iterdir())


@pytest.mark.parametrize("args, message", [
    (["nowhere.txt", "--to", "phh"], "no such file or folder"),
    (["fixtures/ohh", "--to", "pgn"], "invalid choice"),
    (["fixtures/ohh"], "the following arguments are required: --to"),
    (["fixtures/ohh", "--to", "phh", "--out", "{file}"], "is not a folder"),
])
def test_cli_bad_arguments(tmp_path, args, message):
    (tmp_path / "a-file").write_text("x")
    out = cli("convert", *(a.replace("{file}", str(tmp_path / "a-file")) for a in args))
    assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_cli_empty_folder(tmp_path):
    out = cli("convert", str(tmp_path), "--to", "ohh")
    assert out.returncode == 2 and "no hand-history files" in out.stderr


def test_cancelled_hands_are_counted_by_replay_and_left_out_by_convert(tmp_path):
    from pokerengine.replay.corpus import replay_paths

    path = FIXTURES / "pokerstars" / "handwritten" / "cancelled.txt"
    summary = replay_paths([path])
    assert (summary.cancelled, summary.matched, summary.ok) == (1, 2, True)
    assert summary.to_json()["cancelled"] == 1 and "cancelled   1" in summary.text()
    converted = list(read_hands(path.read_text(encoding="utf-8-sig"), source=str(path)))
    assert len(converted) == 2 and all(check_site(h).status == "matched" for h in converted)


def test_a_hand_with_more_board_deals_than_streets_is_refused_by_the_ohh_writer():
    # found by the convert fuzz: an IndexError in the writer
    hand = demo_hand()
    extra = attrs.evolve(hand, history=attrs.evolve(hand.history, actions=hand.history.actions + ("d db 4c",)))
    with pytest.raises(HistoryParseError, match="4 board deals, more than the 3 streets"):
        write_hands([extra], "ohh")


@pytest.mark.skipif(os.name != "posix", reason="file modes and the umask are POSIX")
def test_converted_files_get_the_umasks_permissions(tmp_path):
    # regression: converted files were written with mode 0600 (the temporary file's) whatever the umask
    from pokerengine.cli import main

    source = ROOT / "fixtures" / "phh" / "historical"
    old = os.umask(0o027)
    try:
        assert main(["convert", str(source), "--to", "phh", "--out", str(tmp_path / "a")]) == 0
    finally:
        os.umask(old)
    written = [p for p in (tmp_path / "a").rglob("*") if p.is_file()]
    assert written and all(p.stat().st_mode & 0o777 == 0o640 for p in written)


_RULE_HAND = """PokerStars Hand #7:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET
Table 'Demo' 6-max Seat #3 is the button
Seat 1: ann ($1 in chips)
Seat 2: bob ($0.40 in chips)
Seat 3: cy ($2 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
cy: raises $0.04 to $0.06
ann: calls $0.05
bob: raises $0.34 to $0.40 and is all-in
cy: calls $0.34
ann: folds
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3c]
*** SHOW DOWN ***
bob: shows [Ks Kd] (a pair of Kings)
cy: mucks hand
bob collected $COLLECTED from pot
*** SUMMARY ***
Total pot $0.86 | Rake $RAKE
Board [2c 7d 9h Ts 3c]
Seat 1: ann (small blind) folded before Flop
Seat 2: bob (big blind) showed [Ks Kd] and won ($COLLECTED) with a pair of Kings
Seat 3: cy (button) mucked"""


@pytest.mark.parametrize("rake, collected", [("0.03", "0.83"), ("0.02", "0.83"), ("0", "0.83"), ("0", "0.86"),
                                             ("0.02", "0.84"), ("0.04", "0.82")])
def test_a_rake_that_breaks_the_rule_keeps_its_verdict_through_conversion(rake, collected):
    # regression: a file whose rake ($0.02, $0) differs from the rule's ($0.03 at these stakes) while its
    # collected amount agrees with the rule was mismatched, and its PHH replayed matched
    from pokerengine.formats.pokerstars import parse_pokerstars

    [hand] = parse_pokerstars(_RULE_HAND.replace("$RAKE", "$" + rake).replace("$COLLECTED", "$" + collected))
    verdict = check_site(hand).status
    assert verdict == ("matched" if rake == "0.03" else "mismatched")
    record = loads(dumps(site_to_phh(hand)))
    assert replay_hand(record).status == verdict
    assert ("_file_rake" in record.user_fields) == (rake != "0.03")


_THREE = """[1]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]

[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f", "p1 f"]

[3]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc"]
"""


@pytest.mark.parametrize("to", ["phh", "ohh"])
def test_a_hand_that_cannot_be_played_is_reported_and_left_out(tmp_path, to):
    # regression: convert wrote a fold after a fold (exit 0, nothing on stderr); one bad hand of a file
    # lost the good hands after it on the way back.  Now: reported, left out, the rest written
    # (an unfinished record, [3], converts as it is).
    source = tmp_path / "three.phhs"
    source.write_text(_THREE)
    out = cli("convert", str(source), "--to", to, "--out", str(tmp_path / "out"))
    assert out.returncode == 1  # a hand left out, the rest written
    assert out.stderr.count("\n") == 1 and "[2]" in out.stderr and "no betting now" in out.stderr
    assert "converted 2 hands from 1 files" in out.stdout
    [written] = (tmp_path / "out").iterdir()
    back = list(read_hands(written.read_text(), source=str(written)))
    assert len(back) == 2


def test_a_file_of_cancelled_hands_only_writes_nothing(tmp_path):
    # regression: it was converted to an empty .phhs that replay then rejected
    text = (FIXTURES / "pokerstars" / "handwritten" / "cancelled.txt").read_text()
    cancelled = [b for b in re.split(r"\n\s*\n(?=PokerStars)", text.strip()) if "cancelled" in b.lower()]
    source = tmp_path / "cancelled.txt"
    source.write_text(cancelled[0] + "\n")
    out = cli("convert", str(source), "--to", "phh", "--out", str(tmp_path / "out"))
    assert out.returncode == 0 and "no hand to convert" in out.stderr and out.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
