"""A CONT "this unit battles ..." (issue 19; CR 7.4.1.8.4-5, 10.20, 10.21.1): the attack step reads it as
the attack is declared, so the named units are attacked units from the start — before the boost and the
'when attacks' check timing — not added later by an ability. Real card: Dragonic Kaiser Vermillion."""
from __future__ import annotations

from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

VERMILLION = """
name: Vermillion's given CONT
rules: ["CR 7.4.1.8.4"]
start: {turn: 8, turn_player: 0, at: turn.main_phase}
p0:
  VC: {card: BT06-006, soul: [BT01-048]}      # four Nehalems at most: in the damage zone
  damage: [BT01-022, BT01-022, BT01-022, BT01-022]
  deck: [{card: BT01-022, count: 8}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  front_left: BT01-044
  front_right: BT01-042
  deck: [{card: BT01-043, count: 8}]
"""


def _game(play_act=True):
    game = build_game(parse_scenario(VERMILLION))
    seen = []
    game.hooks.on("event", lambda g, name, fields: seen.append((name, dict(fields))))
    decision = game.advance()
    if play_act:
        game.apply(next(a for a in decision.actions if a.id == "act:VC:BT06-006#1"))
        decision = game.advance()
    while not any(a.id.startswith("attack:") for a in decision.actions):
        game.apply(next(a for a in decision.actions if a.id in ("battle", "pass") or a.kind == "battle"))
        decision = game.advance()
    return game, decision, seen


def test_the_given_cont_makes_every_front_row_unit_attacked_as_the_attack_is_declared():
    """Attacking a rear-guard: the chosen one first, then the others of the front row, already at the boost."""
    game, decision, seen = _game()
    game.apply(next(a for a in decision.actions if a.id == "attack:VC->front_right"))
    b = game.state.battle        # the attack choice made, nothing else yet: no boost, no 'when attacks'
    assert [c for c, _ in b.targets()] == ["front_right", "VC", "front_left"]
    assert b.target_is_vanguard     # CR 7.1.2.2: the attacked units include a vanguard
    attack = next(f for name, f in seen if name == "attack")
    assert attack["targets"] == ["front_right", "VC", "front_left"]
    assert not any(name == "attacked_units" for name, _ in seen)


def test_the_added_vanguard_is_attacked_and_its_when_attacked_ability_stands_by():
    """TC-014's 'when this unit is attacked' triggers in the 'when attacks' check timing (CR 7.4.1.12)."""
    game, decision, seen = _game()
    game.apply(next(a for a in decision.actions if a.id == "attack:VC->front_left"))
    game.advance()
    assert any(name == "ability" and f["card"] == "TC-014" and f["step"] == "pending" for name, f in seen)


def test_without_the_act_an_attack_has_one_attacked_unit():
    game, decision, seen = _game(play_act=False)
    game.apply(next(a for a in decision.actions if a.id == "attack:VC->VC"))
    game.advance()
    assert game.state.battle.more == ()
    assert "targets" not in next(f for name, f in seen if name == "attack")


def test_the_given_cont_ends_with_the_turn():
    game, _, _ = _game()
    unit = game.state.players[0].circles["VC"]
    assert game.abilities.battled_by(game, 0, unit) == ["VC", "front_left", "front_right"]
    game.abilities.end_of(game, "turn")
    assert game.abilities.battled_by(game, 0, unit) == []


def test_a_cont_battles_that_chooses_is_refused_at_its_position(tmp_path):
    from helpers import assert_one_located_lint_problem
    assert_one_located_lint_problem(
        tmp_path, "{kind: CONT, zone: V, effect: {battles: {from: opponent_units, row: front, choose: 1}}}",
        "{from", "a CONT 'battles' adds all the units it names")
