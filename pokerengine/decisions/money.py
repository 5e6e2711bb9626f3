"""The money after a hand under a payout model: one rule for every decision and solver.

A hand ends with each player's chips (``after``; ``0``: out of the tournament).  Players left with
chips are valued by a payout model of :data:`pokerengine.models.MODELS` over the prizes still open;
those knocked out take the places below them, the bigger stack before the hand (``before``)
finishing higher, equal ones sharing their places' prizes; the last player left takes first prize.
:func:`pokerengine.decisions.decision.money`, the push/fold game (:mod:`.game`) and the heads-up
solver (:mod:`.headsup`) all value stacks here.

The decisions take the registry's models whose value of a stack vector is one fixed number
(:data:`PRIZE_MODELS`: all but the sampled ``mc``), and ``chip``: chip EV, the prize pool shared
in proportion to chips (no prizes: the chips themselves).

>>> [round(v, 2) for v in money_after((0, 0, 4000, 3000), (50, 30, 15, 5), "icm", before=(1000, 1000, 2000, 3000))]
[10.0, 10.0, 41.43, 38.57]
>>> [str(v) for v in money_after((3000, 0, 0), (50, 30, 20), "icm", before=(1000, 1000, 1000), exact=True)]
['50', '25', '25']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from .._checks import shown
from ..errors import DecisionInputError, ModelInputError
from ..models import MODELS, SAMPLED_MODELS
from ..models._inputs import check_prizes as model_check_prizes

Prize = int | Fraction

#: The payout models of :data:`pokerengine.models.MODELS` a decision values stacks with (not the sampled ones).
PRIZE_MODELS: tuple[str, ...] = tuple(name for name in MODELS if name not in SAMPLED_MODELS)
#: Every model name a decision takes: chip EV first, then :data:`PRIZE_MODELS`.
MODEL_NAMES: tuple[str, ...] = ("chip", *PRIZE_MODELS)

#: Given the players left with chips and the prizes open to them, their values, or ``None`` for the model's.
Ahead = Callable[[list[int], list[Prize]], Sequence[float] | None]


def check_model(model: object) -> str:
    """``model`` if it is one of :data:`MODEL_NAMES`, else :class:`~pokerengine.errors.DecisionInputError`."""
    if model not in MODEL_NAMES:
        raise DecisionInputError(f"model must be one of {', '.join(MODEL_NAMES)}, got {shown(model)}")
    return str(model)


def check_prizes(prizes: object, players: int) -> tuple[Prize, ...]:
    """The prizes as the payout models check them (:func:`pokerengine.models._inputs.check_prizes`),
    a refusal raised as :class:`~pokerengine.errors.DecisionInputError`."""
    try:
        return model_check_prizes(prizes, players)
    except ModelInputError as e:
        raise DecisionInputError(str(e)) from None


def money_after(after: Sequence[int], prizes: Sequence[Prize], model: str, *, before: Sequence[int] | None = None,
                exact: bool = False, max_seconds: float | None = None, ahead: Ahead | None = None,
                model_options: dict[str, Any] | None = None) -> list[Any]:
    """Each player's prize money for the checked chip counts ``after`` a hand (module docstring).

    ``prizes``: checked, best place first; ``model``: one of :data:`MODEL_NAMES`; ``before``: the
    stacks at the start of the hand (default ``after``), which rank the players knocked out.
    ``exact``: ``Fraction`` values (chip EV and ICM only: the model runs with ``exact=True``, and
    every open place's prize less the last one's is valued, each player finishing somewhere, so
    that a payout linear in chips costs one place); else floats.  ``ahead``: a valuation of the
    players left that replaces the model's when it returns values.  ``max_seconds`` and
    ``model_options`` go to the model; a model that refuses the stacks or the options raises
    :class:`~pokerengine.errors.DecisionInputError`.
    """
    n = len(after)
    if before is None:
        before = after
    pay: list[Prize] = list(prizes) + [0] * (n - len(prizes))
    if model == "chip":
        if not prizes:
            return [Fraction(s) if exact else float(s) for s in after]
        total, pool = sum(after), sum(prizes)
        return [Fraction(pool) * s / total if exact else float(Fraction(pool) * s / total) for s in after]
    alive = [i for i in range(n) if after[i] > 0]
    out: list[Any] = [Fraction(0) if exact else 0.0] * n
    busted = sorted((i for i in range(n) if after[i] == 0), key=lambda i: -before[i])
    place = len(alive)
    k = 0
    while k < len(busted):  # equal stacks before the hand share their places
        j = k
        while j < len(busted) and before[busted[j]] == before[busted[k]]:
            j += 1
        share = Fraction(sum(pay[place + k:place + j])) / (j - k)
        for i in busted[k:j]:
            out[i] = share if exact else float(share)
        k = j
    open_prizes = pay[:len(alive)]
    floor: Prize = 0
    if exact and len(open_prizes) > 1:  # every place pays the last one's prize at least
        floor = open_prizes[-1]
        open_prizes = [v - floor for v in open_prizes]
    while open_prizes and open_prizes[-1] == 0:
        open_prizes.pop()
    if len(alive) == 1:
        out[alive[0]] = Fraction(pay[0]) if exact else float(pay[0])
        return out
    if not open_prizes:
        if exact:
            for i in alive:
                out[i] = Fraction(floor)
        return out
    values: Sequence[Any] | None = ahead(alive, open_prizes) if ahead is not None else None
    if values is None:
        options = dict(model_options or {}, exact=True) if exact else dict(model_options or {})
        stacks = [after[i] for i in alive]
        try:
            values = MODELS[model](stacks, open_prizes, max_seconds=max_seconds, **options).equity
        except TypeError as e:
            raise DecisionInputError(f"the {model} model does not take these options: {e}") from None
        except ModelInputError as e:
            raise DecisionInputError(f"the {model} model refused stacks {stacks}: {e}") from e
    for i, v in zip(alive, values):
        out[i] = Fraction(v) + floor if exact else float(v)
    return out


__all__ = ["MODEL_NAMES", "PRIZE_MODELS", "Prize", "check_model", "check_prizes", "money_after"]
