"""`vanguard-fsm lint` on card data: every unknown ability name is reported at file:line:col,
and the built-in set uses every declared timing and engine event (issue 4)."""
from __future__ import annotations

import textwrap
from collections.abc import Mapping

import pytest
from click.testing import CliRunner

from vanguard_fsm.abilities.lint.cards import known_timings, lint_cards
from vanguard_fsm.abilities.language.spec import playable
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.factory import compiled_flows
from vanguard_fsm.game.rules import ENGINE_EVENTS
from vanguard_fsm.cli.main import main as cli_main

HEAD = "clan: C\nnation: N\nrace: R\ncards:\n  - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal,\n"


def lint_text(tmp_path, abilities: str):
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD + "     abilities: [" + textwrap.dedent(abilities).strip() + "]}\n", encoding="utf-8")
    return [str(p) for p in lint_cards(None, path)], str(path)


def test_builtin_cards_lint_clean():
    assert lint_cards() == []


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_atacks, effect: {draw: 1}}", "when_atacks",
     "unknown timing 'when_atacks' (did you mean 'when_attacks'?)"),
    ("{kind: AUTO, zone: X, timing: when_attacks, effect: {draw: 1}}", "X,", "unknown zone 'X'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, conditions: [limit_brake], effect: {draw: 1}}", "limit_brake",
     "unknown ability condition 'limit_brake'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, cost: [{counter_blst: 1}], effect: {draw: 1}}", "{counter_blst",
     "unknown ability cost 'counter_blst'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {drow: 1}}", "{drow", "unknown ability effect 'drow'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {power: 1, target: slef}}", "slef",
     "unknown target selector 'slef'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {power: 1, until: forever}}", "forever",
     "is one of battle, turn"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {power: 1, targt: self}}", "targt",
     "effect 'power' has no parameter 'targt'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {retire: {from: opponent_rear_guards, grde: 1}}}", "grde",
     "unknown target filter 'grde'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {call: {from: pocket}}}", "pocket", "cards come from one of"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {give: {kind: CONT, zone: R, effect: {powr: 1}}}}", "{powr",
     "unknown ability effect 'powr'"),
    ("{kind: ACT, zone: V, effect: {draw: 1}}", "{kind", "needs a cost or once_per_turn"),
    ("{kind: AUTO, timing: beginning_of_main_phase, effect: {draw: 1}}", "{kind", "needs a zone"),
    ("{kind: AUTO, zone: V, timing: os.system, effect: {draw: 1}}", "os.system", "unknown timing 'os.system'"),
    # a given ability is not under the card schema: a list as its timing is a located error, not a TypeError
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {give: {kind: AUTO, zone: R, timing: [when_attacks], "
     "effect: {draw: 1}}}}", "[when_attacks]", "unknown timing ['when_attacks']"),
    # a flag parameter (kind none) is checked too: `every: true` or nothing (CR 7.4.1.8.5)
    ("{kind: ACT, zone: R, cost: [rest_self], effect: {attack: self, every: 2}}", "2}",
     "attack.every is a flag: write `every: true` or leave it out (got 2)"),
    ("{kind: ACT, zone: R, cost: [rest_self], effect: {attack: self, every: all}}", "all}",
     "attack.every is a flag"),
    ("{kind: ACT, zone: R, cost: [rest_self], effect: {attack: self, every: false}}", "false}",
     "attack.every is a flag"),
    ("{kind: CONT, zone: R, effect: {cannot_attack: 3, target: self}}", "3,",
     "effect 'cannot_attack' takes no argument (got 3)"),
    ("{kind: CONT, zone: R, effect: {cannot_attack: 1, target: self}}", "1,",     # 1 == True in Python
     "effect 'cannot_attack' takes no argument (got 1)"),
    # "If (requirement)" (CR 8.1.1.2.3): conditions checked as it resolves; a once-per limit
    # applies even when it fails (8.1.1.2.3.1), and a CONT ability never resolves
    ("{kind: AUTO, zone: V, timing: when_attacks, if: [your_trn], effect: {draw: 1}}", "your_trn",
     "unknown ability condition 'your_trn'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, if: [once_per_turn], effect: {draw: 1}}", "once_per_turn",
     "a once-per limit applies even when the requirement fails (CR 8.1.1.2.3.1): write it in conditions"),
    ("{kind: CONT, zone: V, if: [your_turn], effect: {power: 1000, target: self}}", "if:",
     "a CONT ability has no resolution: its requirement goes in conditions"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {deck_copies: 16}}", "16",
     "changes how a deck is built (CR 5.1.2): write it in a CONT ability with no zone"),
    ("{kind: CONT, zone: R, effect: {deck_copies: 16}}", "16", "write it in a CONT ability with no zone"),
    ("{kind: CONT, effect: {deck_copies: 0}}", "0}", "the number of cards of this name a deck may hold, a whole "
     "number of 1 or more (got 0)"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: [win_game, {draw: 1}]}", "win_game",
     "win_game ends the game at once (CR 1.2.1): it is the last effect of its ability"),
])
def test_unknown_names_are_located(tmp_path, ability, token, fragment):
    problems, path = lint_text(tmp_path, ability)
    line = (tmp_path / "cards.yaml").read_text().splitlines()[5]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:6:{line.index(token) + 1}: ") and fragment in problems[0], problems[0]


def test_cli_lint_reports_card_problems_with_exit_1(tmp_path):
    problems, path = lint_text(tmp_path, "{kind: AUTO, zone: V, timing: when_atacks, effect: {draw: 1}}")
    result = CliRunner().invoke(cli_main, ["lint", "--cards", str(path)])
    assert result.exit_code == 1 and "when_atacks" in result.output


def _with_given(abilities):
    """The abilities and those their effects give (`give: {...}`), which name timings too."""
    for a in abilities:
        yield a
        effects = a.get("effect") or ()
        for item in effects if isinstance(effects, (list, tuple)) else [effects]:
            if isinstance(item, Mapping) and isinstance(item.get("give"), Mapping):
                yield from _with_given([item["give"]])


def test_every_declared_timing_and_engine_event_is_used_by_a_builtin_card():
    declared = set(compiled_flows().spec.declared_timings()) | set(ENGINE_EVENTS)
    assert known_timings(None) == declared
    used = {a["timing"] for card in load_cards() for a in _with_given(card.abilities)
            if a["kind"] == "AUTO" and playable(a)}
    assert declared - used == set(), "timings no built-in card uses"
    assert used <= declared


def test_builtin_set_has_lb4_units_a_legion_pair_g_units_and_g_guardians_with_abilities():
    cards = list(load_cards())

    def conds(card):
        return [c for a in card.abilities for c in a.get("conditions", ())]
    assert sum(1 for c in cards if {"limit_break": 4} in conds(c)) >= 3
    assert any(e.get("legion") for c in cards for a in c.abilities for e in _effects(a))
    assert any(c.unit == "g_unit" and not c.g_guardian and c.abilities for c in cards)
    assert any(c.g_guardian and c.abilities for c in cards)


def _effects(ability):
    e = ability.get("effect", ())
    return [x for x in (e if isinstance(e, tuple) else (e,)) if isinstance(x, dict)]


@pytest.mark.parametrize("ability,token,what", [
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: [{if: [your_turn], then: [{time_leap: self}]}]}",
     "time_leap", "if.then"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {pay: [{counter_blast: 1}], then: [{give: "
     "{kind: CONT, zone: R, effect: resist, text: r}, target: self}]}}", "give", "pay.then"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {opponent: [{time_leap: {from: your_rear_guards, "
     "choose: 1}}]}}", "time_leap", "effect 'opponent'"),
])
def test_an_effect_that_makes_its_own_ability_is_refused_inside_another_effects_list(tmp_path, ability, token, what):
    """`give` and `time_leap` are compiled into abilities of their own from the ability's effect list
    (KEY.giveN / KEY.laterN); nested in `if`, `pay`, `opponent` they would name an ability never
    compiled (a KeyError when it came due), so lint locates them. (`at_end_of_turn` / `at_end_of_battle`
    there are compiled, as KEY.laterN.M.)"""
    from helpers import assert_one_located_lint_problem
    assert_one_located_lint_problem(tmp_path, ability, token, f"makes an ability of its own: write it in the "
                                                              f"ability's own effect list, not inside {what}")


def test_the_effects_with_an_ability_of_their_own_are_those_the_compiler_makes(tmp_path):
    from vanguard_fsm.abilities.lint.composite import OWN_ABILITY
    from vanguard_fsm.abilities.language.spec import LATER, RETURNS
    assert OWN_ABILITY == {"give"} | set(LATER) | set(RETURNS)
    # inside a delayed part they are compiled with it (its own effect list): allowed
    problems, _ = lint_text(tmp_path, "{kind: AUTO, zone: R, timing: when_placed_on_R, effect: "
                                      "{at_end_of_turn: [{give: {kind: CONT, zone: R, effect: resist, text: r}, "
                                      "target: self}]}}")
    assert problems == []
    # a delayed effect inside if / pay / opponent is compiled too (KEY.laterN.M, found by its content)
    problems, _ = lint_text(tmp_path, "{kind: AUTO, zone: R, timing: when_placed_on_R, effect: "
                                      "[{if: [your_turn], then: [{at_end_of_turn: [{draw: 1}]}]}]}")
    assert problems == []


def test_a_your_timing_without_a_turn_condition_is_a_located_warning(tmp_path):
    """Issue 29 item 9 (Dragheart, Luard's Ritual triggered in the opponent's ride phase): a flow
    timing fires in both turns, so "at the beginning of your ..." needs your_turn; lint warns
    (exit 0), the built-in cards give no warning, and a turn condition silences it."""
    from vanguard_fsm.abilities.lint.cards import card_warnings
    assert card_warnings() == []
    ability = ("{kind: AUTO, zone: V, timing: beginning_of_ride_phase, effect: {draw: 1}, "
               "text: 'At the beginning of your ride phase, draw a card.'}")
    problems, path = lint_text(tmp_path, ability)
    assert problems == []
    line = (tmp_path / "cards.yaml").read_text().splitlines()[5]
    (warning,) = [str(w) for w in card_warnings(path)]
    assert warning.startswith(f"{path}:6:{line.index('beginning_of_ride_phase') + 1}: warning: X-1: ")
    assert "add your_turn" in warning
    result = CliRunner().invoke(cli_main, ["lint", "--cards", str(path)])
    assert result.exit_code == 0 and "warning: X-1" in result.output
    lint_text(tmp_path, ability.replace("timing: beginning_of_ride_phase,", "timing: beginning_of_ride_phase, "
                                                                          "conditions: [your_turn],"))
    assert card_warnings(path) == []
