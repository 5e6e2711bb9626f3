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

This module holds the hand's state and the betting; its other parts are in modules of their own:
the set-up arguments (:mod:`~pokerengine.live.arguments`), dealing and drawing
(:mod:`~pokerengine.live.dealing`), the showdown (:mod:`~pokerengine.live.showdown`), running the
board more than once (:mod:`~pokerengine.live.running`), a PHH action's text
(:mod:`~pokerengine.live.playing`), and a server's entry points: per-seat views
(:mod:`~pokerengine.live.view`), one action entry point (:mod:`~pokerengine.live.act`), time-outs
(:mod:`~pokerengine.live.timeout`).

Limits: at most :data:`MAX_PLAYERS` players (fewer when one deck cannot deal them all), seat
numbers up to :data:`MAX_SEAT`, every amount, and all the stacks together, at most ``2**63 - 1`` chips.  Each action takes time
linear in the number of players; the settlement is one call of :func:`pokerengine.settle`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .. import rules
from .._checks import chips, shown
from ..cards import card_text, parse_cards
from ..errors import CardError, IllegalActionError
from ..phh.record import HandHistory
from ..phh.variants import Variant
from ..rules import AFTER, position_opener, round_start
from ..runs import RunsSettlement
from ..settlement import Settlement
from . import dealing as _dealing
from . import limits as _limits_of
from . import playing as _playing
from . import records as _records
from . import running as _running
from . import showdown as _showdowns
from . import stud
from .act import act as _act
from .actions import NOBODY, Legal, RaiseRange
from .arguments import GAMES, MAX_PLAYERS, MAX_SEAT
from .arguments import setup as _setup
from .deck import Deck
from .options import TDA, Options
from .phases import BET, DEAL, DRAW, OVER, SHOWDOWN
from .playing import Rescale
from .timeout import time_out as _time_out
from .view import View
from .view import view as _view

__all__ = ["GAMES", "MAX_PLAYERS", "MAX_SEAT", "Hand", "Rescale"]

STREET_NAMES = ("pre-flop", "flop", "turn", "river")
#: Why a raise is refused when nobody could call it (a replay accepts one: :meth:`Hand._raise`).
_NAMES = {"board": STREET_NAMES, "stud": stud.STREET_NAMES,
          "draw": ("pre-draw", "first draw", "second draw", "third draw")}


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

    __slots__ = ("variant", "options", "replay", "seats", "button", "_pos", "n", "unit", "fixed", "pot_limit",
                 "steps", "starting", "blinds", "antes", "dead", "posts", "_opening", "bring_in_amount", "_stacks", "_bets", "_put",
                 "_folded", "_live", "_faced",
                 "_hole", "_board", "_seen", "_need", "_need_board", "_deck", "_street", "_phase", "_pending",
                 "_top", "_full", "_rep_full", "_step", "_raises", "_aggressor", "_all_in", "_queue", "_shown",
                 "_log", "_settled", "_settled_at", "scale", "_names", "_up", "_up_known", "_got",
                 "_bring_in_due", "_completion", "_free_opener", "_draw_order", "_discarded", "_dealt", "_pool",
                 "_draws_later", "_runs", "_run_from", "_run_cards", "_run_owed", "_run_result")

    def __init__(self, game: str, stacks: Mapping[int, int] | Sequence[int], *, button: int | None = None,
                 blinds: Sequence[int] | Mapping[int, int] = (), straddles: Sequence[int] = (), ante: int = 0,
                 big_blind_ante: int = 0, dead: Mapping[int, int] | None = None,
                 posts: Mapping[int, int] | None = None, bring_in: int = 0,
                 min_bet: int | None = None, small_bet: int | None = None, big_bet: int | None = None,
                 chip_unit: int = 1, options: Options = TDA,
                 rng: random.Random | None = None, deck: str | Sequence[str] | Deck | None = None,
                 manual: bool = False) -> None:
        self._start(*_setup(game, stacks, button, blinds, straddles, ante, big_blind_ante, dead, posts, bring_in,
                            min_bet, small_bet, big_bet, chip_unit, options, rng, deck, manual))

    def _start(self, v: Variant, options: Options, seats: Sequence[int], starts: Sequence[int],
               antes_due: Sequence[int], blinds_due: Sequence[int], bba_at: int, steps: tuple[int, int], unit: int,
               source: Deck | None, button: int, dead_due: Sequence[int] | None = None, bring_in: int = 0,
               posts_due: Sequence[int] | None = None) -> None:
        """Post the forced bets and deal: the common start of a live hand and a replay (checked values)."""
        n = len(seats)
        self.variant = v
        self.options = options
        self.replay = replay = options.mode == "replay"
        self.seats = tuple(seats)
        self.button = button
        self._pos = {s: p for p, s in enumerate(seats)}
        self.n = n
        self.unit = unit
        self.fixed = v.betting == "fixed-limit"
        self.pot_limit = v.betting == "pot-limit"
        self.steps = steps
        self.starting = tuple(starts)
        self.blinds = tuple(blinds_due)
        self.posts = tuple(posts_due) if posts_due else (0,) * n
        # who opens pre-flop: after the largest blind or straddle, a live post aside (it is no blind)
        self._opening = [b - q for b, q in zip(blinds_due, self.posts)]
        antes, bets, stacks, dead = [0] * n, [0] * n, [0] * n, [0] * n
        for p in range(n):
            s = starts[p]
            if p == bba_at and not replay:  # TDA 2024: a short big blind posts the blind before the ante
                b = min(blinds_due[p], s)
                a = min(antes_due[p], s - b)
            else:
                a = min(antes_due[p], s)
                b = min(blinds_due[p], s - a)
            d = min(dead_due[p], s - a - b) if dead_due else 0  # dead chips come after the live blind
            antes[p], bets[p], stacks[p], dead[p] = a, b, s - a - b - d, d
        self.antes = tuple(antes)
        self.dead = tuple(dead)
        self._bets, self._stacks = bets, stacks
        self._put = [a + d for a, d in zip(antes, dead)] if dead_due else antes
        self._folded = [False] * n
        self._live = n
        self._faced = [-1] * n
        self._hole: list[list[int | None]] = [[] for _ in range(n)]
        self._board: list[int] = []
        self._seen: set[int] = set()
        self._need = [0] * n
        self._need_board = 0
        self._deck = source
        self._street = -1
        self._phase = DEAL
        self._pending: list[int] = []
        self._top = self._full = self._rep_full = self._step = self._raises = 0
        self._aggressor = -1
        self._all_in = False
        self._runs = 0  # how many times the board is run (0: not chosen, run once)
        self._run_from = -1  # board cards out when nobody could bet any more
        self._run_cards: list[list[int]] = []  # the cards of runs 2 and 3
        self._run_owed = 0  # board cards still to deal for runs 2 and 3 (manual=True)
        self._run_result: RunsSettlement | None = None
        self._queue: list[int] = []
        self._shown = [False] * n
        self._log: list[str] = []
        self._settled: Settlement | None = None
        self._settled_at = -1
        self.scale = 0  # a live hand; a replay (phh.start) sets the record's scale: units of 1/scale
        self.bring_in_amount = bring_in
        self._names = _NAMES[v.kind]
        self._up: list[list[int]] = [[] for _ in range(n)]  # stud: the up cards
        self._up_known = [True] * n
        self._got = [0] * n  # stud: cards dealt to each player on this street
        self._bring_in_due = self._completion = self._free_opener = False
        self._draw_order: list[int] = []
        self._discarded: set[int] = set()  # draw games: cards discarded (and not dealt again)
        self._dealt = 0  # cards dealt, as the replayer counts them (to know when the deck has run out)
        self._pool: list[int] = []  # a live draw game's discards, to reshuffle when the deck runs out
        self._draws_later = _draws_later(v)
        self._next_street()

    # -- what a server reads ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (bet, draw, or show or muck at showdown), or ``None`` (dealing, or over).
        (A replay of a stud record whose up cards are unknown lets any player open: the first
        player who may is given.)"""
        if self._phase is BET:
            return self.seats[self._pending[0]]
        if self._draw_order:
            return self.seats[self._draw_order[0]]
        if self._queue:
            return self.seats[self._queue[0]]
        return None

    @property
    def openers(self) -> tuple[int, ...]:
        """The seats that may act now: ``(to_act,)``, or ``()``; in a replay of a stud record whose up
        cards are unknown, every player who may open the round (the record says who did)."""
        if self._free_opener:
            return tuple(self.seats[p] for p in self._pending)
        who = self.to_act
        return () if who is None else (who,)

    @property
    def over(self) -> bool:
        """The hand is finished: :attr:`settlement` is ready.  (In replay mode, also at showdown,
        where a recorded show or muck may still follow.)"""
        return (self._phase is OVER or (self._phase is SHOWDOWN and self.replay)) and not self._run_owed

    @property
    def street(self) -> int:
        """The betting round: 0 pre-flop, 1 flop, 2 turn, 3 river (4 at showdown); stud 0 third
        street to 4 seventh street (5 at showdown); draw games 0 before the first draw, then one
        more after each draw."""
        return self._street

    @property
    def street_name(self) -> str:
        """``"pre-flop"``, ``"flop"``, ``"turn"``, ``"river"``; ``"third street"`` ...
        ``"seventh street"``; ``"pre-draw"``, ``"first draw"`` ... ``"third draw"``; or ``"showdown"``."""
        s = self._street
        return self._names[s] if s < len(self._names) else "showdown"

    @property
    def phase(self) -> str:
        """``"deal"`` (cards owed, ``manual=True``), ``"bet"``, ``"draw"`` (a player to draw, or
        replacement cards owed), ``"showdown"`` or ``"over"``."""
        return self._phase

    @property
    def pot(self) -> int:
        """Every chip in the middle: antes, earlier rounds and this round's bets."""
        return sum(self._put) + sum(self._bets)

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips not yet put in."""
        return dict(zip(self.seats, self._stacks))

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's bet in this betting round."""
        return dict(zip(self.seats, self._bets))

    @property
    def contributed(self) -> dict[int, int]:
        """Each seat's chips put in during the hand, antes included."""
        return {s: p + b for s, p, b in zip(self.seats, self._put, self._bets)}

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that folded (or mucked at showdown)."""
        return tuple(s for s, f in zip(self.seats, self._folded) if f)

    @property
    def board(self) -> str:
        """The board, e.g. ``"AsKd7c"``."""
        return "".join(map(card_text, self._board))

    def cards(self, seat: int) -> str:
        """A seat's hole cards as text (stud: every card, in the order dealt), ``??`` for a card
        not known (a replay)."""
        return "".join("??" if c is None else card_text(c) for c in self._hole[self._position(seat)])

    def up_cards(self, seat: int) -> str:
        """Stud: a seat's cards dealt face up, as text (other games: ``""``)."""
        return "".join(map(card_text, self._up[self._position(seat)]))

    @property
    def actions(self) -> tuple[str, ...]:
        """Everything that happened, as PHH actions (``pN`` is the N-th seat from the button's left)."""
        return tuple(self._log)

    @property
    def owed(self) -> tuple[dict[int, int], int]:
        """Cards the caller must deal now (``manual=True``): hole cards by seat (a draw game's
        replacement cards too), and board cards."""
        if self._run_owed and (self._phase is OVER or self._phase is SHOWDOWN):  # runs 2, 3 (run_it)
            runs, sizes = self._run_cards, self._run_sizes()
            have = len(runs[-1]) if runs and len(runs[-1]) < sum(sizes) else 0
            step = dealt = 0
            while dealt < have:
                dealt += sizes[step]
                step += 1
            return {}, sizes[step]
        if self._phase is not DEAL and self._phase is not DRAW:
            return {}, 0
        return {self.seats[p]: k for p, k in enumerate(self._need) if k}, self._need_board

    def legal_actions(self) -> Legal:
        """What the player to act may do, with the amounts (:class:`Legal`).  Nobody to act:
        ``Legal(seat=None)`` with everything refused."""
        if self._phase is BET:
            p = self._pending[0]
            owe = self._top - self._bets[p]
            stack = self._stacks[p]
            lim = self._limits(p)
            if self._bring_in_due:  # stud: bring in or complete; no fold, no check
                forced = self.bring_in_amount
                return Legal(self.seats[p], bring_in=forced if forced < stack else stack,
                             raise_to=None if isinstance(lim, str) else RaiseRange(lim[1], lim[2]),
                             no_raise=lim if isinstance(lim, str) else None)
            if isinstance(lim, str):
                return Legal(self.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                             no_raise=lim)
            return Legal(self.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                         RaiseRange(lim[1], lim[2]))
        if self._draw_order:
            p = self._draw_order[0]
            return Legal(self.seats[p], draw=len(self._hole[p]))
        if self._queue:
            return Legal(self.seats[self._queue[0]], show=True, muck=True)
        if self.replay and (self._phase is SHOWDOWN or self._phase is OVER):
            return Legal(None, show=True, muck=True)  # replay mode: any live player may still show or muck
        return NOBODY

    @property
    def running_out(self) -> bool:
        """Nobody can bet any more (at most one player with chips left): the board is dealt out
        without betting (in replay mode a recorded show may come while it is)."""
        return self._all_in

    @property
    def runs(self) -> int:
        """How many times the board is run: 1, or what :meth:`run_it` chose."""
        return self._runs or 1

    # the board run more than once: running.py
    can_run_it = _running.can_run_it
    run_it = _running.run_it
    _run_sizes = _running.run_sizes
    _deal_run = _running.deal_run

    def replay_cover(self) -> int | None:
        """Replay mode: the street total below ``legal_actions().raise_to.min_to`` that a recorded
        raise may still go to (exactly what the deepest opponent can match, as records write it);
        ``None`` when there is none (always in live play)."""
        if not self.replay or self._phase is not BET:
            return None
        p = self._pending[0]
        lim = self._limits(p)
        if isinstance(lim, str):
            return None
        to = self._cover(p)
        return to if to < lim[1] else None

    # -- a server's entry points (their own modules) --------------------------------------------------

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see of the hand (``None``: an observer): the PHH lines with other
        players' hidden cards as ``??``, the public state, and the seat's legal actions on its turn
        (:class:`~pokerengine.live.view.View`)."""
        return _view(self, seat)

    def act(self, seat: int, verb: str, amount: object = None) -> tuple[str, ...]:
        """Apply a client's action: ``verb`` one of the legal actions' JSON keys (``fold``, ``check``,
        ``call``, ``raise`` to ``amount``, ``bring_in``, ``draw`` the cards in ``amount``, ``show``,
        ``muck``), every argument checked first (:func:`pokerengine.live.act.act`)."""
        return _act(self, seat, verb, amount)

    def time_out(self, seat: int) -> tuple[str, ...]:
        """The player to act ran out of time: check when free, else fold (bring in, stand pat, show a
        winning hand or muck; :func:`pokerengine.live.timeout.time_out`)."""
        return _time_out(self, seat)

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
        return self._do(seat, "cbr", min(self.steps[0], self._stacks[p] + self._bets[p]))

    def draw(self, seat: int, cards: str | Sequence[str] = "") -> tuple[str, ...]:
        """Draw games: discard ``cards`` (text such as ``"Kd9h"``, or a list; ``""``: stand pat) and,
        unless the caller deals (``manual=True``), be dealt as many (PHH ``sd``, then ``d dh``)."""
        p = self._position(seat)
        start = len(self._log)
        self._draw(p, _cards_arg(cards) if cards != "" else ())
        return tuple(self._log[start:])

    def stand_pat(self, seat: int) -> tuple[str, ...]:
        """Draw games: draw no cards."""
        return self.draw(seat, "")

    def show(self, seat: int, cards: str | Sequence[str] | None = None) -> tuple[str, ...]:
        """Show at showdown.  ``cards``: in replay mode, the cards shown (revealing unknown ones)."""
        p = self._position(seat)
        start = len(self._log)
        shown_cards = None if cards is None else _cards_arg(cards)
        self._show_or_muck(p, shown_cards, cards is None)
        return tuple(self._log[start:])

    def muck(self, seat: int) -> tuple[str, ...]:
        """Muck at showdown: the hand concedes every pot (TDA 16)."""
        p = self._position(seat)
        start = len(self._log)
        self._show_or_muck(p, None, False)
        return tuple(self._log[start:])

    def deal_hole(self, seat: int, cards: str | Sequence[str]) -> tuple[str, ...]:
        """Deal hole cards to a seat (``manual=True``)."""
        p = self._position(seat)
        start = len(self._log)
        self._deal_hole(p, _cards_arg(cards))
        return tuple(self._log[start:])

    def deal_board(self, cards: str | Sequence[str]) -> tuple[str, ...]:
        """Deal board cards (``manual=True``)."""
        start = len(self._log)
        self._deal_board(_cards_arg(cards))
        return tuple(self._log[start:])

    # a PHH action's text (playing.py): play("p3 cbr 300")
    play = _playing.play
    _implied_check = _playing.implied_check
    _amount = _playing.amount

    # -- betting ------------------------------------------------------------------------------------

    def _do(self, seat: int, verb: str, to: object = None) -> tuple[str, ...]:
        p = self._position(seat)
        if verb == "cbr":
            if type(to) is not int:
                to = chips(to, "a bet or raise", error=IllegalActionError)
            elif to < 0 or to > 2**63 - 1:
                to = chips(to, "a bet or raise", error=IllegalActionError)
        start = len(self._log)
        self._bet(p, verb, to)  # type: ignore[arg-type]
        return tuple(self._log[start:])

    def _bet(self, p: int, verb: str, to: int | None = None) -> None:
        """A betting action of position ``p``, every rule checked before anything changes."""
        if self._phase is not BET:
            raise self._illegal(p, f"no betting now ({self._phase_text()})")
        pending = self._pending
        if self._free_opener and p in pending:  # replay: up cards unknown, whoever acts first opens
            k = pending.index(p)
            self._pending = pending[k:] + pending[:k]
            self._free_opener = False
            try:
                self._bet(p, verb, to)
            except BaseException:  # refused (or played again in a finer unit): as it was
                self._pending, self._free_opener = pending, True
                raise
            return
        if pending[0] != p:
            if self._folded[p]:
                raise self._illegal(p, "has folded")
            if not self._stacks[p]:
                raise self._illegal(p, "is all-in")
            raise self._illegal(p, f"out of turn: seat {self.seats[pending[0]]} is to act (TDA 53)")
        if verb == "cbr":
            self._raise(p, to)  # type: ignore[arg-type]
            return
        bets, stacks, top = self._bets, self._stacks, self._top
        if self._bring_in_due:
            if verb != "pb":
                raise self._illegal(p, f"stud: the bring-in must bring in ({self.bring_in_amount}) or complete "
                                       f"to the small bet ({self.steps[0]}), not {_VERBS.get(verb, verb)}")
            stack = stacks[p]
            pay = self.bring_in_amount if self.bring_in_amount < stack else stack
            bets[p] += pay
            stacks[p] = stack - pay
            if pay > top:
                self._top = top = pay
            self._bring_in_due = False
            self._log.append(f"p{p + 1} pb")
        elif verb == "pb":
            raise self._illegal(p, "no bring-in is due")
        elif verb == "f":
            self._folded[p] = True
            self._live -= 1
            self._log.append(f"p{p + 1} f")
        else:
            owe = top - bets[p]
            if owe and verb == "check":
                raise self._illegal(p, f"cannot check: {min(owe, stacks[p])} to call")
            if not owe and verb == "call":
                raise self._illegal(p, "nothing to call: check")
            if owe:
                stack = stacks[p]
                pay = owe if owe < stack else stack
                bets[p] += pay
                stacks[p] = stack - pay
            self._log.append(f"p{p + 1} cc")
        del pending[0]
        self._faced[p] = top
        if self._live == 1 or not pending:
            self._end_betting()
        else:  # a short blind's full amount is owed while somebody else could still bet it
            self._top = rules.owed_top(top, pending[0], bets, stacks, self._folded)

    def _raise(self, p: int, to: int) -> None:
        lim = self._limits(p)
        if isinstance(lim, str):
            if not (lim is _limits_of.NOBODY_TO_CALL and self.replay and self._top < to <= self._stacks[p] + self._bets[p]):
                raise self._illegal(p, lim)
            lim = (to, to, to)  # a replay accepts it, as the sites do: the raise comes back uncalled
        least, low, high = lim
        bets, stacks, top = self._bets, self._stacks, self._top
        most = stacks[p] + bets[p]
        double = self.fixed and to > high and to == top + self.steps[1] and to <= most and self._open_pair_double()
        if double:  # seven card stud: an open pair on fourth street allows the big bet (house rule, PokerStars)
            high = low = to
        if to > high:
            if to > most:
                raise self._illegal(p, f"bets {to} with only {most} (stack plus bet): table stakes")
            if self.fixed:
                raise self._illegal(p, f"fixed limit: a bet or raise here is to exactly {low}, not {to}")
            raise self._illegal(p, f"pot limit: a raise is at most to {high} (the pot after calling), not {to}")
        if to < low and not (self.replay and self._replay_accepts(p, to)):
            if self._completion:
                raise self._illegal(p, f"stud: completing the bring-in is to the small bet ({least}), or all-in, "
                                       f"not {to}")
            raise self._illegal(p, rules.below_minimum(to, least, least - top, top == 0))
        if to % self.unit and to != most:
            raise self._illegal(p, f"amounts are whole chips of {self.unit}; {to} is not")
        size = to - top
        stacks[p] = most - to
        bets[p] = to
        if size >= self._rep_full:
            self._rep_full = size
        if size >= self._full and not self.fixed:
            self._full = size
        if double:  # from now on this street's bets and raises are big bets
            self._step = self._full = self.steps[1]
        self._top = to
        self._raises += 1
        self._aggressor = p
        if self._completion:  # the first bet of third street: the bring-in is over
            self._completion = self._bring_in_due = False
            if to >= least:  # a full completion reopens the betting for everyone
                self._faced = [-1] * self.n
        self._faced[p] = to
        folded = self._folded
        self._pending = [j for j in AFTER[self.n][p] if stacks[j] and not folded[j]]
        self._log.append(f"p{p + 1} cbr {to}")
        if not self._pending:  # replay: a raise when everyone else is all in (it comes back uncalled)
            self._end_betting()

    # the bounds of a bet or raise (limits.py)
    _limits = _limits_of.limits
    _open_pair_double = _limits_of.open_pair_double
    # what a replay accepts of the records that live play refuses (records.py)
    _replay_accepts = _records.replay_accepts
    _fold_all_in = _records.fold_all_in

    def _cover(self, p: int) -> int:
        """What the deepest opponent can match (replay mode accepts a raise to exactly that)."""
        bets, stacks, folded = self._bets, self._stacks, self._folded
        return max([stacks[j] + bets[j] for j in AFTER[self.n][p] if not folded[j]])

    def _begin_betting(self) -> None:
        self._phase = BET
        street = self._street
        self._step = step = self.steps[1] if self.variant.streets[street].big else self.steps[0]
        self._raises = self._rep_full = owed = 0
        self._aggressor = -1
        self._faced = [-1] * self.n
        if self.variant.kind == "stud":  # the up cards say who opens (stud.py)
            first = stud.opener(self._up, self._up_known, self._folded, low=self.variant.opening == "low",
                                third=street == 0)
            self._free_opener = first is None  # a replay with unknown up cards: whoever acts first opens
            opener = first or 0
            self._full = step
            self._bring_in_due = self._completion = street == 0 and self.bring_in_amount > 0
        elif street == 0:
            opener = position_opener(self._opening, self._bets)  # a short blind's full amount is owed (rules.py)
            self._full, self._raises, owed = rules.first_round(self.blinds, self._bets, step, self.fixed, self.replay,
                                                               self.options.full_blind)
        else:
            opener = 0
            self._full = step
        self._top, self._pending = round_start(opener, self._bets, self._stacks, self._folded, owed)
        if not self._pending:
            self._bring_in_due = self._completion = self._free_opener = False
            self._end_betting()

    def _end_betting(self) -> None:
        n = self.n
        if self._top:
            put, bets = self._put, self._bets
            for i in range(n):
                put[i] += bets[i]
                bets[i] = 0
            self._top = 0
        self._pending = []
        if self._live <= 1:
            self._phase = OVER
            return
        stacks, folded = self._stacks, self._folded
        with_chips = 0
        for i in range(n):
            if stacks[i] and not folded[i]:
                with_chips += 1
        if with_chips <= 1 and not self._all_in and not self._draws_later[self._street]:
            # nobody can bet any more (and nobody draws): run the cards out
            self._all_in = True
            self._run_from = len(self._board)
            if not self.replay:
                self._table_all()  # TDA 16: all hands face up once a player is all-in and betting is over
        self._next_street()

    # -- dealing and drawing (dealing.py), the showdown (showdown.py) ----------------------------------

    _next_street = _dealing.next_street
    _street_dealt = _dealing.street_dealt
    _check_new = _dealing.check_new
    _deal_hole = _dealing.deal_hole
    _dealing_done = _dealing.dealing_done
    _draw = _dealing.draw
    _from_deck = _dealing.from_deck
    _deal_board = _dealing.deal_board

    _showdown = _showdowns.showdown
    _first_to_show = _showdowns.first_to_show
    _table_all = _showdowns.table_all
    _show_or_muck = _showdowns.show_or_muck

    # -- the result ---------------------------------------------------------------------------------

    @property
    def settlement(self) -> Settlement:
        """The settled hand, through :func:`pokerengine.settle` (the hand must be over).

        Seats in clockwise order from the button's left; antes are dead money (unless
        ``ante_trimming``), so a seat's ``contributed`` leaves them out and ``dead`` holds them.
        """
        if not self.over:
            raise IllegalActionError(f"the hand is not over ({self._phase_text()})")
        if self._settled_at == len(self._log):
            return self._settled  # type: ignore[return-value]
        result = _showdowns.settle_hand(self)
        self._settled, self._settled_at = result, len(self._log)
        return result

    @property
    def run_settlement(self) -> RunsSettlement | None:
        """A hand run more than once: every run's board, parts and winners
        (:class:`~pokerengine.runs.RunsSettlement`); ``None`` for a hand run once."""
        if self._runs < 2:
            return None
        self.settlement  # noqa: B018  (settles, or checks the hand is over)
        return self._run_result

    @property
    def final_stacks(self) -> dict[int, int]:
        """Each seat's stack after the settlement."""
        payouts = self.settlement.payouts
        return {s: self._stacks[p] + payouts[s] for p, s in enumerate(self.seats)}

    def history(self, **fields: object) -> HandHistory:
        """The hand as a PHH :class:`~pokerengine.phh.HandHistory` (``finishing_stacks`` once
        over); ``fields`` adds optional PHH fields (``players=...``, ``event=...``)."""
        from .phh import to_history

        return to_history(self, **fields)

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of the hand's state as one comparable value (for audits and tests)."""
        return (self._phase, self._street, tuple(self._stacks), tuple(self._bets), tuple(self._put),
                tuple(self._folded), self._live, tuple(self._faced), tuple(map(tuple, self._hole)), tuple(self._board),
                tuple(sorted(self._seen)), tuple(self._need), self._need_board, tuple(self._pending), self._top,
                self._full, self._rep_full, self._step, self._raises, self._aggressor, self._all_in, tuple(self._queue),
                tuple(self._shown), tuple(self._log), None if self._deck is None else self._deck.remaining,
                tuple(map(tuple, self._up)), tuple(self._up_known), tuple(self._got), self._bring_in_due,
                self._completion, self._free_opener, tuple(self._draw_order), tuple(sorted(self._discarded)),
                self._dealt, tuple(self._pool), self._runs, self._run_from, tuple(map(tuple, self._run_cards)),
                self._run_owed)

    # -- helpers ------------------------------------------------------------------------------------

    def _position(self, seat: object) -> int:
        p = self._pos.get(seat) if type(seat) is int else None
        if p is None:
            raise IllegalActionError(f"seat {shown(seat)} is not in this hand (seats {list(self.seats)})")
        return p

    def _illegal(self, p: int, message: str) -> IllegalActionError:
        return IllegalActionError(f"seat {self.seats[p]}: {message}")

    def _phase_text(self) -> str:
        if self._phase is BET:
            return f"betting on the {self.street_name}"
        if self._phase is DRAW:
            return f"drawing on the {self.street_name}"
        if self._phase is DEAL:
            return f"dealing the {self.street_name}"
        if self._phase is SHOWDOWN:
            return "showdown"
        return "the hand is over"

    def __repr__(self) -> str:
        who = self.to_act
        state = "over" if self.over else (f"seat {who} to act" if who is not None else self._phase_text())
        return f"<Hand {self.variant.code} {self.n} players, {self.street_name}, pot {self.pot}, {state}>"



_VERBS = {"f": "fold", "cc": "check or call", "check": "check", "call": "call"}


def _draws_later(v: Variant) -> tuple[bool, ...]:
    """Per street: whether a draw comes on a later street (betting goes on while players draw)."""
    st = v.streets
    return tuple(any(s.draw for s in st[k + 1 :]) for k in range(len(st)))


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
