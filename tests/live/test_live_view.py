"""Per-seat views of a live hand (pokerengine/live/view.py): what each seat and an observer may see.

The property test plays random hands of every game the engine deals (the random tables of
``tests/live/test_live_machine.py``: all eleven PHH games, 2 to 9 players, antes, blinds, straddles,
dead chips, stud's bring-in, live and replay modes) with random legal actions, and after every
action checks every seat's view and an observer's against an oracle written from the full PHH
lines alone: the k-th ``d dh`` line of a stud player deals the k-th street, whose ``hole`` flags say
which cards are up; a draw line of another player keeps only its count.  No view ever holds a card
that is not the viewer's own, on the board, face up or shown (a hand shown in an all-in has its
later cards dealt face up: stud's sixth and seventh street); the views' lines have the count and
shape of the full lines, and a view's earlier lines never change.
"""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_live_machine import tables

from pokerengine.errors import IllegalActionError
from pokerengine.live import Hand, View

CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _chunks(cards: str) -> list[str]:
    return [cards[i : i + 2] for i in range(0, len(cards), 2)]


def oracle(hand: Hand, viewer: int | None) -> tuple[list[str], set[str]]:
    """The lines ``viewer`` (a position, or ``None``) may see, and every card it may know, from the
    full lines and the variant's streets only."""
    streets = hand.variant.streets
    stud = hand.variant.kind == "stud"
    dealt: dict[int, int] = {}
    lines, known, tabled = [], set(), set()
    for text in hand.actions:
        words = text.split(" ")
        if words[:2] == ["d", "dh"]:
            p = int(words[2][1:]) - 1
            k = dealt.get(p, 0)
            dealt[p] = k + 1
            cards = _chunks(words[3])
            if p == viewer or p in tabled:  # own cards; a hand face up gets its cards face up (stud all-in)
                known.update(cards)
            else:
                faces = streets[k].hole if stud else (False,) * len(cards)
                cards = [c if up else "??" for c, up in zip(cards, faces)]
                known.update(c for c, up in zip(cards, faces) if up)
            lines.append(" ".join(words[:3] + ["".join(cards)]))
        elif len(words) == 3 and words[1] == "sd" and int(words[0][1:]) - 1 != viewer:
            lines.append(f"{words[0]} sd {'?' * len(words[2])}")
        else:
            lines.append(text)
            if len(words) == 3 and words[1] == "sm":
                tabled.add(int(words[0][1:]) - 1)
            if words[:2] == ["d", "db"] or (len(words) == 3 and words[1] == "sm"):
                known.update(_chunks(words[-1]))
    known.discard("??")
    return lines, known


def check_views(hand: Hand, before: dict[int | None, tuple[str, ...]]) -> None:
    for position, seat in [(None, None), *enumerate(hand.seats)]:
        view = hand.view(seat)
        lines, known = oracle(hand, position)
        assert list(view.lines) == lines
        assert len(view.lines) == len(hand.actions)
        for mine, full in zip(view.lines, hand.actions):
            assert len(mine) == len(full) and mine.split(" ")[:-1] == full.split(" ")[:-1]
        old = before.get(seat, ())
        assert view.lines[: len(old)] == old  # earlier lines never change
        before[seat] = view.lines
        data = view.to_json()
        json.dumps(data)  # JSON-ready
        visible = " ".join([*data["lines"], *data["cards"].values(), *data["up_cards"].values(), data["board"]])
        leaked = set(CARD.findall(visible)) - known
        assert not leaked, (seat, leaked, hand.actions)
        assert view.to_act == hand.to_act and view.pot == hand.pot and view.stacks == hand.stacks
        assert (view.legal is not None) == (seat is not None and seat == hand.to_act)
        if seat is not None:
            assert view.cards[seat] == hand.cards(seat)
        for other, cards in view.cards.items():
            if other != seat and other not in view.shown and hand.variant.kind != "stud":
                assert set(cards) <= {"?"}


def random_action(hand: Hand, rng: random.Random) -> None:
    seat = hand.to_act
    legal = hand.legal_actions()
    verbs = legal.verbs
    weights = [{"fold": 1, "raise": 3, "muck": 1}.get(v, 6) for v in verbs]
    verb = rng.choices(verbs, weights)[0]
    amount: object = None
    if verb == "raise":
        r = legal.raise_to
        allin = hand.stacks[seat] + hand.bets[seat]
        amount = rng.choice([r.min_to, r.max_to, allin if r.min_to <= allin <= r.max_to else r.max_to,
                             r.min_to + (r.max_to - r.min_to) // 2 // hand.unit * hand.unit])
    elif verb == "draw":
        amount = hand.cards(seat)[: 2 * rng.randint(0, legal.draw)]
    hand.act(seat, verb, amount)


def play(table) -> tuple[Hand, random.Random]:
    game, stacks, button, kw, options, seed = table
    if len(stacks) < 3:
        kw = {k: v for k, v in kw.items() if k != "straddles"}
    rng = random.Random(seed)
    return Hand(game, stacks, button=button, options=options, rng=random.Random(seed + 1), **kw), rng


@settings(max_examples=examples(60), deadline=None)
@given(tables())
def test_no_view_holds_a_hidden_card(table):
    hand, rng = play(table)
    before: dict[int | None, tuple[str, ...]] = {}
    check_views(hand, before)
    while not hand.over and hand.to_act is not None:
        random_action(hand, rng)
        check_views(hand, before)
    assert hand.over


def test_hold_em_view():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    hand.act(3, "call"), hand.act(1, "call"), hand.act(2, "check")
    flop = hand.actions[-1]
    assert flop.startswith("d db ") and hand.view(2).lines[-1] == flop and hand.view().board == hand.board
    while not hand.over:
        hand.act(hand.to_act, "check" if hand.legal_actions().check else "show")
    observer = hand.view()
    assert observer.over and observer.final_stacks == hand.final_stacks
    assert set(observer.shown) <= set(hand.seats) and observer.shown
    shows = [line for line in observer.lines if " sm " in line]
    assert shows and all("?" not in line for line in shows)  # shown cards are public
    assert observer.lines[:3] == ("d dh p1 ????", "d dh p2 ????", "d dh p3 ????")
    for s in observer.shown:
        assert observer.cards[s] == hand.cards(s)


def test_stud_up_cards_are_public():
    hand = Hand("F7S", [100, 100, 100], ante=1, bring_in=1, small_bet=4, big_bet=8, rng=random.Random(5))
    assert hand.actions == ("d dh p1 4sJhAd", "d dh p2 6hQsJc", "d dh p3 4d8sAh")
    seen = hand.view(1)
    assert seen.lines == ("d dh p1 4sJhAd", "d dh p2 ????Jc", "d dh p3 ????Ah")
    assert seen.cards == {1: "4sJhAd", 2: "????Jc", 3: "????Ah"} and seen.up_cards == {1: "Ad", 2: "Jc", 3: "Ah"}
    assert hand.view().lines[0] == "d dh p1 ????Ad"
    assert seen.legal is None and hand.view(2).legal.bring_in == 1  # the jack brings in


def test_draw_discards_show_only_their_count():
    hand = Hand("F2L3D", [100, 100, 100], blinds=(1, 2), rng=random.Random(5))
    for seat in (3, 1):
        hand.act(seat, "call")
    hand.act(2, "check")
    assert hand.act(1, "draw", "4sJh") == ("p1 sd 4sJh", "d dh p1 9s6d")
    assert hand.view(1).lines[-2:] == ("p1 sd 4sJh", "d dh p1 9s6d")
    assert hand.view(2).lines[-2:] == ("p1 sd ????", "d dh p1 ????")
    assert hand.view().lines[-2:] == ("p1 sd ????", "d dh p1 ????")
    hand.act(2, "draw")  # stands pat
    assert hand.view(1).lines[-1] == "p2 sd" and hand.view(2).cards[1] == "?" * 10


def test_view_refuses_a_seat_not_in_the_hand():
    hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(1))
    for bad in (3, 0, True, "1", 1.0):
        try:
            hand.view(bad)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"view({bad!r}) accepted")
    assert isinstance(hand.view(1), View)


def test_views_of_every_bundled_record():
    """Every bundled PHH hand (fixtures/phh: hold'em, Omaha, stud and draw records) replayed through
    the engine: each seat's and an observer's view against the oracle, no hidden card in any."""
    from pathlib import Path

    from pokerengine.phh.reader import iter_files, load
    from pokerengine.live import GAMES, from_history

    root = Path(__file__).resolve().parents[2] / "fixtures" / "phh"
    count = 0
    kinds = set()
    for path in iter_files([root]):
        for record in load(path):
            if record.variant not in GAMES:
                continue
            hand = from_history(record, complete=False)
            check_views(hand, {})
            count += 1
            kinds.add(hand.variant.kind)
    assert count >= 600 and kinds == {"board", "stud", "draw"}
