"""Open Hand History (OHH): the JSON hand-history standard of hh-specs.handhistory.org, read and written.

:func:`read_ohh` turns a file's text (one hand object, several, a JSON array of them, or JSON lines;
each may be wrapped as ``{"ohh": {...}}``) into :class:`~pokerengine.history.site.SiteHand` values:
the PHH :class:`~pokerengine.history.record.HandHistory` of each hand, fit to replay, with what the
file says each player won from each pot and the rake, which
:func:`~pokerengine.history.site.check` compares with the engine's settlement.
:func:`write_ohh` writes a ``SiteHand`` or a ``HandHistory`` back as an OHH object (a ``dict``
whose amounts are ``int`` or :class:`~decimal.Decimal`), :func:`dumps_ohh` as JSON text and
:func:`dumps_ohh_lines` as JSON lines.

Conventions (``docs/ohh-draft.md``):

* Amounts become integer minor units.  A cash hand whose ``currency`` is an ISO 4217 code (three
  capital letters) counts in hundredths (cents); a tournament hand (``"tournament": true``) or one
  in another currency (``"Chips"``, none) counts in chips.  Decimals are read exactly (never
  through a float); an amount finer than that unit is refused, never rounded.
* Players in PHH position order (p1 first left of the ``dealer_seat``; the button last); players
  ``is_sitting_out`` are left out.  An action ``amount`` is what the action puts in (the spec's
  rule: a raise to 20 over a bet of 2 is 18); PHH's ``cbr`` takes the street total, so the reader
  adds them up, and checks that every call is what there was to call (or the rest of the stack).
* ``Post SB``, ``Post BB`` and ``Straddle`` are blinds (``blinds_or_straddles``); a second ``Post
  BB`` or a ``Post Extra Blind`` is a live post out of position (the user field ``_posts``); a
  ``Post Dead`` is dead money (written as an ante of its player, which settles the same);
  ``Post Ante`` an ante.
* Hole cards a ``Dealt Cards`` action does not give are unknown (``????``).  ``Mucks Cards`` is a
  muck (``pN sm``: the player concedes); at a showdown where some live player's cards are known,
  a live player whose cards the file never shows mucked (the spec lets a file leave that out).
* Pots: ``player_wins`` become :class:`~pokerengine.history.site.Collected` lines per pot
  (``number``: 0 the main pot); the rake is every pot's ``rake`` plus its ``jackpot`` (both are
  drawn from the pot before it is paid), kept per pot too when every pot gives it (``pot_rakes``,
  once :class:`~pokerengine.history.site.SiteHand` has the field); ``total_pot`` the pots'
  ``amount`` (rake included).
* Games: ``Holdem`` no limit (``NT``) and fixed limit (``FT``), ``Omaha`` pot limit (``PO``),
  ``OmahaHiLo`` fixed limit (``FO/8``).  Anything else (stud, draw, pot-limit hold'em, ...) and
  ``Run_It_Twice`` hands raise :class:`~pokerengine.errors.HistoryParseError` ("not supported yet").

>>> text = '''{"ohh": {"spec_version": "1.4.6", "game_number": "42", "game_type": "Holdem",
...   "bet_limit": {"bet_type": "NL"}, "currency": "USD", "tournament": false, "dealer_seat": 3,
...   "small_blind_amount": 0.5, "big_blind_amount": 1, "ante_amount": 0,
...   "players": [{"id": 0, "seat": 1, "name": "ann", "starting_stack": 100},
...               {"id": 1, "seat": 2, "name": "bob", "starting_stack": 80.25},
...               {"id": 2, "seat": 3, "name": "cy", "starting_stack": 100}],
...   "rounds": [{"id": 0, "street": "Preflop", "actions": [
...      {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.5},
...      {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 1},
...      {"action_number": 3, "player_id": 2, "action": "Raise", "amount": 3},
...      {"action_number": 4, "player_id": 0, "action": "Fold"},
...      {"action_number": 5, "player_id": 1, "action": "Fold"}]}],
...   "pots": [{"number": 0, "amount": 2.5, "rake": 0,
...             "player_wins": [{"player_id": 2, "win_amount": 2.5}]}]}}'''
>>> (hand,) = read_ohh(text)
>>> hand.history.starting_stacks, hand.history.blinds_or_straddles, hand.history.actions[3:]
((10000, 8025, 10000), (50, 100, 0), ('p3 cbr 300', 'p1 f', 'p2 f'))
>>> hand.collected, hand.rake
((Collected(player='cy', pot=0, amount=250),), 0)
>>> from pokerengine.history.site import check
>>> check(hand).status
'matched'
>>> write_ohh(hand)["ohh"]["players"][1]["starting_stack"]
Decimal('80.25')

Limits: a text of at most :data:`MAX_BYTES` bytes, :data:`MAX_HANDS` hands, :data:`MAX_CONTAINERS`
objects and arrays and :data:`MAX_ITEMS` values; each hand's JSON as
bounded by :func:`pokerengine._json.loads` (nesting, digits, no NaN); at most
:data:`~pokerengine.history.record.MAX_PLAYERS` players, :data:`MAX_ROUNDS` rounds,
:data:`~pokerengine.history.record.MAX_ACTIONS` actions and :data:`MAX_POTS` pots a hand; names and
ids of at most :data:`MAX_TEXT` characters; amounts at most 2**63 - 1 minor units.  Time and memory
are linear in the size of the text.  Every error is a :class:`~pokerengine.errors.HistoryParseError`
naming the file, the hand (its ``game_number``, else its index) and the field.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from decimal import Context, Decimal, InvalidOperation
from typing import Any

import attrs

from .. import _json
from .._checks import MAX_CHIPS, shown
from ..errors import HistoryParseError, PokerEngineError
from .amounts import amount
from .notation import parse_action
from .record import MAX_ACTIONS, MAX_PLAYERS, HandHistory
from .site import Collected, SiteHand

__all__ = ["MAX_BYTES", "MAX_HANDS", "dumps_ohh", "dumps_ohh_lines", "iter_ohh", "read_ohh", "write_ohh"]

#: The largest text :func:`read_ohh` reads (bytes, or characters of a ``str``): some 2,500 hands.
MAX_BYTES = 8 * 1024 * 1024
#: The most objects and arrays (``{``, ``[``) and values (``,``) a text may hold: 8 MiB of real hands
#: has about 170,000 and 430,000; these bound the memory of parsing a hostile text.
MAX_CONTAINERS = 400_000
MAX_ITEMS = 600_000
#: The most hands one text may hold.
MAX_HANDS = 100_000
#: The most rounds and pots a hand may have (a hand has five streets; run it three times, a few more).
MAX_ROUNDS = 16
MAX_POTS = 64
#: The longest name, id, table name or date string kept.
MAX_TEXT = 200
#: The most seat numbers (as the live engine: 1 to 1000).
MAX_SEAT = 1000

#: Whether :class:`SiteHand` has ``pot_rakes`` (each pot's rake, which OHH gives and ``check`` can
#: draw as the file says instead of in proportion): a change to ``site.py`` proposed with this module.
_POT_RAKES = "pot_rakes" in attrs.fields_dict(SiteHand)

#: (game_type, bet_type) -> PHH variant code.
VARIANT_CODES = {("Holdem", "NL"): "NT", ("Holdem", "FL"): "FT", ("Omaha", "PL"): "PO", ("OmahaHiLo", "FL"): "FO/8"}
GAME_TYPES = {v: k for k, v in VARIANT_CODES.items()}
_HOLE_CARDS = {"NT": 2, "FT": 2, "PO": 4, "FO/8": 4}
_STREETS = ("Preflop", "Flop", "Turn", "River")
_BOARD = {"Flop": 3, "Turn": 1, "River": 1}
_CARD = re.compile(r"[2-9TJQKA][cdhs]\Z")
_ISO = re.compile(r"[A-Z]{3}\Z")
#: Exact decimal arithmetic for amounts (at most 40 characters each, the JSON reader's bound).
_EXACT = Context(prec=100)
_IGNORED = frozenset(("Added Chips", "Sits Down", "Stands Up"))


def _fail(where: str, message: str) -> HistoryParseError:
    return HistoryParseError(f"{where}: {message}")


# -- reading ---------------------------------------------------------------------------------------


def _texts(data: bytes | str, source: str | None) -> Iterator[str]:
    """The JSON text of each top-level value, in order (objects may follow one another: JSON lines,
    or pretty-printed objects one after the other)."""
    name = source or "<text>"
    text = _json.text_of(data, what=name, error=HistoryParseError, max_bytes=MAX_BYTES)
    if text.count("{") + text.count("[") > MAX_CONTAINERS or text.count(",") > MAX_ITEMS:
        raise HistoryParseError(f"{name}: more than {MAX_CONTAINERS:,} objects and arrays or {MAX_ITEMS:,} values")
    # Boundaries only: numbers are not converted here (each value is read again, bounded, below).
    scanner = json.JSONDecoder(parse_int=_zero, parse_float=_zero, parse_constant=_zero)
    ws = re.compile(r"\s*")
    at = ws.match(text, 0).end()  # type: ignore[union-attr]
    count = 0
    while at < len(text):
        count += 1
        if count > MAX_HANDS:
            raise HistoryParseError(f"{name}: more than {MAX_HANDS:,} hands")
        try:
            _, end = scanner.raw_decode(text, at)
        except RecursionError:
            raise HistoryParseError(f"{name}: JSON nested deeper than {_json.MAX_DEPTH} levels") from None
        except ValueError as exc:
            raise HistoryParseError(f"{name}: value {count}: not valid JSON: {_short(str(exc))}") from None
        yield text[at:end]
        at = ws.match(text, end).end()  # type: ignore[union-attr]


def _zero(_: str) -> int:
    return 0


def _short(text: str) -> str:
    return text if len(text) <= 200 else text[:197] + "..."


def _exact(text: str, what: str) -> Any:
    """One JSON value, checked by :func:`pokerengine._json.loads`, then read again with exact decimals."""
    _json.loads(text, what=what, error=HistoryParseError)
    return json.loads(text, parse_float=Decimal)


def iter_ohh(data: bytes | str, *, source: str | None = None) -> Iterator[SiteHand]:
    """The hands of an OHH text one by one (see :func:`read_ohh`)."""
    yield from _hands(_texts(data, source), source)


def _hands(texts: Iterator[str] | list[str], source: str | None) -> Iterator[SiteHand]:
    name = source or "<text>"
    index = 0
    for k, text in enumerate(texts):
        value = _exact(text, f"{name}: value {k + 1}")
        items = value if type(value) is list else [value]
        for item in items:
            if index >= MAX_HANDS:
                raise HistoryParseError(f"{name}: more than {MAX_HANDS:,} hands")
            yield _hand(item, index, source)
            index += 1


def read_ohh(data: bytes | str, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of an OHH text (``bytes`` as read from a file, or ``str``), in file order.

    ``source`` names the file in errors and in each hand.  The text holds one hand object, several
    one after the other (JSON lines, or pretty-printed), or a JSON array of them; each may be the
    bare hand or ``{"ohh": {...}}``.  Limits: see the module docstring.
    """
    return list(_hands(list(_texts(data, source)), source))  # (a text of too many values is refused first)


def _hand(value: Any, index: int, source: str | None) -> SiteHand:
    name = source or "<text>"
    where = f"{name}, hand #{index}"
    if type(value) is dict and "ohh" in value:
        value = value["ohh"]
    if type(value) is not dict:
        raise _fail(where, f"a hand must be a JSON object, got {type(value).__name__}")
    number = value.get("game_number")
    hand_id: str | None = None
    if number is not None:
        if type(number) is int:
            number = str(number)
        if type(number) is not str or len(number) > MAX_TEXT:
            raise _fail(where, f"game_number must be a string of at most {MAX_TEXT} characters, got {shown(number)}")
        hand_id = number
        where = f"{name}, hand {_printable(number)}"
    return _Reader(value, where, hand_id, index, source).hand()


def _printable(text: str) -> str:
    return text if text.isprintable() and len(text) <= 60 else shown(text)


class _Reader:
    """One hand object to a :class:`SiteHand` (a class only to share the hand's state among steps)."""

    def __init__(self, obj: dict[str, Any], where: str, hand_id: str | None, index: int, source: str | None):
        self.obj, self.where, self.hand_id, self.index, self.source = obj, where, hand_id, index, source

    # typed field access ------------------------------------------------------------------------
    def get(self, obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str,
            default: Any = None, required: bool = False) -> Any:
        value = obj.get(key)
        if value is None:
            if required:
                raise _fail(self.where, f"{what}{key} is missing")
            return default
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if type(value) not in kinds:
            names = " or ".join({int: "an integer", str: "a string", bool: "true or false", list: "an array",
                                 dict: "an object", Decimal: "a number"}[k] for k in kinds)
            raise _fail(self.where, f"{what}{key} must be {names}, got {shown(value)}")
        if type(value) is str and len(value) > MAX_TEXT:
            raise _fail(self.where, f"{what}{key} is longer than {MAX_TEXT} characters")
        if type(value) is list and len(value) > MAX_ACTIONS:
            raise _fail(self.where, f"{what}{key} has more than {MAX_ACTIONS:,} entries")
        return value

    def money(self, obj: Mapping[str, Any], key: str, what: str, required: bool = False) -> int:
        value = self.get(obj, key, (int, Decimal), what, required=required)
        if value is None:
            return 0
        return self.units(value, what + key)

    def units(self, value: int | Decimal, what: str) -> int:
        """An amount in minor units, exactly; refused if finer than the unit, negative or too large."""
        try:
            if isinstance(value, int):
                x = value * self.scale
            else:
                if not value.is_finite() or value.adjusted() > 19 or (value and value.adjusted() < -40):
                    raise _fail(self.where, f"{what} is out of range: {shown(value)}")
                d = _EXACT.multiply(value, Decimal(self.scale))
                if d != d.to_integral_value(context=_EXACT):
                    unit = "a cent" if self.scale == 100 else "a chip"
                    raise _fail(self.where, f"{what} {value} is not a whole number of minor units (finer than "
                                            f"{unit}); amounts are never rounded")
                x = int(d)
        except InvalidOperation:
            raise _fail(self.where, f"{what} is not a number: {shown(value)}") from None
        if x < 0:
            raise _fail(self.where, f"{what} must be non-negative, got {value}")
        if x > MAX_CHIPS:
            raise _fail(self.where, f"{what} is more than 2**63 - 1 minor units")
        return x

    def cards(self, value: Any, what: str) -> list[str]:
        if value is None or value == "":
            return []
        if type(value) is not list or len(value) > 52:
            raise _fail(self.where, f"{what} must be an array of cards, got {shown(value)}")
        out = []
        for card in value:
            if type(card) is not str or not _CARD.match(card):
                raise _fail(self.where, f"{what}: bad card {shown(card)} (rank 23456789TJQKA then suit cdhs)")
            out.append(card)
        return out

    # the hand ----------------------------------------------------------------------------------
    def hand(self) -> SiteHand:
        obj, where = self.obj, self.where
        game = self.get(obj, "game_type", str, "", required=True)
        limit = self.get(obj, "bet_limit", dict, "", default={})
        bet_type = self.get(limit, "bet_type", str, "bet_limit.", required=True)
        code = VARIANT_CODES.get((game, bet_type))
        if code is None:
            raise _fail(where, f"game_type {shown(game)} with bet_type {shown(bet_type)} is not supported yet "
                               f"(supported: {', '.join(f'{g} {b}' for g, b in VARIANT_CODES)})")
        flags = self.get(obj, "flags", list, "", default=[])
        if "Run_It_Twice" in flags:
            raise _fail(where, "Run_It_Twice hands are not supported yet")
        tournament = self.get(obj, "tournament", bool, "", default=False)
        currency = self.get(obj, "currency", str, "")
        self.scale = 100 if not tournament and currency is not None and _ISO.match(currency) else 1
        big_blind = self.money(obj, "big_blind_amount", "", required=True)
        self.money(obj, "small_blind_amount", "")
        self.money(obj, "ante_amount", "")
        dealer = self.get(obj, "dealer_seat", int, "", required=True)
        players = self.players(dealer)
        n = len(players)
        self.pos = {p["id"]: k for k, p in enumerate(players)}
        self.names = [p["name"] for p in players]
        stacks = [p["stack"] for p in players]
        fields: dict[str, Any] = {"variant": code, "starting_stacks": tuple(stacks)}
        actions, antes, blinds, posts = self.rounds(n, stacks, code)
        if n == 2:  # PHH lists heads-up forced bets reversed (docs/replay.md)
            antes.reverse()
            blinds.reverse()
            posts.reverse()
        fields["antes"] = tuple(antes)
        fields["blinds_or_straddles"] = tuple(blinds)
        if code in ("FT", "FO/8"):
            fields["small_bet"], fields["big_bet"] = big_blind, 2 * big_blind
        else:
            fields["min_bet"] = big_blind
        fields["actions"] = tuple(actions)
        fields["seats"] = tuple(p["seat"] for p in players)
        fields["players"] = tuple(self.names)
        size = self.get(obj, "table_size", (int, str), "")  # (a string in one of the spec's own examples)
        if type(size) is str:
            size = int(size) if size.isdigit() and size.isascii() and len(size) <= 4 else None
        if size is not None and 1 <= size <= MAX_SEAT:
            fields["seat_count"] = size
        if self.hand_id is not None:
            fields["hand"] = self.hand_id
        table = self.get(obj, "table_name", str, "")
        if table is not None:
            fields["table"] = table
        if currency is not None:
            fields["currency"] = currency
        self.date(fields)
        user: dict[str, Any] = {}
        if any(posts):
            user["_posts"] = tuple(posts)
        if tournament:
            user["_tournament"] = True
        try:
            history = HandHistory(**fields, user_fields=user, source=self.source,
                                  key=self.hand_id if self.hand_id is not None else str(self.index))
        except HistoryParseError as exc:
            raise _fail(where, str(exc)) from None
        collected, rake, total, rakes = self.pots()
        extra = {"pot_rakes": rakes} if _POT_RAKES else {}  # (see _POT_RAKES)
        return SiteHand("ohh", self.hand_id, self.index, history, collected, rake, total, self.source, **extra)

    def date(self, fields: dict[str, Any]) -> None:
        text = self.get(self.obj, "start_date_utc", str, "")
        if text is None:
            return
        try:
            when = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise _fail(self.where, f"start_date_utc is not an ISO 8601 date and time: {shown(text)}") from None
        fields.update(year=when.year, month=when.month, day=when.day, time=when.time().replace(tzinfo=None),
                      time_zone="UTC")

    def players(self, dealer: int) -> list[dict[str, Any]]:
        raw = self.get(self.obj, "players", list, "", required=True)
        out, ids, seats = [], set(), set()
        self.sitting_out: set[int] = set()
        for k, p in enumerate(raw):
            what = f"players[{k}]."
            if type(p) is not dict:
                raise _fail(self.where, f"players[{k}] must be an object, got {shown(p)}")
            pid = self.get(p, "id", int, what, required=True)
            seat = self.get(p, "seat", int, what, required=True)
            name = self.get(p, "name", str, what, default=None)
            if pid in ids:
                raise _fail(self.where, f"{what}id {pid} is given twice")
            if not 1 <= seat <= MAX_SEAT or seat in seats:
                raise _fail(self.where, f"{what}seat must be a distinct number from 1 to {MAX_SEAT}, got {seat}")
            ids.add(pid)
            seats.add(seat)
            if self.get(p, "is_sitting_out", bool, what, default=False):
                self.sitting_out.add(pid)
                continue
            stack = self.money(p, "starting_stack", what, required=True)
            out.append({"id": pid, "seat": seat, "name": name if name is not None else f"seat {seat}",
                        "stack": stack})
        if len(out) < 2:
            raise _fail(self.where, f"a hand needs at least 2 players dealt in, got {len(out)}")
        if len(out) > MAX_PLAYERS:
            raise _fail(self.where, f"{len(out)} players; at most {MAX_PLAYERS} are replayed")
        if len({p["name"] for p in out}) != len(out):
            raise _fail(self.where, "two players have the same name")
        out.sort(key=lambda p: (p["seat"] - dealer - 1) % (MAX_SEAT + 1))  # clockwise from the button's left
        return out

    def player(self, action: Mapping[str, Any], what: str) -> int:
        pid = self.get(action, "player_id", int, what, required=True)
        k = self.pos.get(pid)
        if k is None:
            state = "is sitting out" if pid in self.sitting_out else "is not a player of the hand"
            raise _fail(self.where, f"{what}player_id {pid} {state}")
        return k

    def rounds(self, n: int, stacks: list[int], code: str) -> tuple[list[str], list[int], list[int], list[int]]:
        """The PHH actions, and per position the antes (dead blinds included), blinds and live posts."""
        rounds = self.get(self.obj, "rounds", list, "", required=True)
        if len(rounds) > MAX_ROUNDS:
            raise _fail(self.where, f"rounds has more than {MAX_ROUNDS} entries")
        antes, blinds, posts = [0] * n, [0] * n, [0] * n
        left = list(stacks)
        bets = [0] * n
        known: list[list[str] | None] = [None] * n  # dealt (to the hero), or mucked face up
        shown_cards: list[list[str] | None] = [None] * n
        out: list[str] = []
        gone = [False] * n  # folded or mucked
        big_blind_at = -1
        street = -1
        count = 0
        for r, rnd in enumerate(rounds):
            what = f"rounds[{r}]."
            if type(rnd) is not dict:
                raise _fail(self.where, f"rounds[{r}] must be an object, got {shown(rnd)}")
            name = self.get(rnd, "street", str, what, required=True)
            board = self.cards(rnd.get("cards"), f"{what}cards")
            if name == "Showdown":
                if board:
                    raise _fail(self.where, f"{what}cards: a showdown deals no board cards")
                street = max(street, 4)
            elif name in _STREETS:
                k = _STREETS.index(name)
                if k <= street:
                    raise _fail(self.where, f"{what}street {name} comes after {_street_name(street)}")
                if k != street + 1:
                    raise _fail(self.where, f"{what}street {name} comes without {_STREETS[street + 1]}")
                street = k
                if k:
                    if len(board) != _BOARD[name]:
                        raise _fail(self.where, f"{what}cards: the {name.lower()} deals {_BOARD[name]} board "
                                                f"card(s), got {len(board)}")
                    out.append("d db " + "".join(board))
                    bets = [0] * n
                elif board:
                    raise _fail(self.where, f"{what}cards: no board cards before the flop")
            else:
                raise _fail(self.where, f"{what}street must be one of Preflop, Flop, Turn, River, Showdown, "
                                        f"got {shown(name)}")
            for a, act in enumerate(self.get(rnd, "actions", list, what, default=[])):
                count += 1
                if count > MAX_ACTIONS:
                    raise _fail(self.where, f"more than {MAX_ACTIONS:,} actions")
                w = f"{what}actions[{a}]."
                if type(act) is not dict:
                    raise _fail(self.where, f"{w[:-1]} must be an object, got {shown(act)}")
                verb = self.get(act, "action", str, w, required=True)
                if verb in _IGNORED:
                    continue
                k = self.player(act, w)
                amount = self.money(act, "amount", w)
                p = f"p{k + 1}"
                if amount > left[k]:
                    raise _fail(self.where, f"{w}amount: {self.names[k]} puts in {amount} with {left[k]} behind")
                if verb.startswith("Post ") or verb == "Straddle":
                    if street != 0:
                        raise _fail(self.where, f"{w}action: {verb} after the pre-flop round")
                    if any(line[0] == "p" for line in out):
                        raise _fail(self.where, f"{w}action: {verb} after the betting began")
                    left[k] -= amount
                    if verb == "Post Ante":
                        antes[k] += amount
                    elif verb == "Post Dead":
                        antes[k] += amount  # dead money, as an ante is
                    elif verb == "Post SB" or verb == "Straddle" or (verb == "Post BB" and big_blind_at < 0):
                        blinds[k] += amount
                        bets[k] += amount
                        if verb == "Post BB":
                            big_blind_at = k
                    elif verb == "Post BB" or verb == "Post Extra Blind":
                        blinds[k] += amount  # a live post out of position: toward the bet, no blind
                        posts[k] += amount
                        bets[k] += amount
                    else:
                        raise _fail(self.where, f"{w}action: unknown action {shown(verb)}")
                    continue
                if verb == "Dealt Cards":
                    cards = self.cards(act.get("cards"), f"{w}cards")
                    if street != 0:
                        raise _fail(self.where, f"{w}action: Dealt Cards after the pre-flop round is not "
                                                "supported yet (draw games)")
                    if cards:
                        if len(cards) != _HOLE_CARDS[code]:
                            raise _fail(self.where, f"{w}cards: {_HOLE_CARDS[code]} hole cards in this game, "
                                                    f"got {len(cards)}")
                        known[k] = cards
                    continue
                if street > 3 and verb not in ("Shows Cards", "Mucks Cards"):
                    raise _fail(self.where, f"{w}action: {shown(verb)} in the showdown")
                if gone[k]:
                    raise _fail(self.where, f"{w}action: {self.names[k]} acts after folding or mucking")
                if verb == "Fold":
                    out.append(f"{p} f")
                    gone[k] = True
                elif verb == "Check":
                    if amount or max(bets) > bets[k]:
                        raise _fail(self.where, f"{w}action: {self.names[k]} checks facing a bet")
                    out.append(f"{p} cc")
                elif verb == "Call":
                    due = min(max(bets) - bets[k], left[k])
                    if amount != due or due == 0:
                        raise _fail(self.where, f"{w}amount: {self.names[k]} calls {amount}, but the call is {due}")
                    out.append(f"{p} cc")
                    bets[k] += amount
                    left[k] -= amount
                elif verb == "Bet" or verb == "Raise":
                    if amount == 0:
                        raise _fail(self.where, f"{w}amount: a {verb.lower()} needs a positive amount")
                    bets[k] += amount
                    left[k] -= amount
                    out.append(f"{p} cbr {bets[k]}")
                elif verb == "Shows Cards":
                    cards = self.cards(act.get("cards"), f"{w}cards")
                    if len(cards) != _HOLE_CARDS[code]:
                        raise _fail(self.where, f"{w}cards: shows {len(cards)} cards; {_HOLE_CARDS[code]} hole "
                                                "cards in this game")
                    if known[k] is not None and known[k] != cards:
                        raise _fail(self.where, f"{w}cards: {self.names[k]} shows other cards than dealt")
                    shown_cards[k] = cards
                    out.append(f"{p} sm {''.join(cards)}")
                elif verb == "Mucks Cards":
                    cards = self.cards(act.get("cards"), f"{w}cards")
                    if cards and len(cards) == _HOLE_CARDS[code] and known[k] is None:
                        known[k] = cards
                    if gone.count(False) > 1:  # (the last player left, who wins without showing, concedes nothing)
                        out.append(f"{p} sm")
                        gone[k] = True
                else:
                    raise _fail(self.where, f"{w}action: unknown action {shown(verb)}")
        if street < 0:
            raise _fail(self.where, "rounds: every hand has a Preflop round")
        live = [k for k in range(n) if not gone[k]]
        if len(live) > 1 and any(known[k] is not None or shown_cards[k] is not None for k in live):
            for k in live:  # a live player who never shows concedes: the spec lets a file omit the muck
                if known[k] is None and shown_cards[k] is None:
                    out.append(f"p{k + 1} sm")
        holes = _HOLE_CARDS[code]
        deals = [f"d dh p{k + 1} " + ("".join(c) if c is not None else "??" * holes) for k, c in enumerate(known)]
        return deals + out, antes, blinds, posts

    def pots(self) -> tuple[tuple[Collected, ...], int | None, int | None, tuple[int, ...] | None]:
        """The wins, the rake, the pots' total, and each pot's rake by number (``None`` when the
        numbers are not 0, 1, ...)."""
        raw = self.get(self.obj, "pots", list, "")
        if raw is None:
            return (), None, None, None
        if len(raw) > MAX_POTS:
            raise _fail(self.where, f"pots has more than {MAX_POTS} entries")
        collected = []
        rake = total = 0
        rakes: dict[int, int] = {}
        names = {pid: self.names[k] for pid, k in self.pos.items()}
        for j, pot in enumerate(raw):
            what = f"pots[{j}]."
            if type(pot) is not dict:
                raise _fail(self.where, f"pots[{j}] must be an object, got {shown(pot)}")
            number = self.get(pot, "number", int, what, default=j)
            if not 0 <= number < MAX_POTS:
                raise _fail(self.where, f"{what}number must be from 0 to {MAX_POTS - 1}, got {number}")
            amount = self.money(pot, "amount", what)
            taken = self.money(pot, "rake", what) + self.money(pot, "jackpot", what)
            wins = self.get(pot, "player_wins", list, what, default=[])
            paid = 0
            for i, win in enumerate(wins):
                w = f"{what}player_wins[{i}]."
                if type(win) is not dict:
                    raise _fail(self.where, f"{w[:-1]} must be an object, got {shown(win)}")
                pid = self.get(win, "player_id", int, w, required=True)
                if pid not in names:
                    raise _fail(self.where, f"{w}player_id {pid} is not a player of the hand")
                x = self.money(win, "win_amount", w, required=True)
                paid += x
                collected.append(Collected(names[pid], number, x))
            if "amount" in pot and paid + taken > amount:
                raise _fail(self.where, f"{what}the wins ({paid}) and rake ({taken}) are more than the pot ({amount})")
            rake += taken
            total += amount
            if "rake" in pot:
                rakes[number] = rakes.get(number, 0) + taken
        # each pot's rake, when every pot says it and the pots are numbered 0, 1, ...
        known = len(rakes) == len(raw) and set(rakes) == set(range(len(rakes)))
        by_number = tuple(rakes[k] for k in range(len(rakes))) if known else None
        return tuple(collected), rake, total, by_number


def _street_name(k: int) -> str:
    return _STREETS[k] if 0 <= k < len(_STREETS) else "Showdown"


# -- writing ---------------------------------------------------------------------------------------


def write_ohh(hand: SiteHand | HandHistory) -> dict[str, Any]:
    """``hand`` as an OHH object, ``{"ohh": {...}}``; amounts are ``int`` (chips) or :class:`Decimal`
    (a currency's major units, from cents).

    A :class:`HandHistory` gets its pots from the engine's settlement (no rake; none when the
    showdown cannot be settled); a :class:`SiteHand` its own collected amounts and rake (each pot's
    when the hand knows it, else the total on the main pot and no ``rake`` on the others).  Hold'em and Omaha only (``NT``, ``FT``,
    ``PO``, ``FO/8``); hole cards ``????`` are left out, as the spec does for cards not seen.

    >>> from pokerengine.history import loads
    >>> h = loads('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]''')
    >>> o = write_ohh(h)["ohh"]
    >>> [(a["player_id"], a["action"], a.get("amount")) for a in o["rounds"][0]["actions"]]
    [(1, 'Post SB', 1), (0, 'Post BB', 2), (0, 'Dealt Cards', None), (1, 'Dealt Cards', None), (1, 'Fold', None)]
    >>> o["pots"]
    [{'number': 0, 'amount': 2, 'rake': 0, 'player_wins': [{'player_id': 0, 'win_amount': 2}]}]
    """
    if isinstance(hand, SiteHand):
        history = hand.history
        site: SiteHand | None = hand
    elif isinstance(hand, HandHistory):
        history, site = hand, None
    else:
        raise PokerEngineError(f"write_ohh takes a SiteHand or a HandHistory, got {shown(hand)}")
    return {"ohh": _Writer(history, site).ohh()}


class _Writer:
    def __init__(self, history: HandHistory, site: SiteHand | None):
        self.h, self.site = history, site
        code = history.variant
        if code not in GAME_TYPES:
            raise HistoryParseError(f"{history.label}: OHH has no game for {code} yet (written: "
                                    f"{', '.join(GAME_TYPES)})")
        for name in ("_run_count", "_chip_unit"):
            if name in history.user_fields:
                raise HistoryParseError(f"{history.label}: OHH has no form for {name} yet")
        if history.ante_trimming_status:
            raise HistoryParseError(f"{history.label}: OHH has no form for ante_trimming_status = true (a site's "
                                    "antes are dead money)")
        currency = history.currency
        tournament = bool(history.user_fields.get("_tournament", False))
        self.scale = 100 if not tournament and currency is not None and _ISO.match(currency) else 1
        self.tournament = tournament

    def amount(self, x: int | float) -> int | Decimal:
        if type(x) is not int:
            raise HistoryParseError(f"{self.h.label}: OHH is written from whole minor units, got {shown(x)}")
        if self.scale == 1:
            return x
        return Decimal(x).scaleb(-2, context=_EXACT)

    def ints(self, values: Sequence[object], what: str) -> list[int]:
        out = []
        for x in values:
            if type(x) is not int:
                raise HistoryParseError(f"{self.h.label}: OHH is written from whole minor units; {what} has "
                                        f"{shown(x)}")
            out.append(x)
        return out

    def ohh(self) -> dict[str, Any]:
        h = self.h
        n = h.player_count
        game, bet_type = GAME_TYPES[h.variant]
        seats = h.seats or tuple(range(1, n + 1))
        names = h.players or tuple(f"p{k + 1}" for k in range(n))
        antes = self.ints(h.antes or (0,) * n, "antes")
        blinds = self.ints(h.blinds_or_straddles or (0,) * n, "blinds_or_straddles")
        posts = self.ints(h.user_fields.get("_posts", (0,) * n), "_posts")
        self.ints(h.starting_stacks, "starting_stacks")
        if n == 2:
            antes.reverse()
            blinds.reverse()
            posts.reverse()
        big = h.small_bet if h.small_bet is not None else h.min_bet
        out: dict[str, Any] = {"spec_version": "1.4.6", "internal_version": "pokerengine", "site_name": "pokerengine",
                               "network_name": "pokerengine"}
        if h.hand is not None:
            out["game_number"] = str(h.hand)
        if h.year is not None and h.month is not None and h.day is not None:
            t = h.time if isinstance(h.time, datetime.time) else datetime.time()
            out["start_date_utc"] = datetime.datetime(h.year, h.month, h.day, t.hour, t.minute, t.second).isoformat()
        if h.table is not None:
            out["table_name"] = str(h.table)
        out["game_type"] = game
        out["bet_limit"] = {"bet_type": bet_type, "bet_cap": 0}
        if h.seat_count is not None:
            out["table_size"] = h.seat_count
        if h.currency is not None:
            out["currency"] = h.currency
        out["tournament"] = self.tournament
        out["dealer_seat"] = seats[-1]
        sb = 1 if n == 2 else 0
        out["small_blind_amount"] = self.amount(blinds[sb] - posts[sb])
        out["big_blind_amount"] = self.amount(big if big is not None else max(blinds))
        out["ante_amount"] = self.amount(max(antes) if antes else 0)
        out["players"] = [{"id": k, "seat": seats[k], "name": names[k], "starting_stack": self.amount(s)}
                          for k, s in enumerate(h.starting_stacks)]
        out["rounds"] = self.rounds(antes, blinds, posts)
        out["pots"] = self.pots()
        return out

    def rounds(self, antes: list[int], blinds: list[int], posts: list[int]) -> list[dict[str, Any]]:
        h = self.h
        n = h.player_count
        rounds: list[dict[str, Any]] = []
        acts: list[dict[str, Any]] = []
        number = 0

        def add(pid: int, verb: str, amount: int | None = None, cards: Sequence[str] | None = None,
                allin: bool = False) -> None:
            nonlocal number
            number += 1
            a: dict[str, Any] = {"action_number": number, "player_id": pid, "action": verb}
            if amount is not None:
                a["amount"] = self.amount(amount)
            if cards is not None:
                a["cards"] = list(cards)
            if allin:
                a["is_allin"] = True
            acts.append(a)

        left = self.ints(h.starting_stacks, "starting_stacks")
        bets = [0] * n
        # What is posted: what is due, or the rest of a short stack (PHH gives what is due; the live
        # engine writes antes as posted, a short big blind's ante after its blind).
        for k in range(n):
            ante = min(antes[k], left[k])
            if ante:
                add(k, "Post Ante", ante, allin=ante == left[k])
                left[k] -= ante
        sb, bb = (1, 0) if n == 2 else (0, 1)  # heads-up the button (p2) posts the small blind
        for k in [sb, bb, *range(2, n)]:
            live = min(blinds[k] - posts[k], left[k])
            post = min(posts[k], left[k] - live)
            if live:
                add(k, "Post SB" if k == sb else "Post BB" if k == bb else "Straddle", live,
                    allin=live == left[k])
            if post:
                add(k, "Post Extra Blind", post, allin=live + post == left[k])
            left[k] -= live + post
            bets[k] += live + post
        rounds.append({"id": 0, "street": "Preflop", "actions": acts})
        street = 0
        parsed = [parse_action(text) for text in h.actions]
        last_board = max((i for i, a in enumerate(parsed) if a.verb == "db"), default=-1)
        for i, (text, act) in enumerate(zip(h.actions, parsed)):
            verb = act.verb
            if verb == "noop":
                continue
            if verb == "dh":
                k = (act.target or 1) - 1
                cards = act.cards or ()
                if cards and None not in cards:
                    add(k, "Dealt Cards", cards=[_text(c) for c in cards])
                continue
            if verb == "db":
                street += 1
                acts = []
                rounds.append({"id": len(rounds), "street": _street_name(street),
                               "cards": [_text(c) for c in act.cards or ()], "actions": acts})
                bets = [0] * n
                continue
            k = act.actor - 1
            if verb == "sm":
                if i > last_board and rounds[-1]["street"] != "Showdown":  # (cards shown before the board
                    # is complete, all in, stay in their round)
                    acts = []
                    rounds.append({"id": len(rounds), "street": "Showdown", "actions": acts})
                if act.cards is None and not act.shows_dealt:
                    add(k, "Mucks Cards")
                else:
                    add(k, "Shows Cards", cards=[_text(c) for c in act.cards or ()] if act.cards else
                        self.dealt(k))
                continue
            if verb == "f":
                add(k, "Fold")
            elif verb == "cc":
                due = min(max(bets) - bets[k], left[k])
                if due:
                    bets[k] += due
                    left[k] -= due
                    add(k, "Call", due, allin=left[k] == 0)
                else:
                    add(k, "Check")
            elif verb == "cbr":
                to = amount(act.amount or "0")
                if type(to) is not int:
                    raise HistoryParseError(f"{h.label}: OHH is written from whole minor units, got {shown(text)}")
                put = to - bets[k]
                kind = "Raise" if max(bets) > 0 else "Bet"
                bets[k] = to
                left[k] -= put
                add(k, kind, put, allin=left[k] == 0)
            else:
                raise HistoryParseError(f"{h.label}: action {shown(text)} has no OHH form yet")
        return rounds

    def dealt(self, k: int) -> list[str]:
        for text in self.h.actions:
            act = parse_action(text)
            if act.verb == "dh" and act.target == k + 1 and act.cards and None not in act.cards:
                return [_text(c) for c in act.cards]
        return []

    def pots(self) -> list[dict[str, Any]]:
        if self.site is not None:
            ids = {name: k for k, name in enumerate(self.h.players or ())}
            by_pot: dict[int, list[Collected]] = {}
            for c in self.site.collected:
                by_pot.setdefault(c.pot or 0, []).append(c)
            rakes = getattr(self.site, "pot_rakes", None)
            if rakes is not None:
                for j in range(len(rakes)):
                    by_pot.setdefault(j, [])
            out = []
            for j in sorted(by_pot):
                if rakes is not None:
                    rake: int | None = rakes[j] if j < len(rakes) else 0
                else:  # the total on the main pot; the other pots' rake is not known
                    rake = (self.site.rake or 0) if j == 0 else None
                wins = [{"player_id": ids.get(c.player, -1), "win_amount": self.amount(c.amount)} for c in by_pot[j]]
                pot: dict[str, Any] = {"number": j, "amount": self.amount(sum(c.amount for c in by_pot[j]) + (rake or 0))}
                if rake is not None:
                    pot["rake"] = self.amount(rake)
                pot["player_wins"] = wins
                out.append(pot)
            return out
        from .settling import replay_hand

        try:
            settlement = replay_hand(self.h).settlement
        except PokerEngineError:
            return []
        return [{"number": j, "amount": self.amount(p.amount), "rake": self.amount(p.rake),
                 "player_wins": [{"player_id": seat - 1, "win_amount": self.amount(x)}
                                 for seat, x in sorted(p.shares.items()) if x]}
                for j, p in enumerate(settlement.pots)]


def _text(card: int | None) -> str:
    from ..cards import card_text

    if card is None:
        raise HistoryParseError("an unknown card has no OHH form")
    return card_text(card)


def dumps_ohh(hand: SiteHand | HandHistory | Mapping[str, Any], *, indent: int | None = 2) -> str:
    """OHH JSON text of a hand (or of an object :func:`write_ohh` made); decimals written exactly.

    >>> dumps_ohh({"ohh": {"amount": Decimal("0.50"), "ok": True}}, indent=None)
    '{"ohh": {"amount": 0.50, "ok": true}}'
    """
    obj = hand if isinstance(hand, Mapping) else write_ohh(hand)
    parts: list[str] = []
    _dump(obj, parts, indent, 0)
    return "".join(parts)


def dumps_ohh_lines(hands: Sequence[SiteHand | HandHistory]) -> str:
    """The JSON-lines form: one hand's OHH object a line."""
    return "".join(dumps_ohh(h, indent=None) + "\n" for h in hands)


def _dump(value: Any, parts: list[str], indent: int | None, level: int) -> None:
    if isinstance(value, Decimal):
        parts.append(str(value))
    elif value is True or value is False or value is None or type(value) in (int, str):
        parts.append(json.dumps(value))
    elif isinstance(value, Mapping) or isinstance(value, (list, tuple)):
        items = list(value.items()) if isinstance(value, Mapping) else list(value)
        open_, close = ("{", "}") if isinstance(value, Mapping) else ("[", "]")
        if not items:
            parts.append(open_ + close)
            return
        pad = "" if indent is None else "\n" + " " * (indent * (level + 1))
        end = "" if indent is None else "\n" + " " * (indent * level)
        parts.append(open_)
        for i, item in enumerate(items):
            parts.append(("," if i else "") + (pad if indent is not None else (" " if i else "")))
            if isinstance(value, Mapping):
                parts.append(json.dumps(str(item[0])) + ": ")
                _dump(item[1], parts, indent, level + 1)
            else:
                _dump(item, parts, indent, level + 1)
        parts.append(end + close)
    else:
        raise PokerEngineError(f"cannot write {type(value).__name__} as OHH JSON")
