"""Read Winamax hand histories (the client's text files) into :class:`~pokerengine.formats.sitehand.SiteHand` values.

Each hand becomes a PHH :class:`~pokerengine.phh.record.HandHistory` (position order: p1 the
first seat left of the button, the button last; cents for money, whole chips for tournament chips;
cards nobody showed are ``????``) and what the file says was paid, which
:func:`pokerengine.replay.site_check.check_site` compares with the engine's settlement.

>>> text = '''Winamax Poker - CashGame - HandId: #5338991-463-1383816406 - Holdem no limit (10€/20€) - 2013/11/07 09:26:46 UTC
... Table: 'Cardiff' 5-max (real money) Seat #1 is the button
... Seat 1: ann (800€)
... Seat 4: bob (2000€)
... *** ANTE/BLINDS ***
... ann posts small blind 10€
... bob posts big blind 20€
... *** PRE-FLOP *** 
... ann raises 40€ to 60€
... bob folds
... ann collected 80€ from pot
... *** SUMMARY ***
... Total pot 80€ | No rake
... Seat 1: ann (small blind) (button) won 80€'''
>>> [hand] = parse_winamax(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[2:]
(('bob', 'ann'), (200000, 80000), ('p2 cbr 6000', 'p1 f'))
>>> hand.collected, hand.returned, hand.total_pot, hand.rake   # the 40€ not called is no part of the pot
((Collected(player='ann', pot=None, amount=4000),), (0, 4000), 4000, 0)
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_winamax(text.replace("raises 40€ to 60€", "raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 5338991-463-1383816406, line 9: cannot read 'ann raises lots'

Read: hold'em and Omaha (4 and 5 cards, hi and hi/lo) in no limit, pot limit and fixed limit; seven
card stud, stud hi/lo, razz and 2-7 triple draw in fixed limit (:mod:`.winamax_games`: their streets,
the bring-in, cards written ``X``, draws); cash games (real and play money, Go Fast, HOLD-UP headers)
and tournaments (Expresso, sit & go, MTT; antes, bounties in the seat lines); amounts with the euro
sign after the number, decimal points or commas; "and is all-in"; dead blinds: a small blind posted
out of position (dead), a big blind posted out of position (live), both at once (``posts small blind
3€ out of position``: 1€ dead, 2€ live), ``posts dead blind``, a raise written among the blinds (a
post, the big blind live, the rest dead), ``denies big blind``; players sitting out (no post, no
action: not dealt in); byte-order marks, Windows line ends, blank lines between hands.

Half chips: a tournament hand that writes an amount with a half chip (2010 files: ``bets 292.50``, a
stack of ``7410.50``) is read again, all in half chips; its PHH record says so with the user field
``_chip_scale = 2`` (as the iPoker reader's ``_chip_scale = 100``: the amounts are in 1/scale chips).
Such a file writes what is collected in whole chips, rounded: a collected line that is the bet nobody
called, rounded (``369.50`` written ``370``), is taken for it; any other rounding shows as a
mismatch.  Any other fraction of a chip is refused.  A raise written with a negative amount
(``raises -6.10€ to 18.90€``, a 2016 stud file, after a bring-in) is read as the file's numbers say:
the "to" is the chips put in on top of the bring-in (10€ + 18.90€), the amount is they less the bet (25€).

What Winamax writes differently from PokerStars (``docs/histories.md``): no "Uncalled bet returned"
line: the bet nobody called is in the bettor's "collected" amount (in "from pot", or as the last
"side pot"), and in the summary's total pot, which is also written *after* rake.  The reader finds
the uncalled bet from the actions (the most put in by one player beyond the next most), takes it off
that player's collected amount and gives it as the returned bet; the total pot checked is the file's
total plus the rake less the uncalled bet.  A preflop "bets X" (older tournament files) raises by X.
A total written in thousands (``Total pot 1.32k``) is not checked (the collected amounts are).
A big blind all in for less (``posts big blind 50 and is all-in``, after an ante or not; ``posts big blind
0 and is all-in`` when the ante took all) that the next player calls in full, or calls all in for less
than the full blind: the others owed the full blind (the record's ``_full_blind``).  Winamax's side pots
count the antes as ordinary chips: a player all in on a short ante wins only what he matched (the
record's ``ante_trimming_status``, set when every player dealt in posted an ante and nothing was dead).

Money the site adds to the pot (HOLD-UP tables, 2023: ``Hold-up to Pot: total 0.10€`` among the seats)
goes to the main pot; the record keeps it (user field ``_added_to_pot``, in cents) and the reader takes
it off what the main pot's winners collected (a split main pot: equal parts, the odd cents from the
first collected line) and off the total, so the check is of the players' own chips.  A winner whose
main-pot share the file writes in a side pot's line is then a cent-exact mismatch, as the file has it.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line, :data:`MAX_HAND_LINES`
lines a hand and :data:`MAX_NAME_CHARS` characters a player's name; amounts of at most 15 digits.
Time and memory are linear in the size of the text (a tournament hand with half chips is read twice).  Every error is a :class:`HistoryParseError`
naming the file, the hand id and the line number (1-based, in the file).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .._checks import shown
from ..errors import HistoryParseError
from . import read_text
from . import winamax_games as games
from .amounts import parse_amount
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import MAX_TEXT_CHARS as MAX_TEXT_CHARS
from .blocks import HandError, checked_text, glued, hand_blocks, only_hands, read_blocks
from .draft import MAX_NAME_CHARS as DRAFT_NAME_CHARS
from .draft import Draft, fail
from .sitehand import Collected, SiteHand

#: The longest player name looked for at the start of a line.
MAX_NAME_CHARS = DRAFT_NAME_CHARS  # (the shared bound: :data:`.draft.MAX_NAME_CHARS`)

#: Winamax's game names: name -> (the game part of the PHH variant code, cards a player holds).
GAMES: dict[str, tuple[str, int]] = {
    "Holdem": ("T", 2), "Omaha": ("O", 4), "Omaha Hi/Lo": ("O/8", 4), "Omaha8": ("O/8", 4),
    "Omaha5": ("O5", 5), "5 Card Omaha": ("O5", 5), "5 Card Omaha Hi/Lo": ("O5/8", 5), "Omaha5 Hi/Lo": ("O5/8", 5),
}
_BETTINGS = {"no limit": "N", "pot limit": "P", "fixed limit": "F"}

_START = "Winamax Poker - "
_HEADER = re.compile(
    r"Winamax Poker - (CashGame|Go Fast \"[^\"]{0,100}\"|HOLD-UP \"[^\"]{0,100}\"|Tournament \"[^\"]{0,200}\".{0,200}?)"
    r" - HandId: #([0-9][0-9-]{0,60}) - (.{1,60}?) (no limit|pot limit|fixed limit) \(([^()]{1,80})\) - .{0,60}")
_TABLE = re.compile(r"Table:? '(.{0,200})' ([0-9]{1,2})-max(?: \((real|play) money\))?"
                    r"(?: Seat #?([0-9]{1,7}) is the button)?")
_SEAT = re.compile(r"Seat ([0-9]{1,3}): (.{1,%d}) \(([^()]{1,40}?)(?:, [^(),]{1,40} bounty)?\)" % MAX_NAME_CHARS)
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\*:? ((?:\[[^]]{0,80}\] ?){1,2})")
_VERB = re.compile(
    r"(folds|checks|calls|bets|raises|posts small blind|posts big blind|posts ante|posts dead blind|shows"
    r"|collected|denies big blind|denies small blind|deny SB|deny BB|mucks|doesn't show|brings in|bring-in"
    r"|stands pat|discard)(.*)")
_AMOUNT_TO = re.compile(r" (.{1,40}?) to (.{1,40})")
_COLLECTED = re.compile(r" (.{1,40}?) from (pot|main pot|side pot ([0-9]{1,2}))(?: ?\((?:HI|LO)\))?")
_SHOWS = re.compile(r" \[([^]]{0,80})\](?: \(.*\))?")
_TOTAL = re.compile(r"Total pot (.{1,40}?) \| (?:No rake|Rake (.{1,40}?))(?: \|.*)?")
_SUMMARY_SEAT = re.compile(r"Seat ([0-9]{1,3}): (.*)")
#: Money the site adds to a HOLD-UP table's pot, written among the seats (2023 files).
_ADDED = re.compile(r"Hold-up to Pot: total (.{1,40})")
_SHOWED = re.compile(r" showed \[([^]]{0,80})\]")
#: Each amount a summary's seat line says its player won (``won 1,28 €``, ``won 630 with ...``).
_WON = re.compile(r" won ([0-9][0-9.,]{0,30}(?: ?[^\s0-9,.]{1,3})?)(?= with |,| and |$)")


#: A hand's first line that the line before it runs into (the hand before cut short), from its start: a
#: header with a time of day (:func:`.blocks.glued`).
_CUT = glued(_START, re.compile(r'Winamax Poker - .{0,400}? - HandId: #.{0,400}?[0-9]{1,2}:[0-9]{1,2}(?::[0-9]{1,2})?[^"]{0,80}'))


def iter_winamax(text: str | bytes, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a Winamax text (one file's contents; bytes are decoded first), in order; see
    :func:`parse_winamax`.  (Winamax writes no cancelled hands that we know of: ``cancelled`` is taken
    for the registry's sake.)"""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str | bytes, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_winamax`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file, decode_bytes=True)
    blocks = hand_blocks(text, where=where_file, starts=_START, name="Winamax", expected="'Winamax Poker - ...'",
                         clean=_no_bom, cut=_CUT, mark=_START)
    yield from read_blocks(blocks, lambda b: _hand(list(b.lines), b.first, where_file, source, b.index, cancelled),
                           errors=errors)


def _no_bom(line: str) -> str:
    return line.lstrip("\ufeff") if line[:1] == "\ufeff" else line


def parse_winamax(text: str | bytes, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of a Winamax text, as :class:`~pokerengine.formats.sitehand.SiteHand` values (limits: the module's)."""
    return list(iter_winamax(text, source=source))


def read_winamax(path: str) -> list[SiteHand]:
    """Every hand of a Winamax file, in whichever encoding it comes (UTF-8 with or without a byte-order
    mark, UTF-16, Windows-1252: :func:`pokerengine.formats.read_text`; at most
    :data:`pokerengine.phh.reader.MAX_FILE_BYTES` bytes read)."""
    return parse_winamax(read_text(path), source=path)


class _HalfChips(HistoryParseError):
    """A tournament hand writes half chips (``bets 292.50``): it is read again, in half chips."""


class _Draft(Draft):
    """A Winamax hand's :class:`Draft`: tournament chips are whole, or (``halves``) counted in half chips."""

    __slots__ = ("halves",)

    def __init__(self, hand_id: str, where: str, first_line: int, halves: bool) -> None:
        super().__init__("winamax", hand_id, where, first_line)
        self.halves = halves

    def amount(self, text: str) -> int:
        if self.money:
            return super().amount(text)
        hundredths = parse_amount(text, decimal=self.decimal)
        if not self.halves:
            whole = parse_amount(text, money=False, decimal=self.decimal)
            if whole is not None:
                return whole
            if hundredths is not None and hundredths % 50 == 0:
                raise _HalfChips(self.fail(f"half chips ({shown(text)})"))
            return super().amount(text)
        if hundredths is None:
            raise self.fail(f"bad amount {shown(text)}")
        if hundredths % 50:
            raise self.fail(f"tournament chips are whole numbers or halves, got {shown(text)}")
        return hundredths // 50


class _Hand:
    """The reader's state beside its :class:`Draft`: each player's chips put in, live (dead money apart),
    over the hand and this betting round, which tell the bet nobody called."""

    __slots__ = ("d", "total", "round", "top", "acted", "posted_sb", "board", "folded", "allin", "unplayed", "added")

    def __init__(self, d: Draft) -> None:
        self.d = d
        self.total: dict[str, int] = {}
        self.round: dict[str, int] = {}
        self.top = 0
        self.acted: set[str] = set()
        self.posted_sb = False
        self.board = ""
        self.folded: set[str] = set()
        self.allin: set[str] = set()
        self.unplayed: dict[str, int] = {}  # chips of a raise nobody was left to call (see _verb)
        self.added = 0  # money the site put in the pot (HOLD-UP tables: "Hold-up to Pot: total 0.10€")

    def put(self, name: str, to: int) -> None:
        """``name``'s chips this round become ``to`` (live)."""
        before = self.round.get(name, 0)
        self.total[name] = self.total.get(name, 0) + to - before
        self.round[name] = to
        self.top = max(self.top, to)

    def new_round(self) -> None:
        self.round = {}
        self.top = 0


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int,
          cancelled: bool) -> SiteHand | None:
    try:
        return _read(block, start, where_file, source, index, cancelled, False)
    except _HalfChips:  # a tournament hand with half chips: read (once more) in half chips
        return _read(block, start, where_file, source, index, cancelled, True)


def _read(block: list[str], start: int, where_file: str, source: str | None, index: int,
          cancelled: bool, halves: bool) -> SiteHand | None:
    m = _HEADER.fullmatch(block[0].rstrip())
    if m is None:
        raise fail(where_file, start, f"cannot read the hand's first line {shown(block[0])}")
    h = _Draft(m.group(2), f"{where_file}, hand {m.group(2)}", start, halves)
    r = _Hand(h)
    _header(h, m)
    if halves:
        h.user["_chip_scale"] = 2  # amounts in half chips
    for k, line in enumerate(block[1:], start + 1):
        h.line = k
        line = line.rstrip()
        if line:
            _line(r, line)
    h.line = start + len(block) - 1
    return _finish(r, source, index, cancelled)


def _header(h: Draft, m: re.Match[str]) -> None:
    kind, game, betting, stakes = m.group(1), m.group(3), m.group(4), m.group(5)
    h.money = not kind.startswith("Tournament")
    h.antes_count = True  # its side pots count antes as ordinary chips (a player all in on a short ante)
    other = games.game_of(game)
    if game in GAMES:
        code, hole = GAMES[game]
        h.game(_BETTINGS[betting] + code, hole)
    elif other is not None:
        h.game(_BETTINGS[betting] + other[0], other[1], other[2])
    else:
        raise h.fail(f"unknown game {shown(game)}")
    parts = stakes.split("/")
    if len(parts) not in (2, 3) or h.kind == "stud" and len(parts) != 3:
        raise h.fail(f"cannot read the stakes {shown(stakes)}")
    h.stakes(h.amount(parts[-2]), h.amount(parts[-1]))  # (ante/)small blind/big blind; fixed limit: the bets


def _line(r: _Hand, line: str) -> None:
    h = r.d
    if h.summary:
        _summary_line(h, line)
        return
    if h.section == "seats":
        t = _TABLE.fullmatch(line)
        if t is not None:
            if h.table is not None:
                raise h.fail("a second table line")
            if t.group(4) is None and h.kind != "stud":
                raise h.fail("the table line names no button")
            h.table, h.max_seats = t.group(1), int(t.group(2))
            h.button = int(t.group(4)) if h.kind != "stud" else 0  # (stud: in seat order; "Seat #0")
            if t.group(3) == "play":
                h.user["_play_money"] = True
            return
        s = _SEAT.fullmatch(line)
        if s is not None:
            if h.table is None:
                raise h.fail("a seat before the table line")
            h.seat(int(s.group(1)), s.group(2), h.amount(s.group(3)))
            return
        a = _ADDED.fullmatch(line)
        if a is not None:
            if r.added or h.table is None or not h.money:
                raise h.fail(f"cannot read {shown(line)}")
            r.added = h.amount(a.group(1))
            return
        if line != "*** ANTE/BLINDS ***":
            raise h.fail(f"cannot read {shown(line)}")
        if h.table is None or len(h.seats) < 2:
            raise h.fail("the blinds begin before the table line and two seats")
        h.section = "blinds"
        return
    if line.startswith("*** "):
        _section(r, line)
        return
    if line.startswith("Dealt to "):
        rest = line[9:]
        for at in h.name_ends(rest, " ["):
            if rest.endswith("]"):
                if h.kind == "board":
                    h.holds(rest[:at], rest[at + 1:])
                else:
                    games.dealt(h, rest[:at], rest[at + 1:])
                r.acted.add(rest[:at])
                return
        raise h.fail(f"cannot read {shown(line)}")
    for at in h.name_ends(line):
        v = _VERB.fullmatch(line, at + 1)
        if v is not None and _verb(r, line[:at], v.group(1), v.group(2)):
            return
    raise h.fail(f"cannot read {shown(line)}")


def _section(r: _Hand, line: str) -> None:
    h = r.d
    if h.kind != "board" and line not in ("*** SHOW DOWN ***", "*** SUMMARY ***"):
        found = games.section(h, line)
        if found is None:
            raise h.fail(f"cannot read {shown(line)}")
        if found == "bet":
            r.new_round()
        return
    if line == "*** PRE-FLOP ***":
        if h.section != "blinds":
            raise h.fail("the cards are dealt twice" if h.section == "action" else "no blinds before the cards")
        h.start_betting()
        return
    if line == "*** SHOW DOWN ***":
        if h.section != "action":
            raise h.fail("a showdown before the cards are dealt")
        h.showdown = True
        return
    if line == "*** SUMMARY ***":
        h.summary = True
        return
    s = _STREET.fullmatch(line)
    if s is None or h.section != "action" or h.showdown:
        raise h.fail(f"cannot read {shown(line)}")
    parts = re.findall(r"\[([^]]*)\]", s.group(2))
    new = h.cards_of(parts[-1])
    before = h.cards_of(parts[0]) if len(parts) == 2 else ""
    size = 6 if s.group(1) == "FLOP" else 2
    if len(new) != size or before != r.board or (s.group(1) == "FLOP") != (r.board == ""):
        raise h.fail(f"the {s.group(1).lower()} does not follow the board {shown(line)}")
    r.board += new
    h.board(new)
    r.new_round()


def _posts(r: _Hand, name: str, verb: str, rest: str) -> bool:
    h = r.d
    if h.section != "blinds":
        raise h.fail(f"{shown(name)} posts after the cards are dealt")
    allin = rest.endswith(" and is all-in")
    if allin:
        r.allin.add(name)
        rest = rest[: -len(" and is all-in")]
    oop = rest.endswith(" out of position")
    rest = rest.removesuffix(" out of position")
    if not rest.startswith(" ") or rest.startswith(" ("):  # "posts dead blind (1€)": the amount in parentheses
        if not (verb == "posts dead blind" and rest.startswith(" (") and rest.endswith(")")):
            return False
        rest = " " + rest[2:-1]
    amount = h.amount(rest[1:])
    if amount == 0 and not (allin and verb == "posts big blind"):  # "posts big blind 0€ out of position"
        return True  # after posting both at once (but "posts big blind 0 and is all-in": the ante took all)
    posted = any(p[0] == name and p[1] != "ante" for p in h.posts)
    if verb == "posts ante":
        kind = "ante"
    elif verb == "posts dead blind":
        kind = "dead"
    elif verb == "posts big blind":
        kind = "bb"
    elif oop and amount > h.sb:
        kind = "sbbb"  # both blinds at once: the small one dead
    elif oop or posted or r.posted_sb:
        kind = "dead"
    else:
        kind, r.posted_sb = "sb", True
    full = h.sb if h.fixed else h.bb  # (fixed limit: the stakes are the bets, the big blind the small bet)
    before = sum(p[2] for p in h.posts if p[0] == name)  # (an ante posted first: the blind is what is left)
    short = kind == "bb" and amount < full and h.seats.get(name, (0, -1))[1] - before == amount
    # a big blind all in for less: the others still owe the full blind (a call of 40 over a blind of 25); the
    # record posts the full blind (the stack caps it) and says the rule (PHH ``_full_blind``)
    h.post(name, kind, full if short else amount)
    r.acted.add(name)
    if kind in ("sb", "bb"):
        r.put(name, r.round.get(name, 0) + amount)
        if short:  # (whether the others owed the full blind: said by the first call, see _verb)
            h.user["_full_blind"] = False
    elif kind == "sbbb":
        r.put(name, r.round.get(name, 0) + min(amount, h.bb))
    return True


def _verb(r: _Hand, name: str, verb: str, rest: str) -> bool:
    """Read ``name``'s action; ``False`` when the rest does not fit the verb (then the line may be
    another player's whose name begins with this one)."""
    h = r.d
    if verb.startswith("posts"):
        return _posts(r, name, verb, rest)
    if verb.startswith("den"):  # a player sitting out refuses to post: not dealt in
        return not rest
    if verb == "collected":
        c = _COLLECTED.fullmatch(rest)
        if c is None:
            return False
        pot = 0 if c.group(2) in ("pot", "main pot") else int(c.group(3))
        h.collect(name, h.amount(c.group(1)), pot)
        return True
    if verb == "shows":
        s = _SHOWS.fullmatch(rest)
        if s is None:
            return False
        h.show(name, s.group(1))
        return True
    if verb in ("mucks", "doesn't show"):
        if rest not in ("", " hand"):
            return False
        h.muck(name)
        return True
    if verb in ("stands pat", "discard"):  # (the verb "discard" takes "discards" too)
        games.draw_line(h, name, verb, rest[1:] if rest[:1] == "s" and verb == "discard" else rest)
        r.acted.add(name)
        return True
    if verb in ("brings in", "bring-in"):
        if not rest.startswith(" "):
            return False
        amount = h.amount(rest[1:])
        games.bring_in(h, name, amount)
        r.acted.add(name)
        r.put(name, amount)
        return True
    allin = rest.endswith(" and is all-in")
    if allin:
        rest = rest[: -len(" and is all-in")]
    if h.section == "blinds" and verb == "raises":  # a raise among the blinds (older files): a post
        a = _AMOUNT_TO.fullmatch(rest)
        if a is None:
            return False
        to = h.amount(a.group(2))
        h.post(name, "sbbb", to)
        r.acted.add(name)
        r.put(name, r.round.get(name, 0) + min(to, h.bb))
        return True
    if h.section != "action":
        raise h.fail(f"{shown(name)} {verb} before the cards are dealt")
    if not games.betting(h) or h.showdown:
        raise h.fail(f"{shown(name)} {verb} during a draw" if not h.showdown else f"{shown(name)} {verb} at the showdown")
    r.acted.add(name)
    if allin:
        r.allin.add(name)
    if verb in ("folds", "checks"):
        if rest or allin:
            return False
        if verb == "folds":
            h.fold(name)
            r.folded.add(name)
        else:
            h.check(name)
        return True
    if verb == "calls":
        if not rest.startswith(" "):
            return False
        amount = h.amount(rest[1:])
        to = r.round.get(name, 0) + amount
        full = h.sb if h.fixed else h.bb
        if to > r.top and h.user.get("_full_blind") is False and not r.board and (to == full or allin and to < full):
            h.user["_full_blind"] = True  # the big blind all in for less, called in full (or all in on the way
            r.top = full  # to it): Winamax's rule
        if to > r.top:
            raise h.fail(f"{shown(name)} calls {amount} but the bet is {r.top - r.round.get(name, 0)}")
        h.call(name)
        r.put(name, to)
        return True
    if verb == "bets":
        if not rest.startswith(" "):
            return False
        to = r.top + h.amount(rest[1:])  # a bet; preflop (older files) a raise by the amount
    else:
        a = _AMOUNT_TO.fullmatch(rest)
        if a is None:
            return False
        to = h.amount(a.group(2))
        if a.group(1).startswith("-"):  # "raises -6.10€ to 18.90€" (2016 stud): the "to" is the chips put
            by = h.amount(a.group(1)[1:])  # in, and the raise by is them less the bet
            if by != r.top - to or by <= 0:
                raise h.fail(f"cannot read {shown(name + ' ' + verb + rest)}")
            to += r.round.get(name, 0)
        else:
            h.amount(a.group(1))
    if to <= r.round.get(name, 0):
        raise h.fail(f"{shown(name)} {verb} to {to}, no more than already in")
    if r.top > r.round.get(name, 0) and _nobody_left(r, name):
        # a raise when everyone else still in is all in: a call, and the chips above it go back (Winamax
        # writes them as a side pot the raiser collects; no rule of poker puts them in the pot)
        h.call(name)
        r.unplayed[name] = r.unplayed.get(name, 0) + to - r.top
        r.put(name, r.top)
        return True
    h.raise_to(name, to)
    r.put(name, to)
    return True


def _nobody_left(r: _Hand, name: str) -> bool:
    """Whether every other player still in the hand is all in (preflop, every seated player with chips
    who has not folded counts, as those yet to act may)."""
    h = r.d
    for other, (_, stack) in h.seats.items():
        if other == name or other in r.folded or other in r.allin or not stack:
            continue
        if (r.board or h.street > 0) and other not in r.acted:  # after the flop, a player who never acted sat out
            continue
        return False
    return True


def _summary_line(h: Draft, line: str) -> None:
    t = _TOTAL.fullmatch(line)
    if t is not None:
        if h.total is not None or h.rake is not None:
            raise h.fail("a second total pot line")
        h.rake = h.amount(t.group(2)) if t.group(2) is not None else 0
        total = t.group(1)
        if total[-1:] in ("k", "M") and total[:-1]:  # "1.32k": rounded, not checked
            if parse_amount(total[:-1]) is None:
                raise h.fail(f"bad amount {shown(total)}")
            h.needs_total = False
            h.user["_total_rounded"] = total
        else:
            h.total = h.amount(total)
        return
    s = _SUMMARY_SEAT.fullmatch(line)
    if s is not None:
        h.state_won_line(int(s.group(1)), s.group(2), _WON)
        w = _SHOWED.search(s.group(2))
        if w is not None and h.kind != "draw":  # (a draw game shows the hand drawn, not the one dealt)
            name = next((n for n, (x, _) in h.seats.items() if x == int(s.group(1))), None)
            if name is None:
                raise h.fail(f"the summary names seat {s.group(1)}, which has nobody in it")
            if name not in h.cards or "?" in h.cards[name]:
                h.holds(name, w.group(1))
        return
    if line.startswith("Board: [") and line.endswith("]"):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _finish(r: _Hand, source: str | None, index: int, cancelled: bool) -> SiteHand | None:
    h = r.d
    if not h.summary:
        raise h.fail("the hand ends before its summary (truncated?)")
    if h.total is None and h.needs_total:
        raise h.fail("the summary has no 'Total pot' line")
    for name in h.seats:  # seated, but neither posted nor acted: sitting out
        if name not in r.acted:
            h.sit_out(name)
    _live_small_blind(r)
    raw = _by_player(h.collected)  # the summary's "won" is the collected lines, an uncalled bet's own pot included
    live = sorted(((chips, name) for name, chips in r.total.items()), reverse=True)
    uncalled = live[0][0] - (live[1][0] if len(live) > 1 else 0) if live else 0
    if uncalled > 0:
        bettor = live[0][1]
        h.uncalled(bettor, uncalled)
        _take_back(h, bettor, uncalled)
        if h.total is not None:
            h.total -= uncalled
    for name, chips in r.unplayed.items():
        _take_back(h, name, chips)
        if h.total is not None:
            h.total -= chips
    if r.added:
        _take_added(r)
    if h.total is not None:
        h.total += h.rake or 0  # Winamax's total is what was paid out, after rake
    # Winamax puts pots with the same winners together (a short all-in's main pot and the side pot above it
    # are one "main pot" when one player wins both): each player's collected amounts are compared in all
    h.collected = [Collected(c.player, None, c.amount) for c in h.collected]
    if h.stated is not None:  # what was taken back off the collected lines, off the summary's too
        left = _by_player(h.collected)
        for name, amount in raw.items():
            if name in h.stated:
                h.stated[name] -= amount - left.get(name, 0)
    return h.finish(source, index, cancelled=cancelled)


def _take_added(r: _Hand) -> None:
    """Take the money the site put in the pot (``Hold-up to Pot: total 0.10€``) off what the file says
    the main pot's winners collected, and off the total: the check is then of the players' own chips.
    The record keeps the amount (user field ``_added_to_pot``).  Winners of a split main pot each give
    an equal part, the odd units from the first collected line on (the site's rule is not known)."""
    h = r.d
    main = [i for i, c in enumerate(h.collected) if not c.pot]
    if not main:
        raise h.fail("the site added money to a pot nobody collected")
    part, odd = divmod(r.added, len(main))
    for k, i in enumerate(main):
        c = h.collected[i]
        take = part + (1 if k < odd else 0)
        if take > c.amount:
            raise h.fail(f"{shown(c.player)} collected less than the money the site added to the pot")
        h.collected[i] = Collected(c.player, c.pot, c.amount - take)
    if h.total is not None:
        h.total -= r.added
    h.user["_added_to_pot"] = r.added


def _by_player(collected: list[Collected]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in collected:
        out[c.player] = out.get(c.player, 0) + c.amount
    return out


def _live_small_blind(r: _Hand) -> None:
    """A small blind posted from a seat that is not the small blind's (players between sat out or
    were new) is dead money in the PHH record: not counted among the chips that match bets."""
    h = r.d
    dealt = sorted((s for n, (s, _) in h.seats.items() if n not in h.out), key=lambda s: (s - h.button - 1) % max(h.max_seats, 10))
    for name, kind, amount in h.posts:
        if kind == "sb" and dealt:
            seat = h.seats[name][0]
            if seat != (dealt[0] if len(dealt) > 2 else dealt[-1]):
                r.total[name] -= amount


def _take_back(h: Draft, bettor: str, amount: int) -> None:
    """Take the bet nobody called off what the file says ``bettor`` collected: the last pot of exactly
    that amount (Winamax writes it as a side pot of its own), else the last pot that holds it."""
    # (in half chips, Winamax writes what is collected in whole chips, rounded: 369.50 is "370")
    near = 1 if isinstance(h, _Draft) and h.halves else 0
    lines = [(c.pot or 0, abs(c.amount - amount) <= near, i) for i, c in enumerate(h.collected)
             if c.player == bettor and c.amount >= amount - near]
    if not lines:
        return  # the file pays the bettor less than its own bet back: the check shows it
    exact = [line for line in lines if line[1]]
    i = max(exact or lines)[2]
    c = h.collected[i]
    if abs(c.amount - amount) <= near:
        del h.collected[i]
    else:
        h.collected[i] = Collected(c.player, c.pot, c.amount - amount)
