"""The money that came to a :class:`~pokerengine.live.Table` and went: :class:`Ledger`, :class:`Account`.

Every chip a table holds came in with a player: a buy-in (:meth:`Table.join`), a top-up or rebuy
(:meth:`Table.add_chips`), or a correction of a count (:meth:`Table.correct`, a tournament's
:meth:`Table.replayed`, signed).  Chips go out when a player leaves with their stack
(:meth:`Table.leave` between hands; at :meth:`Table.finish` for a player who left during the hand,
:attr:`Finished.left`) and as rake.  :attr:`Table.ledger` is the account, and it balances at every
moment: ``bought_in - cashed_out + corrected == on_table + raked`` (``on_table``: the seated
players' stacks, the chips of a hand in play counted as they were when it was dealt).

>>> import random
>>> from pokerengine.live import Table
>>> table = Table("NT", blinds=(1, 2))
>>> table.join("ann", 1, 100); table.join("bob", 2, 150)
>>> hand = table.next_hand(rng=random.Random(1))
>>> _ = hand.fold(hand.to_act)
>>> _ = table.finish(hand)
>>> table.leave("bob")
149
>>> ledger = table.ledger
>>> ledger.bought_in, ledger.cashed_out, ledger.on_table, ledger.balanced
(250, 149, 101, True)
>>> ledger.accounts
{'ann': Account(player='ann', bought_in=100, corrected=0, stack=101)}

Memory: one account a seated player (a player who leaves takes theirs: what they took is the return
of :meth:`Table.leave` or :attr:`Finished.left`) and five totals.
"""

from __future__ import annotations

import attrs

__all__ = ["Account", "Ledger"]


@attrs.frozen
class Account:
    """A seated player's money at the table since they sat down: ``bought_in`` (the buy-in and
    top-ups), ``corrected`` (count corrections, signed), and ``stack``, their chips now (as of the
    start of a hand in play).  Their result so far is ``stack - bought_in - corrected``; they cash
    out by leaving."""

    player: str
    bought_in: int
    corrected: int
    stack: int


@attrs.frozen
class Ledger:
    """A table's money (:attr:`Table.ledger`): ``bought_in``, ``cashed_out``, ``corrected`` (signed)
    and ``raked`` over the table's life, ``on_table`` (the seated players' stacks), and ``accounts``
    (player -> :class:`Account`, every seated player)."""

    bought_in: int
    cashed_out: int
    corrected: int
    raked: int
    on_table: int
    accounts: dict[str, Account]

    @property
    def balanced(self) -> bool:
        """Whether every chip is accounted for: ``bought_in - cashed_out + corrected == on_table + raked``."""
        return self.bought_in - self.cashed_out + self.corrected == self.on_table + self.raked


class Books:
    """The running totals behind a :class:`Ledger` (mutable, a table's own)."""

    __slots__ = ("bought_in", "cashed_out", "corrected", "accounts")

    def __init__(self) -> None:
        self.bought_in = self.cashed_out = self.corrected = 0
        self.accounts: dict[str, list[int]] = {}  # player -> [bought in, corrected]

    def buy(self, player: str, amount: int) -> None:
        self.bought_in += amount
        self.accounts.setdefault(player, [0, 0])[0] += amount

    def correct(self, player: str, delta: int) -> None:
        self.corrected += delta
        self.accounts.setdefault(player, [0, 0])[1] += delta

    def cash_out(self, player: str, amount: int) -> None:
        self.cashed_out += amount
        self.accounts.pop(player, None)

    def ledger(self, stacks: dict[str, int], raked: int) -> Ledger:
        accounts = {}
        for p, s in stacks.items():
            bought, corrected = self.accounts.get(p, (0, 0))
            accounts[p] = Account(p, bought, corrected, s)
        return Ledger(self.bought_in, self.cashed_out, self.corrected, raked, sum(stacks.values()), accounts)

    def snapshot(self) -> tuple[object, ...]:
        return (self.bought_in, self.cashed_out, self.corrected,
                tuple(sorted((p, tuple(a)) for p, a in self.accounts.items())))
