"""The state of a live hand that its rule modules read and change: :class:`HandState`.

A :class:`~pokerengine.live.Hand` owns one :class:`HandState` and hands it to the modules that play
the rules (:mod:`~pokerengine.live.streets`, :mod:`~pokerengine.live.betting`,
:mod:`~pokerengine.live.limits`, :mod:`~pokerengine.live.dealing`, :mod:`~pokerengine.live.showdown`,
:mod:`~pokerengine.live.running`, :mod:`~pokerengine.live.records`, :mod:`~pokerengine.live.playing`).
Players are positions ``0 .. n - 1``, clockwise from the button's left; per-player values are lists
indexed by position.  Every rule checks before it changes anything, so a refused action leaves the
state as it was.  The hand's public properties are the way to read it from outside.

:func:`new_state` posts the forced bets: the state before the first street is dealt.

>>> from pokerengine.phh.variants import VARIANTS
>>> from pokerengine.live.options import TDA
>>> s = new_state(VARIANTS["NT"], TDA, [1, 2, 3], [100, 100, 1], [0, 0, 0], [1, 2, 0], -1, (2, 4), 1,
...               None, 3)
>>> s.bets, s.stacks, s.put, s.phase
([1, 2, 0], [99, 98, 1], [0, 0, 0], 'deal')
>>> s.illegal(2, "has folded")
IllegalActionError('seat 3: has folded')

Limits: a state holds a few lists of the players' size and the hand's PHH lines.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..cards import card_text, rank
from ..errors import IllegalActionError
from ..phh.variants import Variant
from ..rules import forced_bets
from ..runs import RunsSettlement
from ..settlement import Settlement
from . import stud
from .deck import Deck
from .options import Options
from .phases import BET, DEAL, DRAW, SHOWDOWN

__all__ = ["STREET_NAMES", "STREET_NAMES_BY_KIND", "HandState", "new_state"]

STREET_NAMES = ("pre-flop", "flop", "turn", "river")
#: Each kind of game's street names, by :attr:`Variant.kind <pokerengine.phh.variants.Variant.kind>`.
STREET_NAMES_BY_KIND = {"board": STREET_NAMES, "stud": stud.STREET_NAMES,
                        "draw": ("pre-draw", "first draw", "second draw", "third draw")}


@attrs.define(eq=False, repr=False)
class HandState:
    """Everything a live hand knows: its set-up (fixed at the start) and its play so far.

    Set-up: ``variant``, ``options``, ``replay`` (replay mode), ``seats`` (table seat numbers in
    position order), ``button``, ``pos`` (seat number to position), ``n`` players, ``unit`` (the
    smallest chip), ``fixed``, ``pot_limit``, ``steps`` (the small and big bet, or the minimum
    bet twice), ``starting`` stacks, forced ``blinds``, ``antes``, ``dead`` chips and live
    ``posts`` as posted, ``opening`` (the blinds that say who opens pre-flop), ``bring_in_amount``,
    ``scale`` (a replay's amounts are in units of ``1/scale`` of the record's; 0: a live hand),
    ``names`` (the street names), ``draws_later`` (per street: a draw comes later).

    Chips: ``stacks`` (not yet put in), ``bets`` (this betting round), ``put`` (earlier rounds,
    antes and dead chips).  Players: ``folded``, ``live`` (how many have not), ``faced`` (the top
    bet each last acted on, -1: not yet this round), ``shown``.  Cards: ``hole`` (``None``: not
    known, a replay), ``board``, ``seen`` (every card dealt), ``need`` and ``need_board`` (owed by
    a caller who deals), ``deck`` (``None``: the caller deals), stud's ``up`` cards, ``up_known``
    and ``got`` (cards dealt this street), a draw game's ``discarded`` cards, ``dealt`` (cards
    dealt, as the replayer counts them) and ``pool`` (discards to reshuffle).

    The round: ``street``, ``phase``, ``pending`` (positions still to act, in turn), ``top`` (the
    largest bet), ``full`` (the last full raise), ``rep_full`` (the largest raise, as the sites
    measure it), ``step`` (this street's bet size), ``raises``, ``aggressor`` (-1: none),
    ``all_in`` (nobody can bet any more), ``queue`` (showdown: who shows or mucks, in turn),
    ``bring_in_due``, ``completion`` (stud: the bring-in not yet completed), ``free_opener`` (a
    replay whose up cards are unknown: whoever acts first opens), ``draw_order``.

    Runs (docs/runs.md): ``runs`` (0: not chosen), ``run_from`` (board cards out when nobody could
    bet), ``run_cards`` (runs 2 and 3), ``run_owed`` (their cards still to deal), ``run_result``.
    ``log``: the PHH lines; ``settled`` and ``settled_at``: the settlement and the line count it was
    made at.
    """

    variant: Variant
    options: Options
    replay: bool
    seats: tuple[int, ...]
    button: int
    pos: dict[int, int]
    n: int
    unit: int
    fixed: bool
    pot_limit: bool
    steps: tuple[int, int]
    starting: tuple[int, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    dead: tuple[int, ...]
    posts: tuple[int, ...]
    opening: list[int]
    bring_in_amount: int
    scale: int
    names: tuple[str, ...]
    draws_later: tuple[bool, ...]
    stacks: list[int]
    bets: list[int]
    put: list[int]
    folded: list[bool]
    live: int
    faced: list[int]
    hole: list[list[int | None]]
    up: list[list[int]]
    up_known: list[bool]
    got: list[int]
    need: list[int]
    shown: list[bool]
    deck: Deck | None
    board: list[int] = attrs.Factory(list)
    seen: set[int] = attrs.Factory(set)
    need_board: int = 0
    street: int = -1
    phase: str = DEAL
    pending: list[int] = attrs.Factory(list)
    top: int = 0
    full: int = 0
    rep_full: int = 0
    step: int = 0
    raises: int = 0
    aggressor: int = -1
    all_in: bool = False
    queue: list[int] = attrs.Factory(list)
    log: list[str] = attrs.Factory(list)
    settled: Settlement | None = None
    settled_at: int = -1
    bring_in_due: bool = False
    completion: bool = False
    free_opener: bool = False
    draw_order: list[int] = attrs.Factory(list)
    discarded: set[int] = attrs.Factory(set)
    dealt: int = 0
    pool: list[int] = attrs.Factory(list)
    runs: int = 0
    run_from: int = -1
    run_cards: list[list[int]] = attrs.Factory(list)
    run_owed: int = 0
    run_result: RunsSettlement | None = None

    @property
    def street_name(self) -> str:
        """The street's name (``"flop"``, ``"third street"``, ``"first draw"``...), or ``"showdown"``."""
        s = self.street
        return self.names[s] if s < len(self.names) else "showdown"

    def illegal(self, p: int, message: str) -> IllegalActionError:
        """The error refusing position ``p``'s action, naming its seat."""
        return IllegalActionError(f"seat {self.seats[p]}: {message}")

    def phase_text(self) -> str:
        """What the hand is doing, for an error's words (``"betting on the flop"``...)."""
        phase = self.phase
        if phase is BET:
            return f"betting on the {self.street_name}"
        if phase is DRAW:
            return f"drawing on the {self.street_name}"
        if phase is DEAL:
            return f"dealing the {self.street_name}"
        if phase is SHOWDOWN:
            return "showdown"
        return "the hand is over"

    def check_new(self, cards: Sequence[int | None], known: bool, dealing: bool = False,
                  revealing: bool = False) -> list[int]:
        """New cards: in the game's deck, dealt once; unknown (``None``) only in replay mode.  Cards
        ``dealing`` from the deck may be discards again once the deck has run out (draw games, as
        the replayer counts: more cards dealt than the deck holds); so may cards ``revealing`` what
        an unknown card was (a replay's show or discard), once the deck has run out: an unknown card
        dealt after the reshuffle may be any discard.  Such reused cards are returned; nothing changes."""
        fresh: set[int] = set()
        reused: list[int] = []
        lowest = self.variant.lowest_rank
        dealt = self.dealt
        size = 36 if lowest else 52
        seen, discarded = self.seen, self.discarded
        for c in cards:
            dealt += 1
            if c is None:
                if known or not self.replay:
                    raise IllegalActionError("board cards must be known" if known else
                                             "cards dealt in a live hand must be known")
                continue
            if c in seen or c in fresh:
                if (dealing and dealt > size or revealing and self.dealt > size) and c in discarded \
                        and c not in fresh:
                    reused.append(c)  # the deck ran out: the discards were shuffled
                    fresh.add(c)
                    continue
                raise IllegalActionError(f"{card_text(c)} has already been dealt")
            if lowest and rank(c) < lowest:
                raise IllegalActionError(f"{card_text(c)} is not in the {self.variant.name} deck")
            fresh.add(c)
        return reused


def new_state(v: Variant, options: Options, seats: Sequence[int], starts: Sequence[int],
              antes_due: Sequence[int], blinds_due: Sequence[int], bba_at: int, steps: tuple[int, int], unit: int,
              source: Deck | None, button: int, dead_due: Sequence[int] | None = None, bring_in: int = 0,
              posts_due: Sequence[int] | None = None, scale: int = 0) -> HandState:
    """The forced bets posted from checked values, before the first street: ``bba_at`` is the position
    of a big blind ante (-1: none; a short big blind posts the blind first, TDA 2024, but in replay
    mode), ``source`` the deck (``None``: the caller deals), ``scale`` a replay's unit of the record's
    amounts (0: a live hand)."""
    n = len(seats)
    replay = options.mode == "replay"
    posts = tuple(posts_due) if posts_due else (0,) * n
    antes, bets, stacks, dead = [0] * n, [0] * n, [0] * n, [0] * n
    for p in range(n):
        s = starts[p]
        # (TDA 2024: a short big blind posts the blind before the ante; a replay posts as the record does)
        a, b = forced_bets(s, antes_due[p], blinds_due[p], blind_first=p == bba_at and not replay)
        d = min(dead_due[p], s - a - b) if dead_due else 0  # dead chips come after the live blind
        antes[p], bets[p], stacks[p], dead[p] = a, b, s - a - b - d, d
    st = v.streets
    return HandState(
        variant=v, options=options, replay=replay, seats=tuple(seats), button=button,
        pos={s: p for p, s in enumerate(seats)}, n=n, unit=unit, fixed=v.betting == "fixed-limit",
        pot_limit=v.betting == "pot-limit", steps=steps, starting=tuple(starts), blinds=tuple(blinds_due),
        antes=tuple(antes), dead=tuple(dead), posts=posts,
        # who opens pre-flop: after the largest blind or straddle, a live post aside (it is no blind)
        opening=[b - q for b, q in zip(blinds_due, posts)], bring_in_amount=bring_in, scale=scale,
        names=STREET_NAMES_BY_KIND[v.kind], draws_later=tuple(any(s.draw for s in st[k + 1 :]) for k in range(len(st))),
        stacks=stacks, bets=bets, put=[a + d for a, d in zip(antes, dead)] if dead_due else antes,
        folded=[False] * n, live=n, faced=[-1] * n, hole=[[] for _ in range(n)], up=[[] for _ in range(n)],
        up_known=[True] * n, got=[0] * n, need=[0] * n, shown=[False] * n, deck=source)
