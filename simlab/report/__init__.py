"""Reports: charts (matplotlib Figures) and report.md / index.html from a results directory.

    from simlab.report import render_report
    render_report("results/quarriors_quickstart")      # -> reports/quarriors_quickstart/
"""

from simlab.report.render import SECTIONS, check_report_target, render_report

__all__ = ["render_report", "check_report_target", "SECTIONS"]
