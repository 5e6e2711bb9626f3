"""A hand as a poker site recorded it: what every site's reader produces.

A site's record holds more than PHH: what each player *collected* from each pot, and the rake the
site took.  A reader (:mod:`pokerengine.formats`) turns each hand into a :class:`SiteHand`: the PHH
:class:`~pokerengine.phh.HandHistory` of the hand (amounts in minor units: cents for money, chips
for tournament chips) and what the file says was collected; :func:`pokerengine.replay.site_check.check_site`
plays it through the engine and compares.

>>> from pokerengine.phh import HandHistory
>>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
...                 starting_stacks=(100, 100), players=("ann", "bob"), actions=("d dh p1 ????", "d dh p2 ????", "p2 f"))
>>> hand = SiteHand("pokerstars", "1", 0, h, (Collected("ann", None, 3),), rake=0, total_pot=3, source="a.txt")
>>> hand.where
'a.txt, hand 1'
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import attrs

from ..phh.record import HandHistory


@attrs.frozen
class Collected:
    """One "collected" line: ``player`` took ``amount`` (minor units) from pot ``pot`` (0 the main
    pot, 1.. the side pots in order; ``None`` when the file does not say which pot)."""

    player: str
    pot: int | None
    amount: int


@attrs.frozen
class SiteHand:
    """One hand as a site recorded it.

    ``history`` is the PHH record of the hand, fit to replay (its ``players`` are the site's
    names and its ``seats`` the site's seat numbers, in PHH position order); ``collected`` what
    the file says each player collected; ``rake`` and ``total_pot`` the summary's figures (minor
    units, ``None`` when the file has none); ``index`` the 0-based position in the file;
    ``pot_rakes`` each pot's rake and ``returned`` each player's uncalled bet handed back, when the
    file says (``None``: not said, not checked).
    """

    format: str
    hand_id: str | None
    index: int
    history: HandHistory = attrs.field(repr=False)
    collected: tuple[Collected, ...]
    rake: int | None
    total_pot: int | None
    source: str | None = None
    #: Each pot's rake as the file gives it (main pot first), when it does: ``check`` then draws the
    #: rake so (a site rule, when there is one, comes first).
    pot_rakes: tuple[int, ...] | None = None
    #: Uncalled bets handed back, per player in position order (minor units), as the file says;
    #: ``None`` when the format does not say (then they are not checked).
    returned: tuple[int, ...] | None = None
    #: The day the hand was played, by the site's clock, when the file says (a site's rake rule may
    #: be known for some dates only).
    date: datetime.date | None = None
    #: What the file's summary says each player won in all, every player of the hand in position order
    #: (``None``: the format writes no such amounts): a second statement of the collected amounts, which
    #: :func:`check` compares with them (a record that contradicts itself is mismatched, and says so).
    stated: tuple[Collected, ...] | None = None
    #: How the site drew a split pot's rake from its winners, where the record says so rather than its
    #: format (OHH's ``pokerengine_stated``: :mod:`.ohh_stated`): :data:`SURCHARGED_WINNERS` or
    #: :data:`NOT_KNOWN` (:mod:`pokerengine.replay.shares`); ``None``: the format's rule, if any.
    split_shares: str | None = None
    #: The order a split pot's odd chips went in, where the record says so rather than its format (OHH's
    #: ``pokerengine_stated``: :mod:`.ohh_stated`): :data:`LAST_SHOWN` (Winamax's rule,
    #: :mod:`pokerengine.replay.oddchips`); ``None``: the format's rule, if any.
    odd_chips: str | None = None

    @property
    def where(self) -> str:
        """``file, hand ID`` (or ``file, hand #index`` without an ID) for messages."""
        what = f"hand {self.hand_id}" if self.hand_id is not None else f"hand #{self.index}"
        return what if self.source is None else f"{self.source}, {what}"


#: :attr:`SiteHand.split_shares`: PokerStars' rule of surcharged winners (a split pot's rake is each
#: winner's in proportion, a surcharged winner paying a quarter more of their part).
SURCHARGED_WINNERS = "surcharged"
#: :attr:`SiteHand.split_shares`: the site raked a split pot's winners unevenly by a rule not known.
NOT_KNOWN = "not known"
#: The values of :attr:`SiteHand.split_shares`.
SPLIT_SHARES_RULES = (SURCHARGED_WINNERS, NOT_KNOWN)
#: :attr:`SiteHand.odd_chips`: the odd chips one by one from the last winner to show, backwards.
LAST_SHOWN = "last shown"
#: The values of :attr:`SiteHand.odd_chips`.
ODD_CHIP_ORDERS = (LAST_SHOWN,)


#: A site's rake rule: the rake drawn from each pot (minor units, main pot first) given the pots
#: before rake, whether the flop was seen, and the hand (for its stakes and the file's rake); ``None``
#: when the rule does not know the site's rake for the hand (then the file's rake is drawn from the
#: pots in proportion, :func:`pokerengine.live.settling.exact_rake`).
RakeRule = Callable[[list[int], bool, "SiteHand"], "list[int] | None"]
