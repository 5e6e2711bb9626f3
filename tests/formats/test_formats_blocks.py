"""The shared hand splitter (formats/blocks.py), and a bad hand that costs only itself, not the rest of its file.

The splitter's limits, each at its bound and one past it; for every registered format, a file of three
hands whose middle one is damaged: with ``errors=True`` the first and third are read and matched and
the middle is one error, without it the old behaviour (an exception after the first hand); replay,
corpus rows and convert on such a file; and a property: random damage to one hand leaves the other
hands' reports as they were.
"""

from __future__ import annotations

import json
import pickle
import re
from contextlib import nullcontext
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerengine.cli import main
from pokerengine.errors import HistoryParseError
from pokerengine.formats import names, read_text, site_hands
from pokerengine.formats.blocks import (
    LIMITS, MAX_HAND_LINES, MAX_HANDS, MAX_LINE_CHARS, MAX_TEXT_CHARS, Block, HandError, Limits, NoHand, checked_text,
    file_text, hand_blocks, only_hands, read_blocks,
)
from pokerengine.replay.convert import convert_hands
from pokerengine.replay.corpus import Shard, rows
from pokerengine.replay.files import site_reports
from pokerengine.formats.sitehand import SiteHand
from pokerengine.replay.site_check import check_site

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _blocks(text: str, **kw: object) -> list[Block]:
    args: dict[str, object] = {"where": "f.txt", "starts": "H", "name": "Demo", "expected": "'H...'"}
    args.update(kw)
    return list(hand_blocks(text, **args))  # type: ignore[arg-type]


# -- the splitter's limits -----------------------------------------------------------------------------


def test_the_readers_share_the_limits():
    assert LIMITS == Limits(MAX_TEXT_CHARS, MAX_HANDS, MAX_LINE_CHARS, MAX_HAND_LINES)
    assert (MAX_TEXT_CHARS, MAX_HANDS, MAX_LINE_CHARS, MAX_HAND_LINES) == (50_000_000, 100_000, 2_000, 2_000)
    from pokerengine.formats import bovada, fulltilt, ggpoker, pacific, partypoker, pokerstars, winamax, winning

    for module in (bovada, fulltilt, ggpoker, pacific, partypoker, pokerstars, winamax, winning):
        assert (module.MAX_TEXT_CHARS, module.MAX_HANDS, module.MAX_LINE_CHARS, module.MAX_HAND_LINES) == (
            MAX_TEXT_CHARS, MAX_HANDS, MAX_LINE_CHARS, MAX_HAND_LINES), module.__name__


def test_text_chars_at_the_bound_and_one_past():
    text = "x" * MAX_TEXT_CHARS
    assert checked_text(text, "f.txt") is text
    with pytest.raises(HistoryParseError, match=r"^f\.txt: 50,000,001 characters, more than the 50,000,000 a file may hold$"):
        checked_text(text + "x", "f.txt")
    assert checked_text("\ufeff" + "x" * 9, "f.txt", limits=Limits(text_chars=10)) == "x" * 9
    with pytest.raises(HistoryParseError, match="^f.txt: expected text, got"):
        checked_text(b"H1", "f.txt")
    assert checked_text(b"\xef\xbb\xbfH1", "f.txt", decode_bytes=True) == "H1"


def test_file_text_reads_a_sites_file_to_the_bound_and_refuses_past_it(tmp_path):
    path = tmp_path / "h.txt"
    path.write_bytes("Hand #1 ann €5".encode("utf-16"))  # UTF-16 with its byte-order mark
    assert file_text(str(path)) == "Hand #1 ann €5"
    path.write_bytes(b"\xef\xbb\xbf" + b"x" * 10)  # 13 bytes: past a bound of 12, and at a bound of 13
    assert file_text(str(path), limits=Limits(text_chars=13)) == "x" * 10
    with pytest.raises(HistoryParseError, match=r"h\.txt: larger than 12 bytes$"):
        file_text(str(path), limits=Limits(text_chars=12))
    with pytest.raises(HistoryParseError, match="^cannot read .*missing.txt"):
        file_text(str(tmp_path / "missing.txt"))


def test_line_chars_at_the_bound_and_one_past():
    ok = "x" * MAX_LINE_CHARS
    [block] = _blocks("H1\n" + ok + "\nend")
    assert block.error is None and block.lines == ("H1", ok, "end")
    [block] = _blocks("H1\n" + ok + "x\nend")
    assert str(block.error) == "f.txt, line 2: line of 2,001 characters, more than 2,000"
    assert block.lines == ("H1",)  # (nothing more is kept of a bad hand)
    # before the first hand: a hand whose first line is damaged (its error), then the hand after it
    bad, h1 = _blocks(ok + "x\nH1")
    assert str(bad.error) == "f.txt, line 1: line of 2,001 characters, more than 2,000" and bad.index == 0
    assert h1 == Block(1, (2,), ("H1",), last=True)
    with pytest.raises(HistoryParseError, match=r"^f\.txt, line 1: line of 2,001 characters, more than 2,000$"):
        _blocks(ok + "x\nno hand")  # (and no hand after it: the file's error)


def test_hand_lines_at_the_bound_and_one_past():
    [block] = _blocks("H1\n" + "a\n" * (MAX_HAND_LINES - 1))
    assert block.error is None and len(block.lines) == MAX_HAND_LINES
    blocks = _blocks("H1\n" + "a\n" * MAX_HAND_LINES + "H2\nb")
    assert str(blocks[0].error) == "f.txt, line 2001: a hand of more than 2,000 lines"
    assert len(blocks[0].lines) == MAX_HAND_LINES
    assert blocks[1] == Block(1, (2002, 2003), ("H2", "b"), last=True)


def test_hands_at_the_bound_and_one_past():
    text = "H\n" * MAX_HANDS
    blocks = _blocks(text)
    assert len(blocks) == MAX_HANDS and blocks[-1].index == MAX_HANDS - 1 and blocks[-1].last
    seen = []
    with pytest.raises(HistoryParseError, match=r"^f\.txt, line 100001: more than 100,000 hands in one file$"):
        for block in hand_blocks(text + "H\n", where="f.txt", starts="H", name="Demo", expected="'H...'"):
            seen.append(block)
    assert len(seen) == MAX_HANDS  # (every hand before the one too many is given)


def test_small_limits_each_at_the_bound_and_one_past():
    small = Limits(text_chars=100, hands=3, line_chars=5, hand_lines=3)
    assert len(_blocks("H\nH\nH", limits=small)) == 3
    with pytest.raises(HistoryParseError, match="more than 3 hands"):
        _blocks("H\nH\nH\nH", limits=small)
    assert [b.error for b in _blocks("H1\n12345\nab", limits=small)] == [None]
    assert "line of 6 characters, more than 5" in str(_blocks("H1\n123456", limits=small)[0].error)
    assert "a hand of more than 3 lines" in str(_blocks("H1\na\nb\nc", limits=small)[0].error)


def test_text_before_the_first_hand_and_no_hand():
    assert [b.lines for b in _blocks("\n  \nH1\nx")] == [("H1", "x")]
    # text before the first hand when a hand follows: a hand whose first line is damaged (its error)
    bad, h1 = _blocks("\njunk\nmore\nH1")
    assert str(bad.error) == "f.txt, line 2: expected a hand ('H...'), got 'junk'" and (bad.index, h1.index) == (0, 1)
    assert h1.lines == ("H1",)
    with pytest.raises(HistoryParseError, match=r"^f\.txt, line 2: expected a hand \('H\.\.\.'\), got 'junk'$"):
        _blocks("\njunk\nno hand")  # (and none follows: the file's error, at its first line)
    assert [b.lines for b in _blocks("junk\nH1", outside=lambda line: line == "junk")] == [("H1",)]
    with pytest.raises(HistoryParseError, match=r"^f\.txt: no Demo hand in the text$"):
        _blocks("\n\n")
    with pytest.raises(HistoryParseError, match=r"^f\.txt: nothing here$"):
        _blocks("", empty=lambda: "nothing here")


def test_hooks_clean_skip_cut_and_a_starts_test_with_state():
    blocks = _blocks("\ufeffH1 \n a \n#\nb\n", clean=lambda line: line.strip(" \ufeff"), skip=lambda line: line == "#")
    assert blocks == [Block(0, (1, 2, 4), ("H1", "a", "b"), last=True)]
    blocks = _blocks("H1\nend of oneH2\nx", cut=lambda line: line.find("H2"))
    assert [(b.numbers, b.lines) for b in blocks] == [((1, 2), ("H1", "end of one")), ((2, 3), ("H2", "x"))]
    seen: list[str] = []

    def starts(line: str) -> bool:  # called once for every line, in order
        seen.append(line)
        return line.startswith("H")

    _blocks("H1\na\n\nH2", starts=starts)
    assert seen == ["H1", "a", "", "H2"]


def test_read_blocks_gives_a_bad_hand_in_its_place_and_goes_on():
    text = "H1\nok\nH2\nbad\nH3\nskip\nH4\n" + "x" * 3000 + "\nH5\nok"

    def parse(block: Block) -> SiteHand | None:
        if block.lines[1:] == ("bad",):
            raise HistoryParseError(f"f.txt, hand {block.lines[0]}, line {block.first + 1}: bad")
        return None if block.lines[1:] == ("skip",) else block.lines[0]  # type: ignore[return-value]

    got = list(read_blocks(hand_blocks(text, where="f.txt", starts="H", name="D", expected="H"), parse, errors=True))
    assert got[0] == "H1" and got[-1] == "H5" and len(got) == 5
    assert isinstance(got[1], HandError) and (str(got[1]), got[1].index) == ("f.txt, hand H2, line 4: bad", 1)
    assert isinstance(got[2], NoHand) and got[2].index == 2 and "line 5: nothing played" in str(got[2])
    assert isinstance(got[3], HandError) and got[3].index == 3 and "line of 3,000 characters" in str(got[3])
    strict = read_blocks(hand_blocks(text, where="f.txt", starts="H", name="D", expected="H"), parse)
    assert next(strict) == "H1"
    with pytest.raises(HistoryParseError, match="^f.txt, hand H2, line 4: bad$") as exc:
        next(strict)
    assert not isinstance(exc.value, HandError)  # (without errors: the reader's own error)
    with pytest.raises(HandError):
        list(only_hands(iter(["H1", HandError("x", 1)])))  # type: ignore[list-item]


def test_hand_error_is_a_history_parse_error_that_pickles_with_its_index():
    e = HandError("f.txt, hand 7, line 3: bad", 4)
    back = pickle.loads(pickle.dumps(e))
    assert isinstance(back, HistoryParseError) and (str(back), back.index) == (str(e), 4)
    assert repr(e) == "HandError('f.txt, hand 7, line 3: bad', 4)"


# -- three hands, the middle one damaged: every registered format ---------------------------------------

#: A file of each format with three hands in a row that match; the first lines of a hand (up to its
#: header) as the segmenting below sees them.
TEXT_FILES = {
    "pokerstars": ("pokerstars/handwritten/games-draw.txt", r"PokerStars ", 1),
    "ggpoker": ("ggpoker/handwritten/allin_features.txt", r"Poker Hand #", 1),
    "winamax": ("winamax/handwritten/cash-nlhe-dead-blinds-cp1252.txt", r"Winamax Poker - ", 1),
    "partypoker": ("partypoker/handwritten/cash-games-utf16.txt", r"\*{5} Hand History", 1),
    "pacific": ("pacific/handwritten/cash-nl-holdem-crlf.txt", r"#Game No", 2),
    "fulltilt": ("fulltilt/handwritten/cash-holdem-utf16.txt", r"Full ?Tilt ?Poker Game #", 1),
    "winning": ("winning/handwritten/new-cash-cp1252.txt", r"Game started at|Hand #|Game Hand #", 1),
    "bovada": ("bovada/handwritten/cash_holdem.txt", r"(?:Bovada|Ignition|Bodog\S*) Hand #", 1),
    "pokernow": ("pokernow/handwritten/blinds-bomb-pot.csv", r'"-- starting hand #', 1),
}
IPOKER = "ipoker/hhsmithy/CashGame/MultipleHandsTests/10MultipleHands.txt"
OHH = "ohh/several.jsonl"
GARBLED = "@@ garbled line @@"


@lru_cache(maxsize=None)
def three(fmt: str) -> tuple[str, list[str], str, int]:
    """``(before, [hand 1, hand 2, hand 3], after, protected)``: the file's three hands' texts (each a
    list of lines joined), what stands before and after them, and how many first lines of a hand make
    its header (not damaged by the property, which would merge hands rather than damage one)."""
    if fmt == "ohh":
        lines = (FIXTURES / OHH).read_text(encoding="utf-8").splitlines()
        return "", lines[:3], "", 1
    if fmt == "ipoker":
        text = read_text(str(FIXTURES / IPOKER))
        games = [m.start() for m in re.finditer(r"[ \t]*<game gamecode", text)]
        ends = [text.index("</game>", g) + len("</game>\n") for g in games]
        return text[:games[0]], [text[g:e].rstrip("\n") for g, e in zip(games[:3], ends[:3])], "</session>\n", 1
    path, start, protected = TEXT_FILES[fmt]
    segs: list[list[str]] = []
    lines, before = read_text(str(FIXTURES / path)).splitlines(), ""
    if fmt == "pokernow":  # (a CSV log, newest first: its rows in the order they happened, the header before them)
        before, lines = lines[0] + "\n", sorted(lines[1:], key=lambda row: int(row.rsplit(",", 1)[1]))
    for line in lines:
        if re.match(start, line.lstrip("\ufeff")):
            segs.append([])
        if segs:
            segs[-1].append(line)
    return before, ["\n".join(s).rstrip("\n") for s in segs[:3]], "", protected


def join(fmt: str, hands: list[str]) -> str:
    before, _, after, _ = three(fmt)
    sep = "\n" if fmt in ("ohh", "ipoker") else "\n\n"
    return before + sep.join(hands) + "\n" + after


def damaged(fmt: str) -> str:
    """The three hands, the middle one damaged: a garbled line (iPoker: an element left open; OHH: a
    field of the wrong type)."""
    _, hands, _, protected = three(fmt)
    if fmt == "ohh":
        middle = hands[1].replace('"dealer_seat": ', '"dealer_seat": "x", "_": ', 1)
    elif fmt == "ipoker":
        middle = hands[1].replace("<round no=\"1\">", "<round no=\"1\"><garbled>", 1)
    else:
        lines = hands[1].split("\n")
        middle = "\n".join([*lines[:protected + 2], GARBLED, *lines[protected + 2:]])
    assert middle != hands[1]
    return join(fmt, [hands[0], middle, hands[2]])


def test_every_registered_format_has_its_three_hands():
    assert set(TEXT_FILES) | {"ipoker", "ohh"} == set(names())


@pytest.mark.parametrize("fmt", names())
def test_the_three_hands_are_read_and_matched_undamaged(fmt):
    hands = list(site_hands(join(fmt, three(fmt)[1]), fmt, source="three.txt"))
    assert [h.index for h in hands] == [0, 1, 2]
    assert [check_site(h).status for h in hands] == ["matched"] * 3


@pytest.mark.parametrize("fmt", names())
def test_a_damaged_middle_hand_is_one_error_and_the_file_goes_on(fmt):
    text = damaged(fmt)
    got = list(site_hands(text, fmt, source="three.txt", errors=True))
    assert len(got) == 3
    first, bad, last = got
    assert isinstance(first, SiteHand) and isinstance(last, SiteHand)
    assert (first.index, last.index) == (0, 2)
    assert check_site(first).status == check_site(last).status == "matched"
    undamaged = list(site_hands(join(fmt, three(fmt)[1]), fmt, source="three.txt"))
    assert (first, last) == (undamaged[0], undamaged[2])
    assert isinstance(bad, HandError) and bad.index == 1
    assert str(bad).startswith("three.txt, hand ")
    if fmt != "ohh":  # (OHH names the field, not a line)
        assert re.search(r", line [0-9]+: ", str(bad))
    # without errors=True: the first hand, then the middle one's error ends the file
    strict = site_hands(text, fmt, source="three.txt")
    assert next(strict) == first
    with pytest.raises(HistoryParseError) as exc:
        next(strict)
    assert str(exc.value) == str(bad) and not isinstance(exc.value, HandError)


@pytest.mark.parametrize("fmt", names())
def test_replay_of_a_damaged_file_two_matched_one_error(fmt, tmp_path, capsys):
    path = tmp_path / ("three.jsonl" if fmt == "ohh" else "three.txt")
    path.write_text(damaged(fmt), encoding="utf-8")
    assert main(["replay", "--json", "-q", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["hands"], report["matched"], report["errors_count"]) == (3, 2, 1)
    [error] = report["errors"]
    assert error["index"] == 1 and error["format"] == fmt


def test_corpus_rows_and_convert_keep_the_hands_after_a_bad_one(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(damaged("pokerstars"), encoding="utf-8")
    got = [(r["index"], r["status"]) for r in rows(Shard(str(path), 0))]
    assert got == [(0, "matched"), (1, "error"), (2, "matched")]
    converted = convert_hands(damaged("pokerstars"), "phh", source="three.txt")
    assert converted.hands == 2 and len(converted.errors) == 1
    assert converted.errors[0].startswith("three.txt, hand ") and GARBLED in converted.errors[0]
    assert converted.text.count("variant = ") == 2


@pytest.mark.parametrize("fmt", ["pokerstars", "ggpoker", "winamax", "fulltilt", "bovada"])
def test_a_hand_cut_mid_line_by_the_next_hands_first_line_loses_only_itself(fmt):
    _, hands, _, _ = three(fmt)
    lines = hands[1].split("\n")
    k = len(lines) // 2
    first, *rest = hands[2].split("\n")
    cut = "\n".join([*lines[:k], lines[k][: len(lines[k]) // 2] + first, *rest])
    text = join(fmt, [hands[0], cut]).rstrip("\n") + "\n"
    got = list(site_hands(text, fmt, source="cut.txt", errors=True))
    assert [type(h).__name__ for h in got] == ["SiteHand", "HandError", "SiteHand"]
    assert got[1].index == 1 and got[2].index == 2 and check_site(got[2]).status == "matched"
    assert got[2] == list(site_hands(join(fmt, hands), fmt, source="cut.txt"))[2]


def test_a_header_quoted_in_chat_does_not_cut_a_hand():
    _, hands, _, _ = three("pokerstars")
    lines = hands[1].split("\n")
    name = lines[3].split(": ")[1].split(" (")[0]  # (a seated player)
    chat = f'{name} said, "{hands[2].split(chr(10))[0]}"'
    at = lines.index("*** SUMMARY ***")
    text = join("pokerstars", [hands[0], "\n".join([*lines[:at], chat, *lines[at:]]), hands[2]])
    got = list(site_hands(text, "pokerstars", source="chat.txt", errors=True))
    assert [check_site(h).status for h in got] == ["matched"] * 3


def test_ipoker_reads_on_after_a_hand_cut_before_its_end():
    _, hands, _, _ = three("ipoker")
    text = join("ipoker", [hands[0], hands[1][: hands[1].index("</round>")], hands[2]])
    got = list(site_hands(text, "ipoker", source="cut.xml", errors=True))
    assert [type(h).__name__ for h in got] == ["SiteHand", "HandError", "SiteHand"]
    assert "the hand ends before its </game> (truncated?)" in str(got[1]) and got[2].index == 2


def test_ipoker_text_after_a_hand_that_is_no_sessions_is_an_error_after_that_hand():
    _, hands, _, _ = three("ipoker")
    text = join("ipoker", [hands[0], hands[1] + "\n</game> stray", hands[2]])
    got = list(site_hands(text, "ipoker", source="x.xml", errors=True))
    assert [type(h).__name__ for h in got] == ["SiteHand", "SiteHand", "HandError", "SiteHand"]
    assert [h.index for h in got] == [0, 1, 1, 2]
    assert re.match(r"x\.xml, hand [0-9]+, line [0-9]+: cannot read '</game> stray'$", str(got[2]))
    strict = site_hands(text, "ipoker", source="x.xml")
    assert [next(strict).index, next(strict).index] == [0, 1]  # (the hands before it, then the file's error)
    with pytest.raises(HistoryParseError, match=r"^x\.xml, line [0-9]+: cannot read '</game> stray'$"):
        next(strict)


def test_ohh_a_value_followed_on_its_line_by_junk_is_one_bad_value():
    _, hands, _, _ = three("ohh")
    text = join("ohh", [hands[0], "{}" + hands[1][2:], hands[2]])
    got = list(site_hands(text, "ohh", source="x.jsonl", errors=True))
    assert [type(h).__name__ for h in got] == ["SiteHand", "HandError", "SiteHand"]
    assert "something after the value on its line" in str(got[1]) and got[2].index == 2


@pytest.mark.parametrize("cut", [1, 30, 300, 1000, -2])
def test_ohh_reads_on_after_a_value_that_is_not_json(cut):
    _, hands, _, _ = three("ohh")
    text = join("ohh", [hands[0], hands[1][:cut], hands[2]])
    got = list(site_hands(text, "ohh", source="cut.jsonl", errors=True))
    assert [type(h).__name__ for h in got] == ["SiteHand", "HandError", "SiteHand"]
    assert "not valid JSON" in str(got[1]) and (got[1].index, got[2].index) == (1, 2)
    with pytest.raises(HistoryParseError, match="value 2: not valid JSON"):
        list(site_hands(text, "ohh", source="cut.jsonl"))


def test_ohh_time_stays_linear_on_values_that_never_close():
    # each line opens an array the next one nests in: every value fails at the text's end
    text = "[\n" + "0,\n" * 20_000 + ("[\n" + "0,\n" * 200) * 400
    got = list(site_hands(text, "ohh", source="deep.json", errors=True))
    assert len(got) <= 402 and all(isinstance(h, HandError) for h in got)


# -- a property: random damage to one hand leaves the other hands' reports as they were -------------------


def _damage(fmt: str, data: st.DataObject) -> str:
    _, hands, _, protected = three(fmt)
    if fmt == "ohh":  # a line cut short, or a character changed
        line = hands[1]
        at = data.draw(st.integers(1, len(line) - 1))
        kind = data.draw(st.sampled_from(["cut", "char"]))
        middle = line[:at] if kind == "cut" else line[:at] + data.draw(st.sampled_from("x]}:,\"0")) + line[at + 1:]
        return join(fmt, [hands[0], middle, hands[2]])
    lines = hands[1].split("\n")
    k = data.draw(st.integers(protected, len(lines) - 1))
    kind = data.draw(st.sampled_from(["junk", "cut", "drop", "rest", "double"]))
    junk = data.draw(st.text(alphabet="abz019 :$.,()[]#*-", min_size=1, max_size=40))
    if kind == "junk":
        lines[k] = junk
    elif kind == "cut":
        lines[k] = lines[k][: data.draw(st.integers(0, max(0, len(lines[k]) - 1)))]
    elif kind == "drop":
        del lines[k]
    elif kind == "rest":  # the hand cut short there
        lines = lines[:k]
    else:
        lines.insert(k, lines[k])
    return join(fmt, [hands[0], "\n".join(lines), hands[2]])


@pytest.mark.parametrize("fmt", names())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damage_to_one_hand_leaves_the_other_hands_reports_unchanged(fmt, data):
    name = "three.jsonl" if fmt == "ohh" else "three.txt"
    before = site_reports(name, join(fmt, three(fmt)[1]), fmt)
    text = _damage(fmt, data)
    after = site_reports(name, text, fmt)
    # with errors=True, the hands read without it come first, then more; without, the first error ends the file
    got = list(site_hands(text, fmt, source=name, errors=True))
    assert [h.index for h in got] == sorted(h.index for h in got)
    strict: list[SiteHand] = []
    with pytest.raises(HistoryParseError) if any(isinstance(h, HandError) for h in got) else nullcontext():
        for hand in site_hands(text, fmt, source=name):
            strict.append(hand)
    assert [h for h in got if isinstance(h, SiteHand)][:len(strict)] == strict
    assert [r for r in after if r.index != 1] == [before[0], before[2]]
    # the damaged hand: one report, none when what is left of it was not played, or (iPoker) its own and an
    # error for what follows it that is no session's text
    assert len(after) <= (4 if fmt == "ipoker" else 3)
