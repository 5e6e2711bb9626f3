"""The JSON form of a hand to settle, and of its result (the ``pokerengine settle`` contract).

A hand::

    {"game": "holdem", "button": 3, "small_blind": 4, "dead": 0, "chip_unit": 1,
     "odd_chip": "small_blind", "board": ["2c", "7d", "9h", "Ts", "Jc"],
     "seats": [{"seat": 1, "contributed": 100, "folded": false, "cards": ["As", "Kd"]}, ...],
     "rake": {"percent": "5", "cap": 300, "no_flop_no_drop": true}}

Only ``seats`` is required.  Unknown keys are refused, so a typo cannot pass
silently.  JSON numbers with a fraction or exponent (``10.0``, ``1e3``) are
refused like any other non-integer.  Cards and the board are card text
(``"AsKd"``) or a list of card texts, ranks in upper case; card integers,
objects and lowercase ranks are refused.  At most
:data:`~pokerengine.seats.MAX_SEATS` seats per hand; the number of hands in a
list is bounded only by the size of the document (the CLI reads at most
:data:`~pokerengine.cli.settle.MAX_INPUT_BYTES`).

>>> result = settle_json({"seats": [{"seat": 1, "contributed": 5, "folded": True}, {"seat": 2, "contributed": 10}]})
>>> result["payouts"]
{'1': 0, '2': 15}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._checks import chips, shown
from .errors import CardError, PokerEngineError, SettlementInputError
from .rake import Rake
from .seats import MAX_SEATS, Seat
from .settlement import Settlement, settle

HAND_KEYS = {"game", "button", "small_blind", "dead", "chip_unit", "odd_chip", "board", "seats", "rake", "flop_seen"}
SEAT_KEYS = {"seat", "contributed", "folded", "cards"}
RAKE_KEYS = {"percent", "cap", "no_flop_no_drop"}


def _object(value: object, what: str, keys: set[str]) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise SettlementInputError(f"{what} must be a JSON object, got {type(value).__name__}")
    unknown = sorted(set(value) - keys)
    if unknown:
        named = ", ".join(map(shown, unknown[:3])) + (f" and {len(unknown) - 3:,} more" if len(unknown) > 3 else "")
        raise SettlementInputError(f"{what} has unknown key(s) {named}; known: {', '.join(sorted(keys))}")
    return value


def _cards(value: object, what: str) -> str | list[str] | None:
    """Card text, or a list of card texts, as JSON gives them (parsing and limits: :func:`~pokerengine.cards.parse_cards`)."""
    if value is None or type(value) is str or (type(value) is list and all(type(c) is str for c in value)):
        return value
    raise CardError(f"{what} must be card text such as 'AsKd' or a list such as [\"As\", \"Kd\"], got {shown(value)}")


def hand_from_json(obj: object) -> tuple[list[Seat], dict[str, Any]]:
    """The seats and keyword arguments of :func:`~pokerengine.settle` for one JSON hand."""
    hand = _object(obj, "a hand", HAND_KEYS)
    if "seats" not in hand:
        raise SettlementInputError("a hand needs 'seats'")
    raw_seats = hand["seats"]
    if not isinstance(raw_seats, list):
        raise SettlementInputError("'seats' must be a list of seat objects in clockwise order")
    if len(raw_seats) > MAX_SEATS:
        raise SettlementInputError(f"a hand has at most {MAX_SEATS} seats, got {len(raw_seats):,}")
    seats = []
    for i, raw in enumerate(raw_seats):
        entry = _object(raw, f"seats[{i}]", SEAT_KEYS)
        for key in ("seat", "contributed"):
            if key not in entry:
                raise SettlementInputError(f"seats[{i}] needs '{key}'")
        label = chips(entry["seat"], f"seats[{i}] 'seat'", error=SettlementInputError, positive=True, unit="")
        cards = _cards(entry.get("cards"), f"seat {label} cards")
        try:
            seats.append(Seat(label, entry["contributed"], entry.get("folded", False), cards))
        except PokerEngineError as exc:  # the message names the seat by its label, as settle's own do
            raise type(exc)(f"seat {label}: {exc}") from None
    kwargs = {k: hand[k] for k in ("game", "button", "small_blind", "dead", "chip_unit", "odd_chip", "board", "flop_seen") if k in hand}
    if "board" in kwargs:
        _cards(kwargs["board"], "'board'")
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


def settle_json(obj: object) -> dict[str, Any] | list[dict[str, Any]]:
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
