"""PHH reading and replay under hostile input: hostile files never crash, hang or exhaust memory.

Each reproducer of the issue is a test here, and :func:`fuzz` mutates the bundled PHH files at the
byte level (bit flips, byte inserts and deletes, chunk duplication, splicing two files, and
interesting values: huge integers, deep nesting, invalid UTF-8, NaN and infinities, very long
strings and arrays) to check that every mutant is read and replayed into reports, bad input
always as a :class:`~pokerengine.errors.PokerEngineError`, never an internal error.

Run many mutants by hand (the tests run a few hundred)::

    python tests/replay/test_hardening_replay.py 6000          # prints the counts of each kind of failure
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine._checks import MAX_CHIPS
from pokerengine.cli import main
from pokerengine.errors import HistoryParseError, PokerEngineError
from pokerengine.phh import dumps, load, loads
from pokerengine.replay import replay_file, replay_hand, replay_paths
from pokerengine.phh import fasttoml, reader, record
from pokerengine.replay import corpus, files as replay
from pokerengine.phh.notation import COMPILED, compiled_action
from pokerengine.phh.reader import iter_files, loads_all

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "phh"
GOOD = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
finishing_stacks = [101, 99]
"""


def _summary_ok(out: str, hands: int, errors: int) -> None:
    assert out.startswith(f"{hands} hands in "), out[:200]
    assert f"errors      {errors}" in out, out[:500]


# -- 1. one hostile file is one error, and the run goes on ----------------------------------------

DEEP = GOOD + "_x = " + "[" * 500 + "]" * 500 + "\n"
HUGE = GOOD.replace("min_bet = 2", "min_bet = 1" + "0" * 4400)


@pytest.mark.parametrize("jobs", [1, 2])
def test_deep_nesting_and_huge_integers_are_one_error_each(tmp_path, capsys, jobs):
    (tmp_path / "a-deep.phh").write_text(DEEP)
    (tmp_path / "b-huge.phh").write_text(HUGE)
    (tmp_path / "c-fine.phh").write_text(GOOD)
    assert main(["replay", "--jobs", str(jobs), str(tmp_path)]) == 1
    out = capsys.readouterr()
    _summary_ok(out.out, 3, 2)
    assert "matched     1" in out.out
    assert f"error: {tmp_path / 'a-deep.phh'}: not valid TOML: arrays and tables nested deeper than 64 levels" in out.out
    assert f"error: {tmp_path / 'b-huge.phh'}: not valid TOML: a number of more than 40 digits" in out.out
    assert "Traceback" not in out.out + out.err


@pytest.mark.parametrize("text, message", [
    (DEEP, "arrays and tables nested deeper than 64 levels"),
    (GOOD + "_x = [" + "{a = " * 100 + "1" + "}" * 100 + "]\n", "nested deeper than 64 levels"),
    (GOOD + "a" + ".a" * 1000 + " = 1\n", "a key of more than 64 dotted parts"),  # tomllib: quadratic
    (HUGE, "a number of more than 40 digits"),
    (GOOD.replace("min_bet = 2", "min_bet = 9223372036854775808"), "integer 9223372036854775808 is out of the 64-bit"),
    (GOOD.replace("min_bet = 2", "min_bet = 0x" + "f" * 5000), "a number of more than 40 digits"),
    (GOOD.replace("min_bet = 2", "min_bet = 1e" + "9" * 5000), "a number of more than 40 digits"),
    (GOOD.replace("[100, 100]", "[100, 1" + "0" * 30 + "]"), "out of the 64-bit range"),
    (GOOD + "_x = [" + "[1], " * 100 + "]  # a comment takes tomllib's way\n", None),
], ids=["deep-arrays", "deep-tables", "dotted-key", "4401-digits", "2**63", "long-hex", "long-exponent",
        "31-digit-stack", "fine-via-tomllib"])
def test_toml_bounds_on_both_ways(text, message):
    """The fast subset hands anything beyond its bounds to the general way, which refuses it by name."""
    if message is None:
        assert loads(text).min_bet == 2
        return
    with pytest.raises(HistoryParseError, match=re.escape(message)):
        loads(text, source="x.phh")
    with pytest.raises(HistoryParseError, match=re.escape(message)):
        loads_all("[1]\n" + text, source="x.phhs")


def test_fast_subset_never_reads_beyond_64_bits():
    assert fasttoml.fast_loads("a = 9223372036854775807\nb = [1, 9223372036854775807]") == {
        "a": MAX_CHIPS, "b": [1, MAX_CHIPS]}
    for text in ("a = 9223372036854775808", "a = [1, 9223372036854775808]", "a = [1, 2, 99999999999999999999]",
                 "a = 1" + "0" * 5000, "a = [ 1" + "0" * 5000 + " ]", "a = -9223372036854775809"):
        assert fasttoml.fast_loads(text) is None, text  # left to tomllib's way, which refuses
        with pytest.raises(fasttoml.Refused):
            fasttoml.loads(text)
    assert fasttoml.loads("a = -9223372036854775808") == {"a": -2**63}


def test_bounds_scan_is_linear_on_hostile_shapes():
    """Texts that make a naive scanner (or tomllib) quadratic take well under a second at 1 MB."""
    n = 1_000_000
    for text in ('a = "' + '\\"' * (n // 2), '\\"""' * (n // 4), "a = [" + ",".join(["1" * 40] * (n // 41)) + "]",
                 "'" * n, "a" + ".a" * (n // 2) + " = 1", "#" + "[" * n, "a = 1" + " " * n + "\r\r"):
        start = time.process_time()
        try:
            fasttoml.check_bounds(text)
        except fasttoml.Refused:
            pass
        assert time.process_time() - start < 1.0


def test_an_unexpected_exception_is_the_hands_internal_error(tmp_path, capsys, monkeypatch):
    """The last-resort guard: a bug in one hand is that hand's error, labelled internal, with --jobs 1 and N."""
    (tmp_path / "a.phh").write_text(GOOD)
    (tmp_path / "b.phh").write_text(GOOD.replace("AsKd", "AhKd"))
    (tmp_path / "c.phhs").write_text(f"[1]\n{GOOD}\n[2]\n{GOOD.replace('AsKd', 'AcKd')}")
    real = replay.replay_hand

    def buggy(hand):
        if "AhKd" in hand.actions[0] or "AcKd" in hand.actions[0]:
            raise KeyError("boom")
        return real(hand)

    monkeypatch.setattr(replay, "replay_hand", buggy)
    for jobs in (1, 2):  # (the worker processes are forked: they see the patch)
        summary = replay_paths([tmp_path], jobs=jobs)
        assert (summary.hands, summary.matched, len(summary.errors)) == (4, 2, 2)
        assert [e.message for e in summary.errors] == [
            f"{tmp_path / 'b.phh'}: internal error KeyError: 'boom' (please report)",
            f"{tmp_path / 'c.phhs'} [2]: internal error KeyError: 'boom' (please report)"]

    def broken_reader(text, source=None):
        raise RecursionError("deep")

    monkeypatch.setattr(replay, "loads", broken_reader)
    reports = replay_file(str(tmp_path / "a.phh"))
    assert [r.message for r in reports] == [f"{tmp_path / 'a.phh'}: internal error RecursionError: deep (please report)"]


def test_messages_stay_short(tmp_path):
    """Messages quote bounded text: actions of at most 500 characters, table names of at most 100."""
    (tmp_path / "a.phh").write_text(GOOD.replace('"p2 f"', f'"p1 xx {"y" * 100_000}"'))
    (tmp_path / "b.phh").write_text(GOOD.replace('"p2 f"', f'"d db {"As" * 240}"'))  # 485 characters
    (tmp_path / "c.phhs").write_text(f"[{'k' * 5000}]\n{GOOD}")
    (tmp_path / "d.phh").write_text(GOOD.replace('"p2 f"', f'"p2 cbr {"9" * 400}"'))
    summary = replay_paths([tmp_path])
    messages = [e.message for e in summary.errors]
    assert len(messages) == 4
    assert messages[0] == f"{tmp_path / 'a.phh'}: actions[2] has 100,006 characters; at most 500"
    assert messages[1].startswith(f"{tmp_path / 'b.phh'}: actions[2] 'd db AsAs")  # (the interpreter quotes it)
    assert "a table name longer than 100 characters" in messages[2]
    assert messages[3].startswith(f"{tmp_path / 'd.phh'}: actions[2] 'p2 cbr 9999")
    assert all(len(m) <= replay.MAX_MESSAGE_CHARS for m in messages)  # reports cut what the interpreter quotes


def test_long_actions_are_not_kept_from_hand_to_hand():
    long_action = "p1 f # " + "x" * 400
    compiled_action(long_action)
    assert long_action not in COMPILED  # the cache holds short texts only
    compiled_action("p1 f # short")
    assert "p1 f # short" in COMPILED


# -- 2. every number of the record is checked where it is read --------------------------------------

@pytest.mark.parametrize("field, bad, message", [
    ("min_bet = 2", "min_bet = -5", "min_bet must be non-negative, got -5"),
    ("min_bet = 2", "min_bet = nan", "min_bet must be a number, got nan"),
    ("min_bet = 2", "min_bet = inf", "min_bet must be at most 2**63 - 1, got inf"),
    ("min_bet = 2", "min_bet = -0.5", "min_bet must be non-negative, got -0.5"),
    ("min_bet = 2", "min_bet = 1e300", "min_bet must be at most 2**63 - 1, got 1e+300"),
    ("antes = [0, 0]", "antes = [0, -1]", "antes of p2 must be non-negative, got -1"),
    ("antes = [0, 0]", "antes = [nan, 0]", "antes of p1 must be a number, got nan"),
    ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, -inf]", "blinds_or_straddles of p2 must be non-negative"),
    ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, inf]", "blinds_or_straddles of p2 must be at most"),
    ("starting_stacks = [100, 100]", "starting_stacks = [100, -100]", "starting_stacks of p2 must be non-negative"),
    ("starting_stacks = [100, 100]", "starting_stacks = [nan, 100]", "starting_stacks of p1 must be a number, got nan"),
    ("starting_stacks = [100, 100]", "starting_stacks = [100, 9223372036854775807.0]",
     "starting_stacks of p2 must be at most 2**63 - 1"),
    ("finishing_stacks = [101, 99]", "finishing_stacks = [101, -99]", "finishing_stacks of p2 must be non-negative"),
    ("finishing_stacks = [101, 99]", "finishing_stacks = [nan, 99]", "finishing_stacks of p1 must be a number"),
    ("finishing_stacks = [101, 99]", "winnings = [1, -1]", "winnings of p2 must be non-negative, got -1"),
    ("finishing_stacks = [101, 99]", "winnings = [inf, 0]", "winnings of p1 must be at most 2**63 - 1, got inf"),
    ("finishing_stacks = [101, 99]", "time_limit = -1", "time_limit must be a non-negative number of seconds"),
    ("finishing_stacks = [101, 99]", "time_banks = [1, nan]", "time_banks of p2 must be a non-negative number"),
])
def test_numeric_fields_are_refused_by_name(field, bad, message):
    text = GOOD.replace(field, bad)
    assert bad in text
    for way in (text, text.replace(" = ", "=")):  # the fast pairs, and the general way
        with pytest.raises(HistoryParseError, match=re.escape(f"bad.phh: {message}")):
            loads(way, source="bad.phh")
    with pytest.raises(HistoryParseError, match=re.escape(message)):
        loads_all(f"[1]\n{text}", source="bad.phhs")


@pytest.mark.parametrize("variant, fields", [
    ("F7S", "bring_in = {x}\nsmall_bet = 2\nbig_bet = 4\n"),
    ("F7S", "bring_in = 1\nsmall_bet = {x}\nbig_bet = 4\n"),
    ("F7S", "bring_in = 1\nsmall_bet = 2\nbig_bet = {x}\n"),
])
@pytest.mark.parametrize("x", ["-5", "nan", "-inf"])
def test_stud_bet_sizes_are_checked(variant, fields, x):
    text = f'variant = "{variant}"\nantes = [1, 1]\n{fields.format(x=x)}starting_stacks = [10, 10]\nactions = []\n'
    with pytest.raises(HistoryParseError, match="must be"):
        loads(text)


def test_unknown_stacks_and_decimal_money_still_read():
    hand = loads(GOOD.replace("[100, 100]", "[100.25, inf]").replace("[101, 99]", "[101.25, inf]"))
    assert hand.starting_stacks == (100.25, float("inf"))
    assert loads(GOOD.replace("min_bet = 2", "min_bet = 2.0")).min_bet == 2.0


def test_other_integers_fit_64_bits():
    with pytest.raises(HistoryParseError, match="hand must fit in 64 bits"):
        record.HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
                           starting_stacks=(10, 10), hand=10**5000)


@pytest.mark.parametrize("action, message", [
    ("p2 cbr -5", "bad amount '-5'"),
    ("p2 cbr nan", "bad amount 'nan'"),
    ("p2 cbr inf", "bad amount 'inf'"),
    ("p2 cbr 1_000", "bad amount '1_000'"),
    ("p2 cbr " + "9" * 400, "bad amount '99999"),
    ("p" + "1" * 400 + " f", "bad player 'p1111"),
], ids=["negative", "nan", "inf", "underscore", "long-amount", "long-player"])
def test_bad_action_amounts_and_players(action, message):
    hand = loads(GOOD.replace('"p2 f"', f'"{action}"'))
    with pytest.raises(HistoryParseError, match=re.escape(message)):
        replay_hand(hand)


# -- 3. bounds per file and per hand ------------------------------------------------------------------

def test_file_size_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", 100_000)
    big = tmp_path / "big.phh"
    big.write_text(GOOD + "_pad = '" + "x" * 200_000 + "'\n")
    with pytest.raises(HistoryParseError, match=r"big.phh: larger than 100,000 bytes"):
        load(big)
    with pytest.raises(HistoryParseError, match=r"larger than 100,000 characters"):
        loads(big.read_text())
    (report,) = replay_file(str(big))
    assert report.status == "error" and "larger than" in report.message


def test_tomllib_way_and_hands_per_file_are_bounded(monkeypatch):
    text = GOOD + "_x = [" + "[], " * 300_000 + "]  # beyond the fast subset\n"
    with pytest.raises(HistoryParseError, match="larger than 1,048,576 characters, and beyond the fast subset"):
        loads(text)
    monkeypatch.setattr(reader, "MAX_HANDS_PER_FILE", 3)
    assert len(loads_all("".join(f"[{i}]\n{GOOD}" for i in range(3)))) == 3
    with pytest.raises(HistoryParseError, match="4 tables; at most 3 hands are read from one file"):
        loads_all("".join(f"[{i}]\n{GOOD}" for i in range(4)))
    with pytest.raises(HistoryParseError, match=r"more than 3 tables \('\[' lines\)"):
        loads_all("".join(f"[{i}]\n{GOOD}" for i in range(5)))


def test_the_fast_subset_takes_little_memory_on_long_arrays():
    """Its array patterns cost memory per item (385 MiB for 500,000 numbers): long arrays go the general way."""
    import tracemalloc

    for text in ("a = [" + "1," * 500_000 + "]", "a = [" + "1, " * 500_000 + "1]", "a = [" + "'a'," * 300_000 + "]"):
        tracemalloc.start()
        try:
            fasttoml.fast_loads(text)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 20 * 2**20, (text[:20], peak)


def test_a_device_is_read_no_further_than_the_bound(monkeypatch):
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", 1_000_000)
    with pytest.raises(HistoryParseError, match="larger than 1,000,000 bytes"):
        reader.read_text("/dev/zero")


def test_players_and_actions_are_bounded():
    n = record.MAX_PLAYERS + 1
    many = GOOD.replace("[0, 0]", str([0] * n)).replace("[1, 2]", str([1, 2] + [0] * (n - 2))).replace(
        "[100, 100]", str([100] * n)).replace("finishing_stacks = [101, 99]\n", "")
    with pytest.raises(HistoryParseError, match=f"starting_stacks lists {n} players; at most 32"):
        loads(many)
    long = GOOD.replace('"p2 f"', ", ".join(['""'] * record.MAX_ACTIONS))
    with pytest.raises(HistoryParseError, match="actions has 10002 entries; at most 10000"):
        loads(long)


def test_a_fifo_in_a_folder_is_skipped_and_deep_folders_are_walked(tmp_path):
    os.mkfifo(tmp_path / "pipe.phh")  # reading it would block for ever
    (tmp_path / "a.phh").write_text(GOOD)
    deep = tmp_path
    for _ in range(300):  # deeper than os.walk's recursion went comfortably
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "z.phh").write_text(GOOD)
    files = list(iter_files([tmp_path]))
    assert files == [str(tmp_path / "a.phh"), str(deep / "z.phh")]


def test_jobs_are_bounded(capsys, monkeypatch):
    def no_run(*args, **kwargs):  # (without the bound, 100,000 processes would be started)
        raise AssertionError("replay_paths called")

    monkeypatch.setattr(corpus, "replay_paths", no_run)
    assert main(["replay", "--jobs", "100000", str(FIXTURES / "historical")]) == 2
    assert capsys.readouterr().err == "pokerengine: error: --jobs must be at most 256, got 100000\n"
    monkeypatch.undo()
    assert replay_paths([FIXTURES / "historical"], jobs=0).hands == 5  # the API takes it as 1
    assert replay_paths([FIXTURES / "historical" / "dwan-ivey-2009.phh"], jobs=200).hands == 1  # one file: no pool


# -- the mutation loop ----------------------------------------------------------------------------------

INTERESTING = [
    b"1" + b"0" * 5000, b"9223372036854775808", b"-9223372036854775809", b"18446744073709551616", b"-5", b"-0",
    b"nan", b"inf", b"-inf", b"+inf", b"1e400", b"1e-400", b"0.1", b"674.5", b"0", b"0x" + b"f" * 100, b"1_0",
    b"[" * 500, b"]" * 500, b"{" * 300, b"[" * 64 + b"]" * 64, b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xef\xbb\xbf",
    b"\x00", b"\r", b"\n", b'"', b"'", b"'''", b'"""', b"\\", b"#", b"=", b",", b"a.b.c", b"[1]\n", b"[[a]]\n",
    b'"' + b"x" * 100_000 + b'"', b"[" + b"0, " * 20_000 + b"0]", b"['" + b"', '".join([b"p1 cc"] * 5000) + b"']",
    b"p" + b"9" * 50, b"p0", b"p33", b"d dh p1 " + b"As" * 1000, b"cbr 1" + b"0" * 60, b"sm -", b"sd ????",
    b"\xf0\x9f\x82\xa1", b"\xd9\xa5",  # a playing card; ARABIC-INDIC DIGIT FIVE
]
#: Words that keep the TOML valid, to reach the interpreter: amounts, cards, verbs, players.
GENTLE = [b"0", b"1", b"2", b"-5", b"674.5", b"0.001", b"9223372036854775807", b"nan", b"inf", b"1e3", b"??", b"????",
          b"AsAs", b"As", b"AsKsQsJsTs", b"2c", b"6d", b"cbr", b"cc", b"f", b"pb", b"sd", b"sm", b"db", b"dh", b"d",
          b"p1", b"p2", b"p7", b"p99", b"-", b"#"]
_NUMBER = re.compile(rb"-?[0-9][0-9.]*|inf|nan")
_WORD = re.compile(rb"[A-Za-z0-9?]+")
_QUOTED = re.compile(rb"'[^'\n]*'|\"[^\"\n]*\"")


def mutate(data: bytes, other: bytes, rng: random.Random) -> bytes:
    """One to four byte-level mutations of ``data`` (``other``: a second file, for splicing)."""
    data = bytearray(data)
    gentle = rng.random() < 0.4  # words and actions only, mostly valid TOML: the interpreter's turn
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        op = rng.choice((5, 7, 8, 9, 10)) if gentle else rng.randrange(11)
        at = rng.randint(0, len(data))
        if op == 0 and data:  # flip bits
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(data))
                data[i] ^= 1 << rng.randrange(8)
        elif op == 1:  # insert random bytes
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2 and data:  # delete a few bytes
            del data[at : at + rng.randint(1, 16)]
        elif op == 3 and data:  # duplicate a chunk, perhaps many times
            start = rng.randrange(len(data))
            chunk = data[start : start + rng.randint(1, 64)]
            data[at:at] = chunk * rng.choice((1, 2, 10, 1000))
        elif op == 4:  # splice with another file
            cut = rng.randint(0, len(other))
            data = data[:at] + bytearray(other[cut:])
        elif op == 5:  # an interesting value in place of a number
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                m = rng.choice(numbers)
                data[m.start() : m.end()] = rng.choice(GENTLE[:10] if gentle else INTERESTING)
        elif op == 6:  # an interesting value anywhere
            data[at:at] = rng.choice(INTERESTING)
        elif op == 7 or op == 8:  # a word (a card, a verb, a player, a number) for another, or an interesting one
            words = list(_WORD.finditer(data))
            if words:
                m = rng.choice(words)
                new = rng.choice(words).group() if op == 7 else rng.choice(GENTLE if gentle else INTERESTING)
                data[m.start() : m.end()] = new
        else:  # an action (any quoted string) duplicated or dropped
            quoted = list(_QUOTED.finditer(data))
            if quoted:
                m = rng.choice(quoted)
                if op == 9:
                    data[m.end() : m.end()] = b", " + m.group()
                else:
                    del data[m.start() : m.end() + 2]
    return bytes(data)


def fuzz(count: int, folder: Path, seed: int = 12) -> dict:
    """Mutate the fixtures ``count`` times into ``folder``, read and replay each mutant; return the counts:
    ``crashes`` (an exception out of ``replay_file``: the whole run would stop), ``internal`` (a report
    labelled internal error), ``non_engine`` (``load``/``replay_hand`` raising anything but a
    PokerEngineError), ``slow`` (a mutant taking more than 2 s of CPU), and examples of each."""
    rng = random.Random(seed)
    sources = sorted(iter_files([FIXTURES]))
    texts = [Path(p).read_bytes() for p in sources]
    counts = {"mutants": 0, "hands": 0, "errors": 0, "crashes": 0, "internal": 0, "non_engine": 0, "slow": 0,
              "max_cpu_s": 0.0, "examples": []}
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(count):
        i, j = rng.randrange(len(texts)), rng.randrange(len(texts))
        suffix = ".phhs" if rng.random() < 0.2 else ".phh"
        data = mutate(texts[i], texts[j], rng)
        if suffix == ".phhs":
            data = b"[1]\n" + data + b"\n[2]\n" + texts[j]
        path = folder / f"m{k:05d}{suffix}"
        path.write_bytes(data)
        counts["mutants"] += 1
        start = time.process_time()
        try:
            reports = replay_file(str(path))
        except BaseException as exc:  # noqa: BLE001 - what a whole run would die of
            counts["crashes"] += 1
            counts["examples"].append(f"crash {path.name}: {type(exc).__name__}: {str(exc)[:100]}")
            reports = []
        for r in reports:
            counts["hands"] += 1
            if r.status == "error":
                counts["errors"] += 1
                if "internal error" in (r.message or ""):
                    counts["internal"] += 1
                    counts["examples"].append(f"internal {path.name}: {r.message[:160]}")
        try:
            for hand in load(path):
                try:
                    replay_hand(hand)
                except PokerEngineError:
                    pass
        except PokerEngineError:
            pass
        except Exception as exc:  # noqa: BLE001
            counts["non_engine"] += 1
            counts["examples"].append(f"non-engine {path.name}: {type(exc).__name__}: {str(exc)[:100]}")
        cpu = time.process_time() - start
        counts["max_cpu_s"] = max(counts["max_cpu_s"], round(cpu, 3))
        if cpu > 2.0:
            counts["slow"] += 1
            counts["examples"].append(f"slow {path.name}: {cpu:.2f} s")
    return counts


def test_mutated_fixtures_never_crash_the_reader_or_the_replay(tmp_path):
    count = int(os.environ.get("POKERENGINE_FUZZ", "300"))
    counts = fuzz(count, tmp_path / "mutants")
    assert counts["mutants"] == count
    assert counts["errors"] > count // 10  # the mutants do break things: the loop is not idle
    assert (counts["crashes"], counts["internal"], counts["non_engine"], counts["slow"]) == (0, 0, 0, 0), \
        counts["examples"][:10]


def test_a_whole_run_over_mutants_prints_its_summary(tmp_path):
    fuzz(60, tmp_path, seed=3)
    for jobs in ("1", "2"):
        run = subprocess.run([sys.executable, "-m", "pokerengine", "replay", "--json", "--jobs", jobs, str(tmp_path)],
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 1, run.stderr[-2000:]
        assert run.stderr == ""
        data = json.loads(run.stdout)
        assert data["files"] == 60 and data["errors"]
        assert not [e for e in data["errors"] if "internal error" in e["message"]]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        result = fuzz(int(sys.argv[1]) if len(sys.argv) > 1 else 6000, Path(d),
                      seed=int(sys.argv[2]) if len(sys.argv) > 2 else 12)
    examples = result.pop("examples")
    print(json.dumps(result))
    for line in examples[:40]:
        print(line)


def _die_on_third_file(path, explicit=True):
    """Stands in for replay_file in a worker: the process dies as if killed for memory."""
    import os
    import signal

    if path.endswith("/3.phh"):
        os.kill(os.getpid(), signal.SIGKILL)
    return _REAL_REPLAY_FILE(path, explicit)


_REAL_REPLAY_FILE = None


@pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")
def test_a_dying_worker_ends_the_run_with_a_summary(monkeypatch):
    """Regression: with --jobs N, a worker killed mid-run (out of memory) made Pool.imap wait forever.
    Now the run ends; the files left without a report are errors saying why."""
    import pokerengine.replay.files as replay_module

    global _REAL_REPLAY_FILE
    _REAL_REPLAY_FILE = replay_module.replay_file
    monkeypatch.setattr(replay_module, "replay_file", _die_on_third_file)
    summary = corpus.replay_paths([FIXTURES / "pluribus" / "102"], jobs=2)
    died = [r for r in summary.errors if "worker process died" in (r.message or "")]
    assert died, "the files the dead worker held must be reported"
    assert summary.files == len(list(replay_module.iter_files([FIXTURES / "pluribus" / "102"])))


@pytest.mark.parametrize("field", ["bring_in", "small_bet", "big_bet"])
def test_a_whole_float_bet_size_replays_like_the_integer(field):
    """Regression: with every other amount an int, ``small_bet = 250000.0`` stayed a float and the
    hand failed to settle ("contributed must be an integer number of chips, got 300000.0")."""
    text = (FIXTURES / "wsop-2023-43-day5" / "02-28-14.phh").read_text()
    floated = re.sub(rf"^{field} = (\d+)$", rf"{field} = \1.0", text, flags=re.M)
    assert floated != text
    assert replay_hand(loads(floated)).status == replay_hand(loads(text)).status == "matched"


@settings(max_examples=300)
@given(st.lists(st.text(st.characters(exclude_categories=("Cs",)), max_size=12), min_size=1, max_size=4))
def test_fast_reader_reads_escaped_strings_as_tomllib_does(names):
    # What the writer produces for a quote, a backslash or a control character in a name is a basic
    # string with escapes: the fast subset reads it (so a big record round-trips without tomllib's
    # 1 MiB limit) and gets what tomllib gets.
    def basic(text):
        out = []
        for ch in text:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    doc = f"a = {basic(names[0])}\nb = [{', '.join(map(basic, names))}]\n"
    assert fasttoml.fast_loads(doc) == tomllib.loads(doc) == {"a": names[0], "b": names}


def test_a_big_record_with_a_quote_in_a_name_round_trips():
    # Found by the deep fuzz run: a 1 MB event name with a quote in it was read (a literal string)
    # but written as a basic string with an escape, which only tomllib read, and tomllib reads at
    # most 1 MiB.
    hand = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                         'starting_stacks = [100, 100]\nactions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]\n'
                         "event = '" + 'say "hi" ' * 120_000 + "'\n")
    written = dumps(hand)
    assert len(written) > fasttoml.MAX_TOML_BYTES
    assert dumps(loads(written)) == written
