"""Where the built-in data lives, so every command agrees on the defaults.

The flows sit at the top of the repository (`flows/`) because designers edit them
directly; from a clone (or an editable install) they are found next to the package.
A non-editable install (`pip install .`, a wheel) carries them as data files under
`<prefix>/share/vanguard-fsm/flows` (pyproject `data-files`), found there instead.
"""
from __future__ import annotations

import os
import sysconfig
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def builtin_flows_dir() -> Path:
    """The built-in flows; `VANGUARD_FSM_FLOWS` overrides it (for tests and tooling)."""
    override = os.environ.get("VANGUARD_FSM_FLOWS")
    if override:
        return Path(override)
    beside = REPO_DIR / "flows"
    if beside.is_dir():
        return beside
    installed = Path(sysconfig.get_path("data")) / "share" / "vanguard-fsm" / "flows"
    return installed if installed.is_dir() else beside


def variants_dir() -> Path:
    """The shipped variant rule sets: `flows/variants/NAME/` (see machine/overlay.py)."""
    return builtin_flows_dir() / "variants"


def variant_names() -> list[str]:
    directory = variants_dir()
    return sorted(p.name for p in directory.iterdir() if (p / "variant.yaml").is_file()) if directory.is_dir() else []


def resolve_flows(name_or_path: str | os.PathLike | None) -> Path:
    """What `--flows` names: a directory, `base` (the built-in flows) or a shipped variant's name.

    An existing directory wins over a name; anything else is returned as a path, so the
    loader reports it ("not a directory of flow files") at the place it was given."""
    if name_or_path is None or str(name_or_path) == "base":
        return builtin_flows_dir()
    path = Path(name_or_path)
    if path.is_dir():
        return path
    text = str(name_or_path)
    if "/" not in text and os.sep not in text and (variants_dir() / text / "variant.yaml").is_file():
        return variants_dir() / text
    return path


def flows_name(directory: str | os.PathLike) -> str:
    """The name a trace records for a flow set: `base`, a shipped variant's name, or the directory."""
    path = Path(directory).resolve()
    if path == builtin_flows_dir().resolve():
        return "base"
    if path.parent == variants_dir().resolve() and (path / "variant.yaml").is_file():
        return path.name
    return str(path)


def builtin_cards_dir() -> Path:
    return PACKAGE_DIR / "data" / "cards"


def card_sources(cards) -> list[Path]:
    """The files or directories a card set is read from: None is the built-in set, a path one
    source, a tuple several (`--cards` then each `--add-cards`, in order)."""
    if cards is None:
        return [builtin_cards_dir()]
    return [Path(c) for c in cards] if isinstance(cards, (tuple, list)) else [Path(cards)]


def builtin_decks_dir() -> Path:
    return PACKAGE_DIR / "data" / "decks"


def ability_corpus_file() -> Path:
    """The built-in cards' abilities the test corpus does not resolve yet (tests/test_ability_corpus.py)."""
    return PACKAGE_DIR / "data" / "ability_corpus.yaml"


def diagrams_dir() -> Path:
    return REPO_DIR / "diagrams"
