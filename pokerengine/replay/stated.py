"""What a site's record states beyond the finishing stacks, carried into PHH and compared on replay.

``pokerengine convert`` writes a site's hand as PHH with what the site paid (``finishing_stacks``,
``winnings``, ``_rake``, ``_pot_rakes``: :mod:`~pokerengine.replay.convert`).  Some of what the file
states has no place there, yet decides the site check's verdict (:func:`~.site.check`); those numbers go
in these user fields, written only where they tell something the actions and stacks do not, and the
PHH replay (:func:`~.settling.replay_hand`) compares them, so the converted record replays to the
source's verdict:

* ``_total_pot``: the file's total pot (minor units, before rake) where it is not the pots' total:
  ``mismatched``.
* ``_stated_rake``: a rake no pot can give (negative, or more than the pots): never drawn, compared:
  ``mismatched``.
* ``_summary_won``: what the file's summary says each player won, one amount per player, where it is
  not what its collected lines say (a record that contradicts itself): ``mismatched``.
* ``_odd_chips = "not known"``: the site's rule for the odd chips of a split pot is not known
  (:data:`pokerengine.replay.oddchips.RULES`): a hand that differs from the engine only in which
  winners got them is ``split_chip``, as the site check says.  ``_odd_chips = "last shown"``: the site
  gives them from the last winner to show, backwards (Winamax's rule): a hand that rule reproduces is
  ``matched``, one paid as the engine pays where the rule pays otherwise ``mismatched``, as the site
  check says.
* ``_split_shares``: how the site drew a split pot's rake from its winners (:mod:`.shares`):
  ``"surcharged"``, PokerStars' surcharged winners (a hand that rule reproduces is ``matched``), or
  ``"not known"`` (a hand that differs only in how the winners of raked split pots shared them is
  ``split_chip``), as the site check says.

>>> from pokerengine.phh.reader import loads
>>> from pokerengine.replay.hand_replay import replay_hand
>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
... finishing_stacks = [101, 99]
... winnings = [3, 0]'''
>>> replay_hand(loads(text)).status
'matched'
>>> replay_hand(loads(text + "\\n_total_pot = 4")).status   # the file's total pot is not the pot's 3
'mismatched'

Limits: linear in the players and pots of the hand.
"""

from __future__ import annotations

from typing import Any

from .._checks import shown
from ..errors import HistoryParseError
from ..formats.sitehand import LAST_SHOWN, Collected, SiteHand
from ..live.interpreter import interpret
from ..live.settling import finishing_units
from ..phh.record import HandHistory
from ..settlement import Settlement
from .oddchips import site_rule_match, split_chip_only
from .shares import surcharge_match, uneven_shares
from .status import MATCHED, MISMATCHED, SPLIT_CHIP, SeatDiff, SiteCheck

#: The user fields this module compares (see the module's docstring).
TOTAL_POT, STATED_RAKE, SUMMARY_WON, ODD_CHIPS = "_total_pot", "_stated_rake", "_summary_won", "_odd_chips"
SPLIT_SHARES = "_split_shares"
STATED = frozenset((TOTAL_POT, STATED_RAKE, SUMMARY_WON, ODD_CHIPS, SPLIT_SHARES))
#: The value of ``_odd_chips`` (and of ``_split_shares``) for a site whose rule is not known.
NOT_KNOWN = "not known"
#: The value of ``_split_shares`` for PokerStars' rule of surcharged winners.
SURCHARGED_WINNERS = "surcharged"


def _int(hand: HandHistory, name: str, value: object) -> int:
    if type(value) is not int:
        raise HistoryParseError(f"{hand.label}: {name} must be an integer, got {shown(value)}")
    return value


def stated_status(hand: HandHistory, settlement: Settlement, status: str, scale: int) -> str:
    """``status`` (the replay's verdict on the finishing stacks) with the record's stated numbers
    compared (see the module's docstring).  ``scale``: the record's units per chip (these fields are
    in whole units: a record with decimal amounts is not compared)."""
    user = hand.user_fields
    differs = False
    if TOTAL_POT in user:
        differs |= _int(hand, TOTAL_POT, user[TOTAL_POT]) * scale != sum(p.amount for p in settlement.pots)
    if STATED_RAKE in user:
        differs |= _int(hand, STATED_RAKE, user[STATED_RAKE]) * scale != settlement.rake
    if SUMMARY_WON in user:
        said = user[SUMMARY_WON]
        if not isinstance(said, (list, tuple)) or len(said) != hand.player_count:
            raise HistoryParseError(f"{hand.label}: {SUMMARY_WON} must list one amount per player, got {shown(said)}")
        amounts = [_int(hand, SUMMARY_WON, x) for x in said]
        differs |= hand.winnings is None or amounts != list(hand.winnings)
    if differs:
        return MISMATCHED
    if ODD_CHIPS in user:
        if user[ODD_CHIPS] not in (NOT_KNOWN, LAST_SHOWN):
            raise HistoryParseError(f"{hand.label}: {ODD_CHIPS} must be {NOT_KNOWN!r} or {LAST_SHOWN!r}, "
                                    f"got {shown(user[ODD_CHIPS])}")
        if status == MISMATCHED and scale == 1 and user[ODD_CHIPS] == NOT_KNOWN and _odd_chips_only(hand, settlement):
            return SPLIT_CHIP
        site = _as_site(hand, settlement) if status in (MATCHED, MISMATCHED) and scale == 1 \
            and user[ODD_CHIPS] == LAST_SHOWN else None
        if site is not None:
            check = site[1] if status == MISMATCHED else SiteCheck(MATCHED, (), settlement.rake, settlement.rake)
            ruled = site_rule_match(site[0], check, settlement, LAST_SHOWN)
            if ruled is not None:
                return ruled.status
    if SPLIT_SHARES in user:
        rule = user[SPLIT_SHARES]
        if rule not in (SURCHARGED_WINNERS, NOT_KNOWN):
            raise HistoryParseError(f"{hand.label}: {SPLIT_SHARES} must be {SURCHARGED_WINNERS!r} or {NOT_KNOWN!r}, "
                                    f"got {shown(rule)}")
        site = _as_site(hand, settlement) if status == MISMATCHED and scale == 1 else None
        if site is not None:
            if rule == SURCHARGED_WINNERS and surcharge_match(site[0], interpret(hand), settlement, site[1]):
                return MATCHED
            if rule == NOT_KNOWN and uneven_shares(site[0], site[1], settlement):
                return SPLIT_CHIP
    return status


def _odd_chips_only(hand: HandHistory, settlement: Settlement) -> bool:
    """Whether the record's winnings differ from the engine's only in where split pots' odd chips went
    (:func:`pokerengine.replay.oddchips.split_chip_only`), and its finishing stacks only by as much."""
    site = _as_site(hand, settlement)
    return site is not None and split_chip_only(site[0], site[1], settlement)


def _as_site(hand: HandHistory, settlement: Settlement) -> tuple[SiteHand, SiteCheck] | None:
    """The record as a site's hand (its winnings the collected amounts) and its mismatch with the engine's
    ``settlement``, when its finishing stacks differ from the engine's only as its winnings do, else ``None``."""
    if hand.winnings is None or hand.finishing_stacks is None:
        return None
    names = hand.players or tuple(f"p{i + 1}" for i in range(hand.player_count))
    engine = [0] * len(names)
    for pot in settlement.pots:
        for seat, share in pot.shares.items():
            engine[seat - 1] += share
    got = finishing_units(interpret(hand), settlement)
    diffs: list[SeatDiff] = []
    said: list[Collected] = []
    for i, name in enumerate(names):
        won: Any = hand.winnings[i]
        stack: Any = hand.finishing_stacks[i]
        if type(won) is not int or type(stack) is not int or stack - got[i] != won - engine[i]:
            return None
        if won:
            said.append(Collected(name, None, won))
        if won != engine[i]:
            diffs.append(SeatDiff(None if hand.seats is None else hand.seats[i], name, won, engine[i]))
    site = SiteHand("phh", None, 0, hand, tuple(said), settlement.rake, None)
    return site, SiteCheck(MISMATCHED, tuple(diffs), settlement.rake, settlement.rake)
