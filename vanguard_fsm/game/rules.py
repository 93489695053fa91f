"""Importing this module registers every rule the flows may name.

The registry is filled by side effect of importing the rule modules; this is the
one place that lists them, so `lint`, the engine and tests agree on the names.
"""
from __future__ import annotations

from . import battle, check_timing, common, setup, triggers, turn  # noqa: F401  (registration)
from ..machine.registry import REGISTRY

ENGINE_EVENTS = (
    "when_placed", "when_placed_on_V", "when_placed_on_R", "when_ridden_upon", "when_attacks",
    "when_attacked", "when_boosts", "when_intercepts", "when_hits", "when_attack_hits_vanguard",
    "when_not_hit", "when_put_into_drop", "when_drive_check_reveals", "when_damage_check_reveals",
    "when_stride", "when_drawn", "end_of_battle", "when_legion",
)
if "when_attacks" not in REGISTRY.engine_events:
    REGISTRY.register_engine_events(ENGINE_EVENTS)
