"""Read GGPoker hand histories (the client's text files, "Poker Hand #...") into :class:`~.sitehand.SiteHand` values.

GGPoker (and its skins on the same network) writes a PokerStars-like text: each hand begins
``Poker Hand #ID:`` (``HD`` hold'em, ``RC`` Rush & Cash, ``OM`` Omaha, ``SD`` short deck, ``TM``
tournaments...), players are named by a hash except the file's owner (``Hero``), and the summary's
``Total pot`` line lists every deduction (``| Rake $x | Jackpot $y | Bingo $0 | Fortune $0 | Tax $0``).
Each hand becomes a PHH :class:`~pokerengine.phh.record.HandHistory` (position order: p1 the first
seat left of the button, the button last; amounts in minor units) and the file's collected lines,
uncalled bets, total pot and deductions, which :func:`pokerengine.replay.site_check.check_site` compares with
the engine's settlement.

>>> text = '''Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2025/04/16 21:14:33
... Table 'NLHWhite9' 6-max Seat #3 is the button
... Seat 1: ann ($1 in chips)
... Seat 2: bob ($2 in chips)
... Seat 3: Hero ($0.5 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... Dealt to ann
... Dealt to bob
... Dealt to Hero [Ah Kd]
... Hero: raises $0.04 to $0.06
... ann: folds
... bob: folds
... Uncalled bet ($0.04) returned to Hero
... *** SHOWDOWN ***
... Hero collected $0.05 from pot
... *** SUMMARY ***
... Total pot $0.05 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
... Seat 1: ann (small blind) folded before Flop
... Seat 2: bob (big blind) folded before Flop
... Seat 3: Hero (button) collected ($0.05)'''
>>> [hand] = parse_ggpoker(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[3:]
(('ann', 'bob', 'Hero'), (100, 200, 50), ('p3 cbr 6', 'p1 f', 'p2 f'))
>>> hand.collected, hand.total_pot, hand.rake, hand.returned
((Collected(player='Hero', pot=None, amount=5),), 5, 0, (0, 0, 4))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_ggpoker(text.replace("raises $0.04 to $0.06", "raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand HD1, line 12: cannot read the raise ' lots'

Read: hold'em, Omaha with 4, 5 or 6 cards (``Omaha Pot Limit``, ``PLO``, ``PLO-5``, ``PLO-6``, hi and
hi/lo), short deck (``ShortDeck No Limit ($ante)``: antes, a button blind, the button's straddles),
tournaments' ``Omaha (NL postflop)`` (read as no-limit Omaha: the engine has no pot limit before the
flop only), no limit, pot limit and limit; cash and tournament hands; antes, straddles and re-straddles
(``straddle $x``: the total), missed blinds (dead), big blinds posted out of position (live), bomb pots
(antes and no blinds: the engine's preflop round is checked through), ``and is all-in``, uncalled bets,
run it twice and three times (``FIRST``/``SECOND``/``THIRD`` boards and showdowns: the collected lines
add up), hands shown before the board is run out, a player who "folds" at the showdown (a muck),
all-in insurance and EV cash-out lines (settled outside the pot: the pot pays as usual, so they are
kept as user fields and not checked), Rush & Cash's ``Cash Drop to Pot`` (money the site adds: the
file's total pot and collected amounts hold it, so the hand cannot match; see :data:`CASH_DROP`), byte-order
marks and Windows line ends.  The summary's deductions (rake, jackpot, bingo, fortune, tax) are taken
together as the hand's rake, as the file gives it (GGPoker's rule is not known: no ``rake_rule``), but
for the Tax of a hand won with no hand shown: the file writes it and does not take it.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and
:data:`MAX_HAND_LINES` lines a hand; amounts of at most 15 digits.  Time and memory are linear in
the size of the text.  Every error is a :class:`HistoryParseError` naming the file, the hand id and
the line number (1-based, in the file).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .._checks import shown
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import MAX_TEXT_CHARS as MAX_TEXT_CHARS
from .blocks import (
    HandError,
    checked_text,
    file_text,
    glued,
    hand_blocks,
    only_hands,
    read_blocks,
)
from .draft import Draft, fail
from .sitehand import SiteHand

#: The user field a hand with a Rush & Cash cash drop carries: the money the site added to the pot
#: (minor units).  The engine settles what the players put in, so such a hand is a mismatch by it.
CASH_DROP = "_cash_drop"

#: GGPoker's game names (lower case, spaces squeezed) -> (the variant code's game part, hole cards, betting
#: letter when the name says it, else ``None``).
GAMES: dict[str, tuple[str, int, str | None]] = {
    "hold'em": ("T", 2, None), "holdem": ("T", 2, None),
    "omaha": ("O", 4, None), "omaha hi/lo": ("O/8", 4, None), "omaha hi-lo": ("O/8", 4, None),
    "5 card omaha": ("O5", 5, None), "5 card omaha hi/lo": ("O5/8", 5, None),
    "6 card omaha": ("O6", 6, None), "6 card omaha hi/lo": ("O6/8", 6, None),
    "plo": ("O", 4, "P"), "plo-4": ("O", 4, "P"), "plo-5": ("O5", 5, "P"), "plo5": ("O5", 5, "P"),
    "plo-6": ("O6", 6, "P"), "plo6": ("O6", 6, "P"), "plo hi/lo": ("O/8", 4, "P"), "plo-5 hi/lo": ("O5/8", 5, "P"),
    "plo8": ("O/8", 4, "P"), "plo-5 hi-lo": ("O5/8", 5, "P"), "plo hi-lo": ("O/8", 4, "P"),
    "shortdeck": ("S", 2, None), "short deck": ("S", 2, None), "6+ hold'em": ("S", 2, None),
    "omaha (nl postflop)": ("O", 4, "N"),
}
_BETTINGS = {"no limit": "N", "pot limit": "P", "limit": "F", "fixed limit": "F"}

_HEADER = re.compile(r"Poker Hand #([A-Za-z]{0,4}[0-9]{1,30}): +(.*)")
_CASH = re.compile(r"(.+?) +\(([^()/ ]{1,40})(?:/([^()/ ]{1,40}))?(?:\(([^()/ ]{1,40})\))?\)(?: - .*)?")
_TOURNAMENT = re.compile(r"Tournament #([0-9]{1,30}), (.{0,300}?) +- +Level ?(\w{1,8}) ?\(([^()/ ]{1,40})/"
                         r"([^()/ ]{1,40})(?:\(([^()/ ]{1,40})\))?\)(?: - .*)?")
_TABLE = re.compile(r"Table '(.{0,100})'(?: ([0-9]{1,2})-max)? Seat #([0-9]{1,2}) is the button")
_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.+) \((\S+) in chips\)( is sitting out)?")
_STREET = re.compile(r"\*\*\* (FIRST |SECOND |THIRD )?(FLOP|TURN|RIVER) \*\*\* +(?:\[[^]]*\] )?\[([^]]*)\]")
_SHOWDOWN = re.compile(r"\*\*\* (?:FIRST |SECOND |THIRD )?SHOW ?DOWN \*\*\*")
_COLLECTED = re.compile(r"(.+) collected (\S+) from (?:pot|main pot|side pot(?:-[0-9]{1,2})?)")
_UNCALLED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_CASH_DROP = re.compile(r"Cash Drop to Pot ?: total (\S+)")
_TOTAL = re.compile(r"Total pot (\S+)((?: \| [A-Za-z]{1,20} \S+){0,10})")
_FEE = re.compile(r" \| ([A-Za-z]{1,20}) (\S+)")
_SUMMARY_SEAT = re.compile(r"Seat ([0-9]{1,2}): .*")
#: What a summary's seat line says its player won (each part: hi/lo halves, runs).
_WON = re.compile(r" (?:collected|won) \((\S+)\)")
_SUMMARY_OTHER = re.compile(r"(?:(?:FIRST |SECOND |THIRD )?Board \[.*\]|FIRST|SECOND|THIRD"
                            r"|Hand was run (?:twice|two times|three times|twice times|thrice))")
_VERB = re.compile(
    r"(folds|checks|calls|bets|raises|posts small blind|posts big blind|posts the ante|posts ante|straddle"
    r"|posts straddle|posts button blind|posts missed blind|posts dead blind|posts bomb pot|shows|mucks hand"
    r"|mucks|doesn't show hand|does not show hand)(.*)")
#: Lines of a player that settle money outside the pot (all-in insurance, EV cash-out) or say nothing the
#: check needs: kept (insurance and cash-out as user fields), not checked.
_OUTSIDE = re.compile(r"(Chooses to EV Cashout|Pays Cashout Risk \((\S+)\)|Receives Cashout \((\S+)\)"
                      r"|get an all-in insurance.*|pay premium of all-in insurance \((\S+)\)"
                      r"|receive.{0,40}insurance.*|sits out|is sitting out|has timed out.*|is disconnected"
                      r"|is connected|has returned|leaves the table|joins the table.*)")
_POSTS = {"posts small blind": "sb", "posts big blind": "bb", "posts the ante": "ante", "posts ante": "ante",
          "straddle": "straddle", "posts straddle": "straddle", "posts button blind": "button",
          "posts missed blind": "dead", "posts dead blind": "dead", "posts bomb pot": "ante"}
_RUN = {"": 0, "FIRST ": 0, "SECOND ": 1, "THIRD ": 2}


#: A hand's first line that the line before it runs into (the hand before cut short), from its start: a
#: header with a time of day (:func:`.blocks.glued`).
_CUT = glued("Poker Hand #", re.compile(r'Poker Hand #[A-Za-z]{0,4}[0-9]{1,30}: .{0,400}?[0-9]{1,2}:[0-9]{1,2}(?::[0-9]{1,2})?[^"]{0,80}'))


def iter_ggpoker(text: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a GGPoker text (one file's contents), in order; see :func:`parse_ggpoker`.
    ``cancelled`` is the registry's argument: GGPoker writes no cancelled hands."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_ggpoker`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file)
    blocks = hand_blocks(text, where=where_file, starts="Poker Hand #", name="GGPoker", expected="'Poker Hand #...'",
                         cut=_CUT, mark="Poker Hand #")
    yield from read_blocks(blocks, lambda b: _hand(list(b.lines), b.first, where_file, source, b.index), errors=errors)


def parse_ggpoker(text: str, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of a GGPoker text, as :class:`~.sitehand.SiteHand` values (limits: the module's)."""
    return list(iter_ggpoker(text, source=source, cancelled=cancelled))


def read_ggpoker(path: str) -> list[SiteHand]:
    """Every hand of a GGPoker file (UTF-8, UTF-16 or Windows-1252, :func:`.blocks.file_text`; at most
    :data:`MAX_TEXT_CHARS` bytes read)."""
    return parse_ggpoker(file_text(path), source=path)


def game_of(name: str) -> tuple[str, int] | None:
    """The PHH variant code and hole cards of a GGPoker game's name (``"PLO-5"``, ``"Hold'em No Limit"``,
    a tournament's ``"... Omaha Pot Limit"``), or ``None``.

    >>> game_of("PLO-5"), game_of("$1,050 GGMasters Hold'em No Limit  "), game_of("ShortDeck No Limit")
    (('PO5', 5), ('NT', 2), ('NS', 2))
    >>> game_of("Bounty $8.40 Omaha (NL postflop)"), game_of("Courchevel Pot Limit")
    (('NO', 4), None)
    """
    words = " ".join(name.split()[-6:]).lower()
    betting = None
    for b in ("no limit", "pot limit", "fixed limit", "limit"):
        if words.endswith(" " + b):
            betting, words = _BETTINGS[b], words[: -len(b) - 1]
            break
    found = None
    for k in range(max(0, words.count(" ") - 4), words.count(" ") + 1):  # the longest name at the end first
        tail = words.split(" ", k)[-1] if k else words
        if tail in GAMES:
            found = GAMES[tail]
            break
    if found is None:
        return None
    part, hole, letter = found
    letter = letter or betting
    if letter is None or betting is not None and found[2] is not None and betting != found[2]:
        return None
    return letter + part, hole


class _Hand(Draft):
    """A GGPoker hand while its lines are read: the shared draft, and what GGPoker writes before the
    showdown (shows and mucks come right after the all-in, before the board is run out)."""

    __slots__ = ("pending", "folded", "revealed", "posted_at", "outside", "blinds", "shows")

    def __init__(self, hand_id: str, where: str, first_line: int) -> None:
        super().__init__("ggpoker", hand_id, where, first_line)
        self.pending: list[tuple[str, str, str]] = []  # shows and mucks before the showdown line
        self.folded: set[str] = set()
        self.revealed = False  # a hand was shown: the betting is over, a "fold" is a muck
        self.shows = False  # a hand was shown at all (a showdown): the summary's Tax is taken
        self.posted_at: dict[str, int] = {}  # a player's live blind or straddle: its place in posts
        self.outside: list[str] = []  # insurance and cash-out lines
        self.blinds: dict[str, int] = {}  # the first small and big blind posted in full (not all in)

    def flush(self) -> None:
        """The shows and mucks written before the showdown, as the showdown's (when two or more are live)."""
        self.showdown = True
        live = sum(1 for name in self.seats if name not in self.folded and name not in self.out)
        for kind, name, cards in self.pending:
            if live < 2:
                continue
            if kind == "show":
                self.show(name, cards)
            else:
                self.muck(name)
        self.pending = []


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int) -> SiteHand:
    """The hand of ``block`` (its lines; the first is line ``start`` of the file)."""
    m = _HEADER.fullmatch(block[0].rstrip())
    if m is None:
        raise fail(where_file, start, f"cannot read the hand's first line {shown(block[0])}")
    h = _Hand(m.group(1), f"{where_file}, hand {m.group(1)}", start)
    _header(h, m.group(2))
    for k, line in enumerate(block[1:], start + 1):
        h.line = k
        line = line.rstrip()
        if line:
            _line(h, line)
    if h.outside:
        h.user["_outside_pot"] = tuple(h.outside)
    if h.section != "action" and not h.summary:
        h.line = start + len(block) - 1
        raise h.fail("the hand ends before its summary (truncated?)")
    if "bb" in h.blinds and h.blinds["bb"] != h.bb and not h.fixed:  # a tournament's header may name the
        h.bb = h.blinds["bb"]  # next level while the table still plays this one: the blinds posted say
        h.sb = h.blinds.get("sb", h.sb)
    _bomb_pot(h)
    _cash_drop(h)
    hand = h.finish(source, index, last_line=start + len(block) - 1)
    assert hand is not None  # (never cancelled)
    return hand


def _header(h: _Hand, rest: str) -> None:
    t = _TOURNAMENT.fullmatch(rest)
    if t is not None:
        h.money = False
        name, small, big, h.user["tournament"] = t.group(2), t.group(4), t.group(5), t.group(1)
    else:
        c = _CASH.fullmatch(rest)
        if c is None:
            raise h.fail(f"cannot read the game and stakes in {shown(rest)}")
        name, small, big = c.group(1), c.group(2), c.group(3)
    game = game_of(name)
    if game is None:
        raise h.fail(f"{shown(name.strip())} is not read yet (the games read: docs/histories.md)")
    code, hole = game
    h.game(code, hole)
    if big is None:  # short deck: "($ante)"; the button blind is as much
        if code[1:] != "S":
            raise h.fail(f"cannot read the stakes in {shown(rest)}")
        big = small
    h.stakes(h.amount(small), h.amount(big))
    if h.currency is None and h.money:
        h.currency = "USD"


def _line(h: _Hand, line: str) -> None:
    if h.summary:
        _summary_line(h, line)
        return
    if h.section == "seats":
        t = _TABLE.fullmatch(line)
        if t is not None:
            if h.table is not None:
                raise h.fail("a second table line")
            h.table, h.max_seats, h.button = t.group(1), int(t.group(2) or 0), int(t.group(3))
            return
        s = _SEAT.fullmatch(line)
        if s is not None:
            if h.table is None:
                raise h.fail("a seat before the table line")
            h.seat(int(s.group(1)), s.group(2), h.amount(s.group(3)), out=s.group(4) is not None)
            return
        if h.table is None:
            raise h.fail(f"expected the table line, got {shown(line)}")
        h.section = "blinds"
    if line.startswith("*** "):
        _section(h, line)
        return
    found = h.actor(line)
    if found is not None:
        name, rest = found
        v = _VERB.fullmatch(rest)
        if v is not None:
            _verb(h, name, v.group(1), v.group(2))
            return
        o = _OUTSIDE.fullmatch(rest)
        if o is not None:
            if o.group(2) or o.group(3) or o.group(4):
                h.amount(o.group(2) or o.group(3) or o.group(4))
            h.outside.append(f"{name}: {rest}")
            return
        raise h.fail(f"cannot read {shown(line)}")
    if line.startswith("Dealt to "):  # "Dealt to NAME" or "Dealt to NAME [CARDS]" (NAME may hold " [")
        rest = line[9:]
        if rest in h.seats:
            return
        at = rest.rfind(" [")
        while at > 0:
            if rest[:at] in h.seats and rest.endswith("]"):
                h.holds(rest[:at], rest[at + 1:])
                return
            at = rest.rfind(" [", 0, at)
        raise h.fail(f"cannot read {shown(line)}")
    c = _COLLECTED.fullmatch(line)
    if c is not None and c.group(1) in h.seats:
        h.collect(c.group(1), h.amount(c.group(2)))
        return
    u = _UNCALLED.fullmatch(line)
    if u is not None and u.group(2) in h.seats:
        h.uncalled(u.group(2), h.amount(u.group(1)))
        return
    d = _CASH_DROP.fullmatch(line)
    if d is not None:
        if CASH_DROP in h.user:
            raise h.fail("a second cash drop")
        h.user[CASH_DROP] = h.amount(d.group(1))
        return
    raise h.fail(f"cannot read {shown(line)}")


def _section(h: _Hand, line: str) -> None:
    if line == "*** HOLE CARDS ***":
        if h.section == "action":
            raise h.fail("a second '*** HOLE CARDS ***'")
        h.start_betting()
        return
    if line == "*** SUMMARY ***":
        if h.section != "action":
            raise h.fail("the summary before the cards are dealt")
        if not h.showdown:
            h.flush()
        h.summary = True
        return
    if _SHOWDOWN.fullmatch(line):
        if h.section != "action":
            raise h.fail("a showdown before the cards are dealt")
        if not h.showdown:
            h.flush()
        return
    s = _STREET.fullmatch(line)
    if s is None or h.section != "action" or h.showdown:
        raise h.fail(f"cannot read {shown(line)}")
    run = _RUN[s.group(1) or ""]
    if run and len(h.runs) < run:
        raise h.fail(f"{shown(line)} before the run before it")
    cards = h.cards_of(s.group(3))
    size = {"FLOP": 6, "TURN": 2, "RIVER": 2}[s.group(2)]
    if len(cards) != size:
        raise h.fail(f"the {s.group(2).lower()} has {len(cards) // 2} cards")
    if run < len(h.runs) and sum(map(len, h.runs[run])) + len(cards) > 10:
        raise h.fail(f"{shown(line)}: more than five board cards")
    h.board(cards, run)


def _post(h: _Hand, name: str, kind: str, amount: int) -> None:
    if h.section != "blinds":
        raise h.fail(f"{shown(name)} posts after the cards are dealt")
    at = h.posted_at.get(name)
    if kind == "straddle" and at is not None:  # a re-straddle (or a straddle on the button blind): the total
        prior, before = h.posts[at][1], h.posts[at][2]
        if amount <= before:
            raise h.fail(f"{shown(name)} straddles {amount}, no more than the {before} already posted")
        h.posts[at] = (name, prior if prior in ("button", "straddle") else "straddle", amount)
        return
    if kind in ("sb", "bb", "straddle", "button"):
        if at is not None:
            raise h.fail(f"{shown(name)} posts a second blind")
        h.posted_at[name] = len(h.posts)
    h.post(name, kind, amount)


def _verb(h: _Hand, name: str, verb: str, rest: str) -> None:
    allin = rest.endswith(" and is all-in")
    if allin:
        rest = rest[: -len(" and is all-in")]
    kind = _POSTS.get(verb)
    if kind is not None:
        if not rest.startswith(" "):
            raise h.fail(f"cannot read the post {shown(rest)}")
        amount = h.amount(rest[1:])
        if kind in ("sb", "bb") and not allin:
            h.blinds.setdefault(kind, amount)
        _post(h, name, kind, amount)
        return
    if h.section != "action":
        raise h.fail(f"{shown(name)} {verb} before the cards are dealt")
    if verb == "shows":
        m = re.fullmatch(r" \[([^]]*)\](?: \(.*\))?", rest)
        if m is None:
            raise h.fail(f"cannot read the show {shown(rest)}")
        cards = h.cards_of(m.group(1))
        h.show(name, m.group(1))  # (before the showdown: the cards only)
        h.shows = True
        if h.showdown:
            return
        h.revealed = True
        h.pending.append(("show", name, cards))
        return
    if verb in ("mucks hand", "mucks", "doesn't show hand", "does not show hand") or verb == "folds" and h.revealed:
        if rest and verb != "folds":
            raise h.fail(f"cannot read {shown(verb + rest)}")
        if verb.startswith("muck") or verb == "folds":
            if h.showdown:
                h.muck(name)
            else:
                h.pending.append(("muck", name, ""))
        return
    if h.showdown:
        raise h.fail(f"{shown(name)} {verb} after the showdown")
    if verb == "folds":
        if rest:
            raise h.fail(f"cannot read the fold {shown(rest)}")
        h.fold(name)
        h.folded.add(name)
    elif verb == "checks":
        if rest:
            raise h.fail(f"cannot read the check {shown(rest)}")
        h.check(name)
    elif verb == "calls":
        h.amount(rest.strip())
        h.call(name)
    elif verb == "bets":
        h.raise_to(name, h.amount(rest.strip()))
    else:
        parts = rest.split(" to ")
        if len(parts) != 2:
            raise h.fail(f"cannot read the raise {shown(rest)}")
        h.amount(parts[0].strip())
        h.raise_to(name, h.amount(parts[1].strip()))


def _summary_line(h: _Hand, line: str) -> None:
    t = _TOTAL.fullmatch(line)
    if t is not None:
        if h.total is not None:
            raise h.fail("a second 'Total pot' line")
        h.total = h.amount(t.group(1))
        fees = _FEE.findall(t.group(2))
        # a hand won with no hand shown keeps its Tax in the collected amount (GGPoker writes it all the same):
        # 8 of 8 real hands with a Tax ($2.01 | Rake $0.09 | Jackpot $0.07 | Tax $0.01, $1.85 won)
        h.rake = sum(h.amount(x) for k, x in fees if h.shows or k != "Tax") if fees else None
        if fees:
            h.user["_deductions"] = tuple(f"{k} {v}" for k, v in fees)
        return
    s = _SUMMARY_SEAT.fullmatch(line)
    if s is not None:
        h.dealt_in(int(s.group(1)))
        h.state_won_line(int(s.group(1)), line[line.index(":") + 1:], _WON)
        return
    if _SUMMARY_OTHER.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _bomb_pot(h: _Hand) -> None:
    """A bomb pot (antes, no blinds, no preflop betting: the flop comes right after the cards): the
    engine's preflop round, checked through by every player dealt in, in position order."""
    if not h.posts or any(kind != "ante" for _, kind, _ in h.posts) or not h.events or h.events[0][0] != "board":
        return
    h.events[0:0] = [("cc", name, None) for name in _order(h)]
    h.user["_bomb_pot"] = True


def _cash_drop(h: _Hand) -> None:
    """Rush & Cash's cash drop: money the site adds to the pot (it counts in a pot-limit raise, the total
    pot and the winner's share).  PHH has no money from the house: the record writes it as dead money, an
    ante of the button's whose starting stack is as much larger (user field :data:`CASH_DROP`), so the
    hand replays, settles and is checked as the site played it."""
    drop = h.user.get(CASH_DROP)
    order = _order(h)
    if not drop or not order:
        return
    name = order[-1]
    seat, stack = h.seats[name]
    h.seats[name] = (seat, stack + drop)
    h.posts.append((name, "ante", drop))


def _order(h: _Hand) -> list[str]:
    """The players dealt in, in position order (the first seat left of the button first)."""
    by_seat = {seat: name for name, (seat, _) in h.seats.items()}
    span = max(h.max_seats, 10)
    dealt = h.summary_seats or [s for s in by_seat if by_seat[s] not in h.out]
    return [by_seat[s] for s in sorted(dealt, key=lambda s: (s - h.button - 1) % span) if s in by_seat]


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int] | None:
    """GGPoker's deductions of ``hand`` drawn from ``pots`` (the site check's hook): the file's, from the main
    pot first, each pot giving all it can (measured on the 2 real hands whose main and side pots went to different
    players and whose shares the proportional draw rounded otherwise, RC3810835436: 21 cents from pots of 777
    and 22, all from the main pot).  ``None`` (the check's own draw) for one pot or deductions the pots cannot
    give."""
    del flop  # (the file's deductions whatever the flop)
    rake = hand.rake
    if rake is None or len(pots) < 2 or not 0 <= rake <= sum(pots):
        return None
    return whole_from_main(rake, pots)


def whole_from_main(rake: int, pots: list[int]) -> list[int]:
    """``rake`` (``0 <= rake <= sum(pots)``) taken from ``pots`` main pot first, each giving all it can.

    >>> whole_from_main(21, [777, 22]), whole_from_main(5, [3, 4, 9]), whole_from_main(0, [1, 2])
    ([21, 0], [3, 2, 0], [0, 0])
    """
    parts: list[int] = []
    for amount in pots:
        parts.append(min(amount, rake - sum(parts)))
    return parts
