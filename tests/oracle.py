"""A slow, literal settlement written separately from the library: the tests' oracle.

It follows the rules as a dealer would, one chip at a time, and shares none of
the fast path's code: hands are ranked by brute force over every legal five cards.

1. The uncalled part of a lone highest bet goes back to whoever made it, live or folded (TDA 15-B,
   65-A; a folded top is a player who mucked at showdown after an all-in for less).
2. Every chip is a "layer" of height one: chip number ``h`` of every seat that put
   in at least ``h`` chips.  A layer is open to the live seats that put in at
   least ``h``.  Layers open to nobody join the highest layer open to somebody.
3. Dead money is a layer open to every live seat, at the bottom.
4. Adjacent layers open to the same seats are one pot.
5. Each pot goes to its best eligible hands; a tie is dealt out one unit at a
   time, round the table from the rule's starting seat.
"""

from __future__ import annotations

from itertools import combinations

from treys import Card, Evaluator

from pokerengine.cards import parse_cards

_E = Evaluator()


def _treys(cards):
    return [Card.new(c) for c in cards]


def _text(cards) -> list[str]:
    from pokerengine.cards import card_text

    return [card_text(c) for c in cards]


def high_rank(game: str, hole: list[str], board: list[str]) -> int:
    """Smaller is better (treys convention), by brute force over every legal five."""
    if game == "holdem":
        pool = hole + board
        return min(_E._five(_treys(five)) for five in combinations(pool, 5))
    return min(
        _E._five(_treys(list(two) + list(three))) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


def low_rank(hole: list[str], board: list[str]):
    """Omaha eight-or-better low by brute force: a tuple, smaller is better, None if none."""
    vals = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            ranks = [vals.get(c[0], None) or int(c[0]) for c in two + three]
            if len(set(ranks)) == 5 and max(ranks) <= 8:
                key = tuple(sorted(ranks, reverse=True))
                if best is None or key < best:
                    best = key
    return best


def deal_out(amount: int, winners_in_order: list, unit: int) -> dict:
    """Give ``amount`` to the winners one unit at a time, round and round, as a dealer does."""
    shares = {w: 0 for w in winners_in_order}
    i = 0
    k = len(winners_in_order)
    # First the even part, round by round, then the left-over units from the start.
    rounds = (amount // unit) // k
    for _ in range(rounds):
        for w in winners_in_order:
            shares[w] += unit
    left = amount - rounds * unit * k
    while left > 0:
        give = min(unit, left)
        shares[winners_in_order[i % k]] += give
        left -= give
        i += 1
    return shares


def oracle_settle(hand: dict) -> dict:
    """Payouts per seat for a hand given as :func:`pokerengine.settle` keyword arguments."""
    seats = hand["seats"]
    game = hand.get("game", "holdem")
    unit = hand.get("chip_unit", 1)
    board = _text(parse_cards(hand.get("board")))
    order = [s.seat for s in seats]
    paid = {s.seat: 0 for s in seats}
    put = {s.seat: s.contributed for s in seats}
    live = [s.seat for s in seats if not s.folded]

    # 1. uncalled bet
    top = max(put.values())
    toppers = [s for s in order if put[s] == top]
    if len(toppers) == 1:
        second = max([put[s] for s in order if s != toppers[0]], default=0)
        paid[toppers[0]] += top - second
        put[toppers[0]] = second

    # 2-3. one-chip layers, then dead money at the bottom
    layers = []  # (eligible frozenset, chips)
    for h in range(1, max(put.values()) + 1):
        chips = sum(1 for s in order if put[s] >= h)
        eligible = frozenset(s for s in live if put[s] >= h)
        layers.append([eligible, chips])
    # layers open to nobody join the highest layer open to somebody
    last_open = max((i for i, (e, _) in enumerate(layers) if e), default=None)
    if last_open is None:
        layers = [[frozenset(live), sum(c for _, c in layers)]]
    else:
        orphan = sum(c for e, c in layers[last_open + 1 :])
        layers = layers[: last_open + 1]
        layers[-1][1] += orphan
    dead = hand.get("dead", 0)
    if dead:
        layers.insert(0, [frozenset(live), dead])

    # 4. merge adjacent layers with the same eligible seats
    pots = []
    for e, c in layers:
        if pots and pots[-1][0] == e:
            pots[-1][1] += c
        elif c or e:
            pots.append([e, c])
    pots = [(e, c) for e, c in pots if c]

    # 5. award
    rule = hand.get("odd_chip", "small_blind")
    if rule == "left_of_button":
        start = order[(order.index(hand.get("button", order[-1])) + 1) % len(order)]
    else:
        start = hand.get("small_blind", order[0])
    ring = order[order.index(start) :] + order[: order.index(start)]
    cards = {s.seat: _text(s.cards) for s in seats}

    def winners_by(eligible, key):
        ranked = {s: key(s) for s in eligible}
        best = min(ranked.values())
        return [s for s in ring if s in eligible and ranked[s] == best]

    for eligible, amount in pots:
        if len(eligible) == 1:
            (s,) = eligible
            paid[s] += amount
            continue
        high = winners_by(eligible, lambda s: high_rank("holdem" if game == "holdem" else "omaha", cards[s], board))
        if game == "omaha-hilo":
            lows = {s: low_rank(cards[s], board) for s in eligible}
            qualified = {s for s in eligible if lows[s] is not None}
            if qualified:
                low = winners_by(qualified, lambda s: lows[s])
                lo_amount = (amount // unit // 2) * unit
                for s, v in deal_out(amount - lo_amount, high, unit).items():
                    paid[s] += v
                for s, v in deal_out(lo_amount, low, unit).items():
                    paid[s] += v
                continue
        for s, v in deal_out(amount, high, unit).items():
            paid[s] += v
    return paid
