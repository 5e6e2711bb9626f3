"""Blind structures: levels, breaks, the clock, the JSON form and its refusals (pokerengine.tournament.structure)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.errors import TournamentError
from pokerengine.tournament.structure import MAX_FILE_BYTES, MAX_MINUTES, MAX_PERIODS, Break, Level, Structure

FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "structures").glob("*.json"))


def lv(small: int, big: int, minutes: int = 20, **kw: int) -> dict[str, int]:
    return {"small_blind": small, "big_blind": big, **kw, "minutes": minutes}


# -- the fixtures --------------------------------------------------------------------------------


def test_fixtures_exist():
    names = {p.name for p in FIXTURES}
    assert {"turbo.json", "deepstack-bba.json", "sng-hyper.json"} <= names


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_loads_and_round_trips(path):
    s = Structure.load(path)
    assert s.name
    assert Structure.from_json(s.to_json()) == s
    assert Structure.from_json(json.loads(path.read_text())) == s
    # Blinds never go down from one level to the next, as in every published structure.
    bigs = [level.big_blind for level in s.levels]
    assert bigs == sorted(bigs)


def test_deepstack_has_big_blind_antes_and_breaks():
    s = Structure.load(next(p for p in FIXTURES if p.name == "deepstack-bba.json"))
    assert s.level(1).big_blind_ante == 0 and s.level(3).big_blind_ante == 200
    assert all(level.ante == 0 for level in s.levels)
    # Levels of 40 minutes, a 15-minute break after every 4th: level 5 starts at 4*40 + 15 minutes.
    assert s.start_of(5) == (4 * 40 + 15) * 60
    assert s.level_at(4 * 40 * 60) == (5, True)
    assert s.level_at((4 * 40 + 15) * 60) == (5, False)


# -- the clock, worked by hand ---------------------------------------------------------------------


def test_level_at_worked():
    # 20-minute level 1, 10-minute break, 30-minute level 2, 15-minute level 3.
    s = Structure((Level(25, 50, minutes=20), Break(10), Level(50, 100, minutes=30), Level(75, 150, minutes=15)))
    assert s.level_at(0) == (1, False)
    assert s.level_at(20 * 60 - 1) == (1, False)
    assert s.level_at(20 * 60) == (2, True)  # the break: level 2 comes next
    assert s.level_at(30 * 60 - 1) == (2, True)
    assert s.level_at(30 * 60) == (2, False)
    assert s.level_at(60 * 60 - 1) == (2, False)
    assert s.level_at(60 * 60) == (3, False)
    assert s.level_at(75 * 60) == (3, False)  # past the end: the last level stays
    assert s.level_at(10**30) == (3, False)
    assert [s.start_of(n) for n in (1, 2, 3, 4)] == [0, 1800, 3600, 3600]
    assert s.level(3) is s.level(4) is s.level(10**6)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "10", None])
def test_level_at_refuses(bad):
    s = Structure((Level(1, 2, minutes=1),))
    with pytest.raises(TournamentError, match="elapsed_seconds"):
        s.level_at(bad)


@pytest.mark.parametrize("bad", [0, -3, 2.0, True, "1"])
def test_level_number_refused(bad):
    with pytest.raises(TournamentError, match="level number"):
        Structure((Level(1, 2, minutes=1),)).level(bad)


# -- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ([lv(25, 50), lv(50, 100.0)], r"^level 2: big_blind must be an integer number of chips, got 100\.0 \(float\)"),
        ([lv(25, 50, ante=True)], r"^level 1: ante must be an integer number of chips, got True \(bool\)"),
        ([lv(25, 50, minutes=True)], r"^level 1: minutes must be an integer"),
        ([lv(25, 50, minutes=20.0)], r"^level 1: minutes must be an integer"),
        ([lv("25", 50)], r"^level 1: small_blind must be an integer"),
        ([lv(25, 50), {"break": 5}, lv(50, 100), lv(100, 50)], r"^level 3: the small blind \(100\) is larger"),
        ([lv(0, 0)], r"^level 1: big_blind must be positive"),
        ([lv(-1, 2)], r"^level 1: small_blind must be non-negative"),
        ([lv(25, 50, ante=5, big_blind_ante=50)], r"^level 1: either an ante or a big blind ante, not both"),
        ([lv(25, 50, minutes=0)], r"^level 1: minutes must be from 1"),
        ([lv(25, 50, minutes=MAX_MINUTES + 1)], r"^level 1: minutes must be from 1"),
        ([lv(25, 50), {"break": 0}, lv(50, 100)], r"^break after level 1: minutes must be from 1"),
        ([lv(25, 50), {"break": 1.0}, lv(50, 100)], r"^break after level 1: minutes must be an integer"),
        ([lv(25, 50), {"break": 5, "minutes": 5}, lv(50, 100)], r"^break after level 1: a break has only"),
        ([{"break": 5}, lv(25, 50)], r"a break must come between two levels \(period 1"),
        ([lv(25, 50), {"break": 5}], r"a break must come between two levels \(period 2"),
        ([lv(25, 50), {"break": 5}, {"break": 5}, lv(50, 100)], r"period 3 is a break"),
        ([lv(25, 50), {"small_blind": 1, "big_blind": 2}], r"^level 2: 'minutes' is missing"),
        ([lv(25, 50, level=3)], r"^level 1: unknown key 'level'"),
        ([[25, 50, 20]], r"^level 1 must be a JSON object"),
        ([], r"from 1 to 1000 periods"),
        ([lv(1, 2, 1)] * (MAX_PERIODS + 1), r"from 1 to 1000 periods, got 1,001"),
        ([lv(25, 2**63)], r"^level 1: big_blind must be at most 2\*\*63 - 1"),
    ],
)
def test_from_json_refuses(levels, message):
    with pytest.raises(TournamentError, match=message):
        Structure.from_json({"levels": levels})
    # The same document as text: the bounded reader parses it first.
    with pytest.raises(TournamentError, match=message):
        Structure.from_json(json.dumps({"levels": levels}))


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "must be a JSON object"),
        ({}, "'levels' is missing"),
        ({"levels": {}}, "'levels' must be a list"),
        ({"levels": [lv(1, 2)], "clock": 1}, "unknown key 'clock'"),
        ({"levels": [lv(1, 2)], "name": 5}, "name must be a string"),
        ("[" * 100_000, "nested deeper"),
        ('{"levels": [{"small_blind": NaN}]}', "NaN is not a number"),
        (b"\xff", "not valid UTF-8"),
        ('{"levels": [{"small_blind": ' + "9" * 50 + "}]}", "integer of 50 digits"),
    ],
)
def test_document_refused(document, message):
    with pytest.raises(TournamentError, match=message):
        Structure.from_json(document)


def test_constructor_refusals():
    with pytest.raises(TournamentError, match="at least|from 1 to"):
        Structure(())
    with pytest.raises(TournamentError, match="got more"):
        Structure([Level(1, 2, minutes=1)] * (MAX_PERIODS + 1))
    with pytest.raises(TournamentError, match="period 2 must be a Level or a Break"):
        Structure((Level(1, 2, minutes=1), {"break": 5}))  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="^break: minutes"):
        Break(0)
    with pytest.raises(TournamentError, match="periods must be a sequence"):
        Structure("levels")  # type: ignore[arg-type]


def test_load_refuses_big_and_broken_files(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(TournamentError, match="larger than 1,048,576 bytes"):
        Structure.load(big)
    broken = tmp_path / "broken.json"
    broken.write_text('{"levels": [')
    with pytest.raises(TournamentError, match="not valid JSON"):
        Structure.load(broken)
    with pytest.raises(TournamentError, match="cannot read structure file"):
        Structure.load(tmp_path)  # a directory
    with pytest.raises(TournamentError, match="must be a path"):
        Structure.load(0)  # type: ignore[arg-type]  # not standard input


def test_load_accepts_exactly_the_bound(tmp_path):
    doc = json.dumps({"levels": [lv(1, 2)]}).encode()
    path = tmp_path / "s.json"
    path.write_bytes(doc + b" " * (MAX_FILE_BYTES - len(doc)))
    assert Structure.load(path).level(1) == Level(1, 2, minutes=20)


# -- properties --------------------------------------------------------------------------------------

amounts = st.integers(0, 10**12)


@st.composite
def levels(draw):
    big = draw(st.integers(1, 10**12))
    small = draw(st.integers(0, big))
    kind = draw(st.sampled_from(["none", "ante", "bba"]))
    amount = draw(st.integers(1, 10**12))
    return Level(small, big, ante=amount if kind == "ante" else 0, big_blind_ante=amount if kind == "bba" else 0,
                 minutes=draw(st.integers(1, MAX_MINUTES)))


@st.composite
def structures(draw):
    count = draw(st.integers(1, 12))
    periods: list[Level | Break] = []
    for i in range(count):
        periods.append(draw(levels()))
        if i < count - 1 and draw(st.booleans()):
            periods.append(Break(draw(st.integers(1, 60))))
    return Structure(tuple(periods), name=draw(st.text(max_size=20)))


@given(structures())
def test_json_round_trip(s):
    assert Structure.from_json(s.to_json()) == s
    assert Structure.from_json(json.dumps(s.to_json())) == s


@given(structures(), st.integers(0, 10**7))
def test_level_at_matches_a_walk_of_the_periods(s, t):
    # Oracle: walk the periods adding up their seconds.
    clock, number, expected = 0, 0, None
    for p in s.periods:
        number += isinstance(p, Level)
        if clock <= t < clock + p.minutes * 60:
            expected = (number + 1, True) if isinstance(p, Break) else (number, False)
            break
        clock += p.minutes * 60
    if expected is None:
        expected = (len(s.levels), False)
    assert s.level_at(t) == expected
    level, on_break = expected
    assert s.level(level) is s.levels[level - 1]
    if not on_break:
        assert s.start_of(level) <= t
