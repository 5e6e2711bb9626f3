"""Read PokerStars hand histories (the client's text files) into :class:`~.sitehand.SiteHand` values.

Each hand becomes a PHH :class:`~pokerengine.phh.record.HandHistory` (position order: p1 is
the first seat left of the button, the button last; amounts in minor units, cents for money,
chips for tournament chips; cards nobody showed are ``????``) and the file's "collected" lines,
rake and total pot, which :func:`pokerengine.replay.site_check.check_site` compares with the engine's
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
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'
>>> parse_pokerstars(text.replace("raises $0.04 to $0.06", "raises lots"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 1, line 9: cannot read the raise ' lots'

Read: every PokerStars game of :mod:`.pokerstars_games` (hold'em, 6+ hold'em, Omaha with 4, 5 or 6
cards, hi and hi/lo, stud, stud hi/lo, razz, 2-7 single and triple draw, A-5 triple draw,
five-card draw, badugi, Courchevel hi and hi/lo; limit, pot limit, no limit) and mixed games, cash and tournament hands;
blinds, antes, a button blind, a bring-in and completions, a big blind posted out of position
(live), small and big blinds posted together (the small one dead), "and is all-in", uncalled bets,
side pots ("Main pot $x. Side pot-1 $y."), split pots and hi/lo halves, run it twice (FIRST/SECOND
boards), stud streets, draws (others' cards unknown), cash-out lines (the cashed-out player's share
is the summary's "won" amount), chat, players joining, leaving, sitting out or timing out,
byte-order marks and Windows line ends; Indian rupee tables (``Rs.\xa025``, in paise); a tournament
summary between the hands passed over (:mod:`.pokerstars_summary`).  A hand the site cancelled is skipped (see
:func:`iter_pokerstars`).  Other games raise :class:`HistoryParseError` naming the game.

Older files (``docs/histories.md``, PokerStars' older files): no "Uncalled bet" line (the returns are
then not compared: ``returned`` is ``None``), the hand's date (:attr:`~.sitehand.SiteHand.date`, which
decides whether the rake rule of :data:`RAKE_PERCENT` is known: :data:`RAKE_DATES`), "Pot Limit
Pre-Flop, No Limit Post-Flop" (read as no limit, user field ``_betting``), cap games (stacks counted up
to the cap), an empty street filled from the summary's board, "folds (disconnect)", a one-card show.

Limits, all checked before the work they bound: at most :data:`MAX_TEXT_CHARS` characters a file,
:data:`MAX_HANDS` hands a file, :data:`MAX_LINE_CHARS` characters a line and
:data:`MAX_HAND_LINES` lines a hand; amounts of at most 15 digits.  Time and memory are linear in
the size of the text.  Every error is a :class:`HistoryParseError` naming the file, the hand id and
the line number (1-based, in the file).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterator, Sequence
from fractions import Fraction

import attrs

from .. import _json
from .._checks import shown
from ..errors import HistoryParseError, UnreadableFileError
from .blocks import MAX_HAND_LINES as MAX_HAND_LINES
from .blocks import MAX_HANDS as MAX_HANDS
from .blocks import MAX_LINE_CHARS as MAX_LINE_CHARS
from .blocks import (
    MAX_TEXT_CHARS,
    HandError,
    checked_text,
    glued,
    hand_blocks,
    only_hands,
    read_blocks,
)
from .draft import Draft, fail
from .pokerstars_games import (
    GAME_NAMES,
    MIXED_BETTINGS,
    dealt_cards,
    draw_line,
    game_of,
    kind_of,
)
from .pokerstars_lang import HEADER_STARTS, to_english
from .pokerstars_summary import Passer, is_summary
from .rake_pots import draw, draw_percent, main_pot_first
from .sitehand import Collected, SiteHand

#: PokerStars' rake percent by (PHH variant, currency, big blind in minor units), as the data shows it: every one
#: of the 995 hands of ``../shared/pokerstars`` that saw a flop at $0.01/$0.02 no-limit hold'em has
#: a rake of 3.5% of the pot, halves rounded up (``docs/histories.md``).  Stakes not listed take the
#: file's rake as given.  The cap is not known: no pot there comes near it.
RAKE_PERCENT: dict[tuple[str, str, int], Fraction] = {("NT", "USD", 2): Fraction(35, 10)}

#: The dates (Eastern Time, first and last day, inclusive) for which each rule of :data:`RAKE_PERCENT`
#: is known: the year of the data it was worked out from (April 2020).  PokerStars' rake changed over
#: the years (files of 2010 at the same stakes write ``Rake $0`` where this rule takes a cent); a hand
#: of another date, or whose date cannot be read, takes the file's rake, drawn main pot first.
RAKE_DATES: dict[tuple[str, str, int], tuple[datetime.date, datetime.date]] = {
    ("NT", "USD", 2): (datetime.date(2020, 1, 1), datetime.date(2020, 12, 31))}

#: The games read: PokerStars' game names (:mod:`.pokerstars_games`; each with ``Limit``, ``Pot Limit``
#: or ``No Limit``).
GAMES = tuple(GAME_NAMES)


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int]:
    """PokerStars' rake of ``hand``, drawn from each of ``pots`` (main pot first).

    No flop, no drop; tournament hands have no rake; at stakes in :data:`RAKE_PERCENT` the rake is
    that percent of the whole pot, halves rounded up; at others, the file's rake.  Either way it is
    drawn main pot first, rounded cumulatively (:func:`~.rake_pots.main_pot_first`): at $0.01/$0.02 pots
    of 530 and 104 cents give 3.5% of 634 = 22.19, so 22 cents: 19 from the main pot (3.5% of
    530 is 18.55) and 3 from the side pot.  The file's rake, when its pots' collected lines do not say
    how it was drawn, is drawn at the stake's percent where :mod:`.rake_pots` knows it (a capped rake all
    from the main pot), else in proportion to the pots.
    """
    if hand.history.currency is None or not sum(pots):
        return [0] * len(pots)
    if kind_of(hand.history.variant) != "board":  # stud and draw: no flop; the file's rake
        rake = max(0, min(hand.rake or 0, sum(pots)))  # (a negative rake is the file's error: none drawn)
        return _as_collected(rake, pots, hand) or main_pot_first(rake, pots)
    if not flop:
        return [0] * len(pots)
    bb = hand.history.min_bet
    key = (hand.history.variant, hand.history.currency, bb) if type(bb) is int else None
    percent = RAKE_PERCENT.get(key) if key is not None else None
    if percent is not None and not _rule_known(key, hand):  # (the rule of another year: the file's rake)
        percent = None
    if percent is None:
        rake = max(0, min(hand.rake or 0, sum(pots)))  # (a negative rake is the file's error: none drawn)
        drawing = draw_percent(hand.history.variant, hand.history.currency, bb, hand.date) if type(bb) is int else None
        if drawing is not None and len(pots) > 1:  # the stake's percent, main pot first (.rake_pots)
            return _as_collected(rake, pots, hand) or draw(rake, pots, drawing)
        return _as_collected(rake, pots, hand) or main_pot_first(rake, pots)
    rake = math.floor(percent * sum(pots) / 100 + Fraction(1, 2))
    return main_pot_first(rake, pots, percent)


def _as_collected(rake: int, pots: list[int], hand: SiteHand) -> list[int] | None:
    """The file's rake drawn from each pot as its "collected ... from main pot / side pot-N" lines show
    it (each pot less what was collected from it), when they name every pot and add up to the rake: how
    the site drew it when its rule is not known (a capped rake comes all from the main pot; otherwise
    the rule's rounding decides which pot gives a cent).  ``None`` otherwise."""
    if len(pots) < 2 or not hand.collected or any(c.pot is None for c in hand.collected):
        return None
    got = [0] * len(pots)
    for c in hand.collected:
        if c.pot is None or c.pot >= len(pots):
            return None
        got[c.pot] += c.amount
    drawn = [p - g for p, g in zip(pots, got)]
    if sum(drawn) != rake or any(d < 0 or d > p for d, p in zip(drawn, pots)):
        return None
    return drawn


def _rule_known(key: "tuple[str, str, int] | None", hand: SiteHand) -> bool:
    """Whether the hand's date (Eastern Time) is one :data:`RAKE_DATES` knows the rule of ``key`` for."""
    dates = RAKE_DATES.get(key) if key is not None else None
    return dates is not None and hand.date is not None and dates[0] <= hand.date <= dates[1]


#: The hand's date: the Eastern Time one in brackets when the header gives the player's time first.
_DATE_ET = re.compile(r".* \[([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) [^]]{0,40}\bET\]")
_DATE = re.compile(r".*? - ([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})\b")

_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #([0-9]{0,30}):\s+(?:\{[^}]{0,100}\}\s+)?(.*)")
_CASH = re.compile(r"(.+?) \((\S+)/(\S+)(?: ([A-Z]{3}))?\) - .*")
#: A cap game's stakes: ``($0.25/$0.50 - $10 Cap -  USD)`` (no player puts more than the cap in a hand).
_CAP = re.compile(r"(.+?) \((\S+)/(\S+) - (\S+) Cap - +([A-Z]{3})?\) - .*")
_MIXED = re.compile(r"(.+?) \(([^(),]{1,80}), (\S+)/(\S+)(?: ([A-Z]{3}))?\) - .*")
_BUTTON_BLIND = re.compile(r"(.+?) \(Button Blind[ \xa0](\S+) - Ante[ \xa0](\S+) +([A-Z]{3})?\) - .*")
_TOURNAMENT = re.compile(r"(?:Zoom )?Tournament #([0-9]{1,30}), (.{0,200}?) - "
                         r"(?:Match Round \w+, )?Level (\w+) \((?:Button Blind )?(\S+)(?:/| - Ante )(\S+)\) - .*")
_TABLE = re.compile(r"Table '(.{0,100})'(?: ([0-9]{1,2})-max)?(?: \(Play Money\))?(?: Seat #([0-9]{1,2}) is the button)?")
_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.+) \((\S+) in chips(?:, \S+ bounty)?\)( is sitting out| out of hand.*)?")
_STREET = re.compile(r"\*\*\* (FIRST |SECOND |THIRD )?(FLOP|TURN|RIVER) \*\*\* (?:\[[^]]*\] )?\[([^]]*)\]")
_COLLECTED = re.compile(r"(.+) collected (\S+) from (pot|main pot|side pot(?:-([0-9]{1,2}))?)")
_CASHED = re.compile(r"(.+) cashed out the hand for (\S+)(?: \| Cash Out Fee \S+)?")
_UNCALLED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_BRACKETS = re.compile(r"\[([^]]*)\](?: \[([^]]*)\])?")
_STUD_STREETS = {"*** 3rd STREET ***": 0, "*** 4th STREET ***": 1, "*** 5th STREET ***": 2, "*** 6th STREET ***": 3,
                 "*** 7th STREET ***": 4, "*** RIVER ***": 4}
_DRAW_STREETS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***", "*** DRAW ***")
_TOTAL = re.compile(r"Total pot (\S+)(?: Main pot .*?)?(?: \| Rake (\S+))?(?: \|.*)?")
_SUMMARY_SEAT = re.compile(r"Seat ([0-9]{1,2}): (.*)")
_CASHED_WON = re.compile(r".* won \((\S+)\).*\(pot not awarded as player cashed out\)")
_OTHER = re.compile(
    r".+(?: said, \".*\"| joins the table at seat #[0-9]+| leaves the table| has timed out(?: while disconnected)?"
    r"| is disconnected| is connected| has returned| was removed from the table for failing to post"
    r"| will be allowed to play after the button|: sits out|: is sitting out|: sits out \(.*\))")
#: More such lines, rarer (tried after :data:`_OTHER`, so the usual lines cost no more).
_OTHER_MORE = re.compile(
    r".+(?: is sitting out| finished the tournament(?: in [0-9]+\w\w place)?(?: and received .*)?"
    r"| wins the tournament.*| wins \S+ for (?:eliminating|splitting the elimination of) .*"
    r"|'s bounty increases by .*| re-buys .*| wins the \S+ bounty for eliminating .*"
    r"| split the \S+ bounty for eliminating .*| has timed out while being disconnected"
    r"| wins an? .{1,200} ticket\b.*)")
#: Lines that say nothing the check needs.
_NOTICES = frozenset(("Betting is capped", "No low hand qualified", "Pair on board - a double bet is allowed",
                      "The deck is reshuffled"))
_SUMMARY_OTHER = re.compile(r"(?:(?:FIRST |SECOND |THIRD )?Board \[.*\]|Hand was run (?:twice|three times))")

_VERB = re.compile(
    r"(folds|checks|calls|bets|raises|posts small blind|posts big blind|posts small & big blinds|posts the ante"
    r"|posts straddle|posts button blind|shows|mucks hand|doesn't show hand|brings in for|completes it to"
    r"|discards|stands pat)(.*)")


_fail = fail


#: A hand's first line that the line before it runs into (the hand before cut short), from its start: a
#: header with a time of day (:func:`.blocks.glued`).
_CUT = glued("PokerStars ", re.compile(r'PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #[0-9]{1,30}: .{0,400}?[0-9]{1,2}:[0-9]{1,2}(?::[0-9]{1,2})?[^"]{0,80}'))


def iter_pokerstars(text: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """Each hand of a PokerStars text (one file's contents), in order; see :func:`parse_pokerstars`.

    A hand the site cancelled ("Hand cancelled": nobody won or lost anything) is skipped, its index
    kept by the hands after it; with ``cancelled=True`` it is given too (when two or more players
    were dealt in), as read so far, with the user field ``_cancelled`` set, no collected amounts and
    no total pot (its record ends unfinished, so :func:`~pokerengine.replay.site_check.check_site` cannot settle it)."""
    return only_hands(iter_hands(text, source=source, cancelled=cancelled))


def iter_hands(text: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False) -> Iterator[SiteHand | HandError]:
    """The registry's reader (:mod:`pokerengine.formats`): :func:`iter_pokerstars`, and with ``errors=True``
    a hand that cannot be read given as a :class:`~.blocks.HandError` in its place (:func:`.blocks.read_blocks`)."""
    where_file = source if source is not None else "<text>"
    text = checked_text(text, where_file)
    lines = to_english(text.splitlines())  # hands written in Spanish or Portuguese: docs/histories.md
    if "*** # " in text or "Transcript for " in text:  # the e-mailed layout or the export's: their own lines blanked
        lines = _transcript(lines)
    passer = Passer() if is_summary(text) else None  # tournament summaries between the hands: passed over

    def empty() -> str:
        return SUMMARY_NOT_HANDS if passer is not None and passer.seen else "no PokerStars hand in the text"

    blocks = hand_blocks(lines, where=where_file, starts="PokerStars ", name="PokerStars",
                         expected="'PokerStars Hand #...'", cut=_CUT, mark="PokerStars ", skip=passer, empty=empty)
    yield from read_blocks(blocks, lambda b: _hand(b.lines, b.first, where_file, source, b.index, cancelled),
                           errors=errors)


#: Why a text of tournament summaries and no hand is not read (:mod:`.pokerstars_summary`).
SUMMARY_NOT_HANDS = "a tournament summary, not a hand history"

#: The lines of an e-mailed transcript that are no hand's: its first line and the one before each hand.
_TRANSCRIPT = re.compile(r"Transcript for (?:last|hand|hands|the last) .{0,300}|\*{3,40} # [0-9]{1,6} \*{3,40}")


def _transcript(lines: list[str]) -> list[str]:
    """``lines`` with the e-mailed transcript's own lines (``Transcript for last 10 hands requested by ...``,
    ``*** # 1 ***`` before each hand) blank, and the client export's ``*********** # 1 **************``
    before each hand too, so each hand is read as in a client's file, its lines numbered as in the file.
    The e-mail's footer after the last hand (``If you have any questions, please contact us at ...``, the
    operator's notices) is blank too, up to a line that begins a hand or a separator."""
    out: list[str] = []
    footer = False
    for line in lines:
        if footer and line.startswith(("PokerStars ", "*", *HEADER_STARTS)):
            footer = False
        elif not footer and line.startswith("If you have any questions") and _FOOTER.fullmatch(line.rstrip()):
            footer = True
        out.append("" if footer or line.startswith(("Transcript for ", "***")) and _TRANSCRIPT.fullmatch(line.rstrip())
                   else line)
    return out


#: The first line of the e-mailed transcript's footer.
_FOOTER = re.compile(r"If you have any questions, please contact us at .{0,200}")


def parse_pokerstars(text: str, *, source: str | None = None, cancelled: bool = False) -> list[SiteHand]:
    """Every hand of a PokerStars text, as :class:`~.sitehand.SiteHand` values (limits: the module's;
    cancelled hands: see :func:`iter_pokerstars`)."""
    return list(iter_pokerstars(text, source=source, cancelled=cancelled))


def read_pokerstars(path: str) -> list[SiteHand]:
    """Every hand of a PokerStars file (UTF-8, with or without a byte-order mark; at most
    :data:`MAX_TEXT_CHARS` bytes read)."""
    data = _json.read_file(path, max_bytes=MAX_TEXT_CHARS, what=path, error=HistoryParseError,
                           unreadable=UnreadableFileError)
    text = _json.text_of(data, what=path, error=HistoryParseError, max_bytes=MAX_TEXT_CHARS)
    return parse_pokerstars(text, source=path)


def _hand(block: Sequence[str], start: int, where_file: str, source: str | None, index: int,
          cancelled: bool = False) -> SiteHand | None:
    """The hand of ``block`` (its lines; the first is line ``start`` of the file); ``None`` for a
    cancelled hand unless ``cancelled`` (and then too when fewer than two players were dealt in)."""
    rupees = "Rs." in block[0]
    if rupees:  # (the rupee tables' amounts: "Rs.5", and PokerStars.in's "Rs. 5" with a no-break space)
        block = [_RS_SPACE.sub("Rs.", line) if "Rs." in line else line for line in block]
    m = _HEADER.fullmatch(block[0])
    if m is None:
        raise _fail(where_file, start, f"cannot read the hand's first line {shown(block[0])}")
    hand_id = m.group(1)  # an empty one ("PokerStars Hand #:", PokerStars VR): the hand has no id
    draft = _RupeeDraft if rupees else Draft
    h = draft("pokerstars", hand_id, f"{where_file}, hand {hand_id}" if hand_id else f"{where_file}, hand #{index}",
              start)
    if len(block) > 1 and " (Play Money)" in block[1]:  # play money: whole chips, split in chips
        h.money = False
    _header(h, m.group(2))
    for k, line in enumerate(block[1:], start + 1):
        h.line = k
        if line and line[-1] == " ":  # (some clients end seat and summary lines with a space)
            line = line.rstrip(" ")
        if line:
            _line(h, line)
    h.user.pop("_cap", None)  # (a cap game's stacks are counted up to the cap: the record needs no more)
    if "" in h.runs[0] and not h.cancelled:
        raise h.fail("a street's card is not written ('[]') and no summary board says it")
    if h.returned and not h.cancelled:
        _antes_matched(h)
    hand = h.finish(source, index, cancelled=cancelled, last_line=start + len(block) - 1)
    if hand is not None and not h.returned:  # older files write no "Uncalled bet" line: not said, not checked
        hand = attrs.evolve(hand, returned=None)
    if hand is not None and not hand_id:
        hand = attrs.evolve(hand, hand_id=None)
    return hand


def _antes_matched(h: Draft) -> None:
    """An ante posted all in for less, every other player all in with what he posted: PokerStars matches
    the antes like bets and hands back the part of a larger ante nobody matched in the "Uncalled bet" line
    (``Hero: posts the ante 1 and is all-in``, ``Player0: posts the ante 25``, ``posts big blind 100``,
    ``Uncalled bet (124) returned to Player0``: 24 of the ante and the big blind).  The engine keeps antes as
    dead money, so the record posts the ante as far as it was matched (1) and the return keeps the rest (100)."""
    antes = {name: amount for name, kind, amount in h.posts if kind == "ante"}
    if len(antes) < 2:
        return
    posted: dict[str, int] = {}
    for name, _, amount in h.posts:
        posted[name] = posted.get(name, 0) + amount
    for k, c in enumerate(h.returned):
        ante = antes.get(c.player)
        others = [name for name in posted if name != c.player]
        if ante is None or not others or any(h.seats.get(n, (0, -1))[1] != posted[n] for n in others):
            continue
        excess = ante - min(ante, max(posted[n] for n in others))
        if 0 < excess <= c.amount:
            at = next(i for i, p in enumerate(h.posts) if p[0] == c.player and p[1] == "ante")
            h.posts[at] = (c.player, "ante", ante - excess)
            h.returned[k] = Collected(c.player, None, c.amount - excess)
            h.user["_antes_matched"] = True  # (the record's ante is what was matched, the rest came back)


#: A rupee amount's space after the sign: PokerStars.in writes ``Rs.\xa025`` (a no-break space), read as ``Rs.25``.
_RS_SPACE = re.compile(r"(?<![^ (+/])Rs\.[ \xa0](?=[0-9])")


class _RupeeDraft(Draft):
    """The :class:`.Draft` of a hand at an Indian rupee table, which writes ``Rs.5`` or, PokerStars.in's
    client, ``Rs.\xa05`` with a no-break space (:data:`_RS_SPACE` makes it ``Rs.5``): read as ``Rs5``,
    in paise (hundredths of a rupee, as cents)."""

    __slots__ = ()

    def amount(self, text: str) -> int:
        if text.startswith("Rs.") and text[3:4].isdigit():
            try:
                return super().amount("Rs" + text[3:])
            except HistoryParseError:
                pass  # (the error quotes the amount as written: "Rs." is no amount's text to the parser)
        return super().amount(text)


def _header(h: Draft, rest: str) -> None:
    t = _TOURNAMENT.fullmatch(rest)
    if t is not None:
        name, sb, bb = t.group(2), t.group(4), t.group(5)
        h.money = False
    else:
        c = _CASH.fullmatch(rest) or _MIXED.fullmatch(rest) or _BUTTON_BLIND.fullmatch(rest) or _CAP.fullmatch(rest)
        if c is None:
            raise h.fail(f"cannot read the game and stakes in {shown(rest)}")
        if c.re is _MIXED:  # "HORSE (Razz Limit, $0.10/$0.20 USD)": the game played this hand
            name, sb, bb, h.currency = c.group(2), c.group(3), c.group(4), c.group(5)
        elif c.re is _CAP:  # a player who reaches the cap is all in: each stack counts up to the cap
            name, sb, bb, h.currency = c.group(1), c.group(2), c.group(3), c.group(5)
            h.user["_cap"] = h.amount(c.group(4))
        elif c.re is _BUTTON_BLIND:  # 6+ hold'em: a button blind, which is the big blind's size, and antes
            name, sb, bb, h.currency = c.group(1), c.group(2), c.group(2), c.group(4)
        else:
            name, sb, bb, h.currency = c.groups()
        if h.currency is None:  # Zoom hands write "($0.01/$0.02)": the symbol says the currency
            h.currency = "INR" if sb.startswith("Rs") else {"$": "USD", "€": "EUR", "£": "GBP"}.get(sb[:1], "")
    _date(h, rest)
    name = name.replace("''", "'")  # ("Hold''em": the apostrophe doubled, as some exports write it)
    game = game_of(name)
    if game is None or "split hold'em" in name.lower():  # (Split Hold'em deals two boards: not read)
        raise h.fail(f"{shown(name)} is not read yet (the games read: docs/histories.md)")
    h.variant, h.hole, h.kind, h.fixed = game.code, game.hole, game.kind, game.fixed
    for mixed in MIXED_BETTINGS:  # pot limit pre-flop, no limit after: replayed as no limit (pokerstars_games)
        if game.name.endswith(" " + mixed):
            h.user["_betting"] = mixed.lower()
    h.sb, h.bb = h.amount(sb), h.amount(bb)
    if h.bb <= 0:
        raise h.fail("the big blind is 0" if not h.fixed else "the big bet is 0")


def _date(h: Draft, rest: str) -> None:
    """The hand's date (:attr:`~.sitehand.SiteHand.date`: PokerStars' own clock, Eastern Time); a date that
    is not one is left out (the rake rule then takes the file's rake)."""
    d = _DATE_ET.match(rest) or _DATE.match(rest)
    if d is None:
        return
    try:
        day = datetime.date(int(d.group(1)), int(d.group(2)), int(d.group(3)))
    except ValueError:
        return
    h.date = day


def _line(h: Draft, line: str) -> None:
    if h.summary:
        _summary_line(h, line)
        return
    if h.section == "seats":
        t = _TABLE.fullmatch(line)
        if t is not None:
            if (t.group(3) is None) != (h.kind == "stud"):
                raise h.fail("a stud table has no button" if h.kind == "stud" else "the table line names no button")
            h.table, h.max_seats, h.button = t.group(1), int(t.group(2) or 0), int(t.group(3) or 0)
            return
        s = _SEAT.fullmatch(line)
        if s is not None:
            if h.table is None:
                raise h.fail("a seat before the table line")
            seat, name = int(s.group(1)), s.group(2)
            if name in h.seats or any(seat == x for x, _ in h.seats.values()):
                raise h.fail(f"seat {seat} or player {shown(name)} twice")
            stack = h.amount(s.group(3))
            h.seats[name] = (seat, min(stack, h.user.get("_cap", stack)))
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
            if _OTHER.fullmatch(line) or _OTHER_MORE.fullmatch(line):
                return
            raise h.fail(f"cannot read {shown(line)}")
        _verb(h, name, v.group(1), v.group(2))
        return
    c = _COLLECTED.fullmatch(line)
    if c is not None and c.group(1) in h.seats:
        pot = 0 if c.group(3) in ("pot", "main pot") else int(c.group(4) or 1)
        h.collected.append(Collected(c.group(1), pot, h.amount(c.group(2))))
        return
    if line.startswith("Dealt to "):  # "Dealt to NAME [CARDS]" (stud, draw: "[KEPT] [NEW]"); NAME may hold " ["
        rest = line[9:]
        for at in h.name_ends(rest, " ["):
            d = _BRACKETS.fullmatch(rest, at + 1)
            if d is not None and (d.group(2) is None or h.kind != "board"):
                if h.kind == "board":
                    h.cards[rest[:at]] = h.cards_of(d.group(1))
                else:
                    dealt_cards(h, rest[:at], d.group(1), d.group(2))
                return
    u = _UNCALLED.fullmatch(line)
    if u is not None and u.group(2) in h.seats:
        h.returned.append(Collected(u.group(2), None, h.amount(u.group(1))))
        return
    x = _CASHED.fullmatch(line)
    if x is not None and x.group(1) in h.seats:
        h.cashed.add(x.group(1))
        return
    if line in _NOTICES or _OTHER.fullmatch(line) or _OTHER_MORE.fullmatch(line):
        return
    if line == "Hand cancelled":
        h.cancelled = True
        return
    if line[-1] == ":" and line[:-1] in h.seats:  # an empty action line ("name:  "): nothing done
        return
    raise h.fail(f"cannot read {shown(line)}")


def _section(h: Draft, line: str) -> None:
    if line == "*** HOLE CARDS ***" and h.kind == "board" or line == "*** DEALING HANDS ***" and h.kind == "draw":
        h.section = "action"
    elif line == "*** SUMMARY ***":
        h.summary = True
    elif line.endswith("SHOW DOWN ***"):
        h.showdown = True
    elif h.kind == "stud" and line.startswith("*** RIVER *** ["):
        raise h.fail("a shared river card (the deck ran out) is not read")
    elif h.kind == "stud" and line in _STUD_STREETS:
        street = _STUD_STREETS[line]
        if street != h.street + 1 or h.showdown:
            raise h.fail(f"{shown(line)} out of order")
        h.street = street
        h.section = "action"
        h.events.append(("street", "", street))
    elif h.kind == "draw" and line in _DRAW_STREETS and h.section == "action" and not h.showdown:
        pass  # the draws are the discard lines
    elif line.startswith("*** PRE-FLOP *** [") and line.endswith("]") and h.variant[1:2] == "C":
        if h.section != "action" or h.runs[0]:  # Courchevel: the first flop card, face up before the betting
            raise h.fail(f"{shown(line)} out of order")
        cards = h.cards_of(line[18:-1])
        if len(cards) != 2:
            raise h.fail(f"Courchevel deals one board card before the flop, not {len(cards) // 2}")
        h.runs[0].append(cards)
        h.events.append(("board", "", cards))
    else:
        s = _STREET.fullmatch(line)
        if s is None or h.section != "action":
            raise h.fail(f"cannot read {shown(line)}")
        run = {"": 0, "FIRST ": 0, "SECOND ": 1, "THIRD ": 2}[s.group(1) or ""]
        while len(h.runs) <= run:
            h.runs.append([])
        if not s.group(3) and run == 0 and s.group(2) != "FLOP":  # "*** TURN *** [3c Jd 6d] []" (2022): the
            h.runs[0].append("")  # summary's board says the card
            h.events.append(("board", "", ""))
            return
        cards = h.cards_of(s.group(3))
        size = {"FLOP": 6, "TURN": 2, "RIVER": 2}[s.group(2)]
        if h.variant[1:2] == "C" and s.group(2) == "FLOP":  # Courchevel: two more ("[2s 3h 4h]" or "[2s] [3h 4h]")
            if not h.runs[0]:
                raise h.fail("Courchevel's first flop card ('*** PRE-FLOP *** [..]') is not written")
            if len(cards) == 6 and cards[:2] == h.runs[0][0]:
                cards = cards[2:]
            size = 4
        if len(cards) != size:
            raise h.fail(f"the {s.group(2).lower()} has {len(cards) // 2} cards")
        h.runs[run].append(cards)
        if run == 0:
            h.events.append(("board", "", cards))


def _verb(h: Draft, name: str, verb: str, rest: str) -> None:
    allin = rest.endswith(" and is all-in")
    if allin:
        rest = rest[: -len(" and is all-in")]
    elif "_cap" in h.user and rest.endswith(" cap"):  # "raises $6.50 to $10 and has reached the $10 cap"
        at = rest.rfind(" and has reached the ")
        if at >= 0:
            rest = rest[:at]
    if verb.startswith("posts"):
        if h.section != "blinds":
            raise h.fail(f"{shown(name)} posts after the cards are dealt")
        kind = {"posts small blind": "sb", "posts big blind": "bb", "posts small & big blinds": "sbbb",
                "posts the ante": "ante", "posts straddle": "straddle", "posts button blind": "button"}[verb]
        if h.kind == "stud" and kind != "ante":
            raise h.fail(f"{shown(name)} posts a blind in a stud game")
        if not rest.startswith(" "):
            raise h.fail(f"cannot read the post {shown(rest)}")
        h.posts.append((name, kind, h.amount(rest[1:])))
        return
    if h.section != "action":
        raise h.fail(f"{shown(name)} {verb} before the cards are dealt")
    if verb in ("folds", "checks", "calls", "bets", "raises"):
        if verb == "folds":
            if rest == " (disconnect)":  # (files converted from another site's by a third-party tool)
                rest = ""
            if rest and h.kind != "board":  # (the cards are no part of a stud or draw record)
                if not (rest.startswith(" [") and rest.endswith("]")):
                    raise h.fail(f"cannot read the fold {shown(rest)}")
            elif rest:
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
    if verb == "brings in for" or verb == "completes it to":
        if h.kind != "stud" or h.street != 0 or not rest.startswith(" "):
            raise h.fail(f"cannot read {shown(name + ': ' + verb + rest)}")
        amount = h.amount(rest[1:])
        if verb == "completes it to":
            h.events.append(("cbr", name, amount))
        elif h.bring_in is not None:
            raise h.fail("a second bring-in")
        else:
            h.bring_in = amount
            h.events.append(("pb", name, None))
        return
    if verb == "discards" or verb == "stands pat":
        draw_line(h, name, verb, rest)
        return
    if verb == "shows":
        m = re.fullmatch(r" \[([^]]*)\](?: \(.*\))?", rest)
        if m is None:
            raise h.fail(f"cannot read the show {shown(rest)}")
        cards = h.cards_of(m.group(1))
        if h.kind == "board" and len(cards) < 2 * h.hole:  # some of them ("shows [Qs]"): the rest unknown
            h.cards[name] = cards.ljust(2 * h.hole, "?")
            if h.showdown:  # at the showdown the hand is mucked after it (the summary: "mucked [Qs]")
                h.events.append(("muck", name, None))
            return
        if h.kind != "draw":  # (a draw game shows the hand drawn, not the one dealt)
            h.cards[name] = cards
        if h.showdown:
            h.events.append(("show", name, cards))
        return
    if rest:
        raise h.fail(f"cannot read {shown(verb + rest)}")
    if verb == "mucks hand" and h.showdown:
        h.events.append(("muck", name, None))


def _empty_street(h: Draft, board: str) -> None:
    """A street the file wrote empty (``[]``) gets its card from the summary's board."""
    at = 0
    for k, cards in enumerate(h.runs[0]):
        if not cards:
            cards = board[at:at + 2]
            if len(cards) != 2:
                raise h.fail("the board is shorter than its streets")
            h.runs[0][k] = cards
            e = h.events.index(("board", "", ""))
            h.events[e] = ("board", "", cards)
        at += len(cards)
    if board[:at] != "".join(h.runs[0]):
        raise h.fail("the summary's board is not the streets' cards")


_WON = re.compile(r" (?:collected|won) \((\S+)\)")


def _state_won(h: Draft, seat: int, rest: str) -> None:
    """What a summary's seat line says the seat's player won (``collected ($X)``, ``won ($X)``, each part of
    a hi/lo or run-twice win), for the check (:meth:`Draft.state_won_line`)."""
    h.state_won_line(seat, rest, _WON)


def _summary_line(h: Draft, line: str) -> None:
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
        if s.group(2).endswith(" is sitting out"):  # (2024: a seat sitting out, $0 in chips or waiting) dealt in
            name = next((n for n, (x, _) in h.seats.items() if x == seat), None)  # only if it posted or acted
            if name is None or not any(p[0] == name for p in h.posts) and not any(e[1] == name for e in h.events):
                return
        h.summary_seats.append(seat)
        w = _CASHED_WON.fullmatch(s.group(2))
        if w is not None:
            h.cashed_won[seat] = h.amount(w.group(1))
        else:
            _state_won(h, seat, s.group(2))
        m = re.search(r" (?:showed|mucked) \[([^]]*)\]", s.group(2))
        if m is not None and h.kind != "draw":
            name = next((n for n, (x, _) in h.seats.items() if x == seat), None)
            if name is not None:
                h.cards.setdefault(name, h.cards_of(m.group(1)))
        return
    if _SUMMARY_OTHER.fullmatch(line) or line in _NOTICES:
        if line.startswith("Board [") and "" in h.runs[0]:
            _empty_street(h, h.cards_of(line[7:-1]))
        return
    if line == "Hand cancelled":
        h.cancelled = True
        return
    raise h.fail(f"cannot read {shown(line)}")
