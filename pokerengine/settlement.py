"""Settle a hand: pots, showdown, splits, odd chips and rake, as one pure function.

>>> from pokerengine import Seat, settle
>>> result = settle(
...     [Seat(1, 10, cards="QsQd"), Seat(2, 10, cards="QhQc"), Seat(3, 8, cards="KsKd"),
...      Seat(4, 6, cards="AsAd"), Seat(5, 5, folded=True)],
...     board="2c7d9hTs3c", small_blind=1, button=5)
>>> [(p.amount, p.winners) for p in result.pots]
[(29, (4,)), (6, (3,)), (4, (1, 2))]
>>> dict(result.net)
{1: -8, 2: -8, 3: -2, 4: 23, 5: -5}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import attrs

from ._checks import MAX_CHIPS, chips, shown
from .cards import cards_text, check_distinct, parse_cards
from .errors import CardError, SettlementInputError
from .explain import explain
from .games import GAMES, ODD_CHIP_RULES, Game
from .pots import layers_of
from .rake import Rake
from .seats import MAX_SEATS, Seat
from .split import clockwise_from, halves, split

if TYPE_CHECKING:
    from collections.abc import Callable

    from .pots import Layer

#: One settled pot as a plain tuple of :class:`PotResult`'s fields, in order.
PotData: TypeAlias = (
    "tuple[int, tuple[int, ...], tuple[int, ...], Mapping[int, int], tuple[int, ...], int,"
    " tuple[int, ...] | None, tuple[int, ...] | None, int, int | None, int]"
)


def _frozen_map(value: Mapping[int, int]) -> Mapping[int, int]:
    return value if type(value) is MappingProxyType else MappingProxyType(dict(value))


@attrs.frozen
class PotResult:
    """One settled pot: who could win it, who did, and what each got.

    ``amount`` is the pot before rake and ``rake`` what was drawn from it;
    ``shares`` add up to ``amount - rake``.  ``winners`` are in table order;
    ``odd_units`` are the seats that received a left-over unit, in the order
    they got them.  In hi/lo games ``high_winners`` and ``low_winners`` tell
    the halves apart (``low_winners`` is empty when no eligible hand qualified
    for low and high scooped).  ``lower``, ``upper`` and ``dead`` describe the
    contribution layer the pot came from, as in :class:`~pokerengine.pots.Pot`.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int] = attrs.field(converter=_frozen_map)
    odd_units: tuple[int, ...] = ()
    rake: int = 0
    high_winners: tuple[int, ...] | None = None
    low_winners: tuple[int, ...] | None = None
    lower: int = 0
    upper: int | None = None
    dead: int = 0

    def part_of(self, at_risk: int) -> int:
        """How many chips of a seat's contribution (less its refund) lie in this pot."""
        top = at_risk if self.upper is None else min(at_risk, self.upper)
        return max(0, top - self.lower)


@attrs.frozen
class Settlement:
    """The settled hand: pots, refunds, rake, and every seat's payout.

    ``payouts[seat]`` is every chip the seat gets back (its pot shares plus its
    refund); ``net[seat]`` is that less what it put in.  Always
    ``sum(payouts) + rake == sum(contributed) + dead``.
    """

    game: str
    seats: tuple[Seat, ...]
    board: tuple[int, ...] = attrs.field(repr=lambda c: repr(cards_text(c)))
    refunds: Mapping[int, int] = attrs.field(converter=_frozen_map)
    rake: int
    payouts: Mapping[int, int] = attrs.field(converter=_frozen_map)
    dead: int = 0
    chip_unit: int = 1
    odd_chip: str = "small_blind"
    #: Every pot's outcome as a plain tuple of :class:`PotResult`'s fields (computed eagerly;
    #: :attr:`pots` wraps them in values the first time it is read).
    pot_data: tuple[PotData, ...] = attrs.field(default=(), repr=False)

    @functools.cached_property
    def pots(self) -> tuple[PotResult, ...]:
        """The settled pots, main pot first."""
        return tuple([PotResult(*data) for data in self.pot_data])

    @property
    def contributed(self) -> Mapping[int, int]:
        """What each seat put in."""
        return MappingProxyType({s.seat: s.contributed for s in self.seats})

    @property
    def net(self) -> Mapping[int, int]:
        """Each seat's result: payout less contribution."""
        return MappingProxyType({s.seat: self.payouts[s.seat] - s.contributed for s in self.seats})

    def to_json(self) -> dict[str, Any]:
        """The result as the CLI prints it (seat keys are strings, as JSON needs)."""
        pots = []
        for p in self.pots:
            entry: dict[str, Any] = {
                "amount": p.amount,
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "shares": {str(k): v for k, v in p.shares.items()},
                "odd_units": list(p.odd_units),
                "rake": p.rake,
            }
            if p.high_winners is not None:
                entry["high_winners"] = list(p.high_winners)
                entry["low_winners"] = list(p.low_winners or ())
            pots.append(entry)
        return {
            "payouts": {str(k): v for k, v in self.payouts.items()},
            "refunds": {str(k): v for k, v in self.refunds.items()},
            "rake": self.rake,
            "net": {str(k): v for k, v in self.net.items()},
            "pots": pots,
        }

    def explain(self) -> str:
        """The pots and who won what, in words, the way seed 004 works it out by hand."""
        return explain(self)


def settle(
    seats: Sequence[Seat],
    *,
    board: str | Sequence[str | int] | None = None,
    game: str | Game = "holdem",
    small_blind: int | None = None,
    button: int | None = None,
    dead: int = 0,
    chip_unit: int = 1,
    odd_chip: str | None = None,
    rake: Rake | None = None,
    flop_seen: bool | None = None,
) -> Settlement:
    """Settle one hand from each seat's contribution, folds and cards.

    ``seats`` in clockwise table order.  ``small_blind`` and ``button`` are seat
    numbers (defaults: the first and the last seat listed).  ``odd_chip`` is one
    of ``"small_blind"``, ``"left_of_button"`` and ``"high_card"`` (default: the
    game's rule).  ``flop_seen`` overrides the board-size test for "no flop, no
    drop" rake.  Raises a :class:`~pokerengine.errors.PokerEngineError` subclass
    on bad input, before anything is computed.

    Limits, all checked before any work: at most
    :data:`~pokerengine.seats.MAX_SEATS` (100) seats; every amount (contributions,
    ``dead``, ``chip_unit``, the rake cap) at most ``2**63 - 1``; cards as
    :class:`~pokerengine.seats.Seat` and :func:`~pokerengine.cards.parse_cards`
    bound them.  The work is then at most quadratic in the number of seats:
    well under a millisecond for 100 seats.  A pot of no chips, or one only a
    single seat can win, needs no showdown and no cards.
    """
    g = game if type(game) is Game else _game(game)
    unit = chip_unit if type(chip_unit) is int and 0 < chip_unit <= MAX_CHIPS else chips(
        chip_unit, "chip_unit", error=SettlementInputError, positive=True)
    if rake is not None and type(rake) is not Rake:
        raise SettlementInputError(f"rake must be a Rake, got {shown(rake)}")
    if type(seats) is not list and type(seats) is not tuple or len(seats) > MAX_SEATS:
        _check_seat_count(seats)
    if type(dead) is not int or not 0 <= dead <= MAX_CHIPS:
        dead = chips(dead, "dead money")
    layers, refunds, put_in, order = layers_of(seats, dead)
    sb = order[0] if small_blind is None else _at_table(small_blind, "small blind", order)
    btn = order[-1] if button is None else _at_table(button, "button", order)
    rule = g.odd_chip if odd_chip is None else odd_chip
    if type(rule) is not str or rule not in ODD_CHIP_RULES:
        raise SettlementInputError(f"unknown odd_chip rule {shown(rule)}; known: {', '.join(ODD_CHIP_RULES)}")
    if rule == "high_card" and g.odd_chip_key is None:
        raise SettlementInputError(f"odd_chip 'high_card' needs a stud game, not {g.name!r}")
    board_cards = parse_cards(board)
    _check_cards(g, seats, board_cards)
    seen = len(board_cards) >= g.flop_seen_at if flop_seen is None else _flag(flop_seen)
    rakes = rake.take([p[0] for p in layers], unit, flop_seen=seen) if rake is not None else None
    # Eligible sets shrink from the main pot up: one claimant there means nothing is contested.
    # Only a hand's lone pot can be empty (every live seat put in nothing): no showdown either.
    if len(layers[0][1]) == 1 or not layers[0][0]:  # no showdown: each pot to its only claimant
        results, payouts = uncontested(layers, refunds, g.split, rakes)
    else:
        high, low = strengths(g, seats, layers, board_cards)
        start = order[(order.index(btn) + 1) % len(order)] if rule == "left_of_button" else sb
        results, payouts = award(layers, refunds, g, rule, start, order, seats, board_cards, high, low, rakes, unit)
    total_rake = sum(rakes) if rakes else 0
    dead_total = layers[0][4]  # dead money is always in the first pot
    if sum(payouts.values()) + total_rake != put_in + dead_total:
        raise AssertionError("chips not conserved: this is a bug in pokerengine, please report it")
    return Settlement(g.name, tuple(seats), board_cards, refunds, total_rake,
                      MappingProxyType(payouts), dead_total, unit, rule, tuple(results))


def strengths(
    g: Game, seats: Sequence[Seat], layers: list[Layer], board: tuple[int, ...]
) -> tuple[dict[int, int], dict[int, int | None]]:
    """Showdown: each contesting seat's high and low strength, one evaluation per seat.

    A seat is evaluated only if it is eligible for a pot of chips that two or
    more seats can win; a hand where everyone else folded needs no cards.
    """
    high: dict[int, int] = {}
    low: dict[int, int | None] = {}
    # Eligible sets shrink from the main pot up, so the first contested pot holds every contender.
    needed = next((p[1] for p in layers if len(p[1]) > 1 and p[0]), None)
    if needed is None:
        return high, low
    if len(board) not in g.board_cards:
        raise CardError(f"{g.name} needs a board of {_sizes(g.board_cards)} cards at showdown, got {len(board)}")
    hi_eval, lo_eval = g.high, g.low
    hole = {s.seat: s.cards for s in seats}
    for seat in needed:
        cards = hole[seat]
        if len(cards) not in g.hole_cards:
            raise CardError(
                f"seat {seat} is live at a showdown and needs {_sizes(g.hole_cards)} hole cards "
                f"for {g.name}, got {len(cards)}"
            )
        if hi_eval is not None:
            high[seat] = hi_eval(cards, board)
        if lo_eval is not None:
            low[seat] = lo_eval(cards, board)
    return high, low


def uncontested(
    layers: list[Layer], refunds: Mapping[int, int], hilo: bool, rakes: list[int] | None
) -> tuple[list[PotData], dict[int, int]]:
    """Each pot to the one seat eligible for it (every other seat folded or is not in that pot).

    A pot of no chips (the only pot when every live seat put in nothing) is shared, 0 each, by all
    its eligible seats, as a showdown would have split it.
    """
    payouts = dict(refunds)
    results: list[PotData] = []
    for i, (amount, eligible, lower, upper, dead) in enumerate(layers):
        r = rakes[i] if rakes else 0
        w = eligible[0]
        payouts[w] += amount - r
        shares = {w: amount - r} if amount else dict.fromkeys(eligible, 0)
        results.append((amount, eligible, eligible, MappingProxyType(shares), (), r,
                        eligible if hilo else None, () if hilo else None, lower, upper, dead))
    return results, payouts


def award(
    layers: list[Layer],
    refunds: Mapping[int, int],
    g: Game,
    rule: str,
    start: int,
    order: list[int],
    seats: Sequence[Seat],
    board: tuple[int, ...],
    high: dict[int, int],
    low: dict[int, int | None],
    rakes: list[int] | None,
    unit: int,
) -> tuple[list[PotData], dict[int, int]]:
    """Give each pot to its best eligible hands, splitting ties in chip units.

    Returns each pot's outcome as a tuple of :class:`PotResult` fields, and the payouts.
    """
    payouts = dict(refunds)
    results: list[PotData] = []
    key = g.odd_chip_key
    hole = {s.seat: s.cards for s in seats} if rule == "high_card" else None
    distances: list[dict[int, int]] = []

    def ordered(winners: list[int], is_low: bool) -> list[int]:
        if not distances:
            distances.append(clockwise_from(start, order))
        distance = distances[0]
        if rule == "high_card":
            # settle() refuses "high_card" for a game without odd_chip_key, and hole is built for it.
            key_of = cast("Callable[[tuple[int, ...], tuple[int, ...], bool], int]", key)
            cards = cast("dict[int, tuple[int, ...]]", hole)
            return sorted(winners, key=lambda w: (-key_of(cards[w], board, is_low), distance[w]))
        return sorted(winners, key=distance.__getitem__)

    is_split = g.split
    # Only seats whose low is not None are ever ranked by low: a pure low game's low always
    # returns a strength, and hi/lo pots rank only the seats that qualified.
    ranked_low = cast("dict[int, int]", low)
    strength = ranked_low if g.high is None else high
    pure_low = g.high is None
    # Contenders from best to worst.  Eligible sets shrink from the main pot up, so a pot's
    # best eligible hand is never ranked above the previous pot's: one pointer walks the ranking.
    ranking = sorted(strength, key=strength.__getitem__, reverse=True) if not is_split else []
    n_ranked = len(ranking)
    j = 0
    shares: dict[int, int]
    odd: tuple[int, ...]
    winners: tuple[int, ...]
    hi_w: tuple[int, ...] | None
    lo_w: tuple[int, ...] | None
    for i, (amount, eligible, lower, upper, dead) in enumerate(layers):
        r = rakes[i] if rakes else 0
        net = amount - r
        hi_w = lo_w = None
        if len(eligible) == 1:
            w = eligible[0]
            shares, odd, winners = {w: net}, (), eligible
            if is_split:
                hi_w, lo_w = eligible, ()
            payouts[w] += net
        elif not is_split:
            while ranking[j] not in eligible:
                j += 1
            w = ranking[j]
            best = strength[w]
            k = j + 1
            while k < n_ranked and strength[ranking[k]] == best and ranking[k] not in eligible:
                k += 1
            if k == n_ranked or strength[ranking[k]] != best:  # no other eligible hand as good
                shares, odd, winners = {w: net}, (), (w,)
                payouts[w] += net
            else:
                tied = [s for s in eligible if strength[s] == best]
                shares, odd = split(net, ordered(tied, pure_low), unit)
                winners = tuple(tied)
                for s, v in shares.items():
                    payouts[s] += v
        else:
            hi_list = _best(eligible, high)
            qualified = [s for s in eligible if low[s] is not None]
            if qualified:
                lo_list = _best(qualified, ranked_low)
                hi_amount, lo_amount = halves(net, unit)
                shares, odd = split(hi_amount, ordered(hi_list, False), unit)
                lo_shares, lo_odd = split(lo_amount, ordered(lo_list, True), unit)
                for s, v in lo_shares.items():
                    shares[s] = shares.get(s, 0) + v
                odd += lo_odd
            else:
                lo_list = []
                shares, odd = split(net, ordered(hi_list, False), unit)
            hi_w, lo_w = tuple(hi_list), tuple(lo_list)
            winners = tuple(s for s in eligible if s in shares)
            for s, v in shares.items():
                payouts[s] += v
        results.append((amount, eligible, winners, MappingProxyType(shares), odd, r, hi_w, lo_w, lower, upper, dead))
    return results, payouts


def _best(seats: Sequence[int], strength: Mapping[int, int]) -> list[int]:
    top = max(strength[s] for s in seats)
    return [s for s in seats if strength[s] == top]


def _game(name: object) -> Game:
    g = GAMES.get(name) if type(name) is str else None
    if g is None:
        raise SettlementInputError(f"unknown game {shown(name)}; known: {', '.join(sorted(GAMES))}")
    return g


def _check_seat_count(seats: object) -> None:
    if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Sequence):
        raise SettlementInputError("seats must be a sequence of Seat values in clockwise order")
    if len(seats) > MAX_SEATS:
        raise SettlementInputError(f"a hand has at most {MAX_SEATS} seats, got {len(seats):,}")


def _at_table(seat: object, what: str, order: list[int]) -> int:
    if type(seat) is not int or seat not in order:
        raise SettlementInputError(f"{what} seat {shown(seat)} is not at the table (seats {shown(order)})")
    return seat


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise SettlementInputError(f"flop_seen must be true or false, got {shown(value)}")
    return value


def _sizes(sizes: tuple[int, ...]) -> str:
    return " or ".join(str(n) for n in sizes)


def _check_cards(g: Game, seats: Sequence[Seat], board: tuple[int, ...]) -> None:
    most_board = max(g.board_cards)
    if len(board) > most_board:
        raise CardError(f"{g.name} has at most {most_board} board cards, got {len(board)}")
    most_hole = max(g.hole_cards)
    every = list(board)
    for s in seats:
        cards = s.cards
        if cards:
            if len(cards) > most_hole:
                raise CardError(f"seat {s.seat} has {len(cards)} hole cards; {g.name} deals at most {most_hole}")
            every += cards
    if len(every) > 1 and len(set(every)) != len(every):
        check_distinct(every)  # names the card used twice


