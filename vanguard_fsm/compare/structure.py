"""What a rule change changed in the rules' structure: the diff of two flow sets.

A designer edits flows (or writes a variant) and wants the list of what is now
different before playing a single game: machines, states, transitions, timings,
decisions, actions and parameters added, removed or changed. Two loaded
`FlowSet`s are compared by name (machine, dotted state path, parameter key);
transitions, which have no name, are matched per source state: identical ones
first, then those that agree on how they are taken (choice, `if`, `unless`) — a
transition that only got a new target or new actions is "changed", not one
removed plus one added.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..machine.spec import FlowSet, FlowSpec, StateSpec, TransitionSpec

ADDED, REMOVED, CHANGED = "added", "removed", "changed"
SIGN = {ADDED: "+", REMOVED: "-", CHANGED: "~"}


@dataclass(frozen=True)
class Change:
    change: str                 # added | removed | changed
    what: str                   # machine | state | transition | timing | decision | action | interrupt | parameter
    machine: str                # the machine, '' for parameters
    path: str                   # dotted state path, transition 'source -choice-> dest', parameter key
    before: object = None
    after: object = None
    where: str = ""             # file:line:col of the element (in B, or in A when removed)
    detail: str = ""

    def line(self) -> str:
        subject = f"{self.machine}.{self.path}" if self.machine else self.path
        text = f"{SIGN[self.change]} {self.what} {subject}"
        if self.change == CHANGED and self.what == "transition":
            pass                                    # the detail says what moved
        elif self.change == CHANGED:
            text += f": {_show(self.before)} -> {_show(self.after)}"
        elif self.change == ADDED and self.after not in (None, ""):
            text += f": {_show(self.after)}"
        elif self.change == REMOVED and self.before not in (None, ""):
            text += f": was {_show(self.before)}"
        if self.detail:
            text += f" ({self.detail})"
        return text + (f"  [{self.where}]" if self.where else "")

    def as_json(self) -> dict:
        return {k: v for k, v in asdict(self).items()}


def _show(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


@dataclass
class StructuralDiff:
    a: str
    b: str
    changes: list = field(default_factory=list)

    def counts(self) -> dict:
        out: dict = {}
        for c in self.changes:
            out.setdefault(c.what, {ADDED: 0, REMOVED: 0, CHANGED: 0})[c.change] += 1
        return out

    def text(self) -> str:
        if not self.changes:
            return f"{self.a} and {self.b}: the same rules (no structural difference)"
        lines = [f"{self.a} -> {self.b}: {len(self.changes)} change(s)"]
        lines += ["  " + c.line() for c in self.changes]
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {"a": self.a, "b": self.b, "count": len(self.changes), "by_kind": self.counts(),
                "changes": [c.as_json() for c in self.changes]}


def _where(obj) -> str:
    return str(obj.where) if getattr(obj, "where", None) else ""


def transition_label(t: TransitionSpec) -> str:
    how = t.trigger if t.trigger != "advance" else "auto"
    guard = (f" if {' and '.join(t.conditions)}" if t.conditions else "") + \
        (f" unless {' or '.join(t.unless)}" if t.unless else "")
    return f"{t.source} -{how}{guard}-> {t.dest or t.to}"


def _state_fields(s: StateSpec) -> dict:
    return {"doc": s.doc, "rules": list(s.rules), "invoke": s.invoke, "final": s.final, "initial": s.initial}


def _diff_state(machine: str, a: StateSpec, b: StateSpec, out: list) -> None:
    fa, fb = _state_fields(a), _state_fields(b)
    changed = [k for k in fa if fa[k] != fb[k]]
    for key in changed:
        out.append(Change(CHANGED, "state", machine, f"{b.path}.{key}" if key != "doc" else f"{b.path} doc",
                          fa[key], fb[key], _where(b)))
    for timing in [t for t in b.timings if t not in a.timings]:
        out.append(Change(ADDED, "timing", machine, b.path, None, timing, _where(b)))
    for timing in [t for t in a.timings if t not in b.timings]:
        out.append(Change(REMOVED, "timing", machine, b.path, timing, None, _where(b)))
    if a.actions != b.actions:
        out.append(Change(CHANGED, "action", machine, f"{b.path} do", list(a.actions), list(b.actions), _where(b)))
    da = (a.decision.who, list(a.decision.kinds), a.decision.offer_if) if a.decision else None
    db = (b.decision.who, list(b.decision.kinds), b.decision.offer_if) if b.decision else None
    if da != db:
        kind = ADDED if da is None else REMOVED if db is None else CHANGED
        show = lambda d: None if d is None else f"{d[0]} chooses {' | '.join(d[1])}" + "".join(  # noqa: E731
            f"; {k} only if {', '.join(c)}" for k, c in d[2])
        out.append(Change(kind, "decision", machine, b.path, show(da), show(db), _where(b)))


def _how(t: TransitionSpec) -> tuple:
    return (t.trigger, t.conditions, t.unless)


def _full(t: TransitionSpec) -> tuple:
    return (t.trigger, t.conditions, t.unless, t.dest or t.to, t.actions)


def _diff_transitions(machine: str, source: str, ta: list, tb: list, out: list) -> None:
    left, right = list(ta), list(tb)
    for t in list(right):                      # identical: no change
        match = next((u for u in left if _full(u) == _full(t)), None)
        if match is not None:
            left.remove(match)
            right.remove(t)
    for t in list(right):                      # same way of being taken: changed target or actions
        match = next((u for u in left if _how(u) == _how(t)), None)
        if match is None:
            continue
        left.remove(match)
        right.remove(t)
        parts = []
        if (match.dest or match.to) != (t.dest or t.to):
            parts.append(f"to {match.dest or match.to} -> {t.dest or t.to}")
        if match.actions != t.actions:
            parts.append(f"do [{', '.join(match.actions)}] -> [{', '.join(t.actions)}]")
        out.append(Change(CHANGED, "transition", machine, transition_label(t), transition_label(match),
                          transition_label(t), _where(t), "; ".join(parts)))
    for t in right:
        out.append(Change(ADDED, "transition", machine, transition_label(t), None, None, _where(t)))
    for t in left:
        out.append(Change(REMOVED, "transition", machine, transition_label(t), None, None, _where(t)))


def _diff_flow(a: FlowSpec, b: FlowSpec, out: list) -> None:
    m = b.name
    if a.initial != b.initial:
        out.append(Change(CHANGED, "state", m, "initial", a.initial, b.initial, _where(b)))
    for path, state in b.all_states.items():
        if path not in a.all_states:
            summary = ", ".join(filter(None, [f"timings {list(state.timings)}" if state.timings else "",
                                              f"do {list(state.actions)}" if state.actions else "",
                                              f"decides {' | '.join(state.decision.kinds)}" if state.decision else ""]))
            out.append(Change(ADDED, "state", m, path, None, None, _where(state), summary))
    for path, state in a.all_states.items():
        if path not in b.all_states:
            out.append(Change(REMOVED, "state", m, path, None, None, _where(state)))
    for path, state in b.all_states.items():
        if path in a.all_states:
            _diff_state(m, a.all_states[path], state, out)
    sources = list(dict.fromkeys([*a.all_states, *b.all_states]))
    for source in sources:
        ta = a.all_states[source].transitions if source in a.all_states else []
        tb = b.all_states[source].transitions if source in b.all_states else []
        _diff_transitions(m, source, ta, tb, out)
    ia = {(i.trigger, i.dest or i.to) for i in a.interrupts}
    ib = {(i.trigger, i.dest or i.to) for i in b.interrupts}
    for trig, dest in sorted(ib - ia):
        out.append(Change(ADDED, "interrupt", m, f"on {trig} -> {dest}"))
    for trig, dest in sorted(ia - ib):
        out.append(Change(REMOVED, "interrupt", m, f"on {trig} -> {dest}"))


def flatten(params: dict, prefix: str = "") -> dict:
    """{'damage_to_lose.standard': 6, ...}: nested parameters as dotted keys."""
    out = {}
    for key, value in params.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out.update(flatten(value, name + "."))
        else:
            out[name] = value
    return out


def diff_flowsets(a: FlowSet, b: FlowSet, name_a: str = "A", name_b: str = "B") -> StructuralDiff:
    """Every structural difference from `a` to `b`, machines in B's order then A's removed ones."""
    out: list[Change] = []
    for name, flow in b.flows.items():
        if name not in a.flows:
            out.append(Change(ADDED, "machine", name, "", None, None, _where(flow),
                              f"{len(flow.all_states)} states"))
        else:
            _diff_flow(a.flows[name], flow, out)
    for name, flow in a.flows.items():
        if name not in b.flows:
            out.append(Change(REMOVED, "machine", name, "", None, None, _where(flow)))
    pa, pb = flatten(a.parameters), flatten(b.parameters)
    for key in list(dict.fromkeys([*pb, *pa])):
        if key not in pa:
            out.append(Change(ADDED, "parameter", "", key, None, pb[key]))
        elif key not in pb:
            out.append(Change(REMOVED, "parameter", "", key, pa[key], None))
        elif pa[key] != pb[key]:
            out.append(Change(CHANGED, "parameter", "", key, pa[key], pb[key]))
    return StructuralDiff(name_a, name_b, out)
