"""``pokerengine bubble``: (being written, issue 18)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bubble", help="(not yet available)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from . import fail

    return fail("bubble is not available yet")
