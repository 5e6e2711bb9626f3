"""The cards a live hand is dealt from: a deck the engine shuffles, or the cards a server gives.

A :class:`Deck` is an ordered run of distinct cards dealt from the top.  :meth:`Deck.shuffled`
shuffles the 52-card deck (or the 36-card short deck) with :class:`secrets.SystemRandom` by
default, or with the ``random.Random`` given (seeded, for tests); :meth:`Deck.of` takes a server's
own order.  The deal follows a dealer: hole cards one at a time round the table from the first
seat left of the button, one card burnt before each board street.

>>> import random
>>> d = Deck.shuffled(random.Random(7))
>>> len(d), d.remaining
(52, 52)
>>> from pokerengine.cards import cards_text, parse_cards
>>> d = Deck.of("AsKdQh")
>>> cards_text(d.deal(2)), d.remaining
('AsKd', 1)
>>> Deck.shuffled(short=True).remaining
36
>>> d = Deck.of("AsKd")
>>> _ = d.deal(2); d.refill(parse_cards("2c3c")); d.remaining
2
>>> Deck.of("AsAs")
Traceback (most recent call last):
...
pokerengine.errors.CardError: card As is used twice
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from .._checks import shown
from ..cards import DECK, card_text, check_distinct, parse_cards, rank
from ..errors import CardError

#: The 36-card short deck (sixes to aces).
SHORT_DECK: tuple[int, ...] = tuple(c for c in DECK if rank(c) >= 4)
_FULL = frozenset(DECK)


class Deck:
    """Cards in dealing order; :meth:`deal` takes from the top.  Use :meth:`shuffled` or :meth:`of`."""

    __slots__ = ("_cards", "_next", "_rng")

    def __init__(self, cards: tuple[int, ...], rng: random.Random | None = None) -> None:
        self._cards = cards
        self._next = 0
        self._rng = rng

    @classmethod
    def shuffled(cls, rng: random.Random | None = None, *, short: bool = False) -> "Deck":
        """A shuffled deck (52 cards, or 36 with ``short=True``).

        ``rng`` is any ``random.Random`` (seeded for repeatable tests); the default draws from the
        operating system (``secrets.SystemRandom``), as a card room must.
        """
        if rng is None:
            rng = secrets.SystemRandom()
        elif not isinstance(rng, random.Random):
            raise CardError(f"rng must be a random.Random, got {shown(rng)}")
        cards = list(SHORT_DECK if short else DECK)
        rng.shuffle(cards)
        return cls(tuple(cards), rng)

    @classmethod
    def of(cls, cards: str | Sequence[str]) -> "Deck":
        """The given cards, dealt in this order (a server's own shuffle): text such as
        ``"AsKd..."`` or a sequence of cards; at most 52, each at most once."""
        if type(cards) is str:
            if len(cards) > 3 * 52:
                raise CardError(f"a deck has at most 52 cards, got {len(cards)} characters of text")
        elif type(cards) is not list and type(cards) is not tuple:
            raise CardError(f"a deck is text such as 'AsKd...' or a list of cards, got {shown(cards)}")
        elif len(cards) > 52:
            raise CardError(f"a deck has at most 52 cards, got {len(cards)}")
        parsed = parse_cards(cards)
        check_distinct(parsed)
        return cls(parsed)

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._next

    def __len__(self) -> int:
        return len(self._cards)

    def deal(self, k: int) -> tuple[int, ...]:
        """The next ``k`` cards (:class:`CardError` if fewer are left)."""
        start = self._next
        if k > len(self._cards) - start:
            raise CardError(f"the deck has {len(self._cards) - start} cards left, {k} needed")
        self._next = start + k
        return self._cards[start : start + k]

    def refill(self, cards: Sequence[int]) -> None:
        """Shuffle ``cards`` (a draw game's discards) under the cards left: the deck ran out.  The
        shuffle uses the deck's own ``rng`` (:meth:`shuffled`), else the operating system's."""
        more = list(cards)
        (self._rng or secrets.SystemRandom()).shuffle(more)
        self._cards = self._cards[self._next :] + tuple(more)
        self._next = 0

    def check_game(self, lowest_rank: int) -> None:
        """Every card belongs to the game's deck (``lowest_rank`` 4: the short deck)."""
        for c in self._cards:
            if c not in _FULL or rank(c) < lowest_rank:
                raise CardError(f"{card_text(c)} is not in the short deck (sixes to aces)")

    def __repr__(self) -> str:
        return f"<Deck: {self.remaining} of {len(self._cards)} cards left>"
