"""The readable game log (trace.py): a seeded game replays identically and reads as the rules ran."""

from __future__ import annotations

import pytest

from simlab.games.ashes import trace


def test_replay_log_is_reproducible_and_complete():
    """A traced game (compiled driver, every invariant checked) has no violation, starts with the
    setup and the first-player roll (rule 23), has rounds, and ends with its winner; the same
    seed gives the same log."""
    lines, bad = trace.replay(1, 3)
    assert bad == 0
    assert lines[0] == "setup: 2 players" and "first-player roll 1" in lines[1]
    assert any(line.startswith("round 1 ") for line in lines)
    assert lines[-1].startswith("game over: ")
    assert trace.replay(1, 3)[0] == lines


def test_replay_rejects_an_unknown_bot():
    """Bad input names the bad value and what was expected."""
    expect = r"unknown ashes bot 'greedy'; expected one of \['aggro', 'balanced', 'builder', 'control', 'random'\]"
    with pytest.raises(ValueError, match=expect):
        trace.replay(1, 0, bots=("greedy", "balanced"))
