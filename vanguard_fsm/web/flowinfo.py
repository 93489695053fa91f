"""What the page shows about the flows: each machine's SVG and what a clicked state means.

The diagrams are the project's own (`diagram.model` → DOT → `dot -Tsvg`), drawn
once per flow set without a highlight; the page marks the current state itself by
the node's `<title>` (`machine.dotted.path`), so a step costs no Graphviz run.
A clicked state shows its doc, its rule IDs with their text (RULES.md, and the
CR 1.48 section when the rules folder is beside the repository), timings,
actions, decision and transitions, as the flow file says them.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..diagram.dot import render, to_dot
from ..diagram.model import build_diagram
from ..sim.coverage_rules import default_rules_path, parse_rule_ids

SVG_START = re.compile(r"<svg\b")


def diagram_svg(flowset, machine: str) -> str:
    """The machine's SVG (cached per flow set), without the XML prologue so it inlines in HTML."""
    if machine not in flowset.flows:
        raise KeyError(machine)
    key = (flowset.directory, flowset.digest(), machine)
    svg = _SVG_CACHE.get(key)
    if svg is None:
        text = render(to_dot(build_diagram(flowset, machine)), "svg").decode("utf-8")
        found = SVG_START.search(text)
        svg = _SVG_CACHE[key] = text[found.start():] if found else text
    return svg


_SVG_CACHE: dict[tuple, str] = {}


@lru_cache(maxsize=4)
def _rules_digest(path: str) -> dict[str, str]:
    """RULES.md rule ID -> the text of the line that defines it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return {}
    lines = text.splitlines()
    return {rule: lines[number - 1].strip().lstrip("-# ").strip() for rule, number in parse_rule_ids(text)}


@lru_cache(maxsize=4)
def _cr_sections(path: str) -> dict[str, str]:
    """CR section number -> its text (up to the next section), read from the rules folder at run time."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    sections, current, body = {}, None, []
    head = re.compile(r"^(\d+(?:\.\d+)+)\.?\s+(.*)$")
    for line in lines:
        found = head.match(line.strip())
        if found or not line.strip():
            if current is not None and current not in sections:
                sections[current] = " ".join(body)[:400]
            current, body = (found.group(1), [found.group(2)]) if found else (None, [])
        elif current is not None:
            body.append(line.strip())
    if current is not None and current not in sections:
        sections[current] = " ".join(body)[:400]
    return sections


def rule_text(rule: str, rules_path: Path | None = None) -> str:
    rules_path = rules_path or default_rules_path()
    if rule.startswith("CR ") and rule[3:4].isdigit():
        return _cr_sections(str(rules_path.parent / "cr-1.48.md")).get(rule[3:], "")
    return _rules_digest(str(rules_path)).get(rule, "")


def _where(where) -> str | None:
    """`battle.yaml:54:3`: the flow file by name (the page never needs the server's directories)."""
    return f"{Path(where.path).name}:{where.line}:{where.col}" if where else None


def _transition(t) -> dict:
    return {"to": t.dest or t.to, "choice": None if t.trigger == "advance" else t.trigger,
            "if": list(t.conditions), "unless": list(t.unless), "do": list(t.actions), "doc": t.doc,
            "where": _where(t.where)}


def state_info(flowset, machine: str, path: str) -> dict:
    """What a clicked state means, as the flow file says it. KeyError for an unknown state."""
    flow = flowset.flows[machine]
    state = flow.all_states[path]
    chain = [*state.ancestors(), state]
    return {
        "machine": machine, "path": path, "doc": state.doc, "where": _where(state.where),
        "rules": [{"id": r, "text": rule_text(r)} for r in state.rules],
        "timings": list(state.timings), "do": list(state.actions), "invoke": state.invoke, "final": state.final,
        "decision": ({"who": state.decision.who, "kinds": list(state.decision.kinds), "doc": state.decision.doc}
                     if state.decision else None),
        "compound": state.is_compound,
        "transitions": [dict(_transition(t), source=s.path) for s in reversed(chain) for t in s.transitions],
    }


def state_rules(flowset) -> dict[str, list[str]]:
    """`machine.path` -> its rule IDs, for labelling the log."""
    return {f"{f.name}.{p}": list(s.rules) for f in flowset.flows.values() for p, s in f.all_states.items()}


def state_docs(flowset) -> dict[str, str]:
    return {f"{f.name}.{p}": s.doc for f in flowset.flows.values() for p, s in f.all_states.items()}
