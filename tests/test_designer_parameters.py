"""Issue 11.3: rules numbers that lived in Python are parameters; a copy of parameters.yaml
that changes one changes the game, with no Python edit.

Rule IDs: CR 7.7.1.2 (a tie hits), CR 6.4.1.2.2.3 and 6.4.1.2.5 (G assist looks for the
vanguard's grade + 1), RULES 3.2.1 / CR 5.4.3 (the starting vanguard is grade 0), CR 11.2.2
(of several drive skills only the largest counts).
"""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from helpers import copy_flows, edit, write_scenario
from vanguard_fsm.scenario.runner import run_scenario

TIE = """
name: a tie hits, unless hit_power_lead_min asks for more
rules: ["CR 7.7.1.2"]
abilities: false
start: {turn: 5, turn_player: 0, at: battle.guard_step, battle: {attacker: front_left, target: front_left}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  front_left: AL-011
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  front_left: TC-011
  deck: [{card: TC-009, count: 6}]
until: {event: battle_result}
expect:
  events:
    - {event: battle_result, attack_power: 10000, target_power: 10000, hit: true}
"""


def test_whether_a_tie_hits_is_a_parameter(tmp_path):
    path = write_scenario(tmp_path, TIE)
    result = run_scenario(path)
    assert result.passed, result.message
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "  hit_power_lead_min: 0 ", "  hit_power_lead_min: 1 ")
    missed = run_scenario(path, flows_dir=flows)
    assert not missed.passed
    assert [r["hit"] for r in missed.events if r["event"] == "battle_result"] == [False]


ASSIST_TWO_UP = """
name: G assist looks for the vanguard's grade + g_assist_grade_above
rules: ["CR 6.4.1.2.2.3", "CR 6.4.1.2.5"]
abilities: false
start: {turn: 3, turn_player: 0, at: turn.draw_phase.draw_step, enter: true}
p0:
  VC: {card: AL-007, soul: [AL-001]}
  hand: [AL-011, AL-001]
  deck: [AL-009, AL-014, AL-002, AL-012, AL-003, AL-004, AL-010, AL-010]
  g_zone: [AL-017, AL-018, AL-019]
p1:
  VC: TC-008
  deck: [{card: TC-009, count: 5}]
checks:
  - at: {decision: turn.draw_phase.g_assist_search}
    legal_present: ["g_assist:top[0]"]
    legal_absent: ["g_assist:top[2]"]
script:
  - g_assist_search
  - g_assist:top[0]
until: {event: g_assist}
expect:
  events:
    - {event: g_assist, player: 0, card: AL-014}
"""


def test_the_grade_g_assist_looks_for_is_a_parameter(tmp_path):
    """Built in, the grade 2 in hand stops G assist for a grade 1 vanguard (CR 6.4.1.2.2.3); with
    g_assist_grade_above 2 the search goes on and takes the grade 3, not the grade 2 (top[2])."""
    path = write_scenario(tmp_path, ASSIST_TWO_UP)
    assert not run_scenario(path).passed
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "  g_assist_grade_above: 1 ", "  g_assist_grade_above: 2 ")
    result = run_scenario(path, flows_dir=flows)
    assert result.passed, result.message


def test_the_starting_vanguards_grade_is_a_parameter(tmp_path):
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import load_deck, validate_deck
    from vanguard_fsm.machine.loader import load_parameters
    db = load_cards()
    aurora = load_deck("aurora", db)
    assert validate_deck(aurora, db) == []
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "  starting_vanguard_grade: 0 ", "  starting_vanguard_grade: 1 ")
    assert validate_deck(aurora, db, load_parameters(flows)) == [
        "3.2: the starting vanguard must be grade 1: AL-001 is grade 0"]


def test_of_several_drive_skills_the_largest_count_is_in_effect():
    """CR 11.2.2: the drive skill order is the parameters' counts, not a list in Python."""
    from vanguard_fsm.game.rules.drive import drive_count
    game = SimpleNamespace(params={"drive_checks": {"none": 1, "twin_drive": 2, "triple_drive": 3}})
    assert drive_count(game, ("twin_drive", "triple_drive")) == 3
    assert drive_count(game, ("boost",)) == 1
    game.params["drive_checks"]["twin_drive"] = 5
    assert drive_count(game, ("triple_drive", "twin_drive")) == 5


def test_the_same_clan_condition_of_triggers_is_a_parameter(tmp_path):
    """RULES 1.4 (a trigger works only with a unit of its clan on VC or R) is
    `trigger_needs_same_clan: true`; set to false, the other clan's critical trigger works."""
    from pathlib import Path
    scenario = Path(__file__).parent / "scenarios" / "triggers" / "trigger_without_same_clan_unit.yaml"
    assert run_scenario(scenario).passed
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "  trigger_needs_same_clan: true ", "  trigger_needs_same_clan: false ")
    worked = run_scenario(scenario, flows_dir=flows)
    assert not worked.passed
    assert [(r["active"], r["critical_to"]) for r in worked.events if r["event"] == "trigger"] == [(True, "VC")]


GUARDIAN_LEFT = """
name: a guardian left on the guardian circle outside the battle phase retires at the check timing
rules: ["CR 8.4.1", "CR 9.4"]
abilities: false
start: {turn: 5, turn_player: 0, at: turn.main_phase, enter: true}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  gc: [{card: TC-009}]
  deck: [{card: TC-009, count: 6}]
until: {state: battle.start_step}
expect:
  p1: {drop: [TC-009], gc: []}
"""


def test_the_check_timings_rule_actions_are_a_parameter_list(tmp_path):
    """CR 8.4.1, 9.4: the rule actions a check timing performs are `rule_actions` in
    parameters.yaml; leaving `guardians_outside_battle` out leaves the guardian where it is."""
    path = write_scenario(tmp_path, GUARDIAN_LEFT)
    assert run_scenario(path).passed
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "    - guardians_outside_battle", "")
    result = run_scenario(path, flows_dir=flows)
    assert not result.passed and "p1.drop" in result.message


def test_every_rule_action_the_schema_names_is_one_the_check_timing_performs():
    from vanguard_fsm.game.rules.check_timing import RULE_ACTIONS
    from vanguard_fsm.machine.schema import RULE_ACTION_NAMES
    assert tuple(RULE_ACTIONS) == RULE_ACTION_NAMES


def test_a_misspelt_rule_action_is_a_located_schema_error(tmp_path):
    from vanguard_fsm.machine.loader import lint_flows
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "    - losing ", "    - losin ")
    problems = [str(p) for p in lint_flows(flows)]
    assert len(problems) == 1 and "parameters.yaml:18:7:" in problems[0], problems
    assert "'losin' is not one of" in problems[0]


def test_lint_refuses_rule_actions_that_would_leave_a_called_over_card_in_no_zone(tmp_path):
    """Issue 29 item 11 (audit edit E5): a unit called over another waits for the overloaded-circle
    rule action (CR 8.5.3.2, 9.3.1, 9.3.6); a rule set without it would keep the older card in no
    zone the rules name, so lint refuses the edit at the `rule_actions` key, and no game starts."""
    from vanguard_fsm.machine.loader import lint_flows
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "    - overloaded_circles ", "    # - overloaded_circles ")
    problems = [str(p) for p in lint_flows(flows)]
    assert len(problems) == 1 and re.search(r"parameters\.yaml:\d+:3: rule_actions must list 'overloaded_circles'",
                                            problems[0]), problems
    assert "in no zone" in problems[0]
    from vanguard_fsm.machine.loader import FlowError
    with pytest.raises(FlowError, match="overloaded_circles"):
        run_scenario(write_scenario(tmp_path, GUARDIAN_LEFT), flows_dir=flows)
