"""The one result shape every payout model returns."""

from __future__ import annotations

from fractions import Fraction  # noqa: F401  (the class doctest uses it)

import attrs


def _tuple(value) -> tuple:
    return tuple(value)


def _matrix(value) -> tuple[tuple, ...] | None:
    return None if value is None else tuple(tuple(row) for row in value)


def _floats(value) -> tuple[float, ...] | None:
    return None if value is None else tuple(float(v) for v in value)


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
    Carlo), ``method`` how the numbers were obtained.

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
    prizes: tuple = attrs.field(converter=_tuple)
    equity: tuple = attrs.field(converter=_tuple)
    places: tuple[tuple, ...] | None = attrs.field(default=None, converter=_matrix)
    coverage: float | None = None
    stderr: tuple[float, ...] | None = attrs.field(default=None, converter=_floats)
    method: str | None = None

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pool(self):
        """The total of the prizes (what the equities add up to)."""
        return sum(self.prizes)

    @property
    def chip_share(self) -> tuple[float, ...]:
        """Each player's share of the chips in play."""
        total = sum(self.stacks)
        return tuple(s / total for s in self.stacks)

    def table(self, digits: int = 2) -> str:
        """The equities as a table: player, stack, chip %, equity, equity %.

        With :attr:`places`, one more column per place (probabilities in %).
        """
        pool = float(self.pool)
        header = ["player", "stack", "chip %", "equity", "equity %"]
        rows = []
        for i, (stack, share, eq) in enumerate(zip(self.stacks, self.chip_share, self.equity)):
            row = [str(i + 1), f"{stack:,}", f"{100 * share:.{digits}f}%", f"{float(eq):,.{digits}f}"]
            row.append(f"{100 * float(eq) / pool:.{digits}f}%" if pool else "-")
            if self.stderr is not None:
                row.append(f"±{self.stderr[i]:.{digits + 2}f}")
            if self.places is not None:
                row += [f"{100 * float(p):.{digits}f}" for p in self.places[i]]
            rows.append(row)
        if self.stderr is not None:
            header.append("stderr")
        if self.places is not None:
            header += [_ordinal(k + 1) for k in range(len(self.places[0]) if self.places else 0)]
        widths = [max(len(h), *(len(r[c]) for r in rows)) for c, h in enumerate(header)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
        lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in rows]
        return "\n".join(lines)

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
