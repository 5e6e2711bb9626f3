"""The package as people install it: its name, version, type marker and import cost.

These run twice in CI (``.ci/run``): against the editable checkout, and against the
wheel installed in a fresh virtual environment (``.ci/test-wheel``), where the
checkout is not importable.
"""

import importlib.metadata
import importlib.resources
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pokerengine
from pokerengine.cli import main

# The distribution name on PyPI; the import name stays ``pokerengine``
# (``pokerengine`` on PyPI is another project).
DIST = "pokerengine-exact"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def pyproject() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def test_pyproject_names_the_distribution():
    project = pyproject()["project"]
    assert project["name"] == DIST
    assert project["license"] == "MIT"
    assert project["scripts"]["pokerengine"] == "pokerengine.cli:main"


def test_metadata_version_is_the_package_version():
    assert importlib.metadata.version(DIST) == pokerengine.__version__


def test_metadata_licence_and_command():
    dist = importlib.metadata.distribution(DIST)
    assert dist.metadata["License-Expression"] == "MIT"
    (script,) = [ep for ep in dist.entry_points if ep.group == "console_scripts"]
    assert (script.name, script.value) == ("pokerengine", "pokerengine.cli:main")
    assert script.load() is main


@pytest.mark.parametrize("how", ["script", "module"])
def test_version_option_prints_the_metadata_version(how):
    if how == "script":  # the console script pip installed beside this interpreter
        command = [shutil.which("pokerengine", path=str(Path(sys.executable).parent))]
        assert command[0], "no pokerengine script beside " + sys.executable
    else:
        command = [sys.executable, "-m", "pokerengine"]
    done = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.split() == ["pokerengine", importlib.metadata.version(DIST)]


def test_py_typed_is_shipped():
    # In the checkout: the marker exists and pyproject puts it in the wheel; against the
    # installed wheel (.ci/test-wheel) the same check reads the installed package.
    assert importlib.resources.files("pokerengine").joinpath("py.typed").is_file()
    assert "py.typed" in pyproject()["tool"]["setuptools"]["package-data"]["pokerengine"]


def test_settle_does_not_import_numpy():
    # NumPy takes a noticeable part of start-up; only the payout models need it.
    code = "import sys\nfrom pokerengine import settle\nprint('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.strip() == "False"
