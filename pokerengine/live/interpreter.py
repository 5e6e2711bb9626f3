"""Play a hand history's actions: who put in what, who folded, which cards, which board.

:func:`interpret` plays the actions of a :class:`~pokerengine.phh.record.HandHistory`
through the live engine in replay mode (:func:`pokerengine.live.from_history`, the one rule book for
live play and replay: ``docs/live.md``) and returns an :class:`Outcome`;
:mod:`pokerengine.replay.files` settles it with :func:`pokerengine.settle`.  Every action is
checked by the engine; what cannot happen raises :class:`~pokerengine.errors.IllegalActionError`
naming the file, the action's index and text, and the rule.  No-limit and pot-limit hold'em and
Omaha hands in whole chips try the short way of :mod:`pokerengine.live.quick` first, which
gives the same outcome or leaves the hand to the engine (``tests/live/test_history_quick.py`` checks
the two agree on every corpus hand).  What is enforced: ``docs/replay.md``.

Limits: those of the reader (``docs/replay.md``) and of :class:`pokerengine.live.Hand`; time
linear in the number of actions times the number of players.

>>> from pokerengine.phh.reader import loads
>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "p3 f", "p1 cbr 6", "p2 f"]''')
>>> out = interpret(hand)
>>> out.contributed, out.folded, out.live
((6, 2, 0), (False, True, True), (0,))
>>> interpret(hand, quick=False) == out      # the engine's answer, the same
True
"""

from __future__ import annotations

import attrs

from .._checks import shown
from ..cards import check_distinct, parse_cards
from ..errors import HistoryParseError
from ..phh.record import RUN_COUNT, HandHistory
from ..phh.variants import VARIANTS, Variant, get_variant
from .hand import Hand
from .phh import from_history
from .quick import PLANS, play_quick

#: A board game dealt two boards street by street, the betting between the streets (PokerNow's double
#: board, ``docs/histories.md``): the actions deal the first board, this user field holds the second
#: board's cards, and each pot is divided between the two boards and each part settled on its board, as
#: a board run twice that parts before the flop (``docs/runs.md``: the odd unit to the first board).
SECOND_BOARD = "_second_board"

#: User fields the short way does not know: such a hand goes to the engine.
_ENGINE_FIELDS = (RUN_COUNT, "_chip_unit", "_posts", "_full_blind")


@attrs.frozen
class Outcome:
    """What the actions leave, in whole chips (units of ``1/scale`` of the file's amounts).

    Per player, in position order: ``starting`` stacks, ``contributed`` (all
    chips put in, antes included), ``antes`` posted, ``folded`` (a player who
    mucked at showdown conceded, so folded), ``cards`` (all of a stud player's
    cards, a draw player's final hand; ``None`` if any is unknown); and the
    ``board``.  ``showdown`` is true when two or more players were still live at the end.
    """

    variant: Variant
    scale: int
    starting: tuple[int, ...]
    contributed: tuple[int, ...]
    antes: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[int, ...] | None, ...]
    board: tuple[int, ...]
    #: A hand run more than once (``_run_count``, ``docs/runs.md``): every run's whole board, the
    #: first being ``board``; empty for a hand run once.
    runs: tuple[tuple[int, ...], ...] = ()
    #: The smallest chip (user field ``_chip_unit``), in units of ``1/scale``: pots divide in it.
    chip_unit: int = 1

    @property
    def live(self) -> tuple[int, ...]:
        """Indices (0-based) of the players still in the hand."""
        return tuple(i for i, f in enumerate(self.folded) if not f)

    @property
    def showdown(self) -> bool:
        """Two or more players reached the end of the hand."""
        return self.folded.count(False) > 1


def interpret(hand: HandHistory, *, quick: bool = True) -> Outcome:
    """Play ``hand``'s actions and return the :class:`Outcome` (errors name the action and the rule).

    No-limit and pot-limit hold'em and Omaha in whole chips take the short way of
    :mod:`~pokerengine.live.quick` first, which gives the same outcome or hands anything out of
    the ordinary to the engine; ``quick=False`` plays every hand through the engine.
    """
    variant = VARIANTS.get(hand.variant) or get_variant(hand.variant)
    plan = PLANS.get(hand.variant) if quick else None
    outcome = None
    if plan is not None and not any(k in hand.user_fields for k in _ENGINE_FIELDS):  # hold'em, Omaha
        fields = play_quick(hand, variant, plan)
        if fields is not None:
            outcome = Outcome(variant, 1, *fields)
    if outcome is None:
        outcome = outcome_of(from_history(hand))
    second = hand.user_fields.get(SECOND_BOARD)
    return outcome if second is None else with_second_board(outcome, second, hand.label)


def with_second_board(outcome: Outcome, second: object, label: str) -> Outcome:
    """``outcome`` with a double board's two boards as its runs (:data:`SECOND_BOARD`), when two or more
    players reach the showdown (else one takes every pot and the boards do not matter).  The second
    board must be as long as the first, share no card with it or the hole cards, and the hand must not
    also be run twice.

    >>> o = Outcome(VARIANTS["NT"], 1, (9, 9), (9, 9), (0, 0), (False, False), (None, None),
    ...             tuple(parse_cards("2c7d9hTs3c")))
    >>> [len(board) for board in with_second_board(o, "KcQdJh4s5s", "hand").runs]
    [5, 5]
    >>> with_second_board(o, "KcQd", "hand").runs
    Traceback (most recent call last):
    ...
    pokerengine.errors.HistoryParseError: hand: _second_board has 2 cards, but the first board 5
    """
    if type(second) is not str or len(second) > 20:
        raise HistoryParseError(f"{label}: {SECOND_BOARD} must be the second board's cards, got {shown(second)}")
    try:
        board2 = parse_cards(second)
    except ValueError as exc:
        raise HistoryParseError(f"{label}: {SECOND_BOARD}: {exc}") from None
    if outcome.variant.kind != "board" or outcome.runs:
        raise HistoryParseError(f"{label}: {SECOND_BOARD} is only for a board game run once")
    if len(board2) != len(outcome.board):
        raise HistoryParseError(f"{label}: {SECOND_BOARD} has {len(board2)} cards, but the first board "
                                f"{len(outcome.board)}")
    try:
        check_distinct(outcome.board, board2, *(h for h in outcome.cards if h is not None))
    except ValueError as exc:
        raise HistoryParseError(f"{label}: {SECOND_BOARD}: {exc}") from None
    if not outcome.showdown or not board2:
        return outcome
    return attrs.evolve(outcome, runs=(outcome.board, board2))


def outcome_of(hand: Hand) -> Outcome:
    """The :class:`Outcome` of a finished :class:`~pokerengine.live.Hand` (a replay: position order)."""
    s = hand._state
    board = tuple(s.board)
    runs: tuple[tuple[int, ...], ...] = ()
    if s.runs > 1:
        common = board[: s.run_from]
        runs = (board, *(common + tuple(c) for c in s.run_cards))
    return Outcome(s.variant, s.scale or 1, s.starting, tuple([p + b for p, b in zip(s.put, s.bets)]), s.antes,
                   tuple(s.folded),
                   # (a hand with no None holds ints, which the checker cannot see)
                   tuple([None if None in h else tuple(h) for h in s.hole]),  # type: ignore[arg-type]
                   board, runs, s.unit)
