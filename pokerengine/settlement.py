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

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import attrs

from ._checks import chips
from .cards import cards_text, check_distinct, parse_cards
from .errors import CardError, SettlementInputError
from .games import ODD_CHIP_RULES, Game, get_game
from .pots import Pot, build_pots
from .rake import Rake
from .seats import Seat
from .split import clockwise_from, halves, split


def _frozen_map(value: Mapping[int, int]) -> Mapping[int, int]:
    return MappingProxyType(dict(value))


@attrs.frozen
class PotResult:
    """One settled pot: who could win it, who did, and what each got.

    ``amount`` is the pot before rake and ``rake`` what was drawn from it;
    ``shares`` add up to ``amount - rake``.  ``odd_units`` are the seats that
    received a left-over unit, in the order they got them.  In hi/lo games
    ``high_winners`` and ``low_winners`` tell the halves apart (``low_winners``
    is empty when no eligible hand qualified for low and high scooped).
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int] = attrs.field(converter=_frozen_map)
    odd_units: tuple[int, ...] = ()
    rake: int = 0
    high_winners: tuple[int, ...] | None = None
    low_winners: tuple[int, ...] | None = None
    pot: Pot | None = attrs.field(default=None, eq=False, repr=False)


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
    pots: tuple[PotResult, ...]
    refunds: Mapping[int, int] = attrs.field(converter=_frozen_map)
    rake: int
    payouts: Mapping[int, int] = attrs.field(converter=_frozen_map)
    dead: int = 0
    chip_unit: int = 1
    odd_chip: str = "small_blind"

    @property
    def contributed(self) -> Mapping[int, int]:
        """What each seat put in."""
        return MappingProxyType({s.seat: s.contributed for s in self.seats})

    @property
    def net(self) -> Mapping[int, int]:
        """Each seat's result: payout less contribution."""
        return MappingProxyType({s.seat: self.payouts[s.seat] - s.contributed for s in self.seats})

    def to_json(self) -> dict:
        """The result as the CLI prints it (seat keys are strings, as JSON needs)."""
        pots = []
        for p in self.pots:
            entry: dict = {
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
        from .explain import explain

        return explain(self)


def settle(
    seats: Sequence[Seat],
    *,
    board: str | Sequence[str] | None = None,
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
    """
    g = game if isinstance(game, Game) else get_game(game)
    unit = chips(chip_unit, "chip_unit", error=SettlementInputError, positive=True)
    if rake is not None and not isinstance(rake, Rake):
        raise SettlementInputError(f"rake must be a Rake, got {rake!r}")
    layout = build_pots(seats, dead=dead)
    order = [s.seat for s in seats]
    sb = order[0] if small_blind is None else _at_table(small_blind, "small blind", order)
    btn = order[-1] if button is None else _at_table(button, "button", order)
    rule = g.odd_chip if odd_chip is None else odd_chip
    if rule not in ODD_CHIP_RULES:
        raise SettlementInputError(f"unknown odd_chip rule {rule!r}; known: {', '.join(ODD_CHIP_RULES)}")
    if rule == "high_card" and g.odd_chip_key is None:
        raise SettlementInputError(f"odd_chip 'high_card' needs a stud game, not {g.name!r}")
    board_cards = parse_cards(board)
    _check_cards(g, seats, board_cards)

    contested = [p for p in layout.pots if len(p.eligible) > 1]
    hole = {s.seat: s.cards for s in seats}
    high: dict[int, int] = {}
    low: dict[int, int | None] = {}
    if contested:
        if len(board_cards) not in g.board_cards:
            raise CardError(
                f"{g.name} needs a board of {_sizes(g.board_cards)} cards at showdown, got {len(board_cards)}"
            )
        needed = {s for p in contested for s in p.eligible}
        for seat in order:
            if seat in needed:
                cards = hole[seat]
                if len(cards) not in g.hole_cards:
                    raise CardError(
                        f"seat {seat} is live at a showdown and needs {_sizes(g.hole_cards)} hole cards "
                        f"for {g.name}, got {len(cards)}"
                    )
                if g.high is not None:
                    high[seat] = g.high(cards, board_cards)
                if g.low is not None:
                    low[seat] = g.low(cards, board_cards)

    seen = len(board_cards) >= g.flop_seen_at if flop_seen is None else _flag(flop_seen)
    amounts = [p.amount for p in layout.pots]
    rakes = rake.take(amounts, unit, flop_seen=seen) if rake is not None else [0] * len(amounts)

    if rule == "left_of_button":
        start = order[(order.index(btn) + 1) % len(order)]
    else:
        start = sb
    distance = clockwise_from(start, order)

    def ordered(winners: list[int], is_low: bool) -> list[int]:
        if rule == "high_card":
            key = g.odd_chip_key
            return sorted(winners, key=lambda w: (-key(hole[w], board_cards, is_low), distance[w]))
        return sorted(winners, key=distance.__getitem__)

    payouts = dict(layout.refunds)
    results = []
    for pot, r in zip(layout.pots, rakes):
        net = pot.amount - r
        eligible = pot.eligible
        if len(eligible) == 1:
            shares, odd = {eligible[0]: net}, ()
            hi_w = lo_w = None
            if g.split:
                hi_w, lo_w = eligible, ()
            winners = eligible
        elif g.split:
            hi_w = _best(eligible, high)
            qualified = [s for s in eligible if low[s] is not None]
            if qualified:
                lo_w = _best(qualified, low)
                hi_amount, lo_amount = halves(net, unit)
                shares, odd = split(hi_amount, ordered(hi_w, False), unit)
                lo_shares, lo_odd = split(lo_amount, ordered(lo_w, True), unit)
                for s, v in lo_shares.items():
                    shares[s] = shares.get(s, 0) + v
                odd += lo_odd
            else:
                lo_w = []
                shares, odd = split(net, ordered(hi_w, False), unit)
            hi_w, lo_w = tuple(hi_w), tuple(lo_w)
            winners = tuple(s for s in eligible if s in shares)
        else:
            is_low = g.high is None
            best = _best(eligible, low if is_low else high)
            shares, odd = split(net, ordered(best, is_low), unit)
            hi_w = lo_w = None
            winners = tuple(s for s in eligible if s in shares)
        for s, v in shares.items():
            payouts[s] += v
        results.append(PotResult(pot.amount, eligible, winners, shares, odd, r, hi_w, lo_w, pot))

    total_rake = sum(rakes)
    if sum(payouts.values()) + total_rake != sum(s.contributed for s in seats) + layout.dead:
        raise AssertionError("chips not conserved: this is a bug in pokerengine, please report it")
    return Settlement(g.name, tuple(seats), board_cards, tuple(results), layout.refunds, total_rake,
                      payouts, layout.dead, unit, rule)


def _best(seats: Sequence[int], strength: Mapping[int, int | None]) -> list[int]:
    top = max(strength[s] for s in seats)
    return [s for s in seats if strength[s] == top]


def _at_table(seat: object, what: str, order: list[int]) -> int:
    if type(seat) is not int or seat not in order:
        raise SettlementInputError(f"{what} seat {seat!r} is not at the table (seats {order})")
    return seat


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise SettlementInputError(f"flop_seen must be true or false, got {value!r}")
    return value


def _sizes(sizes: tuple[int, ...]) -> str:
    return " or ".join(str(n) for n in sizes)


def _check_cards(g: Game, seats: Sequence[Seat], board: tuple[int, ...]) -> None:
    most_board = max(g.board_cards)
    if len(board) > most_board:
        raise CardError(f"{g.name} has at most {most_board} board cards, got {len(board)}")
    most_hole = max(g.hole_cards)
    for s in seats:
        if len(s.cards) > most_hole:
            raise CardError(f"seat {s.seat} has {len(s.cards)} hole cards; {g.name} deals at most {most_hole}")
    check_distinct(board, *(s.cards for s in seats))


