"""Dealing and drawing for the live hand: each street's cards, the caller's cards (``manual=True``), a
draw game's discards and replacements.

Each function takes the hand's :class:`~pokerengine.live.state.HandState` and changes it, every check
made before anything changes; a street dealt from the hand's own deck is
:func:`pokerengine.live.streets.next_street`.  The rules: :mod:`pokerengine.live.stud` (up cards),
:mod:`pokerengine.live.draw` (discards, the reshuffle).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalActionError
from . import draw as draws
from .phases import DEAL, DRAW, OVER, SHOWDOWN
from .phases import text as _text
from .running import deal_run
from .state import HandState
from .streets import street_dealt


def deal_hole(s: HandState, p: int, cards: Sequence[int | None]) -> None:
    if s.deck is not None:
        raise IllegalActionError("this hand deals its own cards (manual=False)")
    if s.phase is not DEAL and s.phase is not DRAW:
        raise IllegalActionError(f"no hole cards are dealt now ({s.phase_text()})")
    if s.folded[p]:
        raise s.illegal(p, "has folded")
    owed = s.need[p]
    if not cards or len(cards) > owed:
        if s.phase is DRAW and p in s.draw_order:
            raise s.illegal(p, "has not drawn yet")
        raise s.illegal(p, f"is owed {owed} {'replacement' if s.phase is DRAW else 'hole'} cards, "
                               f"not {len(cards)}")
    reused = s.check_new(cards, False, True)
    s.discarded.difference_update(reused)
    s.seen.update(c for c in cards if c is not None)
    s.dealt += len(cards)
    if s.phase is DEAL and s.variant.kind == "stud":
        got = s.got[p]
        for c, up in zip(cards, s.variant.streets[s.street].hole[got:]):
            if up:
                if c is None:
                    s.up_known[p] = False
                else:
                    s.up[p].append(c)
        s.got[p] = got + len(cards)
    s.hole[p].extend(cards)
    s.need[p] = owed - len(cards)
    s.log.append(f"d dh p{p + 1} {_text(cards)}")
    dealing_done(s)


def dealing_done(s: HandState) -> None:
    """Every card owed is dealt (and every player has drawn): the street goes on."""
    if not s.need_board and not any(s.need) and not s.draw_order:
        street_dealt(s)



def draw(s: HandState, p: int, cards: Sequence[int | None]) -> None:
    """``pN sd CARDS``: discard ``cards`` (none: stand pat), then the replacements (draw.py)."""
    order = s.draw_order
    if s.folded[p]:
        raise s.illegal(p, "has folded")
    if s.phase is not DRAW or not order:
        raise s.illegal(p, f"no drawing now ({s.phase_text()})")
    if order[0] != p:
        if p not in order:
            raise s.illegal(p, f"has already drawn on the {s.street_name}")
        raise s.illegal(p, f"out of turn: seat {s.seats[order[0]]} draws first (TDA 53)")
    held = s.hole[p]
    if len(cards) > len(held):
        raise s.illegal(p, f"holds {len(held)} cards, cannot discard {len(cards)}")
    try:
        left, revealed = draws.discard(held, cards, replay=s.replay)
    except draws.NotHeld as exc:
        raise s.illegal(p, f"discards {exc}, which they do not hold") from None
    s.discarded.difference_update(s.check_new(revealed, True, revealing=True))
    s.seen.update(revealed)
    held[:] = left
    known = [c for c in cards if c is not None]
    s.discarded.update(known)
    del order[0]
    s.log.append(f"p{p + 1} sd {_text(cards)}" if cards else f"p{p + 1} sd")
    k = len(cards)
    if s.deck is None:
        s.need[p] = k
    elif k:
        new = from_deck(s, k)
        held.extend(new)
        s.log.append(f"d dh p{p + 1} {_text(new)}")
        s.pool.extend(known)  # after the deal: a player's own discards are not dealt back to them
    dealing_done(s)


def from_deck(s: HandState, k: int) -> tuple[int, ...]:
    """``k`` replacement cards from the hand's deck, the discards reshuffled if it runs out."""
    assert s.deck is not None
    cards, reused = draws.replacements(s.deck, s.pool, k)
    s.discarded.difference_update(reused)
    s.seen.update(cards)
    s.dealt += k
    return cards


def deal_board(s: HandState, cards: Sequence[int | None]) -> None:
    if s.variant.kind != "board":
        raise IllegalActionError(f"{s.variant.name} has no board")
    if s.deck is not None:
        raise IllegalActionError("this hand deals its own cards (manual=False)")
    if s.run_owed and (s.phase is OVER or s.phase is SHOWDOWN):
        deal_run(s, cards)
        return
    if s.runs > 1 and (s.phase is OVER or s.phase is SHOWDOWN):
        raise IllegalActionError(f"every run is dealt (the board is run {s.runs} times)")
    if s.phase is not DEAL or not s.need_board:
        raise IllegalActionError(f"no board cards are dealt now ({s.phase_text()})")
    if not cards or len(cards) > s.need_board:
        raise IllegalActionError(f"the {s.street_name} has {s.need_board} board card(s) to deal, "
                                 f"not {len(cards)}")
    s.check_new(cards, True)
    s.seen.update(cards)  # type: ignore[arg-type]
    s.dealt += len(cards)
    s.board.extend(cards)  # type: ignore[arg-type]
    s.need_board -= len(cards)
    s.log.append(f"d db {_text(cards)}")
    dealing_done(s)
