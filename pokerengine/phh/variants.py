"""The variant codes: how each deals, draws and bets, and which game settles it.

PHH's eleven codes (:data:`PHH_CODES`) and pokerengine's own, all built by one grammar: a betting
letter (``F`` fixed limit, ``P`` pot limit, ``N`` no limit), then a game (:data:`GAME_CODES`):
``T`` Texas hold'em, ``S`` short-deck hold'em, ``O``/``O5``/``O6`` Omaha with four, five or six
hole cards (each optionally ``/8``, hi/lo eight or better), ``7S``, ``7S/8`` stud, ``R`` razz,
``2L1D``/``2L3D`` 2-7 single and triple draw, ``AL3D`` A-5 triple draw, ``5CD`` five-card draw,
``B`` badugi, ``C`` Courchevel (``C/8`` hi/lo: five hole cards as five-card Omaha, the first flop card
dealt face up with them, before the first betting round, the other two on the flop).  So ``PT`` is pot-limit hold'em and ``PO5/8`` five-card pot-limit Omaha hi/lo.  The
codes outside PHH's eleven are pokerengine extensions (``Variant.standard`` is false): a PHH file
using them is read by pokerengine only.

>>> v = VARIANTS["F7S/8"]
>>> v.game, v.kind, v.betting, len(v.streets), v.standard
('stud-hilo', 'stud', 'fixed-limit', 5, True)
>>> [s.hole for s in v.streets]
[(False, False, True), (True,), (True,), (True,), (False,)]
>>> VARIANTS["NT"].streets[1].board, VARIANTS["F2L3D"].streets[1].draw
(3, True)
>>> v = VARIANTS["PO5/8"]
>>> v.name, v.game, len(v.streets[0].hole), v.standard
('pot-limit five-card Omaha hi/lo eight or better', 'omaha5-hilo', 5, False)
>>> len(VARIANTS), VARIANTS["NAL3D"].required
(54, ('antes', 'blinds_or_straddles', 'min_bet'))
>>> [(len(s.hole), s.board) for s in VARIANTS["PC/8"].streets], VARIANTS["PC/8"].game
([(5, 1), (0, 2), (0, 1), (0, 1)], 'omaha5-hilo')
"""

from __future__ import annotations

import attrs

from .._checks import shown
from ..errors import HistoryParseError


@attrs.frozen
class Street:
    """One betting round and the dealing before it.

    ``hole`` lists the hole cards each live player gets (``True`` = face up,
    stud only); ``board`` the board cards; ``draw`` a draw (discard and
    replace) before the betting; ``big`` whether fixed-limit bets are the big bet.
    """

    hole: tuple[bool, ...] = ()
    board: int = 0
    draw: bool = False
    big: bool = False


@attrs.frozen
class Variant:
    """A variant code, its betting structure, its streets and its settlement game.

    ``kind`` is ``"board"`` (hold'em, Omaha), ``"stud"`` or ``"draw"``.
    ``opening`` says who opens a betting round: ``"position"`` (after the
    blinds and straddles, then the first live seat), or for stud
    ``"high"`` (bring-in on the lowest up card, then the best exposed hand) and
    ``"low"`` (razz: bring-in on the highest up card, then the lowest exposed hand).
    ``lowest_rank`` is 4 (a six) for the 36-card short deck, else 0.
    """

    code: str
    name: str
    game: str
    betting: str
    kind: str
    streets: tuple[Street, ...]
    opening: str = "position"
    lowest_rank: int = 0

    @property
    def fixed(self) -> bool:
        """Fixed-limit betting."""
        return self.betting == "fixed-limit"

    @property
    def standard(self) -> bool:
        """One of the eleven codes of the PHH specification (else a pokerengine extension)."""
        return self.code in PHH_CODES

    @property
    def required(self) -> tuple[str, ...]:
        """The fields a record of this variant must have: antes, the forced bets (blinds, or a
        stud bring-in) and the bet sizes (fixed limit: ``small_bet`` and ``big_bet``)."""
        forced = "bring_in" if self.kind == "stud" else "blinds_or_straddles"
        return ("antes", forced, *(("small_bet", "big_bet") if self.fixed else ("min_bet",)))


_UP, _DOWN = (True,), (False,)
_STUD_DEAL = ((False, False, True), _UP, _UP, _UP, _DOWN)

#: The eleven variant codes of the PHH specification (``Variant.standard``); every other code of
#: :data:`VARIANTS` is a pokerengine extension that other PHH tools do not read.
PHH_CODES = ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")

#: The betting letter of a code, and its betting structure.
BETTINGS = {"F": "fixed-limit", "P": "pot-limit", "N": "no-limit"}


@attrs.frozen
class _Game:
    """One game of the code grammar: what follows the betting letter."""

    name: str  # in a Variant's name, after the betting structure
    game: str  # the settlement game (pokerengine.games.GAMES)
    kind: str
    cards: int  # hole cards dealt before the first betting round
    draws: int = 0  # draw games: how many draws
    opening: str = "position"
    lowest_rank: int = 0
    first_board: int = 0  # board cards dealt with the hole cards, before the first betting round (Courchevel)


_OMAHA = {"O": ("Omaha", "omaha", 4), "O5": ("five-card Omaha", "omaha5", 5), "O6": ("six-card Omaha", "omaha6", 6)}
_HILO = " hi/lo eight or better"

#: The game part of a code (``docs/replay.md``, "pokerengine's own variant codes").
GAME_CODES: dict[str, _Game] = {
    "T": _Game("Texas hold'em", "holdem", "board", 2),
    "S": _Game("short-deck hold'em", "shortdeck", "board", 2, lowest_rank=4),
    **{code + hilo: _Game(name + (_HILO if hilo else ""), game + ("-hilo" if hilo else ""), "board", cards)
       for code, (name, game, cards) in _OMAHA.items() for hilo in ("", "/8")},
    "7S": _Game("seven card stud", "stud", "stud", 3, opening="high"),
    "7S/8": _Game("seven card stud" + _HILO, "stud-hilo", "stud", 3, opening="high"),
    "R": _Game("razz", "razz", "stud", 3, opening="low"),
    "2L1D": _Game("2-7 lowball single draw", "deuce-to-seven", "draw", 5, 1),
    "2L3D": _Game("2-7 lowball triple draw", "deuce-to-seven", "draw", 5, 3),
    "AL3D": _Game("A-5 lowball triple draw", "ace-to-five", "draw", 5, 3),
    "5CD": _Game("five-card draw", "five-card-draw", "draw", 5, 1),
    "B": _Game("badugi", "badugi", "draw", 4, 3),
    # Courchevel: five-card Omaha whose first flop card is dealt face up with the hole cards
    "C": _Game("Courchevel", "omaha5", "board", 5, first_board=1),
    "C/8": _Game("Courchevel" + _HILO, "omaha5-hilo", "board", 5, first_board=1),
}


def _streets(g: _Game, fixed: bool) -> tuple[Street, ...]:
    """The streets of game ``g``; in fixed limit the later rounds bet the big bet (hold'em from the
    turn, stud from fifth street, draw games after the first draw, or after the only one)."""
    if g.kind == "board":
        return (Street(hole=(False,) * g.cards, board=g.first_board), Street(board=3 - g.first_board),
                Street(board=1, big=fixed), Street(board=1, big=fixed))
    if g.kind == "stud":
        return tuple(Street(hole=hole, big=fixed and k >= 2) for k, hole in enumerate(_STUD_DEAL))
    draws = tuple(Street(draw=True, big=fixed and (k > 0 or g.draws == 1)) for k in range(g.draws))
    return (Street(hole=(False,) * g.cards), *draws)


def _variant(betting: str, game: str) -> Variant:
    g = GAME_CODES[game]
    structure = BETTINGS[betting]
    return Variant(betting + game, f"{structure} {g.name}", g.game, structure, g.kind,
                   _streets(g, betting == "F"), g.opening, g.lowest_rank)


#: Every code of the grammar: a betting letter (``F``, ``P``, ``N``) and a game
#: (:data:`GAME_CODES`), 54 codes; PHH's eleven first, as the specification lists them.
VARIANTS: dict[str, Variant] = {
    code: _variant(code[0], code[1:])
    for code in (*PHH_CODES, *(b + g for g in GAME_CODES for b in BETTINGS if b + g not in PHH_CODES))
}

#: Fixed-limit betting allows a bet and this many raises (completions count) per round.
FIXED_LIMIT_CAP = 4


def get_variant(code: str) -> Variant:
    """The :class:`Variant` for a code, or :class:`HistoryParseError` naming the known ones."""
    try:
        return VARIANTS[code]
    except (KeyError, TypeError):
        raise HistoryParseError(f"unknown variant {shown(code)}; known: {', '.join(VARIANTS)}") from None
