"""Every error pokerengine raises on bad input.

All of them are :class:`ValueError` subclasses, so ``except ValueError`` catches
them, and each names what was wrong.  The narrow classes tell apart *what kind*
of input was bad, in the way python-chess separates "cannot parse" from
"illegal in this position".
"""

from __future__ import annotations


class PokerEngineError(ValueError):
    """Base class of every error pokerengine raises on bad input."""


class ChipError(PokerEngineError):
    """An amount of chips or money is not a non-negative integer (or is out of range)."""


class CardError(PokerEngineError):
    """Card text cannot be parsed, a card is used twice, or a hand has the wrong size."""


class SettlementInputError(PokerEngineError):
    """A hand given to :func:`pokerengine.settle` or :func:`pokerengine.build_pots` is inconsistent."""


class ModelInputError(PokerEngineError):
    """Stacks or prizes given to a payout model are invalid."""


class HistoryParseError(PokerEngineError):
    """A hand history cannot be read (malformed TOML, missing or ill-typed field)."""


class UnreadableFileError(HistoryParseError):
    """A hand-history file cannot be read at all: missing, a directory, not permitted (the operating
    system's reason in the message)."""


class IllegalActionError(PokerEngineError):
    """A hand history's action cannot happen in the state the hand is in."""


class TournamentError(PokerEngineError):
    """A tournament event is invalid or does not fit the tournament's current state."""


class EventLogError(TournamentError):
    """A tournament event log cannot be read (bad JSON, unknown event)."""


class ModelTimeout(TimeoutError):
    """A payout model did not finish within the time budget it was given (not bad input)."""


class ChartError(PokerEngineError):
    """A chart cannot be drawn: matplotlib (the ``plot`` extra) is missing, or the file cannot be written."""


class StaleWriterError(EventLogError):
    """Another writer appended to the tournament in the store since this writer read it: nothing was written."""


class UndeterminableHandError(CardError):
    """A showdown's winner cannot be known: no hand that could win a pot was shown (mucked or
    unknown cards).  Not an error of the file: replay reports such a hand as ``undeterminable``."""


class RangeError(CardError):
    """A range of hands cannot be read (``"AKs+"`` is not range notation) or cannot be dealt
    (every combination it holds uses a card already out)."""


class DecisionInputError(PokerEngineError):
    """Stacks, blinds, antes, prizes or options given to a decision (odds, push/fold, bubble
    factors) are invalid or beyond the stated limits (more than nine players, say)."""
