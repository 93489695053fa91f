"""Issue 33: the main phase puts no limit on moves (RULES 3.3.4, CR 6.6.1.3), so a player who
never passes never ends the turn. Every agent passes in bounded decisions from a position where
moving back and forth is legal forever, the search never moves back to a position it stood at,
and the engine stops a turn that goes on and on (`limits.decisions_per_turn`) with a located error."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import copy_flows, edit
from vanguard_fsm.agents import budgets, make_agent
from vanguard_fsm.agents.determinize import action_key
from vanguard_fsm.agents.ismcts import ISMCTSAgent
from vanguard_fsm.cli.main import main
from vanguard_fsm.machine.runner import Runaway
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import load_scenario

ENDLESS = Path(__file__).parent / "scenarios" / "main_phase" / "rear_guards_move_back_and_forth_without_limit.yaml"
MOVE_LEFT = "move:front_left->back_left"


def endless_position(flows_dir=None):
    """Turn 4, seat 0's main phase: both side columns filled, an empty hand, no abilities."""
    game = build_game(load_scenario(ENDLESS), flows_dir=flows_dir)
    assert game.advance().kind.endswith("main_phase")
    return game


def main_phase_decisions(game, agent, cap: int = 200) -> int:
    """Decisions `agent` takes in this main phase before the battle phase starts (at most `cap`)."""
    taken = 0
    while taken < cap:
        decision = game.advance()
        if decision is None or not decision.kind.endswith("main_phase"):
            return taken
        game.apply(agent.choose(game, decision))
        taken += 1
    return taken


@pytest.mark.parametrize("spec, most", [
    ("random", 20), ("heuristic", 1),
    ("ismcts:iterations=2", 4), ("ismcts:iterations=6", 4), ("ismcts:iterations=6,margin=0", 4),
])
def test_every_agent_passes_where_moving_back_and_forth_is_legal_forever(spec, most):
    """Two columns of two rear-guards have four arrangements: a search moves at most three times
    before it passes (CR 6.6.1.3 sets no limit; issue 33's ladder moved for thousands of decisions).
    The random agent passes with chance 1/3 at each decision (seeded: the same count every run)."""
    taken = main_phase_decisions(endless_position(), make_agent(spec, 5))
    assert taken <= most, f"{spec} took {taken} main-phase decisions"


def test_a_search_never_moves_back_to_a_position_it_stood_at_this_turn():
    """After the left column moved, moving it again brings back the turn's first position: the
    search leaves that move out while it may pass (the other column's move and pass stay)."""
    game = endless_position()
    agent = ISMCTSAgent(3, iterations=6, margin=0)
    agent.choose(game, game.pending)                 # the agent stands at the first position
    game.apply(MOVE_LEFT)
    decision = game.advance()
    chosen = agent.choose(game, decision)
    keys = {action_key(game, a): a.id for a in decision.actions}
    searched = {keys[k] for k in agent.last_root.children}
    assert searched == {"move:front_right->back_right", "pass"}
    assert chosen.id != MOVE_LEFT


def test_a_starved_budget_plays_the_heuristics_move():
    """One playout: the heuristic agent's move is the one tried (each round plays it first), so a
    budget spent before every root move was tried keeps it (issue 33: it took the first move offered)."""
    game = endless_position()
    agent = ISMCTSAgent(1, iterations=1)
    assert agent.choose(game, game.pending).id == "pass"
    assert [agent.last_root.children[k].visits for k in agent.last_root.children] == [0, 0, 1]


class AlwaysMoves:
    """An agent that moves whenever it can (the rules allow it for ever)."""

    def choose(self, game, decision):
        return next((a for a in decision.actions if a.kind == "move"), decision.actions[0])


def test_a_turn_that_never_ends_stops_at_the_decisions_per_turn_bound():
    game = endless_position()
    with pytest.raises(Runaway) as caught:
        main_phase_decisions(game, AlwaysMoves(), cap=10_000)
    message = str(caught.value)
    assert message.startswith(f"{game.runner.leaf().where.path}:")
    assert "runaway turn: 1000 decisions in turn 4" in message and "turn.main_phase" in message
    assert f"{MOVE_LEFT} x1000" in message and "limits.decisions_per_turn" in message
    assert len(game.history) == 1000                 # the 1001st was refused before it changed anything


def test_the_bound_is_a_parameter_and_an_older_parameters_file_gets_it(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "decisions_per_turn: 1000", "decisions_per_turn: 150")
    game = endless_position(flows)
    with pytest.raises(Runaway, match="runaway turn: 150 decisions"):
        main_phase_decisions(game, AlwaysMoves(), cap=10_000)
    text = (flows / "parameters.yaml").read_text()
    (flows / "parameters.yaml").write_text("".join(line for line in text.splitlines(keepends=True)
                                                   if "decisions_per_turn" not in line))
    assert endless_position(flows).decision_limit == 1000     # written before the bound: the built-in value


def test_a_flow_whose_pass_stays_in_the_main_phase_is_stopped_with_a_located_error(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", "      - choice: pass\n        to: battle_phase\n",
         "      - choice: pass\n        to: main_phase\n      - to: battle_phase\n        if: [turn_limit_reached]\n")
    result = CliRunner().invoke(main, ["play", "--quiet", "--flows", str(flows), "--agents", "heuristic", "heuristic"])
    assert result.exit_code == 2, result.output
    assert f"{flows / 'turn.yaml'}:" in result.output and "runaway turn: 1000 decisions in turn 1" in result.output
    assert "pass x" in result.output and "Traceback" not in result.output


def test_search_budgets_say_whether_a_run_replays_exactly():
    said = budgets(["ismcts:iterations=5", "ismcts:time=0.1", "heuristic", "ismcts"])
    assert list(said) == ["ismcts:iterations=5", "ismcts:time=0.1", "ismcts"]
    assert "exactly reproducible" in said["ismcts:iterations=5"]
    assert "reproducible only up to its budget" in said["ismcts:time=0.1"]
    assert "cut at 0.9 CPU s" in said["ismcts"]
    assert make_agent("ismcts:iterations=5").cap == float("inf") and make_agent("ismcts").cap == 0.9
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--no-progress", "--format", "quick",
                                       "--agents", "ismcts:iterations=2", "heuristic"])
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=2: an iteration budget: 2 playouts a decision, exactly reproducible" in result.output
    assert "reproducible only up to their budget" in CliRunner().invoke(main, ["ladder", "--help"]).output
