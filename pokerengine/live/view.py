"""What one seat, or an observer, may see of a live hand: :class:`View`, from :meth:`Hand.view`.

A hand's PHH lines (:attr:`Hand.actions`, and what every action returns) hold every card: hole
cards, a draw game's discards and replacements.  A server sends each client its own view instead:

* the viewer's own cards, in full;
* other players' cards as ``??`` (one per card, so ``d dh p2 ????`` for two) until shown at the
  showdown (``pN sm ...`` lines are public); stud up cards are public as they are dealt, and so are
  the cards dealt to a hand already face up (stud's later streets after an all-in, TDA 16);
* a draw game's discards: the count only for other players (``p2 sd ????``: two cards), and
  their replacements hidden like any hole card;
* the board, bets, folds, shows and mucks as they are.

Each view line has the same length and words as the full line, a card replaced by ``??``; the
view of the first ``k`` lines never changes as the hand goes on, so a server may send the new lines
of a client's view after every action (:meth:`View.since`).  Besides the lines, a view holds the
public state (whose turn, pot, bets, stacks, board, who folded or showed, every seat's cards as
the viewer sees them) and, when it is the viewer's turn, the legal actions.

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
>>> hand.actions[:3]
('d dh p1 Ad7h', 'd dh p2 4d2h', 'd dh p3 JdJh')
>>> mine = hand.view(1)
>>> mine.lines[:3], mine.cards
(('d dh p1 Ad7h', 'd dh p2 ????', 'd dh p3 ????'), {1: 'Ad7h', 2: '????', 3: '????'})
>>> mine.to_act, mine.legal is None, hand.view(3).legal.call
(3, True, 2)
>>> hand.view().lines[:3]          # an observer
('d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????')

Time and memory: linear in the number of lines of the hand (a hand has at most a few hundred).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..cards import card_text
from .actions import Legal
from .state import HandState

__all__ = ["View", "seen_by"]


@attrs.frozen(slots=True)
class View:
    """One seat's view of a hand (``seat`` ``None``: an observer's).  The dicts are keyed by seat,
    in position order from the button's left (as :attr:`Hand.bets`); amounts are chips.

    ``lines``: the PHH action lines as the viewer may see them.  ``cards``: every seat's cards as
    text as the viewer sees them (``??`` for a hidden card; stud: in the order dealt, up cards
    visible; a folded hand keeps its count).  ``up_cards``: stud's face-up cards (other games
    ``""``).  ``legal``: the viewer's legal actions when it is their turn, else ``None``.
    ``final_stacks``: once the hand is over (``None`` before, and when a replayed record's unknown
    cards leave it undecided).
    """

    seat: int | None
    game: str
    seats: tuple[int, ...]
    button: int
    street: int
    street_name: str
    phase: str
    to_act: int | None
    legal: Legal | None
    pot: int
    bets: dict[int, int]
    stacks: dict[int, int]
    contributed: dict[int, int]
    board: str
    cards: dict[int, str]
    up_cards: dict[int, str]
    folded: tuple[int, ...]
    shown: tuple[int, ...]
    over: bool
    final_stacks: dict[int, int] | None
    lines: tuple[str, ...]

    def since(self, k: int) -> tuple[str, ...]:
        """The lines after the first ``k`` (what to send a client that has ``k`` lines already)."""
        return self.lines[k:]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (seat keys as they are: ``json.dumps`` writes them as strings)."""
        out = attrs.asdict(self, recurse=False)
        out["seats"] = list(self.seats)
        out["folded"] = list(self.folded)
        out["shown"] = list(self.shown)
        out["lines"] = list(self.lines)
        out["legal"] = None if self.legal is None else self.legal.to_json()
        return out


def seen_by(s: HandState, me: int) -> tuple[tuple[str, ...], dict[int, str]]:
    """The PHH lines and every seat's cards as position ``me`` (-1: an observer) may see them (see above);
    :meth:`Hand.view` adds the public state."""
    up = [frozenset(map(card_text, u)) for u in s.up]
    tabled: set[int] = set()  # positions whose hand is face up: cards dealt to them later are too (stud all-in)
    lines = tuple(_line(text, me, up, tabled) for text in s.log)
    cards = {}
    for p, seat in enumerate(s.seats):
        hole = s.hole[p]
        if p == me or s.shown[p]:
            cards[seat] = "".join("??" if c is None else card_text(c) for c in hole)
        else:
            cards[seat] = "".join(card_text(c) if c is not None and c in s.up[p] else "??" for c in hole)
    return lines, cards


def _line(text: str, me: int, up: list[frozenset[str]], tabled: set[int]) -> str:
    """One PHH line as position ``me`` (-1: an observer) may see it: hole cards dealt to another
    player (but stud up cards, and cards dealt to a hand already shown) and another player's
    discards become ``??``.  ``tabled``: the positions that have shown so far (updated here)."""
    words = text.split(" ")
    if len(words) == 4 and words[0] == "d" and words[1] == "dh":  # d dh pN CARDS
        p = int(words[2][1:]) - 1
        if p == me or p in tabled:
            return text
        face = up[p]
        cards = words[3]
        words[3] = "".join(c if c in face else "??" for c in (cards[i : i + 2] for i in range(0, len(cards), 2)))
        return " ".join(words)
    if len(words) == 3 and words[1] == "sm":  # pN sm CARDS: shown, face up from now on
        tabled.add(int(words[0][1:]) - 1)
    elif len(words) == 3 and words[1] == "sd" and int(words[0][1:]) - 1 != me:  # pN sd CARDS
        words[2] = "?" * len(words[2])
        return " ".join(words)
    return text
