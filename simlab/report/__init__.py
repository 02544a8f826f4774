"""Reports: charts (matplotlib Figures) and report.md / index.html from a results directory.

    from simlab.report import render_report
    render_report("results/quarriors_quickstart")      # -> reports/quarriors_quickstart/
"""

from simlab.report.render import SECTIONS, render_report

__all__ = ["render_report", "SECTIONS"]
