"""The time a push/fold solve is estimated to take, before it starts (:func:`estimate_seconds`):
:func:`.equilibrium.solve` refuses one estimated at more than ten times its ``max_seconds``."""

from __future__ import annotations

from collections import Counter

from ..models import estimate
from .game import PushFoldGame, endings
from .showdown import budget_boards, pot_cells

DEFAULT_BOARDS = 2048
"""The board model's sample for showdowns of three or more hands (:mod:`.showdown`)."""
CELLS_PER_SECOND = 1.0e9
"""``pot_cells`` a second on the reference machine (measured six- and nine-handed)."""


def estimate_seconds(game: PushFoldGame, boards: int = DEFAULT_BOARDS, iterations: int = 100, refresh: int = 10,
                     check_every: int = 50, pairs: bool = False) -> float:
    """A rough estimate of a solve's time on the reference machine (2 shared cores): valuing every
    ending (the pot code for each way to win the pots, the payout model for each distinct stack
    vector, by the model's own :func:`~pokerengine.models.estimate`), then ``iterations`` of
    CFR+ with every showdown of three or more hands evaluated ``iterations / refresh`` times and
    once per certificate."""

    ends = [len(e.live) for e in endings(game)]
    sizes = Counter(ends)
    used = budget_boards(ends, boards)
    cells = 0.0
    vectors = 0
    orders = 0
    for k, count in sizes.items():
        if k >= 3:
            cells += count * pot_cells(k, used[k], 140)
            vectors += count * 2 ** (k - 1)
            orders += count * 2 ** (k - 1)
        else:
            vectors += count * 3
    evaluations = iterations / refresh + iterations / check_every + 1
    seconds = cells * evaluations / CELLS_PER_SECOND + orders * 6e-5
    seconds += iterations * sum(sizes.values()) * game.players * 3e-5
    if pairs:  # the folds' factors (:mod:`.pairwise`): the triple counts once, each point's fold per refresh
        points = sum(2 ** k for k in range(game.players))
        seconds += 6.0 + iterations * sum(sizes.values()) * game.players * 1.2e-4 + evaluations * points * 2e-3
    if game.model != "chip":
        seconds += vectors * estimate(game.model, list(game.stacks), list(game.prizes)).seconds
    return seconds


__all__ = ["CELLS_PER_SECOND", "DEFAULT_BOARDS", "estimate_seconds"]
