"""Where the built-in data lives, so every command agrees on the defaults.

The flows sit at the top of the repository (`flows/`) because designers edit them
directly; the package is installed in editable mode, so they are found next to it.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def builtin_flows_dir() -> Path:
    """The built-in flows; `VANGUARD_FSM_FLOWS` overrides it (for tests and tooling)."""
    override = os.environ.get("VANGUARD_FSM_FLOWS")
    return Path(override) if override else REPO_DIR / "flows"


def builtin_cards_dir() -> Path:
    return PACKAGE_DIR / "data" / "cards"


def builtin_decks_dir() -> Path:
    return PACKAGE_DIR / "data" / "decks"


def diagrams_dir() -> Path:
    return REPO_DIR / "diagrams"
