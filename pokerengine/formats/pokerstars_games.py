"""PokerStars' game names, and the variant code each one reads as (``docs/histories.md``, Games).

A PokerStars header names the game and its betting: ``Hold'em No Limit``, ``Razz Limit``, ``5 Card
Omaha Hi/Lo Pot Limit``; a mixed game puts it in parentheses after the mix (``HORSE (Razz Limit,
$0.10/$0.20 USD)``, a tournament's ``8-Game (Triple Draw 2-7 Lowball Limit)``).  :func:`game_of`
finds the game at the end of such a text and gives its :class:`StarsGame`: the variant code (a betting
letter, ``F``, ``P`` or ``N``, then the game: the PHH codes and pokerengine's extensions of the
same grammar), the cards each player holds, and how it deals (``"board"``, ``"stud"`` or ``"draw"``).

>>> game_of("Razz Limit")
StarsGame(name='Razz Limit', code='FR', hole=7, kind='stud')
>>> game_of("$25+$25+$5 USD 8-Game (Triple Draw 2-7 Lowball Limit)").code
'F2L3D'
>>> game_of("$3.19+$0.31 USD 6+ Hold'em No Limit").code, game_of("5 Card Omaha Hi/Lo Pot Limit").code
('NS', 'PO5/8')
>>> game_of("$200+$15 USD Hold'em Pot Limit Pre-Flop, No Limit Post-Flop")
StarsGame(name="Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", code='NT', hole=2, kind='board')
>>> game_of("RAZZ LIMIT"), game_of("Courchevel Hi/Lo Pot Limit").code, game_of("Pineapple Limit")
(StarsGame(name='Razz Limit', code='FR', hole=7, kind='stud'), 'PC/8', None)

The stud and draw lines' helpers of the reader (:mod:`.pokerstars`) are here too: the "Dealt to"
lines of stud streets and draws, the discards, and each stud street's cards.

Limits: a text of at most :data:`MAX_GAME_CHARS` characters is looked at (longer: ``None``); time
linear in its length; at most :data:`CACHE_SIZE` answers are kept.  The line helpers take lines
the reader has bounded (:data:`~.pokerstars.MAX_LINE_CHARS`); each is linear in its line.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import attrs

from .._checks import shown

#: PokerStars' game names: name -> (the game part of the variant code, cards a player holds, kind).
GAME_NAMES: dict[str, tuple[str, int, str]] = {
    "Hold'em": ("T", 2, "board"),
    "6+ Hold'em": ("S", 2, "board"),
    "Omaha": ("O", 4, "board"),
    "Omaha Hi/Lo": ("O/8", 4, "board"),
    "5 Card Omaha": ("O5", 5, "board"),
    "5 Card Omaha Hi/Lo": ("O5/8", 5, "board"),
    "6 Card Omaha": ("O6", 6, "board"),
    "6 Card Omaha Hi/Lo": ("O6/8", 6, "board"),
    "7 Card Stud": ("7S", 7, "stud"),
    "7 Card Stud Hi/Lo": ("7S/8", 7, "stud"),
    "Razz": ("R", 7, "stud"),
    "Single Draw 2-7 Lowball": ("2L1D", 5, "draw"),
    "Triple Draw 2-7 Lowball": ("2L3D", 5, "draw"),
    "Triple Draw A-5 Lowball": ("AL3D", 5, "draw"),
    "5 Card Draw": ("5CD", 5, "draw"),
    "Badugi": ("B", 4, "draw"),
    "Courchevel": ("C", 5, "board"),  # the first flop card comes with the hole cards ("*** PRE-FLOP *** [2s]")
    "Courchevel Hi/Lo": ("C/8", 5, "board"),
}

#: Other spellings of the names seen in PokerStars-style files (case does not matter either:
#: some tournaments write ``RAZZ LIMIT``).
ALIASES = {"Triple Draw 2-7": "Triple Draw 2-7 Lowball", "Single Draw 2-7": "Single Draw 2-7 Lowball",
           "Omaha H/L": "Omaha Hi/Lo", "5 Card Omaha H/L": "5 Card Omaha Hi/Lo",
           "6 Card Omaha H/L": "6 Card Omaha Hi/Lo", "7 Card Stud H/L": "7 Card Stud Hi/Lo"}

#: PokerStars' betting names and the variant code's first letter.
BETTINGS = {"Limit": "F", "Pot Limit": "P", "No Limit": "N", "Fixed Limit": "F",
            # mixed betting (PokerStars' "PLNL" tournaments): PHH has one betting a variant, and no limit
            # takes every pot-limit raise, so such a hand replays as no limit (the pre-flop cap unchecked)
            "Pot Limit Pre-Flop, No Limit Post-Flop": "N"}

#: Bettings that change from street to street: read as the betting of :data:`BETTINGS` (the PHH record
#: says which with its user field ``_betting``).
MIXED_BETTINGS = frozenset(("Pot Limit Pre-Flop, No Limit Post-Flop",))

#: The longest text :func:`game_of` looks at.
MAX_GAME_CHARS = 300
#: How many answers :func:`game_of` keeps.
CACHE_SIZE = 256

_CANONICAL = {name.lower(): name for name in GAME_NAMES} | {a.lower(): name for a, name in ALIASES.items()}
_BETTING = {name.lower(): name for name in BETTINGS}
_NAMES = "|".join(re.escape(name) for name in sorted(_CANONICAL, key=len, reverse=True))
# the game at the end of the text, after anything (a tournament's buy-in, a mix's name) and a space
_GAME = re.compile(r"(?:.*? )??(" + _NAMES + r") (Pot Limit Pre-Flop, No Limit Post-Flop|No Limit|Pot Limit|Fixed Limit"
                   r"|Limit)", re.IGNORECASE)
_MIX = re.compile(r".*\(([^()]*)\)")
_DISCARDS = re.compile(r" ([0-9]) cards?(?: \[([^]]*)\])?")


@attrs.frozen
class StarsGame:
    """A PokerStars game: its ``name`` as written (``"Razz Limit"``), the variant ``code``, the
    ``hole`` cards each player holds (stud: 7) and its ``kind`` (``"board"``, ``"stud"``, ``"draw"``)."""

    name: str
    code: str
    hole: int
    kind: str

    @property
    def fixed(self) -> bool:
        """Fixed-limit betting (the header's stakes are the small and the big bet)."""
        return self.code[0] == "F"


@lru_cache(maxsize=CACHE_SIZE)
def game_of(text: str) -> StarsGame | None:
    """The :class:`StarsGame` named at the end of ``text`` (in parentheses: a mixed game's), or ``None``."""
    if len(text) > MAX_GAME_CHARS:
        return None
    mix = _MIX.fullmatch(text)
    if mix is not None:
        text = mix.group(1)
    m = _GAME.fullmatch(text)
    if m is None:
        return None
    name, betting = _CANONICAL[m.group(1).lower()], _BETTING[m.group(2).lower()]
    part, hole, kind = GAME_NAMES[name]
    return StarsGame(f"{name} {betting}", BETTINGS[betting] + part, hole, kind)


def kind_of(code: str) -> str:
    """How the variant ``code`` deals: ``"stud"``, ``"draw"`` or ``"board"``.

    >>> kind_of("FR"), kind_of("F7S/8"), kind_of("N5CD"), kind_of("FB"), kind_of("PO5/8")
    ('stud', 'stud', 'draw', 'draw', 'board')
    """
    game = code[1:]
    if game in ("R", "7S", "7S/8"):
        return "stud"
    if game == "B" or game.endswith("D"):
        return "draw"
    return "board"


# -- stud and draw lines (for the reader, pokerstars.py: ``h`` is its private state of one hand) ------


def dealt_cards(h: Any, name: str, first: str, new: str | None) -> None:
    """A stud or draw game's ``Dealt to NAME [CARDS]`` or ``Dealt to NAME [KEPT] [NEW]`` line."""
    if h.section != "action":
        raise h.fail(f"cards dealt to {shown(name)} before the first street")
    if h.kind == "stud":  # the cards dealt on this street: third street 3 (the player's own) or 1 (up)
        street = h.street
        cards = h.cards_of(first if new is None else new)
        if street == 0 and new is not None:  # "[Xx Xx] [Xx]": the down cards, then the up card
            cards = h.cards_of(first) + cards
        if (name, street) in h.dealt or len(cards) != 2 and (street or len(cards) != 6):
            raise h.fail(f"cannot read the cards dealt to {shown(name)} on this street")
        h.dealt[(name, street)] = cards
        return
    cards = h.cards_of(first if new is None else new)
    if new is None:  # a draw game's first deal (the player's own; a later line of the kind repeats the hand)
        h.cards.setdefault(name, cards)
    else:  # the cards drawn
        h.events.append(("dh", name, cards))


def draw_line(h: Any, name: str, verb: str, rest: str) -> None:
    """``NAME: discards 2 cards [Xx Xx]`` (the cards: the player's own hand), ``NAME: discards 1 card``
    (someone else's: unknown) or ``NAME: stands pat``."""
    if h.kind != "draw" or h.showdown:
        raise h.fail(f"cannot read {shown(name + ': ' + verb + rest)}")
    if verb == "stands pat":  # (the player's own: "stands pat on [Xx Xx Xx Xx Xx]")
        if rest and not (rest.startswith(" on [") and rest.endswith("]") and h.cards_of(rest[5:-1])):
            raise h.fail(f"cannot read {shown(name + ': ' + verb + rest)}")
        h.events.append(("sd", name, ""))
        return
    m = _DISCARDS.fullmatch(rest)
    if m is None or not 0 < int(m.group(1)) <= h.hole:
        raise h.fail(f"cannot read the discards {shown(rest)}")
    count = int(m.group(1))
    cards = "??" * count if m.group(2) is None else h.cards_of(m.group(2))
    if len(cards) != 2 * count:
        raise h.fail(f"{shown(name)} discards {count} card(s) but names {len(cards) // 2}")
    h.events.append(("sd", name, cards))


def unknown_draws(owed: dict[int, int], actions: list[str]) -> None:
    """Deal the replacement cards still ``owed`` (position -> characters of cards) as unknown ``??``: a
    player's own discards whose "Dealt to" line did not come before the next action."""
    for p, size in owed.items():
        actions.append(f"d dh p{p + 1} {'?' * size}")
    owed.clear()


def stud_cards(h: Any, name: str, street: int) -> str:
    """The cards ``name`` is dealt on stud ``street`` (0: third street, two down and one up; 4: the
    river, one down): as the "Dealt to" lines say, else as the showdown shows them (down cards:
    those shown that were not dealt up), else unknown."""
    got: str | None = h.dealt.get((name, street))
    if got is not None and (street or len(got) == 6):
        return got
    seven: str | None = h.cards.get(name)
    down = "??????"
    if seven is not None:
        up = {h.dealt.get((name, k), "??")[-2:] for k in range(4)}
        rest = [seven[k:k + 2] for k in range(0, 14, 2) if seven[k:k + 2] not in up]
        down = "".join(rest) if len(rest) == 3 else seven[:4] + seven[12:]
    if street == 0:
        return down[:4] + (got if got is not None else seven[4:6] if seven is not None else "??")
    if street == 4:
        return down[4:]
    return seven[2 * street + 4:2 * street + 6] if seven is not None else "??"
