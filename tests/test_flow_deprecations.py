"""Flow files written for an older flow language (machine/renamed.py, machine/obligations.py).

Renamed names stay registered, deprecated aliases: they resolve through the registry to
the new name's function and lint warns at their `file:line:col`, naming the new name;
a retired parameter is dropped with a warning when its value is what the card data now
says, else refused; a choice whose work later steps must finish (stride, G guardian,
G assist) but reaches a decision first is a located lint error saying what to add.
"""
from __future__ import annotations

import re

import shutil

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.game import rules  # noqa: F401  (registers the names flows may use)
from vanguard_fsm.machine.loader import lint_flows, lint_report
from vanguard_fsm.machine.registry import REGISTRY, Section
from vanguard_fsm.paths import builtin_flows_dir
from tests.helpers import trace_text


def copy_flows(tmp_path, name="flows"):
    flows = tmp_path / name
    shutil.copytree(builtin_flows_dir(), flows)
    return flows


def edit(path, old, new, count=1):
    """Replace the first `count` occurrences of `old` (this helper replaced every one, so the stride
    test's edit also redirected `ultimate_stride` and lint rightly reported both choices)."""
    text = path.read_text()
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count))


def position(path, token, nth=1):
    """(line, col) of the nth occurrence of `token` in the file, 1-based."""
    seen = 0
    for line_no, line in enumerate(path.read_text().splitlines(), 1):
        col = line.find(token)
        while col >= 0:
            seen += 1
            if seen == nth:
                return line_no, col + 1
            col = line.find(token, col + 1)
    raise AssertionError(f"{token!r} not found")


def test_a_deprecated_name_resolves_to_the_new_one_only_through_the_registry():
    section = Section("condition")
    section.register("new_name", lambda game: True)
    section.rename("old_name", "new_name", "why")
    section.rename("older_name", "old_name")
    assert "old_name" in section and "older_name" in section and "other" not in section
    assert section["older_name"] is section["new_name"] is section.get("old_name")
    assert section.names() == ["new_name"]                 # the vocabulary lists current names
    assert section.deprecation_message("older_name") == "deprecated condition 'older_name': write 'new_name'"
    assert section.deprecation_message("new_name") is None
    with pytest.raises(ValueError):
        section.rename("new_name", "x")                    # a current name cannot become an alias


def test_old_condition_names_lint_as_located_warnings_and_play_the_same_game(tmp_path):
    flows = copy_flows(tmp_path)
    turn = flows / "turn.yaml"
    edit(turn, "unless: [vanguard_below_g_assist_grade]", "unless: [vanguard_below_grade_3]")
    edit(turn, "unless: [both_vanguards_at_stride_grades, g_zone_face_up_for_ultimate_stride]",
         "unless: [both_vanguards_grade_3_or_more, g_zone_face_up_for_ultimate_stride]")
    problems, warnings = lint_report(flows)
    assert problems == []
    found = {(w.line, w.col): w.message for w in warnings}
    assert found == {
        position(turn, "vanguard_below_grade_3"):
            "warning: deprecated condition 'vanguard_below_grade_3': write 'vanguard_below_g_assist_grade' "
            "(issue 11: the grade is the parameter g_assist_vanguard_below)",
        position(turn, "both_vanguards_grade_3_or_more"):
            "warning: deprecated condition 'both_vanguards_grade_3_or_more': write "
            "'both_vanguards_at_stride_grades' (issue 11: the grades are the parameters stride_vanguard_grade "
            "and stride_opponent_grade)"}
    for seed in (1, 2):     # the same game; only game_start's flow set name and hash say where it came from
        assert same_game(trace_text(seed, ("heuristic", "heuristic"), flows_dir=flows)) == \
            same_game(trace_text(seed, ("heuristic", "heuristic")))
    out = CliRunner().invoke(main, ["lint", str(flows)])
    assert out.exit_code == 0, out.output
    assert f"turn.yaml:{position(turn, 'vanguard_below_grade_3')[0]}:" in out.output
    assert "warning: deprecated condition 'vanguard_below_grade_3'" in out.output


def test_the_old_drive_count_action_lints_as_a_located_warning_and_plays_the_same_game(tmp_path):
    """Issue 29 (CR 7.6.1.3): `set_drive_count` became `begin_drive_checks` when the drive began
    to be read after every check; a flow that still says the old name plays the same game."""
    flows = copy_flows(tmp_path)
    battle = flows / "battle.yaml"
    edit(battle, "begin_drive_checks", "set_drive_count")
    problems, warnings = lint_report(flows)
    assert problems == []
    assert [((w.line, w.col), w.message.split(" (")[0]) for w in warnings] == [
        (position(battle, "set_drive_count"),
         "warning: deprecated action 'set_drive_count': write 'begin_drive_checks'")]
    assert same_game(trace_text(3, ("heuristic", "heuristic"), flows_dir=flows)) == same_game(trace_text(3, ("heuristic", "heuristic")))


def test_names_lists_the_deprecated_names():
    out = CliRunner().invoke(main, ["names", "deprecated"])
    assert out.exit_code == 0
    for old, (new, _why) in REGISTRY.conditions.deprecated().items():
        assert old in out.output and f"write `{new}`" in out.output
    assert "two_or_more_cards_in_g_zone" in out.output


@pytest.mark.parametrize("value, problem", [("{discard_grade: 0}", False), ("{discard_grade: 1}", True)])
def test_the_retired_g_guardian_cost_parameter(tmp_path, value, problem):
    flows = copy_flows(tmp_path)
    params = flows / "parameters.yaml"
    edit(params, "  g_guardian_face_up_max:", f"  g_guardian_cost: {value}\n  g_guardian_face_up_max:")
    problems, warnings = lint_report(flows)
    found = problems if problem else warnings
    assert [(p.line, p.col) for p in found] == [position(params, "g_guardian_cost")]
    assert "g_guardian: {cost: [...]}" in found[0].message
    assert (problems == []) != problem and (warnings == ()) == problem


def test_a_stride_choice_that_skips_paying_and_placing_is_a_located_error(tmp_path):
    flows = copy_flows(tmp_path)
    turn = flows / "turn.yaml"
    edit(turn, "to: stride_pay_cost", "to: main_phase")         # the first one: `choice: stride`'s
    found = [p for p in lint_flows(flows) if "leaves work open" in p.message]
    assert len(found) == 1          # only the choice edited: `ultimate_stride` still goes to stride_pay_cost
    line = next(i for i, text in enumerate(turn.read_text().splitlines(), 1) if "to: main_phase" in text
                and "choice: stride" in turn.read_text().splitlines()[i - 2])
    assert found[0].line == line - 1                     # the `choice: stride` line of that transition
    assert "choice 'stride'" in found[0].message and "turn.main_phase" in found[0].message
    assert "pay_stride_cost, then stride_chosen_g_unit" in found[0].message


def _choice_line(path, kind):
    lines = path.read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if text.strip() == f"- choice: {kind}")


def test_each_stride_choice_is_reported_only_for_its_own_open_work(tmp_path):
    """`stride` and `ultimate_stride` share the cost and placement steps (flows/turn.yaml): an edit of
    one choice's transition is reported at that choice only; an edit of the shared step leaves both
    choices' work open, and each is reported at its own `choice:` line (two problems, both right)."""
    flows = copy_flows(tmp_path)
    turn = flows / "turn.yaml"
    edit(turn, "          - choice: ultimate_stride\n            to: stride_pay_cost",
         "          - choice: ultimate_stride\n            to: main_phase")
    found = [p for p in lint_flows(flows) if "leaves work open" in p.message]
    assert [(p.line, p.message.split(" leaves")[0]) for p in found] == [
        (_choice_line(turn, "ultimate_stride"), "choice 'ultimate_stride'")]
    flows = copy_flows(tmp_path, "shared")
    turn = flows / "turn.yaml"
    edit(turn, "        do: [pay_stride_cost]\n        transitions:\n          - to: stride_place",
         "        do: [pay_stride_cost]\n        transitions:\n          - to: main_phase")
    found = [p for p in lint_flows(flows) if "leaves work open" in p.message]
    assert [(p.line, p.message.split(" leaves")[0]) for p in found] == [
        (_choice_line(turn, "stride"), "choice 'stride'"),
        (_choice_line(turn, "ultimate_stride"), "choice 'ultimate_stride'")]


def test_a_g_guardian_choice_that_keeps_the_guard_step_is_a_located_error(tmp_path):
    flows = copy_flows(tmp_path)
    battle = flows / "battle.yaml"
    edit(battle, """      - choice: g_guardian
        to: g_guardian_pay_cost
""", "")
    found = [p for p in lint_flows(flows) if "leaves work open" in p.message]
    assert len(found) == 1
    assert (found[0].line, found[0].col) == position(battle, "g_guardian, pass]")
    assert "same decision at 'battle.guard_step' is offered again" in found[0].message
    assert "pay_g_guardian_cost, then call_g_guardian" in found[0].message


def test_a_g_assist_that_skips_its_removals_is_a_located_error(tmp_path):
    flows = copy_flows(tmp_path)
    turn = flows / "turn.yaml"
    edit(turn, "to: g_assist_remove_from_hand\n", "to: ride_phase\n")
    found = [p for p in lint_flows(flows) if "leaves work open" in p.message]
    assert len(found) == 1 and "choice 'g_assist'" in found[0].message
    assert "turn.ride_phase.ride_step" in found[0].message and "g_assist_shuffle" in found[0].message


def test_the_built_in_flows_and_variants_leave_no_work_open():
    out = CliRunner().invoke(main, ["lint"])
    assert out.exit_code == 0, out.output
    assert "warning" not in out.output


def same_game(trace: str) -> str:
    """A trace without the flow set's name and content hash (game_start's `flows`, `flows_hash`)."""
    return re.sub(r'"flows":"[^"]*","flows_hash":"[0-9a-f]*",', "", trace)
