"""Attacks made by effects outside the battle phase (issue 13, CR 10.34, 7.2.1, 7.8.1.5): the
main phase starts the battle machine at its attack step (`invoke_at`) and goes on after it."""
from __future__ import annotations

import shutil

from vanguard_fsm.game import rules  # noqa: F401  (registers the names)
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

MAIN = """
name: an ACT makes a unit attack in the main phase
rules: ["CR 10.34.1.2"]
start: {turn: 8, turn_player: 0, at: turn.main_phase, enter: true}
p0:
  VC: {card: TC-014, soul: [TC-001]}
  front_left: TC-214
  hand: [TC-009]
  damage: [TC-008]
  deck: [{card: TC-008, count: 8}]
p1:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 8}]
"""


def _seen(game):
    seen = []
    game.hooks.on("event", lambda g, name, fields: seen.append((name, dict(fields), g.state.in_battle_phase)))
    game.hooks.on("state", lambda g, machine, path: seen.append(("state", {"path": f"{machine}.{path}"}, None)))
    game.hooks.on("timing", lambda g, name: seen.append(("timing", {"name": name}, None)))
    return seen


def test_the_main_phase_attack_is_a_battle_without_a_start_step_and_the_main_phase_goes_on():
    game = build_game(parse_scenario(MAIN))
    seen = _seen(game)
    decision = game.advance()
    game.apply(next(a for a in decision.actions if a.id == "act:front_left:TC-214#1"))
    decision = game.advance()
    states = [f["path"] for name, f, _ in seen if name == "state"]
    while not (states and states[-1] == "turn.main_phase"):
        game.apply(decision.actions[0])
        decision = game.advance()
        states = [f["path"] for name, f, _ in seen if name == "state"]
    assert any(a.id.startswith("call:") for a in decision.actions)    # the main phase's own decision again
    assert "battle.attack_step.declare_attack" in states and "battle.start_step" not in states
    assert states[-1] == "turn.main_phase" and "battle.attack_resolution_complete" in states
    attack = next((f, phase) for name, f, phase in seen if name == "attack")
    assert attack[0]["by_effect"] and attack[1] is False          # not in the battle phase
    timings = [f["name"] for name, f, _ in seen if name == "timing"]
    assert "beginning_of_attack_step" in timings and "beginning_of_start_step" not in timings
    assert timings.count("beginning_of_main_phase") <= 1          # the main phase is not begun again
    assert game.state.battle is None and not game.state.in_battle_phase


def test_an_attack_that_cannot_be_made_concludes_and_is_not_kept_for_a_later_battle():
    """CR 10.34.1.1: TC-214 is rested when its ACT asks for the attack: no battle now, and the request
    is gone, so when it stands again the player's own attack in the battle phase is the player's."""
    from vanguard_fsm.game.rules import effect_attacks
    game = build_game(parse_scenario(MAIN.replace("front_left: TC-214", "front_left: {card: TC-214, rested: true}")))
    seen = _seen(game)
    decision = game.advance()
    game.apply(next(a for a in decision.actions if a.id == "act:front_left:TC-214#1"))
    decision = game.advance()
    assert not any(name == "attack" for name, _, _ in seen)
    assert not any(s[1] == effect_attacks.NAME for s in game.state.statuses)
    game.state.players[0].circles["front_left"].rested = False     # it stands again
    while not any(a.id == "attack:VC->VC" for a in decision.actions):
        game.apply(next(a for a in decision.actions if a.id in ("pass", "battle")))
        decision = game.advance()
    game.apply(next(a for a in decision.actions if a.id == "attack:VC->VC"))
    game.advance()
    attack = next(f for name, f, _ in seen if name == "attack")
    assert attack["attacker"] == "VC" and "by_effect" not in attack


def test_invoke_at_names_a_state_of_the_invoked_machine(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    turn = flows / "turn.yaml"
    turn.write_text(turn.read_text().replace("invoke_at: attack_step", "invoke_at: atack_step"))
    problems = lint_flows(flows)
    assert any("starts machine 'battle' at 'atack_step', which is not one of its states" in p.message
               and "turn.yaml:" in str(p) for p in problems), [str(p) for p in problems]
