"""Read iPoker hand histories (the network's XML sessions) into :class:`~pokerengine.formats.sitehand.SiteHand` values.

An iPoker file is one or more ``<session>`` elements: a ``<general>`` header (the game type and
stakes, the table, the currency, a tournament's name) and one ``<game gamecode=...>`` element a
hand: its players (seat, name, starting ``chips``, ``dealer``, what each put in, ``bet``, and took
out, ``win``), then numbered rounds of ``<action no= type= player= sum=>`` and
``<cards type= player=>`` elements (round 0 the forced bets; hold'em and Omaha: 1 preflop, 2-4 the
flop, turn and river; stud: 2-6 third street to the river).  Cards are written suit first
(``HA``, ``S10``, ``X`` unknown).  Each hand becomes a PHH record (position order: p1 the first seat
left of the button, the button last; amounts in minor units, cents for money, chips for
tournament chips) with what the file says was paid, which :func:`pokerengine.replay.site_check.check_site`
compares with the engine's settlement.

>>> text = '''<session sessioncode="1"><general><gametype>Holdem NL $0.01/$0.02</gametype>
... <tablename>T, 1</tablename><tablecurrency>USD</tablecurrency></general>
... <game gamecode="7"><general><players>
... <player seat="1" name="ann" chips="$1" dealer="0" win="$0" bet="$0.01"/>
... <player seat="2" name="bob" chips="$2" dealer="0" win="$0" bet="$0.02"/>
... <player seat="3" name="cy" chips="$0.50" dealer="1" win="$0.09" bet="$0.06"/>
... </players></general>
... <round no="0"><action no="1" player="ann" type="1" sum="$0.01"/>
... <action no="2" player="bob" type="2" sum="$0.02"/></round>
... <round no="1"><cards type="Pocket" player="cy">HA S10</cards>
... <action no="3" player="cy" type="23" sum="$0.06"/><action no="4" player="ann" type="0" sum="$0"/>
... <action no="5" player="bob" type="0" sum="$0"/></round></game></session>'''
>>> [hand] = parse_ipoker(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[2:]
(('ann', 'bob', 'cy'), (100, 200, 50), ('d dh p3 AhTs', 'p3 cbr 6', 'p1 f', 'p2 f'))
>>> hand.collected, hand.total_pot, hand.rake, hand.returned
((Collected(player='cy', pot=None, amount=5),), 5, 0, (0, 0, 4))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_ipoker(text.replace('type="23"', 'type="99"'))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 7, line 11: unknown action type '99'

Read: hold'em (and Six Plus hold'em, short deck), Omaha with 4, 5 or 6 cards, hi and hi/lo,
seven card stud hi and hi/lo, in limit, pot limit and no limit (the game type's words in English,
Spanish and Russian), cash and tournament hands; blinds, antes, both blinds posted at once (the
small one dead), a big blind posted out of position, players sitting out, all-ins, a bring-in;
amounts with the currency before them (``$``, ``€``, ``£``, ``RSD``...), thousands separators and
decimal commas, tournament chips with fractions (a rebuy tournament's half chips: such a hand is
read in hundredths of a chip, user field ``_chip_scale`` 100); sessions one after another in a
file, tab-indented, flat or unformatted XML; actions written out of order (read in the order of
their numbers).  A player all in under disconnect protection (``type="7" sum="DP"``: in for what
is already in, the chips behind not at stake) is recorded with that for a stack (user field
``_protected`` names them).  Not read (an error naming the hand): five card stud; a player who
posts, then sits out.  A big blind all in for less is posted in full (the stack caps it) with the full
blind rule (``_full_blind``): the callers call the whole blind (:func:`.ipoker_bets.read_stakes`).  The
side pots count antes as ordinary chips (``ante_trimming_status``): a player all in by a short ante wins
only what he matched of the others' antes (DriveHUD's real 2014-2017 tournament hands: 4 of 4).

What is checked: iPoker writes no collected lines, no rake and no uncalled bet; each player's
``bet`` (all it put in; where the posts and actions say otherwise, :func:`.ipoker_bets.reconcile_bets`) and
``win`` (all it took back) are what the file says.  The uncalled bet is
what the one who put in most put in beyond the next (it goes back to them); the total pot is what
was put in less that; what each player collected is its ``win`` (older files count the uncalled bet
in the winner's ``win``: taken out; newer ones, those that name a ``client_version``, do not); the
rake is the total pot less what was collected (the site's rule is not known: the file's is taken).
The engine then plays the actions and must reach the same total pot, the same uncalled bet and the
same collected amount for every player.  When the file shows no cards of a player still in at the
end, that player mucked (conceded).

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_HAND_CHARS` characters a hand (a hand may be written on
one line: :data:`MAX_LINE_CHARS` is the same bound), :data:`MAX_HAND_LINES` lines and
:data:`MAX_ELEMENTS` XML elements a hand; no document type or entity declarations (refused before
any parsing: no entity expansion); amounts of at most 15 digits.  Time and memory are linear in
the size of the text.  Every error is a :class:`HistoryParseError` naming the file, the hand's code
and the line (1-based, in the file).
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import unescape

import attrs

from .._checks import shown
from ..errors import HistoryParseError
from . import read_text
from .amounts import CURRENCIES, parse_amount
from .blocks import HandError, Limits, NoHand, checked_text, only_hands
from .draft import Draft, fail
from .ipoker_bets import (ALL_IN, ANTE, BB, BET, BRING_IN, CALL, CHECK, FOLD, JOINED, RAISE_BY, RAISE_TO, SB,
                          SITS_OUT, late_raisers, read_stakes, reconcile_bets)
from .ipoker_rake import date_of
from .ipoker_rake import rake_rule as rake_rule  # (the site check's hook, looked up in this module)
from .sitehand import SiteHand

#: The most characters a file may hold (about 50 MB: some 20,000 hands).
MAX_TEXT_CHARS = 50_000_000
#: The most hands read from one file.
MAX_HANDS = 100_000
#: The most characters one hand (its ``<game>`` element) may have (real hands: under 10,000).
MAX_HAND_CHARS = 200_000
#: The longest line: a hand may be written on one line, so the hand's bound.
MAX_LINE_CHARS = MAX_HAND_CHARS
#: The most lines one hand may have (real hands: under 120).
MAX_HAND_LINES = 5_000
#: The most XML elements one hand may have (real hands: under 200).
MAX_ELEMENTS = 5_000
_LIMITS = Limits(text_chars=MAX_TEXT_CHARS, hands=MAX_HANDS, line_chars=MAX_LINE_CHARS, hand_lines=MAX_HAND_LINES)

_DECL = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_GAME_START = re.compile(r"<game[\s>/]")
_GAME_END = "</game>"
#: The end of a file whose last hand has all its rounds but no </game>: the client writes the closing
#: tags when the session closes.
_CLOSED = re.compile(r"(?s).{0,%d}</round>(\s*)" % 200_000)
_SESSION_GENERAL = re.compile(r"<general\s*>.*?</general\s*>", re.DOTALL)
_BETWEEN = re.compile(r"\s*(?:<\?xml[^>]{0,200}\?>|<session\b[^>]{0,500}>|</session\s*>|<!--.{0,2000}?-->|<general\s*>"
                      r".{0,20000}?</general\s*>|[}\s]+)", re.DOTALL)
_STAKES = re.compile(r"([^/]{0,20}[0-9][^/]{0,20})/([^/]{0,20}[0-9][^/]{0,20})")
_NUMBER = re.compile(r"([^0-9]{0,8}?)\s?([0-9][0-9,. \xa0]{0,30})\s?([^0-9]{0,8})")
_NO_LIMIT = ("nl", "no limit", "sl", "бл", "nlh")
_POT_LIMIT = ("pl", "pot limit", "пл")
_LIMIT = ("l", "limit", "fl", "fixed limit", "лл", "x2 limit")
_STREET_NAMES = {"Third Street": 0, "Fourth Street": 1, "Fifth Street": 2, "Sixth Street": 3, "River": 4,
                 "Seventh Street": 4}
_BOARD = {"Flop": (2, 6), "Turn": (3, 2), "River": (4, 2)}
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_RANKS = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": "T", "T": "T",
          "J": "J", "Q": "Q", "K": "K", "A": "A"}


@attrs.frozen
class Session:
    """A session's header: the game type as written, its stakes' texts (or ``None``), the currency,
    whether it is a tournament, whether the file counts an uncalled bet in the winner's ``win``, and its
    ``<startdate>`` as written (or ``None``)."""

    gametype: str
    stakes: tuple[str, str] | None
    currency: str | None
    tournament: bool
    table: str | None
    old_wins: bool
    startdate: str | None = None


def iter_ipoker(text: str | bytes, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of an iPoker file's text (or bytes, in any encoding :func:`.encodings.decode` reads),
    in order.  A hand written without its play (its blinds only, no bets nor wins: some exports) is
    skipped as a cancelled one, its index kept; with ``cancelled=True`` it is given too, with the user
    field ``_cancelled`` set (:func:`~pokerengine.replay.site_check.check_site` calls it cancelled)."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str | bytes, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_ipoker`, and with ``errors=True`` a
    hand that cannot be read (not well-formed, cut short before its ``</game>``: read from the next
    ``<game>`` on) given as a :class:`~.blocks.HandError` in its place; what follows a hand and is no
    session's text, an error after that hand (with its index)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file, decode_bytes=True, limits=_LIMITS)
    d = _DECL.search(text)
    if d is not None:
        raise fail(where_file, text.count("\n", 0, d.start()) + 1, "a document type or entity declaration (refused)")
    session: Session | None = None
    memory: dict[str, tuple[int, int]] = {}
    pos, line = 0, 1
    count = 0
    where = where_file
    while True:
        m = _GAME_START.search(text, pos)
        stop = m.start() if m is not None else len(text)
        junk: list[HistoryParseError] | None = [] if errors and count else None
        found = _between(text, pos, stop, line, where if junk is not None else where_file, junk)
        if junk:  # (what follows a hand is no session's text: an error named after that hand, its index)
            yield HandError(str(junk[0]), count - 1)
        if found is not None:
            session = _session(found[0], where_file, found[1])
        line += text.count("\n", pos, stop)
        if m is None:
            break
        if count >= MAX_HANDS:
            raise fail(where_file, line, f"more than {MAX_HANDS:,} hands in one file")
        end = text.find(_GAME_END, stop, stop + MAX_HAND_CHARS + 1)
        nxt = _GAME_START.search(text, stop + 5, end if end >= 0 else stop + MAX_HAND_CHARS + 1)
        closed = _CLOSED.fullmatch(text, stop + 5) if end < 0 and nxt is None else None
        bad: HistoryParseError | None = None
        chunk = ""
        code = re.match(r'<game\s+gamecode="([\w.-]{1,40})"', text[stop:stop + 100])
        where = f"{where_file}, hand {code.group(1) if code else '#' + str(count)}"
        if closed is not None:  # the last hand, its rounds complete, written without </game> (nor </session>)
            chunk = text[stop:closed.start(1)] + _GAME_END
            end = len(text)
        elif end < 0 or nxt is not None:
            if end < 0 and nxt is None and len(text) - stop > MAX_HAND_CHARS:
                bad = fail(where, line, f"a hand of more than {MAX_HAND_CHARS:,} characters")
            else:
                bad = fail(where, line + text.count("\n", stop, nxt.start() if nxt else len(text)),
                           "the hand ends before its </game> (truncated?)")
            resume = nxt or _GAME_START.search(text, stop + 5)  # (with errors=True: read on from the next hand)
            end = resume.start() if resume is not None else len(text)
        else:
            end += len(_GAME_END)
            chunk = text[stop:end]
        item: SiteHand | HandError | None
        try:
            if bad is not None:
                raise bad
            if session is None:
                raise fail(where_file, line, "a hand before the session's <general> header")
            item = _hand(chunk, line, session, where_file, source, count, cancelled, memory)
        except HistoryParseError as exc:
            if not errors:
                raise
            item = HandError(str(exc), count)
        if item is not None:
            yield item
        elif errors:  # (a game begun where nothing was played: accounted for, not dropped)
            yield NoHand(f"{where_file}, line {line}: nothing played (cancelled, or fewer than two players dealt in)",
                         count)
        count += 1
        line += text.count("\n", stop, end)
        pos = end
    if count == 0:
        raise HistoryParseError(f"{where_file}: no iPoker hand in the text")


def parse_ipoker(text: str | bytes, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of an iPoker file's text, as :class:`~pokerengine.formats.sitehand.SiteHand` values."""
    return list(iter_ipoker(text, source=source))


def read_ipoker(path: str) -> list[SiteHand]:
    """Every hand of an iPoker file (any encoding :func:`.encodings.decode` reads; at most
    :data:`MAX_TEXT_CHARS` bytes read)."""

    return parse_ipoker(read_text(path), source=path)


def _between(text: str, start: int, stop: int, line: int, where: str,
             junk: list[HistoryParseError] | None = None) -> tuple[str, int] | None:
    """The session header (``<general>`` element's text and its line) between hands, if any; anything
    but declarations, session tags, a header, comments and blank space there is an error (raised, or
    with ``junk`` the first kept there and the rest read from the next ``<`` on)."""
    pos = start
    header: tuple[str, int] | None = None
    while pos < stop:
        m = _BETWEEN.match(text, pos, stop)
        if m is None or m.end() == pos:
            if junk is None or not junk:
                bad = fail(where, line + text.count("\n", start, pos),
                           f"cannot read {shown(text[pos:min(stop, pos + 60)].strip())}")
                if junk is None:
                    raise bad
                junk.append(bad)
            nxt = text.find("<", pos + 1, stop)
            pos = nxt if nxt >= 0 else stop
            continue
        g = _SESSION_GENERAL.search(m.group(0))
        if g is not None or "<session" in m.group(0):  # (a new session, its header: the line counted from here)
            line += text.count("\n", start, m.start())
            start = m.start()
            at = line + (m.group(0).count("\n", 0, g.start()) if g is not None else 0)
            header = (g.group(0) if g is not None else "<general></general>", at)
        pos = m.end()
    return header


def _parse(chunk: str, where: str, line: int) -> ET.Element:
    if chunk.count("<") > MAX_ELEMENTS * 2:
        raise fail(where, line, f"more than {MAX_ELEMENTS:,} elements in a hand")
    if chunk.count("\n") > MAX_HAND_LINES:
        raise fail(where, line, f"a hand of more than {MAX_HAND_LINES:,} lines")
    try:
        return ET.fromstring(chunk)
    except ET.ParseError as exc:
        at = line + max(0, exc.position[0] - 1) if exc.position else line
        raise fail(where, at, f"not well-formed XML ({' '.join(str(exc).split(':')[0].split())})") from None


def _session(chunk: str, where_file: str, line: int) -> Session:
    general = _parse(chunk, where_file, line)
    words = (general.findtext("gametype") or "").split()
    if len(words) > 20:
        raise fail(where_file, line, f"cannot read the game type {shown(' '.join(words))}")
    if len(words) > 2 and words[-2] == "Ante":  # ("Omaha Pot limit $100.00/$200.00 Ante $0.00")
        words = words[:-2]
    m = _STAKES.fullmatch(words[-1]) if words else None
    stakes = (m.group(1), m.group(2)) if m is not None else None
    name = " ".join(words[:-1] if m is not None else words)
    currency = (general.findtext("tablecurrency") or general.findtext("currency") or "").strip() or None
    tournament = any(general.find(tag) is not None for tag in ("tournamentcode", "tournamentname", "buyin"))
    if currency is not None and not re.fullmatch(r"[A-Z]{3}", currency):
        currency = None
    old = general.find("client_version") is None and (general.findtext("uncalled_bet_enabled") or "") != "true"
    return Session(name, stakes, currency, tournament or stakes is None, general.findtext("tablename"), old,
                   general.findtext("startdate"))


def cards_of(text: str) -> str | None:
    """Cards as iPoker writes them (suit first: ``"HA S10 X"``), compact (``"AhTs??"``); ``None`` when
    the text is not cards.

    >>> cards_of("HA S10 X"), cards_of("C2"), cards_of("AH")
    ('AhTs??', '2c', None)
    """
    out = []
    for token in text.split()[:60]:
        if token in ("X", "x"):
            out.append("??")
            continue
        suit, rank = _SUITS.get(token[:1].upper()), _RANKS.get(token[1:].upper())
        if suit is None or rank is None:
            return None
        out.append(rank + suit)
    return "".join(out) if out and len(text.split()) <= 60 else None


def _game(h: Draft, name: str, hole: int) -> None:
    """The game of a game type's name (``"Holdem NL"``, ``"Omaha PL"``, ``"7 Card Stud Hi-Lo L"``...)."""
    low = name.lower().replace("hold'em", "holdem").replace("hi/lo", "hi-lo").replace("h/l", "hi-lo")
    betting = None
    for words, letter in ((_NO_LIMIT, "N"), (_POT_LIMIT, "P"), (_LIMIT, "F")):
        for w in words:
            if low == w or low.endswith(" " + w) or low.startswith(w + " ") and letter == "F" and w != "l":
                betting = letter
                low = low[: -len(w)] if low.endswith(w) else low[len(w):]
                break
        if betting:
            break
    if low.startswith("lh ") or low == "lh":
        betting, low = "F", "holdem"
    low = low.strip()
    if betting is None:
        raise h.fail(f"cannot read the betting of the game type {shown(name)}")
    hilo = "hi-lo" in low or "hi lo" in low or "/8" in low
    if "stud" in low:
        if not low.startswith("7"):
            raise h.fail(f"{shown(name)} is not read (the games read: seven card stud, hold'em, Omaha)")
        h.game(betting + ("7S/8" if hilo else "7S"), 7, "stud")
    elif "razz" in low:
        h.game(betting + "R", 7, "stud")
    elif "six plus" in low or "6+" in low or "short" in low:
        h.game(betting + "S", 2)
    elif "holdem" in low:
        h.game(betting + "T", 2)
    elif "omaha" in low or low == "" and hole in (4, 5, 6):
        if hole not in (4, 5, 6):
            raise h.fail(f"Omaha with {hole} cards is not read")
        h.game(betting + "O" + ("" if hole == 4 else str(hole)) + ("/8" if hilo else ""), hole)
    else:
        raise h.fail(f"{shown(name)} is not read (the games read: seven card stud, hold'em, Omaha)")


_VALUE = r'(?:sum|chips|win|bet)="[^"0-9]{0,8}[0-9][0-9,.]{0,30}?'
_COMMA = re.compile(_VALUE + r',[0-9]{1,2}[^0-9,."]{0,8}"')
_POINT = re.compile(_VALUE + r'\.[0-9]{1,2}[^0-9,."]{0,8}"')
_POINT3 = re.compile(_VALUE + r'\.[0-9]{3}[^0-9,."]{0,8}"')


@functools.lru_cache(maxsize=4096)
def _value(text: str, decimal: str) -> tuple[int, str] | None:
    """An amount's text in minor units (two decimals) and its currency sign, or ``None``."""
    m = _NUMBER.fullmatch(text.strip())
    if m is None or m.group(1).strip() and m.group(3).strip():
        return None
    value = parse_amount(m.group(2).strip(), decimal=decimal)
    return None if value is None else (value, (m.group(1) or m.group(3)).strip())


class _Amounts:
    """A hand's amounts: its decimal mark and whether tournament chips come with fractions."""

    def __init__(self, h: Draft, chunk: str, tournament: bool) -> None:
        self.h = h
        comma, point = _COMMA.search(chunk) is not None, _POINT.search(chunk) is not None
        self.decimal = "," if comma and not point or not point and _POINT3.search(chunk) else "."
        self.scale = 1
        if tournament and (point if self.decimal == "." else comma):
            self.scale = 100

    def __call__(self, text: str | None, what: str) -> int:
        found = _value(text, self.decimal) if text is not None and len(text) <= 60 else None
        if found is None:
            raise self.h.fail(f"bad amount {shown(text)} ({what})" if text is not None else f"no {what}")
        value, sign = found
        if self.h.money:
            if self.h.currency is None:
                self.h.currency = CURRENCIES.get(sign) or (sign if re.fullmatch(r"[A-Z]{3}", sign) else None)
            return value
        if self.scale == 1:
            if value % 100:
                raise self.h.fail(f"tournament chips are whole numbers, got {shown(text)}")
            return value // 100
        return value


def _hand(chunk: str, line: int, session: Session, where_file: str, source: str | None, index: int,
          cancelled: bool, memory: dict[str, tuple[int, int]]) -> SiteHand | None:
    """The hand of ``chunk`` (its ``<game>`` element, from line ``line``); ``memory`` keeps a stud
    tournament's last stakes (the file does not write them) for a hand where nothing shows them."""
    code = re.match(r'<game\s+gamecode="([\w.-]{1,40})"', chunk)
    hand_id = code.group(1) if code is not None else f"#{index}"
    where = f"{where_file}, hand {hand_id}"
    game = _parse(chunk, where, line)
    h = Draft("ipoker", hand_id, where, line)
    h.needs_summary = False
    h.antes_count = True  # its side pots count antes as ordinary chips (a player all in by a short ante)
    h.money = not session.tournament
    h.currency = session.currency if h.money else None
    h.table = session.table
    h.date = date_of(game.findtext("general/startdate") or session.startdate)  # (the site's rake rule by year)
    amount = _Amounts(h, chunk, session.tournament)
    if amount.scale != 1:
        h.user["_chip_scale"] = amount.scale
    # the elements, each with its line in the file (ElementTree gives none: found by scanning the text)
    lines = _element_lines(chunk, line)
    players = game.findall("general/players/player")
    rounds = game.findall("round")
    actions: list[tuple[int, int, ET.Element, int]] = []
    cards: list[tuple[int, ET.Element, int]] = []
    k = 0
    for r in rounds:
        no = _int(h, r.get("no"), "round number")
        for el in r:
            k += 1
            if el.tag == "action":
                actions.append((no, _int(h, el.get("no"), "action number"), el, lines.get(k, line)))
            elif el.tag == "cards":
                cards.append((no, el, lines.get(k, line)))
            else:
                h.line = lines.get(k, line)
                raise h.fail(f"cannot read <{el.tag[:40]}> in a round")
    actions.sort(key=lambda a: (a[0], a[1]))
    pocket: dict[str, str] = {}
    hole = 0
    for no, el, at in cards:
        if el.get("type") == "Pocket":
            h.line = at
            found = cards_of(el.text or "X") if (el.text or "").strip() else ""  # (empty: not known)
            if found is None:
                raise h.fail(f"bad cards {shown(el.text or '')}")
            if found:
                pocket[el.get("player") or ""] = found
            hole = max(hole, len(found) // 2)
    # a hand written without its play (only the blinds, no bets nor wins): nothing to check, as if cancelled
    h.cancelled = all(no == 0 for no, _, _, _ in actions) and all(p.get("bet") is None for p in players)
    _game(h, session.gametype, hole or (4 if h.cancelled else 0))
    # the players: those who post or act are dealt in; the rest (and those who sit out) are not
    acting = {a[2].get("player") or "" for a in actions if a[2].get("type") not in (JOINED, SITS_OUT)}
    out_only = {a[2].get("player") or "" for a in actions if a[2].get("type") == SITS_OUT}
    bets: dict[str, int] = {}
    wins: dict[str, int] = {}
    over: dict[str, str] = {}  # players whose bet is above their chips: what the file says, by name
    button = 0
    for p in players:
        h.line = lines.get(("player", p.get("seat"), p.get("name")), line)
        name = p.get("name") or ""
        if not name and name not in acting:
            continue  # an empty seat
        seat = _int(h, p.get("seat"), "seat")
        stack = amount(p.get("chips"), "chips")
        if name in out_only and name in acting:
            raise h.fail(f"{shown(name)} posts, then sits out (not read)")
        h.seat(seat, name, stack, out=name not in acting)
        if p.get("dealer") == "1":
            button = seat
        bets[name] = amount(p.get("bet", "0"), "bet")
        wins[name] = amount(p.get("win", "0"), "win")
        if bets[name] > stack and all((p.get(k) or "0").strip("0.,") == "" for k in ("rebuy", "addon")):
            over[name] = f"{name}'s bet {p.get('bet')} is more than the {p.get('chips')} chips the file gives"
    if len(h.seats) - len(h.out) < 2 and all(wins[n] == bets[n] for n in bets):
        return None  # one player dealt in (the others sit out), his blind handed back: nothing played
    read_stakes(h, session.stakes, actions, amount, memory)
    h.button = button
    for no, el, at in cards:
        kind, h.line = el.get("type") or "", at
        if kind == "Pocket" and (h.kind == "stud" or el.get("player") not in h.seats):
            raise h.fail(f"pocket cards of {shown(el.get('player'))}, not seated or in a stud game")
        if kind != "Pocket" and kind not in _BOARD and kind not in _STREET_NAMES and kind != "Second Street":
            raise h.fail(f"unknown cards type {shown(kind)}")
    for name, found in pocket.items():
        if h.kind != "stud" and "?" not in found:
            if len(found) != 2 * h.hole:
                raise h.fail(f"{shown(name)} has {len(found) // 2} cards, not {h.hole}")
            h.cards[name] = found
    spent, last = _play(h, actions, cards, amount, bets)
    antes: dict[str, int] = {}
    for name, kind, value in h.posts:
        if kind == "ante":
            antes[name] = antes.get(name, 0) + value
    # "bet" is all a player put in: where his posts and actions say otherwise, the file contradicts itself
    # (:func:`.ipoker_bets.reconcile_bets`: two shapes where the file's rule is known are read)
    reconcile_bets(h, bets, spent, last, antes, late_raisers(actions), over)
    if button == 0:
        button = _button_of(h)
    h.button = button
    dead: dict[str, int] = {}  # antes and a dead small blind: no part of what an uncalled bet is measured against
    for name, kind, value in h.posts:
        if kind in ("ante", "sbbb"):
            dead[name] = dead.get(name, 0) + (value if kind == "ante" else value - (h.sb if h.fixed else h.bb))
    top, second = _top_two({name: bet - dead.get(name, 0) for name, bet in bets.items()})
    h.total = sum(bets.values())
    collected = dict(wins)
    if top is not None:
        uncalled = bets[top] - dead.get(top, 0) - second
        h.total -= uncalled
        # older files count the uncalled bet in its owner's win (newer ones do not): out of what they collected
        if h.total < sum(wins.values()) or session.old_wins and wins[top] >= uncalled:
            collected[top] -= uncalled
        h.uncalled(top, uncalled)
    for name, won in collected.items():
        if won:
            h.collect(name, won)
    h.rake = h.total - sum(collected.values())
    if h.rake < 0 and not h.user.get("_file_contradicts"):  # the wins pay out more than was put in (and no
        # contradiction named already explains it): the file contradicts itself, said in the record
        h.contradicts(f"its wins ({sum(collected.values())}) pay more than the pot ({h.total})")
    if session.tournament and h.rake:  # a tournament takes no rake: what the file leaves unpaid is its own error
        h.user["_unpaid"] = h.rake
        h.rake = 0
    h.line = line
    return h.finish(source, index, cancelled=cancelled)


def _element_lines(chunk: str, line: int) -> dict[object, int]:
    """Each round's child element's line (by its place among them, counted from 1), and each player's."""
    out: dict[object, int] = {}
    k = 0
    inside = False
    nl = 0
    last = 0
    for m in re.finditer(r"<(/?)([A-Za-z_][\w.-]*)([^>]*)>", chunk):
        nl += chunk.count("\n", last, m.start())
        last = m.start()
        closing, tag = m.group(1), m.group(2)
        if tag == "round":
            inside = not closing and not m.group(3).rstrip().endswith("/")
        elif tag == "player" and not closing:
            seat = re.search(r'\bseat="([^"]*)"', m.group(3))
            name = re.search(r'\bname="([^"]*)"', m.group(3))
            out[("player", seat.group(1) if seat else None, unescape(name.group(1)) if name else None)] = line + nl
        elif inside and not closing:
            k += 1
            out[k] = line + nl
    return out


def _int(h: Draft, text: str | None, what: str) -> int:
    if text is None or not (text.isdigit() and text.isascii() and len(text) <= 9):
        raise h.fail(f"bad {what} {shown(text)}")
    return int(text)


def _play(h: Draft, actions: list[tuple[int, int, ET.Element, int]], cards: list[tuple[int, ET.Element, int]],
          amount: _Amounts, bets: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """Play the actions into ``h``; what each player's posts and actions put in (a call counted in full, as
    written: the caller's stack caps it), and what each put in before his last action plus that action's
    sum as written (a raise's sum being what it raises to)."""
    deal = _Dealer(h, cards)
    folded: set[str] = set()
    spent: dict[str, int] = {}
    last: dict[str, int] = {}
    for no, _, el, at in actions:
        deal.upto(no, at)
        h.line = at
        kind = el.get("type") or ""
        name = el.get("player") or ""
        if name not in h.seats:
            raise h.fail(f"{shown(name)} acts but is not seated")
        before = h.committed.get(name, 0)
        _act(h, no, kind, name, el, amount, bets, folded)
        if kind not in (FOLD, CHECK, JOINED, SITS_OUT) and (el.get("sum") or "").strip() != "DP":
            last[name] = spent.get(name, 0) + amount(el.get("sum"), "sum")
        if kind in (SB, BB, ANTE) and no == 0:
            spent[name] = spent.get(name, 0) + amount(el.get("sum"), "post")
        else:
            spent[name] = spent.get(name, 0) + max(0, h.committed.get(name, 0) - before)
    deal.upto(max([1, *deal.rounds]), h.line)  # cards dealt after the last action (all in)
    _showdown(h, folded)
    return spent, last


def _act(h: Draft, no: int, kind: str, name: str, el: ET.Element, amount: _Amounts, bets: dict[str, int],
         folded: set[str]) -> None:
    """One action of round ``no`` played into ``h``."""
    if kind in (JOINED, SITS_OUT):
        if no > 1:
            raise h.fail(f"{shown(name)} sits out in round {no}")
        return
    if kind in (SB, BB, ANTE):
        if no != 0:
            raise h.fail(f"{shown(name)} posts in round {no}")
        value = amount(el.get("sum"), "post")
        full = h.sb if h.fixed else h.bb
        post = {SB: "sb", ANTE: "ante"}.get(kind) or ("sbbb" if value > full else "bb")
        if post == "bb" and value < full and sum(p[2] for p in h.posts if p[0] == name) + value >= h.seats[name][1]:
            # a big blind all in for less: the others owe the full blind (callers call it); the record posts
            # the full blind (the stack caps it) and says the rule (PHH _full_blind)
            value = full
            h.user["_full_blind"] = True
        h.post(name, post, value)
        return
    if no == 0:
        raise h.fail(f"{shown(name)} acts before the cards are dealt")
    if kind == FOLD:
        h.fold(name)
        folded.add(name)
    elif kind == CHECK:
        h.check(name)
    elif kind == CALL:
        amount(el.get("sum"), "call")
        h.call(name)
    elif kind in (BET, RAISE_BY):
        h.put_in(name, amount(el.get("sum"), "bet"))
    elif kind == RAISE_TO:
        h.raise_to(name, amount(el.get("sum"), "raise"))
    elif kind == ALL_IN:
        if (el.get("sum") or "").strip() == "DP":  # disconnect protection: all in with what is in
            seat, stack = h.seats[name]
            if bets.get(name, stack + 1) > stack:
                raise h.fail(f"{shown(name)} is protected all in, having put in more than the stack")
            h.seats[name] = (seat, bets[name])  # the chips behind are not at stake: the record's stack
            h.user["_protected"] = (*h.user.get("_protected", ()), name)
            return
        h.put_in(name, amount(el.get("sum"), "all-in"))
    elif kind == BRING_IN:
        if h.kind != "stud" or h.bring_in is not None or h.street != 0:
            raise h.fail(f"{shown(name)} brings in, not in a stud game's first round")
        h.bring_in = amount(el.get("sum"), "bring-in")
        h.committed[name] = h.bring_in
        h.top = h.bring_in
        h.events.append(("pb", name, None))
    else:
        raise h.fail(f"unknown action type {shown(kind)}")


class _Dealer:
    """Deals each round's cards as the actions reach it: the hole cards (round 1), the board (hold'em
    and Omaha: rounds 2-4), each stud street (rounds 2-6)."""

    def __init__(self, h: Draft, cards: list[tuple[int, ET.Element, int]]) -> None:
        self.h = h
        self.current = 0
        self.boards = {no: (el, at) for no, el, at in cards if el.get("type") in _BOARD and h.kind != "stud"}
        self.streets = [(no, el, at) for no, el, at in cards if el.get("type") in _STREET_NAMES and h.kind == "stud"]
        self.rounds = set(self.boards) | {no for no, _, _ in self.streets}
        last = 6 if h.kind == "stud" else 4
        if any(no > last for no in self.rounds):
            raise h.fail(f"round {max(self.rounds)} in a game of {last} rounds")

    def upto(self, no: int, at: int) -> None:
        h = self.h
        if no < self.current:
            h.line = at
            raise h.fail(f"an action of round {no} after round {self.current}")
        while self.current < no:
            self.current += 1
            k = self.current
            if k == 1 or h.kind == "stud" and k == 2:
                h.start_betting()
            if h.kind == "stud":
                if k >= 2:
                    h.street = k - 2
                    for r, el, line in self.streets:
                        if r == k:
                            _stud_cards(h, el, line)
                    h.events.append(("street", "", h.street))
                    h.new_round()
            elif k >= 2:
                found = self.boards.get(k)
                if found is None:
                    h.line = at
                    raise h.fail(f"round {k} has no board cards")
                el, h.line = found
                cards = cards_of(el.text or "")
                size = _BOARD[el.get("type") or ""]
                if cards is None or "?" in cards or len(cards) != size[1] or size[0] != k:
                    raise h.fail(f"bad board cards {shown(el.text or '')} in round {k}")
                h.board(cards)


def _stud_cards(h: Draft, el: ET.Element, at: int) -> None:
    name = el.get("player") or ""
    h.line = at
    if name not in h.seats:
        raise h.fail(f"cards of {shown(name)}, who is not seated")
    found = cards_of(el.text or "")
    size = 6 if h.street == 0 else 2
    if found is None or len(found) != size or (name, h.street) in h.dealt:
        raise h.fail(f"bad cards {shown(el.text or '')} dealt to {shown(name)}")
    h.dealt[(name, h.street)] = found


def _showdown(h: Draft, folded: set[str]) -> None:
    """Players still in at the end show what the file shows of their cards; the others muck."""
    live = [n for n in sorted(h.seats, key=lambda n: h.seats[n][0]) if n not in h.out and n not in folded]
    if len(live) < 2:
        return
    h.showdown = True
    if h.kind != "stud" and not any(name in h.cards for name in live):
        return  # nobody's cards shown: who won cannot be known (the check says so)
    for name in live:
        if h.kind == "stud":
            seven = "".join(h.dealt.get((name, k), "") for k in range(5))
            if len(seven) == 14 and "?" not in seven:
                h.cards[name] = seven
                h.events.append(("show", name, seven))
            else:
                h.muck(name)
        elif name in h.cards:
            h.events.append(("show", name, h.cards[name]))
        else:
            h.muck(name)


def _button_of(h: Draft) -> int:
    """The button's seat when no player is marked the dealer: the seat before the small blind."""
    seats = sorted(s for n, (s, _) in h.seats.items() if n not in h.out)
    sb = next((h.seats[n][0] for n, kind, _ in h.posts if kind == "sb"), None)
    if sb is None or len(seats) < 2:
        return seats[-1] if seats else 0
    if len(seats) == 2:
        return sb
    k = seats.index(sb)
    return seats[k - 1]


def _top_two(bets: dict[str, int]) -> tuple[str | None, int]:
    """Who put in most (``None`` when two or more tie or nobody did) and the most anyone else put in."""
    if not bets:
        return None, 0
    ranked = sorted(bets.items(), key=lambda kv: -kv[1])
    second = ranked[1][1] if len(ranked) > 1 else 0
    if ranked[0][1] == second:
        return None, second
    return ranked[0][0], second
