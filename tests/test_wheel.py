"""Installs the way users expect (issue #12): compiled-code caching with a read-only install,
and notebooks that show their charts when executed. (CI also builds the wheel and installs it,
not editable, into a fresh venv: see .ci/run.)"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """\
from numba import njit


@njit(cache=True)
def twice(x):
    return 2 * x
"""


def _read_only(root: Path) -> None:
    for path in [root, *root.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _writable(root: Path) -> None:
    for path in [root, *root.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)


def test_compiled_code_cached_outside_a_read_only_install(tmp_path):
    """With simlab installed in a read-only folder, numba's cache goes to the user's cache folder
    (SIMLAB_CACHE_DIR here, ~/.cache/simlab/numba-<hash> by default): the game kernels' cache path
    is there, a compiled function's cache files land there (none in the install) and a second
    process loads them instead of compiling again."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "simlab", site / "simlab", ignore=shutil.ignore_patterns("__pycache__"))
    (site / "probe_mod.py").write_text(PROBE)
    _read_only(site)
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR")}
    env.update(PYTHONPATH=str(site), SIMLAB_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")
    code = ("import simlab.games as g, probe_mod; from simlab.games.quarriors import rules; "
            "print(probe_mod.twice(21)); print(sum(probe_mod.twice.stats.cache_hits.values())); print(g.CACHE_DIR); "
            "print(rules.play_game._cache._cache_path)")
    try:
        first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                               cwd=tmp_path, timeout=300)
        second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                cwd=tmp_path, timeout=300)
    finally:
        _writable(site)
    assert first.returncode == 0, first.stderr
    answer, hits, cache_dir, kernels = first.stdout.split()
    assert answer == "42" and hits == "0"  # compiled, nothing cached yet
    assert Path(cache_dir).parent == cache and Path(cache_dir).name.startswith("numba-")
    assert Path(kernels).is_relative_to(cache_dir)
    assert list(Path(cache_dir).rglob("*twice*.nbi")), "nothing was cached"
    assert not [p for p in site.rglob("*") if p.suffix in (".nbi", ".nbc")], "cache files in the install"
    assert second.returncode == 0, second.stderr
    assert second.stdout.split()[1] == "1", "the second process compiled again instead of loading the cache"


def _outputs(nb: dict) -> list[tuple[str, dict]]:
    return [(("".join(cell["source"])), out) for cell in nb["cells"] if cell["cell_type"] == "code"
            for out in cell.get("outputs", [])]


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="plays Quarriors games: compiled only")
def test_executed_notebook_contains_images(tmp_path):
    """Executed as a user would, a notebook shows its charts as images (image/png outputs), not
    the text ``<Figure size ...>`` (the report charts draw on the Agg backend, so each notebook
    selects the inline backend). Runs card_winrates.ipynb with few games."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(ROOT / "notebooks" / "card_winrates.ipynb", as_version=4)
    params = next(c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", []))
    params.source = params.source.replace("GAMES = 1500", "GAMES = 20")  # seconds: a chart, not a finding
    assert "GAMES = 20 " in params.source
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    outputs = _outputs(json.loads(nbformat.writes(nb)))
    charts = [out for src, out in outputs if "chart(" in src]
    assert charts and all("image/png" in out.get("data", {}) for out in charts), charts
    # "<Figure size ...>" alone (no image beside it in the same output) is what went wrong before
    assert not [out for _, out in outputs if "<Figure size" in "".join(out.get("data", {}).get("text/plain", ""))
                and "image/png" not in out["data"]]


def test_every_notebook_selects_the_inline_backend():
    """The report charts switch matplotlib to Agg; a notebook that draws them must select the
    inline backend after importing them, or executed notebooks hold no images."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        if "charts." in code:
            assert "%matplotlib inline" in code, path.name
            assert code.index("%matplotlib inline") > code.index("import charts"), path.name
