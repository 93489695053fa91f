"""The package layout is the architecture (issue 10): layers import only the ones
before them, no import circle, every package says what it is for, and no module or
class grows past the size where it hides a second concept (STYLE.md)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "vanguard_fsm"

# Each package may import itself and the packages listed before it in its own row.
# The foundation modules (`paths.py`, `output_files.py`) import no other module of the
# package, and every layer may use them.
FOUNDATION = {"paths", "output_files"}
LAYERS = {
    "paths": set(),
    "output_files": set(),
    "machine": {"paths"},
    "game": {"paths", "machine"},
    "abilities": {"paths", "machine", "game"},
    "agents": {"paths", "machine", "game", "abilities"},
    "diagram": {"paths", "machine", "game"},
    "record": {"paths", "machine", "game", "abilities", "agents"},
    "scenario": {"paths", "machine", "game", "abilities", "agents", "record"},
    "reference": {"paths", "machine", "game", "abilities", "agents", "record", "scenario"},
    "sim": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference"},
    "debug": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference"},
    "tools": {"paths", "machine", "game", "abilities", "agents", "record", "scenario"},
    "compare": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference",
                "sim"},
    "web": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference", "sim",
            "debug"},
}
MAX_MODULE_LINES = 420
MAX_CLASS_LINES = 200


def _modules():
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _package_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE).parts
    return rel[0].removesuffix(".py") if len(rel) > 1 or rel[0].removesuffix(".py") in FOUNDATION else ""


def _imported_packages(path: Path) -> set[str]:
    """Top-level vanguard_fsm packages a module imports (relative or absolute)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    depth_of_module = len(path.relative_to(PACKAGE).parts) - 1
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                up = depth_of_module - (node.level - 1)
                base = list(path.relative_to(PACKAGE).parts[:up])
                parts = base + (node.module.split(".") if node.module else [])
                names = [parts[0]] if parts else [a.name for a in node.names]
            elif node.module and node.module.startswith("vanguard_fsm."):
                names = [node.module.split(".")[1]]
            else:
                continue
            found.update(n for n in names if n)
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("vanguard_fsm."))
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_only_to_earlier_layers(path):
    package = _package_of(path)
    if package in ("", "cli"):
        return                      # the top: the CLI and `python -m vanguard_fsm` may import anything
    allowed = LAYERS[package] | {package, "__version__"} | (set() if package in FOUNDATION else FOUNDATION)
    wrong = _imported_packages(path) - allowed
    assert not wrong, f"{path.relative_to(PACKAGE)} ({package}) imports {sorted(wrong)}; allowed: {sorted(allowed)}"


def test_every_package_is_in_the_layer_table_and_says_what_it_is_for():
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert set(packages) - {"cli"} <= set(LAYERS), "add the new package to LAYERS with what it may import"
    for name in packages:
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text()))
        assert doc and len(doc) > 40, f"vanguard_fsm/{name}/__init__.py needs a docstring saying what it is for"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_and_classes_stay_small(path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= MAX_MODULE_LINES, f"{path.name} has {text.count(chr(10))} lines: split it"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= MAX_CLASS_LINES, f"class {node.name} in {path.name} has {size} lines: split it"
