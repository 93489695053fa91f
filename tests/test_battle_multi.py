"""More than one attacked unit (issue 13; CR 7.4.1.8.4-5, 7.5.1.2.2-4, 7.7.1.2-9, 10.20): the
guard step names the guarded unit, each unit is compared and hit on its own, the agents and
positions know it, and a one-target battle is unchanged."""
from __future__ import annotations

import pytest

from vanguard_fsm.agents import make_agent
from vanguard_fsm.game.rules import battle, damage
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.save import position_of
from vanguard_fsm.scenario.schema import parse_scenario

TWO = """
name: two attacked units
rules: ["CR 7.4.1.8.5"]
abilities: false
start: {turn: 8, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC, more: [front_left]}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  front_left: TC-011
  front_right: TC-011
  hand: [TC-008, TC-002]
  damage: [TC-009, TC-009, TC-009, TC-009]
  deck: [{card: TC-009, count: 6}]
"""


def _events(game):
    seen = []
    game.hooks.on("event", lambda g, name, fields: seen.append((name, dict(fields))))
    return seen


def test_each_guard_action_names_one_attacked_unit():
    """CR 7.5.1.2.2, 7.5.1.2.4: a hand guardian for each attacked unit; only the unattacked rear-guard intercepts."""
    game = build_game(parse_scenario(TWO))
    ids = {a.id for a in game.advance().actions}
    assert {"guard:hand[0]->VC", "guard:hand[0]->front_left", "intercept:front_right->VC",
            "intercept:front_right->front_left"} <= ids
    assert not any(i.startswith("intercept:front_left") for i in ids)


def test_shields_count_only_for_the_unit_they_guard():
    game = build_game(parse_scenario(TWO))
    decision = game.advance()
    game.apply(next(a for a in decision.actions if a.id == "guard:hand[0]->front_left"))
    assert damage.defense_power(game, "front_left") == 10000 + 5000
    assert damage.defense_power(game, "VC") == damage.defense_power(game) == 11000
    assert game.state.players[1].gc[0].guarding == "front_left"


def test_a_gone_attacked_unit_is_not_hit_and_the_others_still_are():
    """CR 7.4.1.8.2, 7.7.1.3: an attacked unit that left is not compared; the vanguard still is."""
    game = build_game(parse_scenario(TWO))
    seen = _events(game)
    p1 = game.state.players[1]
    p1.circles["front_left"] = None          # it left the field before the damage step
    assert battle.attacked_unit_remains(game)
    damage.compare_power(game)
    result = next(f for name, f in seen if name == "battle_result")
    assert result["targets"][1] == {"target": "front_left", "target_power": 0, "hit": False, "target_gone": True}
    assert result["hit"] and game.state.battle.hits == ("VC",) and game.state.battle.damage_left == 1


def test_no_attacked_unit_left_skips_the_guard_step():
    game = build_game(parse_scenario(TWO))
    p1 = game.state.players[1]
    p1.circles["VC"] = p1.circles["front_left"] = None
    assert not battle.attacked_unit_remains(game)


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=8,depth=2"])
def test_every_agent_finishes_a_battle_with_two_attacked_units(spec):
    game = build_game(parse_scenario(TWO))
    seen = _events(game)
    agent = make_agent(spec, 3)
    while not any(name == "battle_result" for name, _ in seen):
        decision = game.advance()
        assert decision is not None
        game.apply(agent.choose(game, decision))
    result = next(f for name, f in seen if name == "battle_result")
    assert [r["target"] for r in result["targets"]] == ["VC", "front_left"]


def test_the_heuristic_agent_guards_its_vanguard_not_a_rear_guard():
    game = build_game(parse_scenario(TWO.replace("hand: [TC-008, TC-002]", "hand: [TC-002]")))
    choice = make_agent("heuristic", 1).choose(game, game.advance())
    assert choice.id in ("guard:hand[0]->VC", "intercept:front_right->VC")


def test_a_saved_position_keeps_the_attacked_units():
    game = build_game(parse_scenario(TWO))
    saved = position_of(game)
    assert saved["start"]["battle"]["more"] == ["front_left"]
    rebuilt = build_game(parse_scenario(TWO))
    assert rebuilt.state.battle.targets() == game.state.battle.targets()


def test_the_battles_effect_does_nothing_outside_your_battle():
    """CR 10.20: 'this unit battles' changes the units attacked in the battle in progress only."""
    from vanguard_fsm.abilities.mechanics.attacks import battles
    game = build_game(parse_scenario(TWO))
    before = game.state.battle.targets()
    ctx = type("Ctx", (), {"seat": 1, "key": "test"})()       # the non-turn player's effect
    battles(game, ctx, {"from": "opponent_units", "row": "front"}, {}, (lambda: None, ()), 0)
    assert game.state.battle.targets() == before
    ctx.seat = 0                                               # the attacker's: front_right joins once
    battles(game, ctx, {"from": "opponent_units", "row": "front"}, {}, (lambda: None, ()), 0)
    battles(game, ctx, {"from": "opponent_units", "row": "front"}, {}, (lambda: None, ()), 0)
    assert [c for c, _ in game.state.battle.targets()] == ["VC", "front_left", "front_right"]
