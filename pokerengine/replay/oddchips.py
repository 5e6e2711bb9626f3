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
* Winamax: the odd chips go one by one from the last winner to show his hand at the showdown,
  backwards in the order the hands were shown (the record's ``sm`` actions, in the file's order):
  every split pot with odd chips in 39 hands of Winamax's files (independent real files:
  tetsuhaut/phud's 2014-2018 histories, come-collab/PokerStats' 2023 HOLD-UP tables; fpdb-3's and the
  bundled ones), two-, three- and four-way, 13 of them where the engine's order gives the same.  The
  last winner in position fits 28 of them, the highest seat number 38.  No hi/lo game is dealt there.
  The check settles Winamax's split pots in that order (:func:`site_rule_match`): a split pot the
  rule reproduces is ``matched``, any other difference a mismatch.

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

from ..formats.sitehand import LAST_SHOWN, SiteHand
from ..settlement import Settlement
from ..split import split
from .status import MATCHED, MISMATCHED, SeatDiff, SiteCheck

#: The engine's order of the odd chips: one by one from the first winner left of the button.
FIRST_IN_POSITION = "first in position"


@attrs.frozen
class OddChipRule:
    """What a site's real files show of its odd-chip rule: ``known`` when the site's rule is known, on
    ``hands`` real hands; ``notes`` what else was seen; ``order`` who gets the odd chips of a split
    pot under the known rule (:data:`FIRST_IN_POSITION`, the engine's, or :data:`LAST_SHOWN`)."""

    site: str
    known: bool
    hands: int
    notes: str
    order: str = FIRST_IN_POSITION


#: Each site's odd-chip rule as learned from real files (see the module's docstring).
RULES: dict[str, OddChipRule] = {
    "pokerstars": OddChipRule("pokerstars", True, 17, "the first winner left of the button (heads-up the big blind), "
                                                      "hi/lo halves too"),
    "bovada": OddChipRule("bovada", False, 6, "two-way: the engine's rule (3 hands); the low half's odd cent to "
                                              "the high winner (2); a four-way split's three cents to the big blind (1)"),
    "ggpoker": OddChipRule("ggpoker", False, 39, "two-way: as the engine in 36, the other winner in 3"),
    "winamax": OddChipRule("winamax", True, 39, "from the last winner to show, backwards in showdown order: 39 "
                                                "of 39 split pots (two-, three- and four-way); the last in "
                                                "position fits 28, the highest seat 38", LAST_SHOWN),
}

#: The message of a ``matched`` verdict given by a site's odd-chip order other than the engine's.
BY_SITE_ORDER = "odd chips of a split pot to the"
#: How the message of a mismatch of a split pot paid as the engine pays it, not as the site's known order, goes on.
NOT_BY_SITE_ORDER = "odd chips of a split pot not as the site's rule"


def order_of(hand: SiteHand, stated: str | None = None) -> str:
    """The order ``hand``'s split pots give their odd chips in: ``stated`` (a record's ``_odd_chips``)
    when given, else the one its record states (OHH's: :attr:`SiteHand.odd_chips`), else its site's known
    rule (:data:`RULES`), else the engine's (:data:`FIRST_IN_POSITION`).  :data:`LAST_SHOWN`: from the
    last winner to show his hand, backwards in showdown order."""
    if stated is not None:
        return stated
    if hand.odd_chips is not None:
        return hand.odd_chips
    rule = RULES.get(hand.format)
    return rule.order if rule is not None and rule.known else FIRST_IN_POSITION


def reordered(settlement: Settlement, order: str, actions: tuple[str, ...]) -> list[dict[int, int]] | None:
    """Each pot's shares (seat -> amount) of ``settlement`` (seat ``k`` is player ``pk``) with the odd
    chips of its split pots given in ``order`` (:data:`LAST_SHOWN`: from the last winner whose hand the
    record's ``actions`` show, backwards), the even shares and the rake as the engine has them; ``None``
    when a hi/lo pot left odd chips among two or more winners (no site's order of those is known) or a
    split pot's winner shows no hand, or the game gives odd chips by the cards (stud: no site's order
    of those is known either)."""
    if settlement.odd_chip == "high_card":
        return None
    shown: dict[int, int] = {}
    for k, action in enumerate(actions):
        who, _, rest = action.partition(" ")
        if rest.startswith("sm") and who[:1] == "p" and who[1:].isdigit():
            shown[int(who[1:])] = k
    out: list[dict[int, int]] = []
    for pot in settlement.pots:
        winners = sorted(pot.winners)
        if len(winners) < 2 or not pot.odd_units or order == FIRST_IN_POSITION:
            out.append(dict(pot.shares))
            continue
        if pot.high_winners is not None or any(s not in shown for s in winners):
            return None
        winners.sort(key=lambda s: -shown[s])
        shares, _ = split(sum(pot.shares.values()), winners, settlement.chip_unit)
        out.append({**pot.shares, **shares})
    return out


def site_rule_match(hand: SiteHand, result: SiteCheck, settlement: Settlement, order: str | None = None) -> SiteCheck | None:
    """The verdict of the site's odd-chip order (:func:`order_of`; ``order`` a record's stated one) where
    it is known, other than the engine's and gives other shares than the engine's ``settlement``, else
    ``None``.  ``result`` is the check of ``hand`` against the engine: ``matched`` there is a mismatch
    here (the file gave the odd chips as the engine does, not as the site's rule: message
    :data:`NOT_BY_SITE_ORDER`); a mismatch only where the odd chips of split pots went, with the rule
    reproducing every collected amount (per pot when every line names its pot), is ``matched`` (message
    :data:`BY_SITE_ORDER` and the order)."""
    order = order_of(hand, order)
    if order == FIRST_IN_POSITION:
        return None
    pots = reordered(settlement, order, hand.history.actions)
    if pots is None or pots == [dict(p.shares) for p in settlement.pots]:
        return None
    history = hand.history
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    if result.status == MATCHED:
        rule = _by_player(names, pots)
        engine = _by_player(names, [dict(p.shares) for p in settlement.pots])
        seat_of = dict(zip(names, history.seats or (None,) * len(names)))
        seats = tuple(SeatDiff(seat_of[n], n, engine.get(n, 0), rule.get(n, 0)) for n in names
                      if engine.get(n, 0) != rule.get(n, 0))
        text = "; ".join(f"{d.player} (seat {d.seat}) file {d.expected}, {order} {d.got}" for d in seats)
        return SiteCheck(MISMATCHED, seats, hand.rake, result.rake_got,
                         f"{hand.where}: {NOT_BY_SITE_ORDER} ({order}): {text}", result.pot_rakes)
    if not agrees_but_collected(hand, result, settlement) or sum(d.expected - d.got for d in result.seats) != 0:
        return None
    # per pot when every line names its pot and the file pays as many pots as the engine (an OHH writer
    # may write one pot where the engine has a main and a side pot won by the same players)
    by_pot = all(c.pot is not None and c.pot < len(pots) for c in hand.collected) \
        and len({c.pot for c in hand.collected}) == sum(1 for shares in pots if any(shares.values()))
    want: dict[tuple[str, int | None], int] = {}
    for c in hand.collected:
        key = (c.player, c.pot if by_pot else None)
        want[key] = want.get(key, 0) + c.amount
    got: dict[tuple[str, int | None], int] = {}
    for k, shares in enumerate(pots):
        for seat, share in shares.items():
            key = (names[seat - 1], k if by_pot else None)
            got[key] = got.get(key, 0) + share
    if {k: v for k, v in want.items() if v} != {k: v for k, v in got.items() if v}:
        return None
    return SiteCheck(MATCHED, (), hand.rake, result.rake_got, f"{BY_SITE_ORDER} {order}", result.pot_rakes)


def _by_player(names: tuple[str, ...], pots: list[dict[int, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for shares in pots:
        for seat, share in shares.items():
            out[names[seat - 1]] = out.get(names[seat - 1], 0) + share
    return out


def agrees_but_collected(hand: SiteHand, result: SiteCheck, settlement: Settlement) -> bool:
    """The file's rake, total pot and uncalled bets are the engine's: only collected amounts differ."""
    if result.status != MISMATCHED or not result.seats:
        return False
    if hand.rake is not None and hand.rake != result.rake_got:
        return False
    if hand.total_pot is not None and hand.total_pot != sum(p.amount for p in settlement.pots):
        return False
    if hand.returned is not None:
        names = hand.history.players or ()
        if list(hand.returned) != [settlement.refunds.get(i + 1, 0) for i in range(len(names))]:
            return False
    return True


def split_chip_only(hand: SiteHand, result: SiteCheck, settlement: Settlement) -> bool:
    """Whether the mismatch ``result`` of ``hand`` (settled as ``settlement``) is only where the odd chips
    of split pots went: the rake, the total pot and the uncalled bets agree, what the file and the engine
    paid adds up to the same, and each player paid otherwise is a winner of a split pot that left odd
    chips, paid at least its even share of them and at most that and all their odd chips (a hi/lo pot's halves
    count one more).  Never for a
    site whose rule is known (:data:`RULES`): there a difference is a mismatch, but where the site's known
    order does not reach (:func:`reordered`: a stud game's, a hi/lo pot's odd chips)."""
    rule = RULES.get(hand.format)
    if result.status != MISMATCHED or not result.seats:
        return False
    if rule is not None and rule.known and (rule.order == FIRST_IN_POSITION
                                            or reordered(settlement, rule.order, hand.history.actions) is not None):
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
