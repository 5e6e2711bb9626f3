"""Events: shape checks, the JSON log format (stable), reading and repairing logs."""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.errors import EventLogError, TournamentError
from pokerengine.tournament import (
    CloseRegistration,
    Correction,
    Deal,
    End,
    Entrant,
    EventLog,
    HandForHand,
    HandPlayed,
    LateEntry,
    Move,
    Start,
    from_json,
    read_log,
    to_json,
)
from pokerengine.tournament.events import MAX_NAME

EXAMPLES = [
    ('{"event": "start", "prizes": [500000, 300000, 200000], "players": [{"id": "ann", "stack": 10000}, '
     '{"id": "bob", "stack": 10000, "table": "A", "seat": 2}]}',
     Start((500000, 300000, 200000), (Entrant("ann", 10000), Entrant("bob", 10000, "A", 2)))),
    ('{"event": "start", "prizes": [10], "players": [{"id": "ann", "stack": 1}], "late_registration": true}',
     Start((10,), (Entrant("ann", 1),), True)),
    ('{"event": "hand", "table": "A", "stacks": {"ann": 0, "bob": 15000}, "round": 17}',
     HandPlayed("A", stacks={"ann": 0, "bob": 15000}, round=17)),
    ('{"event": "hand", "table": "A", "deltas": {"ann": -500, "bob": 500}}', HandPlayed("A", deltas={"ann": -500, "bob": 500})),
    ('{"event": "hand_for_hand", "on": true}', HandForHand(True)),
    ('{"event": "correction", "stacks": {"ann": 9000}, "reason": "recount"}', Correction({"ann": 9000}, "recount")),
    ('{"event": "entry", "player": "cat", "stack": 10000, "table": "B", "prizes": [600000, 400000]}',
     LateEntry("cat", 10000, "B", None, (600000, 400000))),
    ('{"event": "close_registration"}', CloseRegistration()),
    ('{"event": "move", "player": "ann", "table": "B", "seat": 4}', Move("ann", "B", 4)),
    ('{"event": "deal", "method": "icm"}', Deal("icm")),
    ('{"event": "deal", "method": "chips", "keep": 100, "amounts": {"ann": 60, "bob": 40}}',
     Deal("chips", 100, {"ann": 60, "bob": 40})),
    ('{"event": "end"}', End()),
]


@pytest.mark.parametrize(("line", "event"), EXAMPLES)
def test_log_format_round_trips(line, event):
    assert from_json(json.loads(line)) == event
    assert json.dumps(to_json(event)) == line


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"event": "bet"}, "unknown event 'bet'"),
        ({"table": "A"}, "unknown event None"),
        ([1], "must be a JSON object"),
        ({"event": "hand", "table": "A", "stacks": {"a": 1, "b": 1}, "rnd": 1}, "unknown field"),
        ({"event": "hand", "stacks": {"a": 1, "b": 1}}, "hand event needs 'table'"),
        ({"event": "start", "prizes": [1]}, "start event needs 'players'"),
        ({"event": "hand", "table": "A", "stacks": {"a": 1, "b": 1}, "deltas": {"a": 0, "b": 0}}, "exactly one of"),
        ({"event": "hand", "table": "A"}, "exactly one of"),
        ({"event": "hand", "table": "A", "stacks": {"a": 1}}, "at least two players"),
        ({"event": "hand", "table": "A", "stacks": {"a": True, "b": 1}}, "integer number of chips"),
        ({"event": "hand", "table": "A", "stacks": {"a": -1, "b": 1}}, "non-negative"),
        ({"event": "hand", "table": 3, "stacks": {"a": 1, "b": 1}}, "table must be a non-empty string"),
        ({"event": "hand", "table": "A", "stacks": {"a": 1, "b": 1}, "round": 0}, "round must be positive"),
        ({"event": "start", "prizes": [1, 2], "players": [{"id": "a", "stack": 1}]}, "never rise"),
        ({"event": "start", "prizes": [], "players": [{"id": "a", "stack": 1}]}, "at least one paid place"),
        ({"event": "start", "prizes": [1], "players": [{"id": "a", "stack": 0}]}, "starting stack must be positive"),
        ({"event": "start", "prizes": [1], "players": [{"id": "a"}]}, "needs 'id' and 'stack'"),
        ({"event": "start", "prizes": [1], "players": [{"id": "a", "stack": 1, "chips": 2}]}, "unknown field"),
        ({"event": "start", "prizes": [1], "players": [{"id": "", "stack": 1}]}, "non-empty string"),
        ({"event": "hand_for_hand", "on": 1}, "true or false"),
        ({"event": "deal", "method": "coinflip"}, "unknown deal method"),
        ({"event": "deal", "method": "custom"}, "needs the amounts"),
        ({"event": "correction", "stacks": {"a": 0}}, "cannot set 'a' to 0"),
    ],
)
def test_bad_events_are_refused_with_clear_messages(obj, message):
    with pytest.raises(EventLogError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_json(obj)


def test_events_check_their_shape_when_built():
    with pytest.raises(TournamentError, match="integer number of chips"):
        Start([1.0], {"a": 1})
    with pytest.raises(TournamentError, match="delta of 'a'"):
        HandPlayed("A", deltas={"a": 0.5, "b": -0.5})
    assert Start([2, 1], {"a": 1, "b": 2}).players == (Entrant("a", 1), Entrant("b", 2))


@given(st.dictionaries(st.text(min_size=1, max_size=MAX_NAME), st.integers(0, 10**15), min_size=2), st.none() | st.integers(1, 10**6))
def test_hand_json_round_trip(stacks, rnd):
    ev = HandPlayed("T\u00e9", stacks=stacks, round=rnd)
    assert from_json(json.loads(json.dumps(to_json(ev)))) == ev


GOOD = '{"event": "hand_for_hand", "on": true}\n'


def test_read_log_torn_and_blank_lines():
    assert read_log([GOOD, "\n", GOOD]).events == (HandForHand(True), HandForHand(True))
    r = read_log([GOOD, '{"event": "hand_for'])
    assert r.events == (HandForHand(True),) and r.torn_line == 2 and r.valid_bytes == len(GOOD)
    # a complete last event without its newline is kept
    r = read_log([GOOD, GOOD.rstrip("\n")])
    assert len(r.events) == 2 and r.torn is None and r.needs_newline
    # a cut inside a multi-byte character
    data = (GOOD + '{"event": "end", "reason": "caf\u00e9"}\n').encode()[:-4]
    r = read_log(data)
    assert r.events == (HandForHand(True),) and r.torn is not None


def test_read_log_refuses_damage_before_the_end():
    with pytest.raises(EventLogError, match="line 1: not valid JSON"):
        read_log(['{"event": "hand_for\n', GOOD])
    with pytest.raises(EventLogError, match="line 2: unknown event 'nap'"):
        read_log([GOOD, '{"event": "nap"}\n'])
    with pytest.raises(EventLogError, match="line 1: .*not an integer"):
        read_log(['{"event": "start", "prizes": [1.0], "players": [{"id": "a", "stack": 1}]}\n', GOOD])
    with pytest.raises(EventLogError, match="NaN is not a number"):
        read_log(['{"event": "start", "prizes": [NaN], "players": [{"id": "a", "stack": 1}]}\n', GOOD])


def chained(*events):
    """The lines an EventLog writes for ``events``: each with its seq and the hash of the line before."""
    out, prev = [], None
    for seq, ev in enumerate(events, 1):
        obj = to_json(ev) | {"seq": seq} | ({} if prev is None else {"prev": prev})
        body = json.dumps(obj, ensure_ascii=False)
        out.append(body + "\n")
        prev = hashlib.sha256(body.encode()).hexdigest()
    return "".join(out)


def test_event_log_repairs_a_torn_tail_before_appending(tmp_path):
    # Each line carries "seq" and "prev": the expected text is the chained lines;
    # the torn tail's bytes are kept in LOG.torn.
    path = tmp_path / "log.jsonl"
    path.write_text(GOOD + '{"event": "en')
    with EventLog(path) as log:
        log.append(End())
    assert path.read_text() == GOOD + '{"event": "end", "seq": 2, "prev": "%s"}\n' % hashlib.sha256(
        GOOD.rstrip("\n").encode()).hexdigest()
    assert (tmp_path / "log.jsonl.torn").read_text() == '{"event": "en\n'
    path.write_text(GOOD.rstrip("\n"))
    with EventLog(path, sync=True) as log:
        log.append(End())
    assert path.read_text().startswith(GOOD + '{"event": "end", "seq": 2, ')
    assert read_log(path).events == (HandForHand(True), End())


def test_a_failed_write_leaves_the_log_on_a_whole_line(tmp_path, monkeypatch):
    from pokerengine.tournament import log as log_module

    path = tmp_path / "log.jsonl"
    log = EventLog(path)
    log.append(End())
    real_write = os.write

    def full(fd, data):  # the disk fills up five bytes into the line
        real_write(fd, data[:5])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(log_module.os, "write", full)
    with pytest.raises(OSError, match="No space"):
        log.append(HandForHand(True))
    monkeypatch.setattr(log_module.os, "write", real_write)
    log.append(End("x"))
    log.close()
    assert path.read_text() == chained(End(), End("x"))


def test_a_failed_log_write_refuses_the_event(tmp_path):
    from pokerengine.tournament import EquityConfig, Tournament

    t = Tournament(tmp_path / "t.jsonl", equity=EquityConfig.off())
    t.start([10], {"a": 5, "b": 5})
    before = t.state()

    def boom(event):
        raise OSError(28, "No space left on device")

    t._log.append = boom
    with pytest.raises(OSError):
        t.hand("A", {"a": 10, "b": 0})
    assert t.state() == before
    t.close()


# -- the stored form: the "event" tag, never the class name -----------------------------------------

FIXTURE_LOGS = sorted((pathlib.Path(__file__).parents[2] / "fixtures" / "tournament").glob("*.jsonl"))


@pytest.mark.parametrize("path", FIXTURE_LOGS, ids=lambda p: p.name)
def test_fixture_logs_read_back_to_the_same_json_objects(path):
    """Every event of the stored logs reads and writes back to the object on its line: the tags
    ("hand", "clock", ...) are the stored form, whatever the classes are called."""
    read = read_log(path)
    lines = path.read_text().splitlines()
    assert read.events
    for event, number in zip(read.events, read.lines):
        stored = {k: v for k, v in json.loads(lines[number - 1]).items() if k not in ("seq", "prev")}
        assert to_json(event) == stored


def test_event_tags_are_the_stored_names():
    from pokerengine.tournament.events import EVENT_TYPES

    assert {name: cls.__name__ for name, cls in EVENT_TYPES.items()} == {
        "start": "Start", "hand": "HandPlayed", "correction": "Correction", "hand_for_hand": "HandForHand",
        "entry": "LateEntry", "close_registration": "CloseRegistration", "move": "Move", "deal": "Deal",
        "end": "End", "level": "LevelChange", "redraw": "Redraw", "away": "Away", "clock": "ClockChange"}


@pytest.mark.parametrize("module, old, new", [
    ("pokerengine.tournament", "Hand", "HandPlayed"),
    ("pokerengine.tournament", "Clock", "ClockChange"),
    ("pokerengine.tournament", "Setup", "DirectorSetup"),
    ("pokerengine.tournament", "Seat", "SeatAssignment"),
    ("pokerengine.tournament.events", "Hand", "HandPlayed"),
    ("pokerengine.tournament.events", "Clock", "ClockChange"),
    ("pokerengine.tournament.events", "Setup", "DirectorSetup"),
    ("pokerengine.tournament.seating", "Seat", "SeatAssignment"),
])
def test_old_class_names_resolve_with_a_deprecation_warning(module, old, new):
    import importlib

    mod = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=f"{old} is renamed {new}"):
        cls = getattr(mod, old)
    assert cls is getattr(mod, new)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert getattr(mod, new).__name__ == new
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        mod.Nothing
