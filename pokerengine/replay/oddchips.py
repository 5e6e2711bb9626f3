"""Which seat each site gives the odd chip of a split pot, and the ``split_chip`` verdict.

When a pot (or a hi/lo half) does not divide evenly among its winners, somebody gets the odd chips
(cents, for money).  The engine gives them one by one from the first winner left of the button (the
small blind; heads-up the button), the TDA's rule.  Sites do not all do so, and where a site's rule
is not known a hand that differs from the engine only in where those chips went is no mismatch of
the reading or of the settlement: its verdict is ``split_chip`` (:func:`split_chip_only`).

What the real files show (fpdb-3's regression files and HHSmithy's samples, every hand whose split
pot left odd chips; :data:`RULES`):

* PokerStars: the engine's rule (14 hands split two or three ways, 6 of them hi/lo halves, all
  matched), but heads-up: there the odd chip goes to the big blind, the first seat left of the button
  (santiweight/poker-handhistory's 2021 files: 3 hands), where the engine gives it to the button; the
  check of PokerStars' split pots (:func:`pokerengine.replay.shares.surcharged`) divides in that order.
  A 2008 four-way split with unequal shares is a rake oddity, not an odd chip; 2021's unequal shares
  are the rake of surcharged winners (:mod:`.shares`).
* Bovada/Ignition: a two-way split matched the engine's rule (2 hands, and one high half); the low
  half's odd cent goes to the high winner (2 hands); a four-way split gave all three odd cents to
  the big blind (1 hand).  Not enough to write a seat rule.
* GGPoker: one two-way split with an odd cent in fpdb-3's files, matched; in LayorX/GGPoker-Hand-Analyzer's
  2025 files 35 two-way splits (6 of them run twice) give it as the engine does and 3 to the other winner
  (one plain, two run twice).  Not known.
* Winamax: one three-way split (2012) gave the odd chip to the last of the three winners in
  position, not the first.  Not known.

>>> from pokerengine.formats.sitehand import Collected, SiteHand
>>> from pokerengine.replay.site_check import check_site, check_split
>>> from pokerengine.phh.record import HandHistory
>>> h = HandHistory(variant="NT", antes=(1, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
...                 starting_stacks=(100, 100, 100), players=("ann", "bob", "cy"), seats=(1, 2, 3),
...                 actions=("d dh p1 AsKs", "d dh p2 AdKd", "d dh p3 2c3d", "p3 f", "p1 cbr 4", "p2 cc",
...                          "d db 7h8h9c", "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "d db 2h",
...                          "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm AdKd"))
>>> # a pot of 9 split two ways: the engine gives the odd chip to ann (left of the button), the file to bob
>>> hand = SiteHand("ggpoker", "1", 0, h, (Collected("ann", None, 4), Collected("bob", None, 5)), rake=0,
...                 total_pot=9)
>>> check_site(hand).status, check_split(hand).status    # (check_site gives the verdict itself)
('split_chip', 'split_chip')
>>> check_split(attrs.evolve(hand, collected=(Collected("ann", None, 3), Collected("bob", None, 6)))).status
'mismatched'
"""

from __future__ import annotations

import attrs

from ..formats.sitehand import SiteHand
from ..settlement import Settlement
from .status import MISMATCHED, SiteCheck


@attrs.frozen
class OddChipRule:
    """What a site's real files show of its odd-chip rule: ``known`` when the engine's rule (the first
    winner left of the button) is the site's, on ``hands`` real hands; ``notes`` what else was seen."""

    site: str
    known: bool
    hands: int
    notes: str


#: Each site's odd-chip rule as learned from real files (see the module's docstring).
RULES: dict[str, OddChipRule] = {
    "pokerstars": OddChipRule("pokerstars", True, 17, "the first winner left of the button (heads-up the big blind), "
                                                      "hi/lo halves too"),
    "bovada": OddChipRule("bovada", False, 6, "two-way: the engine's rule (3 hands); the low half's odd cent to "
                                              "the high winner (2); a four-way split's three cents to the big blind (1)"),
    "ggpoker": OddChipRule("ggpoker", False, 39, "two-way: as the engine in 36, the other winner in 3"),
    "winamax": OddChipRule("winamax", False, 1, "a three-way split's odd chip to the last winner in position"),
}


def split_chip_only(hand: SiteHand, result: SiteCheck, settlement: Settlement) -> bool:
    """Whether the mismatch ``result`` of ``hand`` (settled as ``settlement``) is only where the odd chips
    of split pots went: the rake, the total pot and the uncalled bets agree, what the file and the engine
    paid adds up to the same, and each player paid otherwise is a winner of a split pot that left odd
    chips, paid at least its even share of them and at most that and all their odd chips (a hi/lo pot's halves
    count one more).  Never for a
    site whose rule is known (:data:`RULES`): there a difference is a mismatch."""
    rule = RULES.get(hand.format)
    if result.status != MISMATCHED or not result.seats or rule is not None and rule.known:
        return False
    if hand.rake is not None and hand.rake != result.rake_got:
        return False
    if hand.total_pot is not None and hand.total_pot != sum(p.amount for p in settlement.pots):
        return False
    names = hand.history.players or ()
    if hand.returned is not None:
        engine = [settlement.refunds.get(i + 1, 0) for i in range(len(names))]
        if list(hand.returned) != engine:
            return False
    if sum(d.expected - d.got for d in result.seats) != 0:
        return False
    unit = settlement.chip_unit
    odd_got: dict[str, int] = {}  # the odd chips of split pots each winner got from the engine
    slack: dict[str, int] = {}  # how many odd chips of split pots it could get
    for pot in settlement.pots:
        winners = set(pot.winners) | set(pot.high_winners or ()) | set(pot.low_winners or ())
        odd = len(pot.odd_units) + (1 if pot.low_winners else 0)
        if len(winners) < 2 or not odd:
            continue
        for seat in winners:
            if 0 < seat <= len(names):
                name = names[seat - 1]
                extra = unit * pot.odd_units.count(seat) + (unit if pot.low_winners and seat in (pot.high_winners or ()) else 0)
                odd_got[name] = odd_got.get(name, 0) + extra
                slack[name] = slack.get(name, 0) + odd * unit
    # the file moved only odd chips: each player's odd chips, the engine's plus the difference, between none and all
    return all(d.player in slack and 0 <= odd_got[d.player] + d.expected - d.got <= slack[d.player]
               for d in result.seats)
