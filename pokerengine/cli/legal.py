"""``pokerengine legal FILE.phh``: what may happen next in a (possibly unfinished) PHH hand history.

The hand's recorded actions are played through the live engine (:mod:`pokerengine.live`) under
``--rules tda`` (the default, live play by the TDA rules) or ``--rules replay`` (what recorded
histories do); then the command prints who is to act and what they may do::

    {"over": false, "street": 1, "to_act": "p3",
     "actions": {"fold": true, "check": false, "call": 40, "raise": {"min_to": 120, "max_to": 1000}}}

``call`` is the chips the player puts in now (``null``: nothing to call); ``raise`` is ``null``
when no bet or raise is allowed, else the street totals a ``cbr`` may go to (in replay mode it may
add ``cover_to``: a total below ``min_to`` that records write, exactly what the deepest opponent
can match).  At showdown ``"show": true, "muck": true``; when cards are due ``"to_act": "d"`` and
``"deal": {"hole": {"p1": 2, ...}, "board": 3}`` (a draw game's replacement cards are owed while
the next player draws: then ``deal`` comes with ``to_act`` the drawing player); a finished hand has
``"over": true`` and ``"to_act": null`` (in replay mode a recorded show may still follow, so
``show`` stays true).  Stud adds ``"bring_in": 50`` when the bring-in is due (``raise`` is then the
completion to the small bet; no fold, no check); a draw game adds ``"draw": {"max": 5}`` (how many
cards the player may discard; 0 stands pat).  A stud record whose up cards are unknown (``????``)
lets any player open: ``"openers": ["p1", "p4", ...]``.
Amounts are in the record's units (decimal numbers for a record with decimal amounts).

Under ``--rules tda`` cards a record does not show (``????``) stand for cards the record does not
use (they change nothing that is legal), and a recorded show of a hand the engine has already
turned face up (TDA 16: all-in hands are tabled at once), or after the hand is over, is passed over.
(Unknown stud up cards become the cards least likely to open: aces.)

Games: every variant code the live engine plays (PHH's NT, NS, FT, PO, FO/8, F7S, F7S/8, FR,
N2L1D, F2L3D, FB and pokerengine's own, such as PT, PO5, N5CD: ``docs/replay.md``).  Input: one
hand, at most :data:`MAX_INPUT_BYTES` bytes of UTF-8
(``-`` reads standard input); bad input, or a recorded action the rules refuse (the message names
the action and the rule), is one line on stderr and exit status 2.  Time: linear in the number of
actions times the number of players (measured: a record of 10,000 actions 0.3 s, an 8 MiB file
0.5 s); memory: a few times the input.
"""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..phh.reader import MAX_FILE_BYTES

if TYPE_CHECKING:
    from ..live import Hand
    from ..phh.record import HandHistory

MAX_INPUT_BYTES = MAX_FILE_BYTES
"""The largest input read: 8 MiB, the PHH reader's bound for one file."""

RULES = ("tda", "replay")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "legal",
        help="what may happen next in a (possibly unfinished) PHH hand: whose turn, legal actions and amounts",
        description="Play the actions of one PHH hand history (possibly unfinished) through the live engine and "
        "print whose turn it is and the legal actions with their amounts (street totals, as cbr writes them), "
        "the bring-in in stud and how many cards may be drawn in draw games. Games: every variant code (PHH's "
        "and pokerengine's own). "
        f"At most {MAX_INPUT_BYTES // 2**20} MiB of input.",
    )
    p.add_argument("file", help=".phh file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--rules", choices=RULES, default="tda",
                   help="tda: live play by the TDA rules (default); replay: what recorded histories do")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..live.state import STREET_NAMES_BY_KIND
    from ..phh import loads
    from ..phh.variants import VARIANTS
    from .settle import read_input

    what = "standard input" if args.file == "-" else args.file
    history = loads(_text(read_input(args.file, MAX_INPUT_BYTES), what), source=what)
    out = legal_history(history, args.rules)
    print(json.dumps(out) if args.json else describe(out, STREET_NAMES_BY_KIND[VARIANTS[history.variant].kind]))
    return 0


def _text(data: bytes | str, what: str) -> str:
    from ..errors import HistoryParseError

    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_INPUT_BYTES:
            raise HistoryParseError(f"{what}: larger than {MAX_INPUT_BYTES:,} bytes")
        try:
            return bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise HistoryParseError(f"{what}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    return data


def legal(data: bytes | str, rules: str = "tda", *, what: str = "<input>") -> dict[str, Any]:
    """What may happen next in the PHH hand ``data`` (bytes or text of one ``.phh``), as the JSON
    value ``pokerengine legal --json`` prints.  Bad input, an unsupported game or a recorded
    action the rules refuse: a :class:`~pokerengine.errors.PokerEngineError` (one line)."""
    from ..phh import loads

    return legal_history(loads(_text(data, what), source=what), rules)


def legal_history(history: HandHistory, rules: str = "tda") -> dict[str, Any]:
    """:func:`legal` for a parsed :class:`~pokerengine.phh.HandHistory`."""
    from .._checks import shown
    from ..errors import HistoryParseError, PokerEngineError
    from ..phh.variants import VARIANTS

    if rules not in RULES:
        raise PokerEngineError(f"rules must be 'tda' or 'replay', got {rules!r}"[:200])
    if history.variant not in VARIANTS:
        raise HistoryParseError(f"{history.label}: {shown(history.variant)} is not a game the live engine "
                                f"plays ({', '.join(VARIANTS)})")
    return _state(_play(history, rules))


def _play(history: HandHistory, rules: str) -> Hand:
    """The hand after its recorded actions (see the module's notes on ``tda``)."""
    from .._checks import shown
    from ..errors import PokerEngineError
    from ..live import REPLAY, TDA, start
    from ..live.hand import Rescale

    live = rules == "tda"
    actions = _known_cards(history) if live else tuple(history.actions)
    scale = None
    while True:
        hand = start(history, TDA if live else REPLAY, scale=scale)
        shown_by: set[str] = set()  # "pN" of each hand shown so far (what play() returned)
        try:
            for i, text in enumerate(actions):
                try:
                    if live and _shown_already(hand, text, shown_by):
                        continue
                    for line in hand.play(text):
                        if " sm" in line:
                            shown_by.add(line.split(" ", 1)[0])
                except PokerEngineError as exc:
                    raise type(exc)(f"{history.label}: actions[{i}] {shown(history.actions[i])}: {exc}") from None
            return hand
        except Rescale as again:  # a recorded amount needs a finer unit: play again in it
            scale = again.scale


def _shown_already(hand: Hand, text: str, shown_by: set[str]) -> bool:
    """A recorded show or muck that live play has no turn for: the engine already tabled the hand
    (TDA 16; ``shown_by``: the players whose hands are shown), or the hand is over."""
    from ..errors import PokerEngineError
    from ..phh.notation import compile_action

    if " sm" not in text:
        return False
    try:
        a = compile_action(text)
    except PokerEngineError:
        return False  # play() reports it
    if a[0] != "sm":
        return False
    return hand.phase == "over" or f"p{a[1]}" in shown_by


def _known_cards(history: HandHistory) -> tuple[str, ...]:
    """The actions with every unknown hole card (``??``) made known: the cards the player shows
    later, else cards the record never uses (live play deals only known cards; which ones changes
    nothing that is legal)."""
    from ..cards import DECK, cards_text, rank
    from ..errors import PokerEngineError
    from ..phh.notation import compile_action
    from ..phh.variants import VARIANTS

    try:
        parsed = [compile_action(t) for t in history.actions]
    except PokerEngineError:
        return tuple(history.actions)  # play() reports the bad action with its index
    if not any(a[0] == "dh" and None in a[2] for a in parsed):
        return tuple(history.actions)
    seen: set[int] = set()
    shows: dict[int, tuple[int | None, ...]] = {}
    for a in parsed:
        cards = a[2] if a[0] in ("dh", "sm", "sd") else a[1] if a[0] == "db" else None
        if cards:
            seen.update(c for c in cards if c is not None)
        if a[0] == "sm" and a[2]:
            shows[a[1]] = a[2]
    lowest = VARIANTS[history.variant].lowest_rank
    spare = [c for c in DECK if rank(c) >= lowest and c not in seen]  # pop(): aces first (never a bring-in)
    out = list(history.actions)
    if VARIANTS[history.variant].kind == "draw":
        return _known_draws(parsed, out, shows, spare)
    for i, a in enumerate(parsed):
        if a[0] == "dh" and None in a[2]:
            cards = list(a[2])
            reveal = [c for c in shows.get(a[1], ()) if c is not None and c not in cards]
            for k, c in enumerate(cards):
                if c is None and (reveal or spare):
                    cards[k] = reveal.pop(0) if reveal else spare.pop()
            if None not in cards:
                out[i] = f"d dh p{a[1]} {cards_text(c for c in cards if c is not None)}"
    return tuple(out)


def _known_draws(parsed: list[tuple[Any, ...]], out: list[str], shows: dict[int, tuple[int | None, ...]],
                 spare: list[int]) -> tuple[str, ...]:
    """:func:`_known_cards` for a draw game: the cards a player shows go to their latest unknown
    cards (so they are still held at the end), and an unknown discard is a held card the player
    does not show."""
    from ..cards import cards_text

    reveal = {p: [c for c in cards if c is not None] for p, cards in shows.items()}
    for a in parsed:  # shown cards dealt known need no filling
        if a[0] == "dh" and a[1] in reveal:
            reveal[a[1]] = [c for c in reveal[a[1]] if c not in a[2]]
    dealt: dict[int, list[int | None]] = {}
    for i in range(len(parsed) - 1, -1, -1):  # latest deals first
        a = parsed[i]
        if a[0] == "dh" and None in a[2]:
            cards = list(a[2])
            mine = reveal.get(a[1], [])
            for k in range(len(cards) - 1, -1, -1):
                if cards[k] is None and (mine or spare):
                    cards[k] = mine.pop() if mine else spare.pop()
            dealt[i] = cards
    held: dict[int, list[int]] = {}
    for i, a in enumerate(parsed):
        if a[0] == "dh":
            cards = dealt.get(i, list(a[2]))
            if None not in cards:
                out[i] = f"d dh p{a[1]} {cards_text(c for c in cards if c is not None)}"
            held.setdefault(a[1], []).extend(c for c in cards if c is not None)
        elif a[0] == "sd" and a[2]:
            hand = held.get(a[1], [])
            keep = set(c for c in shows.get(a[1], ()) if c is not None)
            gone: list[int] = []
            for c in a[2]:
                if c is None:
                    c = next((x for x in hand if x not in keep), hand[0] if hand else None)
                if c is None:
                    return tuple(out)  # nothing held to discard: play() reports it
                if c in hand:
                    hand.remove(c)
                gone.append(c)
            out[i] = f"p{a[1]} sd {cards_text(gone)}"
    return tuple(out)


def _state(hand: Hand) -> dict[str, Any]:
    """The JSON value of what may happen next in ``hand``."""
    scale = hand.scale or 1

    def amount(x: int | None) -> int | float | None:
        if x is None or scale == 1:
            return x
        return x // scale if x % scale == 0 else float(Decimal(x) / scale)  # float ok: shown in the record's own decimal units, as PHH writes them

    legal = hand.legal_actions()
    to_act = None if legal.seat is None else f"p{hand.seats.index(legal.seat) + 1}"
    actions: dict[str, Any] = {"fold": legal.fold, "check": legal.check, "call": amount(legal.call), "raise": None}
    if legal.bring_in is not None:
        actions["bring_in"] = amount(legal.bring_in)
    if legal.draw is not None:
        actions["draw"] = {"max": legal.draw}
    if legal.raise_to is not None:
        actions["raise"] = {"min_to": amount(legal.raise_to.min_to), "max_to": amount(legal.raise_to.max_to)}
        cover = hand.replay_cover()
        if cover is not None:
            actions["raise"]["cover_to"] = amount(cover)
    if legal.show or legal.muck or (hand.replay and hand.running_out):  # replay: also during the run-out
        actions["show"] = actions["muck"] = True
    hole, board = hand.owed
    if hole or board:
        to_act = to_act or "d"
        actions["deal"] = {"hole": {f"p{hand.seats.index(s) + 1}": k for s, k in hole.items()}, "board": board}
    out: dict[str, Any] = {"over": hand.over, "street": hand.street, "to_act": to_act, "actions": actions}
    if len(hand.openers) > 1:
        out["openers"] = [f"p{hand.seats.index(s) + 1}" for s in hand.openers]
    return out


STREETS = ("pre-flop", "flop", "turn", "river", "showdown")


def describe(state: dict[str, Any], names: tuple[str, ...] = STREETS[:4]) -> str:
    """The short text ``pokerengine legal`` prints without ``--json`` (``names``: the game's
    street names, hold'em's by default)."""
    street = names[state["street"]] if state["street"] < len(names) else "showdown"
    a = state["actions"]
    if "deal" in a and state["to_act"] == "d":
        hole, board = a["deal"]["hole"], a["deal"]["board"]
        owed = [f"{p}: {k} hole card{'s' * (k != 1)}" for p, k in hole.items()]
        if board:
            owed.append(f"{board} board card{'s' * (board != 1)}")
        return f"{street}: the dealer deals {', '.join(owed)}"
    if state["to_act"] is None:
        if state["over"]:
            return "the hand is over" + (" (a player may still show)" if a.get("show") else "")
        return f"{street}: nobody is to act"
    if a.get("show"):
        return f"{street}: {state['to_act']} shows or mucks"
    if "draw" in a:
        return f"{street}: {state['to_act']} draws: discard 0 to {a['draw']['max']} cards"
    can = ["fold"] if a["fold"] else []
    if "bring_in" in a:
        can.append(f"bring in {a['bring_in']}")
    if a["check"]:
        can.append("check")
    if a["call"] is not None:
        can.append(f"call {a['call']}")
    r = a["raise"]
    if r is not None:
        verb = "complete" if "bring_in" in a else "bet" if a["check"] and state["street"] else "raise"
        can.append(f"{verb} to {r['min_to']}" if r["min_to"] == r["max_to"] else
                   f"{verb} to {r['min_to']} to {r['max_to']}")
        if "cover_to" in r:
            can.append(f"{verb} to {r['cover_to']} (what the deepest opponent can match)")
    return f"{street}: {state['to_act']} to act: {', '.join(can)}"
