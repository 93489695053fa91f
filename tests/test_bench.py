"""`bench` smoke tests: the floor replay is faithful and the command writes its JSON.

No timing is asserted (a benchmark is not a timed test); these check that the
numbers are computed from the right things.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.sim.bench_floor import Floor, record_game, recording_flows
from vanguard_fsm.cli.main import main


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_recording_sees_every_transition_of_the_same_game(agent):
    flows, log = recording_flows()
    sequence, fired = record_game(flows, log, 3, agent)
    game = new_game(3)
    play_out(game, [make_agent(agent, 7), make_agent(agent, 8)])
    # the recorded game is the very game the engine plays with the shared flows
    assert fired == game.runner.transitions
    assert sum(1 for step in sequence if step[-1]) == fired


def test_floor_replay_reproduces_every_outcome_and_detects_a_wrong_one():
    flows, log = recording_flows()
    sequence, _ = record_game(flows, log, 5, "random")
    floor = Floor(flows)
    floor.check(sequence)            # raises if any trigger ends differently
    assert Floor.replay(floor.compile(sequence)) > 0
    conditional = next(i for i, s in enumerate(sequence) if s[3] > 0)
    flow, name, before, fired, after, ok = sequence[conditional]
    with pytest.raises(AssertionError):
        floor.check([(flow, name, before, 0, after, ok)])


def test_bench_command_writes_every_measure(tmp_path):
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(main, ["bench", "--games", "1", "--ratio-games", "1", "--long", "0",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for key in ("random_games_per_second", "heuristic_games_per_second", "random_transitions_per_game",
                "ratio_game_random", "ratio_flow_layer_heuristic", "flows_load_ms", "flows_lint_ms",
                "snapshot_restore_ms", "diagrams_ms", "targets"):
        assert key in data, key
    # the same single game in both measures: every transition is a fired trigger
    assert data["floor_random"]["transitions_per_game"] == data["random_transitions_per_game"]
    assert data["floor_random"]["triggers_per_game"] >= data["random_transitions_per_game"]
    assert set(data["targets"]) >= {"random_games_per_second", "snapshot_restore_ms", "flows_load_ms"}
    assert "engine / transitions floor" in result.output
