"""simlab: Monte Carlo balance analytics for tabletop games.

Public API::

    from simlab import simulate, run_scenario, load_results, load_scenario, get_game, game_names
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("simlab")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"

from simlab.games import game_names, get_game  # noqa: E402
from simlab.results import load_results  # noqa: E402
from simlab.runner import run_scenario, simulate  # noqa: E402
from simlab.scenario import load_scenario  # noqa: E402

__all__ = [
    "simulate",
    "run_scenario",
    "load_results",
    "load_scenario",
    "get_game",
    "game_names",
    "__version__",
]
