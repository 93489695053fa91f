"""The restrictions of `mechanics/unit_limits.py` (issue 28 item 2): `cannot_attack_a` / `cannot_boost_a`
FILTERS (CONT: this unit cannot attack / boost a unit like that, CR 7.4.1.5, 7.4.1.7),
`opponent_cannot_guard_with` FILTERS (CONT: the opponent's guards from the hand, CR 7.5.1.2) and
`cannot_intercept` (CONT read continuously, or a unit status until end of turn, CR 11.3); lint
refuses a pair restriction outside a CONT ability and an unknown filter, at file:line:col."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import assert_one_located_lint_problem

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game import statuses
from vanguard_fsm.game.rules.battle import attack_legal, guard_legal, intercept_legal
from vanguard_fsm.game.state import Battle

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")
LIMITED = """clan: Fixture Clan
nation: Fixture Nation
race: Human
cards:
  - {id: LT-001, name: Only Vanguards, grade: 2, power: 9000, shield: 5000, unit: normal, skills: [intercept],
     abilities: [{kind: CONT, zone: V/R, effect: {cannot_attack_a: {zone: R}}}]}
  - {id: LT-002, name: No Grade Zero, grade: 2, power: 9000, shield: 5000, unit: normal,
     abilities: [{kind: CONT, zone: V, conditions: [your_turn], effect: {opponent_cannot_guard_with: {grade: 0}}}]}
"""


def _cards(tmp_path) -> str:
    path = tmp_path / "cards.yaml"
    fixture = Path(CARDS).read_text(encoding="utf-8")
    path.write_text(fixture + LIMITED.split("cards:\n", 1)[1], encoding="utf-8")
    return str(path)


def test_a_unit_that_cannot_attack_a_rear_guard_is_offered_only_the_vanguard(tmp_path):
    game = sandbox(_cards(tmp_path), DECK)
    add(game, 0, "LT-001", "front_left")
    add(game, 0, "FX-012", "front_right")
    add(game, 1, "FX-012", "front_left")
    ids = {a.id for a in attack_legal(game, 0)}
    assert {"attack:front_left->VC", "attack:front_right->VC", "attack:front_right->front_left"} <= ids
    assert "attack:front_left->front_left" not in ids


def test_a_resolved_cannot_intercept_is_a_unit_status_the_guard_step_reads(tmp_path):
    game = sandbox(_cards(tmp_path), DECK)
    add(game, 1, "FX-012", "front_left")
    add(game, 1, "FX-012", "front_right")
    game.state.battle = Battle()
    game.state.battle.set_attack(game.state, 0, "VC", "VC")
    assert {a.id for a in intercept_legal(game, 1)} == {"intercept:front_left->VC", "intercept:front_right->VC"}
    statuses.add(game, statuses.unit_subject(game.state.players[1].circles["front_left"]), "cannot_intercept")
    assert {a.id for a in intercept_legal(game, 1)} == {"intercept:front_right->VC"}


def test_a_cont_of_the_attackers_side_forbids_guarding_with_the_cards_it_names(tmp_path):
    game = sandbox(_cards(tmp_path), DECK)
    add(game, 1, "FX-013", "VC")              # a grade 3 vanguard: grade 1 guardians are allowed
    game.state.battle = Battle()
    game.state.battle.set_attack(game.state, 0, "VC", "VC")
    zero, one = add(game, 1, "FX-002", "hand"), add(game, 1, "FX-011", "hand")
    offered = {a.args[0] for a in guard_legal(game, 1)}
    assert {zero, one} <= offered
    add(game, 0, "LT-002", "VC")              # its master's turn: grade 0 cards are refused
    offered = {a.args[0] for a in guard_legal(game, 1)}
    assert one in offered and zero not in offered
    game.state.turn_player = 1                # not its master's turn: the CONT does not apply
    assert zero in {a.args[0] for a in guard_legal(game, 1)}


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {cannot_attack_a: {zone: R}}}", "{zone: R}}}",
     "effect 'cannot_attack_a' is a restriction: write it in a CONT ability"),
    ("{kind: CONT, zone: R, effect: {cannot_boost_a: {grade_mx: 2}}}", "grade_mx", "unknown target filter 'grade_mx'"),
    ("{kind: CONT, zone: V, effect: {cannot_intercept: 2, target: opponent_units}}", "2, target", "takes no argument"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {opponent_cannot_guard_with: {grade: 0}}}", "{grade: 0}",
     "is a restriction: write it in a CONT ability"),
])
def test_lint_refuses_a_misused_restriction(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
