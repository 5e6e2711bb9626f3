"""Live play speed: random six-max no-limit hold'em hands played to the end through the public API,
pokerengine's :class:`pokerengine.live.Hand` against PokerKit's ``State``, in one run.

    python benchmarks/bench_live.py [--hands N] [--rounds N] [--seed N] [--no-pokerkit]

Both sides play the same kind of hand: six players with random stacks of 20 to 400 big blinds...
in chips (blinds 1/2), a seeded random agent that asks the legal actions before every action
(fold, check or call, and the bet or raise range) and picks: fold 15%, check or call 50%, bet or
raise 35% (to the minimum, the maximum or a random amount between); each hand is played to the
end with its cards dealt from a shuffled deck, shown down and settled (pokerengine: the
``Settlement`` and the finishing stacks; PokerKit: its automations push and pull the chips).
The throughput of each side is the best of ``--rounds`` passes of CPU time
(:func:`time.process_time`).  Needs ``pip install "pokerkit==0.7.*"`` (the ``bench`` extra) for
the comparison.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokerengine.live import Hand  # noqa: E402

PLAYERS = 6


def stacks_for(rng: random.Random) -> list[int]:
    return [2 * rng.randint(20, 400) for _ in range(PLAYERS)]


def choose(rng: random.Random, can_check: bool, raise_range: tuple[int, int] | None) -> tuple[str, int]:
    x = rng.random()
    if x < 0.15 and not can_check:
        return "f", 0
    if x < 0.65 or raise_range is None:
        return "cc", 0
    low, high = raise_range
    y = rng.random()
    return "cbr", low if y < 0.4 else high if y < 0.6 else rng.randint(low, high)


def ours(hands: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    deck_rng = random.Random(seed + 1)
    actions = chips = 0
    start = time.process_time()
    for _ in range(hands):
        stacks = stacks_for(rng)
        hand = Hand("NT", stacks, blinds=(1, 2), rng=deck_rng)
        while not hand.over:
            seat = hand.to_act
            legal = hand.legal_actions()
            if legal.show:
                hand.show(seat)
                continue
            r = legal.raise_to
            verb, to = choose(rng, legal.check, None if r is None else (r.min_to, r.max_to))
            if verb == "f":
                hand.fold(seat)
            elif verb == "cc":
                hand.check_or_call(seat)
            else:
                hand.raise_to(seat, to)
            actions += 1
        chips += sum(hand.final_stacks.values())
    return time.process_time() - start, actions, chips


def run_pokerkit(hands: int, seed: int) -> tuple[float, int, int]:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
                   Automation.CHIPS_PULLING)
    rng = random.Random(seed)
    actions = chips = 0
    start = time.process_time()
    for _ in range(hands):
        stacks = stacks_for(rng)
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, tuple(stacks), PLAYERS)
        while state.status:
            can_check = state.checking_or_calling_amount == 0
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.can_fold()
            verb, to = choose(rng, can_check, None if low is None else (low, high))
            if verb == "f":
                state.fold()
            elif verb == "cc":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(to)
            actions += 1
        chips += sum(state.stacks)
    return time.process_time() - start, actions, chips


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-pokerkit", action="store_true")
    args = parser.parse_args(argv)
    best = min(ours(args.hands, args.seed) for _ in range(args.rounds))
    rate = args.hands / best[0]
    print(f"pokerengine.live: {args.hands} hands, {best[1] / args.hands:.1f} actions a hand, {rate:,.0f} hands/s "
          f"({best[0] / best[1] * 1e6:.1f} us an action, settlement included)")
    if args.no_pokerkit:
        return 0
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print('PokerKit is not installed: pip install "pokerkit==0.7.*"', file=sys.stderr)
        return 0
    pk_hands = max(1, args.hands // 10)  # PokerKit is much slower: a tenth of the hands is plenty to time
    pk = min(run_pokerkit(pk_hands, args.seed) for _ in range(max(1, args.rounds - 1)))
    pk_rate = pk_hands / pk[0]
    print(f"PokerKit {_version()}: {pk_hands} hands, {pk[1] / pk_hands:.1f} actions a hand, {pk_rate:,.0f} hands/s")
    print(f"ratio: pokerengine.live is {rate / pk_rate:.1f}x PokerKit")
    return 0


def _version() -> str:
    from importlib.metadata import version

    return version("pokerkit")


if __name__ == "__main__":
    raise SystemExit(main())
