"""Read PokerNow's game logs (the "Download Log" CSV, ``entry,at,order``) into :class:`~.sitehand.SiteHand` values.

PokerNow (pokernow.club, home games in the browser) logs a game as a CSV file: one event a row, the
newest first, ``entry`` the event's text, ``at`` its time and ``order`` a number that sorts the events
(many share one ``at``).  A hand runs from ``-- starting hand #N (id: x)  (No Limit Texas Hold'em)
(dealer: "name @ id") --`` to ``-- ending hand #N --``; players are ``"nickname @ id"`` (kept whole as
the player's name: nicknames repeat, ids do not); ``Player stacks: #1 "a @ x" (1000) | ...`` gives the
seats and stacks; amounts are whole chips or, in a cents game, two decimals (read in hundredths, user
field ``_chip_scale`` 100); an action's amount is the player's total for the street (``calls 60``,
``raises to 60``); ``collected X from pot`` is what a player took (a line per pot, per half of a hi/lo
pot and per run); uncalled bets come back on their own line.  Each hand becomes a PHH record (position
order: p1 the first seat left of the button), which :func:`pokerengine.replay.site_check.check_site` settles and
compares with the collected and returned amounts.

>>> entries = ['-- ending hand #1 --', '"bo @ b2" collected 40 from pot', 'Uncalled bet of 40 returned to "bo @ b2"',
...            '"al @ a1" folds', '"bo @ b2" raises to 60', '"al @ a1" posts a big blind of 20',
...            '"bo @ b2" posts a small blind of 10', 'Player stacks: #1 "al @ a1" (1000) | #2 "bo @ b2" (500)',
...            '-- starting hand #1 (id: h1)  (No Limit Texas Hold\\'em) (dealer: "bo @ b2") --']
>>> log = "entry,at,order\\n" + "".join('"' + e.replace('"', '""') + f'",2024-01-01T00:00:0{9 - k}.000Z,{9 - k}\\n'
...                                     for k, e in enumerate(entries))
>>> [hand] = iter_hands(log)
>>> hand.hand_id, hand.history.players, hand.history.actions[2:]
('h1', ('al @ a1', 'bo @ b2'), ('p2 cbr 60', 'p1 f'))
>>> hand.collected, hand.returned
((Collected(player='bo @ b2', pot=None, amount=40),), (0, 40))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'

Read: no-limit and pot-limit hold'em and Omaha (4, 5 or 6 cards; the hole cards' count from the cards
seen), Omaha hi/lo; the three first lines PokerNow wrote over the years (no ``(id: ...)``; the game in
parentheses or not; ``(dead button)``); ``flop:`` in lower case; suits as symbols, rank ``10``; small and
big blinds, straddles, antes, ``posts a missing small blind`` (dead money), ``posts a missed big blind``
(a live post; heads-up the button's takes in his small blind and he still acts first), ``Dead Small Blind``
(no small blind); heads-up the button's straddle (his whole post, the small blind in it); a big blind all in
for less called in full (``_full_blind``); ``and go all in``; run it twice (``Flop (second run)``: each
run settled on its board); a double board (``Flop (second board)`` beside each street, the betting after
both: the second board's cards in the user field ``_second_board``, each pot divided between the boards
and each part won on its board, the odd chip to the first, as 14 real hands show); bomb pots (antes and no
blinds, ``posts a bet of X (bomb pot bet)`` and ``calls X (bomb pot bet)`` among them, the flop with no
betting before it: the engine's preflop round is checked through; with a dead button, in the order the
flop's betting shows); a player's id changed mid-hand (his lines stay his seat's); ``shows``
lines written after ``-- ending hand`` (they belong to the hand); admin lines, seat requests, stack
changes, chat-like notices, ``Undealt cards`` and ``Your hand is`` (whose hand the log does not say)
are skipped.  A log cut mid-hand at its start is read from its first whole hand.  The ledger (the
separate CSV of buy-ins and cash-outs) is checked by :func:`pokerengine.formats.pokernow_ledger.check_ledger`.

Limits: at most :data:`~.blocks.MAX_TEXT_CHARS` characters a file, :data:`~.blocks.MAX_HANDS` hands,
:data:`~.blocks.MAX_LINE_CHARS` characters an entry and :data:`~.blocks.MAX_HAND_LINES` entries a hand;
amounts of at most 15 digits.  Time and memory are linear in the text.  Every error is a
:class:`HistoryParseError` naming the file, the hand and the line (the line of the file the entry is on).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

from .._checks import shown
from ..errors import HistoryParseError
from .blocks import (
    MAX_LINE_CHARS,
    Block,
    HandError,
    checked_text,
    hand_blocks,
    only_hands,
    read_blocks,
)
from .draft import Draft, fail
from .sitehand import Collected, SiteHand

#: The first line of a log (the CSV header); older logs and other tools may leave out ``order``.
HEADER = re.compile(r"entry,at(?:,order)?\r?\n")

START = "-- starting hand #"
#: What :func:`_orphans` puts before a hand's ``Player stacks`` line whose first line is damaged.
ORPHAN = "\x01"
_START = re.compile(r"-- starting hand #([0-9]{1,12})(?: +\(id: ([\w-]{1,60})\))? +(.{1,120}?) +"
                    r"\((?:dealer: \"(.{1,200})\"|dead button)\) --")
_END = re.compile(r"-- ending hand #([0-9]{1,12}) --")
_STACK = re.compile(r"#([0-9]{1,3}) \"(.{1,200})\" \(([0-9.,]{1,24})\)")
_BOARD = re.compile(r"(flop|turn|river)(?: \((second|third) (run|board)\))?: +(?:[^\[]{0,80})\[([^\]]{1,80})\]",
                    re.IGNORECASE)
_VERBS = re.compile(r"(posts a small blind of|posts a big blind of|posts a missing small blind of"
                    r"|posts a missed big blind of|posts a straddle of|posts an ante of|posts a bomb pot of|posts a bet of"
                    r"|calls|bets|raises to|checks|folds|shows a|collected)(.*)")
_POSTS = {"posts a small blind of": "sb", "posts a big blind of": "bb", "posts a missing small blind of": "dead",
          "posts a missed big blind of": "bb", "posts a straddle of": "straddle", "posts an ante of": "ante",
          "posts a bomb pot of": "ante", "posts a bet of": "ante"}
#: What PokerNow writes after a bomb pot's forced bets (``posts a bet of 1.00 (bomb pot bet)``, then each
#: other player ``calls 1.00 (bomb pot bet)``): antes, every player's the same.
_BOMB_BET = " (bomb pot bet)"
_UNCALLED = re.compile(r"Uncalled bet of ([0-9.,]{1,24}) returned to \"(.{1,200})\"")
_COLLECTED = re.compile(r" ([0-9.,]{1,24}) from (?:the )?(?:main |side )?pot.*")
#: Player lines that say nothing the check needs (run it twice's choice, chat-like notices).
_PLAYER_SKIP = re.compile(r"(chooses to|choose to|is away|sits out|sit out|will be playing|stand up|wins the"
                          r" bounty|requested|joined|quits|rebought|changed the id|.*bounty).*", re.IGNORECASE)
#: A player's id changed mid-game (he logged in): ``The player "a @ new" changed the ID from old to new because ...``.
_NEW_ID = re.compile(r"The player \"(.{1,200}) @ ([^\s\"]{1,60})\" changed the ID from ([^\s\"]{1,60}) to "
                     r"([^\s\"]{1,60})\b.{0,200}")
_SUITS = str.maketrans({"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c"})
_RUNS = {None: 0, "second": 1, "third": 2}
_ORDER = re.compile(r"[0-9]{1,30}")
#: A row: the entry (quoted, its quotes doubled, or plain), its time and its order; an entry may span lines
#: (at most :data:`_ROW_LINES`): a quote left open on a damaged line spoils no row but its own.
_ROW = re.compile(r'"((?:[^"]|"")*)",([^,"]*)(?:,([^,"]*))?|([^",]*),([^,"]*)(?:,([^,"]*))?')
_ROW_LINES = 20
#: Lines that say nothing the check needs: the host's and the table's notices, run it twice's question,
#: the cards not dealt, a repeated CSV header.
_NOTICE = re.compile(r"(?:The player |The admin |The game|WARNING|IMPORTANT|Remaining players|Some players|All players"
                     r"|Undealt cards|Dead Big Blind|Game entering|Asking to|entry$|.{1,220} will be playing on table)")
_GAMES = {"texas hold'em": "T", "hold'em": "T", "holdem": "T", "omaha hi": "O", "omaha": "O",
          "omaha hi/lo 8 or better": "O/8", "omaha hi/lo": "O/8", "omaha hi-lo": "O/8"}
_BETTING = {"no limit": "N", "pot limit": "P"}


def sniff(head: str) -> bool:
    """Whether a file's first characters are a PokerNow log (its CSV header).

    >>> sniff("entry,at,order\\n"), sniff("entry,at\\r\\n"), sniff("entry,at,order,x\\n")
    (True, True, False)
    """
    return HEADER.match(head) is not None


def game_of(text: str) -> tuple[str, int] | None:
    """The PHH variant code and hole cards of a PokerNow game's name (``"No Limit Texas Hold'em"``,
    ``"(Pot Limit Omaha Hi/Lo 8 or Better)"``, ``"Pot Limit Omaha Hi 5 Cards"``), or ``None``.

    >>> game_of("(No Limit Texas Hold'em)"), game_of("Pot Limit Omaha Hi/Lo 8 or Better"), game_of("PLO 6 Cards")
    (('NT', 2), ('PO/8', 4), None)
    >>> game_of("Pot Limit Omaha Hi 5 Cards"), game_of("Pot Limit Omaha Hi (6 cards)")
    (('PO5', 5), ('PO6', 6))
    """
    words = " ".join(text.strip().strip("()").lower().replace("(", " ").replace(")", " ").split())
    hole = 0
    m = re.search(r" ?\b([456]) ?cards?\b| ?\bplo([456])\b", words)
    if m is not None:
        hole = int(m.group(1) or m.group(2))
        words = (words[:m.start()] + words[m.end():]).strip()
    for betting, letter in _BETTING.items():
        if words.startswith(betting + " "):
            part = _GAMES.get(words[len(betting) + 1:])
            if part is None:
                return None
            if part == "T":
                return (letter + "T", 2) if hole in (0, 2) else None
            hole = hole or 4
            return letter + part.replace("O", f"O{hole}" if hole != 4 else "O"), hole
    return None


def iter_hands(text: str | bytes, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): each hand of a PokerNow log, in the order played;
    with ``errors=True`` a hand that cannot be read is given as a :class:`~.blocks.HandError` in its place.
    ``cancelled`` is the registry's argument: PokerNow writes no cancelled hands."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file, decode_bytes=True)
    entries, lines = _entries(text, where_file)
    blocks = hand_blocks(entries, where=where_file, starts=(START, ORPHAN), name="PokerNow", expected=f"'{START}...'",
                         outside=lambda line: True)
    yield from read_blocks(blocks, lambda b: _hand(b, lines, where_file, source), errors=errors)


def parse_pokernow(text: str | bytes, *, source: str | None = None) -> list[SiteHand]:
    """Every hand of a PokerNow log, as :class:`~.sitehand.SiteHand` values (limits: the module's)."""
    return list(only_hands(iter_hands(text, source=source)))


def _entries(text: str, where: str) -> tuple[list[str], list[int]]:
    """The log's entries in the order they happened (by ``order``, else the file's rows reversed), each on
    one line, and the file's line of each."""
    if not text.strip():
        raise HistoryParseError(f"{where}: no PokerNow hand in the text")
    if HEADER.match(text.lstrip(" \t\r\n")) is None:
        raise HistoryParseError(f"{where}: not a PokerNow log (expected the header 'entry,at,order')")
    rows: list[tuple[int, int, str, str]] = []
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.strip()) + 1  # (the header's line, then the rows)
    while i < len(lines):
        line, span = lines[i], 1
        m = _ROW.fullmatch(line) if len(line) <= MAX_LINE_CHARS else None
        if m is None and line.startswith('"') and len(line) <= MAX_LINE_CHARS:  # an entry over several lines
            joined = line
            while m is None and span < _ROW_LINES and i + span < len(lines) and len(joined) <= MAX_LINE_CHARS:
                joined += " " + lines[i + span]
                span += 1
                m = _ROW.fullmatch(joined)
            span = span if m is not None else 1
        if m is None:  # not a row: its text, as an entry the hand it falls in cannot read
            entry, at, order = line[:MAX_LINE_CHARS + 1], "", ""
        elif m.group(1) is not None:
            entry, at, order = m.group(1).replace('""', '"'), m.group(2), m.group(3) or ""
        else:
            entry, at, order = m.group(4), m.group(5), m.group(6) or ""
        if line.strip():
            rows.append((int(order) if _ORDER.fullmatch(order) else -1, i + 1, entry, at))
        i += span
    # by ``order``; a row without one (or rows of equal ones) just before the row next to it in the file that
    # is newer: the one above in PokerNow's newest-first files (a log without the column: the file reversed),
    # the one below in a file written oldest first
    keys = [key for key, _, _, _ in rows if key >= 0]
    oldest_first = len(keys) > 1 and keys[0] < keys[-1]
    newer = 10**31
    ranked = []
    for position in (range(len(rows) - 1, -1, -1) if oldest_first else range(len(rows))):
        key, n, entry, at = rows[position]
        newer = key if key >= 0 else newer
        ranked.append((newer, position if oldest_first else -position, n, entry, at))
    ranked.sort()
    entries, numbers = [], []
    for _, _, n, entry, at in ranked:
        if entry.startswith(START):
            entry += "\x00" + at[:40]  # the time of the hand, on its first line
        entries.append(entry)
        numbers.append(n)
    _orphans(entries)
    return entries, numbers


def _orphans(entries: list[str]) -> None:
    """Mark (with :data:`ORPHAN`) each ``Player stacks`` entry with no hand's first line before it since the
    last hand's end, that actions or an end follow before the next first line: a hand whose first line is
    damaged (a stacks row alone, its order damaged, is left as it is).  Linear: one pass back, one forward."""
    upcoming = len(entries)  # where the next hand's first line is
    played = len(entries)  # where the next action or hand's end is
    follows: list[bool] = [False] * len(entries)
    for k in range(len(entries) - 1, -1, -1):
        entry = entries[k]
        follows[k] = played < upcoming
        if entry.startswith(START):
            upcoming = k
        elif entry.startswith('"') or _END.fullmatch(entry):
            played = k
    open_hand = False
    for k, entry in enumerate(entries):
        if entry.startswith(START):
            open_hand = True
        elif _END.fullmatch(entry):
            open_hand = False
        elif not open_hand and entry.startswith("Player stacks:") and follows[k]:
            entries[k] = ORPHAN + entry
            open_hand = True


def _hand(block: Block, lines: list[int], where_file: str, source: str | None) -> SiteHand | None:
    numbered = [(lines[n - 1], text) for n, text in block.numbered()]
    first, at = numbered[0][1].partition("\x00")[::2]
    m = _START.fullmatch(first)
    if m is None and first.startswith(ORPHAN):
        raise fail(where_file, numbered[0][0], f"expected a hand ('{START}...') before {shown(first[1:])}: its "
                                               "first line is missing or damaged")
    if m is None:
        raise fail(where_file, numbered[0][0], f"cannot read the hand's first line {shown(first)}")
    hand_id = m.group(2) or m.group(1)
    h = Draft("pokernow", hand_id, f"{where_file}, hand {hand_id}", numbered[0][0])
    h.needs_total = False
    h.rake = 0
    game = game_of(m.group(3))
    if game is None:
        raise h.fail(f"a game the engine does not play: {shown(m.group(3))}")
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}.*", at):
        try:
            h.date = datetime.date.fromisoformat(at[:10])
        except ValueError:
            pass
    _Hand(h, game, m.group(4)).read(numbered[1:])
    h.line = numbered[-1][0]
    return h.finish(source, block.index)


class _Hand:
    """A PokerNow hand while its entries are read into a :class:`Draft`."""

    def __init__(self, h: Draft, game: tuple[str, int], dealer: str | None) -> None:
        self.h = h
        self.game = game
        self.dealer = dealer
        self.ended = False
        self.folded: set[str] = set()
        self.shown: dict[str, str] = {}
        self.seen = 0  # the most hole cards seen in one hand (Omaha 5 and 6 from the cards)
        self.betting = False
        self.sb_seat: int | None = None
        self.bb_seat: int | None = None
        self.dead_sb = False  # "Dead Small Blind": nobody sits where the small blind is due
        self.board2: list[str] = []  # a double board's second board, street by street ("(second board)")
        self.bomb_at: int | None = None  # where a dead-button bomb pot's preflop checks go, until the flop's first act
        self.short_bb: int | None = None  # where in the posts a big blind all in for less is, until an action
        self.alias: dict[str, str] = {}  # a seated player's name after his id changed mid-hand: his seat's name

    def read(self, numbered: list[tuple[int, str]]) -> None:
        h = self.h
        for n, line in numbered:
            h.line = n
            line = line.strip()
            if not line:
                continue
            if line.startswith("Player stacks:") and not h.seats:
                self.stacks(line[len("Player stacks:"):])
            elif not h.seats:
                continue  # admin lines before the stacks
            elif _END.fullmatch(line):
                self.ended = True
                h.summary = True
            elif line.startswith('"'):
                self.player(self.renamed(line))
            elif (c := _NEW_ID.fullmatch(line)) is not None:
                old_name, new_name = f"{c.group(1)} @ {c.group(3)}", f"{c.group(1)} @ {c.group(4)}"
                if old_name in h.seats and new_name not in h.seats:
                    self.alias[new_name] = old_name
            elif self.ended:
                continue  # what happens between hands (admin, joins, stack changes)
            elif (b := _BOARD.match(line)) is not None:
                self.board(b)
            elif line.startswith("Uncalled bet of "):
                u = _UNCALLED.fullmatch(line)
                if u is None:
                    raise h.fail(f"cannot read {shown(line)}")
                h.uncalled(self.alias.get(u.group(2), u.group(2)), h.amount(u.group(1)))
            elif line == "Dead Small Blind":
                self.dead_sb = True
            elif line.startswith("Your hand is "):
                self.seen = max(self.seen, len(self.cards(line[len("Your hand is "):])) // 2)
            elif _NOTICE.match(line) is None:  # (admin lines, notices, "Undealt cards": skipped)
                raise h.fail(f"cannot read {shown(line)}")
        if not h.seats:
            raise h.fail("the hand has no 'Player stacks' line")
        self.finish()

    def renamed(self, line: str) -> str:
        """A player's line with his name as the hand's stacks give it (his id changed mid-hand)."""
        for new_name, old_name in self.alias.items():
            if line.startswith(f'"{new_name}" '):
                return f'"{old_name}' + line[len(new_name) + 1:]
        return line

    def stacks(self, text: str) -> None:
        h = self.h
        parts = text.split(" | ")
        found = [_STACK.fullmatch(p.strip()) for p in parts]
        if not found or any(f is None for f in found):
            raise h.fail(f"cannot read the stacks {shown(text)}")
        h.money = any("." in f.group(3) for f in found if f is not None)
        if h.money:
            h.user["_chip_scale"] = 100
        for f in found:
            assert f is not None
            h.seat(int(f.group(1)), f.group(2), h.amount(f.group(3)))
        h.max_seats = 10
        if self.dealer is not None:
            if self.dealer not in h.seats:
                raise h.fail(f"the dealer {shown(self.dealer)} is not seated")
            h.button = h.seats[self.dealer][0]
        code, hole = self.game
        h.game(code, hole)
        h.start_betting()

    def amount(self, text: str) -> int:
        return self.h.amount(text.strip().replace(",", ""))

    def cards(self, text: str) -> str:
        return self.h.cards_of(text.strip().rstrip(".").translate(_SUITS))

    def player(self, line: str) -> None:
        h = self.h
        rest = None
        for at in h.name_ends(line[1:], '" '):
            name, rest = line[1:at + 1], line[at + 3:]
            if _VERBS.match(rest) or _PLAYER_SKIP.fullmatch(rest):
                break
        else:
            if self.ended:
                return  # someone who was not in the hand, between hands
            raise h.fail(f"cannot read {shown(line)}" if rest is not None
                         else f"a player who is not seated: {shown(line)}")
        m = _VERBS.match(rest)
        if m is None:
            return
        verb, tail = m.group(1), m.group(2)
        if self.ended and verb != "shows a":
            return
        allin = tail.endswith(" and go all in")
        tail = tail[: -len(" and go all in")] if allin else tail
        bomb = tail.endswith(_BOMB_BET)
        if bomb and verb in ("posts a bet of", "calls"):  # a bomb pot's bet: an ante
            h.post(name, "ante", self.amount(tail[: -len(_BOMB_BET)]))
            return
        if verb == "posts a bet of":
            raise h.fail(f"cannot read {shown(line)} (a bet posted that is no bomb pot's)")
        if self.bomb_at is not None and verb in ("calls", "bets", "raises to", "checks", "folds"):
            self.bomb_button(name)
        if verb in _POSTS:
            kind = _POSTS[verb]
            amount = self.amount(tail)
            seat = h.seats[name][0]
            if kind == "sb":
                self.sb_seat = seat
            elif kind == "bb" and self.bb_seat is None and "missed" not in verb:
                self.bb_seat = seat
            mine = [i for i, (who, k, _) in enumerate(h.posts) if who == name and k == "sb"]
            if mine and verb == "posts a missing small blind of" and len(h.seats) == 2:
                h.post(name, "dead", amount)  # heads-up the button's missing small blind is dead money
                return
            if mine and verb == "posts a missing small blind of":
                return  # the small blind he posts is the one he missed: not posted twice
            if mine and verb == "posts a missed big blind of" and len(h.seats) == 2:  # heads-up, the button:
                h.posts[mine[0]] = (name, "bb", amount)  # the big blind takes in his small one, a live post
                h.committed[name] = max(h.committed.get(name, 0), amount)  # out of position (he acts first)
                h.top = max(h.top, amount)
                return
            if mine and verb == "posts a missed big blind of":  # the big blind live, the small one dead
                h.posts.append((name, "dead", h.posts[mine[0]][2]))
                h.posts[mine[0]] = (name, "sb", amount)
                h.committed[name] = max(h.committed.get(name, 0), amount)
                h.top = max(h.top, amount)
                return
            if mine and kind == "straddle" and len(h.seats) == 2:  # heads-up the button straddles: the straddle
                h.posts[mine[0]] = (name, "straddle", amount)  # is his total, the small blind in it
                h.committed[name] = max(h.committed.get(name, 0), amount)
                h.top = max(h.top, amount)
                return
            if kind == "bb" and allin and self.bb_seat == seat and h.seats[name][1] == amount:
                self.short_bb = len(h.posts)
            h.post(name, kind, amount)
        elif verb == "calls":
            to = self.amount(tail)
            if self.short_bb is not None and to > h.top and not any(h.runs):  # a call of the full blind over a big
                who = h.posts[self.short_bb][0]  # blind all in for less: the record posts the full blind (the
                h.posts[self.short_bb] = (who, "bb", to)  # stack caps it) with the rule (PHH ``_full_blind``)
                h.user["_full_blind"] = True
                h.top = to
            self.short_bb = None
            h.call(name)
            self.betting = True
        elif verb == "bets" or verb == "raises to":
            to = self.amount(tail)
            self.short_bb = None
            if to <= h.top:  # "raises to X and go all in" for no more than the bet: a call
                h.call(name)
            else:
                h.raise_to(name, to)
            self.betting = True
        elif verb == "checks":
            h.check(name)
            self.betting = True
        elif verb == "folds":
            h.fold(name)
            self.folded.add(name)
            self.betting = True
        elif verb == "shows a":
            cards = self.cards(tail)
            self.seen = max(self.seen, len(cards) // 2)
            self.shown.setdefault(name, cards)
        else:  # collected
            c = _COLLECTED.fullmatch(tail)
            if c is None:
                raise h.fail(f"cannot read {shown(line)}")
            h.collect(name, self.amount(c.group(1)))

    def board(self, m: re.Match[str]) -> None:
        h = self.h
        if not self.betting and not h.events and not any(kind in ("sb", "bb", "straddle") for _, kind, _ in h.posts):
            self.bomb_pot()
        self.betting = True
        cards = self.cards(m.group(4))
        if m.group(3) is None or m.group(3).lower() != "board":
            h.board(cards, _RUNS[m.group(2).lower() if m.group(2) else None])
            return
        street = ("flop", "turn", "river").index(m.group(1).lower())
        if (m.group(2).lower() != "second" or street != len(self.board2) or street != len(h.runs[0]) - 1
                or len(cards) != (6 if not street else 2)):
            raise h.fail(f"cannot read {shown(m.group(0))}: a second board's streets come flop, turn, river, "
                         "each right after the first board's")
        self.board2.append(cards)

    def double_board(self) -> None:
        """A double board: the second board's cards in the user field ``_second_board``
        (:data:`pokerengine.live.interpreter.SECOND_BOARD`: each pot divided between the boards, each
        part settled on its board), each player's ``collected`` lines (one a board he wins) added up."""
        h = self.h
        if len(self.board2) != len(h.runs[0]) or len(h.runs) > 1:
            raise h.fail(f"the second board has {len(self.board2)} streets and the first {len(h.runs[0])} "
                         f"{'(and a run twice)' if len(h.runs) > 1 else ''}: a double board deals both together")
        h.user["_second_board"] = "".join(self.board2)
        won: dict[str, int] = {}
        for c in h.collected:
            won[c.player] = won.get(c.player, 0) + c.amount
        h.collected = [Collected(player, None, amount) for player, amount in won.items()]

    def bomb_pot(self) -> None:
        """Antes and no blinds, the flop with no betting before it: the engine's preflop round, checked
        through by every player in position order.  With a dead button (no dealer named, no blind posted)
        the order is the flop's: the checks wait for the first player to act after the flop (the button
        the seat before his, :meth:`bomb_button`)."""
        h = self.h
        if not h.posts:
            raise h.fail("a flop before any bet or blind")
        h.user["_bomb_pot"] = True
        if self.dealer is None and not h.button and self.sb_seat is None and self.bb_seat is None:
            self.bomb_at = len(h.events)
            return
        self.place_button()
        self.bomb_checks(len(h.events))

    def bomb_checks(self, at: int) -> None:
        """The bomb pot's preflop checks, every player in position order, put in the events at ``at``."""
        self.h.checks_at(at, self.h.seats)
        self.bomb_at = None

    def bomb_button(self, name: str) -> None:
        """A dead-button bomb pot: ``name`` acts first after the flop, so the button is the seat before his."""
        h = self.h
        assert self.bomb_at is not None
        seat = h.seats[name][0]
        h.button = seat - 1 if seat > 1 else max(h.max_seats, 10)
        self.bomb_checks(self.bomb_at)

    def place_button(self) -> None:
        """A dead button: the seat before the small blind; when nobody posts it, the seat before the big
        blind's (a "Dead Small Blind": the seat it is due from is empty), else the one before that (the
        position order only needs where the button is)."""
        h = self.h
        if self.dealer is None and not h.button:
            seats = sorted(s for s, _ in h.seats.values())
            if self.sb_seat is not None:
                h.button = self.sb_seat - 1 or 10
            elif self.bb_seat is not None:
                k = seats.index(self.bb_seat)
                h.button = seats[k - 2] if len(seats) > 2 and not self.dead_sb else seats[k - 1]
            else:
                h.button = seats[-1]

    def finish(self) -> None:
        h = self.h
        dealt = "".join(cards for run in h.runs for cards in run) + "".join(self.board2)
        if len({dealt[i:i + 2] for i in range(0, len(dealt), 2)}) * 2 != len(dealt):  # (the runs share one deck)
            raise h.fail("a board card is dealt twice (the runs and boards of a hand come from one deck)")
        if self.board2:
            self.double_board()
        if len(h.runs) > 1 and len("".join(h.runs[0])) != 10:
            raise h.fail("a board run twice whose first run does not reach the river")
        self.place_button()
        if self.bomb_at is not None:  # (nobody acted after the flop: the order as the button is placed)
            self.bomb_checks(self.bomb_at)
        code, hole = self.game
        if code.endswith(("O", "O/8")) and self.seen in (5, 6):  # Omaha with more cards than its name says
            code = code.replace("O", f"O{self.seen}")
            h.game(code, self.seen)
        live = [name for name in h.seats if name not in self.folded]
        for name, cards in self.shown.items():
            if len(cards) == 2 * h.hole:
                h.cards[name] = cards
        if len(live) > 1:
            h.showdown = True
            for name in live:
                if name in self.shown:
                    h.show(name, self.shown[name])
                else:
                    h.muck(name)
