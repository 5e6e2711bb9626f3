"""Bubble factors and risk premiums: what an all-in between two players costs in prize money.

The bubble factor of player A against player B (Nelson, Heston & Streib, *Kill Everyone*, 2009)
is the money A loses when losing an all-in for the smaller of the two stacks divided by the money
A gains when winning it, all other stacks unchanged, both valued by a payout model::

    BF(A, B) = (E_A(now) - E_A(A loses s)) / (E_A(A wins s) - E_A(now)),   s = min(S_A, S_B)

A player left with no chips is out in the last place still open (:func:`~.decision.money`).  A
factor above 1 means chips lost are worth more than chips won.  Under ICM with prizes that do not
rise with the place, every factor is at least 1, and exactly 1 when the model is linear in chips
(two players, or every place after the first paying the same; winner takes all); other models
need not keep it (DCM and Malmuth-Weitzman give factors below 1 to some pairs of uneven stacks,
Roberts too), and prizes that rise with the place (a satellite paying only second) can make a
factor negative.  The **risk premium** is the
equity above chip EV's break-even that a call of such an all-in needs (no dead money): calling
risks ``loss`` to win ``gain``, worth it when ``p * gain >= (1 - p) * loss``, at
``p >= BF / (1 + BF)``, against one half in chips::

    RP(A, B) = BF / (1 + BF) - 1/2 = (BF - 1) / (2 (BF + 1))

Four equal stacks paying 50/30/20 (the book's example; /work/shared/notes):

>>> bf = bubble_factors([1000] * 4, [50, 30, 20])
>>> round(bf.factors[0][1], 6), bf.factors[0][0], round(bf.risk_premium[0][1], 4)
(1.875, None, 0.1522)
>>> round(bubble_factors([1000] * 3, [1, 1]).factors[2][0], 12)
2.0

**Exactness.**  A factor is a quotient of two differences of money values, and near a payout
linear in chips those differences cancel: in floats a factor of 1.0000000017 came out 0.9999999982,
and winner-take-all factors (exactly 1) came out ``nan`` or 0.99972 by the size of the prize.
Under ICM and chip EV each factor is computed in floats first; where its error bound (each ICM
value within :data:`ICM_ERROR` of the pool, measured 180 times smaller) allows more than
:data:`RELATIVE_ERROR` / 2, or does not settle which side of 1 (or of 0, or 0/0) it is on, the
money values are recomputed in Fractions (:func:`~.decision.money_exact`) and the exact quotient
rounded once; so is every chip EV factor and every factor of stacks past 2**53 chips.  Hence each
factor is within :data:`RELATIVE_ERROR` (1e-9) of the exact one, at least 1 whenever the exact one
is (at most 1 whenever it is), exactly 1 where the payout is linear in chips, and finite wherever
it is defined (tested against an oracle over every finishing order, stacks from 1 to 10**12
chips).  The exact runs count against ``max_seconds``: a table whose stacks differ by many
orders of magnitude with many places paid can need seconds (nine players paying nine places, on
two cores with other work running: a 1-chip stack among thousands 3.6 s, stacks from 2 to 10**15
22 s; ICM tables of ordinary stacks need no exact run, 0.2 s).  DCM, Malmuth-Weitzman and
Roberts are valued in floats only: their factors are quotients of float differences (a gain
within 1e-12 of the larger value counts as none).

>>> bubble_factors([10**12, 1, 10**12], [1]).factors[0][1]          # winner takes all: exactly 1
1.0
>>> f = bubble_factors([1000, 2, 100, 1000000, 100, 1], [572, 541, 530, 523, 376]).factors[3][1]
>>> f > 1, round(f, 12)
(True, 1.0000000017)

When the all-in changes nothing (every remaining player is paid the same whatever happens) the
factor is ``0/0``: ``nan``; a loss with no gain is ``inf`` (both ``None`` in :meth:`~BubbleFactors.to_json`).
Limits: 2 to 9 players; ``1 + n (n - 1)`` model runs (the outcome of A winning against B is B
losing against A), all within ``max_seconds`` (default 30;
:class:`~pokerengine.errors.ModelTimeout` past it), each within the model's memory limit
(``max_bytes``, 1 GiB by default).  Measured (9 players, 50/30/20, 2 shared cores): ICM 0.2 s,
Malmuth-Weitzman 0.1 s, Roberts 3.8 s, DCM 19 s.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from ..errors import DecisionInputError, ModelTimeout
from .bounty import optional
from .decision import EXACT_MODELS, check_stacks, money, money_exact
from .money import Prize, check_model, check_prizes

DEFAULT_SECONDS = 30.0
RELATIVE_ERROR = 1e-9
"""Under ICM and chip EV a factor is within this relative error of the exact one (measured against
Fractions in the tests; most are the exact quotient rounded once)."""
ICM_ERROR = 2.0 ** -44
"""What an ICM value in floats is taken to be off by at most, as a share of the prize pool (measured:
3.2e-16 at most over 300 random tables of 2 to 7 players, stacks 1 to 10**12; this is 180 times that)."""
FLOAT_EXACT = 2 ** 53
"""Stacks adding up to more than this lose chips in floats: every factor is then computed exactly."""

Matrix = tuple[tuple[float | None, ...], ...]


@attrs.frozen
class BubbleFactors:
    """The bubble factor and risk premium of each player (row) against each other (column).

    ``factors[a][b]`` is ``None`` on the diagonal; ``loss[a][b]`` and ``gain[a][b]`` are the money
    A loses or gains in the all-in with B (``factors = loss / gain``); ``equity`` the players'
    money now.
    """

    model: str
    stacks: tuple[int, ...]
    prizes: tuple[Prize, ...]
    equity: tuple[float, ...]
    factors: Matrix
    risk_premium: Matrix
    loss: Matrix
    gain: Matrix

    def to_json(self) -> dict[str, Any]:
        """``{"model", "stacks", "prizes", "equity", "factors", "risk_premium"}``; ``nan``/``inf`` as null."""
        def clean(m: Matrix) -> list[list[float | None]]:
            return [[v if v is not None and math.isfinite(v) else None for v in row] for row in m]

        return {
            "model": self.model, "stacks": list(self.stacks),
            "prizes": [p if isinstance(p, int) else str(p) for p in self.prizes],
            "equity": list(self.equity), "factors": clean(self.factors), "risk_premium": clean(self.risk_premium),
        }


def _ratio(loss: float, gain: float) -> float:
    """``loss / gain`` of a model valued in floats: a gain within rounding of zero is none."""
    scale = max(abs(loss), abs(gain), 1.0)
    if abs(gain) <= 1e-12 * scale:
        return math.nan if abs(loss) <= 1e-12 * scale else math.inf
    return loss / gain


def _exact_ratio(loss: Fraction, gain: Fraction) -> float:
    """``loss / gain`` in Fractions, rounded once (``nan`` for 0/0, ``inf`` for a loss with no gain;
    past the largest float: ``inf``)."""
    if gain == 0:
        return math.nan if loss == 0 else math.inf
    try:
        return float(loss / gain)
    except OverflowError:
        return math.inf if (loss > 0) == (gain > 0) else -math.inf


def _exact_premium(loss: Fraction, gain: Fraction) -> float:
    """``BF / (1 + BF) - 1/2 = (loss - gain) / (2 (loss + gain))`` in Fractions, rounded once."""
    if gain == 0:
        return math.nan if loss == 0 else 0.5
    if loss + gain == 0:
        return math.nan
    return float((loss - gain) / (2 * (loss + gain)))


def _doubtful(loss: float, gain: float, error: float) -> bool:
    """Whether a factor from float values, each within ``error`` of the exact one, may be more than
    :data:`RELATIVE_ERROR` / 2 off, or on the wrong side of 1, 0 or 0/0."""
    slack = 2 * error  # each of loss and gain is a difference of two values
    if abs(gain) <= 2 * slack or abs(loss) <= 2 * slack:
        return True
    bound = slack / abs(gain) + slack / abs(loss)  # the factor's relative error, to first order
    return bound > RELATIVE_ERROR / 4 or abs(loss - gain) <= 2 * bound * abs(loss)


def risk_premium(factor: float) -> float:
    """``BF / (1 + BF) - 1/2``: the equity above one half a call of an all-in with no dead money needs.

    >>> risk_premium(1.0), round(risk_premium(2.0), 4), risk_premium(math.inf)
    (0.0, 0.1667, 0.5)
    """
    if math.isinf(factor) and factor > 0:
        return 0.5
    if factor == -1.0:  # winning gains what losing gains: no equity balances them
        return math.nan
    return factor / (1.0 + factor) - 0.5


def bubble_factors(stacks: Sequence[int], prizes: Sequence[Prize], positional_model: str | None = None, /, *,
                   model: str = "icm", max_seconds: float | None = DEFAULT_SECONDS, bounties: Sequence[Prize] | None = None,
                   progressive: bool = False, chips_per_money: Prize | None = None,
                   **model_options: Any) -> BubbleFactors:
    """The bubble factor matrix of a table (row A against column B) under ``model`` (``icm``,
    ``dcm``, ``mw``, ``roberts``; ``chip`` gives 1 everywhere); ``model_options`` go to the model.
    See the module docstring for the definition and limits.  ``bounties``, ``progressive``,
    ``chips_per_money``: knockout bounties (:mod:`.bounty`): every value adds the player's bounty
    money (a bounty won by busting the other, the chip share of those left on heads), so a bounty on
    B makes A's gain against a B he covers larger.  ``model`` is a keyword, as in every decision;
    given third in line (the older form) it still works and warns (:class:`DeprecationWarning`).
    """
    if positional_model is not None:
        warnings.warn("bubble_factors' model is a keyword: bubble_factors(stacks, prizes, model=...)",
                      DeprecationWarning, stacklevel=2)
        model = positional_model
    s = check_stacks(stacks)
    model = check_model(model)
    p = check_prizes(prizes, len(s))
    if not any(p):
        raise DecisionInputError("bubble factors need prizes (at least one place paying something)")
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float))
                                    or not max_seconds > 0):
        raise DecisionInputError(f"max_seconds must be a positive number or None, got {max_seconds!r}")
    end = None if max_seconds is None else time.monotonic() + max_seconds
    ko = optional(bounties, len(s), progressive=progressive, chips_per_money=chips_per_money,
                  model="icm" if model == "chip" else model)  # chip EV here shares the prizes: money, not chips

    def knocked(after: tuple[int, ...]) -> tuple[Fraction, ...]:
        """The bounty money at the stacks ``after`` an all-in of two players (or none: ``s``)."""
        assert ko is not None
        pair = [i for i in range(len(s)) if after[i] != s[i]]
        if not pair:
            return ko.extra(after, [0] * len(s), set(), [])
        winner, loser = sorted(pair, key=lambda i: after[i] < s[i])
        amount = after[winner] - s[winner]
        put = [amount if i in pair else 0 for i in range(len(s))]
        return ko.extra(after, put, set(pair), [[winner], [loser]])

    def value(after: tuple[int, ...]) -> tuple[float, ...]:
        left = None
        if end is not None:
            left = end - time.monotonic()
            if left <= 0:
                raise ModelTimeout(f"bubble factors: more than max_seconds={max_seconds}")
        got = money(after, p, model=model, before=s, max_seconds=left, **model_options)
        return got if ko is None else tuple(v + float(x) for v, x in zip(got, knocked(after)))

    n = len(s)
    states: dict[tuple[int, int] | None, tuple[int, ...]] = {None: s}  # (winner, loser) -> stacks after
    for a in range(n):
        for b in range(n):
            if a != b:
                amount = min(s[a], s[b])
                after = list(s)
                after[a] += amount
                after[b] -= amount
                states[a, b] = tuple(after)
    values = {key: value(st) for key, st in states.items()}
    now = values[None]
    exact: dict[tuple[int, int] | None, tuple[Fraction, ...]] = {}

    def exactly(key: tuple[int, int] | None) -> tuple[Fraction, ...]:
        if key not in exact:
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                raise ModelTimeout(f"bubble factors: more than max_seconds={max_seconds}")
            exact[key] = money_exact(states[key], p, model=model, before=s, max_seconds=left)
            if ko is not None:
                exact[key] = tuple(v + x for v, x in zip(exact[key], knocked(states[key])))
        return exact[key]

    error = ICM_ERROR * float(sum(p) + (sum(bounties) if bounties is not None and ko is not None else 0))
    factors: list[list[float | None]] = [[None] * n for _ in range(n)]
    premium: list[list[float | None]] = [[None] * n for _ in range(n)]
    loss: list[list[float | None]] = [[None] * n for _ in range(n)]
    gain: list[list[float | None]] = [[None] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            g = values[a, b][a] - now[a]
            lo = now[a] - values[b, a][a]
            if model in EXACT_MODELS and (model == "chip" or sum(s) > FLOAT_EXACT or _doubtful(lo, g, error)):
                ge = exactly((a, b))[a] - exactly(None)[a]
                le = exactly(None)[a] - exactly((b, a))[a]
                factors[a][b], premium[a][b] = _exact_ratio(le, ge), _exact_premium(le, ge)
                loss[a][b], gain[a][b] = float(le), float(ge)
                continue
            f = _ratio(lo, g)
            factors[a][b], loss[a][b], gain[a][b] = f, lo, g
            premium[a][b] = math.nan if math.isnan(f) else risk_premium(f)
    return BubbleFactors(model, s, p, now, tuple(map(tuple, factors)), tuple(map(tuple, premium)),
                         tuple(map(tuple, loss)), tuple(map(tuple, gain)))


__all__ = ["BubbleFactors", "bubble_factors", "risk_premium"]
