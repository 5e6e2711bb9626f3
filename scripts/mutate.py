#!/usr/bin/env python3
"""Mutation testing of the money code: a small AST driver, run on demand (not in CI).

Each mutant is one small change to one module (see ``OPERATORS`` below).  The
driver copies the repository to a temporary directory once per run, writes each
mutant there (never into the working tree), and runs the chosen tests against
that copy, stopping at the first failure.  A failing, erroring or timed-out
test run kills the mutant; a passing one means it survived.  ``docs/mutation.md``
gives the scores, the equivalent mutants with the reason each is equivalent,
and how to run this.

    python scripts/mutate.py                                  # every module in MODULES
    python scripts/mutate.py --module pokerengine/rake.py     # one module
    python scripts/mutate.py --module 'pokerengine/tournament/machine.py::Tournament._plan_deal'
    python scripts/mutate.py --module pokerengine/rake.py --list        # the mutants, not run
    python scripts/mutate.py --module pokerengine/rake.py --only 12,13  # some mutants only
    python scripts/mutate.py --tests tests/settlement/test_money_rake.py ...       # other tests
    python scripts/mutate.py --json b.json --rerun a.json               # survivors and changed code only
    python scripts/mutate.py --score a.json b.json                      # scores from results, nothing run

Isolation: each test run is a child forked from the driver (which imports pytest,
Hypothesis and the other heavy libraries once, and never pokerengine), working in
the copy with the copy first on ``sys.path`` and ``PYTHONPATH`` (which beats the
editable install's finder: setuptools appends it after the path finder).  The
child refuses to run the tests unless ``pokerengine.__file__`` lies inside the
copy, and a probe checks the same for the plain ``python`` that tests start as
subprocesses.  Bytecode is neither written nor read from stale caches (the copy
has none, and the child does not write any): a mutant of the same size written
within the same second would otherwise run the previous mutant's bytecode.

Tests run in stages (``SETTLE_TESTS`` and the like): the fast stage first, the
slow one only for mutants the fast stage did not kill.

Limits: one mutant at a time under ``nice -n 10``; each test stage gets a time
limit of ``--timeout-factor`` x the unmutated run plus 10 s (a timeout counts as
killed, after one retry with thrice the limit in case the machine was busy) and
2 GiB of address space (a MemoryError kills it too).  Hypothesis runs the ``ci``
profile's examples with ``--hypothesis-seed=0``, no example database and no
shrinking (a kill needs a failure, not the smallest one), so scores do not depend
on the order mutants run in.  A run costs about one pytest
collection of the fast stage (about 1 s) per killed mutant and one full test run
per survivor.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------- what to test

#: Test stages per area: the first (fast) stage runs for every mutant, the next only if it passes.
#: Files that do not exist (yet) are left out.
SETTLE_TESTS = [
    ["pokerengine/pots.py", "pokerengine/split.py", "pokerengine/rake.py", "pokerengine/settlement.py",
     "tests/settlement/test_settlement.py", "tests/settlement/test_settle_fixtures.py", "tests/hands/test_hands_games.py",
     "tests/settlement/test_hardening_settle.py", "tests/settlement/test_money_pots.py", "tests/settlement/test_money_split.py",
     "tests/settlement/test_money_rake.py", "tests/settlement/test_money_settlement.py"],
    ["tests/replay/test_replay_fixtures.py", "tests/cli/test_cli_settle.py", "docs/settlement.md",
     "tests/settlement/test_settle_properties.py"],
]
TOURNAMENT_TESTS = [
    ["pokerengine/tournament/ranking.py", "pokerengine/tournament/deals.py", "pokerengine/tournament/machine.py",
     "tests/tournament/test_tournament_events.py", "tests/tournament/test_tournament_scenarios.py", "tests/tournament/test_tournament_phh.py",
     "tests/tournament/test_money_ranking.py", "tests/tournament/test_money_deals.py", "tests/tournament/test_money_tournament.py"],
    ["tests/tournament/test_tournament_cli.py", "tests/tournament/test_tournament_deals.py", "tests/tournament/test_tournament_equity.py",
     "docs/tournament.md", "tests/tournament/test_hardening_tournament.py", "tests/tournament/test_tournament_properties.py"],
]
REPLAY_TESTS = [
    ["pokerengine/history/settling.py", "tests/replay/test_replay_fixtures.py", "tests/live/test_history_interpreter.py",
     "tests/replay/test_money_replay.py"],
    ["tests/live/test_history_quick.py", "tests/replay/test_replay_cli.py", "docs/replay.md", "tests/replay/test_hardening_replay.py",
     "tests/settlement/test_runs.py", "tests/replay/test_replay_properties.py"],
]

RUNS_TESTS = [
    ["pokerengine/runs.py", "tests/settlement/test_runs.py", "tests/settlement/test_money_runs.py"],
    ["docs/runs.md", "tests/replay/test_replay_fixtures.py", "tests/settlement/test_settle_properties.py"],
]

#: The modules that move chips or prize money, with the tests that guard them.  ``path::a,b``
#: mutates only the functions (or methods, ``Class.name``) named.
MODULES = {
    "pokerengine/pots.py": SETTLE_TESTS,
    "pokerengine/split.py": SETTLE_TESTS,
    "pokerengine/rake.py": SETTLE_TESTS,
    "pokerengine/settlement.py": SETTLE_TESTS,
    "pokerengine/tournament/ranking.py": TOURNAMENT_TESTS,
    "pokerengine/tournament/deals.py": TOURNAMENT_TESTS,
    # The prize money in the state machine: prizes of open places, standings, payouts, deals, and the
    # check that the prizes pay no more places than players entered.  (The places themselves come from
    # ranking.py; the rest of machine.py moves chips between players, not prize money.)
    "pokerengine/tournament/machine.py::Tournament.open_prizes,Tournament.standings,Tournament.payouts,"
    "Tournament._plan_deal,Tournament._final_batch,Tournament._close_round,Tournament.locked,"
    "Tournament._check_field": TOURNAMENT_TESTS,
    "pokerengine/history/settling.py": REPLAY_TESTS,
    # Added 23 Nov 2026 with the run-it-twice work; scored the same day (docs/mutation.md).
    "pokerengine/runs.py": RUNS_TESTS,
}

COPIED = ["pokerengine", "tests", "docs", "fixtures", "pyproject.toml", "README.md"]

# ---------------------------------------------------------------------------- mutants

CMP_SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
              ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}
#: Each comparison's boundary shift, negation and mirror.
CMP_SWAPS = {"<": ["<=", ">=", ">"], "<=": ["<", ">", ">="], ">": [">=", "<=", "<"], ">=": [">", "<", "<="],
             "==": ["!="], "!=": ["=="], "is": ["is not"], "is not": ["is"], "in": ["not in"], "not in": ["in"]}
BIN_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
              ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>"}
BIN_SWAPS = {"+": ["-"], "-": ["+"], "*": ["//", "+"], "//": ["*", "%"], "/": ["*"], "%": ["//"],
             "**": ["*"], "&": ["|"], "|": ["&"], "<<": [">>"], ">>": ["<<"]}
SWAP_NAMES = {"min": "max", "max": "min"}
#: Statements a mutant may replace by ``pass`` (an ``if`` loses a branch instead: its test is forced).
REMOVABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Raise, ast.Assert, ast.For, ast.While,
             ast.Break, ast.Continue, ast.Delete)

OPERATORS = """comparison swaps (boundary, negation, mirror; is/in negated), arithmetic swaps (+ - * // / %),
and/or swaps, `not` removal, unary minus removal, int constants +1/-1/0/1 and True/False swapped,
min/max swapped, index and slice bounds +1/-1, an `if` test forced True or False (one branch
removed), a statement inside a function replaced by `pass`, a returned value replaced by None.
Never mutated: strings, docstrings, annotations, f-strings, and the exception built by a `raise`."""


@dataclass
class Mutant:
    id: int
    module: str
    line: int
    op: str
    original: str  # the source lines touched, as written
    mutated: str  # the same lines after the change
    status: str = ""
    seconds: float = 0.0

    @property
    def key(self) -> tuple[str, str, str]:
        return (Path(self.module).name, _norm(self.original), _norm(self.mutated))


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Source:
    """A module's text with byte-offset slicing (AST columns count UTF-8 bytes)."""

    def __init__(self, text: str) -> None:
        self.lines = text.encode().splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.data = b"".join(self.lines)

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def segment(self, a: int, b: int) -> str:
        return self.data[a:b].decode()

    def replace(self, a: int, b: int, new: str) -> str:
        return (self.data[:a] + new.encode() + self.data[b:]).decode()

    def line_span(self, a: int, b: int) -> tuple[int, int, int]:
        """The whole lines around bytes a..b: (first line number, start byte, end byte)."""
        first = max(i for i, s in enumerate(self.starts) if s <= a)
        last = max(i for i, s in enumerate(self.starts) if s < max(b, a + 1))
        return first + 1, self.starts[first], self.starts[last + 1]


def _start(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _end(node: ast.AST) -> tuple[int, int]:
    return node.end_lineno, node.end_col_offset


class _Finder(ast.NodeVisitor):
    """Walks a module and yields (node-position edits) for every mutation point."""

    def __init__(self, src: _Source, only: list[str] | None) -> None:
        self.src = src
        self.only = only
        self.stack: list[str] = []
        self.edits: list[tuple[str, int, int, str]] = []  # (operator, start byte, end byte, new text)

    # where to mutate -----------------------------------------------------------
    def _active(self) -> bool:
        if self.only is None:
            return True
        qual = ".".join(self.stack)
        return any(qual == o or qual.startswith(o + ".") for o in self.only)

    _function_depth = 0

    def visit_FunctionDef(self, node):  # noqa: N802
        for d in node.decorator_list:
            self.visit(d)
        self.stack.append(node.name)
        self._function_depth += 1
        if self._active():
            self._defaults(node.args)
        self._body(node.body)
        self._function_depth -= 1
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def _defaults(self, args: ast.arguments) -> None:
        for d in [*args.defaults, *[k for k in args.kw_defaults if k is not None]]:
            self.visit(d)

    def visit_ClassDef(self, node):  # noqa: N802
        self.stack.append(node.name)
        self._body(node.body)
        self.stack.pop()

    def _body(self, body: list[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                continue  # docstring
            self.visit(stmt)

    def visit_AnnAssign(self, node):  # noqa: N802
        if node.value is not None:
            self._statement(node)
            self.visit(node.value)

    def visit_arg(self, node):  # noqa: N802
        pass  # annotations

    def visit_JoinedStr(self, node):  # noqa: N802
        pass

    def visit_Raise(self, node):  # noqa: N802
        self._statement(node)  # the raise itself can go; the message built for it is not mutated

    def visit_Assert(self, node):  # noqa: N802
        self._statement(node)

    def visit_Import(self, node):  # noqa: N802
        pass

    visit_ImportFrom = visit_Import

    def generic_visit(self, node):
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            self._statement(node)
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    # edits ---------------------------------------------------------------------
    def _add(self, op: str, a: tuple[int, int], b: tuple[int, int], new: str) -> None:
        if self._active():
            self.edits.append((op, self.src.offset(*a), self.src.offset(*b), new))

    def _text(self, node: ast.AST) -> str:
        return self.src.segment(self.src.offset(*_start(node)), self.src.offset(*_end(node)))

    def _gap_swap(self, op: str, left: ast.AST, right: ast.AST, old: str, new: str) -> None:
        """Replace the operator token between two operands (only parentheses and spaces around it)."""
        a, b = self.src.offset(*_end(left)), self.src.offset(*_start(right))
        gap = self.src.segment(a, b)
        bare = re.sub(r"[()\s\\]+", " ", gap).strip()
        if bare != old:
            return
        m = re.search(r"(?<![<>=!/*])" + re.escape(old).replace(r"\ ", r"\s+") + r"(?![<>=/*])", gap)
        if m:
            new_gap = gap[: m.start()] + new + gap[m.end():]
            if self._active():
                self.edits.append((op, a, b, new_gap))

    def _statement(self, node: ast.stmt) -> None:
        if self._function_depth and isinstance(node, REMOVABLE):
            self._add("remove statement", _start(node), _end(node), "pass")

    def visit_Compare(self, node):  # noqa: N802
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            old = CMP_SYMBOL[type(op)]
            for new in CMP_SWAPS[old]:
                self._gap_swap(f"comparison {old} -> {new}", operands[i], operands[i + 1], old, new)
        self.generic_visit(node)

    def visit_BinOp(self, node):  # noqa: N802
        old = BIN_SYMBOL.get(type(node.op))
        if not (isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)):  # not "text" % args
            for new in BIN_SWAPS.get(old, []):
                self._gap_swap(f"arithmetic {old} -> {new}", node.left, node.right, old, new)
        self.generic_visit(node)

    def visit_AugAssign(self, node):  # noqa: N802
        self._statement(node)
        old = BIN_SYMBOL.get(type(node.op))
        for new in BIN_SWAPS.get(old, []):
            self._gap_swap(f"arithmetic {old}= -> {new}=", node.target, node.value, old + "=", new + "=")
        self.visit(node.target)
        self.visit(node.value)

    def visit_BoolOp(self, node):  # noqa: N802
        old = "and" if isinstance(node.op, ast.And) else "or"
        new = "or" if old == "and" else "and"
        for left, right in zip(node.values, node.values[1:]):
            self._gap_swap(f"boolean {old} -> {new}", left, right, old, new)
        self.generic_visit(node)

    def visit_UnaryOp(self, node):  # noqa: N802
        if isinstance(node.op, ast.Not):
            self._add("not removed", _start(node), _end(node), f"({self._text(node.operand)})")
        elif isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self._add("unary minus removed", _start(node), _end(node), f"({self._text(node.operand)})")
        elif isinstance(node.op, ast.USub) and isinstance(node.operand.value, int):
            self._constant(node, -node.operand.value)
            return
        self.generic_visit(node)

    def visit_Constant(self, node):  # noqa: N802
        if type(node.value) is bool:
            self._add(f"constant {node.value} -> {not node.value}", _start(node), _end(node), str(not node.value))
        elif type(node.value) is int:
            self._constant(node, node.value)

    def _constant(self, node: ast.AST, value: int) -> None:
        for new in dict.fromkeys([value + 1, value - 1, 0, 1]):
            if new != value:
                text = f"({new})" if new < 0 else str(new)
                self._add(f"constant {value} -> {new}", _start(node), _end(node), text)

    def visit_Call(self, node):  # noqa: N802
        if isinstance(node.func, ast.Name) and node.func.id in SWAP_NAMES:
            self._add(f"{node.func.id} -> {SWAP_NAMES[node.func.id]}", _start(node.func), _end(node.func),
                      SWAP_NAMES[node.func.id])
        self.generic_visit(node)

    def visit_Subscript(self, node):  # noqa: N802
        s = node.slice
        bounds = [s.lower, s.upper] if isinstance(s, ast.Slice) else [s]
        for b in bounds:
            if b is None or isinstance(b, (ast.Constant, ast.Tuple, ast.Slice)):
                continue  # constants are mutated as constants; tuple keys are not positions
            if isinstance(b, ast.UnaryOp) and isinstance(b.operand, ast.Constant):
                continue
            what = "slice bound" if isinstance(s, ast.Slice) else "index"
            for d in ("+ 1", "- 1"):
                self._add(f"{what} {d}", _start(b), _end(b), f"({self._text(b)} {d})")
        self.generic_visit(node)

    def visit_If(self, node):  # noqa: N802
        self._statement(node)
        for value in ("True", "False"):
            self._add(f"if test -> {value}", _start(node.test), _end(node.test), value)
        self.visit(node.test)
        self._body(node.body)
        self._body(node.orelse)

    def visit_IfExp(self, node):  # noqa: N802
        for value in ("True", "False"):
            self._add(f"conditional test -> {value}", _start(node.test), _end(node.test), value)
        self.generic_visit(node)

    def visit_Return(self, node):  # noqa: N802
        if node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            self._add("return None", _start(node), _end(node), "return None")
        if node.value is not None:
            self.visit(node.value)


def find_mutants(module: str, only: list[str] | None = None, first_id: int = 1) -> list[tuple[Mutant, str]]:
    """Every mutant of ``module`` (a path relative to the repository) with its full mutated text."""
    text = (ROOT / module).read_text()
    src = _Source(text)
    finder = _Finder(src, only)
    finder.visit(ast.parse(text))
    out = []
    seen = set()
    for op, a, b, new in finder.edits:
        if (a, b, new) in seen or src.segment(a, b) == new:
            continue
        seen.add((a, b, new))
        mutated = src.replace(a, b, new)
        try:
            ast.parse(mutated)
        except SyntaxError:
            continue
        line, la, lb = src.line_span(a, b)
        before = src.segment(la, lb).rstrip("\n")
        after = (src.data[la:a] + new.encode() + src.data[b:lb]).decode().rstrip("\n")
        out.append((Mutant(first_id + len(out), module, line, op, before, after), mutated))
    return out


# ---------------------------------------------------------------------------- running

#: Imported once by the driver, before any fork, so each test run starts without paying for them.
#: pokerengine itself is never imported here: each forked child imports it from the copy.
PRELOAD = ("pytest", "_pytest.doctest", "hypothesis", "hypothesis.strategies", "attrs", "numpy", "treys")


def _preload() -> None:
    import importlib

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    if any(name == "pokerengine" or name.startswith("pokerengine.") for name in sys.modules):
        sys.exit("mutate.py: the driver imported pokerengine before forking; its children would test the working tree")


def _kill(pid: int) -> None:
    """Kill a test run and everything it started (its own process group), then reap it."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # it ended on its own just now
        pass
    os.waitpid(pid, 0)


class Runner:
    """Runs pytest on the copy in a forked child (own process group, niced, memory-limited)."""

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir
        self.env = {"PYTHONPATH": str(workdir), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0",
                    "POKERENGINE_HYPOTHESIS": "mutate"}
        self.log = workdir.parent / "pytest.out"

    def probe(self) -> None:
        """The plain interpreter that tests start as subprocesses must import the copy too."""
        out = subprocess.run([sys.executable, "-c", "import pokerengine; print(pokerengine.__file__)"],
                             cwd=self.dir, env={**os.environ, **self.env}, capture_output=True, text=True,
                             check=True).stdout.strip()
        if not os.path.realpath(out).startswith(str(self.dir.resolve()) + os.sep):
            sys.exit(f"mutate.py: a subprocess imports pokerengine from {out}, not from the copy {self.dir}")

    def run(self, stages: list[list[str]], limits: list[float] | None) -> tuple[str, list[float], str]:
        """Run the stages in order until one fails: ("killed" | "timeout" | "survived", seconds per stage, output)."""
        times = []
        for i, tests in enumerate(stages):
            limit = None if limits is None else limits[i]
            status, took, out = self._run(tests, limit)
            if status == "timeout":  # the machine may just be busy: a real hang hangs again with thrice the time
                status, took, out = self._run(tests, 3 * limit)
            times.append(took)
            if status != "survived":
                return status, times, out
        return "survived", times, ""

    def _run(self, tests: list[str], timeout: float | None) -> tuple[str, float, str]:
        args = ["-x", "-q", "--no-header", "-p", "no:cacheprovider", "--hypothesis-seed=0", *tests]
        sys.stdout.flush()
        sys.stderr.flush()
        t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the driver
            code = 98
            try:
                code = self._child(args)
            finally:
                os._exit(code)
        try:
            deadline = None if timeout is None else t0 + timeout
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                if deadline is not None and time.monotonic() > deadline:
                    _kill(pid)
                    return "timeout", time.monotonic() - t0, ""
                time.sleep(0.02)
        except BaseException:  # interrupted: take the test run down with us
            _kill(pid)
            raise
        took = time.monotonic() - t0
        code = os.waitstatus_to_exitcode(status)
        out = self.log.read_text(errors="replace")
        if code == 99:
            sys.exit(out)
        if code in (4, 5, 98):
            sys.exit(f"mutate.py: pytest could not run the tests (exit {code}):\n{out[-3000:]}")
        return ("survived" if code == 0 else "killed"), took, out

    def _child(self, args: list[str]) -> int:
        import resource

        os.setsid()
        os.nice(10)
        # Soft limit only: tests that cap their own subprocesses' memory may still set theirs.
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))
        fd = os.open(self.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.chdir(self.dir)
        os.environ.update(self.env)
        sys.dont_write_bytecode = True
        sys.path.insert(0, str(self.dir))
        here = str(self.dir.resolve())
        try:
            import pokerengine
        except BaseException:  # the mutant breaks the import: killed
            import traceback

            traceback.print_exc()
            return 1
        if not os.path.realpath(pokerengine.__file__).startswith(here + os.sep):
            print("mutate.py isolation failure: pokerengine imported from " + pokerengine.__file__, flush=True)
            return 99
        from hypothesis import Phase, settings

        # The ci profile without shrinking and without an example database: a kill needs a failure,
        # not the smallest one, and each mutant meets the tests as a fresh run would.
        settings.register_profile("mutate", max_examples=150, deadline=None, database=None,
                                  phases=[Phase.explicit, Phase.reuse, Phase.generate])
        import pytest

        code = int(pytest.main(args))
        sys.stdout.flush()
        return code


def _prepare(tmp: Path) -> Path:
    work = tmp / "repo"
    work.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "*.egg-info")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, work / name)
    return work


def _equivalents(path: Path) -> dict[tuple[str, str, str], str]:
    """Equivalent mutants listed in docs/mutation.md: table rows ``| file | line | `original` | `mutant` | why |``."""
    out = {}
    if not path.exists():
        return out
    for row in path.read_text().splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[0].endswith(".py") and cells[2].startswith("`"):
            out[(cells[0], _norm(cells[2].strip("`")), _norm(cells[3].strip("`")))] = cells[4]
    return out


def _stages_for(spec: str, given: list[str] | None) -> list[list[str]]:
    """The test stages for a module (the files of its list that exist), or the tests given, as one stage."""
    if given:
        return [given]
    return [[t for t in stage if (ROOT / t).exists()] for stage in MODULES[spec]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", action="append", help="module path, optionally path::func,Class.method "
                    "(repeatable; default: every module in MODULES)")
    ap.add_argument("--tests", nargs="+", help="test files to run instead of the module's default list")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--only", help="comma-separated mutant ids to run")
    ap.add_argument("--rerun", metavar="JSON", nargs="+",
                    help="run only the mutants that survived in these earlier --json outputs, and the mutants "
                    "those runs never had (code added or changed since)")
    ap.add_argument("--score", metavar="JSON", nargs="+",
                    help="run nothing: score the modules from these --json outputs (a later file's result for a "
                    "mutant wins), with today's equivalent-mutant table")
    ap.add_argument("--timeout-factor", type=float, default=2.0,
                    help="time limit per mutant: this times the unmutated run, plus 10 s (default 2)")
    ap.add_argument("--json", help="write every mutant's result to this file")
    ap.add_argument("--equivalent", default=str(ROOT / "docs" / "mutation.md"),
                    help="file listing equivalent mutants (default docs/mutation.md)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each mutant as it finishes")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupted)  # clean up the copy and the running tests on kill

    specs = args.module or list(MODULES)
    plan = []
    next_id = 1
    for spec in specs:
        path, _, funcs = spec.partition("::")
        only = funcs.split(",") if funcs else None
        default = next((k for k in MODULES if k.partition("::")[0] == path), None)
        if default is None and not args.tests:
            sys.exit(f"mutate.py: no default tests for {path}; give --tests")
        mutants = find_mutants(path, only, next_id)
        next_id += len(mutants)
        plan.append((spec, _stages_for(default or spec, args.tests), mutants))

    if args.list:
        for spec, stages, mutants in plan:
            print(f"== {spec}: {len(mutants)} mutants; tests: {' | '.join(' '.join(t) for t in stages)}")
            for m, _ in mutants:
                print(f"{m.id:5d} line {m.line:4d} {m.op:28s} {_norm(m.original)}\n{'':40s}{_norm(m.mutated)}")
        return 0

    if args.score:
        return _score_from(plan, args.score, _equivalents(Path(args.equivalent)))

    only_ids = {int(x) for x in args.only.split(",")} if args.only else None
    equivalent = _equivalents(Path(args.equivalent))
    if args.rerun:
        # Each mutant's latest result (a later file wins).  Run again: the survivors, the mutants those
        # runs never had, and the ones found equivalent then but no longer listed in the table.
        status_of = {Mutant(**{**m, "id": 0}).key: m["status"]
                     for f in args.rerun for m in json.loads(Path(f).read_text())}

        def again(m: Mutant) -> bool:
            st = status_of.get(m.key)
            return st is None or st == "survived" or (st == "equivalent" and m.key not in equivalent)

        only_ids = {m.id for _, _, ms in plan for m, _ in ms if again(m) and (only_ids is None or m.id in only_ids)}
        # The mutants not run again keep their earlier result (killed, timed out or equivalent), so the
        # summary and the --json output cover whole modules and can feed the next --rerun.
        carried = [m for _, _, ms in plan for m, _ in ms if m.id not in only_ids and m.key in status_of]
        for m in carried:
            m.status = status_of[m.key]
    results: list[Mutant] = list(carried) if args.rerun else []
    _preload()
    with tempfile.TemporaryDirectory(prefix="pokerengine-mutate-") as tmp:
        work = _prepare(Path(tmp))
        runner = Runner(work)
        runner.probe()
        for spec, stages, mutants in plan:
            todo = [(m, t) for m, t in mutants if only_ids is None or m.id in only_ids]
            if not todo:
                continue
            status, base, out = runner.run(stages, None)
            if status != "survived":
                sys.exit(f"mutate.py: the tests fail on the unmutated code ({spec}):\n{out[-3000:]}")
            limits = [t * args.timeout_factor + 10 for t in base]
            print(f"== {spec}: {len(todo)} mutants; unmutated test stages "
                  f"{' + '.join(f'{t:.1f}' for t in base)} s, limits {' + '.join(f'{t:.0f}' for t in limits)} s",
                  flush=True)
            target = work / spec.partition("::")[0]
            pristine = target.read_text()
            try:
                for m, text in todo:
                    target.write_text(text)
                    m.status, times, _ = runner.run(stages, limits)
                    m.seconds = sum(times)
                    if m.status == "survived" and m.key in equivalent:
                        m.status = "equivalent"
                    results.append(m)
                    if args.json:
                        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=1))
                    if args.verbose:
                        print(f"  {m.id:5d} {m.status:10s} {m.seconds:5.1f}s line {m.line} {m.op}", flush=True)
            finally:
                target.write_text(pristine)
            _report(spec, [m for m, _ in todo])
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=1))
    if len(plan) > 1 or args.rerun:
        print("\n== summary" + (" (whole modules: mutants not run again keep their earlier result)"
                                 if args.rerun else ""))
        for spec, _, mutants in plan:
            _score_line(spec, [m for m, _ in mutants if m.status])
    return 0


def _score_from(plan, files: list[str], equivalent: dict[tuple[str, str, str], str]) -> int:
    """Whole-module scores from earlier results: each mutant of today's code gets its latest result."""
    status_of: dict[tuple[str, str, str], str] = {}
    for f in files:
        for m in json.loads(Path(f).read_text()):
            status_of[Mutant(**{**m, "id": 0}).key] = m["status"]
    for spec, _, mutants in plan:
        ms = [m for m, _ in mutants]
        for m in ms:
            m.status = status_of.get(m.key, "")
            if m.status in ("survived", "equivalent"):
                m.status = "equivalent" if m.key in equivalent else "survived"
        missing = [m for m in ms if not m.status]
        _score_line(spec, [m for m in ms if m.status])
        if missing:
            ids = ", ".join(str(m.id) for m in missing[:20]) + (", ..." if len(missing) > 20 else "")
            print(f"  {len(missing)} mutants of today's code have no result: {ids}")
        for m in ms:
            if m.status == "survived":
                print(f"  SURVIVED #{m.id} line {m.line} ({m.op})\n    - {_short(m.original)}\n    + {_short(m.mutated)}")
    return 0


def _interrupted(signum, frame):
    raise KeyboardInterrupt


def _score_line(spec: str, ms: list[Mutant]) -> None:
    if not ms:
        print(f"{spec.partition('::')[0]:40s} no results", flush=True)
        return
    count = {s: sum(1 for m in ms if m.status == s) for s in ("killed", "timeout", "survived", "equivalent")}
    real = len(ms) - count["equivalent"]
    score = 100.0 * (count["killed"] + count["timeout"]) / real if real else 100.0
    print(f"{spec.partition('::')[0]:40s} mutants {len(ms):4d}  killed {count['killed']:4d}  timeout "
          f"{count['timeout']:3d}  survived {count['survived']:3d}  equivalent {count['equivalent']:3d}  "
          f"score {score:5.1f}%", flush=True)


def _report(spec: str, ms: list[Mutant]) -> None:
    _score_line(spec, ms)
    for m in ms:
        if m.status == "survived":
            print(f"  SURVIVED #{m.id} line {m.line} ({m.op})\n    - {_short(m.original)}\n    + {_short(m.mutated)}",
                  flush=True)


def _short(text: str, width: int = 150) -> str:
    text = _norm(text)
    return text if len(text) <= width else text[: width - 3] + "..."


if __name__ == "__main__":
    sys.exit(main())
