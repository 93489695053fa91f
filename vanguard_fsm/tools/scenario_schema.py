"""Older import path (commit 08cc973) of `vanguard_fsm.scenario.schema.parse_scenario`."""
from __future__ import annotations

from ..scenario.schema import Scenario, ScenarioFailure, load_scenario, parse_scenario

__all__ = ["Scenario", "ScenarioFailure", "load_scenario", "parse_scenario"]
