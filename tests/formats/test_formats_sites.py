"""What every site reader must do, once for every format of ``pokerengine.formats.FORMATS``
and its fixture folder ``fixtures/<name>/``; what each folder holds is ``tests/site_fixtures.py``'s table.

- ``detect`` says which site each bundled file is (and of the samples outside the repository, when they
  are on the machine): every file is its folder's site's, or what the table says it is instead;
- every bundled hand's verdict is ``matched`` unless the table gives another (with its reason), the
  files cut short stop with an error naming the file, the hand and the line after the hands before;
- every bundled hand converts to PHH and to OHH (``convert_hands``) and the converted hand replays to
  the same verdict;
- the bundled copies in other encodings read the same hands, and so does any file re-encoded as UTF-16
  (with a byte-order mark), UTF-8 with a mark or Windows-1252 (where it can be), with Windows line ends;
- a reader's own ``read_<site>(path)`` gives the hands the registry reads from the same file;
- bad input (not text, empty, not the site's, an overlong line, a hand of too many lines) and random
  damage to the bytes of any bundled file raise nothing but :class:`~pokerengine.errors.HistoryParseError`
  (and the check nothing but :class:`~pokerengine.errors.PokerEngineError`), in one line naming the file,
  within a time bound.

The per-site files (``tests/test_<site>.py``) keep what is the site's own: the exact amounts of its
hand-written hands, its oddities, its errors line by line, its real files outside the repository.
"""

from __future__ import annotations

import functools
import importlib
import re
import time

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError
from pokerengine.formats import FORMATS, detect, names, read_text, site_hands
from pokerengine.formats.encodings import decode
from pokerengine.formats.ohh import read_ohh
from pokerengine.replay.convert import convert_hands, read_hands, write_hands
from pokerengine.replay.files import report
from pokerengine.formats.sitehand import SiteHand
from pokerengine.replay.site_check import check_site
from site_fixtures import BY_NAME, EXTERNAL_FOLDERS, FPDB, HHSMITHY, MISFILED, ROOT, SITES, Site

SITE_NAMES = [site.name for site in SITES]
#: The most seconds one damaged or hostile file may take to be read and checked (a reader that backtracks
#: or loops on bad input takes far longer; a sound one a small part of this).
TIME_BOUND = 10.0
#: The most bytes of a bundled file damaged at random (a file's first hands: each example stays quick).
PREFIX = 12_288


def test_the_table_has_every_registered_format_and_only_those():
    assert SITE_NAMES == list(names()) == [f.name for f in FORMATS]
    for site in SITES:
        files = set(site.files())
        assert site.folder.is_dir()
        assert (site.folder / "README.md").is_file() or site.name == "ohh"  # (OHH's: tests/formats/test_ohh.py's docstring)
        named = set(site.not_site) | set(site.cut) | set(site.no_hands) | set(site.copies)
        named |= {rel for rel, _ in site.verdicts} | {rel for rel, _ in site.unconvertible}
        named |= {o for originals in site.copies.values() for o in originals}
        assert named <= files, (site.name, sorted(named - files))
        # the real files of other projects are bundled with their licence beside them
        for sub in {rel.split("/")[0] for rel in files if "/" in rel} - {"handwritten"}:
            assert (site.folder / sub / "LICENSE").is_file() or (site.folder / "LICENSE").is_file(), (site.name, sub)


# -- reading, once for all the tests ------------------------------------------------------------------


@attrs.frozen
class Read:
    """A file's hands, and the error that stopped the reader (``None``: read to its end)."""

    hands: tuple[SiteHand, ...]
    error: str | None


def read(text: str, name: str, source: str) -> Read:
    hands: list[SiteHand] = []
    try:
        for hand in site_hands(text, name, source=source):
            hands.append(hand)
    except HistoryParseError as exc:
        return Read(tuple(hands), str(exc))
    return Read(tuple(hands), None)


@functools.cache
def text_of(name: str, rel: str) -> str:
    return read_text(str(BY_NAME[name].folder / rel))


@functools.cache
def bundled(name: str, rel: str) -> Read:
    return read(text_of(name, rel), name, rel)


@functools.cache
def verdict(name: str, rel: str, k: int) -> tuple[str, str]:
    """The check's verdict on the ``k``-th hand of a file and its message (an error: its class name)."""
    try:
        result = check_site(bundled(name, rel).hands[k])
    except PokerEngineError as exc:
        return type(exc).__name__, str(exc)
    return result.status, result.message


def same(hand: SiteHand) -> SiteHand:
    """A hand as read, whichever file and place it was read from."""
    return attrs.evolve(hand, source=None, index=0)


# -- which site a file is -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SITE_NAMES)
def test_detect_names_the_site_of_every_bundled_file(name):
    site = BY_NAME[name]
    for rel in site.files():
        assert detect(text_of(name, rel)) == site.not_site.get(rel, (name,))[0], rel
    for rel in site.not_site:  # and the site's reader refuses what is not its
        got = bundled(name, rel)
        assert got.error is not None and got.error.startswith(rel) and "\n" not in got.error and not got.hands, rel


def test_detect_claims_no_other_bundled_file():
    sites = {site.folder for site in SITES}
    others = [p for p in ROOT.rglob("*") if p.is_file() and not any(f in p.parents for f in sites)]
    assert len(others) > 600  # PHH records, settlements, tournament logs, structures
    claimed = {str(p.relative_to(ROOT)): detect(read_text(str(p))) for p in others}
    assert {rel: fmt for rel, fmt in claimed.items() if fmt not in (None, "phh")} == {}


@pytest.mark.skipif(not (FPDB.is_dir() and HHSMITHY.is_dir()), reason="the samples of fpdb-3 and HHSmithy are not here")
def test_detect_names_the_site_of_every_sample_outside_the_repository():
    """A sample filed under a site read here is that site's or no site's (a tournament summary, another of
    the network's formats); one filed under another site is no site's read here (but HHSmithy's misfiled)."""
    seen = 0
    for base in (FPDB, HHSMITHY):
        for path in base.rglob("*"):
            if not path.is_file():
                continue
            rel = path.relative_to(base)
            folder = rel.parts[1 if base == FPDB else 0] if len(rel.parts) > 2 else ""
            got = detect(read_text(str(path)))
            want = MISFILED.get(str(rel), EXTERNAL_FOLDERS.get(folder))
            seen += 1
            assert got is None or got == want, (str(rel), got)
    assert seen > 1500


# -- every bundled hand's verdict ----------------------------------------------------------------------


@pytest.mark.parametrize("name", SITE_NAMES)
def test_every_bundled_hand_is_matched_or_the_table_says_why_not(name):
    site = BY_NAME[name]
    hands, seen = [], set()
    for rel in site.own():
        got = bundled(name, rel)
        if rel in site.cut:
            before, words, _ = site.cut[rel]
            assert got.error is not None and len(got.hands) == before, (rel, got.error)
            assert got.error.startswith(f"{rel}, hand ") and re.search(r", line \d+: ", got.error), got.error
            assert words in got.error and "\n" not in got.error, got.error
        else:
            assert got.error is None, got.error
            assert bool(got.hands) == (rel not in site.no_hands), rel
        for k, hand in enumerate(got.hands):
            status, message = verdict(name, rel, k)
            want, words, _ = site.verdicts.get((rel, hand.hand_id), ("matched", "", ""))
            assert (status, words in message) == (want, True), (rel, hand.hand_id, message)
            seen.add((rel, hand.hand_id))
            assert hand.format == name and hand.source == rel
        hands.extend(got.hands)
    assert len(hands) == site.hands and set(site.verdicts) <= seen
    assert {h.history.variant for h in hands} == site.variants
    assert sum(h.history.currency is None for h in hands) == site.chips


@pytest.mark.parametrize("name", SITE_NAMES)
def test_every_bundled_hand_converts_to_phh_and_ohh_and_replays_to_the_same_verdict(name):
    """``convert_hands`` to PHH keeps every hand but those the table names (and says why of each and of a
    file cut short); the PHH it writes replays to each hand's verdict, and so does the OHH that convert's
    writer makes of the same hands, read back.  (Where a file has an error, ``convert_hands`` to OHH says
    the same; elsewhere its hand-by-hand round trip would only repeat the write and read of the whole.)"""
    site = BY_NAME[name]
    converted = 0
    for rel in site.own():
        got = bundled(name, rel)
        left_out = {k for k, h in enumerate(got.hands) if (rel, h.hand_id) in site.unconvertible}
        kept = [k for k in range(len(got.hands)) if k not in left_out]
        for to in ("phh", "ohh") if left_out or got.error else ("phh",):
            done = convert_hands(text_of(name, rel), to, source=rel, fmt=name)
            errors = list(done.errors)
            for k in sorted(left_out):
                message = errors.pop(0)
                pattern = site.unconvertible[(rel, got.hands[k].hand_id)]
                assert re.search(pattern, message) and message.startswith(rel), message
            assert errors == ([got.error] if got.error else []), (rel, to)
            assert done.hands == len(kept) and [h.index for h in done.kept] == [got.hands[k].index for k in kept]
            assert bool(done.text) == bool(kept)
            if to == "phh" and kept:
                back = [report(record).status for record in read_hands(done.text, fmt="phh", source=rel)]
                assert back == [verdict(name, rel, k)[0] for k in kept], (rel, to)
        if kept:
            written = write_hands([got.hands[k] for k in kept], "ohh")
            back = [check_site(hand).status for hand in read_ohh(written, source=rel)]
            assert back == [verdict(name, rel, k)[0] for k in kept], (rel, "ohh")
        converted += len(kept)
    assert converted == site.hands - len(site.unconvertible)


# -- encodings and line ends ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [site.name for site in SITES if site.copies])
def test_the_bundled_copies_in_other_encodings_read_the_same_hands(name):
    site = BY_NAME[name]
    for rel, originals in site.copies.items():
        copy = bundled(name, rel)
        ids = {h.hand_id for h in copy.hands}
        want = [same(h) for o in originals for h in bundled(name, o).hands if h.hand_id in ids]
        assert copy.error is None and copy.hands and [same(h) for h in copy.hands] == want, rel
        assert (site.folder / rel).read_bytes() != b"".join((site.folder / o).read_bytes() for o in originals)


def _encodings(text: str) -> list[str]:
    """The encodings ``text`` can be written in and read back: UTF-16 and UTF-8 with a byte-order mark,
    and Windows-1252 where it holds every character and its bytes are not UTF-8 as well."""
    out = ["utf-16", "utf-8-sig"]
    try:
        data = text.encode("cp1252")
    except UnicodeEncodeError:
        return out
    return out + ["cp1252"] if decode(data) == text else out


#: The readers whose ``read_<name>(path)`` takes a file in any encoding the registry reads.
READ_ANY_ENCODING = ("bovada", "fulltilt", "ggpoker", "ipoker", "pacific", "partypoker", "winamax", "winning")


@pytest.mark.parametrize("name", READ_ANY_ENCODING)
def test_a_readers_read_function_gives_the_hands_the_registry_reads_from_the_file(name):
    read_file = getattr(importlib.import_module(f"pokerengine.formats.{name}"), f"read_{name}")
    paths = sorted((BY_NAME[name].folder / "handwritten").iterdir())
    assert paths
    for path in paths:
        try:
            want: list[SiteHand] | str = [same(h) for h in site_hands(read_text(str(path)), name, source=str(path))]
        except HistoryParseError as exc:
            want = str(exc)
        try:
            got: list[SiteHand] | str = [same(h) for h in read_file(str(path))]
        except HistoryParseError as exc:
            got = str(exc)
        assert got == want, path.name


@pytest.mark.parametrize("name", SITE_NAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_any_bundled_file_re_encoded_with_windows_line_ends_reads_the_same_hands(name, data):
    site = BY_NAME[name]
    rel = data.draw(st.sampled_from([r for r in site.own() if r not in site.no_hands]), label="file")
    original_text = text_of(name, rel)
    end = data.draw(st.sampled_from(["\r\n", "\n"]), label="line end")
    text = end.join(original_text.splitlines()) + (end if original_text.endswith(("\n", "\r")) else "")
    codec = data.draw(st.sampled_from(_encodings(text)), label="encoding")
    again = read(decode(text.encode(codec)), name, rel)
    original = bundled(name, rel)
    assert [same(h) for h in again.hands] == [same(h) for h in original.hands]
    assert again.error == original.error


# -- hostile input ------------------------------------------------------------------------------------


def _raises_one_line(text: object, name: str) -> str:
    start = time.perf_counter()
    with pytest.raises(HistoryParseError) as info:
        for _ in site_hands(text, name, source="s.txt"):  # type: ignore[arg-type]
            pass
    message = str(info.value)
    assert time.perf_counter() - start < TIME_BOUND
    assert "\n" not in message and message.startswith("s.txt") and len(message) < 400, message
    return message


def _sample(site: Site) -> str:
    """The site's first hand-written file that reads to its end with hands."""
    return next(text_of(site.name, rel) for rel in site.own()
                if bundled(site.name, rel).error is None and bundled(site.name, rel).hands)


@pytest.mark.parametrize("name", SITE_NAMES)
def test_what_is_not_the_sites_text_is_a_clean_error(name):
    for junk in (12, None, 4.5, ["x"], "Dear diary", "\x00" * 50, "}{" * 30):
        _raises_one_line(junk, name)
    for empty in ("", "\n\n", "\ufeff"):
        try:
            assert list(site_hands(empty, name, source="s.txt")) == []  # no hand: nothing read
        except HistoryParseError as exc:
            assert re.fullmatch(r"s\.txt: no [\w ]+ hand in the text", str(exc)), str(exc)
    other = _sample(BY_NAME["bovada" if name == "pokerstars" else "pokerstars"])
    _raises_one_line(other, name)


@pytest.mark.parametrize("name", SITE_NAMES)
def test_an_overlong_line_or_hand_is_refused_in_time(name):
    lines = _sample(BY_NAME[name]).splitlines()
    _raises_one_line("\n".join(lines[:2] + ["x" * 300_000] + lines[2:]), name)
    _raises_one_line("\n".join(lines[:3] + ["x"] * 6_000 + lines[3:]), name)


#: Words the sites write, for damage that changes one action into another.
WORDS = (b"calls", b"raises", b"bets", b"folds", b"checks", b"shows", b"mucks", b"posts", b"all-in", b"collected",
         b"wins", b"small blind", b"big blind", b"ante", b"Seat", b"***", b"\r\n", b"\n", b"\x00", b"<", b">", b'"',
         b"{", b"}", b"[", b"]", b"$", b"\xe2\x82\xac", b",", b".", b":", b"-", b"0", b"9", b"99999999999",
         b"</game>", b"<game ", b'<round no="9">', b'type="7"', b"&", b'"spec_version"', b"null")


def _damaged(data: bytes, draw) -> bytes:
    for _ in range(draw(st.integers(1, 4), label="edits")):
        at = draw(st.integers(0, len(data)), label="at")
        how = draw(st.sampled_from(["byte", "delete", "insert", "word", "line", "swap", "cut"]), label="how")
        if how == "byte" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([draw(st.integers(0, 255), label="byte")]) + data[at + 1:]
        elif how == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 60), label="length"):]
        elif how == "insert":
            data = data[:at] + draw(st.sampled_from(WORDS), label="insert") + data[at:]
        elif how == "word":
            old, new = draw(st.sampled_from(WORDS[:14]), label="old"), draw(st.sampled_from(WORDS[:14]), label="new")
            data = data.replace(old, new, draw(st.integers(1, 3), label="times"))
        elif how in ("line", "swap"):
            lines = data.split(b"\n")
            i, j = (draw(st.integers(0, len(lines) - 1), label="line") for _ in range(2))
            if how == "line":
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        else:
            data = data[:at]
    return data


@pytest.mark.parametrize("name", SITE_NAMES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_damaged_files_raise_nothing_but_clean_errors_in_time(name, data):
    site = BY_NAME[name]
    rel = data.draw(st.sampled_from(site.own()), label="file")
    raw = (site.folder / rel).read_bytes()
    if len(raw) > PREFIX:  # (a large file's first hands, to its last whole line within the bound)
        raw = raw[:raw.rfind(b"\n", 0, PREFIX) + 1] or raw[:PREFIX]
    damaged = _damaged(raw, data.draw)
    start = time.perf_counter()
    try:
        hands = list(site_hands(decode(damaged), name, source=rel))
    except HistoryParseError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(rel), str(exc)
        hands = []
    for hand in hands:
        try:
            check_site(hand)
        except PokerEngineError as exc:
            assert "\n" not in str(exc) and rel in str(exc), str(exc)
    assert time.perf_counter() - start < TIME_BOUND
