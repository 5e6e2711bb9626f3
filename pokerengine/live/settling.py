"""The money of a played record: its outcome settled with :func:`pokerengine.settle`.

:func:`~pokerengine.live.interpreter.interpret` plays a PHH record's actions; this module settles what
they left, for the replay's verdict (:func:`pokerengine.replay.replay_hand`), a site's check
(:func:`pokerengine.replay.check_site`) and the writers that need the pots (OHH).  Conventions (see
``docs/replay.md``):

* Antes with ``ante_trimming_status = false`` (the spec's default) are dead
  money: they go to the main pot, which every live player can win, even one
  who could not post a full ante.  With ``true`` they count like any other
  contribution (a short player wins only what they matched).
* Odd chips follow the game's rule in :mod:`pokerengine.games`: board and
  draw games start at the small blind (p1; heads-up the button, p2), stud
  games give them to the best card by suit (TDA 20-B).
* Finishing stack = starting stack - everything put in + payout.  The payout holds the uncalled part of
  a lone largest contribution, whoever made it: a player who mucks (``pN sm``, a fold for the engine)
  after his all-in raise was called for less gets it back (TDA 15-B; ``docs/settlement.md``).
* A record's ``_chip_unit`` (the smallest chip, as :class:`pokerengine.live.Hand` writes it) divides
  the pots in that unit, as the live hand does.
* A hand run more than once (user field ``_run_count``, ``docs/runs.md``) settles through
  :func:`pokerengine.runs.settle_runs`: each pot divided into the runs, the odd unit to the first.
* A site's rake (user fields ``_rake``, the total, and ``_pot_rakes``, each pot's, main pot first,
  as ``pokerengine convert`` writes them from a site's history, ``docs/histories.md``) is drawn from
  the pots before they are paid; antes are then dead money (a site's dead blinds are) unless
  ``ante_trimming_status`` is true, which a site's reader writes only where the site counts its antes
  as ordinary chips and every ante of the hand is a real ante (PartyPoker, ``docs/histories.md``).
  ``_pot_rakes`` is drawn pot by pot, each pot's rest divided as the game divides it, in a hand run
  more than once and in stud too (:func:`settle_drawn`); a ``_rake`` alone is drawn from the pots in
  proportion to their size (:class:`pokerengine.Rake`, the units left by rounding to the pots with the
  largest remainders).
* A showdown that no shown hand can win (every live hand unknown or mucked) raises
  :class:`~pokerengine.errors.UndeterminableHandError`.

>>> from pokerengine.phh import loads
>>> h = loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
... finishing_stacks = [0, 200]''')
>>> dict(settle_record(h).payouts)
{1: 0, 2: 200}
"""

from __future__ import annotations

import math
from fractions import Fraction
from operator import sub

import attrs

from .._checks import shown
from ..errors import (
    CardError,
    HistoryParseError,
    PokerEngineError,
    SettlementInputError,
    UndeterminableHandError,
)
from ..games import GAMES
from ..phh import fasttoml, reader
from ..phh.notation import COMPILED
from ..phh.record import HandHistory
from ..pots import layers_of
from ..rake import MAX_PERCENT_DENOMINATOR, Rake
from ..runs import RunsSettlement, settle_runs
from ..seats import Seat
from ..settlement import PotData, Settlement, settle
from ..split import clockwise_from, halves, split
from . import quick
from .interpreter import Outcome, interpret

#: User fields carrying a site's rake in a PHH record (minor units): the total, and each pot's.
RAKE, POT_RAKES = "_rake", "_pot_rakes"


#: Folded seats by (player, chips put in): values that recur from hand to hand (a folded blind, a
#: folded open), built once.  Bounded; :func:`pokerengine.live.clear_caches` empties it.
FOLDED_SEATS: dict[tuple[int, int], Seat] = {}


def run_cut(runs: tuple[tuple[int, ...], ...]) -> int:
    """How many board cards the runs of a board run more than once share: where the first two part
    (one deck: the runs share no card after it).  Runs that never part are no runs: refused."""
    cut = next((k for k, (a, b) in enumerate(zip(runs[0], runs[1])) if a != b), None)
    if cut is None:
        raise HistoryParseError("the board's runs are the same cards: one deck cannot deal them twice")
    return cut


def settle_outcome(outcome: Outcome, *, ante_trimming: bool) -> Settlement:
    """Settle an :class:`Outcome` without rake: seat ``k`` is player ``pk``, in position order (clockwise).

    A player who folded having put nothing at stake (antes apart, when they are
    dead money) is left out: no pot holds a chip of theirs and none can be
    theirs, so the settlement is the same, only smaller.  Their payout is 0.
    The odd-chip start (the small blind, heads-up the button) moves clockwise
    to the first seat kept, which is where the units would start anyway (:func:`seats_of`).
    """
    return settle_site(outcome, None, ante_trimming=ante_trimming)


def finishing_units(outcome: Outcome, settlement: Settlement) -> tuple[int, ...]:
    """Each player's stack after the hand, in the outcome's units."""
    stacks = list(map(sub, outcome.starting, outcome.contributed))
    for seat, amount in settlement.payouts.items():
        stacks[seat - 1] += amount
    return tuple(stacks)


def settle_record(hand: HandHistory, outcome: Outcome | None = None) -> Settlement:
    """Settle a record (played by :func:`~.interpreter.interpret` unless its ``outcome`` is given), with
    the rake its ``_rake``/``_pot_rakes`` say was taken; errors name the hand."""
    if outcome is None:
        outcome = interpret(hand)
    user = hand.user_fields
    try:
        if RAKE in user or POT_RAKES in user:
            return settle_raked(outcome, hand)
        return settle_outcome(outcome, ante_trimming=hand.ante_trimming_status)
    except (CardError, SettlementInputError) as exc:
        error = UndeterminableHandError if _undeterminable(outcome) else type(exc)
        raise error(f"{hand.label}: cannot settle: {_why(exc, outcome)}") from None
    except PokerEngineError as exc:
        raise type(exc)(f"{hand.label}: cannot settle: {_why(exc, outcome)}") from None


def _why(exc: Exception, outcome: Outcome) -> str:
    unknown = [f"p{i + 1}" for i in outcome.live if outcome.cards[i] is None]
    if unknown and outcome.showdown:
        return f"the showdown needs the cards of {', '.join(unknown)}, which the history does not show"
    return str(exc)


def _undeterminable(outcome: Outcome) -> bool:
    """A showdown where a live hand is unknown: the winner cannot be known from the record."""
    return outcome.showdown and any(outcome.cards[i] is None for i in outcome.live)


def _rake_value(hand: HandHistory, name: str, value: object, scale: int) -> int:
    if type(value) is not int or value < 0:
        raise HistoryParseError(f"{hand.label}: {name} must be a non-negative integer, got {shown(value)}")
    return value * scale


def settle_raked(outcome: Outcome, hand: HandHistory) -> Settlement:
    """Settle ``outcome`` with the rake the record's ``_rake``/``_pot_rakes`` say was taken.

    ``_pot_rakes`` (one per pot, main pot first) is drawn pot by pot, each pot's rest divided as the game
    divides it (:func:`settle_drawn`, as :func:`pokerengine.replay.site_check.check_site` settles); a
    ``_rake`` alone is drawn from the pots in proportion (:func:`exact_rake`).  A rake that
    the pots cannot give, or that disagrees with the pots' count or with ``_rake``, is a
    :class:`~pokerengine.errors.HistoryParseError`.

    >>> from pokerengine.phh.reader import loads
    >>> h = loads('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
    ... finishing_stacks = [0, 199]
    ... _rake = 1
    ... _pot_rakes = [1]''')
    >>> s = settle_raked(interpret(h), h)
    >>> s.rake, dict(s.payouts)
    (1, {1: 0, 2: 199})
    """
    scale = outcome.scale
    user = hand.user_fields
    trim = hand.ante_trimming_status
    pots = pots_of(outcome, ante_trimming=trim)
    total = sum(pots)
    drawn: list[int] | None = None
    if POT_RAKES in user:
        given = user[POT_RAKES]
        if not isinstance(given, (list, tuple)) or len(given) > 1000:
            raise HistoryParseError(f"{hand.label}: {POT_RAKES} must be an array of integers, got {shown(given)}")
        drawn = [_rake_value(hand, POT_RAKES, x, scale) for x in given]
        if len(drawn) != len(pots):
            raise HistoryParseError(f"{hand.label}: {POT_RAKES} gives {len(drawn)} pots' rake, the hand has "
                                    f"{len(pots)} pots")
        if any(r > p for r, p in zip(drawn, pots)):
            raise HistoryParseError(f"{hand.label}: {POT_RAKES} {shown(list(given))} cannot be drawn from the pots "
                                    f"{[p // scale for p in pots] if scale == 1 else pots}")
    taken = sum(drawn) if drawn is not None else _rake_value(hand, RAKE, user[RAKE], scale)
    if RAKE in user and _rake_value(hand, RAKE, user[RAKE], scale) != taken:
        raise HistoryParseError(f"{hand.label}: {RAKE} = {shown(user[RAKE])} is not the sum of {POT_RAKES}")
    if taken > total:
        raise HistoryParseError(f"{hand.label}: a rake of {shown(user.get(RAKE, taken))} is more than the pot")
    return settle_drawn(outcome, drawn, taken, ante_trimming=trim)


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


def seats_of(outcome: Outcome, ante_trimming: bool = False) -> tuple[list[Seat], int, int, int]:
    """The seats to settle (seat k is player pk), the small blind, the button and the dead money.

    The antes are dead money (the main pot's, less nobody's contribution), or, with ``ante_trimming``
    (the record's ``ante_trimming_status``, which a reader sets where the site counts its antes as
    ordinary chips), part of each player's contribution: a player all in on a short ante then wins
    only what he matched.  A folded seat is taken from :data:`FOLDED_SEATS` when it recurs."""
    seats = []
    folded, cards = outcome.folded, outcome.cards
    contributed = outcome.contributed if ante_trimming else map(sub, outcome.contributed, outcome.antes)
    known = FOLDED_SEATS
    for i, put in enumerate(contributed):
        if folded[i]:
            if put:
                seat = known.get((i, put))
                if seat is None:
                    if len(known) > 4096:
                        known.clear()
                    seat = known[i, put] = Seat(i + 1, put, True)
                seats.append(seat)
        else:
            hole = cards[i]
            seats.append(Seat(i + 1, put, False, () if hole is None else hole))
    first, button = seats[0].seat, seats[-1].seat
    sb = first if button != 2 or len(outcome.starting) > 2 else 2
    return seats, sb, button, 0 if ante_trimming else sum(outcome.antes)


def settle_site(outcome: Outcome, rake: Rake | None, *, ante_trimming: bool = False) -> Settlement:
    """Settle an outcome (antes dead money, as a site's dead blinds are; with ``ante_trimming``
    contributions like any other, :func:`seats_of`) with ``rake``."""
    settled, _, _ = _settle(outcome, rake, ante_trimming)
    return settled if isinstance(settled, Settlement) else settled.settlement


def _settle(outcome: Outcome, rake: Rake | None, ante_trimming: bool) -> tuple[Settlement | RunsSettlement, int, int]:
    """The outcome settled (a hand run more than once: every run), its small blind and its button."""
    seats, sb, button, dead = seats_of(outcome, ante_trimming)
    v = outcome.variant
    if outcome.runs:
        run1, cut = outcome.runs[0], run_cut(outcome.runs)
        return settle_runs(seats, board=run1[:cut], runs=[b[cut:] for b in outcome.runs], game=v.game,
                           small_blind=sb, button=button, dead=dead, chip_unit=outcome.chip_unit,
                           rake=rake), sb, button
    return settle(seats, board=outcome.board if v.kind == "board" else (), game=v.game, small_blind=sb,
                  button=button, dead=dead, chip_unit=outcome.chip_unit, rake=rake), sb, button


def settle_drawn(outcome: Outcome, drawn: "list[int] | tuple[int, ...] | None", taken: int, *,
                 ante_trimming: bool = False) -> Settlement:
    """Settle ``outcome`` (antes dead money; with ``ante_trimming`` contributions, :func:`seats_of`) with
    ``drawn[k]`` taken from pot ``k`` (main pot first; ``taken`` is then their sum), or, without per-pot
    figures, ``taken`` drawn from the pots in proportion (:func:`exact_rake`).  The one way a site's rake
    is drawn: by :func:`~pokerengine.replay.site_check.check_site`, by the PHH replay of ``_pot_rakes``
    and by the OHH writer.

    Each pot's rest (its chips less its rake) is divided as the game divides a pot: in a hand run more
    than once, into the runs in chip units (the odd units to the first runs, :mod:`pokerengine.runs`),
    each run's part among that run's winners; a hi/lo pot (or part) halved, the odd unit to the high
    half (:func:`pokerengine.split.halves`); a tie split in chip units, the odd units from the small
    blind clockwise, or in stud to the highest card by suit (TDA 20-B), as :func:`pokerengine.settle`
    gives them.  Who wins each pot (or part) does not depend on its size: the hand is shown down once,
    without rake, and only the chips are divided again.  Per-pot figures that are not one a pot, or
    that a pot cannot give, raise :class:`~pokerengine.errors.SettlementInputError`.
    """
    if drawn is None:
        return settle_site(outcome, exact_rake(taken, sum(pots_of(outcome, ante_trimming=ante_trimming))),
                           ante_trimming=ante_trimming)
    if type(taken) is not int or isinstance(drawn, (str, bytes)) or taken != sum(drawn):
        raise SettlementInputError(f"the rake taken ({shown(taken)}) is not the sum of each pot's {shown(drawn)}")
    settled, sb, button = _settle(outcome, None, ante_trimming)
    if isinstance(settled, Settlement):
        return _raked(settled, ((settled.board, settled.pot_data),), list(drawn), sb, button)
    return _raked(settled.settlement, tuple((run.board, run.pot_data) for run in settled.runs), list(drawn), sb,
                  button)


def _raked(settlement: Settlement, runs: "tuple[tuple[tuple[int, ...], tuple[PotData, ...]], ...]",
           drawn: list[int], sb: int, button: int) -> Settlement:
    """``settlement`` (settled without rake; ``runs``: each run's board and each pot's part in it, one
    run, the settlement's own pots, for a hand dealt once) with ``drawn[k]`` taken from pot ``k``, each
    pot's rest divided into the runs and among each run's winners again (:func:`settle_drawn`)."""
    pots_in = settlement.pots
    if len(drawn) != len(pots_in) or any(type(r) is not int or not 0 <= r <= p.amount
                                         for r, p in zip(drawn, pots_in)):
        raise SettlementInputError(f"a rake of {shown(drawn)} a pot cannot be drawn from the pots "
                                   f"{[p.amount for p in pots_in]}")
    g = GAMES[settlement.game]
    unit, rule = settlement.chip_unit, settlement.odd_chip
    order = [s.seat for s in settlement.seats]
    start = order[(order.index(button) + 1) % len(order)] if rule == "left_of_button" else sb
    distance = clockwise_from(start, order)
    key = g.odd_chip_key if rule == "high_card" else None
    hole = {s.seat: s.cards for s in settlement.seats}
    pure_low = g.high is None

    def ordered(winners: tuple[int, ...], board: tuple[int, ...], low: bool) -> list[int]:
        """The winners in the order the odd units go to them (settlement.award's order)."""
        if key is None or len(winners) == 1:  # (one winner: no order, no cards needed)
            return sorted(winners, key=distance.__getitem__)
        return sorted(winners, key=lambda w: (-key(hole[w], board, low), distance[w]))

    payouts = dict(settlement.refunds)
    for seat in order:
        payouts.setdefault(seat, 0)
    n = len(runs)
    pots = []
    for k, (pot, rake) in enumerate(zip(pots_in, drawn)):
        rest = pot.amount - rake
        parts = split(rest, list(range(n)), unit)[0] if n > 1 else {0: rest}
        shares: dict[int, int] = {}
        odd: tuple[int, ...] = ()
        for j, (board, data) in enumerate(runs):
            winners, high, low = data[k][2], data[k][6], data[k][7]
            if low:  # hi/lo: the halves (the odd unit to high), each divided as a pot is
                pieces = zip(halves(parts[j], unit), ((high or (), False), (low, True)))
            else:  # one winner, a tie, or a hi/lo pot high scoops (no qualifying low)
                pieces = zip((parts[j],), ((winners if high is None else high, pure_low),))
            for amount, (who, is_low) in pieces:
                if who:  # (a pot of no chips, every live seat having put in none, needs no cards)
                    got, extra = split(amount, ordered(who, board, is_low) if amount else list(who), unit)
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
    seats, _, _, dead = seats_of(outcome, ante_trimming)

    layers = layers_of(seats, dead)[0]
    return [layer[0] for layer in layers]


def clear_caches() -> None:
    """Forget what is kept from hand to hand (for fair timings): compiled actions, parsed and checked
    field values, table setups, folded seats."""
    COMPILED.clear()
    fasttoml._SEEN.clear()
    for values in reader._FIELD_VALUES.values():
        values.clear()
    quick.SETUPS.clear()
    FOLDED_SEATS.clear()


def uncalled_full_blind(outcome: Outcome, hand: HandHistory) -> dict[int, int]:
    """What a call of the full blind would have put in above every other player's chips, by player index
    (0-based), in a record played by the short blind rule (``_full_blind = true``): the caller owed the
    full blind (the largest blind as due), but once nobody but him could bet it the engine takes only
    the largest bet (:func:`pokerengine.rules.owed_top`), while a site may take the full blind and hand
    the part nobody matched back as an uncalled bet (TDA 15-B: chips no one else matched are returned).
    Each player's stack is the same either way; this is the part the site returns.  A player counts who
    is still in, not all in, whose chips beyond the ante are below the full blind and at least every
    other player's.

    >>> from pokerengine.phh import loads
    >>> h = loads('''variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [40, 80, 0]
    ... min_bet = 80
    ... starting_stacks = [2860, 50, 1890]
    ... actions = ["d dh p1 Qd7h", "d dh p2 TdQs", "d dh p3 2c3d", "p3 f", "p1 cc", "d db 8hTc5c", "d db 7c",
    ...            "d db Ac"]
    ... _full_blind = true''')
    >>> uncalled_full_blind(interpret(h), h)   # the small blind calls 80, 30 of it unmatched by the 50 all in
    {0: 30}
    """
    blinds = hand.blinds_or_straddles
    if hand.user_fields.get("_full_blind") is not True or outcome.scale != 1 or not blinds \
            or any(type(b) is not int for b in blinds):
        return {}
    full = max(int(b) for b in blinds)
    bets = [c - a for c, a in zip(outcome.contributed, outcome.antes)]
    out: dict[int, int] = {}
    for i, bet in enumerate(bets):
        if outcome.folded[i] or outcome.contributed[i] >= outcome.starting[i] or not 0 < bet < full:
            continue
        if all(b <= bet for j, b in enumerate(bets) if j != i):
            out[i] = min(full, outcome.starting[i] - outcome.antes[i]) - bet
    return out
