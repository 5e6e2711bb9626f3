"""Read Winning Poker Network hand histories (Americas Cardroom, Black Chip, Yatahay...) into
:class:`~pokerengine.formats.sitehand.SiteHand` values.

The network has written two formats, both read: the older one (to about 2019) begins each hand with
``Game started at:`` and writes every action as ``Player NAME ...`` with its amount in parentheses,
the chips the action adds; the newer one (ACR's, from about 2019) begins ``Hand #`` (``Game Hand #``
for tournaments) and is close to PokerStars' text.  Each hand becomes a PHH
:class:`~pokerengine.phh.record.HandHistory` (position order: p1 the first seat left of the
button, the button last; cents for money, whole chips for tournament chips; cards nobody showed
are ``????``) and what the file says was paid, which :func:`pokerengine.replay.site_check.check_site`
compares with the engine's settlement.

>>> text = '''Game started at: 2014/3/9 16:56:43
... Game ID: 261641952 0.10/0.25 Tantalite (Hold'em)
... Seat 2 is the button
... Seat 1: ann (44.52).
... Seat 2: bob (19.62).
... Seat 3: cy (29.94).
... Player cy has small blind (0.10)
... Player ann has big blind (0.25)
... Player cy received a card.
... Player cy received a card.
... Player ann received a card.
... Player ann received a card.
... Player bob received card: [Ah]
... Player bob received card: [Kd]
... Player bob raises (0.75)
... Player cy folds
... Player ann folds
... Uncalled bet (0.50) returned to bob
... ------ Summary ------
... Pot: 0.60. Rake 0
... Player ann does not show cards.Bets: 0.25. Collects: 0. Loses: 0.25.
... *Player bob mucks (does not show cards). Bets: 0.25. Collects: 0.60. Wins: 0.35.
... Player cy does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.
... Game ended at: 2014/3/9 16:57:15'''
>>> [hand] = parse_winning(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[3:]
(('cy', 'ann', 'bob'), (2994, 4452, 1962), ('p3 cbr 75', 'p1 f', 'p2 f'))
>>> hand.collected, hand.returned, hand.total_pot, hand.rake
((Collected(player='bob', pot=None, amount=60),), (0, 0, 50), 60, 0)
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_winning(text.replace("raises (0.75)", "raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 261641952, line 15: cannot read 'Player bob raises lots'

Read: hold'em, 6+ hold'em and Omaha (4 and 5 cards, hi and hi/lo) in no limit, pot limit and fixed
limit, seven card stud and stud hi/lo (fixed limit: :mod:`.winning_games`, the older format's streets
named one short), cash games (real and play money, capped tables) and tournaments (antes, blinds posted after
the hole cards); blinds posted out of position (``posts``: live), dead (``posts (x) as a dead
bet``; ``posts dead $x``: the small blind dead, the big live), straddles; ``allin``, ``caps`` (a
capped table: the player is all in for the cap) and ``is disconnected and ALL IN`` (the player is
held all in for what he has put in: his stack is taken as that much, ``_short_stack`` in the
record's user fields); run it twice; ``Uncalled bet ... returned``; players sitting out, waiting for
the big blind (``wait BB``; the newer format's ``waits for big blind``), timed out, or allowed to play
after the button (not dealt in; but a player the seat line says ``is sitting out`` who then posts or folds
is dealt in: SNG 2.0 files of 2017); the button posting the small blind (a tournament's player gone:
the seat before it is the button in the record).  A player the file names with no name (``Player  has big
blind (2)``, a client's bug) is the one seated player the hand never names otherwise; with none, the hand
is refused.  SNG 2.0 and Jackpot files: each tournament's ``<Game Information>`` block, after a line of
dashes from the second on; a first line going on with ``*** Summary: GameType: ...`` in both formats.
Byte-order marks, UTF-16, Windows-1252, Windows line ends, blank lines between lines (older clients'
double spacing).

What the files write, and what is checked (``docs/histories.md``): the older format's summary gives
each player's ``Bets`` (after the uncalled bet went back), ``Collects`` and the pot *after* the rake
and the jackpot fee (``Pot: 47. Rake 1. JP fee 0.24``); tables with a bad-beat jackpot (``(JP)``,
``Beast``) took a jackpot fee before 2016 that the file does not write: the rake checked is the
file's rake and fee plus whatever of the summary's bets the pot lacks (``_jackpot_fee`` in the user
fields when unwritten), and the total pot checked is the summary's bets.  The newer format's total
is also after rake (``Total pot $246 | Rake $2.76 | JP Fee $0.24``): the total checked is the sum.
A cash hand in the older format always writes ``Rake``; a tournament never does (that, a ``,
Table N`` in the header, or a ``T123-G456`` file name tell a tournament's chips from cents).  The
older format names no betting: Omaha is pot limit, hold'em no limit, unless the big blind posted is
the header's first figure (``2/4`` with blinds 1/2: fixed limit with bets of 2 and 4).  The newer format's
side pots count antes as ordinary chips (a 2017 SNG 2.0 player all in for 15 of an ante of 25 wins 15 from
each player; no older-format hand seen shows it either way).  The older format's rake comes from the main
pot first (``_rake_main_first`` in the user fields: :mod:`.winning_rake`, the site check's rule); the newer
one writes each pot's rake.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line, :data:`MAX_HAND_LINES`
lines a hand and :data:`MAX_NAME_CHARS` characters a player's name; amounts of at most 15 digits.
Time and memory are linear in the size of the text.  Every error is a :class:`~pokerengine.errors.HistoryParseError`
naming the file, the hand id and the line number (1-based, in the file).
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
from .blocks import HandError, checked_text, hand_blocks, only_hands, read_blocks
from .draft import MAX_NAME_CHARS as DRAFT_NAME_CHARS
from .draft import Draft, fail
from .sitehand import SiteHand
from .winning_games import (
    BETTINGS,
    above_pot,
    bring_in,
    new_dealt,
    new_street,
    old_card,
    old_street,
    set_date,
)
from .winning_games import NEW_GAMES as NEW_GAMES
from .winning_games import OLD_GAMES as OLD_GAMES
from .winning_rake import MAIN_FIRST
from .winning_rake import rake_rule as rake_rule  # (the site check's hook, looked up in this module)

#: The longest player name.
MAX_NAME_CHARS = DRAFT_NAME_CHARS  # (the shared bound: :data:`.draft.MAX_NAME_CHARS`)

_OLD_START = "Game started at: "
_NEW_START = re.compile(r"(?:Game )?Hand #[0-9]{1,20} - ")
_OLD_DATE = re.compile(r"Game started at: ([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}"
                       r"(?: \*\*\* Summary: (.{0,300}))?")
#: The tail some 2016-18 tournament files write on their "Game started at:" line (a tracker's import):
#: ``*** Summary: GameType: NL, TournamentId: 123, TournamentBuyIn: 5.5, TableType: 6``.
_SUMMARY_FIELD = re.compile(r"(GameType|TournamentId|TournamentBuyIn|TableType): ([^,]{0,40})")
#: The SNG 2.0 and Jackpot files' header before each tournament's hands (``<Game Information>`` ... ``<Hand
#: History>``), after a line of dashes when another tournament's hands come before it: read as no hand's lines.
_INFORMATION = re.compile(r"-{20,200}|<Game Information>|<Hand History>|(?:Title|Entry #|Begin Time|Buyin to Payout"
                          r"|Play Type|Game Type|Bet Limit Type|Buy-?in|Prize ?[Pp]ool|Multiplier): .{0,200}")
_NUM = r"[0-9][0-9,]{0,18}(?:\.[0-9]{1,6})?"
_OLD_ID = re.compile(r"Game ID: ([0-9]{1,20}) ([0-9.,]{1,20})/([0-9.,]{1,20}) (.{0,200})\(([^()]{1,40})\)( [0-9]{1,2}-max)?")
_OLD_SEAT = re.compile(r"Seat ([0-9]{1,3}): (.{0,%d}) \(([^()]{1,30})\)\.?" % MAX_NAME_CHARS)
_OLD_BUTTON = re.compile(r"Seat ([0-9]{1,3}) is the button")
_OLD_BOARD = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\*:((?: \[[^]]{0,40}\]){1,2})")
_OLD_SUMMARY = re.compile(r"(\*?)Player (.{0,%d}?) (shows: |mucks \(|does not show|doesn't show)(.{0,300}?)\.? ?Bets: (%s)\. "
                          r"Collects: (%s)\. (Wins|Loses): (%s)\.?" % (MAX_NAME_CHARS, _NUM, _NUM, _NUM))
_OLD_POT = re.compile(r"Pot: (%s)(?:\. Rake (%s))?(?:\.? JP fee (%s))?\.?" % (_NUM, _NUM, _NUM))
_PAREN = re.compile(r" \(([0-9.,]{1,20})\)")
_CARDS_IN = re.compile(r"\[([^]]{0,60})\]")

_NEW_HEADER = re.compile(
    r"(Game )?Hand #([0-9]{1,20}) - (?:(.{0,200}?)Tournament #([0-9]{1,20}) - )?(.{1,40}?)\((No Limit|Pot Limit|Fixed Limit|Limit)\)"
    r" - (?:Level [0-9]{1,4} \(([^()]{1,60})\)|([^ ]{1,30}/[^ ,]{1,30})(?:, Ante [^ ]{1,30})?)-? ?-? ?([0-9]{4})/([0-9]{2})/([0-9]{2}) .{0,40}"
    r"(?: \*\*\* Summary: .{0,200})?")  # (the tournament's summary after the date, as the older format writes it)
_NEW_TABLE = re.compile(r"(?:Table '(.{0,100})'|(.{1,100}?)) ([0-9]{1,2})-max(?: Seat #([0-9]{1,3}) is the button)?")
_NEW_SEAT = re.compile(r"Seat ([0-9]{1,3}): (.{1,%d}?) \(([^()]{1,30})\)( is sitting out)?" % MAX_NAME_CHARS)
_NEW_BOARD = re.compile(r"\*\*\* (FLOP|TURN|RIVER)(?: ([12]))? \*\*\*((?: \[[^]]{0,40}\]){1,2})")
_POT_RAKE = re.compile(r"(?:Main pot|Side pot\(([0-9]{1,2})\)) (\$?%s) \| Rake (\$?%s)(?: \| JP Fee (\$?%s))?" % ((_NUM,) * 3))
_NEW_TOTAL = re.compile(r"Total pot ([^ |]{1,25})(?: \| Rake ([^ |]{1,25}))?(?: \| JP Fee ([^ |]{1,25}))?")
_NEW_VERB = re.compile(
    r"(folds|checks|calls|bets|raises|caps|posts the small blind|posts the big blind|posts ante|posts dead|posts straddle"
    r"|posts|brings in|shows|mucks hand|does not show|collected|waits for big blind)(.*)")


def iter_winning(text: str | bytes, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a Winning Poker Network text (one file's contents; bytes are decoded first), in
    order; see :func:`parse_winning`.  (The network writes no cancelled hands that we know of:
    ``cancelled`` is taken for the registry's sake.)"""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str | bytes, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_winning`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file, decode_bytes=True)
    tournament_name = re.search(r"\bT[0-9]{1,12}-G[0-9]{1,15}\b", source or "") is not None
    blocks = hand_blocks(text, where=where_file, starts=_starts, name="Winning Poker Network",
                         expected="'Game started at:' or 'Hand #'", clean=lambda line: line.strip("\ufeff\x00 \t"),
                         skip=_INFORMATION.fullmatch, outside=lambda line: not line.strip("\ufffd"))
    yield from read_blocks(blocks, lambda b: _hand(list(b.lines), b.first, where_file, source, b.index, cancelled,
                                                   tournament_name), errors=errors)


def _starts(line: str) -> bool:
    return line.startswith(_OLD_START) or line[:30].startswith(("Hand #", "Game Hand #")) and _NEW_START.match(line) is not None


def parse_winning(text: str | bytes, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of a Winning Poker Network text, as :class:`~pokerengine.formats.sitehand.SiteHand`
    values (limits: the module's)."""
    return list(iter_winning(text, source=source))


def read_winning(path: str) -> list[SiteHand]:
    """Every hand of a Winning Poker Network file, in whichever encoding it comes (UTF-8 with or
    without a byte-order mark, UTF-16, Windows-1252: :func:`pokerengine.formats.read_text`; at most
    :data:`pokerengine.phh.reader.MAX_FILE_BYTES` bytes read)."""
    return parse_winning(read_text(path), source=path)


class _Hand:
    """The reader's state beside its :class:`Draft`: each player's chips put in over the hand (antes and
    dead money included), who was dealt cards, who is held all in, the summary's bets."""

    __slots__ = ("d", "put", "live", "checks", "dealt", "short", "bets", "alias", "boards", "hole", "won", "returned",
                 "got", "small_written", "rakes")

    def __init__(self, d: Draft) -> None:
        self.d = d
        self.put: dict[str, int] = {}
        self.dealt: set[str] = set()
        self.short: set[str] = set()
        self.bets = 0
        self.alias: str | None = None  # the seated player the file names with no name
        self.live: dict[str, int] = {}  # chips put in that match bets (no antes, no dead money)
        self.checks: dict[str, list[int]] = {}  # where in the draft's events each player checked
        self.boards: dict[int, str] = {}  # each run's board so far
        self.won: dict[str, int] = {}  # the newer format's summary: what each player won
        self.returned = False  # the file wrote an uncalled bet's return
        self.hole = False  # the newer format: the hole cards' line was read
        self.got: dict[str, list[str]] = {}  # the older format's stud: the cards each player was dealt so far
        self.small_written = False  # the older format: a "has small blind" line is in the hand
        self.rakes: list[int] | None = None  # the newer format: each pot's rake, as its last pot lines write it

    def add(self, name: str, chips: int, live: int | None = None) -> None:
        """``name`` puts ``chips`` in, ``live`` of them matching bets (default: all)."""
        self.put[name] = self.put.get(name, 0) + chips
        self.live[name] = self.live.get(name, 0) + (chips if live is None else live)

    def back(self, name: str, chips: int) -> None:
        """An uncalled bet the file says went back to ``name``."""
        self.d.uncalled(name, chips)
        self.add(name, -chips)
        self.returned = True


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int, cancelled: bool,
          tournament_name: bool) -> SiteHand | None:
    lines = [(k, line.rstrip()) for k, line in enumerate(block, start)]
    lines = [(k, line) for k, line in lines if line.strip("\ufffd")]
    if block[0].startswith(_OLD_START):
        r = _old(lines, where_file, tournament_name)
    else:
        r = _new(lines, where_file)
    h = r.d
    h.line = start + len(block) - 1
    if not h.summary:
        raise h.fail("the hand ends before its summary (truncated?)")
    h.out -= r.dealt | r.put.keys()  # sitting out but dealt in, folded by the site (a 2017 SNG 2.0's lines)
    for name in h.seats:
        if name not in r.dealt and name not in r.put:
            h.sit_out(name)
    dealt = [name for name in h.seats if name not in h.out]
    if len(dealt) < 2 and not h.events and not h.collected:  # nobody to play: the hand never began
        h.cancelled = True
        return h.finish(source, index, cancelled=cancelled)
    sb = [h.seats[name][0] for name, kind, _ in h.posts if kind == "sb"]
    if len(dealt) > 2 and sb == [h.button]:  # the button posts the small blind (a tournament's player gone):
        seats = sorted(h.seats[name][0] for name in dealt)  # the seat before it is the button, in effect
        h.button = seats[seats.index(h.button) - 1]
    board = next((i for i, e in enumerate(h.events) if e[0] == "board"), None)
    if h.user.get("_bomb_pot") and board is not None and not any(e[0] in ("cc", "cbr", "f") for e in h.events[:board]):
        # a bomb pot: antes, no blinds, the flop with no betting before it (the engine's preflop checked through)
        h.checks_at(board, dealt)
    collected = {c.player for c in h.collected}
    for name, amount in r.won.items():  # (the newer format: no "collected" line when nobody else was left)
        if name not in collected:
            h.collect(name, amount)
    if not r.returned and h.total is not None:
        _unwritten_return(r)
    _short(r)
    paid = sum(c.amount for c in h.collected) + (h.rake or 0)
    if h.total is not None and paid != h.total:
        h.contradicts(f"what it pays and its rake ({paid}) are not its total pot ({h.total})")
    hand = h.finish(source, index, cancelled=cancelled)
    if hand is not None and r.rakes is not None and len(r.rakes) > 1 and sum(r.rakes) == h.rake:
        hand = attrs.evolve(hand, pot_rakes=tuple(r.rakes))  # (one pot: its rake is the hand's)
    return hand


# --- the older format ------------------------------------------------------------------------------------


def _short(r: _Hand) -> None:
    """Players held all in for what they put in (disconnected, or capped): their stacks become that much,
    and the checks they made after their last chips went in (when they still had chips) are dropped."""
    h = r.d
    drop: set[int] = set()
    for name in r.short:
        seat, stack = h.seats[name]
        h.seats[name] = (seat, min(stack, r.put.get(name, 0)))
        h.user["_short_stack"] = True
        last = max((i for i, (kind, who, _) in enumerate(h.events) if who == name and kind in ("cc", "cbr")
                    and i not in r.checks.get(name, ())), default=-1)
        drop.update(i for i in r.checks.get(name, ()) if i > last)
    if drop:
        h.events = [e for i, e in enumerate(h.events) if i not in drop]


def _unwritten_return(r: _Hand) -> None:
    """A bet nobody called that the file does not say went back (a walk in the newer format: the big blind's
    part above the small blind is in the total and in what he won; a stud bring-in nobody called): handed
    back, taken off both."""
    h = r.d
    live = sorted(((chips, name) for name, chips in r.live.items()), reverse=True)
    if not live or len(live) > 1 and live[0][0] == live[1][0]:
        return
    excess, name = live[0][0] - (live[1][0] if len(live) > 1 else 0), live[0][1]
    mine = [i for i, c in enumerate(h.collected) if c.player == name and c.amount >= excess]
    if excess <= 0 or not mine or h.total is None or h.total < excess:
        return
    c = h.collected[mine[-1]]
    h.collected[mine[-1]] = attrs.evolve(c, amount=c.amount - excess)
    if h.stated is not None and h.stated.get(name, 0) >= excess:  # the summary's won counts it too
        h.stated[name] -= excess
    h.total -= excess
    h.uncalled(name, excess)
    h.user["_uncalled_unwritten"] = excess


def _old(lines: list[tuple[int, str]], where_file: str, tournament_name: bool) -> _Hand:
    (k0, first), = lines[:1]
    date = _OLD_DATE.fullmatch(first)
    head = next(((k, line) for k, line in lines[1:3] if line.startswith("Game ID: ")), None)
    if head is None:
        raise fail(where_file, k0, "no 'Game ID:' line after 'Game started at:'")
    m = _OLD_ID.fullmatch(head[1])
    hand_id = m.group(1) if m is not None else head[1][9:30].split(" ")[0]
    h = Draft("winning", hand_id, f"{where_file}, hand {hand_id}", head[0])
    if date is None:
        h.line = k0
        raise h.fail(f"cannot read {shown(first)}")
    if m is None:
        raise h.fail(f"cannot read the hand's header {shown(head[1])}")
    set_date(h, date.group(1), date.group(2), date.group(3))
    summary = dict(_SUMMARY_FIELD.findall(date.group(4) or ""))
    text = "\n".join(line for _, line in lines)
    h.money = not (tournament_name or re.search(r", Table [0-9]{1,6} $", m.group(4)) is not None
                   or re.search(r"^Pot: [^\n]*$", text, re.M) is not None and "Rake" not in text.split("------ Summary", 1)[-1]
                   or summary.get("TournamentId", "").strip().isdigit())
    if summary.get("TournamentId", "").strip().isdigit():
        h.user["_tournament"] = summary["TournamentId"].strip()
    game = m.group(5).strip()
    if game not in OLD_GAMES:
        raise h.fail(f"unknown game {shown(game)}")
    code, hole, kind = OLD_GAMES[game]
    small, big = h.amount(m.group(2)), h.amount(m.group(3))
    bb = re.search(r"^Player .{0,%d} has big blind \(([0-9.,]{1,20})\)$" % MAX_NAME_CHARS, text, re.M)
    fixed = kind == "stud" or bb is not None and small != big and h.amount(bb.group(1)) == small
    betting = "F" if fixed else "P" if code[0] == "O" else "N"
    written = summary.get("GameType", "").strip()
    if kind != "stud" and written in ("NL", "PL", "FL"):  # the summary's tail says
        betting = written[0]
    elif betting == "P" and above_pot(h, text):  # Omaha with a bet no pot limit allows: no limit
        betting = "N"
        h.user["_no_limit_inferred"] = True
    h.game(betting + code, hole, kind)
    h.stakes(small, big)
    h.table = m.group(4).strip() or None
    if m.group(6):
        h.max_seats = int(m.group(6).strip().split("-")[0])
    if not h.money:
        h.currency = None
    elif h.currency is None:
        h.currency = "USD"
    r = _Hand(h)
    r.small_written = re.search(r"^Player .{0,%d} has small blind \(" % MAX_NAME_CHARS, text, re.M) is not None
    _old_alias(r, lines, text)
    for k, line in lines[2 if lines[1][0] == head[0] else 3:]:
        h.line = k
        _old_line(r, line)
    if h.total is not None and r.bets > h.total:  # a jackpot fee the file does not write
        h.user["_jackpot_fee"] = r.bets - h.total
        h.rake = (h.rake or 0) + r.bets - h.total
        h.total = r.bets
    if h.rake:  # its rake comes from the main pot first (.winning_rake)
        h.user[MAIN_FIRST] = True
    return r


def _old_alias(r: _Hand, lines: list[tuple[int, str]], text: str) -> None:
    """The seated player whom the file names with no name (``Player  folds``), if any does."""
    if "\nPlayer  " not in text and not re.search(r"^Uncalled bet \([0-9.,]{1,20}\) returned to$", text, re.M):
        return
    seats = [_OLD_SEAT.fullmatch(line) for _, line in lines if line.startswith("Seat ")]
    names = [s.group(2) for s in seats if s is not None]
    quiet = [n for n in names if n and f"Player {n} " not in text and not text.endswith(f"Player {n}")]
    if len(quiet) == 1:
        r.alias = quiet[0]


def _old_name(r: _Hand, rest: str) -> tuple[str, str] | None:
    """The seated player who begins ``rest`` (the line after ``Player ``), and what follows his name."""
    h = r.d
    if rest.startswith(" "):
        if r.alias is None:
            raise h.fail("a player with no name acts, and no seated player is left for him")
        return r.alias, rest[1:]
    at = rest.find(" ")
    while 0 < at <= MAX_NAME_CHARS + 1:
        if rest[:at] in h.seats and _OLD_TAIL.fullmatch(rest, at + 1):
            return rest[:at], rest[at + 1:]
        at = rest.find(" ", at + 1)
    return None


_OLD_TAIL = re.compile(
    r"(has small blind|has big blind|posts|posts ante|ante|straddle|calls|raises|bets|allin|caps|bring in) \([0-9.,]{1,20}\)"
    r"|posts \([0-9.,]{1,20}\) as a dead bet|received a card\.|received card: \[[^]]{0,10}\]|folds|checks|allin"
    r"|mucks cards|is timed out\.|sitting out|wait BB|is disconnected and ALL IN\.|is disconnected|is connected|sits out"
    r"|shows cards|shows: .*|mucks \(.*|does not show cards\..*|doesn't show cards\..*")


def _old_line(r: _Hand, line: str) -> None:
    h = r.d
    if h.summary:
        _old_summary(r, line)
        return
    if not line:
        return
    if line.startswith("Player "):
        found = _old_name(r, line[7:])
        if found is None:
            raise h.fail(f"cannot read {shown(line)}")
        _old_action(r, found[0], found[1])
        return
    if line.startswith("Seat "):
        b = _OLD_BUTTON.fullmatch(line)
        if b is not None:
            h.button = int(b.group(1))
            return
        s = _OLD_SEAT.fullmatch(line)
        if s is None or h.section != "seats":
            raise h.fail(f"cannot read {shown(line)}")
        h.seat(int(s.group(1)), s.group(2) or f"seat {s.group(1)}", h.amount(s.group(3)))
        return
    if line.startswith("*** "):
        if h.kind == "stud" or line == "*** FLOP ***:":  # (a flop written with no cards: not read)
            old_street(h, line)
            return
        b = _OLD_BOARD.fullmatch(line)
        if b is None:
            raise h.fail(f"cannot read {shown(line)}")
        _board(r, b.group(1), _CARDS_IN.findall(b.group(2)))
        return
    u = re.fullmatch(r"Uncalled bet \(([0-9.,]{1,20})\) returned to ?(.{0,%d})" % MAX_NAME_CHARS, line)
    if u is not None:
        name = u.group(2) or r.alias
        if name is None or name not in h.seats:
            raise h.fail(f"cannot read {shown(line)}")
        r.back(name, h.amount(u.group(1)))
        return
    if line == "------ Summary ------":
        h.summary = True
        folded = {name for kind, name, _ in h.events if kind == "f"}
        h.showdown = len((r.dealt | set(r.put)) - folded) > 1  # (else a winner's "mucks" is no showdown's)
        return
    raise h.fail(f"cannot read {shown(line)}")


def _old_action(r: _Hand, name: str, rest: str) -> None:
    h = r.d
    p = _PAREN.search(rest)
    amount = h.amount(p.group(1)) if p is not None else 0
    verb = rest[: p.start()] if p is not None else rest
    if verb == "allin" and p is not None and h.section == "seats" and not r.dealt:  # a blind or ante posted all in
        verb = _allin_post(r, name)
        h.user["_allin_posts"] = h.user.get("_allin_posts", 0) + 1
    if verb in ("has small blind", "has big blind", "posts", "posts ante", "ante", "straddle"):
        if h.section != "seats":
            raise h.fail(f"{shown(name)} posts after the cards are dealt")
        kind = {"has small blind": "sb", "has big blind": "bb", "posts": "bb", "straddle": "straddle"}.get(verb, "ante")
        if rest.endswith(" as a dead bet"):
            kind = "dead"
        h.post(name, kind, amount)
        r.add(name, amount, 0 if kind in ("ante", "dead") else amount)
    elif verb.startswith("received"):
        r.dealt.add(name)
        if h.kind == "stud":
            old_card(h, r.got, name, verb[15:] if verb.startswith("received card: ") else "")
        elif verb.startswith("received card: "):
            got = h.cards_of(verb[15:])
            known = h.cards.get(name, "").rstrip("?")
            if len(known) + len(got) > 2 * h.hole:
                raise h.fail(f"{shown(name)} is dealt more than {h.hole} cards")
            h.holds(name, known + got)
    elif verb in ("folds", "checks", "calls", "raises", "bets", "allin", "caps"):
        if h.section == "seats":
            h.start_betting()
        if verb == "folds":
            h.fold(name)
        elif verb == "checks":
            r.checks.setdefault(name, []).append(len(h.events))
            h.check(name)
        elif verb == "allin" and p is None:  # a disconnected player held all in (the line before said so)
            r.short.add(name)
        else:
            h.put_in(name, amount)
            r.add(name, amount)
            if verb == "caps":
                r.short.add(name)
    elif verb == "is disconnected and ALL IN.":
        r.short.add(name)
    elif verb == "bring in":
        bring_in(h, name, amount)
        r.add(name, amount)
    # the rest (mucks cards, is timed out, sitting out, wait BB, ...) says nothing about the chips


def _allin_post(r: _Hand, name: str) -> str:
    """What ``Player X allin (N)`` posts before the cards are dealt: an ante while antes are being posted
    (no blind yet, X's own not posted), else the small blind when none is posted and none is written in the
    hand, else the big blind."""
    h = r.d
    blinds = [kind for _, kind, _ in h.posts if kind != "ante"]
    if not blinds and any(kind == "ante" for _, kind, _ in h.posts) and all(who != name for who, _, _ in h.posts):
        return "ante"
    if not blinds and not r.small_written:
        return "has small blind"
    return "has big blind"


def _board(r: _Hand, street: str, parts: list[str], run: int = 0) -> None:
    h = r.d
    if h.section == "seats":
        h.start_betting()
    new = h.cards_of(parts[-1])
    before = h.cards_of(parts[0]) if len(parts) == 2 else ""
    size = 6 if street == "FLOP" else 2
    # (the second run's first street follows what the runs share of the first run's board)
    board = r.boards.get(run, "") if run != 2 or 2 in r.boards else r.boards.get(1, "")[: len(before)]
    if len(new) != size or before != board or (street == "FLOP") != (before == ""):
        raise h.fail(f"the {street.lower()} does not follow the board")
    r.boards[run] = before + new
    h.board(new, max(run - 1, 0))


def _old_summary(r: _Hand, line: str) -> None:
    h = r.d
    if not line or line.startswith("Board: [") or line.startswith("Game ended at: "):
        return
    t = _OLD_POT.fullmatch(line)
    if t is not None:
        if h.total is not None:
            raise h.fail("a second 'Pot:' line")
        rake = h.amount(t.group(2)) if t.group(2) else 0
        fee = h.amount(t.group(3)) if t.group(3) else 0
        h.rake = rake + fee
        h.total = h.amount(t.group(1)) + h.rake
        return
    if line.startswith(("Player ", "*Player ")):
        s = _OLD_SUMMARY.fullmatch(line)
        if s is None:
            raise h.fail(f"cannot read {shown(line)}")
        name = s.group(2) or r.alias
        bets, collects = h.amount(s.group(5)), h.amount(s.group(6))
        if name is None or name not in h.seats:
            if bets or collects:
                raise h.fail(f"{shown(s.group(2))} is in the summary but not seated")
            return
        r.bets += bets
        if collects:
            h.collect(name, collects)
        net = h.amount(s.group(8))  # "Wins"/"Loses": what he collects less what he bet, the collect it implies
        if bets or net:  # compared with "Collects" by the check (a tracker's mined files write 0 and 0 for all)
            h.state_won(name, bets + (net if s.group(7) == "Wins" else -net))
        cards = _CARDS_IN.search(s.group(4))
        if s.group(3) == "shows: " and cards is not None:
            h.show(name, cards.group(1))
        elif s.group(3) == "mucks (":
            if cards is not None:
                h.holds(name, cards.group(1))
            h.muck(name)
        return
    raise h.fail(f"cannot read {shown(line)}")


# --- the newer format ------------------------------------------------------------------------------------


def _new(lines: list[tuple[int, str]], where_file: str) -> _Hand:
    k0, first = lines[0]
    m = _NEW_HEADER.fullmatch(first)
    if m is None:
        raise fail(where_file, k0, f"cannot read the hand's first line {shown(first)}")
    h = Draft("winning", m.group(2), f"{where_file}, hand {m.group(2)}", k0)
    h.money, h.antes_count = m.group(4) is None, True  # (its side pots count antes as ordinary chips)
    game = m.group(5).strip()
    if game not in NEW_GAMES:
        raise h.fail(f"unknown game {shown(game)}")
    code, hole, kind = NEW_GAMES[game]
    h.game(BETTINGS[m.group(6)] + code, hole, kind)
    if kind == "stud" and not h.fixed:
        raise h.fail(f"{shown(game)} in {m.group(6).lower()} is not read (the network's stud is fixed limit)")
    stakes = (m.group(7) or m.group(8)).split("/")
    if len(stakes) != 2:
        raise h.fail(f"cannot read the stakes {shown(m.group(7) or m.group(8))}")
    h.stakes(h.amount(stakes[0]), h.amount(stakes[1]))
    if not h.money:
        h.currency = None
        h.user["_tournament"] = m.group(4)
    set_date(h, m.group(9), m.group(10), m.group(11))
    r = _Hand(h)
    for k, line in lines[1:]:
        h.line = k
        if line:
            _new_line(r, line)
    return r


def _new_line(r: _Hand, line: str) -> None:
    h = r.d
    if h.summary:
        _new_summary(r, line)
        return
    if h.table is not None and line.startswith("Seat ") and h.section == "seats" and not r.hole:
        if line.endswith(" will be allowed to play after the button"):
            return
        s = _NEW_SEAT.fullmatch(line)
        if s is None:
            raise h.fail(f"cannot read {shown(line)}")
        h.seat(int(s.group(1)), s.group(2), h.amount(s.group(3)), out=s.group(4) is not None)
        return
    if h.table is None:
        t = _NEW_TABLE.fullmatch(line)
        if t is None:
            raise h.fail(f"cannot read {shown(line)}")
        h.table, h.max_seats = t.group(1) if t.group(1) is not None else t.group(2), int(t.group(3))
        if (t.group(4) is None) != (h.kind == "stud"):
            raise h.fail("the table line names no button" if h.kind != "stud" else "a stud table has a button")
        h.button = int(t.group(4) or 0)
        return
    if line.startswith("*** "):
        _new_section(r, line)
        return
    if line.startswith(("Main pot ", "Side pot ", "Side pot(")):
        _pot_line(r, line)  # the pots so far, after rake: the summary says it all but each pot's rake
        return
    if line.startswith("Dealt to "):
        rest = line[9:]
        for at in h.name_ends(rest, " ["):
            if rest.endswith("]"):
                if h.kind == "stud":
                    new_dealt(h, rest[:at], rest[at + 1:])
                elif r.hole:  # (before the hole cards: a card each for the button's draw)
                    h.holds(rest[:at], rest[at + 1:])
                return
        raise h.fail(f"cannot read {shown(line)}")
    u = re.fullmatch(r"Uncalled bet \((.{1,25})\) returned to (.{1,%d})" % MAX_NAME_CHARS, line)
    if u is not None and u.group(2) in h.seats:
        r.back(u.group(2), h.amount(u.group(1)))
        return
    for at in h.name_ends(line):
        v = _NEW_VERB.fullmatch(line, at + 1)
        if v is not None and _new_verb(r, line[:at], v.group(1), v.group(2)):
            return
    raise h.fail(f"cannot read {shown(line)}")


def _pot_line(r: _Hand, line: str) -> None:
    """Each pot's rake so far, as the newer format writes the pots after a street: ``Main pot $8.36 | Rake
    $0.10`` (a jackpot fee, ``| JP Fee``, with it), then ``Side pot(1) $0.60 | Rake $0.00`` (a 2023 stud
    hi/lo hand draws its whole rake from the main pot); other forms (a run's ``Main pot 1``) give none."""
    m = _POT_RAKE.fullmatch(line)
    side = int(m.group(1) or 0) if m is not None else -1
    if m is None or side and (r.rakes is None or side != len(r.rakes)):
        r.rakes = None
        return
    rake = r.d.amount(m.group(3)) + (r.d.amount(m.group(4)) if m.group(4) else 0)
    r.rakes = (r.rakes or []) + [rake] if side else [rake]


def _new_section(r: _Hand, line: str) -> None:
    h = r.d
    if line == "*** HOLE CARDS ***":
        r.hole = True
        return
    if line == "*** SUMMARY ***":
        h.summary = True
        return
    if line.startswith("*** SHOW DOWN"):
        h.showdown = True
        return
    if line == "*** RUN IT TWICE ***" or new_street(h, line):
        return
    b = _NEW_BOARD.fullmatch(line)
    if b is None or h.showdown and b.group(2) is None:
        raise h.fail(f"cannot read {shown(line)}")
    if b.group(2) is not None and h.showdown:
        h.showdown = False  # the second run's board follows the first run's showdown
    _board(r, b.group(1), _CARDS_IN.findall(b.group(3)), int(b.group(2) or 0))


def _new_verb(r: _Hand, name: str, verb: str, rest: str) -> bool:
    """Read ``name``'s action; ``False`` when the rest does not fit the verb."""
    h = r.d
    allin = rest.endswith(" and is all-in")
    if allin:
        rest = rest[: -len(" and is all-in")]
    if verb.startswith("posts"):
        if not rest.startswith(" "):
            return False
        amount = h.amount(rest[1:])
        kind = {"posts the small blind": "sb", "posts the big blind": "bb", "posts ante": "ante", "posts dead": "sbbb",
                "posts straddle": "straddle", "posts": "bb"}[verb]
        if kind == "sbbb" and amount <= h.bb:  # a missed big blind posted: live
            kind = "bb"
        full = h.sb if h.fixed else h.bb
        short = kind == "bb" and allin and amount < full and h.bb > 0
        # a big blind all in for less: the others may still owe the full blind (a call of 5,000 over a blind of
        # 419); the record posts the full blind (the stack caps it) and says the rule (PHH _full_blind)
        h.post(name, kind, full if short else amount)
        r.add(name, amount, 0 if kind == "ante" else min(amount, h.bb) if kind == "sbbb" else amount)
        if short:  # (whether the others owed the full blind: said by the first call, below)
            h.user["_full_blind"] = False
        return True
    if verb == "collected":
        c = re.fullmatch(r" (.{1,25}) from (?:main|side) pot(?:[ -][0-9]{1,2})?", rest)
        if c is None:
            return False
        h.collect(name, h.amount(c.group(1)))
        return True
    if verb == "shows":
        s = re.fullmatch(r" \[([^]]{0,60})\](?: \(.*\))?", rest)
        if s is None:
            return False
        h.show(name, s.group(1))
        return True
    if verb in ("mucks hand", "does not show"):
        if rest:
            return False
        h.muck(name)
        return True
    if verb == "waits for big blind":  # (seated, waiting to be dealt in at the big blind: no chips, no cards)
        return not rest and h.section == "seats"
    if h.section == "seats":
        h.start_betting()
    r.dealt.add(name)
    if verb in ("folds", "checks"):
        if rest:
            return False
        h.fold(name) if verb == "folds" else h.check(name)
        return True
    if verb == "brings in":
        amount = h.amount(rest[1:]) if rest.startswith(" ") else 0
        bring_in(h, name, amount)
        r.add(name, amount)
        return True
    if verb == "raises":
        a = re.fullmatch(r" (.{1,25}) to (.{1,25})", rest)
        if a is None:
            return False
        h.amount(a.group(1))
        to = h.amount(a.group(2))
        r.add(name, to - h.committed.get(name, 0))
        h.raise_to(name, to)
        return True
    if not rest.startswith(" "):
        return False
    amount = h.amount(rest[1:])
    if verb == "calls" and h.user.get("_full_blind") is False and h.committed.get(name, 0) + amount == \
            (h.sb if h.fixed else h.bb) and not any(e[0] == "board" for e in h.events):
        h.user["_full_blind"] = True  # the big blind all in for less, called in full
    r.add(name, amount)
    h.put_in(name, amount)
    if verb == "caps":
        r.short.add(name)
    return True


def _new_summary(r: _Hand, line: str) -> None:
    h = r.d
    if line == "BombPot":  # (2026: the summary names a bomb pot)
        h.user["_bomb_pot"] = True
        return
    t = _NEW_TOTAL.fullmatch(line)
    if t is not None:
        if h.total is not None:
            raise h.fail("a second total pot line")
        h.rake = (h.amount(t.group(2)) if t.group(2) else 0) + (h.amount(t.group(3)) if t.group(3) else 0)
        h.total = h.amount(t.group(1)) + h.rake
        return
    if line.startswith("Board ") or line.startswith("Seat "):
        won = re.fullmatch(r"Seat [0-9]{1,3}: (.{1,%d}?)(?: \((?:small blind|big blind|button)\))* (?:did not show and won|showed \[[^]]{0,60}\] and won)"
                           r" (%s|\$%s)(?: with .*)?" % (MAX_NAME_CHARS, _NUM, _NUM), line)
        if won is not None and won.group(1) in h.seats:
            r.won[won.group(1)] = r.won.get(won.group(1), 0) + h.amount(won.group(2))
            if not h.variant.endswith("/8"):  # compared with the collected lines by the check; not hi/lo (a
                h.state_won(won.group(1), h.amount(won.group(2)))  # real 2021 hand's summary leaves a low share out)
        w = re.search(r" (?:showed|mucked) \[([^]]{0,60})\]", line)
        s = re.match(r"Seat ([0-9]{1,3}): ", line)
        if w is not None and s is not None:
            name = next((n for n, (x, _) in h.seats.items() if x == int(s.group(1))), None)
            if name is not None and (name not in h.cards or "?" in h.cards[name]):
                h.holds(name, w.group(1))
        return
    raise h.fail(f"cannot read {shown(line)}")
