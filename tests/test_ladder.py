"""The strength ladder (issue 16): pairings, Bradley-Terry ratings, the command."""
from __future__ import annotations

import json

from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.sim.ladder import LadderConfig, bootstrap_intervals, bradley_terry, outcomes, work


def test_every_pairing_plays_both_deck_orders_and_the_requested_games():
    config = LadderConfig(agents=("random", "heuristic", "ismcts"), games=5, seed=1)
    halves = work(config)
    pairs = {key[:2] for key, _, _ in halves}
    assert pairs == {(0, 1), (0, 2), (1, 2)}
    for pair in pairs:
        mine = [(sim, n) for key, sim, n in halves if key[:2] == pair]
        assert sum(n for _, n in mine) == 5
        assert {sim.decks for sim, _ in mine} == {("aurora", "tidewyrm"), ("tidewyrm", "aurora")}
        assert all(sim.swap_seats and sim.agents == (config.agents[pair[0]], config.agents[pair[1]])
                   for sim, _ in mine)


def _games(i, j, wins, losses):
    return [(i, j, 1.0)] * wins + [(i, j, 0.0)] * losses


def test_bradley_terry_orders_agents_and_centres_the_scale():
    games = _games(0, 1, 80, 20) + _games(1, 2, 80, 20) + _games(0, 2, 95, 5)
    ratings = bradley_terry(3, games)
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings)) < 1e-6
    # 80% expected score is about 240 Elo points
    assert 180 < ratings[0] - ratings[1] < 300
    intervals = bootstrap_intervals(3, games, seed=4, reps=60)
    for (low, high), r in zip(intervals, ratings):
        assert low <= r <= high
    assert intervals[0][0] > intervals[2][1]
    assert intervals == bootstrap_intervals(3, games, seed=4, reps=60)


def test_outcomes_credit_the_agent_that_won_whatever_its_seat():
    rows = [{"pair": (0, 1, 0), "winner": 0, "side0": 0, "side1": 1},
            {"pair": (0, 1, 0), "winner": 0, "side0": 1, "side1": 0},
            {"pair": (0, 1, 1), "winner": None, "side0": 0, "side1": 1}]
    assert outcomes(rows) == [(0, 1, 1.0), (0, 1, 0.0), (0, 1, 0.5)]


def test_ladder_command_prints_ratings_and_matrix_and_writes_json(tmp_path):
    out = tmp_path / "ladder.json"
    result = CliRunner().invoke(main, ["ladder", "--agents", "random", "heuristic", "--games", "4",
                                       "--format", "quick", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "95% interval" in result.output
    data = json.loads(out.read_text())
    assert data["games"] == 4 and len(data["rows"]) == 4
    assert [r["agent"] for r in data["ratings"]][0] == "heuristic"
    cell = data["matrix"]["rows"][1][0]
    assert cell["games"] == 4 and 0 <= cell["ci95"][0] <= cell["rate"] <= cell["ci95"][1] <= 1
    again = CliRunner().invoke(main, ["ladder", "--agents", "random", "--agents", "heuristic", "--games", "4",
                                      "--format", "quick", "--no-progress"])
    assert again.output == result.output


def test_ladder_refuses_duplicates_and_single_agents():
    runner = CliRunner()
    for args in (["--agents", "random"], ["--agents", "random", "random"], ["--agents", "random", "human"]):
        result = runner.invoke(main, ["ladder", "--games", "1", *args])
        assert result.exit_code == 2, result.output
