"""Range charts (pokerengine.decisions.charts): the grid data, and PNGs of plausible size."""

from __future__ import annotations

import importlib.util

import pytest

from pokerengine.decisions.charts import as_range, draw_range, draw_ranges, range_grid
from pokerengine.decisions.combos import CLASS_NAMES
from pokerengine.decisions.ranges import Range, parse_range
from pokerengine.errors import ChartError, RangeError

HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
needs_matplotlib = pytest.mark.skipif(not HAVE_MATPLOTLIB, reason="matplotlib is not installed (the plot extra)")
PNG = b"\x89PNG\r\n\x1a\n"


def test_every_input_form_gives_the_same_grid():
    r = parse_range("22+, A2s+, KTo+, 87s:0.5")
    weights = list(r.classes())
    mapping = {n: w for n, w in zip(CLASS_NAMES, weights) if w}
    grids = [range_grid(x) for x in (r, str(r), weights, mapping)]
    assert all(g.cells == grids[0].cells for g in grids)
    assert grids[0].percent == pytest.approx(r.percent) and grids[0].text == str(r)
    # grid order: row 0 is the aces; suited above the diagonal, offsuit below
    g = grids[0]
    assert g.names[0][1] == "AKs" and g.names[1][0] == "AKo" and g.names[6][7] == "87s"
    assert g.cells[6][7] == 0.5 and g.cells[7][6] == 0.0 and g.cells[1][2] == 0.0 and g.cells[2][1] == 1.0


def test_partial_classes_show_the_mean():
    g = range_grid("AhKh, AsKs")
    assert g.cells[0][1] == 0.5 and g.percent == pytest.approx(100 * 2 / 1326)


@pytest.mark.parametrize("bad", [[1.0] * 10, {"AKx": 1.0}, "AKs+", 5])
def test_bad_ranges(bad):
    with pytest.raises(RangeError):
        as_range(bad)


@needs_matplotlib
def test_one_range_png(tmp_path):
    path = tmp_path / "push.png"
    size = draw_range("22+, A2s+, K9s+, ATo+, KJo+, 76s:0.5", path, title="BTN push, 10 bb")
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) == size and 10_000 < size < 400_000


@needs_matplotlib
def test_side_by_side_png(tmp_path):
    icm = Range.from_classes({"AA": 1, "KK": 1, "AKs": 1, "AKo": 0.5})
    dcm = parse_range("QQ+, AK, AQs")
    path = tmp_path / "both.png"
    size = draw_ranges(icm, dcm, path, title="SB push: ICM against DCM", kind="call")
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) == size and 20_000 < size < 600_000
    # wider than one chart: the PNG header's width field (bytes 16..20)
    single = tmp_path / "one.png"
    draw_range(icm, single)
    assert int.from_bytes(data[16:20], "big") > 1.5 * int.from_bytes(single.read_bytes()[16:20], "big")


def test_bad_paths(tmp_path):
    with pytest.raises(ChartError, match="png"):
        draw_range("AA", tmp_path / "x.jpg")
    with pytest.raises(ChartError, match="no directory"):
        draw_ranges("AA", "KK", tmp_path / "missing" / "x.png")


def test_missing_matplotlib_names_the_extra(monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # makes the import fail
    with pytest.raises(ChartError, match="plot"):
        draw_range("AA", tmp_path / "x.png")
    with pytest.raises(ChartError, match="plot"):
        draw_ranges("AA", "KK", tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


@needs_matplotlib
def test_several_ranges_png(tmp_path):
    from pokerengine.decisions.charts import MAX_PANELS, plot_ranges

    path = tmp_path / "table.png"
    size = plot_ranges({"BTN": "22+, A2+", "SB": [1.0] * 169, "BB": {"AA": 1.0}, "UTG": "QQ+:0.5"}, path,
                       title="push ranges")
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) == size and 30_000 < size < 1_000_000
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 1.2 * height and height > 1000  # three grids a row, two rows
    with pytest.raises(ChartError):
        plot_ranges({}, tmp_path / "none.png")
    with pytest.raises(ChartError):
        plot_ranges({str(k): "AA" for k in range(MAX_PANELS + 1)}, tmp_path / "many.png")
