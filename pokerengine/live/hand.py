"""One live hand of a flop game, from the deal to the settlement: whose turn, what is legal, what happened.

:class:`Hand` runs no-limit, pot-limit and fixed-limit hold'em (PHH ``NT``, ``FT``), short-deck
hold'em (``NS``), pot-limit Omaha (``PO``) and fixed-limit Omaha hi/lo (``FO/8``), with antes, a
big blind ante, blinds, straddles, a button (dead or not) and a chip unit.  It tells whose turn it
is (:attr:`Hand.to_act`), the street, the pot, and the legal actions with their amounts
(:meth:`Hand.legal_actions`); it applies an action or refuses it with
:class:`~pokerengine.errors.IllegalActionError` naming the rule, changing nothing.  A finished
hand gives its :class:`~pokerengine.Settlement` (through :func:`pokerengine.settle`) and its PHH
record (:meth:`Hand.history`).  The rules are in :mod:`pokerengine.live.rules`.

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

Limits: at most :data:`MAX_PLAYERS` players (fewer when one deck cannot deal them all), seat
numbers up to :data:`MAX_SEAT`, every amount at most ``2**63 - 1`` chips.  Each action takes time
linear in the number of players; the settlement is one call of :func:`pokerengine.settle`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .._checks import chips, shown
from ..cards import card_text, parse_cards, rank
from ..errors import CardError, HistoryParseError, IllegalActionError, PokerEngineError
from ..history.amounts import MAX_SCALE, decimals, units
from ..history.amounts import amount as parse_amount
from ..history.notation import compile_action
from ..history.record import HandHistory
from ..history.variants import VARIANTS, Variant
from ..seats import Seat
from ..settlement import Settlement, settle
from . import rules
from .actions import NOBODY, Legal, RaiseRange
from .deck import Deck
from .options import TDA, Options
from .rules import AFTER, clockwise, position_opener, round_start

#: The PHH variant codes a live hand plays this version (stud and draw games come later).
GAMES = ("NT", "NS", "FT", "PO", "FO/8")
STREET_NAMES = ("pre-flop", "flop", "turn", "river")
MAX_PLAYERS = 23
"""Most players in one hand (hold'em from one 52-card deck; Omaha and short deck allow fewer)."""
MAX_SEAT = 1000
"""Highest seat number."""
MAX_ACTION_TEXT = 400
"""Longest PHH action text :meth:`Hand.play` reads."""

DEAL, BET, SHOWDOWN, OVER = "deal", "bet", "showdown", "over"


def _fail(message: str) -> PokerEngineError:
    return PokerEngineError(message)


class Hand:
    """A hand in play.  Seats are the table's seat numbers; clockwise is increasing seat number.

    ``game``: a PHH code from :data:`GAMES`.  ``stacks``: ``{seat: chips}``, or a list for seats
    1, 2, ...  ``button``: a seat number (default: the highest seat); it may be an empty seat (a
    dead button).  ``blinds``: ``(small, big)`` (heads-up the button posts the small blind,
    TDA 34; a small blind of 0 means none), or ``{seat: amount}`` for any arrangement;
    ``straddles``: amounts posted after the big blind, in turn.  ``ante``: every player's;
    ``big_blind_ante``: one ante paid by the big blind for the table (blind first when short,
    TDA 2024).  ``min_bet`` (no limit, pot limit; default the big blind), ``small_bet`` and
    ``big_bet`` (fixed limit; default the big blind and twice that).  ``chip_unit``: the smallest
    chip; every stack and amount is a multiple of it.  ``options``: :class:`Options`.

    Cards: by default the hand shuffles a deck with :class:`secrets.SystemRandom` and deals;
    ``rng=random.Random(seed)`` shuffles repeatably; ``deck="AsKd..."`` (or a :class:`Deck`) deals
    a server's own order; ``manual=True`` lets the caller deal (:meth:`deal_hole`,
    :meth:`deal_board`), as a replay does.
    """

    __slots__ = ("variant", "options", "replay", "seats", "button", "_pos", "n", "unit", "fixed", "pot_limit",
                 "steps", "starting", "blinds", "antes", "_stacks", "_bets", "_put", "_folded", "_live", "_faced",
                 "_hole", "_board", "_seen", "_need", "_need_board", "_deck", "_street", "_phase", "_pending",
                 "_top", "_full", "_rep_full", "_step", "_raises", "_aggressor", "_all_in", "_queue", "_shown",
                 "_log", "_settled", "_settled_at", "scale")

    def __init__(self, game: str, stacks: Mapping[int, int] | Sequence[int], *, button: int | None = None,
                 blinds: Sequence[int] | Mapping[int, int] = (), straddles: Sequence[int] = (), ante: int = 0,
                 big_blind_ante: int = 0, min_bet: int | None = None, small_bet: int | None = None,
                 big_bet: int | None = None, chip_unit: int = 1, options: Options = TDA,
                 rng: random.Random | None = None, deck: str | Sequence[str] | Deck | None = None,
                 manual: bool = False) -> None:
        v = _variant(game)
        if type(options) is not Options:
            raise _fail(f"options must be a pokerengine.live.Options, got {shown(options)}")
        unit = chips(chip_unit, "chip_unit", error=PokerEngineError, positive=True)
        seats, starts, button = _seating(stacks, button, unit)
        n = len(seats)
        blinds_due, big_blind, bb_at = _blinds(blinds, straddles, seats, unit)
        ante = _amount(ante, "ante", unit)
        bba = _amount(big_blind_ante, "big_blind_ante", unit)
        antes_due = [ante] * n
        bba_at = -1
        if bba:
            if ante:
                raise _fail("give either ante (every player's) or big_blind_ante (the big blind's), not both")
            if options.ante_trimming:
                raise _fail("a big blind ante is dead money: it cannot go with ante_trimming=True")
            if bb_at < 0:
                raise _fail("a big blind ante needs a big blind")
            bba_at = bb_at
            antes_due[bba_at] = bba
        steps = _steps(v, min_bet, small_bet, big_bet, big_blind, unit)
        if type(manual) is not bool:
            raise _fail(f"manual must be True or False, got {shown(manual)}")
        if manual:
            if deck is not None or rng is not None:
                raise _fail("manual=True deals no cards itself: give neither deck nor rng")
            source = None
        elif deck is not None:
            if rng is not None:
                raise _fail("give either deck (the cards in order) or rng (to shuffle), not both")
            source = deck if isinstance(deck, Deck) else Deck.of(deck)
            source.check_game(v.lowest_rank)
        else:
            source = Deck.shuffled(rng, short=v.lowest_rank > 0)
        holes = len(v.streets[0].hole)
        needed = holes * n + sum(s.board for s in v.streets) + (0 if manual else 3)
        if needed > (36 if v.lowest_rank else 52):
            raise _fail(f"{n} players are too many for {v.name} from one deck")
        if source is not None and source.remaining < needed:
            raise CardError(f"the deck has {source.remaining} cards; this hand may need {needed}")
        self._start(v, options, seats, starts, antes_due, blinds_due, bba_at, steps, unit, source, button)

    def _start(self, v: Variant, options: Options, seats: Sequence[int], starts: Sequence[int],
               antes_due: Sequence[int], blinds_due: Sequence[int], bba_at: int, steps: tuple[int, int], unit: int,
               source: Deck | None, button: int) -> None:
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
        antes, bets, stacks = [0] * n, [0] * n, [0] * n
        for p in range(n):
            s = starts[p]
            if p == bba_at and not replay:  # TDA 2024: a short big blind posts the blind before the ante
                b = min(blinds_due[p], s)
                a = min(antes_due[p], s - b)
            else:
                a = min(antes_due[p], s)
                b = min(blinds_due[p], s - a)
            antes[p], bets[p], stacks[p] = a, b, s - a - b
        self.antes = tuple(antes)
        self._bets, self._stacks, self._put = bets, stacks, antes
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
        self._queue: list[int] = []
        self._shown = [False] * n
        self._log: list[str] = []
        self._settled: Settlement | None = None
        self._settled_at = -1
        self.scale = 0  # a live hand; a replay (phh.start) sets the record's scale: units of 1/scale
        self._next_street()

    # -- what a server reads ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (bet, or show or muck at showdown), or ``None`` (dealing, or over)."""
        if self._phase is BET:
            return self.seats[self._pending[0]]
        if self._queue:
            return self.seats[self._queue[0]]
        return None

    @property
    def over(self) -> bool:
        """The hand is finished: :attr:`settlement` is ready.  (In replay mode, also at showdown,
        where a recorded show or muck may still follow.)"""
        return self._phase is OVER or (self._phase is SHOWDOWN and self.replay)

    @property
    def street(self) -> int:
        """The betting round: 0 pre-flop, 1 flop, 2 turn, 3 river (4 at showdown)."""
        return self._street

    @property
    def street_name(self) -> str:
        """``"pre-flop"``, ``"flop"``, ``"turn"``, ``"river"`` or ``"showdown"``."""
        s = self._street
        return STREET_NAMES[s] if s < len(STREET_NAMES) else "showdown"

    @property
    def phase(self) -> str:
        """``"deal"`` (cards owed, ``manual=True``), ``"bet"``, ``"showdown"`` or ``"over"``."""
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
        """A seat's hole cards as text, ``??`` for a card not known (a replay)."""
        return "".join("??" if c is None else card_text(c) for c in self._hole[self._position(seat)])

    @property
    def actions(self) -> tuple[str, ...]:
        """Everything that happened, as PHH actions (``pN`` is the N-th seat from the button's left)."""
        return tuple(self._log)

    @property
    def owed(self) -> tuple[dict[int, int], int]:
        """Cards the caller must deal now (``manual=True``): hole cards by seat, and board cards."""
        if self._phase is not DEAL:
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
            if isinstance(lim, str):
                return Legal(self.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                             None, False, False, lim)
            return Legal(self.seats[p], True, not owe, (owe if owe < stack else stack) if owe else None,
                         RaiseRange(lim[1], lim[2]))
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

    def play(self, text: str) -> tuple[str, ...]:
        """Apply one PHH action, e.g. ``"p3 cbr 300"`` or ``"d db AsKd7c"`` (``pN``: the N-th seat
        from the button's left).  Malformed text: :class:`~pokerengine.errors.HistoryParseError`."""
        if type(text) is not str:
            raise HistoryParseError(f"a PHH action is text, got {shown(text)}")
        if len(text) > MAX_ACTION_TEXT:
            raise HistoryParseError(f"a PHH action has at most {MAX_ACTION_TEXT} characters, got {len(text)}")
        a = compile_action(text)
        verb = a[0]
        start = len(self._log)
        if verb == "noop":
            return ()
        if verb == "db":
            self._deal_board(a[1])
            return tuple(self._log[start:])
        p = a[1] - 1
        if p >= self.n:
            raise IllegalActionError(f"p{p + 1} is not in this hand ({self.n} players)")
        if verb == "dh":
            self._deal_hole(p, a[2])
        elif verb == "f" or verb == "cc":
            self._bet(p, verb)
        elif verb == "cbr":
            self._bet(p, verb, self._amount(a[2]))
        elif verb == "sm":
            self._show_or_muck(p, a[2], a[3])
        else:
            raise IllegalActionError(f"{text.strip()!r}: {self.variant.name} has no bring-in or draw")
        return tuple(self._log[start:])

    def _amount(self, text: str) -> int:
        """A ``cbr`` amount as chips: whole chips in a live hand; a replay reads the record's amounts in
        units of ``1/scale`` and asks for a finer scale (:class:`Rescale`) when one needs it."""
        if text.isascii() and text.isdigit() and len(text) <= 19:
            return int(text) * (self.scale or 1)
        if not self.scale:
            raise HistoryParseError(f"a bet amount must be whole chips (digits), got {shown(text)}")
        raw = parse_amount(text)
        to = units(raw, self.scale)
        if to is None:
            scale = max(self.scale, 10 ** decimals(raw))
            if scale > MAX_SCALE or units(raw, scale) is None:
                raise HistoryParseError(f"amount {shown(text)} is not a number of chips")
            raise Rescale(scale)
        return to

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
        if verb == "f":
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

    def _limits(self, p: int) -> tuple[int, int, int] | str:
        """``(least, min_to, max_to)`` for a bet or raise by position ``p`` (``least``: the full
        minimum), or the reason none is allowed, naming the rule."""
        fixed = self.fixed
        if fixed and self._raises >= self.options.raise_cap and (self.options.cap_heads_up or self._live > 2):
            return rules.capped(self.options.raise_cap)
        top, bets, stacks = self._top, self._bets, self._stacks
        faced = self._faced[p]
        if faced >= 0:
            t = rules.reopen_threshold(fixed, self._full, self._step, self._rep_full if self.replay else None)
            if top - faced < t:
                return rules.not_reopened(f"seat {self.seats[p]}", top - faced, t, fixed)
        bet, stack = bets[p], stacks[p]
        if stack <= top - bet:
            return "calling puts the player all-in: call or fold"
        folded = self._folded
        for j in AFTER[self.n][p]:  # is anyone left to call?
            if not folded[j] and stacks[j] + bets[j] > top:
                break
        else:
            return "nobody is left to call a raise (the others have folded or are all-in)"
        most = stack + bet
        if self.replay:
            r = self._rep_full
            least = top + (r if r > self._step else self._step)
        else:
            least = top + self._full
        low = least if most >= least else most
        if fixed:
            return least, low, low
        if self.pot_limit:
            cap = rules.pot_limit_max(top, bet, sum(self._put) + sum(bets))
            return least, low, most if most <= cap else (cap if cap > least else least)
        return least, low, most

    def _raise(self, p: int, to: int) -> None:
        lim = self._limits(p)
        if isinstance(lim, str):
            raise self._illegal(p, lim)
        least, low, high = lim
        bets, stacks, top = self._bets, self._stacks, self._top
        most = stacks[p] + bets[p]
        if to > high:
            if to > most:
                raise self._illegal(p, f"bets {to} with only {most} (stack plus bet): table stakes")
            if self.fixed:
                raise self._illegal(p, f"fixed limit: a bet or raise here is to exactly {low}, not {to}")
            raise self._illegal(p, f"pot limit: a raise is at most to {high} (the pot after calling), not {to}")
        if to < low and not (self.replay and to == self._cover(p)):
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
        self._top = to
        self._raises += 1
        self._aggressor = p
        self._faced[p] = to
        folded = self._folded
        self._pending = [j for j in AFTER[self.n][p] if stacks[j] and not folded[j]]
        self._log.append(f"p{p + 1} cbr {to}")

    def _cover(self, p: int) -> int:
        """What the deepest opponent can match (replay mode accepts a raise to exactly that)."""
        bets, stacks, folded = self._bets, self._stacks, self._folded
        return max([stacks[j] + bets[j] for j in AFTER[self.n][p] if not folded[j]])

    def _begin_betting(self) -> None:
        self._phase = BET
        street = self._street
        self._step = step = self.steps[1] if self.variant.streets[street].big else self.steps[0]
        self._raises = self._rep_full = 0
        self._aggressor = -1
        self._faced = [-1] * self.n
        if street == 0:
            opener = position_opener(self.blinds, self._bets)  # type: ignore[arg-type]
            top_blind = max(self.blinds)
            self._full = step if self.fixed or step >= top_blind else top_blind
        else:
            opener = 0
            self._full = step
        self._top, self._pending = round_start(opener, self._bets, self._stacks, self._folded)
        if not self._pending:
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
        if with_chips <= 1 and not self._all_in:  # nobody can bet any more: run the board out
            self._all_in = True
            if not self.replay:
                self._table_all()  # TDA 16: all hands face up once a player is all-in and betting is over
        self._next_street()

    # -- dealing ------------------------------------------------------------------------------------

    def _next_street(self) -> None:
        streets = self.variant.streets
        self._street += 1
        if self._street == len(streets):
            self._showdown()
            return
        st = streets[self._street]
        self._phase = DEAL
        k = len(st.hole)
        if self._deck is None:  # the caller deals
            self._need = [0 if f else k for f in self._folded]
            self._need_board = st.board
            if k or st.board:
                return
        else:
            deck, n = self._deck, self.n
            if k:
                cards = deck.deal(k * n)  # one card at a time round the table, from the button's left
                self._seen.update(cards)
                log = self._log
                for p in range(n):
                    mine = cards[p::n]
                    self._hole[p].extend(mine)
                    log.append(f"d dh p{p + 1} {''.join(map(card_text, mine))}")
            if st.board:
                deck.deal(1)  # the burn card
                cards = deck.deal(st.board)
                self._seen.update(cards)
                self._board.extend(cards)
                self._log.append(f"d db {''.join(map(card_text, cards))}")
        self._street_dealt()

    def _street_dealt(self) -> None:
        if self._all_in:
            self._next_street()
        else:
            self._begin_betting()

    def _check_new(self, cards: Sequence[int | None], known: bool) -> None:
        """New cards: in the game's deck, dealt once; unknown (``None``) only in replay mode."""
        fresh: set[int] = set()
        lowest = self.variant.lowest_rank
        for c in cards:
            if c is None:
                if known or not self.replay:
                    raise IllegalActionError("cards dealt in a live hand must be known")
                continue
            if c in self._seen or c in fresh:
                raise IllegalActionError(f"{card_text(c)} has already been dealt")
            if lowest and rank(c) < lowest:
                raise IllegalActionError(f"{card_text(c)} is not in the {self.variant.name} deck")
            fresh.add(c)

    def _deal_hole(self, p: int, cards: Sequence[int | None]) -> None:
        if self._deck is not None:
            raise IllegalActionError("this hand deals its own cards (manual=False)")
        if self._phase is not DEAL:
            raise IllegalActionError(f"no hole cards are dealt now ({self._phase_text()})")
        if self._folded[p]:
            raise self._illegal(p, "has folded")
        owed = self._need[p]
        if not cards or len(cards) > owed:
            raise self._illegal(p, f"is owed {owed} hole cards, not {len(cards)}")
        self._check_new(cards, False)
        self._seen.update(c for c in cards if c is not None)
        self._hole[p].extend(cards)
        self._need[p] = owed - len(cards)
        self._log.append(f"d dh p{p + 1} {_text(cards)}")
        if not self._need_board and not any(self._need):
            self._street_dealt()

    def _deal_board(self, cards: Sequence[int | None]) -> None:
        if self._deck is not None:
            raise IllegalActionError("this hand deals its own cards (manual=False)")
        if self._phase is not DEAL or not self._need_board:
            raise IllegalActionError(f"no board cards are dealt now ({self._phase_text()})")
        if not cards or len(cards) > self._need_board:
            raise IllegalActionError(f"the {self.street_name} has {self._need_board} board card(s) to deal, "
                                     f"not {len(cards)}")
        self._check_new(cards, True)
        self._seen.update(cards)  # type: ignore[arg-type]
        self._board.extend(cards)  # type: ignore[arg-type]
        self._need_board -= len(cards)
        self._log.append(f"d db {_text(cards)}")
        if not self._need_board and not any(self._need):
            self._street_dealt()

    # -- showdown -----------------------------------------------------------------------------------

    def _showdown(self) -> None:
        self._phase = SHOWDOWN
        if self.replay:
            return
        order = clockwise(self.n)[self._aggressor if self._aggressor >= 0 else 0]  # TDA 16
        live = [p for p in order if not self._folded[p]]
        if self.options.auto_show or self._all_in or any(not self._stacks[p] for p in live):
            self._table_all()
            self._phase = OVER
            return
        self._queue = live

    def _table_all(self) -> None:
        """Show every live hand not yet shown, the last aggressor first (TDA 16)."""
        order = clockwise(self.n)[self._aggressor if self._aggressor >= 0 else 0]
        for p in order:
            if not self._folded[p] and not self._shown[p]:
                self._shown[p] = True
                self._log.append(f"p{p + 1} sm {_text(self._hole[p])}")

    def _show_or_muck(self, p: int, cards: Sequence[int | None] | None, dealt: bool) -> None:
        """``pN sm CARDS`` (``cards``), ``pN sm -`` (``dealt``: the cards dealt), ``pN sm`` (muck)."""
        if self._folded[p]:
            raise self._illegal(p, "has folded")
        if not self.replay:
            if not self._queue:
                raise self._illegal(p, f"no showdown now ({self._phase_text()})")
            if self._queue[0] != p:
                raise self._illegal(p, f"out of turn: seat {self.seats[self._queue[0]]} shows or mucks first (TDA 16)")
            if cards is not None and sorted(cards, key=_order) != sorted(self._hole[p], key=_order):
                raise self._illegal(p, f"holds {_text(self._hole[p])}, not {_text(cards)}")
            del self._queue[0]
            if cards is None and not dealt:
                self._folded[p] = True
                self._live -= 1
                self._log.append(f"p{p + 1} sm")
                if self._live == 1:
                    self._queue = []
            else:
                self._shown[p] = True
                self._log.append(f"p{p + 1} sm {_text(self._hole[p])}")
            if not self._queue:
                self._phase = OVER
            return
        # Replay mode: whatever the record shows, whenever the hand allows it (as the PHH replayer).
        over = self._phase is OVER
        if not over and self._phase is not SHOWDOWN and not self._all_in:
            raise self._illegal(p, f"no showdown yet ({self._phase_text()})")
        hand = self._hole[p]
        if dealt:
            if None in hand:
                raise self._illegal(p, "shows '-' but some of their cards are unknown")
            self._log.append(f"p{p + 1} sm {_text(hand)}")
            return
        if cards is None:  # a muck concedes (the last player left just does not show)
            if not over:
                self._folded[p] = True
                self._live -= 1
                if self._live == 1:
                    self._phase = OVER
            self._log.append(f"p{p + 1} sm")
            return
        if len(cards) != len(hand):
            raise self._illegal(p, f"holds {len(hand)} cards but shows {len(cards)}")
        rest = list(hand)
        new = []
        for c in cards:
            if c is None:
                continue
            if c in rest:
                rest.remove(c)
            else:
                new.append(c)
        if len(new) > rest.count(None):
            raise self._illegal(p, f"shows {card_text(new[0])}, which they were not dealt")
        self._check_new(new, True)
        for c in new:
            self._seen.add(c)
            hand[hand.index(None)] = c
        self._shown[p] = True
        self._log.append(f"p{p + 1} sm {_text(cards)}")

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
        trim = self.options.ante_trimming
        seats = []
        for p in range(self.n):
            put = self._put[p] + self._bets[p] - (0 if trim else self.antes[p])
            folded = self._folded[p]
            hole = self._hole[p]
            cards = () if folded or None in hole else tuple(hole)
            seats.append(Seat(self.seats[p], put, folded, cards))  # type: ignore[arg-type]
        order = self.seats
        sb = order[1] if self.n == 2 else order[0]
        board: Sequence[Any] = tuple(self._board)  # card integers, which settle() takes as they are
        result = settle(seats, board=board, game=self.variant.game, small_blind=sb, button=order[-1],
                        dead=0 if trim else sum(self.antes), chip_unit=self.unit, odd_chip=self.options.odd_chip,
                        rake=self.options.rake)
        self._settled, self._settled_at = result, len(self._log)
        return result

    @property
    def final_stacks(self) -> dict[int, int]:
        """Each seat's stack after the settlement."""
        payouts = self.settlement.payouts
        return {s: self._stacks[p] + payouts[s] for p, s in enumerate(self.seats)}

    def history(self, **fields: object) -> HandHistory:
        """The hand as a PHH :class:`~pokerengine.history.HandHistory` (``finishing_stacks`` once
        over); ``fields`` adds optional PHH fields (``players=...``, ``event=...``)."""
        from .phh import to_history

        return to_history(self, **fields)

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of the hand's state as one comparable value (for audits and tests)."""
        return (self._phase, self._street, tuple(self._stacks), tuple(self._bets), tuple(self._put),
                tuple(self._folded), self._live, tuple(self._faced), tuple(map(tuple, self._hole)), tuple(self._board),
                tuple(sorted(self._seen)), tuple(self._need), self._need_board, tuple(self._pending), self._top,
                self._full, self._rep_full, self._step, self._raises, self._aggressor, self._all_in, tuple(self._queue),
                tuple(self._shown), tuple(self._log), None if self._deck is None else self._deck.remaining)

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
        if self._phase is DEAL:
            return f"dealing the {self.street_name}"
        if self._phase is SHOWDOWN:
            return "showdown"
        return "the hand is over"

    def __repr__(self) -> str:
        who = self.to_act
        state = "over" if self.over else (f"seat {who} to act" if who is not None else self._phase_text())
        return f"<Hand {self.variant.code} {self.n} players, {self.street_name}, pot {self.pot}, {state}>"



def _order(c: int | None) -> int:
    return -1 if c is None else c


def _text(cards: Sequence[int | None]) -> str:
    return "".join("??" if c is None else card_text(c) for c in cards)


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


class Rescale(Exception):
    """A replayed amount needs a finer unit than the record's other amounts: start again at ``scale``."""

    def __init__(self, scale: int) -> None:
        self.scale = scale


def _variant(game: object) -> Variant:
    if type(game) is not str or game not in GAMES:
        raise _fail(f"game must be one of {', '.join(GAMES)} (PHH codes), got {shown(game)}")
    return VARIANTS[game]


def _amount(value: object, what: str, unit: int, positive: bool = False) -> int:
    x = chips(value, what, error=PokerEngineError, positive=positive)
    if x % unit:
        raise _fail(f"{what} must be a multiple of the chip unit {unit}, got {x}")
    return x


def _seating(stacks: object, button: object, unit: int) -> tuple[list[int], list[int], int]:
    """Seats and stacks clockwise from the seat after the button, and the button seat."""
    if isinstance(stacks, Mapping):
        if not 2 <= len(stacks) <= MAX_PLAYERS:
            raise _fail(f"a hand has 2 to {MAX_PLAYERS} players, got {len(stacks)}")
        pairs = []
        for seat, stack in stacks.items():
            if type(seat) is not int or not 1 <= seat <= MAX_SEAT:
                raise _fail(f"seat numbers are ints from 1 to {MAX_SEAT}, got {shown(seat)}")
            pairs.append((seat, _amount(stack, f"seat {seat}'s stack", unit, positive=True)))
        pairs.sort()
    elif type(stacks) is list or type(stacks) is tuple:
        if not 2 <= len(stacks) <= MAX_PLAYERS:
            raise _fail(f"a hand has 2 to {MAX_PLAYERS} players, got {len(stacks)}")
        pairs = [(k + 1, _amount(s, f"seat {k + 1}'s stack", unit, positive=True)) for k, s in enumerate(stacks)]
    else:
        raise _fail(f"stacks must be a mapping seat -> chips or a list of chips, got {shown(stacks)}")
    if button is None:
        button = pairs[-1][0]
    elif type(button) is not int or not 1 <= button <= MAX_SEAT:
        raise _fail(f"button must be a seat number from 1 to {MAX_SEAT}, got {shown(button)}")
    k = next((i for i, (seat, _) in enumerate(pairs) if seat > button), 0)  # the first seat after the button
    pairs = pairs[k:] + pairs[:k]
    return [s for s, _ in pairs], [x for _, x in pairs], button


def _blinds(blinds: object, straddles: object, seats: list[int], unit: int) -> tuple[list[int], int, int]:
    """Each position's blind or straddle, the big blind and its position (-1: none).  Blinds by seat:
    the big blind is the largest (the later seat on a tie)."""
    n = len(seats)
    due = [0] * n
    if isinstance(blinds, Mapping):
        if straddles:
            raise _fail("with blinds given by seat, put the straddles in the same mapping")
        if len(blinds) > n:
            raise _fail(f"{len(blinds)} blinds for {n} players")
        where = {s: p for p, s in enumerate(seats)}
        for seat, amount in blinds.items():
            if type(seat) is not int or seat not in where:
                raise _fail(f"blind for seat {shown(seat)}, which is not in this hand")
            due[where[seat]] = _amount(amount, f"seat {seat}'s blind", unit)
        bb = max(due)
        return due, bb, max(p for p in range(n) if due[p] == bb) if bb else -1
    if type(blinds) is not list and type(blinds) is not tuple:
        raise _fail(f"blinds must be (small, big) or a mapping seat -> amount, got {shown(blinds)}")
    if type(straddles) is not list and type(straddles) is not tuple:
        raise _fail(f"straddles must be a list of amounts, got {shown(straddles)}")
    if not blinds:
        if straddles:
            raise _fail("straddles need blinds")
        return due, 0, -1
    if len(blinds) != 2:
        raise _fail(f"blinds must be (small, big), got {len(blinds)} amounts")
    sb = _amount(blinds[0], "small blind", unit)
    bb = _amount(blinds[1], "big blind", unit, positive=True)
    if sb > bb:
        raise _fail(f"the small blind ({sb}) is larger than the big blind ({bb})")
    if n == 2:
        if straddles:
            raise _fail("no straddles heads-up")
        due[1], due[0] = sb, bb  # TDA 34: heads-up the button posts the small blind
        return due, bb, 0
    if len(straddles) > n - 2:
        raise _fail(f"{len(straddles)} straddles for {n} players")
    due[0], due[1] = sb, bb
    for k, amount in enumerate(straddles):
        due[2 + k] = _amount(amount, "a straddle", unit, positive=True)
    return due, bb, 1


def _steps(v: Variant, min_bet: object, small_bet: object, big_bet: object, bb: int,
           unit: int) -> tuple[int, int]:
    """The bet sizes: ``(small, big)`` in fixed limit, ``(min_bet, min_bet)`` otherwise (defaults
    from the big blind ``bb``)."""
    if v.betting == "fixed-limit":
        if min_bet is not None:
            raise _fail(f"{v.name} takes small_bet and big_bet, not min_bet")
        small = bb if small_bet is None else _amount(small_bet, "small_bet", unit, positive=True)
        big = 2 * small if big_bet is None else _amount(big_bet, "big_bet", unit, positive=True)
        if not small:
            raise _fail("give small_bet (there is no big blind to take it from)")
        if big < small:
            raise _fail(f"big_bet ({big}) is smaller than small_bet ({small})")
        return small, big
    if small_bet is not None or big_bet is not None:
        raise _fail(f"{v.name} takes min_bet, not small_bet and big_bet")
    m = bb if min_bet is None else _amount(min_bet, "min_bet", unit, positive=True)
    if not m:
        raise _fail("give min_bet (there is no big blind to take it from)")
    return m, m
