"""Range charts: the 13x13 grid of starting hands coloured by weight, as PNG.

:func:`draw_range` draws one range (a push or a call range): aces in the first row and column,
pairs on the diagonal, suited hands above it, offsuit below; each cell shows the class name (and
its weight when it is neither 0 nor 1) on a colour from white (never) to full (always); the title
gives the share of the 1,326 combinations played.  :func:`draw_ranges` draws two ranges side by
side (ICM against DCM push ranges, say), with the hands only one of them plays outlined.

A range is a :class:`~pokerengine.decisions.ranges.Range`, range text (``"22+, A2s+"``), 169
numbers in grid order, or a ``{class name: weight}`` mapping.  The data is checked and prepared
without matplotlib (:func:`range_grid`); drawing needs it (the ``plot`` extra) and raises
:class:`~pokerengine.errors.ChartError` without it or when the file cannot be written (the
drawing helpers of :mod:`pokerengine._plot`: a ``.png`` name in an existing directory).  A chart takes
well under a second and about 100-200 KB.

>>> g = range_grid("22+, A2s+, KTo+", title="push")
>>> g.cells[0][0], g.cells[12][12], round(g.percent, 2)
(1.0, 1.0, 12.22)
>>> g.names[0][:3], g.names[1][0]
(('AA', 'AKs', 'AQs'), 'AKo')
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .._plot import check_path, figure_classes, save_png
from ..errors import ChartError, RangeError
from .combos import CLASS_NAMES
from .ranges import Range, parse_range

RangeLike = Range | str | Iterable[float] | Mapping[str, float]
MAX_TITLE = 200

_COLOURS = {"push": "Reds", "call": "Blues", "range": "Greens"}


def as_range(value: RangeLike) -> Range:
    """A :class:`Range` from a range, range text, 169 grid-order numbers or a ``{class: weight}`` mapping."""
    if isinstance(value, Range):
        return value
    if isinstance(value, str):
        return parse_range(value)
    if isinstance(value, Mapping):
        return Range.from_classes(value)
    if isinstance(value, Iterable):
        return Range.from_classes(list(value))
    raise RangeError(f"a range chart takes a Range, range text, 169 numbers or a {{class: weight}} mapping, "
                     f"got {type(value).__name__}")


@attrs.frozen
class RangeGrid:
    """What a range chart shows: ``cells[row][col]`` the class weight (the mean over its
    combinations), ``names`` the class names, ``percent`` the share of the 1,326 combinations."""

    title: str
    cells: tuple[tuple[float, ...], ...]
    names: tuple[tuple[str, ...], ...]
    percent: float
    text: str


def range_grid(value: RangeLike, title: str = "range") -> RangeGrid:
    """The data of a range chart (no matplotlib needed)."""
    if not isinstance(title, str):
        raise ChartError(f"a chart's title is text, got {type(title).__name__}")
    r = as_range(value)
    w = r.classes()
    cells = tuple(tuple(w[13 * row + col] for col in range(13)) for row in range(13))
    names = tuple(tuple(CLASS_NAMES[13 * row + col] for col in range(13)) for row in range(13))
    return RangeGrid(title[:MAX_TITLE], cells, names, r.percent, r.text)


def _cmap(kind: str) -> Any:
    matplotlib = importlib.import_module("matplotlib")
    return matplotlib.colormaps[_COLOURS.get(kind, "Greens")]


def _panel(ax: Any, grid: RangeGrid, kind: str, other: RangeGrid | None = None) -> Any:
    cmap = _cmap(kind)
    image = ax.imshow([[0.85 * v for v in row] for row in grid.cells], cmap=cmap, vmin=0.0, vmax=1.0)
    patches = importlib.import_module("matplotlib.patches")
    for row in range(13):
        for col in range(13):
            v = grid.cells[row][col]
            label = grid.names[row][col]
            if 0.0 < v < 1.0:
                label += f"\n{v:.2f}".replace("0.", ".")
            ax.text(col, row, label, ha="center", va="center", fontsize=6.5 if "\n" in label else 7.5,
                    color="white" if v > 0.6 else "black")
            if other is not None and (v > 0.0) != (other.cells[row][col] > 0.0):
                ax.add_patch(patches.Rectangle((col - 0.5, row - 0.5), 1, 1, fill=False, edgecolor="black",
                                               linewidth=1.6))
    ax.set_xticks([])
    ax.set_yticks([])
    for k in range(14):
        ax.axhline(k - 0.5, color="white", linewidth=0.6)
        ax.axvline(k - 0.5, color="white", linewidth=0.6)
    ax.set_title(f"{grid.title}: {grid.percent:.1f}% of hands", fontsize=11)
    return image


def draw_range(value: RangeLike, path: str | os.PathLike[str], *, title: str | None = None,
               kind: str = "push") -> int:
    """Draw one range's 13x13 grid at ``path`` (PNG); return the file's size in bytes.

    ``kind``: ``"push"`` (red), ``"call"`` (blue) or ``"range"`` (green); ``title`` defaults to
    ``kind``'s name.  Raises :class:`~pokerengine.errors.ChartError` (no matplotlib, a bad path)
    or :class:`~pokerengine.errors.RangeError` (a bad range).
    """
    name = check_path(path)
    grid = range_grid(value, title if title is not None else f"{kind.capitalize()} range")
    figure, canvas = figure_classes()
    fig = figure(figsize=(7.2, 7.2))
    ax = fig.add_subplot()
    _panel(ax, grid, kind)
    fig.text(0.5, 0.04, "pairs on the diagonal, suited above, offsuit below; shade: share of the hand played",
             ha="center", fontsize=8, color="dimgrey")
    return save_png(fig, canvas, name)


def draw_ranges(left: RangeLike, right: RangeLike, path: str | os.PathLike[str], *,
                titles: tuple[str, str] = ("ICM", "DCM"), title: str | None = None, kind: str = "push") -> int:
    """Draw two ranges side by side at ``path`` (PNG); the hands only one of them plays are
    outlined in black.  Return the file's size in bytes.

    ``titles`` name the two panels (default ICM and DCM), ``title`` the whole figure.
    """
    name = check_path(path)
    if not (isinstance(titles, tuple) and len(titles) == 2):
        raise ChartError(f"titles must be two texts, got {titles!r}"[:200])
    a = range_grid(left, titles[0])
    b = range_grid(right, titles[1])
    figure, canvas = figure_classes()
    fig = figure(figsize=(13.5, 7.0))
    ax1, ax2 = fig.subplots(1, 2)
    _panel(ax1, a, kind, b)
    _panel(ax2, b, kind, a)
    if title:
        fig.suptitle(title[:MAX_TITLE], fontsize=13)
    fig.text(0.5, 0.04, "pairs on the diagonal, suited above, offsuit below; shade: share of the hand played; "
             "outlined: played in one chart only", ha="center", fontsize=8, color="dimgrey")
    return save_png(fig, canvas, name)


MAX_PANELS = 18
"""The most ranges :func:`plot_ranges` draws in one PNG (a nine-handed table's push ranges, and more)."""


def plot_ranges(ranges: Mapping[str, RangeLike], path: str | os.PathLike[str], *, title: str | None = None,
                kind: str = "push") -> int:
    """Draw several ranges, one grid each titled by its key (``{"BTN": push, "SB": push, ...}``), in
    rows of at most three, at ``path`` (PNG); return the file's size in bytes.  At most
    :data:`MAX_PANELS` ranges; ranges of nothing are drawn too (an empty grid).
    """
    name = check_path(path)
    if not isinstance(ranges, Mapping) or not 1 <= len(ranges) <= MAX_PANELS:
        raise ChartError(f"plot_ranges takes 1 to {MAX_PANELS} {{title: range}} entries, got "
                         f"{len(ranges) if isinstance(ranges, Mapping) else type(ranges).__name__}")
    grids = [range_grid(value, str(key)) for key, value in ranges.items()]
    figure, canvas = figure_classes()
    cols = min(3, len(grids))
    rows = -(-len(grids) // cols)
    fig = figure(figsize=(6.0 * cols, 6.3 * rows + 0.5), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    for k, ax in enumerate(ax for row in axes for ax in row):
        if k < len(grids):
            _panel(ax, grids[k], kind, grids[1 - k] if len(grids) == 2 else None)
        else:
            ax.set_axis_off()
    if title:
        fig.suptitle(title[:MAX_TITLE], fontsize=13)
    note = "pairs on the diagonal, suited above, offsuit below; shade: share of the hand played"
    if len(grids) == 2:
        note += "; outlined: played in one chart only"
    fig.get_layout_engine().set(h_pad=0.15, w_pad=0.1)
    fig.supxlabel(note, fontsize=8, color="dimgrey")
    return save_png(fig, canvas, name)


__all__ = ["MAX_PANELS", "RangeGrid", "as_range", "draw_range", "draw_ranges", "plot_ranges", "range_grid"]
