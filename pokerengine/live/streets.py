"""A live hand's streets in turn: each street dealt (from the hand's deck, or owed by a caller who
deals), its betting round begun and ended, the cards run out when nobody can bet any more, the
showdown reached after the last street.

Each function takes the hand's :class:`~pokerengine.live.state.HandState` and moves it on; the
betting itself is :mod:`~pokerengine.live.betting`, the showdown :mod:`~pokerengine.live.showdown`.

Limits: each function is linear in the number of players (and in the cards dealt).
"""

from __future__ import annotations

from ..cards import card_text
from ..rules import first_round, position_opener, round_start
from . import stud
from .phases import BET, DEAL, DRAW, OVER
from .showdown import showdown, table_all
from .state import HandState

__all__ = ["begin_betting", "end_betting", "next_street", "street_dealt"]


def next_street(s: HandState) -> None:
    """The next street: its cards dealt (or owed), then its betting; after the last, the showdown."""
    streets = s.variant.streets
    s.street += 1
    if s.street == len(streets):
        showdown(s)
        return
    st = streets[s.street]
    n = s.n
    if st.draw:  # every live player draws in turn from the button's left (draw.py)
        s.phase = DRAW
        s.draw_order = [p for p in range(n) if not s.folded[p]]
        s.need = [0] * n
        s.need_board = 0
        return
    s.phase = DEAL
    k = len(st.hole)
    s.got = [0] * n
    if s.deck is None:  # the caller deals
        s.need = [0 if f else k for f in s.folded]
        s.need_board = st.board
        if k or st.board:
            return
    else:
        deck = s.deck
        if k:
            live = [p for p in range(n) if not s.folded[p]]
            m = len(live)
            cards = deck.deal(k * m)  # one card at a time round the table, from the button's left
            s.seen.update(cards)
            s.dealt += k * m
            log = s.log
            for i, p in enumerate(live):
                mine = cards[i::m]
                s.hole[p].extend(mine)
                if s.variant.kind == "stud":
                    s.up[p].extend(c for c, up in zip(mine, st.hole) if up)
                log.append(f"d dh p{p + 1} {''.join(map(card_text, mine))}")
        if st.board:
            deck.deal(1)  # the burn card
            cards = deck.deal(st.board)
            s.seen.update(cards)
            s.dealt += st.board
            s.board.extend(cards)
            s.log.append(f"d db {''.join(map(card_text, cards))}")
    street_dealt(s)


def street_dealt(s: HandState) -> None:
    """The street's cards are out: bet, or (nobody can bet) deal the next."""
    if s.all_in:
        next_street(s)
    else:
        begin_betting(s)


def begin_betting(s: HandState) -> None:
    """A betting round: its bet size, who opens, what is owed (a short blind's full amount)."""
    s.phase = BET
    street = s.street
    s.step = step = s.steps[1] if s.variant.streets[street].big else s.steps[0]
    s.raises = s.rep_full = owed = 0
    s.aggressor = -1
    s.faced = [-1] * s.n
    if s.variant.kind == "stud":  # the up cards say who opens (stud.py)
        first = stud.opener(s.up, s.up_known, s.folded, low=s.variant.opening == "low", third=street == 0)
        s.free_opener = first is None  # a replay with unknown up cards: whoever acts first opens
        opener = first or 0
        s.full = step
        s.bring_in_due = s.completion = street == 0 and s.bring_in_amount > 0
    elif street == 0:
        opener = position_opener(s.opening, s.bets)  # a short blind's full amount is owed (rules.py)
        s.full, s.raises, owed = first_round(s.blinds, s.bets, step, s.fixed, s.replay, s.options.full_blind)
    else:
        opener = 0
        s.full = step
    s.top, s.pending = round_start(opener, s.bets, s.stacks, s.folded, owed)
    if not s.pending:
        s.bring_in_due = s.completion = s.free_opener = False
        end_betting(s)


def end_betting(s: HandState) -> None:
    """The round is over: bets into the pot; one player left ends the hand, else the next street
    (the cards run out, face up, when nobody can bet any more: TDA 16)."""
    n = s.n
    if s.top:
        put, bets = s.put, s.bets
        for i in range(n):
            put[i] += bets[i]
            bets[i] = 0
        s.top = 0
    s.pending = []
    if s.live <= 1:
        s.phase = OVER
        return
    stacks, folded = s.stacks, s.folded
    with_chips = 0
    for i in range(n):
        if stacks[i] and not folded[i]:
            with_chips += 1
    if with_chips <= 1 and not s.all_in and not s.draws_later[s.street]:
        # nobody can bet any more (and nobody draws): run the cards out
        s.all_in = True
        s.run_from = len(s.board)
        if not s.replay:
            table_all(s)  # TDA 16: all hands face up once a player is all-in and betting is over
    next_street(s)
