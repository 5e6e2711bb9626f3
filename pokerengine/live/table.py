"""A table that runs hand after hand: seats, stacks carried over, the button and the blinds.

:class:`Table` deals each :class:`~pokerengine.live.Hand` with the right button and blinds (the
dead button rule, TDA 32, and heads-up, TDA 34: :mod:`pokerengine.live.buttons`), carries the
stacks over from each finished hand, and seats players joining, sitting out, coming back and
leaving.  In a cash game a new player waits for the big blind or posts one, and a player who
missed blinds posts them to come back (the big blind live, the small blind dead).  At a
tournament table everyone is dealt in (absent players are blinded), and :meth:`Table.seat_map` and
:meth:`Table.dead_paid` give what :meth:`pokerengine.tournament.Tournament.record_settlement`
needs.  For a server it keeps the time and the money: each turn's deadline and time bank, told
the time by the server (``clock=``, :meth:`Table.act`, :meth:`Table.tick`:
:mod:`pokerengine.live.clock`), the chips that came and went (:attr:`Table.ledger`:
:mod:`pokerengine.live.ledger`), and it acts for absent players when their turn comes.
``docs/table.md`` has a cash-game loop, a server's loop and a tournament loop.

>>> import random
>>> table = Table("NT", blinds=(1, 2))
>>> for player, seat in (("ann", 1), ("bob", 3), ("cat", 5)):
...     table.join(player, seat, 100)
>>> hand = table.next_hand(rng=random.Random(1))
>>> hand.button, hand.bets
(5, {1: 1, 3: 2, 5: 0})
>>> while not hand.over:
...     _ = hand.fold(hand.to_act) if hand.legal_actions().call else hand.check(hand.to_act)
>>> table.finish(hand).stacks
{'ann': 99, 'bob': 101, 'cat': 100}
>>> table.next_hand(rng=random.Random(2)).bets        # the button moves on: bob small, cat big
{3: 1, 5: 2, 1: 0}

Limits: seat numbers 1 to ``seats`` (at most :data:`~pokerengine.live.MAX_SEAT`), at most
:data:`~pokerengine.live.MAX_PLAYERS` players, player ids of 1 to 128 characters
(:data:`pokerengine.tournament.events.MAX_NAME`), chips at most ``2**63 - 1``.  Every call takes time
linear in the number of players; a refused call raises a
:class:`~pokerengine.errors.PokerEngineError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .._checks import MAX_CHIPS, MAX_NAME, chips, shown
from ..errors import PokerEngineError
from .buttons import IN, NEW, WAIT, Placement, Positions, between, place
from .clock import ABSENT, ACTED, TIMED_OUT, Clock, Deadline, TableEvent, Timer
from .deck import Deck
from .hand import MAX_PLAYERS, MAX_SEAT, Hand
from .ledger import Books, Ledger
from .options import TDA, Options

CASH, TOURNAMENT = "cash", "tournament"


@attrs.frozen(slots=True)
class Finished:
    """What :meth:`Table.finish` did: ``stacks``, every seated player's chips after the hand;
    ``busted``, players whose stack reached 0 (their seats are now empty); ``left``, players who
    left during the hand, with the chips they took."""

    stacks: dict[str, int]
    busted: tuple[str, ...] = ()
    left: dict[str, int] = attrs.field(factory=dict)


class _Player:
    """A seated player's state (the table's own, mutable)."""

    __slots__ = ("name", "seat", "stack", "out", "fresh", "post", "missed_sb", "missed_bb", "leaving")

    def __init__(self, name: str, seat: int, stack: int, post: bool) -> None:
        self.name, self.seat, self.stack = name, seat, stack
        self.out = False  # cash: sitting out (misses blinds); tournament: away (dealt in, folded)
        self.fresh = True  # joined and not dealt in yet
        self.post = post  # plays at once, posting what it owes (else waits for the big blind)
        self.missed_sb = self.missed_bb = False
        self.leaving = False  # left during the hand in play: the seat empties at finish()


@attrs.frozen
class PlayerStatus:
    """What a table knows of one seated player (:meth:`Table.status`).

    ``out``: sitting out (cash: not dealt in, missing the blinds that pass) or away (tournament:
    dealt in, blinded, acted for when their turn comes: :meth:`Table.fold_absent`); ``leaving``: left during the hand in
    play (the seat empties when it is finished); ``new``: joined and not dealt in yet;
    ``waiting``: a cash player waiting for the big blind rather than posting; ``missed_small_blind``,
    ``missed_big_blind``: blinds missed while sitting out (cash), what :meth:`Table.owed` prices.
    """

    player: str
    seat: int
    stack: int
    out: bool
    leaving: bool
    new: bool
    waiting: bool
    missed_small_blind: bool
    missed_big_blind: bool


@attrs.frozen
class Readiness:
    """Whether a hand can start now (:meth:`Table.can_start`): ``ok``, and ``reason`` when not (the
    message :meth:`Table.next_hand` would refuse with).  True when ``ok``."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


class Table:
    """Consecutive hands at one table.

    ``buy_in=(least, most)`` (cash tables): a player joins with a stack from ``least`` to ``most``
    chips and tops up (:meth:`add_chips`) to at most ``most``.

    ``game``: a PHH code of :data:`~pokerengine.live.GAMES` played with a button and blinds (not
    stud, which has a bring-in).  ``kind``: ``"cash"`` (the
    default) or ``"tournament"``.  ``seats``: the number of seats (seat numbers ``1..seats``).
    ``blinds=(small, big)``, ``ante``, ``big_blind_ante``, ``min_bet``, ``small_bet``,
    ``big_bet``, ``chip_unit`` and ``options`` are passed to each :class:`Hand` (a tournament's
    level changes: :meth:`set_stakes`).  ``post``: whether a new cash-game player posts a big
    blind to play at once by default (else they wait for the big blind).  ``clock``: a
    :class:`~pokerengine.live.Clock` (a turn's seconds, a time bank): the table keeps the action
    deadlines, told the time by the server (:meth:`act`, :meth:`tick`: ``now``).
    """

    def __init__(self, game: str = "NT", *, kind: str = CASH, seats: int = 9, blinds: Sequence[int] = (1, 2),
                 ante: int = 0, big_blind_ante: int = 0, min_bet: int | None = None, small_bet: int | None = None,
                 big_bet: int | None = None, chip_unit: int = 1, options: Options = TDA, post: bool = False,
                 buy_in: Sequence[int] | None = None, clock: Clock | None = None) -> None:
        if type(kind) is not str or kind not in (CASH, TOURNAMENT):
            raise PokerEngineError(f"kind must be 'cash' or 'tournament', got {shown(kind)}")
        if type(seats) is not int or not 2 <= seats <= MAX_SEAT:
            raise PokerEngineError(f"seats must be an int from 2 to {MAX_SEAT}, got {shown(seats)}")
        _flag(post, "post")
        if kind == TOURNAMENT and post:
            raise PokerEngineError("a tournament player posts nothing to join: post=True is for cash games")
        if clock is not None and not isinstance(clock, Clock):
            raise PokerEngineError(f"clock must be a Clock or None, got {shown(clock)}")
        self._game, self._kind, self._seats, self._post = game, kind, seats, post
        self._unit = chips(chip_unit, "chip_unit", error=PokerEngineError, positive=True)
        self._buy_in: tuple[int, int] | None = None
        if buy_in is not None:
            if kind != CASH:
                raise PokerEngineError("buy_in is for cash tables (a tournament's stacks are its own)")
            if not isinstance(buy_in, (tuple, list)) or len(buy_in) != 2:
                raise PokerEngineError(f"buy_in must be (least, most) chips, got {shown(buy_in)}")
            low = chips(buy_in[0], "the least buy-in", error=PokerEngineError, positive=True)
            high = chips(buy_in[1], "the most buy-in", error=PokerEngineError, positive=True)
            if low > high:
                raise PokerEngineError(f"buy_in: the least ({low}) is more than the most ({high})")
            self._buy_in = (low, high)
        self._fixed: dict[str, object] = {"min_bet": min_bet, "small_bet": small_bet, "big_bet": big_bet,
                                          "chip_unit": chip_unit, "options": options}
        self._blinds: tuple[int, int] = (0, 0)
        self._ante = self._bba = 0
        self.set_stakes(blinds=blinds, ante=ante, big_blind_ante=big_blind_ante)
        self._players: dict[int, _Player] = {}
        self._ids: dict[str, int] = {}
        self._positions: Positions | None = None
        self._hand: Hand | None = None
        self._last: Hand | None = None
        self._hand_players: dict[int, str] = {}
        self._dealt: dict[int, _Player] = {}
        self._count = 0
        self._raked = 0
        self._timer = Timer(clock)
        self._books = Books()
        self._events: list[TableEvent] = []

    # -- what a server reads -----------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The PHH code of the game."""
        return self._game

    @property
    def kind(self) -> str:
        """``"cash"`` or ``"tournament"``."""
        return self._kind

    @property
    def seats(self) -> int:
        """The number of seats: seat numbers are ``1..seats``."""
        return self._seats

    @property
    def unit(self) -> int:
        """The chip unit."""
        return self._unit

    @property
    def blinds(self) -> tuple[int, int]:
        """``(small, big)`` in force for the next hand."""
        return self._blinds

    @property
    def ante(self) -> int:
        """Every player's ante in force for the next hand."""
        return self._ante

    @property
    def big_blind_ante(self) -> int:
        """The big blind ante in force for the next hand."""
        return self._bba

    @property
    def hands(self) -> int:
        """Hands dealt so far."""
        return self._count

    @property
    def raked(self) -> int:
        """Chips raked over all finished hands (``options.rake``)."""
        return self._raked

    @property
    def players(self) -> dict[int, str]:
        """Seat -> player, every seated player (increasing seat)."""
        return {s: self._players[s].name for s in sorted(self._players)}

    @property
    def seated(self) -> int:
        """How many players are seated."""
        return len(self._players)

    @property
    def stacks(self) -> dict[str, int]:
        """Player -> chips (between hands: the chips to play the next hand with)."""
        return {self._players[s].name: self._players[s].stack for s in sorted(self._players)}

    @property
    def positions(self) -> Positions | None:
        """The button and the blinds of the last hand dealt (``None`` before the first)."""
        return self._positions

    @property
    def in_hand(self) -> Hand | None:
        """The hand in play (dealt, not yet finished), or ``None``."""
        return self._hand

    @property
    def clock(self) -> Clock | None:
        """The action clock (``None``: the table keeps no deadlines)."""
        return self._timer.clock

    @property
    def deadline(self) -> Deadline | None:
        """The turn in play on the clock: who is to act and until when (``None`` with no clock, no
        hand in play, or a turn not timed yet: it is timed from the next ``now`` the table is told)."""
        hand = self._hand
        if hand is None or hand.over or hand.to_act is None:
            return None
        return self._timer.deadline(self._turn_key(hand), self._dealt[hand.to_act].name)

    def time_bank(self, player: str) -> float:
        """The seconds left in the player's time bank (0 with no clock)."""
        return self._timer.banks.get(self._player(player).name, 0.0)

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """What happened in the hand in play (or the last one dealt) through the table: each
        :meth:`act`, and each time the table acted for a player, absent or out of time."""
        return tuple(self._events)

    @property
    def ledger(self) -> Ledger:
        """The money that came and went (:mod:`pokerengine.live.ledger`): buy-ins, cash-outs,
        corrections, rake, the chips on the table, each seated player's account."""
        return self._books.ledger(self.stacks, self._raked)

    def seat_of(self, player: str) -> int:
        """The seat of a seated player (refused if they are not at this table)."""
        return self._player(player).seat

    def player_at(self, seat: int) -> str | None:
        """The player in ``seat``, or ``None`` when it is empty."""
        if type(seat) is not int or not 1 <= seat <= self.seats:
            raise PokerEngineError(f"seat must be an int from 1 to {self.seats}, got {shown(seat)}")
        p = self._players.get(seat)
        return None if p is None else p.name

    def can_start(self) -> Readiness:
        """Whether :meth:`next_hand` can deal now, and why not: a hand in play, or fewer than two
        players who can play (seated, with chips, and at a cash table not sitting out)."""
        why = self._why_not()
        return Readiness(not why, why)

    def owed(self, player: str) -> tuple[int, int]:
        """``(live, dead)``: what a cash-game player must post to be dealt in before the big blind
        reaches them, at the current blinds: a big blind live (new player, or a missed big blind)
        and a small blind dead (a missed small or big blind)."""
        p = self._player(player)
        small, big = self.blinds
        live = big if p.fresh or p.missed_bb else 0
        dead = small if p.missed_sb or p.missed_bb else 0
        return (live, dead) if self.kind == CASH else (0, 0)

    def status(self, player: str) -> PlayerStatus:
        """The player's seat, stack and standing at the table: sitting out or away, leaving, new,
        waiting for the big blind, blinds missed (a server shows these to every client)."""
        p = self._player(player)
        cash = self.kind == CASH
        waiting = cash and not p.post and (p.fresh or p.missed_sb or p.missed_bb)
        return PlayerStatus(p.name, p.seat, p.stack, p.out, p.leaving, p.fresh, waiting,
                            cash and p.missed_sb, cash and p.missed_bb)

    def seat_map(self) -> dict[int, str]:
        """Seat -> player of the hand in play, or of the last hand dealt: what
        :meth:`~pokerengine.tournament.Tournament.record_settlement` takes as ``seats``."""
        return dict(self._hand_players)

    def dead_paid(self, hand: Hand) -> dict[str, int]:
        """Player -> dead money they put in ``hand`` (antes, a big blind ante, dead blinds): what
        :meth:`~pokerengine.tournament.Tournament.record_settlement` takes as ``dead``."""
        if hand is not self._last:
            raise PokerEngineError("that hand is not the last one this table dealt")
        dead = hand.dead
        trim = hand.options.ante_trimming
        out = {}
        for p, seat in enumerate(hand.seats):
            x = (0 if trim else hand.antes[p]) + dead[p]
            if x:
                out[self._hand_players[seat]] = x
        return out

    # -- players -----------------------------------------------------------------------------------

    def join(self, player: str, seat: int, stack: int, *, post: bool | None = None) -> None:
        """Seat a new player with ``stack`` chips.  Cash game: they wait for the big blind, or with
        ``post=True`` post a big blind (live) to play at once (not on the button, the small blind or
        between them: from the next hand).  Tournament (a player moved in, TDA 9 and 10): dealt in
        from the next hand, posting nothing, except between the small blind and the button (TDA 9)."""
        name = _name(player)
        if type(seat) is not int or not 1 <= seat <= self.seats:
            raise PokerEngineError(f"seat must be an int from 1 to {self.seats}, got {shown(seat)}")
        amount = chips(stack, f"stack of seat {seat} ({shown(name)})", error=PokerEngineError, positive=True)
        if amount % self.unit:
            raise PokerEngineError(f"a stack is a multiple of the chip unit {self.unit}, got {amount}")
        if self._buy_in is not None and not self._buy_in[0] <= amount <= self._buy_in[1]:
            raise PokerEngineError(f"a buy-in at this table is {self._buy_in[0]} to {self._buy_in[1]} chips, "
                                   f"got {amount}")
        if post is None:
            post = self._post
        _flag(post, "post")
        if self.kind == TOURNAMENT and post:
            raise PokerEngineError("a tournament player posts nothing to join: leave post out")
        if name in self._ids:
            raise PokerEngineError(f"{shown(name)} is already at this table (seat {self._ids[name]})")
        if seat in self._players:
            raise PokerEngineError(f"seat {seat} is taken")
        if len(self._players) >= MAX_PLAYERS:
            raise PokerEngineError(f"a table seats at most {MAX_PLAYERS} players")
        self._players[seat] = _Player(name, seat, amount, post)
        self._ids[name] = seat
        self._books.buy(name, amount)
        self._timer.join(name)

    def sit_out(self, player: str) -> None:
        """Cash game: the player is not dealt in and misses the blinds that pass them.  Tournament:
        the player is away, dealt in and blinded.  In a hand, the table acts for them when their turn
        comes, as :meth:`Hand.time_out` does (:meth:`fold_absent`), at once if it is their turn."""
        self._player(player).out = True
        self._advance(None)

    def come_back(self, player: str, *, post: bool = True) -> None:
        """The player plays again.  Cash game: with ``post=True`` they post what they missed (the big
        blind live, the small blind dead: :meth:`owed`) and play from the next hand (not between the
        small blind and the button); with ``post=False`` they wait for the big blind."""
        p = self._player(player)
        _flag(post, "post")
        p.out = False
        p.post = post

    def leave(self, player: str) -> int:
        """The player leaves: their seat becomes empty; returns the chips they take (at a
        tournament table: the stack they take to another table).  During a hand they are in, the
        seat empties when the hand is finished (:meth:`finish` reports it) and this returns 0; their
        hand is acted for when their turn comes (:meth:`fold_absent`; at once if it is their turn)."""
        p = self._player(player)
        if self._hand is not None and self._dealt.get(p.seat) is p:
            p.leaving = True
            self._advance(None)
            return 0
        del self._players[p.seat]
        del self._ids[p.name]
        self._books.cash_out(p.name, p.stack)
        self._timer.leave(p.name)
        return p.stack

    def add_chips(self, player: str, amount: int) -> None:
        """Add chips to a player's stack between hands (a cash game top-up, a rebuy)."""
        p = self._player(player)
        x = chips(amount, "chips added", error=PokerEngineError, positive=True)
        if x % self.unit:
            raise PokerEngineError(f"chips added are a multiple of the chip unit {self.unit}, got {x}")
        if self._hand is not None and self._dealt.get(p.seat) is p:
            raise PokerEngineError(f"{shown(p.name)} is in the hand in play: add chips after it")
        if p.stack + x > MAX_CHIPS:
            raise PokerEngineError("a stack must be at most 2**63 - 1")
        if self._buy_in is not None and p.stack + x > self._buy_in[1]:
            raise PokerEngineError(f"a stack at this table is at most {self._buy_in[1]} chips (the most buy-in): "
                                   f"{p.stack} + {x} is more")
        p.stack += x
        self._books.buy(p.name, x)

    def set_stakes(self, *, blinds: Sequence[int] | None = None, ante: int | None = None,
                   big_blind_ante: int | None = None) -> None:
        """Change the blinds and antes from the next hand on (a tournament's new level)."""
        new_blinds = self.blinds if blinds is None else blinds
        if type(new_blinds) not in (list, tuple) or len(new_blinds) != 2:
            raise PokerEngineError(f"blinds must be (small, big), got {shown(new_blinds)}")
        small = chips(new_blinds[0], "small blind", error=PokerEngineError)
        big = chips(new_blinds[1], "big blind", error=PokerEngineError, positive=True)
        if small > big:
            raise PokerEngineError(f"the small blind ({small}) is larger than the big blind ({big})")
        a = chips(self._ante if ante is None else ante, "ante", error=PokerEngineError)
        bba = chips(self._bba if big_blind_ante is None else big_blind_ante, "big_blind_ante",
                    error=PokerEngineError)
        # A trial hand checks it all with the game, the bet sizes, the unit and the options; then commit.
        _trial(self._game, self._unit, (small, big), a, bba, self._fixed)
        self._blinds, self._ante, self._bba = (small, big), a, bba

    # -- hands -------------------------------------------------------------------------------------

    def next_hand(self, *, button: int | None = None, straddle: int = 0, rng: random.Random | None = None,
                  deck: str | Sequence[str] | Deck | None = None, now: float | None = None) -> Hand:
        """Deal the next hand: the button and blinds by the dead button rule (TDA 32; heads-up
        TDA 34), new and returning players' posts, the stakes in force.  ``button``: the first
        hand's button (default the highest occupied seat).  ``straddle``: a live straddle posted by
        the player after the big blind (three players or more).  ``rng``, ``deck``: as for
        :class:`Hand`.  ``now``: the time, from which the first turn is timed (with a clock).
        Absent players to act first are acted for at once (:attr:`events`).  :meth:`can_start` says
        beforehand whether this would deal."""
        at = None if now is None else self._timer.now(now)
        why = self._why_not()
        if why and self._hand is not None:
            raise PokerEngineError(why)
        if button is not None:
            if self._positions is not None:
                raise PokerEngineError("the button is placed by the rules after the first hand: leave button out")
            if type(button) is not int or not 1 <= button <= self.seats:
                raise PokerEngineError(f"button must be a seat from 1 to {self.seats}, got {shown(button)}")
        straddle = chips(straddle, "straddle", error=PokerEngineError)
        if why:
            raise PokerEngineError(why)
        kinds = {s: self._kind_of(p) for s, p in self._players.items() if self._can_play(p)}
        plan = place(kinds, self._positions, button, tournament=self.kind == TOURNAMENT)
        pos = plan.positions
        small, big = self.blinds
        live: dict[int, int] = {}
        dead: dict[int, int] = {}
        if self.kind == CASH and not plan.heads_up and not plan.restart:
            for s in plan.new:
                p = self._players[s]
                if p.fresh or p.missed_bb:
                    live[s] = big
                if (p.missed_sb or p.missed_bb) and small:
                    dead[s] = small
        straddler = None
        if straddle:
            if len(plan.dealt) < 3:
                raise PokerEngineError("no straddle heads-up")
            if straddle <= big:
                raise PokerEngineError(f"a straddle is more than the big blind ({big}), got {straddle}")
            straddler = next((s for s in plan.dealt if s > pos.big_blind), plan.dealt[0])
        stacks = {s: self._players[s].stack for s in plan.dealt}
        hand = self._hand_for(stacks, plan, live, dead, straddle, straddler, rng, deck)
        # Accepted: commit.
        self._missed(kinds, plan)
        for s in plan.dealt:
            p = self._players[s]
            p.fresh = p.missed_sb = p.missed_bb = False
        self._positions = pos
        self._hand = self._last = hand
        self._dealt = {s: self._players[s] for s in plan.dealt}
        self._hand_players = {s: self._players[s].name for s in plan.dealt}
        self._count += 1
        self._events = []
        if at is not None:
            self._timer.last = at
        self._advance(at)
        return hand

    def act(self, player: str, verb: str, amount: object = None, *, now: float | None = None
            ) -> tuple[TableEvent, ...]:
        """``player`` acts in the hand in play (:meth:`Hand.act`'s verbs and amounts); then the table
        acts for the absent players whose turn comes and starts the next player's clock at ``now``.
        Returns the events (this action first).  With a clock, ``now`` is required, and an action
        at or after the player's deadline is refused (:meth:`tick` times them out).  Refused: not
        in the hand, out of turn, an illegal verb or amount; nothing changes."""
        p = self._player(player)
        hand = self._hand
        if hand is None:
            raise PokerEngineError("no hand is in play")
        if self._dealt.get(p.seat) is not p:
            raise PokerEngineError(f"{shown(p.name)} is not in the hand in play")
        if p.leaving:
            raise PokerEngineError(f"{shown(p.name)} left during this hand: the table acts for them")
        at = None if now is None else self._timer.now(now)
        if at is None and self.clock is not None:
            raise PokerEngineError("this table keeps a clock: give the time (now=...) with each action")
        key = self._turn_key(hand)
        deadline = self.deadline
        if at is not None and deadline is not None and deadline.seat == p.seat and at >= deadline.ends:
            raise PokerEngineError(f"{shown(p.name)}'s time ran out at {deadline.ends:g}: tick() times them out")
        lines = hand.act(p.seat, verb, amount)  # refused: nothing changed
        if at is not None:
            self._timer.last = at
            self._timer.spend(key, p.name, at)
        self._events.append(TableEvent(self._count, ACTED, p.name, p.seat, lines, at))
        return (self._events[-1], *self._advance(at))

    def tick(self, now: float) -> tuple[TableEvent, ...]:
        """Tell the table the time: it acts for the absent players to act, times the turn in play
        from ``now`` if it is not timed yet, and times out (:meth:`Hand.time_out`) a player whose
        deadline (:attr:`deadline`) has come, as often as that happens.  Returns the events.  Call it
        when :attr:`deadline` ``.ends`` comes (and whenever convenient: it is cheap)."""
        at = self._timer.now(now)
        self._timer.last = at
        return tuple(self._advance(at))

    def fold_absent(self, hand: Hand) -> tuple[str, ...]:
        """Act for the absent players while one of them is to act: a fold wherever folding is legal,
        a check free or not (TDA 30: a player away from the seat has no live hand); where no fold is
        possible, as :meth:`Hand.time_out` does (the bring-in posted, standing pat in a draw; at the
        showdown a hand that wins a share against the hands shown is shown, else mucked); returns what
        happened as PHH actions.  Absent: a player who left during the hand
        (:meth:`leave`), or one marked away (:meth:`sit_out`: at a tournament table away players are
        dealt in and blinded; at a cash table a player who sits out during the hand).  A pot they win
        is theirs (a leaver takes it at :meth:`finish`).  :meth:`act`, :meth:`tick`, :meth:`leave`,
        :meth:`sit_out` and :meth:`next_hand` do this themselves; it is for a server that acts on
        the :class:`Hand` directly.  It stops at the first player to act who is present."""
        if self._hand is None or hand is not self._hand:
            raise PokerEngineError(f"that hand is not the one in play at this table, got {shown(hand)}")
        return tuple(line for e in self._advance(None) for line in e.lines)

    def finish(self, hand: Hand) -> Finished:
        """Carry the stacks over from a finished hand (its :attr:`Hand.final_stacks`); players left
        with no chips bust (their seats empty), and so do players who left during the hand."""
        if self._hand is None or hand is not self._hand:
            none = " (no hand is in play)" if self._hand is None else ""
            raise PokerEngineError(f"that hand is not the one in play at this table{none}, got {shown(hand)}")
        if not hand.over:
            raise PokerEngineError("the hand is not over yet")
        final = hand.final_stacks
        rake = hand.settlement.rake
        busted, left = [], {}
        for s, p in self._dealt.items():
            p.stack = final[s]
            if p.leaving:
                left[p.name] = p.stack
            elif not p.stack:
                busted.append(p.name)
            if p.leaving or not p.stack:
                del self._players[s]
                del self._ids[p.name]
                self._books.cash_out(p.name, p.stack)
                self._timer.leave(p.name)
        self._timer.refill([p.name for p in self._dealt.values() if p.name in self._ids])
        self._raked += rake
        self._hand = None
        self._dealt = {}
        return Finished(self.stacks, tuple(busted), left)

    def replayed(self, positions: Positions, stacks: dict[str, int]) -> Finished:
        """Carry over a hand played before, without dealing it: rebuilding a tournament table from its
        log.  ``positions``: the hand's button and blinds; ``stacks``: every player dealt in, with
        their chips after the hand (0 busts them).  Tournament tables only; no hand in play."""
        if self.kind != TOURNAMENT:
            raise PokerEngineError("only a tournament table replays hands from a log")
        if self._hand is not None:
            raise PokerEngineError("a hand is in play: finish() it first")
        if not isinstance(positions, Positions):
            raise PokerEngineError(f"positions must be Positions, got {shown(positions)}")
        seats = {}
        for name, stack in stacks.items():
            seat = self._ids.get(name) if type(name) is str else None
            if seat is None:
                raise PokerEngineError(f"{shown(name)} is not at this table")
            if type(stack) is not int or not 0 <= stack <= MAX_CHIPS:
                stack = chips(stack, f"stack of seat {seat} ({shown(name)})", error=PokerEngineError)
            seats[seat] = stack
        if len(seats) < 2:
            raise PokerEngineError("a hand has at least two players")
        busted = []
        for seat, stack in seats.items():
            p = self._players[seat]
            self._books.correct(p.name, stack - p.stack)
            p.stack, p.fresh = stack, False
            if not stack:
                busted.append(p.name)
                del self._players[seat]
                del self._ids[p.name]
                self._books.cash_out(p.name, 0)
                self._timer.leave(p.name)
        self._positions = positions
        self._hand_players = {}
        self._last = None
        self._count += 1
        return Finished(self.stacks, tuple(busted))

    def correct(self, player: str, stack: int) -> None:
        """Set a player's chips between hands (a tournament's chip-count correction)."""
        p = self._player(player)
        amount = chips(stack, "stack", error=PokerEngineError, positive=True)
        if amount % self.unit:
            raise PokerEngineError(f"a stack is a multiple of the chip unit {self.unit}, got {amount}")
        if self._hand is not None and self._dealt.get(p.seat) is p:
            raise PokerEngineError(f"{shown(p.name)} is in the hand in play: correct the count after it")
        self._books.correct(p.name, amount - p.stack)
        p.stack = amount

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of the table's state as one comparable value (for audits and tests)."""
        players = tuple((s, p.name, p.stack, p.out, p.fresh, p.post, p.missed_sb, p.missed_bb, p.leaving)
                        for s, p in sorted(self._players.items()))
        hand = None if self._hand is None else self._hand.snapshot()
        return (self._blinds, self._ante, self._bba, players, tuple(sorted(self._ids.items())), self._positions,
                hand, self._last is self._hand, tuple(self._hand_players.items()), tuple(self._dealt), self._count,
                self._raked, self._books.snapshot(), self._timer.snapshot(), tuple(self._events))

    # -- helpers -----------------------------------------------------------------------------------

    def _can_play(self, p: _Player) -> bool:
        return bool(p.stack) and not (p.out and self.kind == CASH)

    def _why_not(self) -> str:
        """Why no hand can be dealt now ("" when one can)."""
        if self._hand is not None:
            return "a hand is in play: finish() it first"
        n = sum(map(self._can_play, self._players.values()))
        if n >= 2:
            return ""
        away = sum(1 for p in self._players.values() if p.stack and not self._can_play(p))
        return f"{n} player(s) can play: a hand needs two" + (f" ({away} sitting out)" if away else "")

    def _turn_key(self, hand: Hand) -> tuple[int, int, int]:
        return (self._count, len(hand.actions), hand.to_act or 0)

    def _advance(self, now: float | None) -> list[TableEvent]:
        """Act for the absent players to act (as :meth:`Hand.time_out` does), time the
        turn in play from ``now``, and time out players whose deadline has come at ``now``."""
        hand, new = self._hand, []
        while hand is not None and not hand.over and hand.to_act is not None:
            seat = hand.to_act
            p = self._dealt[seat]
            if p.out or p.leaving:  # TDA 30: folded where a fold is legal, else acted for as a time-out
                lines = hand.fold(seat) if hand.legal_actions().fold else hand.time_out(seat)
                new.append(TableEvent(self._count, ABSENT, p.name, seat, lines, now))
                continue
            if now is None or self.clock is None:
                break
            key = self._turn_key(hand)
            self._timer.start(key, now)
            deadline = self._timer.deadline(key, p.name)
            if deadline is None or now < deadline.ends:
                break
            self._timer.spend(key, p.name, now, timed_out=True)
            new.append(TableEvent(self._count, TIMED_OUT, p.name, seat, hand.time_out(seat), now))
        self._events += new
        return new

    def _kind_of(self, p: _Player) -> str:
        if self.kind == TOURNAMENT:
            return NEW if p.fresh else IN
        if p.fresh or p.missed_sb or p.missed_bb:
            return NEW if p.post else WAIT
        return IN

    def _missed(self, kinds: dict[int, str], plan: Placement) -> None:
        """Cash game: sitting-out players the big blind passed missed it; one in the small blind's
        seat missed that."""
        prev = self._positions
        if self.kind != CASH or prev is None:
            return
        for s, p in self._players.items():
            if p.out and not p.fresh:
                if between(s, prev.big_blind, plan.positions.big_blind):
                    p.missed_bb = True
                elif s == prev.big_blind:
                    p.missed_sb = True

    def _hand_for(self, stacks: dict[int, int], plan: Placement, live: dict[int, int], dead: dict[int, int],
                  straddle: int, straddler: int | None, rng: random.Random | None,
                  deck: str | Sequence[str] | Deck | None) -> Hand:
        small, big = self.blinds
        extra: dict[str, object] = {}
        if live:
            extra["posts"] = live  # live posts out of position: they do not move the pre-flop opener
        if plan.heads_up or plan.small_blind_live:
            blinds: Sequence[int] | dict[int, int] = (small, big)
            straddles: tuple[int, ...] = (straddle,) if straddle else ()
        else:
            pos = plan.positions
            blinds = {pos.big_blind: big}
            if plan.small_blind_live and small:
                blinds[pos.small_blind] = small
            if straddler is not None:
                blinds[straddler] = straddle
            straddles = ()
        if dead:
            extra["dead"] = dead
        return Hand(self.game, stacks, button=plan.positions.button, blinds=blinds, straddles=straddles, ante=self.ante,
                    big_blind_ante=self.big_blind_ante, rng=rng, deck=deck, **self._fixed, **extra)  # type: ignore[arg-type]

    def _player(self, player: object) -> _Player:
        seat = self._ids.get(player) if type(player) is str else None
        if seat is None:
            raise PokerEngineError(f"{shown(player)} is not at this table")
        return self._players[seat]

    def __repr__(self) -> str:
        state = "a hand in play" if self._hand is not None else f"{self.hands} hands dealt"
        return f"<Table {self.game} {self.kind}, {len(self._players)} players, {state}>"


def _trial(game: str, unit: int, blinds: tuple[int, int], ante: int, big_blind_ante: int,
           fixed: dict[str, object]) -> None:
    """Deal a two-player hand with these stakes and settings, to refuse bad ones at once."""
    Hand(game, {1: unit, 2: unit}, blinds=blinds, ante=ante, big_blind_ante=big_blind_ante, rng=random.Random(0),
         **fixed)  # type: ignore[arg-type]


def _name(value: object) -> str:
    """A player id: a non-empty string of at most ``MAX_NAME`` characters of valid Unicode."""
    if type(value) is not str or not 0 < len(value) <= MAX_NAME:
        if type(value) is str:
            raise PokerEngineError(f"a player id has 1 to {MAX_NAME} characters, got {len(value):,}")
        raise PokerEngineError(f"a player id is a string, got {shown(value)}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise PokerEngineError(f"a player id must be valid Unicode text, got {shown(value)}") from None
    return value


def _flag(value: object, what: str) -> None:
    if type(value) is not bool:
        raise PokerEngineError(f"{what} must be True or False, got {shown(value)}")
