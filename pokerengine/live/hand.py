"""One live hand, from the deal to the settlement: whose turn, what is legal, what happened.

:class:`Hand` runs every variant code (:data:`~pokerengine.live.arguments.CODES`): PHH's no-limit and
fixed-limit hold'em (``NT``, ``FT``), short-deck hold'em (``NS``), pot-limit Omaha (``PO``), fixed-limit
Omaha hi/lo (``FO/8``), the stud games (``F7S``, ``F7S/8``, razz ``FR``: :mod:`pokerengine.live.stud`)
and the draw games (``N2L1D``, ``F2L3D``, badugi ``FB``: :mod:`pokerengine.live.draw`), and
pokerengine's own codes of the same grammar (``PT``, ``PO5``, ``N7S``, ``P2L3D``, ``FAL3D``, ``N5CD``...:
``docs/replay.md``), with antes, a big blind ante, dead
chips, blinds, straddles, a bring-in, a button (dead or not) and a chip unit.  It tells whose turn it
is (:attr:`Hand.to_act`), the street, the pot, and the legal actions with their amounts
(:meth:`Hand.legal_actions`); it applies an action or refuses it with
:class:`~pokerengine.errors.IllegalActionError` naming the rule, changing nothing.  A finished
hand gives its :class:`~pokerengine.Settlement` (through :func:`pokerengine.settle`) and its PHH
record (:meth:`Hand.history`).  The rules are in :mod:`pokerengine.rules`.

>>> import random
>>> hand = Hand("NT", [200, 200, 200], blinds=(1, 2), rng=random.Random(1))
>>> hand.to_act, hand.legal_actions().call, hand.legal_actions().raise_to
(3, 2, RaiseRange(min_to=4, max_to=200))
>>> hand.raise_to(3, 6)
('p3 cbr 6',)
>>> hand.fold(1), hand.call(2)[0]
(('p1 f',), 'p2 cc')
>>> hand.street_name, hand.pot, hand.to_act
('flop', 13, 2)
>>> hand.raise_to(2, 1)
Traceback (most recent call last):
...
pokerengine.errors.IllegalActionError: seat 2: TDA 43: the smallest bet is 2: bet at least 2, or all-in, not 1

The hand's state is a :class:`~pokerengine.live.state.HandState` that the rule modules are given
and change: the streets in turn (:mod:`~pokerengine.live.streets`), the betting
(:mod:`~pokerengine.live.betting`, the bounds of a raise :mod:`~pokerengine.live.limits`, what a
replay accepts :mod:`~pokerengine.live.records`), dealing and drawing
(:mod:`~pokerengine.live.dealing`), the showdown (:mod:`~pokerengine.live.showdown`), running the
board more than once (:mod:`~pokerengine.live.running`), a PHH action's text
(:mod:`~pokerengine.live.playing`) and the hand written as a PHH record
(:mod:`~pokerengine.live.recording`); the set-up arguments are checked by
:mod:`~pokerengine.live.arguments`.  A server's entry points are :class:`Hand`'s own: per-seat
views (:mod:`~pokerengine.live.view`), one action entry point (:mod:`~pokerengine.live.act`),
time-outs (:mod:`~pokerengine.live.timeout`).

Limits: at most :data:`MAX_PLAYERS` players (fewer when one deck cannot deal them all), seat
numbers up to :data:`MAX_SEAT`, every amount, and all the stacks together, at most ``2**63 - 1`` chips.  Each action takes time
linear in the number of players; the settlement is one call of :func:`pokerengine.settle`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .._checks import chips, shown
from ..cards import card_text, parse_cards
from ..errors import CardError, IllegalActionError
from ..phh.record import HandHistory
from ..phh.variants import Variant
from ..runs import RunsSettlement
from ..settlement import Settlement
from . import dealing as _dealing
from . import playing as _playing
from . import running as _running
from .actions import NOBODY, VERBS, Legal, RaiseRange
from .arguments import GAMES, MAX_PLAYERS, MAX_SEAT
from .arguments import setup as _setup
from .betting import bet
from .deck import Deck
from .limits import cover, limits
from .options import TDA, Options
from .phases import BET, DEAL, DRAW, OVER, SHOWDOWN
from .playing import Rescale
from .recording import record_of
from .running import run_sizes
from .showdown import settle_hand, show_or_muck
from .state import STREET_NAMES, HandState, new_state
from .streets import next_street
from .view import View, seen_by

__all__ = ["GAMES", "MAX_PLAYERS", "MAX_SEAT", "STREET_NAMES", "Hand", "Rescale"]


class Hand:
    """A hand in play.  Seats are the table's seat numbers; clockwise is increasing seat number.

    ``game``: a variant code: PHH's (:data:`GAMES`) or pokerengine's own (``PT``, ``PO5``...).  ``stacks``: ``{seat: chips}``, or a list for seats
    1, 2, ...  ``button``: a seat number (default: the highest seat); it may be an empty seat (a
    dead button).  ``blinds``: ``(small, big)`` (heads-up the button posts the small blind,
    TDA 34; a small blind of 0 means none), or ``{seat: amount}`` for any arrangement;
    ``straddles``: amounts posted after the big blind, in turn.  Stud has no blinds: ``bring_in``
    (the forced bet of the lowest up card, razz the highest; 0: none).  ``ante``: every player's;
    ``big_blind_ante``: one ante paid by the big blind for the table (blind first when short,
    TDA 2024).  ``posts``: ``{seat: chips}`` posted live out of position (a big blind to come back
    or to join): toward the seat's bet, which may check if nobody raises; the pre-flop order is
    still from the big blind.  ``dead``: ``{seat: chips}`` posted dead (a missed small blind): into the pot,
    not toward the seat's bet, dead money at the settlement (written in PHH as an ante of that
    seat, which settles the same; not with ``ante_trimming``).  ``min_bet`` (no limit, pot limit;
    default the big blind), ``small_bet`` and
    ``big_bet`` (fixed limit; default the big blind and twice that).  ``chip_unit``: the smallest
    chip; every stack and amount is a multiple of it.  ``options``: :class:`Options`.

    Cards: by default the hand shuffles a deck with :class:`secrets.SystemRandom` and deals;
    ``rng=random.Random(seed)`` shuffles repeatably; ``deck="AsKd..."`` (or a :class:`Deck`) deals
    a server's own order; ``manual=True`` lets the caller deal (:meth:`deal_hole`,
    :meth:`deal_board`), as a replay does.
    """

    __slots__ = ("_state",)

    def __init__(self, game: str, stacks: Mapping[int, int] | Sequence[int], *, button: int | None = None,
                 blinds: Sequence[int] | Mapping[int, int] = (), straddles: Sequence[int] = (), ante: int = 0,
                 big_blind_ante: int = 0, dead: Mapping[int, int] | None = None,
                 posts: Mapping[int, int] | None = None, bring_in: int = 0,
                 min_bet: int | None = None, small_bet: int | None = None, big_bet: int | None = None,
                 chip_unit: int = 1, options: Options = TDA,
                 rng: random.Random | None = None, deck: str | Sequence[str] | Deck | None = None,
                 manual: bool = False) -> None:
        self._state = s = new_state(*_setup(game, stacks, button, blinds, straddles, ante, big_blind_ante, dead, posts,
                                             bring_in, min_bet, small_bet, big_bet, chip_unit, options, rng, deck,
                                             manual))
        next_street(s)

    @classmethod
    def _of(cls, state: HandState) -> Hand:
        """A hand from a state of :func:`~pokerengine.live.state.new_state` (a replay's checked values),
        its first street begun."""
        hand = cls.__new__(cls)
        hand._state = state
        next_street(state)
        return hand

    # -- the set-up ---------------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant played (:class:`~pokerengine.phh.variants.Variant`)."""
        return self._state.variant

    @property
    def options(self) -> Options:
        """The rules the hand plays by (:class:`Options`)."""
        return self._state.options

    @property
    def replay(self) -> bool:
        """Replay mode (``Options(mode="replay")``): what recorded hands did is accepted."""
        return self._state.replay

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat numbers in position order, from the button's left."""
        return self._state.seats

    @property
    def button(self) -> int:
        """The button's seat (it may be an empty seat: a dead button)."""
        return self._state.button

    @property
    def n(self) -> int:
        """The number of players dealt in."""
        return self._state.n

    @property
    def unit(self) -> int:
        """The smallest chip: every stack and amount is a multiple of it."""
        return self._state.unit

    @property
    def fixed(self) -> bool:
        """Fixed-limit betting."""
        return self._state.fixed

    @property
    def pot_limit(self) -> bool:
        """Pot-limit betting."""
        return self._state.pot_limit

    @property
    def steps(self) -> tuple[int, int]:
        """The small and big bet (fixed limit), else the minimum bet twice."""
        return self._state.steps

    @property
    def starting(self) -> tuple[int, ...]:
        """The starting stacks, in position order."""
        return self._state.starting

    @property
    def blinds(self) -> tuple[int, ...]:
        """The blinds and straddles due (live posts included), in position order."""
        return self._state.blinds

    @property
    def antes(self) -> tuple[int, ...]:
        """The antes posted, in position order."""
        return self._state.antes

    @property
    def dead(self) -> tuple[int, ...]:
        """The dead chips posted (``Hand(dead=...)``), in position order."""
        return self._state.dead

    @property
    def posts(self) -> tuple[int, ...]:
        """The live posts out of position due (``Hand(posts=...)``), in position order."""
        return self._state.posts

    @property
    def bring_in_amount(self) -> int:
        """Stud: the bring-in (0: none)."""
        return self._state.bring_in_amount

    @property
    def scale(self) -> int:
        """A replay counts the record's amounts in units of ``1/scale``; 0 for a live hand."""
        return self._state.scale

    # -- what a server reads ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (bet, draw, or show or muck at showdown), or ``None`` (dealing, or over).
        (A replay of a stud record whose up cards are unknown lets any player open: the first
        player who may is given.)"""
        s = self._state
        if s.phase is BET:
            return s.seats[s.pending[0]]
        if s.draw_order:
            return s.seats[s.draw_order[0]]
        if s.queue:
            return s.seats[s.queue[0]]
        return None

    @property
    def openers(self) -> tuple[int, ...]:
        """The seats that may act now: ``(to_act,)``, or ``()``; in a replay of a stud record whose up
        cards are unknown, every player who may open the round (the record says who did)."""
        s = self._state
        if s.free_opener:
            return tuple(s.seats[p] for p in s.pending)
        who = self.to_act
        return () if who is None else (who,)

    @property
    def over(self) -> bool:
        """The hand is finished: :attr:`settlement` is ready.  (In replay mode, also at showdown,
        where a recorded show or muck may still follow.)"""
        s = self._state
        return (s.phase is OVER or (s.phase is SHOWDOWN and s.replay)) and not s.run_owed

    @property
    def street(self) -> int:
        """The betting round: 0 pre-flop, 1 flop, 2 turn, 3 river (4 at showdown); stud 0 third
        street to 4 seventh street (5 at showdown); draw games 0 before the first draw, then one
        more after each draw."""
        return self._state.street

    @property
    def street_name(self) -> str:
        """``"pre-flop"``, ``"flop"``, ``"turn"``, ``"river"``; ``"third street"`` ...
        ``"seventh street"``; ``"pre-draw"``, ``"first draw"`` ... ``"third draw"``; or ``"showdown"``."""
        return self._state.street_name

    @property
    def phase(self) -> str:
        """``"deal"`` (cards owed, ``manual=True``), ``"bet"``, ``"draw"`` (a player to draw, or
        replacement cards owed), ``"showdown"`` or ``"over"``."""
        return self._state.phase

    @property
    def pot(self) -> int:
        """Every chip in the middle: antes, earlier rounds and this round's bets."""
        s = self._state
        return sum(s.put) + sum(s.bets)

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips not yet put in."""
        s = self._state
        return dict(zip(s.seats, s.stacks))

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's bet in this betting round."""
        s = self._state
        return dict(zip(s.seats, s.bets))

    @property
    def contributed(self) -> dict[int, int]:
        """Each seat's chips put in during the hand, antes included."""
        s = self._state
        return {seat: p + b for seat, p, b in zip(s.seats, s.put, s.bets)}

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that folded (or mucked at showdown)."""
        s = self._state
        return tuple(seat for seat, f in zip(s.seats, s.folded) if f)

    @property
    def board(self) -> str:
        """The board, e.g. ``"AsKd7c"``."""
        return "".join(map(card_text, self._state.board))

    def cards(self, seat: int) -> str:
        """A seat's hole cards as text (stud: every card, in the order dealt), ``??`` for a card
        not known (a replay)."""
        return "".join("??" if c is None else card_text(c) for c in self._state.hole[self._position(seat)])

    def up_cards(self, seat: int) -> str:
        """Stud: a seat's cards dealt face up, as text (other games: ``""``)."""
        return "".join(map(card_text, self._state.up[self._position(seat)]))

    @property
    def actions(self) -> tuple[str, ...]:
        """Everything that happened, as PHH actions (``pN`` is the N-th seat from the button's left)."""
        return tuple(self._state.log)

    @property
    def owed(self) -> tuple[dict[int, int], int]:
        """Cards the caller must deal now (``manual=True``): hole cards by seat (a draw game's
        replacement cards too), and board cards."""
        s = self._state
        if s.run_owed and (s.phase is OVER or s.phase is SHOWDOWN):  # runs 2, 3 (run_it)
            runs, sizes = s.run_cards, run_sizes(s)
            have = len(runs[-1]) if runs and len(runs[-1]) < sum(sizes) else 0
            step = dealt = 0
            while dealt < have:
                dealt += sizes[step]
                step += 1
            return {}, sizes[step]
        if s.phase is not DEAL and s.phase is not DRAW:
            return {}, 0
        return {s.seats[p]: k for p, k in enumerate(s.need) if k}, s.need_board

    def legal_actions(self) -> Legal:
        """What the player to act may do, with the amounts (:class:`Legal`).  Nobody to act:
        ``Legal(seat=None)`` with everything refused."""
        s = self._state
        if s.phase is BET:
            p = s.pending[0]
            owe = s.top - s.bets[p]
            stack = s.stacks[p]
            lim = limits(s, p)
            if s.bring_in_due:  # stud: bring in or complete; no fold, no check
                forced = s.bring_in_amount
                return Legal(s.seats[p], bring_in=forced if forced < stack else stack,
                             raise_to=None if isinstance(lim, str) else RaiseRange(lim[1], lim[2]),
                             no_raise=lim if isinstance(lim, str) else None)
            if isinstance(lim, str):
                return Legal(s.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                             no_raise=lim)
            return Legal(s.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                         RaiseRange(lim[1], lim[2]))
        if s.draw_order:
            p = s.draw_order[0]
            return Legal(s.seats[p], draw=len(s.hole[p]))
        if s.queue:
            return Legal(s.seats[s.queue[0]], show=True, muck=True)
        if s.replay and (s.phase is SHOWDOWN or s.phase is OVER):
            return Legal(None, show=True, muck=True)  # replay mode: any live player may still show or muck
        return NOBODY

    @property
    def running_out(self) -> bool:
        """Nobody can bet any more (at most one player with chips left): the board is dealt out
        without betting (in replay mode a recorded show may come while it is)."""
        return self._state.all_in

    @property
    def runs(self) -> int:
        """How many times the board is run: 1, or what :meth:`run_it` chose."""
        return self._state.runs or 1

    def can_run_it(self) -> bool:
        """:meth:`run_it` may be called now: nobody can bet any more, board cards were still to come
        when that happened, the runs are not chosen yet and the settlement has not been read."""
        return _running.can_run_it(self._state)

    def run_it(self, times: int) -> tuple[str, ...]:
        """Run the rest of the board ``times`` times (1 to 3; docs/runs.md), when :meth:`can_run_it`:
        with the hand's own deck the further runs are dealt at once, with ``manual=True`` the caller
        deals them with :meth:`deal_board`; each pot is divided into the runs and each part settled on
        its own board (:func:`pokerengine.live.running.run_it`).  Refused, changing nothing, otherwise."""
        return _running.run_it(self._state, times)

    def replay_cover(self) -> int | None:
        """Replay mode: the street total below ``legal_actions().raise_to.min_to`` that a recorded
        raise may still go to (exactly what the deepest opponent can match, as records write it);
        ``None`` when there is none (always in live play)."""
        s = self._state
        if not s.replay or s.phase is not BET:
            return None
        p = s.pending[0]
        lim = limits(s, p)
        if isinstance(lim, str):
            return None
        to = cover(s, p)
        return to if to < lim[1] else None

    # -- a server's entry points ----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see of the hand (``None``: an observer): the PHH lines with other
        players' hidden cards as ``??``, the public state, and the seat's legal actions on its turn
        (:class:`~pokerengine.live.view.View`)."""
        me = -1 if seat is None else self._position(seat)
        s = self._state
        lines, cards = seen_by(s, me)
        to_act = self.to_act
        final = None
        if self.over:
            try:
                final = self.final_stacks
            except CardError:  # a replayed record's unknown cards at a showdown
                final = None
        return View(
            seat=seat, game=s.variant.code, seats=s.seats, button=s.button, street=s.street,
            street_name=s.street_name, phase=s.phase, to_act=to_act,
            legal=self.legal_actions() if to_act is not None and to_act == seat else None,
            pot=self.pot, bets=self.bets, stacks=self.stacks, contributed=self.contributed, board=self.board,
            cards=cards, up_cards={seat: "".join(map(card_text, s.up[p])) for p, seat in enumerate(s.seats)},
            folded=self.folded, shown=tuple(seat for p, seat in enumerate(s.seats) if s.shown[p]),
            over=self.over, final_stacks=final, lines=lines)

    def act(self, seat: int, verb: str, amount: object = None) -> tuple[str, ...]:
        """Apply a client's action: ``verb`` one of the legal actions' JSON keys (``fold``, ``check``,
        ``call``, ``raise`` to ``amount``, ``bring_in``, ``draw`` the cards in ``amount``, ``show``,
        ``muck``), every argument checked first (:mod:`pokerengine.live.act`)."""
        if type(verb) is not str or verb not in VERBS:
            raise IllegalActionError(f"unknown action {shown(verb)}: one of {', '.join(VERBS)}")
        self._position(seat)  # a seat of this hand, or refused
        if verb in _NO_AMOUNT:
            if amount is not None:
                raise IllegalActionError(f"seat {seat}: {verb} takes no amount, got {shown(amount)}")
            if verb == "fold":
                return self.fold(seat)
            if verb == "check":
                return self.check(seat)
            if verb == "call":
                return self.call(seat)
            if verb == "bring_in":
                return self.bring_in(seat)
            return self.muck(seat)
        if verb == "raise":
            if amount is None:
                raise IllegalActionError(f"seat {seat}: raise needs an amount: the street total to raise to")
            return self.raise_to(seat, amount)  # type: ignore[arg-type]  # (checked there: whole chips)
        if verb == "draw":
            if amount is None or amount == "":
                return self.stand_pat(seat)
            if type(amount) is not str and type(amount) is not list and type(amount) is not tuple:
                raise IllegalActionError(f"seat {seat}: draw takes the cards discarded (text such as 'Kd9h' or a "
                                         f"list), got {shown(amount)}")
            return _naming_cards(self.draw, seat, amount)
        if amount is not None and type(amount) is not str and type(amount) is not list and type(amount) is not tuple:
            raise IllegalActionError(f"seat {seat}: show takes no amount (in replay mode the cards shown), "
                                     f"got {shown(amount)}")
        return _naming_cards(self.show, seat, amount)

    def time_out(self, seat: int) -> tuple[str, ...]:
        """The player to act ran out of time: check when free, else fold (bring in, stand pat, show a
        winning hand or muck; the rule: :mod:`pokerengine.live.timeout`)."""
        self._position(seat)  # a seat of this hand, or refused
        who = self.to_act
        if who != seat:
            doing = f"seat {who} is" if who is not None else f"nobody is to act ({self._state.phase_text()})"
            raise IllegalActionError(f"seat {seat}: not to act: {doing}")
        legal = self.legal_actions()
        if legal.bring_in is not None:
            return self.bring_in(seat)
        if legal.check:
            return self.check(seat)
        if legal.fold:
            return self.fold(seat)
        if legal.draw is not None:
            return self.stand_pat(seat)
        assert legal.show and legal.muck, legal
        return self.show(seat) if self._showing_pays(seat) else self.muck(seat)

    def _showing_pays(self, seat: int) -> bool:
        """Whether ``seat`` ends with more chips by showing than by mucking, the players still to show
        after it mucking either way (only the hands shown so far count)."""
        deck = self._state.deck
        memo: dict[int, object] = {} if deck is None else {id(deck): deck}  # no card is dealt now
        results = []
        for showing in (True, False):
            h = copy.deepcopy(self, memo.copy())
            h.show(seat) if showing else h.muck(seat)
            while not h.over and h.to_act is not None:
                h.muck(h.to_act)
            results.append(h.final_stacks[seat])
        return results[0] > results[1]

    # -- actions ------------------------------------------------------------------------------------

    def fold(self, seat: int) -> tuple[str, ...]:
        """Fold.  Returns what happened, as PHH actions (dealing that follows included)."""
        return self._do(seat, "f")

    def check(self, seat: int) -> tuple[str, ...]:
        """Check (nothing to call)."""
        return self._do(seat, "check")

    def call(self, seat: int) -> tuple[str, ...]:
        """Call (all-in for less when the stack is short)."""
        return self._do(seat, "call")

    def check_or_call(self, seat: int) -> tuple[str, ...]:
        """Check, or call what is due (PHH ``cc``)."""
        return self._do(seat, "cc")

    def raise_to(self, seat: int, amount: int) -> tuple[str, ...]:
        """Bet or raise to ``amount``, the seat's total for this round (PHH ``cbr``)."""
        return self._do(seat, "cbr", amount)

    bet_to = raise_to

    def bring_in(self, seat: int) -> tuple[str, ...]:
        """Stud, third street: post the bring-in (PHH ``pb``; all-in for less when short)."""
        return self._do(seat, "pb")

    def complete(self, seat: int) -> tuple[str, ...]:
        """Stud, third street: complete the bring-in to the small bet (a ``cbr`` to the small bet,
        or all-in for less)."""
        p = self._position(seat)
        s = self._state
        return self._do(seat, "cbr", min(s.steps[0], s.stacks[p] + s.bets[p]))

    def draw(self, seat: int, cards: str | Sequence[str] = "") -> tuple[str, ...]:
        """Draw games: discard ``cards`` (text such as ``"Kd9h"``, or a list; ``""``: stand pat) and,
        unless the caller deals (``manual=True``), be dealt as many (PHH ``sd``, then ``d dh``)."""
        p = self._position(seat)
        log = self._state.log
        start = len(log)
        _dealing.draw(self._state, p, _cards_arg(cards) if cards != "" else ())
        return tuple(log[start:])

    def stand_pat(self, seat: int) -> tuple[str, ...]:
        """Draw games: draw no cards."""
        return self.draw(seat, "")

    def show(self, seat: int, cards: str | Sequence[str] | None = None) -> tuple[str, ...]:
        """Show at showdown.  ``cards``: in replay mode, the cards shown (revealing unknown ones)."""
        p = self._position(seat)
        log = self._state.log
        start = len(log)
        shown_cards = None if cards is None else _cards_arg(cards)
        show_or_muck(self._state, p, shown_cards, cards is None)
        return tuple(log[start:])

    def muck(self, seat: int) -> tuple[str, ...]:
        """Muck at showdown: the hand concedes every pot (TDA 16)."""
        p = self._position(seat)
        log = self._state.log
        start = len(log)
        show_or_muck(self._state, p, None, False)
        return tuple(log[start:])

    def deal_hole(self, seat: int, cards: str | Sequence[str]) -> tuple[str, ...]:
        """Deal hole cards to a seat (``manual=True``)."""
        p = self._position(seat)
        log = self._state.log
        start = len(log)
        _dealing.deal_hole(self._state, p, _cards_arg(cards))
        return tuple(log[start:])

    def deal_board(self, cards: str | Sequence[str]) -> tuple[str, ...]:
        """Deal board cards (``manual=True``)."""
        log = self._state.log
        start = len(log)
        _dealing.deal_board(self._state, _cards_arg(cards))
        return tuple(log[start:])

    def play(self, text: str) -> tuple[str, ...]:
        """Apply one PHH action, e.g. ``"p3 cbr 300"`` or ``"d db AsKd7c"`` (``pN``: the N-th seat
        from the button's left; :func:`pokerengine.live.playing.play`).  Malformed text:
        :class:`~pokerengine.errors.HistoryParseError`."""
        return _playing.play(self._state, text)

    def _do(self, seat: int, verb: str, to: object = None) -> tuple[str, ...]:
        p = self._position(seat)
        if verb == "cbr":
            if type(to) is not int:
                to = chips(to, "a bet or raise", error=IllegalActionError)
            elif to < 0 or to > 2**63 - 1:
                to = chips(to, "a bet or raise", error=IllegalActionError)
        s = self._state
        log = s.log
        start = len(log)
        bet(s, p, verb, to)  # type: ignore[arg-type]
        return tuple(log[start:])

    # -- the result ---------------------------------------------------------------------------------

    @property
    def settlement(self) -> Settlement:
        """The settled hand, through :func:`pokerengine.settle` (the hand must be over).

        Seats in clockwise order from the button's left; antes are dead money (unless
        ``ante_trimming``), so a seat's ``contributed`` leaves them out and ``dead`` holds them.
        """
        s = self._state
        if not self.over:
            raise IllegalActionError(f"the hand is not over ({s.phase_text()})")
        if s.settled_at == len(s.log):
            return s.settled  # type: ignore[return-value]
        result = settle_hand(s)
        s.settled, s.settled_at = result, len(s.log)
        return result

    @property
    def run_settlement(self) -> RunsSettlement | None:
        """A hand run more than once: every run's board, parts and winners
        (:class:`~pokerengine.runs.RunsSettlement`); ``None`` for a hand run once."""
        if self._state.runs < 2:
            return None
        self.settlement  # noqa: B018  (settles, or checks the hand is over)
        return self._state.run_result

    @property
    def final_stacks(self) -> dict[int, int]:
        """Each seat's stack after the settlement."""
        payouts = self.settlement.payouts
        stacks = self._state.stacks
        return {seat: stacks[p] + payouts[seat] for p, seat in enumerate(self._state.seats)}

    def history(self, **fields: object) -> HandHistory:
        """The hand as a PHH :class:`~pokerengine.phh.HandHistory` (``finishing_stacks`` once
        over); ``fields`` adds optional PHH fields (``players=...``, ``event=...``)."""
        return record_of(self._state, self.over, lambda: self.settlement, fields)

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of the hand's state as one comparable value (for audits and tests)."""
        s = self._state
        return (s.phase, s.street, tuple(s.stacks), tuple(s.bets), tuple(s.put),
                tuple(s.folded), s.live, tuple(s.faced), tuple(map(tuple, s.hole)), tuple(s.board),
                tuple(sorted(s.seen)), tuple(s.need), s.need_board, tuple(s.pending), s.top,
                s.full, s.rep_full, s.step, s.raises, s.aggressor, s.all_in, tuple(s.queue),
                tuple(s.shown), tuple(s.log), None if s.deck is None else s.deck.remaining,
                tuple(map(tuple, s.up)), tuple(s.up_known), tuple(s.got), s.bring_in_due,
                s.completion, s.free_opener, tuple(s.draw_order), tuple(sorted(s.discarded)),
                s.dealt, tuple(s.pool), s.runs, s.run_from, tuple(map(tuple, s.run_cards)),
                s.run_owed)

    # -- helpers ------------------------------------------------------------------------------------

    def _position(self, seat: object) -> int:
        p = self._state.pos.get(seat) if type(seat) is int else None
        if p is None:
            raise IllegalActionError(f"seat {shown(seat)} is not in this hand (seats {list(self._state.seats)})")
        return p

    def __repr__(self) -> str:
        who = self.to_act
        state = "over" if self.over else (f"seat {who} to act" if who is not None else self._state.phase_text())
        return f"<Hand {self.variant.code} {self.n} players, {self.street_name}, pot {self.pot}, {state}>"


_NO_AMOUNT = frozenset({"fold", "check", "call", "bring_in", "muck"})


def _naming_cards(method: Callable[[int, Any], tuple[str, ...]], seat: int, cards: object) -> tuple[str, ...]:
    """A draw or a show naming cards: cards that cannot be read are an illegal action too."""
    try:
        return method(seat, cards)
    except CardError as exc:  # raised while reading the cards, before anything changes
        raise IllegalActionError(f"seat {seat}: {exc}") from None


def _cards_arg(cards: object) -> tuple[int, ...]:
    """Cards given by a caller: text (``"AsKd"``) or a list or tuple of cards, at most 52."""
    if type(cards) is str:
        if len(cards) > 3 * 52:
            raise CardError(f"too many cards: {len(cards)} characters of text")
    elif type(cards) is list or type(cards) is tuple:
        if len(cards) > 52:
            raise CardError(f"too many cards: {len(cards)}")
    else:
        raise CardError(f"cards must be text such as 'AsKd' or a list of cards, got {shown(cards)}")
    return parse_cards(cards)
