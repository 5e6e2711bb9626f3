"""What a push/fold solve returns: each position's push and call ranges, values, and the certificate.

Positions are named in seat order starting at the button: ``BTN, SB, BB`` and then, in order of
action, ``UTG``, ... up to ``CO``, the seat before the button (:func:`positions`).  Heads-up the
button is the small blind: the two positions are ``SB`` and ``BB``.

A strategy is 169 numbers in ``[0, 1]``, one per starting-hand class in the grid order of
:mod:`pokerengine.decisions.combos`: the probability of pushing (or calling) with that class.

>>> positions(2), positions(3), positions(6)
(('SB', 'BB'), ('BTN', 'SB', 'BB'), ('BTN', 'SB', 'BB', 'UTG', 'HJ', 'CO'))
>>> positions(9)[3:]
('UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO')
>>> action_order(4)
(3, 0, 1, 2)
>>> percent([1.0] * 169), round(percent([0.0] * 168 + [1.0]), 4)
(100.0, 0.4525)
"""

from __future__ import annotations

import itertools
import numbers
import warnings
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from ..errors import DecisionInputError
from .combos import CLASS_NAMES, CLASS_SIZES, CLASSES, COMBOS

MIN_PLAYERS = 2
MAX_PLAYERS = 9

_LATE = ("CO", "HJ", "LJ")  # the seats before the button, nearest first


def positions(players: int) -> tuple[str, ...]:
    """Position names in seat order starting at the button (heads-up: ``SB``, ``BB``)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DecisionInputError(f"a push/fold table has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    if players == 2:
        return ("SB", "BB")
    early = players - 3  # seats between the big blind and the button, in order of action
    late = min(early - 1, len(_LATE)) if early > 1 else 0
    first = early - late  # UTG, UTG+1, ...
    names = ["UTG" if k == 0 else f"UTG+{k}" for k in range(first)]
    names += list(reversed(_LATE[:late]))
    return ("BTN", "SB", "BB", *names)


def action_order(players: int) -> tuple[int, ...]:
    """Seat indices (``0`` = the button; heads-up ``0`` = the small blind) in pre-flop order of action."""
    positions(players)  # checks the count
    if players == 2:
        return (0, 1)
    return tuple(range(3, players)) + (0, 1, 2)


def percent(strategy: Sequence[float]) -> float:
    """The share of the 1,326 combinations a 169-class strategy plays, in percent."""
    return 100.0 * sum(p * n for p, n in zip(strategy, CLASS_SIZES)) / COMBOS


def _strategy(value: Iterable[float]) -> tuple[float, ...]:
    """169 probabilities (numbers from 0 to 1, a rounding's 1e-9 either side let through)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise DecisionInputError(f"a strategy is {CLASSES} probabilities, got {type(value).__name__}")
    out: list[float] = []
    for v in itertools.islice(value, CLASSES + 1):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not -1e-9 <= v <= 1.0 + 1e-9:
            raise DecisionInputError(f"a strategy's values are probabilities from 0 to 1, got {v!r:.40}")
        out.append(float(v))
    if len(out) != CLASSES:
        raise DecisionInputError(f"a strategy has {CLASSES} values (one per class), got {len(out)}")
    return tuple(out)


def _calls(value: Mapping[str, Iterable[float]]) -> dict[str, tuple[float, ...]]:
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise DecisionInputError("call ranges are a mapping from the positions all in (text) to strategies")
    return {key: _strategy(v) for key, v in value.items()}


REMOVAL = {"off": "off", "model": "on (each player's view through his own hand)",
           "pairs": "on (each player's view through his own hand, the folded hands' removal on the others by pairs)",
           "real": "of the real deal (three hands from one deck by class, the folded hand's cards out of the others' "
                   "hands and the board; the board's part from {deals:,} sampled deals; {three})"}


def _three_text(three: int) -> str:
    if not three:
        return "three hands all in by the board model"
    return f"three hands all in from one deck, {three * 2500:,} sampled deals"


JOINT = "; ev and equity under one joint deal, the views of all seats mixed"
def removal_text(mode: str, deals: int, three: int) -> str:
    """The card removal a solve used, for its ``method``."""
    return REMOVAL[mode].format(deals=deals, three=_three_text(three)) + (JOINT if mode in ("model", "pairs") else "")


@attrs.frozen
class PlayerStrategy:
    """One position's equilibrium strategy and values.

    ``push``: the probability of pushing each class when folded to (the big blind, who is never
    folded to with a choice, pushes nothing).  ``call``: for each set of positions already all in
    (joined by ``+`` in order of action, e.g. ``"BTN+SB"``), the probability of calling with each
    class.  ``ev``: the expected change of the player's chips in the hand, relative to the stack
    before blinds and antes.  ``equity``: the expected prize money after the hand (``None`` under
    chip EV).
    """

    position: str
    stack: int
    push: tuple[float, ...] = attrs.field(converter=_strategy)
    call: dict[str, tuple[float, ...]] = attrs.field(converter=_calls)
    ev: float
    equity: float | None = None

    @property
    def push_percent(self) -> float:
        return percent(self.push)

    @property
    def call_percent(self) -> dict[str, float]:
        return {key: percent(v) for key, v in self.call.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "stack": self.stack,
            "push": dict(zip(CLASS_NAMES, self.push)),
            "push_percent": self.push_percent,
            "call": {key: dict(zip(CLASS_NAMES, v)) for key, v in self.call.items()},
            "call_percent": self.call_percent,
            "ev": self.ev,
            "equity": self.equity,
        }


@attrs.frozen
class DealCheck:
    """A solve's strategies measured in the real deal by sampling (:func:`.dealcheck.deal_check`):
    every hand and the board from one deck, the strategies integrated exactly.

    ``exploitability``: the largest seat's best-response gain (big blinds, or percent of the pool),
    the plain estimate (biased up near indifference, a cautious figure); ``standard_error`` its
    batch-means error; ``lower``: the cross-fitted estimate (biased down).  ``ties_by_order``: showdowns
    whose tie was broken at random rather than split (past :data:`.dealcheck.MAX_TIED` ways; 0 as a rule).  ``gains``, ``errors``,
    ``lowers``: per seat.  ``values``: each seat's expected payoff (chips or money after the hand).
    """

    exploitability: float
    standard_error: float
    lower: float
    gains: tuple[float, ...]
    errors: tuple[float, ...]
    lowers: tuple[float, ...]
    values: tuple[float, ...]
    deals: int
    seed: int
    seconds: float
    ties_by_order: int = 0

    def within(self, tolerance: float) -> bool:
        """Whether the plain estimate plus two standard errors is within ``tolerance``."""
        return self.exploitability + 2.0 * self.standard_error <= tolerance

    def to_json(self) -> dict[str, Any]:
        return {"exploitability": self.exploitability, "standard_error": self.standard_error, "lower": self.lower,
                "gains": list(self.gains), "errors": list(self.errors), "lowers": list(self.lowers),
                "values": list(self.values), "deals": self.deals, "seed": self.seed, "seconds": self.seconds,
                "ties_by_order": self.ties_by_order}


@attrs.frozen
class Equilibrium:
    """A solved push/fold game: the inputs, every position's strategy, and its certificate.

    ``exploitability``: the most any one player gains by switching to a best response against
    the others' strategies, in big blinds (chip EV) or in percent of the prize pool (prize
    models).  ``method`` says how it was solved; ``iterations`` how many steps that took.
    ``certified``: whether ``exploitability`` is within the tolerance the solve was asked for
    (:func:`pokerengine.decisions.solve`'s ``tolerance``; heads-up, the exact solver's own 1e-9 bb);
    a solve stopped by ``max_seconds`` or ``max_iterations`` short of it returns its best
    strategies with ``certified`` false (``pokerengine pushfold`` then exits with status 3).
    ``realdeal``: the strategies checked in the real deal by sampling (``solve(check_deals=N)``,
    :class:`DealCheck`); from four players on its figure is then ``exploitability``, the solver's
    own certificate (of its model game, each player's view) ``model_exploitability``.  Without a
    check, ``model_exploitability`` equals ``exploitability`` where that is the model game's (four
    players and more, or three without the real deal's card removal) and is ``None`` where the
    certificate is the real deal's (heads-up, three-handed by default).
    """

    model: str
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    ante: int
    prizes: tuple[int | Fraction, ...]
    players: tuple[PlayerStrategy, ...]
    exploitability: float
    seconds: float
    method: str = ""
    iterations: int = 0
    big_blind_ante: int = 0
    certified: bool = False
    model_exploitability: float | None = None
    realdeal: DealCheck | None = None

    @property
    def bb_ante(self) -> bool:
        """Whether the table paid a big blind ante (deprecated: ``big_blind_ante``, the amount, as in live)."""
        warnings.warn("Equilibrium.bb_ante is big_blind_ante (the amount); bb_ante goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.big_blind_ante > 0

    def player(self, position: str) -> PlayerStrategy:
        for p in self.players:
            if p.position == position:
                return p
        raise DecisionInputError(f"no position {position!r} at this table: {[p.position for p in self.players]}")

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "stacks": list(self.stacks),
            "blinds": list(self.blinds),
            "ante": self.ante,
            "big_blind_ante": self.big_blind_ante,
            "prizes": [p if isinstance(p, int) else float(p) for p in self.prizes],
            "players": [p.to_json() for p in self.players],
            "exploitability": self.exploitability,
            "seconds": self.seconds,
            "method": self.method,
            "iterations": self.iterations,
            "certified": self.certified,
            "model_exploitability": self.model_exploitability,
            "realdeal": None if self.realdeal is None else self.realdeal.to_json(),
        }
