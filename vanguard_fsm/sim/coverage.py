"""Flow coverage (model-based testing, as XState does): which transitions, timings and
states of the flow files did games and scenarios actually exercise?

A flow edit that adds a transition nothing ever takes is a rule nobody has
tested; this module makes that visible. While a `Coverage.recording()` block is
open, `Runner.move` and `Runner.interrupt` are wrapped at class level (so every
game counts, however it was built — a batch game or a scenario's position),
and restored when the block closes: outside coverage runs the hot path is
untouched. Before each move the wrapper finds which transition the
`transitions` library will take: the first one, in the builder's order (the
leaf's own, then each enclosing compound state's), whose conditions hold —
the same pure condition functions, compared as `transitions` compares them.
After the move the landing state is checked against that transition's target;
a disagreement is counted as unattributed, never guessed. Timings and state
entries are counted through the game's hooks.
"""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..machine.registry import REGISTRY
from ..machine.runner import MOVE_TRANSITION, Runner
from ..machine.spec import FlowSet


@dataclass
class TransitionRow:
    flow: str
    file: str
    line: int
    source: str
    dest: str
    trigger: str                  # "advance", a decision kind, or an interrupt event
    conditions: tuple = ()
    unless: tuple = ()
    interrupt: bool = False
    hits: int = 0
    leaves: Counter = field(default_factory=Counter)   # the leaves it fired from

    def label(self) -> str:
        guard = []
        if self.interrupt:
            guard.append(f"interrupt {self.trigger}")
        elif self.trigger != "advance":
            guard.append(f"choice {self.trigger}")
        guard += [f"if {c}" for c in self.conditions] + [f"unless {c}" for c in self.unless]
        return f"{self.source} -> {self.dest}" + (f" [{', '.join(guard)}]" if guard else "")


@dataclass
class TimingRow:
    flow: str
    state: str
    name: str
    line: int
    hits: int = 0


class Coverage:
    """Hit counts for every transition, interrupt, timing and state of one flow set."""

    def __init__(self, flowset: FlowSet, registry=REGISTRY) -> None:
        self.spec = flowset
        self.registry = registry
        self.rows: dict[int, TransitionRow] = {}            # id(TransitionSpec / InterruptSpec) -> row
        self.candidates: dict[tuple, list] = {}             # (flow, leaf, trigger) -> [TransitionSpec]
        self.interrupts: dict[tuple, TransitionRow] = {}    # (flow, event) -> row
        self.timings: list[TimingRow] = []
        self.timing_hits: Counter = Counter()
        self.states: dict[str, Counter] = {}
        self.unattributed: Counter = Counter()
        self.games = 0
        self.scenarios: list[tuple[str, str]] = []           # (path, "ok" or the failure)
        for flow in flowset.flows.values():
            self.states[flow.name] = Counter({path: 0 for path in flow.all_states})
            for state in flow.all_states.values():
                for t in state.transitions:
                    self.rows[id(t)] = TransitionRow(flow.name, flow.path, t.where.line if t.where else 0,
                                                     t.source, t.dest, t.trigger, t.conditions, t.unless)
                for name in state.timings:
                    self.timings.append(TimingRow(flow.name, state.path, name,
                                                  state.where.line if state.where else 0))
            for leaf in flow.leaves():
                outs = [t for node in [leaf, *leaf.ancestors()[::-1]] for t in node.transitions]
                for t in outs:
                    self.candidates.setdefault((flow.name, leaf.path, t.trigger), []).append(t)
            for itr in flow.interrupts:
                self.interrupts[(flow.name, itr.trigger)] = TransitionRow(
                    flow.name, flow.path, itr.where.line if itr.where else 0, "*", itr.dest, itr.trigger,
                    interrupt=True)

    # -- observing games ---------------------------------------------------------
    def watch(self, hooks) -> None:
        """Count timings and state entries of the game these hooks belong to."""
        hooks.on("timing", self._on_timing)
        hooks.on("state", self._on_state)

    def _on_timing(self, game, name: str) -> None:
        self.timing_hits[name] += 1

    def _on_state(self, game, machine: str, path: str) -> None:
        counts = self.states.get(machine)
        if counts is not None and path in counts:
            counts[path] += 1

    def _holds(self, name: str, ctx, target: bool) -> bool:
        return self.registry.conditions[name](ctx) == target     # as transitions' Condition.check

    def _predict(self, flow_name: str, leaf: str, trigger: str, ctx):
        for t in self.candidates.get((flow_name, leaf, trigger), ()):
            if all(self._holds(c, ctx, True) for c in t.conditions) and \
                    all(self._holds(u, ctx, False) for u in t.unless):
                return t
        return None

    def _move(self, runner, original):
        frame = runner.stack[-1]
        flow, leaf_path = frame.flow, frame.state
        leaf = flow.leaves[leaf_path]
        trigger = None
        if runner.flows.spec is self.spec and not frame.invoke_due and not leaf.final:
            if leaf.decision is None or (frame.answered is None and leaf_path in flow.guarded):
                trigger = "advance"
            elif frame.answered is not None:
                trigger = frame.answered
        predicted = self._predict(flow.name, leaf_path, trigger, runner.ctx) if trigger else None
        outcome = original(runner)
        if trigger is not None and outcome == MOVE_TRANSITION:
            landed = frame.state
            spec = self.spec.flows[flow.name]
            if predicted is not None and spec.initial_leaf(spec.all_states[predicted.dest]).path == landed:
                row = self.rows[id(predicted)]
                row.hits += 1
                row.leaves[leaf_path] += 1
            else:
                self.unattributed[(flow.name, leaf_path, trigger, landed)] += 1
        return outcome

    def _interrupt(self, runner, trigger: str) -> None:
        if runner.flows.spec is self.spec:
            row = self.interrupts.get((runner.flows.root.name, trigger))
            if row is not None:
                row.hits += 1

    @contextmanager
    def recording(self):
        """Count every flow move of every game run inside the block."""
        original_move, original_interrupt = Runner.move, Runner.interrupt
        coverage = self

        def move(runner):
            return coverage._move(runner, original_move)

        def interrupt(runner, trigger):
            coverage._interrupt(runner, trigger)
            return original_interrupt(runner, trigger)

        Runner.move, Runner.interrupt = move, interrupt
        try:
            yield self
        finally:
            Runner.move, Runner.interrupt = original_move, original_interrupt

    # -- results -----------------------------------------------------------------
    def all_rows(self) -> list[TransitionRow]:
        return list(self.rows.values()) + list(self.interrupts.values())

    def missed(self) -> list[TransitionRow]:
        """Transitions and interrupts nothing exercised."""
        return [r for r in self.all_rows() if r.hits == 0]

    def missed_timings(self) -> list[TimingRow]:
        return [t for t in self.timings if self.timing_hits[t.name] == 0]

    def missed_states(self) -> list[str]:
        return [f"{flow}.{path}" for flow, counts in self.states.items() for path, n in counts.items() if n == 0]

    def by_file(self) -> dict[str, tuple[list[TransitionRow], list[TimingRow]]]:
        out: dict[str, tuple[list, list]] = {}
        for flow in self.spec.flows.values():
            rows = sorted((r for r in self.all_rows() if r.flow == flow.name), key=lambda r: r.line)
            timings = [t for t in self.timings if t.flow == flow.name]
            out[flow.path] = (rows, timings)
        return out


# -- what exercises the flows ------------------------------------------------------

BATCH_AGENTS = (("random", "random"), ("heuristic", "heuristic"), ("random", "heuristic"), ("heuristic", "random"))
BATCH_FORMATS = ("standard", "quick")


def run_batch(coverage: Coverage, games_per_config: int, seed: int = 0, flows_dir=None, cards=None) -> int:
    """Seeded games for every agent pairing and format; returns how many were played."""
    from ..agents import make_agent
    from ..agents.base import play_out
    from ..abilities import new_game_with_abilities as new_game
    from ..machine.hooks import Hooks
    played = 0
    with coverage.recording():
        for agents in BATCH_AGENTS:
            for fmt in BATCH_FORMATS:
                for i in range(games_per_config):
                    game_seed = seed + i
                    hooks = Hooks()
                    coverage.watch(hooks)
                    game = new_game(game_seed, None, fmt, flows_dir, cards, hooks=hooks)
                    play_out(game, [make_agent(agents[0], game_seed * 2 + 1), make_agent(agents[1], game_seed * 2 + 2)])
                    played += 1
    coverage.games += played
    return played


def run_scenarios(coverage: Coverage, paths, flows_dir=None, cards=None) -> list[tuple[str, str]]:
    """Every scenario file under `paths`; returns (path, "ok" or why it failed) per file."""
    from ..machine.hooks import Hooks
    from ..scenario.runner import SourceError, run_scenario, scenario_files
    results = []
    with coverage.recording():
        for path in scenario_files(paths):
            hooks = Hooks()
            coverage.watch(hooks)
            try:
                result = run_scenario(path, flows_dir=flows_dir, cards=cards, hooks=hooks)
            except SourceError as exc:
                results.append((str(path), str(exc)))
                continue
            results.append((str(path), result.message))
    coverage.scenarios.extend(results)
    return results
