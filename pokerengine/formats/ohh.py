"""Open Hand History (OHH): the JSON hand-history standard of hh-specs.handhistory.org, read and written.

:func:`read_ohh` turns a file's text (one hand object, several, a JSON array of them, or JSON lines;
each may be wrapped as ``{"ohh": {...}}``) into :class:`~pokerengine.formats.sitehand.SiteHand` values:
the PHH :class:`~pokerengine.phh.record.HandHistory` of each hand, fit to replay, with what the
file says each player won from each pot and the rake, which
:func:`~pokerengine.replay.site_check.check_site` compares with the engine's settlement.
:func:`write_ohh` writes a ``SiteHand`` or a ``HandHistory`` back as an OHH object (a ``dict``
whose amounts are ``int`` or :class:`~decimal.Decimal`), :func:`dumps_ohh` as JSON text and
:func:`dumps_ohh_lines` as JSON lines.

Conventions (``docs/histories.md``, "Open Hand History"):

* Amounts become integer minor units.  A cash hand whose ``currency`` is an ISO 4217 code (three
  capital letters) counts in hundredths (cents); a tournament hand (``"tournament": true``) or one
  in another currency (``"Chips"``, none) counts in chips, or in the part of a chip its decimals
  need (``0.5``: tenths, user field ``_chip_scale``; at most six places).  Decimals are read exactly (never
  through a float); an amount finer than that unit is refused, never rounded.
* Players in PHH position order (p1 first left of the ``dealer_seat``; the button last); players
  ``is_sitting_out`` are left out.  An action ``amount`` is what the action puts in (the spec's
  rule: a raise to 20 over a bet of 2 is 18); PHH's ``cbr`` takes the street total, so the reader
  adds them up, and checks that every call is what there was to call (or the rest of the stack).
  Some writers give each bet, raise and call as the player's street total (a raise to 10, a call to 10):
  when the spec's reading makes a call wrong and that one adds up, the hand is read so; when neither adds
  up, the error says the file's amounts contradict each other.
* ``Post SB``, ``Post BB`` and ``Straddle`` are blinds (``blinds_or_straddles``); a second ``Post
  BB`` or a ``Post Extra Blind`` is a live post out of position (the user field ``_posts``); a
  ``Post Dead`` is dead money (written as an ante of its player, which settles the same);
  ``Post Ante`` an ante.  The extension field ``pokerengine_full_blind``, ``{"player_id",
  "amount"}`` (what the writer gives a record with ``_full_blind = true``: ``docs/live.md``, "A
  short blind"), is the blind or straddle posted short whose full amount the others owed: it is
  written as due, and the record gets ``_full_blind = true``.
* Hole cards a ``Dealt Cards`` action does not give are unknown (``????``).  ``Mucks Cards`` is a
  muck (``pN sm``: the player concedes); at a showdown where some live player's cards are known,
  a live player whose cards the file never shows mucked (the spec lets a file leave that out).
* Pots: ``player_wins`` become :class:`~pokerengine.formats.sitehand.Collected` lines per pot
  (``number``: 0 the main pot); the rake is every pot's ``rake`` plus its ``jackpot`` (both are
  drawn from the pot before it is paid), kept per pot too when every pot gives it (``pot_rakes``);
  ``total_pot`` the pots' ``amount`` (rake included).  Pots that hold every chip put in, the uncalled bet
  too (the bettor's win includes it): that bet handed back to him (``returned``), off his win and the total.
* A double board (PokerNow's: two boards dealt street by street, each pot divided between them): the
  extension field ``pokerengine_second_board``, the second board's cards (PHH's ``_second_board``).
* Games: every code of ``codes.md`` (:mod:`~pokerengine.formats.ohh_games`): the spec's
  ``game_type`` and ``bet_type`` (``Holdem`` ``PL`` is ``PT``, ``Stud`` ``FL`` ``F7S``), and the
  extension field ``pokerengine_variant`` for what they do not name (short deck, five- and six-card
  Omaha, razz, the draw games).
* Stud and draw (pokerengine extensions: the spec names the games, not their rounds): rounds
  ``Third Street`` to ``Seventh Street``, and ``Preflop``, ``First Draw``, ``Second Draw``, ``Third
  Draw``; ``Post Bring In`` (the bring-in: ``small_blind_amount``); ``Dealt Cards`` on each street
  with ``??`` for a card not seen (stud); ``Discards Cards`` (``??`` unseen) and ``Stands Pat``,
  a discard's replacements in a ``Dealt Cards`` right after it (unseen when left out).
* Run it twice (the flag ``Run_It_Twice``): the streets of each further run as rounds again, in
  order (the spec: "two round objects ... both Flop"); PHH's ``_run_count`` with each run's board
  after the first (``docs/runs.md``); the pots give each player's wins over all the runs.

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
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> write_ohh(hand)["ohh"]["players"][1]["starting_stack"]
Decimal('80.25')

Limits: a text of at most :data:`MAX_BYTES` bytes, :data:`MAX_HANDS` hands, :data:`MAX_CONTAINERS`
objects and arrays and :data:`MAX_ITEMS` values; each hand's JSON as
bounded by :func:`pokerengine._json.loads` (nesting, digits, no NaN); at most
:data:`~pokerengine.phh.record.MAX_PLAYERS` players, :data:`MAX_ROUNDS` rounds,
:data:`~pokerengine.phh.record.MAX_ACTIONS` actions and :data:`MAX_POTS` pots a hand; names and
ids of at most :data:`MAX_TEXT` characters; amounts at most 2**63 - 1 minor units.  Time and memory
are linear in the size of the text.  Every error is a :class:`~pokerengine.errors.HistoryParseError`
naming the file, the hand (its ``game_number``, else its index) and the field; the rules of each
action (turn, bet sizes, the cards a street deals, a draw's cards) are the engine's, which
:func:`~pokerengine.replay.site_check.check_site` applies.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from .._checks import MAX_CHIPS, shown
from ..errors import HistoryParseError
from ..phh.record import MAX_ACTIONS, MAX_PLAYERS, HandHistory
from ..phh.variants import VARIANTS, Variant
from ..rules import owed_top
from .blocks import HandError, only_hands
from .ohh_games import VARIANT_FIELD, code_of, street_names
from .ohh_stated import STATED_FIELD, with_stated
from .ohh_values import MAX_BYTES as MAX_BYTES
from .ohh_values import MAX_CONTAINERS as MAX_CONTAINERS
from .ohh_values import MAX_HANDS as MAX_HANDS
from .ohh_values import MAX_ITEMS as MAX_ITEMS
from .ohh_values import exact_value, finest, json_texts, uncalled_in_pot
from .ohh_write import (
    _EXACT,
    _ISO,
    ANTE_TRIMMING_FIELD,
    ANTES_MATCHED_FIELD,
    CHIP_SCALE_FIELD,
    FULL_BLIND_FIELD,
    SECOND_BOARD_FIELD,
    UNKNOWN,
    dumps_ohh,
    dumps_ohh_lines,
    write_ohh,
)
from .sitehand import Collected, SiteHand

__all__ = ["MAX_BYTES", "MAX_HANDS", "dumps_ohh", "dumps_ohh_lines", "iter_ohh", "read_ohh", "write_ohh"]

#: The most rounds and pots a hand may have (a hand has at most six rounds; run three times, a few more).
MAX_ROUNDS = 16
MAX_POTS = 64
#: The longest name, id, table name or date string kept.
MAX_TEXT = 200
#: The most seat numbers (as the live engine: 1 to 1000).
MAX_SEAT = 1000

_CARD = re.compile(r"[2-9TJQKA][cdhs]\Z")
_IGNORED = frozenset(("Added Chips", "Sits Down", "Stands Up"))
_SHOWDOWN = ("Shows Cards", "Mucks Cards")
#: Every action read (besides :data:`_IGNORED`): any other is named as unknown before its amount is looked at.
_ACTIONS = frozenset(("Post SB", "Post BB", "Post Ante", "Post Dead", "Post Extra Blind", "Straddle", "Post Bring In",
                      "Dealt Cards", "Discards Cards", "Stands Pat", "Fold", "Check", "Call", "Bet", "Raise", *_SHOWDOWN))


def _fail(where: str, message: str) -> HistoryParseError:
    return HistoryParseError(f"{where}: {message}")


def iter_ohh(data: bytes | str, *, source: str | None = None) -> Iterator[SiteHand]:
    """The hands of an OHH text one by one (see :func:`read_ohh`)."""
    return only_hands(_hands(json_texts(data, source), source))


def iter_hands(data: bytes | str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_ohh` (OHH has no cancelled hands),
    and with ``errors=True`` a hand that cannot be read (or a value that is not JSON) given as a
    :class:`~.blocks.HandError` in its place, the rest read on."""
    return _hands(json_texts(data, source, errors), source, errors)


def _hands(texts: Iterable[str | HistoryParseError], source: str | None,
           errors: bool = False) -> Iterator[SiteHand | HandError]:
    name = source or "<text>"
    index = 0
    for k, text in enumerate(texts):
        try:
            if isinstance(text, HistoryParseError):
                raise text
            value = exact_value(text, f"{name}: value {k + 1}")
        except HistoryParseError as exc:
            if not errors:
                raise
            if index >= MAX_HANDS:
                raise HistoryParseError(f"{name}: more than {MAX_HANDS:,} hands") from None
            yield HandError(str(exc), index)
            index += 1
            continue
        items = value if type(value) is list else [value]
        for item in items:
            if index >= MAX_HANDS:
                raise HistoryParseError(f"{name}: more than {MAX_HANDS:,} hands")
            try:
                hand = _hand(item, index, source)
            except HistoryParseError as exc:
                if not errors:
                    raise
                yield HandError(str(exc), index)
            else:
                yield hand
            index += 1


def read_ohh(data: bytes | str, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of an OHH text (``bytes`` as read from a file, or ``str``), in file order.

    ``source`` names the file in errors and in each hand.  The text holds one hand object, several
    one after the other (JSON lines, or pretty-printed), or a JSON array of them; each may be the
    bare hand or ``{"ohh": {...}}``.  Limits: see the module docstring.
    """
    return list(only_hands(_hands(list(json_texts(data, source)), source)))  # (a text of too many values is refused first)


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


def _showdown_last(rounds: list[Any], names: tuple[str, ...]) -> list[int]:
    """The order the rounds are read in: as written, but ``Showdown`` rounds written before the streets
    that run the board out (rounds of those streets with no actions after the first ``Showdown``, as
    PokerNow's converters write an all-in: the shows, the run-out, perhaps a second ``Showdown``) are read
    after them, in their order."""
    shows = [r for r, rnd in enumerate(rounds) if type(rnd) is dict and rnd.get("street") == "Showdown"]
    if not shows:
        return list(range(len(rounds)))
    rest = [r for r in range(shows[0] + 1, len(rounds)) if r not in shows]
    if rest and all(type(rounds[r]) is dict and rounds[r].get("street") in names and not rounds[r].get("actions")
                    for r in rest):
        return [r for r in range(len(rounds)) if r not in shows] + shows
    return list(range(len(rounds)))


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

    def cards(self, value: Any, what: str, unknown: bool = False) -> list[str]:
        """Card strings; ``unknown``: ``??`` allowed for a card not seen (the stud and draw extension)."""
        if value is None or value == "":
            return []
        if type(value) is not list or len(value) > 52:
            raise _fail(self.where, f"{what} must be an array of cards, got {shown(value)}")
        out = []
        for card in value:
            if type(card) is not str or not (_CARD.match(card) or unknown and card == UNKNOWN):
                raise _fail(self.where, f"{what}: bad card {shown(card)} (rank 23456789TJQKA then suit cdhs"
                                        f"{'; ?? for a card not seen' if unknown else ''})")
            out.append(card)
        return out

    # the hand ----------------------------------------------------------------------------------
    def hand(self) -> SiteHand:
        obj, where = self.obj, self.where
        game = self.get(obj, "game_type", str, "", required=True)
        limit = self.get(obj, "bet_limit", dict, "", default={})
        bet_type = self.get(limit, "bet_type", str, "bet_limit.", required=True)
        extension = self.get(obj, VARIANT_FIELD, str, "")
        try:
            code = code_of(game, bet_type, extension)
        except HistoryParseError as exc:
            raise _fail(where, str(exc)) from None
        v = VARIANTS[code]
        flags = self.get(obj, "flags", list, "", default=[])
        self.run_flag = "Run_It_Twice" in flags
        tournament = self.get(obj, "tournament", bool, "", default=False)
        currency = self.get(obj, "currency", str, "")
        self.scale = 100 if not tournament and currency is not None and _ISO.match(currency) else 1
        chip_scale = self.get(obj, CHIP_SCALE_FIELD, int, "")  # a hand in parts of a chip (the writer's field)
        if chip_scale is not None:
            if not 2 <= chip_scale <= 10**6 or self.scale != 1:
                raise _fail(where, f"{CHIP_SCALE_FIELD} must be from 2 to 1,000,000 in a hand counted in chips, "
                                   f"got {shown(chip_scale)}")
            self.scale = chip_scale
        elif self.scale == 1:  # a hand counted in chips whose amounts have decimals: in that part of a chip
            chip_scale = finest(obj)
            self.scale = chip_scale or 1
        big_blind = self.money(obj, "big_blind_amount", "", required=True)
        small_blind = self.get(obj, "small_blind_amount", (int, Decimal), "")
        self.money(obj, "ante_amount", "")
        dealer = self.get(obj, "dealer_seat", int, "", required=True)
        players = self.players(dealer)
        n = len(players)
        self.pos = {p["id"]: k for k, p in enumerate(players)}
        self.names = [p["name"] for p in players]
        stacks = [p["stack"] for p in players]
        fields: dict[str, Any] = {"variant": code, "starting_stacks": tuple(stacks)}
        self.bring_in = 0
        owed = None if v.kind == "stud" else self.get(obj, FULL_BLIND_FIELD, dict, "")  # a short blind owed in full
        self.owed = 0 if owed is None else self.money(owed, "amount", f"{FULL_BLIND_FIELD}.", required=True)
        self.totals = False
        try:
            actions, antes, blinds, posts, runs = self.rounds(n, stacks, v)
        except HistoryParseError as exc:  # a call that is not what there was to call: the writer may give
            if ", but the call is " not in str(exc):  # each bet, raise and call as the player's street total
                raise
            self.totals = True
            try:
                actions, antes, blinds, posts, runs = self.rounds(n, stacks, v)
            except HistoryParseError as again:
                raise _fail(where, f"{str(exc).split(': ', 1)[-1]}; read as street totals, "
                                   f"{str(again).split(': ', 2)[-1]}: the file's amounts contradict each "
                                   "other") from None
        if owed is not None:  # the short blind as due
            k = self.player(owed, f"{FULL_BLIND_FIELD}.")
            if self.owed <= max(blinds):
                raise _fail(where, f"{FULL_BLIND_FIELD}: {self.owed} owed, but no blind or straddle was posted short")
            if posts[k]:  # a live post out of position, posted short: due in full too
                posts[k] = self.owed
            blinds[k] = self.owed
        if n == 2:  # PHH lists heads-up forced bets reversed (docs/replay.md)
            antes.reverse()
            blinds.reverse()
            posts.reverse()
        fields["antes"] = tuple(antes)
        if v.kind == "stud":  # the bring-in: small_blind_amount (a pokerengine convention), else as posted
            fields["bring_in"] = self.units(small_blind, "small_blind_amount") if small_blind is not None \
                else self.bring_in
        else:
            fields["blinds_or_straddles"] = tuple(blinds)
        if v.fixed:
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
        if runs > 1:
            user["_run_count"] = runs
        if any(posts):
            user["_posts"] = tuple(posts)
        if tournament:
            user["_tournament"] = True
        if self.owed:
            user["_full_blind"] = True
        if chip_scale is not None:
            user["_chip_scale"] = chip_scale
        if obj.get(ANTES_MATCHED_FIELD) is True:
            user["_antes_matched"] = True
        second = self.cards(obj.get(SECOND_BOARD_FIELD), SECOND_BOARD_FIELD)  # a double board (the writer's field)
        if second:
            user["_second_board"] = "".join(second)
        if obj.get(ANTE_TRIMMING_FIELD) is True:  # antes counted as contributions (the writer's field)
            fields["ante_trimming_status"] = True
        try:
            history = HandHistory(**fields, user_fields=user, source=self.source,
                                  key=self.hand_id if self.hand_id is not None else str(self.index))
        except HistoryParseError as exc:
            raise _fail(where, str(exc)) from None
        collected, rake, total, rakes = self.pots()
        returned = None
        if obj.get("internal_version") != "pokerengine" and STATED_FIELD not in obj:  # (pokerengine's writer
            # never puts the uncalled bet in a pot: a pot that seems to hold it is what the source stated, a
            # contradiction to keep, not another writer's habit to read through)
            collected, total, returned = uncalled_in_pot(self.put, self.live_put, self.names, collected, total)
        hand = SiteHand("ohh", self.hand_id, self.index, history, collected, rake, total, self.source, pot_rakes=rakes,
                        returned=returned)

        return with_stated(hand, obj.get(STATED_FIELD), self.units, where)

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

    def rounds(self, n: int, stacks: list[int], v: Variant) -> tuple[list[str], list[int], list[int], list[int], int]:
        """The PHH actions, per position the antes (dead blinds included), blinds and live posts, and
        how many times the board was run."""
        rounds = self.get(self.obj, "rounds", list, "", required=True)
        if len(rounds) > MAX_ROUNDS:
            raise _fail(self.where, f"rounds has more than {MAX_ROUNDS} entries")
        kind = v.kind
        names = street_names(v)
        order = _showdown_last(rounds, names)
        holes = len(v.streets[0].hole)
        antes, blinds, posts = [0] * n, [0] * n, [0] * n
        left = list(stacks)
        bets = [0] * n
        known: list[list[str] | None] = [None] * n  # board games: dealt (to the hero), or mucked face up
        hidden = [False] * n  # stud and draw: some card dealt to the player was not seen
        shown_cards = [False] * n
        out: list[str] = []
        gone = [False] * n  # folded or mucked
        big_blind_at = -1
        street = -1
        showdown = False
        restarts: list[int] = []  # the street each further run of the board starts at
        # draw games: each discard whose replacement cards are still to come: (player, cards, its line in out)
        pending: list[tuple[int, int, int]] = []
        count = 0

        scan = [0, False]  # how far ``out`` was looked at, and whether a player's action was seen

        def began() -> bool:  # whether the betting began (each line looked at once)
            while not scan[1] and scan[0] < len(out):
                scan[1] = out[scan[0]][0] == "p"
                scan[0] += 1
            return bool(scan[1])

        def flush() -> None:  # a discard's replacements the file does not give: unknown, right after it
            for j, m, at in sorted(pending, key=lambda e: e[2], reverse=True):
                out.insert(at + 1, f"d dh p{j + 1} {UNKNOWN * m}")
                hidden[j] = True
            pending.clear()

        for r in order:
            rnd = rounds[r]
            what = f"rounds[{r}]."
            flush()
            if type(rnd) is not dict:
                raise _fail(self.where, f"rounds[{r}] must be an object, got {shown(rnd)}")
            name = self.get(rnd, "street", str, what, required=True)
            board = self.cards(rnd.get("cards"), f"{what}cards")
            if name == "Showdown":
                if board:
                    raise _fail(self.where, f"{what}cards: a showdown deals no board cards")
                showdown = True
            elif name in names:
                k = names.index(name)
                if showdown:
                    raise _fail(self.where, f"{what}street {name} comes after Showdown")
                if k <= street:
                    again = kind == "board" and k >= 1 and street == len(names) - 1
                    if not (again and self.run_flag):
                        hint = " (a board run again needs the flag Run_It_Twice)" if again else ""
                        raise _fail(self.where, f"{what}street {name} comes after {names[street]}{hint}")
                    if restarts and k != restarts[0]:
                        raise _fail(self.where, f"{what}street {name}: every further run starts at the "
                                                f"{names[restarts[0]]}, as the second one")
                    if len(restarts) == 2:
                        raise _fail(self.where, f"{what}street {name}: a board is run at most three times")
                    restarts.append(k)
                elif k != street + 1:
                    raise _fail(self.where, f"{what}street {name} comes without {names[street + 1]}")
                street = k
                if kind == "board" and (k or v.streets[0].board):  # (Courchevel deals a board card pre-flop)
                    if len(board) != v.streets[k].board:
                        raise _fail(self.where, f"{what}cards: the {name.lower()} deals {v.streets[k].board} board "
                                                f"card(s), got {len(board)}")
                    out.append("d db " + "".join(board))
                elif board:
                    where = "before the flop" if kind == "board" else f"in {v.name}"
                    raise _fail(self.where, f"{what}cards: no board cards {where}")
                bets = [0] * n
            else:
                raise _fail(self.where, f"{what}street must be one of {', '.join(names)}, Showdown, "
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
                if verb not in _ACTIONS:
                    raise _fail(self.where, f"{w}action: unknown action {shown(verb)}")
                k = self.player(act, w)
                # Several players may discard before their replacements are dealt (as PHH writes a
                # draw): a discard or a pending player's cards keep the discards waiting.
                if pending and not (verb in ("Discards Cards", "Stands Pat")
                                    or (verb == "Dealt Cards" and any(j == k for j, _, _ in pending))):
                    flush()
                amount = self.money(act, "amount", w)
                p = f"p{k + 1}"
                if amount > left[k]:
                    raise _fail(self.where, f"{w}amount: {self.names[k]} puts in {amount} with {left[k]} behind")
                if verb == "Post Bring In":
                    if kind != "stud" or street != 0 or showdown:
                        raise _fail(self.where, f"{w}action: Post Bring In outside a stud game's third street")
                    if gone[k] or began():
                        raise _fail(self.where, f"{w}action: Post Bring In after the betting began")
                    left[k] -= amount
                    bets[k] += amount
                    self.bring_in = max(self.bring_in, amount)
                    out.append(f"{p} pb")
                    continue
                if verb.startswith("Post ") or verb == "Straddle":
                    if street != 0 or showdown:
                        raise _fail(self.where, f"{w}action: {verb} after the {names[0].lower()} round")
                    if began():
                        raise _fail(self.where, f"{w}action: {verb} after the betting began")
                    if kind == "stud" and verb != "Post Ante":
                        raise _fail(self.where, f"{w}action: {verb}: stud has antes and a bring-in, no blinds")
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
                    cards = self.cards(act.get("cards"), f"{w}cards", unknown=kind != "board")
                    if kind != "stud" and (street == 0 or kind == "board"):  # the hole cards, dealt first
                        if street != 0 or showdown:
                            raise _fail(self.where, f"{w}action: Dealt Cards after the pre-flop round")
                        if cards:
                            if len(cards) != holes:
                                raise _fail(self.where, f"{w}cards: {holes} hole cards in this game, got {len(cards)}")
                            known[k] = cards
                        continue
                    if showdown or restarts or gone[k]:
                        raise _fail(self.where, f"{w}action: Dealt Cards in the showdown or to a folded player")
                    if kind == "stud":
                        want = len(v.streets[street].hole)
                        if len(cards) != want:
                            raise _fail(self.where, f"{w}cards: {name} deals {want} card(s), got {len(cards)} "
                                                    "(?? for a card not seen)")
                    else:  # a draw's replacements, after the player's discard
                        mine = next((i for i, (j, _, _) in enumerate(pending) if j == k), None)
                        if mine is None or len(cards) != pending[mine][1]:
                            raise _fail(self.where, f"{w}cards: {len(cards)} cards dealt, not the replacements of "
                                                    f"a discard of {self.names[k]}'s waiting for them")
                        del pending[mine]
                    hidden[k] = hidden[k] or UNKNOWN in cards
                    out.append(f"d dh {p} {''.join(cards)}")
                    continue
                if showdown and verb not in _SHOWDOWN:
                    raise _fail(self.where, f"{w}action: {shown(verb)} in the showdown")
                if restarts and verb not in _SHOWDOWN:
                    raise _fail(self.where, f"{w}action: {shown(verb)} in a further run of the board")
                if gone[k] and showdown and verb == "Shows Cards":  # a folded player shows (PokerNow's
                    cards = self.cards(act.get("cards"), f"{w}cards")  # converters): no showdown action;
                    if kind == "board" and len(cards) == holes and known[k] is None:  # cards kept in the deal
                        known[k] = cards
                    continue
                if gone[k]:
                    raise _fail(self.where, f"{w}action: {self.names[k]} acts after folding or mucking")
                if verb == "Discards Cards" or verb == "Stands Pat":
                    if kind != "draw" or street == 0:
                        raise _fail(self.where, f"{w}action: {verb} outside a draw round of a draw game")
                    cards = self.cards(act.get("cards"), f"{w}cards", unknown=True)
                    if (verb == "Stands Pat") != (not cards) or len(cards) > holes:
                        raise _fail(self.where, f"{w}cards: {verb} with {len(cards)} cards")
                    out.append(f"{p} sd {''.join(cards)}" if cards else f"{p} sd")
                    if cards:
                        pending.append((k, len(cards), len(out) - 1))
                    continue
                if verb == "Fold":
                    out.append(f"{p} f")
                    gone[k] = True
                elif verb == "Check":
                    if amount or max(bets) > bets[k]:
                        raise _fail(self.where, f"{w}action: {self.names[k]} checks facing a bet")
                    out.append(f"{p} cc")
                elif verb == "Call":
                    top = max(bets)
                    if self.owed > top and street == 0:  # a short blind's full amount (FULL_BLIND_FIELD)
                        top = owed_top(self.owed, k, bets, left, gone)
                    due = min(top - bets[k], left[k])
                    if self.totals and amount:  # (the street total the call reaches)
                        amount -= bets[k]
                    if amount != due or due == 0:
                        raise _fail(self.where, f"{w}amount: {self.names[k]} calls {amount}, but the call is {due}")
                    out.append(f"{p} cc")
                    bets[k] += amount
                    left[k] -= amount
                elif verb == "Bet" or verb == "Raise":
                    if self.totals:  # (the street total the bet or raise reaches)
                        amount -= bets[k]
                        if amount > left[k]:
                            raise _fail(self.where, f"{w}amount: {self.names[k]} puts in {amount} with {left[k]} "
                                                    "behind")
                    if amount <= 0:
                        raise _fail(self.where, f"{w}amount: a {verb.lower()} needs a positive amount")
                    call = bets[k] + amount == max(bets) or bets[k] + amount < max(bets) and amount == left[k]
                    bets[k] += amount  # (a raise to no more than the bet is a call: PokerNow's converters
                    left[k] -= amount  # write an all-in call so)
                    out.append(f"{p} cc" if call else f"{p} cbr {bets[k]}")
                elif verb == "Shows Cards":
                    cards = self.cards(act.get("cards"), f"{w}cards")
                    if kind == "board":
                        if len(cards) != holes:
                            raise _fail(self.where, f"{w}cards: shows {len(cards)} cards; {holes} hole "
                                                    "cards in this game")
                        if known[k] is not None and known[k] != cards:
                            raise _fail(self.where, f"{w}cards: {self.names[k]} shows other cards than dealt")
                    elif not cards:
                        raise _fail(self.where, f"{w}cards: Shows Cards without the cards")
                    shown_cards[k] = True
                    out.append(f"{p} sm {''.join(cards)}")
                elif verb == "Mucks Cards":
                    cards = self.cards(act.get("cards"), f"{w}cards")
                    if kind == "board" and cards and len(cards) == holes and known[k] is None:
                        known[k] = cards
                    if gone.count(False) > 1:  # (the last player left, who wins without showing, concedes nothing)
                        out.append(f"{p} sm")
                        gone[k] = True
                else:
                    raise _fail(self.where, f"{w}action: unknown action {shown(verb)}")
        flush()
        if street < 0:
            raise _fail(self.where, f"rounds: every hand has a {names[0]} round")
        if restarts and street != len(names) - 1:
            raise _fail(self.where, f"rounds: the last run of the board ends before the {names[-1].lower()}")
        if kind == "draw":
            hidden = [h or c is None or UNKNOWN in c for h, c in zip(hidden, known)]
        if kind == "board":
            seen = [known[k] is not None or shown_cards[k] for k in range(n)]
        else:
            seen = [shown_cards[k] or not hidden[k] for k in range(n)]
        live = [k for k in range(n) if not gone[k]]
        if len(live) > 1 and any(seen[k] for k in live):
            for k in live:  # a live player who never shows concedes: the spec lets a file omit the muck
                if not seen[k]:
                    out.append(f"p{k + 1} sm")
        if kind != "stud":
            deals = [f"d dh p{k + 1} " + ("".join(c) if c is not None else "??" * holes) for k, c in enumerate(known)]
            out = deals + out
        self.put = [stack - rest for stack, rest in zip(stacks, left)]
        self.live_put = [x - ante for x, ante in zip(self.put, antes)]  # (antes and dead posts never come back)
        return out, antes, blinds, posts, 1 + len(restarts)

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
