"""The one result shape every payout model returns."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from ..errors import ModelInputError

if TYPE_CHECKING:  # NumPy is imported by the first model run, not by this package
    from numpy.typing import NDArray

Value = float | Fraction
"""An equity or a probability: ``float``, or ``Fraction`` from an exact computation."""


def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _matrix(value: Iterable[Iterable[Value]] | None) -> tuple[tuple[Value, ...], ...] | None:
    return None if value is None else tuple(tuple(row) for row in value)


def _floats(value: Iterable[float] | None) -> tuple[float, ...] | None:
    return None if value is None else tuple(float(v) for v in value)


def _finite(model: str, what: str, values: Iterable[Value]) -> None:
    for v in values:
        if not (isinstance(v, Fraction) or math.isfinite(v)):
            raise ModelInputError(f"{model}: {what} came out as {v}, not a finite number; this is a bug, please report it")


def matrix(model: str, array: NDArray[Any]) -> list[list[float]]:
    """A NumPy matrix of place probabilities as lists, refused if any value is not finite."""
    import numpy as np

    if not np.isfinite(array).all():
        raise ModelInputError(f"{model}: a place probability came out non-finite; this is a bug, please report it")
    rows: list[list[float]] = array.tolist()
    return rows


@attrs.frozen
class Equities:
    """What a payout model says each player's chips are worth.

    ``equity[i]`` is player ``i``'s expected prize (``float``, or
    :class:`~fractions.Fraction` from an exact computation); the equities add
    up to the prize pool.  ``places[i][k]``, when present, is the probability
    that player ``i`` finishes in place ``k + 1``: one row per player and one
    column per place (every place, paid or not), so rows and columns each add
    up to 1.  ``coverage`` is the share of the winning probability a truncated
    search reached (DCM), ``stderr`` the standard error of each equity (Monte
    Carlo), ``method`` how the numbers were obtained.  Equities, coverage and
    standard errors must be finite numbers (a model that produced ``inf`` or
    ``nan`` would be a bug: it is refused rather than printed).

    >>> e = Equities("icm", (50, 30, 20), (70, 30), (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)))
    >>> e.pool, e.chip_share[0]
    (100, 0.5)
    >>> print(e)
    icm: 3 players, prizes 70 / 30, pool 100
    player  stack  chip %  equity  equity %
         1     50  50.00%   45.18    45.18%
         2     30  30.00%   32.25    32.25%
         3     20  20.00%   22.57    22.57%
    """

    model: str
    stacks: tuple[int, ...] = attrs.field(converter=_tuple)
    prizes: tuple[int | Fraction, ...] = attrs.field(converter=_tuple)
    equity: tuple[Value, ...] = attrs.field(converter=_tuple)
    places: tuple[tuple[Value, ...], ...] | None = attrs.field(default=None, converter=_matrix)
    coverage: float | None = None
    stderr: tuple[float, ...] | None = attrs.field(default=None, converter=_floats)
    method: str | None = None

    def __attrs_post_init__(self) -> None:
        _finite(self.model, "an equity", self.equity)
        _finite(self.model, "a standard error", self.stderr or ())
        if self.coverage is not None:
            _finite(self.model, "the coverage", (self.coverage,))

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pool(self) -> int | Fraction:
        """The total of the prizes (what the equities add up to)."""
        return sum(self.prizes, 0)

    @property
    def chip_share(self) -> tuple[float, ...]:
        """Each player's share of the chips in play."""
        total = sum(self.stacks)
        return tuple(s / total for s in self.stacks)

    def table(self, digits: int = 2) -> str:
        """The equities as a table: player, stack, chip %, equity, equity %.

        With :attr:`places`, one more column per place (probabilities in %).
        """
        return "\n".join(self.lines(digits))

    def lines(self, digits: int = 2) -> Iterator[str]:
        """The lines of :meth:`table`, one at a time: memory for one row, however large the field."""
        pool = float(self.pool)
        header = ["player", "stack", "chip %", "equity", "equity %"]
        if self.stderr is not None:
            header.append("stderr")
        columns = len(self.places[0]) if self.places else 0
        header += [_ordinal(k + 1) for k in range(columns)]

        def row(i: int) -> list[str]:
            eq = float(self.equity[i])
            cells = [str(i + 1), f"{self.stacks[i]:,}", f"{100 * self.stacks[i] / total:.{digits}f}%", f"{eq:,.{digits}f}"]
            cells.append(f"{100 * eq / pool:.{digits}f}%" if pool else "-")
            if self.stderr is not None:
                cells.append(f"±{self.stderr[i]:.{digits + 2}f}")
            return cells

        total = sum(self.stacks)
        places = self.places or ()
        widths = [len(h) for h in header]
        for i in range(self.players):
            for c, cell in enumerate(row(i)):
                widths[c] = max(widths[c], len(cell))
        if columns:
            # a probability's width only grows with its value: the column's largest value is its widest
            first = len(header) - columns
            for k, column in enumerate(zip(*places)):
                widest = len(f"{100 * float(max(column)):.{digits}f}")
                widths[first + k] = max(widths[first + k], widest)
        yield "  ".join(h.rjust(w) for h, w in zip(header, widths))
        for i in range(self.players):
            cells = row(i)
            if columns:
                cells += [f"{100 * float(p):.{digits}f}" for p in places[i]]
            yield "  ".join(v.rjust(w) for v, w in zip(cells, widths))

    def summary(self) -> str:
        """One line: model, field size, prizes, pool, and coverage or method when known."""
        prizes = " / ".join(str(p) for p in self.prizes) or "none"
        plural = "s" if self.players != 1 else ""
        line = f"{self.model}: {self.players} player{plural}, prizes {prizes}, pool {self.pool}"
        if self.coverage is not None:
            line += f", coverage {self.coverage:.12f}"
        return line

    def __str__(self) -> str:
        return f"{self.summary()}\n{self.table()}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
