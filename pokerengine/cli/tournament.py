"""``pokerengine tournament``: not implemented yet (placeholder replaced by its issue's work)."""

from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser("tournament", help="(not implemented yet)")
    p.set_defaults(run=run)


def run(args) -> int:
    from . import fail

    return fail("'tournament' is not implemented yet")
