"""The eleven PHH variants: how each deals, draws and bets, and which game settles it.

>>> v = VARIANTS["F7S/8"]
>>> v.game, v.kind, v.betting, len(v.streets)
('stud-hilo', 'stud', 'fixed-limit', 5)
>>> [s.hole for s in v.streets]
[(False, False, True), (True,), (True,), (True,), (False,)]
>>> VARIANTS["NT"].streets[1].board, VARIANTS["F2L3D"].streets[1].draw
(3, True)
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
    """A PHH variant code, its betting structure, its streets and its settlement game.

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


_DOWN2, _DOWN4, _DOWN5 = (False,) * 2, (False,) * 4, (False,) * 5
_UP, _DOWN = (True,), (False,)


def _holdem(hole: tuple[bool, ...], fixed: bool) -> tuple[Street, ...]:
    return (Street(hole=hole), Street(board=3), Street(board=1, big=fixed), Street(board=1, big=fixed))


def _triple(hole: tuple[bool, ...]) -> tuple[Street, ...]:
    return (Street(hole=hole), Street(draw=True), Street(draw=True, big=True), Street(draw=True, big=True))


_STUD = (Street(hole=(False, False, True)), Street(hole=_UP), Street(hole=_UP, big=True),
         Street(hole=_UP, big=True), Street(hole=_DOWN, big=True))

VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        Variant("FT", "fixed-limit Texas hold'em", "holdem", "fixed-limit", "board", _holdem(_DOWN2, True)),
        Variant("NT", "no-limit Texas hold'em", "holdem", "no-limit", "board", _holdem(_DOWN2, False)),
        Variant("NS", "no-limit short-deck hold'em", "shortdeck", "no-limit", "board", _holdem(_DOWN2, False),
                lowest_rank=4),
        Variant("PO", "pot-limit Omaha", "omaha", "pot-limit", "board", _holdem(_DOWN4, False)),
        Variant("FO/8", "fixed-limit Omaha hi/lo eight or better", "omaha-hilo", "fixed-limit", "board",
                _holdem(_DOWN4, True)),
        Variant("F7S", "fixed-limit seven card stud", "stud", "fixed-limit", "stud", _STUD, "high"),
        Variant("F7S/8", "fixed-limit seven card stud hi/lo eight or better", "stud-hilo", "fixed-limit",
                "stud", _STUD, "high"),
        Variant("FR", "fixed-limit razz", "razz", "fixed-limit", "stud", _STUD, "low"),
        Variant("N2L1D", "no-limit 2-7 lowball single draw", "deuce-to-seven", "no-limit", "draw",
                (Street(hole=_DOWN5), Street(draw=True))),
        Variant("F2L3D", "fixed-limit 2-7 lowball triple draw", "deuce-to-seven", "fixed-limit", "draw",
                _triple(_DOWN5)),
        Variant("FB", "fixed-limit badugi", "badugi", "fixed-limit", "draw", _triple(_DOWN4)),
    )
}

#: Fixed-limit betting allows a bet and this many raises (completions count) per round.
FIXED_LIMIT_CAP = 4


def get_variant(code: str) -> Variant:
    """The :class:`Variant` for a PHH code, or :class:`HistoryParseError` naming the known ones."""
    try:
        return VARIANTS[code]
    except KeyError:
        raise HistoryParseError(f"unknown variant {shown(code)}; known: {', '.join(VARIANTS)}") from None
