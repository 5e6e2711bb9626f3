"""Read Full Tilt Poker hand histories (the client's text files, 2005-2016) into :class:`~.sitehand.SiteHand` values.

Each hand becomes a PHH record through the shared builder (:class:`~.draft.Draft`: position order, amounts
in minor units, cents for money, whole chips for tournament and play chips, unknown cards ``??``) and
what the file says was paid: each "wins"/"ties for" line (per pot: main, side, high and low halves),
the uncalled bets returned, the summary's total pot and rake, which :func:`pokerengine.replay.site_check.check_site`
compares with the engine's settlement.  The site's rake rule is not known: the file's rake is taken
as given and drawn from the pots.

>>> text = '''Full Tilt Poker Game #7: Table Bravo (6 max) - $0.05/$0.10 - No Limit Hold'em - 19:00:42 ET - 2014/01/05
... Seat 1: ann ($10)
... Seat 2: bob ($5.50)
... Seat 3: cy ($4), is sitting out
... ann posts the small blind of $0.05
... bob posts the big blind of $0.10
... The button is in seat #1
... *** HOLE CARDS ***
... ann raises to $0.30
... bob calls $0.20
... *** FLOP *** [Ah Kd 2c] (Total Pot: $0.60, 2 Players)
... bob checks
... ann bets $0.40
... bob folds
... Uncalled bet of $0.40 returned to ann
... ann mucks
... ann wins the pot ($0.58)
... *** SUMMARY ***
... Total pot $0.60 | Rake $0.02
... Board: [Ah Kd 2c]
... Seat 1: ann (small blind) collected ($0.58), mucked
... Seat 2: bob (big blind) folded on the Flop
... Seat 3: cy is sitting out'''
>>> [hand] = parse_fulltilt(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[2:]
(('bob', 'ann'), (550, 1000), ('p2 cbr 30', 'p1 cc', 'd db AhKd2c', 'p1 cc', 'p2 cbr 40', 'p1 f'))
>>> hand.collected, hand.total_pot, hand.rake, hand.returned
((Collected(player='ann', pot=0, amount=58),), 60, 2, (0, 40))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_fulltilt(text.replace("bob calls $0.20", "bob calls lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 7, line 10: bad amount 'lots'

Read: the headers of every era (``FullTiltPoker Game #`` of 2005-2009, ``Full Tilt Poker Game #`` with the
stakes before the game, and the 2013 layout with the game first: ``NL Hold'em - $0.01/$0.02``), cash games in
dollars and euros, play chips (``500K/1000K``: thousands and millions written ``K``, ``M``, ``B``),
tournaments (sit & go, MTT, Matrix matches, Flipouts: every ante all in, the blinds' ``checks`` before the
deal passed over), the games of :data:`GAMES`: hold'em and Omaha (4, 5 and 6 cards, hi and hi/lo) in fixed,
pot and no limit, stud hi and hi/lo, razz, 2-7 single and triple draw, A-5 triple draw, five-card draw,
badugi; capped tables (``$2,000 Cap``, ``CAP NL``: a player who reaches the cap is all in for the rest of the
hand, ``and is capped``); antes, blinds, a dead small blind, a live blind posted out of position (``posts
$1``), "and is all in", uncalled bets, main and side pots, high and low halves, ties, run it twice (``TURN
1``, ``TURN 2``, ``SUMMARY 1``), stud bring-ins and completions, draws (others' cards unknown), observers' and
players' chat, sit-outs, joins, time-outs and disconnections, the separators and ``BEGIN`` line of archived
files, byte-order marks, UTF-16 and Windows-1252 files, Windows line ends. A hand with fewer than two players
dealt in (everyone sitting out) is a cancelled hand (skipped unless ``cancelled=True``). Irish, Courchevel and
five-card stud raise :class:`HistoryParseError` naming the game (the engine has no such variant). A tournament
summary (``Full Tilt Poker Tournament Summary``) is not a hand history: :func:`pokerengine.formats.detect`
gives ``None`` for such a file and this reader refuses it; one inside a file of hands is skipped.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and :data:`MAX_HAND_LINES`
non-blank lines a hand; amounts of at most 15 digits.  Time and memory are linear in the size of the
text.  Every error is a :class:`HistoryParseError` naming the file, the hand id and the line number
(1-based, in the file).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from .._checks import shown
from . import read_text
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import MAX_TEXT_CHARS as MAX_TEXT_CHARS
from .blocks import (
    Block,
    HandError,
    checked_text,
    glued,
    hand_blocks,
    only_hands,
    read_blocks,
)
from .draft import Draft, fail
from .pokerstars_games import dealt_cards, draw_line
from .sitehand import Collected, SiteHand

#: Full Tilt's game names: name -> (the game part of the PHH variant code, cards a player holds, kind).
GAMES: dict[str, tuple[str, int, str]] = {
    "Hold'em": ("T", 2, "board"),
    "Omaha": ("O", 4, "board"), "Omaha Hi": ("O", 4, "board"),
    "Omaha H/L": ("O/8", 4, "board"), "Omaha Hi/Lo": ("O/8", 4, "board"),
    "5 Card Omaha": ("O5", 5, "board"), "5 Card Omaha Hi": ("O5", 5, "board"),
    "5 Card Omaha H/L": ("O5/8", 5, "board"), "5 Card Omaha Hi/Lo": ("O5/8", 5, "board"),
    "6 Card Omaha": ("O6", 6, "board"), "6 Card Omaha Hi": ("O6", 6, "board"),
    "6 Card Omaha H/L": ("O6/8", 6, "board"), "6 Card Omaha Hi/Lo": ("O6/8", 6, "board"),
    "Stud Hi": ("7S", 7, "stud"), "Stud": ("7S", 7, "stud"), "7 Card Stud": ("7S", 7, "stud"),
    "Stud H/L": ("7S/8", 7, "stud"), "Stud Hi/Lo": ("7S/8", 7, "stud"), "7 Card Stud H/L": ("7S/8", 7, "stud"),
    "Razz": ("R", 7, "stud"),
    "2-7 Triple Draw": ("2L3D", 5, "draw"), "2-7 Single Draw": ("2L1D", 5, "draw"),
    "A-5 Triple Draw": ("AL3D", 5, "draw"), "5 Card Draw": ("5CD", 5, "draw"), "Badugi": ("B", 4, "draw"),
}
#: Games Full Tilt dealt that the engine has no variant for (refused, naming the game).
NOT_READ = ("Irish", "Courchevel Hi", "Courchevel H/L", "Courchevel", "5 Card Stud", "5 Card Stud Hi")

_BETTING = {"No Limit": "N", "NL": "N", "Pot Limit": "P", "PL": "P", "Limit": "F", "FL": "F", "Fixed Limit": "F"}
_START = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #")
_HEADER = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #([0-9]{1,30}): (.+)")
_NAMES = "|".join(re.escape(n) for n in sorted((*GAMES, *NOT_READ), key=len, reverse=True))
_GAME = re.compile(r"(?:(CAP) |(\S{1,20}) Cap |([$€£][0-9][0-9,.]{0,15}) )?(No Limit|Pot Limit|Fixed Limit|Limit|NL|PL|FL) ("
                   + _NAMES + ")")
_STAKES = re.compile(r"(\S{1,20})/(\S{1,20})(?: Ante (\S{1,20}))?")
_TOURNAMENT = re.compile(r"(.{0,200}) \(([0-9]{1,20})\), (?:Table|Match) (.{1,100})")
_MAX = re.compile(r".*\((?:[^()]*, )?([0-9]{1,2}) max(?:, [^()]*)?\)|.*\((?:[^()]*, )?heads up(?:, [^()]*)?\)")
_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.{1,100}?) \(([^()\s]{1,30})\)(, is sitting out)?")
_BUTTON = re.compile(r"The button is in seat #([0-9]{1,2})")
#: PokerStars' table line, which Full Tilt never wrote (its hands say ``The button is in seat #N``).
_STARS_TABLE = re.compile(r"Table '[^']{1,100}' [0-9]{1,2}-max Seat #[0-9]{1,2} is the button")
_ALLIN = re.compile(r"(.*?),? and is (?:all in|capped)")
_VERB = re.compile(
    r"(folds|checks|calls|bets|raises to|posts the small blind of|posts the big blind of|posts a dead small blind of"
    r"|posts a dead big blind of|posts|antes|brings in for|completes it to|shows|mucks|discards|stands pat)(?: (.*))?")
_BOARD = re.compile(r"\*\*\* (FLOP|TURN|RIVER)(?: ([12]))? \*\*\* (?:\[[^]]*\] )?\[([^]]*)\](?: \(.*\))?")
_STUD = re.compile(r"\*\*\* (3RD|4TH|5TH|6TH|7TH) STREET \*\*\*(?: \(.*\))?")
_DRAW = re.compile(r"\*\*\* (?:FIRST |SECOND |THIRD )?DRAW \*\*\*(?: \(.*\))?")
_WINS = re.compile(r"(.+) (?:wins|ties for) (?:the )?(?:(?:high|low) )?(?:(main|side) )?pot(?: #?([0-9]{1,2}))?"
                   r" \(([^()\s]{1,30})\)(?: with .*)?")
_UNCALLED = re.compile(r"Uncalled bet of (\S+) returned to (.+)")
_TOTAL = re.compile(r"Total pot (\S+)(?: Main pot .*?)?(?: \| Rake (\S+))?")
_SUMMARY_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.*)")
#: Each amount a summary's seat line says its player won (hi/lo halves, runs: each part).
_WON_EACH = re.compile(r" (?:collected|and won|wins the (?:main |side )?pot) \(([^()\s]{1,30})\)")
_SHOWN = re.compile(r".* (?:showed|mucked) \[([^]]*)\].*")
_WON = re.compile(r".*? (?:collected|and won|wins the (?:main |side )?pot) \(([^()\s]{1,30})\).*")
_POTS = re.compile(r"(?:Main|Side) pot(?: [0-9]{1,2})? ([^ |]{1,30}?)\.?(?= |$)")
_SUMMARY_OTHER = re.compile(r"Board: \[.*\]|Duration \S+|Pot [12] \S+|\*\*\* SUMMARY [12] \*\*\*")
#: Lines that say nothing the check needs (a player's, an observer's or the table's notices).
_NOTICE = re.compile(
    r".{1,120}? (?:has [0-9]{1,3} seconds? (?:left to act|to reconnect)|has timed out|is sitting out|has returned"
    r"|has been disconnected|has reconnected|is connected|is disconnected|sits down|stands up|adds \S{1,30}"
    r"|has requested TIME|is feeling [a-z]{1,20}|is (?:low|high) with \[[^]]*\]|is dealt [0-9] cards?"
    r"|leaves the table|has left the table|seat is now reserved|will be allowed to play after the button)"
    r"|[0-9]{1,3} seconds left to act|Players agree to Run It Twice|No low hand qualified|Seats: [0-9]{1,2}"
    r"|The blinds are now .*|Time has expired.*|.{1,120}? \(Observer\): .*| \([^()]*\)")
_OUTSIDE = re.compile(r"BEGIN|\*{5,} # [0-9]{1,9} \*{5,}|[\s\ufffd\x00]*")
_SUMMARY_FILE = "Full Tilt Poker Tournament Summary"
_SCALE = {"K": 1_000, "M": 1_000_000, "B": 1_000_000_000}


#: A hand's first line that the line before it runs into (the hand before cut short), from its start: a
#: header with a time of day (:func:`.blocks.glued`).
_CUT = glued(_START, re.compile(r'(?:Full Tilt Poker|FullTiltPoker) Game #[0-9]{1,30}: .{0,400}?[0-9]{1,2}:[0-9]{1,2}(?::[0-9]{1,2})?[^"]{0,80}'))


def iter_fulltilt(text: str | bytes, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a Full Tilt file's text (or bytes, decoded by :func:`.encodings.decode`), in order.

    A hand the site dealt to fewer than two players (everyone else sitting out) is skipped, its index kept
    by the hands after it; with ``cancelled=True`` it is given too (user field ``_cancelled``) when two
    or more players were seated."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str | bytes, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_fulltilt`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`).

    An archive's separators (``BEGIN``, ``***** # 1 *****``) and blank lines stand between hands; a
    tournament summary ends the hand before it and is passed over up to the next hand."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file, decode_bytes=True)
    summary = skipping = False

    def skip(line: str) -> bool:  # (blank lines, and a tournament summary's)
        nonlocal summary, skipping
        if _START.match(line):
            skipping = False
            return False
        if line.startswith(_SUMMARY_FILE):
            summary = skipping = True
            return True
        return skipping or not (line.strip() and line.strip("\ufffd\x00"))

    def empty() -> str:
        return "a tournament summary, not a hand history" if summary else "no Full Tilt hand in the text"

    blocks = hand_blocks(text, where=where_file, starts=_START.match, name="Full Tilt",
                         expected="'Full Tilt Poker Game #...'", skip=skip, outside=_OUTSIDE.fullmatch, empty=empty,
                         cut=_CUT, mark="Poker Game #")
    yield from read_blocks(blocks, lambda b: _hand(_lines(b), where_file, source, b.index, cancelled), errors=errors)


def _lines(b: Block) -> list[tuple[int, str]]:
    """A block's numbered lines, the hand's first as written, the others without trailing spaces."""
    return [(b.first, b.lines[0]), *((k, line.rstrip(" ")) for k, line in zip(b.numbers[1:], b.lines[1:]))]


def parse_fulltilt(text: str | bytes, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of a Full Tilt text, as :class:`~.sitehand.SiteHand` values (see :func:`iter_fulltilt`)."""
    return list(iter_fulltilt(text, source=source, cancelled=cancelled))


def read_fulltilt(path: str) -> list[SiteHand]:
    """Every hand of a Full Tilt file, in whichever encoding it comes (:func:`pokerengine.formats.read_text`:
    at most :data:`pokerengine.phh.reader.MAX_FILE_BYTES` bytes read)."""
    return parse_fulltilt(read_text(path), source=path)


class _Hand:
    """The reader's state of one hand besides its :class:`Draft`: the cap, each player's chips put in
    before this betting round (for the cap), the seats the summary lists as dealt in."""

    __slots__ = ("h", "cap", "capped", "before", "listed", "won", "pots", "board", "folded", "uncalled", "posted_all_in")

    def __init__(self, h: Draft) -> None:
        self.h = h
        self.cap: int | None = None
        self.capped = False  # a capped table whose cap the header does not say
        self.before: dict[str, int] = {}
        self.listed: dict[int, bool] = {}  # summary seat -> dealt in (not sitting out)
        self.won: list[tuple[int, int]] = []  # the summary's (seat, amount collected)
        self.pots: list[int] = []  # the summary's main and side pots, when it lists them
        self.board = ""  # the summary's board
        self.folded: set[int] = set()  # seats the summary says folded
        self.uncalled = False  # the hand writes an "Uncalled bet" line
        self.posted_all_in: set[str] = set()  # players whose ante or blind put them all in

    def amount(self, text: str) -> int:
        """An amount, ``K``/``M``/``B`` thousands, millions and billions (play chips) included."""
        scale = _SCALE.get(text[-1:]) if len(text) > 1 else None
        if scale is not None:
            return self.h.amount(text[:-1]) * scale
        return self.h.amount(text)

    def new_round(self) -> None:
        for name, chips in self.h.committed.items():
            self.before[name] = self.before.get(name, 0) + chips
        self.h.new_round()


def _hand(block: list[tuple[int, str]], where_file: str, source: str | None, index: int,
          cancelled: bool) -> SiteHand | None:
    start, first = block[0]
    m = _HEADER.fullmatch(first)
    if m is None:
        raise fail(where_file, start, f"cannot read the hand's first line {shown(first)}")
    h = Draft("fulltilt", m.group(1), f"{where_file}, hand {m.group(1)}", start)
    r = _Hand(h)
    if len(block) > 1 and _STARS_TABLE.fullmatch(block[1][1]):  # (a hand written by hand, not by the client)
        h.line = block[1][0]
        raise h.fail(f"a Full Tilt header over PokerStars' lines ({shown(block[1][1])}, 'NAME: posts small blind'): "
                     "the file contradicts itself")
    _header(r, m.group(2))
    for k, line in block[1:]:
        h.line = k
        _line(r, line)
    h.line = block[-1][0]
    if not h.seats:
        raise h.fail("the hand has no seats")
    # dealt in: whoever posted or acted, and whoever neither the seat line nor the summary says sat out
    active = {name for name, _, _ in h.posts} | {name for _, name, _ in h.events if name}
    for name, (seat, _) in sorted(h.seats.items(), key=lambda x: x[1][0]):
        if name in active or name not in h.out and r.listed.get(seat, True):
            h.dealt_in(seat)
    if h.summary and len(h.summary_seats) < 2:
        h.cancelled = True
    _complete(r)
    if not h.collected:  # no "wins" line: the summary's "collected" amounts
        by_seat = {seat: name for name, (seat, _) in h.seats.items()}
        for seat, amount in r.won:
            if seat in by_seat:
                h.collect(by_seat[seat], amount)
    if r.cap is not None:
        h.seats = {name: (seat, min(stack, r.cap)) for name, (seat, stack) in h.seats.items()}
    hand = h.finish(source, index, cancelled=cancelled, last_line=block[-1][0])
    if hand is not None and not r.uncalled:  # (hands that write no such line leave it to the total pot)
        hand = attrs.evolve(hand, returned=None)
    if hand is not None and r.pots and h.rake is not None:
        rakes = _pot_rakes(r.pots, h.rake, hand.collected)
        if rakes is not None:
            hand = attrs.evolve(hand, pot_rakes=rakes)
    return hand


def _pot_rakes(pots: list[int], rake: int, collected: tuple[Collected, ...]) -> tuple[int, ...] | None:
    """Each pot's rake, main pot first: where every win names its pot, what each pot (as the summary lists
    it, before rake) paid less than it held, every run's part of it together (a 2011 six-card Omaha hand
    rakes every pot, about 5% each);
    else the rake drawn from the main pot first (the side pots paid unraked, as most files show).
    ``None`` when neither gives the file's rake."""
    paid = [0] * len(pots)
    if collected and all(c.pot is not None and 0 <= c.pot < len(pots) for c in collected):
        for c in collected:
            paid[c.pot or 0] += c.amount
        each = tuple(pot - won for pot, won in zip(pots, paid))
        if all(x >= 0 for x in each) and sum(each) == rake:
            return each
    rakes, left = [], rake  # Full Tilt draws the rake from the main pot first (docs/histories.md)
    for pot in pots:
        rakes.append(min(pot, left))
        left -= rakes[-1]
    return tuple(rakes) if not left else None


def _complete(r: _Hand) -> None:
    """What some files leave out and their summary says: the last board cards, a last fold."""
    h = r.h
    if h.cancelled or h.kind != "board" or not h.summary:
        return
    dealt = "".join(h.runs[0])
    if len(h.runs) == 1 and len(r.board) > len(dealt) and r.board.startswith(dealt):
        rest = r.board[len(dealt):]
        while rest:
            size = 6 if not dealt else 2
            h.board(rest[:size])
            dealt, rest = dealt + rest[:size], rest[size:]
    if h.showdown or len(h.runs[0]):
        return
    acted = {name for kind, name, _ in h.events if kind == "f"}
    for name, (seat, _) in h.seats.items():
        if seat in r.folded and name not in acted and seat in h.summary_seats:
            h.fold(name)


def _header(r: _Hand, rest: str) -> None:
    h = r.h
    fields = rest.split(" - ")
    at = next((i for i, f in enumerate(fields) if _GAME.fullmatch(f)), None)
    if at is None:
        raise h.fail(f"cannot read the game in {shown(rest)}")
    g = _GAME.fullmatch(fields[at])
    assert g is not None
    stakes = next(((j, s) for j in (at - 1, at + 1) if 0 < j < len(fields) and (s := _STAKES.fullmatch(fields[j]))),
                  None)
    if stakes is None:
        raise h.fail(f"cannot read the stakes in {shown(rest)}")
    where, s = stakes
    name = g.group(5)
    if name not in GAMES:
        raise h.fail(f"{shown(g.group(4) + ' ' + name)} is not read (the engine has no such variant)")
    table = " - ".join(fields[:min(at, where)])
    t = _TOURNAMENT.fullmatch(table)
    if t is not None:
        h.money = False
        h.table = t.group(3)
        h.user["_tournament"] = t.group(2)
    elif table.startswith("Table "):
        h.table = re.sub(r" \([^()]*\)$", "", table[6:])  # (without its "(6 max, deep)")
        h.money = s.group(1)[:1] in "$€£"
    else:
        raise h.fail(f"cannot read the table in {shown(rest)}")
    x = _MAX.fullmatch(table)
    if x is not None:
        h.max_seats = int(x.group(1)) if x.group(1) else 2
    part, hole, kind = GAMES[name]
    h.game(_BETTING[g.group(4)] + part, hole, kind)
    h.stakes(r.amount(s.group(1)), r.amount(s.group(2)))
    cap = g.group(2) or g.group(3)
    if cap is not None:
        r.cap = r.amount(cap)
    r.capped = g.group(1) is not None
    if h.currency is None and h.money:
        h.currency = "USD"


def _line(r: _Hand, line: str) -> None:
    h = r.h
    if _OUTSIDE.fullmatch(line):  # an archive's separator after a hand
        return
    if h.summary:
        _summary_line(r, line)
        return
    if h.section == "seats":
        s = _SEAT.fullmatch(line)
        if s is not None:
            h.seat(int(s.group(1)), s.group(2), r.amount(s.group(3)), out=s.group(4) is not None)
            return
        if line.startswith("Seats: ") and _NOTICE.fullmatch(line):
            return
        h.section = "blinds"
    if line.startswith("*** "):
        _section(r, line)
        return
    for at in h.name_ends(line):
        v = _VERB.fullmatch(line, at + 1)
        if v is not None:
            _verb(r, line[:at], v.group(1), v.group(2) or "")
            return
    if line.startswith("Dealt to "):
        _dealt(h, line[9:])
        return
    w = _WINS.fullmatch(line)
    if w is not None and w.group(1) in h.seats:
        pot = None if w.group(3) is not None and w.group(2) is None else int(w.group(3) or 1) if w.group(2) == "side" else 0
        h.collect(w.group(1), r.amount(w.group(4)), pot)
        return
    u = _UNCALLED.fullmatch(line)
    if u is not None and u.group(2) in h.seats:
        r.uncalled = True
        if h.section == "blinds":  # antes over another's all-in ante come back: the ante was that much
            _ante_back(h, u.group(2), r.amount(u.group(1)))
        else:
            h.uncalled(u.group(2), r.amount(u.group(1)))
        return
    b = _BUTTON.fullmatch(line)
    if b is not None:
        h.button = int(b.group(1))
        return
    if _NOTICE.fullmatch(line) or _chat(h, line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _ante_back(h: Draft, name: str, chips: int) -> None:
    for k in range(len(h.posts) - 1, -1, -1):
        who, kind, amount = h.posts[k]
        if who == name and kind == "ante" and amount >= chips:
            h.posts[k] = (who, kind, amount - chips)
            return
    raise h.fail(f"an uncalled bet returned to {shown(name)} before the cards are dealt")


def _chat(h: Draft, line: str) -> bool:
    """A player's chat line (``NAME: text``)."""
    return h.actor(line) is not None


def _dealt(h: Draft, rest: str) -> None:
    """``Dealt to NAME [CARDS]`` (stud and draw: ``[KEPT] [NEW]``); NAME may hold `` [``."""
    for at in h.name_ends(rest, " ["):
        name = rest[:at]
        m = re.fullmatch(r"\[([^]]*)\](?: \[([^]]*)\])?", rest[at + 1:])
        if m is not None:
            if h.kind == "board":
                if m.group(2) is not None or h.section != "action":
                    raise h.fail(f"cannot read the cards dealt to {shown(name)}")
                h.holds(name, m.group(1))
            else:
                dealt_cards(h, name, m.group(1), m.group(2))
            return
    raise h.fail(f"cannot read {shown('Dealt to ' + rest)}")


def _section(r: _Hand, line: str) -> None:
    h = r.h
    if line == "*** HOLE CARDS ***":
        if h.kind == "stud" or h.section == "action" and h.events:
            raise h.fail(f"{shown(line)} out of place")
        h.start_betting()  # (some files write it twice)
        return
    if line == "*** SUMMARY ***":
        h.summary = True
        return
    if line.startswith("*** SHOW DOWN") and line in ("*** SHOW DOWN ***", "*** SHOW DOWN 1 ***", "*** SHOW DOWN 2 ***"):
        h.showdown = True
        return
    s = _STUD.fullmatch(line)
    if s is not None and h.kind == "stud":
        street = int(s.group(1)[0]) - 3
        if street != h.street + 1 or h.showdown:
            raise h.fail(f"{shown(line)} out of order")
        h.street = street
        h.section = "action"
        r.new_round()
        h.events.append(("street", "", street))
        return
    if _DRAW.fullmatch(line) and h.kind == "draw" and h.section == "action" and not h.showdown:
        r.new_round()
        return
    b = _BOARD.fullmatch(line)
    if b is None or h.section != "action" or h.kind != "board":
        raise h.fail(f"cannot read {shown(line)}")
    cards = h.cards_of(b.group(3))
    size = 6 if b.group(1) == "FLOP" else 2
    if len(cards) != size:
        raise h.fail(f"the {b.group(1).lower()} has {len(cards) // 2} cards")
    run = 1 if b.group(2) == "2" else 0
    if run == 0:
        r.new_round()
    h.board(cards, run)


def _verb(r: _Hand, name: str, verb: str, rest: str) -> None:
    h = r.h
    a = _ALLIN.fullmatch(rest)
    capped = a is not None and rest.endswith("capped")
    if a is not None:
        rest = a.group(1)
    if verb.startswith("posts") or verb == "antes":
        if h.section != "blinds":
            raise h.fail(f"{shown(name)} posts after the cards are dealt")
        kind = {"posts the small blind of": "sb", "posts the big blind of": "bb", "posts a dead small blind of": "ante",
                "posts a dead big blind of": "ante", "posts": "bb", "antes": "ante"}[verb]
        h.post(name, kind, r.amount(rest))
        if a is not None:
            r.posted_all_in.add(name)
        return
    if verb == "checks" and h.section == "blinds" and name in r.posted_all_in and not rest:
        return  # (a Flipout's blinds, all in from their antes, "check" before the deal: nothing to act on)
    if verb == "folds" or verb == "checks":
        if rest:
            raise h.fail(f"cannot read {shown(verb + ' ' + rest)}")
        (h.fold if verb == "folds" else h.check)(name)
    elif verb == "calls":
        r.amount(rest)
        h.call(name)
    elif verb in ("bets", "raises to", "completes it to"):
        if verb == "completes it to" and (h.kind != "stud" or h.street != 0):
            raise h.fail(f"{shown(name)} completes outside third street")
        h.raise_to(name, r.amount(rest))
    elif verb == "brings in for":
        if h.kind != "stud" or h.street != 0 or h.bring_in is not None or h.section != "action":
            raise h.fail(f"cannot read {shown(name + ' ' + verb + ' ' + rest)}")
        h.bring_in = r.amount(rest)
        h.events.append(("pb", name, None))
        h.committed[name] = h.bring_in
        h.top = max(h.top, h.bring_in)
    elif verb == "discards" or verb == "stands pat":
        draw_line(h, name, verb, " " + rest if rest else "")
    elif verb == "shows":
        m = re.match(r"\[([^]]*)\]", rest)
        if m is not None:
            h.show(name, m.group(1))
    elif verb == "mucks":
        if rest and not (rest.startswith("[") and rest.endswith("]")):
            raise h.fail(f"cannot read the muck {shown(rest)}")
        h.muck(name)
    if capped:
        total = r.before.get(name, 0) + h.committed.get(name, 0)
        if r.cap is None and r.capped:
            r.cap = total


def _summary_line(r: _Hand, line: str) -> None:
    h = r.h
    t = _TOTAL.fullmatch(line)
    if t is not None:
        h.total = r.amount(t.group(1))
        h.rake = r.amount(t.group(2)) if t.group(2) is not None else None
        r.pots = [r.amount(p) for p in _POTS.findall(line[:t.end(1) + 200])]
        return
    s = _SUMMARY_SEAT.fullmatch(line)
    if s is not None:
        seat, what = int(s.group(1)), s.group(2)
        dealt = not what.endswith("is sitting out")
        r.listed[seat] = r.listed.get(seat, False) or dealt
        if "folded" in what:
            r.folded.add(seat)
        w = _WON.fullmatch(what)
        if w is not None:
            r.won.append((seat, r.amount(w.group(1))))
        h.state_won_line(seat, what, _WON_EACH)
        c = _SHOWN.fullmatch(what)
        if c is not None and h.kind == "board":
            name = next((n for n, (x, _) in h.seats.items() if x == seat), None)
            if name is not None and name not in h.cards:
                h.holds(name, c.group(1))
        return
    if line.startswith("Board: [") and line.endswith("]"):
        r.board = r.board or h.cards_of(line[8:-1])
        return
    if _SUMMARY_OTHER.fullmatch(line) or _NOTICE.fullmatch(line) or _chat(h, line):
        return
    raise h.fail(f"cannot read {shown(line)}")
