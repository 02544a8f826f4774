"""Board studies (docs/wizwar.md, "What the shipped sets mean for walking")."""

from __future__ import annotations

import math

from simlab.games.wizwar.studies import treasure_round_trips


def test_round_trips_on_designed_sets():
    """The open set: base (centre) to the nearest enemy treasure (a corner of a neighbouring
    sector) is 5 steps each way on every deal; the gated set: every enemy treasure is behind a
    door of its owner (R43, R46), so no wizard reaches one without a key."""
    assert treasure_round_trips("open", 2, 5) == {"mean": 10.0, "min": 10.0, "max": 10.0, "shut_out": 0,
                                                  "cut_off_deals": 0}
    gated = treasure_round_trips("gated", 3, 3)
    assert gated["shut_out"] == 9 and gated["cut_off_deals"] == 3 and math.isnan(gated["mean"])


def test_maze_set_makes_treasure_runs_long():
    """docs/wizwar.md, the maze set: the treasures lie on a winding inner path with one way in, so
    the shortest treasure run is at least 22 squares (9+ steps from the nearest exit, twice)."""
    r = treasure_round_trips("maze", 3, 10)
    assert r["min"] >= 22 and r["shut_out"] == 0


def test_round_trips_on_extracted_set_match_the_checklist_estimate():
    """Checklist 3.6 (an independent estimate): with the extracted faces, walking from one's
    base to the closest enemy treasure and back takes 14 to 16 squares on average (10-24)."""
    r = treasure_round_trips("extracted", 2, 40)
    assert 13 <= r["mean"] <= 17 and r["min"] >= 10 and r["max"] <= 24
