"""What the page shows about the flows: each machine's SVG and what a clicked state means.

The diagrams are the project's own (`diagram.model` → DOT → `dot -Tsvg`), drawn
once per flow set without a highlight; the page marks the current state itself by
the node's `<title>` (`machine.dotted.path`), so a step costs no Graphviz run.
A clicked state shows its doc, its rule IDs with their text (the packaged rules
digest; a CR section by the digest entries that correspond to it), timings,
actions, decision and transitions, as the flow file says them.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..diagram.dot import render, to_dot
from ..diagram.model import build_diagram
from ..reference.rules import load_digest, normalize

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


@lru_cache(maxsize=1)
def _digest():
    return load_digest()


def rule_text(rule: str) -> str:
    """A cited rule's text from the packaged digest: an entry's title and text, or for an
    official CR section, the digest entries that correspond to it (its own sentences are
    not reproduced, CONTRACT/STYLE); "" for an ID the digest does not know."""
    digest = _digest()
    entry = digest.get(rule)
    if entry is not None:
        return f"{entry.title}: {entry.text}" + (f" ({', '.join(entry.cr)})" if entry.cr else "")
    rid = normalize(rule)
    if rid.startswith("CR ") and rid[3:4].isdigit():
        related = digest.citing_cr(rid)
        exact = [r for r in related if rid in r.cr]           # entries naming this very section first
        return "official section; in the digest: " + "; ".join(
            f"{r.id} {r.title}: {r.text}" for r in (exact or related)) if related else ""
    return ""


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
        "decision": ({"who": state.decision.who, "kinds": list(state.decision.kinds), "doc": state.decision.doc,
                      "offer_if": {k: list(c) for k, c in state.decision.offer_if}}
                     if state.decision else None),
        "compound": state.is_compound,
        "transitions": [dict(_transition(t), source=s.path) for s in reversed(chain) for t in s.transitions],
    }


def state_rules(flowset) -> dict[str, list[str]]:
    """`machine.path` -> its rule IDs, for labelling the log."""
    return {f"{f.name}.{p}": list(s.rules) for f in flowset.flows.values() for p, s in f.all_states.items()}


def state_docs(flowset) -> dict[str, str]:
    return {f"{f.name}.{p}": s.doc for f in flowset.flows.values() for p, s in f.all_states.items()}


def rule_texts(flowset) -> dict[str, str]:
    """Every rule ID the states cite -> its text, for the log's rule IDs (hover shows the text)."""
    ids = {r for f in flowset.flows.values() for s in f.all_states.values() for r in s.rules}
    return {r: rule_text(r) for r in sorted(ids)}
