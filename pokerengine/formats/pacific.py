"""Read 888poker hand histories (Pacific Poker, Cassava and their skins) into :class:`~.sitehand.SiteHand` values.

The client writes each hand as ``#Game No : N``, a banner (``***** 888poker Hand History for Game N
*****``; older files ``Cassava``, skins ``888.ro``, ``888poker.ca-on``, ``LuckyAcePoker.com``; fast-fold
tables ``Snap Poker``, lottery sit-and-gos ``BLAST``), the stakes and game (``$0.01/$0.02 Blinds No Limit
Holdem - *** 15 07 2011 15:18:32``), the table or tournament, the button, the seats (``Seat 1: ann (
$1.50 )``), the posts and actions with the chips each puts in, in brackets (``bob raises [$0.06]``:
six cents more, not a raise to six), the boards, and a summary of shown cards and ``collected``
amounts.  Each hand becomes a PHH :class:`~pokerengine.phh.record.HandHistory` (position order,
minor units: cents for money, whole chips in tournaments) and what the file says each player collected.

>>> text = '''#Game No : 7
... ***** 888poker Hand History for Game 7 *****
... $0.01/$0.02 Blinds No Limit Holdem - *** 15 07 2021 15:18:32
... Table Madrid 6 Max (Real Money)
... Seat 3 is the button
... Total number of players : 3
... Seat 1: ann ( $1 )
... Seat 2: bob ( $2 )
... Seat 3: cy ( $0.50 )
... ann posts small blind [$0.01]
... bob posts big blind [$0.02]
... ** Dealing down cards **
... cy raises [$0.06]
... ann folds
... bob folds
... ** Summary **
... cy did not show his hand
... cy collected [ $0.09 ]'''
>>> [hand] = parse_pacific(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[3:]
(('ann', 'bob', 'cy'), (100, 200, 50), ('p3 cbr 6', 'p1 f', 'p2 f'))
>>> hand.collected, hand.rake   # cy's uncalled 4 cents are in the file's 9; the pot is 5, no rake
((Collected(player='cy', pot=None, amount=5),), 0)
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_pacific(text.replace("raises [$0.06]", "raises [lots]"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 7, line 13: bad amount 'lots'

Read: hold'em and Omaha (hi and hi/lo) in no limit, pot limit and fixed limit ("Fix Limit": the
header's blinds are the small bet's), cash (real money and practice play) and tournaments (chips,
whatever sign the file puts beside them), Snap Poker, BLAST, jackpot tables; antes, a big blind
posted out of position, dead blinds (``posts dead blind [$0.01 + $0.02]``: the small one dead),
amounts in every form the clients write (``$1,728.25``, ``0,01 $``, ``$ 3.243``, ``25 000``, no-break
spaces), cards in the clients' languages (``QPik``, Dutch ``Vs``, Swedish ``Knh``, Russian ``Тd``),
byte-order marks, Windows line ends, several hands a file.

What the file does not write is worked out.  It writes no uncalled bet: a bet nobody called is
handed back, and some files count it in the bettor's "collected" amount (a hand that ends before
the flop, in cash games), others do not; the reader counts it in when the file's collected amounts
exceed the pot, or when the bettor's collected amount is exactly the bet handed back, and takes it
out of the collected amount (the check compares pots only).  It writes no rake and no total pot:
in a cash game the rake is what the pot (from the actions) leaves after what was collected, taken
as the file's rake when it is between 0 and :data:`MAX_RAKE_PERCENT` of the pot (else the hand's
rake is unknown and its collected amounts are checked against a pot without rake); tournaments
have no rake.  So the check compares who collected what from the pots (per player: hi/lo halves
and side pots are written without saying which), not the rake.  The order of play where 888's rule book is not
the engine's (the button on a player posting a blind, a fold written before its turn, a raise below the
minimum that everyone folds to) is put as the engine plays it (:mod:`.pacific_play`); a player who leaves
the last bet unanswered and shows down (disconnect protection) is all in for what he put in.  A pot nobody
contests paid short by more than any rake is said to be the file contradicting itself.  The summary's
``collected`` lines are the only per-seat amounts 888 writes (no won or net figure beside them; the ``(Hi: ...)``/``(Lo: ...)`` lines of
a hi/lo hand name cards, no amount): nothing states them twice, so
:attr:`~.sitehand.SiteHand.stated` stays ``None``.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and :data:`MAX_HAND_LINES`
lines a hand; amounts of at most 15 digits.  Time and memory are linear in the size of the text.
Every error is a :class:`HistoryParseError` naming the file, the hand and the line (1-based).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction

import attrs

from .._checks import shown
from ..errors import HistoryParseError, PokerEngineError
from ..live.interpreter import interpret
from . import read_text
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import MAX_TEXT_CHARS as MAX_TEXT_CHARS
from .blocks import HandError, checked_text, hand_blocks, only_hands, read_blocks
from .draft import Draft, fail
from .pacific_play import button_last, first_to_last, in_turn
from .rake_pots import main_pot_first
from .sitehand import SiteHand

#: The largest rake, in percent of the pot, taken from a file's figures (888 takes 5% in cash games).
MAX_RAKE_PERCENT = 10

_GAME_NO = re.compile(r"#Game No : ?([0-9]{1,30}) *")
_BANNER = re.compile(r"\*{4,5} ([^*\s]{1,60}) (?:(Snap Poker|BLAST) )?Hand History for Game ([0-9]{1,30}) \*{4,5} *")
_GAME = re.compile(r"(.{1,80}?) Blinds (No Limit|Pot Limit|Fix Limit|Fixed Limit|Limit) (Holdem|Hold'em|Omaha Hi/Lo|OmahaHL"
                   r"|Omaha)( Jackpot table)? - \*\*\*(?: .{0,80})?")
_TABLE = re.compile(r"Table (.{1,100}?)(?: ([0-9]{1,2}) Max)? \((?:Real Money|Practice Play|Play Money)\) *")
_TOURNAMENT = re.compile(r"Tournament #([0-9]{1,30}) (.{0,120}?)(?: ([0-9]{1,2}) Max)? \((?:Real Money|Practice Play|Play Money)\) *")
_BUTTON = re.compile(r"Seat ([0-9]{1,3}) is the button *")
_PLAYERS = re.compile(r"Total number of players : ?[0-9]{1,3}(?:/[0-9]{1,3})? *")
_SEAT = re.compile(r"Seat ([0-9]{1,3}): (.*) \( ?(.{1,40}?) ?\) *")
_ACTION = re.compile(r"(.*) (folds|checks|calls|bets|raises|posts small blind|posts big blind|posts dead blind|posts ante"
                     r"|posts the ante)(?: \[(.{0,90})\])?( and is all[- ]in)? *", re.IGNORECASE)
_DEALT = re.compile(r"Dealt to (.*) \[ ?(.{1,80}?) ?\] *")
_BOARD = re.compile(r"\*\* Dealing (flop|turn|river) \*\* \[ ?(.{1,80}?) ?\] *", re.IGNORECASE)
_SHOWS = re.compile(r"(.*) (shows|mucks) \[ ?(.{1,80}?) ?\] *")
_COLLECTED = re.compile(r"(.*) collected \[ ?(.{1,60}?) ?\] *")
_NO_SHOW = re.compile(r"(.*) did not show his hand *")
_HILO = re.compile(r"\((?:Hi|Lo): [^)]{0,80}\) *")
_OTHER = re.compile(r"(.*) (?:sits out|is sitting out|has left the table|has joined the table|is disconnected"
                    r"|is connected|has returned|will be allowed to play after the button|has timed out) *")
#: The game names: (the game part of the variant code, cards a player holds).
GAMES = {"Holdem": ("T", 2), "Hold'em": ("T", 2), "Omaha": ("O", 4), "OmahaHL": ("O/8", 4), "Omaha Hi/Lo": ("O/8", 4)}
_BETTING = {"No Limit": "N", "Pot Limit": "P", "Fix Limit": "F", "Fixed Limit": "F", "Limit": "F"}
_STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}

#: Card ranks as the clients write them in other languages (German and Polish suits are words).
RANKS = {"10": "T", "B": "J", "V": "Q", "H": "K", "Kn": "J", "D": "Q", "E": "A",  # Dutch, German, Swedish
         "Т": "A", "К": "K", "Д": "Q", "В": "J",  # Russian (Туз, Король, Дама, Валет)
         "Ò": "A", "Ê": "K", "Ä": "Q", "Â": "J"}  # the same letters of Windows-1251 read as Windows-1252
SUITS = {"Kreuz": "c", "Karo": "d", "Pik": "s", "Herz": "h"}
_SPANISH_SUITS = {"p": "s", "t": "c", "c": "h", "d": "d"}
#: Portuguese suits (espadas, copas, ouros, paus), a hand that writes an ``o`` or ``e`` suit (``Qo, 4p``).
_PORTUGUESE_SUITS = {"e": "s", "c": "h", "o": "d", "p": "c"}
_CARD = re.compile(r"(10|Kn|[2-9TJQKAtjqkaBVHDEТКДВÒÊÄÂ])(Kreuz|Karo|Pik|Herz|[cdhsCDHS]|[pteo])")
_SPANISH = re.compile(r"\[ (?:[^]\n]{0,60}, )?(?:10|[2-9TJQKAD])[pt](?:,| \])")
_PORTUGUESE = re.compile(r"\[ (?:[^]\n]{0,60}, )?(?:10|[2-9TJQKAD])[eo](?:,| \])")
_DECIMAL_COMMA = re.compile(r"[0-9],[0-9]{1,2}(?![0-9])")
_DECIMAL_POINT = re.compile(r"[0-9]\.[0-9]{1,2}(?![0-9])")
_THOUSANDS_POINT = re.compile(r"[0-9]\.[0-9]{3}(?![0-9])")


class _Read:
    """A hand while it is read: the draft, each player's chips left, who folded, and the chips a player
    put in that nobody could call (handed back, not in any pot)."""

    __slots__ = ("d", "left", "folded", "back", "spanish", "portuguese", "deal_line", "mucked", "unwritten", "short_bb")

    def __init__(self, d: Draft, spanish: bool, deal_line: bool, portuguese: bool = False) -> None:
        self.portuguese = portuguese
        self.unwritten: int | None = None  # the event where a street's unwritten checks go
        self.deal_line = deal_line
        self.mucked: list[int] = []  # the events of cards shown as mucked
        self.d = d
        self.left: dict[str, int] = {}
        self.folded: set[str] = set()
        self.back: dict[str, int] = {}
        self.spanish = spanish
        self.short_bb: int | None = None  # the post of a big blind all in for less, until the flop


def _fail(where: str, line: int | None, message: str) -> HistoryParseError:
    return fail(where, line, message)


def is_start(line: str) -> bool:
    """Whether ``line`` begins a hand (``#Game No : N``, or a banner without one)."""
    return _GAME_NO.fullmatch(line) is not None or line.startswith("*****") and _BANNER.fullmatch(line) is not None


def iter_pacific(text: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of an 888poker text (one file's contents), in order; see :func:`parse_pacific`.

    A hand where everyone but one player sat out (they fold before the big blind is posted: nothing
    was played) is skipped, its index kept by the hands after it.  888 writes no "cancelled" line;
    ``cancelled`` is taken for the registry's signature only."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_pacific`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file)
    blocks = hand_blocks(text, where=where_file, starts=_starts(), name="888poker", expected="'#Game No : ...'",
                         clean=_clean)
    yield from read_blocks(blocks, lambda b: _hand(list(b.lines), b.first, where_file, source, b.index), errors=errors)


def _clean(line: str) -> str:
    return line.lstrip("\ufeff").rstrip().replace("Â\xa0", "\xa0")  # (a no-break space written twice over)


def _starts() -> Callable[[str], bool]:
    """:func:`is_start`, but the banner right after the ``#Game No`` line that began a hand goes on with it."""
    game_no = False

    def starts(line: str) -> bool:
        nonlocal game_no
        begins = is_start(line) and not (game_no and line[:1] == "*")
        game_no = begins and _GAME_NO.fullmatch(line) is not None
        return begins

    return starts


def parse_pacific(text: str, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of an 888poker text, as :class:`~.sitehand.SiteHand` values (limits: the module's)."""
    return list(iter_pacific(text, source=source, cancelled=cancelled))


def read_pacific(path: str) -> list[SiteHand]:
    """Every hand of an 888poker file (UTF-8 or UTF-16 with or without a byte-order mark, or Windows-1252:
    :func:`pokerengine.formats.read_text`; at most :data:`pokerengine.phh.reader.MAX_FILE_BYTES` bytes read)."""
    return parse_pacific(read_text(path), source=path)


def cards_text(text: str, *, spanish: bool = False, portuguese: bool = False) -> str | None:
    """Cards as an 888 client writes them, in any of its languages, as ``"Ah Kd"``; ``None`` when the text
    is not only cards.  ``spanish``: the suits are Spanish letters (picas, tréboles, corazones, diamantes:
    ``p t c d``), which a hand shows by writing a ``p`` or a ``t``; ``portuguese``: Portuguese letters
    (espadas, copas, ouros, paus: ``e c o p``), which a hand shows by writing an ``o`` or an ``e``; in both a
    ten is ``D`` (diez, dez), where German and Swedish ``D`` is the queen.

    >>> cards_text("[ 8Pik, QPik ]"), cards_text("Tc, Knh, 9h"), cards_text("Hc, Vs, 10d"), cards_text("Ah, Xx")
    ('8s Qs', 'Tc Jh 9h', 'Kc Qs Td', None)
    >>> cards_text("7p, 8t, Kc", spanish=True), cards_text("Qc, Dp, Qp", spanish=True), cards_text("Dh, Kh")
    ('7s 8c Kh', 'Qh Ts Qs', 'Qh Kh')
    >>> cards_text("Qo, 4p, 7e, Kc", portuguese=True), cards_text("Qo, 4p")
    ('Qd 4c 7s Kh', None)
    """
    body = text.strip().strip("[]").replace(",", " ").split()
    out = []
    for token in body:
        m = _CARD.fullmatch(token)
        if m is None:
            return None
        rank, suit = m.group(1), m.group(2)
        if portuguese:
            if suit not in _PORTUGUESE_SUITS:
                return None
            suit = _PORTUGUESE_SUITS[suit]
        elif suit in ("p", "t", "e", "o") and not spanish or spanish and suit in ("e", "o"):
            return None
        else:
            suit = (_SPANISH_SUITS if spanish else SUITS).get(suit.lower() if spanish else suit, suit.lower())
        # (the Spanish and Portuguese clients write a ten "D", diez and dez, beside an English "Q" for the queen:
        # "[ Qc, Dp, Qp ]"; the German and Swedish "D", Dame and dam, is the queen)
        out.append(("T" if rank == "D" and (spanish or portuguese) else RANKS.get(rank, rank.upper())) + suit)
    return " ".join(out) if out else None


def _hand(block: list[str], start: int, where_file: str, source: str | None, index: int) -> SiteHand | None:
    """The hand of ``block`` (its lines; the first is line ``start`` of the file); ``None`` for a hand with
    fewer than two players dealt in (the others sat out)."""
    at = 0
    m = _GAME_NO.fullmatch(block[0])
    if m is not None:
        at = 1
    where = where_file if m is None else f"{where_file}, hand {m.group(1)}"
    banner = _BANNER.fullmatch(block[at]) if len(block) > at else None
    if banner is None:
        raise _fail(where, start + at, "expected the hand's banner ('***** 888poker Hand History for Game N *****')")
    hand_id = banner.group(3)
    if m is not None and m.group(1) != hand_id:
        raise _fail(where, start + at, f"the banner's game {hand_id} is not the game {m.group(1)} above it")
    h = Draft("pacific", hand_id, f"{where_file}, hand {hand_id}", start + at)
    h.needs_total, h.antes_count = False, True  # side pots count antes as ordinary chips (docs/histories.md)
    if banner.group(2) is not None:
        h.user["_table_kind"] = banner.group(2)
    h.decimal = _decimal_mark(block)
    _header(h, block, start, at + 1)
    body = "\n".join(block[at + 4:])
    portuguese = _PORTUGUESE.search(body) is not None
    r = _Read(h, not portuguese and _SPANISH.search(body) is not None, "** Dealing down cards **" in block, portuguese)
    for k in range(at + 4, len(block)):
        line = block[k]
        h.line = start + k
        if line:
            _line(r, line)
    if h.bb == 0:  # a BLAST header's blinds (its prize, then 0): the big blind posted, else one chip
        big = max((a for _, kind, a in h.posts if kind == "bb"), default=1)
        h.sb, h.bb = big // 2, big
    if len([name for name in h.seats if name not in h.out]) < 2:  # the others sat out: no hand played
        h.cancelled = True
    written = h.button
    _button(h)
    moved = button_last(h, written)
    for k in r.mucked:  # a player who mucks and collects nothing concedes (the cards known, whatever they hold)
        name = h.events[k][1]
        if not any(c.player == name for c in h.collected):
            h.events[k] = ("muck", name, None)
    _disconnected(r)
    if r.unwritten is not None:
        _unwritten_checks(r, r.unwritten, written if moved else h.button)
    hand = h.finish(source, index, last_line=start + len(block) - 1)
    if hand is None:
        return None
    if moved:
        hand = first_to_last(hand)
    return _settled(r, hand)


def _unwritten_checks(r: _Read, at: int, button: int) -> None:
    """A street dealt and then the summary, with two or more players still able to bet: the file left out
    their checks (real files skip a river's checks).  They are put in, in the order of play from ``button``
    (a seat), and the hand says so (user field ``_checks_unwritten``: how many)."""
    h = r.d
    span = max(h.max_seats, 10)
    able = [(seat, name) for name, (seat, _) in h.seats.items()
            if name not in h.out and name not in r.folded and r.left.get(name, 0) > 0]
    if len(able) < 2:
        return
    able.sort(key=lambda sn: (sn[0] - button - 1) % span)
    h.events[at:at] = [("cc", name, None) for _, name in able]
    h.user["_checks_unwritten"] = len(able)


def _button(h: Draft) -> None:
    """Where the small blind is not the first seat dealt in after the button (players who came in between,
    who play last before the blinds), the button is taken to be the seat before the small blind."""
    small = next((name for name, kind, _ in h.posts if kind == "sb"), None)
    seats = sorted(seat for name, (seat, _) in h.seats.items() if name not in h.out)
    if small is None or small in h.out or len(seats) < 2:
        return
    at = seats.index(h.seats[small][0])
    if len(seats) == 2:
        h.button = seats[at]
        return
    later = [s for s in seats if s > h.button] + [s for s in seats if s <= h.button]
    if later[0] != seats[at]:
        h.button = seats[at - 1]


def _disconnected(r: _Read) -> None:
    """Players still in at the summary who left the last bet unanswered with chips behind (888's disconnect
    protection: DriveHUD's real hand 436471207, a player checks the river, misses the bet and the call
    after it, and shows down for the main pot): all in for what they put in.  The record's stack of such a
    player is what he put in, his checks of that last round are left out (all in, he does not act), and
    the hand names him (user field ``_disconnected``)."""
    h = r.d
    if not h.summary or h.top <= 0:
        return
    gone = [name for name in h.seats if name not in h.out and name not in r.folded and r.left.get(name, 0) > 0
            and h.committed.get(name, 0) < h.top]
    if not gone:
        return
    last = max((k for k, event in enumerate(h.events) if event[0] == "board"), default=-1)
    h.events[last + 1:] = [e for e in h.events[last + 1:] if not (e[0] == "cc" and e[1] in gone)]
    for name in gone:
        seat, stack = h.seats[name]
        h.seats[name] = (seat, stack - r.left[name])
        r.left[name] = 0
    h.user["_disconnected"] = tuple(gone)


def _decimal_mark(block: list[str]) -> str:
    """The hand's decimal mark: a comma where an amount has one before one or two digits (``0,25 $``) or
    where points separate thousands (``$ 3.243``), else a point."""
    body = "\n".join(block[4:64])
    if _DECIMAL_COMMA.search(body) or _THOUSANDS_POINT.search(body) and not _DECIMAL_POINT.search(body):
        return ","
    return "."


def _header(h: Draft, block: list[str], start: int, at: int) -> None:
    """Read the game, table and button lines (``block[at:at + 3]``); a BLAST header's stakes are left 0."""
    lines = block[at:at + 3]
    if len(lines) < 3:
        h.line = start + len(block) - 1
        raise h.fail("the hand ends in its header (truncated?)")
    h.line = start + at
    g = _GAME.fullmatch(lines[0])
    if g is None:
        raise h.fail(f"cannot read the game and stakes in {shown(lines[0])}")
    game, hole = GAMES[g.group(3)]
    code = _BETTING[g.group(2)] + game
    h.game(code, hole)
    h.line = start + at + 1
    t = _TOURNAMENT.fullmatch(lines[1])
    if t is not None:
        h.money = False
        h.table = f"{t.group(1)}"
        h.max_seats = int(t.group(3) or 0)
        h.user["_tournament"] = t.group(1)
    else:
        c = _TABLE.fullmatch(lines[1])
        if c is None:
            raise h.fail(f"cannot read the table in {shown(lines[1])}")
        h.table, h.max_seats = c.group(1), int(c.group(2) or 0)
        if "(Real Money)" not in lines[1]:
            h.user["_play_money"] = True
    h.line = start + at + 2
    b = _BUTTON.fullmatch(lines[2])
    if b is None:
        raise h.fail(f"expected 'Seat N is the button', got {shown(lines[2])}")
    h.button = int(b.group(1))
    h.line = start + at
    parts = g.group(1).split("/")
    if len(parts) != 2:
        raise h.fail(f"cannot read the stakes {shown(g.group(1))}")
    small, big = _stake(h, parts[0]), _stake(h, parts[1])
    if h.money and h.currency is None:
        h.currency = "USD" if "$" in g.group(1) else "EUR" if "€" in g.group(1) else "GBP" if "£" in g.group(1) else None
    if not h.money and (small is None or big is None or big <= 0):  # BLAST: "42.797,60 $/0 $" (the prize)
        return
    if small is None or big is None:
        raise h.fail(f"cannot read the stakes {shown(g.group(1))}")
    if h.fixed:  # "$5/$10 Blinds Fix Limit": the blinds; the bets are the big blind and twice it, unless the
        # turn's or river's first bet says otherwise ("$0.06/$0.12 Blinds": a $0.12/$0.25 table)
        h.stakes(big, _big_bet(h, block[at + 3:], 2 * big) or 2 * big)
    else:
        h.stakes(small, big)


def _big_bet(h: Draft, lines: list[str], least: int) -> int | None:
    """A fixed-limit hand's big bet as its first bet on the turn or river writes it (``None``: no such bet).
    A first bet under ``least`` (twice the big blind) is a player all in for less, not the big bet (888
    writes no all-in mark: ``$0.01/$0.02`` hands whose turn opens with ``bets [$0.03]`` for a whole stack)."""
    later = False
    for line in lines:
        if line.startswith("** Dealing turn") or line.startswith("** Dealing river"):
            later = True
        elif later and " bets [" in line:
            a = _ACTION.fullmatch(line)
            if a is not None and a.group(2).lower() == "bets" and a.group(3) is not None and a.group(4) is None:
                bet = _stake(h, a.group(3))  # (an all in may be for less: not the bet)
                if bet is not None and bet >= least:
                    return bet
                later = False  # (this street's first bet was short: the next street's may say)
        elif line == "** Summary **":
            break
    return None


def _stake(h: Draft, text: str) -> int | None:
    try:
        return h.amount(text)
    except HistoryParseError:
        return None


def _line(r: _Read, line: str) -> None:
    h = r.d
    if h.summary:
        _summary_line(r, line)
        return
    if h.section == "seats":
        s = _SEAT.fullmatch(line)
        if s is not None:
            h.seat(int(s.group(1)), s.group(2), h.amount(s.group(3)))
            r.left[s.group(2)] = h.seats[s.group(2)][1]
            return
        if _PLAYERS.fullmatch(line):
            return
        h.section = "blinds"
    if line.startswith("** "):
        if line == "** Dealing down cards **":
            h.start_betting()
            return
        if line == "** Summary **":
            if h.events and h.events[-1][0] == "board":  # a street dealt, then nobody acts (checks unwritten?)
                r.unwritten = len(h.events)
            h.summary = h.showdown = True
            return
        b = _BOARD.fullmatch(line)
        if b is None:
            raise h.fail(f"cannot read {shown(line)}")
        street = b.group(1).lower()
        cards = _cards(r, b.group(2))
        if len(cards.split()) != _STREET_CARDS[street]:
            raise h.fail(f"the {street} has {len(cards.split())} card(s)")
        if h.section != "action":
            h.start_betting()
        h.board(cards)
        r.short_bb = None
        return
    a = _ACTION.fullmatch(line)
    if a is not None and a.group(1) in h.seats:
        _action(r, a.group(1), a.group(2).lower(), a.group(3))
        return
    d = _DEALT.fullmatch(line)
    if d is not None and d.group(1) in h.seats:
        h.holds(d.group(1), _cards(r, d.group(2)))
        return
    if _OTHER.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _cards(r: _Read, text: str) -> str:
    found = cards_text(text, spanish=r.spanish, portuguese=r.portuguese)
    if found is None:
        raise r.d.fail(f"bad cards {shown(text)}")
    return found


def _action(r: _Read, name: str, verb: str, amount: str | None) -> None:
    h = r.d
    if verb.startswith("posts"):
        if amount is None:
            raise h.fail(f"{shown(name)} posts no amount")
        if verb == "posts dead blind":  # "[$0.01 + $0.02]": the small blind dead, the big one live
            parts = amount.split(" + ")
            if len(parts) != 2:
                raise h.fail(f"cannot read the dead blind {shown(amount)}")
            dead, live = h.amount(parts[0]), h.amount(parts[1])
            if live:
                h.post(name, "sbbb", dead + live)
            else:
                h.post(name, "dead", dead)
            r.left[name] -= dead + live
            return
        chips = h.amount(amount)
        h.post(name, {"posts small blind": "sb", "posts big blind": "bb"}.get(verb, "ante"), chips)
        r.left[name] -= chips
        if verb == "posts big blind" and r.left[name] <= 0 and chips < (h.sb if h.fixed else h.bb):
            r.short_bb = len(h.posts) - 1
        elif verb == "posts big blind" and not h.money and not h.fixed and 0 < chips < h.bb \
                and not any(kind == "bb" for _, kind, _ in h.posts[:-1]):
            # a tournament's big blind posted in full below the header's: the header names the next level
            # (pokerregion/poker's real 2016 hand 778807232: "$200/$400 Blinds", posts of $150 and $300, a
            # bet of $300 after the flop); the smallest bet is the big blind posted
            h.user["_header_big_blind"] = h.bb
            h.bb = chips
        return
    if h.section != "action" and verb != "folds":  # (hands watched by an observer have no "Dealing down
        h.start_betting()  # cards" line)
    if verb in ("folds", "checks"):
        if amount is not None:
            raise h.fail(f"cannot read {shown(verb + ' [' + amount + ']')}")
        if verb == "folds" and h.section != "action" and (r.deal_line or not any(k == "bb" for _, k, _ in h.posts)):
            # a fold before the cards are dealt (or, in a hand an observer saved, which has no "Dealing down
            # cards" line, before the big blind is posted): a player sitting out, not dealt in
            if any(poster == name for poster, _, _ in h.posts):
                raise h.fail(f"{shown(name)} folds before the cards, after posting")
            h.sit_out(name)
        elif verb == "folds":
            h.fold(name)
            r.folded.add(name)
        else:
            h.check(name)
        return
    if amount is None:
        raise h.fail(f"{shown(name)} {verb} without an amount")
    chips = h.amount(amount)
    if chips <= 0:
        raise h.fail(f"{shown(name)} {verb} {shown(amount)}")
    owed = max(0, h.top - h.committed.get(name, 0))
    others = any(r.left[o] > 0 for o in h.seats if o != name and o not in r.folded and o not in h.out)
    full = h.sb if h.fixed else h.bb  # (fixed limit: the stakes are the bets, the big blind the small bet)
    if verb == "calls" and others and r.short_bb is not None and h.top < h.committed.get(name, 0) + chips == full:
        # a call of the whole big blind over a big blind all in for less ("posts big blind [120]", "calls
        # [200]"): 888 plays by the full blind rule, so the record posts the full blind (the stack caps it)
        # and says the rule (PHH ``_full_blind``); heads-up against the short blind alone nothing more is owed
        who = h.posts[r.short_bb][0]
        h.posts[r.short_bb] = (who, "bb", full)
        h.user["_full_blind"] = True
        h.top = full
        owed = full - h.committed.get(name, 0)
    r.short_bb = None if verb == "calls" else r.short_bb
    if verb == "calls" or not others:  # a call (the file may write the whole big blind when the blind was short),
        # or a raise when everyone else still in is all in: a call, the chips above it go back (uncalled)
        if owed:
            h.call(name)
        put = min(owed, r.left[name], chips)
        r.left[name] -= put
        if chips > put:
            r.back[name] = r.back.get(name, 0) + chips - put
        return
    h.put_in(name, chips)
    r.left[name] -= chips


def _summary_line(r: _Read, line: str) -> None:
    h = r.d
    c = _COLLECTED.fullmatch(line)
    if c is not None and c.group(1) in h.seats:
        h.collect(c.group(1), h.amount(c.group(2)))
        return
    s = _SHOWS.fullmatch(line)
    if s is not None and s.group(1) in h.seats:
        h.show(s.group(1), _cards(r, s.group(3)))
        if s.group(2) == "mucks" and h.events[-1:] == [("show", s.group(1), h.cards[s.group(1)])]:
            r.mucked.append(len(h.events) - 1)
        return
    n = _NO_SHOW.fullmatch(line)
    if n is not None and n.group(1) in h.seats or _HILO.fullmatch(line) or _OTHER.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _ante_returned(r: _Read, hand: SiteHand, contributed: tuple[int, ...], posted: tuple[int, ...],
                   scale: int) -> SiteHand:
    """An ante nobody could match: the player who put in the most did so by his ante alone, everyone else
    still in being all in for less (a BLAST hand, all in by antes: ``3.530 $`` against ``2.470 $``).  888
    hands the excess back (the winner collects the matched antes only); the engine counts every ante in the
    main pot, so the record's ante is cut to what was matched (user field ``_ante_returned``)."""
    history = hand.history
    names = history.players or ()
    if len(contributed) < 2 or len(names) != len(contributed):
        return hand
    order = sorted(range(len(contributed)), key=contributed.__getitem__, reverse=True)
    top, second = order[0], order[1]
    excess = (contributed[top] - contributed[second]) // scale
    if excess <= 0 or posted[top] // scale < excess:
        return hand
    if any(r.left.get(name, 0) > 0 for k, name in enumerate(names) if k != top and name not in r.folded):
        return hand  # someone could still have matched it: not an ante handed back
    antes = [a // scale for a in posted]  # (the engine's order: the record's heads-up antes run the other way)
    antes[top] -= excess
    if tuple(history.antes or ()) != tuple(a // scale for a in posted):
        antes.reverse()
    user = {**history.user_fields, "_ante_returned": excess}
    return attrs.evolve(hand, history=attrs.evolve(history, antes=tuple(antes), user_fields=user))


def _settled(r: _Read, hand: SiteHand) -> SiteHand:
    """``hand`` with the uncalled bets taken out of what their bettors collected (where the file counts them
    in) and the file's rake worked out from the pot (see the module's docstring)."""

    try:
        outcome = interpret(hand.history)
    except PokerEngineError:
        played = in_turn(hand.history)
        if played is None:  # the check says why, hand by hand
            return attrs.evolve(hand, rake=None, returned=None)
        hand = attrs.evolve(hand, history=played)
        outcome = interpret(played)  # (in_turn has played it through the engine to its end)
    scale = outcome.scale
    live = [c - a for c, a in zip(outcome.contributed, outcome.antes)]
    order = sorted(range(len(live)), key=live.__getitem__, reverse=True)
    refund = (live[order[0]] - live[order[1]]) // scale if len(order) > 1 else 0
    if not refund:
        hand = _ante_returned(r, hand, outcome.contributed, outcome.antes, scale)
    pot = sum(outcome.contributed) // scale - refund
    back = dict(r.back)
    if refund:
        top = (hand.history.players or ())[order[0]]
        back[top] = back.get(top, 0) + refund
    collected = list(hand.collected)
    total = sum(c.amount for c in collected)
    if back and total > pot:
        for player, amount in back.items():  # out of the line that is the bet handed back, else the largest
            mine = sorted((k for k, c in enumerate(collected) if c.player == player),
                          key=lambda k: (collected[k].amount != amount, -collected[k].amount))
            for k in mine:
                take = min(amount, collected[k].amount)
                collected[k] = attrs.evolve(collected[k], amount=collected[k].amount - take)
                amount -= take
                total -= take
        collected = [c for c in collected if c.amount]
    rake: int | None = 0
    if r.d.money:
        rake = pot - total
        if rake < 0 or rake * 100 > pot * MAX_RAKE_PERCENT:
            if rake > 0 and len(outcome.live) == 1 and collected:
                hand = _contradicted(hand, total, pot)
            rake = None
    return attrs.evolve(hand, collected=tuple(collected), rake=rake, returned=None)


def _contradicted(hand: SiteHand, total: int, pot: int) -> SiteHand:
    """``hand`` saying that the file contradicts itself (user field ``_file_contradicts``, given with the
    mismatch): the only player left in is paid ``total`` of a pot of ``pot``, less than the pot by more
    than any rake (DriveHUD's real 2016 pot-limit Omaha hi/lo hands 553791428, 553794851, 553795631 and
    553796031: a pot of $30 nobody contests, ``collected [ $3.25 ]`` twice)."""
    history = hand.history
    note = (f"the only player left in collected {total} of a pot of {pot} (minor units), more than "
            f"{MAX_RAKE_PERCENT}% short of it")
    user = {**history.user_fields, "_file_contradicts": (*history.user_fields.get("_file_contradicts", ()), note)}
    return attrs.evolve(hand, history=attrs.evolve(history, user_fields=user))


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int] | None:
    """888's rake of ``hand`` drawn from ``pots`` (the site check's hook): a capped rake (more than a unit under
    5% of the pots) all from the main pot as far as its 5% goes (:func:`~.rake_pots.main_pot_first`), else
    ``None``: the check's own draw, in proportion to the pots.  Measured on DriveHUD's 888 and TowerTorneos
    test files (2016-2017) and fpdb-3's: the capped rakes of six side-pot hands come from the main pot (``$2.50``
    of a ``$300`` main pot and a ``$40`` side pot; 4 chips of 348 and 170), a 5% rake in proportion (``$0.36``
    of ``$4.31`` and ``$3.04``: ``$0.21`` and ``$0.15``).  No real hand shows a capped rake larger than its main
    pot's 5%: drawn so, the rest comes from the side pots."""
    del flop  # (the file's rake whatever the flop)
    rake, total = hand.rake, sum(pots)
    if rake is None or len(pots) < 2 or not 0 <= rake <= total or rake * 100 >= 5 * total - 100:
        return None
    return main_pot_first(rake, pots, Fraction(5))
