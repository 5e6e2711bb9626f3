"""A hand read from a poker site's own history, and the check of what the site paid.

A site's record (PokerStars text, later Open Hand History) holds more than PHH: what each player
*collected* from each pot, and the rake the site took.  A reader turns each hand into a
:class:`SiteHand`: the PHH :class:`~pokerengine.phh.record.HandHistory` of the hand (amounts in
minor units: cents for money, chips for tournament chips) and what the file says was collected.
:func:`check` plays the PHH record through the engine (:func:`~pokerengine.live.interpret`),
settles it with :func:`pokerengine.settle` taking the site's rake, and compares every collected
amount, per pot where the file splits them.

>>> from pokerengine.phh.record import HandHistory
>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
...                 starting_stacks=(100, 100, 100), players=("ann", "bob", "cy"), seats=(2, 3, 1),
...                 actions=("d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"))
>>> # cy raises to 6, both blinds fold: 4 handed back uncalled, the pot is 1 + 2 + 2 = 5
>>> hand = SiteHand("pokerstars", "1", 0, h, (Collected("cy", None, 5),), rake=0, total_pot=5)
>>> r = check_site(hand)
>>> r.status, r.seats
('matched', ())
>>> check_site(attrs.evolve(hand, collected=(Collected("cy", None, 6),))).seats
(SeatDiff(seat=1, player='cy', expected=6, got=5),)

Conventions: uncalled bets handed back (to whoever made them, a player who then mucks included:
TDA 15-B) are no part of any pot and no "collected" amount; the
rake is drawn from the pots in proportion to their size (:class:`pokerengine.Rake`, the units
left by rounding to the pots with the largest remainders), which is how PokerStars draws it
(``docs/histories.md``); a player who mucks at a showdown concedes (the interpreter treats the
muck as a fold), so a showdown with one shown hand pays it.  Only when a pot's winner cannot be
known because no hand that could win it was shown is the hand ``"undeterminable"``.

Limits: those of :func:`~pokerengine.live.interpret` and :func:`pokerengine.settle` (at most
:data:`~pokerengine.phh.record.MAX_PLAYERS` players and
:data:`~pokerengine.phh.record.MAX_ACTIONS` actions a hand); the check itself is linear in
the number of collected lines and pots.
"""

from __future__ import annotations

import attrs

from ..errors import CardError, SettlementInputError
from ..formats import names as format_names
from ..formats import rake_rule
from ..formats.sitehand import SURCHARGED_WINNERS, Collected, RakeRule, SiteHand
from ..live.interpreter import interpret
from ..live.settling import pots_of, settle_drawn, settle_site, uncalled_full_blind
from ..phh.record import HandHistory
from ..settlement import Settlement
from .oddchips import site_rule_match, split_chip_only
from .shares import UNEVEN, split_rule, surcharged, uneven_only
from .status import (
    CANCELLED,
    MATCHED,
    MISMATCHED,
    SPLIT_CHIP,
    UNDETERMINABLE,
    SeatDiff,
    SiteCheck,
)


def check_site(hand: SiteHand, rule: RakeRule | None = None) -> SiteCheck:
    """Settle ``hand`` through the engine and compare every collected amount and the rake.

    The rake: ``rule`` (a site's rake rule, :data:`RakeRule`; PokerStars' by default for a
    ``"pokerstars"`` hand) gives each pot's rake when it can, and the total is compared with the
    file's; else the file's ``pot_rakes`` (when there is one per pot) are drawn as they are; else the
    file's rake is drawn from the pots in proportion (:func:`exact_rake`).  Each player's collected
    amount is compared (per pot when every line of the hand names its pot, else in total), and the
    uncalled bets handed back when the file gives them.

    Raises :class:`~pokerengine.errors.PokerEngineError` subclasses when the record cannot be played
    (an illegal action, a bad card), naming the hand.
    """
    history = hand.history
    if history.user_fields.get("_cancelled"):  # the site cancelled the hand: nothing was paid, nothing to check
        return SiteCheck(CANCELLED, (), hand.rake, 0, f"{hand.where}: cancelled by the site")
    outcome = interpret(history)
    trim = history.ante_trimming_status
    pots = pots_of(outcome, ante_trimming=trim)
    total = sum(pots)
    flop = len(outcome.board) >= 3
    if rule is None and hand.format != "ohh":  # a site's own rule, when its module has one
        if hand.format in format_names():
            rule = rake_rule(hand.format)
    drawn = rule(pots, flop, hand) if rule is not None else None
    if drawn is None and hand.pot_rakes is not None and len(hand.pot_rakes) == len(pots):
        drawn = list(hand.pot_rakes)
    taken = sum(drawn) if drawn is not None else (hand.rake or 0)
    if taken < 0 and drawn is None:  # a negative rake: none is drawn, and the rake differs (compared below)
        taken = 0
    bad_rake = not 0 <= taken <= total or drawn is not None and any(r < 0 or r > p for r, p in zip(drawn, pots))
    try:  # (a hand whose winner cannot be known is undeterminable whatever its rake: as its PHH and OHH say)
        settlement = settle_site(outcome, None, ante_trimming=trim) if bad_rake \
            else settle_drawn(outcome, drawn, taken, ante_trimming=trim)
    except (CardError, SettlementInputError) as exc:
        unknown = [i for i in outcome.live if outcome.cards[i] is None]
        if unknown and outcome.showdown:
            names = ", ".join(_name(history, i) for i in unknown)
            return SiteCheck(UNDETERMINABLE, (), hand.rake, taken,
                             f"{hand.where}: no hand that could win was shown (cards of {names} unknown)")
        raise type(exc)(f"{hand.where}: cannot settle: {exc}") from None
    if bad_rake:
        return SiteCheck(MISMATCHED, (), hand.rake, taken,
                         f"{hand.where}: the rake ({taken}) cannot be drawn from the pots {pots}")
    # a hand run more than once is settled with its rake drawn in proportion (settle_drawn): pot by pot
    # it may be a unit off the site's draw, so each player's total is compared
    result = _compare(hand, settlement, taken, by_pot=not outcome.runs, excess=uncalled_full_blind(outcome, history))
    ordered = None if _contradicts(hand) else site_rule_match(hand, result, settlement)
    if ordered is not None:  # a site's known odd-chip order, not the engine's (Winamax's: .oddchips)
        return ordered
    if result.status == MISMATCHED and result.seats and not _contradicts(hand):
        # a split pot's winners each raked at their own rate (.shares): PokerStars' surcharged winners (whose
        # odd chips that rule places, a record stating the rule too), else only where a split pot's odd chips
        # went, where the site's rule is not known, else, where the rule is not known, shares that differ only
        # by the split pots' rake
        stars = surcharged(hand, outcome, settlement, result)
        if stars is not None:
            return stars
        if split_rule(hand) != SURCHARGED_WINNERS and split_chip_only(hand, result, settlement):
            return attrs.evolve(result, status=SPLIT_CHIP,
                                message=result.message.replace("collected:", "odd chips of a split pot:", 1))
        if uneven_only(hand, result, settlement):
            return attrs.evolve(result, status=SPLIT_CHIP,
                                message=result.message.replace("collected:", UNEVEN, 1))
    return result


def _amounts(by_player: dict[str, int]) -> str:
    return "{" + ", ".join(f"{p}: {x}" for p, x in sorted(by_player.items())) + "}" if by_player else "none"


def _won(lines: tuple[Collected, ...]) -> dict[str, int]:
    """Each player's amount in all (those of 0 left out)."""
    out: dict[str, int] = {}
    for c in lines:
        out[c.player] = out.get(c.player, 0) + c.amount
    return {p: x for p, x in out.items() if x}


#: User field: what a reader found the file contradicting itself in (iPoker: a bet above the chips the
#: file gives), each as a sentence; a mismatch's message names them.
FILE_CONTRADICTS = "_file_contradicts"


def _contradicts(hand: SiteHand) -> bool:
    """Whether the summary's amounts (:attr:`SiteHand.stated`) are not what the collected lines say."""
    return hand.stated is not None and _won(hand.stated) != _won(hand.collected)


def _name(history: HandHistory, i: int) -> str:
    players = history.players
    return players[i] if players is not None and i < len(players) else f"p{i + 1}"


def _compare(hand: SiteHand, settlement: Settlement, rake_got: int, by_pot: bool = True,
             excess: dict[int, int] | None = None) -> SiteCheck:
    # excess: what a call of a short blind's full amount puts in that nobody matched (uncalled_full_blind),
    # which the engine never takes: the file may hand it back as an uncalled bet
    history = hand.history
    names = [_name(history, i) for i in range(history.player_count)]
    seat_of = {name: (history.seats[i] if history.seats is not None else None) for i, name in enumerate(names)}
    index = {name: i + 1 for i, name in enumerate(names)}
    # per pot when every line names its pot and the engine has as many pots: a player who mucks concedes
    # (a fold, for the engine), so pots the file keeps apart (an all-in player's main pot and a side pot)
    # may be one pot for the engine; then each player's total is compared
    by_pot = by_pot and all(c.pot is not None and c.pot < len(settlement.pots) for c in hand.collected)
    expected: dict[tuple[str, int | None], int] = {}
    for c in hand.collected:
        key = (c.player, c.pot if by_pot else None)
        expected[key] = expected.get(key, 0) + c.amount
    got: dict[tuple[str, int | None], int] = {}
    for k, pot in enumerate(settlement.pots):
        for seat, share in pot.shares.items():
            if share:
                key = (names[seat - 1], k if by_pot else None)
                got[key] = got.get(key, 0) + share
    diffs: dict[str, list[int]] = {}
    texts = []
    for key in sorted(set(expected) | set(got), key=lambda k: (index.get(k[0], 0), k[1] or 0)):
        e, g = expected.get(key, 0), got.get(key, 0)
        if e != g:
            d = diffs.setdefault(key[0], [0, 0])
            d[0] += e
            d[1] += g
            which = "" if key[1] is None else " main pot" if key[1] == 0 else f" side pot {key[1]}"
            texts.append(f"{key[0]} (seat {seat_of.get(key[0])}){which} file {e}, engine {g}")
    seats = tuple(SeatDiff(seat_of.get(p), p, e, g) for p, (e, g) in diffs.items())
    problems = []
    if texts:
        problems.append("collected: " + "; ".join(texts))
    if hand.returned is not None:
        back = {names[i]: x for i, x in enumerate(hand.returned) if x}
        engine = {names[seat - 1]: x for seat, x in settlement.refunds.items() if x}
        full = dict(engine)
        for i, x in (excess or {}).items():
            full[names[i]] = full.get(names[i], 0) + x
        if back != engine and back != full:
            problems.append(f"uncalled bets returned: file {_amounts(back)}, engine {_amounts(engine)}")
    if _contradicts(hand):
        said, lines = _won(hand.stated or ()), _won(hand.collected)
        problems.append(f"the record contradicts itself: the summary says won {_amounts(said)}, "
                        f"the collected lines {_amounts(lines)}")
    if hand.rake is not None and hand.rake != rake_got:
        problems.append(f"rake: file {hand.rake}, engine {rake_got}")
    total = sum(p.amount for p in settlement.pots)
    if hand.total_pot is not None and hand.total_pot != total:
        problems.append(f"total pot: file {hand.total_pot}, engine {total}")
    drawn = tuple(p.rake for p in settlement.pots)
    if problems:
        # what the reader found the file contradicting itself in (user field _file_contradicts) explains it
        problems += [f"the file contradicts itself: {note}" for note in history.user_fields.get(FILE_CONTRADICTS, ())]
        return SiteCheck(MISMATCHED, seats, hand.rake, rake_got, f"{hand.where}: " + "; ".join(problems), drawn)
    return SiteCheck(MATCHED, (), hand.rake, rake_got, "", drawn)


def check_split(hand: SiteHand) -> SiteCheck:
    """:func:`check_site`, with a mismatch that is only where odd chips went
    (:func:`split_chip_only`) given as ``split_chip``.  The hand is settled again only when it mismatched."""
    result = check_site(hand)
    if result.status != MISMATCHED or not result.seats or result.pot_rakes is None \
            or split_rule(hand) == SURCHARGED_WINNERS:
        return result
    outcome = interpret(hand.history)
    trim = hand.history.ante_trimming_status
    if len(result.pot_rakes) != len(pots_of(outcome, ante_trimming=trim)):
        return result
    settlement = settle_drawn(outcome, list(result.pot_rakes), sum(result.pot_rakes), ante_trimming=trim)
    if not split_chip_only(hand, result, settlement):
        return result
    return attrs.evolve(result, status=SPLIT_CHIP,
                        message=result.message.replace("collected:", "odd chips of a split pot:", 1))
