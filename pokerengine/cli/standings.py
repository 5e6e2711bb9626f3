"""The standings a tournament command prints: places and prizes, the players in play with their chips
and equities, as a table or as one JSON object (``pokerengine tournament`` and ``pokerengine
tournament simulate``; the JSON shape is in :mod:`pokerengine.cli.tournament`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def show(t: Any, args: argparse.Namespace, extra: dict[str, Any] | None = None) -> int:
    """Print a tournament's standings, chips and equities (``--json``: one object, with ``extra``'s fields)."""
    rec = t.recovery
    no_equity = getattr(args, "no_equity", True)
    dcm_seconds = getattr(args, "dcm_seconds", 0)
    players = t.remaining
    icm = dcm = None
    if players and not no_equity:
        use_dcm = dcm_seconds > 0
        snap = t.equity(icm=True, dcm=use_dcm, dcm_seconds=dcm_seconds if use_dcm else None)
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
            **(extra or {}),
        }
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(f"{t.status}: {len(players)} of {t.field} in play, pool {t.pool}, {len(t.events)} events")
    if extra:
        print(", ".join(f"{k} {v}" for k, v in extra.items() if v is not None))
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
