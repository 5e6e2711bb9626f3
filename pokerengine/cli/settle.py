"""``pokerengine settle FILE``: settle hands given as JSON (``-`` reads standard input).

The input is read as bytes, at most :data:`MAX_INPUT_BYTES`, and parsed by
:func:`pokerengine._json.loads` (strict UTF-8, nesting and integer-length bounds),
so no input gives more than one line on stderr.  A JSON array of hands is
bounded by that size alone; each hand by :data:`pokerengine.seats.MAX_SEATS`.

One hand's result is printed as indented JSON; an array's as one result per line.
"""

from __future__ import annotations

import argparse
import json
import sys

MAX_INPUT_BYTES = 8 * 1024 * 1024
"""The largest input ``pokerengine settle`` reads: 8 MiB, about 28,000 six-seat hands with cards
(measured at the bound: 5 to 6 s of CPU time, at most 141 MB of memory)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("settle", help="settle a hand (or a list of hands) given as JSON",
                       description="Settle one JSON hand, or a JSON array of hands; print the result as JSON. "
                                   f"At most {MAX_INPUT_BYTES // 2**20} MiB of input.")
    p.add_argument("file", help="JSON file, or - for standard input")
    p.add_argument("--explain", action="store_true", help="print the pots and who won what in words")
    p.set_defaults(run=run)


def read_input(name: str, limit: int) -> bytes | str:
    """The bytes of file ``name`` (``-``: standard input), reading at most ``limit + 1`` of them."""
    if name == "-":
        if sys.stdin is None:
            raise OSError("standard input is closed")
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # a test's StringIO has no bytes below it
        return stream.read(limit + 1)
    with open(name, "rb") as f:
        return f.read(limit + 1)


def run(args: argparse.Namespace) -> int:
    from .._json import loads
    from ..errors import PokerEngineError, SettlementInputError
    from ..hand_json import settle_hand_json

    what = "standard input" if args.file == "-" else args.file
    data = loads(read_input(args.file, MAX_INPUT_BYTES), what=what, error=SettlementInputError, max_bytes=MAX_INPUT_BYTES)
    if not isinstance(data, list):
        result = settle_hand_json(data)
        print(result.explain() if args.explain else json.dumps(result.to_json(), indent=2))
        return 0
    # Every hand is settled before anything is printed (a bad hand prints nothing but its error);
    # each parsed hand is let go once settled, and results are kept as text.
    out = []
    for i, hand in enumerate(data):
        data[i] = None
        try:
            result = settle_hand_json(hand)
        except PokerEngineError as exc:
            raise type(exc)(f"hand {i}: {exc}") from None
        out.append(result.explain() if args.explain else json.dumps(result.to_json()))
    if args.explain:
        print("\n\n".join(out))
    else:
        print("[\n" + ",\n".join(out) + "\n]" if out else "[]")
    return 0
