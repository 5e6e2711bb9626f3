"""Hypothesis profiles: ``ci`` (quick, the default) and ``deep``.

Select with the environment variable ``POKERENGINE_HYPOTHESIS`` (``ci`` or
``deep``).  ``deep`` runs every property test with ``POKERENGINE_DEEP_EXAMPLES``
examples (default 1,000,000); run it on the invariant modules, e.g.
``POKERENGINE_HYPOTHESIS=deep pytest tests/settlement/test_settle_properties.py``.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None, print_blob=True)
settings.register_profile(
    "deep",
    max_examples=int(os.environ.get("POKERENGINE_DEEP_EXAMPLES", "1000000")),
    deadline=None,
    print_blob=True,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("POKERENGINE_HYPOTHESIS", "ci"))
