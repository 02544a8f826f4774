"""check_game: passes for a correct game, fails clearly for broken ones."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from simlab.testing import check_game


def test_toy_passes(toy):
    check_game(toy, n_games=120)
    check_game("toy", n_games=30, seed=4)


def _broken(toy, mutate):
    def play(*args, **kwargs):
        out = toy.play(*args, **kwargs)
        mutate(out)
        return out

    return dataclasses.replace(toy, play=play)


def test_detects_violations(toy):
    def bad(out):
        if "violations" in out["games"]:
            out["games"]["violations"][3] = 2

    with pytest.raises(AssertionError, match="broke invariants"):
        check_game(_broken(toy, bad), n_games=20)


def test_detects_wrong_winner(toy):
    def bad(out):
        w = out["games"]["winner"]
        w[w >= 0] = 0

    with pytest.raises(AssertionError, match="best score|won flags"):
        check_game(_broken(toy, bad), n_games=50)


def test_detects_bad_card_ids(toy):
    def bad(out):
        out["cards"]["card"][0] = 99

    with pytest.raises(AssertionError, match="card ids"):
        check_game(_broken(toy, bad), n_games=20)


def test_detects_bad_end_reason_and_turns(toy):
    def bad(out):
        out["games"]["turns"][:] = 0

    with pytest.raises(AssertionError, match="turns"):
        check_game(_broken(toy, bad), n_games=20)


def test_detects_chunk_dependence(toy):
    def bad(out):
        # depends on the batch, not only on (seed, game_id)
        out["seats"]["score"][:] = np.arange(len(out["seats"]["score"]))

    with pytest.raises(AssertionError):
        check_game(_broken(toy, bad), n_games=20)
