"""Lint: every registered name is used where the context it needs holds.

Names declare contexts in the registry (`Section.declare`: needs, gives, ends;
the game layer says which, e.g. `compare_power` needs `attack`, the `attack`
choice gives it, `end_battle` ends it). This module follows every path through
the flows, as the runner would run them (transition actions, then the `do` of
each state entered, outermost first; an invoked machine starts with the facts of
the state that invokes it and returns with those of its final states), and keeps
for each state the contexts that hold on *every* path to it. A condition may give a
context where it is known to hold: on a transition it guards (`if`), and on the
transitions after one guarded by it alone (`unless: [c]`) that did not fire. A name written where
one of its contexts may be missing is reported at its `file:line:col`; for a
decision kind this means the choice can never (or not always) be legal there.
"""
from __future__ import annotations

from .builder import _entered
from .registry import Registry
from .spec import FlowSpec

TOP = None      # not reached yet: the identity of the intersection


def _meet(old, new):
    return new if old is TOP else old & new


class _Flow:
    """The fixpoint over all machines: facts after each leaf's entry plan."""

    def __init__(self, flows: dict, root: str, registry: Registry) -> None:
        self.flows, self.root, self.reg = flows, root, registry
        self.at: dict = {}          # (flow, leaf path) -> frozenset | TOP
        self.entry: dict = {root: frozenset()}
        self.returns: dict = {}
        self.report = None          # set in the checking pass: fn(flow, key, section, name, facts)

    def apply(self, section, names, facts, flow=None, key=()):
        for i, name in enumerate(names):
            if self.report is not None:
                self.report(flow, key + (i,), section, name, facts)
            facts = (facts - set(section.ends(name))) | set(section.gives(name))
        return frozenset(facts)

    def enter(self, flow: FlowSpec, source, target, facts):
        for state in _entered(flow, source, target):
            facts = self.apply(self.reg.actions, state.actions, facts, flow, state.key + ("do",))
        return facts

    def land(self, flow: FlowSpec, target, facts) -> bool:
        leaf = flow.initial_leaf(target).path
        new = _meet(self.at.get((flow.name, leaf)), facts)
        changed = new != self.at.get((flow.name, leaf))
        self.at[(flow.name, leaf)] = new
        return changed

    def sweep(self) -> bool:
        changed = False
        for flow in self.flows.values():
            entry = self.entry.get(flow.name)
            if entry is not TOP:
                changed |= self.land(flow, flow.all_states[flow.initial],
                                     self.enter(flow, None, flow.all_states[flow.initial], entry))
            for (name, at), facts in [(k, v) for k, v in self.entry.items() if isinstance(k, tuple)]:
                if name == flow.name and facts is not TOP and at in flow.all_states:   # `invoke_at`
                    target = flow.all_states[at]
                    changed |= self.land(flow, target, self.enter(flow, None, target, facts))
            for itr in flow.interrupts:
                if itr.dest:
                    target = flow.all_states[itr.dest]
                    changed |= self.land(flow, target, self.enter(flow, None, target, frozenset()))
            for leaf in flow.leaves():
                changed |= self.leave(flow, leaf)
        return changed

    def leave(self, flow: FlowSpec, leaf) -> bool:
        facts = self.at.get((flow.name, leaf.path))
        if facts is TOP:
            return False
        changed = False
        if leaf.invoke and leaf.invoke in self.flows:
            key = leaf.invoke if leaf.invoke_at is None else (leaf.invoke, leaf.invoke_at)
            old = self.entry.get(key)
            self.entry[key] = _meet(old, facts)
            changed |= self.entry[key] != old
            facts = self.returns.get(leaf.invoke)
            if facts is TOP:
                return changed
        if leaf.final:
            old = self.returns.get(flow.name)
            self.returns[flow.name] = _meet(old, facts)
            changed |= self.returns[flow.name] != old
        if leaf.decision and self.report is not None:
            for i, kind in enumerate(leaf.decision.kinds):
                self.report(flow, leaf.key + ("decision", "kinds", i), self.reg.choices, kind, facts)
        passed = set()      # what the guards passed over say: `unless: [c]` alone did not fire, so c holds
        for node in [leaf, *leaf.ancestors()[::-1]]:
            for t in node.transitions:
                start = facts | passed
                if t.trigger != "advance":      # the chosen action has been applied
                    choices = self.reg.choices
                    start = frozenset((start - set(choices.ends(t.trigger))) | set(choices.gives(t.trigger)))
                elif t.unless and len(t.unless) == 1 and not t.conditions:
                    passed |= set(self.reg.conditions.gives(t.unless[0]))
                if not t.dest:
                    continue
                self.apply(self.reg.conditions, t.conditions, start, flow, t.key + ("if",))
                self.apply(self.reg.conditions, t.unless, start, flow, t.key + ("unless",))
                start |= {c for name in t.conditions for c in self.reg.conditions.gives(name)}   # they hold here
                after = self.apply(self.reg.actions, t.actions, frozenset(start), flow, t.key + ("do",))
                target = flow.all_states[t.dest]
                changed |= self.land(flow, target, self.enter(flow, leaf, target, after))
        return changed


def context_problems(flows: dict, root: str, registry: Registry):
    """Yield (flow, key path, message) for each name used where a context it needs may be missing."""
    run = _Flow(flows, root, registry)
    for _ in range(200):
        if not run.sweep():
            break
    seen: dict = {}

    def report(flow, key, section, name, facts):
        missing = [c for c in section.needs(name) if c not in facts]
        if missing and (flow.name, key) not in seen:
            seen[(flow.name, key)] = _message(registry, section, name, missing)
    run.report = report
    run.sweep()
    for (flow_name, key), message in seen.items():
        yield flows[flow_name], key, message


def _message(registry: Registry, section, name: str, missing: list) -> str:
    parts = []
    for ctx in missing:
        sections = [registry.actions, registry.conditions, registry.choices]
        givers = [n for s in sections for n in s.names() if ctx in s.gives(n)]
        enders = [n for s in sections for n in s.names() if ctx in s.ends(n)]
        parts.append(f"'{ctx}' ({registry.contexts.get(ctx, ctx)}; started by {', '.join(givers) or '-'}, "
                     f"ended by {', '.join(enders) or '-'})")
    what = "it can never be legal here, or not on every path: " if section is registry.choices else ""
    return (f"{section.kind} {name!r} needs context {' and '.join(parts)}, which does not hold on every path "
            f"to here; {what}move it where that context holds (see `vanguard-fsm explain {name}`)")
