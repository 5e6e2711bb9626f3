"""Winamax's stud and draw games: their names, their streets and the lines only they have, for the
reader of Winamax hand histories (:mod:`.winamax`).

Winamax deals seven card stud (``7-Card Stud``, older play-money files ``7stud``), stud hi/lo
(``7-Card Stud Hi/Lo``, ``7stud8``), razz (``Razz``) and 2-7 triple draw (``2-7 Triple Draw``,
``Lowball27``), all in fixed limit.  A stud header's stakes are ``(ante/small bet/big bet)``; the
bring-in is what the ``brings in`` (older files ``bring-in``) line says.  A stud hand's streets are
``*** 3rd STREET ***`` .. ``*** 7th STREET ***`` (older files ``*** THIRD ***`` .. ``*** SEVENTH
***``); a draw hand's rounds are ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***``, ``*** SECOND-BET
***`` .. ``*** FOURTH-BET ***``.  Cards nobody knows are written ``X``: ``Dealt to ann [X X 8h]``
(stud, third street: two down, one up), ``Dealt to ann [X X 8h] [5c]`` (a later street: the cards so
far, then the new one), ``Dealt to ann [X X X X X]`` (draw); a draw is ``stands pat`` (with the
hand, or ``[X X X X X]``), ``discard 2 cards`` or ``discard 0 card`` (the cards thrown never named).

>>> game_of("Razz"), game_of("Lowball27"), game_of("Holdem")
(('R', 7, 'stud'), ('2L3D', 5, 'draw'), None)
>>> from .draft import Draft
>>> h = Draft("winamax", "1", "<text>, hand 1", 1)
>>> h.game("F7S", 7, "stud"); h.seat(1, "ann", 100); h.section = "blinds"
>>> section(h, "*** 3rd STREET ***"), section(h, "*** FLOP *** [2c 3d 4h]")
('deal', None)
>>> dealt(h, "ann", "[X X 8h]"); h.dealt
{('ann', 0): '8h'}
>>> section(h, "*** 5th STREET ***")
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 1, line 1: '*** 5th STREET ***' out of order

Limits: each function takes one line the reader has bounded (:data:`.winamax.MAX_LINE_CHARS`
characters) and is linear in it.
"""

from __future__ import annotations

import re

from .._checks import shown
from .draft import Draft

#: Winamax's stud and draw games: name -> (the game part of the PHH variant code, cards a player
#: holds, how it deals).  (Winamax deals them in fixed limit.)
GAMES: dict[str, tuple[str, int, str]] = {
    "7-Card Stud": ("7S", 7, "stud"), "7stud": ("7S", 7, "stud"),
    "7-Card Stud Hi/Lo": ("7S/8", 7, "stud"), "7stud8": ("7S/8", 7, "stud"),
    "Razz": ("R", 7, "stud"),
    "2-7 Triple Draw": ("2L3D", 5, "draw"), "Lowball27": ("2L3D", 5, "draw"),
}

#: A stud hand's street lines (both spellings) -> the street (0: third street .. 4: seventh).
STUD_STREETS = {f"*** {name} ***": k for k, names in enumerate((
    ("3rd STREET", "THIRD"), ("4th STREET", "FOURTH"), ("5th STREET", "FIFTH"), ("6th STREET", "SIXTH"),
    ("7th STREET", "SEVENTH"))) for name in names}
#: A draw hand's rounds in order: betting rounds at even places, draws at odd ones.
DRAW_ROUNDS = ("*** FIRST-BET ***", "*** FIRST-DRAW ***", "*** SECOND-BET ***", "*** SECOND-DRAW ***",
               "*** THIRD-BET ***", "*** THIRD-DRAW ***", "*** FOURTH-BET ***")
_DRAW_AT = {line: k for k, line in enumerate(DRAW_ROUNDS)}
_BRACKETS = re.compile(r"\[([^][]{0,80})\](?: ?\[([^][]{0,80})\])?")
_DISCARD = re.compile(r" ([0-9]) cards?")


def game_of(name: str) -> tuple[str, int, str] | None:
    """The code part, hole cards and kind of a Winamax stud or draw game's name, or ``None``."""
    return GAMES.get(name)


def section(h: Draft, line: str) -> str | None:
    """A stud street's or a draw round's line: ``"deal"`` for the first (the cards are dealt: the posts are
    over), ``"bet"`` when a later betting round begins (the reader starts its count of the round's chips
    again), ``"draw"`` when a draw does; ``None`` for another line."""
    if h.kind == "stud" and line in STUD_STREETS:
        street = STUD_STREETS[line]
    elif h.kind == "draw" and line in _DRAW_AT:
        street = _DRAW_AT[line]
    else:
        return None
    if h.showdown or street != h.street + 1 or (h.section == "blinds") != (street == 0):
        raise h.fail(f"{shown(line)} out of order")
    h.street = street
    if street == 0:
        h.start_betting()
    if h.kind == "stud":
        h.events.append(("street", "", street))
    if street == 0:
        return "deal"  # (the blinds are the first betting round's)
    if h.kind == "stud" or street % 2 == 0:
        h.new_round()
        return "bet"
    return "draw"


def betting(h: Draft) -> bool:
    """Whether players bet now (not during a draw game's draw)."""
    return h.kind != "draw" or h.street % 2 == 0


def _cards(h: Draft, text: str) -> list[str | None]:
    """Each card of a bracket's text, ``None`` for an ``X`` (unknown)."""
    return [None if part == "X" else h.cards_of(part) for part in text.split()]


def dealt(h: Draft, name: str, text: str) -> None:
    """A stud or draw game's ``Dealt to NAME [..]`` line (``text``: from the first bracket)."""
    m = _BRACKETS.fullmatch(text)
    if m is None or h.section != "action" or h.showdown:
        raise h.fail(f"cannot read {shown('Dealt to ' + name + ' ' + text)}")
    first = _cards(h, m.group(1))
    new = _cards(h, m.group(2)) if m.group(2) is not None else None
    if h.kind == "draw":
        if new is not None or len(first) != h.hole or h.street != 0:
            raise h.fail(f"cannot read the cards dealt to {shown(name)}")
        if None not in first:
            if name in h.cards and h.cards[name] != "".join(c or "" for c in first):
                raise h.fail(f"{shown(name)} is dealt a second hand")
            h.holds(name, m.group(1))
        return
    street = h.street
    if new is None and street == 0:
        down, up = first[:2], first[2:]
    elif new is not None and len(new) == 1 and len(first) == (2 + street if street else 2):
        down, up = (first, new) if street == 0 else ([], new)
    else:
        raise h.fail(f"cannot read the cards dealt to {shown(name)} on this street")
    if len(up) != 1 or (name, street) in h.dealt:
        raise h.fail(f"cannot read the cards dealt to {shown(name)} on this street")
    if up[0] is None:  # (seventh street's down card, someone else's: unknown)
        return
    known = "".join(c or "" for c in down) if None not in down else ""
    h.dealt[(name, street)] = known + up[0]


def draw_line(h: Draft, name: str, verb: str, rest: str) -> None:
    """``NAME stands pat [..]`` or ``NAME discard 2 cards`` during a draw (the cards thrown are never
    named: they and those drawn are unknown, and so is the hand dealt to a player who drew, even
    when the file showed it)."""
    if h.kind != "draw" or h.street % 2 == 0 or h.showdown or (name, h.street) in h.dealt:
        raise h.fail(f"cannot read {shown(name + ' ' + verb + rest)}")
    h.dealt[(name, h.street)] = ""
    if verb == "stands pat":
        if rest:
            m = _BRACKETS.fullmatch(rest[1:])
            if not rest.startswith(" ") or m is None or m.group(2) is not None or len(_cards(h, m.group(1))) != h.hole:
                raise h.fail(f"cannot read {shown(name + ' ' + verb + rest)}")
        h.events.append(("sd", name, ""))
        return
    d = _DISCARD.fullmatch(rest)
    if d is None or int(d.group(1)) > h.hole:
        raise h.fail(f"cannot read the discards {shown(rest)}")
    count = int(d.group(1))
    if count and name in h.cards:  # which cards went is not written: the hand dealt is unknown
        del h.cards[name]
    h.events.append(("sd", name, "??" * count))


def bring_in(h: Draft, name: str, amount: int) -> None:
    """``NAME brings in 10€``: stud's bring-in, on third street, before any bet."""
    if h.kind != "stud" or h.street != 0 or h.bring_in is not None or h.top or h.events[-1:] != [("street", "", 0)]:
        raise h.fail(f"{shown(name)} brings in, but this is no stud hand's first action")
    if amount <= 0:
        raise h.fail(f"{shown(name)} brings in nothing")
    h.bring_in = amount
    h.events.append(("pb", name, None))
    h.committed[name] = amount
    h.top = amount
