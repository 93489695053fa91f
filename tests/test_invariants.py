"""Property tests over many seeded games (issue 3): every game ends by damage or
deck out; after every flow state entered the card-conservation invariant holds;
every action taken was legal by an independent check of RULES 3.3.3-3.3.5."""
from __future__ import annotations

import pytest

from helpers import play_checked

RANDOM_GAMES, HEURISTIC_GAMES, CHUNK = 1000, 200, 100


@pytest.mark.parametrize("start", range(0, RANDOM_GAMES, CHUNK))
def test_random_games_keep_invariants(start):
    reasons = set()
    for seed in range(start, start + CHUNK):
        game = play_checked(seed, ("random", "random"))
        reasons.add(game.state.result[2])
        assert game.state.result[2] in ("damage", "deck_out"), (seed, game.state.result)
    assert reasons  # at least one game ended


@pytest.mark.parametrize("start", range(0, HEURISTIC_GAMES, CHUNK))
def test_heuristic_games_keep_invariants_and_end_by_damage_or_deck_out(start):
    for seed in range(start, start + CHUNK):
        game = play_checked(seed, ("heuristic", "heuristic"))
        assert game.state.result[2] in ("damage", "deck_out"), (seed, game.state.result)
        assert game.state.turn < game.params["turn_limit"]


def test_quick_format_games_end_at_four_damage():
    """RULES 2.2: the quick format is lost at 4 damage."""
    for seed in range(30):
        game = play_checked(seed, ("heuristic", "random"), fmt="quick")
        winner, loser, reason = game.state.result
        if reason == "damage":
            assert len(game.state.players[loser].damage) >= 4
