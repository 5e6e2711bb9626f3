"""Any push/fold strategies checked in the real deal: a solve's, or ranges a user edited.

:func:`check_equilibrium` takes an :class:`~pokerengine.decisions.result.Equilibrium` (what
:func:`~pokerengine.decisions.solve` returns, possibly changed with :func:`attrs.evolve`: other
push or call ranges, from another tool or a player's own) and measures its strategies where every
hand and the board come from one deck (:func:`.dealcheck.deal_check`): each seat's best-response
gain with its standard error and lower estimate, and each seat's expected payoff.  The table (stacks,
blinds, antes, prizes, model) is the equilibrium's own; knockout bounties, which an equilibrium does
not carry, are passed again.

Limits: 2 to 9 players; ``deals`` from 16 to 10^9; ``max_seconds`` bounds the check (it ends with
the deals done by then, at least 16 batches); every probability must be a number in ``[0, 1]`` (the
:class:`~pokerengine.decisions.result.PlayerStrategy` refuses others when it is built) and each seat
must have exactly the call ranges the table has (``BB`` calls ``BTN``, ``BTN+SB``, ...).

>>> from pokerengine.decisions import solve
>>> eq = solve([2000, 1500, 1000], (100, 200))
>>> loose = attrs.evolve(eq, players=tuple(attrs.evolve(p, push=[1.0] * 169) if p.position == "BTN" else p
...                                        for p in eq.players))
>>> check_equilibrium(loose, deals=100_000).gains[0] > check_equilibrium(eq, deals=100_000).gains[0]
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from .._checks import shown
from ..errors import DecisionInputError
from .blas import one_blas_thread
from .dealcheck import deal_check
from .equilibrium import build
from .game import Prize, PushFoldGame, make_game
from .result import DealCheck, Equilibrium

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]


@one_blas_thread
def check_equilibrium(eq: Equilibrium, deals: int = 1_000_000, seed: int = 1, *, max_seconds: float | None = 60.0,
                      bounties: Sequence[Prize] | None = None, progressive: bool = False,
                      chips_per_money: Prize | None = None) -> DealCheck:
    """The strategies of ``eq`` checked in the real deal on ``deals`` seeded deals (module docstring)."""
    if not isinstance(eq, Equilibrium):
        raise DecisionInputError(f"check_equilibrium takes an Equilibrium, got {shown(eq)}")
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float))
                                    or not max_seconds > 0):
        raise DecisionInputError(f"max_seconds must be a positive number or None, got {shown(max_seconds)}")
    began = time.monotonic()
    game = make_game(list(eq.stacks), eq.blinds, eq.ante, big_blind_ante=eq.big_blind_ante,
                     prizes=eq.prizes if eq.model != "chip" else None, model=eq.model, bounties=bounties,
                     progressive=progressive, chips_per_money=chips_per_money)
    if tuple(p.position for p in eq.players) != game.positions:
        raise DecisionInputError(f"the players must be the table's positions {list(game.positions)} in seat order, "
                                 f"got {[p.position for p in eq.players]}")
    solver = build(game, card_removal=False, boards=1)
    sigma = _strategies(game, solver, eq)
    return deal_check(solver, sigma, deals, seed, stop_at=None if max_seconds is None else began + max_seconds)


def _strategies(game: PushFoldGame, solver: Any, eq: Equilibrium) -> dict[int, Array]:
    """Each seat's strategies at its decision points, as the solver keeps them, from ``eq``'s ranges."""
    out: dict[int, Array] = {}
    keys = solver.keys
    for q, points in keys.items():
        player = eq.players[q]
        named = {game.key_name(key): key for key in points if key != game.forced}
        if set(player.call) != set(named):
            raise DecisionInputError(f"{player.position} must have the call ranges {sorted(named)}, "
                                     f"got {sorted(player.call)}")
        rows = np.empty((len(points), len(player.push)))
        for key, k in points.items():
            rows[k] = player.push if key == game.forced else player.call[game.key_name(key)]
        out[q] = np.clip(rows, 0.0, 1.0)  # the strategies' own converter let a rounding's 1e-9 through
    return out


__all__ = ["check_equilibrium"]
