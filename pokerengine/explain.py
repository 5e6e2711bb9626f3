"""Settlements in words: each pot, who could win it, who did, and every seat's result."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import cards_text

if TYPE_CHECKING:
    from .settlement import Settlement


def _seats(seats: Iterable[int]) -> str:
    return ", ".join(str(s) for s in seats)


def explain(result: Settlement) -> str:
    """Describe a :class:`~pokerengine.settlement.Settlement` the way seed 004 works a hand by hand.

    >>> from pokerengine import Seat, settle
    >>> print(settle([Seat(1, 10, cards="AsAd"), Seat(2, 4, cards="KsKd")], board="2c7d9hTs3c").explain())
    holdem, board 2c 7d 9h Ts 3c; 14 chips put in
    Uncalled: seat 1 gets back 6
    Main pot: 8 chips (4 from each of seats 1, 2), eligible seats 1, 2
      seat 1 wins 8
    Seat 1 [AsAd]: put in 10, gets 14, net +4
    Seat 2 [KsKd]: put in 4, gets 0, net -4
    """
    board = " ".join(cards_text([c]) for c in result.board)
    put_in = sum(s.contributed for s in result.seats)
    head = f"{result.game}, board {board or '(none)'}; {put_in} chips put in"
    if result.dead:
        head += f", {result.dead} dead"
    lines = [head]
    for seat, amount in result.refunds.items():
        if amount:
            lines.append(f"Uncalled: seat {seat} gets back {amount}")
    at_risk = {s.seat: s.contributed - result.refunds[s.seat] for s in result.seats}
    for i, p in enumerate(result.pots):
        name = "Main pot" if i == 0 else f"Side pot {i}"
        parts: dict[int, list[int]] = {}
        for seat, c in at_risk.items():
            part = p.part_of(c)
            if part:
                parts.setdefault(part, []).append(seat)
        sources = "; ".join(
            f"{amount} from {'each of seats' if len(who) > 1 else 'seat'} {_seats(who)}"
            for amount, who in sorted(parts.items(), reverse=True)
        )
        if p.dead:
            sources += ("; " if sources else "") + f"{p.dead} dead"
        if not p.amount:
            lines.append(f"{name}: 0 chips, eligible seats {_seats(p.eligible)}; no showdown")
            continue
        lines.append(f"{name}: {p.amount} chips ({sources}), eligible seats {_seats(p.eligible)}")
        if p.rake:
            lines.append(f"  rake {p.rake}")
        if p.high_winners is not None and p.low_winners:
            lines.append(f"  high half to {_seats(p.high_winners)}, low half to {_seats(p.low_winners)}")
        elif p.high_winners is not None and len(p.eligible) > 1:
            lines.append(f"  no qualifying low: high scoops, to {_seats(p.high_winners)}")
        for seat in p.winners:
            note = " (odd unit)" if seat in p.odd_units else ""
            verb = "wins" if len(p.winners) == 1 else "gets"
            lines.append(f"  seat {seat} {verb} {p.shares[seat]}{note}")
    if result.rake:
        lines.append(f"Rake: {result.rake}")
    for s in result.seats:
        paid = result.payouts[s.seat]
        net = paid - s.contributed
        shown = f" [{cards_text(s.cards)}]" if s.cards else ""
        folded = " (folded)" if s.folded else ""
        lines.append(f"Seat {s.seat}{folded}{shown}: put in {s.contributed}, gets {paid}, net {net:+d}")
    return "\n".join(lines)
