"""Rules the scenario files cannot reach with the built-in cards (issue 13): the booster
by identity (CR 7.4.1.10.1.1, 7.4.1.11) and an intercepting unit moved, not rebuilt (CR 10.32.2)."""
from __future__ import annotations

from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.damage import attack_power
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

BOOSTED = """
name: booster replaced during the battle
rules: ["CR 7.4.1.10.1.1", "CR 7.4.1.11"]
abilities: false
start: {turn: 5, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC, booster: back_center}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  back_center: AL-007
  hand: [AL-009]
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-016, soul: [TC-001]}
  front_left: TC-011
  deck: [{card: TC-009, count: 8}]
"""


def test_a_unit_placed_where_the_booster_was_does_not_boost():
    game = build_game(parse_scenario(BOOSTED))
    assert attack_power(game) == 11000 + 7000
    p0 = game.state.players[0]
    zones.retire(game, 0, "back_center")                       # the booster leaves ...
    zones.call(game, 0, p0.hand[0], "back_center", normal=False)  # ... another unit takes its circle
    assert attack_power(game) == 11000


def test_the_booster_that_stays_keeps_boosting():
    game = build_game(parse_scenario(BOOSTED))
    game.state.players[0].circles["back_center"].power_turn += 1000
    assert attack_power(game) == 11000 + 8000


def test_intercept_moves_the_unit_itself_with_its_modifiers():
    game = build_game(parse_scenario(BOOSTED))
    game.advance()
    p1 = game.state.players[1]
    unit = p1.circles["front_left"]
    unit.power_turn, unit.shield_battle = 3000, 5000
    placed = unit.placed
    game.apply("intercept:front_left->VC")
    guardian = p1.gc[-1]
    assert guardian is unit and guardian.placed == placed     # the same unit (CR 10.32.2, 4.1.4)
    assert guardian.power_turn == 3000 and guardian.shield_battle == 5000 and guardian.rested
