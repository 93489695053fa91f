"""Lint: one broken fixture per error kind, each reported at file:line:col (issue 2).

Fixtures live in tests/fixtures/flows/<kind>/game.yaml; each differs from `valid`
by one edit. Rule IDs: the flows' structure is RULES.md 3.2-3.4 and CR 6-7.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vanguard_fsm.game import rules  # noqa: F401  (registers the names)
from vanguard_fsm.machine.builder import SafeMachine
from vanguard_fsm.machine.loader import FlowError, lint_flows, load_flowset
from vanguard_fsm.paths import builtin_flows_dir

FIXTURES = Path(__file__).parent / "fixtures" / "flows"

CASES = {
    "yaml_syntax": (10, 16, "YAML syntax error"),
    "schema": (17, 12, "schema: expected true or false, found a text"),
    "unknown_target": (13, 13, "goes to unknown state 'strat'"),
    "unknown_condition": (12, 14, "unknown condition 'turn_limit_reachd' (did you mean 'turn_limit_reached'?)"),
    "dotted_import": (9, 22, "unknown action 'os.system'"),
    "unreachable": (18, 3, "state 'orphan' is unreachable from 'start'"),
    "dead_end": (18, 3, "state 'limbo' is a dead end"),
    "duplicate_name": (18, 3, "duplicate name 'start'"),
}


def test_builtin_flows_are_clean():
    assert lint_flows(builtin_flows_dir()) == []


def test_valid_fixture_is_clean():
    assert lint_flows(FIXTURES / "valid") == []


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_broken_fixture_is_reported_with_its_position(case):
    line, col, text = CASES[case]
    problems = lint_flows(FIXTURES / case)
    matching = [p for p in problems if text in p.message]
    assert matching, [str(p) for p in problems]
    assert (matching[0].line, matching[0].col) == (line, col)
    assert str(matching[0]).startswith(f"{FIXTURES / case / 'game.yaml'}:{line}:{col}: ")


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint_cli_exits_1_with_file_line(case):
    out = subprocess.run([sys.executable, "-m", "vanguard_fsm", "lint", str(FIXTURES / case)],
                         capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    line, col, text = CASES[case]
    assert f"game.yaml:{line}:{col}: " in out.stdout and text in out.stdout


def test_lint_cli_ok_and_usage_errors(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "vanguard_fsm", "lint"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    missing = subprocess.run([sys.executable, "-m", "vanguard_fsm", "lint", str(tmp_path / "nope")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "not a directory" in missing.stderr
    bad_flag = subprocess.run([sys.executable, "-m", "vanguard_fsm", "lint", "--bogus"],
                              capture_output=True, text=True)
    assert bad_flag.returncode == 2


def test_load_raises_with_every_problem():
    with pytest.raises(FlowError) as info:
        load_flowset(FIXTURES / "duplicate_name")
    assert len(info.value.problems) >= 1


def test_no_yaml_string_reaches_import(tmp_path, monkeypatch):
    """`os.system` anywhere a name is allowed is a lint error, and nothing is imported or run."""
    marker = tmp_path / "pwned"
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    text = (flows / "turn.yaml").read_text()
    text = text.replace("do: [begin_battle_phase]", f"do: [begin_battle_phase, 'os.system(\"touch {marker}\")']")
    text = text.replace("unless: [vanguard_below_g_assist_grade]", "unless: [os.path.exists]")
    (flows / "turn.yaml").write_text(text)
    problems = lint_flows(flows)
    assert any("os.path.exists" in p.message and "never executed" in p.message for p in problems)
    assert any("os.system" in p.message for p in problems)
    with pytest.raises(FlowError):
        load_flowset(flows)
    assert not marker.exists()


def test_yaml_tags_are_never_constructed(tmp_path):
    marker = tmp_path / "pwned"
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    (flows / "evil.yaml").write_text(f'!!python/object/apply:os.system ["touch {marker}"]\n')
    problems = lint_flows(flows)
    assert problems and "evil.yaml:1:1" in str(problems[0])
    assert not marker.exists()


def test_transitions_never_resolves_a_string_callback():
    with pytest.raises(TypeError):
        SafeMachine.resolve_callable("os.system", None)


def test_bare_on_key_gets_a_helpful_message(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    path = flows / "setup.yaml"
    path.write_text(path.read_text().replace("- choice: redraw\n        to: redraw_second",
                                             "- on: redraw\n        to: redraw_second"))
    problems = lint_flows(flows)
    assert any("YAML 1.1 reads a bare 'on'" in p.message and p.path.endswith("setup.yaml") for p in problems)


def test_parameters_are_checked_by_their_schema(tmp_path):
    """parameters.yaml is the one source of the rules numbers: a misspelt or missing key is a lint error."""
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    path = flows / "parameters.yaml"
    path.write_text(path.read_text().replace("  trigger_power: 5000", "  triger_power: 5000"))
    problems = lint_flows(flows)
    messages = [str(p) for p in problems]
    assert any("parameters.yaml:" in m and "triger_power" in m for m in messages), messages
    assert any("'trigger_power' is required" in m for m in messages), messages


def test_a_flows_dir_without_parameters_uses_the_builtin_ones():
    flowset = load_flowset(FIXTURES / "valid")
    assert flowset.parameters["trigger_power"] == 5000


def test_a_rule_id_is_text_in_flows_variants_and_scenarios(tmp_path):
    """Issue 27: `rules: [.nan]` was accepted (a rule ID list held numbers), and an unquoted `2.10`
    would read as the number 2.1; a rule ID is a string, refused at its line otherwise."""
    from vanguard_fsm.machine.yamlsrc import SourceError
    from vanguard_fsm.scenario.schema import parse_scenario
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    path = flows / "game.yaml"
    path.write_text(path.read_text().replace('rules: ["3.2"]', "rules: [.nan]", 1))
    problems = [p for p in lint_flows(flows) if p.path.endswith("game.yaml")]
    assert problems and problems[0].line == 14 and "expected a text, found nan" in problems[0].message
    variant = tmp_path / "variant"
    shutil.copytree(builtin_flows_dir() / "variants" / "damage-7", variant)
    (variant / "variant.yaml").write_text((variant / "variant.yaml").read_text()
                                          .replace('rules: ["2.1", "3.4.2"]', "rules: [2.1]"))
    assert any("variant.yaml:6:" in str(p) and "expected a text" in str(p) for p in lint_flows(variant))
    with pytest.raises(SourceError, match="expected a text, found nan"):
        parse_scenario("name: x\nrules: [.nan]\nstart: {turn: 1, turn_player: 0, at: turn.main_phase}\n"
                       "p0: {VC: AL-001}\np1: {VC: AL-001}\n", "s.yaml")


def _lint_cli(directory) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", "lint", str(directory)], capture_output=True,
                          text=True, timeout=300)


def test_an_unknown_rule_id_is_refused_at_its_place_with_a_did_you_mean(tmp_path):
    """Issue 31: `rules: ["CR.drvie"]` passed lint while `explain` knew no such rule. A digest
    entry (`CR.drive`) or an official section number (`CR 7.4.1`) is a rule ID; nothing else."""
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows, ignore=shutil.ignore_patterns("variants"))
    text = (flows / "battle.yaml").read_text(encoding="utf-8")
    old = 'rules: ["CR.attack", "CR 7.4"]'
    assert old in text
    (flows / "battle.yaml").write_text(text.replace(old, 'rules: ["CR.drvie", "CR 7.4"]', 1), encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if old in t)
    col = text.splitlines()[line - 1].index('"CR.attack"') + 1
    out = _lint_cli(flows)
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == (f"{flows}/battle.yaml:{line}:{col}: unknown rule ID 'CR.drvie' (did you mean "
                                          f"'CR.drive'?): a rule ID is an entry of the rules digest (`vanguard-fsm "
                                          f"explain ID`) or an official section number such as 'CR 7.4.1'")


def test_a_variant_citing_an_unknown_rule_id_is_refused_in_its_own_file(tmp_path):
    variant = tmp_path / "typo"
    variant.mkdir()
    (variant / "variant.yaml").write_text(
        f"extends: {builtin_flows_dir()}\ndoc: a typo\nrules: ['3.4.2', '3.4.9']\nparameters:\n"
        f"  deck_construction: {{quick: {{rule: '2.22'}}}}\n", encoding="utf-8")
    out = _lint_cli(variant)
    assert out.returncode == 1, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith(f"{variant}/variant.yaml:3:18: unknown rule ID '3.4.9'")
    col = len("  deck_construction: {quick: {rule: ") + 1
    assert lines[1].startswith(f"{variant}/variant.yaml:5:{col}: unknown rule ID '2.22' (did you mean '2.2'?)")
