"""Random legal hands, played by the live engine and written as PHH: a corpus to test replays on.

Each hand is a game (by default one of PHH's eleven variants), a table of 2 to 9 players with
random stacks, the game's forced bets (blinds, antes, a bring-in), and random legal play to the
end (calls and checks most, folds, bets and raises of random size, all-ins, draws and stand-pats,
shows and mucks) through :class:`pokerengine.live.Hand`, so every record is legal by the same
rule book the replayer uses.  The records carry ``finishing_stacks``, so replaying them checks
the settlement too.  The same seed gives the same hands.

>>> hands = list(generate(3, seed=7))
>>> [h.variant for h in hands] == [h.variant for h in generate(3, seed=7)]
True
>>> from pokerengine.replay.hand_replay import replay_hand
>>> all(replay_hand(h).status == "matched" for h in hands)
True

Limits: at most :data:`MAX_HANDS` hands a call; the time is linear in the hands (about 2,000 a
second on one core); :func:`write_corpus` writes hand by hand, in constant memory.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence

import attrs

from ._checks import shown
from .errors import PokerEngineError
from .live import Hand
from .phh.reader import dumps
from .phh.record import HandHistory
from .phh.variants import VARIANTS

#: PHH's eleven variants: the default games.
PHH_GAMES = ("NT", "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
#: The most hands one call generates.
MAX_HANDS = 100_000_000
#: The most hands one ``.phhs`` file gets by default (a file of about 3.5 MB).
PER_FILE = 5_000


class GenerateError(PokerEngineError):
    """Bad arguments to :func:`generate` or :func:`write_corpus`."""


def _check_count(hands: object) -> int:
    if type(hands) is not int or not 0 <= hands <= MAX_HANDS:
        raise GenerateError(f"hands must be an integer from 0 to {MAX_HANDS:,}, got {shown(hands)}")
    return hands


def _games(games: Sequence[str]) -> tuple[str, ...]:

    if isinstance(games, str) or not isinstance(games, Sequence) or not games or len(games) > 100:
        raise GenerateError(f"games must be a non-empty list of variant codes, got {shown(games)}")
    for g in games:
        if g not in VARIANTS:
            raise GenerateError(f"unknown variant {shown(g)}; known: {', '.join(VARIANTS)}")
    return tuple(games)


def _seats(value: object) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2 or any(type(x) is not int for x in value)
            or not 2 <= value[0] <= value[1] <= 9):
        raise GenerateError(f"seats must be (least, most) with 2 <= least <= most <= 9, got {shown(value)}")
    return value[0], value[1]


def random_hand(rng: random.Random, games: Sequence[str] = PHH_GAMES, seats: tuple[int, int] = (2, 9)) -> HandHistory:
    """One hand of a random game of ``games`` at a table of ``seats`` players, played at random."""

    game = rng.choice(games)
    v = VARIANTS[game]
    n = rng.randint(*seats)
    if v.kind == "stud":
        n = min(n, 7)  # seven stud players take 49 cards
    numbers = sorted(rng.sample(range(1, 10), n))
    stacks = {s: rng.choice((rng.randint(1, 20), rng.randint(20, 300), rng.randint(300, 2000))) for s in numbers}
    ante = rng.choice((0, 0, 0, 1))
    while True:
        try:
            if v.kind == "stud":
                if v.fixed:
                    hand = Hand(game, stacks, ante=1, bring_in=2, small_bet=4, big_bet=8, rng=rng)
                else:
                    hand = Hand(game, stacks, ante=1, bring_in=2, min_bet=4, rng=rng)
            else:
                hand = Hand(game, stacks, blinds=(1, 2), ante=ante, button=numbers[-1], rng=rng)
            break
        except PokerEngineError as exc:  # too many players for one deck (Omaha, short deck, draw games)
            if "too many" not in str(exc) or len(numbers) == 2:
                raise
            del stacks[numbers.pop(0)]
    play(hand, rng)
    h = hand.history()
    return attrs.evolve(h, players=tuple(f"player{s}" for s in (h.seats or numbers)))


def play(hand: object, rng: random.Random) -> None:
    """Play a live :class:`~pokerengine.live.Hand` to its end with random legal actions."""

    assert isinstance(hand, Hand)
    while not hand.over:
        seat = hand.to_act
        if seat is None:
            break
        legal = hand.legal_actions()
        x = rng.random()  # float ok: a random choice, not chips
        if legal.show or legal.muck:
            if legal.show and (not legal.muck or x < 0.8):  # float ok: a random choice
                hand.show(seat)
            else:
                hand.muck(seat)
        elif legal.draw is not None:
            cards = hand.cards(seat)
            held = [cards[i:i + 2] for i in range(0, len(cards), 2)]
            k = rng.randint(0, min(legal.draw, len(held)))
            hand.draw(seat, "".join(rng.sample(held, k)))
        elif legal.bring_in is not None:
            if legal.raise_to is not None and x < 0.3:  # float ok: a random choice
                hand.complete(seat)
            else:
                hand.bring_in(seat)
        elif legal.raise_to is not None and x < 0.25:  # float ok: a random choice
            r = legal.raise_to
            y = rng.random()  # float ok: a random choice
            amount = r.max_to if y < 0.1 else r.min_to if y < 0.6 else rng.randint(r.min_to, r.max_to)  # float ok
            hand.raise_to(seat, amount)
        elif legal.fold and legal.call and x < 0.45:  # float ok: a random choice
            hand.fold(seat)
        else:
            hand.check_or_call(seat)


def generate(hands: int, *, seed: int | str = 0, games: Sequence[str] = PHH_GAMES,
             seats: tuple[int, int] = (2, 9)) -> Iterator[HandHistory]:
    """``hands`` random legal hands (lazily), the ``k``-th from ``Random(f"{seed}:{k}")``: the same
    seed gives the same hands, and any hand can be made again alone."""
    count = _check_count(hands)
    chosen = _games(games)
    span = _seats(seats)
    if type(seed) not in (int, str) or isinstance(seed, str) and len(seed) > 200:
        raise GenerateError(f"seed must be an integer or a short string, got {shown(seed)}")
    for k in range(count):
        yield random_hand(random.Random(f"{seed}:{k}"), chosen, span)


@attrs.frozen
class Corpus:
    """What :func:`write_corpus` wrote: the ``files`` (paths, in order) and the ``hands``."""

    files: tuple[str, ...]
    hands: int


def write_corpus(out: str, hands: int, *, seed: int | str = 0, games: Sequence[str] = PHH_GAMES,
                 seats: tuple[int, int] = (2, 9), per_file: int = PER_FILE) -> Corpus:
    """Write ``hands`` random hands into the folder ``out`` as ``.phhs`` files of ``per_file`` hands
    (``hands-000001.phhs``, ...; ``per_file=0``: one file), hand by hand, in constant memory.  Tables
    are named by the hand's number in the corpus (1-based).  Existing files are overwritten."""
    count = _check_count(hands)
    if type(per_file) is not int or per_file < 0:
        raise GenerateError(f"per_file must be a non-negative integer, got {shown(per_file)}")
    os.makedirs(out, exist_ok=True)
    files: list[str] = []
    f = None
    try:
        for k, hand in enumerate(generate(count, seed=seed, games=games, seats=seats)):
            if f is None or per_file and k % per_file == 0:
                if f is not None:
                    f.close()
                files.append(os.path.join(out, f"hands-{len(files) + 1:06d}.phhs"))
                f = open(files[-1], "w", encoding="utf-8", newline="\n")
            else:
                f.write("\n")
            f.write(f"[{k + 1}]\n{dumps(hand)}")
    finally:
        if f is not None:
            f.close()
    return Corpus(tuple(files), count)
