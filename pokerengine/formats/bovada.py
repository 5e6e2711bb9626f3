"""Read Bovada, Ignition and Bodog hand histories (the client's text files) into :class:`~.sitehand.SiteHand` values.

Bovada (and its sister sites Ignition and Bodog, whose files begin ``Ignition Hand #``, ``Bodog Hand #``,
``Bodog.eu Hand #``...) names no player: each seat is named by its position in the hand (``Small Blind``,
``Big Blind``, ``UTG``, ``UTG+1``..., ``Dealer``), the file's owner marked ``[ME]``.  Every player's hole
cards are written (``Card dealt to a spot``); ``Showdown [...]`` shows a player's best five cards, not
the hole cards.  Actions write the chips they add (``Calls $1``, ``All-in $39``) or the total they make
(``Raises $33.92 to $35.42``; files of 2012 write ``Raises $16`` for a raise to $16).  Cash headers give
no stakes: the blinds are those posted.  The summary's ``Total Pot($x)`` is the pot before rake, after
the uncalled bets; the rake is written (``| Rake ($y)``) in files before about 2013 and is the total less
what was collected after.  The summary's seat lines say again what each player won (``Seat+3: Dealer $0.05
[Does not show]``, ``UTG+1 [ME] $219.21 with [...]``, a hi/lo win's ``HI $1.86 ... LO $1.85`` or ``LOW 30``, stud's
``Seat+2:  HI $6.80 ...``; a side pot won with the losing hand too), the gross ``Hand result`` amounts:
:attr:`~.sitehand.SiteHand.stated`, compared by the check with the ``Hand result`` lines (a record that
contradicts itself is mismatched); a summary without seat lines (Zone Poker's empty ones) states nothing.
Each hand becomes a PHH :class:`~pokerengine.phh.record.HandHistory`
(players named by position, in position order: p1 the first left of the button, the button last;
amounts in minor units) and the file's collected lines, uncalled bets, total pot and rake, which
:func:`pokerengine.replay.site_check.check_site` compares with the engine's settlement.

>>> text = '''Bovada Hand #1 TBL#7 HOLDEM No Limit - 2016-01-01 10:00:00
... Seat 1: Small Blind ($1 in chips)
... Seat 2: Big Blind ($2 in chips)
... Seat 3: Dealer [ME] ($0.50 in chips)
... Dealer  [ME] : Set dealer [3]
... Small Blind : Small Blind $0.01
... Big Blind : Big blind $0.02
... *** HOLE CARDS ***
... Small Blind : Card dealt to a spot [7c 2d]
... Big Blind : Card dealt to a spot [9h 9s]
... Dealer  [ME] : Card dealt to a spot [Ah Kd]
... Dealer  [ME] : Raises $0.06 to $0.06
... Small Blind : Folds
... Big Blind : Folds
... Dealer  [ME] : Return uncalled portion of bet $0.04
... Dealer  [ME] : Does not show [Ah Kd] (High Card)
... Dealer  [ME] : Hand result $0.05
... *** SUMMARY ***
... Total Pot($0.05)
... Seat+1: Small Blind Folded before the FLOP
... Seat+2: Big Blind Folded before the FLOP
... Seat+3: Dealer $0.05 [Does not show]'''
>>> [hand] = parse_bovada(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[3:]
(('Small Blind', 'Big Blind', 'Dealer [ME]'), (100, 200, 50), ('p3 cbr 6', 'p1 f', 'p2 f'))
>>> hand.collected, hand.total_pot, hand.rake, hand.returned
((Collected(player='Dealer [ME]', pot=None, amount=5),), 5, 0, (0, 0, 4))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_bovada(text.replace("Raises $0.06 to $0.06", "Raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 1, line 12: bad amount 'lots'

Read: hold'em and Omaha (hi and hi/lo), no limit, pot limit and fixed limit, cash (``TBL#``), Zone
Poker (``Zone Poker ID#``, ``HOLDEMZonePoker``) and tournament hands (``Tournament #... Level n (sb/bb)``;
a tournament that names its speed, ``Normal-`` or ``Turbo-``, rather than its betting is no limit
hold'em or pot-limit Omaha), MVS files (``[MVS]``, ``Table Info``, ``Player Info``; a tournament's
``Seating Info`` gives the seats), antes (``Ante chip``), blinds posted out of position (``Posts
chip``: live; less than a big blind: dead) and both at once (``Posts dead chip``), blinds and antes
posted all in, the 2012 files that mark no street (``Card dealt to table``, ``Card to the table``,
or nothing: the betting rounds are closed by the actions and the board taken from the summary),
uncalled bets, side pots (``Hand result-Side pot``: the collected amounts are compared per player),
timeouts and disconnections, and every line that says nothing about the chips in play (players
joining, leaving, sitting out, deposits, rebuys, add-ons, rankings and prizes, drawing for the
dealer), byte-order marks and Windows line ends.  Seven-card stud hi and hi/lo (``7CARD``, ``7CARD
HiLo``; seats named ``Seat+N``): antes, the bring-in (``Bring_in chip``, or ``Big blind/Bring in`` in
2012), each street begun by its cards (``*** 4TH STREET ***`` is written from 2013 on, not before), the
double bet of fourth street after an open pair (``Double bets``, ``D bets``); the headers give no stakes,
so the small bet is the first completion or bet of third or fourth street and the big bet the first bet
after.  Other games raise :class:`HistoryParseError` naming the game.  Bovada's rake rule is not known:
the file's rake is taken (no ``rake_rule``).

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and
:data:`MAX_HAND_LINES` lines a hand; amounts of at most 15 digits.  Time and memory are linear in
the size of the text.  Every error is a :class:`HistoryParseError` naming the file, the hand id and
the line number (1-based, in the file).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator

from .._checks import shown
from ..errors import HistoryParseError
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import MAX_TEXT_CHARS as MAX_TEXT_CHARS
from .blocks import (
    Block,
    HandError,
    checked_text,
    file_text,
    hand_blocks,
    only_hands,
    read_blocks,
)
from .bovada_hand import BOARD_SIZES, Read, build, position_rank
from .draft import Draft, fail
from .sitehand import SiteHand

#: Bovada's game names -> (the variant code's game part, hole cards).
GAMES: dict[str, tuple[str, int]] = {"HOLDEM": ("T", 2), "OMAHA": ("O", 4), "OMAHA HiLo": ("O/8", 4),
                                     "7CARD": ("7S", 7), "7CARD HiLo": ("7S/8", 7)}
_BETTINGS = {"No Limit": "N", "Pot Limit": "P", "Fixed Limit": "F"}

_SITE = r"(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?)"
_HEADER = re.compile(_SITE + r" Hand #([0-9]{1,30}):? +(.*)")
_HEADER_ANYWHERE = re.compile(_SITE + r" Hand #[0-9]")
_DATE = r" - ([0-9]{4})-([0-9]{2})-([0-9]{2})(?: .{0,40})?"
_CASH = re.compile(r"(?:TBL#([0-9]{1,20})|Zone Poker ID#([0-9]{1,20})) +([A-Za-z0-9][A-Za-z ]{0,40}?)"
                   r" +(No Limit|Pot Limit|Fixed Limit)(?: \[MVS\])?" + _DATE)
_TOURNAMENT = re.compile(r"([A-Za-z0-9][A-Za-z ]{0,40}?) Tournament #([A-Za-z0-9-]{1,40}) TBL#([0-9]{1,20}), "
                         r"(.{0,60}?)- ?Level ([0-9]{1,5}) \(([^()/ ]{1,30})/([^()/ ]{1,30})\)(?: \[MVS\])?" + _DATE)
_SEAT = re.compile(r"Seat ([0-9]{1,4}): (.{1,60}?) \((\S{1,40}) in chips\)")
_STUD_SEAT = re.compile(r"Seat\+([0-9]{1,2})( \[ME\])?: (\S{1,40}) in chips")
_STUD_STREETS = re.compile(r"\*\*\* (?:(3RD)|4TH|5TH|6TH|7TH) STREET \*\*\*|\*\*\* RIVER \*\*\*")
_BRING_IN = re.compile(r"(?:Bring_in chip|Big blind/Bring in)" + r"(?: ?\([^)]{0,40}\))? (\S{1,40})")
_ACTOR = re.compile(r"(\S.{0,60}?) +: (.*)")
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^]]{0,40}\] )?\[([^]]{0,40})\]")
_TABLE_CARDS = re.compile(r"Card (?:dealt )?to (?:the )?table \[([^]]{0,40})\]")
_TOTAL = re.compile(r"Total Pot\((\S{1,40})\)(?: \| Rake \((\S{1,40})\))?")
_BOARD = re.compile(r"Board \[([^]]{0,60})\]")
_SUMMARY_SEAT = re.compile(r"Seat[ +]?([0-9]{1,4}) ?:")
_SAID_POSITION = re.compile(r"\s*(Small Blind|Big Blind|UTG(?:\+[0-9]{1,2})?|Dealer)(?:\s{1,5}\[ME\])?(?=\s|$)")
_SAID_FIRST = re.compile(r"\s{1,10}(?:HI:? ?)?(\$?[0-9][0-9,.]{0,30})(?=\s|$)")
_SAID_LO = re.compile(r"\sLOW?:? ?(\$?[0-9][0-9,.]{0,30})(?=\s|$)")

#: A player's lines that say nothing about the chips in play this hand.
_QUIET = re.compile(r"(?:Table enter user|Table leave user|Seat stand|Stand|Seat sit down|Seat sit out|Sit out"
                    r"|Sitout ?\(.{0,40}\)|Seat re-join|Re-join|Leave\(.{0,40}\)|Enter\(.{0,40}\)|Table deposit \S{1,40}"
                    r"|Rebuyin \S{1,40}|Addon \S{1,40}|Double rebuys \S{1,40}|Ranking [0-9]{1,9}|Prize .{0,200}"
                    r"|BOUNTY PRIZE .{0,100}|Draw for dealer \[.{0,10}\]|Set dealer(?:/Bring in spot)? \[[0-9]{1,3}\])")
#: How the lines of :data:`_QUIET` begin (the others are not tried against it).
_QUIET_STARTS = frozenset(("Ta", "Se", "St", "Si", "Re", "Le", "En", "Ad", "Do", "Ra", "Pr", "BO", "Dr"))
#: Lines of nobody's that say nothing about the chips in play.
_QUIET_LINES = re.compile(r"(?:Table|Player|Seating) Info: .*|Set dealer(?:/Bring in spot)?")  # (bare: the button on an empty seat)
_WHY = r"(?: ?\([^)]{0,40}\))?"
_POST = re.compile(r"(Small Blind|Small blind|Ante/Small Blind|Ante/Small blind|Big blind|Big Blind|Big blind/Bring in"
                   r"|Ante chip|Posts chip|Posts dead chip|All-in)" + _WHY + r" (\S{1,40})")
_POST_KIND = {"Small Blind": "sb", "Small blind": "sb", "Ante/Small Blind": "sb", "Ante/Small blind": "sb",
              "Big blind": "bb", "Big Blind": "bb", "Big blind/Bring in": "bb", "Ante chip": "ante",
              "Posts chip": "chip", "Posts dead chip": "dead chip", "All-in": "all-in"}
_FOLD = re.compile(r"Folds?" + _WHY + r"(?: & [Ss]hows \[[^]]{0,40}\](?: Show[0-9] \[[^]]{0,40}\])?)?")
_CHECK = re.compile(r"Checks" + _WHY)
_CALL = re.compile(r"Calls?" + _WHY + r" (\S{1,40})")
_BET = re.compile(r"(Bets(?: chip info)?|Double bets|D bets)" + _WHY + r" (\S{1,40})")
_RAISE = re.compile(r"Raises" + _WHY + r" (\S{1,40})(?: to (\S{1,40}))?")
_ALLIN = re.compile(r"All-in(?:\((raise)[^)]{0,30}\)|\([^)]{0,30}\))? (\S{1,40})(?: to (\S{1,40}))?")
_DEALT = re.compile(r"Card dealt to a spot \[([^]]{0,60})\]")
_SHOWDOWN = re.compile(r"Showdown(?: ?\[[^]]{0,40}\])?(?: ?\(.{0,40}\))?")
_MUCKS = re.compile(r"Mucks \[[^]]{0,60}\](?: \(.{0,40}\))?")
_NO_SHOW = re.compile(r"Does not show \[[^]]{0,60}\](?: Show[0-9] \[[^]]{0,40}\])?(?: \(.{0,40}\))?")
_RESULT = re.compile(r"Hand [Rr]esult(-Side [Pp]ot)? (\S{1,40})")
_UNCALLED = re.compile(r"Return uncalled portion of bet (\S{1,40})")


def iter_bovada(text: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a Bovada text (one file's contents), in order; see :func:`parse_bovada`.
    ``cancelled`` is the registry's argument: Bovada writes no cancelled hands."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_bovada`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`).

    A hand cut short by the next one on the same line ends there; a seat line after a hand's summary
    begins a hand whose first lines are lost (an error of that hand)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file)
    blocks = hand_blocks(text, where=where_file, starts=_starts(), name="Bovada", expected="'Bovada Hand #...'",
                         clean=lambda line: line.lstrip("\ufeff").rstrip(), cut=_cut)
    yield from read_blocks(blocks, lambda b: _block(b, where_file, source), errors=errors)


def _cut(line: str) -> int:
    m = _HEADER_ANYWHERE.search(line) if "Hand #" in line else None
    return m.start() if m is not None else 0


def _starts() -> Callable[[str], bool]:
    """Whether a line begins a hand: a header, or a seat line after the summary of the hand before (not
    after a damaged header there: :func:`~.blocks.hand_blocks` makes that line and its hand one error)."""
    summary = False

    def starts(line: str) -> bool:
        nonlocal summary
        if "Hand #" in line and _HEADER.fullmatch(line) or summary and _SEAT.fullmatch(line):
            summary = False
            return True
        if summary and "Hand #" in line:
            summary = False  # the next hand's first line, damaged: its seat lines are that hand's (one error)
            return False
        summary = summary or line == "*** SUMMARY ***"
        return False

    return starts


def _block(b: Block, where_file: str, source: str | None) -> SiteHand:
    if _SEAT.fullmatch(b.lines[0]):
        raise fail(where_file, b.first, f"a hand without its first line, at {shown(b.lines[0])}")
    return _hand(list(b.lines), b.first, where_file, source, b.index, final=b.last)


def parse_bovada(text: str, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of a Bovada text, as :class:`~.sitehand.SiteHand` values (limits: the module's)."""
    return list(iter_bovada(text, source=source, cancelled=cancelled))


def read_bovada(path: str) -> list[SiteHand]:
    """Every hand of a Bovada file (UTF-8, UTF-16 or Windows-1252, :func:`.blocks.file_text`; at most
    :data:`MAX_TEXT_CHARS` bytes read)."""
    return parse_bovada(file_text(path), source=path)


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int,
          final: bool = False) -> SiteHand:
    """The hand of ``block`` (its lines; the first is line ``start`` of the file; ``final``: the file's last)."""
    m = _HEADER.fullmatch(block[0])
    if m is None:
        raise fail(where_file, start, f"cannot read the hand's first line {shown(block[0])}")
    h = Draft("bovada", m.group(1), f"{where_file}, hand {m.group(1)}", start)
    h.antes_count = True  # its side pots count antes as ordinary chips (docs/histories.md)
    r = Read()
    _header(h, r, m.group(2))
    last = start + len(block) - 1
    for k, line in enumerate(block[1:], start + 1):
        h.line = k
        line = line.strip()
        try:
            if line:
                _line(h, r, line)
        except HistoryParseError:
            if k == last and not h.summary and final:  # the file ends in the middle of the line
                raise h.fail("the hand ends before its summary (truncated?)") from None
            raise
    if not h.summary:
        h.line = last
        raise h.fail("the hand ends before its summary (truncated?)")
    build(h, r)
    hand = h.finish(source, index, last_line=last)
    assert hand is not None  # (never cancelled)
    return hand


def _header(h: Draft, r: Read, rest: str) -> None:
    t = _TOURNAMENT.fullmatch(rest)
    if t is not None:
        h.money, r.tournament = False, True
        name, betting, h.table = t.group(1).strip(), t.group(4).strip(), t.group(3)
        h.user["tournament"] = t.group(2)
        r.level = (h.amount(t.group(6)), h.amount(t.group(7)))
        date = t.group(8, 9, 10)
        if betting not in _BETTINGS:  # a speed ("Normal", "Turbo"): the site's usual betting of the game
            betting = "Pot Limit" if name.startswith("OMAHA") else "No Limit"
    else:
        c = _CASH.fullmatch(rest)
        if c is None:
            raise h.fail(f"cannot read the game in {shown(rest)}")
        name, betting, date = c.group(3).strip(), c.group(4), c.group(5, 6, 7)
        if name.endswith("ZonePoker"):
            name = name[:-9].strip()
            h.user["zone"] = True
        h.table = c.group(1) or c.group(2)
        h.currency = "USD"
    game = GAMES.get(name)
    if game is None:
        raise h.fail(f"{shown(name)} is not read yet (the games read: docs/histories.md)")
    h.game(_BETTINGS[betting] + game[0], game[1], "stud" if game[1] == 7 else "board")
    try:
        h.date = datetime.date(int(date[0]), int(date[1]), int(date[2]))
    except ValueError:
        raise h.fail(f"no such day: {'-'.join(date)}") from None


def _line(h: Draft, r: Read, line: str) -> None:
    if h.summary:
        _summary_line(h, r, line)
        return
    if r.section == "seats":
        s = _SEAT.fullmatch(line)
        if s is not None:
            name = " ".join(s.group(2).split())
            if position_rank(name) is None:
                raise h.fail(f"seat {s.group(1)}: {shown(name)} is not a position")
            if name in r.seats:
                raise h.fail(f"{shown(name)} seated twice")
            r.seats[name] = (int(s.group(1)), h.amount(s.group(3)), h.line)
            return
        t = _STUD_SEAT.fullmatch(line) if h.kind == "stud" else None
        if t is not None:
            name = f"Seat+{t.group(1)}" + (" [ME]" if t.group(2) else "")
            if name in r.seats:
                raise h.fail(f"{shown(name)} seated twice")
            r.seats[name] = (int(t.group(1)), h.amount(t.group(3)), h.line)
            return
        if line.startswith("Seating Info: "):
            r.seating = [int(x) for x in re.findall(r"[0-9]{1,4}", line[14:])[:100]]
            return
        if _QUIET_LINES.fullmatch(line):
            return
        if not r.seats:
            raise h.fail(f"expected a seat, got {shown(line)}")
        r.section = "posts"
    if line.startswith("*** "):
        r.last = None
        _section(h, r, line)
        return
    a = actor_of(line)
    if a is not None:
        name, rest = " ".join(a[0].split()), a[1].strip()
        if rest[:2] in _QUIET_STARTS and _QUIET.fullmatch(rest):
            return
        if name not in r.seats:  # (a file of 2012 marks the wrong seat "[ME]" in its actions)
            other = name[:-5] if name.endswith(" [ME]") else name + " [ME]"
            if other not in r.seats:
                raise h.fail(f"cannot read {shown(line)} ({shown(name)} is not seated)")
            name = other
        repeat = (name, rest) == r.last
        r.last = (name, rest)
        if repeat and r.section != "action":  # a post written twice (files of 2014): nobody posts twice
            h.user["_repeated_lines"] = h.user.get("_repeated_lines", 0) + 1
            return
        _verb(h, r, name, rest)
        if repeat and r.ops and r.ops[-1][3] == h.line:  # an action written twice: see _build
            r.repeats.add(len(r.ops) - 1)
        return
    b = _TABLE_CARDS.fullmatch(line)
    if b is not None:
        r.last = None
        _street(h, r, b.group(1))
        return
    if _QUIET_LINES.fullmatch(line) or _QUIET.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def actor_of(line: str) -> tuple[str, str] | None:
    """A player's line ``NAME : REST`` cut in two: the groups of ``_ACTOR.fullmatch(line)`` (the name: at most
    61 characters, not beginning with a blank, up to the spaces before the first ``" : "``), found without
    the regex (every line of a hand's actions passes here); ``None`` where it finds none."""
    at = line.find(" : ")
    if at <= 0 or line[0].isspace() or "\n" in line:
        return None
    name = line[:at].rstrip(" ")
    return (name, line[at + 3:]) if len(name) <= 61 else None


def _section(h: Draft, r: Read, line: str) -> None:
    if line == "*** HOLE CARDS ***":
        if r.section == "action":
            raise h.fail("a second '*** HOLE CARDS ***'")
        r.section = "action"
        return
    t = _STUD_STREETS.fullmatch(line) if h.kind == "stud" else None
    if t is not None:  # (the streets are those of the cards dealt)
        if t.group(1):
            r.section = "action"
        return
    if line == "*** SUMMARY ***":
        if r.section != "action":
            raise h.fail("the summary before the cards are dealt")
        h.summary = True
        return
    s = _STREET.fullmatch(line)
    if s is None:
        raise h.fail(f"cannot read {shown(line)}")
    size = {"FLOP": 6, "TURN": 2, "RIVER": 2}[s.group(1)]
    cards = _street(h, r, s.group(2))
    if len(cards) != size:
        raise h.fail(f"the {s.group(1).lower()} has {len(cards) // 2} cards")


def _street(h: Draft, r: Read, text: str) -> str:
    if r.section != "action":
        raise h.fail("a board before the cards are dealt")
    cards = h.cards_of(text)
    dealt = sum(len(c) for kind, _, c, _ in r.ops if kind == "board")
    if dealt >= 10 or len(cards) != BOARD_SIZES[dealt and (dealt - 4) // 2]:
        raise h.fail(f"{len(cards) // 2} board card(s) after {dealt // 2}")
    r.marked = True
    r.ops.append(("board", "", cards, h.line))
    return cards


def _verb(h: Draft, r: Read, name: str, rest: str) -> None:
    u = _UNCALLED.fullmatch(rest)
    if u is not None:  # (also before the cards: a blind or an ante posted all in, bigger than the other)
        r.ops.append(("back", name, h.amount(u.group(1)), h.line))
        return
    if r.section != "action":
        p = _POST.fullmatch(rest)
        if p is None:
            raise h.fail(f"cannot read the post {shown(rest)}")
        r.posts.append((name, _POST_KIND[p.group(1)], h.amount(p.group(2)), h.line))
        return
    d = _DEALT.fullmatch(rest)
    if d is not None and h.kind == "stud":
        _stud_card(h, r, name, d.group(1))
        return
    b = _BRING_IN.fullmatch(rest) if h.kind == "stud" else None
    if b is not None:
        r.ops.append(("bring", name, h.amount(b.group(1)), h.line))
        return
    if d is not None:
        if name in r.holes:
            raise h.fail(f"{shown(name)} is dealt cards twice")
        cards = h.cards_of(d.group(1))
        if len(cards) != 2 * h.hole:
            raise h.fail(f"{shown(name)} is dealt {len(cards) // 2} cards, not {h.hole}")
        r.holes[name] = (cards, h.line)
        return
    if _FOLD.fullmatch(rest):
        r.ops.append(("f", name, None, h.line))
    elif _CHECK.fullmatch(rest):
        r.ops.append(("x", name, None, h.line))
    elif (c := _CALL.fullmatch(rest)) is not None:
        r.ops.append(("c", name, h.amount(c.group(1)), h.line))
    elif (b := _BET.fullmatch(rest)) is not None:  # (stud: a double bet is the big bet on fourth street)
        r.ops.append(("add" if b.group(1)[0] == "B" else "dbl", name, h.amount(b.group(2)), h.line))
    elif (x := _RAISE.fullmatch(rest)) is not None:
        h.amount(x.group(1))
        r.ops.append(("to", name, h.amount(x.group(2) or x.group(1)), h.line))
    elif (a := _ALLIN.fullmatch(rest)) is not None:
        chips = h.amount(a.group(2))
        if a.group(3) is not None:
            r.ops.append(("to", name, h.amount(a.group(3)), h.line))
        else:  # "All-in(raise) $x" (2012) is a raise to x; "All-in $x" adds x
            r.ops.append(("to" if a.group(1) else "add", name, chips, h.line))
    elif _SHOWDOWN.fullmatch(rest):
        r.ops.append(("show", name, None, h.line))
    elif _MUCKS.fullmatch(rest):
        r.ops.append(("muck", name, None, h.line))
    elif _NO_SHOW.fullmatch(rest):
        return
    elif (u := _RESULT.fullmatch(rest)) is not None:
        r.ops.append(("won", name, h.amount(u.group(2)), h.line))
    else:
        raise h.fail(f"cannot read {shown(name + ' : ' + rest)}")


def _stud_card(h: Draft, r: Read, name: str, text: str) -> None:
    """A stud player's cards of a street (third street: two down, one up; then one): the next street begins
    with its first card dealt."""
    street = sum(1 for (who, _) in r.stud if who == name)
    cards = h.cards_of(text)
    if street > 4 or len(cards) != (6 if street == 0 else 2):
        raise h.fail(f"{shown(name)} is dealt {len(cards) // 2} card(s) on street {street + 3}")
    r.stud[(name, street)] = cards
    if street > r.street:
        r.street = street
        r.ops.append(("street", "", street, h.line))


def _summary_line(h: Draft, r: Read, line: str) -> None:
    s = _SUMMARY_SEAT.match(line) if line.startswith("Seat") else None
    if s is not None:
        if r.said is None:  # the summary's seat lines state every player's winnings: nothing said is 0
            r.said = []
        if "Folded" not in line:  # (a seat that folded won nothing)
            _said(h, r, int(s.group(1)), line[s.end():])
        return
    t = _TOTAL.fullmatch(line)
    if t is not None:
        if h.total is not None:
            raise h.fail("a second 'Total Pot' line")
        h.total = h.amount(t.group(1))
        if t.group(2) is not None:
            h.rake = h.amount(t.group(2))
        return
    b = _BOARD.fullmatch(line)
    if b is not None:
        if r.board is not None:
            raise h.fail("a second board in the summary")
        r.board = h.cards_of(b.group(1)) if b.group(1).strip() else ""
        if len(r.board) > 10:
            raise h.fail(f"a board of {len(r.board) // 2} cards")
        return
    raise h.fail(f"cannot read {shown(line)}")


def _said(h: Draft, r: Read, seat: int, rest: str) -> None:
    """What a summary's seat line says its player won (``Seat+3: Dealer $0.05 [Does not show]``, ``Seat+1:
    Big Blind HI $1.86 with Flush [...] LO $1.85 [...]``; stud names no position: ``Seat+2:  HI $6.80 ...``),
    kept for :func:`~.bovada_hand.build`."""
    assert r.said is not None
    if h.kind == "stud":  # seats named "Seat+N": the line's seat number names the player
        name = next((n for n, (x, _, _) in r.seats.items() if x == seat), None)
    else:
        p = _SAID_POSITION.match(rest)
        if p is None:
            return
        name = next((n for n in (p.group(1) + " [ME]", p.group(1)) if n in r.seats), None)
        rest = rest[p.end():]
    if name is None:
        return
    first = _SAID_FIRST.match(rest)
    amounts = [first.group(1)] if first is not None else []
    if "LO" in rest:  # (a low half, after the high half or the hand; card brackets hold no "LO")
        amounts += _SAID_LO.findall(rest)
    for text in amounts:
        r.said.append((name, h.amount(text), h.line))




def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int] | None:
    """Bovada's rake of ``hand`` drawn from ``pots`` (the site check's hook): :func:`draw_rake` of the file's
    rake; ``None`` (the check's own draw) for one pot or a rake the pots cannot give."""
    del flop  # (the file's rake whatever the flop)
    rake = hand.rake
    if rake is None or len(pots) < 2 or not 0 <= rake <= sum(pots) or not sum(pots):
        return None
    return draw_rake(rake, pots)


def draw_rake(rake: int, pots: list[int]) -> list[int]:
    """``rake`` drawn from ``pots`` (main pot first, ``0 <= rake <= sum(pots)``) as Bovada draws it: in
    proportion to the pots, each pot's share but the last rounded up (cumulatively), the last pot the rest.

    Measured on the 6 real hands whose main pot and side pot went to different players and whose
    shares the proportional draw rounds the other way, e.g. 3435164733: 5 cents from pots of 22 and 82 cents,
    2 from the main pot and 3 from the side pot (5 x 22 / 104 is 1.06); 3757060944: 88 cents from 1,601 and
    174, 80 and 8 (79.4 and 8.6).

    >>> draw_rake(5, [22, 82]), draw_rake(88, [1601, 174]), draw_rake(0, [10, 10]), draw_rake(3, [1, 1, 1])
    ([2, 3], [80, 8], [0, 0], [1, 1, 1])
    """
    total = sum(pots)
    parts: list[int] = []
    before = running = 0
    for amount in pots[:-1]:
        running += amount
        upto = min(rake, -(-rake * running // total))  # (the share so far, rounded up)
        parts.append(max(0, min(amount, upto - before)))
        before += parts[-1]
    parts.append(rake - before)
    return parts
