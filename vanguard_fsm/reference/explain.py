"""`vanguard-fsm explain ID|STATE|NAME`: one place to ask "what is this?".

A rule ID gives its digest entry (and, for a CR section, the entries that
correspond to it and a pointer to the official document); a flow state gives its
doc, rules, timings, actions, decision, invocation and the transitions in and out
with their lines; a registered name gives its doc, argument, context and the flow
states that use it. Everything matching is shown, so `battle` shows both the
decision kind and the machine.
"""
from __future__ import annotations

from .parameters import builtin_defaults
from .rules import Digest, normalize
from .vocabulary import facts, lookup, parameters_section, value_text, vocabulary


def _rule_lines(digest: Digest, rule_id: str) -> list[str]:
    rule = digest.get(rule_id)
    if rule is not None:
        out = [f"rule {rule.id}: {rule.title}", f"  {rule.text}"]
        if rule.cr:
            out.append(f"  official: {', '.join(rule.cr)} ({digest.official.get('name', 'the Comprehensive Rules')})")
        out.append(f"  ({digest.path}:{rule.line})")
        return out
    rid = normalize(rule_id)
    if rid.startswith("CR ") and rid[3:4].isdigit():
        related = digest.citing_cr(rid)
        out = [f"{rid}: a section of {digest.official.get('name', 'the official Comprehensive Rules')}, "
               f"{digest.official.get('url', '')} (its text is not reproduced here)"]
        out += [f"  digest {r.id}: {r.title} - {r.text}" for r in related]
        return out
    return []


def _rules_summary(digest: Digest, rules) -> str:
    parts = []
    for r in rules:
        rule = digest.get(r)
        parts.append(f"{r} ({rule.title})" if rule else str(r))
    return ", ".join(parts)


def _find_states(flowset, text: str):
    out = []
    for flow in flowset.flows.values():
        for path, state in flow.all_states.items():
            if text in (path, f"{flow.name}.{path}", state.name):
                out.append((flow, state))
    return out


def _transition_text(t) -> str:
    bits = [f"-> {t.dest or t.to}"]
    if t.trigger != "advance":
        bits.insert(0, f"[choice {t.trigger}]")
    if t.conditions:
        bits.append("if " + ", ".join(t.conditions))
    if t.unless:
        bits.append("unless " + ", ".join(t.unless))
    if t.actions:
        bits.append("do " + ", ".join(t.actions))
    if t.doc:
        bits.append(f"({t.doc})")
    return " ".join(bits)


def _state_lines(digest: Digest, flow, state, invokers: dict) -> list[str]:
    out = [f"state {flow.name}.{state.path}  ({state.where})", f"  doc: {state.doc}",
           f"  rules: {_rules_summary(digest, state.rules)}"]
    if state.timings:
        out.append(f"  timings fired on entry: {', '.join(state.timings)}")
    if state.actions:
        out.append(f"  do: {', '.join(state.actions)}")
    if state.invoke:
        out.append(f"  invokes machine: {state.invoke}")
    if state.decision:
        out.append(f"  decision: {state.decision.who} chooses among {', '.join(state.decision.kinds)}"
                   + (f" ({state.decision.doc})" if state.decision.doc else ""))
    if state.children:
        out.append(f"  states: {', '.join(state.children)} (initial {state.initial})")
    if state.final:
        out.append("  final: returns to the invoking machine")
    for t in state.transitions:
        out.append(f"  out: {_transition_text(t)}  ({t.where})")
    inside = {state.path} | {p for p in flow.all_states if p.startswith(state.path + ".")}
    for other in flow.all_states.values():
        for t in other.transitions:
            if t.dest in inside and other.path not in inside:
                out.append(f"  in:  from {other.path} {_transition_text(t)}  ({t.where})")
    if flow.initial == state.path:
        out.append(f"  in:  initial state of machine {flow.name}")
    out += [f"  in:  {line}" for line in invokers.get((flow.name, state.path), ())]
    return out


def _invokers(flowset) -> dict:
    """(machine, the state it starts at: its initial one or the invoker's `invoke_at`) -> how it gets started."""
    found: dict = {}
    for flow in flowset.flows.values():
        for state in flow.all_states.values():
            child = flowset.flows.get(state.invoke) if state.invoke else None
            if child is not None:
                found.setdefault((child.name, state.invoke_at or child.initial), []).append(
                    f"machine {child.name} starts here when {flow.name}.{state.path} invokes it")
    return found


def _uses(flowset, name: str) -> list[str]:
    out = []
    for flow in flowset.flows.values():
        for state in flow.all_states.values():
            if name in state.actions or (state.decision and (
                    name in state.decision.kinds or name == state.decision.who)):
                out.append(f"{flow.name}.{state.path} ({state.where})")
            for t in state.transitions:
                if name in t.conditions + t.unless + t.actions or name == t.trigger:
                    out.append(f"{flow.name}.{state.path} transition {_transition_text(t)} ({t.where})")
    return out


def explain(text: str, digest: Digest, flowset) -> list[str]:
    """Lines describing everything `text` names; empty when it names nothing."""
    invokers = _invokers(flowset)
    blocks = []
    rule = _rule_lines(digest, text)
    if rule:
        blocks.append(rule)
    for flow, state in _find_states(flowset, text):
        blocks.append(_state_lines(digest, flow, state, invokers))
    if text in flowset.flows:
        flow = flowset.flows[text]
        blocks.append([f"machine {flow.name}  ({flow.where})", f"  doc: {flow.doc}",
                       f"  rules: {_rules_summary(digest, flow.rules)}",
                       f"  states: {', '.join(flow.states)} (initial {flow.initial})"])
    here = flowset.parameters if text in flowset.parameters else None
    for section, entry in lookup(vocabulary() + ([parameters_section(builtin_defaults())] if here else []), text):
        lines = [f"{section.title[:-1]} {entry.name}: {entry.doc}"] + [f"  {p}" for p in entry.details]
        lines.append(f"  written in {section.where}")
        lines += [f"  {fact}" for fact in facts(entry, digest)]
        if here is not None and section.key == "parameters" and here[text] != entry.default:
            lines.append(f"  in these flows: {value_text(here[text])}")
        if entry.example:
            lines.append(f"  example: {entry.example}")
        lines += [f"  used in {u}" for u in _uses(flowset, text)]
        blocks.append(lines)
    if text in flowset.declared_timings():
        blocks.append([f"timing {text}: fired on entering these states; card AUTO abilities may listen to it"]
                      + [f"  {flow.name}.{state.path} ({state.where})" for flow in flowset.flows.values()
                         for state in flow.all_states.values() if text in state.timings])
    return [line for block in blocks for line in block + [""]][:-1] if blocks else []
