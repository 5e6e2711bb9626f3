"""Play a hand history's actions: who put in what, who folded, which cards, which board.

:func:`interpret` runs the actions of a :class:`~pokerengine.history.record.HandHistory`
through a small state machine (deal, draw, bet, showdown) and returns an
:class:`Outcome`; :mod:`pokerengine.history.replay` settles it with
:func:`pokerengine.settle`.  Every action is checked against the state; what
cannot happen raises :class:`~pokerengine.errors.IllegalActionError` naming the
file, the action's index and text.  (No-limit and pot-limit hold'em and Omaha
hands try the short way of :mod:`pokerengine.history.quick` first, which gives
the same outcome or leaves the hand to the state machine here.)  Enforced (see
``docs/replay.md``):

* cards: a known card dealt or shown twice, a card outside the deck (short
  deck), more cards than the street deals, dealing to a folded player or
  outside a dealing phase, discarding a card not held, showing cards that
  contradict the known ones;
* turn order: betting in position order (the opener after the blinds and
  straddles; stud: bring-in by up card, then the best exposed hand), draws
  in position order, no action by a folded or all-in player or after the hand is over;
* amounts: a bet above the stack, below the minimum (a full raise, the
  small/big bet in fixed limit) unless all-in, above the pot in pot limit,
  other than the fixed amount in fixed limit, more than a bet and three raises
  in fixed limit, a raise when nobody can call it, a re-raise after an
  incomplete all-in raise by a player who already acted, amounts that are not
  whole chips, and a history that ends before the hand is over.

>>> from pokerengine.history.reader import loads
>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "p3 f", "p1 cbr 6", "p2 f"]''')
>>> out = interpret(hand)
>>> out.contributed, out.folded, out.live
((6, 2, 0), (False, True, True), (0,))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import sub
from typing import cast

import attrs

from .._checks import shown
from ..cards import card_text
from ..errors import HistoryParseError, IllegalActionError
from .amounts import scale_of, show, units
from .betting import BET, Betting, _Rescale
from .notation import COMPILED as _COMPILED
from .notation import DEALT_TO as _DH
from .notation import RANK
from .notation import TWO_CARDS as _PAIR
from .notation import compiled_action as _compile
from .quick import PLANS, play_quick
from .record import RUN_COUNT, HandHistory, Number
from .variants import VARIANTS, Variant, get_variant

DEAL, DRAW, SHOWDOWN, OVER = "deal", "draw", "showdown", "over"
_STREET_NAMES = {"board": ("pre-flop", "flop", "turn", "river"),
                 "stud": ("third street", "fourth street", "fifth street", "sixth street", "seventh street"),
                 "draw": ("pre-draw", "first draw", "second draw", "third draw")}


@attrs.frozen
class Outcome:
    """What the actions leave, in whole chips (units of ``1/scale`` of the file's amounts).

    Per player, in position order: ``starting`` stacks, ``contributed`` (all
    chips put in, antes included), ``antes`` posted, ``folded`` (a player who
    mucked at showdown conceded, so folded), ``cards`` (all of a stud player's
    cards, a draw player's final hand; ``None`` if any is unknown); and the
    ``board``.  ``showdown`` is true when two or more players were still live at the end.
    """

    variant: Variant
    scale: int
    starting: tuple[int, ...]
    contributed: tuple[int, ...]
    antes: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[int, ...] | None, ...]
    board: tuple[int, ...]
    #: A hand run more than once (``_run_count``, ``docs/runs.md``): every run's whole board, the
    #: first being ``board``; empty for a hand run once.
    runs: tuple[tuple[int, ...], ...] = ()

    @property
    def live(self) -> tuple[int, ...]:
        """Indices (0-based) of the players still in the hand."""
        return tuple(i for i, f in enumerate(self.folded) if not f)

    @property
    def showdown(self) -> bool:
        """Two or more players reached the end of the hand."""
        return self.folded.count(False) > 1


def interpret(hand: HandHistory, *, quick: bool = True) -> Outcome:
    """Play ``hand``'s actions and return the :class:`Outcome` (errors name the action).

    No-limit and pot-limit hold'em and Omaha in whole chips take the short way of
    :mod:`~pokerengine.history.quick` first, which gives the same outcome or hands anything out of
    the ordinary back to the full interpreter; ``quick=False`` plays every hand with the full one.
    """
    variant = VARIANTS.get(hand.variant) or get_variant(hand.variant)
    # (A hand run more than once deals more board cards than the short way knows of.)
    plan = PLANS.get(hand.variant) if quick and RUN_COUNT not in hand.user_fields else None
    if plan is not None:  # hold'em or Omaha: the short way first
        fields = play_quick(hand, variant, plan)
        if fields is not None:
            return Outcome(variant, 1, *fields)
    sizes = (hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet)
    blinds = hand.blinds_or_straddles or ()
    antes = cast("tuple[Number, ...]", hand.antes)  # every variant requires antes (HandHistory checks it)
    whole = _WHOLE.issuperset(map(type, chain(hand.starting_stacks, antes, blinds, sizes)))
    if whole:  # every amount an int: chips as they are
        scale = 1
    else:
        try:
            scale = scale_of([*hand.starting_stacks, *antes, *blinds, *(x for x in sizes if x is not None)])
        except HistoryParseError as exc:
            raise HistoryParseError(f"{hand.label}: {exc}") from None
    while True:
        try:
            return _Hand(hand, variant, scale, whole).run()
        except _Rescale as again:
            scale, whole = again.scale, False


def clear_caches() -> None:
    """Forget what is kept from hand to hand (for fair timings): compiled actions, parsed and checked
    field values, table setups, folded seats."""
    from . import fasttoml, quick, reader, settling

    _COMPILED.clear()
    fasttoml._SEEN.clear()
    for values in reader._FIELD_VALUES.values():
        values.clear()
    quick.SETUPS.clear()
    settling.FOLDED_SEATS.clear()


def _distinct(cards: tuple[int | None, ...]) -> bool:
    """No known card twice among ``cards``."""
    known = [c for c in cards if c is not None]
    return len(set(known)) == len(known)


_INT = frozenset((int,))
_WHOLE = frozenset((int, type(None)))
#: Per variant, per street: is there a draw on a later street?
_DRAWS_LATER: dict[str, tuple[bool, ...]] = {}


class _Hand(Betting):
    """The state of one hand while its actions are played (internal)."""

    __slots__ = ("hand", "v", "stud", "scale", "n", "index", "starting", "blinds", "bring_in", "small_bet",
                 "big_bet", "min_bet", "antes", "bets", "stacks", "put", "folded", "live", "hole", "up",
                 "up_known", "board", "seen", "discarded", "dealt", "deck_size", "street", "phase", "all_in",
                 "need", "need_board", "owed", "street_dealt", "draw_order", "pending", "free_opener", "acted",
                 "last_raise", "raises", "short", "completion", "bring_in_due", "draws_later", "special", "top",
                 "actions", "start", "fixed", "pot_limit", "run_count", "run_from", "run_cards", "run_sizes")
    # (Types of the attributes not evident from their first assignment.)
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int
    phase: str
    need_board: int
    owed: int

    def __init__(self, hand: HandHistory, variant: Variant, scale: int, whole: bool = False) -> None:
        self.hand = hand
        self.v = variant
        self.stud = variant.kind == "stud"
        self.fixed = variant.betting == "fixed-limit"
        self.pot_limit = variant.betting == "pot-limit"
        self.scale = scale
        n = self.n = hand.player_count
        self.index = -1
        zeros = (0,) * n
        if whole:  # interpret() saw ints everywhere
            stacks = cast("list[int]", list(hand.starting_stacks))
            antes = cast("list[int]", list(hand.antes or zeros))
            blinds = cast("list[int]", list(hand.blinds_or_straddles or zeros))
        else:
            stacks = self._units(hand.starting_stacks, "starting_stacks")
            antes = self._units(hand.antes or zeros, "antes")
            blinds = self._units(hand.blinds_or_straddles or zeros, "blinds_or_straddles")
        if min(stacks) <= 0:
            raise HistoryParseError(f"{hand.label}: starting stacks must be positive, got {hand.starting_stacks}")
        self.starting = tuple(stacks)
        if n == 2:  # heads-up, forced bets are reverse-assigned (the button posts the small blind)
            antes.reverse()
            blinds.reverse()
        self.blinds = blinds
        posts = hand.user_fields.get("_posts")  # live posts out of position (pokerengine.live): not blinds
        if posts is not None:  # for the opener or the full bet, though their chips are in the pot
            if type(posts) not in (list, tuple) or len(posts) != n:
                raise HistoryParseError(f"{hand.label}: _posts must list one amount per player")
            posts = self._units(posts, "_posts")
            if n == 2:
                posts.reverse()
            if any(not 0 <= q <= b for b, q in zip(blinds, posts)):
                raise HistoryParseError(f"{hand.label}: each of _posts must be between 0 and the player's "
                                        "blinds_or_straddles amount")
            self.blinds = [b - q for b, q in zip(blinds, posts)]
        sizes = (hand.bring_in or 0, hand.small_bet or 0, hand.big_bet or 0, hand.min_bet or 0)
        # as ints: a size written as a float with no fraction (3.0) becomes 3 like every other amount
        self.bring_in, self.small_bet, self.big_bet, self.min_bet = (
            cast("tuple[int, int, int, int]", sizes) if whole else self._units(sizes, "bet sizes"))
        self.antes = antes = list(map(min, antes, stacks))  # a short stack posts what it has
        stacks = list(map(sub, stacks, antes))
        self.bets = bets = list(map(min, blinds, stacks))
        self.stacks = list(map(sub, stacks, bets))
        self.put = antes.copy()
        self.folded = [False] * n
        self.live = n
        self.hole: list[list[int | None]] = [[] for _ in range(n)]
        if self.stud:
            self.up: list[list[int]] = [[] for _ in range(n)]
            self.up_known = [True] * n
            self.street_dealt = [0] * n
        self.board: list[int] = []
        self.seen: set[int] = set()
        self.discarded: set[int] = set()
        self.dealt = 0
        self.deck_size = 52 - 4 * variant.lowest_rank
        self.street = -1
        self.need = [0] * n
        self.all_in = False
        self.draw_order: list[int] = []
        self.pending: list[int] = []
        self.acted: set[int] = set()
        self.free_opener = self.bring_in_due = self.special = False
        self.top = 0
        later = _DRAWS_LATER.get(variant.code)
        if later is None:
            st = variant.streets
            later = _DRAWS_LATER[variant.code] = tuple(any(s.draw for s in st[k + 1 :]) for k in range(len(st)))
        self.draws_later = later
        self.run_count = hand.run_count
        if self.run_count > 1 and variant.kind != "board":
            raise HistoryParseError(f"{hand.label}: {RUN_COUNT} is {self.run_count}, but {variant.name} has no board "
                                    "to run more than once")
        self.run_from = -1  # board cards dealt when nobody could bet any more (then the runs begin)
        self.run_cards: list[list[int]] = []  # the cards of runs 2, 3
        self.run_sizes: list[int] = []  # the board cards each street of a run deals
        self._next_street()

    # -- helpers --------------------------------------------------------------------------------

    def _units(self, values: Sequence[Number], name: str) -> list[int]:
        if self.scale == 1 and _INT.issuperset(map(type, values)):
            return cast("list[int]", list(values))  # all ints
        out: list[int] = []
        for x in values:
            u = units(x, self.scale)
            if u is None:
                raise HistoryParseError(f"{self.hand.label}: {name} value {shown(x)} is not a number of chips")
            out.append(u)
        return out

    def fail(self, message: str) -> IllegalActionError:
        where = self.hand.label
        if self.index >= 0:
            where += f": actions[{self.index}] {shown(self.actions[self.index - self.start])}"
        return IllegalActionError(f"{where}: {message}")

    def _chips(self, value: int) -> str:
        return str(show(value, self.scale))

    def _street_name(self) -> str:
        names = _STREET_NAMES[self.v.kind]
        return names[self.street] if 0 <= self.street < len(names) else "showdown"

    def _phase_text(self) -> str:
        if self.phase == BET:
            return f"betting on the {self._street_name()}"
        if self.phase == SHOWDOWN:
            return "showdown"
        if self.phase == DRAW:
            return f"drawing on the {self._street_name()}"
        return f"dealing the {self._street_name()}"

    def _check_player(self, i: int) -> None:
        if i >= self.n:
            raise self.fail(f"p{i + 1} is not in this hand ({self.n} players)")
        if self.folded[i]:
            raise self.fail(f"p{i + 1} has folded")

    # -- flow -----------------------------------------------------------------------------------

    def run(self) -> Outcome:
        """Play every action of the hand, then the :class:`Outcome`."""
        self.play(self.hand.actions)
        return self.finish()

    def play(self, actions: Sequence[str], start: int = 0) -> None:
        """Play actions (``start`` is the index of the first one, for messages)."""
        compiled = _COMPILED
        self.actions, self.start = actions, start
        # Lists that live as long as the hand (changed in place, never replaced), for the fast paths.
        need, hole, seen, folded, stacks, bets = self.need, self.hole, self.seen, self.folded, self.stacks, self.bets
        fast_deal = not self.stud and not self.v.lowest_rank
        n = self.n
        index = start - 1
        for text in actions:
            index += 1
            a = compiled.get(text)
            if a is None:
                # Hole cards "d dh pK XxYy" (K < 10, two known cards): owed these two (so dealing, not
                # folded) and neither seen before is the common case, dealt here.
                i = _DH.get(text[:8])
                if i is not None and fast_deal and i < n and need[i] == 2:
                    cards = _PAIR.get(text[8:])
                    if cards is not None and cards[0] not in seen and cards[1] not in seen:
                        seen.update(cards)
                        self.dealt += 2
                        hole[i].extend(cards)
                        need[i] = 0
                        self.owed -= 2
                        if not self.owed and not self.draw_order:
                            self._begin_betting()
                        continue
                try:
                    a = _compile(text)
                except HistoryParseError as exc:
                    raise HistoryParseError(f"{self.hand.label}: actions[{index}] {shown(text)}: {exc}") from None
            verb = a[0]
            if verb == "f" or verb == "cc":
                i = a[1]
                pending = self.pending
                if pending and pending[0] == i and not self.special:  # the common case, checked inline
                    del pending[0]
                    if verb == "cc":
                        pay = self.top - bets[i]
                        if pay:
                            stack = stacks[i]
                            if pay > stack:
                                pay = stack
                            bets[i] += pay
                            stacks[i] = stack - pay
                    else:
                        folded[i] = True
                        self.live -= 1
                    self.acted.add(i)
                    if not pending or self.live == 1:
                        self._end_betting()
                    continue
            elif verb == "cbr":
                pending = self.pending
                if pending and pending[0] == a[1] and not self.free_opener:
                    self.index = index  # for error messages
                    self._raise(a[1], a[2], a[3])  # checks every amount rule itself
                    continue
            elif verb == "dh":
                i = a[1]
                cards = a[2]
                k = len(cards)
                # Owed exactly these cards (so dealing, not folded), none seen before: the common case.
                if fast_deal and i < n and need[i] == k and seen.isdisjoint(cards) and _distinct(cards):
                    seen.update(cards)
                    if None in cards:
                        seen.discard(None)
                    self.dealt += k
                    hole[i].extend(cards)
                    need[i] = 0
                    self.owed -= k
                    if not self.owed and not self.draw_order:
                        self._begin_betting()
                    continue
            elif verb == "noop":
                continue
            self.index = index  # for error messages (the fast paths above cannot fail)
            if self.phase is OVER and verb != "sm":
                winner = folded.index(False) + 1
                raise self.fail(f"the hand is over (everyone but p{winner} folded)")
            if verb == "dh":
                self._deal_hole(a[1], a[2])
            elif verb == "db":
                self._deal_board(a[1])
            elif verb == "sm":
                self._show_or_muck(a[1], a[2], a[3])
            elif verb == "sd":
                self._draw(a[1], a[2])
            elif verb == "cbr":
                self._bet(verb, a[1], a[2], a[3])
            else:
                self._bet(verb, a[1])

    def finish(self) -> Outcome:
        """The :class:`Outcome`, once the hand is over (else the history ended too soon)."""
        self.index = -1
        if self.phase is not SHOWDOWN and self.phase is not OVER:
            raise self.fail(f"the history ends before the hand is over ({self._waiting()})")
        runs: tuple[tuple[int, ...], ...] = ()
        if self.run_count > 1:
            if not 0 <= self.run_from < len(self.board):
                raise self.fail(f"{RUN_COUNT} is {self.run_count}, but the players were not all in before the "
                                "board was complete: there was nothing to run again")
            cards, per_run = self.run_cards, len(self.board) - self.run_from
            if len(cards) < self.run_count - 1 or len(cards[-1]) < per_run:
                k = len(cards) + (1 if cards and len(cards[-1]) < per_run else 2)
                raise self.fail(f"the history ends before the hand is over (run {k} of {self.run_count} is not "
                                "dealt)")
            common = tuple(self.board[:self.run_from])
            runs = (tuple(self.board), *(common + tuple(c) for c in cards))
        return Outcome(self.v, self.scale, self.starting, tuple([p + b for p, b in zip(self.put, self.bets)]),
                       tuple(self.antes), tuple(self.folded),
                       # (a hand with no None holds ints, which the checker cannot see)
                       tuple([None if None in h else tuple(h) for h in self.hole]),  # type: ignore[arg-type]
                       tuple(self.board), runs)

    def _waiting(self) -> str:
        if self.phase == BET:
            who = "a player" if self.free_opener else f"p{self.pending[0] + 1}"
            return f"{who} to act on the {self._street_name()}"
        if self.phase == DRAW:
            if self.draw_order:
                return f"p{self.draw_order[0] + 1} to draw on the {self._street_name()}"
            return f"replacement cards to deal on the {self._street_name()}"
        if self.need_board:
            return f"{self.need_board} board card(s) to deal on the {self._street_name()}"
        return f"hole cards to deal on the {self._street_name()}"

    def _next_street(self) -> None:
        if self.all_in and self.run_from < 0:
            self.run_from = len(self.board)
        self.street += 1
        if self.street == len(self.v.streets):
            self.phase = SHOWDOWN
            return
        st = self.v.streets[self.street]
        n = self.n
        if st.draw:
            self.phase = DRAW
            self.draw_order = [i for i in range(n) if not self.folded[i]]
            self.need[:] = [0] * n
            self.need_board = self.owed = 0
        else:
            self.phase = DEAL
            k = len(st.hole)
            if k and self.stud:
                self.street_dealt = [0] * n
            self.need[:] = [0 if f else k for f in self.folded]
            self.need_board = st.board
            self.owed = k * self.live + st.board
            if not self.owed:
                self._begin_betting()

    def _dealing_done(self) -> None:
        if not self.owed and not self.draw_order:
            self._begin_betting()

    # -- dealing and drawing --------------------------------------------------------------------

    def _take(self, cards: tuple[int | None, ...]) -> None:
        seen = self.seen
        for card in cards:
            self.dealt += 1
            if card is None:
                continue
            if card in seen or (self.deck_size < 52 and RANK[card] < self.v.lowest_rank):
                if card not in seen:
                    raise self.fail(f"{card_text(card)} is not in the {self.v.name} deck")
                if card in self.discarded and self.dealt > self.deck_size:
                    self.discarded.discard(card)  # the deck ran out: the discards were reshuffled
                    continue
                raise self.fail(f"{card_text(card)} has already been dealt")
            seen.add(card)

    def _deal_hole(self, i: int, cards: tuple[int | None, ...]) -> None:
        if i >= self.n:
            raise self.fail(f"p{i + 1} is not in this hand ({self.n} players)")
        phase = self.phase
        if phase != DEAL and phase != DRAW:
            raise self.fail(f"no hole cards are dealt now ({self._phase_text()})")
        if self.folded[i]:
            raise self.fail(f"p{i + 1} has folded")
        owed = self.need[i]
        if len(cards) > owed:
            if phase == DRAW and i in self.draw_order:
                raise self.fail(f"p{i + 1} has not drawn yet")
            what = "replacement cards" if phase == DRAW else f"cards on the {self._street_name()}"
            raise self.fail(f"p{i + 1} is owed {owed} {what}, not {len(cards)}")
        self._take(cards)
        if self.stud and phase == DEAL:
            faces = self.v.streets[self.street].hole
            done = self.street_dealt[i]
            for k, card in enumerate(cards):
                if faces[done + k]:
                    if card is None:
                        self.up_known[i] = False
                    else:
                        self.up[i].append(card)
            self.street_dealt[i] = done + len(cards)
        self.hole[i].extend(cards)
        self.need[i] = owed - len(cards)
        self.owed -= len(cards)
        self._dealing_done()

    def _deal_board(self, cards: tuple[int | None, ...]) -> None:
        if self.v.kind != "board":
            raise self.fail(f"{self.v.name} has no board")
        if self.phase is SHOWDOWN and self.run_count > 1 and 0 <= self.run_from < len(self.board):
            self._deal_run(cards)
            return
        if self.phase != DEAL or len(cards) > self.need_board:
            if self.phase == DEAL and self.need_board:
                raise self.fail(f"the {self._street_name()} has {self.need_board} board card(s) to deal, "
                                f"not {len(cards)}")
            raise self.fail(f"no board cards are dealt now ({self._phase_text()})")
        if None in cards:
            raise self.fail("board cards must be known")
        self._take(cards)
        self.board.extend(cards)  # type: ignore[arg-type]  # no None: checked above
        self.need_board -= len(cards)
        self.owed -= len(cards)
        self._dealing_done()

    def _deal_run(self, cards: tuple[int | None, ...]) -> None:
        """Board cards of run 2 or 3 (``_run_count``): street by street, as the first run was dealt."""
        if not self.run_sizes:
            done = 0
            for st in self.v.streets:
                if st.board and done >= self.run_from:
                    self.run_sizes.append(st.board)
                done += st.board
        runs, sizes = self.run_cards, self.run_sizes
        if not runs or len(runs[-1]) == sum(sizes):
            if len(runs) + 1 == self.run_count:
                raise self.fail(f"every run is dealt ({RUN_COUNT} is {self.run_count})")
            runs.append([])
        run = runs[-1]
        step, dealt = 0, 0
        while dealt < len(run):
            dealt += sizes[step]
            step += 1
        if len(cards) != sizes[step]:
            raise self.fail(f"run {len(runs) + 1} deals {sizes[step]} board card(s) now, not {len(cards)}")
        if None in cards:
            raise self.fail("board cards must be known")
        self._take(cards)  # one deck for every run: a card dealt in any run cannot come again
        run.extend(cards)  # type: ignore[arg-type]  # no None: checked above

    def _draw(self, i: int, cards: tuple[int | None, ...]) -> None:
        self._check_player(i)
        if self.phase != DRAW:
            raise self.fail(f"no drawing now ({self._phase_text()})")
        if not self.draw_order or self.draw_order[0] != i:
            if i not in self.draw_order:
                raise self.fail(f"p{i + 1} has already drawn on the {self._street_name()}")
            raise self.fail(f"out of turn: p{self.draw_order[0] + 1} draws first")
        hand = self.hole[i]
        for card in cards:
            if card is not None and card in hand:
                hand.remove(card)
            elif None in hand:  # an unknown card goes (and is revealed, if the discard names it)
                hand.remove(None)
                if card is not None:
                    self._take((card,))
                    self.dealt -= 1
            else:
                what = "an unknown card" if card is None else card_text(card)
                raise self.fail(f"p{i + 1} discards {what}, which they do not hold")
            if card is not None:
                self.discarded.add(card)
        del self.draw_order[0]
        self.need[i] = len(cards)
        self.owed += len(cards)
        self._dealing_done()

    # -- showdown -------------------------------------------------------------------------------

    def _show_or_muck(self, i: int, shown: tuple[int | None, ...] | None, dealt: bool) -> None:
        self._check_player(i)
        over = self.phase == OVER
        if not over and self.phase != SHOWDOWN and not self.all_in:
            raise self.fail(f"no showdown yet ({self._phase_text()})")
        hand = self.hole[i]
        if dealt:
            if None in hand:
                raise self.fail(f"p{i + 1} shows '-' but some of their cards are unknown")
            return
        if shown is None:  # muck: concede (the last player left just does not show)
            if over:
                return
            self.folded[i] = True
            self.live -= 1
            if self.live == 1:
                self.phase = OVER
            return
        if len(shown) != len(hand):
            raise self.fail(f"p{i + 1} holds {len(hand)} cards but shows {len(shown)}")
        rest = list(hand)
        new = []
        for card in shown:
            if card is None:
                continue
            if card in rest:
                rest.remove(card)
            else:
                new.append(card)
        if len(new) > rest.count(None):
            raise self.fail(f"p{i + 1} shows {card_text(new[0])}, which they were not dealt")
        for card in new:
            self._take((card,))
            self.dealt -= 1
            hand[hand.index(None)] = card
