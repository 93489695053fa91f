"""The independent rules audit's reproductions (`../shared/audit/repro/`, issues 11 and 13)
run on the current engine as they were written: its scenario files (older one-step
stride and G guardian ids, read as chains, `vanguard_fsm/scenario/chain.py`).
Skipped when the shared folder is not beside this clone."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.paths import REPO_DIR
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
