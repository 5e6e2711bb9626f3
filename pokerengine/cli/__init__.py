"""The ``pokerengine`` command: one sub-command per job, each in its own module.

Every sub-command module exposes ``add_parser(subparsers)``, which registers its
arguments and sets ``run`` (a function of the parsed arguments returning the exit
status).

Exit statuses and what :func:`main` guarantees for every sub-command:

- 0 on success (``--help`` prints the help; ``--version`` the version).  ``pokerengine`` alone
  is bad usage: one line on stderr naming the commands, exit status 2.
- 2 for bad input or usage: ONE line on stderr, ``pokerengine: error: ...``, at
  most :data:`MAX_MESSAGE` characters, newlines and other unprintable characters
  escaped.  Input that exhausts the interpreter (too deep, too big, not
  decodable: ``RecursionError``, ``MemoryError``, ``UnicodeError``) is bad input too.
- 1 for an internal error (a bug): one line naming it; the traceback only with
  ``POKERENGINE_DEBUG=1`` in the environment.  ``replay`` also uses 1 for hands
  that did not match.
- A reader that goes away (``pokerengine settle X | head -1``) ends the command
  quietly, as SIGPIPE does for other Unix tools (status 141, no message).

Output that the terminal's encoding cannot show (lone surrogates in file names,
say) is written with backslash escapes instead of failing.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from ..errors import PokerEngineError

if TYPE_CHECKING:
    import io

COMMANDS = ("settle", "equity", "replay", "convert", "generate", "tournament", "legal", "odds", "pushfold", "bubble")

MAX_MESSAGE = 500
"""The longest error message printed, in characters (longer ones are cut and end in ``...``)."""

_PIPE_STATUS = 128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    r"""``message`` as one bounded line: unprintable characters (newlines, escapes, lone surrogates) escaped.

    >>> one_line("bad\nline\x1b[31m \ud800")
    'bad\\nline\\x1b[31m \\ud800'
    >>> len(one_line("x" * 10**6)) <= MAX_MESSAGE
    True
    """
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message[: limit + 1])
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _write_line(stream: TextIO, text: str) -> None:
    """Write one line whatever the stream's encoding: what it cannot encode is backslash-escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    stream.write(text + "\n")


_NEGATIVE = re.compile(r"-[0-9.]")
"""What argparse takes for a value, not an option, after an option: a word that starts like a
negative number (``--blinds -100,200``, ``--prizes -1/2,3``), so the command's own check refuses
it by name; argparse alone takes only ``-100`` or ``-1.5`` for a value.  No option of the
command line starts with a digit."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2, and which
    reads a word starting like a negative number (``-100,200``) as a value (:data:`_NEGATIVE`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE

    def error(self, message: str) -> NoReturn:
        _write_line(sys.stderr, one_line(f"{self.prog}: error: {message}"))
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__

    parser = _Parser(prog="pokerengine", description="Exact poker settlement, replay, tournaments and payouts.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    return parser


def fail(message: str) -> int:
    """Print ``message`` as one line on stderr and return exit status 2."""
    _write_line(sys.stderr, one_line(f"pokerengine: error: {message}"))
    return 2


def wrote_chart(path: str, *, json: bool) -> None:
    """Say where ``--plot`` wrote its chart: the text's last line, ``wrote the chart to PATH``; beside
    ``--json``, that line on stderr (standard output stays one JSON document)."""
    if json:
        _write_line(sys.stderr, one_line(f"pokerengine: wrote the chart to {path}"))
    else:
        _write_line(sys.stdout, f"wrote the chart to {one_line(path)}")


def _escape_unencodable() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            # A real console stream is a TextIOWrapper; anything else raises AttributeError here.
            cast("io.TextIOWrapper", stream).reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass  # not a text file (a test's StringIO): nothing to change


def _default_sigpipe() -> None:
    """Die quietly on a closed pipe, as ``head``'s writers do, where the platform has SIGPIPE."""
    if hasattr(signal, "SIGPIPE"):
        try:
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        except ValueError:  # not the main thread
            pass


def _closed_pipe() -> int:
    # Python flushes stdout again at exit: point it at /dev/null so that flush cannot fail too.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return _PIPE_STATUS


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the program's arguments) and return its exit status.

    Called without ``argv`` (as the installed ``pokerengine`` and ``python -m
    pokerengine`` do), it also restores the default SIGPIPE behaviour.
    """
    if argv is None:
        _default_sigpipe()
    _escape_unencodable()
    debug = os.environ.get("POKERENGINE_DEBUG") == "1"
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            return fail(f"a command is required: one of {', '.join(COMMANDS)} (pokerengine --help says more)")
        status: int = args.run(args)
        sys.stdout.flush()  # a reader that went away shows here, not at exit
        return status
    except BrokenPipeError:
        return _closed_pipe()
    except PokerEngineError as exc:
        return fail(_text(exc))
    except (RecursionError, MemoryError, UnicodeError) as exc:
        if debug:
            _print_traceback()
        what = {RecursionError: "nested too deeply", MemoryError: "too large to process in memory"}
        reason = what.get(type(exc)) or f"not valid text ({_text(exc)})"
        return fail(f"input {reason} ({type(exc).__name__})")
    except OSError as exc:
        return fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except KeyboardInterrupt:
        return fail("interrupted")
    except Exception as exc:  # the last resort: never a traceback unless asked for
        if debug:
            _print_traceback()
        hint = "" if debug else "; POKERENGINE_DEBUG=1 shows the traceback"
        _write_line(sys.stderr, one_line(
            f"pokerengine: internal error (a bug, please report it{hint}): {type(exc).__name__}: {_text(exc)}"))
        return 1


def _text(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:
        return "(message cannot be shown)"


def _print_traceback() -> None:
    import traceback

    traceback.print_exc()
