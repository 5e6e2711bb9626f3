"""Run it twice (or three times): each pot divided into runs, each run settled on its own board.

When the players still in a hand are all in before the board is complete, a cash game may let
them deal the rest of the board two or three times.  Each pot is then divided into as many parts
as there are runs, in whole chip units, and each part goes to the best eligible hand on its own
board (``../shared/notes/betting.md``, "Run it twice").  The rules here (``docs/runs.md`` has
them with examples):

* The pots, the uncalled bet and the rake are those of :func:`pokerengine.settle` for the whole
  hand: the rake is taken once, from each whole pot, before the division (one hand, one rake).
* Each pot less its rake is divided in units of ``chip_unit``; the units left over go one each to
  the first runs (``run_odd_unit="first"``, the default: "commonly the first run") or to the last
  ones (``"last"``); a fragment smaller than a unit goes to the next run in the same order.  This
  is :func:`pokerengine.split.split` with the runs in place of tied winners.
* Each part is settled with the same showdown, split and odd-chip code as :func:`settle`
  (:func:`pokerengine.settlement.strengths`, :func:`~pokerengine.settlement.award`), on the board
  dealt so far plus that run's cards.
* The runs are dealt from one deck without a reshuffle: no card may appear twice among the hole
  cards, the board dealt so far and all the runs.

>>> from pokerengine import Seat
>>> r = settle_runs([Seat(1, 100, cards="AsAd"), Seat(2, 100, cards="KsKd")],
...                 board="2c7d9h", runs=["Ts3c", "KcKh"], dead=1)
>>> [run.payouts[1] for run in r.runs], [run.payouts[2] for run in r.runs]
([101, 0], [0, 100])
>>> dict(r.payouts), dict(r.net)
({1: 101, 2: 100}, {1: 1, 2: 0})
>>> settle_runs([Seat(1, 100, cards="AsAd"), Seat(2, 100, cards="KsKd")],
...             board="2c7d9h", runs=["Ts3c", "3cKh"])
Traceback (most recent call last):
...
pokerengine.errors.CardError: card 3c is used twice
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from ._checks import shown
from .cards import cards_text, check_distinct, parse_cards
from .errors import CardError, SettlementInputError
from .games import GAMES, Game
from .rake import Rake
from .seats import Seat
from .settlement import PotData, PotResult, Settlement, award, settle, strengths, uncontested
from .split import split

#: The most runs a hand may be dealt (run it twice, or three times).
MAX_RUNS = 3
#: Who gets the units left over when a pot is divided into runs.
RUN_ODD_UNIT_RULES = ("first", "last")


def _frozen_map(value: Mapping[int, int]) -> Mapping[int, int]:
    return value if type(value) is MappingProxyType else MappingProxyType(dict(value))


@attrs.frozen
class Run:
    """One run: its whole board, each pot's part settled on it, and what each seat won in it.

    ``pots[i]`` is pot ``i``'s part: its ``amount`` is the part (rake already taken from the
    whole pot, so ``rake`` is 0) and ``winners``, ``shares`` and ``odd_units`` are as in
    :class:`~pokerengine.settlement.PotResult`.  ``payouts`` are this run's shares per seat
    (refunds are not part of any run).
    """

    board: tuple[int, ...] = attrs.field(repr=lambda c: repr(cards_text(c)))
    pot_data: tuple[PotData, ...] = attrs.field(repr=False)
    payouts: Mapping[int, int] = attrs.field(converter=_frozen_map)

    @property
    def pots(self) -> tuple[PotResult, ...]:
        """Each pot's part in this run, main pot first."""
        return tuple([PotResult(*data) for data in self.pot_data])


@attrs.frozen
class RunsSettlement:
    """A hand run more than once: the whole hand as one :class:`Settlement`, and every run.

    ``settlement`` is what a caller that knows nothing of runs needs (a tournament, a table):
    ``payouts``, ``refunds``, ``rake`` and ``net`` for the whole hand, and ``pots`` with each
    pot's whole amount, its rake, and every run's winners and shares added up (``odd_units``
    lists the odd units of every run, run by run; ``board`` is the first run's board).  ``runs``
    has each run's board and parts; ``parts[i]`` is how pot ``i`` (less its rake) was divided,
    run by run.  With one run, ``settlement`` equals :func:`~pokerengine.settle`'s result.
    """

    settlement: Settlement
    runs: tuple[Run, ...]
    parts: tuple[tuple[int, ...], ...]
    run_odd_unit: str = "first"

    @property
    def payouts(self) -> Mapping[int, int]:
        """Every chip each seat gets back: its shares in every run plus its refund."""
        return self.settlement.payouts

    @property
    def refunds(self) -> Mapping[int, int]:
        """The uncalled chips each seat gets back (never divided, never raked)."""
        return self.settlement.refunds

    @property
    def net(self) -> Mapping[int, int]:
        """Each seat's result: payout less contribution."""
        return self.settlement.net

    @property
    def rake(self) -> int:
        """The hand's rake, taken once before the division."""
        return self.settlement.rake

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        """Each run's whole board."""
        return tuple([run.board for run in self.runs])

    def to_json(self) -> dict[str, Any]:
        """The whole hand as :meth:`Settlement.to_json` gives it, plus ``"runs"``: each run's board,
        each pot's part with its winners, shares and odd units, and the run's payouts."""
        out = self.settlement.to_json()
        out["run_odd_unit"] = self.run_odd_unit
        out["runs"] = [
            {
                "board": [cards_text([c]) for c in run.board],
                "pots": [{"amount": p.amount, "winners": list(p.winners),
                          "shares": {str(k): v for k, v in p.shares.items()}, "odd_units": list(p.odd_units)}
                         for p in run.pots],
                "payouts": {str(k): v for k, v in run.payouts.items()},
            }
            for run in self.runs
        ]
        return out

    def explain(self) -> str:
        """The hand in words: each pot and how it was divided, then each run's board and winners."""
        s = self.settlement
        lines = [f"{s.game}, run {len(self.runs)} times; {sum(x.contributed for x in s.seats)} chips put in"
                 + (f", {s.dead} dead" if s.dead else "")]
        for seat, amount in s.refunds.items():
            if amount:
                lines.append(f"Uncalled: seat {seat} gets back {amount}")
        for i, p in enumerate(s.pots):
            name = "Main pot" if i == 0 else f"Side pot {i}"
            rake = f", rake {p.rake}" if p.rake else ""
            parts = " + ".join(str(x) for x in self.parts[i])
            lines.append(f"{name}: {p.amount} chips{rake}, eligible seats {_seats(p.eligible)}; runs get {parts}")
        for k, run in enumerate(self.runs, 1):
            lines.append(f"Run {k}, board {' '.join(cards_text([c]) for c in run.board)}")
            for i, p in enumerate(run.pots):
                name = "main pot" if i == 0 else f"side pot {i}"
                won = ", ".join(f"seat {w} {p.shares[w]}" + (" (odd unit)" if w in p.odd_units else "")
                                for w in p.winners)
                lines.append(f"  {name} ({p.amount}): {won}")
        if s.rake:
            lines.append(f"Rake: {s.rake}")
        for x in s.seats:
            paid = s.payouts[x.seat]
            lines.append(f"Seat {x.seat}{' (folded)' if x.folded else ''}: put in {x.contributed}, gets {paid}, "
                         f"net {paid - x.contributed:+d}")
        return "\n".join(lines)


def settle_runs(
    seats: Sequence[Seat],
    *,
    runs: Sequence[str | Sequence[str | int]],
    board: str | Sequence[str | int] | None = None,
    game: str | Game = "holdem",
    small_blind: int | None = None,
    button: int | None = None,
    dead: int = 0,
    chip_unit: int = 1,
    odd_chip: str | None = None,
    rake: Rake | None = None,
    flop_seen: bool | None = None,
    run_odd_unit: str = "first",
) -> RunsSettlement:
    """Settle a hand whose board was dealt ``len(runs)`` times.

    ``board`` holds the cards dealt before the runs; each item of ``runs`` the cards that
    complete it for one run (``"Ts3c"`` or ``["Ts", "3c"]``).  Every other argument is as in
    :func:`pokerengine.settle`; ``run_odd_unit`` (``"first"`` or ``"last"``) says which runs get
    the units left over when a pot is divided.  With one run the result's ``settlement`` is
    exactly ``settle(seats, board=board + runs[0], ...)``.

    Limits, checked before any work: 1 to :data:`MAX_RUNS` (3) runs; with two or more, a game
    with a board, every run completing it to a showdown size (at least one card each), and no
    card twice among the hole cards, the board and every run; everything else as
    :func:`~pokerengine.settle` bounds it.  The work is one :func:`settle` call for the whole hand
    and one showdown and split per run: at most quadratic in the seats, like :func:`settle`, and
    about four to six times its time with three runs (``docs/runs.md`` has the figures).  Raises
    :class:`~pokerengine.errors.SettlementInputError` or :class:`~pokerengine.errors.CardError`.
    """
    if isinstance(runs, (str, bytes, Mapping)) or not isinstance(runs, Sequence):
        raise SettlementInputError(f"runs must be a list of 1 to {MAX_RUNS} card groups, got {shown(runs)}")
    n = len(runs)
    if not 1 <= n <= MAX_RUNS:
        raise SettlementInputError(f"a hand is run 1 to {MAX_RUNS} times, got {n:,} runs")
    if type(run_odd_unit) is not str or run_odd_unit not in RUN_ODD_UNIT_RULES:
        raise SettlementInputError(
            f"unknown run_odd_unit rule {shown(run_odd_unit)}; known: {', '.join(RUN_ODD_UNIT_RULES)}")
    common = parse_cards(board)
    extra = [parse_cards(r) for r in runs]
    if n > 1:
        g = game if type(game) is Game else GAMES.get(game) if type(game) is str else None
        if g is not None:  # (settle() names an unknown game)
            full = len(common) + len(extra[0])
            if max(g.board_cards) == 0:
                raise SettlementInputError(f"{g.name} has no board: it cannot be run more than once")
            for k, cards in enumerate(extra, 1):
                if not cards:
                    raise CardError(f"run {k} deals no card: the board was complete, there is nothing to run")
                if len(common) + len(cards) != full or full not in g.board_cards:
                    sizes = " or ".join(str(x) for x in g.board_cards)
                    raise CardError(f"run {k} makes a board of {len(common) + len(cards)} cards; every run must "
                                    f"complete the board to {sizes} cards")
    # settle() checks everything else (seats, cards of the first run, amounts, rules) and gives the
    # pots, the refunds and the rake of the whole hand.
    whole = settle(seats, board=common + extra[0], game=game, small_blind=small_blind, button=button, dead=dead,
                   chip_unit=chip_unit, odd_chip=odd_chip, rake=rake, flop_seen=flop_seen)
    if n > 1:
        check_distinct(common, *extra, *(s.cards for s in seats))
    g = game if type(game) is Game else GAMES[whole.game]
    unit, rule = whole.chip_unit, whole.odd_chip
    order = [s.seat for s in seats]
    sb = order[0] if small_blind is None else small_blind
    btn = order[-1] if button is None else button
    start = order[(order.index(btn) + 1) % len(order)] if rule == "left_of_button" else sb
    pots = whole.pot_data
    layers = [(p[0], p[1], p[8], p[9], p[10]) for p in pots]
    run_order = list(range(n)) if run_odd_unit == "first" else list(range(n - 1, -1, -1))
    divided = [split(p[0] - p[5], run_order, unit)[0] for p in pots]
    parts = tuple([tuple([d[k] for k in range(n)]) for d in divided])
    contested = len(layers[0][1]) > 1 and layers[0][0] > 0
    zeros = dict.fromkeys(order, 0)
    settled: list[Run] = []
    for k in range(n):
        run_board = common + extra[k]
        run_layers = [(part[k], *layer[1:]) for part, layer in zip(parts, layers)]
        if contested:
            # Who may show down is read from the whole pots, so a part of 0 chips changes nothing.
            high, low = strengths(g, seats, layers, run_board)
            data, paid = award(run_layers, zeros, g, rule, start, order, seats, run_board, high, low, None, unit)
        else:
            data, paid = uncontested(run_layers, zeros, g.split, None)
        settled.append(Run(run_board, tuple(data), MappingProxyType(paid)))
    payouts = dict(whole.refunds)
    for run in settled:
        for seat, amount in run.payouts.items():
            payouts[seat] += amount
    if sum(payouts.values()) + whole.rake != sum(s.contributed for s in seats) + whole.dead:
        raise AssertionError("chips not conserved: this is a bug in pokerengine, please report it")
    merged = tuple([_merge(p, [run.pot_data[i] for run in settled]) for i, p in enumerate(pots)])
    total = attrs.evolve(whole, payouts=MappingProxyType(payouts), pot_data=merged)
    return RunsSettlement(total, tuple(settled), parts, run_odd_unit)


def _merge(whole: PotData, per_run: list[PotData]) -> PotData:
    """One pot over every run: the whole amount and rake, winners and shares of all runs together."""
    eligible = whole[1]
    shares: dict[int, int] = {}
    odd: tuple[int, ...] = ()
    won: set[int] = set()
    high: set[int] = set()
    low: set[int] = set()
    for data in per_run:
        for seat, amount in data[3].items():
            shares[seat] = shares.get(seat, 0) + amount
        odd += data[4]
        won.update(data[2])
        high.update(data[6] or ())
        low.update(data[7] or ())
    winners = tuple([s for s in eligible if s in won])
    hi = lo = None
    if per_run[0][6] is not None:  # a hi/lo game
        hi = tuple([s for s in eligible if s in high])
        lo = tuple([s for s in eligible if s in low])
    return (whole[0], eligible, winners, MappingProxyType(shares), odd, whole[5], hi, lo,
            whole[8], whole[9], whole[10])


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)
