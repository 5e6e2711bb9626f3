"""The push/fold game at one table: inputs, forced bets, who acts when, and what each ending is worth.

Players sit in seat order from the button (heads-up seat ``0`` is the small blind, which is the
button).  Before anyone acts every player posts the ante (or, with ``big_blind_ante``, the big blind
alone posts one ante for the whole table) and the blinds are posted (:mod:`.blinds`); every forced bet is capped by
the stack, and a player whose stack does not cover what he must post is **all in by posting** and
has no decision.  Then, in the pre-flop order of action (:func:`~.result.action_order`), each player
with a decision either folds or puts every chip in; once somebody is all in, later players call
(all in) or fold.  When nobody has pushed the big blind has no decision: he takes the pot, or, if
somebody is all in by posting, he checks and the hand goes to a showdown.

A player's decision point (an *information set*) is named by the positions already all in when he
acts, joined by ``+`` in order of action (``"BTN+SB"``); the empty name is "folded to", where he
pushes or folds.  An **ending** is the set of players who are in (live) together with each
player's contribution: a player who pushed or called puts in his whole stack, everyone else what
he posted.  The chips of a showdown are split by the library's own pot code
(:func:`pokerengine.pots.build_pots`): side pots where stacks differ, the uncalled part returned,
ties split with the odd chip to the first player left of the button.

Payoffs: chips (``model="chip"``: the stack after the hand) or the prize equity of the stack
vector after the hand under a payout model of :data:`pokerengine.models.MODELS`.  Players who bust
in the hand take the last places (the larger stack before the hand finishes higher; equal stacks
share those places' prizes); the survivors share the remaining prizes by the model.  Model calls
are cached by stack vector.

>>> g = make_game((1000, 600, 400), (10, 20), 5)
>>> g.positions, g.order, g.posts
(('BTN', 'SB', 'BB'), (0, 1, 2), (5, 15, 25))
>>> g.key_name(frozenset({0, 1}))
'BTN+SB'
>>> g.chips_after(frozenset({0, 2}), (0, 2), {0: 1000, 1: 15, 2: 400})
(1415, 585, 0)
>>> [round(v, 2) for v in make_game((500, 300, 200), (10, 20), prizes=(50, 30, 20)).value((600, 300, 100))]
[41.24, 33.83, 24.93]
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from .._checks import chips, shown
from ..errors import DecisionInputError
from ..models._cost import TimeBudget
from ..pots import build_pots
from ..seats import Seat
from .blinds import antes, posted
from .bounty import Bounties, optional
from .money import MODEL_NAMES, money_after
from .result import MAX_PLAYERS, MIN_PLAYERS, action_order, positions

MAX_VALUES = 200_000
"""The most distinct stack vectors one game values with a payout model (its cache's bound)."""

Prize = int | Fraction


def _prizes(value: object, players: int) -> tuple[Prize, ...]:
    if value is None:
        return ()
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise DecisionInputError(f"prizes must be a list of amounts, got {shown(value)}")
    out: list[Prize] = []
    for i, p in enumerate(value):
        if isinstance(p, Fraction):
            if p < 0:
                raise DecisionInputError(f"prize for place {i + 1} must be non-negative, got {p}")
            out.append(p)
        else:
            out.append(chips(p, f"prize for place {i + 1}", error=DecisionInputError))
    while out and out[-1] == 0:
        out.pop()
    if len(out) > players:
        raise DecisionInputError(f"{len(out)} prizes for {players} players: place {len(out)} cannot be reached")
    if out and sum(out) == 0:
        out = []
    return tuple(out)


@attrs.frozen(eq=False)
class PushFoldGame:
    """A checked push/fold game.  Build it with :func:`make_game`.

    ``posts[i]``: the chips seat ``i`` puts in before acting (blind plus ante, capped by the stack);
    ``forced``: the seats all in by posting; ``order``: seats in order of action; ``decides``: the
    seats that ever have a decision.
    """

    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    ante: int  # the ante's amount: every player's, or the big blind's alone when ``bb_ante``
    bb_ante: bool
    prizes: tuple[Prize, ...]
    model: str
    posts: tuple[int, ...]
    forced: frozenset[int]
    order: tuple[int, ...]
    positions: tuple[str, ...]
    #: values the survivors of a hand by something else than the model (the next hand's equilibrium:
    #: :func:`pokerengine.decisions.equilibrium.solve` with ``lookahead``): ``future(after, alive,
    #: prizes)`` returns the equities of the ``alive`` seats, or ``None`` to use the model
    future: Callable[[tuple[int, ...], list[int], list[Prize], TimeBudget | None], list[float] | None] | None = \
        attrs.field(default=None, repr=False)
    _cache: dict[tuple[int, ...], tuple[float, ...]] = attrs.field(factory=dict, repr=False)
    #: knockout bounties (:mod:`.bounty`), or ``None``: the game without them
    bounty: Bounties | None = attrs.field(default=None, repr=False, kw_only=True)

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def big_blind_seat(self) -> int:
        return 1 if self.players == 2 else 2

    @property
    def pool(self) -> float:
        return float(sum(self.prizes))

    @property
    def scale(self) -> float:
        """The unit exploitability is reported in: one big blind (chips) or 1% of the pool."""
        return float(self.blinds[1]) if self.model == "chip" else self.pool / 100.0

    def key_name(self, allin: Iterable[int]) -> str:
        """The name of a decision point: the seats already all in, in order of action, joined by ``+``."""
        inside = set(allin)
        return "+".join(self.positions[s] for s in self.order if s in inside)

    def contributions(self, pushed: Iterable[int]) -> dict[int, int]:
        """Each seat's chips in the pot when ``pushed`` (the seats that pushed or called) are all in."""
        pushed = set(pushed)
        return {s: (self.stacks[s] if s in pushed else self.posts[s]) for s in range(self.players)}

    def chips_after(self, live: frozenset[int], ranking: Sequence[int], put: Mapping[int, int],
                    ties: Sequence[Sequence[int]] | None = None) -> tuple[int, ...]:
        """The stacks after a hand: ``live`` seats reach the showdown, ranked best first by
        ``ranking`` (or, with ``ties``, by groups of equal hands, best group first), ``put`` the
        contributions.  Pots from :func:`pokerengine.pots.build_pots`; a tie splits a pot with the
        odd chips to the tied players nearest the button's left."""
        seats = [Seat(s + 1, put[s], folded=s not in live) for s in range(self.players)]
        layout = build_pots(seats)
        groups = [list(g) for g in ties] if ties is not None else [[s] for s in ranking]
        after = [self.stacks[s] - put[s] + layout.refunds[s + 1] for s in range(self.players)]
        left = [(s - 1) % self.players for s in range(self.players)]  # 0 for the seat after the button
        if self.players == 2:
            left = [1, 0]
        for pot in layout.pots:
            eligible = {label - 1 for label in pot.eligible}
            for group in groups:
                winners = sorted((s for s in group if s in eligible), key=left.__getitem__)
                if winners:
                    share, odd = divmod(pot.amount, len(winners))
                    for k, s in enumerate(winners):
                        after[s] += share + (1 if k < odd else 0)
                    break
        return tuple(after)

    def payoff(self, live: frozenset[int], ranking: Sequence[int], put: Mapping[int, int],
               ties: Sequence[Sequence[int]] | None = None, deadline: TimeBudget | None = None) -> tuple[float, ...]:
        """Each player's payoff for an ending: :meth:`value` of :meth:`chips_after`, plus with
        knockout bounties the bounty money (:meth:`.bounty.Bounties.payoff`)."""
        after = self.chips_after(live, ranking, put, ties)
        got = self.value(after, deadline)
        if self.bounty is None:
            return got
        groups = [list(g) for g in ties] if ties is not None else [[s] for s in ranking]
        return self.bounty.payoff(got, after, put, live, groups)

    def value(self, after: Sequence[int], deadline: TimeBudget | None = None) -> tuple[float, ...]:
        """Each player's payoff for the stacks ``after`` a hand: chips, or expected prize money."""
        after = tuple(after)
        if self.model == "chip":
            return tuple(float(a) for a in after)
        got = self._cache.get(after)
        if got is not None:
            return got
        if len(self._cache) >= MAX_VALUES:
            raise DecisionInputError(f"more than {MAX_VALUES:,} stack vectors to value: the table is too big")
        got = _prize_values(self.model, self.prizes, self.stacks, after, deadline, self.future)
        self._cache[after] = got
        return got


def _prize_values(model: str, prizes: tuple[Prize, ...], before: tuple[int, ...], after: tuple[int, ...],
                  deadline: TimeBudget | None, future: Any = None) -> tuple[float, ...]:
    seconds = None
    if deadline is not None and deadline.end is not None:
        seconds = max(deadline.end - time.monotonic(), 1e-3)

    def ahead(alive: list[int], top: list[Prize]) -> Any:
        return future(after, alive, top, deadline) if future is not None else None

    return tuple(money_after(after, prizes, model, before=before, max_seconds=seconds, ahead=ahead))


def make_game(stacks: Sequence[int], blinds: Sequence[int], ante: int = 0, *, big_blind_ante: int = 0,
              bb_ante: bool | None = None, prizes: Sequence[Prize] | None = None, model: str | None = None, bounties: Sequence[Prize] | None = None,
              progressive: bool = False, chips_per_money: Prize | None = None) -> PushFoldGame:
    """Check the inputs of a push/fold game and work out the forced bets.

    ``stacks``: chips per seat from the button (2 to 9 players, positive ``int``); ``blinds``: the
    small and big blind; ``ante``: per player, or ``big_blind_ante``: the big blind's single ante
    (``bb_ante=True``, deprecated, reads ``ante`` as that);
    ``prizes``: best place first; ``model``: ``chip`` (the default without prizes), ``icm`` (the
    default with prizes), ``dcm``, ``mw`` or ``roberts``; ``bounties``, ``progressive``,
    ``chips_per_money``: knockout bounties (:func:`.bounty.bounties`; all zero: none).  Raises
    :class:`~pokerengine.errors.DecisionInputError` on bad input.

    >>> make_game((100, 15, 5), (10, 20), 5).forced
    frozenset({1, 2})
    >>> make_game((100, 20.0), (10, 20))
    Traceback (most recent call last):
    ...
    pokerengine.errors.DecisionInputError: stack of player 2 must be an integer number of chips, got 20.0 (float)
    """
    if isinstance(stacks, (str, bytes, Mapping)) or not isinstance(stacks, Sequence):
        raise DecisionInputError(f"stacks must be a list of chip counts, got {shown(stacks)}")
    n = len(stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise DecisionInputError(f"a push/fold table has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}")
    st = tuple(chips(s, f"stack of player {i + 1}", error=DecisionInputError, positive=True) for i, s in enumerate(stacks))
    if isinstance(blinds, (str, bytes, Mapping)) or not isinstance(blinds, Sequence) or len(blinds) != 2:
        raise DecisionInputError(f"blinds are two amounts (small, big), got {shown(blinds)}")
    sb = chips(blinds[0], "the small blind", error=DecisionInputError)
    bb = chips(blinds[1], "the big blind", error=DecisionInputError, positive=True)
    if sb > bb:
        raise DecisionInputError(f"the small blind ({sb}) must not be larger than the big blind ({bb})")
    a, alone = antes(ante, big_blind_ante, bb_ante)
    pz = _prizes(prizes, n)
    if model is None:
        model = "icm" if pz else "chip"
    if model not in MODEL_NAMES:
        raise DecisionInputError(f"unknown model {shown(model)}; choose from {', '.join(MODEL_NAMES)}")
    if model != "chip" and not pz:
        raise DecisionInputError(f"the {model} model needs prizes (at least one positive)")
    dead, live = posted(st, (sb, bb), a, alone)
    posts = [d + v for d, v in zip(dead, live)]
    forced = frozenset(s for s in range(n) if posts[s] >= st[s])
    if len(forced) == n:
        raise DecisionInputError("every player is all in by posting: there is nothing to decide")
    ko = optional(bounties, n, progressive=progressive, chips_per_money=chips_per_money, model=model)
    return PushFoldGame(st, (sb, bb), a, alone, pz, model, tuple(posts), forced, action_order(n), positions(n), bounty=ko)


@attrs.frozen
class Ending:
    """One way the betting can end.

    ``live``: the seats at the showdown (or the one seat that takes the pot); ``put``: every seat's
    contribution; ``acts``: for each seat that decided on the way, ``(seat, key, pushed)`` with
    ``key`` the frozenset of seats already all in when it acted.
    """

    live: frozenset[int]
    put: tuple[int, ...]
    acts: tuple[tuple[int, frozenset[int], bool], ...]


def endings(game: PushFoldGame) -> list[Ending]:
    """Every ending of the betting, in a fixed order (at most ``2 ** players``).

    >>> [sorted(e.live) for e in endings(make_game((100, 100, 100), (5, 10)))]
    [[0, 1, 2], [0, 1], [0, 2], [0], [1, 2], [1], [2]]
    """
    out: list[Ending] = []
    bb = game.big_blind_seat

    def walk(k: int, allin: frozenset[int], voluntary: bool, acts: tuple[tuple[int, frozenset[int], bool], ...]) -> None:
        if k == len(game.order):
            live = set(allin)
            if not voluntary:
                live.add(bb)  # nobody pushed: the big blind takes the pot or checks down
            pushed = {s for s, _, p in acts if p}
            put = game.contributions(pushed)
            out.append(Ending(frozenset(live), tuple(put[s] for s in range(game.players)), acts))
            return
        s = game.order[k]
        if s in game.forced or (s == bb and not voluntary):
            walk(k + 1, allin, voluntary, acts)
            return
        walk(k + 1, allin | {s}, True, acts + ((s, allin, True),))
        walk(k + 1, allin, voluntary, acts + ((s, allin, False),))

    walk(0, game.forced, False, ())
    return out


def rankings(live: Iterable[int]) -> list[tuple[int, ...]]:
    """Every strict order of the ``live`` seats, best first."""
    return [tuple(p) for p in itertools.permutations(sorted(live))]


def orderings_count(k: int) -> int:
    return math.factorial(k)
