"""Properties of replay over random complete hands of every variant, and agreement with PokerKit.

Random hands are dealt from a shuffled deck and played by a random policy
that asks the live engine in replay mode (the replayer's rule book) which actions are legal,
so every generated history is one the replayer accepts.  Then: replaying is deterministic,
chips are conserved, writing the history out and reading it back replays the
same, relabelling metadata (names, seat numbers, hand number) changes nothing,
and, when PokerKit is installed (the ``test`` extra), PokerKit replays the
same history to the same finishing stacks (odd chips of tied pots aside: PokerKit
gives a whole remainder to the first winner, we follow TDA 20).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.cards import DECK, card_text, rank
from pokerengine.errors import IllegalActionError
from pokerengine.phh import HandHistory, dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.phh.variants import VARIANTS
from pokerengine.live import start

#: PHH's eleven codes (PokerKit reads only these; pokerengine's own: tests/phh/test_variants_extended.py).
CODES = [code for code, v in VARIANTS.items() if v.standard]

try:
    import pokerkit
except ImportError:  # PokerKit (in the test extra) is not installed
    pokerkit = None


def _cards(cards) -> str:
    return "".join(card_text(c) for c in cards)


def random_history(rnd: random.Random, code: str, pokerkit_rules: bool = False) -> HandHistory:
    """A complete random hand of variant ``code`` that the replayer accepts.

    ``pokerkit_rules``: no raise that PokerKit refuses, which replay mode allows in fixed limit: a
    raise by a player who acted before a short all-in raise of at least half a bet (TDA 47-B
    reopens; PokerKit does not), a fifth raise heads-up (replay mode lifts the cap heads-up).
    """
    v = VARIANTS[code]
    most = 7 if v.kind == "stud" else 6
    n = rnd.randint(2, most)
    unit = rnd.choice([1, 5, 25])
    big = 2 * unit
    fields: dict = {"variant": code, "ante_trimming_status": rnd.random() < 0.5}
    fields["starting_stacks"] = [rnd.choice([3, 10, 40, 200]) * big + rnd.randint(0, 3) * unit for _ in range(n)]
    ante = rnd.choice([0, 0, unit])
    if rnd.random() < 0.8:
        fields["antes"] = [ante] * n
    else:  # a button ante: the spec keeps ante_trimming_status false for non-uniform antes
        fields["antes"] = [0] * (n - 1) + [ante]
        fields["ante_trimming_status"] = False
    if v.kind == "stud":
        fields["bring_in"] = unit
    else:
        blinds = [unit, big] + [0] * (n - 2)
        if n > 3 and rnd.random() < 0.2:
            blinds[2] = 2 * big  # a straddle
        fields["blinds_or_straddles"] = blinds
    if v.fixed:
        fields.update(small_bet=big, big_bet=2 * big)
    else:
        fields["min_bet"] = big
    deck = [c for c in DECK if rank(c) >= v.lowest_rank]
    rnd.shuffle(deck)
    actions: list[str] = []
    hand = HandHistory(**fields, actions=())
    h = start(hand)  # the live engine in replay mode: the rule book the replayer plays by
    acted: set[int] = set()  # who acted on this street
    short: set[int] = set()  # ... before a short all-in raise (fixed limit)
    street = -1

    def act(text: str) -> bool:
        try:
            h.play(text)
        except IllegalActionError:
            return False
        actions.append(text)
        return True

    for _ in range(400):
        if h.phase in ("over", "showdown"):
            break
        if h.phase == "deal":
            holes, board = h.owed
            if holes:
                seat, k = next(iter(holes.items()))
                assert act(f"d dh p{seat} {_cards(deck.pop() for _ in range(k))}")
            else:
                assert act(f"d db {_cards(deck.pop() for _ in range(board))}")
        elif h.phase == "draw":
            holes, _ = h.owed
            legal = h.legal_actions()
            if legal.seat is not None:
                hole = h._state.hole[legal.seat - 1]
                k = min(rnd.randint(0, len(hole)), len(deck) - sum(holes.values()))
                assert act(f"p{legal.seat} sd {_cards(rnd.sample(hole, k))}".rstrip())
            else:
                seat, k = next(iter(holes.items()))
                assert act(f"d dh p{seat} {_cards(deck.pop() for _ in range(k))}")
        else:
            legal = h.legal_actions()
            who = f"p{legal.seat}"
            if h.street != street:
                street, acted, short = h.street, set(), set()
            acted.add(legal.seat)
            if legal.bring_in is not None:
                assert act(f"{who} pb") if rnd.random() < 0.7 else act(f"{who} cbr {legal.raise_to.min_to}")
                continue
            r = rnd.random()
            if r < 0.2 and legal.call is not None and act(f"{who} f"):
                continue
            if r < 0.6 and act(f"{who} cc"):
                continue
            span = legal.raise_to
            if span is None or (pokerkit_rules and (legal.seat in short or (v.fixed and h._state.raises >= 4))):
                assert act(f"{who} cc")
                continue
            options = list({span.min_to, span.max_to, (span.min_to + span.max_to) // 2,
                            min(span.max_to, 2 * span.min_to)})
            rnd.shuffle(options)
            top = max(h._state.bets)
            if not any(act(f"{who} cbr {x}") for x in options):
                assert act(f"{who} cc")
            elif v.fixed and h._state.stacks[legal.seat - 1] == 0 and max(h._state.bets) - top < h._state.step:
                short |= acted - {legal.seat}  # a short all-in raise: these players acted before it
    assert h.phase in ("over", "showdown"), actions
    live = [i for i in range(n) if not h._state.folded[i]]
    if len(live) > 1:  # a showdown (the engine tables the cards of players all-in: shown as PHH writes it)
        rnd.shuffle(live)
        for i in live:
            over = h.over
            assert act(f"p{i + 1} sm {_cards(h._state.hole[i])}") or over
    return attrs.evolve(hand, actions=tuple(actions))


def _finishing(hand: HandHistory) -> tuple:
    return replay_hand(hand).finishing_stacks


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=40)
@given(rnd=st.randoms(use_true_random=False))
def test_replay_is_deterministic_and_conserves_chips(code, rnd):
    hand = random_history(rnd, code)
    first = replay_hand(hand)
    second = replay_hand(hand)
    assert first.finishing == second.finishing
    assert first.settlement == second.settlement
    assert sum(first.finishing) == sum(first.outcome.starting)
    assert all(x >= 0 for x in first.finishing)


@pytest.mark.parametrize("code", CODES)
@settings(max_examples=25)
@given(rnd=st.randoms(use_true_random=False))
def test_written_and_read_back_replays_the_same(code, rnd):
    hand = random_history(rnd, code)
    again = loads(dumps(hand))
    assert again == hand
    assert _finishing(again) == _finishing(hand)


@settings(max_examples=60)
@given(rnd=st.randoms(use_true_random=False), code=st.sampled_from(CODES))
def test_relabelling_metadata_changes_nothing(rnd, code):
    hand = random_history(rnd, code)
    n = hand.player_count
    names = tuple(f"player {rnd.randint(0, 999)}" for _ in range(n))
    seats = tuple(rnd.sample(range(1, 11), n))
    other = attrs.evolve(hand, players=names, seats=seats, seat_count=10, hand=rnd.randint(1, 99),
                         table="T1", user_fields={"_site": "x"})
    assert _finishing(other) == _finishing(hand)


@settings(max_examples=40)
@given(rnd=st.randoms(use_true_random=False), code=st.sampled_from(CODES))
def test_recorded_finishing_stacks_match(rnd, code):
    hand = random_history(rnd, code)
    recorded = attrs.evolve(hand, finishing_stacks=_finishing(hand))
    assert replay_hand(recorded).status == "matched"


def _ties(replay) -> int:
    return sum(1 for p in replay.settlement.pots if len(p.winners) > 1 or (p.low_winners and p.high_winners))


@pytest.mark.skipif(pokerkit is None, reason='PokerKit is not installed (pip install -e ".[test]")')
@pytest.mark.parametrize("code", CODES)
@settings(max_examples=30)
@given(rnd=st.randoms(use_true_random=False))
def test_pokerkit_agrees(code, rnd):
    hand = random_history(rnd, code, pokerkit_rules=True)
    ours = replay_hand(hand)
    state = None
    for state in pokerkit.HandHistory.loads(dumps(hand)):
        pass
    theirs = tuple(state.stacks)
    assert sum(theirs) == sum(ours.finishing)
    if not _ties(ours):
        assert theirs == ours.finishing, dumps(hand)
    else:  # odd chips of split pots may go elsewhere, a few chips at most
        assert all(abs(a - b) <= 4 * (hand.blinds_or_straddles or [1])[0] for a, b in zip(theirs, ours.finishing))
