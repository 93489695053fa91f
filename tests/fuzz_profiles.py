"""Hypothesis profiles for the property tests (issue 18).

`quick` runs in the default test run: few examples, derandomized (the suite stays
deterministic), no example database. `fuzz` is the long profile, for the tests marked
`fuzz` (`python3 -m pytest -m fuzz`): thousands of examples, random each run.
"""
from __future__ import annotations

from hypothesis import HealthCheck, settings

_COMMON = dict(deadline=None, database=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.filter_too_much])
QUICK = settings(max_examples=12, stateful_step_count=25, derandomize=True, **_COMMON)
FUZZ = settings(max_examples=400, stateful_step_count=120, **_COMMON)
