"""What a site's record states beyond OHH's pots, carried in the extension field ``pokerengine_stated``.

An OHH hand written from a site's hand (``pokerengine convert --to ohh``) gives each pot's amount, rake
and wins.  What else the site's file stated and the site check compares (:func:`~pokerengine.replay.site_check.check_site`)
has no OHH field, yet decides the verdict; it goes in one extension object, written only where it tells
something the pots do not, so that the OHH read back checks to the source's verdict:

* ``total_pot``: the file's total pot, where it is not the pots' amounts added up;
* ``rake``: the file's rake where no pot can carry it (negative: the pots then carry none);
* ``returned``: the uncalled bets the file says went back, ``{"name": amount}``, where they are not
  the ones the actions leave (OHH has no uncalled bets: the reader's check takes the engine's);
* ``summary_won``: what the file's summary says each player won, ``{"name": amount}``, where it is not
  what its collected lines say (a record that contradicts itself);
* ``split_shares``: how the site drew a split pot's rake from its winners, where the source's check gave
  its verdict by that rule (:attr:`.sitehand.SiteHand.split_shares`, which ``convert`` sets from the check:
  :func:`pokerengine.replay.shares.rule_used`): ``"surcharged"``, PokerStars' surcharged winners (shares
  the rule reproduces are ``matched``; other shares that differ among the winners are ``mismatched``, the
  rule placing the odd chips too), or ``"not known"`` (GGPoker: shares that differ only within the split
  pots' rake are ``split_chip``).  Without it an OHH hand's split pots are divided evenly after the rake,
  their odd chips ``split_chip`` where they went elsewhere, as every other writer's are;
* ``odd_chips``: the order the site gave a split pot's odd chips in, where the source's check gave its
  verdict by it (:attr:`.sitehand.SiteHand.odd_chips`, set by ``convert``): ``"last shown"``, Winamax's
  (:mod:`pokerengine.replay.oddchips`: odd chips so given are ``matched``, given as the engine gives them
  where the rule differs ``mismatched``).

Amounts are written as the hand's other amounts are (a currency's major units, or chips).

>>> from pokerengine.formats.ohh import dumps_ohh, read_ohh
>>> from pokerengine.phh.record import HandHistory
>>> from pokerengine.formats.sitehand import Collected
>>> from pokerengine.replay.site_check import check_site
>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
...                 starting_stacks=(100, 100, 100), players=("ann", "bob", "cy"), seats=(2, 3, 1),
...                 actions=("d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"))
>>> hand = SiteHand("pokerstars", "1", 0, h, (Collected("cy", None, 5),), rake=0, total_pot=6)  # the pot is 5
>>> text = dumps_ohh(hand, indent=None)
>>> text[text.index(STATED_FIELD) - 1:]
'"pokerengine_stated": {"total_pot": 6}}}'
>>> [back] = read_ohh(text)
>>> check_site(hand).status, check_site(back).status, check_site(back).message.endswith("total pot: file 6, engine 5")
('mismatched', 'mismatched', True)

A split pot of 1,700 cents at 5%: 85 of rake, and bob, surcharged, pays a quarter more of his part (11 cents):

>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(25, 50, 0), min_bet=50,
...                 starting_stacks=(5000, 5000, 5000), players=("ann", "bob", "cy"), seats=(1, 2, 3),
...                 actions=("d dh p1 AsKs", "d dh p2 AdKd", "d dh p3 2c3d", "p3 f", "p1 cc", "p2 cbr 850",
...                          "p1 cc", "d db 7h8h9c", "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "d db 2h",
...                          "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm AdKd"), currency="USD")
>>> hand = SiteHand("pokerstars", "2", 0, h, (Collected("ann", 0, 808), Collected("bob", 0, 796)), rake=96,
...                 total_pot=1700, split_shares="surcharged")
>>> text = dumps_ohh(hand, indent=None)
>>> text[text.index(STATED_FIELD) - 1:]
'"pokerengine_stated": {"split_shares": "surcharged"}}}'
>>> [back] = read_ohh(text)
>>> check_site(hand).status, check_site(back).status, check_site(attrs.evolve(back, split_shares=None)).status
('matched', 'matched', 'mismatched')

Limits: linear in the players of the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

import attrs

from .._checks import shown
from ..errors import HistoryParseError, PokerEngineError
from ..live.interpreter import interpret
from ..live.settling import seats_of
from ..pots import layers_of
from .sitehand import ODD_CHIP_ORDERS, SPLIT_SHARES_RULES, Collected, SiteHand

#: The extension field (see the module's docstring).
STATED_FIELD = "pokerengine_stated"


def _by_player(pairs: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in pairs:
        out[c.player] = out.get(c.player, 0) + c.amount
    return {p: x for p, x in out.items() if x}


def stated_fields(site: SiteHand, amount: Callable[[int], int | Decimal], rake_written: int | None,
                  total_written: int) -> dict[str, Any] | None:
    """The extension object of ``site`` (``None``: nothing to add): ``amount`` writes an amount in the
    OHH hand's units, ``rake_written`` is the rake the pots carry (``None``: the file's rake is not
    written on the pots), ``total_written`` the pots' amounts added up (minor units)."""
    out: dict[str, Any] = {}
    if site.total_pot is not None and site.total_pot != total_written:
        out["total_pot"] = amount(site.total_pot) if site.total_pot >= 0 else -amount(-site.total_pot)
    if site.rake is not None and site.rake != rake_written:
        out["rake"] = amount(site.rake) if site.rake >= 0 else -amount(-site.rake)
    if site.returned is not None:
        names = site.history.players or ()
        said = {names[i]: x for i, x in enumerate(site.returned) if x and i < len(names)}
        if said != _engine_returned(site):
            out["returned"] = {p: amount(x) for p, x in said.items()}
    if site.stated is not None:
        said = _by_player(site.stated)
        if said != _by_player(site.collected):
            out["summary_won"] = {p: amount(x) for p, x in said.items()}
    if site.split_shares is not None:
        out["split_shares"] = site.split_shares
    if site.odd_chips is not None:
        out["odd_chips"] = site.odd_chips
    return out or None


def _engine_returned(site: SiteHand) -> dict[str, int]:
    """The uncalled bets the hand's actions leave, by player (``{}`` when it cannot be played)."""

    try:
        refunds = layers_of(seats_of(interpret(site.history))[0], 0)[1]
    except PokerEngineError:
        return {}
    names = site.history.players or ()
    return {names[seat - 1]: x for seat, x in refunds.items() if x and seat - 1 < len(names)}


def with_stated(hand: SiteHand, value: object, units: Callable[[int | Decimal, str], int], where: str) -> SiteHand:
    """``hand`` (as the OHH reader read it) with what ``value`` (the extension object, ``None``: none)
    states; ``units`` turns an amount into minor units as the reader does (refusing a negative one)."""
    if value is None:
        return hand
    if not isinstance(value, Mapping) or len(value) > 6:  # (the six fields above)
        raise HistoryParseError(f"{where}: {STATED_FIELD} must be an object, got {shown(value)}")
    names = hand.history.players or ()

    def money(x: object, what: str, signed: bool = False) -> int:
        if type(x) is not int and not isinstance(x, Decimal):
            raise HistoryParseError(f"{where}: {STATED_FIELD}.{what} must be an amount, got {shown(x)}")
        if signed and x < 0:
            return -units(-x, f"{STATED_FIELD}.{what}")
        return units(x, f"{STATED_FIELD}.{what}")

    def per_player(x: object, what: str) -> dict[str, int]:
        if not isinstance(x, Mapping) or len(x) > len(names) or any(p not in names for p in x):
            raise HistoryParseError(f"{where}: {STATED_FIELD}.{what} must name players of the hand, got {shown(x)}")
        return {p: money(a, what) for p, a in x.items()}

    changes: dict[str, Any] = {}
    for key, x in value.items():
        if key == "total_pot":
            changes["total_pot"] = money(x, key, signed=True)
        elif key == "rake":
            changes["rake"] = money(x, key, signed=True)
        elif key == "returned":
            back = per_player(x, key)
            changes["returned"] = tuple(back.get(p, 0) for p in names)
        elif key == "summary_won":
            won = per_player(x, key)
            changes["stated"] = tuple(attrs.evolve(c, amount=won.get(c.player, 0))
                                      for c in _one_each(hand, names))
        elif key == "split_shares":
            if type(x) is not str or x not in SPLIT_SHARES_RULES:
                raise HistoryParseError(f"{where}: {STATED_FIELD}.{key} must be one of "
                                        f"{', '.join(map(repr, SPLIT_SHARES_RULES))}, got {shown(x)}")
            changes["split_shares"] = x
        elif key == "odd_chips":
            if type(x) is not str or x not in ODD_CHIP_ORDERS:
                raise HistoryParseError(f"{where}: {STATED_FIELD}.{key} must be one of "
                                        f"{', '.join(map(repr, ODD_CHIP_ORDERS))}, got {shown(x)}")
            changes["odd_chips"] = x
        else:
            raise HistoryParseError(f"{where}: {STATED_FIELD} has no field {shown(key)}")
    return attrs.evolve(hand, **changes)


def _one_each(hand: SiteHand, names: tuple[str, ...]) -> tuple[Any, ...]:

    return tuple(Collected(p, None, 0) for p in names)
