"""The games of Open Hand History: OHH's ``game_type`` and ``bet_type`` for each variant code, and
the names of the rounds of each kind of game.

OHH 1.4.7 names six game types (``Holdem``, ``Omaha``, ``OmahaHiLo``, ``Stud``, ``StudHiLo``,
``Draw``) and three bet types (``NL``, ``PL``, ``FL``).  A pair names one code of ``codes.md``
(:data:`DEFAULT_GAME`: ``Holdem`` ``PL`` is ``PT``, ``Stud`` ``FL`` is ``F7S``); a game the pair
does not name (short deck, five- and six-card Omaha, razz, every draw game) carries the
pokerengine extension field :data:`VARIANT_FIELD` with its code, and its ``game_type`` is the
spec's nearest (razz a ``Stud``, badugi a ``Draw``).

>>> code_of("Holdem", "PL", None), code_of("OmahaHiLo", "PL", None), code_of("Stud", "FL", None)
('PT', 'PO/8', 'F7S')
>>> code_of("Draw", "FL", "FB")
'FB'
>>> names_of("FR"), names_of("PO5/8"), names_of("NT")
(('Stud', 'FL', True), ('OmahaHiLo', 'PL', True), ('Holdem', 'NL', False))
>>> street_names(VARIANTS["F2L3D"])
('Preflop', 'First Draw', 'Second Draw', 'Third Draw')

Limits: constant time and memory (table look-ups).
"""

from __future__ import annotations

from .._checks import shown
from ..errors import HistoryParseError
from ..phh.variants import VARIANTS, Variant

__all__ = ["BET_TYPES", "DEFAULT_GAME", "GAME_TYPES", "VARIANT_FIELD", "code_of", "names_of", "street_names"]

#: The pokerengine extension field of a hand object that names its variant code (``codes.md``)
#: when ``game_type`` and ``bet_type`` do not.
VARIANT_FIELD = "pokerengine_variant"

#: OHH's bet types, by betting structure, and the betting letter of each.
BET_TYPES = {"fixed-limit": "FL", "pot-limit": "PL", "no-limit": "NL"}
_LETTER = {"FL": "F", "PL": "P", "NL": "N"}

#: OHH's game type for each settlement game (``pokerengine.games.GAMES``): the spec's nearest.
GAME_TYPES = {"holdem": "Holdem", "shortdeck": "Holdem", "omaha": "Omaha", "omaha5": "Omaha", "omaha6": "Omaha",
              "omaha-hilo": "OmahaHiLo", "omaha5-hilo": "OmahaHiLo", "omaha6-hilo": "OmahaHiLo", "stud": "Stud",
              "razz": "Stud", "stud-hilo": "StudHiLo", "deuce-to-seven": "Draw", "badugi": "Draw",
              "ace-to-five": "Draw", "five-card-draw": "Draw"}

#: The game part of the code a ``game_type`` names by itself (``Draw`` names none: which draw game
#: it is takes :data:`VARIANT_FIELD`).
DEFAULT_GAME = {"Holdem": "T", "Omaha": "O", "OmahaHiLo": "O/8", "Stud": "7S", "StudHiLo": "7S/8"}

_BOARD = ("Preflop", "Flop", "Turn", "River")
_STUD = ("Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "Seventh Street")
_DRAW = ("Preflop", "First Draw", "Second Draw", "Third Draw")


def code_of(game_type: str, bet_type: str, variant: str | None) -> str:
    """The variant code of a hand's ``game_type``, ``bet_type`` and extension field ``variant``
    (``None`` when absent); :class:`HistoryParseError` (without the hand's name) when they do not
    name a code the engine plays, or disagree."""
    letter = _LETTER.get(bet_type)
    if letter is None:
        raise HistoryParseError(f"bet_limit.bet_type must be one of NL, PL, FL, got {shown(bet_type)}")
    if game_type not in DEFAULT_GAME and game_type != "Draw":
        raise HistoryParseError(f"game_type must be one of Holdem, Omaha, OmahaHiLo, Stud, StudHiLo, Draw, "
                                f"got {shown(game_type)}")
    if variant is None:
        if game_type == "Draw":
            raise HistoryParseError(f"game_type 'Draw' does not say which draw game; the field {VARIANT_FIELD} "
                                    "(a pokerengine extension) names it, e.g. \"F2L3D\"")
        code = letter + DEFAULT_GAME[game_type]
        if code not in VARIANTS:
            raise HistoryParseError(f"game_type {shown(game_type)} with bet_type {shown(bet_type)} is not supported "
                                    "yet")
        return code
    v = VARIANTS.get(variant)
    if v is None:
        raise HistoryParseError(f"{VARIANT_FIELD}: unknown variant {shown(variant)}")
    game, bet = names_of(variant)[:2]
    if (game, bet) != (game_type, bet_type):
        article = "an" if game[0] in "AEIOU" else "a"
        raise HistoryParseError(f"{VARIANT_FIELD} {variant} is {article} {game} {bet} game, not {shown(game_type)} "
                                f"{shown(bet_type)}")
    return variant


def names_of(code: str) -> tuple[str, str, bool]:
    """``(game_type, bet_type, extended)`` of a variant code: ``extended`` when the pair does not name
    the code by itself (then the writer adds :data:`VARIANT_FIELD`)."""
    v = VARIANTS.get(code)
    game = GAME_TYPES.get(v.game) if v is not None else None
    if v is None or game is None:
        raise HistoryParseError(f"OHH has no game for {shown(code)}")
    bet = BET_TYPES[v.betting]
    default = DEFAULT_GAME.get(game)
    return game, bet, default is None or _LETTER[bet] + default != code


def street_names(v: Variant) -> tuple[str, ...]:
    """The ``street`` of each betting round of ``v``'s hands, in order: the spec's ``Preflop`` to
    ``River`` for board games; for stud ``Third Street`` to ``Seventh Street`` and for draw games
    ``Preflop`` then ``First Draw``... (pokerengine extensions: the spec has no stud or draw rounds)."""
    names = _BOARD if v.kind == "board" else _STUD if v.kind == "stud" else _DRAW
    return names[: len(v.streets)]
