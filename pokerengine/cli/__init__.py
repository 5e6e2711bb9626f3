"""The ``pokerengine`` command: one sub-command per job, each in its own module.

Every sub-command module exposes ``add_parser(subparsers)``, which registers its
arguments and sets ``run`` (a function of the parsed arguments returning the exit
status).  Errors in the input print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..errors import PokerEngineError

COMMANDS = ("settle", "equity", "replay", "tournament")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pokerengine", description="Exact poker settlement, replay, tournaments and payouts.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    return parser


def fail(message: str) -> int:
    """Print one line on stderr and return exit status 2."""
    sys.stderr.write(f"pokerengine: error: {message}\n")
    return 2


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except PokerEngineError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except KeyboardInterrupt:
        return fail("interrupted")
