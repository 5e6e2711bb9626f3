"""Knockout bounties: who busts whom in an all-in, and what the bounties add to a hand's payoffs.

In a knockout tournament every player carries money on his head (``heads``, in the prizes' units).
The player who busts him wins it.  When several players cover the busted player the side-pot rules
decide (TDA: each pot goes to the best hand eligible for it): the bounty goes to the winner(s) of
the busted player's **top pot**, the highest pot his last chips are in (the pot at his own level),
split like that pot when several share it (here in exact Fractions: the bounty is money in the
equity, not chips on the table).  A **progressive** knockout (PKO) pays half the bounty at once
and adds the other half to the winner's own head (docs.inpoker.io, "Progressive Knockout (PKO)":
busting a player with a 150 bounty pockets 75 and raises one's own bounty by 75).

What a hand is worth with bounties: the payout model's money for the stacks after the hand, plus
the bounties won in the hand (cash), plus the money still on the heads after the hand, shared in
proportion to chips (ICMIZER's "Chip EV bounty model": a stack's bounty equity is its chips over
all chips times the remaining bounty pool; blog.icmizer.com, "Counterintuitive Math and Strategy in
Progressive Knockout Tournaments").  That values a progressive winner's added half, and every bounty
not won in this hand, by the chance a chip-fair future gives of collecting it (the last player
standing collects his own).  So the equities add up to the prizes plus every bounty, and bounties of
zero leave every payoff exactly as without them.  Under chip EV the bounty money is converted at a
stated rate (``chips_per_money``).

:func:`knockouts` is the one place this is decided; the push/fold game (:meth:`.game.PushFoldGame.payoff`),
:func:`.decision.call_decision` and :func:`.decision.push_decision`, and :func:`.bubble.bubble_factors`
all use it through :meth:`Bounties.payoff`.

Three players all in for 300, 200 and 100 chips, a bounty of 10 on the short stack; the middle
stack holds the best hand: he wins the main pot, the short stack's top pot, and busts him:

>>> b = bounties([0, 0, 10], 3)
>>> cash, left = knockouts(put=[300, 200, 100], live={0, 1, 2}, groups=[[1], [0], [2]], after=[100, 500, 0],
...                        heads=b.heads, progressive=False)
>>> [str(c) for c in cash], [str(h) for h in left]
(['0', '10', '0'], ['0', '0', '0'])
>>> p = bounties([4, 6, 10], 3, progressive=True)
>>> cash, left = knockouts(put=[100, 100, 100], live={0, 1, 2}, groups=[[0, 1], [2]], after=[150, 150, 0],
...                        heads=p.heads, progressive=True)
>>> [str(c) for c in cash], [str(h) for h in left]
(['5/2', '5/2', '0'], ['13/2', '17/2', '0'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from .._checks import chips, shown
from ..errors import DecisionInputError
from ..pots import build_pots
from ..seats import Seat

Money = int | Fraction


def _money(value: object, what: str) -> Money:
    if isinstance(value, Fraction):
        if value < 0:
            raise DecisionInputError(f"{what} must be non-negative, got {value}")
        return value
    return chips(value, what, error=DecisionInputError, unit="money units")


@attrs.frozen
class Bounties:
    """The money on each player's head (seat order from the button), whether knockouts are
    progressive, and ``rate``: payoff units per unit of bounty money (1 under a payout model; the
    stated chips per unit of money under chip EV)."""

    heads: tuple[Money, ...]
    progressive: bool = False
    rate: Money = 1

    @property
    def total(self) -> Money:
        return sum(self.heads, Fraction(0)) if any(isinstance(h, Fraction) for h in self.heads) else sum(self.heads)

    def payoff(self, values: Sequence[float], after: Sequence[int], put: Sequence[int] | Mapping[int, int],
               live: Iterable[int], groups: Sequence[Sequence[int]]) -> tuple[float, ...]:
        """``values`` (the model's payoffs for the stacks ``after`` the hand) plus each player's
        bounty money: the bounties won in the hand and his chip share of the money still on heads."""
        return tuple(v + float(x) for v, x in zip(values, self.extra(after, put, live, groups)))

    def extra(self, after: Sequence[int], put: Sequence[int] | Mapping[int, int], live: Iterable[int],
              groups: Sequence[Sequence[int]]) -> tuple[Fraction, ...]:
        """Each player's bounty money in payoff units, exactly: the bounties he wins in the hand
        (:func:`knockouts`) plus his chips' share of the money left on heads, times :attr:`rate`."""
        n = len(after)
        contributed = [put[s] for s in range(n)]
        cash, left = knockouts(contributed, live, groups, after, self.heads, self.progressive)
        pool = sum(left, Fraction(0))
        total = sum(after)
        return tuple((cash[s] + (pool * after[s] / total if total else Fraction(0))) * self.rate for s in range(n))


def bounties(value: object, players: int, *, progressive: object = False, chips_per_money: object = None,
             model: str = "icm") -> Bounties:
    """Check ``value``, the money on each player's head (one non-negative ``int`` or ``Fraction`` per
    player, in the prizes' units), ``progressive`` (``True``: half of a won bounty paid, half added
    to the winner's own) and, under chip EV (``model="chip"``), ``chips_per_money``: how many chips
    one unit of bounty money is worth (required there when a bounty is positive; refused under a
    payout model, whose money is the prizes' own units).

    >>> bounties([0, 5, 5], 3)
    Bounties(heads=(0, 5, 5), progressive=False, rate=1)
    >>> bounties([1, 2.5], 2)
    Traceback (most recent call last):
    ...
    pokerengine.errors.DecisionInputError: bounty of player 2 must be an integer number of money units, got 2.5 (float)
    """
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise DecisionInputError(f"bounties must be a list of amounts, one per player, got {shown(value)}")
    items = list(value)
    if len(items) != players:
        raise DecisionInputError(f"{len(items)} bounties for {players} players: give one per player (0 for none)")
    heads = tuple(_money(v, f"bounty of player {i + 1}") for i, v in enumerate(items))
    if not isinstance(progressive, bool):
        raise DecisionInputError(f"progressive must be True or False, got {shown(progressive)}")
    rate: Money = 1
    if model == "chip":
        if chips_per_money is None:
            if any(heads):
                raise DecisionInputError("chip EV with bounties needs chips_per_money: how many chips one unit of "
                                         "bounty money is worth")
        else:
            rate = _money(chips_per_money, "chips_per_money")
            if rate == 0:
                raise DecisionInputError("chips_per_money must be positive, got 0")
    elif chips_per_money is not None:
        raise DecisionInputError(f"chips_per_money is for chip EV; under the {model} model bounties are in the "
                                 "prizes' units")
    return Bounties(heads, progressive, rate)


def active(b: Bounties | None) -> Bounties | None:
    """``b`` when some bounty is positive, else ``None`` (the game without bounties, exactly)."""
    return b if b is not None and any(b.heads) else None


def optional(value: object, players: int, *, progressive: object = False, chips_per_money: object = None,
             model: str = "icm") -> Bounties | None:
    """The options of an entry point (:func:`bounties`'s, each may be left out): the checked
    bounties, or ``None`` when none is given or every bounty is zero (the game without them)."""
    if value is None and not progressive and chips_per_money is None:
        return None
    return active(bounties([0] * players if value is None else value, players, progressive=progressive,
                           chips_per_money=chips_per_money, model=model))


def knockouts(put: Sequence[int], live: Iterable[int], groups: Sequence[Sequence[int]], after: Sequence[int],
              heads: Sequence[Money], progressive: bool) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The bounties of a hand: ``(cash, heads_after)``, each player's bounty money paid in the hand
    and the money on each head after it.

    ``put``: every seat's contribution; ``live``: the seats at the showdown; ``groups``: the live
    seats by hand strength, best first, equal hands together; ``after``: the stacks after the hand
    (a live seat with none left is busted).  A busted player's bounty goes to the winners of his
    top pot (the last pot of :func:`pokerengine.pots.build_pots` he is eligible for), in equal
    exact shares; progressive: half as cash, half onto each winner's own head.
    """
    n = len(put)
    inside = set(live)
    cash = [Fraction(0)] * n
    left = [Fraction(h) for h in heads]
    busted = [s for s in range(n) if s in inside and after[s] == 0]
    if not busted:
        return tuple(cash), tuple(left)
    layout = build_pots([Seat(s + 1, put[s], folded=s not in inside) for s in range(n)])
    pots = [{label - 1 for label in pot.eligible} for pot in layout.pots]
    for b in busted:
        mine = [k for k, eligible in enumerate(pots) if b in eligible]
        eligible = pots[mine[-1]] if mine else (pots[0] if pots else inside)
        winners: list[int] = []
        for group in groups:
            winners = [s for s in group if s in eligible and s != b]
            if winners:
                break
        bounty = left[b]
        left[b] = Fraction(0)
        if not winners:  # nobody beat him in his pot: the money stays on the table's heads, shared by chips
            for s in range(n):
                if after[s] > 0:
                    left[s] += bounty * after[s] / sum(after)
            continue
        share = bounty / len(winners)
        for w in winners:
            if progressive:
                cash[w] += share / 2
                left[w] += share / 2
            else:
                cash[w] += share
    return tuple(cash), tuple(left)


__all__ = ["Bounties", "Money", "active", "bounties", "knockouts", "optional"]
