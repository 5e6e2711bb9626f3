"""A live hand written as a PHH record: :func:`record_of`, behind :meth:`Hand.history`.

The record (:class:`~pokerengine.phh.HandHistory`) is one that :func:`pokerengine.replay.replay_hand`
reproduces: players in position order (p1 first left of the button; heads-up the forced bets are
listed in PHH's reversed order), antes as posted (so a short big blind ante, posted after the blind,
reads back the same), dead chips (``Hand(dead=...)``) as antes of their seat (dead money either way,
so the record settles the same), blinds and straddles as set, ``seats`` with the table's seat
numbers, ``finishing_stacks`` once the hand is over, ``_chip_unit`` when the chip unit is not 1,
:data:`POSTS` for live posts out of position, ``_run_count`` for a board run more than once, the
rake taken (``_rake``, ``_pot_rakes``) when the options rake, and :data:`FULL_BLIND` when the largest
blind or straddle was posted short: the rule the hand played it by (:attr:`Options.full_blind`),
which :func:`pokerengine.live.from_history` follows.

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(3))
>>> _ = hand.fold(2)
>>> h = hand.history(event="home game")
>>> h.blinds_or_straddles, h.finishing_stacks, h.event
((1, 2), (101, 99), 'home game')

Limits: linear in the size of the hand (its players and PHH lines).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import rules
from .._checks import shown
from ..errors import CardError, PokerEngineError
from ..phh.amounts import INFINITE
from ..phh.record import FIELD_KINDS, HandHistory
from ..settlement import Settlement
from .state import HandState

__all__ = ["FULL_BLIND", "POSTS", "record_of"]

POSTS = "_posts"
"""The user field listing each player's live post out of position (:class:`Hand`'s ``posts``),
in the order of ``blinds_or_straddles``, which includes them: the post is no blind for who opens."""


FULL_BLIND = "_full_blind"
"""The user field saying which rule a record's short blind or straddle was played by
(:attr:`Options.full_blind`): ``true``, the others owed its full amount; ``false``, what was
posted.  A live hand writes it when its largest blind or straddle was posted short; replay plays
by it (without it, by the options: :data:`REPLAY`, what was posted)."""


def record_of(s: HandState, over: bool, settlement: Callable[[], Settlement],
              fields: Mapping[str, object]) -> HandHistory:
    """The PHH record of the hand in state ``s`` so far: ``over`` says it is finished, and then
    ``settlement()`` settles it (for the finishing stacks and the rake; a replayed record's unknown
    cards at a showdown leave them out); ``fields`` adds optional PHH fields."""
    antes = [a + d for a, d in zip(s.antes, s.dead)]  # dead chips are written as antes: both dead money
    blinds = list(s.blinds)
    if s.n == 2:  # PHH lists heads-up forced bets reversed (the replayer reverses them back)
        antes.reverse()
        blinds.reverse()
    # A record's unknown ``inf`` stack plays as INFINITE chips; it is written back as ``inf``, and such a
    # hand has no finishing stacks to write.
    unknown = any(x >= INFINITE for x in s.starting)
    starting = tuple(float("inf") if x >= INFINITE else x for x in s.starting)  # float ok: PHH's inf
    out: dict[str, Any] = {"variant": s.variant.code, "starting_stacks": starting, "actions": tuple(s.log),
                           "antes": tuple(antes), "blinds_or_straddles": tuple(blinds), "seats": s.seats}
    if s.variant.kind == "stud":
        del out["blinds_or_straddles"]
        out["bring_in"] = s.bring_in_amount
    if s.fixed:
        out["small_bet"], out["big_bet"] = s.steps
    else:
        out["min_bet"] = s.steps[0]
    if s.options.ante_trimming:
        out["ante_trimming_status"] = True
    settled = None
    if over and not unknown:
        try:
            settled = settlement()
        except CardError:  # a replayed record's unknown cards at a showdown: nobody can say who won
            pass
        else:
            payouts = settled.payouts
            out["finishing_stacks"] = tuple(x + payouts[seat] for x, seat in zip(s.stacks, s.seats))
    user: dict[str, Any] = {"_chip_unit": s.unit} if s.unit != 1 else {}
    if any(s.posts):  # live posts out of position: in blinds_or_straddles, and which ones they are
        posts = list(s.posts)
        if s.n == 2:
            posts.reverse()
        user[POSTS] = tuple(posts)
    if s.runs > 1:
        user["_run_count"] = s.runs  # docs/runs.md: PHH has no notation of its own
    if (s.options.full_blind or not s.replay) and _short_blind(s):
        user[FULL_BLIND] = s.options.full_blind  # the short blind rule the hand played by
    if s.options.rake is not None and settled is not None:
        # The rake the hand took, as a site's record carries it (``_rake`` and ``_pot_rakes``, main pot
        # first: pokerengine.live.settling reads them), so the record replays to its own finishing stacks.
        user["_rake"] = settled.rake
        pots = getattr(settled, "pots", None)
        if pots is not None:
            user["_pot_rakes"] = tuple(p.rake for p in pots)
    for name, value in fields.items():
        if name not in FIELD_KINDS:
            raise PokerEngineError(f"{shown(name)} is not a PHH field")
        if name in out:
            raise PokerEngineError(f"{name} is written by the hand itself")
        out[name] = value
    return HandHistory(**out, user_fields=user)


def _short_blind(s: HandState) -> bool:
    """The largest blind or straddle was posted short (a board or draw game)."""
    if s.variant.kind == "stud":
        return False
    posted = [min(b, x - a - d) for b, x, a, d in zip(s.blinds, s.starting, s.antes, s.dead)]
    return rules.full_blind(s.blinds, posted) > 0
