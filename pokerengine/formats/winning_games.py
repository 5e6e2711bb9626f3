"""The Winning Poker Network's games, and the lines only its stud games have, for the reader of its hand
histories (:mod:`.winning`).

Both formats name the game in the hand's header: the older one in parentheses at the end of its ``Game
ID:`` line (``(Hold'em)``, ``(Omaha HiLow)``, ``(Seven Cards Stud)``, ``(Seven Cards Stud HiLow)``), the
newer one before its betting (``Omaha H/L(Pot Limit)``, ``7Stud(Fixed Limit)``; newer clients write a space
before the parenthesis and a cash table's ante after the stakes: ``7Stud H/L (Fixed Limit) - $0.04/$0.08,
Ante $0.01``).  :func:`game_of` gives the game's PHH code (less the betting's letter), the cards each
player holds and how it deals.  Stud is fixed limit: the stakes are the small and the big bet, everyone
antes, the lowest card up brings in.

The older format deals stud as it deals hold'em, a card a line: ``Player ann received a card.`` (a card
the file does not name: someone else's down card), ``Player ann received card: [Jh]`` (an up card, or the
hand's own player's down card).  Two down and one up to each player, the bring-in (``Player bob bring in
(0.40)``) and the first betting round; then a street's line before each later card, named one street
short: ``*** Third street ***`` before the fourth card, .. ``*** Sixth street ***`` before the seventh
(down).  The newer format names the streets as PokerStars does, ``*** 3rd STREET ***`` .. ``*** 7th
STREET ***``, each before its cards: ``Dealt to ann [Jh]`` (up), ``Dealt to hero [As 2s Qs]`` (the hand's
own player's: two down, one up), ``Dealt to ann [Jh] [4c]`` (the cards so far, then the new one), and
``bob brings in $0.02``.

>>> game_of("Seven Cards Stud HiLow", old=True), game_of("7Stud", old=False), game_of("Omaha H/L", old=False)
(('7S/8', 7, 'stud'), ('7S', 7, 'stud'), ('O/8', 4, 'board'))
>>> h = Draft("winning", "1", "<text>, hand 1", 1)
>>> h.game("F7S", 7, "stud"); h.seat(1, "ann", 1000); h.seat(5, "bob", 1000)
>>> got: dict[str, list[str]] = {}
>>> for name, card in (("ann", "5d"), ("ann", "Ah"), ("bob", ""), ("bob", ""), ("ann", "Jh"), ("bob", "2d")):
...     old_card(h, got, name, card)
>>> h.street, h.dealt
(0, {('ann', 0): '5dAhJh', ('bob', 0): '2d'})
>>> old_street(h, "*** Fourth street ***")
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: <text>, hand 1, line 1: '*** Fourth street ***' out of order

Limits: each function takes one line the reader has bounded (:data:`.winning.MAX_LINE_CHARS`
characters) and is linear in it; :func:`old_card` keeps at most seven cards a player.
"""

from __future__ import annotations

import datetime
import re

from .._checks import shown
from ..errors import HistoryParseError
from .draft import MAX_NAME_CHARS, Draft
from .pokerstars_games import dealt_cards
from .winamax_games import bring_in as bring_in

#: The older format's game names: name -> (the PHH variant code less the betting's letter, hole cards, kind).
OLD_GAMES: dict[str, tuple[str, int, str]] = {
    "Hold'em": ("T", 2, "board"), "Six Plus Hold'em": ("S", 2, "board"), "Omaha": ("O", 4, "board"),
    "Omaha HiLow": ("O/8", 4, "board"), "Omaha 5 Cards": ("O5", 5, "board"), "Omaha HiLow 5 Cards": ("O5/8", 5, "board"),
    "Seven Cards Stud": ("7S", 7, "stud"), "Seven Cards Stud HiLow": ("7S/8", 7, "stud"),
}
#: The newer format's game names.  (No file of the network's razz has been seen: its name is not known.)
NEW_GAMES: dict[str, tuple[str, int, str]] = {
    "Holdem": ("T", 2, "board"), "Hold'em": ("T", 2, "board"), "6+ Holdem": ("S", 2, "board"),
    "Six Plus Holdem": ("S", 2, "board"), "Omaha": ("O", 4, "board"), "Omaha H/L": ("O/8", 4, "board"),
    "5Card Omaha": ("O5", 5, "board"), "5Card Omaha H/L": ("O5/8", 5, "board"), "6Card Omaha": ("O6", 6, "board"),
    "6Card Omaha H/L": ("O6/8", 6, "board"), "7Stud": ("7S", 7, "stud"), "7Stud H/L": ("7S/8", 7, "stud"),
}
#: The newer format's bettings -> the variant code's first letter.
BETTINGS = {"No Limit": "N", "Pot Limit": "P", "Fixed Limit": "F", "Limit": "F"}

#: The older format's street lines -> the street (1: the fourth card .. 4: the seventh; the first three
#: cards come with no line).
OLD_STREETS = {"*** Third street ***": 1, "*** Fourth street ***": 2, "*** Fifth street ***": 3,
               "*** Sixth street ***": 4}
#: The newer format's street lines -> the street (0: third street .. 4: seventh).
NEW_STREETS = {f"*** {k + 3}{'rd' if k == 0 else 'th'} STREET ***": k for k in range(5)}
_DEALT = re.compile(r"\[([^][]{0,60})\](?: \[([^][]{0,10})\])?")


def game_of(name: str, *, old: bool) -> tuple[str, int, str] | None:
    """The code part, hole cards and kind of a game's name in the older (``old``) or newer format, or ``None``."""
    return (OLD_GAMES if old else NEW_GAMES).get(name)


def set_date(h: Draft, year: str, month: str, day: str) -> None:
    """The day the hand was played (the site's clock)."""
    try:
        h.date = datetime.date(int(year), int(month), int(day))
    except ValueError:
        raise h.fail(f"no such day {year}/{month}/{day}") from None


def street(h: Draft, k: int, line: str) -> None:
    """Stud street ``k`` begins (0: third street): the cards are dealt, a betting round follows."""
    if h.kind != "stud" or h.showdown or h.summary or k != h.street + 1:
        raise h.fail(f"{shown(line)} out of order")
    h.street = k
    if k == 0:
        h.start_betting()
    else:
        h.new_round()
    h.events.append(("street", "", k))


def old_street(h: Draft, line: str) -> None:
    """An older-format stud street's line (``*** Third street ***``: the fourth card)."""
    if line not in OLD_STREETS or h.kind != "stud":
        raise h.fail(f"cannot read {shown(line)}")
    street(h, OLD_STREETS[line], line)


def new_street(h: Draft, line: str) -> bool:
    """A newer-format stud street's line; ``False`` for another line."""
    if h.kind != "stud" or line not in NEW_STREETS:
        return False
    street(h, NEW_STREETS[line], line)
    return True


def old_card(h: Draft, got: dict[str, list[str]], name: str, card: str) -> None:
    """``Player NAME received card: [CARD]`` (``card``: the bracket's text) or ``received a card.``
    (``card`` empty) in an older-format stud hand; ``got`` holds the cards each player has had so far
    (``""`` for one not named).  The first card dealt begins third street."""
    cards = got.setdefault(name, [])
    if not cards and h.street < 0:
        street(h, 0, f"Player {name} received a card")
    n = len(cards) + 1
    k = 0 if n <= 3 else n - 3
    if n > 7 or k != h.street or h.showdown or h.summary:
        raise h.fail(f"{shown(name)} is dealt a card out of turn")
    new = h.cards_of(card) if card else ""
    if len(new) > 2:
        raise h.fail(f"{shown(name)} is dealt {len(new) // 2} cards in one line")
    cards.append(new)
    if not new and 3 <= n <= 6:
        raise h.fail(f"the card dealt face up to {shown(name)} is not named")
    if n == 3:  # two down (known only for the hand's own player), one up
        h.dealt[(name, 0)] = (cards[0] + cards[1] if cards[0] and cards[1] else "") + new
    elif n > 3 and new:
        h.dealt[(name, k)] = new


def new_dealt(h: Draft, name: str, text: str) -> None:
    """A newer-format stud hand's ``Dealt to NAME [..]`` line (``text``: from the first bracket)."""
    m = _DEALT.fullmatch(text)
    if m is None or h.showdown:
        raise h.fail(f"cannot read {shown('Dealt to ' + name + ' ' + text)}")
    dealt_cards(h, name, m.group(1), m.group(2))


def above_pot(h: Draft, text: str) -> bool:
    """Whether a bet, raise or all in of the older format's ``text`` adds more than three times the chips in
    before it (more than any pot-limit raise can: a call and a raise of the pot after it): its Omaha is then
    no limit, not the pot limit the format's Omaha otherwise is."""
    pot = 0
    for verb, amount in re.findall(r"^Player .{0,%d}? (has small blind|has big blind|posts|ante|calls|raises|bets|allin"
                                   r"|straddle) \(([0-9.,]{1,20})\)" % MAX_NAME_CHARS, text, re.M):
        try:
            chips = h.amount(amount)
        except HistoryParseError:  # (the line itself says so when it is read)
            return False
        if verb in ("raises", "bets", "allin") and pot and chips > 3 * pot:
            return True
        pot += chips
    return False
