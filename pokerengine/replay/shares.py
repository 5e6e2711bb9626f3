"""Split pots whose winners' shares are not even after the rake: each winner's own rake.

A pot won by two or more equal hands is divided evenly after the rake, the odd chips aside
(:mod:`.oddchips`).  Some sites take more rake from one winner than from another, by who the winner is
(where they play from), and the history does not say who: the shares then differ by more than an odd
chip, and add up to what the pot pays.  PokerStars' operator said in 2015 that it was building the
ability to charge different rates between players sharing the same tables, for the countries that tax
its rake (pokerpt.com, "Eric Hollreiser explica como a PokerStars vai responder ao problema de
diferentes cargas fiscais", January 2015).

What the real files show:

* PokerStars (:func:`surcharged`): the pot's rake ``b`` (the stake's percent, halves to even, capped)
  is each winner's in proportion to their share, and a *surcharged* winner pays a quarter more of their
  part, rounded half to even: ``b + round(b * f / 4)``, ``f`` their share of the pot.  The pot less
  ``b`` is divided evenly, the odd chips one by one from the first winner left of the button (heads-up
  the big blind), and each surcharged winner's extra comes off their share; the summary's rake is ``b``
  and the extras together.  Measured on santiweight/poker-handhistory's 2021 files ($0.25/$0.50,
  32,547 hands): each of the 17,851 single-pot hands won by one player after a flop has a rake of ``b``
  or of ``b`` and a quarter of it (1,296 hands, won by 86 players; a player once surcharged is so in every
  such pot he wins but those he cashed out of), and 243 of the 244 single-pot split pots are reproduced
  exactly, 38 of them mismatched by an even split (the one left, ``228693557663``, has a rake of 49 cents
  where the rule gives 50); frederik-schmidt/Poker-tracker's 2021 files at $0.01/$0.02: 2 of 2.  The rule
  is checked where it can be: one split pot holding all of the hand's rake, no hi/lo halves.
* GGPoker (:func:`uneven_only`), LayorX/GGPoker-Hand-Analyzer's 2025 files ($0.02/$0.05, 14,545 hands, 12
  split pots mismatched by an even split): the rake has a cap per winner (15 cents for most winners, 25 for
  some: a pot won by one of each has a rake of 7 + 12 = 19 cents, and the one whose cap is higher gets 5
  cents less; 7 hands), a ``Tax`` is taken from one winner's share (2 hands, the same player both times),
  and 3 more differ by a cent or two (two hands run twice, a side pot).  Who pays which is not in the file.

Where no rule reproduces the shares (GGPoker), a hand whose collected amounts differ only among the
winners of raked split pots, by no more than the rake drawn from those pots, with the file's rake, total
pot and uncalled bets agreeing and the file paying in all what the engine pays, is no mismatch of the
reading or of the settlement: its verdict is ``split_chip``, said as "uneven shares of a split pot"
(:func:`uneven_only`).  PokerStars' rule is known: a split pot it does not reproduce is a mismatch.

Which rule a hand is checked by (:func:`split_rule`): the one its record states
(:attr:`~pokerengine.formats.sitehand.SiteHand.split_shares`), else its format's.  A hand whose check used
a rule (:func:`rule_used`) carries it when converted, so that the conversion checks to the same verdict:
in PHH the user field ``_split_shares`` (:mod:`.stated`), in OHH, which neither has a place for it nor
says its site, ``split_shares`` in the extension object ``pokerengine_stated``
(:mod:`pokerengine.formats.ohh_stated`).  A record stating the surcharged winners' rule is checked as
PokerStars' hands are: its split pots' odd chips are that rule's, never ``split_chip``.

>>> import attrs
>>> from pokerengine.formats.sitehand import Collected, SiteHand
>>> from pokerengine.phh.record import HandHistory
>>> from pokerengine.replay.site_check import check_site
>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(25, 50, 0), min_bet=50,
...                 starting_stacks=(5000, 5000, 5000), players=("ann", "bob", "cy"), seats=(1, 2, 3),
...                 actions=("d dh p1 AsKs", "d dh p2 AdKd", "d dh p3 2c3d", "p3 f", "p1 cc", "p2 cbr 850",
...                          "p1 cc", "d db 7h8h9c", "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "d db 2h",
...                          "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm AdKd"), currency="USD")
>>> # a pot of 1700 at 5%: rake 85, and a quarter of bob's part (42.5 / 4, 11 cents): 96 in all
>>> hand = SiteHand("pokerstars", "1", 0, h, (Collected("ann", 0, 808), Collected("bob", 0, 796)), rake=96,
...                 total_pot=1700)
>>> check_site(hand).status
'matched'
>>> check_site(attrs.evolve(hand, collected=(Collected("ann", 0, 805), Collected("bob", 0, 799)))).status
'mismatched'
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from ..formats.sitehand import NOT_KNOWN, SURCHARGED_WINNERS, SiteHand
from ..live.interpreter import Outcome
from ..live.settling import settle_drawn
from ..settlement import Settlement
from ..split import split
from .oddchips import agrees_but_collected
from .status import MATCHED, MISMATCHED, SPLIT_CHIP, SiteCheck

#: What a surcharged PokerStars winner pays on top of their part of the pot's rake.
SURCHARGE = Fraction(1, 4)

#: The most winners of one pot whose surcharges are tried (every subset of them: 2 ** 9 at most).
MAX_WINNERS = 9

#: The formats whose hands :func:`surcharged` checks.
SURCHARGE_SITES = frozenset({"pokerstars"})

#: The formats whose hands may be given the verdict of :func:`uneven_only`.
UNEVEN_SITES = frozenset({"ggpoker"})


def split_rule(hand: SiteHand) -> str | None:
    """The rule ``hand``'s split pots are checked by: :data:`~pokerengine.formats.sitehand.SURCHARGED_WINNERS`
    (:func:`surcharge_match`), :data:`~pokerengine.formats.sitehand.NOT_KNOWN` (:func:`uneven_shares`) or
    ``None`` (neither): the one its record states, else that of its format (:data:`SURCHARGE_SITES`,
    :data:`UNEVEN_SITES`)."""
    if hand.split_shares is not None:
        return hand.split_shares
    if hand.format in SURCHARGE_SITES:
        return SURCHARGED_WINNERS
    return NOT_KNOWN if hand.format in UNEVEN_SITES else None


def rule_used(hand: SiteHand, result: SiteCheck) -> str | None:
    """The rule of :func:`split_rule` that gave ``result``, ``hand``'s check, its verdict (``None``: none did):
    what a conversion of ``hand`` carries so that it checks to the same verdict.  The surcharged winners' rule
    gives a ``matched`` verdict by its shares, and a ``mismatched`` one to shares that differ among players
    and add up (the rule places the odd chips: where a record stating no rule is not known, they may be
    ``split_chip``); the rule not known gives ``split_chip`` to uneven shares."""
    if result.status == MATCHED and result.message.startswith(SURCHARGED):
        return SURCHARGED_WINNERS
    if result.status == SPLIT_CHIP and result.message.startswith(f"{hand.where}: {UNEVEN}"):
        return NOT_KNOWN
    if result.status == MISMATCHED and len(result.seats) > 1 and split_rule(hand) == SURCHARGED_WINNERS \
            and all(isinstance(d.expected, int) and isinstance(d.got, int) for d in result.seats) \
            and sum(d.expected - d.got for d in result.seats) == 0:
        return SURCHARGED_WINNERS
    return None


def _won(hand: SiteHand) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand.collected:
        out[c.player] = out.get(c.player, 0) + c.amount
    return {p: x for p, x in out.items() if x}


def _base(total: int, n: int, surcharged: int) -> int | None:
    """The pot's rake ``b`` with ``b + surcharged * round(b / n * SURCHARGE) == total`` (the largest), or ``None``."""
    guess = int(total / (1 + surcharged * SURCHARGE / n))
    for b in range(min(total, guess + 3), max(-1, guess - 4), -1):
        if b + surcharged * round(Fraction(b, n) * SURCHARGE) == total:
            return b
    return None


#: The message of a ``matched`` verdict given by PokerStars' rule of surcharged winners (:func:`surcharged`).
SURCHARGED = "surcharged winners of a split pot"


def surcharged(hand: SiteHand, outcome: Outcome, settlement: Settlement, result: SiteCheck) -> SiteCheck | None:
    """The ``matched`` verdict when PokerStars' rule of surcharged winners (see the module) reproduces
    every collected amount of the mismatch ``result`` of a ``hand`` checked by that rule (:func:`split_rule`:
    a hand of :data:`SURCHARGE_SITES`, or whose record states it; :func:`surcharge_match`), else ``None``."""
    if split_rule(hand) != SURCHARGED_WINNERS:
        return None
    return surcharge_match(hand, outcome, settlement, result)


def surcharge_match(hand: SiteHand, outcome: Outcome, settlement: Settlement, result: SiteCheck) -> SiteCheck | None:
    """The ``matched`` verdict (message :data:`SURCHARGED`) when the rule of surcharged winners reproduces
    every collected amount of the mismatch ``result`` for some of the split pot's winners, else ``None``.

    Tried for a hand whose only difference is in collected amounts, with one pot won by two or more
    players (no hi/lo halves), that pot holding all of the hand's rake: each subset of its winners (none
    included: the odd chips from the first winner left of the button, heads-up the big blind) as the
    surcharged ones."""
    if not agrees_but_collected(hand, result, settlement):
        return None
    pots = settlement.pots
    split_pots = [k for k, p in enumerate(pots) if len(p.winners) > 1]
    if len(split_pots) != 1:
        return None
    k = split_pots[0]
    pot = pots[k]
    if pot.low_winners or pot.high_winners or any(p.rake for j, p in enumerate(pots) if j != k):
        return None
    if outcome.runs and len(pots) > 1:
        return None
    winners = sorted(pot.winners)  # seats in position order: p1, the first left of the button, first
    n = len(winners)
    if n > MAX_WINNERS:
        return None
    want = _won(hand)
    others: dict[int, int] = {}
    for j, p in enumerate(pots):
        if j != k:
            for seat, share in p.shares.items():
                others[seat] = others.get(seat, 0) + share
    history = hand.history
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    settled: dict[int, dict[int, int]] = {}
    for size in range(n + 1):
        for chosen in itertools.combinations(winners, size):
            b = _base(pot.rake, n, size)
            if b is None:
                continue
            if outcome.runs:
                if b not in settled:  # (one settlement a base rake, whichever winners are tried)
                    runs = settle_drawn(outcome, None, b, ante_trimming=hand.history.ante_trimming_status)
                    settled[b] = dict(runs.pots[0].shares)
                shares = settled[b]
                whole = sum(shares.values())
                extra = {s: round(Fraction(b * shares.get(s, 0), whole) * SURCHARGE) if s in chosen else 0
                         for s in winners} if whole else {}
            else:
                shares, _ = split(pot.amount - b, winners, settlement.chip_unit)
                extra = {s: round(Fraction(b, n) * SURCHARGE) if s in chosen else 0 for s in winners}
            if not extra:
                continue
            got = dict(others)
            for s in winners:
                got[s] = got.get(s, 0) + shares.get(s, 0) - extra[s]
            if {names[s - 1]: x for s, x in got.items() if x} == want:
                who = ", ".join(names[s - 1] for s in chosen) or "none"
                return SiteCheck(MATCHED, (), hand.rake, result.rake_got, f"{SURCHARGED}: {who}", result.pot_rakes)
    return None


#: How the message of a ``split_chip`` verdict given by :func:`uneven_only` begins.
UNEVEN = "uneven shares of a split pot:"


def uneven_only(hand: SiteHand, result: SiteCheck, settlement: Settlement) -> bool:
    """:func:`uneven_shares` for a hand whose site's rule is not known (:func:`split_rule`: a hand of
    :data:`UNEVEN_SITES`, or whose record says so)."""
    return split_rule(hand) == NOT_KNOWN and uneven_shares(hand, result, settlement)


def uneven_shares(hand: SiteHand, result: SiteCheck, settlement: Settlement) -> bool:
    """Whether the mismatch ``result`` of ``hand`` (settled as ``settlement``) is only in how the winners of
    raked split pots shared them: the rake, the total pot and the uncalled bets agree, each player paid
    otherwise won a raked pot with another winner, by no more than the rake drawn from the split pots they
    won, and what the file pays adds up to what the engine pays.  (A split pot without rake differs only
    by its odd chips: :func:`.oddchips.split_chip_only`.)"""
    if not agrees_but_collected(hand, result, settlement):
        return False
    names = hand.history.players or ()
    room: dict[str, int] = {}  # how far a winner of split pots may be from the engine's share
    for pot in settlement.pots:
        winners = set(pot.winners) | set(pot.high_winners or ()) | set(pot.low_winners or ())
        if len(winners) < 2 or not pot.rake:
            continue
        for seat in winners:
            if 0 < seat <= len(names):
                room[names[seat - 1]] = room.get(names[seat - 1], 0) + pot.rake
    if sum(d.expected - d.got for d in result.seats) != 0:
        return False
    return all(d.player in room and isinstance(d.expected, int) and isinstance(d.got, int)
               and abs(d.expected - d.got) <= room[d.player] for d in result.seats)


__all__ = ["MAX_WINNERS", "SURCHARGE", "SURCHARGED", "SURCHARGE_SITES", "UNEVEN", "UNEVEN_SITES", "rule_used",
           "split_rule", "surcharge_match", "surcharged", "uneven_only", "uneven_shares"]

