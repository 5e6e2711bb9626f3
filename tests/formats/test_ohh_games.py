"""Open Hand History for every game: the variant codes OHH names, stud, draw, run it twice.

``pokerengine/formats/ohh_games.py`` maps OHH's ``game_type`` and ``bet_type`` to the codes of
``codes.md``; the stud and draw rounds, the bring-in, the draws and ``??`` for a card not seen are
pokerengine extensions (OHH 1.4.7 names ``Stud``, ``StudHiLo`` and ``Draw`` but has no rounds or
actions for them: ``docs/histories.md``).  Each fixture of ``fixtures/ohh/`` is hand-written; the
pots are worked out by hand below, and :func:`pokerengine.replay.site_check.check_site` settles each through
the engine and compares every player's win per pot and the rake.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError
from pokerengine.phh import loads
from pokerengine.replay import replay_hand
from pokerengine.formats.ohh import dumps_ohh, read_ohh, write_ohh
from pokerengine.formats.ohh_games import DEFAULT_GAME, VARIANT_FIELD, code_of, names_of
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from pokerengine.phh.variants import VARIANTS

from test_ohh import played, short  # (the engine's random hands)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ohh"


def one(name: str):
    (hand,) = read_ohh((FIXTURES / name).read_bytes(), source=name)
    return hand


def doc(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(), parse_float=Decimal)


def edited(name: str, change) -> str:
    obj = doc(name)
    change(obj["ohh"])
    return dumps_ohh(obj, indent=None)


def back(hand):
    (again,) = read_ohh(dumps_ohh(hand))
    return again


# -- the codes -----------------------------------------------------------------------------------------


def test_the_spec_pairs_name_these_codes():
    assert {(g, b): code_of(g, b, None) for g in DEFAULT_GAME for b in ("NL", "PL", "FL")} == {
        ("Holdem", "NL"): "NT", ("Holdem", "PL"): "PT", ("Holdem", "FL"): "FT",
        ("Omaha", "NL"): "NO", ("Omaha", "PL"): "PO", ("Omaha", "FL"): "FO",
        ("OmahaHiLo", "NL"): "NO/8", ("OmahaHiLo", "PL"): "PO/8", ("OmahaHiLo", "FL"): "FO/8",
        ("Stud", "NL"): "N7S", ("Stud", "PL"): "P7S", ("Stud", "FL"): "F7S",
        ("StudHiLo", "NL"): "N7S/8", ("StudHiLo", "PL"): "P7S/8", ("StudHiLo", "FL"): "F7S/8"}


@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_every_code_is_written_and_read_back(code):
    game, bet, extended = names_of(code)
    v = VARIANTS[code]
    assert bet == {"fixed-limit": "FL", "pot-limit": "PL", "no-limit": "NL"}[v.betting]
    assert game == ("Draw" if v.kind == "draw" else "StudHiLo" if v.game == "stud-hilo" else "Stud"
                    if v.kind == "stud" else "OmahaHiLo" if v.game.endswith("-hilo") else "Omaha"
                    if v.game.startswith("omaha") else "Holdem")
    # the extension field only where the spec's pair does not say it: short deck, Omaha 5 and 6, razz, draws
    assert extended == (v.kind == "draw" or v.game in ("shortdeck", "razz") or v.game.startswith(("omaha5", "omaha6")))
    assert code_of(game, bet, code if extended else None) == code
    assert code_of(game, bet, code) == code  # (the field may be given where it is not needed)


# -- the fixtures, worked by hand ------------------------------------------------------------------------


def test_seven_card_stud():
    hand = one("stud.ohh")
    h = hand.history
    assert h.variant == "F7S" and (h.bring_in, h.small_bet, h.big_bet) == (20, 50, 100) and h.antes == (10, 10, 10)
    # Third street: the hero's cards are known, the others' two down cards not; bob's 2c is the lowest up
    # card, so bob brings in 20; cy calls, ann completes to 50, bob calls, cy folds.
    assert h.actions[:8] == ("d dh p1 AhAdKc", "d dh p2 ????2c", "d dh p3 ????9d", "p2 pb", "p3 cc", "p1 cbr 50",
                             "p2 cc", "p3 f")
    assert h.actions[8:10] == ("d dh p1 7s", "d dh p2 5h") and "d dh p2 ??" in h.actions  # bob's 7th card down
    # ann puts in 10 + 50 + 50 + 100 + 100 = 310, bob the same, cy 10 + 20: the pot is 650, and ann's aces
    # full of kings beat bob's eight-high straight (4-5-6-7-8).
    assert hand.collected == (Collected("ann", 0, 650),) and check_site(hand).status == "matched"
    assert back(hand).history == h


def test_stud_hi_lo_splits_in_cents():
    hand = one("stud-hi-lo.ohh")
    h = hand.history
    assert h.variant == "F7S/8" and h.players == ("dee", "eli") and (h.bring_in, h.small_bet) == (10, 20)
    # Each puts in 5 + 20 + 20 + 40 + 40 + 80 = 205 cents: 410, rake 20, 390 left.  High: eli's three kings;
    # low: dee's 6-4-3-2-A (eli has no five cards of eight or under).  195 each.
    assert sorted(hand.collected, key=lambda c: c.player) == [Collected("dee", 0, 195), Collected("eli", 0, 195)]
    assert check_site(hand).status == "matched"
    scoop = attrs.evolve(hand, collected=(Collected("eli", 0, 390),))
    r = check_site(scoop)
    assert r.status == "mismatched" and {(d.player, d.expected, d.got) for d in r.seats} == {
        ("eli", 390, 195), ("dee", 0, 195)}


def test_razz_brings_in_on_the_highest_up_card():
    hand = one("razz.ohh")
    h = hand.history
    # game_type Stud with the extension field: razz.  gil's king is the highest up card: gil brings in 5.
    assert h.variant == "FR" and doc("razz.ohh")["ohh"][VARIANT_FIELD] == "FR"
    assert h.actions[3:] == ("p2 pb", "p3 f", "p1 cbr 10", "p2 f")
    # fay completes to 10 and gil folds: fay's 5 more than gil's bring-in goes back; the pot is the antes
    # 6 + 5 + 5 = 16.
    assert hand.collected == (Collected("fay", 0, 16),) and check_site(hand).status == "matched"
    assert back(hand).history == h


def test_deuce_to_seven_triple_draw():
    hand = one("draw-27-triple.ohh")
    h = hand.history
    assert h.variant == "F2L3D"
    # The hero jon (p2) is dealt 2c3d4h7sKd; ivy's two discards and their replacements are unseen (????),
    # jon's Kd for the 8c is known; kai stands pat.
    assert h.actions[:3] == ("d dh p1 ??????????", "d dh p2 2c3d4h7sKd", "d dh p3 ??????????")
    assert h.actions[6:10] == ("p1 sd ????", "d dh p1 ????", "p2 sd Kd", "d dh p2 8c")
    # ivy 10, jon and kai 10 + 10 + 20 = 40 each: 90 to jon's 8-7-4-3-2 over kai's 9-6-5-4-3.
    assert hand.collected == (Collected("jon", 0, 90),) and check_site(hand).status == "matched"
    assert back(hand).history == h


def test_deuce_to_seven_single_draw_no_limit():
    hand = one("draw-27-single.ohh")
    h = hand.history
    # Heads-up: p1 lin the big blind, p2 max the button and small blind (PHH arrays small blind first).
    assert h.variant == "N2L1D" and h.blinds_or_straddles == (1, 2) and h.min_bet == 2
    # max raises to 6, lin calls: 12; lin draws one unseen, max stands pat, bets 10, lin calls: 32; lin mucks.
    assert h.actions[3:] == ("p1 cc", "p1 sd ??", "d dh p1 ??", "p2 sd", "p1 cc", "p2 cbr 10", "p1 cc",
                             "p2 sm 2d4s5c6h8d", "p1 sm")
    assert hand.collected == (Collected("max", 0, 32),) and check_site(hand).status == "matched"
    assert back(hand).history == h


def test_badugi():
    hand = one("badugi.ohh")
    # cid raises to 4, al folds his 1, bo calls: 9.  cid draws 3d for the Kh, bets 2 (the first draw bets
    # the small bet), bo folds: the 2 goes back, cid takes 9.
    assert hand.history.variant == "FB" and hand.collected == (Collected("cid", 0, 9),)
    assert check_site(hand).status == "matched" and back(hand).history == hand.history


def test_five_card_draw():
    hand = one("five-card-draw.ohh")
    # ola limps 5 more, ned checks: 20; ned draws three (unseen), ola two (Qs 4d: three queens); 20 each
    # more: 60, and ned shows aces full.
    assert hand.history.variant == "N5CD" and "p2 sd 2c7d" in hand.history.actions
    assert hand.collected == (Collected("ned", 0, 60),) and check_site(hand).status == "matched"
    assert back(hand).history == hand.history


def test_ace_to_five_triple_draw():
    hand = one("ace-to-five.ohh")
    # Both stand pat three times and check; quin's 5-4-3-2-A (a straight does not count in A-5) beats
    # pia's 6-4-3-2-A: the pot of 4.
    assert hand.history.variant == "FAL3D" and hand.history.actions.count("p1 sd") == 3
    assert hand.collected == (Collected("quin", 0, 4),) and check_site(hand).status == "matched"
    wrong = attrs.evolve(hand, collected=(Collected("pia", 0, 4),))
    assert check_site(wrong).status == "mismatched"


def test_five_card_omaha():
    hand = one("omaha5.ohh")
    # wes raises the pot (1 + 2 + his call of 2 = 5 more: to 7), uma calls, vic folds: 16; uma bets 16
    # on the flop, wes folds.
    assert hand.history.variant == "PO5" and hand.history.actions[0] == "d dh p1 AsAdKhQh2c"
    assert hand.collected == (Collected("uma", 0, 16),) and check_site(hand).status == "matched"


def test_run_it_twice():
    hand = one("run-twice.ohh")
    h = hand.history
    # Rounds Flop, Turn, River twice (the spec: "two round objects ... both Flop"): PHH _run_count 2, the
    # second run's board after the first (docs/runs.md).
    assert h.user_fields["_run_count"] == 2 and h.run_count == 2
    assert h.actions[7:13] == ("d db 2c7d9h", "d db Ts", "d db 3c", "d db Kc4h8d", "d db 5s", "d db 6c")
    # rita's 0.50 + 100 + 100 = 200.50, rake 3.00: 197.50, 98.75 a run.  Run 1 to sam's aces, run 2
    # (Kc 4h 8d 5s 6c) to tom's three kings.  The file gives each player's total over the runs.
    assert hand.collected == (Collected("sam", 0, 9875), Collected("tom", 0, 9875)) and hand.rake == 300
    r = check_site(hand)
    assert (r.status, r.rake_got) == ("matched", 300)
    assert back(hand).history == h
    assert write_ohh(hand)["ohh"]["flags"] == ["Run_It_Twice"]


# -- what is written -------------------------------------------------------------------------------------


def test_stud_is_written_with_its_streets_and_bring_in():
    o = write_ohh(one("stud.ohh"))["ohh"]
    assert [r["street"] for r in o["rounds"]] == ["Third Street", "Fourth Street", "Fifth Street", "Sixth Street",
                                                  "Seventh Street", "Showdown"]
    assert VARIANT_FIELD not in o and o["game_type"] == "Stud" and o["small_blind_amount"] == 20  # the bring-in
    acts = o["rounds"][0]["actions"]
    assert acts[4] == {"action_number": 5, "player_id": 1, "action": "Dealt Cards", "cards": ["??", "??", "2c"]}
    assert acts[6] == {"action_number": 7, "player_id": 1, "action": "Post Bring In", "amount": 20}
    assert write_ohh(one("razz.ohh"))["ohh"][VARIANT_FIELD] == "FR"


def test_draws_are_written_with_unseen_cards_left_out():
    o = write_ohh(one("draw-27-triple.ohh"))["ohh"]
    assert [r["street"] for r in o["rounds"]] == ["Preflop", "First Draw", "Second Draw", "Third Draw", "Showdown"]
    first = [(a["player_id"], a["action"], a.get("cards")) for a in o["rounds"][1]["actions"][:5]]
    assert first == [(0, "Discards Cards", ["??", "??"]), (1, "Discards Cards", ["Kd"]), (1, "Dealt Cards", ["8c"]),
                     (2, "Stands Pat", None), (0, "Check", None)]


def test_pot_rakes_are_written_per_pot():
    hand = one("cash-side-pot-rake.ohh")
    # The file's own rakes (1.00 and 1.50) unless others are given.
    assert [p["rake"] for p in write_ohh(hand)["ohh"]["pots"]] == [Decimal("1.00"), Decimal("1.50")]
    o = write_ohh(attrs.evolve(hand, pot_rakes=None), pot_rakes=[150, 100])["ohh"]
    assert [(p["amount"], p["rake"]) for p in o["pots"]] == [(Decimal("20.50"), Decimal("1.50")),
                                                           (Decimal("29.50"), Decimal("1.00"))]
    for bad in ([-1, 0], [1.5, 0], "12", [True, 0]):
        with pytest.raises(PokerEngineError):
            write_ohh(hand, pot_rakes=bad)
    with pytest.raises(PokerEngineError, match="pot_rakes is for a SiteHand"):
        write_ohh(hand.history, pot_rakes=[0])


# -- errors ------------------------------------------------------------------------------------------------


def rounds_of(change):
    return lambda o: change(o["rounds"])


@pytest.mark.parametrize("name, change, message", [
    ("stud.ohh", rounds_of(lambda r: r[1]["actions"][0].update(cards=["7s", "8s"])),
     "rounds[1].actions[0].cards: Fourth Street deals 1 card(s), got 2"),
    ("stud.ohh", rounds_of(lambda r: r[0]["actions"].insert(0, {"player_id": 0, "action": "Post SB", "amount": 5})),
     "Post SB: stud has antes and a bring-in, no blinds"),
    ("stud.ohh", rounds_of(lambda r: r[1].update(cards=["2d"])), "rounds[1].cards: no board cards in fixed-limit "
                                                                  "seven card stud"),
    ("stud.ohh", rounds_of(lambda r: r[1]["actions"].insert(2, {"player_id": 0, "action": "Stands Pat"})),
     "Stands Pat outside a draw round of a draw game"),
    ("stud.ohh", rounds_of(lambda r: r[0]["actions"][3]["cards"].__setitem__(0, "?")), "bad card '?'"),
    ("stud.ohh", rounds_of(lambda r: r[1].update(street="Flop")), "rounds[1].street must be one of Third Street"),
    ("run-twice.ohh", lambda o: o.pop("flags"),
     "rounds[4].street Flop comes after River (a board run again needs the flag Run_It_Twice)"),
    ("run-twice.ohh", rounds_of(lambda r: r.pop(5)), "rounds[5].street River comes without Turn"),
    ("run-twice.ohh", rounds_of(lambda r: r.pop(6)),
     "rounds: the last run of the board ends before the river"),
    ("run-twice.ohh", rounds_of(lambda r: r.__setitem__(slice(7, 7), [dict(x) for x in r[4:7]] * 2)),
     "a board is run at most three times"),
    ("run-twice.ohh", rounds_of(lambda r: r[5]["actions"].append({"player_id": 1, "action": "Check"})),
     "rounds[5].actions[0].action: 'Check' in a further run of the board"),
    ("run-twice.ohh", rounds_of(lambda r: r[0]["actions"].insert(0, {"player_id": 2, "action": "Dealt Cards",
                                                                     "cards": ["??", "Kd"]})), "bad card '??'"),
    ("draw-27-triple.ohh", rounds_of(lambda r: r[1]["actions"].pop(1)),
     "rounds[1].actions[1].cards: 1 cards dealt, not the replacements of a discard of jon's waiting for them"),
    ("draw-27-triple.ohh", rounds_of(lambda r: r[0]["actions"].insert(2, {"player_id": 0, "action": "Post Bring In",
                                                                          "amount": 1})),
     "Post Bring In outside a stud game's third street"),
    ("draw-27-triple.ohh", lambda o: o.pop(VARIANT_FIELD), "game_type 'Draw' does not say which draw game"),
    ("draw-27-triple.ohh", lambda o: o.update({VARIANT_FIELD: "N2L1D"}),
     "pokerengine_variant N2L1D is a Draw NL game, not 'Draw' 'FL'"),
])
def test_bad_extensions_name_the_field(name, change, message):
    with pytest.raises(HistoryParseError) as info:
        read_ohh(edited(name, change), source="x.ohh")
    assert message in str(info.value)


def test_what_the_writer_refuses():
    h = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
              'starting_stacks = [9, 9]\nactions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 9", "p1 cc", '
              '"d db 2c3d4h", "d db 5s"]\n_run_count = 2')
    # 2 board deals make no two runs of a hold'em board (4: all in on the turn; 5, 6: on the flop, before it)
    with pytest.raises(HistoryParseError, match="2 board deals do not make 2 runs of the board"):
        write_ohh(h)


# -- engine hands with the others' cards not seen ------------------------------------------------------------


def hidden(h, hero: int = 1):
    """``h`` as the hero (p1) saw it: the others' down cards (stud) or all their cards and discards (draw)
    ``??``, but for players who show their cards (a site then writes them all)."""
    kind = VARIANTS[h.variant].kind
    deals: dict[str, int] = {}
    out = []
    showing = {a.split()[0] for a in h.actions if " sm " in a} | {f"p{hero}"}
    for a in h.actions:
        w = a.split()
        if w[:2] == ["d", "dh"] and w[2] not in showing:
            k = deals.get(w[2], 0)
            deals[w[2]] = k + 1
            cards = [w[3][i:i + 2] for i in range(0, len(w[3]), 2)]
            if kind == "draw":
                cards = ["??"] * len(cards)
            elif k == 0:
                cards[:2] = ["??", "??"]  # third street: two down, one up
            elif k == 4:
                cards = ["??"]  # seventh street: down
            a = f"d dh {w[2]} {''.join(cards)}"
        elif len(w) == 3 and w[1] == "sd" and w[0] not in showing:
            a = f"{w[0]} sd {'??' * (len(w[2]) // 2)}"
        out.append(a)
    return attrs.evolve(h, actions=tuple(out))


@given(st.integers(0, 2**32), st.sampled_from(sorted(c for c, v in VARIANTS.items() if v.kind != "board")))
# two blinds posted short (the big blind's and a new player's live post): the post read back was the amount
# posted, not the amount due, and the replay of the read-back went out of turn
@example(56369, "F2L1D")
def test_stud_and_draw_hands_with_unseen_cards_round_trip(seed, code):
    h = played(seed, code)
    seen = hidden(h)
    (again,) = read_ohh(dumps_ohh(seen))
    if not short(h):
        assert again.history == attrs.evolve(seen, finishing_stacks=None)
    assert again.history.actions == seen.actions
    # the shows reveal what the showdown needs: the same pots as the hand with every card known
    assert check_site(again).status == "matched"
    assert replay_hand(again.history).finishing == replay_hand(h).finishing


@pytest.mark.parametrize("name", ["02-01-50.phh", "02-04-37.phh"])
def test_several_discards_before_their_replacements_round_trip(name):
    # regression: convert --to ohh wrote these WSOP 2023 draw hands (several players discard, then each
    # gets their replacements) in a form its own reader refused
    from pokerengine.replay.convert import convert_hands

    path = FIXTURES.parent / "phh" / "wsop-2023-43-day5" / name
    done = convert_hands(path.read_text(), "ohh", source=str(path))
    assert done.errors == () and done.hands == 1
    [hand] = read_ohh(done.text)
    assert check_site(hand).status == "matched"
