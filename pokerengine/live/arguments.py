"""The checks of a live hand's set-up arguments: the game, seats and stacks, blinds, dead chips, bet sizes,
the deck (:func:`setup`: all of them).

Used by :class:`~pokerengine.live.Hand` before anything is posted; each refusal is a
:class:`~pokerengine.errors.PokerEngineError` that says what was wrong, with the bad value shown
bounded.

>>> _seating({1: 100, 4: 200, 6: 300}, 4, 1)   # clockwise from the seat after the button
([6, 1, 4], [300, 100, 200], 4)
>>> _blinds((1, 2), (), [6, 1, 4], 1)          # the small blind, the big blind, its position
([1, 2, 0], 2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .._checks import MAX_CHIPS, chips, shown
from ..errors import CardError, PokerEngineError
from ..phh.variants import VARIANTS, Variant
from . import draw as draws
from . import stud
from .deck import Deck
from .options import Options

#: The PHH variant codes a live hand plays: every game of the PHH specification.
GAMES = ("NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
#: Every variant code a live hand plays: PHH's (:data:`GAMES`) and pokerengine's own
#: (:data:`pokerengine.phh.variants.VARIANTS`: pot-limit hold'em ``PT``, five-card Omaha ``PO5``, ...).
CODES = tuple(VARIANTS)
MAX_PLAYERS = 23
"""Most players in one hand (hold'em from one 52-card deck; the other games allow fewer)."""
MAX_SEAT = 1000
"""Highest seat number."""


def _fail(message: str) -> PokerEngineError:
    return PokerEngineError(message)


def _variant(game: object) -> Variant:
    v = VARIANTS.get(game) if type(game) is str else None
    if v is None:
        raise _fail(f"game must be one of {', '.join(GAMES)} (PHH codes) or of pokerengine's own codes "
                    f"(PT, PO5, N5CD...: pokerengine.phh.VARIANTS), got {shown(game)}")
    return v


def _amount(value: object, what: str, unit: int, positive: bool = False) -> int:
    x = chips(value, what, error=PokerEngineError, positive=positive)
    if x % unit:
        raise _fail(f"{what} must be a multiple of the chip unit {unit}, got {x}")
    return x


def _seating(stacks: object, button: object, unit: int) -> tuple[list[int], list[int], int]:
    """Seats and stacks clockwise from the seat after the button, and the button seat."""
    if isinstance(stacks, Mapping):
        if not 2 <= len(stacks) <= MAX_PLAYERS:
            raise _fail(f"a hand has 2 to {MAX_PLAYERS} players, got {len(stacks)}")
        pairs = []
        for seat, stack in stacks.items():
            if type(seat) is not int or not 1 <= seat <= MAX_SEAT:
                raise _fail(f"seat numbers are ints from 1 to {MAX_SEAT}, got {shown(seat)}")
            pairs.append((seat, _amount(stack, f"stack of seat {seat}", unit, positive=True)))
        pairs.sort()
    elif type(stacks) is list or type(stacks) is tuple:
        if not 2 <= len(stacks) <= MAX_PLAYERS:
            raise _fail(f"a hand has 2 to {MAX_PLAYERS} players, got {len(stacks)}")
        pairs = [(k + 1, _amount(s, f"stack of seat {k + 1}", unit, positive=True)) for k, s in enumerate(stacks)]
    else:
        raise _fail(f"stacks must be a mapping seat -> chips or a list of chips, got {shown(stacks)}")
    if button is None:
        button = pairs[-1][0]
    elif type(button) is not int or not 1 <= button <= MAX_SEAT:
        raise _fail(f"button must be a seat number from 1 to {MAX_SEAT}, got {shown(button)}")
    k = next((i for i, (seat, _) in enumerate(pairs) if seat > button), 0)  # the first seat after the button
    pairs = pairs[k:] + pairs[:k]
    return [s for s, _ in pairs], [x for _, x in pairs], button


def _blinds(blinds: object, straddles: object, seats: list[int], unit: int) -> tuple[list[int], int, int]:
    """Each position's blind or straddle, the big blind and its position (-1: none).  Blinds by seat:
    the big blind is the largest (the later seat on a tie)."""
    n = len(seats)
    due = [0] * n
    if isinstance(blinds, Mapping):
        if straddles:
            raise _fail("with blinds given by seat, put the straddles in the same mapping")
        if len(blinds) > n:
            raise _fail(f"{len(blinds)} blinds for {n} players")
        where = {s: p for p, s in enumerate(seats)}
        for seat, amount in blinds.items():
            if type(seat) is not int or seat not in where:
                raise _fail(f"blind for seat {shown(seat)}, which is not in this hand")
            due[where[seat]] = _amount(amount, f"seat {seat}'s blind", unit)
        bb = max(due)
        return due, bb, max(p for p in range(n) if due[p] == bb) if bb else -1
    if type(blinds) is not list and type(blinds) is not tuple:
        raise _fail(f"blinds must be (small, big) or a mapping seat -> amount, got {shown(blinds)}")
    if type(straddles) is not list and type(straddles) is not tuple:
        raise _fail(f"straddles must be a list of amounts, got {shown(straddles)}")
    if not blinds:
        if straddles:
            raise _fail("straddles need blinds")
        return due, 0, -1
    if len(blinds) != 2:
        raise _fail(f"blinds must be (small, big), got {len(blinds)} amounts")
    sb = _amount(blinds[0], "small blind", unit)
    bb = _amount(blinds[1], "big blind", unit, positive=True)
    if sb > bb:
        raise _fail(f"the small blind ({sb}) is larger than the big blind ({bb})")
    if n == 2:
        if straddles:
            raise _fail("no straddles heads-up")
        due[1], due[0] = sb, bb  # TDA 34: heads-up the button posts the small blind
        return due, bb, 0
    if len(straddles) > n - 2:
        raise _fail(f"{len(straddles)} straddles for {n} players")
    due[0], due[1] = sb, bb
    for k, amount in enumerate(straddles):
        due[2 + k] = _amount(amount, "a straddle", unit, positive=True)
    return due, bb, 1


def _by_seat(given: object, name: str, what: str, seats: list[int], unit: int) -> list[int] | None:
    """Each position's amount (``None``: none) from ``{seat: chips}`` (the argument ``name``)."""
    if given is None:
        return None
    if not isinstance(given, Mapping):
        raise _fail(f"{name} must be a mapping seat -> chips, got {shown(given)}")
    if len(given) > len(seats):
        raise _fail(f"{what} for {len(given)} seats, {len(seats)} players")
    where = {s: p for p, s in enumerate(seats)}
    due = [0] * len(seats)
    for seat, amount in given.items():
        if type(seat) is not int or seat not in where:
            raise _fail(f"{what} for seat {shown(seat)}, which is not in this hand")
        due[where[seat]] = _amount(amount, f"seat {seat}'s {what}", unit)
    return due if any(due) else None


def _dead(dead: object, seats: list[int], unit: int, options: Options) -> list[int] | None:
    """Each position's dead chips (``None``: none), from ``{seat: chips}``."""
    due = _by_seat(dead, "dead", "dead chips", seats, unit)
    if due and options.ante_trimming:
        raise _fail("dead chips are dead money: they cannot go with ante_trimming=True")
    return due


def _posts(posts: object, seats: list[int], unit: int, blinds: list[int]) -> list[int] | None:
    """Each position's live post (``None``: none), from ``{seat: chips}``: not on a seat that
    posts a blind or straddle."""
    due = _by_seat(posts, "posts", "a live post", seats, unit)
    for p, x in enumerate(due or ()):
        if x and blinds[p]:
            raise _fail(f"seat {seats[p]} posts a blind already: give its post in blinds, not posts")
    return due


def _steps(v: Variant, min_bet: object, small_bet: object, big_bet: object, bb: int,
           unit: int) -> tuple[int, int]:
    """The bet sizes: ``(small, big)`` in fixed limit, ``(min_bet, min_bet)`` otherwise (defaults
    from the big blind ``bb``)."""
    if v.betting == "fixed-limit":
        if min_bet is not None:
            raise _fail(f"{v.name} takes small_bet and big_bet, not min_bet")
        small = bb if small_bet is None else _amount(small_bet, "small_bet", unit, positive=True)
        big = 2 * small if big_bet is None else _amount(big_bet, "big_bet", unit, positive=True)
        if not small:
            raise _fail("give small_bet (there is no big blind to take it from)")
        if big < small:
            raise _fail(f"big_bet ({big}) is smaller than small_bet ({small})")
        return small, big
    if small_bet is not None or big_bet is not None:
        raise _fail(f"{v.name} takes min_bet, not small_bet and big_bet")
    m = bb if min_bet is None else _amount(min_bet, "min_bet", unit, positive=True)
    if not m:
        raise _fail("give min_bet (there is no big blind to take it from)")
    return m, m


Setup = tuple[Variant, Options, list[int], list[int], list[int], list[int], int, tuple[int, int], int, Deck | None,
              int, list[int] | None, int, list[int] | None]
"""What :func:`setup` gives :class:`~pokerengine.live.Hand` to start with: the checked arguments."""


def setup(game: str, stacks: Mapping[int, int] | Sequence[int], button: int | None,
          blinds: Sequence[int] | Mapping[int, int], straddles: Sequence[int], ante: int, big_blind_ante: int,
          dead: Mapping[int, int] | None, posts: Mapping[int, int] | None, bring_in: int, min_bet: int | None,
          small_bet: int | None, big_bet: int | None, chip_unit: int, options: Options, rng: random.Random | None,
          deck: str | Sequence[str] | Deck | None, manual: bool) -> Setup:
    """Every argument of :class:`~pokerengine.live.Hand` checked, and the deck (shuffled, given, or
    ``None`` when the caller deals): the variant, options, seats and stacks in position order, the
    antes and blinds due, the big blind ante's position, the bet sizes, the chip unit, the deck, the
    button, the dead chips, the bring-in and the live posts."""
    v = _variant(game)
    if type(options) is not Options:
        raise _fail(f"options must be a pokerengine.live.Options, got {shown(options)}")
    unit = chips(chip_unit, "chip_unit", error=PokerEngineError, positive=True)
    seats, starts, button = _seating(stacks, button, unit)
    if sum(starts) > MAX_CHIPS:  # so that every finishing stack is a chip amount too
        raise _fail(f"the stacks add up to {sum(starts):,} chips; a hand plays at most 2**63 - 1")
    n = len(seats)
    blinds_due, big_blind, bb_at = _blinds(blinds, straddles, seats, unit)
    ante = _amount(ante, "ante", unit)
    bba = _amount(big_blind_ante, "big_blind_ante", unit)
    antes_due = [ante] * n
    bba_at = -1
    if bba:
        if ante:
            raise _fail("give either ante (every player's) or big_blind_ante (the big blind's), not both")
        if options.ante_trimming:
            raise _fail("a big blind ante is dead money: it cannot go with ante_trimming=True")
        if bb_at < 0:
            raise _fail("a big blind ante needs a big blind")
        bba_at = bb_at
        antes_due[bba_at] = bba
    dead_due = _dead(dead, seats, unit, options)
    posts_due = _posts(posts, seats, unit, blinds_due)
    if posts_due:
        blinds_due = [b + q for b, q in zip(blinds_due, posts_due)]
    steps = _steps(v, min_bet, small_bet, big_bet, big_blind, unit)
    forced = _amount(bring_in, "bring_in", unit)
    if v.kind == "stud":
        if big_blind or any(blinds_due):
            raise _fail(f"{v.name} has no blinds (or posts): give ante and bring_in")
        if forced >= steps[0]:
            raise _fail(f"the bring-in ({forced}) must be less than the small bet ({steps[0]})")
    elif forced:
        raise _fail(f"{v.name} has no bring-in (a stud game's forced bet)")
    if type(manual) is not bool:
        raise _fail(f"manual must be True or False, got {shown(manual)}")
    if manual:
        if deck is not None or rng is not None:
            raise _fail("manual=True deals no cards itself: give neither deck nor rng")
        source = None
    elif deck is not None:
        if rng is not None:
            raise _fail("give either deck (the cards in order) or rng (to shuffle), not both")
        source = deck if isinstance(deck, Deck) else Deck.of(deck)
        source.check_game(v.lowest_rank)
    else:
        source = Deck.shuffled(rng, short=v.lowest_rank > 0)
    holes = len(v.streets[0].hole)
    if v.kind == "stud":
        needed = stud.CARDS * n  # no burn cards: the replayer counts every card dealt
    elif v.kind == "draw":
        needed = holes * n if n <= draws.max_players(holes) else 53
    else:
        needed = holes * n + sum(s.board for s in v.streets) + (0 if manual else 3)
    if needed > (36 if v.lowest_rank else 52):
        raise _fail(f"{n} players are too many for {v.name} from one deck")
    if source is not None and v.kind == "draw" and source.remaining < 52:
        raise CardError(f"a draw game deals from all 52 cards (the discards are reshuffled when they run out); "
                        f"the deck has {source.remaining}")
    if source is not None and source.remaining < needed:
        raise CardError(f"the deck has {source.remaining} cards; this hand may need {needed}")
    return (v, options, seats, starts, antes_due, blinds_due, bba_at, steps, unit, source, button, dead_due, forced,
            posts_due)
