"""Equity snapshots: what each remaining stack is worth under ICM and DCM, taken after every bust.

The payout models live in :mod:`pokerengine.models`; this module only decides
when to run them and records the result.  Snapshots are derived data: they are
not part of a tournament's state (DCM may finish in time on one machine and
not on another), so two replays of one log have equal states even when their
snapshots differ.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import attrs

from .. import models
from .._checks import shown
from ..errors import TournamentError

MAX_SECONDS = 3600.0
"""The longest time budget any model run may be given (one hour)."""

DEFAULT_SECONDS = 10.0
"""The budget of a model run asked for without one."""


def _field(value: object) -> int:
    if type(value) is not int or value < 0:
        raise TournamentError(f"icm_field must be a non-negative integer, got {shown(value)}")
    return value


def check_seconds(value: object, what: str = "a time budget") -> float:
    """A model's time budget: a positive, finite number of seconds, at most :data:`MAX_SECONDS`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS:
        raise TournamentError(f"{what} must be a number of seconds above 0 and at most {MAX_SECONDS:g}, got {shown(value)}")
    return float(value)


def _seconds(value: object) -> float | None:
    return None if value is None else check_seconds(value)


def _icm_seconds(value: object) -> float:
    return check_seconds(value, "icm_seconds")


@attrs.frozen
class EquityConfig:
    """When snapshots are taken.

    Every model run the tournament starts has a time budget (a model past it
    raises :class:`~pokerengine.errors.ModelTimeout`; the models also refuse,
    before they start, an input too big to fit in memory).

    ``icm_field``: ICM runs automatically after a bust once at most this many
    players are left (0 turns automatic snapshots off).  ``dcm_seconds``: the
    time budget of each automatic DCM run (``None`` turns DCM off); a DCM run
    that times out with *n* players left is not tried again until fewer than
    *n* are left.  ``dcm_depth`` is the DCM paper's depth limit.
    ``deal_dcm_seconds`` bounds the DCM run of a deal made without amounts,
    and of an on-demand :meth:`~pokerengine.tournament.Tournament.equity`
    (``None``: such deals are refused).  ``icm_seconds`` bounds every ICM run.
    Budgets are at most :data:`MAX_SECONDS`.

    >>> EquityConfig().icm_field
    100
    >>> EquityConfig.off()
    EquityConfig(icm_field=0, dcm_seconds=None, dcm_depth=50, deal_dcm_seconds=10.0, icm_seconds=10.0)
    """

    icm_field: int = attrs.field(default=100, converter=_field)
    dcm_seconds: float | None = attrs.field(default=0.5, converter=_seconds)
    dcm_depth: int = attrs.field(default=50, converter=_field)
    deal_dcm_seconds: float | None = attrs.field(default=10.0, converter=_seconds)
    icm_seconds: float = attrs.field(default=10.0, converter=_icm_seconds)

    @classmethod
    def off(cls) -> EquityConfig:
        """No automatic snapshots (replaying a long log fast; equity on demand still works)."""
        return cls(icm_field=0, dcm_seconds=None)


@attrs.frozen
class Snapshot:
    """The remaining players' equities at one moment, in currency minor units (floats).

    ``after`` is the number of events accepted when it was taken.  ``prizes``
    are the prizes of the places still open (best first, one per player left);
    ``locked`` is money each player already has from a partial deal, and is
    included in ``icm`` and ``dcm``.  A model that did not run leaves ``None``
    and says why in ``notes``.
    """

    after: int
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    locked: tuple[int, ...]
    icm: tuple[float, ...] | None = None
    dcm: tuple[float, ...] | None = None
    notes: tuple[str, ...] = ()

    def of(self, player: str) -> dict[str, float | int | None]:
        """One player's chips and equities."""
        i = self.players.index(player)
        return {
            "chips": self.stacks[i],
            "icm": None if self.icm is None else self.icm[i],
            "dcm": None if self.dcm is None else self.dcm[i],
        }


def _models() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The ICM and DCM model functions (tests put stand-ins here)."""
    return models.icm, models.dcm


def model_prizes(prizes: Sequence[int]) -> list[int]:
    """The prizes as a model takes them: trailing zero places dropped."""
    out = list(prizes)
    while out and out[-1] == 0:
        out.pop()
    return out


@lru_cache(maxsize=16)
def _takes_budget(model: Callable[..., Any]) -> bool:
    try:
        return "max_seconds" in inspect.signature(model).parameters
    except (TypeError, ValueError):
        return False


def _budget(model: Callable[..., Any], max_seconds: float) -> dict[str, float]:
    """``max_seconds`` as a keyword for ``model``, if the model takes one."""
    return {"max_seconds": max_seconds} if _takes_budget(model) else {}


def run_icm(stacks: Sequence[int], prizes: Sequence[int], *, exact: bool = False, max_seconds: float = 10.0) -> tuple[float, ...]:
    """ICM equities for ``stacks`` (one per player) with ``prizes`` best first.

    Raises :class:`~pokerengine.errors.ModelTimeout` past ``max_seconds``, and
    :class:`~pokerengine.errors.ModelInputError` for an input the model refuses.
    """
    paid = model_prizes(prizes)
    if not paid:
        return tuple(0 for _ in stacks)
    if len(stacks) == 1:
        return (sum(paid[:1]),)
    icm, _ = _models()
    return tuple(icm(list(stacks), paid[: len(stacks)], exact=exact, **_budget(icm, max_seconds)).equity)


def run_dcm(stacks: Sequence[int], prizes: Sequence[int], *, depth: int = 50, max_seconds: float) -> tuple[float, ...]:
    """DCM equities; raises :class:`~pokerengine.errors.ModelTimeout` past ``max_seconds`` (required)."""
    max_seconds = check_seconds(max_seconds, "the DCM time budget")
    paid = model_prizes(prizes)
    if not paid:
        return tuple(0.0 for _ in stacks)
    if len(stacks) == 1:
        return (float(sum(paid[:1])),)
    _, dcm = _models()
    return tuple(dcm(list(stacks), paid[: len(stacks)], depth=depth, max_seconds=max_seconds).equity)


MODEL_FAILURES = (ImportError, ValueError, ArithmeticError, TimeoutError, MemoryError)
"""What a model run may raise: not installed, input refused, timed out, out of memory."""


def failure(model: str, exc: BaseException, seconds: float | None, players: int) -> str:
    """One line saying why a model gave no answer."""
    if isinstance(exc, TimeoutError):
        return f"{model}: timed out after {seconds} s with {players} players"
    if isinstance(exc, MemoryError):
        return f"{model}: ran out of memory with {players} players"
    text = str(exc)
    return f"{model}: {type(exc).__name__}: {text if len(text) <= 200 else text[:197] + '...'}"


def finite(equities: Sequence[Any], model: str) -> Sequence[Any]:
    """``equities`` if every value is a finite number (a model bug must not become a chip amount)."""
    if any(isinstance(e, float) and not math.isfinite(e) for e in equities):
        raise ArithmeticError(f"{model} gave a value that is not a finite number")
    return equities


def snapshot(
    after: int,
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    locked: Sequence[int],
    *,
    icm: bool,
    dcm: bool,
    dcm_seconds: float,
    dcm_depth: int = 50,
    icm_seconds: float = 10.0,
) -> Snapshot:
    """Run the models asked for, each within its time budget.

    A model that fails, times out or runs out of memory is recorded in ``notes``, never raised.
    """
    notes: list[str] = []
    icm_eq = dcm_eq = None
    if icm:
        try:
            icm_eq = tuple(float(e) + x for e, x in zip(finite(run_icm(stacks, prizes, max_seconds=icm_seconds), "icm"),
                                                        locked))
        except MODEL_FAILURES as exc:
            notes.append(failure("icm", exc, icm_seconds, len(stacks)))
    if dcm:
        try:
            raw = finite(run_dcm(stacks, prizes, depth=dcm_depth, max_seconds=dcm_seconds), "dcm")
            dcm_eq = tuple(float(e) + x for e, x in zip(raw, locked))
        except MODEL_FAILURES as exc:
            notes.append(failure("dcm", exc, dcm_seconds, len(stacks)))
    return Snapshot(after, tuple(players), tuple(stacks), tuple(prizes), tuple(locked), icm_eq, dcm_eq, tuple(notes))
