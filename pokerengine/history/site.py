"""A hand read from a poker site's own history, and the check of what the site paid.

A site's record (PokerStars text, later Open Hand History) holds more than PHH: what each player
*collected* from each pot, and the rake the site took.  A reader turns each hand into a
:class:`SiteHand`: the PHH :class:`~pokerengine.history.record.HandHistory` of the hand (amounts in
minor units: cents for money, chips for tournament chips) and what the file says was collected.
:func:`check` plays the PHH record through the engine (:func:`~pokerengine.history.interpret`),
settles it with :func:`pokerengine.settle` taking the site's rake, and compares every collected
amount, per pot where the file splits them.

>>> from pokerengine.history.record import HandHistory
>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
...                 starting_stacks=(100, 100, 100), players=("ann", "bob", "cy"), seats=(2, 3, 1),
...                 actions=("d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"))
>>> # cy raises to 6, both blinds fold: 4 handed back uncalled, the pot is 1 + 2 + 2 = 5
>>> hand = SiteHand("pokerstars", "1", 0, h, (Collected("cy", None, 5),), rake=0, total_pot=5)
>>> r = check(hand)
>>> r.status, r.seats
('matched', ())
>>> check(attrs.evolve(hand, collected=(Collected("cy", None, 6),))).seats
(SeatDiff(seat=1, player='cy', expected=6, got=5),)

Conventions: uncalled bets handed back (to whoever made them, a player who then mucks included:
TDA 15-B) are no part of any pot and no "collected" amount; the
rake is drawn from the pots in proportion to their size (:class:`pokerengine.Rake`, the units
left by rounding to the pots with the largest remainders), which is how PokerStars draws it
(``docs/histories.md``); a player who mucks at a showdown concedes (the interpreter treats the
muck as a fold), so a showdown with one shown hand pays it.  Only when a pot's winner cannot be
known because no hand that could win it was shown is the hand ``"undeterminable"``.

Limits: those of :func:`~pokerengine.history.interpret` and :func:`pokerengine.settle` (at most
:data:`~pokerengine.history.record.MAX_PLAYERS` players and
:data:`~pokerengine.history.record.MAX_ACTIONS` actions a hand); the check itself is linear in
the number of collected lines and pots.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from fractions import Fraction
from operator import sub

import attrs

from ..errors import CardError, PokerEngineError, SettlementInputError
from ..rake import MAX_PERCENT_DENOMINATOR, Rake
from ..runs import settle_runs
from ..seats import Seat
from ..settlement import Settlement, settle
from ..split import halves, split
from .interpreter import Outcome, interpret
from .record import HandHistory
from .settling import run_cut

MATCHED, MISMATCHED, UNDETERMINABLE, CANCELLED = "matched", "mismatched", "undeterminable", "cancelled"


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

    @property
    def where(self) -> str:
        """``file, hand ID`` (or ``file, hand #index`` without an ID) for messages."""
        what = f"hand {self.hand_id}" if self.hand_id is not None else f"hand #{self.index}"
        return what if self.source is None else f"{self.source}, {what}"


@attrs.frozen
class SeatDiff:
    """A player whose collected amount differs: what the file says (``expected``) and what the
    engine pays (``got``), minor units.  ``seat`` is the site's seat number (``None``: unknown)."""

    seat: int | None
    player: str
    expected: int
    got: int


@attrs.frozen
class SiteCheck:
    """The verdict on one :class:`SiteHand`: ``status`` is ``"matched"``, ``"mismatched"`` or
    ``"undeterminable"``; ``seats`` the players whose collected amounts differ; the rake as the file
    has it (``rake_expected``) and as settled (``rake_got``); ``message`` says what differs."""

    status: str
    seats: tuple[SeatDiff, ...] = ()
    rake_expected: int | None = None
    rake_got: int | None = None
    message: str = ""
    #: The rake drawn from each pot as settled (main pot first; ``None`` when the hand could not be
    #: settled): what ``pokerengine convert`` writes as the PHH user field ``_pot_rakes``.
    pot_rakes: tuple[int, ...] | None = None


#: A site's rake rule: the rake drawn from each pot (minor units, main pot first) given the pots
#: before rake, whether the flop was seen, and the hand (for its stakes and the file's rake); ``None``
#: when the rule does not know the site's rake for the hand (then the file's rake is drawn from the
#: pots in proportion, :func:`exact_rake`).
RakeRule = Callable[[list[int], bool, "SiteHand"], "list[int] | None"]


def main_pot_first(rake: int, pots: list[int], percent: Fraction | None = None) -> list[int]:
    """Draw ``rake`` from ``pots`` main pot first, rounding cumulatively (how PokerStars draws it).

    Pot ``k`` gives ``R(k) - R(k - 1)``, ``R(k)`` being ``r x (pots 0..k)`` with halves rounded up,
    ``r`` being ``percent`` / 100 (default: ``rake`` / the total, which draws exactly ``rake``); the
    last pot gives what is left of ``rake``.

    >>> main_pot_first(22, [530, 104], Fraction(35, 10))    # 3.5% of 530 is 18.55: 19, then 22 - 19
    [19, 3]
    >>> main_pot_first(1, [8, 12], Fraction(35, 10))        # 0.28 rounds to 0: the side pot gives it
    [0, 1]
    """
    total = sum(pots)
    if not total or not pots:
        return [0] * len(pots)
    rate = Fraction(rake, total) if percent is None else percent / 100
    parts, before, running = [], 0, 0
    for amount in pots[:-1]:
        running += amount
        upto = min(rake, math.floor(rate * running + Fraction(1, 2)))
        parts.append(max(0, min(amount, upto - before)))
        before += parts[-1]
    parts.append(rake - before)
    return parts


def exact_rake(amount: int, total: int) -> Rake | None:
    """The :class:`~pokerengine.Rake` that takes exactly ``amount`` from pots adding up to ``total``.

    >>> exact_rake(9, 255).take([237, 18])
    [8, 1]
    >>> exact_rake(0, 255) is None
    True
    >>> exact_rake(1, 1675837).take([1675837])  # 1 cent of a 16,758.37 pot: a percent of 1/16758.37
    [1]
    """
    if amount <= 0 or total <= 0 or amount > total:
        return None
    percent = Fraction(100 * amount, total)
    if percent.denominator > MAX_PERCENT_DENOMINATOR:  # a large pot: a simpler percent that takes the same
        simpler = _simplest(percent, Fraction(100 * (amount + 1), total))  # (the rake is the floor of percent
        if simpler.denominator <= MAX_PERCENT_DENOMINATOR and simpler <= 100:  # x total / 100)
            percent = simpler
    return Rake(percent)


def _simplest(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction of smallest denominator in ``[lo, hi)`` (``0 <= lo < hi``), by continued fractions."""
    whole = math.floor(lo)
    if lo == whole:
        return Fraction(whole)
    if whole + 1 < hi:
        return Fraction(whole + 1)
    # lo and hi share the whole part: the simplest in (1 / (hi - whole), 1 / (lo - whole)], reversed
    inner = _simplest_open_closed(1 / (hi - whole), 1 / (lo - whole))
    return whole + 1 / inner


def _simplest_open_closed(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction of smallest denominator in ``(lo, hi]`` (``1 <= lo < hi``)."""
    whole = math.floor(lo)
    if whole + 1 <= hi:
        return Fraction(whole + 1)
    if lo == whole:  # (whole, hi]: whole + 1/k for the least k with 1/k <= hi - whole
        return whole + Fraction(1, math.ceil(1 / (hi - whole)))
    return whole + 1 / _simplest(1 / (hi - whole), 1 / (lo - whole))


def _seats(outcome: Outcome, ante_trimming: bool = False) -> tuple[list[Seat], int, int, int]:
    """The seats to settle (seat k is player pk), the small blind, the button and the dead money.

    The antes are dead money (the main pot's, less nobody's contribution), or, with ``ante_trimming``
    (the record's ``ante_trimming_status``, which a reader sets where the site counts its antes as
    ordinary chips), part of each player's contribution: a player all in on a short ante then wins
    only what he matched."""
    seats = []
    contributed = list(outcome.contributed) if ante_trimming else list(map(sub, outcome.contributed, outcome.antes))
    for i, put in enumerate(contributed):
        if outcome.folded[i]:
            if put:
                seats.append(Seat(i + 1, put, True))
        else:
            hole = outcome.cards[i]
            seats.append(Seat(i + 1, put, False, () if hole is None else hole))
    first, button = seats[0].seat, seats[-1].seat
    sb = first if button != 2 or len(outcome.starting) > 2 else 2
    return seats, sb, button, 0 if ante_trimming else sum(outcome.antes)


def settle_site(outcome: Outcome, rake: Rake | None, *, ante_trimming: bool = False) -> Settlement:
    """Settle an outcome (antes dead money, as a site's dead blinds are; with ``ante_trimming``
    contributions like any other, :func:`_seats`) with ``rake``."""
    seats, sb, button, dead = _seats(outcome, ante_trimming)
    v = outcome.variant
    if outcome.runs:
        run1, cut = outcome.runs[0], run_cut(outcome.runs)
        return settle_runs(seats, board=run1[:cut], runs=[b[cut:] for b in outcome.runs], game=v.game,
                           small_blind=sb, button=button, dead=dead, chip_unit=outcome.chip_unit,
                           rake=rake).settlement
    return settle(seats, board=outcome.board if v.kind == "board" else (), game=v.game, small_blind=sb,
                  button=button, dead=dead, chip_unit=outcome.chip_unit, rake=rake)


def check(hand: SiteHand, rule: RakeRule | None = None) -> SiteCheck:
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
        from .. import formats

        if hand.format in formats.names():
            rule = formats.rake_rule(hand.format)
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
    result = _compare(hand, settlement, taken, by_pot=not outcome.runs)
    if result.status == MISMATCHED and result.seats and not _contradicts(hand):  # only where a split pot's odd
        from ..formats.oddchips import SPLIT_CHIP, split_chip_only  # chips went, where the site's rule is not known

        if split_chip_only(hand, result, settlement):
            return attrs.evolve(result, status=SPLIT_CHIP,
                                message=result.message.replace("collected:", "odd chips of a split pot:", 1))
    return result


def settle_drawn(outcome: Outcome, drawn: "list[int] | tuple[int, ...] | None", taken: int, *,
                 ante_trimming: bool = False) -> Settlement:
    """Settle ``outcome`` (antes dead money; with ``ante_trimming`` contributions, :func:`_seats`) with ``drawn[k]`` taken from pot ``k`` (each pot's rest
    divided as :func:`settle_site` divides it, the odd units from the small blind), or, without
    per-pot figures, for a hand run more than once or a game whose odd chip goes by the cards (stud),
    ``taken`` drawn from the pots in proportion (:func:`exact_rake`).  The one way a site's rake is
    drawn: by :func:`check`, by the PHH replay of ``_pot_rakes`` and by the OHH writer."""
    if drawn is not None and not outcome.runs:
        plain = settle_site(outcome, None, ante_trimming=ante_trimming)
        if plain.odd_chip == "small_blind":
            return _raked(plain, list(drawn), _seats(outcome, ante_trimming)[1])
    return settle_site(outcome, exact_rake(taken, sum(pots_of(outcome, ante_trimming=ante_trimming))),
                       ante_trimming=ante_trimming)


def _raked(settlement: Settlement, drawn: list[int], sb: int) -> Settlement:
    """``settlement`` (settled without rake) with ``drawn[k]`` taken from pot ``k``, each pot's rest
    divided among its winners again in chip units, the odd units from the small blind ``sb`` clockwise
    (as :func:`settle_site` gives them: p1, heads-up the button; hi/lo halves as
    :func:`pokerengine.split.halves`)."""
    order = [s.seat for s in settlement.seats]
    start = order.index(sb)
    rank = {seat: (k - start) % len(order) for k, seat in enumerate(order)}
    pots = []
    payouts = dict(settlement.refunds)
    for seat in order:
        payouts.setdefault(seat, 0)
    for pot, rake in zip(settlement.pots, drawn):
        shares: dict[int, int] = {}
        odd: tuple[int, ...] = ()
        rest = pot.amount - rake
        if pot.low_winners:  # hi/lo: the halves (the odd unit to high), each divided as a pot is
            parts = zip(halves(rest, settlement.chip_unit), (pot.high_winners or (), pot.low_winners))
        else:
            parts = zip((rest,), (pot.winners,))
        for amount, winners in parts:
            if winners:
                got, extra = split(amount, sorted(winners, key=rank.__getitem__), settlement.chip_unit)
                odd += extra
                for seat, share in got.items():
                    shares[seat] = shares.get(seat, 0) + share
        for seat, share in shares.items():
            payouts[seat] += share
        pots.append(attrs.evolve(pot, shares=shares, odd_units=odd, rake=rake))
    if sum(payouts.values()) + sum(drawn) != sum(s.contributed for s in settlement.seats) + settlement.dead:
        raise AssertionError("chips not conserved: this is a bug in pokerengine, please report it")
    data = tuple(attrs.astuple(p, recurse=False) for p in pots)
    return attrs.evolve(settlement, rake=sum(drawn), payouts=payouts, pot_data=data)


def pots_of(outcome: Outcome, *, ante_trimming: bool = False) -> list[int]:
    """The pots before rake (a settlement without rake, no showdown needed: amounts only)."""
    seats, _, _, dead = _seats(outcome, ante_trimming)
    from ..pots import layers_of

    layers = layers_of(seats, dead)[0]
    return [layer[0] for layer in layers]


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


def _compare(hand: SiteHand, settlement: Settlement, rake_got: int, by_pot: bool = True) -> SiteCheck:
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
        if back != engine:
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
