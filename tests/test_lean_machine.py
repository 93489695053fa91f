"""The lean `transitions` classes keep the library's semantics (issue 17).

Two checks: whole seeded games played on the stock classes and on the lean ones
give byte-identical traces; and generated machines exercising every callback
kind, conditions, `unless`, internal and reflexive transitions, final states and
invalid triggers log the same calls, states and results on both.
"""
from __future__ import annotations

import io
import random
from collections import OrderedDict

import pytest
from transitions import Machine, MachineError
from transitions.core import EventData, State, Transition

from vanguard_fsm.abilities import attach
from vanguard_fsm.agents import make_agent
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.decks import load_deck
from vanguard_fsm.game.engine import Game
from vanguard_fsm.game.factory import default_decks
from vanguard_fsm.machine.builder import CompiledFlowSet, FlowMachine, SafeMachine
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.machine.lean import AgendaPlan, LeanEvent, LeanMachine, LeanTransition
from vanguard_fsm.machine.loader import load_flowset
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.record.trace import TraceRecorder


@pytest.fixture(scope="module")
def flow_sets():
    spec = load_flowset(builtin_flows_dir())
    return {"stock": CompiledFlowSet(spec, machine_cls=SafeMachine),
            "lean": CompiledFlowSet(spec, machine_cls=FlowMachine)}


def _trace(flows, seed, agent, fmt) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    db = load_cards(None)
    game = attach(Game(flows, db, [load_deck(d, db) for d in default_decks(fmt)], seed=seed, fmt=fmt,
                       hooks=hooks)).start()
    agents = [make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)]
    while (decision := game.advance()) is not None:
        game.apply(agents[decision.player].choose(game, decision))
    return out.getvalue() + "|".join(game.history)


def test_the_engine_runs_on_the_lean_classes(flow_sets):
    machine = flow_sets["lean"].root.machine
    assert isinstance(machine, LeanMachine) and isinstance(machine, SafeMachine)
    assert all(isinstance(e, LeanEvent) for e in machine.events.values())
    assert not isinstance(flow_sets["stock"].root.machine, LeanMachine)


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("fmt", ["standard", "quick"])
def test_stock_and_lean_classes_play_byte_identical_games(flow_sets, agent, fmt):
    for seed in range(4):
        stock = _trace(flow_sets["stock"], seed, agent, fmt)
        lean = _trace(flow_sets["lean"], seed, agent, fmt)
        assert len(stock) > 1000
        assert stock == lean, f"seed {seed}: the lean classes played another game"


# -- generated machines: the same calls, states and results on both classes -------

def _plain(args, kwargs) -> tuple:
    """Callback arguments as comparable data (`send_event=True` passes an `EventData`)."""
    if args and isinstance(args[0], EventData):
        args, kwargs = ("event_data", *args[0].args), args[0].kwargs
    return args, tuple(sorted(kwargs.items()))


class _Model:
    def __init__(self, log) -> None:
        self.log = log

    def named_callback(self, *args, **kwargs) -> None:   # a callback given by name
        self.log.append(("named", _plain(args, kwargs)))


def _machine(cls, rng: random.Random, log: list, model, **options):
    states = ["A", "B", "C", {"name": "D", "final": True},
              {"name": "E", "ignore_invalid_triggers": rng.choice([True, False, None])}]

    def cb(tag):
        return lambda *a, **k: log.append((tag, _plain(a, k)))

    def cond(tag, value):
        def check(*a, **k):
            log.append((tag, _plain(a, k)))
            return value
        return check

    machine = cls(model=model, states=states, initial="A", auto_transitions=False,
                  ignore_invalid_triggers=rng.choice([True, False, None]),
                  before_state_change=[cb("bsc")] if rng.random() < 0.3 else None,
                  after_state_change=[cb("asc")] if rng.random() < 0.3 else None,
                  on_final=[cb("final")] if rng.random() < 0.5 else None, **options)
    for name in "ABCDE":
        state = machine.states[name]
        if rng.random() < 0.4:
            state.on_enter.append(cb(f"enter {name}"))
        if rng.random() < 0.4:
            state.on_exit.append(cb(f"exit {name}"))
    for k in range(rng.randrange(4, 12)):
        trigger = rng.choice(["go", "stop", "jump"])
        source = rng.choice(["A", "B", "C", "D", "E", "*", ["A", "C"]])
        dest = rng.choice(["A", "B", "C", "D", "E", "=", None])
        machine.add_transition(
            trigger, source, dest,
            conditions=[cond(f"c{k}.{j}", rng.random() < 0.7) for j in range(rng.randrange(3))],
            unless=[cond(f"u{k}", rng.random() < 0.3)] if rng.random() < 0.3 else None,
            prepare=[cb(f"prep{k}")] if rng.random() < 0.3 else None,
            before=[cb(f"before{k}")] if rng.random() < 0.5 else None,
            after=[cb(f"after{k}"), "named_callback"] if rng.random() < 0.7 else None)
    return machine


def _run(cls, seed: int, **options) -> list:
    rng = random.Random(seed)
    log: list = []
    model = _Model(log)
    machine = _machine(cls, rng, log, model, **options)
    for step in range(25):
        trigger = rng.choice(["go", "stop", "jump", "go"])
        try:
            result = machine.events[trigger].trigger(model, step, flag=step % 3) if trigger in machine.events \
                else None
        except MachineError as exc:
            result = f"MachineError {exc}"
        log.append(("result", trigger, result, model.state))
    return log


def test_generated_machines_behave_the_same_on_stock_and_lean_classes():
    outcomes = set()
    for seed in range(80):
        stock, lean = _run(Machine, seed), _run(LeanMachine, seed)
        assert stock == lean, f"seed {seed}"
        outcomes |= {str(entry[2])[:12] for entry in stock if entry[0] == "result"}
        outcomes |= {entry[0] for entry in stock if entry[0] in ("final", "named", "bsc", "asc")}
    # the generated machines did reach every kind of outcome and callback compared above
    assert outcomes >= {"True", "False", "MachineError", "final", "named", "bsc", "asc"}


@pytest.mark.parametrize("options", [{"send_event": True}, {"queued": True},
                                     {"prepare_event": "named_callback"}])
def test_options_the_fast_path_does_not_model_go_to_the_library(options):
    for seed in range(10):
        assert _run(Machine, seed, **options) == _run(LeanMachine, seed, **options)


class _StockWithLeanEvents(Machine):
    """The library's machine with the lean events and transitions: no view of its options to read, so
    every trigger goes to the library."""

    event_cls = LeanEvent
    transition_cls = LeanTransition


def test_lean_events_on_a_machine_of_the_library_go_to_the_library():
    for seed in range(10):
        assert _run(Machine, seed) == _run(_StockWithLeanEvents, seed)


def _changed_after_build(cls, seed: int, change) -> list:
    """`_run`'s machine, changed by `change(machine, log)` once it is built and has fired a trigger."""
    rng = random.Random(seed)
    log: list = []
    model = _Model(log)
    machine = _machine(cls, rng, log, model)
    for step in range(25):
        if step == 3:
            change(machine, log)
        trigger = rng.choice(["go", "stop", "jump", "go"])
        try:
            result = machine.events[trigger].trigger(model, step) if trigger in machine.events else None
        except MachineError as exc:
            result = f"MachineError {exc}"
        log.append(("result", trigger, result, model.state))
    return log


class _NotedState(State):
    """A state class of its own (its `enter` notes itself): the lean path must leave it to the library."""

    def __init__(self, name: str, log: list) -> None:
        super().__init__(name)
        self.log = log

    def enter(self, event_data) -> None:
        self.log.append(("noted enter", self.name))
        super().enter(event_data)


class _NotedTransition(Transition):
    """A transition class of its own (its `execute` notes itself): its event must go to the library."""

    def __init__(self, source: str, dest: str, log: list) -> None:
        super().__init__(source, dest)
        self.log = log

    def execute(self, event_data) -> bool:
        self.log.append(("noted execute", self.source, self.dest))
        return super().execute(event_data)


def _other_transition_class(machine, log) -> None:
    machine.add_transition("go", "A", "B")     # the event exists, with a transition of the machine's class
    for source in "ABCE":
        machine.events["go"].add_transition(_NotedTransition(source, "A", log))


def _other_state_class(machine, log) -> None:
    machine.add_states([_NotedState("F", log)])
    machine.add_transition("go", "*", "F")


def _states_set_whole(machine, log) -> None:
    """A states dict of its own, with a state of another class among them (the machine's view notes
    the class when the dict is set, as `add_states` does)."""
    states = OrderedDict(machine.states)
    states["A"] = _NotedState("A", log)
    machine.states = states


_CHANGES = {
    "a state of another class added": _other_state_class,
    "a transition of another class added": _other_transition_class,
    "a states dict set whole": _states_set_whole,
    "callback list assigned": lambda m, log: setattr(m, "before_state_change", [lambda *a: log.append("bsc+")]),
    "callback appended in place": lambda m, log: m.after_state_change.append(lambda *a: log.append("asc+")),
    "final callback appended": lambda m, log: m.on_final.append(lambda *a: log.append("final+")),
    "prepare_event appended": lambda m, log: m.prepare_event.append(lambda *a: log.append("prep+")),
    "send_event switched on": lambda m, log: setattr(m, "send_event", True),
    "invalid triggers refused": lambda m, log: setattr(m, "ignore_invalid_triggers", False),
}


@pytest.mark.parametrize("change", sorted(_CHANGES))
def test_a_machine_changed_after_it_was_built_behaves_the_same_on_both_classes(change):
    """The lean path reads the machine's attributes from a view kept by `__setattr__`: a list
    assigned or grown, or an option switched, after the machine was built is seen at once."""
    for seed in range(20):
        stock = _changed_after_build(Machine, seed, _CHANGES[change])
        lean = _changed_after_build(LeanMachine, seed, _CHANGES[change])
        assert stock == lean, f"seed {seed}"


class _Ctx:
    """A context with an agenda and hooks, as the flow runner's (what an `AgendaPlan` reads)."""

    def __init__(self, watched: bool) -> None:
        self.agenda = ["first"]
        self.hooks = Hooks()
        if watched:
            self.hooks.on("state", lambda *_: None)


@pytest.mark.parametrize("watched", [True, False])
@pytest.mark.parametrize("extra", [(), ("more",)])
def test_an_agenda_plan_schedules_the_same_on_both_classes(extra, watched):
    """The lean path extends the agenda for an `AgendaPlan` itself instead of calling it: the same
    tasks, in the same order and at the same point among the other `after` callbacks, as the library's
    call — its full tasks when the context's hooks have a `state` subscriber, its quiet ones when not —
    and the same error when the trigger is given no context at all."""
    seen = {}
    for cls in (Machine, LeanMachine):
        ctx, log = _Ctx(watched), []
        machine = cls(model=None, states=["a", "b"], initial="a", auto_transitions=False)
        note = lambda *a: log.append(list(a[0].agenda) if a else None)   # noqa: E731
        machine.add_transition("go", "a", "b", after=[note, AgendaPlan(("x", "y"), ("y",)), note])
        model = type("Model", (), {"state": "a"})()
        assert machine.events["go"].trigger(model, ctx, *extra) is True
        seen[cls] = (model.state, ctx.agenda, list(log))
        model.state = "a"
        with pytest.raises(TypeError):
            machine.events["go"].trigger(model)
    scheduled = ["first", "x", "y"] if watched else ["first", "y"]
    assert seen[Machine] == seen[LeanMachine] == ("b", scheduled, [["first"], scheduled])
