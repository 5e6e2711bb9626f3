"""PHH action notation: ``d dh p1 AsKd``, ``p3 cbr 225``, ``p2 sm -``, ``# commentary``.

:func:`parse_action` reads one action into an :class:`Action`; unknown cards
(``??``) are ``None``.  A malformed action raises :class:`HistoryParseError`
(an action that is well formed but cannot happen is the interpreter's
:class:`~pokerengine.errors.IllegalActionError`).

>>> parse_action("p3 cbr 225 # a raise")
Action(actor=3, verb='cbr', cards=None, amount='225', comment='a raise', target=None, shows_dealt=False)
>>> a = parse_action("d dh p2 As??")
>>> a.verb, a.actor, a.target, len(a.cards), a.cards[1]
('dh', 0, 2, 2, None)
>>> parse_action("  ").verb
'noop'
>>> parse_action("p1 raise 5")
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: bad action 'p1 raise 5': unknown verb 'raise'
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from .._checks import shown
from ..cards import DECK, card_text, rank
from ..errors import HistoryParseError

#: Card text to card integer, both rank cases (``"as"`` too), and ``"??"`` for an unknown card.
CARD: dict[str, int | None] = {}
for _c in DECK:
    _t = card_text(_c)
    CARD[_t] = _c
    CARD[_t[0].lower() + _t[1]] = _c
CARD["??"] = None
#: Card integer to rank index (0 = deuce .. 12 = ace).
RANK: dict[int, int] = {c: rank(c) for c in DECK}

PLAYER_VERBS = ("pb", "cbr", "cc", "f", "sd", "sm")


_PLAYERS: dict[str, int] = {f"p{k}": k for k in range(1, 100)}
_NOOP = ("noop",)
#: A ``cbr`` amount: plain ASCII digits, perhaps a fraction and an exponent, at most 40 characters
#: (no sign, no underscores, no other scripts' digits, no ``inf``/``nan``).
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
MAX_AMOUNT_CHARS = 40
#: Action texts up to this length may be kept in :data:`COMPILED` (longer ones carry commentary).
_KEEP_CHARS = 40


def parse_cards(text: str) -> tuple[int | None, ...]:
    """Cards of an action, two characters each, ``??`` unknown.

    >>> [card_text(c) if c else c for c in parse_cards("Ts??2c")]
    ['Ts', None, '2c']
    """
    try:
        if len(text) == 4:
            return CARD[text[:2]], CARD[text[2:]]
        if len(text) % 2 == 0:
            return tuple([CARD[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        bad = next(text[i : i + 2] for i in range(0, len(text), 2) if text[i : i + 2] not in CARD)
        raise HistoryParseError(f"bad card {bad!r} in {shown(text)}: rank 23456789TJQKA then suit cdhs, or ??") from None
    raise HistoryParseError(f"bad cards {shown(text)}: two characters each, e.g. 'As' or '??'")


def player_number(word: str) -> int:
    """``"p3"`` -> 3.

    >>> player_number("p12")
    12
    """
    k = _PLAYERS.get(word)
    if k is not None:
        return k
    if 1 < len(word) <= 6 and word[0] == "p" and word[1:].isdigit() and word[1:].isascii() and word[1] != "0":
        return int(word[1:])
    raise HistoryParseError(f"bad player {shown(word)}: expected p1, p2, ...")


def words(text: str) -> tuple[list[str], str | None]:
    """The action's words and its commentary (text after ``#``), if any."""
    cut = text.find("#")
    if cut < 0:
        return text.split(), None
    return text[:cut].split(), text[cut + 1 :].strip()


def compile_action(text: str) -> tuple[Any, ...]:
    """An action as a plain tuple, verb first (the interpreter's fast form of :class:`Action`).

    ``("noop",)``, ``("db", cards)``, ``("dh", player, cards)``, ``(verb, player)``
    for ``pb``/``cc``/``f``, ``("cbr", player, amount_text)``, ``("sd", player, cards)``,
    ``("sm", player, cards_or_None, shows_dealt)``.  Players are 1-based.

    >>> compile_action("p2 cbr 300"), compile_action("p1 sm -")
    (('cbr', 2, '300'), ('sm', 1, None, True))
    """
    w = text.split() if "#" not in text else text[: text.find("#")].split()
    n = len(w)
    if not n:
        return _NOOP
    if w[0] == "d":
        if n == 4 and w[1] == "dh":
            return "dh", player_number(w[2]), parse_cards(w[3])
        if n == 3 and w[1] == "db":
            return "db", parse_cards(w[2])
        raise HistoryParseError("dealer actions are 'd db CARDS' and 'd dh pN CARDS'")
    actor = player_number(w[0])
    if n < 2:
        raise HistoryParseError("a player action needs a verb")
    verb = w[1]
    if verb == "cc" or verb == "f" or verb == "pb":
        if n != 2:
            raise HistoryParseError(f"{verb!r} takes no argument")
        return verb, actor
    if verb == "cbr":
        if n != 3:
            raise HistoryParseError("'cbr' takes one amount")
        if len(w[2]) > MAX_AMOUNT_CHARS or _AMOUNT.fullmatch(w[2]) is None:
            raise HistoryParseError(f"bad amount {shown(w[2])}: digits, perhaps with a decimal point")
        return verb, actor, w[2]
    if verb != "sd" and verb != "sm":
        raise HistoryParseError(f"unknown verb {shown(verb)}")
    if n > 3:
        raise HistoryParseError(f"{verb!r} takes at most one card argument")
    if verb == "sd":
        return verb, actor, parse_cards(w[2]) if n == 3 else ()
    if n == 2:
        return verb, actor, None, False
    if w[2] == "-":
        return verb, actor, None, True
    return verb, actor, parse_cards(w[2]), False


#: :func:`compiled_action` by text: the same player actions (and turn and river cards) recur from
#: hand to hand.  Bounded; :func:`pokerengine.live.clear_caches` empties it.
COMPILED: dict[str, tuple[Any, ...]] = {}


def compiled_action(text: str) -> tuple[Any, ...]:
    """The interpreter's form of an action: :func:`compile_action`'s tuple with the player 0-based,
    and a ``cbr`` amount also read as an ``int`` (``None`` when it is not one); kept in
    :data:`COMPILED` when it may recur (short texts only: the cache holds at most 10,000 texts of
    at most 40 characters).

    >>> compiled_action("p2 cbr 300"), compiled_action("p1 cbr 2.5"), compiled_action("p3 f")
    (('cbr', 1, '300', 300), ('cbr', 0, '2.5', None), ('f', 2))
    """
    a = compile_action(text)
    verb = a[0]
    if verb == "db" or verb == "noop":
        if len(text) > 8:  # the flop, say: too many to keep
            return a
    elif verb == "cbr":
        amount = a[2]
        whole = int(amount) if amount.isdigit() else None  # as the betting code would read it
        a = ("cbr", a[1] - 1, amount, whole)
    else:
        a = (verb, a[1] - 1, *a[2:])
        if verb == "dh":  # hole cards seldom recur
            return a
    if len(text) > _KEEP_CHARS:  # commentary, say: seldom recurs, and the cache must stay small
        return a
    if len(COMPILED) > 10_000:
        COMPILED.clear()
    COMPILED[text] = a
    return a


#: ``"d dh pK "`` (K < 10) -> the player's index; two distinct known cards as text -> their
#: integers.  The usual hold'em deal, ``"d dh p3 AsKd"``, is read with two look-ups.
DEALT_TO: dict[str, int] = {f"d dh p{k} ": k - 1 for k in range(1, 10)}
_KNOWN: dict[str, int] = {t: c for t, c in CARD.items() if c is not None}  # CARD without "??"
TWO_CARDS: dict[str, tuple[int, int]] = {
    a + b: (_KNOWN[a], _KNOWN[b]) for a in _KNOWN for b in _KNOWN if _KNOWN[a] != _KNOWN[b]
}


@attrs.frozen
class Action:
    """One parsed action.

    ``actor`` is 0 for the dealer, else the player number (1-based).  ``verb``
    is ``db``/``dh`` (dealer), ``pb``/``cbr``/``cc``/``f``/``sd``/``sm``
    (players) or ``noop``.  ``target`` is the player dealt to by ``dh``.
    ``cards`` is ``None`` when the action has no card argument, and for
    ``sm -`` (``shows_dealt``: show the cards dealt).  ``amount`` is the
    ``cbr`` amount as written.
    """

    actor: int
    verb: str
    cards: tuple[int | None, ...] | None = None
    amount: str | None = None
    comment: str | None = None
    target: int | None = attrs.field(default=None, kw_only=True)
    shows_dealt: bool = attrs.field(default=False, kw_only=True)


def parse_action(text: str) -> Action:
    """Parse one action string (see the module docstring)."""
    try:
        t = compile_action(text)
    except HistoryParseError as exc:
        raise HistoryParseError(f"bad action {shown(text)}: {exc}") from None
    comment = words(text)[1]
    verb = t[0]
    if verb == "noop":
        return Action(0, verb, comment=comment)
    if verb == "db":
        return Action(0, verb, t[1], comment=comment)
    if verb == "dh":
        return Action(0, verb, t[2], comment=comment, target=t[1])
    if verb == "cbr":
        return Action(t[1], verb, amount=t[2], comment=comment)
    if verb == "sd":
        return Action(t[1], verb, t[2], comment=comment)
    if verb == "sm":
        return Action(t[1], verb, t[2], comment=comment, shows_dealt=t[3])
    return Action(t[1], verb, comment=comment)
