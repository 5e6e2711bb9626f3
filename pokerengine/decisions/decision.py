"""The money value of folding, calling or pushing all in, for one player, under a payout model.

One hand of push/fold: every player posts the ante, the small and the big blind; the players who
do not take part fold.  :func:`call_decision` values the hero's call of one opponent's all-in
against folding; :func:`push_decision` values the hero's all-in (first in) against folding.  The
hero's chance in the all-in comes either as a number (``equity``: the hero wins with that
probability and loses otherwise) or from the cards: the hero's hand against the opponents'
ranges, by exact enumeration (:func:`pokerengine.decisions.odds.odds`), with ties counted as
ties.  Stacks after the hand are valued by a payout model (:func:`money`):

- ``"chip"``: chip EV; the prize pool shared in proportion to chips (in chips when there are no
  prizes);
- ``"icm"``, ``"dcm"``, ``"mw"``, ``"roberts"``: :mod:`pokerengine.models` (:data:`.money.PRIZE_MODELS`).

The DCM paper's section 6 (Besalu 2021; Hero in the big blind, Villain pushes 1,000 from the
small blind, stacks 1000/1000/2000/3000 paying 50/30/20; ``blinds`` 100/200):

>>> stacks, prizes = [3000, 1000, 1000, 2000], [50, 30, 20]  # BTN, SB (Villain), BB (Hero), CO
>>> icm_ = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), equity=0.40)
>>> round(icm_.showdowns[0].win, 2), round(icm_.fold, 2), icm_.best
(31.86, 15.23, 'fold')
>>> dcm_ = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), equity=0.40, model="dcm")
>>> round(dcm_.showdowns[0].win, 2), round(dcm_.fold, 2), dcm_.best
(30.71, 9.57, 'call')
>>> round(icm_.break_even, 3), round(dcm_.break_even, 3)
(0.478, 0.312)

With cards: Hero's KdJc against a Villain who pushes ``22+, A2s+, A8o+, KTs+, KQo`` (38% equity,
counted exactly):

>>> for model in ("icm", "dcm"):
...     d = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), model=model,
...                       hand="KdJc", pusher_range="22+, A2s+, A8o+, KTs+, KQo")
...     print(model, round(d.equity, 4), d.best, round(d.gain, 2))
icm 0.3799 fold -3.08
dcm 0.3799 call 2.09

The hand's rules here: the ante is posted first, then the blinds, each capped at the stack (with
``big_blind_ante`` the big blind alone posts one ante, after its blind: :mod:`.blinds`); antes are dead money, so two
players all in match each other's stack less the ante and the bigger stack keeps the rest; a tie splits the pot, the odd
chip to the first of the two players left of the button; a player left with no chips is out, the
bigger stack before the hand taking the better place (equal stacks share their places' prizes).
Folding first in (:func:`push_decision`) gives the pot to the big blind.  Limits: 2 to 9
players; each decision values at most ``2 + 3 * callers`` stack vectors, each by one model run,
all within ``max_seconds`` (default 10; :class:`~pokerengine.errors.ModelTimeout` past it) and
the model's own memory limit; the odds (ranges) are bounded by :mod:`~pokerengine.decisions.odds`;
with ``folded``, the board without the folded cards by ``folded_boards`` (:mod:`.foldboard`: about
0.4-0.8 s at the default against a full range) within the same ``max_seconds``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from .._checks import chips, shown
from ..errors import DecisionInputError, ModelInputError, ModelTimeout, RangeError
from ..models._cost import check_seconds
from .blinds import antes, blind_seats, posted
from .bounty import Bounties, optional
from .combos import combo_text
from .foldboard import ALL_BOARDS, DEFAULT_BOARDS, BoardCorrection
from .folded import folded_ranges, real_chances, removal
from .money import MODEL_NAMES, Prize, check_model, check_prizes, money_after
from .odds import odds
from .ranges import Range, hand_or_range
from .result import action_order, positions

MIN_PLAYERS = 2
MAX_PLAYERS = 9
DEFAULT_SECONDS = 10.0

def check_stacks(stacks: object, what: str = "stacks") -> tuple[int, ...]:
    if isinstance(stacks, (str, bytes, Mapping)) or not isinstance(stacks, Iterable):
        raise DecisionInputError(f"{what} must be a list of chip counts, got {shown(stacks)}")
    values = list(stacks)
    if not MIN_PLAYERS <= len(values) <= MAX_PLAYERS:
        raise DecisionInputError(f"{what}: {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(values)}")
    return tuple(chips(v, f"stack of player {i + 1}", error=DecisionInputError, positive=True) for i, v in enumerate(values))


def _remaining(end: float | None) -> float | None:
    if end is None:
        return None
    left = end - time.monotonic()
    if left <= 0:
        raise ModelTimeout("the decision ran out of its max_seconds")
    return left


def money(after: Sequence[int], prizes: Sequence[Prize], *, model: str = "icm",
          before: Sequence[int] | None = None, max_seconds: float | None = DEFAULT_SECONDS,
          **model_options: Any) -> tuple[float, ...]:
    """Each player's prize money for the chip counts ``after`` a hand (``0``: out of the tournament).

    Players left with chips are valued by ``model`` over the prizes still open; those knocked out
    take the places below them, the bigger stack in ``before`` (the stacks at the start of the
    hand) finishing higher, equal ones sharing their places' prizes.  ``model="chip"`` shares the
    pool in proportion to chips (with no prizes: the chips themselves).  ``model_options`` go to
    the model (``depth`` for DCM, say); the run is bounded by ``max_seconds``.

    >>> money([0, 2000, 2000, 3000], [50, 30, 20], before=[1000, 1000, 2000, 3000])[0]
    0.0
    >>> [round(v, 2) for v in money([2000, 0, 2000, 3000], [50, 30, 20], model="chip")]
    [28.57, 0.0, 28.57, 42.86]
    """
    return tuple(float(v) for v in _money(after, prizes, model, before, max_seconds, False, model_options))


EXACT_MODELS = ("chip", "icm")
"""The models :func:`money_exact` values in Fractions."""


def money_exact(after: Sequence[int], prizes: Sequence[Prize], *, model: str = "icm",
                before: Sequence[int] | None = None, max_seconds: float | None = DEFAULT_SECONDS,
                ) -> tuple[Fraction, ...]:
    """:func:`money` without rounding: ``Fraction`` values, for chip EV and ICM (:data:`EXACT_MODELS`;
    ICM by :func:`pokerengine.models.icm` with ``exact=True``).  Every place's prize less the
    last open one's is valued (each player finishes somewhere: ``sum_k P(i, k) = 1``), so that a
    payout linear in chips (winner takes all, or every place after the first paying the same)
    costs one place, not all of them.

    >>> [str(v) for v in money_exact([0, 2000, 2000, 3000], [50, 30, 20], before=[1000, 1000, 2000, 3000])]
    ['0', '223/7', '223/7', '254/7']
    """
    if model not in EXACT_MODELS:
        raise DecisionInputError(f"exact money needs one of the models {', '.join(EXACT_MODELS)}, got {shown(model)}")
    return tuple(Fraction(v) for v in _money(after, prizes, model, before, max_seconds, True, {}))


def _money(after: Sequence[int], prizes: Sequence[Prize], model: str, before: Sequence[int] | None,
           max_seconds: float | None, exact: bool, model_options: dict[str, Any]) -> list[Any]:
    model = check_model(model)
    if isinstance(after, (str, bytes, Mapping)) or not isinstance(after, Iterable):
        raise DecisionInputError(f"stacks must be a list of chip counts, got {shown(after)}")
    after = tuple(chips(v, f"stack of player {i + 1}", error=DecisionInputError) for i, v in enumerate(after))
    n = len(after)
    if not 1 <= n <= MAX_PLAYERS or not any(after):
        raise DecisionInputError(f"stacks: 1 to {MAX_PLAYERS} players with chips left, got {shown(after)}")
    if before is None:
        before = after
    else:
        before = tuple(chips(v, f"stack of player {i + 1} before", error=DecisionInputError) for i, v in enumerate(before))
    if len(before) != n:
        raise DecisionInputError(f"before has {len(before)} stacks for {n} players")
    return money_after(after, check_prizes(prizes, n), model, before=before, exact=exact, max_seconds=max_seconds,
                       model_options=model_options)


@attrs.frozen
class Showdown:
    """The hero all in against one opponent: how likely, the hero's chances, and the money after.

    ``probability``: that this showdown happens (1 for a call); ``p_win``, ``p_tie``: the hero's
    chances in it (``p_tie`` is 0 when the equity was given as a number); ``win``, ``tie``,
    ``lose``: the hero's money after each result.
    """

    opponent: int
    probability: float
    p_win: float
    p_tie: float
    win: float
    tie: float
    lose: float

    @property
    def equity(self) -> float:
        """The hero's share of the pot: win + tie / 2 (within ``[0, 1]`` whatever the rounding)."""
        return min(1.0, self.p_win + self.p_tie / 2)

    @property
    def p_lose(self) -> float:
        return max(0.0, 1.0 - self.p_win - self.p_tie)

    @property
    def value(self) -> float:
        """The hero's expected money once this showdown happens."""
        return self.p_win * self.win + self.p_tie * self.tie + self.p_lose * self.lose


@attrs.frozen
class Decision:
    """What folding and calling (or pushing) are worth to the hero, in prize money (chips for
    ``model="chip"`` without prizes).

    ``fold``: the money after folding; ``call`` or ``push`` (the other is ``None``): the expected
    money after the action; ``steal``: after a push nobody calls; ``showdowns``: one per opponent
    who may call (for a call, the pusher); ``break_even``: the equity at which the action and
    folding are worth the same, valuing a showdown as ``e * win + (1 - e) * lose`` for every
    opponent (outside ``[0, 1]`` when one choice is better whatever the cards); ``equity``: the
    hero's equity when called, averaged over who calls.
    """

    model: str
    action: str
    fold: float
    call: float | None
    push: float | None
    steal: float | None
    showdowns: tuple[Showdown, ...]
    break_even: float
    equity: float
    method: str = ""

    @property
    def value(self) -> float:
        """The value of the action (call or push)."""
        v = self.call if self.action == "call" else self.push
        assert v is not None
        return v

    @property
    def gain(self) -> float:
        """How much more the action is worth than folding (negative: fold)."""
        return self.value - self.fold

    @property
    def best(self) -> str:
        """``"fold"`` or the action, whichever is worth more (the action on a tie)."""
        return self.action if self.value >= self.fold else "fold"

    @property
    def call_probability(self) -> float:
        return math.fsum(s.probability for s in self.showdowns)

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON-ready values (an undefined break-even, ``nan``, is ``None``)."""
        be = self.break_even if math.isfinite(self.break_even) else None
        return {
            "model": self.model, "action": self.action, "fold": self.fold, self.action: self.value,
            "steal": self.steal, "equity": self.equity, "break_even": be, "best": self.best, "method": self.method,
            "showdowns": [{"opponent": s.opponent, "probability": s.probability, "win": s.p_win, "tie": s.p_tie,
                           "value_win": s.win, "value_tie": s.tie, "value_lose": s.lose} for s in self.showdowns],
        }


# --- the hand ----------------------------------------------------------------------------------------

def _forced(stacks: Sequence[int], blinds: Sequence[int], ante: int, bb_ante: bool,
            hero: int) -> tuple[list[int], list[int], list[int]]:
    """(dead, live, put): :func:`_posted` and their sums; refused when the hero has nothing left to decide."""
    dead, live = posted(stacks, blinds, ante, bb_ante)
    put = [d + v for d, v in zip(dead, live)]
    if put[hero] >= stacks[hero]:
        raise DecisionInputError(f"{_player(hero)}, the hero, is all in from the blinds and ante: "
                                 "there is nothing to decide")
    return dead, live, put


def posts(stacks: Sequence[int], blinds: Sequence[int], ante: int = 0, *, big_blind_ante: int = 0,
          bb_ante: bool | None = None) -> list[int]:
    """What each seat puts in before the action: its ante and its blind, capped at its stack
    (:func:`.blinds.posted`; ``big_blind_ante``: the big blind's single ante, after its blind;
    ``bb_ante=True``, deprecated, reads ``ante`` as that).

    >>> posts([1000, 1000, 50], (100, 200), 10), posts([1000, 1000, 250], (100, 200), big_blind_ante=200)
    ([10, 110, 50], [0, 100, 250])
    """
    a, alone = antes(ante, big_blind_ante, bb_ante)
    dead, live = posted(stacks, blinds, a, alone)
    return [d + v for d, v in zip(dead, live)]


def _allin(stacks: tuple[int, ...], dead: list[int], live: list[int], hero: int, other: int,
           ) -> tuple[tuple[int, ...], ...]:
    """The stacks after the hero and ``other`` are all in and the rest fold: (won, tie, lost).

    Antes are dead: the two match each other's live chips (the stack less the ante); whoever has
    more keeps the rest."""
    n = len(stacks)
    matched = min(stacks[hero] - dead[hero], stacks[other] - dead[other])
    given = [d + v for d, v in zip(dead, live)]
    given[hero] = dead[hero] + matched
    given[other] = dead[other] + matched
    pot = sum(given)
    base = [stacks[i] - given[i] for i in range(n)]

    def with_pot(shares: dict[int, int]) -> tuple[int, ...]:
        out = list(base)
        for i, v in shares.items():
            out[i] += v
        return tuple(out)

    first, second = sorted((hero, other), key=lambda i: (i - 1) % n)  # left of the button first
    half = pot // 2
    return (with_pot({hero: pot}), with_pot({first: pot - half, second: half}), with_pot({other: pot}))


def _allin_put(stacks: tuple[int, ...], dead: list[int], live: list[int], hero: int, other: int) -> list[int]:
    """Every seat's contribution when the hero and ``other`` are all in (:func:`_allin`'s hand)."""
    matched = min(stacks[hero] - dead[hero], stacks[other] - dead[other])
    given = [d + v for d, v in zip(dead, live)]
    given[hero] = dead[hero] + matched
    given[other] = dead[other] + matched
    return given


def _knockout(ko: Bounties | None, values: list[float], ends: list[tuple[tuple[int, ...], Sequence[int], set[int],
              list[list[int]]]], hero: int) -> list[float]:
    """``values`` (the hero's money for each end) plus his bounty money at each end ``(after, put,
    live, groups)`` (:meth:`.bounty.Bounties.payoff`: bounties won, the heads left shared by chips)."""
    if ko is None:
        return values
    n = len(ends[0][0])
    return [v + ko.payoff([0.0] * n, after, put, live, groups)[hero] for v, (after, put, live, groups) in zip(values, ends)]


def _player(index: int) -> str:
    """A player in messages: ``player 3 (seat index 2)``, counted from 1 in ``stacks`` as every
    decision and payout model message counts them, with the index the call gave."""
    return f"player {index + 1} (seat index {index})"


def _check_seat(value: object, n: int, what: str) -> int:
    """A seat given as its position (``"BTN"``, ``"SB"``, ``"BB"``, ``"UTG"``, ...: :func:`.result.positions`,
    as the equilibria name them) or as its index from the button, as an index."""
    names = positions(n)
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise DecisionInputError(f"{what} must be a seat index 0..{n - 1} or a position ({', '.join(names)}), "
                                 f"got {shown(value)}")
    return value


def _probability(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise DecisionInputError(f"{what} must be a number in [0, 1], got {shown(value)}")
    return float(value)


def _common(stacks: object, prizes: object, blinds: object, ante: object, big_blind_ante: object, bb_ante: object,
            model: object, max_seconds: object,
            ) -> tuple[tuple[int, ...], tuple[Prize, ...], tuple[int, int], int, bool, str, float | None]:
    s = check_stacks(stacks)
    model = check_model(model)
    p = check_prizes(prizes, len(s)) if prizes is not None else ()
    if model != "chip" and not any(p):
        raise DecisionInputError(f"the {model} model needs prizes")
    if isinstance(blinds, (str, bytes)) or not isinstance(blinds, Iterable):
        raise DecisionInputError(f"blinds must be two chip amounts (small, big), got {shown(blinds)}")
    b = list(blinds)
    if len(b) != 2:
        raise DecisionInputError(f"blinds must be two chip amounts (small, big), got {shown(blinds)}")
    bl = (chips(b[0], "small blind", error=DecisionInputError), chips(b[1], "big blind", error=DecisionInputError))
    if bl[0] > bl[1]:
        raise DecisionInputError(f"the small blind ({bl[0]}) must not be larger than the big blind ({bl[1]})")
    a, alone = antes(ante, big_blind_ante, bb_ante)
    try:
        seconds = check_seconds(max_seconds)
    except ModelInputError as e:
        raise DecisionInputError(str(e)) from None
    return s, p, bl, a, alone, model, seconds


def _odds(hand: Range, villain: Range, seconds: float | None) -> tuple[float, float]:
    """(P(win), P(tie)) of ``hand`` against ``villain`` from the exact odds (card removal counted)."""
    result = odds([hand, villain], max_seconds=seconds)
    me = result.hands[0]
    total = me.win + me.tie + me.lose
    if not total:
        raise DecisionInputError("the hand and the range cannot be dealt together (every combination conflicts)")
    return min(1.0, float(me.win / total)), min(1.0, float(me.tie / total))


def _values(states: list[tuple[int, ...]], stacks: tuple[int, ...], prizes: tuple[Prize, ...], model: str,
            hero: int, end: float | None, options: dict[str, Any]) -> list[float]:
    cache: dict[tuple[int, ...], float] = {}
    out = []
    for st in states:
        if st not in cache:
            cache[st] = money(st, prizes, model=model, before=stacks, max_seconds=_remaining(end), **options)[hero]
        out.append(cache[st])
    return out


def call_decision(stacks: Sequence[int], prizes: Sequence[Prize] | None = None, *, hero: int | str, pusher: int | str,
                  blinds: Sequence[int], ante: int = 0, big_blind_ante: int = 0, bb_ante: bool | None = None,
                  equity: float | None = None,
                  hand: str | Range | None = None, pusher_range: str | Range | None = None,
                  model: str = "icm", max_seconds: float | None = DEFAULT_SECONDS,
                  bounties: Sequence[Prize] | None = None, progressive: bool = False,
                  chips_per_money: Prize | None = None, folded: Mapping[int | str, str | Range] | None = None,
                  folded_boards: int = DEFAULT_BOARDS, **model_options: Any) -> Decision:
    """Call ``pusher``'s all-in or fold, for the player in seat ``hero`` (everyone else folds).

    ``bounties``, ``progressive``, ``chips_per_money``: knockout bounties (:mod:`.bounty`): each
    value adds the hero's bounty money (a bounty won in the hand, his chip share of those left).

    ``stacks``: chips per seat before the hand, seat 0 the button (heads-up, the small blind);
    ``hero`` and ``pusher``: seats, as positions (``"BTN"``, ``"SB"``, ``"BB"``, ``"UTG"``, ...: the
    names the equilibria use) or as indexes into ``stacks``;
    ``equity``: the hero's chance of winning when called (no ties), or ``hand`` (``'AhKh'``)
    against ``pusher_range`` (``'22+, A2s+'``), counted exactly.  See the module docstring for
    the rules and limits.

    ``folded``: ``{seat: range}``, the hands each player who folded folds (seats as for ``hero``;
    not the hero or the pusher; with ``hand`` and ``pusher_range`` only): each of the pusher's
    combinations is weighted by the chance that the folded hands, drawn from those ranges, avoid
    its cards and the hero's (:mod:`.folded`: exact up to two folded players, the folded hands
    disjoint from each other; with three or more, taken independently of each other), and the
    board is dealt from the deck without the folded hands' cards (:mod:`.foldboard`: the exact
    table's equity plus a correction, exact over every board when ``folded_boards`` boards against
    a full range cost as much, else from that budget of seeded sampled boards, its standard error
    in ``method``; default :data:`.foldboard.DEFAULT_BOARDS`, 0 to leave the folded cards in the
    board's deck).  ``{}`` is the same as none.

    >>> d = call_decision([5000, 5000], hero="BB", pusher="SB", blinds=(50, 100), equity=0.5, model="chip")
    >>> d.fold, d.call, round(d.break_even, 4)
    (4900.0, 5000.0, 0.49)
    >>> d == call_decision([5000, 5000], hero=1, pusher=0, blinds=(50, 100), equity=0.5, model="chip")
    True
    """
    s, p, bl, a, alone, model, seconds = _common(stacks, prizes, blinds, ante, big_blind_ante, bb_ante, model,
                                                 max_seconds)
    n = len(s)
    hero = _check_seat(hero, n, "hero")
    pusher = _check_seat(pusher, n, "pusher")
    if hero == pusher:
        raise DecisionInputError("the hero cannot call their own all-in")
    dead, live, put = _forced(s, bl, a, alone, hero)
    if s[pusher] - dead[pusher] <= live[hero]:
        raise DecisionInputError(f"the all-in of {_player(pusher)}, {s[pusher]} chips, is covered by what the hero, "
                                 f"{_player(hero)}, posted")
    end = None if seconds is None else time.monotonic() + seconds
    boards = _boards(folded_boards)
    gone = _folded(folded, n, {hero: "the hero", pusher: "the pusher"}, equity)
    if gone:
        if hand is None or pusher_range is None:
            raise DecisionInputError("give equity, or hand with pusher_range")
        mine = _one_hand(hand)
        fold_ranges = list(gone.values())
        p_win, p_tie, _, fix = real_chances(mine, hand_or_range(pusher_range), fold_ranges,
                                            removal(mine, fold_ranges), boards=boards, check=_deadline(end))
        _remaining(end)
        method = _folded_method(len(gone), boards, [("", fix)])
    else:
        p_win, p_tie = _chances(equity, hand, pusher_range, "pusher_range", _remaining(end))
        method = "equity given" if equity is not None else "exact odds"
    fold_state = [s[i] - put[i] for i in range(n)]
    fold_state[pusher] += sum(put)
    won, tied, lost = _allin(s, dead, live, hero, pusher)
    fold, win, tie, lose = _values([tuple(fold_state), won, tied, lost], s, p, model, hero, end, dict(model_options))
    ko = optional(bounties, n, progressive=progressive, chips_per_money=chips_per_money,
                  model="icm" if model == "chip" and p else model)  # chip EV with prizes: money, not chips
    if ko is not None:
        given, pair = _allin_put(s, dead, live, hero, pusher), {hero, pusher}
        fold, win, tie, lose = _knockout(ko, [fold, win, tie, lose], [
            (tuple(fold_state), put, {pusher}, [[pusher]]), (won, given, pair, [[hero], [pusher]]),
            (tied, given, pair, [[hero, pusher]]), (lost, given, pair, [[pusher], [hero]])], hero)
    sd = Showdown(pusher, 1.0, p_win, p_tie, win, tie, lose)
    be = _break_even(fold, 0.0, 0.0, [sd])
    return Decision(model, "call", fold, sd.value, None, None, (sd,), be, sd.equity, method)


def push_decision(stacks: Sequence[int], prizes: Sequence[Prize] | None = None, *, hero: int | str,
                  blinds: Sequence[int], ante: int = 0, big_blind_ante: int = 0, bb_ante: bool | None = None,
                  equity: float | None = None,
                  call_probability: float = 1.0, caller: int | str | None = None,
                  hand: str | Range | None = None, calling_ranges: Mapping[int | str, str | Range] | None = None,
                  model: str = "icm", max_seconds: float | None = DEFAULT_SECONDS,
                  bounties: Sequence[Prize] | None = None, progressive: bool = False,
                  chips_per_money: Prize | None = None, folded: Mapping[int | str, str | Range] | None = None,
                  folded_boards: int = DEFAULT_BOARDS, **model_options: Any) -> Decision:
    """Push all in first in, or fold, for the player in seat ``hero``.  ``bounties``,
    ``progressive``, ``chips_per_money``: knockout bounties, as for :func:`call_decision`.

    With a number: ``caller`` (default the big blind) calls with ``call_probability`` and the hero
    then wins with ``equity``; everyone else folds.  With cards: the hero's ``hand`` and
    ``calling_ranges`` ``{seat: range}`` for the players behind (seats as for :func:`call_decision`); each calls with the share of its
    range not blocked by the hero's cards (blocking between opponents is not counted), in order
    of action, and the first caller is the only one (the others fold).  Folding gives the pot to
    the big blind.  See the module docstring for the rules and limits.

    ``folded``: ``{seat: range}`` for the players who folded (with ``hand`` and ``calling_ranges``
    only; not the hero or a seat with a calling range), as for :func:`call_decision`: each caller's
    chance of calling and the hero's equity against him count the folded hands' card removal
    (each caller apart: blocking between the callers is still not counted), the board dealt from
    the deck without the folded cards (``folded_boards``, as there: each caller's correction its own).

    >>> d = push_decision([1000, 1000], hero=0, blinds=(50, 100), equity=0.5, call_probability=0.5, model="chip")
    >>> d.fold, d.steal, d.push, round(d.break_even, 4)
    (950.0, 1100.0, 1050.0, 0.4)
    """
    s, p, bl, a, alone, model, seconds = _common(stacks, prizes, blinds, ante, big_blind_ante, bb_ante, model,
                                                 max_seconds)
    n = len(s)
    hero = _check_seat(hero, n, "hero")
    sb, bb = blind_seats(n)
    if hero == bb:
        raise DecisionInputError("the big blind does not act first in: use call_decision")
    dead, live, put = _forced(s, bl, a, alone, hero)
    end = None if seconds is None else time.monotonic() + seconds
    order = list(action_order(n))
    behind = order[order.index(hero) + 1:]
    callers: list[tuple[int, float, float, float]] = []  # seat, probability, p_win, p_tie
    boards = _boards(folded_boards)
    method = "equity given" if calling_ranges is None else "exact odds"
    if calling_ranges is None:
        if _folded(folded, n, {hero: "the hero"}, equity):
            raise DecisionInputError("folded ranges need hand with calling_ranges")
        if hand is not None:
            raise DecisionInputError("a hand needs calling_ranges for the players behind")
        seat = bb if caller is None else _check_seat(caller, n, "caller")
        if seat not in behind:
            raise DecisionInputError(f"{_player(seat)} acts before the hero, {_player(hero)}, and cannot call the push")
        pc = _probability(call_probability, "call_probability")
        p_win, p_tie = _chances(equity, None, None, "calling_ranges", seconds)
        callers.append((seat, pc, p_win, p_tie))
    else:
        if equity is not None or caller is not None or call_probability != 1.0:
            raise DecisionInputError("give either equity (with caller, call_probability) or hand with calling_ranges")
        if hand is None:
            raise DecisionInputError("calling_ranges need the hero's hand")
        if not isinstance(calling_ranges, Mapping):
            raise DecisionInputError(f"calling_ranges must map seats to ranges, got {shown(calling_ranges)}")
        mine = hand_or_range(hand)
        if len(mine.combos()) != 1:
            raise DecisionInputError(f"the hero's hand must be one combination such as 'AhKh', got {shown(hand)}")
        reach = 1.0
        by_seat = {_check_seat(seat, n, "a calling range's seat"): text for seat, text in calling_ranges.items()}
        if len(by_seat) != len(calling_ranges):
            raise DecisionInputError("calling_ranges name a seat twice (by its index and by its position)")
        for seat in by_seat:
            if seat not in behind:
                raise DecisionInputError(f"{_player(seat)} acts before the hero, {_player(hero)}, and cannot call the push")
        cards = combo_text(mine.combos()[0][0])
        gone = _folded(folded, n, {hero: "the hero", **{s_: "who has a calling range" for s_ in by_seat}}, None)
        fold_ranges = list(gone.values())
        z = removal(cards, fold_ranges) if gone else None
        fixes: list[tuple[str, BoardCorrection]] = []
        deals = float(z.sum()) if z is not None else 1225.0  # combinations left after the hero's two cards
        if deals <= 0:
            raise RangeError("the folded players' ranges cannot be dealt beside the hero's hand")
        for seat in behind:
            if seat not in by_seat:
                continue
            rng = hand_or_range(by_seat[seat])
            if z is None:
                share = rng.without(cards).size / deals
                if share > 0:
                    p_win, p_tie = _odds(mine, rng, _remaining(end))
            elif any(w > 0 and z[c] > 0 for c, w in rng.combos()):
                p_win, p_tie, mass, fix = real_chances(cards, rng, fold_ranges, z, boards=boards, check=_deadline(end))
                fixes.append((positions(n)[seat], fix))
                share = min(1.0, mass / deals)
                _remaining(end)
            else:
                share = 0.0
            if share > 0:
                callers.append((seat, reach * share, p_win, p_tie))
            reach *= 1.0 - share
        if gone:
            method = _folded_method(len(gone), boards, fixes)
    steal_state = [s[i] - put[i] for i in range(n)]
    steal_state[hero] += sum(put)
    fold_state = [s[i] - put[i] for i in range(n)]
    fold_state[bb] += sum(put)
    states = [tuple(fold_state), tuple(steal_state)]
    for seat, _, _, _ in callers:
        states.extend(_allin(s, dead, live, hero, seat))
    values = _values(states, s, p, model, hero, end, dict(model_options))
    ko = optional(bounties, n, progressive=progressive, chips_per_money=chips_per_money,
                  model="icm" if model == "chip" and p else model)  # chip EV with prizes: money, not chips
    if ko is not None:
        ends: list[tuple[tuple[int, ...], Sequence[int], set[int], list[list[int]]]] = [
            (states[0], put, {bb}, [[bb]]), (states[1], put, {hero}, [[hero]])]
        for k, (seat, _, _, _) in enumerate(callers):
            given, pair = _allin_put(s, dead, live, hero, seat), {hero, seat}
            ends += [(states[2 + 3 * k], given, pair, [[hero], [seat]]),
                     (states[3 + 3 * k], given, pair, [[hero, seat]]),
                     (states[4 + 3 * k], given, pair, [[seat], [hero]])]
        values = _knockout(ko, values, ends, hero)
    fold, steal = values[0], values[1]
    showdowns = tuple(Showdown(seat, pc, pw, pt, *values[2 + 3 * k:5 + 3 * k])
                      for k, (seat, pc, pw, pt) in enumerate(callers))
    p_fold = max(0.0, 1.0 - math.fsum(sd.probability for sd in showdowns))
    push = p_fold * steal + math.fsum(sd.probability * sd.value for sd in showdowns)
    be = _break_even(fold, p_fold, steal, list(showdowns))
    called = math.fsum(sd.probability for sd in showdowns)
    eq = math.fsum(sd.probability * sd.equity for sd in showdowns) / called if called else 0.0
    if not showdowns:
        eq = callers[0][2] if callers else 0.0
    return Decision(model, "push", fold, None, push, steal, showdowns, be, eq, method)


def _one_hand(hand: object) -> str:
    """The hero's hand as the text of its one combination."""
    mine = hand_or_range(hand)  # type: ignore[arg-type]
    if len(mine.combos()) != 1:
        raise DecisionInputError(f"the hero's hand must be one combination such as 'AhKh', got {shown(hand)}")
    return combo_text(mine.combos()[0][0])


def _boards(value: object) -> int:
    """``folded_boards`` checked: an integer from 0 to :data:`.foldboard.ALL_BOARDS`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= ALL_BOARDS:
        raise DecisionInputError(f"folded_boards must be an integer from 0 to {ALL_BOARDS:,} (boards against a "
                                 f"full range; 0: the board keeps the folded cards), got {shown(value)}")
    return value


def _deadline(end: float | None) -> Callable[[], None]:
    """A check raising :class:`~pokerengine.errors.ModelTimeout` once ``end`` has passed."""
    def check() -> None:
        _remaining(end)
    return check


def _folded_method(players: int, boards: int, fixes: Sequence[tuple[str, BoardCorrection]]) -> str:
    """The method of a decision with folded players: how their cards came out of the hands and the board."""
    hands = "exact" if players <= 2 else "each apart, independent of each other"
    whose = "1 folded player's" if players == 1 else f"{players} folded players'"
    text = f"exact odds; {whose} cards out of the opponent's hands ({hands})"
    if not boards:
        return text + "; the board dealt from a deck holding them"
    parts = []
    for who, fix in fixes:
        label = f"{who}: " if who else ""
        if fix.exact:
            parts.append(f"{label}exact over every board")
        else:
            parts.append(f"{label}sampled correction, {fix.boards:,} boards (seed 0), "
                         f"standard error {fix.equity_error:.2g} of equity")
    if players > 2:
        parts.append("each folded hand's board removal taken alone and multiplied")
    return text + "; out of the board: " + ("; ".join(parts) if parts else "no showdown")


def _folded(folded: object, n: int, taken: dict[int, str], equity: object) -> dict[int, Range]:
    """``folded`` checked (:func:`.folded.folded_ranges`); none or ``{}``: nothing."""
    if folded is None:
        return {}
    gone = folded_ranges(folded, lambda key: _check_seat(key, n, "a folded seat"), taken)
    if gone and equity is not None:
        raise DecisionInputError("folded ranges remove cards from the hands: give hand with the ranges, not equity")
    return gone


def _chances(equity: object, hand: object, villain: object, what: str, seconds: float | None) -> tuple[float, float]:
    if equity is not None:
        if hand is not None or villain is not None:
            raise DecisionInputError(f"give either equity or hand with {what}, not both")
        return _probability(equity, "equity"), 0.0
    if hand is None or villain is None:
        raise DecisionInputError(f"give equity, or hand with {what}")
    mine = hand_or_range(hand)  # type: ignore[arg-type]
    if len(mine.combos()) != 1:
        raise DecisionInputError(f"the hero's hand must be one combination such as 'AhKh', got {shown(hand)}")
    return _odds(mine, hand_or_range(villain), seconds)  # type: ignore[arg-type]


def _break_even(fold: float, p_fold: float, steal: float, showdowns: list[Showdown]) -> float:
    """The equity ``e`` at which ``p_fold * steal + sum(p * (lose + e * (win - lose)))`` equals ``fold``."""
    base = p_fold * steal + math.fsum(sd.probability * sd.lose for sd in showdowns)
    slope = math.fsum(sd.probability * (sd.win - sd.lose) for sd in showdowns)
    if slope == 0:
        return math.nan if base != fold else 0.0
    return (fold - base) / slope


__all__ = ["EXACT_MODELS", "MODEL_NAMES", "Decision", "Showdown", "call_decision", "money", "money_exact", "posts",
           "push_decision"]
