"""Fuzzing harness: hostile input must give a result or a clean error, never a crash or a hang.

Three parts, all in this file:

* **Mutators** (:func:`generate`): byte-level mutation of the real fixtures
  (bit flips, byte insertion and deletion, chunk duplication and deletion,
  splicing two seeds, truncation, and substitution of "interesting" tokens:
  integers of 19 to 5,000 digits, 2**63, -1, deep nesting, invalid UTF-8,
  lone surrogates, NaN/Infinity, 1e-99999999, megabyte strings and long
  arrays).  Input ``index`` of a run is a pure function of
  ``(entry, seed, index)``, so any input can be made again from its seed.
* The **worker** (``python tests/fuzzing.py worker``): a subprocess that caps
  its address space with ``RLIMIT_AS`` (default 1 GiB), imports pokerengine
  once and then runs inputs sent over a pipe, each under a per-input time
  limit of CPU time (``ITIMER_PROF``, default 5 s: a busy machine does not
  make slow inputs out of fast ones), and classifies each.
* The **driver** (:class:`Worker`, :func:`campaign`): sends inputs, watches
  the worker (a hang in C code cannot be interrupted by a signal, so a silent
  worker is killed once it has used up its CPU time, or after long idling),
  restarts a worker that died, hung, timed out or ran out of memory, and
  saves each failing input with its seed and a re-run command.

Entry points (:data:`ENTRIES`), each through the Python API and through the
CLI in-process (``pokerengine.cli.main`` with stdin/stdout/stderr captured,
files in the worker's temporary directory): settle JSON, PHH replay,
tournament logs, equity inputs, and PHH through the live engine
(``pokerengine.live.from_history``, ``pokerengine legal``).

Outcomes (:data:`OUTCOMES`):

``ok``       the entry point returned a result (CLI: exit status 0);
``clean``    API: a :class:`~pokerengine.errors.PokerEngineError` (or a
             :class:`~pokerengine.errors.ModelTimeout` from a model given a
             time budget); CLI: exit status 1, or 2 with exactly one stderr line;
``failure``  any other exception, a traceback, an exit status 2 with other
             than one stderr line, an ``internal error`` in a replay report, an
             error message longer than :data:`MAX_MESSAGE` characters or with a
             line break, a non-finite equity;
``timeout``  over the per-input limit of CPU time (or the worker stopped answering);
``memory``   :class:`MemoryError`, or the worker died (a signal, an abort).

Command line (from the repository root)::

    python tests/fuzzing.py run settle-api --inputs 100000 --seed 1 [--jobs 2]
    python tests/fuzzing.py rerun /tmp/fuzz-findings/settle-api/failure-1a2b3c4d/seed1-000042.json
    python tests/fuzzing.py recheck /tmp/fuzz-findings              # every saved input again: fixed or not
    python tests/fuzzing.py show settle-cli 1 42 > input.bin      # regenerate one input

Limits: each input at most :data:`MAX_INPUT` bytes (mutation stops growing an
input past it); the worker at most ``--memory`` bytes of address space and
``--time`` CPU seconds per input; the watchdog kills a silent worker once it
has used ``time + 5`` CPU seconds on the input, or after ``3 * (time + 10)``
seconds of wall time.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import json
import os
import pickle
import random
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pokerengine.formats import names as _format_names

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = Path(__file__).resolve().parent / "fuzz_corpus"

DEFAULT_MEMORY = 1 << 30
DEFAULT_TIME = 5.0
WATCHDOG_GRACE = 10.0
MAX_INPUT = 8 << 20
MAX_MESSAGE = 1000
RECYCLE = 20_000  # a worker is restarted after this many inputs, so that slow drift cannot build up
KEEP_PER_SIGNATURE = 3  # reproducers saved for each distinct failure

OUTCOMES = ("ok", "clean", "failure", "timeout", "memory")
GOOD = ("ok", "clean")

#: entry point -> the variants it runs (how the input is fed: API options, CLI arguments).
ENTRIES: dict[str, tuple[str, ...]] = {
    "settle-api": ("result", "explain"),
    "settle-cli": ("file", "explain", "stdin"),
    "phh-api": ("quick", "full", "phhs", "roundtrip"),
    "phh-cli": ("phh", "phhs", "json"),
    "tournament-api": ("replay", "equity", "lines", "open"),
    "director-api": ("auto", "replay", "structure"),
    "site-api": ("auto", "pokerstars", "ohh"),
    "convert": ("api-phh", "api-ohh", "cli-phh", "cli-ohh"),
    "phhs-stream": ("phhs", "phhs-cut"),
    "tournament-cli": ("no-equity", "equity-json", "stdin"),
    "equity-api": ("icm", "icm-exact", "icm-quadrature", "icm-fourier", "icm-places", "dcm", "mw", "roberts", "mc"),
    "equity-cli": ("input:icm", "input:icm-exact", "input:dcm", "input:compare", "input:mc",
                   "args:icm", "args:dcm", "args:mw", "args:roberts", "args:compare"),
    "live-api": ("replay", "tda-partial", "history"),
    "legal-cli": ("tda", "replay", "json", "stdin"),
    "decisions-api": ("odds", "range", "bubble", "call", "push", "pushfold"),
    "decisions-cli": ("odds", "bubble", "pushfold"),
}


@dataclass
class Case:
    """One input: the entry point, how it is fed (``variant``), the bytes, and where they came from."""

    entry: str
    variant: str
    data: bytes
    seed: int | None = None
    index: int | None = None
    origin: str = ""


@dataclass
class Result:
    outcome: str
    signature: str = ""  # what tells distinct failures apart (exception type and place, or message shape)
    detail: str = ""  # traceback or message
    seconds: float = 0.0  # CPU seconds the worker spent on the input


# =================================================================== mutators

def _digits(rng: random.Random, low: int = 19, high: int = 5000) -> bytes:
    n = rng.randint(low, high)
    text = "".join(f"{rng.getrandbits(60):018d}"[-18:] for _ in range(n // 18 + 1))[:n]
    return (str(rng.randint(1, 9)) + text[1:]).encode()


def _nest(rng: random.Random) -> bytes:
    n = rng.choice((65, 200, 1000, 100_000))
    if rng.random() < 0.5:
        return b"[" * n + (b"]" * n if rng.random() < 0.7 else b"")
    return b'{"a":' * n + b"0" + b"}" * n


def _long_array(rng: random.Random) -> bytes:
    n = rng.choice((100, 5000, 100_000))
    item = rng.choice((b"0", b"1", b"9223372036854775807", b'"x"', b"{}", b"[]", b"null"))
    return b"[" + b",".join([item] * n) + b"]"


def _long_string(rng: random.Random) -> bytes:
    n = rng.choice((1000, 100_000, 1_000_000))
    body = rng.choice((b"a", b"\\u0041", b"\\ud800", b"\xc3\xa9"))
    return b'"' + body * (n // len(body)) + b'"'


COMMON_TOKENS = [
    _digits, lambda r: b"-" + _digits(r), lambda r: _digits(r, 19, 25),
    b"9223372036854775807", b"9223372036854775808", b"-9223372036854775808", b"18446744073709551616",
    b"-1", b"0", b"-0", b"1", b"2", b"1e-99999999", b"1e999", b"-1e999", b"1.5", b"0.0", b"1E400", b"1e5",
    b"10.0", b"NaN", b"Infinity", b"-Infinity", b"true", b"false", b"null", b"{}", b"[]", b'""', b'"10"',
    b'"-1"', _nest, _long_array, _long_string,
    b'"\\ud800"', b'"\\udfff\\ud800"', b'"a\\ud834"', b'"\\u0000"', b'"\\u202e"',
    b"\xed\xa0\x80", b"\xff", b"\xfe\xff", b"\xc0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80", b"\x80", b"\x00",
    b"\xef\xbb\xbf", b"\r", b"\xe2\x80\xa8",
]

PHH_TOKENS = [
    b"inf", b"nan", b"-inf", b"+inf", b"1979-05-27T07:32:00Z", b"1979-05-27", b"07:32:00",
    b"0x7FFFFFFFFFFFFFFF", b"0o777", b"0b11", b"1_000", b"'''", b'"""', b"[[x]]", b"\n[x]\n", b"{ a = 1 }",
    lambda r: b"[" * r.choice((65, 1000, 50_000)),
    lambda r: b"'p1 cbr " + _digits(r) + b"'", b"'p1 cbr -5'", b"'p1 cbr 1.5'", b"'p1 cbr 0'",
    lambda r: b"'d dh p1 " + b"As" * r.randint(2, 500) + b"'",
    lambda r: b"'d db " + b"AsKsQs" * r.randint(1, 300) + b"'",
    b"'p0 f'", b"'p99999999999999999999 f'", b"'p7 f'", b"'p1 sm ????'", b"'d dh p1 ????'", b"'p1 sm -'",
    b"'p1 sd AsKs'", b"'p1 pb'", b"'p1 cc'", b"'p1 f'", b"'d dh p1 AsAs'", b"'NT'", b"'FB'", b"'F7S/8'",
    b"'FO/8'", b"'N2L1D'", b"'XX'", b"'# note'", b"\nfinishing_stacks = [1]\n", b"\nvariant = 'PO'\n",
    b"\nmin_bet = 0\n", b"\nantes = []\n", b"\nante_trimming_status = 1\n", b"\nstarting_stacks = [0, 0]\n",
    b"\nbring_in = 5\n", b"\nsmall_bet = -1\n", b"\nseat_count = 1000000000\n", b"\nhand = -1\n",
    lambda r: b"\nstarting_stacks = [" + b", ".join([b"100"] * r.choice((1, 12, 1000, 50_000))) + b"]\n",
    lambda r: b"\nactions = [" + b", ".join([b"'p1 cc'"] * r.choice((100, 10_000, 100_000))) + b"]\n",
]

SITE_TOKENS = [
    b"PokerStars Hand #1: ", b"*** HOLE CARDS ***", b"*** FLOP ***", b"*** SUMMARY ***", b"Dealt to ",
    b": folds", b": checks", b": calls $", b": bets $", b": raises $", b" to $", b" and is all-in",
    b"Uncalled bet ($", b" collected $", b" from pot", b" from side pot", b"Total pot $", b" | Rake $",
    b"Main pot $", b"Side pot $", b"Seat 1: ", b"($", b" in chips)", b"posts small blind $",
    b"posts big blind $", b"[As Kd]", b"shows [", b"mucks hand", b"\r\n", b"\n\n\n", b"$0.01", b"$1e9",
    b'"spec_version"', b'"ohh"', b'"rounds"', b'"actions"', b'"pots"', b'"player_wins"', b'"rake"',
    b'"amount"', b'"action"', b'"Raise"', b'"Call"', b'"Fold"', b'"Post SB"', b'"Post BB"', b'"cards"',
    b'"seat"', b'"player_id"', b'"starting_stack"', b'"dealer_seat"', b'"table_size"', b'"game_type"',
    b'0.005', b'1e400', b'-1', b'"Holdem"', b'"OmahaHiLo"',
]
TOURNAMENT_TOKENS = [
    b'"start"', b'"hand"', b'"correction"', b'"hand_for_hand"', b'"entry"', b'"close_registration"',
    b'"move"', b'"deal"', b'"end"', b'"icm"', b'"dcm"', b'"chips"', b'"custom"', b'"ann"', b'"zed"',
    b"\n", b"\n\n", b"\r\n", b'\n{"event": "hand", "table": "A", "stacks": {"ann": 0}}\n',
    b'\n{"event": "deal", "method": "dcm"}\n', b'\n{"event": "deal", "method": "icm"}\n',
    b'\n{"event": "end"}\n', b'\n{"event": "hand_for_hand", "on": true}\n',
    b'"level"', b'"redraw"', b'"positions"', b'"setup"', b'"on_break"', b'"structure"', b'"break"', b'"seats"',
    b'"reason"', b'"balance"', b'"final_table"', b'"small_blind"', b'"big_blind_ante"', b'"minutes"',
    b'\n{"event": "level", "level": 2}\n', b'\n{"event": "level", "level": 2, "on_break": true}\n',
    b'\n{"event": "redraw", "table": "1", "seats": {"p1": 1, "p2": 2}}\n',
    lambda r: _start_line(r),
]

EQUITY_TOKENS = [
    lambda r: _number_list(r), lambda r: _number_list(r), b'"100/3"', b'"1/0"', b'"1e5"', b'"-5/3"', b'"0x10"',
    b'"1_000"', b'" 7 "', b'"\xd9\xa3"', b'"100/-3"', b'"9/9999999999999999999999"',
]

DECISION_TOKENS = [
    b'"AhKh"', b'"AsAs"', b'"22+"', b'"AKs+"', b'"A2s-A5s"', b'"AKo:0.5"', b'"AKo:1e400"', b'":"', b'"??"',
    b'"*"', b'"KQo-KQo"', b'"2c7d9hTs3c"', b'"2c7d"', b'"Xx"', b'"icm"', b'"dcm"', b'"roberts"', b'"chip"',
    b'"nope"', b'0.5', b'1e308', b'-0.0', b'NaN', b'[]', b'{}', b'true',
    lambda r: _number_list(r), lambda r: b'"' + b", ".join(r.choice([b"AA", b"KQs", b"T9o+", b"22-99", b"AhKd"])
                                                           for _ in range(r.randint(1, 400))) + b'"',
    lambda r: b"[" + b", ".join(b'"%s"' % r.choice([b"AA", b"KK", b"AKs", b"random", b"QQ+"])
                                for _ in range(r.randint(2, 12))) + b"]",
]

ARGS_TOKENS = [
    b"100/3", b"1/0", b"-5", b"1_0", b"0", b"--exact", b"--places", b"-1", b"nan", b"inf", b"1e5", b"1.5",
    b"\xd9\xa3", b"\xff", b" | ", b"|", b"-", b"--", b"0x10", b"9/99999999999999999999999",
    _digits, lambda r: _digits(r, 19, 25),
    lambda r: b" ".join(b"%d" % r.randint(1, 10**6) for _ in range(r.choice((20, 63, 64, 500)))),
]


def _start_line(rng: random.Random) -> bytes:
    n = rng.choice((2, 10, 63, 200, 5000))
    players = ", ".join(f'{{"id": "p{i}", "stack": {rng.randint(1, 10**6)}}}' for i in range(n))
    prizes = ", ".join(str(1000 * (n - i)) for i in range(min(n, rng.randint(1, 20))))
    return f'\n{{"event": "start", "prizes": [{prizes}], "players": [{players}]}}\n'.encode()


def _number_list(rng: random.Random) -> bytes:
    n = rng.choice((0, 1, 2, 13, 20, 40, 62, 63, 64, 200, 3000))
    high = rng.choice((10, 10**6, 2**63 - 1))
    return b"[" + b", ".join(b"%d" % rng.randint(1, high) for _ in range(n)) + b"]"


FAMILY = {
    "settle-api": "settle", "settle-cli": "settle", "phh-api": "phh", "phh-cli": "phh",
    "tournament-api": "tournament", "tournament-cli": "tournament", "equity-api": "equity", "equity-cli": "equity",
    "live-api": "phh", "legal-cli": "phh", "director-api": "director", "site-api": "site",
    "convert": "site",
    "phhs-stream": "phh",
    "decisions-api": "decisions", "decisions-cli": "decisions",
}

#: Each site reader of :mod:`pokerengine.formats` past the first two is its own entry ``site-NAME``,
#: mutating its own fixtures (``fixtures/NAME/``): read by that reader (``read``) or by content (``auto``).
SITE_READERS = tuple(name for name in _format_names() if name not in ("pokerstars", "ohh"))
for _name in SITE_READERS:
    ENTRIES[f"site-{_name}"] = ("read", "auto")
    FAMILY[f"site-{_name}"] = f"site:{_name}"
TOKENS = {
    "settle": COMMON_TOKENS,
    "phh": COMMON_TOKENS + PHH_TOKENS * 2,
    "tournament": COMMON_TOKENS + TOURNAMENT_TOKENS * 2,
    "director": COMMON_TOKENS + TOURNAMENT_TOKENS * 2,
    "site": COMMON_TOKENS + SITE_TOKENS * 2,
    "equity": COMMON_TOKENS + EQUITY_TOKENS * 3,
    "equity-args": ARGS_TOKENS * 2 + COMMON_TOKENS[:30],
    "decisions": COMMON_TOKENS + DECISION_TOKENS * 3,
}
for _name in SITE_READERS:
    TOKENS[f"site:{_name}"] = TOKENS["site"]
# Numbers, quoted strings, literals and brackets: the places where a substitution keeps the shape.
TOKEN_RE = re.compile(rb"""-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|true|false|null|[\[\]{}]""")
ARGS_TOKEN_RE = re.compile(rb"[^\s|]+")

_SEEDS: dict[str, list[bytes]] = {}


def seeds(family: str) -> list[bytes]:
    """The seed inputs of a family: the real fixtures (and, for equity, the files in tests/fuzz_corpus)."""
    if family in _SEEDS:
        return _SEEDS[family]
    out: list[bytes] = []
    if family == "settle":
        hands = []
        for path in sorted((FIXTURES / "settle").rglob("*.json")):
            raw = path.read_bytes()
            out.append(raw)
            doc = json.loads(raw)
            hand = doc.get("hand", doc) if isinstance(doc, dict) else doc
            hands.append(hand)
            out.append(json.dumps(hand).encode())
        out.append(json.dumps(hands).encode())
        out.append(json.dumps(hands[:3], indent=1).encode())
    elif family == "phh":
        out = [p.read_bytes() for p in sorted((FIXTURES / "phh").rglob("*.phh"))]
    elif family == "tournament":
        paths = sorted((FIXTURES / "tournament").glob("*.jsonl")) + sorted((CORPUS / "tournament").glob("*.jsonl"))
        out = [p.read_bytes() for p in paths]
    elif family == "site":  # a site's hand histories: PokerStars text and Open Hand History
        paths = sorted((FIXTURES / "pokerstars").rglob("*.txt")) + sorted((FIXTURES / "ohh").rglob("*.*"))
        out = [p.read_bytes() for p in paths if p.suffix in (".txt", ".ohh", ".json", ".jsonl")]
    elif family.startswith("site:"):  # one site reader's own fixtures
        paths = sorted((FIXTURES / family[5:]).rglob("*"))
        out = [p.read_bytes() for p in paths if p.is_file() and p.name not in ("LICENSE", "README.md")]
    elif family == "director":
        paths = sorted((FIXTURES / "tournament").glob("director-*.jsonl")) + sorted((FIXTURES / "structures").glob("*.json"))
        out = [p.read_bytes() for p in paths]
    elif family == "equity":
        out = [p.read_bytes() for p in sorted((CORPUS / "equity").glob("*.json"))]
    elif family == "decisions":
        out = [p.read_bytes() for p in sorted((CORPUS / "decisions").glob("*.json"))]
    elif family == "equity-args":
        out = [line.encode() for line in (CORPUS / "equity" / "args.txt").read_text().splitlines() if line.strip()]
    if not out:
        raise RuntimeError(f"no seeds for {family}")
    _SEEDS[family] = out
    return out


def _token(rng: random.Random, family: str) -> tuple[bytes, str]:
    tok = rng.choice(TOKENS[family])
    if callable(tok):
        value = tok(rng)
        return value, f"token({getattr(tok, '__name__', 'gen')}:{len(value)}B)"
    return tok, f"token({tok[:24]!r})"


def _span(rng: random.Random, size: int) -> tuple[int, int]:
    if size == 0:
        return 0, 0
    start = rng.randrange(size)
    length = min(size - start, rng.choice((1, 2, 4, 8, 16, 64, 256, 4096)))
    return start, start + rng.randint(1, max(1, length))


def mutate(rng: random.Random, data: bytes, family: str) -> tuple[bytes, list[str]]:
    """Apply one to four random mutations ("havoc"); return the new bytes and what was done."""
    buf = bytearray(data)
    done: list[str] = []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        op = rng.choice(("flip", "insert", "delete", "dup", "dup", "cut", "splice", "token", "token", "token",
                         "token", "truncate", "line"))
        n = len(buf)
        if op == "flip" and n:
            for _ in range(rng.randint(1, 8)):
                buf[rng.randrange(n)] ^= 1 << rng.randrange(8)
        elif op == "insert":
            pos = rng.randint(0, n)
            if rng.random() < 0.5:
                piece = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            else:
                piece = rng.choice(b"[]{}\",:'=\n\\ -0123456789#|")
                piece = bytes([piece]) * rng.choice((1, 1, 2, 100))
            buf[pos:pos] = piece
        elif op == "delete" and n:
            a, b = _span(rng, n)
            del buf[a:b]
        elif op == "dup" and n:
            a, b = _span(rng, n)
            times = rng.choice((1, 1, 2, 10, 100, 1000))
            pos = rng.randint(0, n)
            buf[pos:pos] = bytes(buf[a:b]) * times
            op = f"dup*{times}"
        elif op == "cut" and n:
            a = rng.randrange(n)
            del buf[a:a + rng.randint(1, max(1, n // 2))]
        elif op == "splice":
            other = rng.choice(seeds(family))
            a, b = rng.randint(0, n), rng.randint(0, len(other))
            buf = buf[:a] + other[b:]
        elif op == "truncate" and n:
            del buf[rng.randrange(n):]
        elif op == "line":
            lines = bytes(buf).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            action = rng.choice(("swap", "dup", "drop"))
            if action == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif action == "dup":
                lines[i:i] = [lines[j]] * rng.choice((1, 2, 50))
            else:
                del lines[i]
            buf = bytearray(b"\n".join(lines))
            op = f"line-{action}"
        elif op == "token":
            pattern = ARGS_TOKEN_RE if family == "equity-args" else TOKEN_RE
            start = rng.randint(0, n)
            m = pattern.search(buf, start, start + 4096) or pattern.search(buf, 0, 4096)  # near a random place
            value, what = _token(rng, family)
            if m:
                buf[m.start():m.end()] = value
            else:
                pos = rng.randint(0, n)
                buf[pos:pos] = value
            op = what
        else:
            continue
        done.append(op)
        if len(buf) > MAX_INPUT:
            del buf[MAX_INPUT:]
            done.append("capped")
            break
    return bytes(buf), done


def generate(entry: str, seed: int, index: int) -> Case:
    """Input ``index`` of the run ``seed`` for ``entry``: a pure function of the three."""
    rng = random.Random(f"{entry}/{seed}/{index}")
    variant = rng.choice(ENTRIES[entry])
    family = FAMILY[entry]
    if entry == "equity-cli" and variant.startswith("args:"):
        family = "equity-args"
    pool = seeds(family)
    if variant.startswith("phhs"):
        picks = [rng.choice(pool) for _ in range(rng.randint(1, 3))]
        data = b"".join(b"[hand%d]\n" % k + re.sub(rb"(?m)^#.*$", b"", p) + b"\n" for k, p in enumerate(picks))
    else:
        data = rng.choice(pool)
    origin = "seed"
    if rng.random() < 0.97:  # a few unmutated seeds keep the good paths in the mix
        data, done = mutate(rng, data, family)
        origin = ",".join(done) or "seed"
    return Case(entry, variant, data, seed, index, origin)


# =================================================================== worker side

class _Deadline(BaseException):
    """Raised by the per-input timer; a BaseException so that ``except Exception`` in the library cannot eat it."""

    def __init__(self, where: str, stack: str) -> None:
        super().__init__(where)
        self.where, self.stack = where, stack


class _Bad(Exception):
    """An outcome the harness itself judged a failure (CLI contract broken, bad result)."""

    def __init__(self, signature: str, detail: str = "", outcome: str = "failure") -> None:
        super().__init__(signature)
        self.signature, self.detail, self.outcome = signature, detail or signature, outcome


def _short(filename: str) -> str:
    i = filename.rfind("pokerengine/")
    return filename[i:] if i >= 0 else os.path.basename(filename)


def _normalize(message: str) -> str:
    """A message's shape: numbers and quoted text folded, so one bug gives one signature."""
    first = message.strip().splitlines()[0] if message.strip() else ""
    first = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", first)
    first = re.sub(r"\d+", "N", first)
    return first[:100]


def _signature(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "pokerengine" in f.filename and "fuzzing" not in f.filename] or frames[-1:]
    where = f" at {_short(ours[-1].filename)}:{ours[-1].lineno} ({ours[-1].name})" if ours else ""
    return f"{type(exc).__name__}{where}"


def _on_alarm(signum, frame) -> None:
    stack = traceback.extract_stack(frame)
    ours = [f for f in stack if "pokerengine" in f.filename and "fuzzing" not in f.filename] or stack[-1:]
    where = f"{_short(ours[-1].filename)} ({ours[-1].name})" if ours else "?"
    raise _Deadline(where, "".join(traceback.format_list(stack[-12:])))


_TMP = Path(tempfile.gettempdir())


def _write(name: str, data: bytes) -> str:
    path = _TMP / name
    path.write_bytes(data)
    return str(path)


def _cli(argv: list[str], stdin: bytes = b"", main=None) -> tuple[str, str]:
    """Run ``pokerengine.cli.main(argv)`` in-process and judge it; return (outcome, last stderr line).

    Standard streams are what a UTF-8 locale gives a real process: stdin and
    stdout strict UTF-8 text over bytes, stderr with ``backslashreplace``.
    """
    if main is None:
        from pokerengine.cli import main
    fake_in = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = fake_in, out, err
    try:
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    text = out.buffer.getvalue().decode("utf-8", "replace")
    errors = err.buffer.getvalue().decode("utf-8", "replace")
    lines = errors.splitlines()
    if "Traceback (most recent call last)" in errors:
        raise _Bad("traceback on stderr: " + _normalize(lines[-1] if lines else ""), errors[-4000:])
    if type(status) is not int or status not in (0, 1, 2):
        raise _Bad(f"exit status {status!r}", errors[-2000:])
    if status == 2 and len(lines) != 1:
        raise _Bad(f"exit 2 with {len(lines)} stderr lines: " + _normalize(lines[0] if lines else ""), errors[:4000])
    long = [line for line in lines if len(line) > MAX_MESSAGE]
    if long:
        raise _Bad(f"stderr line over {MAX_MESSAGE} chars: " + _normalize(long[0]),
                   f"{len(long[0]):,} chars: {long[0][:2000]}")
    m = re.search(r"internal error [^\n]*", text)
    if m:
        raise _Bad("replay report: " + _normalize(m.group(0)), m.group(0)[:4000],
                   "memory" if "MemoryError" in m.group(0) else "failure")
    return ("ok" if status == 0 else "clean"), (lines[-1] if lines else "")


# ---- entry points: each returns None (a result) or raises

def _settle_api(data: bytes, variant: str) -> None:
    from pokerengine import _json
    from pokerengine.errors import SettlementInputError
    from pokerengine.hand_json import settle_hand_json, settle_json

    obj = _json.loads(data, what="hand", error=SettlementInputError)
    if variant == "explain":
        for hand in obj if isinstance(obj, list) else [obj]:
            settle_hand_json(hand).explain()
    else:
        json.dumps(settle_json(obj))


def _phh_api(data: bytes, variant: str) -> None:
    from pokerengine.phh import dumps, loads, loads_all
    from pokerengine.live import interpret
    from pokerengine.replay import replay_hand
    from pokerengine.live.settling import settle_outcome

    text = data.decode("utf-8", "surrogateescape")
    hands = loads_all(text) if variant == "phhs" else [loads(text)]
    for hand in hands:
        if variant == "full":
            outcome = interpret(hand, quick=False)
            settle_outcome(outcome, ante_trimming=hand.ante_trimming_status)
        elif variant == "roundtrip":
            try:
                text = dumps(hand)
                again = dumps(loads(text))
            except Exception as exc:
                raise _Bad(f"accepted hand does not round-trip: {_signature(exc)}",
                           "".join(traceback.format_exception(exc))[-4000:]) from None
            if again != text:  # compared as text: a user field may hold nan, which != itself
                raise _Bad("accepted hand round-trips to a different hand", f"{text[:1000]}\n---\n{again[:1000]}")
        else:
            replay_hand(hand)


def _live_api(data: bytes, variant: str) -> None:
    from pokerengine import live
    from pokerengine.phh import loads

    hist = loads(data.decode("utf-8", "surrogateescape"))
    if variant == "tda-partial":
        hand = live.from_history(hist, live.TDA, complete=False)
        if not hand.over:
            hand.legal_actions()
    else:
        hand = live.from_history(hist, live.REPLAY)
        if variant == "history":
            try:
                live.to_history(hand)
            except Exception as exc:
                raise _Bad(f"a replayed hand has no history: {_signature(exc)}",
                           "".join(traceback.format_exception(exc))[-4000:]) from None


def _tournament_api(data: bytes, variant: str) -> None:
    from pokerengine.tournament import EquityConfig, Tournament

    if variant == "open":
        path = _write("fuzz-open.jsonl", data)
        t = Tournament.open(path, equity=EquityConfig.off())
        t.close()
    else:
        source = data.decode("utf-8", "surrogateescape").splitlines(keepends=True) if variant == "lines" else data
        t = Tournament.replay(source, equity=EquityConfig.off())
    t.standings()
    t.state()
    if variant == "equity" and t.remaining:
        t.equity(icm=True, dcm=True, dcm_seconds=0.2)


def _site_api(data: bytes, variant: str) -> None:
    """A site's file read (PokerStars text or OHH) and each hand checked against what it says was paid."""
    from pokerengine.formats import detect, site_hands
    from pokerengine.replay.site_check import check_site

    from pokerengine.formats import names
    from pokerengine.formats.encodings import decode

    text = decode(data)
    fmt = detect(text) if variant == "auto" else variant
    if fmt not in names():
        return
    for hand in site_hands(text if fmt != "ohh" else data, fmt, source="fuzz"):
        check_site(hand)


def _site_reader(entry: str) -> Callable[[bytes, str], None]:
    """The runner of entry ``site-NAME``: that reader (``read``) or the format found by content (``auto``)."""
    name = entry[5:]
    return lambda data, variant: _site_api(data, name if variant == "read" else "auto")


def _convert(data: bytes, variant: str) -> tuple[str, str] | None:
    """``pokerengine convert`` (the API, or the command on a file): a site's file (or PHH) written as PHH or
    OHH; what the API writes must read back, and a PHH written from a site's hand must replay."""
    to = variant[-3:]
    if variant.startswith("cli"):
        path = _write("fuzz-convert.txt", data)
        return _cli(["convert", path, "--to", to])
    from pokerengine.replay.convert import convert_text, read_hands
    from pokerengine.replay.files import report

    text = data.decode("utf-8", "surrogateescape")
    written = convert_text(text, to, source="fuzz.txt")
    for hand in read_hands(written, fmt="ohh" if to == "ohh" else None):
        if to == "phh":
            r = report(hand)
            assert r.status != "error", r.message
    return None


def _phhs_stream(data: bytes, variant: str) -> None:
    """A ``.phhs`` file read hand by hand (``stream.iter_phhs_tables``), whole and (``phhs-cut``) in byte
    ranges cut at places drawn from the input: every range partition must give the same hands and errors,
    and the sharded replay the same summary as the file replayed as one shard."""
    from pokerengine.replay.corpus import Shard, merge, replay_shard
    from pokerengine.phh.stream import iter_phhs_tables

    path = _write("fuzz-stream.phhs", data)

    def seen(start: int = 0, end: int | None = None) -> list:
        return [(key, str(h) if isinstance(h, Exception) else h) for _, key, h in iter_phhs_tables(path, start=start, end=end)]

    whole = seen()
    if variant == "phhs-cut" and data:
        rng = random.Random(len(data))
        bounds = sorted({0, *(rng.randrange(len(data)) for _ in range(rng.randint(1, 6)))})
        ranges = list(zip(bounds, [*bounds[1:], None]))
        parts = [x for a, b in ranges for x in seen(a, b)]
        assert parts == whole, f"byte ranges {ranges} give other hands than the whole file"
        shards = [Shard(path, 0, True, True, a, b) for a, b in ranges]
        one, cut = merge([replay_shard(Shard(path, 0, True, True, 0, None))]), merge(map(replay_shard, shards))
        a, b = one.to_json(), cut.to_json()
        for x in (a, b):
            x.pop("seconds")
            x.pop("hands_per_second")
        assert a == b, "the sharded replay differs from the file's"


def _director_api(data: bytes, variant: str) -> None:
    """A blind structure (then a short simulated tournament on it), or a director's log replayed."""
    from pokerengine.tournament import Director, EquityConfig, Structure, simulate

    if variant == "auto":
        variant = "replay" if b'"event"' in data[:200] else "structure"
    if variant == "structure":
        structure = Structure.from_json(data)
        simulate(7, structure=structure, stack=max(structure.levels[0].big_blind, 1) * 20, seats=4, seed=1,
                 max_hands=200)
        return
    d = Director.replay(data, equity=EquityConfig.off())
    d.tables
    d.ready()


def _model(name: str):
    """The model call of an ``equity-api`` variant.  Every call but plain ``icm`` (quick at any field size by
    design) gets a one-second budget where the model takes one; a budget it does not keep is a timeout here."""
    import inspect

    from pokerengine.models import dcm, icm, malmuth_weitzman, monte_carlo, roberts

    def budget(model, seconds=1.0) -> dict:
        return {"max_seconds": seconds} if "max_seconds" in inspect.signature(model).parameters else {}

    return {
        "icm": icm,
        "icm-exact": lambda s, p: icm(s, p, exact=True, **budget(icm)),
        "icm-quadrature": lambda s, p: icm(s, p, method="quadrature", places=True, **budget(icm)),
        "icm-fourier": lambda s, p: icm(s, p, method="quadrature", **budget(icm)),  # equities only
        "icm-places": lambda s, p: icm(s, p, places=True, **budget(icm)),
        "dcm": lambda s, p: dcm(s, p, max_seconds=0.2),
        "mw": lambda s, p: malmuth_weitzman(s, p, **budget(malmuth_weitzman)),
        "roberts": lambda s, p: roberts(s, p, **budget(roberts)),
        "mc": lambda s, p: monte_carlo(s, p, samples=2000, places=True, **budget(monte_carlo)),
    }[name]


def _equity_api(data: bytes, variant: str) -> None:
    import math

    from pokerengine import _json
    from pokerengine.errors import ModelInputError

    if variant.startswith("py:"):  # Python values from the Hypothesis strategies
        obj, variant = pickle.loads(data), variant[3:]
    else:
        obj = _json.loads(data, what="equity input", error=ModelInputError)
    stacks, prizes = (obj.get("stacks"), obj.get("prizes", [])) if isinstance(obj, dict) else (obj, [])
    result = _model(variant)(stacks, prizes)
    bad = [e for e in result.equity if not math.isfinite(float(e))]
    if bad:
        raise _Bad(f"{variant}: non-finite equity {bad[0]!r}")


def _settle_cli(data: bytes, variant: str) -> tuple[str, str]:
    if variant == "stdin":
        return _cli(["settle", "-"], data)
    path = _write("fuzz-hand.json", data)
    return _cli(["settle", "--explain", path] if variant == "explain" else ["settle", path])


def _phh_cli(data: bytes, variant: str) -> tuple[str, str]:
    path = _write("fuzz-hands.phhs" if variant == "phhs" else "fuzz-hand.phh", data)
    return _cli(["replay", "-q", "--json", path] if variant == "json" else ["replay", "-q", path])


def _legal_cli(data: bytes, variant: str) -> tuple[str, str]:
    if variant == "stdin":
        return _cli(["legal", "-"], data)
    path = _write("fuzz-legal.phh", data)
    return _cli({"tda": ["legal", path], "replay": ["legal", "--rules", "replay", path],
                 "json": ["legal", "--json", path]}[variant])


def _tournament_cli(data: bytes, variant: str) -> tuple[str, str]:
    if variant == "stdin":
        return _cli(["tournament", "-", "--no-equity"], data)
    path = _write("fuzz-log.jsonl", data)
    if variant == "no-equity":
        return _cli(["tournament", path, "--no-equity"])
    return _cli(["tournament", path, "--json", "--dcm-seconds", "0.2"])


_CLI_MODEL = {  # a small --max-seconds everywhere: the CLI must keep it (exit 1) or be caught by the CPU limit
    "icm": ["--model", "icm", "--max-seconds", "1"],
    "icm-exact": ["--model", "icm", "--exact", "--places", "--max-seconds", "1"],
    "dcm": ["--model", "dcm", "--max-seconds", "0.2"], "mw": ["--model", "mw", "--places", "--max-seconds", "1"],
    "roberts": ["--model", "roberts", "--json", "--max-seconds", "1"],
    "mc": ["--model", "mc", "--samples", "2000", "--json", "--max-seconds", "1"],
    "compare": ["--compare", "icm,dcm,mw,roberts", "--max-seconds", "1", "--places"],
}


def _equity_cli(data: bytes, variant: str) -> tuple[str, str]:
    how, _, model = variant.partition(":")
    if how == "input":
        return _cli(["equity", "--input", _write("fuzz-field.json", data), *_CLI_MODEL[model]])
    text = data.decode("utf-8", "surrogateescape").replace("\x00", "")  # an argv cannot hold NUL
    stacks, bar, prizes = text.partition("|")
    argv = ["equity", *_CLI_MODEL[model], "--stacks", *stacks.split()]
    if bar:
        argv += ["--prizes", *prizes.split()]
    return _cli(argv)


def _decisions_doc(data: bytes) -> dict:
    from pokerengine import _json
    from pokerengine.errors import DecisionInputError

    obj = _json.loads(data, what="decision input", error=DecisionInputError)
    if not isinstance(obj, dict):
        raise DecisionInputError("a decision input is an object")
    return obj


def _pushfold_args(spec: dict) -> dict:
    """The keywords of a push/fold solve from a fuzz document (passed on as they are: the API checks them)."""
    out = {k: spec[k] for k in ("ante", "big_blind_ante", "prizes", "model", "check_deals", "card_removal", "boards") if k in spec}
    if "bb_ante" in spec:  # (the corpus's older spelling)
        out["big_blind_ante"] = spec["bb_ante"]
    return out


def _decisions_api(data: bytes, variant: str) -> None:
    """Odds, ranges, bubble factors, decisions and push/fold solves from a JSON document, each with a
    short time budget; what they return must add up (counts, equities, the range's text round trip)."""
    import math

    from pokerengine.errors import DecisionInputError

    doc = _decisions_doc(data)
    # the variant the document holds (a seed is written for one), else the one drawn
    variant = variant if variant in doc else next((k for k in ENTRIES["decisions-api"] if k in doc), variant)
    if variant not in doc:
        raise DecisionInputError(f"no {variant!r} key")
    spec = doc[variant]
    if variant == "odds":
        from pokerengine.decisions.odds import odds

        result = odds(spec, doc.get("board", ""), doc.get("dead", ""), max_seconds=1.0)
        total = sum(h.equity for h in result.hands)
        if not math.isclose(total, 1.0, rel_tol=1e-9):
            raise _Bad(f"odds: equities add up to {total!r}")
        if result.exact:  # each hand's counts add up to boards x deals (weighted for ranges)
            want = result.boards * result.deals
            if any(abs(h.win + h.tie + h.lose - want) > 1e-6 * max(want, 1) for h in result.hands):
                raise _Bad("odds: win + tie + lose is not boards x deals")
    elif variant == "range":
        from pokerengine.decisions.ranges import parse_range

        r = parse_range(spec)
        if parse_range(str(r)).weights != r.weights:
            raise _Bad("range: its text does not parse back to it", f"{spec!r} -> {str(r)!r}")
    elif variant == "bubble":
        from pokerengine.decisions.bubble import bubble_factors

        if not isinstance(spec, dict):
            raise DecisionInputError("bubble: an object")
        bubble_factors(spec.get("stacks"), spec.get("prizes"), model=spec.get("model", "icm"), max_seconds=1.0)
    elif variant in ("call", "push"):
        from pokerengine.decisions.decision import call_decision, push_decision

        if not isinstance(spec, dict) or not all(isinstance(k, str) and k.isidentifier() for k in spec):
            raise DecisionInputError(f"{variant}: an object of keywords")
        known = {"stacks", "prizes", "hero", "pusher", "blinds", "ante", "big_blind_ante", "equity", "hand", "pusher_range",
                 "model", "call_probability", "caller", "calling_ranges"}
        kwargs = {k: v for k, v in spec.items() if k in known}
        if "bb_ante" in spec:  # (the corpus's older spelling)
            kwargs["big_blind_ante"] = spec["bb_ante"]
        required = {"stacks", "hero", "blinds"} | ({"pusher"} if variant == "call" else set())
        if not required <= set(kwargs):  # Python's own TypeError for a missing argument: not an input
            raise DecisionInputError(f"{variant}: missing {sorted(required - set(kwargs))}")
        if variant == "push":
            kwargs.pop("pusher", None)
            kwargs.pop("pusher_range", None)
            if isinstance(kwargs.get("calling_ranges"), dict):  # JSON keys are text: seats are ints
                kwargs["calling_ranges"] = {int(k) if k.isdigit() and len(k) < 3 else k: v
                                            for k, v in kwargs["calling_ranges"].items()}
            d = push_decision(max_seconds=1.0, **kwargs)
        else:
            for k in ("call_probability", "caller", "calling_ranges"):
                kwargs.pop(k, None)
            d = call_decision(max_seconds=1.0, **kwargs)
        values = [d.fold, d.value]
        if not all(math.isfinite(float(v)) for v in values):
            raise _Bad(f"{variant}: a value that is not finite: {values!r}")
    else:  # pushfold
        from pokerengine.decisions.equilibrium import solve

        if not isinstance(spec, dict):
            raise DecisionInputError("pushfold: an object")
        e = solve(spec.get("stacks"), spec.get("blinds"), max_seconds=1.0, **_pushfold_args(spec))
        if not math.isfinite(e.exploitability) or e.exploitability < -1e-9:
            raise _Bad(f"pushfold: exploitability {e.exploitability!r}")
        if "recheck_deals" in spec:  # the returned ranges checked again in the real deal (decisions/verify.py)
            from pokerengine.decisions import check_equilibrium

            got = check_equilibrium(e, deals=spec["recheck_deals"], max_seconds=1.0)
            if not all(math.isfinite(g) and g >= 0.0 for g in got.gains):
                raise _Bad(f"pushfold: real-deal gains {got.gains!r}")


def _argv_list(value) -> str:
    return ",".join(str(v) for v in value) if isinstance(value, list) else str(value)


def _decisions_cli(data: bytes, variant: str) -> tuple[str, str]:
    """``pokerengine odds|bubble|pushfold``: arguments from a JSON document's keys, or (not JSON) the text
    split into arguments as a user would type them."""
    text = data.decode("utf-8", "surrogateescape").replace("\x00", "")  # an argv cannot hold NUL
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = None
    if isinstance(doc, dict) and variant not in doc:
        variant = next((k for k in ENTRIES["decisions-cli"] if k in doc), variant)
    command = variant
    budget = ["--max-seconds", "1"] if command in ("pushfold", "bubble", "odds") else []
    if not isinstance(doc, dict) or not isinstance(doc.get(variant), (dict, list)):
        return _cli([command, *text.split()[:200], *budget])
    spec = doc[variant]
    if command == "odds":
        argv = ["odds", *(str(h) for h in (spec if isinstance(spec, list) else [spec]))]
        for key in ("board", "dead"):
            if key in doc:
                argv += [f"--{key}", str(doc[key])]
        return _cli([*argv, "--json", *budget])
    if not isinstance(spec, dict):
        return _cli([command, str(spec)])
    argv = [command, "--json"]
    for key in ("stacks", "blinds", "prizes", "ante", "model", "check_deals"):
        if key in spec:
            argv += [f"--{key.replace('_', '-')}", _argv_list(spec[key])]
    return _cli([*argv, *budget])


def _spin() -> None:
    while True:
        pass


def _selftest(data: bytes, variant: str):
    """Known behaviours, one per variant, that the harness must classify right (see tests/test_fuzz.py)."""
    from pokerengine.errors import PokerEngineError

    def cli(status: int, err: str = "", out: str = ""):
        def main(argv):
            sys.stdout.write(out)
            sys.stderr.write(err)
            return status
        return _cli([], b"", main)

    actions = {
        "ok": lambda: None,
        "clean": lambda: (_ for _ in ()).throw(PokerEngineError("bad input")),
        "bug": lambda: {}["missing"],
        "recursion": lambda: json.loads("[" * 200_000 + "]" * 200_000),
        "long-message": lambda: (_ for _ in ()).throw(PokerEngineError("x" * 5000)),
        "hang": _spin,
        "hang-c": lambda: (signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF}), _spin()),
        "blocked": lambda: (signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF}), time.sleep(3600)),
        "memory": lambda: bytearray(4 << 30),
        "die": lambda: os.kill(os.getpid(), signal.SIGSEGV),
        "cli-ok": lambda: cli(0, "pokerengine: note: fine\n", "result\n"),
        "cli-clean": lambda: cli(2, "pokerengine: error: bad input\n"),
        "cli-two-lines": lambda: cli(2, "pokerengine: error: bad\ninput\n"),
        "cli-silent": lambda: cli(2),
        "cli-traceback": lambda: cli(1, "Traceback (most recent call last):\n  File x\nKeyError: 1\n"),
        "cli-status": lambda: cli(3, "pokerengine: error: what\n"),
        "cli-internal": lambda: cli(1, "", "x.phh: internal error KeyError: 'a' (please report)\n"),
        "cli-stdout-surrogate": lambda: cli(0, "", "\ud800"),
    }
    return actions[variant]()


RUNNERS = {
    "selftest": _selftest,
    "settle-api": _settle_api, "settle-cli": _settle_cli, "phh-api": _phh_api, "phh-cli": _phh_cli,
    "tournament-api": _tournament_api, "tournament-cli": _tournament_cli, "director-api": _director_api, "site-api": _site_api,
    "convert": _convert, "phhs-stream": _phhs_stream,
    "equity-api": _equity_api, "equity-cli": _equity_cli, "live-api": _live_api, "legal-cli": _legal_cli,
    "decisions-api": _decisions_api, "decisions-cli": _decisions_cli,
}
RUNNERS.update({f"site-{_name}": _site_reader(f"site-{_name}") for _name in SITE_READERS})


def run_case(entry: str, variant: str, data: bytes, time_limit: float) -> Result:
    """Run one input in this process, under the time limit, and classify it."""
    from pokerengine.errors import ModelTimeout, PokerEngineError

    start = time.process_time()
    try:
        try:
            signal.setitimer(signal.ITIMER_PROF, time_limit)
            got = RUNNERS[entry](data, variant)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        if got is None:
            result = Result("ok")
        else:
            outcome, message = got
            result = Result(outcome, "", message[:300])
    except _Deadline as exc:
        result = Result("timeout", f"timeout in {exc.where}", exc.stack[-4000:])
    except _Bad as exc:
        result = Result(exc.outcome, exc.signature, exc.detail)
    except MemoryError as exc:
        result = Result("memory", _signature(exc), "".join(traceback.format_exception(exc))[-4000:])
    except (PokerEngineError, ModelTimeout) as exc:
        message = str(exc)
        if len(message) > MAX_MESSAGE:
            result = Result("failure", f"error message over {MAX_MESSAGE} chars: {_signature(exc)}",
                            f"{len(message):,} chars: {message[:2000]}")
        elif "\n" in message or "\r" in message:
            result = Result("failure", f"error message with a line break: {_signature(exc)}", message)
        else:
            result = Result("clean", "", message[:300])
    except BaseException as exc:  # noqa: BLE001 - any other exception is exactly what we look for
        if isinstance(exc, KeyboardInterrupt):
            raise
        result = Result("failure", _signature(exc), "".join(traceback.format_exception(exc))[-4000:])
    result.seconds = time.process_time() - start
    return result


def _send(stream, obj) -> None:
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("<Q", len(payload)) + payload)
    stream.flush()


def worker_main(memory: int, time_limit: float, tmp: str) -> None:
    """The worker loop: requests (entry, variant, data) in, :class:`Result` out, over fds 0 and 1."""
    import faulthandler
    import resource

    global _TMP
    _TMP = Path(tmp)
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    faulthandler.enable()  # a segfault or abort leaves its Python stack on stderr for the driver
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)  # stray writes to fd 1 cannot corrupt the protocol
    signal.signal(signal.SIGPROF, _on_alarm)
    import pokerengine.cli
    import pokerengine.replay  # noqa: F401
    import pokerengine.models  # noqa: F401
    import pokerengine.tournament  # noqa: F401

    # The parser does not depend on the input: build it once (argparse's gettext look-ups cost ~5 ms a call).
    parser = pokerengine.cli.build_parser()
    pokerengine.cli.build_parser = lambda: parser
    _send(replies, "ready")
    while True:
        head = requests.read(8)
        if len(head) < 8:
            return
        entry, variant, data = pickle.loads(requests.read(struct.unpack("<Q", head)[0]))
        r = run_case(entry, variant, data, time_limit)
        # Bounded replies: the driver's window of them always fits in a pipe buffer (no deadlock).
        detail = r.detail if len(r.detail) <= 2000 else r.detail[:500] + "\n[...]\n" + r.detail[-1500:]
        _send(replies, (r.outcome, r.signature[:300], detail, r.seconds))  # plain values: no __main__ classes


# =================================================================== driver side

class Worker:
    """A worker subprocess seen from the driver: run cases, restart it when it dies, hangs or must be renewed.

    Up to ``window`` cases are in the pipe at once, so that the worker never
    waits for the driver (results are small: ``window`` of them fit in a pipe
    buffer, so neither side can block the other).  A case is charged with what
    happens while it is the oldest unanswered one; the cases sent after it are
    sent again to the fresh worker.
    """

    def __init__(self, memory: int = DEFAULT_MEMORY, time_limit: float = DEFAULT_TIME,
                 grace: float = WATCHDOG_GRACE, window: int = 4) -> None:
        self.memory, self.time_limit, self.grace, self.window = memory, time_limit, grace, window
        self.proc: subprocess.Popen | None = None
        shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None  # input files: memory, not disk
        self.tmp = tempfile.TemporaryDirectory(prefix="fuzz-worker-", dir=shm)
        self.done = 0
        self.starts = 0
        self.cpu_spent = 0.0  # CPU seconds of the workers stopped so far

    def cpu_used(self) -> float:
        """CPU seconds used by this worker's processes, all restarts included."""
        return self.cpu_spent + (self._cpu() if self.proc is not None else 0.0)

    def start(self) -> None:
        self.stop()
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   PYTHONHASHSEED="0")
        self.stderr = tempfile.TemporaryFile(dir=self.tmp.name)
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "worker", "--memory", str(self.memory), "--time", str(self.time_limit),
             "--tmp", self.tmp.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, bufsize=0, env=env, cwd=self.tmp.name,
        )
        self.starts += 1
        self.done = 0
        try:
            reply = self._receive(time.monotonic() + 60)
        except (EOFError, TimeoutError) as exc:
            reply = exc
        if reply != "ready":
            raise RuntimeError(f"fuzz worker did not start: {reply!r} {self._stderr_tail()}")

    def stop(self) -> None:
        if self.proc is not None:
            used = self._cpu()
            self.cpu_spent += used if used != float("inf") else 0.0
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for pipe in (self.proc.stdin, self.proc.stdout):
                pipe.close()
            self.stderr.close()
            self.proc = None

    def close(self) -> None:
        self.stop()
        self.tmp.cleanup()

    def _stderr_tail(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()[-3000:].decode("utf-8", "replace")

    def _receive(self, deadline: float):
        fd = self.proc.stdout.fileno()
        buf = bytearray()
        need = 8
        while len(buf) < need:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(fd, need - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
            if need == 8 and len(buf) == 8:
                need += struct.unpack("<Q", buf)[0]
        return pickle.loads(bytes(buf[8:]))

    def _cpu(self) -> float:
        """CPU seconds the worker has used so far (user + system, from /proc)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("inf")

    def _answer(self, started: float, cpu: float):
        """The next reply; TimeoutError once the worker is silent and has burnt its CPU time or idled for long."""
        patience = self.time_limit + self.grace
        while True:
            try:
                return self._receive(time.monotonic() + patience)
            except TimeoutError:
                used = self._cpu() - cpu
                if used >= self.time_limit + self.grace / 2 or time.monotonic() - started >= 3 * (
                        self.time_limit + self.grace):
                    raise TimeoutError(used) from None
                patience = self.grace  # starved by a busy machine, not stuck: give it more time

    def _lost(self, exc: BaseException, started: float) -> Result:
        """The result of the case that was running when the worker hung or died."""
        if isinstance(exc, TimeoutError):
            used = exc.args[0] if exc.args else 0.0
            self.stop()
            if used >= self.time_limit:
                return Result("timeout", "hard timeout: busy past the limit with the timer blocked (stuck in C code?)",
                              f"no answer after {used:.1f} CPU s", used)
            return Result("timeout", "hard timeout: blocked, using no CPU (waiting on I/O or a lock?)",
                          f"no answer in {time.monotonic() - started:.0f} s, {used:.1f} CPU s", used)
        code = self.proc.wait()
        tail = self._stderr_tail()
        self.stop()
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        frames = re.findall(r'File "([^"]+)", line \d+ in (\S+)', tail)  # faulthandler: innermost first
        ours = [f for f in frames if "pokerengine" in f[0] and "fuzzing" not in f[0]] or frames
        where = f" in {_short(ours[0][0])} ({ours[0][1]})" if ours else ""
        return Result("memory", f"worker died ({how}){where}", tail, 0.0)

    def run_many(self, cases: Iterable[Case]) -> Iterator[tuple[Case, Result]]:
        """Run cases in order, yielding each with its result; never raises for anything a case does to the worker."""
        source = iter(cases)
        pending: deque[Case] = deque()
        mark = (time.monotonic(), 0.0)  # when (wall, worker CPU) the oldest pending case began, about
        while True:
            while len(pending) < self.window and (self.proc is not None or not pending):
                case = next(source, None)
                if case is None:
                    break
                if self.proc is None or self.done + len(pending) >= RECYCLE:
                    if pending:  # renew only between cases
                        source = itertools.chain([case], source)
                        break
                    self.start()
                if not pending:
                    mark = (time.monotonic(), self._cpu())
                try:
                    _send(self.proc.stdin, (case.entry, case.variant, case.data))
                except OSError:  # it died: the oldest pending case is charged when its reply is missing
                    source = itertools.chain([case], source)
                    if not pending:
                        self.stop()
                        continue
                    break
                pending.append(case)
            if not pending:
                return
            case = pending.popleft()
            try:
                result = Result(*self._answer(*mark))
            except (TimeoutError, EOFError, OSError) as exc:
                result = self._lost(exc, mark[0])
            else:
                self.done += 1
                if result.outcome in ("timeout", "memory"):
                    self.stop()  # its state may be half-updated: start afresh
            if self.proc is None and pending:  # what was sent after the lost case runs again on a fresh worker
                source = itertools.chain(list(pending), source)
                pending.clear()
            mark = (time.monotonic(), self._cpu() if self.proc is not None else 0.0)
            yield case, result

    def run(self, case: Case) -> Result:
        """Run one case (see :meth:`run_many`)."""
        return next(self.run_many([case]))[1]


def _shape(signature: str) -> str:
    return hashlib.sha1(signature.encode()).hexdigest()[:8]


@dataclass
class Findings:
    """Failing inputs of one entry point, grouped by signature; the first few of each saved to ``folder``."""

    folder: Path
    groups: dict[tuple[str, str], dict] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, case: Case, result: Result) -> Path | None:
        key = (result.outcome, result.signature)
        with self.lock:
            group = self.groups.setdefault(key, {"count": 0, "files": [], "inputs": []})
            group["count"] += 1
            if case.index is not None and len(group["inputs"]) < 20:
                group["inputs"].append(case.index)
            if len(group["files"]) >= KEEP_PER_SIGNATURE:
                return None
            where = self.folder / case.entry / f"{result.outcome}-{_shape(result.signature)}"
            where.mkdir(parents=True, exist_ok=True)
            if case.index is not None:
                stem = f"seed{case.seed}-{case.index:06d}"
            else:
                stem = f"{case.origin}-{_shape(repr(case.data))}"
            (where / f"{stem}.bin").write_bytes(case.data)
            meta = {
                "entry": case.entry, "variant": case.variant, "seed": case.seed, "index": case.index,
                "origin": case.origin, "bytes": len(case.data), "outcome": result.outcome,
                "signature": result.signature, "seconds": round(result.seconds, 3), "detail": result.detail,
                "rerun": f"python tests/fuzzing.py rerun {where / stem}.json",
            }
            (where / f"{stem}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False,
                                                           default=str) + "\n", errors="backslashreplace")
            group["files"].append(str(where / f"{stem}.json"))
            return where / f"{stem}.json"

    def lines(self) -> list[str]:
        out = []
        for (outcome, signature), group in sorted(self.groups.items(), key=lambda kv: -kv[1]["count"]):
            out.append(f"{group['count']:>7}  {outcome:<8} {signature}")
            out.extend(f"{'':>9}re-run: python tests/fuzzing.py rerun {path}" for path in group["files"][:1])
            if group["inputs"]:
                more = group["count"] - len(group["inputs"])
                listed = " ".join(f"#{i}" for i in sorted(group["inputs"])) + (f" (+{more} more)" if more > 0 else "")
                out.append(f"{'':>9}inputs {listed}")
        return out


@dataclass
class Report:
    entry: str
    seed: int
    inputs: int
    counts: Counter
    findings: Findings
    seconds: float
    slowest: list[tuple[float, int, str]]
    cpu: float = 0.0  # CPU seconds of the worker processes (start-up and restarts included)
    driver_cpu: float = 0.0  # CPU seconds of this (driver) process: generating, sending, judging

    @property
    def bad(self) -> int:
        return sum(n for outcome, n in self.counts.items() if outcome not in GOOD)

    def text(self) -> str:
        rate = self.inputs / self.seconds if self.seconds else 0.0
        counts = ", ".join(f"{o} {self.counts.get(o, 0):,}" for o in OUTCOMES)
        head = (f"{self.entry} seed {self.seed}: {self.inputs:,} inputs in {self.seconds:.1f} s ({rate:,.0f}/s): "
                f"{counts}")
        per = 1000 / max(self.inputs, 1)
        cost = f"  CPU per input: worker {self.cpu * per:.2f} ms, driver {self.driver_cpu * per:.2f} ms"
        slow = ", ".join(f"#{i} {v} {s:.2f}s" for s, i, v in self.slowest[:3])
        return "\n".join([head, cost, f"  slowest (CPU): {slow}", *self.findings.lines()])


def campaign(entry: str, inputs: int, seed: int, folder: Path, *, jobs: int = 1, memory: int = DEFAULT_MEMORY,
             time_limit: float = DEFAULT_TIME, workers: list[Worker] | None = None,
             progress: bool = False) -> Report:
    """Run inputs ``0 .. inputs-1`` of run ``seed`` through ``entry`` on ``jobs`` workers; save the failures."""
    own = workers is None
    pool = workers if workers is not None else [Worker(memory, time_limit) for _ in range(jobs)]
    findings = Findings(Path(folder))
    counts: Counter = Counter()
    slowest: list[tuple[float, int, str]] = []
    lock = threading.Lock()
    errors: list[BaseException] = []
    started, driver_started = time.monotonic(), time.process_time()
    worker_started = sum(w.cpu_used() for w in pool)

    def drive(k: int) -> None:
        try:
            _drive(k)
        except BaseException as exc:  # a bug of the harness: stop the run and show it
            errors.append(exc)

    def _drive(k: int) -> None:
        mine = (generate(entry, seed, index) for index in range(k, inputs, len(pool)) if not errors)
        for case, result in pool[k].run_many(mine):
            index = case.index
            with lock:
                counts[result.outcome] += 1
                slowest.append((result.seconds, index, case.variant))
                if len(slowest) > 50:
                    slowest.sort(reverse=True)
                    del slowest[10:]
                done = sum(counts.values())
                if progress and done % 5000 == 0:
                    print(f"  {entry}: {done:,}/{inputs:,} {dict(counts)}", file=sys.stderr, flush=True)
            if result.outcome not in GOOD:
                findings.add(case, result)

    try:
        threads = [threading.Thread(target=drive, args=(k,)) for k in range(len(pool))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]
    finally:
        if own:
            for w in pool:
                w.close()
    slowest.sort(reverse=True)
    report = Report(entry, seed, inputs, counts, findings, time.monotonic() - started, slowest[:10],
                    sum(w.cpu_used() for w in pool) - worker_started, time.process_time() - driver_started)
    if findings.groups:
        (Path(folder) / entry).mkdir(parents=True, exist_ok=True)
        (Path(folder) / entry / f"summary-seed{seed}.txt").write_text(report.text() + "\n")
    return report


def rerun(path: str, *, cap: bool = True) -> int:
    """Run a saved input again in this process and show what happens, traceback included.

    ``cap`` puts this process under the worker's memory cap first (for good: use it from the command line).
    """
    meta = json.loads(Path(path).read_text())
    data = Path(path).with_suffix(".bin").read_bytes()
    was = f"{meta.get('outcome', '')} {meta.get('signature', meta.get('was', ''))}".strip()
    print(f"{meta['entry']} [{meta['variant']}] {len(data):,} bytes; saved outcome: {was}")
    if cap:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (DEFAULT_MEMORY, DEFAULT_MEMORY))
    previous = signal.signal(signal.SIGPROF, _on_alarm)
    try:
        result = run_case(meta["entry"], meta["variant"], data, DEFAULT_TIME * 4)
    finally:
        signal.signal(signal.SIGPROF, previous)
    print(f"now: {result.outcome} {result.signature} ({result.seconds:.2f} s)")
    if result.detail:
        print(result.detail)
    return 0 if result.outcome in GOOD else 1


def recheck(folder: str, *, memory: int = DEFAULT_MEMORY, time_limit: float = DEFAULT_TIME) -> int:
    """Run every input saved under ``folder`` again in a capped worker; print which still fail (one per signature)."""
    worker = Worker(memory, time_limit)
    still = 0
    try:
        for meta_path in sorted(Path(folder).rglob("*.json")):
            meta = json.loads(meta_path.read_text())
            if "entry" not in meta:
                continue
            case = Case(meta["entry"], meta["variant"], meta_path.with_suffix(".bin").read_bytes(),
                        meta.get("seed"), meta.get("index"), meta.get("origin", ""))
            was = meta.get("signature", meta.get("was", ""))
            result = worker.run(case)
            bad = result.outcome not in GOOD
            still += bad
            now = f"{result.outcome} {result.signature}".strip()
            print(f"{'STILL' if bad else 'fixed'}  {meta_path}  ({result.seconds:.2f} s)  was: {was}"
                  + (f"  now: {now}" if bad and result.signature != was else ""), flush=True)
    finally:
        worker.close()
    return 1 if still else 0


def _main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="fuzzing.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("worker")
    w.add_argument("--memory", type=int, default=DEFAULT_MEMORY)
    w.add_argument("--time", type=float, default=DEFAULT_TIME)
    w.add_argument("--tmp", default=tempfile.gettempdir())
    r = sub.add_parser("run", help="a campaign over one or more entry points")
    r.add_argument("entries", nargs="+", choices=[*ENTRIES, "all"])
    r.add_argument("--inputs", type=int, default=1000)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--memory", type=int, default=DEFAULT_MEMORY)
    r.add_argument("--time", type=float, default=DEFAULT_TIME)
    r.add_argument("--findings", default="/tmp/fuzz-findings")
    rr = sub.add_parser("rerun", help="run a saved input again, with its traceback")
    rr.add_argument("path")
    rc = sub.add_parser("recheck", help="run every input saved under a folder again")
    rc.add_argument("folder")
    s = sub.add_parser("show", help="write input INDEX of run SEED for ENTRY to stdout")
    s.add_argument("entry", choices=list(ENTRIES))
    s.add_argument("seed", type=int)
    s.add_argument("index", type=int)
    args = p.parse_args(argv)
    if args.cmd == "worker":
        worker_main(args.memory, args.time, args.tmp)
        return 0
    if args.cmd == "rerun":
        return rerun(args.path)
    if args.cmd == "recheck":
        return recheck(args.folder)
    if args.cmd == "show":
        case = generate(args.entry, args.seed, args.index)
        print(f"variant {case.variant}; mutations {case.origin}", file=sys.stderr)
        sys.stdout.buffer.write(case.data)
        return 0
    entries = list(ENTRIES) if "all" in args.entries else args.entries
    bad = 0
    for entry in entries:
        report = campaign(entry, args.inputs, args.seed, Path(args.findings), jobs=args.jobs,
                          memory=args.memory, time_limit=args.time, progress=True)
        print(report.text(), flush=True)
        bad += report.bad
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(_main())
