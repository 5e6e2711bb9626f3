"""The tournament director: a server's tables, run by the rules, with every decision logged.

A :class:`Director` owns a :class:`~pokerengine.tournament.Tournament` (the state machine and its
log) and one :class:`~pokerengine.live.Table` per table in play.  It draws the seats (TDA 7),
seats late entries, deals each hand with the button, the dead button and the blinds of the level
in force (TDA 32, 34), records each settled hand without a seat map, and after every hand does
what the rules ask: it balances the tables (TDA 10), breaks tables in their pre-set order (TDA 9),
forms the final table (with a redraw, as an option), and starts and stops hand-for-hand
(WSOP 126.a, TDA RP-8) when the next bust can reach the money.  The server drives the clock
(:meth:`Director.clock`) and the players' actions on each :class:`~pokerengine.live.Hand`.  A level
change or a break applies from the next hand dealt: a hand in play is always finished and recorded,
at the stakes it was dealt with (TDA 23), and no hand is dealt during a break.

Change the tournament only through the director (its methods log the event and update the
tables together): :meth:`Director.correct`, :meth:`Director.chop`, :meth:`Director.end`.

Every decision is an event in the log before it takes effect (``start`` with the seats and the
setup, ``move`` with its reason, ``level``, ``hand_for_hand``, ``hand`` with the button and the
blinds), and every random choice is drawn from the seed logged in the setup and the log's length,
so :meth:`Director.replay` of a log rebuilds the same tables, and a director resumed after a
crash (:meth:`Director.open`) makes the same choices the lost one would have made.

>>> import random
>>> from pokerengine.tournament.structure import Structure
>>> structure = Structure.from_json({"levels": [{"small_blind": 50, "big_blind": 100, "minutes": 20}]})
>>> d = Director.start({"ann": 1000, "bob": 1000, "cat": 1000}, [2000, 1000], structure=structure,
...                    seats=9, seed=7)
>>> d.tables                                            # one table, seats drawn from the seed
{'1': {5: 'bob', 6: 'ann', 7: 'cat'}}
>>> hand = d.deal("1", rng=random.Random(3))           # level 1: blinds 50/100, button on the highest seat
>>> hand.button, hand.bets
(7, {5: 50, 6: 100, 7: 0})
>>> while not hand.over:
...     _ = hand.fold(hand.to_act) if hand.legal_actions().call else hand.check(hand.to_act)
>>> d.finish(hand).result.event                        # logged with the button and the blinds
HandPlayed(table='1', stacks=None, deltas={'bob': -50, 'ann': 50, 'cat': 0}, round=None, positions=(7, 5, 6))

Limits: as :class:`~pokerengine.tournament.Tournament` (at most a million entries), tables of 2
to 10 seats, flop games with blinds; each call takes time linear in the number of players (a
replay, linear in the log).  A refused call raises a
:class:`~pokerengine.errors.PokerEngineError` (a ``ValueError``) and changes nothing.
"""

from __future__ import annotations

import itertools
import os
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from .._checks import chips, shown
from ..errors import EventLogError, PokerEngineError, TournamentError
from ..live.buttons import NEW, Positions, place
from ..live.hand import Hand as LiveHand
from ..live.table import TOURNAMENT, Table
from . import seating as _seating
from .equity import EquityConfig
from .events import (
    Away,
    ClockChange,
    CloseRegistration,
    Correction,
    Deal,
    End,
    Entrant,
    Event,
    HandPlayed,
    HandForHand,
    LateEntry,
    LevelChange,
    Move,
    Redraw,
    DirectorSetup,
    MAX_FIELD,
    Start,
    player_id,
)
from .machine import Result, Tournament
from .ranking import Standing
from .stores import open_store
from .structure import Structure


@attrs.frozen
class Played:
    """What :meth:`Director.finish` did: the hand's ``result`` (as logged), then what the director
    did after it: ``moves`` (balancing, breaking, the final table), and ``hand_for_hand`` (``True``
    started, ``False`` stopped, ``None`` unchanged)."""

    result: Result
    moves: tuple[Move, ...] = ()
    hand_for_hand: bool | None = None


def _seed(seed: object) -> str:
    if seed is None:
        return secrets.token_hex(16)
    if type(seed) is int and seed >= 0:
        return format(seed, "x")
    if type(seed) is str:
        return seed
    raise TournamentError(f"seed must be a non-negative int or a hexadecimal string, got {shown(seed)}")


class Director:
    """Runs a tournament's tables; build one with :meth:`start`, :meth:`open` or :meth:`replay`."""

    def __init__(self, tournament: Tournament) -> None:
        setup = tournament.setup
        if setup is None:
            raise TournamentError("a director needs a tournament started with a setup (Director.start)")
        self.tournament = tournament
        self.setup: DirectorSetup = setup
        self._tables: dict[str, Table] = {}
        self._stakes: dict[str, int] = {}  # table -> level its stakes are set for
        self._order: tuple[str, ...] = setup.break_order
        self._rounds: dict[str, int] = {}  # table -> hand-for-hand round of its hand in play
        self._posted_bb: set[str] = set()  # players who posted the big blind in their last hand
        self._names: set[str] = set()  # every table name used so far

    # -- building ----------------------------------------------------------------------------------

    @classmethod
    def start(cls, players: Mapping[str, int] | Iterable[str], prizes: Iterable[int], *, structure: Structure | Mapping[str, Any],
              stack: int | None = None, seats: int = 9, seed: int | str | None = None, game: str = "NT",
              break_order: Sequence[str] = (), final_table_redraw: bool = False, hand_for_hand: bool = True,
              late_registration: bool = False, log: Any = None, equity: EquityConfig | None = None,
              sync: bool = False) -> Director:
        """Draw the seats (TDA 7) and start: ``players`` as ``{id: stack}``, or ids with ``stack``.

        ``seed``: every random choice comes from it (default: 128 bits from :mod:`secrets`); it is
        logged, so a replay makes the same choices.  ``log``: as for
        :class:`~pokerengine.tournament.Tournament`.  The other options are :class:`DirectorSetup`'s.
        """
        if isinstance(players, Mapping):
            if stack is not None:
                raise TournamentError("give stacks in players or stack=, not both")
            stacks = dict(players)
            names = [player_id(p) for p in stacks]
        else:
            if stack is None:
                raise TournamentError("give each player's stack: players as {id: stack}, or stack=")
            if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
                raise TournamentError(f"players must be a list of ids or a mapping of id to stack, got {shown(players)}")
            names = [player_id(p) for p in itertools.islice(players, MAX_FIELD + 1)]
            if len(names) > MAX_FIELD:
                raise TournamentError(f"a tournament takes at most {MAX_FIELD:,} players")
            stacks = {p: stack for p in names}
            if len(stacks) != len(names):
                twice = next(p for i, p in enumerate(names) if p in names[:i])
                raise TournamentError(f"player {twice!r} is listed twice")
        setup = DirectorSetup(structure, seats, _seed(seed), game, tuple(break_order), final_table_redraw, hand_for_hand)
        rng = random.Random(f"{setup.seed}:0")
        drawn = {s.player: s for s in _seating.draw(names, setup.seats, rng)}
        entrants = [Entrant(p, stacks[p], drawn[p].table, drawn[p].seat) for p in names]
        start = Start(prizes, entrants, late_registration, setup)
        t = Tournament(log, equity=equity, sync=sync)
        try:
            t.apply(start)
            d = cls(t)
            d._follow(start)
            d._tidy()
        except BaseException:
            t.close()
            raise
        return d

    @classmethod
    def replay(cls, source: Any, *, equity: EquityConfig | None = None) -> Director:
        """Rebuild the director (its tables, buttons and stakes) from a log; change nothing."""
        t = Tournament.replay(source, equity=equity)
        return cls._rebuilt(t)

    @classmethod
    def open(cls, source: str | os.PathLike[str], *, equity: EquityConfig | None = None, sync: bool = False) -> Director:
        """Resume a tournament from its log and keep logging to it (see :meth:`Tournament.open`).

        The tournament must exist: a file, database or tournament id that does not is refused with
        :class:`~pokerengine.errors.EventLogError` ("no such tournament") and nothing is created
        (:meth:`start` begins a new one)."""
        try:
            probe = open_store(source)  # read only: creates nothing
        except FileNotFoundError:
            raise EventLogError(f"no such tournament: no log file {shown(os.fspath(source))}") from None
        except EventLogError as exc:
            raise EventLogError(f"no such tournament: {exc}") from None
        probe.close()
        t = Tournament.open(source, equity=equity, sync=sync)
        try:
            return cls._rebuilt(t)
        except BaseException:
            t.close()
            raise

    @classmethod
    def _rebuilt(cls, t: Tournament) -> Director:
        d = cls(t)
        for number, event in enumerate(t.events, 1):
            try:
                d._follow(event)
            except PokerEngineError as exc:  # the state machine took it, the tables cannot: a log made by hand
                raise EventLogError(f"event {number}: the tables cannot follow it: {exc}") from None
        return d

    def close(self) -> None:
        self.tournament.close()

    # -- what a server reads -----------------------------------------------------------------------

    @property
    def structure(self) -> Structure:
        return self.setup.structure

    @property
    def tables(self) -> dict[str, dict[int, str]]:
        """Table -> seat -> player, every table in play."""
        return {name: t.players for name, t in self._tables.items()}

    def table(self, name: str) -> Table:
        """The live table ``name`` (read it; change it only through the director)."""
        t = self._tables.get(name) if type(name) is str else None
        if t is None:
            raise TournamentError(f"no table {shown(name)} in play")
        return t

    @property
    def prizes(self) -> tuple[int, ...]:
        """The prizes, best place first (the tournament's: :attr:`Tournament.prizes`)."""
        return self.tournament.prizes

    @property
    def stacks(self) -> Mapping[str, int]:
        """Each player in play and their chips."""
        return self.tournament.stacks

    def standings(self) -> tuple[Standing, ...]:
        """Every entry that has finished, best place first, with its place(s) and prize."""
        return self.tournament.standings()

    def payouts(self) -> dict[str, int]:
        """Prize money per player decided so far."""
        return self.tournament.payouts()

    @property
    def hand_for_hand(self) -> bool:
        return self.tournament.status == "hand_for_hand"

    def ready(self) -> tuple[str, ...]:
        """The tables that may deal a hand now (:meth:`deal`)."""
        return tuple(name for name in self._tables if self._why_not(name) is None)

    def waiting(self) -> str | None:
        """Why no table may deal (the tournament waits for hands in play to finish), or ``None``."""
        return self._wait_reason()

    # -- the clock and registration ----------------------------------------------------------------

    def set_level(self, level: int, *, on_break: bool = False) -> Result:
        """The level in force from the next hand dealt at each table (a hand in play keeps its stakes).

        A break stops new deals, not the hands in play: the event names the tables with a hand in
        play (``in_play``), and :meth:`finish` records each of them during the break (TDA 23)."""
        in_play = tuple(sorted((n for n, tb in self._tables.items() if tb.in_hand is not None), key=_table_key)) if on_break else ()
        return self.tournament.apply(LevelChange(level, on_break, in_play))

    def clock(self, elapsed_seconds: int) -> Result | None:
        """Move to the level (or break) the structure has in force ``elapsed_seconds`` after the
        start; ``None`` if it is already in force, or if it is earlier than the level in force: the
        clock never moves the level back (a server restarted with its clock at 0 does not send play
        back to level 1; :meth:`set_level` moves it back on purpose)."""
        level, on_break = self.structure.level_at(elapsed_seconds)
        t = self.tournament
        # A break comes before the level it leads to: (2, on a break) is earlier than (2, playing).
        if (level, not on_break) <= (t.level, not t.on_break):
            return None
        return self.set_level(level, on_break=on_break)

    def enter(self, player: str, stack: int, *, prizes: Iterable[int] | None = None) -> Result:
        """A late entry (or re-entry), seated at a random open seat of a shortest table (a new table
        when every seat is taken)."""
        player = player_id(player)
        chips(stack, "stack", error=TournamentError, positive=True)
        seat = self._late_seat()
        event = LateEntry(player, stack, seat.table, seat.seat, None if prizes is None else tuple(prizes))
        result = self.tournament.apply(event)
        self._follow(event)
        return result

    def close_registration(self, prizes: Iterable[int] | None = None) -> Played:
        event = CloseRegistration(None if prizes is None else tuple(prizes))
        result = self.tournament.apply(event)
        moves, h4h = self._after()
        return Played(result, moves, h4h)

    def correct(self, stacks: Mapping[str, int], reason: str = "") -> Result:
        """A chip-count correction (between the player's hands)."""
        event = Correction(stacks, reason)
        for p in event.stacks:
            tb = self.table(self._table_of(p))
            if tb.in_hand is not None and p in tb.seat_map().values():
                raise TournamentError(f"{shown(p)} is in the hand in play at table {shown(self._table_of(p))}: "
                                      "correct the count after it")
        return self._apply(event)

    def chop(self, method: str = "icm", *, keep: int = 0, amounts: Mapping[str, int] | None = None) -> Result:
        """The players left agree a deal (see :class:`~pokerengine.tournament.Deal`); refused while a hand is in play."""
        if not self._all_idle():
            raise TournamentError("a deal is made between hands: finish the hands in play first")
        return self._apply(Deal(method, keep, amounts))

    def end(self, reason: str = "") -> Result:
        """End the tournament: the players left are ranked by chips (between hands)."""
        if not self._all_idle():
            raise TournamentError("the tournament ends between hands: finish the hands in play first")
        return self._apply(End(reason))

    # -- hands -------------------------------------------------------------------------------------

    def deal(self, table: str, *, rng: random.Random | None = None, deck: Any = None) -> LiveHand:
        """Deal the next hand at ``table``: button and blinds by the dead button rule, the stakes of
        the level in force.  Refused (with the reason) on a break, while the tournament waits for
        hands in play to finish (hand-for-hand starting, the final table forming), or when the
        table has played its hand-for-hand round."""
        why = self._why_not(table)
        if why is not None:
            raise TournamentError(f"table {shown(table)} cannot deal: {why}")
        t = self._tables[table]
        level = self.tournament.level or 1
        if self._stakes.get(table) != level:
            lv = self.structure.level(level)
            t.set_stakes(blinds=(lv.small_blind, lv.big_blind), ante=lv.ante, big_blind_ante=lv.big_blind_ante)
            self._stakes[table] = level
        hand = t.next_hand(button=self._first_button(t), rng=rng, deck=deck)
        tm = self.tournament
        if tm.status == "hand_for_hand":  # a new round once every table has played the last one
            current, done = self._current_round()
            self._rounds[table] = current + 1 if self._round_over() else current
        return hand

    def finish(self, hand: LiveHand) -> Played:
        """Record a finished hand (logged before it takes effect), then balance, break and start or
        stop hand-for-hand as the rules ask."""
        name = None if hand is None else next((n for n, t in self._tables.items() if t.in_hand is hand), None)
        if name is None:
            raise TournamentError(f"that hand is not in play at any table of this tournament, got {shown(hand)}")
        table = self._tables[name]
        if not hand.over:
            raise TournamentError("the hand is not over yet")
        pos = table.positions
        assert pos is not None
        t = self.tournament
        rnd = self._rounds.pop(name, None) if t.status == "hand_for_hand" else None
        dealt = table.seat_map()
        result = t.record_settlement(name, hand.settlement, dealt, dead=table.dead_paid(hand), round=rnd,
                                     positions=(pos.button, pos.small_blind, pos.big_blind))
        self._posted(dealt.values(), dealt.get(pos.big_blind))
        self._posted_bb.difference_update(result.busted)  # a re-entry is a new player
        table.finish(hand)
        if t.status == "finished":
            return Played(result)
        moves, h4h = self._after()
        return Played(result, moves, h4h)

    def _posted(self, dealt: Iterable[str], big_blind: str | None) -> None:
        self._posted_bb.difference_update(dealt)
        if big_blind is not None:
            self._posted_bb.add(big_blind)

    def _first_button(self, table: Table) -> int | None:
        """A new table's first button (after a redraw): the highest seat whose big blind would not
        go to a player who posted the big blind in their last hand, so nobody posts it twice in a
        row (``None``: the table's default, the highest seat)."""
        if table.positions is not None or not self._posted_bb:
            return None
        seated = table.players
        kinds = {s: NEW for s, p in seated.items() if table.stacks[p]}
        for button in sorted(seated, reverse=True):
            bb = place(kinds, None, button, tournament=True).positions.big_blind
            if seated[bb] not in self._posted_bb:
                return button
        return None

    def fold_absent(self, hand: LiveHand) -> tuple[str, ...]:
        """Fold for the players away from their table while one of them is to act (TDA 30)."""
        for t in self._tables.values():
            if t.in_hand is hand:
                return t.fold_absent(hand)
        raise TournamentError("that hand is not in play at any table of this tournament")

    def sit_out(self, player: str) -> Result:
        """The player is away: dealt in and blinded, their hands folded (:meth:`fold_absent`).  Logged
        (an ``away`` event), so a resumed director knows it."""
        table = self.table(self._table_of(player))
        result = self.tournament.apply(Away(player, True))
        table.sit_out(player)
        return result

    def come_back(self, player: str) -> Result:
        """The player is back at the table (logged, as :meth:`sit_out`)."""
        table = self.table(self._table_of(player))
        result = self.tournament.apply(Away(player, False))
        table.come_back(player)
        return result

    @property
    def away(self) -> tuple[str, ...]:
        """The players in play who are away, sorted."""
        return self.tournament.away

    # -- the clock: kept in the log, so a restarted server resumes it ------------------------------

    def start_clock(self, at: int) -> Result:
        """Start the tournament clock at wall-clock time ``at`` (whole seconds since 1970, UTC)."""
        return self.tournament.apply(ClockChange("start", at))

    def pause_clock(self, at: int) -> Result:
        """Pause the clock at ``at`` (a break nobody planned, a dispute); :meth:`resume_clock` goes on."""
        return self.tournament.apply(ClockChange("pause", at))

    def resume_clock(self, at: int) -> Result:
        return self.tournament.apply(ClockChange("resume", at))

    def tick(self, now: int) -> Result | None:
        """At wall-clock time ``now``: move to the level the clock has reached (:meth:`clock` with the
        seconds the clock has run, pauses left out); ``None`` when nothing changes.  A server calls it
        on every tick; after a restart the clock's start and pauses come from the log."""
        state = self.tournament.clock
        if state.started is None:
            raise TournamentError("the clock has not started (start_clock)")
        if type(now) is not int or isinstance(now, bool) or now < 0:
            raise TournamentError(f"now must be whole seconds since 1970, got {shown(now)}")
        return self.clock(state.elapsed(now))

    def time_left(self, now: int) -> int | None:
        """Seconds left in the level (or break) in force by the clock at ``now``; ``None`` in the last
        level, which has no end, or before the clock starts."""
        state = self.tournament.clock
        if state.started is None:
            return None
        return self.structure.time_left(state.elapsed(now))

    # -- after each hand: the rules' housekeeping --------------------------------------------------

    def _after(self) -> tuple[tuple[Move, ...], bool | None]:
        t = self.tournament
        h4h: bool | None = None
        if t.status == "hand_for_hand" and not self._want_h4h() and self._round_over():
            self._apply(HandForHand(False))  # at the end of a round: busts in one round tie
            h4h = False
        moves = self._tidy()
        if t.status == "hand_for_hand" and not self._want_h4h() and self._round_over():
            self._apply(HandForHand(False))  # the final table has formed
            h4h = False
        if t.status == "running" and self._want_h4h() and self._all_idle():
            self._apply(HandForHand(True))
            h4h = True
        return moves, h4h

    def _paid(self) -> int:
        return sum(1 for p in self.tournament.prizes if p > 0)

    def _want_h4h(self) -> bool:
        """The next round of hands can reach the money, and more than one table plays.

        The bubble is near when the players out of the money are no more than the tables in play
        (one bust per table in one round of hands would reach the money): then every table plays
        hand-for-hand, so players who bust in the same round tie (WSOP 126.a, TDA RP-8), until
        a round ends with everyone left in the money.
        """
        t = self.tournament
        if not self.setup.hand_for_hand or t.status not in ("running", "hand_for_hand"):
            return False
        left, paid, tables = len(t.remaining), self._paid(), len(self._tables)
        return tables > 1 and paid < left <= paid + tables

    def _all_idle(self) -> bool:
        return all(tb.in_hand is None for tb in self._tables.values())

    def _current_round(self) -> tuple[int, set[str]]:
        """Hand-for-hand: the round being played and the tables that have played or are playing it."""
        t = self.tournament
        done = set(t.round_tables) if t.round is not None else set()
        current = t.round or 0
        for name, rnd in self._rounds.items():
            if rnd > current:
                current, done = rnd, set()
            if rnd == current:
                done.add(name)
        return current, done

    def _round_over(self) -> bool:
        """Hand-for-hand: every table that can deal has finished the round being played (or none
        has begun); outside hand-for-hand, no hand-for-hand hand is in play."""
        if self.tournament.status != "hand_for_hand":
            return not self._rounds
        if self._rounds:
            return False
        current, done = self._current_round()
        return current == 0 or all(name in done or len(tb.players) < 2 for name, tb in self._tables.items())

    def _wait_reason(self) -> str | None:
        t = self.tournament
        if t.status not in ("registering", "running", "hand_for_hand"):
            return f"the tournament is {t.status}"
        if t.on_break:
            return "the tournament is on a break"
        if t.status == "running" and self._want_h4h() and not self._all_idle():
            return "hand-for-hand starts once the hands in play finish"
        if len(self._tables) > 1 and len(t.remaining) <= self.setup.seats and t.status != "registering":
            return "the final table forms once the hands in play finish"
        return None

    def _why_not(self, name: str) -> str | None:
        tb = self._tables.get(name) if type(name) is str else None
        if tb is None:
            return "no such table in play"
        why = self._wait_reason()
        if why is not None:
            return why
        if tb.in_hand is not None:
            return "a hand is in play there"
        if len(tb.players) < 2:
            return "fewer than two players sit there"
        if self.tournament.status == "hand_for_hand" and not self._round_over():
            current, done = self._current_round()
            if name in done:
                return f"it has played hand-for-hand round {current}; the other tables have not"
        return None

    def _tidy(self) -> tuple[Move, ...]:
        """Break and balance what can be moved now (players only leave tables with no hand in play)."""
        t = self.tournament
        if t.status not in ("registering", "running", "hand_for_hand") or not self._round_over():
            return ()
        done: list[Move] = []
        seats = self.setup.seats
        tables = self._tables
        while len(tables) > 1:
            sizes = {n: tb.seated for n, tb in tables.items()}
            left = sum(sizes.values())
            if left <= seats and t.status != "registering":  # the final table
                if not self._all_idle():
                    break
                keep = self._final_table_name()
                redraw = self.setup.final_table_redraw
                plan = _seating.final_table(self.tables, seats, self._rng(), table=keep, redraw=redraw)
                if redraw:  # all at once: a full table has no free seat to move through
                    self._apply(Redraw(keep, {s.player: s.seat for s in plan}))
                else:
                    done += self._move_all(plan, "final_table")
                continue
            if left <= (len(tables) - 1) * seats:  # the players fit at one table fewer: break one
                victim = _seating.next_to_break(self.tables, seats, self._break_order())
                if victim is not None:
                    if tables[victim].in_hand is not None:
                        break
                    plan = _seating.break_table(self.tables, victim, seats, self._rng())
                    done += self._move_all(plan, "break")
                    continue
            if max(sizes.values()) - min(sizes.values()) < 2:
                break
            idle = [n for n, tb in tables.items() if tb.in_hand is None]
            if not idle:
                break
            rank = {n: i for i, n in enumerate(self._break_order())}
            short = min(tables, key=lambda n: (sizes[n], rank[n]))
            long_ = max(idle, key=lambda n: (sizes[n], -rank[n]))
            if sizes[long_] - sizes[short] < 2:
                break
            pair = {long_: tables[long_].players, short: tables[short].players}
            positions = {n: tables[n].positions for n in pair}
            plan = _seating.balance(pair, seats, positions, self._rng())
            if not plan:
                break
            done += self._move_all(plan[:1], "balance")
        return tuple(done)

    def _break_order(self) -> tuple[str, ...]:
        if self._order:
            return self._order + tuple(sorted((n for n in self._tables if n not in self._order), key=_table_key, reverse=True))
        return tuple(sorted(self._tables, key=_table_key, reverse=True))

    def _final_table_name(self) -> str:
        order = self._break_order()
        return order[-1] if order else next(iter(self._tables))

    def _move_all(self, plan: Sequence[Any], reason: str) -> list[Move]:
        out = []
        for s in plan:
            move = Move(s.player, s.table, s.seat, reason)
            self._apply(move)
            out.append(move)
        return out

    def _late_seat(self) -> Any:
        rng = self._rng()
        tables = tuple(self._tables)
        seating = self.tables
        if sum(len(s) for s in seating.values()) < len(tables) * self.setup.seats:
            return _seating.seat_late_entry(seating, self.setup.seats, rng, tables=tables)
        name = self._new_table_name()
        return _seating.seat_late_entry({**seating, name: {}}, self.setup.seats, rng, tables=(*tables, name))

    def _new_table_name(self) -> str:
        """The next table number never used in this tournament (a broken table's name is not reused)."""
        n = len(self._tables) + 1
        while str(n) in self._names:
            n += 1
        return str(n)

    def _rng(self) -> random.Random:
        """The random source of the next decision: the logged seed and the log's length."""
        return random.Random(f"{self.setup.seed}:{len(self.tournament.events)}")

    def _apply(self, event: Event) -> Result:
        result = self.tournament.apply(event)
        self._follow(event)
        return result

    def _table_of(self, player: str) -> str:
        player = player_id(player)
        for name, tb in self._tables.items():
            if player in tb.stacks:
                return name
        raise TournamentError(f"{shown(player)} is not seated in this tournament")

    def _open(self, name: str) -> Table:
        tb = self._tables.get(name)
        self._names.add(name)
        if tb is None:
            tb = self._tables[name] = Table(self.setup.game, kind=TOURNAMENT, seats=self.setup.seats, blinds=(0, 1))
        return tb

    # -- following the log: one code path for live play and replay --------------------------------

    def _follow(self, event: Event) -> None:
        """Make the tables agree with an event the tournament has accepted."""
        if isinstance(event, Start):
            for entrant in event.players:
                self._open(entrant.table).join(entrant.id, entrant.seat, entrant.stack)  # type: ignore[arg-type]
        elif isinstance(event, LateEntry):
            self._open(event.table).join(event.player, event.seat, event.stack)  # type: ignore[arg-type]
        elif isinstance(event, Move):
            old = next(n for n, tb in self._tables.items() if event.player in tb.stacks)
            stack = self._tables[old].leave(event.player)
            if not self._tables[old].players:
                del self._tables[old]
                self._stakes.pop(old, None)
            self._open(event.table).join(event.player, event.seat, stack)  # type: ignore[arg-type]
        elif isinstance(event, Redraw):
            stacks = {}
            for p in event.seats:
                old = self._table_of(p)
                stacks[p] = self._tables[old].leave(p)
                if not self._tables[old].players:
                    del self._tables[old]
                    self._stakes.pop(old, None)
            for p, seat in event.seats.items():  # a table emptied by the redraw starts afresh
                self._open(event.table).join(p, seat, stacks[p])
        elif isinstance(event, HandPlayed):
            tb = self._tables.get(event.table)
            if tb is None or event.positions is None:  # a hand the director did not deal: stacks only
                self._carry(event)
                return
            if tb.in_hand is None:
                self._posted(event.players, tb.players.get(event.positions[2]))
                finished = tb.replayed(Positions(*event.positions), self._after_stacks(tb, event))
                self._posted_bb.difference_update(finished.busted)  # a re-entry is a new player
            self._drop_empty(event.table)
        elif isinstance(event, Correction):
            for p, s in event.stacks.items():
                self.table(self._table_of(p)).correct(p, s)
        elif isinstance(event, Away):
            table = self.table(self._table_of(event.player))
            (table.sit_out if event.away else table.come_back)(event.player)
        elif isinstance(event, (Deal, End, ClockChange)):
            pass

    @staticmethod
    def _after_stacks(tb: Table, event: HandPlayed) -> dict[str, int]:
        if event.stacks is not None:
            return dict(event.stacks)
        before = tb.stacks
        return {p: before[p] + d for p, d in event.deltas.items()}  # type: ignore[union-attr]

    def _carry(self, event: HandPlayed) -> None:
        """A hand recorded without positions (not dealt by a director): set the stacks, unseat the busted."""
        for p in event.players:
            name = self._table_of(p)
            tb = self._tables[name]
            after = event.stacks[p] if event.stacks is not None else tb.stacks[p] + event.deltas[p]  # type: ignore[index]
            if after:
                tb.correct(p, after)
            else:
                tb.leave(p)
                self._drop_empty(name)

    def _drop_empty(self, name: str) -> None:
        tb = self._tables.get(name)
        if tb is not None and not tb.players and len(self._tables) > 1:
            del self._tables[name]
            self._stakes.pop(name, None)

    def __repr__(self) -> str:
        t = self.tournament
        return f"<Director {t.status}: {len(t.remaining)} players at {len(self._tables)} tables, level {t.level}>"


def _table_key(name: str) -> tuple[int, int, str]:
    return (0, int(name), "") if name.isdigit() and len(name) < 10 else (1, 0, name)
