"""The Python API of commit 08cc973 that the rules audit's drivers use (`vanguard_fsm.tools`):
the older import paths, `build_game(sc, hooks=, cards=, flows_dir=)`, and a game whose
`advance()` lists and `apply()` takes the one-step stride / G guardian ids of that time,
showing the corrected rules: guardians placed rested (CR 8.5.3.3), any stride cost set
totalling the cost (CR 11.11), the booster tracked by identity (CR 7.4.1.10-11)."""
from __future__ import annotations

import pytest

from vanguard_fsm.game import zones
from vanguard_fsm.game.actions import IllegalAction
from vanguard_fsm.game.battle import attack_power      # the older path (game/damage.py now)
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.tools.scenario_build import build_game
from vanguard_fsm.tools.scenario_schema import parse_scenario

GUARDS = """
name: guardian orientation
rules: ["CR 8.5.3.3"]
abilities: false
start: {turn: 6, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  front_left: TC-011
  hand: [TC-007, TC-006]
  g_zone: [TC-019]
  deck: [{card: TC-009, count: 6}]
"""

STRIDE = """
name: stride cost choices
rules: ["CR 11.11"]
abilities: false
start: {turn: 7, turn_player: 0, at: turn.ride_phase.stride_step, enter: true}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  hand: [AL-015, AL-007, AL-002]
  g_zone: [AL-017]
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  deck: [{card: TC-009, count: 6}]
"""

BOOSTER = """
name: booster replaced mid-battle
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
  deck: [{card: TC-009, count: 8}]
"""


def test_guardians_called_by_the_older_ids_are_placed_rested():
    states = []
    hooks = Hooks()
    hooks.on("state", lambda game, machine, path: states.append(f"{machine}.{path}"))
    game = build_game(parse_scenario(GUARDS), hooks=hooks, cards=None, flows_dir=None)
    for action in ("guard:hand[0]->VC", "intercept:front_left->VC", "g_guardian:TC-019/discard:hand[0]->VC"):
        d = game.advance()
        assert (d.player, d.kind) == (1, "guard_step")
        game.apply(action)
    gc = game.state.players[1].gc
    assert [(game.cards[u.card].id, u.rested) for u in gc] == [("TC-007", True), ("TC-011", True), ("TC-019", True)]
    assert [game.cards[i].id for i in game.state.players[1].drop] == ["TC-006"]     # its cost, paid
    assert "battle.g_guardian_pay_cost" in states and not game.over


def test_the_stride_decision_lists_every_payment_in_the_older_form():
    game = build_game(parse_scenario(STRIDE))
    d = game.advance()
    assert (d.player, d.kind) == (0, "ride_phase.stride_step")
    # AL-015 grade 3, AL-007 grade 1, AL-002 grade 0: any set reaching 3, extra and grade 0 cards too
    assert d.ids() == ["stride:AL-017/discard:hand[0]", "stride:AL-017/discard:hand[0,1]",
                       "stride:AL-017/discard:hand[0,2]", "stride:AL-017/discard:hand[0,1,2]", "pass"]
    game.apply("stride:AL-017/discard:hand[0,2]")
    assert game.advance().kind == "main_phase"          # the flows place it in their next step
    p0 = game.state.players[0]
    assert game.cards[p0.circles["VC"].card].id == "AL-017"
    assert sorted(game.cards[i].id for i in p0.drop) == ["AL-002", "AL-015"]
    assert [game.cards[i].id for i in p0.hand] == ["AL-007"]


def test_an_older_id_the_game_refuses_changes_nothing():
    game = build_game(parse_scenario(STRIDE))
    game.advance()
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="link 2 of 2"):
        game.apply("stride:AL-017/discard:hand[1,2]")         # 1 + 0 < 3
    assert game.state.canonical() == before[0].canonical() and game.history == list(before[-1])


def test_the_booster_is_tracked_by_identity():
    game = build_game(parse_scenario(BOOSTER))
    assert attack_power(game) == 11000 + 7000
    p0 = game.state.players[0]
    zones.retire(game, 0, "back_center")
    zones.call(game, 0, p0.hand[0], "back_center", normal=False)
    assert attack_power(game) == 11000                          # AL-009 was not the booster
