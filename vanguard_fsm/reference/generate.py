"""Write (or check) every generated file this package ships: the references and the schemas.

`vanguard-fsm reference` calls `write()`; the test calls `stale()`, which names each
file that differs from what the registries give now.
"""
from __future__ import annotations

from pathlib import Path

from ..paths import PACKAGE_DIR
from ..output_files import write_output
from . import markdown, schemas

REFERENCE_DIR = PACKAGE_DIR / "reference"
SCHEMAS_DIR = PACKAGE_DIR / "schemas"


def expected() -> dict[Path, str]:
    files = {REFERENCE_DIR / name: text for name, text in markdown.documents().items()}
    files.update({SCHEMAS_DIR / name: schemas.dumps(s) for name, s in schemas.build().items()})
    return files


def write() -> list[Path]:
    """Write every generated file; returns those that changed."""
    changed = []
    for path, text in expected().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_output(path, text)
            changed.append(path)
    return changed


def stale() -> list[Path]:
    return [p for p, text in expected().items() if not p.exists() or p.read_text(encoding="utf-8") != text]
