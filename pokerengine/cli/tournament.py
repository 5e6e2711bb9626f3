"""``pokerengine tournament LOG.jsonl``: replay a tournament's event log and print its standings.

Standings (place, player, prize), then the players still in play with their
chips and ICM/DCM equity.  ``--json`` prints::

    {"state": "running", "field": 4, "pool": 1000, "events": 7,
     "standings": [{"player": "ann", "entry": 1, "place": 3, "places": [3, 4], "prize": 250}],
     "remaining": [{"player": "bob", "chips": 15000, "icm": 512.3, "dcm": 530.1}],
     "torn": null}

``places`` is ``[best, worst]`` of the places a tie shares (``[3, 3]`` when
not tied); ``torn`` is ``{"line": n, "text": ...}`` when a torn last line was
dropped (also reported on stderr).  A log that cannot be read: one line on
stderr, exit status 2.  The log is only read (standard input as bytes, so a
torn multi-byte character is recognised as a torn line); memory grows with
its number of events.  Every model run is bounded: DCM by ``--dcm-seconds``
(also the budget of a DCM deal line written without its amounts; with
``--dcm-seconds 0`` such a line is refused), ICM by 10 s.

SOURCE is a log file's path, ``sqlite:///FILE.db?tournament=ID`` or
``postgresql://user@host:port/db?tournament=ID`` (see ``docs/tournament.md``,
"Event stores"); a database is only read too.

``pokerengine tournament copy SOURCE DEST`` copies a tournament's events from one
store to another (refused if DEST already holds events of that tournament) and
prints ``copied N events`` (and the destination's tournament id).  A first word
``copy`` (or ``simulate``) is that sub-command: a log file literally named
``copy`` is given as ``./copy``.

``pokerengine tournament serve STORE_URL [--host H] [--port N] [--name TEXT]`` serves the
tournament clock page (:mod:`pokerengine.tournament.serve`) from a store that a director writes
to, read only, on 127.0.0.1 unless ``--host`` says otherwise; it prints ``serving URL`` and runs
until interrupted.  A store that does not exist: one line on stderr, exit status 2, nothing created.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence

from .standings import show

MAX_SECONDS = 3600.0


def _seconds(text: str) -> float:
    try:
        value = float(text)  # float ok: a time budget in seconds, not chips
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_SECONDS:  # NaN fails too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to {MAX_SECONDS:g}, got {text[:40]!r}")
    return value


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "tournament",
        help="replay a tournament event log and print standings and equities",
        description="Replay a tournament's event log (a JSON-lines file, - for standard input, "
                    "sqlite:///FILE.db?tournament=ID or postgresql://...?tournament=ID); print standings, chips, "
                    "and ICM/DCM equity.  Also: pokerengine tournament copy SOURCE DEST (copy events between stores) and "
                    "pokerengine tournament simulate --players N (a whole tournament with random play; "
                    "simulate --help says more) and pokerengine tournament serve STORE_URL (the clock page).  "
                    "A file named copy, simulate or serve: ./copy, ./simulate, ./serve.",
    )
    p.add_argument("log", metavar="SOURCE",
                   help="the event log: a JSON-lines file, - for standard input, or a database store's URL")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--dcm-seconds", type=_seconds, default=2.0, metavar="S",
                   help="time budget for DCM (default 2; 0 turns DCM off)")
    p.add_argument("--no-equity", action="store_true", help="skip ICM and DCM")
    from ..charts import DEFAULT_PLAYERS, players_option

    p.add_argument("--plot", metavar="FILE.png", help="draw each player's ICM and DCM equity after every bust (plot extra)")
    p.add_argument("--plot-players", type=players_option, default=DEFAULT_PLAYERS, metavar="N",
                   help=f"chart from when at most N players are in play, one line each (2-100, default {DEFAULT_PLAYERS})")
    p.set_defaults(run=run)
    _subcommands(p, {name: add(type(p)) for name, add in SUBCOMMANDS.items()})


def run(args: argparse.Namespace) -> int:
    from ..errors import EventLogError
    from ..tournament import EquityConfig, Tournament

    if args.plot is not None:  # checked before the log is read
        from ..charts import check_path, ready

        check_path(args.plot)
        ready()
    source = sys.stdin.buffer if args.log == "-" else args.log
    budget = args.dcm_seconds or None
    try:
        t = Tournament.replay(source, equity=EquityConfig(icm_field=0, dcm_seconds=None, deal_dcm_seconds=budget))
    except MemoryError:
        raise EventLogError("the log holds more events than fit in memory") from None
    rec = t.recovery
    if rec is not None and rec.torn is not None:
        sys.stderr.write(f"pokerengine: warning: line {rec.torn_line} is torn (an unfinished write) and was ignored\n")
    if args.plot is not None:
        from ..charts import plot_tournament

        plot_tournament(t, args.plot, max_players=args.plot_players, dcm_seconds=args.dcm_seconds or None)
    code = show(t, args)
    if args.plot is not None:
        from . import wrote_chart

        wrote_chart(args.plot, json=args.json)
    return code


# ------------------------------------------------- sub-commands: copy (and simulate)
def _add_copy(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    p = parser_class(
        prog="pokerengine tournament copy",
        description="Copy a tournament's events from one store to another (a file, sqlite:///FILE.db?tournament=ID, "
                    "postgresql://...?tournament=ID).  DEST must not hold that tournament's events yet; without "
                    "?tournament=ID in DEST the source's id is kept (a new one when the source is a file).",
    )
    p.add_argument("source", metavar="SOURCE", help="the store to read")
    p.add_argument("dest", metavar="DEST", help="the store to write (created if missing)")
    p.set_defaults(run=run_copy)
    return p


def _port(text: str) -> int:
    if not text.isdigit() or len(text) > 5 or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535 (0: any free one), got {text[:40]!r}")
    return int(text)


def _add_serve(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    p = parser_class(
        prog="pokerengine tournament serve",
        description="Serve the tournament clock page (level, time left, blinds and ante, next level, breaks, players "
                    "left, average stack, prize pool and payouts, seats) from a store a director writes to; the page "
                    "updates itself within a second of each event.  Read only; nothing is fetched from elsewhere.",
    )
    p.add_argument("source", metavar="STORE_URL",
                   help="the tournament: a .jsonl log, sqlite:///FILE.db?tournament=ID or postgresql://...?tournament=ID")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for the room's network)")
    p.add_argument("--port", type=_port, default=8000, metavar="N", help="port to listen on (default 8000; 0: any free one)")
    p.add_argument("--name", default="", metavar="TEXT", help="title shown on the page (default: the structure's name)")
    p.set_defaults(run=run_serve)
    return p


def run_serve(args: argparse.Namespace) -> int:
    from ..errors import EventLogError
    from ..tournament.serve import serve

    if args.source == "-":
        raise EventLogError("serve reads a store, not standard input")
    if len(args.name) > 200 or not args.name.isprintable():
        raise EventLogError("--name must be printable text of at most 200 characters")

    def ready(url: str) -> None:
        print(f"serving {url} (Ctrl-C stops)", flush=True)

    serve(args.source, host=args.host, port=args.port, name=args.name, ready=ready)
    return 0


def _add_simulate(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    from .simulate import add_simulate

    return add_simulate(parser_class)


SUBCOMMANDS: dict[str, Callable[[type[argparse.ArgumentParser]], argparse.ArgumentParser]] = {
    "copy": _add_copy, "simulate": _add_simulate, "serve": _add_serve}
"""Words that, first after ``tournament``, name a sub-command (each builds its own parser)."""


def _subcommands(p: argparse.ArgumentParser, parsers: dict[str, argparse.ArgumentParser]) -> None:
    """Let ``p`` hand its arguments to ``parsers[word]`` when the first one is such a word.

    ``tournament`` takes a positional SOURCE, so its sub-commands cannot be
    argparse sub-parsers; this way ``pokerengine tournament log.jsonl`` reads a log and
    ``pokerengine tournament copy ...`` runs a sub-command.
    """
    original = p.parse_known_args

    def parse_known_args(args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        if args and args[0] in parsers:
            return parsers[args[0]].parse_known_args(list(args[1:]), namespace)
        return original(args, namespace)

    setattr(p, "parse_known_args", parse_known_args)  # noqa: B010 - an instance's own parse, see above


def run_copy(args: argparse.Namespace) -> int:
    from ..errors import EventLogError
    from ..tournament.stores import copy

    if "-" in (args.source, args.dest):
        raise EventLogError("copy reads and writes stores, not standard input or output")
    name, n = copy(args.source, args.dest)
    print(f"copied {n} events" + ("" if name is None else f" to tournament {name}"))
    return 0
