"""What an iPoker hand's stakes are and what each player put in, where the file's numbers disagree.

Two readings of :mod:`pokerengine.formats.ipoker` live here.

**The stakes** (:func:`read_stakes`).  A tournament's game type writes no blinds: they are read from
the posts.  A big blind posted all in short (the poster's antes and blind are all his chips) is not the
big blind: then a tournament's big blind is twice the small blind posted in full (iPoker's tournament
blinds: the big blind twice the small one in every one of 6,995 real tournament hands where both were
posted in full, DriveHUD's and fpdb-3's files of 2011-2018), a cash game's the stakes its game type
writes.  Read as the short post, the callers of the real big blind looked like raisers and the hand did
not add up (DriveHUD's 4128216742 of 2012: a big blind of 250 all in at 150/300, two calls of 300).

**The bets** (:func:`reconcile_bets`).  A player's ``bet`` is all he put in; where his posts and
actions say otherwise, the file contradicts itself, and the record says so (user field
``_file_contradicts``), except in two shapes where the file's own rule is known and the posts and
actions are read instead:

- ``bet`` is what he put in before his last action plus that action's sum as written, a raise's sum
  being what it raises to (2018 cash files, client 17.5: a blind of 0.50 and a raise to 9,
  ``bet="9.50"``);
- ``bet`` counts his ante twice, and his first raise (``type="23"``) came after round 1 (2011-2012
  tournament files: each of the 17 hold'em players with an ante whose first raise came after the flop,
  DriveHUD's 2012 files 9 and fpdb-3's 2011 file 8, has his ante counted twice in ``bet``; of the 267
  whose first raise was preflop and the 2,375 who never raised, none.  Seven card stud, whose betting
  starts in round 2: the 13 hands of fpdb-3's 2011 stud tournament file where a raiser's ``bet`` counts
  his ante twice, on third street or later).  The wins there are written from what was really put in.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from .draft import Draft

#: The action types read (``type=``), by what they do.
FOLD, SB, BB, CALL, CHECK, BET, RAISE_BY, ALL_IN, JOINED, SITS_OUT, ANTE, BRING_IN, RAISE_TO = (
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "15", "16", "23")

#: A hand's actions as the reader keeps them: (round number, action number, element, line).
Actions = list[tuple[int, int, ET.Element, int]]
#: A hand's amount reader: an amount's text and what it is (for the error) to minor units.
Amount = Callable[[str | None, str], int]


def read_stakes(h: Draft, written_text: tuple[str, str] | None, actions: Actions, amount: Amount,
                memory: dict[str, tuple[int, int]]) -> None:
    """The blinds (or a fixed-limit game's bets) of ``h``: from the game type's stakes (``written_text``,
    cash games), else from the posts; a stud tournament's from its bets (``memory`` keeps the last
    hand's at the same ante for a hand where nothing shows them)."""
    written = (amount(written_text[0], "stakes"), amount(written_text[1], "stakes")) \
        if written_text is not None and h.money else None
    if h.kind == "stud":
        if written is None:  # a tournament: the bets are not written: a completion, a bet on fourth street
            bets = {no: [amount(a[2].get("sum"), "bet") for a in actions if a[2].get("type") == BET and a[0] == no]
                    for no in range(2, 7)}  # (an open pair on fourth street allows the big bet), a big bet's half
            ante = max([0, *(amount(a[2].get("sum"), "ante") for a in actions if a[2].get("type") == ANTE)])
            brings = [amount(a[2].get("sum"), "bring-in") for a in actions if a[2].get("type") == BRING_IN]
            big = bets[4] + bets[5] + bets[6]
            bet = _mode(bets[2]) if bets[2] else min(bets[3]) if bets[3] else _mode(big) // 2 if big else 0
            if bet:
                memory[f"stud {ante}"] = (ante, bet)
            else:  # nothing bet: the last hand's stakes at the same ante, else a guess (they play no part then)
                last = memory.get(f"stud {ante}")
                bet = last[1] if last is not None else 4 * brings[0] if brings else max(1, 4 * ante)
            written = (bet, 2 * bet)
        h.stakes(*written)
        return
    antes: dict[str, int] = {}
    for a in actions:
        if a[2].get("type") == ANTE:
            name = a[2].get("player") or ""
            antes[name] = antes.get(name, 0) + amount(a[2].get("sum"), "ante")
    sbs, sb_short = _posts(h, actions, SB, "small blind", amount, antes)
    bbs, bb_short = _posts(h, actions, BB, "big blind", amount, antes)
    if bbs:
        bb = min(bbs)
    elif bb_short and written is not None:  # the big blind all in short: the stakes written
        bb = written[1]
    elif bb_short and sbs and h.kind != "stud":  # ... a tournament's: twice the small blind
        bb = max(2 * min(sbs), max(bb_short))
    else:
        bb = min(bb_short) if bb_short else written[1] if written is not None else 0
    if bb == 0 and all(a[2].get("type") in (ANTE, FOLD, CHECK, JOINED, SITS_OUT) for a in actions):
        # antes only, nothing bet (a shoot-out's players all in by their antes): the stakes play no part
        bb = max([1, *(amount(a[2].get("sum"), "ante") for a in actions if a[2].get("type") == ANTE)])
    # (a small blind all in short is not the small blind either: the stakes written, else half the big one)
    sb = min(sbs) if sbs else written[0] if written is not None else bb // 2
    if written is not None and (bbs or bb_short) and written[1] == bb:
        sb = written[0]
    if h.fixed:
        h.stakes(bb, 2 * bb)
    else:
        h.stakes(sb, bb)


def _posts(h: Draft, actions: Actions, kind: str, what: str, amount: Amount,
           antes: dict[str, int]) -> tuple[list[int], list[int]]:
    """The blinds of ``kind`` posted: those posted in full, and those that put their poster all in (his
    antes and the blind all his chips: the blind may be short)."""
    full: list[int] = []
    short: list[int] = []
    for a in actions:
        if a[2].get("type") != kind:
            continue
        name = a[2].get("player") or ""
        value = amount(a[2].get("sum"), what)
        seat = h.seats.get(name)
        (short if seat is not None and 0 < value and antes.get(name, 0) + value >= seat[1] else full).append(value)
    return full, short


def late_raisers(actions: Actions) -> set[str]:
    """The players with an ante whose first raise (``type="23"``) comes after round 1 (hold'em and Omaha: after
    the flop is dealt; stud: on any street, third street being round 2)."""
    anted = {a[2].get("player") or "" for a in actions if a[2].get("type") == ANTE}
    first: dict[str, int] = {}
    for no, _, el, _ in actions:
        if el.get("type") == RAISE_TO:
            first.setdefault(el.get("player") or "", no)
    return {name for name, no in first.items() if no > 1 and name in anted}


def reconcile_bets(h: Draft, bets: dict[str, int], spent: dict[str, int], last: dict[str, int],
                   antes: dict[str, int], late: set[str], over: dict[str, str]) -> None:
    """Each player's ``bet`` in ``bets`` against what his posts and actions put in (``spent``, capped by
    his stack): the posts and actions read where the file's rule is known (``last``: what he put in
    before his last action plus its sum as written; ``late``: the players whose ``bet`` counts their
    ``antes`` twice, :func:`late_raisers`), else the contradiction named in the record (``over``: those
    whose ``bet`` is above their chips, each with its sentence).  Raises :class:`~pokerengine.errors.HistoryParseError` naming
    the contradiction when a ``bet`` above the chips is also what the player's posts and actions put in
    (no stack the hand could be played from: the chips are written wrong)."""
    protected = bool(h.user.get("_protected"))
    for name, bet in bets.items():
        if name in over and bet == spent.get(name) and not protected:  # his posts and actions too: no stack
            # the engine could play them from (the chips written wrong): refused, the contradiction named
            raise h.fail(f"the file contradicts itself: {over[name]}, and his posts and actions put in as much")
        put = min(spent.get(name, 0), h.seats[name][1]) if name in h.seats else 0
        if bet != put and not protected and (bet == last.get(name) and put < bet
                                             or name in late and bet == put + antes.get(name, 0)):
            bets[name] = put
            continue
        if name in over:
            h.contradicts(over[name])
        elif bet != put and name in spent and bet <= h.seats[name][1] and not protected:
            h.contradicts(f"{name}'s bet {bet} is not the {put} his posts and actions put in")


def _mode(values: list[int]) -> int:
    """The most common of ``values`` (the largest of those as common)."""
    return max(values, key=lambda v: (values.count(v), v))
