"""Rule coverage: every rule ID of the rules digest, and which flows, tests and scenarios cite it.

The package's own digest (`vanguard_fsm/reference/rules.yaml`, the default) gives
each rule an ID that flows, tests and scenarios cite so a designer can go from a
rule to what implements and checks it. This module reads the IDs back and looks
for citations, so a rule that nothing tests shows up in `vanguard-fsm coverage`.
A Markdown digest (`--rules RULES.md`) is still read the old way:

IDs are taken from: numbered headings (`## 3.2 Setup`), the ID that starts a
bullet (`- 3.3.2.2 ...`, `- CR.drive ...`, `- CR 8.4.1 ...`), numbered steps
under an ID (`0.` under `3.2` is `3.2.0`; `1.` under `CR.attack` is
`CR.attack.1`), and IDs that start a later sentence of a bullet (`... 1.8 power`;
inside a `CR n` bullet they are CR sections: `CR 9.2`). A citation is the ID
as a whole token: `3.2` is not cited by `3.2.1`, and `CR 3.2` cites only `CR 3.2`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..reference.rules import DIGEST_PATH, load_digest

_ID = r"(?:CR\.[a-z]+(?:\.\d+)*|CR \d+(?:\.\d+)*|\d+(?:\.\d+)+)"
HEADING = re.compile(r"^#{2,}\s+(\d+(?:\.\d+)+)\s")
BULLET = re.compile(rf"^(\s*)- ({_ID})\s+(.*)$")
STEP = re.compile(r"^(\s*)(\d+)\.\s")
INLINE = re.compile(r"(?:^|[.;:,] )(\d+\.\d+(?:\.\d+)*) (?=[a-z(])")


def default_rules_path() -> Path:
    """The rules digest shipped in the package (so coverage works from any clone or install)."""
    return DIGEST_PATH


@dataclass
class RuleRow:
    id: str
    line: int
    flows: list = field(default_factory=list)
    tests: list = field(default_factory=list)
    scenarios: list = field(default_factory=list)


def parse_rule_ids(text: str) -> list[tuple[str, int]]:
    """(rule ID, line number) in the order RULES.md gives them, each once."""
    found: dict[str, int] = {}
    context = None            # the ID numbered steps belong to
    context_indent = -1
    for number, line in enumerate(text.splitlines(), 1):
        heading = HEADING.match(line)
        if heading:
            context, context_indent = heading.group(1), -1
            found.setdefault(context, number)
            continue
        if line.startswith("#"):
            context = None
            continue
        bullet = BULLET.match(line)
        if bullet:
            indent, rule, rest = len(bullet.group(1)), bullet.group(2), bullet.group(3)
            found.setdefault(rule, number)
            context, context_indent = rule, indent
            prefix = "CR " if rule.startswith("CR ") else ""
            for inline in INLINE.finditer(rest):
                found.setdefault(prefix + inline.group(1), number)
            continue
        step = STEP.match(line)
        if step and context is not None and len(step.group(1)) > context_indent:
            found.setdefault(f"{context}.{step.group(2)}", number)
    return list(found.items())


def _citation(rule: str) -> re.Pattern:
    return re.compile(r"(?<![\w.])(?<!CR )" + re.escape(rule) + r"(?![\w]|\.\d)")


def rule_coverage(rules_path: Path, flows_dir: Path, tests_dir: Path) -> list[RuleRow]:
    """Each rule ID with the flow files, test modules and scenario files that cite it."""
    if rules_path.suffix.lower() == ".md":
        ids = parse_rule_ids(rules_path.read_text(encoding="utf-8"))
    else:
        ids = [(rule.id, rule.line) for rule in load_digest(rules_path).rules.values()]
    sources = {"flows": sorted(flows_dir.glob("*.yaml")),
               "tests": sorted(p for p in tests_dir.rglob("*.py")),
               "scenarios": sorted((tests_dir / "scenarios").rglob("*.yaml"))}
    texts = {kind: [(p, p.read_text(encoding="utf-8")) for p in paths] for kind, paths in sources.items()}
    rows = []
    for rule, line in ids:
        row = RuleRow(rule, line)
        pattern = _citation(rule)
        for kind, files in texts.items():
            getattr(row, kind).extend(p.name for p, text in files if pattern.search(text))
        rows.append(row)
    return rows
