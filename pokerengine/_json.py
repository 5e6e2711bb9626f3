"""Reading JSON that came from outside: bounded, strict, and never a traceback.

Every entry point that takes JSON (``settle`` hands, tournament event logs,
``equity`` input files) reads it through :func:`loads`, which turns each way
hostile bytes can break :func:`json.loads` into one clear
:class:`~pokerengine.errors.PokerEngineError`:

- bytes that are not UTF-8 (a leading byte-order mark is allowed);
- more than :data:`MAX_BYTES` bytes (callers may set their own bound);
- nesting deeper than :data:`MAX_DEPTH` (``[`` repeated 100,000 times);
- an integer literal longer than :data:`MAX_INT_DIGITS` digits (no chip count
  the library accepts is longer, see :data:`pokerengine._checks.MAX_CHIPS`), so
  Python's own 4,300-digit conversion limit is never reached;
- ``NaN``, ``Infinity`` and, with ``floats=False``, any number with a fraction
  or an exponent.

>>> loads(b'{"seats": [1, 2]}')
{'seats': [1, 2]}
>>> loads(b'[' * 100_000)
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: input: JSON nested deeper than 64 levels
>>> loads(b'\\xff')
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: input: not valid UTF-8 (bad byte at offset 0)
>>> loads('9' * 30)
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: input: integer of 30 digits is out of range (at most 20 digits)
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from .errors import PokerEngineError

MAX_BYTES = 64 * 1024 * 1024
"""Default bound on the size of one JSON document (64 MiB)."""

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; no document of the library needs more than 4."""

MAX_INT_DIGITS = 20
"""Longest integer literal accepted (2**63 - 1 has 19 digits; one more lets the range check name the value)."""


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_INT_DIGITS + 1))
_DIGITS_AS_9 = bytes(0x39 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
_DIGIT_RUN = b"9" * (MAX_INT_DIGITS + 1)


class _Refused(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"integer of {digits} digits is out of range (at most {MAX_INT_DIGITS} digits)")
    return int(text)


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number")


def _refuse_float(text: str) -> Any:
    shown = text if len(text) <= 30 else text[:27] + "..."
    raise _Refused(f"{shown} is not an integer")


def _keep_float(text: str) -> Any:
    # Parsed so that the caller's type check names the value; never a chip amount.
    if len(text) > 40:
        raise _Refused(f"number {text[:27]}... is too long")
    return float(text)  # float ok: refused later by the integer checks, with its value in the message


_DECODERS = {f: json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_keep_float if f else _refuse_float)
             for f in (True, False)}


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether parsed JSON nests arrays and objects more than ``limit`` deep (iterative, no recursion).

    >>> too_deep([[[1]]], 2), too_deep({"a": [1]}, 2)
    (True, False)
    """
    if not isinstance(value, (list, dict)):
        return False
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if level > limit:
            return True
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, level + 1) for child in children if isinstance(child, (list, dict)))
    return False


def read_file(path: str | os.PathLike[str], *, max_bytes: int, what: str,
              error: type[PokerEngineError] = PokerEngineError,
              unreadable: type[PokerEngineError] | None = None) -> bytes:
    """A file's bytes, reading at most ``max_bytes`` plus one (a larger file is ``error`` naming
    ``what``; one that cannot be read, or a path that is not one, ``unreadable``, by default ``error``).
    ``path`` must be a path: an int would read a descriptor."""
    unreadable = unreadable or error
    if not isinstance(path, (str, os.PathLike)):
        raise unreadable(f"{what} must be a path, got {type(path).__name__}")
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the path)
        raise unreadable(f"cannot read {what}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > max_bytes:
        raise error(f"{what}: larger than {max_bytes:,} bytes")
    return data


def text_of(data: bytes | bytearray | str, *, what: str = "input", error: type[PokerEngineError] = PokerEngineError,
            max_bytes: int = MAX_BYTES) -> str:
    """The text of hostile input: at most ``max_bytes`` long, strict UTF-8 when it is bytes, a leading
    byte-order mark dropped; or ``error`` naming ``what`` was wrong.

    >>> text_of(b"\\xef\\xbb\\xbf{}"), text_of("{}")
    ('{}', '{}')
    """
    if not isinstance(data, (bytes, bytearray, str)):  # (before len(): an int has none)
        raise error(f"{what}: expected bytes or str, got {type(data).__name__}")
    if len(data) > max_bytes:
        raise error(f"{what}: larger than {max_bytes:,} bytes")
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what}: not valid UTF-8 (bad byte at offset {exc.start})") from None
    else:
        text = data
    return text[1:] if text.startswith("\ufeff") else text


def loads(
    data: bytes | str,
    *,
    what: str = "input",
    error: type[PokerEngineError] = PokerEngineError,
    floats: bool = True,
    max_bytes: int = MAX_BYTES,
) -> Any:
    """Parse one JSON document from hostile input, or raise ``error`` naming ``what`` was wrong."""
    text = text_of(data, what=what, error=error, max_bytes=max_bytes)
    if isinstance(data, (bytes, bytearray)):  # a byte table lookup is several times faster than the regex
        long_digits = _DIGIT_RUN in bytes(data).translate(_DIGITS_AS_9)
    else:
        long_digits = _LONG_DIGITS.search(text) is not None
    try:
        if long_digits:  # only a run of more digits than an integer may have needs the per-integer check
            value = json.loads(text, parse_int=_parse_int, parse_constant=_refuse_constant,
                               parse_float=_keep_float if floats else _refuse_float)
        else:  # C speed, with a decoder made once
            value = _DECODERS[floats].decode(text)
    except RecursionError:
        raise error(f"{what}: JSON nested deeper than {MAX_DEPTH} levels") from None
    except _Refused as exc:
        raise error(f"{what}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not valid JSON: {exc}") from None
    except (MemoryError, ValueError) as exc:  # belt and braces: never a traceback
        raise error(f"{what}: cannot be read as JSON ({type(exc).__name__})") from None
    # Only text with many brackets can nest deeply, so the walk rarely runs.
    if text.count("[") + text.count("{") > MAX_DEPTH and too_deep(value):
        raise error(f"{what}: JSON nested deeper than {MAX_DEPTH} levels")
    return value
