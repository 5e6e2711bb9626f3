"""A hand while a site's reader reads its lines, then its PHH record: the part every site reader shares.

A site reader (one module per site in :mod:`pokerengine.formats`) reads its file's lines and tells a
:class:`Draft` what they say, in the order they say it: the game and stakes (:meth:`Draft.game`),
who sits where with what (:meth:`Draft.seat`), the forced bets (:meth:`Draft.post`), the cards
(:meth:`Draft.holds`, :meth:`Draft.board`), each action (:meth:`Draft.fold`, :meth:`Draft.check`,
:meth:`Draft.call`, :meth:`Draft.raise_to`, or :meth:`Draft.put_in` for sites that write the chips
an action puts in rather than the total it makes), what was shown at the showdown, what each player
collected, the uncalled bets and the summary's total pot and rake.  :meth:`Draft.finish` then gives
the :class:`~pokerengine.formats.sitehand.SiteHand`: the PHH record of the hand in position order
(p1 the first seat left of the button, the button last), fit to replay, and what the file says was
paid, for :func:`pokerengine.replay.site_check.check_site`.

>>> d = Draft("example", "7", "<text>, hand 7", 1)
>>> d.game("NT", 2)
>>> d.stakes(1, 2); d.button = 3
>>> for seat, name, stack in ((1, "ann", 100), (2, "bob", 200), (3, "cy", 50)):
...     d.seat(seat, name, stack)
>>> d.post("ann", "sb", 1); d.post("bob", "bb", 2)
>>> d.start_betting()
>>> d.put_in("cy", 6); d.fold("ann"); d.fold("bob")  # cy puts in 6: a raise to 6
>>> d.uncalled("cy", 4); d.collect("cy", 5); d.total = 5; d.rake = 0; d.summary = True
>>> hand = d.finish(None, 0)
>>> hand.history.players, hand.history.actions[3:], hand.returned
(('ann', 'bob', 'cy'), ('p3 cbr 6', 'p1 f', 'p2 f'), (0, 0, 4))
>>> from pokerengine.replay.site_check import check_site
>>> check_site(hand).status
'matched'

A player the file gives no stack (one who joins as the hand begins: some sites write no seat line for
him, or the stack he had before his chips came) is seated with ``None``: he gets a stand-in stack that
cannot bind (more than all the other stacks and every amount the hand's lines name), which changes
nothing the check compares (the pots follow from what is put in, who may win them and the cards), and
the record's user field ``_unknown_stacks`` names him.

>>> d = Draft("example", "8", "<text>, hand 8", 1)
>>> d.game("NT", 2); d.stakes(1, 2); d.button = 3
>>> d.seat(1, "ann", 100); d.seat(3, "cy", 50); d.seat(2, "new", None)
>>> d.post("ann", "sb", 1); d.post("new", "bb", 2); d.start_betting()
>>> d.put_in("cy", 6); d.fold("ann"); d.put_in("new", 4)
>>> d.board("2c 3d 4h"); d.put_in("new", 44); d.fold("cy")
>>> d.uncalled("new", 44); d.collect("new", 13); d.total, d.rake, d.summary = 13, 0, True
>>> hand = d.finish(None, 1)
>>> hand.history.starting_stacks, hand.history.user_fields["_unknown_stacks"]
((100, 204, 50), ('new',))
>>> check_site(hand).status
'matched'

Every error is a :class:`HistoryParseError` naming the file, the hand and the line (:attr:`Draft.line`,
which the reader keeps up to date).  Limits: a draft holds what its reader gives it; the reader bounds
the lines and the hands (each site module states its limits); :meth:`finish` is linear in the events.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator
from typing import Any

from .._checks import shown
from ..errors import HistoryParseError, PokerEngineError
from ..phh.record import HandHistory
from .amounts import currency_of, parse_amount
from .pokerstars_games import stud_cards, unknown_draws
from .sitehand import Collected, SiteHand

#: The kinds of forced bet :meth:`Draft.post` takes: a small blind, a big blind, both at once (the small
#: one dead), an ante, a straddle, 6+ hold'em's button blind, and dead money (a dead blind).
POST_KINDS = ("sb", "bb", "sbbb", "ante", "straddle", "button", "dead")

#: The longest player name a line is searched for (the sites allow far fewer characters).
MAX_NAME_CHARS = 100

_CARD = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS])")


def fail(where: str, line: int | None, message: str) -> HistoryParseError:
    """The error of a site's file at ``where`` (file and hand), line ``line`` (``None``: no line)."""
    return HistoryParseError(f"{where}, line {line}: {message}" if line is not None else f"{where}: {message}")


def cards(text: str) -> str | None:
    """Cards as a site writes them (``"Ah Kd"``, ``"[ 2c, 3d ]"``, ``"10h"``, ``"ah"``), compact
    (``"AhKd"``); ``None`` when the text is not only cards.

    >>> cards("[ 2c, 10d, qH ]"), cards("AhKd"), cards("Ah Xx")
    ('2cTdQh', 'AhKd', None)
    """
    if len(text) > 200:
        return None
    body = text.strip().strip("[]").replace(",", " ")
    out = []
    pos = 0
    for m in _CARD.finditer(body):
        if body[pos:m.start()].strip():
            return None
        rank = "T" if m.group(1) == "10" else m.group(1).upper()
        out.append(rank + m.group(2).lower())
        pos = m.end()
    if body[pos:].strip() or not out:
        return None
    return "".join(out)


class Draft:
    """One hand while its lines are read (see the module's docstring).

    Public attributes a reader sets directly: ``line`` (the line being read, 1-based in the file),
    ``money`` (cash: amounts in cents; ``False``: tournament chips), ``currency`` (an ISO code),
    ``decimal`` (the site's decimal mark, for :meth:`amount`), ``table``, ``max_seats``, ``button``
    (the button's seat; 0 in stud), ``total`` and ``rake`` (the summary's, minor units), ``cancelled``,
    ``showdown`` (set when the showdown begins: shows and mucks after it are the showdown's),
    ``summary`` (set when the hand's summary, or whatever ends a hand, is read), ``date`` (the day the hand
    was played, by the site's clock: :attr:`SiteHand.date <pokerengine.formats.sitehand.SiteHand.date>`), ``needs_total``
    (``False`` for a site that writes no total pot), ``needs_summary`` (``False`` for a site whose
    hands have no summary; with one, a hand without it was cut short) and ``antes_count`` (``True`` for a
    site that builds its side pots with the antes as ordinary chips, so that a player all in on a short
    ante wins only what he matched: the record then says ``ante_trimming_status = true`` when every player
    dealt in posted an ante and nothing was posted dead; else the antes stay dead money, as a dead blind,
    which the record writes as an ante, must).  The players dealt in are the
    seats :meth:`dealt_in` names (a summary that lists them), else every seated player not sitting out.
    """

    __slots__ = ("format", "id", "where", "line", "money", "decimal", "variant", "hole", "kind", "fixed", "sb", "bb",
                 "bring_in", "street", "dealt", "cancelled", "button", "table", "max_seats", "seats", "posts",
                 "events", "runs", "cards", "collected", "returned", "cashed", "cashed_won", "summary_seats", "total",
                 "rake", "currency", "section", "showdown", "summary", "needs_total", "needs_summary", "out",
                 "committed", "top", "user", "date", "unknown", "stated", "antes_count")

    def __init__(self, fmt: str, hand_id: str, where: str, first_line: int) -> None:
        self.format = fmt
        self.id = hand_id
        self.where = where
        self.line = first_line
        self.money = True
        self.decimal = "."
        self.variant, self.hole, self.kind, self.fixed = "NT", 2, "board", False
        self.sb = self.bb = 0
        self.bring_in: int | None = None
        self.street = -1  # stud: 0 for third street .. 4 for the river (seventh street)
        self.dealt: dict[tuple[str, int], str] = {}  # stud: (player, street) -> the cards dealt then
        self.cancelled = False
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
        self.needs_total = True
        self.needs_summary = True
        self.out: set[str] = set()  # seated but sitting out: not dealt in
        self.committed: dict[str, int] = {}  # this betting round's chips, by player (for put_in)
        self.top = 0  # the most anyone has committed this round
        self.user: dict[str, Any] = {}  # more user fields of the record
        self.date: datetime.date | None = None  # the day the hand was played, when the file says (the site's clock)
        self.unknown: list[str] = []  # seated players whose stack the file does not give (see seat)
        self.stated: dict[str, int] | None = None  # what the summary says each player won (see state_won)
        self.antes_count = False  # the site counts antes as ordinary chips in its side pots (see the class)

    # --- reading helpers -------------------------------------------------------------------
    def fail(self, message: str) -> HistoryParseError:
        """The error of the line being read."""
        return fail(self.where, self.line, message)

    def amount(self, text: str) -> int:
        """An amount's text in minor units (:func:`.amounts.parse_amount`: money in cents, tournament chips
        whole), or :class:`HistoryParseError`."""
        value = parse_amount(text, money=self.money, decimal=self.decimal)
        if value is None:
            if not self.money and parse_amount(text) is not None:
                raise self.fail(f"tournament chips are whole numbers, got {shown(text)}")
            raise self.fail(f"bad amount {shown(text)}")
        if self.currency is None and self.money:
            self.currency = currency_of(text)
        return value

    def cards_of(self, text: str) -> str:
        """Cards in compact form (:func:`cards`), or :class:`HistoryParseError`."""
        found = cards(text)
        if found is None:
            raise self.fail(f"bad cards {shown(text)}")
        return found

    def actor(self, line: str, sep: str = ": ") -> tuple[str, str] | None:
        """The seated player who starts ``line`` with ``NAME`` then ``sep``, and the rest (names may hold ``sep``)."""
        for at in self.name_ends(line, sep):
            return line[:at], line[at + len(sep):]
        return None

    def name_ends(self, line: str, sep: str = " ") -> Iterator[int]:
        """Each place ``at`` where ``line[:at]`` is a seated player's name followed by ``sep``, shortest first
        (a name may hold ``sep``: a reader tries each until the rest reads); names of at most
        :data:`MAX_NAME_CHARS` characters."""
        at = line.find(sep)
        while 0 < at <= MAX_NAME_CHARS:
            if line[:at] in self.seats:
                yield at
            at = line.find(sep, at + len(sep))

    # --- what a file says --------------------------------------------------------------------
    def game(self, code: str, hole: int, kind: str = "board", fixed: bool | None = None) -> None:
        """The game: a PHH variant code (``"NT"``, ``"PO"``, ``"FO/8"``, ``"PO5"``...), the cards each player
        holds, and how it deals (``"board"``, ``"stud"``, ``"draw"``); ``fixed`` defaults to the code's ``F``."""
        self.variant, self.hole, self.kind = code, hole, kind
        self.fixed = code.startswith("F") if fixed is None else fixed

    def stakes(self, small: int, big: int) -> None:
        """The blinds (no limit and pot limit) or the small and big bet (fixed limit: the big blind is the
        small bet), in minor units."""
        if big <= 0 or small < 0:
            raise self.fail("the big blind is 0" if not self.fixed else "the big bet is 0")
        self.sb, self.bb = small, big

    def seat(self, seat: int, name: str, stack: int | None, *, out: bool = False) -> None:
        """Player ``name`` in seat ``seat`` with ``stack`` (minor units); ``out``: sitting out, not dealt in.
        ``stack`` ``None``: the file does not say (:meth:`stack_unknown`)."""
        if not 0 < seat <= 100:
            raise self.fail(f"seat {seat} is not a seat")
        if name in self.seats or any(seat == x for x, _ in self.seats.values()):
            raise self.fail(f"seat {seat} or player {shown(name)} twice")
        if stack is not None and stack < 0:
            raise self.fail(f"{shown(name)} has a negative stack")
        self.seats[name] = (seat, 0 if stack is None else stack)
        if stack is None:
            self.unknown.append(name)
        if out:
            self.out.add(name)

    def stack_unknown(self, name: str) -> None:
        """The file does not give seated ``name``'s stack (a stack written before his chips came): the record
        gives him a stand-in that cannot bind, more than all the other stacks and every amount the hand's
        lines name, and names him in its user field ``_unknown_stacks``."""
        self._known(name)
        if name not in self.unknown:
            self.unknown.append(name)

    def sit_out(self, name: str) -> None:
        """A seated player is not dealt in (sitting out, or waiting)."""
        self._known(name)
        self.out.add(name)

    def post(self, name: str, kind: str, amount: int) -> None:
        """A forced bet of ``kind`` (:data:`POST_KINDS`)."""
        self._known(name)
        if kind not in POST_KINDS:
            raise self.fail(f"unknown post {kind!r}")
        if self.kind == "stud" and kind != "ante":
            raise self.fail(f"{shown(name)} posts a blind in a stud game")
        self.posts.append((name, kind, amount))
        self.out.discard(name)
        live = 0 if kind in ("ante", "dead") else min(amount, self.bb if not self.fixed else self.sb) if kind == "sbbb" \
            else amount
        if live:
            self.committed[name] = self.committed.get(name, 0) + live
            self.top = max(self.top, self.committed[name])

    def start_betting(self) -> None:
        """The cards are dealt: actions follow (the posts are over)."""
        self.section = "action"

    def holds(self, name: str, text: str) -> None:
        """The cards ``name`` holds, as far as known (a site's text; unknown cards are filled with ``??``)."""
        self._known(name)
        found = self.cards_of(text)
        if len(found) > 2 * self.hole:
            raise self.fail(f"{shown(name)} has {len(found) // 2} cards, not {self.hole}")
        self.cards[name] = found.ljust(2 * self.hole, "?")

    def _act(self, kind: str, name: str, value: Any = None) -> None:
        self._known(name)
        if self.section != "action":
            raise self.fail(f"{shown(name)} acts before the cards are dealt")
        self.events.append((kind, name, value))

    def fold(self, name: str) -> None:
        self._act("f", name)

    def check(self, name: str) -> None:
        self._act("cc", name)

    def checks_at(self, at: int, names: Iterable[str]) -> None:
        """Every player of ``names`` checks, in position order from the button, the checks put in the events
        at ``at`` (a bomb pot's preflop: antes, no blinds, the round checked through before the flop)."""
        span = max(self.max_seats, 10)
        order = sorted(names, key=lambda p: (self.seats[p][0] - self.button - 1) % span)
        self.events[at:at] = [("cc", name, None) for name in order]

    def contradicts(self, note: str) -> None:
        """The file contradicts itself, as ``note`` says: kept in the record (user field
        ``_file_contradicts``) and given as the reason of the mismatch that follows."""
        self.user["_file_contradicts"] = (*self.user.get("_file_contradicts", ()), note)

    def call(self, name: str) -> None:
        """A call (of whatever it costs: the engine knows)."""
        self._act("cc", name)
        self.committed[name] = self.top

    def raise_to(self, name: str, to: int) -> None:
        """A bet, raise or completion making ``name``'s chips in this betting round ``to`` in all."""
        self._act("cbr", name, to)
        self.committed[name] = to
        self.top = max(self.top, to)

    def put_in(self, name: str, chips: int) -> None:
        """An action that puts ``chips`` more in (sites that write an all-in, a call or a raise by the chips
        it adds): a call when that makes no more than the most committed this round, else a raise."""
        to = self.committed.get(name, 0) + chips
        if to <= self.top:
            self._act("cc", name)
            self.committed[name] = to
        else:
            self.raise_to(name, to)

    def new_round(self) -> None:
        """A new betting round begins (:meth:`board` calls it; stud and draw readers call it themselves)."""
        self.committed = {}
        self.top = 0

    def board(self, text: str, run: int = 0) -> None:
        """Board cards dealt (a flop, a turn or a river; ``run`` 1, 2 for a second and third run)."""
        found = self.cards_of(text)
        while len(self.runs) <= run:
            self.runs.append([])
        self.runs[run].append(found)
        if run == 0:
            self.events.append(("board", "", found))
            self.new_round()

    def show(self, name: str, text: str) -> None:
        """``name`` shows cards (at the showdown once :attr:`showdown` is set: a show there is its own action)."""
        self._known(name)
        found = self.cards_of(text)
        if self.kind == "board" and len(found) < 2 * self.hole:
            self.cards[name] = found.ljust(2 * self.hole, "?")
            return
        if self.kind != "draw":
            self.cards[name] = found[: 2 * self.hole]
        if self.showdown:
            self.events.append(("show", name, found))

    def muck(self, name: str) -> None:
        """``name`` mucks at the showdown (conceding)."""
        self._known(name)
        if self.showdown:
            self.events.append(("muck", name, None))

    def collect(self, name: str, amount: int, pot: int | None = None) -> None:
        """``name`` collected ``amount`` (from pot ``pot``: 0 the main pot, 1.. side pots; ``None``: not said)."""
        self._known(name)
        self.collected.append(Collected(name, pot, amount))

    def uncalled(self, name: str, amount: int) -> None:
        """``amount`` of ``name``'s bet was not called and went back."""
        self._known(name)
        self.returned.append(Collected(name, None, amount))

    def state_won(self, name: str, amount: int) -> None:
        """The summary says ``name`` won (collected) ``amount`` in all: compared by the check with the
        collected lines (:attr:`SiteHand.stated <pokerengine.formats.sitehand.SiteHand.stated>`); a player the
        summary gives no amount won nothing."""
        self._known(name)
        if self.stated is None:
            self.stated = {}
        self.stated[name] = self.stated.get(name, 0) + amount

    def state_won_line(self, seat: int, rest: str, pattern: re.Pattern[str]) -> None:
        """A summary's seat line (``rest``: what follows ``Seat N:``): every amount ``pattern`` (group 1)
        finds after the seat's player's name, each part of a hi/lo or run-twice win, is what the summary
        says he won (:meth:`state_won`); the summary states amounts from then on (nothing said: 0)."""
        if self.stated is None:
            self.stated = {}
        name = next((n for n, (x, _) in self.seats.items() if x == seat), None)
        rest = rest.lstrip()
        if name is None or not rest.startswith(name):
            return
        for m in pattern.finditer(rest, len(name)):
            self.state_won(name, self.amount(m.group(1)))

    def dealt_in(self, seat: int) -> None:
        """The summary lists seat ``seat`` as dealt in (a site whose summary lists every seat dealt in)."""
        if seat in self.summary_seats:
            raise self.fail(f"seat {seat} twice in the summary")
        self.summary_seats.append(seat)

    def _known(self, name: str) -> None:
        if name not in self.seats:
            raise self.fail(f"{shown(name)} is not seated")

    # --- the record ------------------------------------------------------------------------------
    def finish(self, source: str | None, index: int, *, cancelled: bool = False,
               last_line: int | None = None) -> SiteHand | None:
        """The :class:`~pokerengine.formats.sitehand.SiteHand` of the hand (``index``: its 0-based place in the file);
        ``None`` for a hand the site cancelled unless ``cancelled`` (and then too with fewer than two dealt in)."""
        if self.cancelled:
            if not cancelled or len(self.summary_seats or [s for n, (s, _) in self.seats.items() if n not in self.out]) < 2:
                return None
        elif self.needs_summary and not self.summary:
            if last_line is not None:
                self.line = last_line
            raise self.fail("the hand ends before its summary (truncated?)")
        try:
            history = history_of(self, source, index)
        except HistoryParseError:
            raise
        except PokerEngineError as exc:
            raise self.fail(str(exc)) from None
        where = {name: i for i, name in enumerate(history.players or ())}
        returned = [0] * len(where)
        for c in self.returned:
            if c.player not in where:
                raise self.fail(f"an uncalled bet returned to {shown(c.player)}, who is not in the hand")
            returned[where[c.player]] += c.amount
        stated = None
        if self.stated is not None and not self.cashed_won:  # (a hand cashed out: the summary is the collected)
            if any(name not in where for name in self.stated):
                raise self.fail(f"the summary says {shown(next(n for n in self.stated if n not in where))} won, "
                                "who is not in the hand")
            stated = tuple(Collected(name, None, self.stated.get(name, 0)) for name in history.players or ())
        return SiteHand(self.format, self.id, index, history, tuple(self.collected), self.rake, self.total, source,
                        returned=tuple(returned), date=self.date, stated=stated)


def history_of(h: Draft, source: str | None, index: int) -> HandHistory:
    """The PHH record of a draft hand (its players in PHH position order: the first seat left of the button
    first, the button last; stud: seat order)."""
    by_seat = {seat: name for name, (seat, _) in h.seats.items()}
    if h.total is None and not h.cancelled and h.needs_total:
        raise h.fail("the summary has no 'Total pot' line")
    missing = [s for s in h.summary_seats if s not in by_seat]
    if missing:
        raise h.fail(f"the summary names seat {missing[0]}, which has nobody in it")
    span = max(h.max_seats, 10)
    dealt_in = h.summary_seats or [s for s in by_seat if by_seat[s] not in h.out]
    button = h.button
    if len(dealt_in) == 2 and h.kind != "stud":  # heads-up the small blind is the button (acts first pre-flop):
        sb = [h.seats[name][0] for name, kind, _ in h.posts if kind == "sb" and name in h.seats]
        if len(sb) == 1 and sb[0] != button and sb[0] in dealt_in:  # so it is when the button posts the big one
            button = sb[0]
    order = sorted(dealt_in, key=lambda s: (s - button - 1) % span)  # stud: button 0, so seat order
    names = [by_seat[s] for s in order]
    n = len(names)
    if n < 2:
        raise h.fail(f"{n} player(s) dealt in; a hand needs two")
    pos = {name: i for i, name in enumerate(names)}
    antes, blinds, posts = [0] * n, [0] * n, [0] * n
    dead_posted = False  # a dead blind (or a dead part of one), which the record writes as an ante
    big_at = -1
    big_blind = h.sb if h.fixed else h.bb  # fixed limit: the stakes are the bets; the big blind is the small bet
    for name, kind, amount in h.posts:
        p = pos.get(name)
        if p is None:
            raise h.fail(f"{shown(name)} posts but is not in the hand's summary")
        if kind == "ante" or kind == "dead":  # dead money: a missed blind posted dead
            antes[p] += amount
            dead_posted = dead_posted or kind == "dead"
        elif kind == "sb" and p == 0 and n > 2 or kind == "sb" and n == 2 and p == n - 1:
            blinds[p] += amount
        elif kind == "sb":  # a small blind out of position: dead
            antes[p] += amount
            dead_posted = True
        elif kind == "bb" and big_at < 0 and (p <= 1 if n > 2 else p == 0):
            blinds[p] += amount
            big_at = p
        elif kind == "button":  # 6+ hold'em: the button's blind, the only one
            if p != n - 1 or blinds[p]:
                raise h.fail(f"{shown(name)} posts a button blind but is not on the button")
            blinds[p] += amount
        elif kind in ("bb", "sbbb", "straddle"):
            live = min(amount, big_blind) if kind == "sbbb" else amount
            if blinds[p]:
                raise h.fail(f"{shown(name)} posts twice")
            blinds[p] += live
            posts[p] += live if kind != "straddle" else 0
            antes[p] += amount - live
            dead_posted = dead_posted or amount > live
    # antes as ordinary chips (the site's side pots), only when they are all real antes, one from every player
    trimming = h.antes_count and not dead_posted and all(antes) \
        and all(any(who == name and kind == "ante" for who, kind, _ in h.posts) for name in names)
    unknown = "??" * h.hole
    if h.kind == "stud":  # a player who shows before seventh street (all folded) shows fewer: not needed
        h.cards = {name: cards for name, cards in h.cards.items() if len(cards) == len(unknown)}
    for name, cards in h.cards.items():
        if len(cards) != len(unknown):
            raise h.fail(f"{shown(name)} has {len(cards) // 2} cards, not {h.hole}")
    if h.kind == "stud":  # dealt street by street
        actions = []
    else:
        actions = [f"d dh p{i + 1} {h.cards.get(name, unknown)}" for i, name in enumerate(names)]
    _actions(h, names, pos, actions)
    user: dict[str, Any] = {}
    if len(h.runs) > 1:
        for run in h.runs[1:]:
            actions.extend(f"d db {cards}" for cards in run)
        user["_run_count"] = len(h.runs)
    if any(posts):
        user["_posts"] = tuple(reversed(posts)) if n == 2 else tuple(posts)
    if h.cancelled:
        user["_cancelled"] = True
    user.update(h.user)
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
    bets: dict[str, Any]
    if h.kind == "stud":  # no blinds; the bring-in as posted (nobody posted it: half the small bet)
        bets = {"bring_in": h.bring_in if h.bring_in is not None else max(1, h.sb // 2)}
        bets.update({"small_bet": h.sb, "big_bet": h.bb} if h.fixed else {"min_bet": h.sb})
    elif h.fixed:
        bets = {"blinds_or_straddles": tuple(blinds), "small_bet": h.sb, "big_bet": h.bb}
    else:
        bets = {"blinds_or_straddles": tuple(blinds), "min_bet": h.bb}
    stacks = [h.seats[name][1] for name in names]
    if h.unknown:  # a stand-in that cannot bind: more than all the other chips and every amount written
        stand_in = 1 + sum(stack for name, (_, stack) in h.seats.items() if name not in h.unknown) \
            + sum(amount for _, _, amount in h.posts) + sum(v for kind, _, v in h.events if kind == "cbr")
        stacks = [stand_in if name in h.unknown else stack for name, stack in zip(names, stacks)]
        user["_unknown_stacks"] = tuple(name for name in names if name in h.unknown)
    return HandHistory(
        variant=h.variant, starting_stacks=tuple(stacks), actions=tuple(actions),
        antes=tuple(antes), **bets, hand=h.id, table=h.table, ante_trimming_status=trimming,
        seats=tuple(order), seat_count=h.max_seats or None, players=tuple(names), currency=h.currency,
        user_fields=user, source=source, key=str(index))


def _actions(h: Draft, names: list[str], pos: dict[str, int], actions: list[str]) -> None:
    """The PHH actions of the hand's events, appended to ``actions`` (stud: each street's cards; draw:
    each discard and the cards drawn, unknown ones as ``??``)."""
    folded: set[str] = set()
    showed: set[str] = set()
    owed: dict[int, int] = {}  # draw: a player's own replacement cards, dealt on the next "Dealt to" line
    for kind, name, value in h.events:
        if kind == "cc" or kind == "f" or kind == "cbr":  # (the most of them, first)
            p = pos.get(name)
            if p is None:
                raise h.fail(f"{shown(name)} acts but is not in the hand's summary")
            if owed:
                unknown_draws(owed, actions)
            if kind == "cbr":
                actions.append(f"p{p + 1} cbr {value}")
            else:
                actions.append(f"p{p + 1} {kind}")
                if kind == "f":
                    folded.add(name)
            continue
        if kind == "board":
            actions.append(f"d db {value}")
            continue
        if kind == "street":
            for i, player in enumerate(names):
                if player not in folded:
                    actions.append(f"d dh p{i + 1} {stud_cards(h, player, value)}")
            continue
        p = pos.get(name)
        if p is None:
            raise h.fail(f"{shown(name)} acts but is not in the hand's summary")
        if owed and kind != "sd" and kind != "dh":
            unknown_draws(owed, actions)
        if kind == "pb":
            actions.append(f"p{p + 1} pb")
        elif kind == "sd":
            actions.append(f"p{p + 1} sd {value}" if value else f"p{p + 1} sd")
            if value[:1] == "?":  # someone else's draw: as many unknown cards
                actions.append(f"d dh p{p + 1} {value}")
            elif value:
                owed[p] = len(value)
        elif kind == "dh":
            if owed.pop(p, None) != len(value):
                raise h.fail(f"{shown(name)} is dealt {len(value) // 2} card(s) without discarding as many")
            actions.append(f"d dh p{p + 1} {value}")
        elif name not in showed and name not in folded:  # a show or a muck at the showdown (once: a hand
            showed.add(name)  # run twice shows twice)
            if kind == "show" and h.kind == "draw":  # the hand drawn: the replay learns the unknown cards
                actions.append(f"p{p + 1} sm {value}")
            else:
                actions.append(f"p{p + 1} sm -" if kind == "show" else f"p{p + 1} sm")
    if owed:
        unknown_draws(owed, actions)
