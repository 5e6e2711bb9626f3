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
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

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
        description="Replay a tournament's JSON-lines event log; print standings, chips, and ICM/DCM equity.",
    )
    p.add_argument("log", help="the event log (JSON lines), or - for standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--dcm-seconds", type=_seconds, default=2.0, metavar="S",
                   help="time budget for DCM (default 2; 0 turns DCM off)")
    p.add_argument("--no-equity", action="store_true", help="skip ICM and DCM")
    p.set_defaults(run=run)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def run(args: argparse.Namespace) -> int:
    from ..errors import EventLogError
    from ..tournament import EquityConfig, Tournament

    source = sys.stdin.buffer if args.log == "-" else args.log
    budget = args.dcm_seconds or None
    try:
        t = Tournament.replay(source, equity=EquityConfig(icm_field=0, dcm_seconds=None, deal_dcm_seconds=budget))
    except MemoryError:
        raise EventLogError("the log holds more events than fit in memory") from None
    rec = t.recovery
    if rec is not None and rec.torn is not None:
        sys.stderr.write(f"pokerengine: warning: line {rec.torn_line} is torn (an unfinished write) and was ignored\n")
    players = t.remaining
    icm = dcm = None
    if players and not args.no_equity:
        use_dcm = args.dcm_seconds > 0
        snap = t.equity(icm=True, dcm=use_dcm, dcm_seconds=args.dcm_seconds if use_dcm else None)
        icm, dcm = snap.icm, snap.dcm
        for note in snap.notes:
            sys.stderr.write(f"pokerengine: note: {note}\n")
    stacks = t.stacks
    standings = t.standings()
    if args.json:
        out = {
            "state": t.status,
            "field": t.field,
            "pool": t.pool,
            "events": len(t.events),
            "standings": [
                {"player": s.player, "entry": s.entry, "place": s.place, "places": [s.best, s.worst], "prize": s.prize}
                for s in standings
            ],
            "remaining": [
                {"player": p, "chips": stacks[p],
                 "icm": None if icm is None else icm[i], "dcm": None if dcm is None else dcm[i]}
                for i, p in enumerate(players)
            ],
            "torn": None if rec is None or rec.torn is None else {"line": rec.torn_line, "text": rec.torn},
        }
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(f"{t.status}: {len(players)} of {t.field} in play, pool {t.pool}, {len(t.events)} events")
    if players:
        order = sorted(range(len(players)), key=lambda i: (-stacks[players[i]], players[i]))
        rows: list[tuple[str, ...]] = [(players[i], str(stacks[players[i]]), _num(None if icm is None else icm[i]),
                 _num(None if dcm is None else dcm[i])) for i in order]
        _table(["player", "chips", "icm", "dcm"], rows, right=(1, 2, 3))
    if standings:
        if players:
            print()
        rows = []
        for s in standings:
            place = str(s.best) if s.best == s.worst else f"{s.best}-{s.worst}"
            name = s.player if s.entry == 1 else f"{s.player} (entry {s.entry})"
            rows.append((place, name, str(s.prize)))
        _table(["place", "player", "prize"], rows, right=(2,))
    return 0


def _table(header: list[str], rows: list[tuple[str, ...]], right: tuple[int, ...]) -> None:
    widths = [max(len(r[i]) for r in [tuple(header), *rows]) for i in range(len(header))]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    print(fmt(header))
    for r in rows:
        print(fmt(r))
