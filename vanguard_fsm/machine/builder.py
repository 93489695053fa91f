"""Turn a FlowSet into `transitions` machines plus precomputed entry plans.

One flat `transitions.Machine` per flow file (a flat machine is ~10x faster per
trigger than `HierarchicalMachine`); nesting in the YAML is kept by naming leaves
with dotted paths and by precomputing, for every transition, which states it
enters (outermost first). Entering a state is then one list extend on the
runner's agenda: no tree walking on the hot path.

A plan comes in two forms (`lean.AgendaPlan`): the full one, and a quiet one (`quiet_plan`)
scheduled when nobody subscribes to the hooks' `state` channel, which drops the entry
markers that would only announce a state (who hears what: `runner`'s docstring).

Every callable handed to `transitions` comes from the registry. `SafeMachine`
additionally refuses any string callback, because `transitions` would otherwise
try to import a dotted string such as `os.system`.
"""
from __future__ import annotations

from transitions import Machine
from transitions.core import Event

from ..paths import flows_name
from .lean import NO_KWARGS, AgendaPlan, LeanEvent, LeanMachine
from .registry import REGISTRY, Registry
from .spec import FlowSet, FlowSpec, StateSpec

ENTER = "__enter__"  # agenda marker: a state is being entered
TIMING = "__timing__"  # agenda marker: a timing written among a state's `do` actions


class StockEvent(Event):
    """The library's `Event`, with the runner's entry point `fire` (as `LeanEvent.fire`) handed to
    its own `trigger`."""

    def fire(self, model, args: tuple, kwargs=NO_KWARGS):
        return self.trigger(model, *args, **kwargs)


class SafeMachine(Machine):
    """A flat machine that never turns a string into a callable (on the library's own classes)."""

    event_cls = StockEvent

    @staticmethod
    def resolve_callable(func, event_data):
        if isinstance(func, str):
            raise TypeError(f"refusing to resolve callback {func!r} by name; use the registry")
        return func


class FlowMachine(SafeMachine, LeanMachine):
    """The engine's machine: registry-only callbacks, triggers on the lean classes (`lean.py`)."""

    event_cls = LeanEvent     # not `SafeMachine`'s, which comes first in the bases


class LeafMove:
    """What a flow move reads of one leaf (`Runner.move`), worked out once per compiled flow: one
    dict lookup and attributes at each of ~800 moves a game, instead of the leaf's spec, then the
    flow's `guarded`, `leaving_kinds` and `events` looked up by its path and the trigger's name.
    `advance`: the flow's 'advance' event (None: it has none); `leaving`: decision kind -> its event,
    for the kinds that leave the leaf (`CompiledFlow.leaving_kinds`; any other kind keeps the state);
    `after_choice`: the tasks (reversed) run after each choice made there. `kept`: what the context
    works out once for this leaf and keeps here, None until it does (the game: a decision leaf's
    decider and legal-action functions, `engine._state_decision`)."""

    __slots__ = ("spec", "invoke", "invoke_at", "final", "decides", "guarded", "advance", "leaving",
                 "after_choice", "kept")

    def __init__(self, flow: "CompiledFlow", spec: StateSpec) -> None:
        self.spec = spec
        self.invoke, self.invoke_at = spec.invoke, spec.invoke_at
        self.final = spec.final
        self.decides = spec.decision is not None
        self.guarded = spec.path in flow.guarded
        self.advance = flow.events.get("advance")
        self.leaving = {kind: flow.events[kind] for kind in flow.leaving_kinds[spec.path]}
        self.after_choice = flow.after_choice.get(spec.path, ())
        self.kept = None


class CompiledFlow:
    """A flow ready to run: its machine, events, and entry plans (`AgendaPlan`s: its start, `initial_plan`,
    and its starts at one of its states, `entries`, as its transitions' `after`)."""

    __slots__ = ("spec", "name", "machine", "events", "leaves", "initial_leaf", "initial_plan",
                 "interrupts", "leaving_kinds", "guarded", "after_choice", "entries", "moves")

    def __init__(self, spec: FlowSpec, machine_cls: type = FlowMachine) -> None:
        self.spec = spec
        self.name = spec.name
        self.leaves: dict[str, StateSpec] = {s.path: s for s in spec.leaves()}
        self.initial_leaf = spec.initial_leaf().path
        self.machine = machine_cls(model=None, states=list(self.leaves), initial=self.initial_leaf,
                                   auto_transitions=False, ignore_invalid_triggers=True)
        self.events: dict = {}
        self.initial_plan = AgendaPlan(())
        self.entries: dict[str, tuple] = {}     # state path -> (leaf, its plan): starts at that state
        self.interrupts: dict[str, str] = {}
        # decision kinds that leave each leaf (a kind not listed keeps the state)
        self.leaving_kinds: dict[str, frozenset] = {}
        # decision leaves with choice-less transitions: tried before the decision is offered
        self.guarded: frozenset = frozenset()
        # decision leaf -> agenda tasks (reversed) run after each choice made there
        self.after_choice: dict[str, tuple] = {}
        self.moves: dict[str, LeafMove] = {}   # leaf path -> what a move there reads (`use_events`)

    def use_events(self, events: dict) -> None:
        """Fire these events (name -> event): the machine's own once compiled, or wrappers of them (the
        bench's recording flows); each leaf's `LeafMove` names them."""
        self.events = events
        self.moves = {path: LeafMove(self, leaf) for path, leaf in self.leaves.items()}


def _entered(flow: FlowSpec, source: StateSpec | None, target: StateSpec) -> list[StateSpec]:
    """States entered when going from `source` (a leaf, or None at start) to `target`."""
    target_chain = target.ancestors() + [target]
    source_chain = (source.ancestors() + [source]) if source is not None else []
    common = 0
    for a, b in zip(source_chain, target_chain):
        if a is not b or b is target:
            break
        common += 1
    entered = target_chain[common:]
    node = target
    while node.is_compound:
        node = node.children[node.initial]
        entered.append(node)
    return entered


def _plan(flow_name: str, entered: list[StateSpec], pre_actions: tuple, registry: Registry) -> tuple:
    """Agenda tasks, in execution order: transition actions, then each state's entry and `do`
    (actions, and timings at their place: `(TIMING, (name, state path if first entry only))`)."""
    tasks = [(registry.actions[a], ()) for a in pre_actions]
    for state in entered:
        tasks.append((ENTER, (flow_name, state)))
        for step in state.steps:
            if isinstance(step, str):
                tasks.append((registry.actions[step], ()))
            else:
                tasks.append((TIMING, (step.name, state.path if step.first_entry else None)))
    return tuple(tasks)


def quiet_plan(tasks: tuple) -> tuple:
    """`tasks` for a game that nobody asks to hear state entries (no `state` subscriber when the plan is
    scheduled): a state without entry timings loses its entry marker (nothing else happens there: ~300
    of the ~590 entries a random-attacker game), and one with timings keeps its marker without the flow's
    name, `(ENTER, (None, state))`, which fires the timings and announces nothing."""
    quiet = []
    for task in tasks:
        if task[0] is ENTER:
            state = task[1][1]
            if not state.entry_timings:
                continue
            task = (ENTER, (None, state))
        quiet.append(task)
    return tuple(quiet)


def _agenda_plan(plan: tuple) -> AgendaPlan:
    """The plan (in execution order) as the agenda takes it, reversed, in both forms."""
    tasks = tuple(reversed(plan))
    return AgendaPlan(tasks, quiet_plan(tasks))


def entry_tasks(flow_name: str, state: StateSpec, registry: Registry = REGISTRY) -> tuple:
    """Agenda tasks, in execution order, of entering `state` alone: its entry, then its `do`
    (actions and timings at their place); a scenario that starts by entering a state runs these."""
    return _plan(flow_name, [state], (), registry)


def entry_at(spec: FlowSpec, path: str, registry: Registry) -> tuple[str, AgendaPlan]:
    """(leaf, its plan) of a machine started at its state `path` rather than its initial one (a
    state's `invoke_at`): the states down to it are entered, with their timings."""
    target = spec.all_states[path]
    return spec.initial_leaf(target).path, _agenda_plan(_plan(spec.name, _entered(spec, None, target), (), registry))


def compile_flow(spec: FlowSpec, registry: Registry = REGISTRY, machine_cls: type = FlowMachine) -> CompiledFlow:
    """`machine_cls`: `FlowMachine` (lean triggers) or `SafeMachine` (the library's stock classes)."""
    flow = CompiledFlow(spec, machine_cls)
    flow.initial_plan = _agenda_plan(_plan(spec.name, _entered(spec, None, spec.all_states[spec.initial]),
                                           (), registry))
    flow.entries = {path: entry_at(spec, path, registry) for path in spec.all_states}
    for leaf in flow.leaves.values():
        outs = [t for node in [leaf, *leaf.ancestors()[::-1]] for t in node.transitions]
        flow.leaving_kinds[leaf.path] = frozenset(t.trigger for t in outs if t.trigger != "advance")
        if leaf.decision is not None and any(t.trigger == "advance" for t in outs):
            flow.guarded = flow.guarded | {leaf.path}
        if leaf.decision is not None and leaf.decision.after_each_choice:
            flow.after_choice[leaf.path] = tuple(reversed([(registry.actions[a], ())
                                                           for a in leaf.decision.after_each_choice]))
        for t in outs:
            target = spec.all_states[t.dest]
            dest_leaf = spec.initial_leaf(target).path
            plan = _plan(spec.name, _entered(spec, leaf, target), t.actions, registry)
            flow.machine.add_transition(
                t.trigger, leaf.path, dest_leaf,
                conditions=[registry.conditions[c] for c in t.conditions],
                unless=[registry.conditions[c] for c in t.unless],
                after=[_agenda_plan(plan)],
            )
    for itr in spec.interrupts:
        target = spec.all_states[itr.dest]
        plan = _plan(spec.name, _entered(spec, None, target), (), registry)
        flow.machine.add_transition(itr.trigger, "*", spec.initial_leaf(target).path,
                                    after=[_agenda_plan(plan)])
        flow.interrupts[itr.trigger] = itr.dest
    flow.use_events(dict(flow.machine.events))
    return flow


class CompiledFlowSet:
    """All machines of one flows directory, compiled once and shared by every game."""

    __slots__ = ("spec", "flows", "root", "machine_cls", "identity")

    def __init__(self, spec: FlowSet, registry: Registry = REGISTRY, machine_cls: type = FlowMachine) -> None:
        self.spec = spec
        self.identity = (flows_name(spec.directory), spec.digest())   # game_start's `flows`, `flows_hash`
        self.machine_cls = machine_cls
        self.flows = {name: compile_flow(f, registry, machine_cls) for name, f in spec.flows.items()}
        self.root = self.flows[spec.root]
