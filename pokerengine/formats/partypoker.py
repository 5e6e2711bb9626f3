"""Read PartyPoker hand histories (the client's text files) into :class:`~.sitehand.SiteHand` values.

A PartyPoker hand begins ``***** Hand History for Game NNN *****`` (some files put ``Game #NNN
starts.`` and ``#Game No : NNN`` before it).  Every amount an action writes is the chips it *adds*
(``raises [$0.70 USD]`` after a big blind of $0.10 makes $0.80), except the e-mailed format's ``raises
2.40 to 2.65``.  The client's files write no summary, no rake and no total pot: each winner's ``wins``
line is what the site paid, the rake already taken and the uncalled bet included (an uncalled part
of an all-in is written as a side pot).  So the reader takes the uncalled bets from the betting itself
(what the highest bettor of a round put in beyond everyone else), takes them out of that player's
``wins``, and reads the rake as what went in minus what was paid out: the file's rake, as
:func:`~pokerengine.replay.site_check.check_site` takes a rake the site's rule for which is not known.  The check
then settles the hand and compares each winner's amount per pot, the uncalled bets, and that the rake
can be drawn from the pots.  The e-mailed format (``** Summary **``, ``Main Pot: $7.13 Rake: $0.37``,
``balance ..., collected ...``) writes its rake and pots, which are compared too.  The ``wins`` lines are
the only per-seat amounts the client's files write (:attr:`~.sitehand.SiteHand.stated` stays ``None``); the
e-mailed format's balance lines write each winner's ``bet`` and ``net`` beside ``collected``: their sum is
what the summary says he won, compared by the check with the collected amounts (a record that contradicts
itself is mismatched; ``lost ...`` and ``didn't bet``: nothing won).

>>> text = '''***** Hand History for Game 42 *****
... $0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:54:23 EST 2014
... Table Bern (Real Money)
... Seat 2 is the button
... Total number of players : 2/6
... Seat 2: ann ( $22.85 USD )
... Seat 5: bob ( $10.10 USD )
... ann posts small blind [$0.05 USD].
... bob posts big blind [$0.10 USD].
... ** Dealing down cards **
... ann raises [$0.25 USD]
... bob raises [$0.70 USD]
... ann calls [$0.50 USD]
... ** Dealing Flop ** [ 9c, Kd, Qs ]
... bob bets [$0.80 USD]
... ann raises [$2.94 USD]
... bob folds
... ann does not show cards.
... ann wins $5.18 USD'''
>>> [hand] = parse_partypoker(text)
>>> hand.history.players, hand.history.starting_stacks, hand.history.actions[2:]
(('bob', 'ann'), (1010, 2285), ('p2 cbr 30', 'p1 cbr 80', 'p2 cc', 'd db 9cKdQs', 'p1 cbr 80', 'p2 cbr 294', 'p1 f'))
>>> hand.collected, hand.returned, hand.rake
((Collected(player='ann', pot=None, amount=304),), (0, 214), 16)
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_partypoker(text.replace("bob bets [$0.80 USD]", "bob bets [lots]"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 42, line 15: bad amount 'lots'

Read: hold'em and Omaha (hi and hi/lo) in no limit, pot limit and fixed limit, seven card stud hi and
hi/lo (:mod:`.partypoker_games`; ``bring-ins``, ``completes``, ``double bets`` on fourth street, each
street's ``Dealt to`` line of the hand's owner; the others' cards as they show or muck them at the end),
short deck (antes and a ``button blind``; the engine's short-deck ranks, as PartyPoker's), cash (dollars,
euros, pounds; stakes written ``$0.05/$0.10`` or as the table's buy-in ``$10 USD NL``, then the blinds
are the posts) and tournament hands (``Trny:`` / ``Blinds(50/100)`` / ``Blinds-Antes(...)`` headers, chips
with thousands separators; the oldest files write no blind posts: the blinds are posted by the seats
after the button, :mod:`.partypoker_blinds`), antes, a big blind posted with a dead small one, a new
player's big blind out of position, ``is all-In``, main and side pots (each raked on its own: the pot
less what its ``wins`` lines paid), hi and lo halves, Windows line ends, leading spaces and NUL characters, chat, players joining,
leaving, sitting out or timing out, a button beside a player who came in behind it, the e-mailed format
with its summary (a cash-out there is paid by the site, not from the pot).  Not read (an error naming the
game): Double Hold'em, draw games, five- and six-card Omaha.

Players the file gives no stack: one who joins as the hand begins has no seat line (``Player8 has joined
the table.``, then ``Player8 posts big blind``); he sits where the first round's order of play puts him
(:func:`.partypoker_games.join_seat`) with a stack that cannot bind (:meth:`.Draft.seat` with ``None``;
the record's ``_unknown_stacks`` names him).  A seat line of $0 whose player posts or acts was written
before his chips came: his stack is not known either.  A player with no seat line who did not join (the
anonymiser renamed him) is an error naming him.  A player who checks the big blind though he posted
nothing posted both blinds without a line for it (the big one live, the small one dead).  A ``Dealt to``
name that is a seated name and more words (``Dealt to Hero Name``, the seat ``Hero``) is that player
throughout the hand.  A seat nobody plays from (no post, no action) is not dealt in.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and :data:`MAX_HAND_LINES`
lines a hand; amounts of at most 15 digits.  Time and memory are linear in the size of the text (a
player seated with no seat line costs a pass over his hand's lines; at most 100 seats).
Every error is a :class:`HistoryParseError` naming the file, the hand id and the line (1-based).
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
from .draft import Draft, fail
from .partypoker_blinds import acting, blind_order, in_turn
from .partypoker_games import actor as _actor
from .partypoker_games import game_of, join_seat
from .pokerstars_games import dealt_cards
from .sitehand import SiteHand

_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (\w{1,40}) \*{5}(?: \([^()]{0,40}\))?")
_PREAMBLE = re.compile(r"Game #\w{1,40} starts\.|#Game No ?: ?\w{1,40}")
_TOURNEY = re.compile(r"Trny|Tourney|Tournament|Buy-?in", re.IGNORECASE)
_NUMBER = r"[$€£]?\s?[0-9](?:[0-9.,]{0,24}[0-9])?"
_STAKES = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\(\s*(" + _NUMBER + r")\s*/\s*(" + _NUMBER + r")(?:\s*-\s*("
                     + _NUMBER + r"))?\s*\)?")
_LEADING = re.compile(r"(" + _NUMBER + r")\s*/\s*(" + _NUMBER + r")\s")
_BUY_IN = re.compile(r"(" + _NUMBER + r")\s+(?:USD|EUR|GBP|CAD)\b")
_CODE = re.compile(r"\b(USD|EUR|GBP|CAD)\b")
_TABLE = re.compile(r"Table (.{0,120}?)\s*((?:\(\s*[^()]{0,30}\)\s*){1,3})(?:-- Seat ([0-9]{1,2}) is the button)?")
_BUTTON = re.compile(r"Seat ([0-9]{1,2}) is the button")
_PLAYERS = re.compile(r"Total number of players\s*:\s*[0-9]{1,2}(?:\s*/\s*([0-9]{1,2}))?")
_SEAT = re.compile(r"[Ss]eat ?([0-9]{1,2}): (.+?) \(\s*(" + _NUMBER + r")(?:\s+([A-Z]{3}))?\s*\)(?:\s.*)?")
_BRACKET = re.compile(r"[\[(]\s*([^\[\]()]{1,40}?)\s*[\])]\.?")
_POST = re.compile(r"posts (small blind|big blind \+ dead|big blind|button blind|ante of|ante|dead blind|dead)\s*(.*)")
_RAISE_TO = re.compile(r"raises (" + _NUMBER + r") to (" + _NUMBER + r")")
_STREET = re.compile(r"\*\* Dealing (Flop|Turn|River) \*\*\s*:?\s*\[([^\]]{0,80})\]")
_STUD_STREETS = {"** Dealing **": 0, "** Dealing Fourth street **": 1, "** Dealing Fifth street **": 2,
                 "** Dealing Sixth street **": 3, "** Dealing River **": 4}
_WINS = re.compile(r"wins (?:Lo \(\s*)?(" + _NUMBER + r")(?:\s*(?:USD|EUR|GBP|CAD|chips))?\s*\)?(.*)")
_POT = re.compile(r"\s*from\s+(?:the\s+)?(main pot|side pot\s*#?\s*([0-9]{1,2}))", re.IGNORECASE)
_AND_WINS = re.compile(r".*?\.(\S.*? wins .*)")
_WORD = re.compile(r"[a-z]*")
_STRANGER = re.compile(r"(.{1,60}?) (posts|folds|checks|calls|bets|raises|is all-In|wins|shows)\b")
_ACTS = frozenset(("folds", "checks", "calls", "bets", "raises", "is", "completes", "double", "bring"))
_SHOWS = re.compile(r"(shows|doesn't show)\s*\[([^\]]{0,80})\].*")
_MAIN_POT = re.compile(r"Main Pot: (" + _NUMBER + r")((?:\s*Side Pot [0-9]{1,2}: " + _NUMBER + r")*)"
                       r"(?:\s*Rake: (" + _NUMBER + r"))?\s*(?:\|.*)?")
_SIDE_POT = re.compile(r"Side Pot [0-9]{1,2}: (" + _NUMBER + r")")
_BALANCE = re.compile(r"(?:Cashed out\s+)?balance (" + _NUMBER + r")(.*)")
_COLLECTED = re.compile(r"collected (" + _NUMBER + r")")
_BET = re.compile(r"\bbet (" + _NUMBER + r")")
_NET = re.compile(r"\bnet ([+-])?(" + _NUMBER + r")")
#: What a player's line may say that the check does not need.
_NOTICE = re.compile(
    r"(?:has joined the table|has left the table|is sitting out|sits out|will be using (?:their|his|her) time bank"
    r"|time bank will be activated|could not respond in time|did not respond in time|is disconnected"
    r"|has been disconnected|is connected|has (?:been )?reconnected|finished in|- Selects point card"
    r"|Forward Folds|opens$|shows\s*[^\[\s].{0,60} for low\.?|is all-In\.?$|has timed out|is being treated as all-In).*", re.IGNORECASE)
#: Lines that are no one's action.
_INFO = re.compile(
    r">.*|Your time bank .*|Due to current high memory use .*|Player .{1,60} finished in .*|Congratulations to .*|Creating (?:Main|Side) Pot.*|There was no qualifying"
    r" low hand|Trny: ?\w+ Level: ?\w+|(?:Blinds|Stakes)(?:-Antes)?\(.*|.{1,60} has (?:joined|left) the table\.?"
    r"|.{1,60} is sitting out|Board: .*|\*\* Dealing down cards \*\*|.{1,60} Cashout Amount is .*"
    r"|.{1,60} (?:Cash-out Premium % is .*|opted for cash-out|probabi?li?ty is .*)"
    r"|There is no Small Blind in this hand.*|Table Closed.*|Connection Lost due to some reason.*"
    r"|.{1,60} (?:has knocked out|knocked out|has been knocked out by|has been moved to|moved to|was moved to) .*"
    r"|.{0,80}\b(?:[Bb]reak|[Tt]imed? ?out|[Cc]hat (?:has been |is )?(?:disabled|enabled))\b.*")
#: A table closed or a connection lost mid-hand: a hand that ends there without a winner was cancelled.
_CLOSED = re.compile(r"Table Closed.*|Connection Lost due to some reason.*")
#: A bounty won (knockout tournaments): the site pays it beside the pot.
_BOUNTY = re.compile(r"wins (?:a |the )?bounty.*|(?:has )?won (?:a |the )?bounty.*", re.IGNORECASE)
#: A tournament's amount written with cents (fractional chips: ``[12.5]``, ``( 5,012.50 )``).
_FRACTION = re.compile(r"[\[(]\s*[0-9][0-9,]{0,20}\.[0-9]{1,2}\s*(?:chips\s*)?[\])]")


@attrs.define
class _State:
    """What the reader keeps beside the draft: chips put in, who played, the uncalled bets."""

    put: int = 0
    won: int = 0
    active: set[str] = attrs.field(factory=set)
    back: dict[str, int] = attrs.field(factory=dict)
    summary: bool = False
    emailed: bool = False
    buy_in: int = 0
    ante: int = 0
    sb: int = 0
    bb: int = 0
    stakes_known: bool = False
    folded: set[str] = attrs.field(factory=set)
    block: list[tuple[int, str]] = attrs.field(factory=list)
    noshow: list[str] = attrs.field(factory=list)
    hidden: list[tuple[str, str]] = attrs.field(factory=list)
    live: dict[str, int] = attrs.field(factory=dict)
    dead: int = 0
    alias: dict[str, str] = attrs.field(factory=dict)
    at: int = 0


def iter_partypoker(text: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a PartyPoker text (one file's contents), in order; see :func:`parse_partypoker`.
    PartyPoker writes no cancelled hands (``cancelled`` is accepted for the registry's signature)."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_partypoker`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`).
    Blank lines and the preamble lines (``Game #1 starts.``, ``#Game No : 1``) are passed over."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file)
    blocks = hand_blocks(text, where=where_file, starts="***** Hand History", name="PartyPoker",
                         expected="'***** Hand History for Game ...'", clean=lambda line: line.strip(" \t\ufeff\xa0\x00"),
                         skip=lambda line: not line or _PREAMBLE.fullmatch(line), outside=lambda line: False)
    yield from read_blocks(blocks, lambda b: _played(b.numbered(), where_file, source, b.index, cancelled), errors=errors)


def _played(block: list[tuple[int, str]], where_file: str, source: str | None, index: int,
            cancelled: bool) -> SiteHand | None:
    """:func:`_hand`, or ``None`` for a cancelled hand not asked for."""
    try:
        return _hand(block, where_file, source, index, cancelled)
    except _NotPlayed:
        return None


def parse_partypoker(text: str, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of a PartyPoker text, as :class:`~.sitehand.SiteHand` values (limits: the module's)."""
    return list(iter_partypoker(text, source=source, cancelled=cancelled))


def read_partypoker(path: str) -> list[SiteHand]:
    """Every hand of a PartyPoker file (in whichever encoding it comes: :func:`pokerengine.formats.read_text`)."""

    return parse_partypoker(read_text(path), source=path)


class _NotPlayed(Exception):
    """A hand cancelled when it is not asked for (:func:`iter_hands`' ``cancelled``): given as no hand."""


def _hand(block: list[tuple[int, str]], where_file: str, source: str | None, index: int,
          cancelled: bool = False) -> SiteHand | None:
    start, first = block[0]
    m = _HEADER.fullmatch(first)
    if m is None:
        raise fail(where_file, start, f"cannot read the hand's first line {shown(first)}")
    h = Draft("partypoker", m.group(1), f"{where_file}, hand {m.group(1)}", start)
    h.needs_total, h.antes_count = False, True  # side pots count antes as ordinary chips (docs/histories.md)
    st = _State(block=block)
    if len(block) < 2:
        raise h.fail("the hand ends after its first line (truncated?)")
    h.line = block[1][0]
    _game(h, st, block[1][1])
    for at in range(2, len(block)):  # (by index: _deal may put the first round's lines in turn)
        k, line = block[at]
        h.line = k
        st.at = at
        if st.summary:
            _summary_line(h, st, line)
        else:
            _line(h, st, line)
    h.line = block[-1][0]
    if not h.collected and not st.summary and any(_CLOSED.fullmatch(text) for _, text in block):
        h.cancelled = True  # the table closed (or the connection was lost) before anyone won: cancelled
        hand = h.finish(source, index, cancelled=cancelled)
        if hand is None:
            raise _NotPlayed()
        return hand
    if h.section != "action" or not h.collected and not st.summary:
        raise h.fail("the hand ends before anyone wins (truncated?)")
    _close_round(h, st)
    for name, cards in st.hidden:  # a loser's cards not shown: a muck, unless a bet of theirs came back (the
        if name in st.back:  # player all in for the most, whose cards then say who wins the pots they are in)
            h.show(name, cards)
        else:
            h.cards[name] = h.cards_of(cards).ljust(2 * h.hole, "?")
            h.muck(name)
    if h.showdown:  # a player at the showdown who shows nothing and wins nothing concedes
        winners = {c.player for c in h.collected}
        for name in st.noshow:
            if name not in st.folded and name not in winners and name not in st.back:
                h.muck(name)
    _settle_lines(h, st)
    h.out.update(name for name in h.seats if name not in st.active)
    _button(h)
    hand = h.finish(source, index, last_line=block[-1][0])
    if hand is None:  # (only a cancelled hand gives none, and PartyPoker writes none)
        raise h.fail("the hand was cancelled")
    rakes = _pot_rakes(h, st)
    return hand if rakes is None else attrs.evolve(hand, pot_rakes=rakes)


def _button(h: Draft) -> None:
    """The button as the betting order has it: the seat dealt in before the small blind's (heads-up, the small
    blind's own).  PartyPoker's button may sit on an empty seat, or beside a player who came in behind it,
    which deals that player in as the last to act."""
    blind = next((name for name, kind, _ in h.posts if kind == "sb"), None)
    if blind is None:
        return
    seats = sorted(seat for name, (seat, _) in h.seats.items() if name not in h.out)
    at = seats.index(h.seats[blind][0])
    h.button = seats[at] if len(seats) == 2 else seats[at - 1]


def _game(h: Draft, st: _State, line: str) -> None:
    """The game line: the game, its betting, the stakes (or the buy-in), cash or tournament."""
    game = game_of(line)
    if isinstance(game, str):
        raise h.fail(f"the game of {shown(line)}: {game} (hold'em, Omaha, stud and short deck are)")
    h.game(*game)
    h.money = _TOURNEY.search(line) is None
    if not h.money and any(_FRACTION.search(text) for _, text in st.block):
        # fractional tournament chips: the hand is read in hundredths of a chip (as money is in cents)
        h.money = True
        h.user["_chip_scale"] = 100
    code = _CODE.search(line)
    if h.money and code is not None and "_chip_scale" not in h.user:
        h.currency = code.group(1)
    s = _STAKES.search(_KILO.sub(_thousand, line)) or _LEADING.match(line)
    if s is not None:
        _stakes(h, st, s)
        return
    c = _BUY_IN.match(line)
    if c is not None and h.money and "_chip_scale" not in h.user:
        st.buy_in = h.amount(c.group(1))


#: A tournament header's blinds in thousands: ``Blinds-Antes(700/1.4K -175)`` (the hand's own
#: ``Blinds-Antes(700/1,400 -175)`` line writes them whole).
_KILO = re.compile(r"(?<![0-9.,])([0-9]{1,6})(?:\.([0-9]{1,3}))?K(?![A-Za-z])")


def _thousand(m: re.Match[str]) -> str:
    """``1.4K`` as ``1400``."""
    return str(int(m.group(1)) * 1000 + int((m.group(2) or "0").ljust(3, "0")))


def _stakes(h: Draft, st: _State, s: re.Match[str]) -> None:
    st.sb, st.bb = h.amount(s.group(1)), h.amount(s.group(2))
    if s.re is _STAKES and s.group(3):
        st.ante = h.amount(s.group(3))
    st.stakes_known = True
    h.stakes(st.sb, st.bb)


def _money(h: Draft, text: str) -> int:
    """An amount as an action writes it (``[$0.05 USD]``, ``[ $0.20 USD ]``, ``(0.5)``, ``[4,220]``)."""
    b = _BRACKET.fullmatch(text.strip())
    body = b.group(1) if b is not None else text.strip()
    parts = body.split()
    if len(parts) > 1 and parts[-1] in ("USD", "EUR", "GBP", "CAD", "chips"):
        parts.pop()
    return h.amount("".join(parts))


def _line(h: Draft, st: _State, line: str) -> None:
    if h.section == "seats":
        if _seat_line(h, st, line):
            return
    if line.startswith("** "):
        _section(h, st, line)
        return
    if line.startswith("Dealt to "):
        rest = line[9:]
        at = rest.rfind(" [")
        name = rest[:at].strip() if at > 0 else ""
        if name not in h.seats:
            name = _alias(h, st, name)
        if name in h.seats:
            if h.kind == "stud":
                dealt_cards(h, name, rest[at + 1:].strip(" []"), None)
            else:
                h.holds(name, rest[at + 1:])
        return
    for long, short in st.alias.items():
        if line.startswith(long + " "):
            line = short + line[len(long):]
            break
    found = _actor(h, line, " ")
    if found is not None:
        _verb(h, st, *found)
        return
    if _INFO.fullmatch(line) or _actor(h, line, ": ") is not None:
        return
    stranger = _STRANGER.match(line)
    if stranger is not None:  # (PartyPoker writes no seat line for a player who joins as the hand starts)
        name = stranger.group(1)
        joined = any(text.startswith(name + " has joined the table") for k, text in st.block if k < h.line)
        if stranger.group(2) in ("posts", "folds", "checks", "calls", "bets", "raises", "is all-In"):
            seat = join_seat(h, st.block, name)
            if seat is not None:  # (no join line either: the file left out his seat line; said so)
                h.seat(seat, name, None)
                if not joined and not line.startswith(name + " posts big blind "):
                    h.user["_no_seat_line"] = (*h.user.get("_no_seat_line", ()), name)
                _line(h, st, line)
                return
        raise h.fail(f"{shown(name)} {stranger.group(2)} but has no seat line: {shown(line)}")
    if h.section == "action" and "[" not in line and not line.startswith(("Seat ", "seat ", "*", "Table ", "Total "))\
            and not any(line.startswith(name + " ") for name in h.seats):
        # chat written bare (no "name:"): a line that names no seated player, is no one's action and has
        # none of a hand's own lines' marks (brackets, a seat or table line, a section's stars)
        h.user["_chat_lines"] = h.user.get("_chat_lines", 0) + 1
        return
    raise h.fail(f"cannot read {shown(line)}")


def _alias(h: Draft, st: _State, name: str) -> str:
    """A name the hand's owner is dealt to that is a seated player's name and more words (``Dealt to Hero Name``
    where the seat says ``Hero``, fpdb-3's file of 2013: whether the site or the anonymiser shortened it is
    not known): that player's, used for the longer name from then on; else the name as it is."""
    seated = [who for who in h.seats if name.startswith(who + " ")]
    if len(seated) != 1 or st.alias:  # (one a hand: the hand's owner)
        return name
    st.alias[name] = seated[0]
    return seated[0]


def _seat_line(h: Draft, st: _State, line: str) -> bool:
    """A line of the hand's table part (table, button, seats); ``False`` when it is not one."""
    s = _SEAT.fullmatch(line)
    if s is not None:
        stack = h.amount(s.group(3))
        h.seat(int(s.group(1)), s.group(2), stack, out=stack == 0)
        if s.group(4) and h.money and h.currency is None and "_chip_scale" not in h.user:
            h.currency = s.group(4)
        return True
    b = _BUTTON.fullmatch(line)
    if b is not None:
        h.button = int(b.group(1))
        return True
    t = _TABLE.fullmatch(line) if line.startswith("Table ") else None
    if t is not None:
        h.table = t.group(1)
        if t.group(3):
            h.button = int(t.group(3))
        return True
    k = _STAKES.fullmatch(line) if line.startswith(("Blinds", "Stakes")) else None
    if k is not None:  # the blinds of this hand (a tournament's header may still name the level before)
        _stakes(h, st, k)
        return True
    p = _PLAYERS.fullmatch(line)
    if p is not None:
        h.max_seats = int(p.group(1) or 0)
        return True
    return False


def _section(h: Draft, st: _State, line: str) -> None:
    if line == "** Dealing down cards **" and h.kind != "stud" or line == "** Dealing **" and h.kind == "stud":
        if h.section == "action":
            raise h.fail("the cards are dealt twice")
        _deal(h, st)
        if h.kind == "stud":
            _stud_street(h, st, 0)
        return
    if h.kind == "stud" and line in _STUD_STREETS:
        if h.section != "action" or _STUD_STREETS[line] != h.street + 1:
            raise h.fail(f"{shown(line)} out of order")
        _stud_street(h, st, _STUD_STREETS[line])
        return
    if line == "** Summary **":
        if h.section != "action":
            raise h.fail("a summary before the cards are dealt")
        st.summary = st.emailed = True
        h.summary = True
        return
    s = _STREET.fullmatch(line)
    if s is None or h.section != "action" or h.kind == "stud":
        raise h.fail(f"cannot read {shown(line)}")
    cards = h.cards_of(s.group(2))
    size = {"Flop": 6, "Turn": 2, "River": 2}[s.group(1)]
    if len(cards) != size:
        raise h.fail(f"the {s.group(1).lower()} has {len(cards) // 2} cards")
    _close_round(h, st)
    h.board(cards)


def _stud_street(h: Draft, st: _State, street: int) -> None:
    """A stud street is dealt (0: third street): the betting round before it ends."""
    _close_round(h, st)
    h.street = street
    h.new_round()
    h.events.append(("street", "", street))


def _deal(h: Draft, st: _State) -> None:
    """The cards are dealt: the stakes from the posts when the header gave a buy-in, the blinds of the
    oldest files (which write no posts) posted by the seats after the button; short deck: the button
    blind is the smallest bet."""
    button = next((amount for _, kind, amount in h.posts if kind == "button"), 0)
    if button and h.variant[1:] == "S":
        st.sb = st.bb = button
        h.stakes(button, button)
        st.stakes_known = True
    if not any(kind != "ante" for _, kind, _ in h.posts) and st.stakes_known and h.kind != "stud":
        playing = acting(h, st.block)
        by_seat = sorted((seat, name) for name, (seat, stack) in h.seats.items() if stack > 0 and name in playing)
        if len(by_seat) >= 2:
            order, kinds = blind_order(h, st.block, st.ante, by_seat)
            if st.ante and not h.posts:
                for _, name in by_seat:
                    _post(h, st, name, "ante", min(st.ante, h.seats[name][1]))
            blinds = (st.sb // 2, st.sb) if h.fixed else (st.sb, st.bb)  # fixed limit: the stakes are the bets
            for (_, name), kind, amount in zip(order, kinds, blinds[-len(kinds):]):
                if amount:  # (a stack short of the blind after its ante posts what is left)
                    left = h.seats[name][1] - sum(a for who, _, a in h.posts if who == name)
                    _post(h, st, name, kind, min(amount, left))
            if h.button:
                in_turn(h, st.block, st.at, order[len(kinds) - 1][1])
    if not st.stakes_known:
        small = next((a for _, k, a in h.posts if k == "sb"), 0)
        big = next((a for _, k, a in h.posts if k == "bb"), 0)
        if st.buy_in and (not big or h.fixed):
            big = st.buy_in // 100  # a no-limit table's buy-in is 100 big blinds
        if not big:
            raise h.fail("neither the header nor the posts say the blinds")
        h.stakes(small, big)
        st.stakes_known = True
    h.start_betting()


def _arrives(h: Draft, st: _State, name: str) -> None:
    """``name`` posts or acts: he plays the hand.  A seat line of $0 was written before his chips came (a
    player who has just sat down): his stack is not known."""
    st.active.add(name)
    if h.seats[name][1] == 0 and name not in h.unknown:
        h.stack_unknown(name)


def _silent_post(h: Draft, st: _State, name: str) -> None:
    """A player who checks the first round's big blind though he posted nothing posted both blinds (the big one
    live, the small one dead) without a line for it: PartyPoker's files sometimes leave that post out."""
    big = h.sb if h.fixed else h.bb
    if h.top - h.committed.get(name, 0) != big or h.runs[0] or h.kind != "board" \
            or any(who == name for who, _, _ in h.posts):
        return
    small = next((amount for _, kind, amount in h.posts if kind == "sb"), big // 2)
    _post(h, st, name, "sbbb", big + small)


def _post(h: Draft, st: _State, name: str, kind: str, amount: int) -> None:
    if kind == "sbbb" and not st.stakes_known and h.bb == 0:
        h.bb = amount * 2 // 3 or 1  # a big blind with a dead small one (half its size): what is live
    before = h.committed.get(name, 0)
    _arrives(h, st, name)
    big = h.sb if h.fixed else h.bb
    left = h.seats[name][1] - sum(a for who, _, a in h.posts if who == name)  # (after his ante)
    short = kind == "bb" and st.stakes_known and amount < big and amount == left and name not in h.unknown
    h.post(name, kind, big if short else amount)  # (the record writes a short blind as due: the stack posts less)
    if short:  # a big blind all in for less: the others owe the whole blind ("calls [$0.25 USD]" after $0.03)
        h.user["_full_blind"] = True
        h.committed[name] = before + amount
    st.put += amount
    live = h.committed.get(name, 0) - before
    st.dead += amount - live
    st.live[name] = st.live.get(name, 0) + live
    if kind == "bb" and not st.stakes_known and not h.bb:
        h.bb = amount


def _verb(h: Draft, st: _State, name: str, rest: str) -> None:
    p = _POST.fullmatch(rest) if rest.startswith("posts ") else None
    if p is not None:
        if h.section != "seats":
            raise h.fail(f"{shown(name)} posts after the cards are dealt")
        kind = {"small blind": "sb", "big blind": "bb", "big blind + dead": "sbbb", "ante": "ante",
                "ante of": "ante", "dead": "dead", "dead blind": "dead", "button blind": "button"}[p.group(1)]
        if kind == "sb" and any(k == "sb" for _, k, _ in h.posts):
            kind = "bb"  # a second small blind (a player coming back) is live: it counts toward a call
        _post(h, st, name, kind, _money(h, p.group(2)))
        return
    if _BOUNTY.fullmatch(rest):  # a knockout's bounty: paid beside the pot, not checked
        h.user["_bounties"] = h.user.get("_bounties", 0) + 1
        return
    if rest.startswith("wins "):
        _wins(h, st, name, rest)
        return
    word = _WORD.match(rest).group()  # type: ignore[union-attr]
    if word in _ACTS and not _NOTICE.fullmatch(rest):
        if h.section != "action":
            raise h.fail(f"{shown(name)} acts before the cards are dealt")
        _arrives(h, st, name)
        tail = rest[len(word):].strip(" .")
        if word == "folds" or word == "checks":
            if tail:
                raise h.fail(f"cannot read {shown(rest)}")
            if word == "folds":
                st.folded.add(name)
                h.fold(name)
            else:
                _silent_post(h, st, name)
                h.check(name)
            return
        if word in ("is", "double", "bring"):
            lead = {"is": "all-In", "double": "bets", "bring": "-ins"}[word]
            if not tail.startswith(lead):
                raise h.fail(f"cannot read {shown(rest)}")
            tail = tail[len(lead):]
        if word == "bring":  # stud's bring-in (the lowest up card's forced bet)
            if h.kind != "stud" or h.street != 0 or h.bring_in is not None or h.committed:
                raise h.fail(f"cannot read {shown(name + ' ' + rest)}")
            h.bring_in = chips = _money(h, tail)
            st.put += chips
            st.live[name] = st.live.get(name, 0) + chips
            h.events.append(("pb", name, None))
            h.committed[name] = h.top = chips
            return
        r = _RAISE_TO.fullmatch(rest) if word == "raises" else None
        if r is not None:  # the e-mailed format: "raises 2.40 to 2.65"
            to = h.amount(r.group(2))
            before = h.committed.get(name, 0)
            if to <= before:
                raise h.fail(f"{shown(name)} raises to {to}, not more than the {before} put in")
            st.put += to - before
            st.live[name] = st.live.get(name, 0) + to - before
            h.raise_to(name, to)
            return
        chips = _money(h, tail)
        st.put += chips
        st.live[name] = st.live.get(name, 0) + chips
        h.put_in(name, chips)
        return
    s = _SHOWS.fullmatch(rest)
    if s is not None:
        if h.section != "action":
            raise h.fail(f"{shown(name)} shows before the cards are dealt")
        h.showdown = True
        cards = h.cards_of(s.group(2))
        if len(cards) > 2 * h.hole:
            raise h.fail(f"{shown(name)} shows {len(cards) // 2} cards, not {h.hole}")
        if s.group(1) == "shows":
            h.show(name, s.group(2))
        else:  # the loser's cards, written though not shown: a muck (decided at the end of the hand)
            st.hidden.append((name, s.group(2)))
        return
    if rest.startswith("does not show cards"):  # the winner without a showdown, or a muck at one
        st.noshow.append(name)
        if len(rest) > 20 and rest[19] == ".":  # (a line glued on: "does not show cards.Player2 wins $1,10 USD")
            _line(h, st, rest[20:].lstrip())
        return
    if rest.startswith("is sitting out") and len(rest) > 14:  # (Mac clients glue the next line on)
        _line(h, st, rest[14:].lstrip())
        return
    if _NOTICE.fullmatch(rest) or rest.startswith(": ") or rest.startswith("- ") or _INFO.fullmatch(name + " " + rest):
        return
    raise h.fail(f"cannot read {shown(name + ' ' + rest)}")


def _wins(h: Draft, st: _State, name: str, rest: str) -> None:
    """A ``wins`` line: what the site paid (rake taken, an uncalled bet included), from which pot."""
    w = _WINS.fullmatch(rest)
    if w is None or h.section != "action":
        raise h.fail(f"cannot read {shown(name + ' ' + rest)}")
    amount = _money(h, w.group(1).rstrip(".,"))
    tail = w.group(2)
    m = _POT.match(tail)
    pot = None if m is None else 0 if m.group(2) is None else int(m.group(2))
    h.collect(name, amount, pot)
    st.won += amount
    h.summary = True
    again = _AND_WINS.fullmatch(tail)  # two winners written on one line
    if again is not None:
        other = _actor(h, again.group(1), " ")
        if other is not None and other[1].startswith("wins "):
            _wins(h, st, *other)


def _summary_line(h: Draft, st: _State, line: str) -> None:
    """A line of the e-mailed format's summary: the pots and rake, each player's balance and collected."""
    for long, short in st.alias.items():
        if line.startswith(long + " "):
            line = short + line[len(long):]
            break
    m = _MAIN_POT.fullmatch(line)
    if m is not None:
        total = h.amount(m.group(1)) + sum(h.amount(x) for x in _SIDE_POT.findall(m.group(2)))
        h.rake = h.amount(m.group(3)) if m.group(3) else 0
        h.total = total + h.rake
        return
    found = _actor(h, line, " ")
    if found is not None:
        name, rest = found
        b = _BALANCE.fullmatch(rest) or _BALANCE.fullmatch(rest.removeprefix("Cashed out").strip())
        if b is not None:
            tail = b.group(2)
            c = _COLLECTED.search(tail)
            if h.stated is None:  # the balance lines state every player's winnings: nothing said is 0
                h.stated = {}
            if c is not None and not rest.startswith("Cashed out"):  # (a cash-out is paid by the site, not the pot)
                amount = h.amount(c.group(1))
                h.collect(name, amount)
                st.won += amount
                _state_net(h, name, tail)
            shown_cards = re.search(r"\[([^\]]{0,80})\]", tail)
            if shown_cards is not None and "(folded)" not in tail and name not in st.folded:
                h.showdown = True
                h.show(name, shown_cards.group(1))
            return
    if _INFO.fullmatch(line):
        return
    raise h.fail(f"cannot read {shown(line)}")


def _state_net(h: Draft, name: str, tail: str) -> None:
    """What a balance line's ``bet $18, collected $26.70, net +$8.70`` says ``name`` won besides its
    ``collected``: the bet and the net (:meth:`Draft.state_won`), for the check to compare with the collected."""
    bet, net = _BET.search(tail), _NET.search(tail)
    if bet is not None and net is not None:
        won = h.amount(bet.group(1)) + (-1 if net.group(1) == "-" else 1) * h.amount(net.group(2))
        h.state_won(name, max(0, won))


def _close_round(h: Draft, st: _State) -> None:
    """A betting round ends: what its highest bettor put in beyond everyone else was not called."""
    if not h.committed:
        return
    ranked = sorted(h.committed.values(), reverse=True)
    second = ranked[1] if len(ranked) > 1 else 0
    if ranked[0] > second:
        name = max(h.committed, key=h.committed.__getitem__)
        st.back[name] = st.back.get(name, 0) + ranked[0] - second
        h.uncalled(name, ranked[0] - second)
        h.committed[name] = second


def _pot_rakes(h: Draft, st: _State) -> tuple[int, ...] | None:
    """Each pot's rake, when every ``wins`` line names its pot and there are several: the pot (from what each
    player put in, the uncalled bets back, the dead money in the main pot) less what was paid from it.
    PartyPoker rakes each pot on its own (a main pot of $4.78 and a side pot of $4.92 give $0.23 and $0.25)."""
    if st.emailed or not h.collected or any(c.pot is None for c in h.collected) or not h.rake:
        return None  # (no rake: none to draw from any pot)
    put = {name: chips - st.back.get(name, 0) for name, chips in st.live.items()}
    levels = sorted({put.get(name, 0) for name in h.seats if name in st.active and name not in st.folded})
    pots, prev = [], 0
    for level in levels:
        pots.append(sum(max(0, min(chips, level) - prev) for chips in put.values()))
        prev = level
    while pots and not pots[-1]:
        pots.pop()
    if len(pots) < 2:
        return None
    pots[0] += st.dead
    paid = [0] * len(pots)
    for c in h.collected:
        if c.pot is None or c.pot >= len(pots):
            return None
        paid[c.pot] += c.amount
    return tuple(pot - got for pot, got in zip(pots, paid))


def _pot_no(pot: int | None) -> int:
    return -1 if pot is None else pot


def _settle_lines(h: Draft, st: _State) -> None:
    """The uncalled bets taken out of their players' ``wins`` (or ``collected``) lines, and the rake:
    what went in less what was paid out (the e-mailed format writes its own)."""
    for name, back in st.back.items():
        lines = [k for k, c in enumerate(h.collected) if c.player == name]
        exact = [k for k in lines if h.collected[k].amount == back]
        enough = [k for k in lines if h.collected[k].amount >= back]
        # (an uncalled bet is in the last side pot the file names: "wins 36,000 chips from the side pot 1")
        pick = exact[-1] if exact else max(enough, key=lambda k: (_pot_no(h.collected[k].pot), k)) if enough \
            else None
        if pick is None:
            continue  # the file pays the bet back to nobody: the check says so
        c = h.collected[pick]
        if c.amount == back:
            del h.collected[pick]
        else:
            h.collected[pick] = attrs.evolve(c, amount=c.amount - back)
        if h.stated is not None and name in h.stated:  # (the summary counts the bet in too)
            h.stated[name] = max(0, h.stated[name] - back)
    if h.rake is None:
        h.rake = st.put - st.won
