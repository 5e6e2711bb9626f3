"""The JSON form of a hand to settle, and of its result (the ``pokerengine settle`` contract).

A hand::

    {"game": "holdem", "button": 3, "small_blind": 4, "dead": 0, "chip_unit": 1,
     "odd_chip": "small_blind", "board": ["2c", "7d", "9h", "Ts", "Jc"],
     "seats": [{"seat": 1, "contributed": 100, "folded": false, "cards": ["As", "Kd"]}, ...],
     "rake": {"percent": "5", "cap": 300, "no_flop_no_drop": true}}

Only ``seats`` is required.  Unknown keys are refused, so a typo cannot pass
silently.  JSON numbers with a fraction or exponent (``10.0``, ``1e3``) are
refused like any other non-integer.

>>> result = settle_json({"seats": [{"seat": 1, "contributed": 5, "folded": True}, {"seat": 2, "contributed": 10}]})
>>> result["payouts"]
{'1': 0, '2': 15}
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import PokerEngineError, SettlementInputError
from .rake import Rake
from .seats import Seat
from .settlement import Settlement, settle

HAND_KEYS = {"game", "button", "small_blind", "dead", "chip_unit", "odd_chip", "board", "seats", "rake", "flop_seen"}
SEAT_KEYS = {"seat", "contributed", "folded", "cards"}
RAKE_KEYS = {"percent", "cap", "no_flop_no_drop"}


def _object(value: object, what: str, keys: set[str]) -> Mapping:
    if not isinstance(value, Mapping):
        raise SettlementInputError(f"{what} must be a JSON object, got {type(value).__name__}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise SettlementInputError(f"{what} has unknown key(s) {', '.join(map(repr, unknown))}; known: {', '.join(sorted(keys))}")
    return value


def hand_from_json(obj: object) -> tuple[list[Seat], dict]:
    """The seats and keyword arguments of :func:`~pokerengine.settle` for one JSON hand."""
    hand = _object(obj, "a hand", HAND_KEYS)
    if "seats" not in hand:
        raise SettlementInputError("a hand needs 'seats'")
    raw_seats = hand["seats"]
    if not isinstance(raw_seats, list):
        raise SettlementInputError("'seats' must be a list of seat objects in clockwise order")
    seats = []
    for i, raw in enumerate(raw_seats):
        entry = _object(raw, f"seats[{i}]", SEAT_KEYS)
        for key in ("seat", "contributed"):
            if key not in entry:
                raise SettlementInputError(f"seats[{i}] needs '{key}'")
        seats.append(Seat(entry["seat"], entry["contributed"], entry.get("folded", False), entry.get("cards")))
    kwargs = {k: hand[k] for k in ("game", "button", "small_blind", "dead", "chip_unit", "odd_chip", "board", "flop_seen") if k in hand}
    if hand.get("rake") is not None:
        raw = _object(hand["rake"], "'rake'", RAKE_KEYS)
        if "percent" not in raw:
            raise SettlementInputError("'rake' needs 'percent'")
        kwargs["rake"] = Rake(raw["percent"], raw.get("cap"), raw.get("no_flop_no_drop", False))
    return seats, kwargs


def settle_hand_json(obj: object) -> Settlement:
    """Settle one hand given in its JSON form."""
    seats, kwargs = hand_from_json(obj)
    return settle(seats, **kwargs)


def settle_json(obj: object) -> dict | list:
    """Settle a JSON hand or a list of them; the result has the same shape."""
    if isinstance(obj, list):
        results = []
        for i, hand in enumerate(obj):
            try:
                results.append(settle_hand_json(hand).to_json())
            except PokerEngineError as exc:
                raise type(exc)(f"hand {i}: {exc}") from None
        return results
    return settle_hand_json(obj).to_json()
