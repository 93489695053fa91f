"""Card lint refuses abilities that could never do anything or name what is not there (issue 27):
a flow state the flows being linted do not have (CR 8.1: conditions read the game's state), Time
Leap where no rear-guard can be leapt (CR 10.31.2), `caused_by` where no move is watched, and
absurd literal amounts. Each at `file:line:col`."""
from __future__ import annotations

import pytest

from helpers import ONE_CARD_HEAD, assert_one_located_lint_problem
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.language.registry import MAX_AMOUNT
from vanguard_fsm.paths import builtin_flows_dir


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_attacks, conditions: [{during: battle.nowhere}], effect: {draw: 1}}",
     "battle.nowhere", "unknown flow state 'battle.nowhere' in the flows being linted"),
    ("{kind: ACT, zone: V, conditions: [once_per_turn, {during_your: turn.main_phse}], effect: {draw: 1}}",
     "turn.main_phse", "unknown flow state 'turn.main_phse' (did you mean 'turn.main_phase'?)"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {time_leap: self}}", "self}",
     "time_leap of `self` in an ability working from V"),
    ("{kind: AUTO, zone: R, timing: when_attacks, effect: {time_leap: your_vanguard}}", "your_vanguard",
     "time_leap of your_vanguard: Time Leap binds rear-guards only"),
    ("{kind: ACT, zone: R, cost: [{counter_blast: 1}], conditions: [{caused_by: your_effect}], effect: {draw: 1}}",
     "{caused_by", "this ACT ability has none, so it could never be played"),
    ("{kind: AUTO, zone: R, timing: when_attacks, conditions: [{caused_by: rule}], effect: {draw: 1}}",
     "{caused_by", "caused_by is the cause of the move"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {draw: 1000000}}", "1000000",
     f"draw': 1000000 is past the largest number card data may write, {MAX_AMOUNT}"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {look_top: 1000000, to: hand}}", "1000000",
     f"needs a whole number >= 0, at most {MAX_AMOUNT}"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {drive: -1000000}}", "-1000000",
     f"at most {MAX_AMOUNT}"),
])
def test_lint_refuses_an_ability_that_cannot_work(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_the_same_abilities_where_they_can_work_are_clean(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(ONE_CARD_HEAD + "     abilities: ["
                    "{kind: AUTO, zone: V, timing: when_attacks, conditions: [{during: battle.attack_step}], "
                    "effect: {draw: 1}}, {kind: AUTO, zone: R, timing: when_attacks, effect: {time_leap: self}}, "
                    "{kind: AUTO, zone: R, timing: when_put_into_drop, conditions: [{caused_by: rule}], "
                    f"effect: {{power: {MAX_AMOUNT}, target: your_vanguard}}}}]}}\n")
    assert lint_cards(None, path) == []


def test_a_state_a_variant_removes_is_unknown_under_that_variant(tmp_path):
    """`lint` checks the cards against each flow set: the G assist search exists in the base
    flows, not under the no-g-assist variant, which removes it."""
    path = tmp_path / "cards.yaml"
    path.write_text(ONE_CARD_HEAD + "     abilities: [{kind: AUTO, zone: V, timing: when_attacks, "
                    "conditions: [{during: turn.draw_phase.g_assist_search}], effect: {draw: 1}}]}\n")
    assert lint_cards(None, path) == []
    problems = lint_cards(builtin_flows_dir() / "variants" / "no-g-assist", path)
    assert [p.line for p in problems] == [6]
    assert "unknown flow state 'turn.draw_phase.g_assist_search'" in problems[0].message
