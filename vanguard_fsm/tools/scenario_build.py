"""Older import path (commit 08cc973) of `vanguard_fsm.scenario.build.build_game`, with its
keyword arguments; the game comes back as a `LegacyGame` (one-step ids, see legacy.py)."""
from __future__ import annotations

from ..scenario.build import build_game as _build_game
from .legacy import LegacyGame, as_legacy


def build_game(scenario, hooks=None, cards=None, flows_dir=None) -> LegacyGame:
    """The scenario's position, machines placed, not advanced (as `vanguard_fsm.scenario.build_game`)."""
    return as_legacy(_build_game(scenario, hooks, flows_dir, cards))


__all__ = ["LegacyGame", "build_game"]
