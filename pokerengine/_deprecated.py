"""Old names that resolve for one release with a :class:`DeprecationWarning` (``CHANGELOG.md`` lists them).

A module whose public names were renamed sets ``__getattr__ = renamed(__name__, {"Old": "New"}, globals())``;
``pokerengine.history``, whose names moved to other modules, sets ``__getattr__ = moved(__name__, {...})``.

>>> namespace = {"HandPlayed": int}
>>> get = renamed("pokerengine.example", {"Hand": "HandPlayed"}, namespace)
>>> import warnings
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     get("Hand") is int, str(seen[0].message)
(True, 'pokerengine.example.Hand is renamed HandPlayed; the old name goes in the next release')
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any


def renamed(module: str, names: Mapping[str, str], namespace: Mapping[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__``: each old name of ``names`` gives its new name's value from ``namespace``."""

    def __getattr__(name: str) -> Any:
        new = names.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is renamed {new}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return namespace[new]

    return __getattr__


def moved(module: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__``: each name of ``homes`` is read from the module that has it now."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is now {home}.{name}; {module} goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(home), name)

    return __getattr__
