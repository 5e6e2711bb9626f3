"""Reading PHH: the fast TOML path against tomllib, the typed record, .phhs files, errors, writing back."""

from __future__ import annotations

import datetime
import math
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.errors import HistoryParseError
from pokerengine.phh import HandHistory, dumps, dumps_all, load, loads, loads_all
from pokerengine.phh.fasttoml import fast_loads
from pokerengine.phh.fasttoml import loads as toml_loads
from pokerengine.phh.reader import iter_files, tables

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "phh"
FILES = sorted(str(p) for p in FIXTURES.rglob("*.phh"))


def same(a, b) -> bool:
    """Equal, and of the same types all the way down (1 and 1.0 differ; nan equals nan)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def test_fixtures_are_there():
    assert len(FILES) == 649


def test_fast_path_reads_every_fixture_as_tomllib_does():
    fast = 0
    for path in FILES:
        text = Path(path).read_text(encoding="utf-8")
        expected = tomllib.loads(text)
        doc = fast_loads(text)
        if doc is not None:
            fast += 1
            assert same(doc, expected), path
        assert same(toml_loads(text), expected), path
    # every generated file takes the fast path; the hand-written historical ones (comments, multi-line
    # arrays) go to tomllib
    assert fast == len(FILES) - 5


@pytest.mark.parametrize("text", [
    "a = 1\nb = 'x'\nc = \"y\"\nd = true\ne = false\nf = -3\ng = +4\nh = 0\n",
    "a = [1, 2.5, inf, -inf, nan, 1e5, 2E-3, -0.0]\nb = []\nc = [ 1 , 2 , ]\n",
    "a = ['x', 'y']\nb = [\"x\", \"y\"]\nc = [\"it's\"]\n",
    "# comment\n\n[1]\na = 1\n[2]\na = 2\n",
    "a = 1 # trailing comment\n",
    "a = [\n  1,\n  2,\n]\n",
    'a = "tab\\tand \\"quote\\""\n',
    "a = 'x'\r\nb = 2\r\n",
    "a.b = 1\n",
    '"quoted key" = 1\n',
    "a = 1979-05-27T07:32:00\nb = 07:32:00\n",
    "a = {x = 1}\n",
    "a = 1_000\nb = 0x1F\n",
    "a = [[1, 2], [3]]\n",
    "a = ['x', 1]\n",
    "a = \"\"\"multi\nline\"\"\"\n",
])
def test_fast_path_agrees_with_tomllib(text):
    assert same(toml_loads(text), tomllib.loads(text))
    doc = fast_loads(text)
    assert doc is None or same(doc, tomllib.loads(text))


@pytest.mark.parametrize("text", ["a = 1\na = 2\n", "a = 01\n", "a = [1,,2]\n", "a = 'x\n", "[1]\n[1]\n", "a =\n",
                                  "a = 1.\n", "a = .5\n", "a = 'x' 'y'\n", "a = tru\n", "= 1\n"])
def test_invalid_toml_fails_the_same_way(text):
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    assert fast_loads(text) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_loads(text)


_scalars = st.one_of(
    st.integers(-10**12, 10**12),
    st.floats(allow_nan=False, width=64),
    st.booleans(),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=8),
)


@given(st.dictionaries(st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,6}", fullmatch=True),
                       st.one_of(_scalars, st.lists(st.one_of(st.integers(-99, 99), st.floats(allow_nan=False)),
                                                    max_size=5),
                                 st.lists(st.text(max_size=5), max_size=4)),
                       max_size=6),
       st.sampled_from(["{k} = {v}", "{k}={v}", "{k} =  {v}  ", "{k}\t=\t{v}"]))
def test_fast_path_agrees_on_generated_documents(doc, shape):
    from pokerengine.phh.reader import _key_text, _value_text

    text = "\n".join(shape.format(k=_key_text(k), v=_value_text(v)) for k, v in doc.items())
    expected = tomllib.loads(text)
    got = fast_loads(text)
    assert got is None or same(got, expected)
    assert same(toml_loads(text), expected)


# -- the record --------------------------------------------------------------------------------

PLURIBUS = FIXTURES / "pluribus" / "30" / "0.phh"


def test_a_pluribus_hand_is_read_typed():
    (hand,) = load(PLURIBUS)
    assert hand.variant == "NT"
    assert hand.starting_stacks == (10000,) * 6
    assert hand.blinds_or_straddles == (50, 100, 0, 0, 0, 0)
    assert hand.actions[0] == "d dh p1 3c9s"
    assert hand.players[-1] == "Pluribus"
    assert hand.ante_trimming_status is True
    assert hand.hand == 0
    assert hand.source == str(PLURIBUS)
    assert hand.finishing_stacks == (9950, 9900, 10000, 10000, 10150, 10000)


def test_every_optional_field_is_kept_typed():
    text = """variant = "F7S"
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100.5, inf]
actions = []
author = "A"
event = "E"
url = "https://example.com"
venue = "V"
address = "1 Main St"
city = "C"
region = "R"
postal_code = "P"
country = "K"
time = 19:30:00
time_zone = "America/Toronto"
time_zone_abbreviation = "EDT"
day = 1
month = 2
year = 2024
hand = "A-7"
level = 3
seats = [2, 5]
seat_count = 9
table = 4
players = ["x", "y"]
finishing_stacks = [99.5, inf]
winnings = [0, 2]
currency = "USD"
currency_symbol = "$"
ante_trimming_status = true
time_limit = 30
time_banks = [60, 30.5]
_site_hand_id = "12345"
_tags = ["a", "b"]
"""
    hand = loads(text)
    assert hand.time == datetime.time(19, 30)
    assert hand.hand == "A-7" and hand.table == 4 and hand.seats == (2, 5)
    assert math.isinf(hand.starting_stacks[1])
    assert hand.time_banks == (60, 30.5)
    assert dict(hand.user_fields) == {"_site_hand_id": "12345", "_tags": ["a", "b"]}
    assert loads(dumps(hand)) == hand


@pytest.mark.parametrize("path", FILES[::7] + FILES[-5:])
def test_written_back_reads_the_same(path):
    (hand,) = load(path)
    again = loads(dumps(hand), source=path)
    assert again == hand
    assert fast_loads(dumps(hand)) is not None  # what we write takes the fast path


def test_phhs_many_hands(tmp_path):
    hands = [h for p in FILES[:3] for h in load(p)]
    path = tmp_path / "three.phhs"
    path.write_text(dumps_all(hands), encoding="utf-8")
    again = load(path)
    assert again == hands
    assert [h.key for h in again] == ["1", "2", "3"]
    assert again[1].label == f"{path} [2]"
    assert [name for name, _ in tables(path.read_text())] == ["1", "2", "3"]
    assert loads_all(path.read_text()) == hands


def test_iter_files_recurses_in_order(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "a").mkdir()
    for name in ("b/2.phh", "a/1.phhs", "a/0.txt", "c.phh"):
        (tmp_path / name).write_text("")
    assert [Path(p).relative_to(tmp_path).as_posix() for p in iter_files([tmp_path])] == ["c.phh", "a/1.phhs", "b/2.phh"]


# -- errors -----------------------------------------------------------------------------------------

GOOD = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\n'


@pytest.mark.parametrize("text, message", [
    ("variant = 'NT", "bad.phh: not valid TOML"),
    ('variant = "NT"\n', "bad.phh: missing required field starting_stacks"),
    (GOOD.replace("min_bet = 2\n", ""), "bad.phh: variant NT needs the field min_bet"),
    (GOOD.replace("[10, 10]", "[10, 10, 10]"), "bad.phh: antes has 2 entries for 3 players"),
    (GOOD.replace("[10, 10]", "[10, '10']"), "bad.phh: starting_stacks must be an array of numbers, got item '10'"),
    (GOOD.replace("min_bet = 2", "min_bet = '2'"), "bad.phh: min_bet must be a number, got '2'"),
    (GOOD + "day = 1.5\n", "bad.phh: day must be an integer, got 1.5"),
    (GOOD + "ante_trimming_status = 1\n", "bad.phh: ante_trimming_status must be true or false, got 1"),
    (GOOD + "players = ['a']\n", "bad.phh: players has 1 entries for 2 players"),
    (GOOD.replace("[10, 10]", "[10]"), "bad.phh: starting_stacks must list at least 2 players, got 1"),
])
def test_malformed_input_names_the_file(text, message):
    with pytest.raises(HistoryParseError) as info:
        loads(text, source="bad.phh")
    assert str(info.value).startswith(message), str(info.value)


def test_malformed_hand_in_a_phhs_names_the_hand():
    text = f"[1]\n{GOOD}\n[2]\n{GOOD.replace('min_bet = 2', 'min_bet = true')}"
    with pytest.raises(HistoryParseError, match=r"^many.phhs \[2\]: min_bet must be a number, got True"):
        loads_all(text, source="many.phhs")
    with pytest.raises(HistoryParseError, match=r"top-level key 'x' is not a hand table"):
        loads_all("x = 1\n", source="many.phhs")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.phh"
    path.write_bytes(GOOD.replace('"NT"', '"NT"\nauthor = "caf\xe9"').encode("latin-1"))
    with pytest.raises(HistoryParseError, match="not UTF-8"):
        load(path)


def test_the_record_is_frozen():
    hand = loads(GOOD)
    with pytest.raises(AttributeError):
        hand.variant = "PO"  # type: ignore[misc]
    assert isinstance(hand, HandHistory)
    assert hand.fields()["variant"] == "NT"
