"""Line-level mutations of a site's text file, shared by the PokerStars readers' fuzz-style tests."""

from __future__ import annotations

import random


def mutate_lines(lines: list[str], rnd: random.Random, times: int, alphabet: str = "0123456789$.:[] x") -> list[str]:
    """``lines`` with ``times`` random edits: a line deleted, a line repeated elsewhere, one character
    replaced from ``alphabet``, or a line cut short."""
    lines = list(lines)
    for _ in range(times):
        k = rnd.randrange(len(lines))
        how = rnd.randrange(4)
        if how == 0:
            del lines[k]
        elif how == 1:
            lines.insert(k, lines[rnd.randrange(len(lines))])
        elif how == 2 and lines[k]:
            i = rnd.randrange(len(lines[k]))
            lines[k] = lines[k][:i] + rnd.choice(alphabet) + lines[k][i + 1:]
        else:
            lines[k] = lines[k][: rnd.randrange(len(lines[k]) + 1)]
        if not lines:
            lines = [""]
    return lines
