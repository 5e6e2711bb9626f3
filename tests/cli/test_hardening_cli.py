"""The command line under hostile input: no input, output stream or terminal makes ``pokerengine`` print a
traceback, hang, or say more than one line; a closed pipe ends it quietly."""

import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import pokerengine
from pokerengine.cli import MAX_MESSAGE, main
from pokerengine.cli import settle as settle_cli

ROOT = Path(__file__).parents[2]
SEED = ROOT / "fixtures" / "settle" / "seed004.json"
SETTLE_FIXTURES = [SEED] + sorted((ROOT / "fixtures" / "settle" / "cases").glob("*.json"))


def run(argv, stdin_bytes=None, monkeypatch=None):
    """Run main in-process; return (status, stdout, stderr) without letting anything escape."""
    out, err = io.StringIO(), io.StringIO()
    if stdin_bytes is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin_bytes)))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def assert_one_line_error(status, err, code=2):
    assert status == code, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("pokerengine: error:") or err.startswith("pokerengine: internal error"), err
    assert len(err) <= MAX_MESSAGE + 1
    assert "Traceback" not in err


# --- Reproducers of the failures found ----------------------------------------------------------------------

NINES = "9" * 4300
REPRODUCERS = {
    "invalid utf-8": b'{"seats": [{"seat": 1, "contributed": 5}], "game": "\xff\xfe"}',
    "100,000 brackets": b"[" * 100_000,
    "4,301-digit integer": b'{"seats": [{"seat": 1, "contributed": ' + b"9" * 4301 + b"}]}",
    "two seats of 4,300 nines": json.dumps(
        {"board": "2c7d9hTs3c", "seats": [{"seat": 1, "contributed": 0, "cards": "AsAd"},
                                          {"seat": 2, "contributed": 0, "cards": "KsKd"}]}
    ).replace('"contributed": 0', f'"contributed": {NINES}').encode(),
    "nan": b'{"seats": [{"seat": 1, "contributed": NaN}]}',
    "exponent percent": b'{"seats": [{"seat": 1, "contributed": 5}, {"seat": 2, "contributed": 5, "folded": true}],'
                        b' "rake": {"percent": "1e-99999999"}}',
    "lone surrogate key": b'{"seats": [], "\\ud800\\n": 1}',
}


@pytest.mark.parametrize("name", REPRODUCERS)
def test_reproducers_give_one_line_from_a_file(name, tmp_path):
    path = tmp_path / "hand.json"
    path.write_bytes(REPRODUCERS[name])
    status, out, err = run(["settle", str(path)])
    assert_one_line_error(status, err)
    assert out == ""


@pytest.mark.parametrize("name", REPRODUCERS)
def test_reproducers_give_one_line_from_stdin(name, monkeypatch):
    status, out, err = run(["settle", "-", "--explain"], REPRODUCERS[name], monkeypatch)
    assert_one_line_error(status, err)


def test_input_size_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(settle_cli, "MAX_INPUT_BYTES", 1000)
    path = tmp_path / "big.json"
    hand = SEED.read_text()
    path.write_text("[" + ",".join([hand] * 10) + "]")
    status, _, err = run(["settle", str(path)])
    assert_one_line_error(status, err)
    assert "larger than 1,000 bytes" in err
    path.write_text(hand)  # under the bound: fine
    assert run(["settle", str(path)])[0] == 0


def test_directory_and_missing_file(tmp_path):
    assert_one_line_error(*run(["settle", str(tmp_path)])[::2])
    assert_one_line_error(*run(["settle", str(tmp_path / "missing.json")])[::2])


# --- Output shape ---------------------------------------------------------------------------------

def test_a_list_prints_one_result_per_line_and_parses(tmp_path):
    hands = [json.loads(p.read_text()) for p in SETTLE_FIXTURES[:1]] * 3
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands))
    status, out, err = run(["settle", str(path)])
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 5
    assert json.loads(out) == [json.loads(run(["settle", str(SEED)])[1])] * 3


def test_empty_list(tmp_path):
    path = tmp_path / "none.json"
    path.write_text("[]")
    assert run(["settle", str(path)])[:2] == (0, "[]\n")


def test_a_bad_hand_in_a_list_prints_nothing_but_the_error(tmp_path):
    good = json.loads(SEED.read_text())
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([good, good, {"seats": "x"}]))
    status, out, err = run(["settle", str(path)])
    assert_one_line_error(status, err)
    assert out == "" and "hand 2:" in err


# --- --version, bare command ----------------------------------------------------------------------

def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"pokerengine {pokerengine.__version__}\n"


def test_bare_command_is_bad_usage():
    status, out, err = run([])
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("pokerengine: error:") and "settle" in err and "replay" in err


def test_help_prints_the_commands(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    out, err = capsys.readouterr()
    assert exc.value.code == 0 and err == ""
    assert out.startswith("usage: pokerengine") and "settle" in out and "replay" in out


def test_bare_command_as_a_program():
    p = subprocess.run([sys.executable, "-m", "pokerengine"], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1


# --- Closed pipes ---------------------------------------------------------------------------------

class ClosedPipe(io.StringIO):
    """A stdout whose reader went away (its descriptor a scratch file, so that handlers may dup2 onto it)."""

    def __init__(self, fd):
        super().__init__()
        self.fd = fd

    def fileno(self):
        return self.fd

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize(
    "argv",
    [
        ["settle", str(SEED)],
        ["settle", str(SEED), "--explain"],
        ["replay", str(ROOT / "fixtures" / "phh" / "historical")],
        ["tournament", str(ROOT / "fixtures" / "tournament" / "bubble.jsonl")],
        ["equity", "--stacks", "100", "200", "300", "--prizes", "50", "30", "20"],
    ],
    ids=["settle", "explain", "replay", "tournament", "equity"],
)
def test_closed_pipe_is_quiet_in_process(argv, monkeypatch, tmp_path):
    err = io.StringIO()
    with open(tmp_path / "scratch", "w") as scratch:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(scratch.fileno()))
        with contextlib.redirect_stderr(err):
            status = main(argv)
    assert status != 2 and err.getvalue() == ""
    if argv[:1] != ["replay"]:  # replay handles its own closed pipe and returns the replay's status
        assert status == (128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1)  # as the shell reports `cmd | head`


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this platform")
def test_closed_pipe_is_quiet_as_a_program(tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([json.loads(SEED.read_text())] * 500))  # far more output than a pipe holds
    p = subprocess.Popen([sys.executable, "-m", "pokerengine", "settle", str(path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(10)
    p.stdout.close()  # like `| head -c 10`
    err = p.stderr.read()
    p.wait(timeout=60)
    assert err == b""
    assert p.returncode == -signal.SIGPIPE


# --- Encodings, one line, bounded -----------------------------------------------------------------

def test_error_text_with_a_lone_surrogate(capsys):
    status = main(["settle", "/nonexistent/\udcff\udcfe.json"])
    err = capsys.readouterr().err
    assert_one_line_error(status, err)
    assert "\\udcff" in err


def test_error_text_the_terminal_cannot_encode(monkeypatch):
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stderr", stderr)
    status = main(["settle", "/nonexistent/caf\u00e9 \u2660.json"])
    stderr.flush()
    err = stderr.buffer.getvalue().decode("ascii")
    assert_one_line_error(status, err)
    assert "caf\\xe9 \\u2660" in err


def test_ascii_terminal_as_a_program(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    p = subprocess.run([sys.executable, "-m", "pokerengine", "settle", str(tmp_path / "\u00e9.json")],
                       capture_output=True, env=env)
    assert p.returncode == 2
    assert p.stderr.count(b"\n") == 1 and b"\\xe9.json" in p.stderr and b"Traceback" not in p.stderr


def test_no_command_is_bad_usage(capsys):
    # Regression: `pokerengine` alone printed the help and exited 0; it is bad usage like any other
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "a command is required" in err and "pushfold" in err


def test_tournament_help_names_simulate(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "--help"])
    assert exc.value.code == 0 and "tournament simulate" in " ".join(capsys.readouterr().out.split())


def test_output_the_terminal_cannot_encode_is_escaped(monkeypatch):
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stdout)
    with pytest.raises(SystemExit):
        main(["--version"])  # main switches the streams to backslash escapes first
    assert stdout.errors == "backslashreplace"
    print("\u2660 \udcff")
    stdout.flush()
    assert stdout.buffer.getvalue().endswith(b"\\u2660 \\udcff\n")


@pytest.mark.parametrize("path", ["/nonexistent/a\nb\rc\x1b[31md.json", "/nonexistent/" + "x" * 5000 + ".json"],
                         ids=["control characters", "5,000 characters"])
def test_error_messages_are_one_bounded_line(path):
    status, _, err = run(["settle", path])
    assert_one_line_error(status, err)


def test_usage_errors_are_one_escaped_line():
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as info:
        main(["no\nsuch-command"])
    assert info.value.code == 2
    assert_one_line_error(2, err.getvalue())


# --- The last-resort guard ------------------------------------------------------------------------

@pytest.mark.parametrize("exc, code", [(RecursionError("deep"), 2), (MemoryError(), 2),
                                       (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad"), 2),
                                       (RuntimeError("boom\nsecond line"), 1), (KeyError("k" * 10**5), 1)])
def test_last_resort_guard(exc, code, monkeypatch):
    def explode(hand):
        raise exc

    monkeypatch.delenv("POKERENGINE_DEBUG", raising=False)
    monkeypatch.setattr("pokerengine.hand_json.settle_hand_json", explode)
    status, out, err = run(["settle", str(SEED)])
    assert_one_line_error(status, err, code)
    assert type(exc).__name__ in err
    if code == 1:
        assert "internal error" in err and "POKERENGINE_DEBUG=1" in err


def test_debug_shows_the_traceback(monkeypatch):
    def explode(hand):
        raise RuntimeError("boom")

    monkeypatch.setenv("POKERENGINE_DEBUG", "1")
    monkeypatch.setattr("pokerengine.hand_json.settle_hand_json", explode)
    status, _, err = run(["settle", str(SEED)])
    assert status == 1
    assert "Traceback (most recent call last)" in err and err.rstrip().endswith("RuntimeError: boom")


# --- Mutated hands: never a traceback -------------------------------------------------------------

TOKENS = [b"1e999", b"NaN", b"-1", b'"\\ud800"', b"[]", b"{}", b"null", b"true", b"9" * 30, b'"as"', b"1.5",
          b"[" * 200, b'"\xff"', b"9223372036854775808", b'"1e-99999"', b'"\xd9\xa5"', b'"AsKsQsJsTs9s8s"', b"\x00"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(b) + 1)
        op = rng.randrange(4)
        if op == 0 and b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
        elif op == 1 and b:
            del b[i : i + rng.randint(1, 10)]
        elif op == 2:
            b[i:i] = b[i : i + rng.randint(1, 30)]
        else:
            b[i : i + rng.randint(0, 6)] = rng.choice(TOKENS)
    return bytes(b)


def test_mutated_fixtures_never_crash(tmp_path):
    """A few hundred byte-level mutations of the settle fixtures (6,000 run locally gave no traceback)."""
    rng = random.Random(12)
    seeds = [SEED.read_bytes()] + [json.dumps(json.loads(p.read_bytes())["hand"]).encode() for p in SETTLE_FIXTURES[1:]]
    path = tmp_path / "hand.json"
    outcomes = {0: 0, 2: 0}
    for k in range(400):
        path.write_bytes(mutate(rng.choice(seeds), rng))
        status, out, err = run(["settle", str(path)] + (["--explain"] if k % 2 else []))
        assert status in outcomes, err
        outcomes[status] += 1
        if status == 2:
            assert_one_line_error(status, err)
        else:
            assert err == "" and out
    assert outcomes[2] > 100  # the mutations do break things
