"""PartyPoker's game lines, and where a player who joins as the hand begins sits (for :mod:`.partypoker`).

A PartyPoker hand's second line names its game: :func:`game_of` gives the PHH variant code, the cards
each player holds and how the game deals.

>>> game_of("$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:54:23 EST 2014")
('NT', 2, 'board')
>>> game_of("$200 USD PL Omaha Hi-Lo - Monday, January 04, 13:33:15 EST 2016")
('PO/8', 4, 'board')
>>> game_of("$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012")
('F7S/8', 7, 'stud')
>>> game_of("$1/$2 USD NL Short Deck - Tuesday, April 16, 18:04:52 CEST 2019")
('NS', 2, 'board')
>>> game_of("$2 USD NL Double Hold'em - Monday, May 21, 16:56:05 MSKS 2012")
"Double Hold'em (three hole cards, one of them chosen on the flop as a 'point card') is not read"

Stud is fixed limit (no limit or pot limit stud is refused).  Short deck reads as the engine's short-deck
hold'em (``S``): PartyPoker's rules (its help pages, 2019: the Triton rules) rank a flush above a full house
and A-6-7-8-9 as the lowest straight, and leave a straight above three of a kind, as the engine does;
everyone antes and the button posts a button blind (``posts button blind``).

PartyPoker writes no seat line for a player who sits down as the hand begins (``Player8 has joined the
table.``, then ``Player8 posts big blind [$0.04 USD].``).  :func:`join_seat` finds where he sits from the
order of the first betting round: a seat between the players who act before and after him (the first
free one; else one whose player neither posts nor acts in the hand, who then gives it up).

Limits: a game line is one of the reader's bounded lines (:data:`.partypoker.MAX_LINE_CHARS`), read in
linear time; :func:`join_seat` is linear in the hand's lines (bounded by :data:`.partypoker.MAX_HAND_LINES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .draft import Draft

_HILO = re.compile(r"hi-?lo|hi/lo|h/l|8 or better", re.IGNORECASE)
_HOLDEM = re.compile(r"hold'?em", re.IGNORECASE)
_BETTING = re.compile(r"(?<![A-Za-z])\(?(NL|PL|FL)\)?(?![A-Za-z])|(no limit|pot limit|fixed limit)", re.IGNORECASE)
_NOT_READ = {"double hold": "Double Hold'em (three hole cards, one of them chosen on the flop as a 'point card')",
             "draw": "a draw game", "badugi": "Badugi", "courchevel": "Courchevel", "5 card": "five-card Omaha",
             "6 card": "six-card Omaha"}
#: What a player's line says that is a betting action (for :func:`join_seat`: the order of the first round).
ACTS = ("folds", "checks", "calls", "bets", "raises", "is all-In", "completes", "bring-ins", "double bets")


def game_of(line: str) -> tuple[str, int, str] | str:
    """The variant code, hole cards and kind (``"board"``, ``"stud"``) of a game line; a text saying why
    when the game is not read."""
    low = line.lower()
    for key, name in _NOT_READ.items():
        if key in low:
            return f"{name} is not read"
    b = _BETTING.search(line)
    word = (b.group(1) or b.group(2)).lower() if b is not None else "fl"
    betting = {"nl": "N", "no limit": "N", "pl": "P", "pot limit": "P"}.get(word, "F")
    if "stud" in low or "razz" in low:
        if betting != "F":
            return "stud in no limit or pot limit is not read (PartyPoker's stud is fixed limit)"
        return ("FR" if "razz" in low else "F7S/8" if _HILO.search(line) else "F7S"), 7, "stud"
    if "short deck" in low or "shortdeck" in low:
        return betting + "S", 2, "board"
    if "omaha" in low:
        return betting + ("O/8" if _HILO.search(line) else "O"), 4, "board"
    if _HOLDEM.search(line) or "holdem" in low:
        return betting + "T", 2, "board"
    return "the game is not named (hold'em, Omaha, stud and short deck are read)"


def actor(h: Draft, line: str, sep: str = " ") -> tuple[str, str] | None:
    """The seated player who starts ``line`` then ``sep``, the longest such name first (names hold spaces:
    "a b" before "a"), and the rest."""
    at = line.rfind(sep, 0, 80)
    while at > 0:
        if line[:at] in h.seats:
            return line[:at], line[at + len(sep):]
        at = line.rfind(sep, 0, at)
    return None


def playing(h: Draft, block: list[tuple[int, str]]) -> set[str]:
    """The seated players who post or act in a hand's lines."""
    found = set()
    for _, line in block:
        who = actor(h, line, " ")
        if who is not None and who[1].startswith(("posts ",) + ACTS):
            found.add(who[0])
    return found


def join_seat(h: Draft, block: list[tuple[int, str]], name: str) -> int | None:
    """The seat of ``name``, who posts or acts with no seat line: between the seated players who act before
    and after him in the first betting round (his first action there, else his blind), the first seat free
    there, else one whose player neither posts nor acts (who is then unseated); ``None`` if there is none."""
    seq: list[tuple[str, bool]] = []  # the first round's blinds and actions: (who, an action, not a blind)
    for _, line in block[1:]:
        if line.startswith("** Dealing ") and line not in ("** Dealing down cards **", "** Dealing **"):
            break
        found = actor(h, line, " ")
        if found is None and line.startswith(name + " "):
            found = (name, line[len(name) + 1:])
        if found is None:
            continue
        if found[1].startswith(("posts small blind", "posts big blind", "posts button blind")):
            seq.append((found[0], False))
        elif found[1].startswith(ACTS):
            seq.append((found[0], True))
    acts = [who for who, act in seq if act]
    before: str | None = None
    after: str | None = None
    for k, who in enumerate(acts):  # his neighbours in the order of play: who acts just before him, just after
        if who == name:
            before = before or _next_seated(h, reversed(acts[:k]), name)
            after = after or _next_seated(h, acts[k + 1:], name)
    if before is None:  # he only posts (everyone folds to his blind): the blind before his
        at = next((k for k, (who, _) in enumerate(seq) if who == name), None)
        if at is None:
            return None
        before = _next_seated(h, reversed([who for who, _ in seq[:at]]), name)
    if after is None:  # he acts last: the first to act follows him
        after = _next_seated(h, acts, name)
    if before is None or after is None:
        return None
    taken = {seat: who for who, (seat, _) in h.seats.items()}
    span = max([h.max_seats] + list(taken)) or 10
    first, last = h.seats[before][0], h.seats[after][0]
    between: list[int] = []
    seat = first % span + 1
    while seat != last and len(between) < span:
        between.append(seat)
        seat = seat % span + 1
    free = [seat for seat in between if seat not in taken]
    if free:
        return free[0]
    busy = playing(h, block)  # (a seat written with $0 first: its player has left or is about to)
    idle = sorted((seat for seat in between if taken[seat] not in busy), key=lambda seat: h.seats[taken[seat]][1] > 0)
    if not idle:
        return None
    gone = taken[idle[0]]
    del h.seats[gone]
    h.out.discard(gone)
    return idle[0]


def _next_seated(h: Draft, names: Iterable[str], name: str) -> str | None:
    """The first of ``names`` who is seated, unless ``name`` himself comes first (``None`` then, or for none)."""
    for who in names:
        if who == name:
            return None
        if who in h.seats:
            return who
    return None
