"""Issue 12, point 3: lint catches what would crash or hang, with one precise error per slip.

Each test edits a copy of the built-in flows the way a designer might, and checks
that `lint` names the exact `file:line:col` with a message that says what to do."""
from __future__ import annotations

import re
import shutil

from vanguard_fsm.game import rules  # noqa: F401  (registration)
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import builtin_flows_dir


def _lint(tmp_path, file, old, new):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    text = (flows / file).read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    (flows / file).write_text(text, encoding="utf-8")
    return [str(p) for p in lint_flows(flows)], text.splitlines()


def _at(lines, needle, token):
    line = next(i for i, text in enumerate(lines, 1) if needle in text)
    return f"{line}:{lines[line - 1].index(token) + 1}"


def test_built_in_flows_use_every_name_in_its_context():
    assert lint_flows(builtin_flows_dir()) == []


def test_an_action_outside_its_context_is_refused_at_its_position(tmp_path):
    """`compare_power` in the turn flow's battle phase passed lint and crashed `play` (CR.damage.2)."""
    problems, lines = _lint(tmp_path, "turn.yaml", "do: [begin_battle_phase]", "do: [begin_battle_phase, compare_power]")
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{tmp_path}/flows/turn.yaml:{_at(lines, 'compare_power', 'compare_power')}: "
                                  "action 'compare_power' needs context 'attack'")
    assert "started by declare_effect_attack, attack," in problems[0]    # an effect's attack (CR 10.34) or the choice


def test_a_condition_outside_its_context_is_refused(tmp_path):
    problems, lines = _lint(tmp_path, "turn.yaml", "      - to: draw_phase\n",
                            "      - to: draw_phase\n        if: [drives_remaining]\n      - to: draw_phase\n")
    assert len(problems) == 1 and "condition 'drives_remaining' needs context 'attack'" in problems[0]
    assert f"turn.yaml:{_at(lines, 'drives_remaining', 'drives_remaining')}:" in problems[0]


def test_a_decision_kind_that_can_never_be_legal_is_refused(tmp_path):
    """`guard` in the main phase: no attack exists there, so the choice is never offered (CR.guard)."""
    problems, lines = _lint(tmp_path, "turn.yaml", "kinds: [normal_call", "kinds: [guard, normal_call")
    assert len(problems) == 1 and "decision kind 'guard' needs context 'attack'" in problems[0]
    assert "can never be legal here" in problems[0]
    assert f"turn.yaml:{_at(lines, 'kinds: [guard', 'guard')}:" in problems[0]


def test_a_loop_of_automatic_transitions_with_no_exit_is_refused(tmp_path):
    """It would hang `play` and `simulate` (every state moves on its own, back and forth)."""
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    text = (flows / "battle.yaml").read_text(encoding="utf-8")
    for state, target, nxt in (("drive_step", "drive_check", "drive_check"), ("drive_check", "drive_step", "damage_step")):
        i = text.index(f"\n  {state}:")
        j = text.index("    transitions:", i)
        k = text.index(f"\n  {nxt}:", j + 1) if nxt != "drive_check" else text.index("\n  drive_check:", j)
        text = text[:j] + f"    transitions:\n      - to: {target}\n" + text[k + 1:]
    (flows / "battle.yaml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in lint_flows(flows)]
    loops = [p for p in problems if "loop forever" in p]
    assert len(loops) == 1, problems
    assert "drive_check -> drive_step" in loops[0] and "add a decision or a transition that leaves" in loops[0]


def test_one_typo_in_a_target_is_one_error_with_did_you_mean(tmp_path):
    problems, lines = _lint(tmp_path, "turn.yaml", "      - to: draw_phase\n", "      - to: draw_phse\n")
    assert problems == [f"{tmp_path}/flows/turn.yaml:{_at(lines, 'draw_phse', 'draw_phse')}: transition from "
                        "'stand_phase' goes to unknown state 'draw_phse' (did you mean 'draw_phase'?)"]


def test_a_bad_top_level_initial_is_reported_at_its_own_line(tmp_path):
    problems, lines = _lint(tmp_path, "turn.yaml", "initial: stand_phase", "initial: stand_phaze")
    assert len(problems) == 1
    assert problems[0].startswith(f"{tmp_path}/flows/turn.yaml:{_at(lines, 'initial: stand_phaze', 'stand_phaze')}: "
                                  "initial state 'stand_phaze' is not a top-level state of 'turn' "
                                  "(did you mean 'stand_phase'?)")


def test_unknown_names_end_with_the_known_ones_or_a_pointer_to_names(tmp_path):
    problems, _ = _lint(tmp_path, "turn.yaml", "stand_all_units, check_timing]", "zzz_qqq, check_timing]")
    assert len(problems) == 1
    assert re.search(r"unknown action 'zzz_qqq' \(known: announce_result, .*; see `vanguard-fsm names actions`\)",
                     problems[0])


def test_an_indentation_slip_gets_a_hint_not_just_a_schema_message(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    text = (flows / "turn.yaml").read_text(encoding="utf-8")
    text = text[:text.index("  stand_phase:\n")] + "  stand_phase:\n" + text[text.index("  draw_phase:\n"):]
    (flows / "turn.yaml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in lint_flows(flows)]
    assert len(problems) == 1, problems
    assert "'stand_phase' is empty; its keys (doc, rules, ...) must be indented under it" in problems[0]


def test_a_file_that_does_not_parse_gives_no_follow_on_errors(tmp_path):
    problems, _ = _lint(tmp_path, "turn.yaml", "  draw_phase:\n    doc:", "  draw_phase:\n  doc:")
    assert len(problems) == 1 and "YAML syntax error" in problems[0], problems


def test_a_checked_card_moved_before_its_trigger_resolves_is_refused(tmp_path):
    """A drive-checked card put into the hand before `resolve_trigger` takes its trigger with it:
    the trigger silently did nothing (CR 7.6.1.2.4 comes before 7.6.1.2.6). The order between the
    two actions is declared as data beside them (game/contexts.py) and lint follows it."""
    old = "do: [drive_check, resolve_trigger, check_timing, trigger_card_to_hand, check_timing]"
    problems, lines = _lint(tmp_path, "battle.yaml", old,
                            "do: [drive_check, check_timing, trigger_card_to_hand, resolve_trigger, check_timing]")
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{tmp_path}/flows/battle.yaml:{_at(lines, 'drive_check, check', 'trigger_card')}: "
                                  "action 'trigger_card_to_hand' needs context 'trigger_resolved'")
    assert "started by resolve_trigger" in problems[0]


def test_a_damage_check_with_no_trigger_resolution_is_refused(tmp_path):
    """CR 9.6.5: the damage-checked card's trigger resolves before it goes to the damage zone."""
    problems, lines = _lint(tmp_path, "battle.yaml", "do: [damage_check, resolve_trigger, trigger_card_to_damage]",
                            "do: [damage_check, trigger_card_to_damage]")
    assert len(problems) == 1 and "action 'trigger_card_to_damage' needs context 'trigger_resolved'" in problems[0]
    assert f"battle.yaml:{_at(lines, 'damage_check, trigger', 'trigger_card')}:" in problems[0]
