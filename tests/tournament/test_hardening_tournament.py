"""Tournaments under hostile input: hostile logs and hostile API calls get a clear error, bounded work, and change nothing.

Each failure found (a log that grows without bound, text input re-encoded, hostile field values)
has a regression test here; the lock and crash tests are in ``test_tournament_log_faults.py``.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import os
import pathlib
import resource
import subprocess
import sys
import time

import pytest
from test_tournament_support import fake_models, icm_oracle  # noqa: F401  (fixture)

from pokerengine import Seat, settle
from pokerengine.errors import EventLogError, ModelInputError, ModelTimeout, TournamentError
from pokerengine.tournament import EquityConfig, Tournament, read_log
from pokerengine.tournament import equity as equity_module
from pokerengine.tournament import events as events_module
from pokerengine.tournament import log as log_module
from pokerengine.tournament.events import MAX_NAME, MAX_REASON
from pokerengine.tournament.log import MAX_LINE_BYTES

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "tournament"
OFF = EquityConfig.off()
START2 = '{"event": "start", "prizes": [100], "players": [{"id": "ann", "stack": 100}, {"id": "bob", "stack": 100}]}\n'


def cli(*argv: str, stdin: bytes | None = None, memory: int | None = None, timeout: float = 60):
    """Run ``pokerengine`` in a child process (``memory`` caps its address space, in bytes)."""
    def limit() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pokerengine", *argv], input=stdin, capture_output=True,
                          timeout=timeout, preexec_fn=limit)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode(), time.monotonic() - start


def one_line_error(code: int, err: str) -> bool:
    return code == 2 and err.startswith("pokerengine") and err.count("\n") == 1 and "Traceback" not in err


# ------------------------------------------------------------ 1. bounded model runs
def bare_dcm_deal(tmp_path, players: int) -> pathlib.Path:
    start = {"event": "start", "prizes": [1000 * (players - i) for i in range(9)],
             "players": [{"id": f"p{i:03d}", "stack": 1000 + 37 * i} for i in range(players)]}
    path = tmp_path / f"deal{players}.jsonl"
    path.write_text(json.dumps(start) + "\n" + '{"event":"deal","method":"dcm"}\n')
    return path


@pytest.mark.parametrize("players", [25, 100])
def test_replaying_a_bare_dcm_deal_is_bounded_in_time_and_memory(tmp_path, players):
    # Regression: this two-line log grew past 18 GB (100 players: killed by the OOM killer).
    # Now the deal's DCM run has the --dcm-seconds budget, and a timeout refuses the line.
    path = bare_dcm_deal(tmp_path, players)
    code, out, err, seconds = cli("tournament", str(path), "--no-equity", "--dcm-seconds", "0.5",
                                  memory=3 * 1024**3, timeout=120)
    assert one_line_error(code, err), (code, err[-2000:])
    assert "line 2:" in err and "DCM" in err and out == ""
    assert seconds < 60  # the process as a whole, start-up included, on a busy machine
    code, _, err, _ = cli("tournament", str(path), "--no-equity", "--dcm-seconds", "0")
    assert one_line_error(code, err) and "line 2: DCM deals are turned off" in err


def test_every_deal_and_replay_config_has_a_dcm_budget():
    # deal_dcm_seconds=None turns bare DCM deals off (it never means "no limit").
    assert EquityConfig().deal_dcm_seconds == EquityConfig.off().deal_dcm_seconds == 10.0
    t = Tournament(equity=EquityConfig(deal_dcm_seconds=None))
    t.start([700, 300], {"ann": 50, "bob": 30, "cat": 20})
    with pytest.raises(TournamentError, match="DCM deals are turned off"):
        t.deal("dcm")
    assert t.status == "running" and t.events[-1].name == "start"


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), -1, 0, 10**9, True, "1"])
def test_time_budgets_must_be_finite_and_positive(bad):
    for field in ("dcm_seconds", "deal_dcm_seconds", "icm_seconds"):
        with pytest.raises(TournamentError, match="seconds"):
            EquityConfig(**{field: bad})
    t = Tournament(equity=OFF)
    t.start([100], {"a": 1, "b": 1})
    with pytest.raises(TournamentError, match="dcm_seconds"):
        t.equity(dcm=True, dcm_seconds=bad)


@pytest.mark.parametrize("bad", ["inf", "nan", "-1", "1e9", "x"])
def test_cli_refuses_an_unbounded_dcm_budget(tmp_path, capsys, bad):
    from pokerengine.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["tournament", str(FIXTURES / "bubble.jsonl"), "--dcm-seconds", bad])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "--dcm-seconds" in err


class Recorder:
    """Stand-in models that take ``max_seconds`` (as the real ones do once they all have it) and record it."""

    def __init__(self, fail: BaseException | None = None) -> None:
        self.calls: list[tuple[str, int, float | None]] = []
        self.fail = fail

    def icm(self, stacks, prizes, *, exact=False, places=False, method="auto", max_seconds=None):
        return self._run("icm", stacks, prizes, max_seconds)

    def dcm(self, stacks, prizes, *, depth=50, min_probability=1e-15, places=False, max_seconds=None):
        return self._run("dcm", stacks, prizes, max_seconds)

    def _run(self, name, stacks, prizes, max_seconds):
        from test_tournament_support import FakeEquities

        self.calls.append((name, len(stacks), max_seconds))
        if self.fail is not None:
            raise self.fail
        return FakeEquities(tuple(float(e) for e in icm_oracle(stacks, prizes)))


def test_every_model_run_the_tournament_starts_has_a_time_budget(monkeypatch):
    rec = Recorder()
    monkeypatch.setattr(equity_module, "_models", lambda: (rec.icm, rec.dcm))
    config = EquityConfig(dcm_seconds=0.25, deal_dcm_seconds=3.0, icm_seconds=2.0)
    t = Tournament(equity=config)
    t.start([500, 300, 200], {"ann": 400, "bob": 300, "cat": 200, "dan": 100, "eve": 100})
    t.hand("A", {"ann": 500, "eve": 0})     # a bust: ICM and DCM snapshot
    t.equity(dcm=True)                       # on demand, no budget given: the config's deal budget
    t.deal("dcm", keep=50)                   # a partial DCM deal, then its snapshot
    t.deal("icm")                            # the rest, chopped by ICM
    assert rec.calls and all(seconds is not None for _, _, seconds in rec.calls)
    assert [(m, s) for m, _, s in rec.calls] == [
        ("icm", 2.0), ("dcm", 0.25), ("icm", 2.0), ("dcm", 3.0), ("dcm", 3.0), ("icm", 2.0), ("dcm", 0.25), ("icm", 2.0)]


@pytest.mark.parametrize(
    ("fail", "note"),
    [(ModelTimeout("slow"), "timed out after"), (MemoryError(), "ran out of memory"),
     (ModelInputError("too many players"), "ModelInputError: too many players")],
)
def test_a_snapshot_that_cannot_be_computed_says_so_and_a_deal_is_refused(monkeypatch, fail, note):
    rec = Recorder(fail)
    monkeypatch.setattr(equity_module, "_models", lambda: (rec.icm, rec.dcm))
    t = Tournament(equity=EquityConfig(dcm_seconds=0.5))
    t.start([500, 300, 200], {"ann": 400, "bob": 300, "cat": 200, "dan": 100})
    r = t.hand("A", {"ann": 500, "dan": 0})
    assert r.busted == ("dan",) and t.remaining == ("ann", "bob", "cat")  # the event took effect
    assert r.snapshot.icm is None and r.snapshot.dcm is None
    assert any(note in n for n in r.snapshot.notes if n.startswith("icm")), r.snapshot.notes
    before = t.state()
    for method in ("icm", "dcm"):
        with pytest.raises(TournamentError, match=f"{method.upper()} could not work out the deal"):
            t.deal(method)
        assert t.state() == before


def test_a_logged_deal_is_replayed_from_its_amounts_without_running_a_model(tmp_path, monkeypatch):
    rec = Recorder()
    monkeypatch.setattr(equity_module, "_models", lambda: (rec.icm, rec.dcm))
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([500, 300, 200], {"ann": 400, "bob": 300, "cat": 200})
    t.deal("dcm")
    t.close()
    assert [m for m, _, _ in rec.calls] == ["dcm"]

    def no_models():
        raise AssertionError("replay ran a model")

    monkeypatch.setattr(equity_module, "_models", no_models)
    again = Tournament.replay(path, equity=OFF)
    assert again.state() == t.state() and again.payouts() == t.payouts()


# ---------------------------------------------------- 2. tracebacks, types, sizes
HOSTILE_LINES = [
    ('{"event":"correction","stacks":{"ann":90},"reason":5}', "reason must be a string"),
    ('{"event":"end","reason":{"a":1}}', "reason must be a string"),
    ('{"event":"end","reason":"%s"}' % ("x" * (MAX_REASON + 1)), "reason must be at most 1000 characters"),
    ("[" * 100_000, "nested deeper than 64"),
    ('{"event":"hand","table":"A","stacks":{"ann":1e400,"bob":0}}', "not an integer"),
    ('{"event":"hand","table":"A","stacks":{"ann":NaN,"bob":0}}', "NaN is not a number"),
    ('{"event":"hand","table":"A","stacks":{"ann":%s,"bob":0}}' % ("9" * 5000), "integer of 5000 digits"),
    ('{"event":"hand","table":"A","deltas":{"ann":%d,"bob":%d}}' % (2**64, -(2**64)), "at most 2**63 - 1"),
    ('{"event":"hand","table":["A"],"stacks":{"ann":100,"bob":100}}', "table must be a non-empty string"),
    ('{"event":"hand","table":"%s","stacks":{"ann":100,"bob":100}}' % ("T" * (MAX_NAME + 1)), "at most 128 characters"),
    ('{"event":"hand","table":"A","stacks":{"\\ud800":100,"bob":100}}', "valid Unicode"),
    ('{"event":"hand","table":"A","stacks":[["ann",100]]}', "stacks must be a mapping"),
    ('{"event":"hand","table":"A","stacks":{"ann":100,"bob":100},"round":true}', "round must be an integer"),
    ('{"event":"hand_for_hand","on":"yes"}', "on must be true or false"),
    ('{"event":"move","player":{"id":"ann"},"table":"B"}', "player id must be a non-empty string"),
    ('{"event":"move","player":"ann","table":"B","seat":0}', "seat must be positive"),
    ('{"event":"deal","method":["icm"]}', "unknown deal method"),
    ('{"event":"deal","method":"custom","amounts":{"ann":"100","bob":0}}', "integer number of chips"),
    ('{"event":"deal","method":"chips","keep":0.5}', "not an integer"),
    ('{"event":"entry","player":"cat","stack":10,"prizes":"100"}', "prizes must be a list"),
    ('{"event":"entry","player":"cat","stack":10,"prizes":{"1":100}}', "prizes must be a list"),
    ('{"event":"close_registration","prizes":[%d,%d]}' % (2**63 - 1, 2**63 - 1), "prizes add up to more than"),
    ('"just a string"', "must be a JSON object"),
    ("null", "must be a JSON object"),
    ('{"event":["hand"]}', "unknown event"),
    ('{"event":"end","seq":"2"}', "seq must be an integer"),
    ('{"event":"end","seq":2,"prev":5}', "prev must be a SHA-256 hex digest"),
    ('{"event":"end","seq":true}', "seq must be an integer"),
    ('{"event":"end","seq":null}', "seq must be an integer"),
    ('{"event":"end","seq":2,"prev":"%s"}' % ("A" * 64), "prev must be a SHA-256 hex digest"),
]


@pytest.mark.parametrize(("line", "message"), HOSTILE_LINES, ids=range(len(HOSTILE_LINES)))
def test_hostile_lines_are_one_clear_error_naming_the_line(capsys, tmp_path, line, message):
    from pokerengine.cli import main

    path = tmp_path / "log.jsonl"
    path.write_text(START2 + line + "\n")
    code = main(["tournament", str(path), "--no-equity"])
    out, err = capsys.readouterr()
    assert one_line_error(code, err) and out == "", err
    assert "line 2: " in err and message in err, err
    assert len(err) < 400


@pytest.mark.parametrize(
    "start",
    [
        '{"event":"start","prizes":[1000000000000000000000000000000],"players":{"a":1,"b":1}}',
        '{"event":"start","prizes":[%d,%d],"players":{"a":1,"b":1}}' % (2**63 - 1, 2**63 - 1),
        '{"event":"start","prizes":[1],"players":{"a":%d,"b":%d}}' % (2**63 - 1, 1),
        '{"event":"start","prizes":[1],"players":[{"id":"a","stack":1},{"id":"b","stack":1,"chips":2}]}',
        '{"event":"start","prizes":[1],"players":[{"id":"a","stack":1},["b",1]]}',
        '{"event":"start","prizes":[1],"players":{"a":1,"b":1},"late_registration":"yes"}',
    ],
)
def test_huge_or_ill_typed_starts_are_refused(capsys, tmp_path, start):
    from pokerengine.cli import main

    path = tmp_path / "log.jsonl"
    path.write_text(start + "\n")
    code = main(["tournament", str(path)])
    assert one_line_error(code, capsys.readouterr().err)


def test_a_torn_multibyte_character_reads_the_same_from_a_file_and_from_standard_input(tmp_path):
    # Regression: standard input used to be decoded as text and re-encoded: UnicodeEncodeError.
    data = (START2 + '{"event":"end","reason":"caf\u00e9"}\n').encode()[:-3]  # cut inside the é
    path = tmp_path / "torn.jsonl"
    path.write_bytes(data)
    from_file = cli("tournament", str(path), "--json", "--no-equity")
    from_stdin = cli("tournament", "-", "--json", "--no-equity", stdin=data)
    assert from_file[:3] == from_stdin[:3]
    code, out, err, _ = from_stdin
    assert code == 0 and err == "pokerengine: warning: line 2 is torn (an unfinished write) and was ignored\n"
    assert json.loads(out)["events"] == 1


def test_bad_utf8_on_a_complete_line_is_an_error_from_a_file_and_from_standard_input(tmp_path):
    data = START2.encode() + b'{"event":"end","reason":"\xff"}\n'
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    for args, stdin in (((str(path),), None), (("-",), data)):
        code, out, err, _ = cli("tournament", *args, "--no-equity", stdin=stdin)
        assert one_line_error(code, err) and "line 2: not valid UTF-8" in err


def test_a_line_longer_than_the_bound_is_refused_without_reading_on():
    data = START2.encode() + b"x" * (MAX_LINE_BYTES + 10)  # no newline: as /dev/zero would give
    with pytest.raises(EventLogError, match="line 2: longer than 16,777,216 bytes"):
        read_log(io.BytesIO(data))


def test_an_event_whose_line_would_be_too_long_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(log_module, "MAX_LINE_BYTES", 2000)
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    with pytest.raises(TournamentError, match="log line would be"):
        t.start([100], {f"player{i:04d}": 100 for i in range(200)})
    assert t.status == "new" and path.read_bytes() == b""
    t.start([100], {"a": 100, "b": 100})
    t.close()
    assert len(read_log(path).events) == 1


def test_field_and_chip_totals_are_bounded(monkeypatch):
    t = Tournament(equity=OFF)
    t.start([100], {"a": 2**62, "b": 2**62 - 1}, late_registration=True)
    before = t.state()
    with pytest.raises(TournamentError, match="more than 2\\*\\*63 - 1"):
        t.enter("c", 2)
    with pytest.raises(TournamentError, match="more than 2\\*\\*63 - 1"):
        t.correct({"a": 2**62 + 1})
    assert t.state() == before
    monkeypatch.setattr("pokerengine.tournament.machine.MAX_FIELD", 3)
    t = Tournament(equity=OFF)
    t.start([100], {"a": 1, "b": 1}, late_registration=True)
    t.enter("c", 1)
    with pytest.raises(TournamentError, match="3 entries, the most it takes"):
        t.enter("d", 1)
    monkeypatch.setattr(events_module, "MAX_FIELD", 5)
    with pytest.raises(TournamentError, match="at most 5 items"):
        Tournament(equity=OFF).start(itertools.repeat(1), {"a": 1, "b": 1})  # an endless prize list


def _running(buf=None):
    t = Tournament(buf, equity=OFF)
    t.start([500, 300, 200], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    return t


SETTLED = settle([Seat(1, 500, cards="AsAd"), Seat(2, 500, cards="KsKd")], board="2c7d9hTs3c")

HOSTILE_CALLS = [
    lambda t: t.correct({"ann": 90}, reason=5),
    lambda t: t.correct({"ann": 90}, reason="x" * 10**6),
    lambda t: t.correct(None),
    lambda t: t.correct({("ann",): 90}),
    lambda t: t.correct({"ann": 2**70}),
    lambda t: t.end(reason=b"curfew"),
    lambda t: t.end(reason=["x"]),
    lambda t: t.hand(None, {"ann": 4000, "bob": 3000}),
    lambda t: t.hand("A", [("ann", 1)]),
    lambda t: t.hand("A", {"ann": 4000.0, "bob": 3000}),
    lambda t: t.hand("A", deltas={"ann": 2**64, "bob": -(2**64)}),
    lambda t: t.hand("A", {"ann": 4000, "bob": 3000}, round="1"),
    lambda t: t.hand("A", {"ann": 4000, "\udc80": 3000}),
    lambda t: t.hand_for_hand("yes"),
    lambda t: t.move(5, "B"),
    lambda t: t.move("ann", "B", seat=-1),
    lambda t: t.deal(["icm"]),
    lambda t: t.deal("icm", keep=-1),
    lambda t: t.deal("custom", amounts={"ann": "1"}),
    lambda t: t.deal("custom", amounts=[1, 2]),
    lambda t: t.enter("eve", 100, prizes=5),
    lambda t: t.close_registration(prizes="abc"),
    lambda t: t.record_settlement("A", SETTLED, None),
    lambda t: t.record_settlement("A", SETTLED, {1: ["ann"], 2: "bob"}),
    lambda t: t.record_settlement("A", SETTLED, {1: "ann", 2: "bob"}, dead={"bob": "x"}),
    lambda t: t.record_settlement("A", SETTLED, {1: "ann", 2: "bob"}, dead=[("bob", 1)]),
    lambda t: t.record_settlement("A", "not a settlement", {1: "ann"}),
    lambda t: t.start(5, {"a": 1}),
]


@pytest.mark.parametrize("call", HOSTILE_CALLS, ids=range(len(HOSTILE_CALLS)))
def test_the_python_api_refuses_bad_values_with_tournament_error_and_changes_nothing(call):
    buf = io.StringIO()
    t = _running(buf)
    before, text = t.state(), buf.getvalue()
    with pytest.raises(TournamentError):
        call(t)
    assert t.state() == before and buf.getvalue() == text
    t.hand("A", {"ann": 5000, "dan": 0})  # and it still works
    assert t.remaining == ("ann", "bob", "cat")


@pytest.mark.parametrize("bad", [5, "config", {"icm_field": 3}])
def test_bad_constructor_arguments(bad):
    with pytest.raises(TournamentError):
        Tournament(equity=bad)
    with pytest.raises(TournamentError):
        Tournament(bad if not isinstance(bad, str) else 5)


@pytest.mark.parametrize("source", [5, None, [5], [b"{}", 3]])
def test_replay_from_something_that_is_not_a_log(source):
    with pytest.raises(EventLogError, match="a log"):
        Tournament.replay(source, equity=OFF)


def test_late_start_with_bad_players_is_refused():
    t = Tournament(equity=OFF)
    for players in (5, "ab", [5], [{"id": "a"}], [{"id": "a", "stack": 1, 3: 4}], {"a": 1, 7: 1}):
        with pytest.raises(TournamentError):
            t.start([1], players)
    assert t.status == "new"


# ------------------------------------------------ 4. a complete corrupt last line
def test_a_complete_corrupt_last_line_is_an_error_and_nothing_is_deleted(tmp_path):
    path = tmp_path / "t.jsonl"
    data = START2 + '{"event": "hand", "table": "A", "sta\n'   # ends with its newline: not torn
    path.write_text(data)
    with pytest.raises(EventLogError, match="line 2: not valid JSON"):
        Tournament.open(path)
    assert path.read_text() == data and not (tmp_path / "t.jsonl.torn").exists()
    with pytest.raises(EventLogError, match="line 2"):
        read_log(path)


def test_only_an_unterminated_unreadable_last_line_is_torn(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text(START2 + '{"event": "hand", "table": "A", "sta')
    t = Tournament.open(path, equity=OFF)
    assert t.recovery.torn_line == 2 and t.recovery.kept == f"{path}.torn"
    assert (tmp_path / "t.jsonl.torn").read_text() == '{"event": "hand", "table": "A", "sta\n'
    t.end("x")
    t.close()
    assert len(read_log(path).events) == 2
    # a complete event that lost only its newline is kept, and gets the newline
    path.write_text(START2 + '{"event": "end"}')
    with pytest.raises(EventLogError, match="line 2: end event: reason"):  # a JSON line that is a bad event
        path.write_text(START2 + '{"event": "end", "reason": 5}')
        Tournament.open(path)
    assert path.read_text() == START2 + '{"event": "end", "reason": 5}'


# --------------------------------------------------- 5. sequence numbers and hashes
def _logged(tmp_path) -> tuple[pathlib.Path, list[str]]:
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([500, 300, 200], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    t.hand("A", {"ann": 4500, "bob": 2500})
    t.hand("A", {"ann": 4000, "bob": 3000})
    t.hand("A", {"cat": 2500, "dan": 500})
    t.correct({"cat": 2600}, "recount")
    t.close()
    return path, path.read_text().splitlines(keepends=True)


def test_every_line_carries_its_sequence_number_and_the_hash_of_the_line_before(tmp_path):
    _, lines = _logged(tmp_path)
    prev = None
    for seq, line in enumerate(lines, 1):
        obj = json.loads(line)
        assert obj["seq"] == seq and obj.get("prev") == prev
        prev = hashlib.sha256(line.rstrip("\n").encode()).hexdigest()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda ls: ls[:2] + ls[3:], "line 3: seq is 4 where event 3 was expected"),           # deleted
        (lambda ls: ls[:3] + ls[2:], "line 4: seq is 3 where event 4 was expected"),           # duplicated
        (lambda ls: [ls[0], ls[2], ls[1], *ls[3:]], "line 2: seq is 3 where event 2 was expected"),  # swapped
        (lambda ls: ls[1:], "line 1: seq is 2 where event 1 was expected"),                    # first deleted
        (lambda ls: [ls[0], ls[1].replace("4500", "4400").replace("2500", "2600"), *ls[2:]],
         "line 3: prev does not match the line before it"),                                     # edited, still valid
        (lambda ls: [ls[0].replace("500, 300", "600, 200"), *ls[1:]], "line 2: prev does not match"),
    ],
)
def test_edits_that_still_fit_the_rules_are_detected(tmp_path, edit, message):
    path, lines = _logged(tmp_path)
    path.write_text("".join(edit(lines)))
    with pytest.raises(EventLogError, match=message):
        Tournament.replay(path, equity=OFF)
    data = path.read_bytes()
    with pytest.raises(EventLogError, match=message):
        Tournament.open(path, equity=OFF)
    assert path.read_bytes() == data  # refused: nothing changed


def test_a_prev_on_the_first_line_is_refused(tmp_path):
    path, lines = _logged(tmp_path)
    first = json.loads(lines[0]) | {"prev": "0" * 64}
    path.write_text(json.dumps(first) + "\n")
    with pytest.raises(EventLogError, match="line 1: prev does not match .* first event"):
        read_log(path)


@pytest.mark.parametrize("name", ["bubble.jsonl", "finished.jsonl", "torn.jsonl"])
def test_logs_without_seq_and_prev_stay_readable_and_resume_chained(tmp_path, name):
    path = tmp_path / name
    path.write_bytes((FIXTURES / name).read_bytes())
    old = Tournament.replay(path, equity=OFF)
    t = Tournament.open(path, equity=OFF)
    assert t.state() == old.state()
    if name == "finished.jsonl":
        assert t.status == "finished" and t.recovery.torn is None
        t.close()
        return
    t.end("curfew")
    t.close()
    again = Tournament.replay(path, equity=OFF)
    assert again.state() == t.state() and again.recovery.torn is None
    last = json.loads(path.read_text().splitlines()[-1])
    assert last["seq"] == len(again.events) and len(last["prev"]) == 64


# ------------------------------------------------------------------ fuzzing
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["table", "stacks", "deltas", "round", "reason", "on", "player", "stack", "seat", "prizes", "players",
          "method", "keep", "amounts", "late_registration", "seq", "prev"]


@given(st.binary(max_size=300))
def test_any_bytes_read_as_a_log_or_give_one_clear_error(data):
    try:
        Tournament.replay(START2.encode() + data, equity=OFF)
    except EventLogError:
        pass


@given(st.sampled_from(sorted(events_module.EVENT_TYPES)), st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
def test_any_json_fields_give_an_event_or_one_clear_error(name, fields):
    line = json.dumps({"event": name, **fields}, allow_nan=False)
    try:
        Tournament.replay([START2, line + "\n"], equity=OFF)
    except EventLogError:
        pass
