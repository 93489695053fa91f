"""The independent rules audit's reproductions (`../shared/audit/repro/`, issues 11 and 13)
run on the current engine as they were written: its scenario files (older one-step
stride and G guardian ids, read as chains, `vanguard_fsm/scenario/chain.py`), its flow
sets written for the older flow language (renamed names are deprecated aliases; the
calls that became flow steps are located lint errors saying what to add) and its
variant scenario; and the third audit's (`../shared/audit/2026-12-05/repro/`, issue 29) with
the CR results, its test cards' "if" requirements said as `if:`. Skipped when the shared folder
is not beside this clone (from a worktree: `ln -s /work/shared ../shared`)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.paths import REPO_DIR, builtin_flows_dir
from vanguard_fsm.scenario.runner import run_scenario, scenario_files

REPRO = REPO_DIR.parent / "shared" / "audit" / "repro"
needs_repro = pytest.mark.skipif(not REPRO.is_dir(), reason="the shared audit is not beside this clone")


@needs_repro
@pytest.mark.parametrize("path", scenario_files([REPRO / "scenarios"]) if REPRO.is_dir() else [],
                         ids=lambda p: Path(p).stem)
def test_the_audits_scenarios_pass(path):
    result = run_scenario(path)
    assert result.passed, result.message


@needs_repro
def test_scenario_run_reports_every_audit_scenario_passed():
    out = CliRunner().invoke(main, ["scenario", "run", str(REPRO / "scenarios")])
    assert out.exit_code == 0, out.output
    assert "7 passed, 0 failed" in out.output


OLD_FLOW_SETS = ("flows-no-turn1-guard", "flows-cr-order")


@needs_repro
@pytest.mark.parametrize("name", OLD_FLOW_SETS)
def test_the_audits_older_flow_sets_are_told_precisely_what_to_change(name):
    """Written for the flow language of commit 08cc973: the renamed conditions and action
    (`set_drive_count`, now `begin_drive_checks`) and the retired G guardian cost parameter are warnings; the three calls that are flow steps since issue 11
    (stride, G guardian, G assist) are located errors saying which steps to add."""
    from vanguard_fsm.game import rules  # noqa: F401
    from vanguard_fsm.machine.loader import lint_report
    problems, warnings = lint_report(REPRO / name)
    assert sorted((p.path.rsplit("/", 1)[-1], p.message.split(" leaves work open")[0]) for p in problems) == [
        ("battle.yaml", "choice 'g_guardian'"), ("turn.yaml", "choice 'g_assist'"), ("turn.yaml", "choice 'stride'")]
    assert sorted(w.message.split(":")[1].strip() for w in warnings) == [
        "deprecated action 'set_drive_count'", "deprecated condition 'both_vanguards_grade_3_or_more'", "deprecated condition 'two_or_more_cards_in_g_zone'",
        "deprecated condition 'vanguard_below_grade_3'", "retired parameter 'g_guardian_cost' is no longer read; remove it"]
    out = CliRunner().invoke(main, ["scenario", "run", "--flows", str(REPRO / name), str(REPRO / "variant")])
    assert out.exit_code == 2 and "pay_stride_cost, then stride_chosen_g_unit" in out.output


@needs_repro
def test_the_audits_variant_scenario_passes_once_the_first_turn_guard_is_deleted(tmp_path):
    """The audit's variant/ scenario, as written, on the current flows with the CR 7.3.1.3 guard
    deleted from battle.yaml: 'battle' is offered on turn 1 (and not with the guard)."""
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    battle = flows / "battle.yaml"
    guard = """      - to: battle_phase_end
        if: [first_turn_of_first_player]
        doc: no attack on the first player's first turn
"""
    assert guard in battle.read_text()
    battle.write_text(battle.read_text().replace(guard, ""))
    (variant,) = scenario_files([REPRO / "variant"])
    from vanguard_fsm.machine.loader import lint_flows
    assert lint_flows(flows) == []
    assert run_scenario(variant, flows_dir=flows).passed
    assert not run_scenario(variant).passed


# The third audit (issue 29, ../shared/audit/2026-12-05/repro/): its scenario files state the CR
# results. Its test cards wrote two printed "if (requirement)" as trigger conditions, the way the
# built-in cards did before issue 29; the card language says `if:` now (CR 8.1.1.2.3, docs/cards.md),
# so a copy of the repro folder gets them rewritten (d03, d03b, d03d read them), each edit asserted.
THIRD = REPO_DIR.parent / "shared" / "audit" / "2026-12-05" / "repro"
needs_third = pytest.mark.skipif(not THIRD.is_dir(), reason="the third audit is not beside this clone")
IF_REQUIREMENTS = (     # (AU-IF, as Randolf BT01-041), (AU-OIF: the "if" beside its once per turn)
    ("        conditions: [{compare: [{count: your_hand}, more_than, {count: opponent_hand}]}]\n",
     "        if: [{compare: [{count: your_hand}, more_than, {count: opponent_hand}]}]\n"),
    ("        conditions: [{compare: [{count: your_hand}, at_least, 2]}, once_per_turn]\n",
     "        conditions: [once_per_turn]\n        if: [{compare: [{count: your_hand}, at_least, 2]}]\n"))
POSITION_ONLY = "u03_mandatory_loop"    # a position run by its script (no script can answer a loop)


@pytest.fixture(scope="module")
def third_audit(tmp_path_factory):
    """A copy of the third audit's repro folder with its test cards' "if" requirements said as `if:`."""
    copy = tmp_path_factory.mktemp("third") / "repro"
    shutil.copytree(THIRD, copy)
    cards = copy / "cards" / "audit_cards.yaml"
    text = cards.read_text()
    for old, new in IF_REQUIREMENTS:
        assert text.count(old) == 1, f"the audit's card file changed: {old.strip()!r}"
        text = text.replace(old, new)
    cards.write_text(text)
    return copy


THIRD_SCENARIOS = sorted(p.stem for p in THIRD.glob("*.yaml") if p.stem != POSITION_ONLY) if THIRD.is_dir() else []


@needs_third
@pytest.mark.parametrize("name", THIRD_SCENARIOS)
def test_the_third_audits_scenarios_pass(third_audit, name):
    """Every c*, d* and u01 scenario passes with the results the CR gives (issue 29: 'every
    reproduction passes with the corrected behaviour'); d03, d03b and d03d read the adapted cards."""
    result = run_scenario(third_audit / f"{name}.yaml")
    assert result.passed, result.message


@needs_third
def test_the_third_audits_mandatory_loop_is_a_draw():
    """u03: its own script answers every choice with the first option; the loop nobody can stop
    ends the game in a draw (CR 12.1.1.1), not in a Runaway error."""
    out = subprocess.run([sys.executable, str(THIRD / f"{POSITION_ONLY}.py")], cwd=REPO_DIR, capture_output=True,
                         text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(REPO_DIR)})
    assert out.stdout.strip() == "result: (None, None, 'loop')", out.stdout + out.stderr
