"""``pokerengine settle FILE``: settle hands given as JSON (``-`` reads standard input)."""

from __future__ import annotations

import json
import sys


def add_parser(sub) -> None:
    p = sub.add_parser("settle", help="settle a hand (or a list of hands) given as JSON",
                       description="Settle one JSON hand, or a JSON array of hands; print the result as JSON.")
    p.add_argument("file", help="JSON file, or - for standard input")
    p.add_argument("--explain", action="store_true", help="print the pots and who won what in words")
    p.set_defaults(run=run)


def _reject_constant(name: str) -> None:
    from ..errors import SettlementInputError

    raise SettlementInputError(f"{name} is not a number of chips")


def run(args) -> int:
    from ..errors import PokerEngineError, SettlementInputError
    from ..hand_json import settle_hand_json, settle_json

    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise SettlementInputError(f"{args.file}: not valid JSON: {exc}") from None
    if args.explain:
        hands = data if isinstance(data, list) else [data]
        texts = []
        for i, hand in enumerate(hands):
            try:
                texts.append(settle_hand_json(hand).explain())
            except PokerEngineError as exc:
                raise type(exc)(f"hand {i}: {exc}" if isinstance(data, list) else str(exc)) from None
        print("\n\n".join(texts))
    else:
        print(json.dumps(settle_json(data), indent=2))
    return 0
