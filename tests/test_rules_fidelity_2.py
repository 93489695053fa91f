"""Rules fidelity, second pass (issue 13): mechanisms answered through the normal
legal_actions / apply path by every kind of agent."""
from __future__ import annotations

import pytest

from vanguard_fsm.agents import make_agent
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

TRIGGER = """
name: a critical trigger with two units to choose from
rules: ["CR 2.8.2"]
abilities: false
start: {turn: 6, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  front_left: AL-011
  deck: [AL-002, AL-009, AL-010]   # top first: a critical trigger
p1:
  VC: {card: TC-011, soul: [TC-001]}
  deck: [{card: TC-009, count: 5}]
"""


def _events(game):
    seen = []
    game.hooks.on("event", lambda g, name, fields: seen.append((name, dict(fields))))
    return seen


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=8,depth=2"])
def test_every_agent_answers_the_trigger_order_decision(spec):
    """CR 2.8.2: the order and each target are one decision per step, offered to any agent."""
    game = build_game(parse_scenario(TRIGGER))
    seen = _events(game)
    agent = make_agent(spec, 1)
    kinds = []
    while not any(name == "trigger" for name, _ in seen):
        decision = game.advance()
        assert decision is not None
        kinds.append(decision.kind)
        game.apply(agent.choose(game, decision))
    assert kinds.count("trigger") == 2       # the first effect with its target, then the other's target
    trigger = next(f for name, f in seen if name == "trigger")
    assert sorted(trigger["order"]) == ["critical", "power"]
    assert trigger["power_to"] in ("VC", "front_left") and trigger["critical_to"] in ("VC", "front_left")
