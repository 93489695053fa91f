"""Read a flows directory into a FlowSet, or say precisely what is wrong with it.

Every problem is a `SourceError` (file:line:col: message). `lint_flows` collects
them all; `load_flowset` raises `FlowError` carrying the list when there is any.
The checks: YAML syntax, schema, duplicate keys, unknown targets, unregistered
condition / action / decision-kind / decider names (dotted names are refused, never
imported), invoked machines that do not exist or never finish, unreachable states,
dead ends, and decision states whose choices lead nowhere.
"""
from __future__ import annotations

import difflib
from pathlib import Path

from ..paths import builtin_flows_dir, resolve_flows
from .contexts import context_problems
from .cycles import hanging_loops, still_loops
from .obligations import open_work_problems
from .overlay import VARIANT_FILE, collect
from .parameters_file import PARAMETERS_FILE, read_parameters
from .registry import REGISTRY, Registry
from .schema import schema_errors
from .spec import DecisionSpec, FlowSet, FlowSpec, InterruptSpec, StateSpec, TimingStep, TransitionSpec, Where
from .yamlsrc import Document, SourceError, load

class FlowError(Exception):
    """Raised when a flows directory does not pass lint; `.problems` lists each one."""

    def __init__(self, problems: list[SourceError]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def _where(doc: Document, key_path) -> Where:
    return Where(*doc.locate(key_path))


def _build_states(doc: Document, raw: dict, key_path: tuple, parent: StateSpec | None,
                  flow: FlowSpec) -> dict:
    states = {}
    for name, body in raw.items():
        path = name if parent is None else f"{parent.path}.{name}"
        here = key_path + (name,)
        decision = None
        if "decision" in body:
            d = body["decision"]
            decision = DecisionSpec(d["who"], tuple(d["kinds"]), d.get("doc", ""),
                                    tuple(d.get("after_each_choice", ())),
                                    tuple((k, tuple(v)) for k, v in (d.get("offer_if") or {}).items()))
        steps = tuple(item if isinstance(item, str) else TimingStep(item["timing"], bool(item.get("first_entry")))
                      for item in body.get("do", ()))
        entry = tuple(body.get("timings", ()))
        state = StateSpec(
            name=name, path=path, doc=body["doc"], rules=tuple(str(r) for r in body["rules"]),
            timings=entry + tuple(s.name for s in steps if isinstance(s, TimingStep)),
            actions=tuple(s for s in steps if isinstance(s, str)), entry_timings=entry, steps=steps,
            invoke=body.get("invoke"), invoke_at=body.get("invoke_at"), final=bool(body.get("final", False)), decision=decision,
            initial=body.get("initial"), parent=parent, where=_where(doc, here + ("__key__",)), key=here,
        )
        flow.all_states[path] = state
        if "states" in body:
            state.children = _build_states(doc, body["states"], here + ("states",), state, flow)
        for i, t in enumerate(body.get("transitions", ())):
            state.transitions.append(TransitionSpec(
                source=path, to=t["to"], trigger=t.get("choice", "advance"),
                conditions=tuple(t.get("if", ())), unless=tuple(t.get("unless", ())),
                actions=tuple(t.get("do", ())), doc=t.get("doc", ""),
                where=_where(doc, here + ("transitions", i)), key=here + ("transitions", i),
            ))
        states[name] = state
    return states


def _resolve(flow: FlowSpec, scope: StateSpec | None, target: str) -> str | None:
    """Resolve a target name: a dotted path from the machine root, else the nearest
    state of that name among the siblings of `scope`, then its ancestors' siblings."""
    if target in flow.all_states and "." in target:
        return target
    node = scope
    while True:
        siblings = flow.states if node is None or node.parent is None else node.parent.children
        if target in siblings:
            return siblings[target].path
        if node is None or node.parent is None:
            return target if target in flow.all_states else None
        node = node.parent


def _state_names(flow: FlowSpec) -> list[str]:
    return sorted(set(flow.all_states) | {s.name for s in flow.all_states.values()})


def _did_you_mean(name: str, known) -> str:
    close = difflib.get_close_matches(str(name), list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Linter:
    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.problems: list[SourceError] = []
        self.warnings: list[SourceError] = []      # deprecated names and retired parameters (renamed.py)
        self.docs: dict[str, Document] = {}

    def at(self, where: Where, key: tuple) -> Where:
        """The position of `key` in the file `where` points into (falls back to `where`)."""
        doc = self.docs.get(where.path) if where else None
        return _where(doc, key) if doc is not None else where

    def add(self, where: Where | None, message: str) -> None:
        w = where or Where("?", 1, 1)
        self.problems.append(SourceError(w.path, w.line, w.col, message))

    def warn(self, where: Where, message: str) -> None:
        self.warnings.append(SourceError(where.path, where.line, where.col, "warning: " + message))

    def check_names(self, where: Where, section, names, key: tuple = ()) -> None:
        for i, name in enumerate(names):
            if name not in section:
                self.add(self.at(where, key + (i,)) if key else where, section.unknown_message(name))
            elif section.deprecation_message(name):
                self.warn(self.at(where, key + (i,)) if key else where, section.deprecation_message(name))

    def check_flow(self, flow: FlowSpec, flow_names: set[str]) -> None:
        reg = self.registry
        if flow.initial not in flow.states:
            self.add(self.at(flow.where, ("initial",)), f"initial state {flow.initial!r} is not a top-level state of "
                     f"{flow.name!r}{_did_you_mean(flow.initial, flow.states)} (states: {', '.join(flow.states)})")
        unresolved = False
        for state in flow.all_states.values():
            w = state.where
            for i, step in enumerate(state.steps):
                if isinstance(step, str) and step not in reg.actions:
                    self.add(self.at(w, state.key + ("do", i)), reg.actions.unknown_message(step))
                elif isinstance(step, str) and reg.actions.deprecation_message(step):
                    self.warn(self.at(w, state.key + ("do", i)), reg.actions.deprecation_message(step))
            if state.is_compound:
                if state.initial not in state.children:
                    unresolved = True     # the loop check below follows initial states
                    self.add(w, f"compound state {state.path!r} needs 'initial' naming one of its states "
                                f"({', '.join(state.children)})")
                for bad in ("decision", "invoke", "final"):
                    if getattr(state, bad) not in (None, False):
                        self.add(w, f"compound state {state.path!r} cannot have '{bad}'; put it on a child state")
            elif state.initial is not None:
                self.add(w, f"state {state.path!r} has 'initial' but no 'states'")
            if state.invoke is not None and state.invoke not in flow_names:
                self.add(self.at(w, state.key + ("invoke",)), f"state {state.path!r} invokes unknown machine {state.invoke!r} "
                            f"(machines: {', '.join(sorted(flow_names))})")
            if state.invoke_at is not None and state.invoke is None:
                self.add(self.at(w, state.key + ("invoke_at",)), f"state {state.path!r} has 'invoke_at' but no 'invoke'")
            if state.invoke and state.decision:
                self.add(w, f"state {state.path!r} cannot both invoke a machine and wait for a decision")
            if state.decision:
                self.check_names(self.at(w, state.key + ("decision", "who")), reg.deciders, (state.decision.who,))
                self.check_names(w, reg.choices, state.decision.kinds, state.key + ("decision", "kinds"))
                self.check_names(w, reg.actions, state.decision.after_each_choice,
                                 state.key + ("decision", "after_each_choice"))
                for kind, conditions in state.decision.offer_if:
                    if kind not in state.decision.kinds:
                        self.add(self.at(w, state.key + ("decision", "offer_if", kind, "__key__")),
                                 f"offer_if names {kind!r}, not one of the decision kinds of {state.path!r} "
                                 f"({', '.join(state.decision.kinds)})")
                    self.check_names(w, reg.conditions, conditions, state.key + ("decision", "offer_if", kind))
            if state.final and state.transitions:
                self.add(w, f"final state {state.path!r} cannot have transitions")
            for t in state.transitions:
                dest = _resolve(flow, state, t.to)
                if dest is None:
                    unresolved = True
                    self.add(self.at(t.where, t.key + ("to",)),
                             f"transition from {state.path!r} goes to unknown state {t.to!r}"
                             f"{_did_you_mean(t.to, _state_names(flow))}")
                else:
                    t.dest = dest
                self.check_names(t.where, reg.conditions, t.conditions, t.key + ("if",))
                self.check_names(t.where, reg.conditions, t.unless, t.key + ("unless",))
                self.check_names(t.where, reg.actions, t.actions, t.key + ("do",))
                if state.decision is None and t.trigger != "advance":
                    self.add(t.where, f"'choice: {t.trigger}' needs a decision state; {state.path!r} decides nothing "
                                      f"(remove 'choice' or add a decision)")
                elif state.decision is not None and t.trigger not in state.decision.kinds + ("advance",):
                    self.add(t.where, f"'choice: {t.trigger}' is not one of the decision kinds of {state.path!r} "
                                      f"({', '.join(state.decision.kinds)})")
        for itr in flow.interrupts:
            if itr.trigger not in reg.interrupts:
                self.add(itr.where, reg.interrupts.unknown_message(itr.trigger)
                         + " (the engine raises only the interrupts it registers)")
            dest = _resolve(flow, None, itr.to)
            if dest is None:
                unresolved = True
                self.add(itr.where, f"interrupt {itr.trigger!r} goes to unknown state {itr.to!r}"
                                    f"{_did_you_mean(itr.to, _state_names(flow))}")
            else:
                itr.dest = dest
        self.check_exits(flow)
        if unresolved:          # one typo in a target is one error, not one per state it cuts off
            return
        self.check_reachable(flow)
        for loop in hanging_loops(flow):
            names = " -> ".join(state.path for state in loop)
            self.add(loop[0].where, f"states {names} move only among themselves, with no decision, no invoked "
                                    f"machine and no transition out: the game would loop forever here "
                                    f"(add a decision or a transition that leaves)")
        for loop in still_loops(flow):
            names = " -> ".join(state.path for state in loop)
            self.add(loop[0].where, f"states {names} loop with no decision and change "
                                    f"nothing on the way round (no action, no timing): the guards of their ways out "
                                    f"read the same game on every pass, so if none holds on entry the game loops "
                                    f"forever (add an action that changes what they read, or a decision)")

    def check_exits(self, flow: FlowSpec) -> None:
        for leaf in flow.leaves():
            if leaf.final:
                continue
            outs = [t for node in [leaf, *leaf.ancestors()] for t in node.transitions]
            if not outs:
                self.add(leaf.where, f"state {leaf.path!r} is a dead end: add a transition or 'final: true'")
            elif leaf.decision and not any(t.trigger in leaf.decision.kinds for t in outs):
                self.add(leaf.where, f"decision state {leaf.path!r} has no transition with a 'choice' of its kinds; "
                                     f"the game could never leave it")

    def check_reachable(self, flow: FlowSpec) -> None:
        if flow.initial not in flow.states:
            return
        seen: set[str] = set()
        todo = [flow.all_states[flow.initial]] + [flow.all_states[i.dest] for i in flow.interrupts if i.dest]
        while todo:
            state = todo.pop()
            if state.path in seen:
                continue
            seen.add(state.path)
            for node in state.ancestors():
                seen.add(node.path)
            if state.is_compound:
                if state.initial in state.children:
                    todo.append(state.children[state.initial])
                continue
            for node in [state, *state.ancestors()]:
                todo.extend(flow.all_states[t.dest] for t in node.transitions if t.dest)
        for state in flow.all_states.values():
            if state.path not in seen:
                self.add(state.where, f"state {state.path!r} is unreachable from {flow.initial!r}")

    def check_machines(self, flows: dict[str, FlowSpec]) -> str | None:
        invoked = {s.invoke: s for f in flows.values() for s in f.all_states.values() if s.invoke}
        roots = [f for f in flows.values() if f.name not in invoked]
        if len(roots) != 1:
            where = roots[1].where if len(roots) > 1 else None
            names = ", ".join(f.name for f in roots) or "none"
            self.add(where, f"exactly one machine must be invoked by no other (the game); found: {names}")
        for f in flows.values():
            for s in f.all_states.values():
                if s.invoke_at is not None and s.invoke in flows and s.invoke_at not in flows[s.invoke].all_states:
                    self.add(s.where, f"state {s.path!r} starts machine {s.invoke!r} at {s.invoke_at!r}, which is not "
                                      f"one of its states ({', '.join(flows[s.invoke].all_states)})")
            if f.name in invoked and not any(s.final for s in f.all_states.values()):
                self.add(f.where, f"machine {f.name!r} is invoked but has no final state to return from")
            if f.interrupts and f.name in invoked:
                self.add(f.interrupts[0].where, f"only the root machine may declare interrupts ({f.name!r} is invoked)")
        if len(roots) == 1:
            declared = {itr.trigger for itr in roots[0].interrupts}
            for name in self.registry.interrupts.names():
                if name not in declared:
                    self.add(roots[0].where, f"the root machine {roots[0].name!r} must say where interrupt {name!r} "
                                             f"goes ({self.registry.interrupts.doc(name)}): add "
                                             f"'interrupts: [{{event: {name}, to: <state>}}]'")
        # cycles of invocation would recurse forever
        graph = {f.name: {s.invoke for s in f.all_states.values() if s.invoke} for f in flows.values()}
        for start in graph:
            stack, seen = [start], set()
            while stack:
                for nxt in graph.get(stack.pop(), ()):
                    if nxt == start:
                        self.add(flows[start].where, f"machine {start!r} invokes itself (through {sorted(seen) or 'itself'})")
                        stack = []
                        break
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
        return roots[0].name if len(roots) == 1 else None


def _parse_flow(doc: Document, linter: _Linter) -> FlowSpec | None:
    for key_path, line, col in doc.duplicates:
        linter.problems.append(SourceError(doc.path, line, col, f"duplicate name {key_path[-1]!r}: "
                                           f"a later entry would silently replace the earlier one"))
    bad = False
    for key_path, message in schema_errors(doc.data, doc=doc):
        linter.problems.append(SourceError(*doc.locate(key_path), message))
        bad = True
    if bad:
        return None
    data = doc.data
    stem = Path(doc.path).stem
    if data["machine"] != stem:
        linter.add(_where(doc, ("machine",)), f"machine name {data['machine']!r} must match the file name {stem!r}")
    flow = FlowSpec(name=data["machine"], path=doc.path, doc=data["doc"],
                    rules=tuple(str(r) for r in data["rules"]), initial=data["initial"], states={},
                    where=_where(doc, ("machine",)))
    flow.states = _build_states(doc, data["states"], ("states",), None, flow)
    for i, itr in enumerate(data.get("interrupts", ())):
        flow.interrupts.append(InterruptSpec(itr["event"], itr["to"], doc=itr.get("doc", ""),
                                             where=_where(doc, ("interrupts", i))))
    return flow


def _flow_files(directory: Path, exclude=()) -> tuple[dict, list[SourceError]]:
    """The flow documents of one directory (not parameters.yaml), by file stem."""
    docs, problems = {}, []
    for path in sorted(p for p in directory.glob("*.yaml") if p.name not in (PARAMETERS_FILE, VARIANT_FILE, *exclude)):
        try:
            docs[path.stem] = load(path)
        except SourceError as exc:
            problems.append(exc)
    return docs, problems


def flow_documents(directory: str | Path) -> tuple[dict, Document | None]:
    """(flow documents by file stem, parameters document) of a flows directory, a variant's
    merged (its positions point into the file each part comes from); for checks of the raw text."""
    docs, params_doc, _problems, _extra = collect(resolve_flows(directory), _flow_files,
                                                  builtin_flows_dir() / PARAMETERS_FILE)
    return docs, params_doc


def _read(directory: Path, registry: Registry) -> tuple[FlowSet | None, list[SourceError]]:
    linter = _Linter(registry)
    if not directory.is_dir():
        return None, [SourceError(str(directory), 1, 1, "not a directory of flow files")], ()
    # a plain directory, or a variant: its base's documents with its changes merged in (overlay.py)
    docs, params_doc, problems, extra_sources = collect(directory, _flow_files,
                                                        builtin_flows_dir() / PARAMETERS_FILE)
    linter.problems.extend(problems)
    if not docs and not problems:
        return None, [SourceError(str(directory), 1, 1, "no *.yaml flow files here")], ()
    flows: dict[str, FlowSpec] = {}
    # files that could not be read: no follow-on errors about the machines they define
    broken: set[str] = {Path(p.path).stem for p in problems}
    for stem, doc in docs.items():
        linter.docs[doc.path] = doc
        flow = _parse_flow(doc, linter)
        if flow is None:
            broken.add(stem)
        else:
            if flow.name in flows:
                linter.add(flow.where, f"duplicate name: machine {flow.name!r} is defined twice")
            flows[flow.name] = flow
    # the rules parameters: this directory's parameters.yaml, else the built-in one
    parameters, params_path = {}, Path(params_doc.path) if params_doc is not None else None
    if params_doc is not None:
        parameters = read_parameters(params_doc, linter)
    for flow in flows.values():
        linter.check_flow(flow, set(flows) | broken)
    root = linter.check_machines(flows) if flows and not broken else None
    if root is not None and not linter.problems:
        for flow, key, message in context_problems(flows, root, registry):
            linter.add(linter.at(flow.where, key), message)
    if root is not None:    # also beside other problems: an older flow set's states may be unreachable too
        for flow, key, message in open_work_problems(flows, registry):
            linter.add(linter.at(flow.where, key), message)
    problems = sorted(linter.problems, key=lambda p: (p.path, p.line, p.col, p.message))
    warnings = tuple(sorted(linter.warnings, key=lambda p: (p.path, p.line, p.col, p.message)))
    if problems or root is None:
        return None, problems, warnings
    return FlowSet(str(directory), flows, root, parameters,
                   str(params_path) if params_path is not None else None, tuple(extra_sources),
                   warnings), [], warnings


def lint_flows(directory: str | Path, registry: Registry = REGISTRY) -> list[SourceError]:
    """Every problem of a flows directory, or of a rule set named `base` or by a variant's name."""
    return _read(resolve_flows(directory), registry)[1]


def lint_report(directory: str | Path, registry: Registry = REGISTRY) -> tuple[list, tuple]:
    """(problems, warnings) of a flows directory: warnings (deprecated names, retired
    parameters: machine/renamed.py) never stop a game."""
    _, problems, warnings = _read(resolve_flows(directory), registry)
    return problems, warnings


def load_flowset(directory: str | Path, registry: Registry = REGISTRY) -> FlowSet:
    flowset, problems, _ = _read(resolve_flows(directory), registry)
    if problems:
        raise FlowError(problems)
    return flowset


def load_parameters(directory: str | Path | None = None) -> dict:
    """The rules parameters of a flows directory (None: the built-in flows)."""
    return load_flowset(directory or builtin_flows_dir()).parameters
