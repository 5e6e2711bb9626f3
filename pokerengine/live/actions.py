"""What a player may do now: :class:`Legal`, with the amounts, as :meth:`Hand.legal_actions` gives it.

Amounts are street totals, as PHH's ``cbr`` writes them: ``RaiseRange(min_to=120, max_to=1000)``
means the player may bet or raise to any total from 120 to 1,000 (in whole chip units).  ``call``
is the chips the player puts in now.

>>> legal = Legal(seat=3, fold=True, call=40, raise_to=RaiseRange(120, 1000))
>>> legal.to_json()
{'seat': 3, 'fold': True, 'check': False, 'call': 40, 'raise': {'min_to': 120, 'max_to': 1000},
 'show': False, 'muck': False}
>>> legal.can_raise_to(500), legal.can_raise_to(100)
(True, False)
>>> Legal(seat=2, draw=5).to_json()["draw"], Legal(seat=1, bring_in=1, raise_to=RaiseRange(4, 4)).to_json()["bring_in"]
({'max': 5}, 1)
"""

from __future__ import annotations

import attrs

VERBS = ("fold", "check", "call", "raise", "bring_in", "draw", "show", "muck")
"""The verbs :meth:`Hand.act` takes: the keys of :meth:`Legal.to_json` but ``seat``."""


@attrs.frozen(slots=True)
class RaiseRange:
    """The street totals a bet or raise may go to: every chip unit from ``min_to`` to ``max_to``."""

    min_to: int
    max_to: int


@attrs.frozen(slots=True)
class Legal:
    """The legal actions of the player to act (``seat``; ``None`` when nobody is to act).

    ``fold``, ``check``: allowed or not.  ``call``: chips put in by calling (all-in for less
    included), ``None`` when there is nothing to call.  ``raise_to``: the bet or raise range,
    ``None`` when no bet or raise is allowed, and then ``no_raise`` says which rule forbids it.
    ``show``, ``muck``: at showdown.  ``bring_in`` (stud, third street): the chips the player
    posts by bringing in (then ``raise_to`` is the completion to the small bet, and there is no
    fold or check); ``draw`` (draw games): the most cards the player may discard (0 stands pat).
    """

    seat: int | None
    fold: bool = False
    check: bool = False
    call: int | None = None
    raise_to: RaiseRange | None = None
    show: bool = False
    muck: bool = False
    bring_in: int | None = None
    draw: int | None = None
    no_raise: str | None = attrs.field(default=None, eq=False, repr=False)

    def can_raise_to(self, amount: int) -> bool:
        """Whether a bet or raise to ``amount`` lies in the range (the chip unit aside)."""
        r = self.raise_to
        return r is not None and type(amount) is int and r.min_to <= amount <= r.max_to

    @property
    def verbs(self) -> tuple[str, ...]:
        """The actions allowed now, named as :meth:`to_json`'s keys and :meth:`Hand.act`'s verbs."""
        out = [v for v, ok in (("fold", self.fold), ("check", self.check), ("call", self.call is not None),
                               ("raise", self.raise_to is not None), ("bring_in", self.bring_in is not None),
                               ("draw", self.draw is not None), ("show", self.show), ("muck", self.muck)) if ok]
        return tuple(out)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: ``raise`` is ``{"min_to", "max_to"}`` or ``None``; ``bring_in`` (an
        amount) and ``draw`` (``{"max": n}``) appear only when the player may do that."""
        r = self.raise_to
        out: dict[str, object] = {"seat": self.seat, "fold": self.fold, "check": self.check, "call": self.call,
                                  "raise": None if r is None else {"min_to": r.min_to, "max_to": r.max_to},
                                  "show": self.show, "muck": self.muck}
        if self.bring_in is not None:
            out["bring_in"] = self.bring_in
        if self.draw is not None:
            out["draw"] = {"max": self.draw}
        return out


NOBODY = Legal(None)
