"""The package layout is the architecture (issues 10, 31): layers import only the ones
before them, no import circle between modules, every package and subpackage says what it
is for, no folder holds more modules than a reader takes in at once, and no module or
class grows past the size where it hides a second concept (STYLE.md)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "vanguard_fsm"

# Each package may import itself and the packages listed before it in its own row.
# The foundation modules (`paths.py`, `output_files.py`, `schema_messages.py`, `cache_files.py`)
# import no other module of the package, and every layer may use them.
FOUNDATION = {"paths", "output_files", "schema_messages", "cache_files"}
LAYERS = {
    "paths": set(),
    "cache_files": set(),
    "output_files": set(),
    "schema_messages": set(),
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
    "compare": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference",
                "sim"},
    "web": {"paths", "machine", "game", "abilities", "agents", "diagram", "record", "scenario", "reference", "sim",
            "debug"},
}
MAX_MODULE_LINES = 420
MAX_CLASS_LINES = 200
MAX_FOLDER_MODULES = 16       # .py files beside a package's __init__.py (which is not counted; subpackages neither)


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


def _packages() -> list[Path]:
    """Every package folder, at any depth (the top-level one included)."""
    return sorted(p.parent for p in PACKAGE.rglob("__init__.py") if "__pycache__" not in p.parts)


def test_every_package_is_in_the_layer_table_and_says_what_it_is_for():
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert set(packages) - {"cli"} <= set(LAYERS), "add the new package to LAYERS with what it may import"
    for folder in _packages()[1:]:          # a subpackage (abilities/language ...) belongs to its top-level layer
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text()))
        assert doc and len(doc) > 40, f"{folder.relative_to(PACKAGE.parent)}/__init__.py needs a docstring saying " \
                                      "what it is for"


def folders_over(limit: int, package: Path = PACKAGE) -> list[str]:
    """Package folders holding more than `limit` modules, with their count."""
    out = []
    for folder in sorted(p.parent for p in package.rglob("__init__.py") if "__pycache__" not in p.parts):
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        if len(modules) > limit:
            out.append(f"{folder.relative_to(package.parent)}/ has {len(modules)} modules")
    return out


def test_no_folder_holds_more_than_sixteen_modules():
    """A folder of 30 flat files hides its parts: name them as subpackages (issue 31)."""
    assert not folders_over(MAX_FOLDER_MODULES), "; ".join(folders_over(MAX_FOLDER_MODULES)) + \
        f" (at most {MAX_FOLDER_MODULES}): split into subpackages named for their parts"


def _module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """module -> the modules of the package it imports, at module level or inside a function.

    `from X import a` imports the module X.a when there is one, else X itself; a package's
    parents, which Python also runs first, are not edges (each __init__ would be on a circle)."""
    paths = {_module_name(p, package): p for p in package.rglob("*.py") if "__pycache__" not in p.parts}
    graph = {}
    for name, path in paths.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = here.split(".")[:len(here.split(".")) - node.level + 1] if node.level else []
                source = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in paths else source)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle (a -> b -> ... -> a) through each group of modules that import each other."""
    index, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(start):                        # Tarjan's strongly connected components, iteratively
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start), on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt), on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        circles.append(_circle_in(graph, group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return circles


def _circle_in(graph, group: set[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    first = min(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        nxt = []
        for node in frontier:
            for m in sorted(graph[node] & group):
                if m == first:
                    return paths[node] + [first]
                if m not in paths:
                    paths[m] = paths[node] + [m]
                    nxt.append(m)
        frontier = nxt
    raise AssertionError(f"no circle in {sorted(group)}")


def test_no_import_circle_between_modules():
    """Counting the imports inside functions too: a function-local import hides a circle, it
    does not break it. Move the piece both need into a module of its own."""
    circles = import_circles(import_graph())
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_and_classes_stay_small(path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= MAX_MODULE_LINES, f"{path.name} has {text.count(chr(10))} lines: split it"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= MAX_CLASS_LINES, f"class {node.name} in {path.name} has {size} lines: split it"


def test_a_circle_through_a_function_local_import_is_named(tmp_path):
    """The checks above see what they claim to: a circle closed inside a function, in a subpackage."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for init in (package / "__init__.py", package / "sub" / "__init__.py"):
        init.write_text('"""A package."""\n')
    (package / "sub" / "a.py").write_text("from . import b\n")
    (package / "sub" / "b.py").write_text("def late():\n    from ..sub.a import x\n    return x\n")
    (package / "c.py").write_text("from .sub import a\n")
    assert import_circles(import_graph(package)) == [["pkg.sub.a", "pkg.sub.b", "pkg.sub.a"]]
    for i in range(MAX_FOLDER_MODULES + 1):
        (package / "sub" / f"m{i}.py").write_text("")
    assert folders_over(MAX_FOLDER_MODULES, package) == ["pkg/sub/ has 19 modules"]
