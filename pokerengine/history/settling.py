"""Settle an interpreted hand with :func:`pokerengine.settle` and check it against the record.

Conventions (see ``docs/replay.md``):

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
  as ordinary chips and every ante of the hand is a real ante (PartyPoker, ``docs/histories.md``).  A ``_file_rake`` that differs from the rake drawn (the
  file's rake where the site's rule takes another) makes the hand ``mismatched``.
* A showdown that no shown hand can win (every live hand unknown or mucked) raises
  :class:`~pokerengine.errors.UndeterminableHandError`; :mod:`~.replay` reports it as
  ``undeterminable``.

>>> from pokerengine.history.reader import loads
>>> r = replay_hand(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
... finishing_stacks = [0, 200]'''))
>>> r.finishing_stacks, r.status
((0, 200), 'matched')
"""

from __future__ import annotations

import math
from operator import sub
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..errors import CardError, HistoryParseError, PokerEngineError, SettlementInputError, UndeterminableHandError
from .._checks import shown
from ..seats import Seat
from ..runs import settle_runs
from ..settlement import Settlement, settle
from .amounts import INFINITE, exact, show
from .interpreter import Outcome, interpret
from .record import HandHistory, Number
from .stated import STATED, stated_status

MATCHED, SPLIT_CHIP, MISMATCHED, UNCHECKED = "matched", "split_chip", "mismatched", "unchecked"

#: User fields carrying a site's rake in a PHH record (minor units): the total, and each pot's.
RAKE, POT_RAKES = "_rake", "_pot_rakes"
#: User field: the rake the site's file says it took, written beside ``_rake`` when it differs from the
#: rake the site's rule takes (which ``_rake`` carries): such a hand replays ``mismatched``, as its
#: site check says, even where the file's collected amounts agree with the rule.
FILE_RAKE = "_file_rake"


#: Folded seats by (player, chips put in): values that recur from hand to hand (a folded blind, a
#: folded open), built once.  Bounded; :func:`pokerengine.history.clear_caches` empties it.
FOLDED_SEATS: dict[tuple[int, int], Seat] = {}


def run_cut(runs: tuple[tuple[int, ...], ...]) -> int:
    """How many board cards the runs of a board run more than once share: where the first two part
    (one deck: the runs share no card after it).  Runs that never part are no runs: refused."""
    cut = next((k for k, (a, b) in enumerate(zip(runs[0], runs[1])) if a != b), None)
    if cut is None:
        raise HistoryParseError("the board's runs are the same cards: one deck cannot deal them twice")
    return cut


def settle_outcome(outcome: Outcome, *, ante_trimming: bool) -> Settlement:
    """Settle an :class:`Outcome`: seat ``k`` is player ``pk``, in position order (clockwise).

    A player who folded having put nothing at stake (antes apart, when they are
    dead money) is left out: no pot holds a chip of theirs and none can be
    theirs, so the settlement is the same, only smaller.  Their payout is 0.
    The odd-chip start (the small blind, heads-up the button) moves clockwise
    to the first seat kept, which is where the units would start anyway.
    """
    seats = []
    folded, cards, antes = outcome.folded, outcome.cards, outcome.antes
    contributed = outcome.contributed if ante_trimming else map(sub, outcome.contributed, antes)
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
    v = outcome.variant
    # The small blind is p1 (heads-up p2, the button); the button is the last player.
    first, button = seats[0].seat, seats[-1].seat
    sb = first if button != 2 or len(outcome.starting) > 2 else 2
    dead = 0 if ante_trimming else sum(antes)
    if outcome.runs:  # run more than once (docs/runs.md): each pot divided, each part on its own board
        run1, cut = outcome.runs[0], run_cut(outcome.runs)
        return settle_runs(seats, board=run1[:cut], runs=[b[cut:] for b in outcome.runs], game=v.game,
                           small_blind=sb, button=button, dead=dead, chip_unit=outcome.chip_unit).settlement
    return settle(seats, board=outcome.board if v.kind == "board" else (), game=v.game, small_blind=sb,
                  button=button, dead=dead, chip_unit=outcome.chip_unit)


def finishing_units(outcome: Outcome, settlement: Settlement) -> tuple[int, ...]:
    """Each player's stack after the hand, in the outcome's units."""
    stacks = list(map(sub, outcome.starting, outcome.contributed))
    for seat, amount in settlement.payouts.items():
        stacks[seat - 1] += amount
    return tuple(stacks)


def classify(record: Sequence[Number] | None, got: Sequence[int], scale: int) -> str:
    """Compare our finishing stacks (units of ``1/scale``) with the record's.

    ``matched``: equal.  ``split_chip``: the record writes a fractional tied
    share, and ours differs only there, by less than a chip either way, with
    the same total.  ``mismatched`` otherwise; ``unchecked`` without a record.

    >>> classify([674.5, 674.5, 100], [675, 674, 100], 1)
    'split_chip'
    >>> classify([674.5, 674.5, 100], [676, 673, 100], 1)
    'mismatched'
    """
    if record is None:
        return UNCHECKED
    if scale == 1 and tuple(record) == tuple(got):  # the usual case: ints (or whole floats) that agree
        return MATCHED
    fractional = False
    total_expected = Fraction(0)
    total_got = 0
    for r, g in zip(record, got):
        if type(r) is float and math.isinf(r):
            if not (r > 0 and g >= INFINITE // 2):
                return MISMATCHED
            continue
        if type(r) is float and math.isnan(r):
            return MISMATCHED
        e = exact(r, scale)
        total_expected += e
        total_got += g
        if e.denominator == 1:
            if e != g:
                return MISMATCHED
        elif math.floor(e) <= g <= math.ceil(e):
            fractional = True
        else:
            return MISMATCHED
    if not fractional:
        return MATCHED
    return SPLIT_CHIP if abs(total_expected - total_got) < Fraction(1, 10**6) else MISMATCHED


@attrs.frozen
class HandReplay:
    """A replayed hand: what the actions left, how it settled, and the verdict against the record."""

    hand: HandHistory = attrs.field(repr=False)
    outcome: Outcome = attrs.field(repr=False)
    settlement: Settlement = attrs.field(repr=False)
    finishing: tuple[int, ...]
    status: str

    @property
    def finishing_stacks(self) -> tuple[Number, ...]:
        """Finishing stacks in the file's units (ints unless the file's amounts have decimals)."""
        return tuple(show(x, self.outcome.scale) for x in self.finishing)


def replay_hand(hand: HandHistory) -> HandReplay:
    """Interpret, settle and check one hand; errors name the hand (and the action, if one is at fault)."""
    outcome = interpret(hand)
    user = hand.user_fields
    try:
        if RAKE in user or POT_RAKES in user:
            settlement = settle_raked(outcome, hand)
        else:
            settlement = settle_outcome(outcome, ante_trimming=hand.ante_trimming_status)
    except (CardError, SettlementInputError) as exc:
        error = UndeterminableHandError if _undeterminable(outcome) else type(exc)
        raise error(f"{hand.label}: cannot settle: {_why(exc, outcome)}") from None
    except PokerEngineError as exc:
        raise type(exc)(f"{hand.label}: cannot settle: {_why(exc, outcome)}") from None
    got = finishing_units(outcome, settlement)
    status = classify(hand.finishing_stacks, got, outcome.scale)
    if FILE_RAKE in user and status != UNCHECKED and _rake_value(hand, FILE_RAKE, user[FILE_RAKE], outcome.scale) != settlement.rake:
        status = MISMATCHED  # the file's rake is not the rule's: the site check's verdict, kept
    if status != UNCHECKED and not STATED.isdisjoint(user):  # what else a site's record stated (history/stated.py)
        status = stated_status(hand, settlement, status, outcome.scale)
    return HandReplay(hand, outcome, settlement, got, status)


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

    ``_pot_rakes`` (one per pot, main pot first) is drawn pot by pot (the odd units of each pot's
    rest from the small blind clockwise, as :func:`pokerengine.history.site.check` settles); a
    ``_rake`` alone is drawn from the pots in proportion (:func:`~.site.exact_rake`).  A rake that
    the pots cannot give, or that disagrees with the pots' count or with ``_rake``, is a
    :class:`~pokerengine.errors.HistoryParseError`.

    >>> from pokerengine.history.reader import loads
    >>> h = loads('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Ts", "d db 3c"]
    ... finishing_stacks = [0, 199]
    ... _rake = 1
    ... _pot_rakes = [1]''')
    >>> r = replay_hand(h)
    >>> r.settlement.rake, r.finishing_stacks, r.status
    (1, (0, 199), 'matched')
    """
    from .site import pots_of, settle_drawn

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
