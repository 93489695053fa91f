"""How close is the engine to its library's floor? Replay a game's triggers on bare machines.

The engine fires `transitions` triggers on flat machines; everything else it does
(rules, agents, the agenda, decisions) comes on top. To measure that overhead
honestly this module, used by the benchmark only:

1. plays a game on a private copy of the compiled flows whose events are wrapped
   to record every trigger fired: (machine, trigger, state before, which of the
   candidate transitions fired or -1 if none, state after). The shared compiled
   flows and the engine's hot path are untouched;
2. builds, per flow, a fresh flat machine with the same states and the same
   transitions in the same order, every callback a no-op, and each conditional
   transition given one constant-time condition (`fired == j`) that reproduces the
   recorded outcome: the same transitions are tried, the same one fires, and a
   failed trigger fails the same way. The machines are built twice: from stock
   `transitions.Machine` (the "stock floor": what the library costs as shipped) and
   from the class the engine uses (the "own floor": `machine/lean.py`);
3. replays the whole sequence on those machines. Its time is the floor: what the
   library alone costs for exactly this game's transitions.

Every time is process CPU time (`time.process_time`), which a busy machine
inflates far less than the wall clock. Reading that clock costs ~0.1-1 µs, which
is not small next to one flow move, so the per-move timer's own cost is measured
(`timer_bias`) and taken off the flow layer's total.

The flow layer runs the flows' real conditions (rule code: can the turn player attack, is an
ability pending), where the floors answer each trigger with a constant. To show how much of the
gap that is, the same games are timed once more with every flow condition answering from a tape
of its own answers recorded in the same game (`ConditionTape`): the game is the same, the rule
code behind the conditions is gone, what is left is the runner's own work.
"""
from __future__ import annotations

import time
from functools import partial

from transitions import Machine

from ..abilities import attach, new_game_with_abilities
from ..agents import make_agent
from ..agents.base import play_out
from ..game.cards import load_cards
from ..game.decks import load_deck
from ..game.engine import Game
from ..game.factory import default_decks, load_inputs, new_game
from ..machine.builder import CompiledFlowSet
from ..machine.loader import load_flowset
from ..machine.runner import Runner
from ..paths import builtin_flows_dir


class _Model:
    __slots__ = ("state",)

    def __init__(self, state: str) -> None:
        self.state = state


def _noop(*_args) -> None:
    return None


def _fires(j: int):
    def condition(fired: int) -> bool:
        return fired == j
    return condition


class _RecordingEvent:
    """Stands in for a `transitions.Event` in the recording copy of the flows."""

    __slots__ = ("event", "flow", "name", "log")

    def __init__(self, event, flow: str, name: str, log: "TriggerLog") -> None:
        self.event, self.flow, self.name, self.log = event, flow, name, log

    def trigger(self, model, *args):
        log = self.log
        before = model.state
        log.fired = -1
        result = self.event.trigger(model, *args)
        log.sequence.append((self.flow, self.name, before, log.fired, model.state, bool(result)))
        return result

    def fire(self, model, args: tuple, kwargs=None):
        """The runner's entry point (`LeanEvent.fire`): recorded as `trigger`."""
        return self.trigger(model, *args)


class TriggerLog:
    """The triggers of one game, in order."""

    def __init__(self) -> None:
        self.sequence: list[tuple] = []
        self.fired = -1

    def mark(self, j: int, *_args) -> None:
        self.fired = j


def _conditions(flows: CompiledFlowSet):
    """Every condition (and `unless`) object of the flows' transitions."""
    for flow in flows.flows.values():
        for event in flow.machine.events.values():
            for candidates in event.transitions.values():
                for transition in candidates:
                    yield from transition.conditions


class ConditionTape:
    """The answers of every flow condition in one game, in order: recorded by `recording` flows,
    played back by `playing` flows (private compiled copies; the engine's flows are untouched)."""

    def __init__(self, flows_dir=None) -> None:
        self.flows_dir = flows_dir
        self.answers: list = []
        self.left = iter(())
        self.recording = CompiledFlowSet(load_flowset(flows_dir or builtin_flows_dir()))
        self.playing = CompiledFlowSet(load_flowset(flows_dir or builtin_flows_dir()))
        for condition in _conditions(self.recording):
            condition.func = partial(self._record, condition.func)
        for condition in _conditions(self.playing):
            condition.func = self._answer

    def _record(self, func, ctx) -> object:
        answer = func(ctx)
        self.answers.append(answer)
        return answer

    def _answer(self, _ctx) -> object:
        return next(self.left)

    def record(self, seed: int, agent: str, fmt: str, cards, abilities: bool) -> list:
        """Play game `seed` on the recording flows; its conditions' answers."""
        self.answers = []
        play_game(seed, agent, fmt, self.flows_dir, cards, abilities, self.recording, Runner)
        return self.answers

    def play(self, answers: list) -> CompiledFlowSet:
        """The playing flows, whose next game answers from `answers`."""
        self.left = iter(answers)
        return self.playing

    def all_played(self) -> bool:
        """Did the game just played ask exactly the recorded answers?"""
        return next(self.left, self) is self


def recording_flows(flows_dir=None) -> tuple[CompiledFlowSet, TriggerLog]:
    """A private compiled copy of the flows whose triggers are all recorded."""
    flows = CompiledFlowSet(load_flowset(flows_dir or builtin_flows_dir()))
    log = TriggerLog()
    for flow in flows.flows.values():
        for name, event in flow.machine.events.items():
            for candidates in event.transitions.values():
                for j, transition in enumerate(candidates):
                    transition.after.append(partial(log.mark, j))
        flow.use_events({name: _RecordingEvent(event, flow.name, name, log) for name, event in flow.events.items()})
    return flows, log


def record_game(flows: CompiledFlowSet, log: TriggerLog, seed: int, agent: str, fmt: str = "standard",
                cards=None, abilities: bool = True) -> tuple[list[tuple], int]:
    """Play game `seed` (agents seeded as `vanguard-fsm play` does) on the recording flows."""
    log.sequence = []
    db = load_cards(cards)
    game = Game(flows, db, [load_deck(d, db) for d in default_decks(fmt)], seed=seed, fmt=fmt)
    game = (attach(game) if abilities else game).start()
    play_out(game, [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)])
    return log.sequence, game.runner.transitions


class Floor:
    """Bare flat machines mirroring the compiled flows, for replaying recorded triggers.
    `machine_cls`: stock `transitions.Machine`, or the engine's own class."""

    def __init__(self, flows: CompiledFlowSet, machine_cls: type = Machine) -> None:
        self.machine_cls = machine_cls
        self.events: dict[tuple[str, str], object] = {}
        self.models: dict[str, _Model] = {}
        for flow in flows.flows.values():
            bare = machine_cls(model=None, states=list(flow.leaves), initial=flow.initial_leaf,
                           auto_transitions=False, ignore_invalid_triggers=True)
            for name, event in flow.machine.events.items():
                for source, candidates in event.transitions.items():
                    for j, t in enumerate(candidates):
                        bare.add_transition(name, source, t.dest,
                                            conditions=[_fires(j)] if t.conditions else None, after=[_noop])
            self.models[flow.name] = _Model(flow.initial_leaf)
            for name in flow.machine.events:
                self.events[(flow.name, name)] = bare.events[name]

    def compile(self, sequence: list[tuple]) -> list[tuple]:
        """The recorded sequence as (event, model, state before, fired index) for `replay`."""
        return [(self.events[(flow, name)], self.models[flow], before, fired)
                for flow, name, before, fired, _after, _ok in sequence]

    def check(self, sequence: list[tuple]) -> None:
        """Replay once and insist every trigger ends as it did in the engine."""
        for (flow, name, before, fired, after, ok) in sequence:
            model = self.models[flow]
            model.state = before
            result = bool(self.events[(flow, name)].trigger(model, fired))
            if result != ok or model.state != after:
                raise AssertionError(f"floor replay diverged at {flow}.{before} --{name}--> "
                                     f"{model.state} (engine: {after}, fired={ok})")

    @staticmethod
    def replay(compiled: list[tuple]) -> float:
        """CPU seconds to fire the whole sequence on the bare machines."""
        started = time.process_time()
        for event, model, before, fired in compiled:
            model.state = before
            event.trigger(model, fired)
        return time.process_time() - started


class _TimedRunner(Runner):
    """A runner that adds up the CPU time spent in flow moves (bench only)."""

    __slots__ = ("spent", "timed")

    def __init__(self, flows, ctx) -> None:
        super().__init__(flows, ctx)
        self.spent = 0.0
        self.timed = 0

    def move(self) -> str:
        started = time.process_time()
        outcome = Runner.move(self)
        self.spent += time.process_time() - started
        self.timed += 1
        return outcome


def timer_bias(samples: int = 20000, repeats: int = 5) -> float:
    """CPU seconds one timed move adds by itself (two clock reads, the call and the sums):
    `_TimedRunner.move`'s code around an empty move, the smallest mean of `repeats` runs."""
    def empty(_self) -> str:
        return "stay"
    best = float("inf")
    for _ in range(repeats):
        spent = 0.0
        for _ in range(samples):
            started = time.process_time()
            empty(None)
            spent += time.process_time() - started
        best = min(best, spent / samples)
    return best


def _factory(abilities: bool):
    return new_game_with_abilities if abilities else new_game


def time_game(seed: int, agent: str, fmt: str = "standard", flows_dir=None, cards=None,
              abilities: bool = True) -> tuple[float, int]:
    """CPU time of one whole game (build + play, rules and agents included) and its transitions."""
    inputs = load_inputs(None, fmt, flows_dir, cards)   # looked up once per run by `simulate`: not timed
    started = time.process_time()
    game = _factory(abilities)(seed, inputs["decks"], fmt, flows=inputs["flows"], db=inputs["db"])
    play_out(game, [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)])
    return time.process_time() - started, game.runner.transitions


def play_game(seed: int, agent: str, fmt: str, flows_dir, cards, abilities: bool, flows: CompiledFlowSet | None,
          runner_cls):
    """Game `seed` on `flows` (None: the engine's, loaded from `flows_dir`) with a runner of `runner_cls`,
    played to its end: the runner."""
    inputs = load_inputs(None, fmt, flows_dir, cards)
    game = _factory(abilities)(seed, inputs["decks"], fmt, start=False, flows=flows or inputs["flows"],
                               db=inputs["db"])
    game.runner = runner_cls(game.flows, game)
    game.start()
    play_out(game, [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)])
    return game.runner


def time_flow_layer(seed: int, agent: str, fmt: str = "standard", flows_dir=None, cards=None,
                    abilities: bool = True, bias: float = 0.0,
                    flows: CompiledFlowSet | None = None) -> tuple[float, int]:
    """CPU time spent inside `Runner.move` during one game: the flow layer (choosing and
    firing the trigger through `transitions`, its conditions and entry scheduling, invoking
    and returning from machines), without rule actions, decisions and agents; `bias`
    (the timer's own cost per move, `timer_bias()`) is taken off each move. `flows`: other compiled
    flows than the engine's (the condition tape's). Also how many moves were timed."""
    runner = play_game(seed, agent, fmt, flows_dir, cards, abilities, flows, _TimedRunner)
    return runner.spent - bias * runner.timed, runner.timed


def measure_ratio(agent: str, seeds: list[int], repeats: int = 3, fmt: str = "standard",
                  flows_dir=None, cards=None, abilities: bool = True) -> dict:
    """Engine vs floors for the same games; each game's times are its best of `repeats` rounds.
    `abilities=False` plays the games without the card ability layer (rules only)."""
    rec_flows, log = recording_flows(flows_dir)
    stock, own = Floor(rec_flows, Machine), Floor(rec_flows, rec_flows.machine_cls)
    stock_runs, own_runs = [], []
    fired = 0
    tape = ConditionTape(flows_dir)
    answers = [tape.record(seed, agent, fmt, cards, abilities) for seed in seeds]
    for seed in seeds:
        sequence, transitions = record_game(rec_flows, log, seed, agent, fmt, cards, abilities)
        stock.check(sequence)
        own.check(sequence)
        stock_runs.append(stock.compile(sequence))
        own_runs.append(own.compile(sequence))
        fired += transitions
    attempted = sum(len(s) for s in stock_runs)
    args = (agent, fmt, flows_dir, cards, abilities)
    bias = timer_bias()
    time_game(seeds[0], *args)   # warm caches
    # rounds interleave the measures and every game keeps its best time, so a burst of load
    # from elsewhere on the machine spoils one sample, not a whole measure
    n = len(seeds)
    best = {k: [float("inf")] * n for k in ("engine", "layer", "taped", "stock", "own")}
    moves = 0
    for _ in range(repeats):
        for k, s in enumerate(seeds):
            best["engine"][k] = min(best["engine"][k], time_game(s, *args)[0])
            spent, moved = time_flow_layer(s, *args, bias=bias)
            best["layer"][k] = min(best["layer"][k], spent)
            moves += moved
            taped = time_flow_layer(s, *args, bias=bias, flows=tape.play(answers[k]))[0]
            if not tape.all_played():
                raise AssertionError(f"game {s} asked other conditions when they answered from its tape")
            best["taped"][k] = min(best["taped"][k], taped)
            best["stock"][k] = min(best["stock"][k], Floor.replay(stock_runs[k]), Floor.replay(stock_runs[k]))
            best["own"][k] = min(best["own"][k], Floor.replay(own_runs[k]), Floor.replay(own_runs[k]))
    engine, layer, taped, bare, lean = (sum(best[k]) for k in ("engine", "layer", "taped", "stock", "own"))
    return {
        "agent": agent, "games": n, "abilities": abilities, "clock": "process_time",
        "own_machine_class": own.machine_cls.__name__,
        "triggers_per_game": attempted / n, "transitions_per_game": fired / n,
        "flow_moves_per_game": moves / (n * repeats), "condition_calls_per_game": sum(map(len, answers)) / n,
        "engine_ms_per_game": 1000 * engine / n, "flow_layer_ms_per_game": 1000 * layer / n,
        "flow_layer_taped_conditions_ms_per_game": 1000 * taped / n,
        "floor_ms_per_game": 1000 * bare / n, "own_floor_ms_per_game": 1000 * lean / n,
        "floor_us_per_trigger": 1e6 * bare / attempted, "own_floor_us_per_trigger": 1e6 * lean / attempted,
        "timer_bias_us_per_move": 1e6 * bias,
        "ratio_game": engine / bare, "ratio_game_vs_own_floor": engine / lean,
        "ratio_flow_layer": layer / bare, "ratio_flow_layer_vs_own_floor": layer / lean,
        "ratio_flow_layer_taped_conditions_vs_own_floor": taped / lean,
    }
