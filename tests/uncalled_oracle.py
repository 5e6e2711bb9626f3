"""A second settlement oracle, written from the rule book the way a dealer settles at the table.

It shares no model with :mod:`pokerengine.pots` (nor with ``tests/oracle.py``'s one-chip layers,
beyond the brute-force hand ranking and dealing-out it borrows from there), and in particular no
idea of "folded" when chips go back:

1. Uncalled bet (TDA 15-B, 65-A): the part of the largest contribution above the second largest
   was never called.  It goes back to whoever put it in, folded or not.  Ties at the top: nothing.
2. Side pots, as a dealer builds them: while a live seat has chips left in front of it, take the
   smallest amount any such seat still has (on the first pass, every live seat counts, so a live
   seat that put in nothing makes a main pot of no chips); every seat, folded or not, pushes that
   much (or all it has left) into a new pot, open to the live seats that still had chips there.
   Chips left in front of folded seats once no live seat has any join the last pot.  Dead money
   (dead blinds, antes that are dead) goes into the main pot, open to every live seat.
3. Rake (``docs/settlement.md``): percent of all the pots, floored to the chip unit, capped once a
   hand; drawn from the pots in proportion, each part floored to the unit, the units left one each
   to the pots with the largest remainders (earlier pot first on equal remainders), never more than
   a pot holds.  The uncalled chips are in no pot, so never raked.
4. Each pot less its rake is divided into the runs (run it twice) a unit at a time from the first
   run, and each run's part goes to the best eligible hands on that run's board; ties and hi/lo
   halves are dealt out a unit at a time clockwise from the rule's seat.
"""

from __future__ import annotations

from fractions import Fraction

from oracle import deal_out, high_rank, low_rank

from pokerengine.cards import card_text, parse_cards


def uncalled(put: dict[int, int]) -> dict[int, int]:
    """TDA 15-B: what goes back, seat by seat: the top's excess over the second, whoever made it."""
    back = dict.fromkeys(put, 0)
    ranked = sorted(put.values(), reverse=True) + [0]
    if ranked[0] > ranked[1]:
        top = next(s for s, x in put.items() if x == ranked[0])
        back[top] = ranked[0] - ranked[1]
    return back


def dealer_pots(put: dict[int, int], live: list[int], dead: int) -> list[list]:
    """``[eligible, chips]`` per pot, main pot first, from chips at risk (the uncalled part already back)."""
    left = dict(put)
    pots: list[list] = []
    first = True
    while True:
        contenders = [s for s in live if first or left[s] > 0]
        if not contenders:
            break
        level = min(left[s] for s in contenders)
        chips = 0
        for s in left:
            moved = min(level, left[s])
            left[s] -= moved
            chips += moved
        pots.append([contenders, chips])
        first = False
    pots[-1][1] += sum(left.values())  # folded chips above every live seat
    pots[0][1] += dead
    return pots


def rule_rake(pots: list[int], percent: Fraction, cap: int | None, unit: int) -> list[int]:
    """The rake drawn from each pot, by the steps of ``docs/settlement.md``."""
    total = sum(pots)
    rake = (percent * total / 100).__floor__() // unit * unit
    if cap is not None:
        rake = min(rake, cap // unit * unit)
    if not rake:
        return [0] * len(pots)
    exact = [Fraction(rake * p, total) for p in pots]
    parts = [e.__floor__() // unit * unit for e in exact]
    left = (rake - sum(parts)) // unit
    for i in sorted(range(len(pots)), key=lambda i: (-(exact[i] - parts[i]), i)):
        if left and parts[i] + unit <= pots[i]:
            parts[i] += unit
            left -= 1
    return parts


def rule_settle(hand: dict, *, rake: tuple[Fraction, int | None] | None = None,
                runs: list[str] | None = None) -> dict:
    """``{"payouts", "refunds", "rake", "pots"}`` for ``settle(**hand)``'s keyword arguments (holdem,
    omaha, omaha-hilo); ``rake`` as ``(percent, cap)``; ``runs`` each run's cards after ``hand["board"]``."""
    seats = hand["seats"]
    game = hand.get("game", "holdem")
    unit = hand.get("chip_unit", 1)
    order = [s.seat for s in seats]
    put = {s.seat: s.contributed for s in seats}
    live = [s.seat for s in seats if not s.folded]
    back = uncalled(put)
    at_risk = {s: put[s] - back[s] for s in put}
    pots = [p for p in dealer_pots(at_risk, live, hand.get("dead", 0)) if p[1]]
    amounts = [c for _, c in pots]
    rakes = rule_rake(amounts, *rake, unit) if rake is not None and amounts else [0] * len(pots)
    paid = dict(back)

    start = hand.get("small_blind", order[0])
    if hand.get("odd_chip", "small_blind") == "left_of_button":
        start = order[(order.index(hand.get("button", order[-1])) + 1) % len(order)]
    ring = order[order.index(start):] + order[:order.index(start)]
    common = [card_text(c) for c in parse_cards(hand.get("board"))]
    boards = [common + [card_text(c) for c in parse_cards(r)] for r in runs] if runs else [common]
    cards = {s.seat: [card_text(c) for c in s.cards] for s in seats}
    kind = "holdem" if game == "holdem" else "omaha"

    def best(eligible: list[int], key) -> list[int]:
        ranked = {s: key(s) for s in eligible}
        top = min(ranked.values())
        return [s for s in ring if s in eligible and ranked[s] == top]

    for (eligible, chips), r in zip(pots, rakes):
        parts = deal_out(chips - r, list(range(len(boards))), unit)
        for k, board in enumerate(boards):
            part = parts[k]
            if len(eligible) == 1:
                paid[eligible[0]] += part
                continue
            high = best(eligible, lambda s: high_rank(kind, cards[s], board))
            lows = {s: low_rank(cards[s], board) for s in eligible} if game == "omaha-hilo" else {}
            qualified = [s for s in eligible if lows.get(s) is not None]
            if qualified:
                low_part = part // unit // 2 * unit
                shares = deal_out(part - low_part, high, unit)
                for s, v in deal_out(low_part, best(qualified, lows.__getitem__), unit).items():
                    shares[s] = shares.get(s, 0) + v
            else:
                shares = deal_out(part, high, unit)
            for s, v in shares.items():
                paid[s] += v
    return {"payouts": paid, "refunds": back, "rake": sum(rakes), "pots": amounts}
