"""How close is the engine to its library's floor? Replay a game's triggers on bare machines.

The engine fires `transitions` triggers on flat machines; everything else it does
(rules, agents, the agenda, decisions) comes on top. To measure that overhead
honestly this module, used by the benchmark only:

1. plays a game on a private copy of the compiled flows whose events are wrapped
   to record every trigger fired: (machine, trigger, state before, which of the
   candidate transitions fired or -1 if none, state after). The shared compiled
   flows and the engine's hot path are untouched;
2. builds, per flow, a fresh flat `transitions.Machine` with the same states and
   the same transitions in the same order, every callback a no-op, and each
   conditional transition given one constant-time condition (`fired == j`) that
   reproduces the recorded outcome: the same transitions are tried, the same one
   fires, and a failed trigger fails the same way;
3. replays the whole sequence on those machines. Its time is the floor: what the
   library alone costs for exactly this game's transitions.
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
from ..game.factory import default_decks, new_game
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


class TriggerLog:
    """The triggers of one game, in order."""

    def __init__(self) -> None:
        self.sequence: list[tuple] = []
        self.fired = -1

    def mark(self, j: int, *_args) -> None:
        self.fired = j


def recording_flows(flows_dir=None) -> tuple[CompiledFlowSet, TriggerLog]:
    """A private compiled copy of the flows whose triggers are all recorded."""
    flows = CompiledFlowSet(load_flowset(flows_dir or builtin_flows_dir()))
    log = TriggerLog()
    for flow in flows.flows.values():
        for name, event in flow.machine.events.items():
            for candidates in event.transitions.values():
                for j, transition in enumerate(candidates):
                    transition.after.append(partial(log.mark, j))
        flow.events = {name: _RecordingEvent(event, flow.name, name, log) for name, event in flow.events.items()}
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
    """Bare flat machines mirroring the compiled flows, for replaying recorded triggers."""

    def __init__(self, flows: CompiledFlowSet) -> None:
        self.events: dict[tuple[str, str], object] = {}
        self.models: dict[str, _Model] = {}
        for flow in flows.flows.values():
            bare = Machine(model=None, states=list(flow.leaves), initial=flow.initial_leaf,
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
        """Seconds to fire the whole sequence on the bare machines."""
        started = time.perf_counter()
        for event, model, before, fired in compiled:
            model.state = before
            event.trigger(model, fired)
        return time.perf_counter() - started


class _TimedRunner(Runner):
    """A runner that adds up the time spent in flow moves (bench only)."""

    __slots__ = ("spent",)

    def __init__(self, flows, ctx) -> None:
        super().__init__(flows, ctx)
        self.spent = 0.0

    def move(self) -> str:
        started = time.perf_counter()
        outcome = Runner.move(self)
        self.spent += time.perf_counter() - started
        return outcome


def _factory(abilities: bool):
    return new_game_with_abilities if abilities else new_game


def time_game(seed: int, agent: str, fmt: str = "standard", flows_dir=None, cards=None,
              abilities: bool = True) -> tuple[float, int]:
    """Wall time of one whole game (build + play, rules and agents included) and its transitions."""
    started = time.perf_counter()
    game = _factory(abilities)(seed, None, fmt, flows_dir, cards)
    play_out(game, [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)])
    return time.perf_counter() - started, game.runner.transitions


def time_flow_layer(seed: int, agent: str, fmt: str = "standard", flows_dir=None, cards=None,
                    abilities: bool = True) -> float:
    """Time spent inside `Runner.move` during one game: the flow layer (choosing and firing
    the trigger through `transitions`, its conditions and entry scheduling, invoking and
    returning from machines), without rule actions, decisions and agents."""
    game = _factory(abilities)(seed, None, fmt, flows_dir, cards, start=False)
    game.runner = _TimedRunner(game.flows, game)
    game.start()
    play_out(game, [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)])
    return game.runner.spent


def measure_ratio(agent: str, seeds: list[int], repeats: int = 3, fmt: str = "standard",
                  flows_dir=None, cards=None, abilities: bool = True) -> dict:
    """Engine vs floor for the same games; each game's times are its best of `repeats` rounds.
    `abilities=False` plays the games without the card ability layer (rules only)."""
    rec_flows, log = recording_flows(flows_dir)
    floor = Floor(rec_flows)
    sequences = []
    fired = 0
    for seed in seeds:
        sequence, transitions = record_game(rec_flows, log, seed, agent, fmt, cards, abilities)
        floor.check(sequence)
        sequences.append(floor.compile(sequence))
        fired += transitions
    attempted = sum(len(s) for s in sequences)
    args = (agent, fmt, flows_dir, cards, abilities)
    time_game(seeds[0], *args)   # warm caches
    # rounds interleave the three measures and every game keeps its best time, so a burst
    # of load from elsewhere on the machine spoils one sample, not a whole measure
    n = len(seeds)
    engine_best, layer_best, bare_best = [float("inf")] * n, [float("inf")] * n, [float("inf")] * n
    for _ in range(repeats):
        for k, s in enumerate(seeds):
            engine_best[k] = min(engine_best[k], time_game(s, *args)[0])
            layer_best[k] = min(layer_best[k], time_flow_layer(s, *args))
            bare_best[k] = min(bare_best[k], Floor.replay(sequences[k]), Floor.replay(sequences[k]))
    engine, layer, bare = sum(engine_best), sum(layer_best), sum(bare_best)
    return {
        "agent": agent, "games": n, "abilities": abilities,
        "triggers_per_game": attempted / n, "transitions_per_game": fired / n,
        "engine_ms_per_game": 1000 * engine / n, "flow_layer_ms_per_game": 1000 * layer / n,
        "floor_ms_per_game": 1000 * bare / n, "floor_us_per_trigger": 1e6 * bare / attempted,
        "ratio_game": engine / bare, "ratio_flow_layer": layer / bare,
    }
