"""A report read in a real browser (headless Chromium): the answer is on the first screen, and the
tables sort and filter (issue 11). .ci/run installs Chromium; elsewhere these tests need it on PATH."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from test_report import STUDY

from simlab import run_scenario
from simlab.report import render, render_report

CHROMIUM = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
if CHROMIUM is None and os.environ.get("SIMLAB_REQUIRE_BROWSER"):
    raise RuntimeError("SIMLAB_REQUIRE_BROWSER is set but no chromium is on PATH")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (apt install chromium)")

# the flags a root process in a closed network needs (no sandbox, no background connections)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def chromium(tmp: Path, *args: str) -> str:
    out = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp / 'profile'}", *args], capture_output=True,
                         text=True, timeout=120)
    return out.stdout


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browser")
    (tmp / "study.toml").write_text(STUDY)
    run_scenario(tmp / "study.toml", out=tmp / "results", n_jobs=1, quiet=True)
    keep, render.FILTER_ROWS = render.FILTER_ROWS, 3  # the toy's tables are short: give them filter boxes
    try:
        return render_report(tmp / "results", tmp / "report")
    finally:
        render.FILTER_ROWS = keep


def test_the_answer_box_is_on_the_first_screen_at_1400x900(report, tmp_path):
    shot = tmp_path / "first_screen.png"
    chromium(tmp_path, "--window-size=1400,900", f"--screenshot={shot}", (report / "index.html").as_uri())
    img = np.asarray(Image.open(shot).convert("RGB")).astype(int)
    assert img.shape[:2] == (900, 1400)
    # the box's background (#fff4cc) and its border (#e0b400): both edges inside the screen
    fill = (np.abs(img - (255, 244, 204)).sum(axis=2) <= 6).any(axis=1)
    border = (np.abs(img - (224, 180, 0)).sum(axis=2) <= 6).any(axis=1)
    rows = np.flatnonzero(fill)
    assert rows.size > 50, "no answer box on the first screen"
    edges = np.flatnonzero(border)
    assert edges.min() < rows.min() and edges.max() > rows.max() and edges.max() < 899, \
        "the answer box does not end within the first screen"


def test_tables_sort_on_a_click_and_filter_in_the_browser(report, tmp_path):
    page = (report / "index.html").read_text()
    # drive the page's own script as a user would: click a header twice, type into a filter box
    probe = """<script>
    var t=document.querySelector('table.sortable'); var th=t.tHead.rows[0].cells;
    var col=Array.prototype.findIndex.call(th,function(h){return h.textContent.indexOf('win rate')===0;});
    th[col].click(); th[col].click();
    var out=[]; Array.prototype.forEach.call(t.tBodies[0].rows,function(r){out.push(r.cells[col].textContent);});
    document.body.setAttribute('data-sorted', out.join('|'));
    var f=document.querySelector('input.filter'); var tb=f.nextElementSibling;
    var word=tb.tBodies[0].rows[0].cells[0].textContent.toLowerCase();
    f.value=word; f.dispatchEvent(new Event('input'));
    var shown=Array.prototype.filter.call(tb.tBodies[0].rows,function(r){return r.style.display!=='none';});
    var all=shown.every(function(r){return r.textContent.toLowerCase().indexOf(word)>=0;});
    document.body.setAttribute('data-shown', shown.length + '/' + tb.tBodies[0].rows.length + '/' + all);
    </script></body>"""
    probed = tmp_path / "probe.html"
    probed.write_text(page.replace("</body>", probe))
    for png in report.glob("*.png"):
        shutil.copy(png, tmp_path / png.name)
    dom = chromium(tmp_path, "--dump-dom", probed.as_uri())
    sorted_cells = re.search(r'data-sorted="([^"]*)"', dom).group(1).split("|")
    values = [float(c.split("%")[0]) for c in sorted_cells]
    assert len(values) > 1 and values == sorted(values, reverse=True)  # two clicks: descending
    shown, total, every = re.search(r'data-shown="(\d+)/(\d+)/(\w+)"', dom).groups()
    assert 0 < int(shown) < int(total) and every == "true"  # only the rows holding the word
