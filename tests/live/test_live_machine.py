"""Stateful property test of the live engine: random tables, random actions, invariants after each.

A :class:`~hypothesis.stateful.RuleBasedStateMachine` seats a random table (game, every one of the
eleven, 2 to 9 players, stacks short and deep, blinds, straddles, antes or a big blind ante, stud's
ante and bring-in, a dead button, a chip unit, the house options) and plays hand after hand, stacks
carried over, sometimes dead chips (a missed blind).  Rules: a legal action with an amount at the edges (the minimum, the maximum, all-in
for less, anything between; stud's bring-in or completion; a draw of any number of cards); an action
picked without looking, which must be accepted exactly when :meth:`Hand.legal_actions` says so and
otherwise change nothing.  Invariants after every step: chips are conserved, exactly one seat is
to act or none (and ``legal_actions`` agrees), and a finished hand's PHH record replays to the same
stacks, through the engine's replay mode and through the PHH replayer (which plays through it).

The quick profile runs 150 tables; ``POKERENGINE_HYPOTHESIS=deep`` runs ``POKERENGINE_DEEP_EXAMPLES``
tables; ``tests/live/test_live_deep.py`` plays at least a million actions.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pokerengine.errors import IllegalActionError, PokerEngineError
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.live import REPLAY, Hand, Options, from_history

GAMES_AND_SIZES = [("NT", 9), ("NS", 9), ("FT", 9), ("PO", 6), ("FO/8", 6), ("F7S", 7), ("F7S/8", 7), ("FR", 7),
                   ("N2L1D", 8), ("F2L3D", 8), ("FB", 9)]
STUD = ("F7S", "F7S/8", "FR")
# Strategies built once (drawing from a prebuilt strategy is much cheaper than building one per draw).
STACK_UNITS = st.one_of(st.integers(1, 12), st.integers(20, 400))
UNITS = st.sampled_from([1, 1, 1, 5, 25])
BIG_BLINDS = st.sampled_from([2, 2, 4, 10])
FORCED = st.sampled_from(["none", "none", "ante", "bba"])
MODES = st.sampled_from(["tda", "tda", "tda", "replay"])
ODD_CHIP = st.sampled_from(["small_blind", "left_of_button"])


@st.composite
def tables(draw):
    game, most = draw(st.sampled_from(GAMES_AND_SIZES))
    n = draw(st.integers(2, most))
    unit = draw(UNITS)
    seats = sorted(draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True)))
    stacks = {s: unit * draw(STACK_UNITS) for s in seats}
    bb = unit * draw(BIG_BLINDS)
    sb = draw(st.sampled_from([bb // 2, bb // 2, bb, 0]))
    sb -= sb % unit
    kw = {"blinds": (sb, bb), "chip_unit": unit}
    if n > 2 and draw(st.booleans()) and draw(st.booleans()):
        kw["straddles"] = (2 * bb,)
    forced = draw(FORCED)
    if game in STUD:  # no blinds: an ante (or none), a bring-in (or none), the small and big bets
        small = unit * draw(st.sampled_from([2, 4]))
        kw = {"chip_unit": unit, "bring_in": unit * draw(st.sampled_from([0, 1, 1])), "small_bet": small,
              "big_bet": 2 * small}
        forced = "ante" if forced == "bba" else forced
    if forced == "ante":
        kw["ante"] = unit * draw(st.integers(1, 3))
    elif forced == "bba":
        kw["big_blind_ante"] = bb
    button = draw(st.one_of(st.sampled_from(seats), st.integers(1, 10)))  # maybe an empty seat: dead button
    options = Options(
        mode=draw(MODES),
        cap_heads_up=draw(st.booleans()),
        odd_chip=draw(ODD_CHIP),
        auto_show=draw(st.booleans()),
        ante_trimming=forced == "ante" and draw(st.booleans()),
    )
    if not options.ante_trimming and draw(st.booleans()) and draw(st.booleans()):  # a missed blind posted dead
        kw["dead"] = {draw(st.sampled_from(seats)): unit * draw(st.integers(1, 3))}
    return game, stacks, button, kw, options, draw(st.integers(0, 2**32))


class LiveHandMachine(RuleBasedStateMachine):
    @initialize(table=tables())
    def seat_table(self, table):
        self.game, stacks, self.button, self.kw, self.options, seed = table
        self.rng = random.Random(seed)
        self.new_hand(stacks)

    def new_hand(self, stacks: dict[int, int]) -> None:
        kw = self.kw
        if len(stacks) < 3:
            kw = {k: v for k, v in kw.items() if k != "straddles"}
        if "dead" in kw:  # the seat posting dead chips may have busted
            kw = {**kw, "dead": {s: x for s, x in kw["dead"].items() if s in stacks}}
        self.hand = Hand(self.game, stacks, button=self.button, options=self.options, rng=self.rng, **kw)
        self.total = sum(stacks.values())
        self.checked = False

    # -- rules --------------------------------------------------------------------------------------

    @precondition(lambda self: not self.hand.over)
    @rule(pick=st.integers(0, 9), edge=st.sampled_from(["min", "max", "all-in", "between"]), frac=st.floats(0, 1))
    def legal_action(self, pick, edge, frac):
        hand = self.hand
        legal = hand.legal_actions()
        seat = legal.seat
        if legal.show:
            hand.show(seat) if pick < 7 else hand.muck(seat)
            return
        if legal.draw is not None:  # discard ``pick`` cards, at most all
            held = hand.cards(seat)
            hand.draw(seat, held[: 2 * min(pick % 6, legal.draw)])
            return
        if legal.bring_in is not None:
            hand.bring_in(seat) if pick < 6 or legal.raise_to is None else hand.complete(seat)
            return
        if pick == 0:
            hand.fold(seat)
        elif pick < 6 or legal.raise_to is None:
            hand.check(seat) if legal.check else hand.call(seat)
        else:
            r = legal.raise_to
            unit = hand.unit
            allin = hand.stacks[seat] + hand.bets[seat]
            if edge == "min":
                to = r.min_to
            elif edge == "max":
                to = r.max_to
            elif edge == "all-in" and r.min_to <= allin <= r.max_to:
                to = allin
            else:
                to = r.min_to + int((r.max_to - r.min_to) * frac) // unit * unit
            hand.raise_to(seat, to)

    @rule(who=st.integers(0, 9),
          verb=st.sampled_from(["fold", "check", "call", "raise", "show", "muck", "bring_in", "draw"]),
          amount=st.integers(-2, 5000), near=st.sampled_from(["min-1", "max+1", "min+1", "free"]))
    def any_action(self, who, verb, amount, near):
        """An action chosen blind: accepted exactly when legal_actions allows it, else nothing changes."""
        hand = self.hand
        seats = hand.seats
        seat = seats[who % len(seats)] if who < 9 else hand.to_act if hand.to_act is not None else seats[0]
        legal = hand.legal_actions()
        if verb == "raise" and legal.raise_to is not None and near != "free":
            r = legal.raise_to
            amount = {"min-1": r.min_to - 1, "max+1": r.max_to + 1, "min+1": r.min_to + 1}[near]
        ok = self.allowed(legal, seat, verb, amount)
        before = hand.snapshot()
        if verb == "draw":  # discard the first ``amount`` cards held (perhaps more than held)
            amount = amount % 7
            ok = ok and amount <= legal.draw
            args: tuple = (seat, (hand.cards(seat) + "2c" * 7)[: 2 * amount])
        else:
            args = (seat, amount) if verb == "raise" else (seat,)
        try:
            getattr(hand, "raise_to" if verb == "raise" else verb)(*args)
        except IllegalActionError:
            assert not ok, f"{verb} {amount} by seat {seat} refused though legal: {legal}"
            assert hand.snapshot() == before
        except PokerEngineError:
            assert verb == "raise" and amount < 0 and hand.snapshot() == before
        else:
            assert ok or (hand.options.replay and verb == "raise"), f"{verb} {amount} by {seat} accepted: {legal}"

    def allowed(self, legal, seat, verb, amount) -> bool:
        if legal.seat is None and verb in ("show", "muck"):  # replay mode: any live player, once over
            return getattr(legal, verb) and seat not in self.hand.folded
        if legal.seat != seat:
            return False
        if verb == "fold":
            return legal.fold
        if verb == "check":
            return legal.check
        if verb == "call":
            return legal.call is not None
        if verb in ("show", "muck"):
            return getattr(legal, verb)
        if verb == "bring_in":
            return legal.bring_in is not None
        if verb == "draw":
            return legal.draw is not None
        hand = self.hand
        allin = hand.stacks[seat] + hand.bets[seat]
        return legal.can_raise_to(amount) and (amount % hand.unit == 0 or amount == allin)

    @precondition(lambda self: self.hand.over)
    @rule()
    def next_hand(self):
        self.check_record()
        left = {s: x for s, x in self.hand.final_stacks.items() if x}
        if len(left) >= 2:
            self.new_hand(left)

    # -- invariants ---------------------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self):
        hand = self.hand
        assert sum(hand.stacks.values()) + sum(hand.contributed.values()) == self.total
        if hand.over:
            assert sum(hand.final_stacks.values()) + hand.settlement.rake == self.total

    @invariant()
    def one_seat_to_act_or_none(self):
        hand = self.hand
        who = hand.to_act
        assert hand.legal_actions().seat == who
        if hand.phase in ("bet", "draw") or (hand.phase == "showdown" and not hand.options.replay):
            assert who in hand.seats
        else:
            assert who is None
        if hand.over:
            assert who is None

    @invariant()
    def finished_hand_replays(self):
        if self.hand.over and not self.checked:
            self.check_record()

    def check_record(self) -> None:
        if self.checked:
            return
        self.checked = True
        hand = self.hand
        final = tuple(hand.final_stacks[s] for s in hand.seats)
        record = loads(dumps(hand.history()))
        assert record.finishing_stacks == final
        again = from_history(record, attrs.evolve(REPLAY, odd_chip=hand.options.odd_chip))  # PHH has no odd-chip field
        assert tuple(again.final_stacks[s] for s in again.seats) == final
        if hand.options.odd_chip != "small_blind":
            return  # PHH has no odd-chip field: the replayer gives odd chips from the small blind
        # One rule book: the PHH replayer plays through the engine's replay mode, so it refuses nothing
        # the live hand played (TDA 47-B reopenings, raises beyond the cap heads-up included) and
        # divides the pots in the record's _chip_unit.
        assert replay_hand(record).finishing == final


TestLiveHand = LiveHandMachine.TestCase
