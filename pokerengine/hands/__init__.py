"""Hand evaluators, one small module per ranking.

Every evaluator returns an ``int`` *strength*: a larger number is a better hand
for that ranking, equal numbers tie.  Low evaluators that have a qualifier
return ``None`` for a hand that does not qualify.  Strengths of different
rankings are not comparable with each other.
:mod:`.vector` ranks many hold'em hands at once (NumPy, imported only when it is).
"""
