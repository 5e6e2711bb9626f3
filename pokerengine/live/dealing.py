"""Dealing and drawing for the live hand: each street's cards, the caller's cards (``manual=True``), a
draw game's discards and replacements.

These functions are :class:`~pokerengine.live.Hand`'s private methods (``Hand._next_street`` is
:func:`next_street`...), kept here so that ``hand.py`` holds the betting; each takes the hand and
changes its state, every check made before anything changes.  The rules: :mod:`pokerengine.live.stud`
(up cards), :mod:`pokerengine.live.draw` (discards, the reshuffle).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import card_text, rank
from ..errors import IllegalActionError
from . import draw as draws
from .phases import DEAL, DRAW, OVER, SHOWDOWN, text as _text

if TYPE_CHECKING:
    from .hand import Hand



def next_street(hand: Hand) -> None:
    streets = hand.variant.streets
    hand._street += 1
    if hand._street == len(streets):
        hand._showdown()
        return
    st = streets[hand._street]
    n = hand.n
    if st.draw:  # every live player draws in turn from the button's left (draw.py)
        hand._phase = DRAW
        hand._draw_order = [p for p in range(n) if not hand._folded[p]]
        hand._need = [0] * n
        hand._need_board = 0
        return
    hand._phase = DEAL
    k = len(st.hole)
    hand._got = [0] * n
    if hand._deck is None:  # the caller deals
        hand._need = [0 if f else k for f in hand._folded]
        hand._need_board = st.board
        if k or st.board:
            return
    else:
        deck = hand._deck
        if k:
            live = [p for p in range(n) if not hand._folded[p]]
            m = len(live)
            cards = deck.deal(k * m)  # one card at a time round the table, from the button's left
            hand._seen.update(cards)
            hand._dealt += k * m
            log = hand._log
            for i, p in enumerate(live):
                mine = cards[i::m]
                hand._hole[p].extend(mine)
                if hand.variant.kind == "stud":
                    hand._up[p].extend(c for c, up in zip(mine, st.hole) if up)
                log.append(f"d dh p{p + 1} {''.join(map(card_text, mine))}")
        if st.board:
            deck.deal(1)  # the burn card
            cards = deck.deal(st.board)
            hand._seen.update(cards)
            hand._dealt += st.board
            hand._board.extend(cards)
            hand._log.append(f"d db {''.join(map(card_text, cards))}")
    hand._street_dealt()


def street_dealt(hand: Hand) -> None:
    if hand._all_in:
        hand._next_street()
    else:
        hand._begin_betting()


def check_new(hand: Hand, cards: Sequence[int | None], known: bool, dealing: bool = False,
               revealing: bool = False) -> list[int]:
    """New cards: in the game's deck, dealt once; unknown (``None``) only in replay mode.  Cards
    ``dealing`` from the deck may be discards again once the deck has run out (draw games, as
    the replayer counts: more cards dealt than the deck holds); so may cards ``revealing`` what
    an unknown card was (a replay's show or discard), once the deck has run out: an unknown card
    dealt after the reshuffle may be any discard.  Such reused cards are returned."""
    fresh: set[int] = set()
    reused: list[int] = []
    lowest = hand.variant.lowest_rank
    dealt = hand._dealt
    size = 36 if lowest else 52
    for c in cards:
        dealt += 1
        if c is None:
            if known or not hand.replay:
                raise IllegalActionError("board cards must be known" if known else
                                         "cards dealt in a live hand must be known")
            continue
        if c in hand._seen or c in fresh:
            if (dealing and dealt > size or revealing and hand._dealt > size) and c in hand._discarded \
                    and c not in fresh:
                reused.append(c)  # the deck ran out: the discards were shuffled
                fresh.add(c)
                continue
            raise IllegalActionError(f"{card_text(c)} has already been dealt")
        if lowest and rank(c) < lowest:
            raise IllegalActionError(f"{card_text(c)} is not in the {hand.variant.name} deck")
        fresh.add(c)
    return reused


def deal_hole(hand: Hand, p: int, cards: Sequence[int | None]) -> None:
    if hand._deck is not None:
        raise IllegalActionError("this hand deals its own cards (manual=False)")
    if hand._phase is not DEAL and hand._phase is not DRAW:
        raise IllegalActionError(f"no hole cards are dealt now ({hand._phase_text()})")
    if hand._folded[p]:
        raise hand._illegal(p, "has folded")
    owed = hand._need[p]
    if not cards or len(cards) > owed:
        if hand._phase is DRAW and p in hand._draw_order:
            raise hand._illegal(p, "has not drawn yet")
        raise hand._illegal(p, f"is owed {owed} {'replacement' if hand._phase is DRAW else 'hole'} cards, "
                               f"not {len(cards)}")
    reused = hand._check_new(cards, False, True)
    hand._discarded.difference_update(reused)
    hand._seen.update(c for c in cards if c is not None)
    hand._dealt += len(cards)
    if hand._phase is DEAL and hand.variant.kind == "stud":
        got = hand._got[p]
        for c, up in zip(cards, hand.variant.streets[hand._street].hole[got:]):
            if up:
                if c is None:
                    hand._up_known[p] = False
                else:
                    hand._up[p].append(c)
        hand._got[p] = got + len(cards)
    hand._hole[p].extend(cards)
    hand._need[p] = owed - len(cards)
    hand._log.append(f"d dh p{p + 1} {_text(cards)}")
    hand._dealing_done()


def dealing_done(hand: Hand) -> None:
    if not hand._need_board and not any(hand._need) and not hand._draw_order:
        hand._street_dealt()



def draw(hand: Hand, p: int, cards: Sequence[int | None]) -> None:
    """``pN sd CARDS``: discard ``cards`` (none: stand pat), then the replacements (draw.py)."""
    order = hand._draw_order
    if hand._folded[p]:
        raise hand._illegal(p, "has folded")
    if hand._phase is not DRAW or not order:
        raise hand._illegal(p, f"no drawing now ({hand._phase_text()})")
    if order[0] != p:
        if p not in order:
            raise hand._illegal(p, f"has already drawn on the {hand.street_name}")
        raise hand._illegal(p, f"out of turn: seat {hand.seats[order[0]]} draws first (TDA 53)")
    held = hand._hole[p]
    if len(cards) > len(held):
        raise hand._illegal(p, f"holds {len(held)} cards, cannot discard {len(cards)}")
    try:
        left, revealed = draws.discard(held, cards, replay=hand.replay)
    except draws.NotHeld as exc:
        raise hand._illegal(p, f"discards {exc}, which they do not hold") from None
    hand._discarded.difference_update(hand._check_new(revealed, True, revealing=True))
    hand._seen.update(revealed)
    held[:] = left
    known = [c for c in cards if c is not None]
    hand._discarded.update(known)
    del order[0]
    hand._log.append(f"p{p + 1} sd {_text(cards)}" if cards else f"p{p + 1} sd")
    k = len(cards)
    if hand._deck is None:
        hand._need[p] = k
    elif k:
        new = hand._from_deck(k)
        held.extend(new)
        hand._log.append(f"d dh p{p + 1} {_text(new)}")
        hand._pool.extend(known)  # after the deal: a player's own discards are not dealt back to them
    hand._dealing_done()


def from_deck(hand: Hand, k: int) -> tuple[int, ...]:
    """``k`` replacement cards from the hand's deck, the discards reshuffled if it runs out."""
    assert hand._deck is not None
    cards, reused = draws.replacements(hand._deck, hand._pool, k)
    hand._discarded.difference_update(reused)
    hand._seen.update(cards)
    hand._dealt += k
    return cards


def deal_board(hand: Hand, cards: Sequence[int | None]) -> None:
    if hand.variant.kind != "board":
        raise IllegalActionError(f"{hand.variant.name} has no board")
    if hand._deck is not None:
        raise IllegalActionError("this hand deals its own cards (manual=False)")
    if hand._run_owed and (hand._phase is OVER or hand._phase is SHOWDOWN):
        hand._deal_run(cards)
        return
    if hand._runs > 1 and (hand._phase is OVER or hand._phase is SHOWDOWN):
        raise IllegalActionError(f"every run is dealt (the board is run {hand._runs} times)")
    if hand._phase is not DEAL or not hand._need_board:
        raise IllegalActionError(f"no board cards are dealt now ({hand._phase_text()})")
    if not cards or len(cards) > hand._need_board:
        raise IllegalActionError(f"the {hand.street_name} has {hand._need_board} board card(s) to deal, "
                                 f"not {len(cards)}")
    hand._check_new(cards, True)
    hand._seen.update(cards)  # type: ignore[arg-type]
    hand._dealt += len(cards)
    hand._board.extend(cards)  # type: ignore[arg-type]
    hand._need_board -= len(cards)
    hand._log.append(f"d db {_text(cards)}")
    hand._dealing_done()
