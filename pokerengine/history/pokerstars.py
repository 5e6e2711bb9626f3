"""Read PokerStars hand histories (the client's text files) into :class:`~.site.SiteHand` values.

Each hand becomes a PHH :class:`~pokerengine.history.record.HandHistory` (position order: p1 is
the first seat left of the button, the button last; amounts in minor units, cents for money,
chips for tournament chips; cards nobody showed are ``????``) and the file's "collected" lines,
rake and total pot, which :func:`pokerengine.history.site.check` compares with the engine's
settlement (``docs/histories.md``).

>>> text = '''PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET
... Table 'T' 6-max Seat #3 is the button
... Seat 1: ann ($1 in chips)
... Seat 2: bob ($2 in chips)
... Seat 3: cy ($0.50 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... cy: raises $0.04 to $0.06
... ann: folds
... bob: folds
... Uncalled bet ($0.04) returned to cy
... cy collected $0.05 from pot
... cy: doesn't show hand
... *** SUMMARY ***
... Total pot $0.05 | Rake $0
... Seat 1: ann (small blind) folded before Flop
... Seat 2: bob (big blind) folded before Flop
... Seat 3: cy (button) collected ($0.05)'''
>>> [hand] = parse_pokerstars(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[3:]
(('ann', 'bob', 'cy'), (100, 200, 50), ('p3 cbr 6', 'p1 f', 'p2 f'))
>>> hand.collected, hand.total_pot, hand.rake
((Collected(player='cy', pot=0, amount=5),), 5, 0)
>>> from pokerengine.history.site import check
>>> check(hand).status
'matched'
>>> parse_pokerstars(text.replace("raises $0.04 to $0.06", "raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 1, line 9: cannot read the raise ' lots'

Read: no-limit hold'em and pot-limit Omaha, cash and tournament hands; blinds, antes, a big blind posted out of
position (live), small and big blinds posted together (the small one dead), "and is all-in",
uncalled bets, side pots ("Main pot $x. Side pot-1 $y."), split pots, run it twice (FIRST/SECOND
boards), cash-out lines (the cashed-out player's share is the summary's "won" amount), chat,
players joining, leaving, sitting out or timing out, byte-order marks and Windows line ends.
Not yet: other games (hi/lo and five-card Omaha, limit games, stud, draw), which raise
:class:`HistoryParseError` naming the game.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and
:data:`MAX_HAND_LINES` lines a hand; amounts of at most 15 digits.  Time and memory are linear in
the size of the text.  Every error is a :class:`HistoryParseError` naming the file, the hand id and
the line number (1-based, in the file).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from .._checks import shown
from .. import _json
from ..errors import PokerEngineError, HistoryParseError
from .record import HandHistory
from .site import Collected, SiteHand, main_pot_first

#: The most characters a file may hold (about 50 MB: some 40,000 hands).
MAX_TEXT_CHARS = 50_000_000
#: The most hands read from one file.
MAX_HANDS = 100_000
#: The longest line (real lines have well under 200 characters; chat is the longest).
MAX_LINE_CHARS = 2_000
#: The most lines one hand may have (the longest real hands have about 80).
MAX_HAND_LINES = 2_000

#: PokerStars' rake percent by (PHH variant, currency, big blind in minor units), as the data shows it: every one
#: of the 995 hands of ``../shared/pokerstars`` that saw a flop at $0.01/$0.02 no-limit hold'em has
#: a rake of 3.5% of the pot, halves rounded up (``docs/histories.md``).  Stakes not listed take the
#: file's rake as given.  The cap is not known: no pot there comes near it.
RAKE_PERCENT: dict[tuple[str, str, int], Fraction] = {("NT", "USD", 2): Fraction(35, 10)}

#: The games read: PokerStars' name -> (PHH variant, hole cards).
GAMES = {"Hold'em No Limit": ("NT", 2), "Omaha Pot Limit": ("PO", 4)}


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int]:
    """PokerStars' rake of ``hand``, drawn from each of ``pots`` (main pot first).

    No flop, no drop; tournament hands have no rake; at stakes in :data:`RAKE_PERCENT` the rake is
    that percent of the whole pot, halves rounded up; at others, the file's rake.  Either way it is
    drawn main pot first, rounded cumulatively (:func:`~.site.main_pot_first`): at $0.01/$0.02 pots
    of 530 and 104 cents give 3.5% of 634 = 22.19, so 22 cents: 19 from the main pot (3.5% of
    530 is 18.55) and 3 from the side pot.
    """
    if not flop or hand.history.currency is None or not sum(pots):
        return [0] * len(pots)
    bb = hand.history.min_bet
    percent = RAKE_PERCENT.get((hand.history.variant, hand.history.currency, bb)) if type(bb) is int else None
    if percent is None:
        return main_pot_first(min(hand.rake or 0, sum(pots)), pots)
    rake = math.floor(percent * sum(pots) / 100 + Fraction(1, 2))
    return main_pot_first(rake, pots, percent)


_HEADER = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #([0-9]{1,30}):\s+(.*)")
_CASH = re.compile(r"(.+?) \((\S+)/(\S+)(?: ([A-Z]{3}))?\) - .*")
_TOURNAMENT = re.compile(r"Tournament #([0-9]{1,30}), ([^-]{0,200}) - "
                         r"(?:Match Round \w+, )?Level (\w+) \((\S+)/(\S+)\) - .*")
_TABLE = re.compile(r"Table '(.{0,100})' ([0-9]{1,2})-max(?: \(Play Money\))? Seat #([0-9]{1,2}) is the button")
_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.+) \((\S+) in chips(?:, \S+ bounty)?\)( is sitting out| out of hand.*)?")
_AMOUNT = re.compile(r"([$€£]?)([0-9]{1,15})(?:\.([0-9]{1,2}))?")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs] )*[2-9TJQKA][cdhs]")
_STREET = re.compile(r"\*\*\* (FIRST |SECOND |THIRD )?(FLOP|TURN|RIVER) \*\*\* (?:\[[^]]*\] )?\[([^]]*)\]")
_COLLECTED = re.compile(r"(.+) collected (\S+) from (pot|main pot|side pot(?:-([0-9]{1,2}))?)")
_CASHED = re.compile(r"(.+) cashed out the hand for (\S+)(?: \| Cash Out Fee \S+)?")
_UNCALLED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_DEALT = re.compile(r"Dealt to (.+?) \[([^]]*)\]")
_TOTAL = re.compile(r"Total pot (\S+)(?: Main pot .*?)?(?: \| Rake (\S+))?(?: \|.*)?")
_SUMMARY_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.*)")
_CASHED_WON = re.compile(r".* won \((\S+)\).*\(pot not awarded as player cashed out\)")
_OTHER = re.compile(
    r".+(?: said, \".*\"| joins the table at seat #[0-9]+| leaves the table| has timed out(?: while disconnected)?"
    r"| is disconnected| is connected| has returned| was removed from the table for failing to post"
    r"| will be allowed to play after the button|: sits out|: is sitting out|: sits out \(.*\))")
_SUMMARY_OTHER = re.compile(r"(?:(?:FIRST |SECOND |THIRD )?Board \[.*\]|Hand was run (?:twice|three times))")

_VERB = re.compile(
    r"(folds|checks|calls|bets|raises|posts small blind|posts big blind|posts small & big blinds|posts the ante"
    r"|posts straddle|shows|mucks hand|doesn't show hand)(.*)")


def _fail(where: str, line: int | None, message: str) -> HistoryParseError:
    return HistoryParseError(f"{where}, line {line}: {message}" if line is not None else f"{where}: {message}")


class _Hand:
    """The state of one hand while its lines are read (private: the result is a SiteHand)."""

    def __init__(self, hand_id: str, where: str, first_line: int) -> None:
        self.id = hand_id
        self.where = where
        self.line = first_line
        self.money = True
        self.variant, self.hole = "NT", 2
        self.sb = self.bb = 0
        self.button = 0
        self.table: str | None = None
        self.max_seats = 0
        self.seats: dict[str, tuple[int, int]] = {}
        self.posts: list[tuple[str, str, int]] = []
        self.events: list[tuple[str, str, Any]] = []
        self.runs: list[list[str]] = [[]]
        self.cards: dict[str, str] = {}
        self.collected: list[Collected] = []
        self.returned: list[Collected] = []
        self.cashed: set[str] = set()
        self.cashed_won: dict[int, int] = {}
        self.summary_seats: list[int] = []
        self.total: int | None = None
        self.rake: int | None = None
        self.currency: str | None = None
        self.section = "seats"
        self.showdown = False
        self.summary = False

    def fail(self, message: str) -> HistoryParseError:
        return _fail(self.where, self.line, message)

    def amount(self, text: str) -> int:
        m = _AMOUNT.fullmatch(text)
        if m is None:
            raise self.fail(f"bad amount {shown(text)}")
        symbol, whole, cents = m.groups()
        if not self.money:
            if symbol or cents is not None:
                raise self.fail(f"tournament chips are whole numbers, got {shown(text)}")
            return int(whole)
        return int(whole) * 100 + (int(cents.ljust(2, "0")) if cents else 0)

    def cards_of(self, text: str) -> str:
        if _CARDS.fullmatch(text) is None:
            raise self.fail(f"bad cards {shown(text)}")
        return text.replace(" ", "")

    def actor(self, line: str) -> tuple[str, str] | None:
        """The seated player who starts ``line`` with ``NAME: `` and the rest (names may hold ': ')."""
        at = line.find(": ")
        while at > 0:
            if line[:at] in self.seats:
                return line[:at], line[at + 2:]
            at = line.find(": ", at + 2)
        return None


def iter_pokerstars(text: str, *, source: str | None = None) -> Iterator[SiteHand]:
    """Each hand of a PokerStars text (one file's contents), in order; see :func:`parse_pokerstars`."""
    where_file = source if source is not None else "<text>"
    if type(text) is not str:
        raise HistoryParseError(f"{where_file}: expected text, got {shown(text)}")
    if len(text) > MAX_TEXT_CHARS:
        raise HistoryParseError(f"{where_file}: {len(text):,} characters, more than the {MAX_TEXT_CHARS:,} a file may hold")
    if text.startswith("\ufeff"):
        text = text[1:]
    block: list[str] = []
    start = 0
    count = 0
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise _fail(where_file, n, f"line of {len(line):,} characters, more than {MAX_LINE_CHARS:,}")
        if line.startswith("PokerStars "):
            if block:
                yield _hand(block, start, where_file, source, count)
                count += 1
            if count >= MAX_HANDS:
                raise _fail(where_file, n, f"more than {MAX_HANDS:,} hands in one file")
            block, start = [line], n
        elif block:
            if len(block) >= MAX_HAND_LINES:
                raise _fail(where_file, n, f"a hand of more than {MAX_HAND_LINES:,} lines")
            block.append(line)
        elif line.strip():
            raise _fail(where_file, n, f"expected a hand ('PokerStars Hand #...'), got {shown(line)}")
    if block:
        yield _hand(block, start, where_file, source, count)
    elif count == 0:
        raise HistoryParseError(f"{where_file}: no PokerStars hand in the text")


def parse_pokerstars(text: str, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of a PokerStars text, as :class:`~.site.SiteHand` values (limits: the module's)."""
    return list(iter_pokerstars(text, source=source))


def read_pokerstars(path: str) -> list[SiteHand]:
    """Every hand of a PokerStars file (UTF-8, with or without a byte-order mark; at most
    :data:`MAX_TEXT_CHARS` bytes read)."""
    data = _json.read_file(path, max_bytes=MAX_TEXT_CHARS, what=path, error=HistoryParseError)
    text = _json.text_of(data, what=path, error=HistoryParseError, max_bytes=MAX_TEXT_CHARS)
    return parse_pokerstars(text, source=path)


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int) -> SiteHand:
    m = _HEADER.fullmatch(block[0])
    if m is None:
        raise _fail(where_file, start, f"cannot read the hand's first line {shown(block[0])}")
    h = _Hand(m.group(1), f"{where_file}, hand {m.group(1)}", start)
    _header(h, m.group(2))
    for k, line in enumerate(block[1:], start + 1):
        h.line = k
        if line:
            _line(h, line)
    if not h.summary:
        h.line = start + len(block) - 1
        raise h.fail("the hand ends before its summary (truncated?)")
    h.line = start
    try:
        history = _history(h, source, index)
    except HistoryParseError:
        raise
    except PokerEngineError as exc:
        raise h.fail(str(exc)) from None
    where = {name: i for i, name in enumerate(history.players or ())}
    returned = [0] * len(where)
    for c in h.returned:
        if c.player not in where:
            raise h.fail(f"an uncalled bet returned to {shown(c.player)}, who is not in the hand")
        returned[where[c.player]] += c.amount
    return SiteHand("pokerstars", h.id, index, history, tuple(h.collected), h.rake, h.total, source,
                    returned=tuple(returned))


def _header(h: _Hand, rest: str) -> None:
    t = _TOURNAMENT.fullmatch(rest)
    if t is not None:
        game, sb, bb = t.group(2), t.group(4), t.group(5)
        game = next((g for g in GAMES if game == g or game.endswith(" " + g)), game)  # the buy-in first
        h.money = False
    else:
        c = _CASH.fullmatch(rest)
        if c is None:
            raise h.fail(f"cannot read the game and stakes in {shown(rest)}")
        game, sb, bb, h.currency = c.groups()
        if h.currency is None:  # Zoom hands write "($0.01/$0.02)": the symbol says the currency
            h.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sb[:1], "")
    if game not in GAMES:
        raise h.fail(f"{shown(game)} is not read yet (no-limit hold'em and pot-limit Omaha only)")
    h.variant, h.hole = GAMES[game]
    h.sb, h.bb = h.amount(sb), h.amount(bb)
    if h.bb <= 0:
        raise h.fail("the big blind is 0")


def _line(h: _Hand, line: str) -> None:
    if h.summary:
        _summary_line(h, line)
        return
    if h.section == "seats":
        t = _TABLE.fullmatch(line)
        if t is not None:
            h.table, h.max_seats, h.button = t.group(1), int(t.group(2)), int(t.group(3))
            return
        s = _SEAT.fullmatch(line)
        if s is not None:
            if not h.max_seats:
                raise h.fail("a seat before the table line")
            seat, name = int(s.group(1)), s.group(2)
            if name in h.seats or any(seat == x for x, _ in h.seats.values()):
                raise h.fail(f"seat {seat} or player {shown(name)} twice")
            h.seats[name] = (seat, h.amount(s.group(3)))
            return
        h.section = "blinds"
    if line.startswith("*** "):
        _section(h, line)
        return
    found = h.actor(line)
    if found is not None:
        name, rest = found
        v = _VERB.fullmatch(rest)
        if v is None:
            if _OTHER.fullmatch(line):
                return
            raise h.fail(f"cannot read {shown(line)}")
        _verb(h, name, v.group(1), v.group(2))
        return
    c = _COLLECTED.fullmatch(line)
    if c is not None and c.group(1) in h.seats:
        pot = 0 if c.group(3) in ("pot", "main pot") else int(c.group(4) or 1)
        h.collected.append(Collected(c.group(1), pot, h.amount(c.group(2))))
        return
    d = _DEALT.fullmatch(line)
    if d is not None and d.group(1) in h.seats:
        h.cards[d.group(1)] = h.cards_of(d.group(2))
        return
    u = _UNCALLED.fullmatch(line)
    if u is not None and u.group(2) in h.seats:
        h.returned.append(Collected(u.group(2), None, h.amount(u.group(1))))
        return
    x = _CASHED.fullmatch(line)
    if x is not None and x.group(1) in h.seats:
        h.cashed.add(x.group(1))
        return
    if _OTHER.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _section(h: _Hand, line: str) -> None:
    if line == "*** HOLE CARDS ***":
        h.section = "action"
    elif line == "*** SUMMARY ***":
        h.summary = True
    elif line.endswith("SHOW DOWN ***"):
        h.showdown = True
    else:
        s = _STREET.fullmatch(line)
        if s is None or h.section != "action":
            raise h.fail(f"cannot read {shown(line)}")
        run = {"": 0, "FIRST ": 0, "SECOND ": 1, "THIRD ": 2}[s.group(1) or ""]
        while len(h.runs) <= run:
            h.runs.append([])
        cards = h.cards_of(s.group(3))
        size = {"FLOP": 6, "TURN": 2, "RIVER": 2}[s.group(2)]
        if len(cards) != size:
            raise h.fail(f"the {s.group(2).lower()} has {len(cards) // 2} cards")
        h.runs[run].append(cards)
        if run == 0:
            h.events.append(("board", "", cards))


def _verb(h: _Hand, name: str, verb: str, rest: str) -> None:
    allin = rest.endswith(" and is all-in")
    if allin:
        rest = rest[: -len(" and is all-in")]
    if verb.startswith("posts"):
        if h.section != "blinds":
            raise h.fail(f"{shown(name)} posts after the cards are dealt")
        kind = {"posts small blind": "sb", "posts big blind": "bb", "posts small & big blinds": "sbbb",
                "posts the ante": "ante", "posts straddle": "straddle"}[verb]
        if not rest.startswith(" "):
            raise h.fail(f"cannot read the post {shown(rest)}")
        h.posts.append((name, kind, h.amount(rest[1:])))
        return
    if h.section != "action":
        raise h.fail(f"{shown(name)} {verb} before the cards are dealt")
    if verb in ("folds", "checks", "calls", "bets", "raises"):
        if verb == "folds":
            if rest:
                shown_cards = rest.strip()
                if not (shown_cards.startswith("[") and shown_cards.endswith("]")):
                    raise h.fail(f"cannot read the fold {shown(rest)}")
                h.cards.setdefault(name, h.cards_of(shown_cards[1:-1]).ljust(2 * h.hole, "?"))
            h.events.append(("f", name, None))
        elif verb == "checks":
            if rest:
                raise h.fail(f"cannot read the check {shown(rest)}")
            h.events.append(("cc", name, None))
        elif verb == "calls":
            h.amount(rest.strip())
            h.events.append(("cc", name, None))
        elif verb == "bets":
            h.events.append(("cbr", name, h.amount(rest.strip())))
        else:
            parts = rest.split(" to ")
            if len(parts) != 2:
                raise h.fail(f"cannot read the raise {shown(rest)}")
            h.amount(parts[0].strip())
            h.events.append(("cbr", name, h.amount(parts[1].strip())))
        return
    if verb == "shows":
        m = re.fullmatch(r" \[([^]]*)\](?: \(.*\))?", rest)
        if m is None:
            raise h.fail(f"cannot read the show {shown(rest)}")
        cards = h.cards_of(m.group(1))
        h.cards[name] = cards
        if h.showdown:
            h.events.append(("show", name, cards))
        return
    if rest:
        raise h.fail(f"cannot read {shown(verb + rest)}")
    if verb == "mucks hand" and h.showdown:
        h.events.append(("muck", name, None))


def _summary_line(h: _Hand, line: str) -> None:
    t = _TOTAL.fullmatch(line)
    if t is not None:
        h.total = h.amount(t.group(1))
        h.rake = h.amount(t.group(2)) if t.group(2) is not None else None
        return
    s = _SUMMARY_SEAT.fullmatch(line)
    if s is not None:
        seat = int(s.group(1))
        if seat in h.summary_seats:
            raise h.fail(f"seat {seat} twice in the summary")
        h.summary_seats.append(seat)
        w = _CASHED_WON.fullmatch(s.group(2))
        if w is not None:
            h.cashed_won[seat] = h.amount(w.group(1))
        m = re.search(r" (?:showed|mucked) \[([^]]*)\]", s.group(2))
        if m is not None:
            name = next((n for n, (x, _) in h.seats.items() if x == seat), None)
            if name is not None:
                h.cards.setdefault(name, h.cards_of(m.group(1)))
        return
    if _SUMMARY_OTHER.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _history(h: _Hand, source: str | None, index: int) -> HandHistory:
    by_seat = {seat: name for name, (seat, _) in h.seats.items()}
    if h.total is None:
        raise h.fail("the summary has no 'Total pot' line")
    missing = [s for s in h.summary_seats if s not in by_seat]
    if missing:
        raise h.fail(f"the summary names seat {missing[0]}, which has nobody in it")
    span = max(h.max_seats, 10)
    order = sorted(h.summary_seats, key=lambda s: (s - h.button - 1) % span)
    names = [by_seat[s] for s in order]
    n = len(names)
    if n < 2:
        raise h.fail(f"{n} player(s) dealt in; a hand needs two")
    pos = {name: i for i, name in enumerate(names)}
    antes, blinds, posts = [0] * n, [0] * n, [0] * n
    big_at = -1
    for name, kind, amount in h.posts:
        p = pos.get(name)
        if p is None:
            raise h.fail(f"{shown(name)} posts but is not in the hand's summary")
        if kind == "ante":
            antes[p] += amount
        elif kind == "sb" and p == 0 and n > 2 or kind == "sb" and n == 2 and p == n - 1:
            blinds[p] += amount
        elif kind == "sb":  # a small blind out of position: dead
            antes[p] += amount
        elif kind == "bb" and big_at < 0 and (p <= 1 if n > 2 else p == 0):
            blinds[p] += amount
            big_at = p
        elif kind in ("bb", "sbbb", "straddle"):
            live = min(amount, h.bb) if kind == "sbbb" else amount
            if blinds[p]:
                raise h.fail(f"{shown(name)} posts twice")
            blinds[p] += live
            posts[p] += live if kind != "straddle" else 0
            antes[p] += amount - live
    unknown = "??" * h.hole
    for name, cards in h.cards.items():
        if len(cards) != len(unknown):
            raise h.fail(f"{shown(name)} has {len(cards) // 2} cards, not {h.hole}")
    actions = [f"d dh p{i + 1} {h.cards.get(name, unknown)}" for i, name in enumerate(names)]
    folded = set()
    for kind, name, value in h.events:
        if kind == "board":
            actions.append(f"d db {value}")
            continue
        p = pos.get(name)
        if p is None:
            raise h.fail(f"{shown(name)} acts but is not in the hand's summary")
        if kind == "cbr":
            actions.append(f"p{p + 1} cbr {value}")
        elif kind in ("f", "cc"):
            actions.append(f"p{p + 1} {kind}")
            if kind == "f":
                folded.add(name)
        elif name not in folded:  # a show or a muck at the showdown (once, a hand run twice shows twice)
            folded.add(name)
            actions.append(f"p{p + 1} sm -" if kind == "show" else f"p{p + 1} sm")
    user: dict[str, Any] = {}
    if len(h.runs) > 1:
        for run in h.runs[1:]:
            actions.extend(f"d db {cards}" for cards in run)
        user["_run_count"] = len(h.runs)
    if any(posts):
        user["_posts"] = tuple(reversed(posts)) if n == 2 else tuple(posts)
    if n == 2:
        antes.reverse()
        blinds.reverse()
    collected = list(h.collected)
    for seat, amount in h.cashed_won.items():
        collected.append(Collected(by_seat[seat], None, amount))
    if len(h.runs) > 1 or h.cashed_won:  # run twice: both runs' lines add up
        merged: dict[tuple[str, int | None], int] = {}
        for c in collected:
            key = (c.player, None if h.cashed_won else c.pot)
            merged[key] = merged.get(key, 0) + c.amount
        collected = [Collected(p, k, a) for (p, k), a in merged.items()]
    h.collected = collected
    return HandHistory(
        variant=h.variant, starting_stacks=tuple(h.seats[name][1] for name in names), actions=tuple(actions),
        antes=tuple(antes), blinds_or_straddles=tuple(blinds), min_bet=h.bb, hand=h.id, table=h.table,
        seats=tuple(order), seat_count=h.max_seats or None, players=tuple(names), currency=h.currency,
        user_fields=user, source=source, key=str(index))
