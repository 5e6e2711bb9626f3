"""How many examples a property test runs: its own quick count by default, the ``deep`` profile's count
(``POKERENGINE_HYPOTHESIS=deep``, ``POKERENGINE_DEEP_EXAMPLES``) when that profile is loaded (conftest.py)."""

from __future__ import annotations

import os

from hypothesis import settings

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"


def examples(quick: int) -> int:
    """``quick``, or under the deep profile its ``max_examples``."""
    return settings().max_examples if DEEP else quick
