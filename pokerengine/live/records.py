"""What a replay accepts of the recorded hands that live play refuses: the sites did it, so records have it.

:mod:`~pokerengine.live.betting` and :mod:`~pokerengine.live.playing` call these in replay mode only (``Options(mode="replay")``, the
PHH replayer's and the site check's mode); live play (``mode="tda"``) refuses each with the rule's
words, and :meth:`Hand.legal_actions <pokerengine.live.hand.Hand.legal_actions>` never offers them.

* A raise below the minimum to exactly what the deepest opponent can match (PokerKit's records).
* Fixed limit, after an all-in raise for less than a full bet: any raise above it.  PokerStars raises
  to the last full bet plus one bet where the rules of today ask for the all-in plus one bet
  (``docs/histories.md``, PokerStars' older files).
* A raise when nobody is left to call it (everyone else is all in, or can only call all in): it
  comes back uncalled (:func:`pokerengine.live.betting.raise_to`).
* A record's fold of a player who is all in: a site folds the hand of a player sitting out whose
  blind or ante put them all in, during the betting or once it is over (two others still in); the
  chips stay in the pots, the hand wins nothing.  Only through a record (:func:`~.playing.play`),
  never :meth:`Hand.act <pokerengine.live.hand.Hand.act>`.

>>> from pokerengine.phh.record import HandHistory
>>> from pokerengine.live import Options, from_history
>>> h = HandHistory(variant="NT", antes=(0, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
...                 starting_stacks=(100, 30, 40), actions=("d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd",
...                 "p3 cbr 40", "p1 cbr 80", "p2 cc", "d db 2c7h9d", "d db Ts", "d db 3c"))
>>> dict(from_history(h).settlement.payouts)   # p1's 40 above p3's all-in comes back
{1: 150, 2: 0, 3: 0}
>>> from_history(h, Options(mode="tda"))
Traceback (most recent call last):
...
pokerengine.errors.IllegalActionError: hand: actions[4] 'p1 cbr 80': seat 1: nobody is left to call a raise (the others have folded or are all-in)

Limits: each function looks at each player once (linear in the number of players).
"""

from __future__ import annotations

from .limits import cover
from .phases import BET, DEAL
from .state import HandState
from .streets import end_betting


def replay_accepts(s: HandState, p: int, to: int) -> bool:
    """Whether a replay accepts position ``p``'s raise to ``to``, below the minimum: to exactly what the
    deepest opponent can match; in fixed limit, any raise above an all-in for less than a full bet."""
    if to == cover(s, p):
        return True
    top, bets, stacks, folded = s.top, s.bets, s.stacks, s.folded
    return s.fixed and to > top and any(bets[j] == top and not stacks[j] and not folded[j] for j in range(s.n))


def fold_all_in(s: HandState, p: int) -> bool:
    """A record's fold of position ``p`` when all in (replay mode): whether it was such a fold and was
    played (else the fold is played, or refused, as any other)."""
    if not s.replay or s.stacks[p] or s.folded[p]:
        return False
    if s.phase is BET:
        if s.pending and s.pending[0] == p:
            return False
    elif s.phase is not DEAL or s.live <= 2:
        return False
    s.folded[p] = True
    s.live -= 1
    s.log.append(f"p{p + 1} f")
    if s.phase is not BET:  # (between streets: two or more players are still in)
        return True
    if p in s.pending:
        s.pending.remove(p)
    if s.live == 1 or not s.pending:
        end_betting(s)
    return True
