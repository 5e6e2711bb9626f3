"""The Bovada reader's second half (:mod:`.bovada`): a hand's lines as read (:class:`Read`), told to the
shared :class:`~.draft.Draft` once the summary is known (:func:`build`).

Bovada names seats by position; their order of play is the record's order (the small blind first, the
dealer last), and the site's seat numbers are kept when they follow it:

>>> [position_rank(n) for n in ("Small Blind", "Big Blind [ME]", "UTG", "UTG+3", "Dealer")]
[0, 1, 2, 5, 99]

What :func:`build` works out that the file does not write: the streets of the 2012 files that mark none
(a betting round is over when every player not all in has acted and matched the bet; the next action
begins the next street, its cards taken from the summary's board), a big blind's walk (the file counts
the uncalled bet in the pot), a call of more than was owed (handed back), the stakes of cash and stud
hands (the headers give none), the rake the summary does not write.  Limits: those of the reader (the
hand's lines are bounded there); time linear in the lines.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import attrs

from .._checks import shown
from .draft import Draft

_POSITION = re.compile(r"(Small Blind|Big Blind|UTG(?:\+[0-9]{1,2})?|Dealer)( \[ME\])?")
#: The flop, the turn and the river, in characters of compact cards.
BOARD_SIZES = (6, 2, 2)


@functools.lru_cache(maxsize=256)  # (a handful of names, ranked for every seat, post and sort of every hand)
def position_rank(name: str) -> int | None:
    """The place of a Bovada seat's name in the order of play (``Small Blind`` 0, ``Big Blind`` 1, ``UTG``
    2, ``UTG+k`` 2 + k, ``Dealer`` last), or ``None`` for a name that is no position.

    >>> [position_rank(n) for n in ("Small Blind", "UTG+2 [ME]", "Dealer", "Seat+3")]
    [0, 4, 99, None]
    """
    m = _POSITION.fullmatch(name)
    if m is None:
        return None
    base = m.group(1)
    known = {"Small Blind": 0, "Big Blind": 1, "UTG": 2, "Dealer": 99}
    return known[base] if base in known else 2 + int(base[4:])


@attrs.define
class Read:
    """What a hand's lines say, in the order they say it (the draft is built from it at the end, when
    the summary's board is known: the 2012 files mark no street)."""

    tournament: bool = False
    seats: dict[str, tuple[int, int, int]] = attrs.Factory(dict)  # name -> (site seat, stack, line)
    seating: list[int] = attrs.Factory(list)  # an MVS tournament's seats, in table order
    posts: list[tuple[str, str, int, int]] = attrs.Factory(list)  # (name, kind, amount, line)
    holes: dict[str, tuple[str, int]] = attrs.Factory(dict)
    ops: list[tuple[str, str, Any, int]] = attrs.Factory(list)  # (kind, name, value, line)
    marked: bool = False  # the streets are marked
    level: tuple[int, int] | None = None  # a tournament's blinds, as its header says
    section: str = "seats"
    board: str | None = None  # the summary's
    last: tuple[str, str] | None = None  # the last player's line read
    repeats: set[int] = attrs.Factory(set)  # the ops read from a line that repeats the one before
    stud: dict[tuple[str, int], str] = attrs.Factory(dict)  # stud: (player, street) -> the cards dealt
    street: int = -1  # stud: the last street dealt
    said: list[tuple[str, int, int]] | None = None  # the summary's seat lines: (name, amount won, line); None: none


def build(h: Draft, r: Read) -> None:
    """Tell the draft the hand: the players dealt in (in position order), the posts, the cards, the
    actions with the boards between the betting rounds, the showdown, and the summary's figures."""
    dealt = set(r.holes) | {name for name, *_ in r.posts} | {name for kind, name, *_ in r.ops if name}
    dealt |= {name for name, _ in r.stud}
    if h.kind == "stud":  # in seat order, no button
        order = sorted(dealt, key=lambda name: r.seats[name][0])
        seats = [r.seats[name][0] for name in order]
    else:
        order = sorted(dealt, key=lambda name: position_rank(name) or 0)
        seats = _site_seats(r, order) or list(range(1, len(order) + 1))
    for seat, name in zip(seats, order):
        h.line = r.seats[name][2]
        h.seat(seat, name, r.seats[name][1])
    if h.kind == "stud":
        _stud(h, r)
    else:
        h.button = seats[-1]
        _posts(h, r, order)
    h.start_betting()
    for name, (cards, _) in r.holes.items():  # (read and counted when dealt: compact, as many as the game deals)
        h.cards[name] = cards
    left = {name: r.seats[name][1] for name in order}
    for name, _, amount, _ in r.posts:
        left[name] -= amount
    board = "".join(c for kind, _, c, _ in r.ops if kind == "board")
    rest = (r.board or "")[len(board):] if (r.board or "").startswith(board) else ""
    folded: set[str] = set()
    acted: set[str] = set()
    dealt_board = 0
    excess: dict[str, int] = {}  # chips a call put in beyond what it owed (handed back as "uncalled")
    drop = _unrepeated(h, r)

    def deal(upto: int) -> None:  # the summary's board cards up to ``upto`` (compact characters)
        nonlocal rest, dealt_board
        while rest and dealt_board < upto:
            size = BOARD_SIZES[dealt_board and (dealt_board - 4) // 2]
            if len(rest) < size:
                raise h.fail(f"the summary's board ends with {len(rest) // 2} card(s)")
            h.board(rest[:size])
            rest, dealt_board = rest[size:], dealt_board + size
            acted.clear()

    for i, (kind, name, value, line) in enumerate(r.ops):
        h.line = line
        if i in drop:
            h.user["_repeated_lines"] = h.user.get("_repeated_lines", 0) + 1
            continue
        if kind == "board":
            h.board(value)
            dealt_board += len(value)
            acted.clear()
            continue
        if kind == "street":
            h.street = value
            h.events.append(("street", "", value))
            h.new_round()
            acted.clear()
            continue
        if kind == "bring":
            h.bring_in = value
            h.events.append(("pb", name, None))
            h.committed[name] = h.top = value
            left[name] = max(0, left[name] - value)
            continue
        if kind in ("show", "muck"):
            deal(10)
            h.showdown = True
            seven = "".join(r.stud.get((name, k), "") for k in range(5))
            if kind == "show" and h.kind == "stud" and len(seven) == 14:
                h.show(name, seven)
            elif kind == "show" and name in r.holes:
                h.show(name, r.holes[name][0])
            elif kind == "show":  # (cards not written: unknown)
                h.events.append(("show", name, ""))
            else:
                h.muck(name)
            continue
        if kind == "back":
            cut = min(value, excess.get(name, 0))
            excess[name] = excess.get(name, 0) - cut
            if value > cut:
                h.uncalled(name, value - cut)
            continue
        if kind == "won":
            h.collect(name, value)
            continue
        if not r.marked and h.kind != "stud" and _closed(h, order, folded, acted, left):
            deal(dealt_board + 1)
        elif i in r.repeats and kind not in ("won", "back"):  # (the same action again, on the same street)
            h.user["_repeated_lines"] = h.user.get("_repeated_lines", 0) + 1
            continue
        before = h.committed.get(name, 0)
        if kind == "f":
            h.fold(name)
            folded.add(name)
        elif kind == "x":
            h.check(name)
        elif kind == "c":  # a call of more than is owed (a big blind all in for less): the rest goes back
            excess[name] = excess.get(name, 0) + max(0, value - max(0, h.top - before))
            h.call(name)
        elif kind == "add" or kind == "dbl":
            h.put_in(name, value)
        else:
            h.raise_to(name, value)
        acted.add(name)
        left[name] = max(0, left[name] - (h.committed.get(name, 0) - before))
    deal(10)
    _state(h, r)
    _walk(h, r, order, folded)
    if h.total is None:  # an empty summary (Zone Poker, everyone gone): the pot is what was put in
        h.needs_total = False
        pot = sum(r.seats[name][1] - left[name] for name in order) - sum(c.amount for c in h.returned)
        h.rake = pot - sum(c.amount for c in h.collected) if h.money else 0
        if h.rake < 0:
            h.rake = None
        return
    if h.rake is None:  # written before 2013; since, the total less what was collected (tournaments: 0)
        h.rake = h.total - sum(c.amount for c in h.collected)
        if h.rake < 0 or not h.money and h.rake:
            h.rake = None if h.money else 0


def _state(h: Draft, r: Read) -> None:
    """What the summary's seat lines say each player won (:meth:`Draft.state_won`), for the check to compare
    with the ``Hand result`` lines: each amount on a seat's line (a win, or the ``HI`` and ``LO`` halves)."""
    if r.said is None:
        return
    h.stated = {}
    for name, amount, line in r.said:
        if not amount:
            continue
        h.line = line
        if name not in h.seats:
            raise h.fail(f"the summary says {shown(name)} won, who is not in the hand")
        h.state_won(name, amount)


def _unrepeated(h: Draft, r: Read) -> set[int]:
    """The ops of lines written twice in a row (files of 2014 repeat lines) to drop: an action when the
    streets are marked (nobody acts twice in a row; in the 2012 files that mark no street a player may
    check on one street and the next: :func:`_build` drops those that do not begin a street), a result
    when the results add up to more than the pot."""
    won = sum(value for kind, _, value, _ in r.ops if kind == "won")
    over = h.total is not None and won > h.total
    return {i for i in r.repeats if r.ops[i][0] == "won" and over or r.ops[i][0] != "won" and r.marked}


def _stud(h: Draft, r: Read) -> None:
    """A stud hand's antes, cards and stakes (the headers give none: the small bet is the first completion
    or bet of third or fourth street, the big bet the first bet after; else twice the other, or, with no bet
    at all, what no action depends on)."""
    for (name, street), cards in r.stud.items():
        h.dealt[(name, street)] = cards
    for name, kind, amount, line in r.posts:
        h.line = line
        if kind != "ante":
            raise h.fail(f"{shown(name)} posts a blind in a stud game")
        h.post(name, kind, amount)
    small = big = None
    street = 0
    for kind, name, value, _ in r.ops:
        if kind == "street":
            street = value
        elif kind in ("add", "to") and small is None and street <= 1:
            small = value
        elif (kind == "add" and street >= 2 or kind == "dbl") and big is None:
            big = value
    if small is None:
        bring = next((v for k, _, v, _ in r.ops if k == "bring"), None)
        small = big // 2 if big else 2 * bring if bring else 2
    h.stakes(small, big or 2 * small)
    h.start_betting()


def _walk(h: Draft, r: Read, order: list[str], folded: set[str]) -> None:
    """Everyone folded to a player whose bet nobody called and the file hands nothing back (a big blind's
    walk): Bovada counts the bet in the pot and the player's result; it is an uncalled bet, handed back."""
    live = [name for name in order if name not in folded]
    if len(live) != 1 or any(kind == "back" and name == live[0] for kind, name, _, _ in r.ops):
        return
    winner = live[0]
    excess = h.committed.get(winner, 0) - max((x for name, x in h.committed.items() if name != winner), default=0)
    won = [c for c in h.collected if c.player == winner]
    if excess <= 0 or not won or won[-1].amount < excess or h.total is not None and h.total < excess:
        return
    h.collected[h.collected.index(won[-1])] = attrs.evolve(won[-1], amount=won[-1].amount - excess)
    if h.stated is not None and h.stated.get(winner, 0) >= excess:  # (the summary counts the bet in too)
        h.stated[winner] -= excess
    if h.total is not None:
        h.total -= excess
    h.uncalled(winner, excess)


def _closed(h: Draft, order: list[str], folded: set[str], acted: set[str], left: dict[str, int]) -> bool:
    """Whether the betting round is over (the 2012 files mark no street: the next action begins the next)."""
    live = [name for name in order if name not in folded and left[name] > 0]
    if len(live) <= 1:
        return all(h.committed.get(name, 0) >= h.top for name in live)
    return all(name in acted and h.committed.get(name, 0) == h.top for name in live)


def _posts(h: Draft, r: Read, order: list[str]) -> None:
    """The forced bets, and the stakes they show (cash headers give none; a tournament's header may name
    another level than the table plays)."""
    full = {name: r.seats[name][1] for name in order}
    small = big = None
    kinds: list[tuple[str, str, int, int]] = []
    ante = max((a for _, k, a, _ in r.posts if k == "ante"), default=0)
    anted = {name for name, k, _, _ in r.posts if k == "ante"}
    for name, kind, amount, line in r.posts:
        full[name] -= amount
        rank = position_rank(name)
        if kind == "all-in":  # a blind or an ante posted all in: an ante while the antes are posted
            later = [k for _, k, _, _ in r.posts[r.posts.index((name, kind, amount, line)) + 1:]]
            if ante and name not in anted and ("ante" in later or not any(k in ("sb", "bb") for _, k, _, _ in kinds)):
                kinds.append((name, "ante", min(ante, amount), line))
                amount -= min(ante, amount)
                if not amount:
                    continue
            heads_up_button = rank == 99 and len(order) == 2 and not any(k == "sb" for _, k, _, _ in r.posts)
            kind = "sb" if rank == 0 or heads_up_button else "bb" if rank == 1 else "chip"
        elif kind == "sb" and full[name] > 0 and small is None:
            small = amount
        elif kind == "bb" and full[name] > 0 and big is None:
            big = amount
        kinds.append((name, kind, amount, line))
    if big is None and r.level is not None:
        small, big = small or r.level[0], r.level[1]
    if big is None:
        big = 2 * small if small else max((a for _, k, a, _ in kinds if k in ("bb", "chip")), default=0)
    small = small if small is not None else big // 2
    h.line = r.posts[0][3] if r.posts else h.line
    if h.fixed:
        h.stakes(big, 2 * big)
    else:
        h.stakes(small, big)
    for name, kind, amount, line in kinds:
        h.line = line
        if kind == "chip":  # a blind posted out of position (or a big blind for less): live
            kind = "bb"
        elif kind == "dead chip":  # both blinds at once: the big one live, the rest dead
            kind = "sbbb" if amount > big else "dead"
        h.post(name, kind, amount)


def _site_seats(r: Read, order: list[str]) -> list[int] | None:
    """The seats of the players dealt in (``order``: the positions' order) as the site numbers them (an MVS
    tournament's by its ``Seating Info``), or ``None`` when the site's numbers are no seats in that order
    (then the draft numbers them 1, 2... in the positions' order)."""
    seats = [r.seats[name][0] for name in order]
    if r.seating:
        seats = [r.seating.index(s) + 1 if s in r.seating else 0 for s in seats]
    if len(set(seats)) != len(seats) or not all(0 < s <= 10 for s in seats):
        return None
    # clockwise from the dealer (last), the seats must come in the positions' order (tournament files of
    # 2016 number the seats in no order)
    if [(s - seats[-1] - 1) % 10 for s in seats] != sorted((s - seats[-1] - 1) % 10 for s in seats):
        return None
    return seats
