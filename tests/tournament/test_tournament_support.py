"""Shared helpers for the tournament tests: oracles, a stand-in for the payout models, strategies.

No tests here.  The oracles are written to be obviously correct, not fast.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import attrs
import pytest
from hypothesis import strategies as st

from pokerengine.errors import ModelTimeout
from pokerengine.tournament import equity as equity_module


def icm_oracle(stacks, prizes):
    """Malmuth-Harville ICM, exact, by recursion over who finishes first among the players left."""
    n = len(stacks)
    pay = [Fraction(p) for p in prizes] + [Fraction(0)] * max(0, n - len(prizes))

    @lru_cache(maxsize=None)
    def rec(left: frozenset, place: int) -> tuple:
        eq = [Fraction(0)] * n
        if not left or place >= len(pay):
            return tuple(eq)
        total = sum(stacks[i] for i in left)
        for i in left:
            p = Fraction(stacks[i], total)
            eq[i] += p * pay[place]
            for j, e in enumerate(rec(left - {i}, place + 1)):
                eq[j] += p * e
        return tuple(eq)

    return list(rec(frozenset(range(n)), 0))


@attrs.frozen
class FakeEquities:
    equity: tuple
    coverage: float = 1.0


def fake_icm(stacks, prizes, *, exact=False, places=False, method="auto"):
    if len(stacks) > 12:  # the oracle is exponential: big fields get chip shares (no test checks their values)
        total = sum(stacks)
        return FakeEquities(tuple(sum(prizes) * s / total for s in stacks))
    eq = icm_oracle(stacks, prizes)
    return FakeEquities(tuple(eq) if exact else tuple(float(e) for e in eq))


def make_fake_dcm(limit: int = 1000, calls: list | None = None):
    """A DCM stand-in equal to ICM that times out (when given a budget) above ``limit`` players."""

    def fake_dcm(stacks, prizes, *, depth=50, min_probability=1e-15, places=False, max_seconds=None):
        if calls is not None:
            calls.append(len(stacks))
        if max_seconds is not None and len(stacks) > limit:
            raise ModelTimeout(f"dcm did not finish in {max_seconds} s")
        return FakeEquities(tuple(float(e) for e in fake_icm(stacks, prizes).equity))

    return fake_dcm


def real_models_available() -> bool:
    try:
        from pokerengine.models import dcm, icm  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture
def models(monkeypatch):
    """The real payout models when they exist, else an exact stand-in (ICM by recursion, DCM = ICM)."""
    if real_models_available():
        return "real"
    monkeypatch.setattr(equity_module, "_models", lambda: (fake_icm, make_fake_dcm()))
    return "fake"


@pytest.fixture
def fake_models(monkeypatch):
    """Always the stand-in (tests of the tournament's own logic, e.g. what happens on a DCM timeout)."""
    calls: list[int] = []
    state = {"limit": 1000}

    def dcm(*a, **k):
        return make_fake_dcm(state["limit"], calls)(*a, **k)

    monkeypatch.setattr(equity_module, "_models", lambda: (fake_icm, dcm))
    return state, calls


def places_oracle(busts, field, prizes):
    """Places and prizes from a pairwise "finishes above" relation, O(n^2), straight from the rules.

    ``busts``: dicts with player, batch (time order), table, stack, h4h (bool),
    including the players who finish at the end (in the last batch).
    Returns {player: (best, worst, prize)}.
    """
    def above(x, y) -> bool:
        if x["batch"] != y["batch"]:
            return x["batch"] > y["batch"]
        batch = [b for b in busts if b["batch"] == x["batch"]]
        if x["h4h"] and len({b["table"] for b in batch}) > 1:
            return False
        return x["stack"] > y["stack"]

    out = {}
    for x in busts:
        n_above = sum(above(y, x) for y in busts if y is not x)
        n_below = sum(above(x, y) for y in busts if y is not x)
        best, worst = 1 + n_above + (field - len(busts)), field - n_below
        out[x["player"]] = [best, worst]
    for x in busts:
        best, worst = out[x["player"]]
        tied = sorted(p for p, (b, w, *_) in out.items() if (b, w) == (best, worst))
        total = sum(prizes[p - 1] if p <= len(prizes) else 0 for p in range(best, worst + 1))
        share = total // len(tied) + (1 if tied.index(x["player"]) < total % len(tied) else 0)
        out[x["player"]] = [best, worst, share]
    return {p: tuple(v) for p, v in out.items()}


# ---------------------------------------------------------------- strategies
def prize_lists(max_places: int):
    """Non-increasing prize lists in minor units, 1..max_places places."""
    return st.lists(st.integers(0, 10_000), min_size=1, max_size=max_places).map(lambda xs: sorted(xs, reverse=True))


def split_chips(total: int, weights: list[int]) -> list[int]:
    """``total`` chips in ``len(weights)`` positive parts, roughly by weight (total >= parts)."""
    k = len(weights)
    rest = total - k
    w = sum(weights)
    parts = [1 + rest * x // w for x in weights]
    parts[0] += total - sum(parts)
    return parts
