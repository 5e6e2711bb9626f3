"""Deals: the players left share the prize money (or part of it) instead of playing on.

Neither the TDA nor the WSOP rules define deals; these are the common ones
(``docs/tournament.md`` works an example of each):

* **ICM chop** / **DCM chop**: each player gets their model equity.
* **Chip chop**: each player gets the next payout (the prize of the worst place
  still open) plus a chip-proportional share of the rest.
* **Partial deal** (any method with ``keep > 0``): ``keep`` is set aside for
  the eventual winner and the rest is chopped.  For ICM and DCM it comes off
  first prize (``keep`` may be at most first prize less second prize, so the
  ladder stays in order); for a chip chop it comes off the amount shared.

Every amount is an integer; every player gets at least the next payout; the
amounts add up exactly to what is chopped.  Rounding is largest remainder on
the exact quotas (equities made exact with :class:`fractions.Fraction` and
scaled to the total): each player first gets the next payout, then the floor of
the rest of their quota; the units still missing go one each to the largest
remainders, ties going to the larger stack, then to the smaller player id.

Chip chop: everyone gets the next payout (200), and the other 400 go 5:3:2.

>>> chop("chips", ["ann", "bob", "cat"], [5000, 3000, 2000], [500, 300, 200])
{'ann': 400, 'bob': 320, 'cat': 280}
>>> chop("chips", ["ann", "bob", "cat"], [5000, 3000, 2000], [500, 300, 200], keep=100)
{'ann': 350, 'bob': 290, 'cat': 260}

Equal stacks and 1,001 to share: 333 each and two units left over, which go to
the smaller player ids.

>>> chop("chips", ["cat", "bob", "ann"], [10, 10, 10], [500, 300, 201])
{'cat': 333, 'bob': 334, 'ann': 334}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..errors import TournamentError
from .equity import MODEL_FAILURES, failure, finite, run_dcm, run_icm

EXACT_ICM_PLAYERS = 12  # deals with at most this many players use exact (Fraction) ICM


def chopped_structure(method: str, prizes: Sequence[int], keep: int) -> list[int]:
    """The prizes of the places still open once ``keep`` is set aside (validated)."""
    r = len(prizes)
    total = sum(prizes)
    nxt = prizes[-1]
    if keep > total - r * nxt:
        raise TournamentError(
            f"keep {keep} is too much: {total} is left for {r} players, and each must get at least the next payout {nxt} "
            f"(keep at most {total - r * nxt})"
        )
    if method in ("icm", "dcm") and keep:
        if keep > prizes[0] - prizes[1]:
            raise TournamentError(
                f"an {method.upper()} deal takes keep from first prize and may keep at most first prize less second "
                f"prize ({prizes[0] - prizes[1]}), got {keep}"
            )
        return [prizes[0] - keep, *prizes[1:]]
    return list(prizes)


def chop(
    method: str,
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    keep: int = 0,
    *,
    dcm_seconds: float | None = 10.0,
    dcm_depth: int = 50,
    icm_seconds: float = 10.0,
) -> dict[str, int]:
    """Work out a deal: integer amounts for ``players`` adding up to ``sum(prizes) - keep``.

    ``prizes`` are the prizes of the places still open, one per player, best first.
    The model runs within ``icm_seconds`` / ``dcm_seconds`` (``dcm_seconds=None``
    refuses DCM deals); a model that times out, runs out of memory or refuses
    the input refuses the deal with :class:`TournamentError`.
    """
    r = len(players)
    if r < 2 or len(stacks) != r or len(prizes) != r:
        raise TournamentError("a deal needs at least two players, each with a stack and an open place")
    structure = chopped_structure(method, prizes, keep)
    total = sum(prizes) - keep
    nxt = prizes[-1]
    if method == "custom":
        raise TournamentError(f"a {method!r} deal needs the amounts agreed")
    if total == r * nxt:  # nothing beyond the next payout to share (a freeroll, or everything kept aside)
        return dict.fromkeys(players, nxt)
    if method == "chips":
        quotas = [Fraction(s, sum(stacks)) * (total - r * nxt) + nxt for s in stacks]
    elif method in ("icm", "dcm"):
        if method == "dcm" and dcm_seconds is None:
            raise TournamentError("DCM deals are turned off here (no time budget for DCM): give the amounts agreed")
        seconds = icm_seconds if method == "icm" else dcm_seconds
        try:
            if method == "icm":
                eq = run_icm(stacks, structure, exact=r <= EXACT_ICM_PLAYERS, max_seconds=icm_seconds)
            else:
                eq = run_dcm(stacks, structure, depth=dcm_depth, max_seconds=dcm_seconds)  # type: ignore[arg-type]
            finite(eq, method)
        except TimeoutError:
            raise TournamentError(f"{method.upper()} could not work out the deal within {seconds} s") from None
        except MODEL_FAILURES as exc:
            raise TournamentError(f"{method.upper()} could not work out the deal ({failure(method, exc, seconds, r)})") from None
        quotas = _exact(eq, total)
    else:
        raise TournamentError(f"a {method!r} deal needs the amounts agreed")
    amounts = largest_remainder(quotas, total, floor=nxt, stacks=stacks, players=players)
    return dict(zip(players, amounts))


def _exact(equities: Sequence[float], total: int) -> list[Fraction]:
    """Equities as exact fractions scaled to add up to ``total`` exactly (floats carry rounding error)."""
    eq = [Fraction(e) for e in equities]
    if any(e < 0 for e in eq):
        raise TournamentError(f"a payout model gave a negative equity: {[float(e) for e in eq]}")
    s = sum(eq)
    if s == 0:
        raise TournamentError("a payout model gave no equity to anyone")
    return [e * total / s for e in eq]


def largest_remainder(
    quotas: Sequence[Fraction], total: int, *, floor: int, stacks: Sequence[int], players: Sequence[str]
) -> list[int]:
    """Integers adding up to ``total``, each at least ``floor``, as close to ``quotas`` as largest remainder gets.

    Each gets ``floor`` plus the whole part of ``max(quota - floor, 0)``
    (scaled so the excesses add up to ``total - n * floor``); left-over units
    go one each by largest remainder, then larger stack, then smaller player id.

    >>> largest_remainder([Fraction(10, 3)] * 3, 10, floor=0, stacks=[1, 2, 1], players=["b", "c", "a"])
    [3, 4, 3]
    >>> largest_remainder([Fraction(10, 3)] * 3, 10, floor=0, stacks=[1, 1, 1], players=["b", "c", "a"])
    [3, 3, 4]
    """
    n = len(quotas)
    rest = total - n * floor
    if rest < 0:
        raise TournamentError(f"{total} cannot give {n} players at least {floor} each")
    excess = [max(Fraction(q) - floor, Fraction(0)) for q in quotas]
    s = sum(excess)
    if s == 0:
        excess = [Fraction(x) for x in stacks]
        s = sum(excess)
    scaled = [x * rest / s for x in excess]
    whole = [int(x) for x in scaled]  # floor: scaled >= 0
    left = rest - sum(whole)
    order = sorted(range(n), key=lambda i: (-(scaled[i] - whole[i]), -stacks[i], players[i]))
    for i in order[:left]:
        whole[i] += 1
    return [floor + w for w in whole]


def check_amounts(amounts: Mapping[str, int], players: Sequence[str], total: int, nxt: int) -> None:
    """Refuse amounts that do not cover exactly ``players``, add up to ``total``, or give anyone less than ``nxt``."""
    missing = [p for p in players if p not in amounts]
    extra = [p for p in amounts if p not in set(players)]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"leave out {', '.join(map(repr, missing))}")
        if extra:
            parts.append(f"name {', '.join(map(repr, extra))} who {'is' if len(extra) == 1 else 'are'} not in play")
        raise TournamentError(f"a deal must cover exactly the players left; the amounts {' and '.join(parts)}")
    got = sum(amounts.values())
    if got != total:
        raise TournamentError(f"the deal amounts add up to {got}, not to the {total} being chopped")
    short = sorted(p for p in players if amounts[p] < nxt)
    if short:
        raise TournamentError(
            f"every player must get at least the next payout ({nxt}); {', '.join(f'{p!r} gets {amounts[p]}' for p in short)}"
        )
