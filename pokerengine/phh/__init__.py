"""The PHH record: a hand as the Poker Hand History format writes it, read, checked and written.

One module a step: :mod:`~.fasttoml` (TOML text to fields, bounded), :mod:`~.record` (the frozen
:class:`HandHistory`, every field checked), :mod:`~.variants` (the game codes), :mod:`~.notation`
(action strings), :mod:`~.amounts` (chip amounts with decimals), :mod:`~.reader` (``.phh`` and
``.phhs`` text and files, written back) and :mod:`~.stream` (very large ``.phhs`` files read in
pieces).  Nothing here plays a hand: the live engine (:mod:`pokerengine.live`) plays a record and
writes one; :mod:`pokerengine.replay` compares what it pays with what the record says.

>>> hand = loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]''')
>>> hand.player_count, parse_action(hand.actions[-1]).verb
(2, 'f')
"""

from .notation import Action, parse_action
from .reader import dumps, dumps_all, from_fields, load, loads, loads_all
from .record import HandHistory
from .variants import VARIANTS, Variant

__all__ = ["VARIANTS", "Action", "HandHistory", "Variant", "dumps", "dumps_all", "from_fields", "load", "loads",
           "loads_all", "parse_action"]
