"""What a house may choose for a live hand, as one frozen value.

:data:`TDA` (the default) plays by the Poker TDA rules; :data:`REPLAY` accepts what recorded hand
histories do (see ``docs/live.md``, "Live and replay modes").  Every field is checked when the
value is made, so a bad option fails at once with :class:`~pokerengine.errors.PokerEngineError`.

>>> TDA.mode, REPLAY.mode, TDA.raise_cap, REPLAY.cap_heads_up, TDA.full_blind, REPLAY.full_blind
('tda', 'replay', 4, False, True, False)
>>> Options(mode="replay").full_blind, Options(mode="replay", full_blind=True).full_blind
(False, True)
>>> Options(odd_chip="left_of_button", auto_show=True).odd_chip
'left_of_button'
>>> Options(raise_cap=True)
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: raise_cap must be an int from 2 to 100, got True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .._checks import shown
from ..errors import PokerEngineError
from ..rake import Rake
from ..runs import RUN_ODD_UNIT_RULES

MODES = ("tda", "replay")
ODD_CHIP = ("small_blind", "left_of_button")


def _choice(choices: tuple[str, ...]) -> Callable[[object, Any, object], None]:
    def check(instance: object, attribute: Any, value: object) -> None:
        if type(value) is not str or value not in choices:
            raise PokerEngineError(f"{attribute.name} must be one of {', '.join(choices)}; got {shown(value)}")

    return check


def _flag(instance: object, attribute: Any, value: object) -> None:
    if type(value) is not bool:
        raise PokerEngineError(f"{attribute.name} must be True or False, got {shown(value)}")


def _cap(instance: object, attribute: Any, value: object) -> None:
    if type(value) is not int or not 2 <= value <= 100:
        raise PokerEngineError(f"{attribute.name} must be an int from 2 to 100, got {shown(value)}")


def _rake(instance: object, attribute: Any, value: object) -> None:
    if value is not None and type(value) is not Rake:
        raise PokerEngineError(f"rake must be a pokerengine.Rake or None, got {shown(value)}")


def _live_mode(options: Options) -> bool:
    """``full_blind``'s default: on in live mode, off in replay mode."""
    return options.mode != "replay"


@attrs.frozen
class Options:
    """The house's choices for a :class:`~pokerengine.live.Hand`.

    ``mode``
        ``"tda"`` (live play by the TDA rules) or ``"replay"`` (accept what recorded hands do:
        PokerKit's rules, which recorded corpora follow, and the TDA ones too; the PHH replayer
        plays by it).
    ``raise_cap``
        Fixed limit: bets and raises allowed per betting round (4: a bet and three raises).
        Every bet or raise counts, an all-in for less included, as PokerKit counts them;
        pre-flop the big blind is the bet (a straddle a raise), except in replay mode, where
        records (PokerKit) allow four raises on top of the blind.
    ``cap_heads_up``
        Fixed limit: whether the cap still applies when only two players are left in the hand
        (many houses lift it; ``False`` lifts it).
    ``odd_chip``
        Who receives the first odd chip of a tied pot: ``"small_blind"`` (the project's default,
        the PHH replayer's) or ``"left_of_button"`` (TDA 20-A); they differ only heads-up.
    ``auto_show``
        ``True``: every live hand is shown at showdown at once.  ``False`` (TDA 16): players show
        or muck one at a time, the last aggressor of the last betting round first.  Either way,
        hands are shown at once when a player is all-in and the betting is over (TDA 16).
    ``ante_trimming``
        ``False`` (PHH's default): antes are dead money that every live player can win.
        ``True``: antes count like bets (a player short of the ante wins only what they matched).
        Not allowed with a big blind ante, which is always dead money.
    ``rake``
        A :class:`~pokerengine.Rake` taken at settlement, or ``None``.
    ``open_pair_double``
        Fixed-limit seven card stud (high only): on fourth street, when a live player's up cards
        show a pair, a bet or raise may be the big bet; after one, the street's bets are big bets
        (a common house rule; PokerStars plays it: "Pair on board - a double bet is allowed").
        ``False`` by default; on in :data:`REPLAY`, so that such records replay.  The legal actions
        still show the small bet; the big bet is accepted as a raise to exactly the bet plus the big bet.
    ``implied_check``
        When the player to act owes nothing and everyone else still in the hand is all in, no bet
        can follow, and sites do not write that player's check (PokerStars: the big blind after a
        short all-in and folds).  ``True``: a record's next action that is not theirs (a deal, a
        show) stands for the check.  ``False`` by default; on in :data:`REPLAY`.
    ``full_blind``
        A blind or straddle posted short (its player all in for less): ``True`` (Robert's Rules, the
        TDA's long-standing convention, every major site): the others still owe its full amount,
        the small blind may not check, and the minimum raise is measured from the full amount (blinds
        1/2, the big blind all in for 1: call 2, raise to 4 at least); the short player's main pot
        is settled as usual.  Owed only while somebody other than the player to act could still bet
        it.  ``False``: the bet to match is what was posted (PokerKit, PHH records).  By default
        ``True`` in live mode, ``False`` in replay mode unless the record says ``_full_blind = true``
        (:func:`pokerengine.live.from_history`).
    ``run_odd_unit``
        A hand run more than once (:meth:`Hand.run_it`): which runs get the units left over when
        a pot is divided into the runs: ``"first"`` (the default, "commonly the first run") or
        ``"last"`` (:func:`pokerengine.settle_runs`, ``docs/runs.md``).
    """

    mode: str = attrs.field(default="tda", validator=_choice(MODES))
    raise_cap: int = attrs.field(default=4, validator=_cap)
    cap_heads_up: bool = attrs.field(default=True, validator=_flag)
    odd_chip: str = attrs.field(default="small_blind", validator=_choice(ODD_CHIP))
    auto_show: bool = attrs.field(default=False, validator=_flag)
    ante_trimming: bool = attrs.field(default=False, validator=_flag)
    rake: Rake | None = attrs.field(default=None, validator=_rake)
    run_odd_unit: str = attrs.field(default="first", validator=_choice(RUN_ODD_UNIT_RULES))
    open_pair_double: bool = attrs.field(default=False, validator=_flag)
    implied_check: bool = attrs.field(default=False, validator=_flag)
    full_blind: bool = attrs.field(default=attrs.Factory(_live_mode, takes_self=True), validator=_flag)

    @property
    def replay(self) -> bool:
        """True in replay mode."""
        return self.mode == "replay"


TDA = Options()
"""Live play by the TDA rules, the default."""
REPLAY = Options(mode="replay", cap_heads_up=False, open_pair_double=True, implied_check=True, full_blind=False)
"""What recorded hand histories do: PokerKit's rules as well as the TDA ones (and no cap heads-up,
which some houses allow); the rules :func:`pokerengine.replay.replay_hand` plays by."""
