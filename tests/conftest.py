"""Pytest plugins for the test suite.

Check mode of the board cache: on for every test (below).

Scenario files: every `tests/scenarios/**/*.yaml` is collected as one test item
that runs the scenario and fails with its `path:line:col:` messages. Files
elsewhere (for example the deliberately broken `tests/fixtures/scenarios_bad/`)
are not collected.

The caches (`vanguard_fsm/cache_files.py`): every test session (each xdist worker too)
gets its own empty cache directory in `VANGUARD_FSM_CACHE`, removed at the end, so the
tests never write into the user's home and never read what an earlier run left.
`VANGUARD_FSM_CACHE=off` or `check` given to pytest is kept (to run the suite without
the caches, or comparing them).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

# The board cache's check mode (issue 32, `vanguard_fsm/game/board_cache.py`): every value kept for
# a board version is recomputed and compared, so a stale one fails a test instead of changing a
# game. Read once when the engine is imported, so set before any test module imports it (and
# inherited by the commands the tests run as subprocesses).
os.environ.setdefault("VANGUARD_FSM_CHECK_CACHES", "1")

import pytest

SCENARIOS_DIR = Path(__file__).parent / "scenarios"


def pytest_configure(config) -> None:
    if os.environ.get("VANGUARD_FSM_CACHE", "").strip().lower() in ("off", "check"):
        return
    config.cache_directory = tempfile.mkdtemp(prefix="vanguard-fsm-test-cache-")
    os.environ["VANGUARD_FSM_CACHE"] = config.cache_directory


def pytest_unconfigure(config) -> None:
    directory = getattr(config, "cache_directory", None)
    if directory:
        shutil.rmtree(directory, ignore_errors=True)


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".yaml" and SCENARIOS_DIR in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from vanguard_fsm.scenario.runner import SourceError, run_scenario
        try:
            result = run_scenario(self.path)
        except SourceError as exc:   # a malformed scenario file
            raise ScenarioFailed(str(exc)) from None
        if not result.passed:
            raise ScenarioFailed("\n".join(str(f) for f in result.failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.path.relative_to(SCENARIOS_DIR)}"
