"""Equity snapshots: what each remaining stack is worth under ICM and DCM, taken after every bust.

The payout models live in :mod:`pokerengine.models`; this module only decides
when to run them and records the result.  Snapshots are derived data: they are
not part of a tournament's state (DCM may finish in time on one machine and
not on another), so two replays of one log have equal states even when their
snapshots differ.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..errors import TournamentError


def _field(value: object) -> int:
    if type(value) is not int or value < 0:
        raise TournamentError(f"icm_field must be a non-negative integer, got {value!r}")
    return value


def _seconds(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise TournamentError(f"a time budget must be a positive number of seconds or None, got {value!r}")
    return float(value)


@attrs.frozen
class EquityConfig:
    """When snapshots are taken.

    ``icm_field``: ICM runs automatically after a bust once at most this many
    players are left (0 turns automatic snapshots off).  ``dcm_seconds``: the
    time budget of each automatic DCM run (``None`` turns DCM off); a DCM run
    that times out with *n* players left is not tried again until fewer than
    *n* are left.  ``dcm_depth`` is the DCM paper's depth limit.
    ``deal_dcm_seconds`` bounds a DCM deal (``None``: no limit).

    >>> EquityConfig().icm_field
    100
    >>> EquityConfig.off()
    EquityConfig(icm_field=0, dcm_seconds=None, dcm_depth=50, deal_dcm_seconds=None)
    """

    icm_field: int = attrs.field(default=100, converter=_field)
    dcm_seconds: float | None = attrs.field(default=0.5, converter=_seconds)
    dcm_depth: int = attrs.field(default=50, converter=_field)
    deal_dcm_seconds: float | None = attrs.field(default=None, converter=_seconds)

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


def _models():
    from ..models import dcm, icm  # imported late: the models package is optional at import time

    return icm, dcm


def model_prizes(prizes: Sequence[int]) -> list[int]:
    """The prizes as a model takes them: trailing zero places dropped."""
    out = list(prizes)
    while out and out[-1] == 0:
        out.pop()
    return out


def run_icm(stacks: Sequence[int], prizes: Sequence[int], *, exact: bool = False) -> tuple:
    """ICM equities for ``stacks`` (one per player) with ``prizes`` best first."""
    paid = model_prizes(prizes)
    if not paid:
        return tuple(0 for _ in stacks)
    if len(stacks) == 1:
        return (sum(paid[:1]),)
    icm, _ = _models()
    return tuple(icm(list(stacks), paid[: len(stacks)], exact=exact).equity)


def run_dcm(stacks: Sequence[int], prizes: Sequence[int], *, depth: int = 50, max_seconds: float | None = None) -> tuple:
    """DCM equities; raises :class:`~pokerengine.errors.ModelTimeout` past ``max_seconds``."""
    paid = model_prizes(prizes)
    if not paid:
        return tuple(0.0 for _ in stacks)
    if len(stacks) == 1:
        return (float(sum(paid[:1])),)
    _, dcm = _models()
    return tuple(dcm(list(stacks), paid[: len(stacks)], depth=depth, max_seconds=max_seconds).equity)


def snapshot(
    after: int,
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    locked: Sequence[int],
    *,
    icm: bool,
    dcm: bool,
    dcm_seconds: float | None,
    dcm_depth: int = 50,
) -> Snapshot:
    """Run the models asked for; a model that fails or times out is recorded in ``notes``, never raised."""
    notes: list[str] = []
    icm_eq = dcm_eq = None
    if icm:
        try:
            icm_eq = tuple(float(e) + x for e, x in zip(run_icm(stacks, prizes), locked))
        except (ImportError, ValueError, ArithmeticError, TimeoutError) as exc:
            notes.append(f"icm: {type(exc).__name__}: {exc}")
    if dcm:
        try:
            raw = run_dcm(stacks, prizes, depth=dcm_depth, max_seconds=dcm_seconds)
            dcm_eq = tuple(float(e) + x for e, x in zip(raw, locked))
        except TimeoutError:
            notes.append(f"dcm: timed out after {dcm_seconds} s with {len(stacks)} players")
        except (ImportError, ValueError, ArithmeticError) as exc:
            notes.append(f"dcm: {type(exc).__name__}: {exc}")
    return Snapshot(after, tuple(players), tuple(stacks), tuple(prizes), tuple(locked), icm_eq, dcm_eq, tuple(notes))
