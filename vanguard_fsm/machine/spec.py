"""Flow specs: what a flow file says, after validation, as small value objects.

A flow file is nested for readability (a phase holds its steps); the spec keeps the
nesting (`parent`, `children`) and also names every state by its dotted path inside
its machine (`draw_phase.g_assist_step`), which is how the runner, the trace and the
diagrams refer to it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Where:
    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(slots=True)
class DecisionSpec:
    who: str
    kinds: tuple[str, ...]
    doc: str = ""
    after_each_choice: tuple[str, ...] = ()   # actions run after every choice made here (CR 8.4.2.1)
    # ((kind, (condition, ...)), ...): a kind is offered only while all its conditions hold
    offer_if: tuple = ()


@dataclass(frozen=True, slots=True)
class TimingStep:
    """A timing fired at its place among a state's `do` actions (`{timing: name}`);
    `first_entry`: only the first time the state is entered since its machine started."""
    name: str
    first_entry: bool = False

    def label(self) -> str:
        return f"fire {self.name}{' (first entry only)' if self.first_entry else ''}"


@dataclass(slots=True)
class TransitionSpec:
    source: str               # dotted leaf name (or compound: applies to its leaves)
    to: str                   # as written
    dest: str = ""            # resolved dotted name (may be compound)
    trigger: str = "advance"
    conditions: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    doc: str = ""
    where: Where | None = None
    key: tuple = ()           # key path of this transition in its file


@dataclass(slots=True)
class StateSpec:
    name: str                 # short name
    path: str                 # dotted name inside the machine
    doc: str
    rules: tuple[str, ...]
    timings: tuple[str, ...] = ()       # every timing the state fires (on entry and among `do`)
    actions: tuple[str, ...] = ()       # the action names of `do`, in order
    entry_timings: tuple[str, ...] = ()  # `timings:`, fired on entry before `do`
    steps: tuple = ()                   # `do` in order: action names and TimingSteps
    invoke: str | None = None
    invoke_at: str | None = None      # the invoked machine starts at this state of it, not its initial one
    final: bool = False
    decision: DecisionSpec | None = None
    initial: str | None = None        # short name of the initial child (compound states)
    children: dict = field(default_factory=dict)
    transitions: list = field(default_factory=list)
    parent: "StateSpec | None" = None
    where: Where | None = None
    key: tuple = ()           # key path of this state in its file

    @property
    def is_compound(self) -> bool:
        return bool(self.children)

    def ancestors(self) -> list["StateSpec"]:
        """Outermost first, not including self."""
        chain, node = [], self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]


@dataclass(slots=True)
class InterruptSpec:
    trigger: str
    to: str
    dest: str = ""
    doc: str = ""
    where: Where | None = None


@dataclass(slots=True)
class FlowSpec:
    name: str
    path: str
    doc: str
    rules: tuple[str, ...]
    initial: str
    states: dict                       # top-level StateSpec by short name
    all_states: dict = field(default_factory=dict)   # dotted name -> StateSpec
    interrupts: list = field(default_factory=list)
    where: Where | None = None

    def leaves(self) -> list[StateSpec]:
        return [s for s in self.all_states.values() if not s.is_compound]

    def initial_leaf(self, state: StateSpec | None = None) -> StateSpec:
        """The leaf a transition into `state` (default: the machine) lands on."""
        node = self.all_states[self.initial] if state is None else state
        while node.is_compound:
            node = node.children[node.initial]
        return node

    def transitions(self) -> list[TransitionSpec]:
        return [t for s in self.all_states.values() for t in s.transitions]


@dataclass(slots=True)
class FlowSet:
    """All flows of one directory, plus the rules parameters, validated together."""

    directory: str
    flows: dict                         # name -> FlowSpec, in file order
    root: str
    parameters: dict
    parameters_path: str | None = None
    variant_files: tuple = ()           # a variant's variant.yaml files, base first (overlay.py)
    warnings: tuple = ()                # lint warnings: deprecated names, retired parameters (renamed.py)

    def declared_timings(self) -> set[str]:
        return {t for f in self.flows.values() for s in f.all_states.values() for t in s.timings}

    def digest(self) -> str:
        """A hash of the flow files' bytes, recorded in replays."""
        import hashlib
        from pathlib import Path
        h = hashlib.sha256()
        for flow in sorted(self.flows.values(), key=lambda f: f.name):
            h.update(flow.name.encode())
            h.update(Path(flow.path).read_bytes())
        if self.parameters_path:
            h.update(Path(self.parameters_path).read_bytes())
        for path in self.variant_files:     # a variant's patches change the flows' effect
            h.update(Path(path).read_bytes())
        return h.hexdigest()[:16]
