"""A site's antes counted as ordinary chips (``ante_trimming_status = true``): the site check, its
PHH and OHH conversions and the PHH replay build the side pots with every ante in its player's contribution,
so a player all in on a short ante wins only what he matched; dead blinds stay dead money.

A slow oracle from the rule book (a pot for each all-in level, every player's chips up to that level, the
players who reached it eligible) checks the fast path, and a property checks the claim that with equal antes
and nobody all in on the ante, antes as contributions or as dead money settle every hand the same."""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings, strategies as st

from pokerengine.cards import DECK, card_text
from pokerengine.errors import IllegalActionError
from pokerengine.formats import read_text, site_hands
from pokerengine.phh import HandHistory
from pokerengine.live import interpret
from pokerengine.replay.site_check import check_site
from pokerengine.live.settling import pots_of, settle_drawn, settle_site
from pokerengine.live import start
from profiles import examples
from site_fixtures import BY_NAME

HAND = BY_NAME["partypoker"].folder / "handwritten"


def _hand(rnd: random.Random, antes: list[int], stacks: list[int]) -> HandHistory:
    """A complete random no-limit hold'em hand (the live engine's rule book) with these antes and stacks."""
    n = len(stacks)
    hand = HandHistory(variant="NT", antes=tuple(antes), blinds_or_straddles=(10, 20) + (0,) * (n - 2), min_bet=20,
                       starting_stacks=tuple(stacks), actions=(), ante_trimming_status=True)
    deck = list(DECK)
    rnd.shuffle(deck)
    h = start(hand)
    actions: list[str] = []

    def act(text: str) -> bool:
        try:
            h.play(text)
        except IllegalActionError:
            return False
        actions.append(text)
        return True

    for _ in range(300):
        if h.phase in ("over", "showdown"):
            break
        if h.phase == "deal":
            holes, board = h.owed
            if holes:
                seat, k = next(iter(holes.items()))
                assert act(f"d dh p{seat} " + "".join(card_text(deck.pop()) for _ in range(k)))
            else:
                assert act("d db " + "".join(card_text(deck.pop()) for _ in range(board)))
            continue
        legal = h.legal_actions()
        who, r = f"p{legal.seat}", rnd.random()
        if r < 0.2 and legal.call is not None and act(f"{who} f"):
            continue
        if r < 0.7 or legal.raise_to is None:
            assert act(f"{who} cc")
            continue
        span = legal.raise_to
        if not act(f"{who} cbr {rnd.choice([span.min_to, span.max_to])}"):
            assert act(f"{who} cc")
    assert h.phase in ("over", "showdown"), actions
    for i in range(n):
        if not h._state.folded[i] and not h.over:
            act(f"p{i + 1} sm " + "".join(card_text(c) for c in h._state.hole[i]))
    return attrs.evolve(hand, actions=tuple(actions))


def _oracle_pots(contributed: tuple[int, ...], folded: tuple[bool, ...]) -> list[tuple[int, frozenset[int]]]:
    """The rule book's pots: one per all-in level of a live player, each holding every player's chips above
    the level before up to it, the live players who reached it eligible (uncalled chips above the second
    largest contribution handed back: no pot)."""
    live_levels = sorted({c for c, f in zip(contributed, folded) if not f})
    top = sorted(contributed)[-2] if len(contributed) > 1 else 0
    levels = sorted({min(x, max(top, 0)) for x in live_levels} | {top})
    pots, before = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, before) for c in contributed)
        who = frozenset(i for i, (c, f) in enumerate(zip(contributed, folded)) if not f and c >= level)
        if amount:
            if pots and who == pots[-1][1]:
                pots[-1] = (pots[-1][0] + amount, who)
            else:
                pots.append((amount, who))
        before = level
    return pots


@settings(max_examples=examples(60), deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6), st.sampled_from([5, 10, 25]))
def test_equal_antes_nobody_all_in_on_them_settle_the_same_either_way(rnd, n, ante):
    # the claim: equal antes, nobody all in on the ante: contributions or dead money, the same hand
    stacks = [rnd.choice([ante + 1, 3 * ante, 60, 200, 1000]) + rnd.randint(0, 30) for _ in range(n)]
    hand = _hand(rnd, [ante] * n, stacks)
    outcome = interpret(hand)
    assert pots_of(outcome, ante_trimming=True) == pots_of(outcome)
    as_chips, as_dead = settle_site(outcome, None, ante_trimming=True), settle_site(outcome, None)
    assert as_chips.payouts.items() - {(s, 0) for s in as_chips.payouts} == \
        as_dead.payouts.items() - {(s, 0) for s in as_dead.payouts}
    assert [p.amount for p in as_chips.pots] == [p.amount for p in as_dead.pots]
    pots = pots_of(outcome)
    drawn = [p // 20 for p in pots]  # a 5% rake drawn pot by pot
    raked = settle_drawn(outcome, drawn, sum(drawn), ante_trimming=True), settle_drawn(outcome, drawn, sum(drawn))
    assert {s: x for s, x in raked[0].payouts.items() if x} == {s: x for s, x in raked[1].payouts.items() if x}


@settings(max_examples=examples(60), deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6))
def test_short_all_in_antes_build_the_rule_books_pots(rnd, n):
    ante = 50
    stacks = [rnd.choice([rnd.randint(1, ante), ante + rnd.randint(1, 40), 300, 2000]) for _ in range(n)]
    antes = [min(ante, s) for s in stacks]
    if sum(1 for s in stacks if s > ante) < 2:
        stacks[:2] = [400, 500]
        antes[:2] = [ante, ante]
    hand = _hand(rnd, antes, stacks)
    outcome = interpret(hand)
    oracle = _oracle_pots(outcome.contributed, tuple(outcome.folded))
    assert pots_of(outcome, ante_trimming=True) == [amount for amount, _ in oracle]
    settlement = settle_site(outcome, None, ante_trimming=True)
    assert [frozenset(s - 1 for s in p.eligible) for p in settlement.pots] == [who for _, who in oracle]
    put = sum(outcome.contributed)
    assert sum(settlement.payouts.values()) == put  # every chip paid back out, none lost or made
    for i, (c, a) in enumerate(zip(outcome.contributed, antes)):
        if c == a < ante:  # all in on a short ante: at most what he matched from each player
            assert settlement.payouts.get(i + 1, 0) <= sum(min(x, c) for x in outcome.contributed)


def _hands(name: str) -> dict:
    path = HAND / name
    return {h.hand_id: h for h in site_hands(read_text(str(path)), "partypoker", source=str(path))}


def test_partypoker_short_all_in_ante_main_pot_is_what_he_matched():
    # dan is all in on an ante of 40 (the others' 50): the main pot is 4 x 40 = 160, not 190 with every ante in
    # it; ann's and cy's 610 and bob's 110 above it make the side pot of 1,330
    hand = _hands("short-ante.txt")["5001"]
    assert hand.history.ante_trimming_status is True and hand.history.antes == (50, 50, 40, 50)
    outcome = interpret(hand.history)
    assert pots_of(outcome, ante_trimming=True) == [160, 1330]
    assert pots_of(outcome) == [190, 1300]  # antes as dead money: what the site does not do
    assert check_site(hand).status == "matched"
    dead = attrs.evolve(hand, history=attrs.evolve(hand.history, ante_trimming_status=False))
    r = check_site(dead)
    assert r.status == "mismatched" and "main pot file 160, engine 190" in r.message


def test_partypoker_equal_antes_marked_and_matched():
    hand = _hands("short-ante.txt")["5002"]
    assert hand.history.ante_trimming_status is True and check_site(hand).status == "matched"


def test_a_dead_blind_keeps_the_antes_dead_money():
    # a dead blind is written as an ante in the record: the hand cannot tell them apart, so it is not marked
    text = (HAND / "short-ante.txt").read_text(encoding="utf-8").split("***** Hand History for Game 5002")[0]
    text = text.replace("cy posts big blind [200].\n", "cy posts big blind [200].\nann posts dead [100]\n")
    text = text.replace("ann raises [600]", "ann raises [500]")
    (hand,) = site_hands(text, "partypoker")
    assert hand.history.ante_trimming_status is False and hand.history.antes == (50, 50, 40, 150)


def test_the_record_round_trips_phh_and_ohh_and_replays_matched():
    import json

    from pokerengine.formats.ohh import read_ohh
    from pokerengine.formats.ohh_write import ANTE_TRIMMING_FIELD, write_ohh
    from pokerengine.phh import dumps, loads
    from pokerengine.replay import replay_hand
    from pokerengine.replay.convert import site_to_phh

    hand = _hands("short-ante.txt")["5001"]
    phh = site_to_phh(hand)
    assert phh.ante_trimming_status is True
    back = loads(dumps(phh))
    assert back.ante_trimming_status is True and replay_hand(back).status == "matched"
    assert replay_hand(attrs.evolve(back, ante_trimming_status=False)).status == "mismatched"
    ohh = write_ohh(hand)
    assert ohh["ohh"][ANTE_TRIMMING_FIELD] is True if "ohh" in ohh else ohh[ANTE_TRIMMING_FIELD] is True
    (again,) = read_ohh(json.dumps(ohh))
    assert again.history.ante_trimming_status is True and check_site(again).status == "matched"


#: A hand-written 888 tournament hand in the layout of fpdb-3's 2012 freeroll file that showed the rule (dan all in
#: on an ante of 10 against antes of 25): 888's main pot is 4 x 10 = 40, not 85 with every ante in it.
PACIFIC_SHORT_ANTE = """\
#Game No : 9001
***** Cassava Hand History for Game 9001 *****
$100/$200 Blinds No Limit Holdem - *** 17 02 2012 00:42:56
Tournament #4242 Free - Table #3 (Real Money)
Seat 4 is the button
Total number of players : 4
Seat 1: ann ( $3,000 )
Seat 2: bob ( $2,000 )
Seat 3: cy ( $1,500 )
Seat 4: dan ( $10 )
dan posts ante [$10]
ann posts ante [$25]
bob posts ante [$25]
cy posts ante [$25]
ann posts small blind [$100]
bob posts big blind [$200]
** Dealing down cards **
cy raises [$600]
ann folds
bob calls [$400]
** Dealing flop ** [ Kh, 8d, 5c ]
bob checks
cy checks
** Dealing turn ** [ 2s ]
bob checks
cy checks
** Dealing river ** [ 3h ]
bob checks
cy checks
** Summary **
bob shows [ Jc, Jh ]
cy shows [ Ks, Qd ]
dan shows [ As, Ad ]
dan collected [ $40 ]
cy collected [ $1,345 ]
"""


def test_pacific_short_all_in_ante_main_pot_is_what_he_matched():
    (hand,) = site_hands(PACIFIC_SHORT_ANTE, "pacific")
    assert hand.history.ante_trimming_status is True and hand.history.antes == (25, 25, 25, 10)
    outcome = interpret(hand.history)
    assert pots_of(outcome, ante_trimming=True) == [40, 1345] and pots_of(outcome) == [85, 1300]
    assert check_site(hand).status == "matched"
    dead = attrs.evolve(hand, history=attrs.evolve(hand.history, ante_trimming_status=False))
    assert check_site(dead).status == "mismatched"
