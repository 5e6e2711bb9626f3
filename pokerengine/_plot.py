"""Drawing to PNG files with matplotlib, for every chart of the package (:mod:`pokerengine.charts`,
:mod:`pokerengine.decisions.charts`).

matplotlib is the ``plot`` extra (``pip install "pokerengine-exact[plot]"``): it is imported when a
chart is drawn (:func:`figure_classes`), never with this module, and draws with the Agg (file-only)
canvas: no window opens and no global backend is changed.  Without it, drawing raises
:class:`~pokerengine.errors.ChartError` naming the extra.
"""

from __future__ import annotations

import importlib
import io
import os
import warnings
from typing import Any

from ._checks import shown
from .errors import ChartError


def check_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a string if a PNG can be written there (a ``.png`` name in an existing directory), else ChartError."""
    name = os.fspath(path)
    if not isinstance(name, str):
        raise ChartError(f"a chart's file name must be text, got {shown(name)}")
    if name and os.path.isdir(name):
        raise ChartError(f"cannot write the chart to {shown(name)}: it is a directory")
    if not name.lower().endswith(".png"):
        raise ChartError(f"a chart is written as PNG: name the file *.png, got {shown(name)}")
    parent = os.path.dirname(name) or "."
    if not os.path.isdir(parent):
        raise ChartError(f"cannot write the chart to {shown(name)}: no directory {shown(parent)}")
    return name


def figure_classes() -> tuple[Any, Any]:
    """matplotlib's Figure and Agg canvas classes, or ChartError naming the ``plot`` extra."""
    try:
        figure = importlib.import_module("matplotlib.figure")
        agg = importlib.import_module("matplotlib.backends.backend_agg")
    except ImportError:
        raise ChartError('drawing a chart needs matplotlib: pip install "pokerengine-exact[plot]"') from None
    return figure.Figure, agg.FigureCanvasAgg


def _palette(png: bytes) -> bytes:
    """``png`` with at most 256 colours: a third of the size, and the lines look the same.

    Pillow is one of matplotlib's own requirements; without it the PNG stays as matplotlib wrote it.
    """
    try:
        image_module = importlib.import_module("PIL.Image")
    except ImportError:
        return png
    image = image_module.open(io.BytesIO(png)).convert("RGB")  # the figure is opaque
    out = io.BytesIO()
    image.quantize(colors=256, method=image_module.Quantize.MEDIANCUT).save(out, format="png", optimize=True)
    return out.getvalue()


def save_png(fig: Any, canvas: Any, path: str) -> int:
    """Draw ``fig`` on ``canvas`` and write it to ``path`` as a PNG (ChartError if it cannot be written); its size in bytes."""
    buf = io.BytesIO()
    canvas(fig)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a glyph missing from the font is drawn as a box, not an error
        fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    data = _palette(buf.getvalue())
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        raise ChartError(f"cannot write the chart to {shown(path)}: {exc.strerror or type(exc).__name__}") from None
    return len(data)


def ready() -> None:
    """Raise :class:`~pokerengine.errors.ChartError` naming the ``plot`` extra if matplotlib cannot be imported."""
    figure_classes()


__all__ = ["check_path", "figure_classes", "ready", "save_png"]
