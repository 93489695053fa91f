"""What a flow diagram shows, decided once for every output format.

The flows are the rules' structure; a designer checks a turn by looking at a picture
of them, not at YAML or Python. This module turns a FlowSet into a layout-free model
(clusters, nodes, edges, in file order) that diagram_dot.py and diagram_mermaid.py
only print, so the DOT and Mermaid pictures can never disagree about what a state is,
who decides, or which condition guards an edge. Nothing here depends on memory
addresses, time or set order, so the same flows give the same model every time.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from ..machine.spec import FlowSet, FlowSpec, StateSpec

OVERVIEW = "overview"
WRAP = 46  # characters per label line: keeps nodes narrow enough to read at 100% zoom


@dataclass
class Node:
    id: str
    role: str                     # "state", "start" (initial pseudo state) or "any" (interrupt source)
    title: str
    lines: list = field(default_factory=list)   # (kind, text): kind in rules/timings/do/invoke/final/decides/kinds
    tooltip: str = ""
    decider: str | None = None    # who decides, for decision states
    final: bool = False
    invoke: str | None = None     # machine run by this state, when not drawn inside it
    keys: frozenset = frozenset()  # (machine, dotted path) pairs this node stands for
    highlighted: bool = False


@dataclass
class Cluster:
    id: str
    role: str                     # "phase" (compound state) or "invoke" (a state running another machine)
    title: str
    lines: list = field(default_factory=list)
    tooltip: str = ""
    items: list = field(default_factory=list)    # Node | Cluster
    keys: frozenset = frozenset()
    highlighted: bool = False


@dataclass
class Edge:
    src: str
    dst: str
    kind: str                     # "auto", "choice", "stay", "start" or "interrupt"
    label: list = field(default_factory=list)
    tooltip: str = ""
    decider: str | None = None
    ltail: str | None = None      # cluster id when the transition leaves a whole phase
    back: bool = False            # goes to a state listed earlier in the file: a loop
    src_keys: frozenset = frozenset()
    dst_keys: frozenset = frozenset()
    highlighted: bool = False


@dataclass
class Diagram:
    name: str                     # file stem: a machine name or "overview"
    title: str
    sources: tuple                # flow file names it is drawn from
    items: list
    edges: list

    def walk(self) -> list:
        """Every node and cluster, outermost first, in file order."""
        found, todo = [], list(self.items)
        while todo:
            item = todo.pop(0)
            found.append(item)
            if isinstance(item, Cluster):
                todo[:0] = item.items
        return found

    def nodes(self) -> list[Node]:
        return [item for item in self.walk() if isinstance(item, Node)]

    def cluster_roles(self) -> set[str]:
        return {item.role for item in self.walk() if isinstance(item, Cluster)}

    def deciders(self) -> list[str]:
        return sorted({n.decider for n in self.nodes() if n.decider})

    def line_kinds(self) -> set[str]:
        """The kinds of text lines its states show (the overview leaves out `do`)."""
        return {kind for node in self.nodes() for kind, _ in node.lines}


def state_parts(diagram: Diagram) -> str:
    """What the legend may promise a state shows: only what this diagram draws."""
    kinds = diagram.line_kinds()
    parts = ["its rule IDs"] + (["the timings it fires on entry (italic)"] if "timings" in kinds else [])
    if "do" in kinds:
        return ", ".join(parts + ["its actions"])
    return ", ".join(parts) + " (its actions: in its machine's own diagram)"


@dataclass(frozen=True)
class Highlight:
    """A state to mark (`machine.path`), and optionally the state the last move came from."""

    state: tuple
    came_from: tuple | None = None


def who(decider: str) -> str:
    return decider.replace("non_", "non-").replace("_", " ")


def _wrap(prefix: str, words) -> list[str]:
    return textwrap.wrap(prefix + ", ".join(words), WRAP, subsequent_indent="  ", break_on_hyphens=False)


def state_lines(state: StateSpec, invoke_shown: bool, returns: bool, actions: bool = True) -> list:
    """The text under a state's name: rules, timings fired on entry, actions, decision."""
    lines = [("rules", text) for text in _wrap("", state.rules)]
    lines += [("timings", text) for text in _wrap("fires: ", state.entry_timings)] if state.entry_timings else []
    steps = [s if isinstance(s, str) else s.label() for s in state.steps]
    lines += [("do", text) for text in _wrap("do: ", steps)] if steps and actions else []
    if state.decision and state.decision.after_each_choice and actions:
        lines += [("do", text) for text in _wrap("after each choice: ", state.decision.after_each_choice)]
    if state.invoke and not invoke_shown:
        lines.append(("invoke", f"runs machine: {state.invoke}" + (f" from {state.invoke_at}" if state.invoke_at else "")))
    if state.decision:
        lines.append(("decides", f"decides: {who(state.decision.who)}"))
        lines += [("kinds", text) for text in textwrap.wrap(" | ".join(state.decision.kinds), WRAP)]
        for kind, conditions in state.decision.offer_if:
            lines += [("kinds", text) for text in _wrap(f"{kind} only if: ", conditions)]
    if state.final:
        lines.append(("final", "final: returns to the caller" if returns else "final: the game ends"))
    return lines


@dataclass
class Guard:
    """What an edge says: the choices that take it (none: the game moves on its own),
    alternative condition lists (any one suffices), 'otherwise', and its actions."""

    choices: list
    alternatives: list
    otherwise: bool
    actions: tuple


def transition_guard(t, earlier: list) -> Guard:
    """`earlier`: the transitions listed before `t` on its state (the first match wins)."""
    conds = list(t.conditions) + [f"not {c}" for c in t.unless]
    otherwise = not conds and any(e.trigger == t.trigger and (e.conditions or e.unless) for e in earlier)
    return Guard([t.trigger] if t.trigger != "advance" else [], [conds] if conds else [], otherwise, t.actions)


def merged_guard(a: Guard, b: Guard) -> Guard | None:
    """One label for two consecutive transitions between the same states, if it stays exact."""
    if a.actions != b.actions or a.otherwise or b.otherwise:
        return None
    if not a.alternatives and not b.alternatives and a.choices and b.choices:
        return Guard(a.choices + b.choices, [], False, a.actions)
    if a.alternatives and b.alternatives and a.choices == b.choices:
        return Guard(a.choices, a.alternatives + b.alternatives, False, a.actions)
    return None


def guard_label(g: Guard, decision_state: bool, actions: bool = True) -> list[str]:
    """Edge text: the choice (or 'auto' when a decision state moves without asking),
    the conditions, the actions."""
    head = "choice: " + " | ".join(g.choices) if g.choices else ("auto" if decision_state else "")
    if g.otherwise:
        conds = ["otherwise"]
    elif len(g.alternatives) == 1:
        conds = [("if " if i == 0 else "and ") + c for i, c in enumerate(g.alternatives[0])]
    else:
        conds = [("if " if i == 0 else "or if ") + " and ".join(alt) for i, alt in enumerate(g.alternatives)]
    label = ([" ".join(x for x in (head, conds[0]) if x)] + conds[1:]) if conds else ([head] if head else [])
    if g.actions and actions:
        label += _wrap("do: ", g.actions)
    return label


def leaving_kinds(leaf: StateSpec) -> set[str]:
    """Decision kinds that take the game out of `leaf` (the others keep it there)."""
    return {t.trigger for node in [leaf, *leaf.ancestors()] for t in node.transitions if t.trigger != "advance"}


class _MachineView:
    """One machine drawn under an id prefix; with `expand`, invoked machines are drawn
    inside the invoking state and actions are left to the machines' own diagrams (the
    overview), else an invoking state names the machine it runs."""

    def __init__(self, flowset: FlowSet, flow: FlowSpec, prefix: str, expand: bool, seen: set,
                 drawn: set | None = None) -> None:
        self.flowset, self.flow, self.prefix, self.expand = flowset, flow, prefix, expand
        # machines already drawn inside an invoking state: a second state invoking one (the main
        # phase's attack resolution runs the battle machine too) names it instead
        self.drawn = set() if drawn is None else drawn
        self.returns = flow.name != flowset.root
        self.nested: dict[str, _MachineView] = {}
        self.edges: list[Edge] = []
        seen = seen | {flow.name}
        self.items = [self._item(s, seen) for s in flow.states.values()]
        for state in flow.all_states.values():
            self._transitions(state)
        for view in self.nested.values():
            self.edges += view.edges

    def _lines(self, state: StateSpec, invoke_shown: bool) -> list:
        return state_lines(state, invoke_shown, self.returns, actions=not self.expand)

    def node_id(self, state: StateSpec) -> str:
        return f"{self.prefix}.{state.path}"

    def key(self, state: StateSpec) -> tuple:
        return (self.flow.name, state.path)

    def _item(self, state: StateSpec, seen: set):
        keys = frozenset({self.key(state)})
        if state.is_compound:
            return Cluster(self.node_id(state), "phase", state.name, self._lines(state, False),
                           state.doc, [self._item(c, seen) for c in state.children.values()], keys)
        if state.invoke and self.expand and state.invoke not in seen and state.invoke not in self.drawn:
            self.drawn.add(state.invoke)
            view = _MachineView(self.flowset, self.flowset.flows[state.invoke], self.node_id(state), True, seen,
                                self.drawn)
            self.nested[state.path] = view
            return Cluster(self.node_id(state), "invoke", f"{state.name}: runs machine {state.invoke}",
                           self._lines(state, True), state.doc, view.items, keys)
        decider = state.decision.who if state.decision else None
        return Node(self.node_id(state), "state", state.name, self._lines(state, False), state.doc,
                    decider, state.final, state.invoke, keys)

    def entry(self, state: StateSpec | None) -> tuple[str, frozenset]:
        """The node a move into `state` (None: the machine's start) lands on, and what it stands for."""
        target = self.flow.all_states[self.flow.initial] if state is None else state
        leaf = self.flow.initial_leaf(target)
        keys = {self.key(target), self.key(leaf)}
        if leaf.path in self.nested:
            node, inner = self.nested[leaf.path].entry(None)
            return node, frozenset(keys) | inner
        return self.node_id(leaf), frozenset(keys)

    def exits(self, state: StateSpec) -> list[tuple[str, frozenset]]:
        """Nodes a move out of `state` starts from: its invoked machine's final states when drawn inside."""
        view = self.nested.get(state.path)
        if view is None:
            return [(self.node_id(state), frozenset({self.key(state)}))]
        finals = [s for s in view.flow.leaves() if s.final]
        return [(node, keys | {self.key(state)}) for f in finals for node, keys in view.exits(f)]

    def _transitions(self, state: StateSpec) -> None:
        decider = state.decision.who if state.decision else None
        if state.is_compound:
            source = self.flow.initial_leaf(state)
            sources = [(node, keys | {self.key(state)}) for node, keys in self.exits(source)][:1]
            ltail = self.node_id(state)
        else:
            sources, ltail = self.exits(state), None
        previous = None  # (destination node, guard, edges) of the transition listed before
        order = list(self.flow.all_states)
        for i, t in enumerate(state.transitions):
            dst, dst_keys = self.entry(self.flow.all_states[t.dest])
            guard = transition_guard(t, state.transitions[:i])
            merged = merged_guard(previous[1], guard) if previous and previous[0] == dst else None
            label = guard_label(merged or guard, decider is not None, actions=not self.expand)
            if merged:
                for edge in previous[2]:
                    edge.label, edge.dst_keys = label, edge.dst_keys | dst_keys
                    edge.tooltip = "; ".join(doc for doc in (edge.tooltip, t.doc) if doc)
                previous = (dst, merged, previous[2])
                continue
            kind = "auto" if t.trigger == "advance" else "choice"
            back = order.index(t.dest) < order.index(state.path)  # to a state listed earlier: a loop
            edges = [Edge(src, dst, kind, label, t.doc, decider if kind == "choice" else None, ltail,
                          back=back and src != dst, src_keys=src_keys, dst_keys=dst_keys) for src, src_keys in sources]
            self.edges += edges
            previous = (dst, guard, edges)
        if state.decision and not state.is_compound:
            staying = [k for k in state.decision.kinds if k not in leaving_kinds(state)]
            if staying:
                node = self.node_id(state)
                keys = frozenset({self.key(state)})
                self.edges.append(Edge(node, node, "stay", _wrap("stays: ", staying), "these choices keep the state",
                                       decider, src_keys=keys, dst_keys=keys))


def machine_order(flowset: FlowSet) -> list[str]:
    """The root machine, then the machines it invokes depth first, then any others by name."""
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name not in flowset.flows:
            return
        order.append(name)
        for state in flowset.flows[name].all_states.values():
            if state.invoke:
                visit(state.invoke)

    visit(flowset.root)
    return order + sorted(set(flowset.flows) - set(order))


def _diagram(flowset: FlowSet, flow: FlowSpec, name: str, title: str, expand: bool) -> Diagram:
    view = _MachineView(flowset, flow, flow.name, expand, set())
    start = Node(f"{flow.name}._start", "start", "start")
    node, keys = view.entry(None)
    edges = [Edge(start.id, node, "start", [], "the machine starts here", dst_keys=keys)]
    items = [start]
    if flow.interrupts:
        anywhere = Node(f"{flow.name}._any", "any", "any state", [("rules", "of any running machine")])
        items.append(anywhere)
        for itr in flow.interrupts:
            node, keys = view.entry(flow.all_states[itr.dest])
            edges.append(Edge(anywhere.id, node, "interrupt", [f"on {itr.trigger}"], itr.doc, dst_keys=keys))
    sources = tuple([flow.path] + [v.flow.path for v in _all_nested(view)])
    return Diagram(name, title, tuple(sorted({s.rsplit("/", 1)[-1] for s in sources})),
                   items + view.items, edges + view.edges)


def _all_nested(view: _MachineView) -> list[_MachineView]:
    return [w for v in view.nested.values() for w in [v, *_all_nested(v)]]


def _mark(diagram: Diagram, highlight: Highlight | None) -> Diagram:
    if highlight is None:
        return diagram
    for item in diagram.walk():
        item.highlighted = highlight.state in item.keys
    for edge in diagram.edges:
        edge.highlighted = (highlight.came_from is not None and highlight.came_from in edge.src_keys
                            and highlight.state in edge.dst_keys)
    return diagram


def build_diagram(flowset: FlowSet, name: str, highlight: Highlight | None = None) -> Diagram:
    """The diagram of one machine, or of the whole game when `name` is "overview"."""
    if name == OVERVIEW:
        root = flowset.flows[flowset.root]
        title = f"The whole game: {root.name} with every machine it runs drawn inside the state running it"
        return _mark(_diagram(flowset, root, OVERVIEW, title, True), highlight)
    flow = flowset.flows[name]
    return _mark(_diagram(flowset, flow, name, f"{flow.name}: {flow.doc}", False), highlight)


def diagram_names(flowset: FlowSet) -> list[str]:
    if OVERVIEW in flowset.flows:
        raise ValueError(f"a machine may not be called {OVERVIEW!r}: that name is the overview diagram's")
    return [OVERVIEW] + machine_order(flowset)


def parse_highlight(flowset: FlowSet, state: str, came_from: str | None = None) -> Highlight:
    """`machine.dotted.path` names -> Highlight; ValueError naming the choices when unknown."""
    def key(text: str) -> tuple:
        machine, _, path = text.partition(".")
        flow = flowset.flows.get(machine)
        if flow is None:
            raise ValueError(f"unknown machine in {text!r}: write machine.state, machine one of "
                             f"{', '.join(flowset.flows)}")
        if path not in flow.all_states:
            raise ValueError(f"unknown state {text!r}: {machine}'s states are {', '.join(flow.all_states)}")
        return (machine, path)
    return Highlight(key(state), key(came_from) if came_from else None)
