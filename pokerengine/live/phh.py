"""A live hand as a PHH record, and a PHH record played through the live engine.

:func:`to_history` writes a :class:`~pokerengine.live.Hand` as a
:class:`~pokerengine.phh.HandHistory` that :func:`pokerengine.replay.replay_hand` reproduces
(:meth:`Hand.history`; what the record holds: :mod:`pokerengine.live.recording`), and
:func:`start` sets a hand up from a record's fields, the user fields :data:`~.recording.FULL_BLIND`
(``_full_blind``: the short blind rule the hand was played by) and :data:`~.recording.POSTS`
(``_posts``) included.

:func:`from_history` plays a record's actions through the engine, in replay mode by default: the PHH
interpreter (:func:`pokerengine.live.interpret`) plays every hand that its short way does not
take this way, so live play and replay follow one rule book.

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(3))
>>> _ = hand.fold(2)          # heads-up the button (seat 2, p2) acts first pre-flop and folds
>>> h = hand.history()
>>> h.blinds_or_straddles, h.finishing_stacks, h.actions[-1]
((1, 2), (101, 99), 'p2 f')
>>> from_history(h).final_stacks
{1: 101, 2: 99}
"""

from __future__ import annotations

import attrs

from .._checks import MAX_CHIPS, shown
from ..errors import HistoryParseError, IllegalActionError, PokerEngineError
from ..phh.amounts import INFINITE, scale_of, units
from ..phh.notation import compile_action
from ..phh.record import HandHistory
from ..phh.variants import VARIANTS
from .arguments import CODES
from .hand import MAX_PLAYERS, MAX_SEAT, Hand
from .options import REPLAY, Options
from .playing import MAX_ACTION_TEXT, Rescale
from .recording import FULL_BLIND, POSTS
from .running import run_sizes
from .state import new_state


def to_history(hand: Hand, **fields: object) -> HandHistory:
    """The PHH record of ``hand`` so far (``finishing_stacks`` only when it is over): :meth:`Hand.history`,
    written by :func:`pokerengine.live.recording.record_of`."""
    return hand.history(**fields)


def _units(value: object, what: str, label: str, scale: int) -> int:
    x = units(value, scale) if type(value) is int or type(value) is float else None
    if x is None or x < 0:
        raise HistoryParseError(f"{label}: {what} value {shown(value)} is not a number of chips")
    return x


def start(history: HandHistory, options: Options = REPLAY, *, scale: int | None = None) -> Hand:
    """A hand set up from ``history``'s fields (stacks, antes, blinds or straddles, bring-in, bet sizes),
    before any action; the caller deals.  Amounts count in units of ``1/scale`` of the record's
    (default: the smallest power of ten that makes the stacks, forced bets and bet sizes whole; an
    unknown ``inf`` stack is :data:`~pokerengine.phh.amounts.INFINITE`)."""
    if type(history) is not HandHistory:
        raise HistoryParseError(f"expected a HandHistory, got {shown(history)}")
    if type(options) is not Options:
        raise PokerEngineError(f"options must be a pokerengine.live.Options, got {shown(options)}")
    label = history.label
    v = VARIANTS.get(history.variant)
    if v is None:
        raise HistoryParseError(f"{label}: the live engine plays the variant codes {', '.join(CODES)}, not "
                                f"{shown(history.variant)}")
    if history.run_count > 1 and v.kind != "board":
        raise HistoryParseError(f"{label}: _run_count is {history.run_count}, but {v.name} has no board to run "
                                "more than once")
    n = history.player_count
    if n > MAX_PLAYERS:
        raise HistoryParseError(f"{label}: a hand has at most {MAX_PLAYERS} players, got {n}")
    zeros = (0,) * n
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):  # (PHH's codes: checked when read)
        if name in v.required and getattr(history, name) is None:
            raise HistoryParseError(f"{label}: variant {v.code} needs the field {name}")
    sizes = (history.small_bet, history.big_bet) if v.fixed else (history.min_bet,)
    forced = history.bring_in if v.kind == "stud" else None
    if scale is None:
        try:
            scale = scale_of([*history.starting_stacks, *(history.antes or ()), *(history.blinds_or_straddles or ()),
                              *(x for x in (*sizes, forced) if x is not None)])
        except HistoryParseError as exc:
            raise HistoryParseError(f"{label}: {exc}") from None
    starts = [_units(x, "starting_stacks", label, scale) for x in history.starting_stacks]
    if min(starts) <= 0:
        raise HistoryParseError(f"{label}: starting stacks must be positive, got {shown(history.starting_stacks)}")
    if max(starts) < INFINITE and sum(starts) > MAX_CHIPS * scale:  # so every finishing stack fits too
        raise HistoryParseError(f"{label}: the starting stacks add up to more than 2**63 - 1 chips, the most a "
                                "hand plays")
    antes = [_units(x, "antes", label, scale) for x in history.antes or zeros]
    blinds = [_units(x, "blinds_or_straddles", label, scale) for x in history.blinds_or_straddles or zeros]
    if n == 2:
        antes.reverse()
        blinds.reverse()
    small, big = (_units(x, "bet sizes", label, scale) for x in (sizes * 2)[:2])
    steps = (small, big)
    seats = history.seats or tuple(range(1, n + 1))
    if len(set(seats)) != n or min(seats) < 1 or max(seats) > MAX_SEAT:
        raise HistoryParseError(f"{label}: seats must be distinct numbers from 1 to {MAX_SEAT}, got {shown(seats)}")
    unit = history.user_fields.get("_chip_unit", 1)  # in the record's units; 1/scale is finer still
    if type(unit) is not int or not 1 <= unit <= MAX_CHIPS:
        raise HistoryParseError(f"{label}: _chip_unit must be a positive int, got {shown(unit)}")
    unit = unit * scale if "_chip_unit" in history.user_fields else 1
    if options.ante_trimming != history.ante_trimming_status:
        options = attrs.evolve(options, ante_trimming=history.ante_trimming_status)
    if FULL_BLIND in history.user_fields:
        full = history.user_fields[FULL_BLIND]
        if type(full) is not bool:
            raise HistoryParseError(f"{label}: {FULL_BLIND} must be true or false, got {shown(full)}")
        if full != options.full_blind:
            options = attrs.evolve(options, full_blind=full)
    bring_in = 0 if forced is None else _units(forced, "bring_in", label, scale)
    posts = None
    if POSTS in history.user_fields:
        given = history.user_fields[POSTS]
        if type(given) not in (list, tuple) or len(given) != n:
            raise HistoryParseError(f"{label}: {POSTS} must list one amount per player, got {shown(given)}")
        posts = [_units(x, POSTS, label, scale) for x in given]
        if n == 2:
            posts.reverse()
        if any(q > b for q, b in zip(posts, blinds)):
            raise HistoryParseError(f"{label}: {POSTS} must be part of blinds_or_straddles, got {shown(given)}")
    return Hand._of(new_state(v, options, seats, starts, antes, blinds, -1, steps, unit, None, seats[-1], None,
                              bring_in, posts, scale))


def from_history(history: HandHistory, options: Options = REPLAY, *, complete: bool = True) -> Hand:
    """Play ``history``'s actions through the engine; the finished :class:`Hand` (``complete=False``:
    wherever the actions stop).  Amounts count in units of ``1/hand.scale`` of the record's (1 for
    whole chips).  Errors name the hand and the action's index and text.  Time: linear in the number
    of actions times the number of players (twice when an amount needs a finer unit)."""
    scale = None
    while True:
        hand = start(history, options, scale=scale)
        try:
            _play_all(hand, history)
            break
        except Rescale as again:
            scale = again.scale
    if complete and not hand.over:
        raise IllegalActionError(f"{history.label}: the history ends before the hand is over ({_waiting(hand)})")
    return hand


def _waiting(hand: Hand) -> str:
    """What the hand waits for, the player named as the record names them (``pN``)."""
    seat, phase, street = hand.to_act, hand.phase, hand.street_name
    s = hand._state
    if s.run_owed and (phase == "showdown" or phase == "over"):  # runs 2, 3 (docs/runs.md)
        cards, per_run = s.run_cards, sum(run_sizes(s))
        k = len(cards) + (1 if cards and len(cards[-1]) < per_run else 2)
        return f"run {k} of {hand.runs} is not dealt"
    if seat is None and (phase == "deal" or phase == "draw"):
        holes, board = hand.owed
        if board:
            return f"{board} board card(s) to deal on the {street}"
        return f"{'replacement' if phase == 'draw' else 'hole'} cards to deal on the {street}"
    if seat is None or phase == "showdown" or (phase == "bet" and s.free_opener):
        return s.phase_text()
    verb = "act" if phase == "bet" else "draw"
    return f"p{hand.seats.index(seat) + 1} to {verb} on the {street}"


def _play_all(hand: Hand, history: HandHistory) -> None:
    runs = history.run_count  # docs/runs.md: chosen as soon as nobody can bet any more
    for i, text in enumerate(history.actions):
        try:
            if type(text) is str and len(text) > MAX_ACTION_TEXT:  # (a record's actions are bounded by the
                compile_action(text)  # reader): a malformed long one is refused for what is wrong with it
            hand.play(text)
            if runs > 1 and hand.can_run_it():
                hand.run_it(runs)
        except (IllegalActionError, HistoryParseError) as exc:
            raise type(exc)(f"{history.label}: actions[{i}] {shown(text)}: {exc}") from None
    if runs > 1 and hand.runs == 1 and hand.over:
        raise IllegalActionError(f"{history.label}: _run_count is {runs}, but the players were not all in before "
                                 "the board was complete: there was nothing to run again")
