"""Lean `transitions` classes: the library's semantics without its per-trigger overhead.

A stock `Event.trigger` builds an `EventData` and a `partial`, goes through
`Machine._process`, looks states up by name three times, and formats about a
dozen log calls whose arguments are computed even when logging is off; for this
engine (callbacks are plain callables, almost every callback list is empty) that
is ~80% of a trigger. These classes plug into the library's documented extension
points (`Machine.event_cls`, `Machine.transition_cls`, `Transition.condition_cls`)
and run the same steps in the same order:

  prepare callbacks → conditions and `unless` (in order, stopping at the first that
  fails) → machine `before_state_change` → `before` → source state's `on_exit` →
  model state set → destination's `on_enter` → machine `on_final` if it is final →
  `after` → machine `after_state_change`; the first candidate transition that passes
  wins.

`LeanEvent.fire(model, args)` is `trigger(model, *args)` for a caller that holds its
arguments as a tuple already (the flow runner: one `(game,)` for all its triggers).
An `AgendaPlan` (the flow's entry plans) is the one callback the fast path does not
call: it does the plan's agenda extend itself. Callbacks get the trigger's arguments
(`send_event=False`); a callback or condition given by name is resolved by the
machine's `resolve_callable`, as in the library.
Anything this fast path does not model — a queued machine, `send_event=True`,
`prepare_event`/`finalize_event`/`on_exception` callbacks, a state of a class other
than `State` (whatever `state_cls` made it, given to `add_states` as an instance, or in
a states dict set whole: the machine notes it then, `MachineView.other_states`),
a model attribute other than `state`, non-string (enum) states, and an event with no
transition from the current state (ignored with the library's warning, or
`MachineError`) — is handed to the stock implementation whole, so behaviour
never depends on which path ran. What is not reproduced is the
library's debug/info logging of each step. The machine's attributes are read from
a `MachineView` that `LeanMachine.__setattr__` keeps up to date (why: `_VIEWED`).
`tests/test_lean_machine.py` plays seeded games on stock and lean classes and
compares their traces byte for byte, and machines changed after they were built.

Written against transitions 0.9.x (pinned in pyproject.toml): the attributes read
here (`_queued`, `_prepare_event`, ...) are that series' internals.
"""
from __future__ import annotations

from types import FunctionType, MappingProxyType

from transitions import Machine
from transitions.core import Condition, Event, EventData, State, Transition

NO_KWARGS = MappingProxyType({})    # `LeanEvent.fire` without keyword arguments (read-only: shared)
# A plain Python function is never a callback name: `func.__class__ is not _FUNCTION` decides that
# before `isinstance(func, str)`, a builtin call, for the flow's own conditions and `after` callbacks
_FUNCTION = FunctionType

# The machine attributes a trigger reads. `Machine` defines `__getattr__` (its `on_enter_<state>`
# helpers), and an attribute read on an instance of such a class is not specialised by the
# interpreter: ~3x an ordinary read, about ten per trigger. The lean path reads them from a
# `MachineView` instead, which `LeanMachine.__setattr__` keeps equal to the machine's own
# attributes; the callback lists and the states dict are the machine's own objects, so a
# callback appended to a list or a state added is seen at once.
_VIEWED = ("_queued", "send_event", "_prepare_event", "_finalize_event", "_on_exception",
           "_before_state_change", "_after_state_change", "_on_final", "states", "model_attribute",
           "ignore_invalid_triggers")


class MachineView:
    """The viewed attributes of one `LeanMachine` (`_VIEWED`), as plain slots; `other_states`: does the
    machine hold a state of a class other than `State` (kept by `add_states`)? Asked instead of the
    machine's `state_cls`: an attribute read on the machine costs ~500 instructions
    (`Machine.__getattr__`), a tenth of a lean trigger; and instead of each trigger asking its state's
    class (`x.__class__` is not specialised by the interpreter: 0.3% of a game's instructions). And
    `unmodelled`, the options that send every trigger to the library, in one test: a queued machine,
    `send_event`, a state of another class, a model attribute other than 'state' (all plain values, set
    through `__setattr__`, never changed in place; the callback lists, which can be, are tested at each
    trigger)."""

    __slots__ = _VIEWED + ("other_states", "unmodelled")

    def note_options(self) -> None:
        """`unmodelled` again, after one of the values it is made of was set (during the machine's
        `__init__` some are not set yet)."""
        self.unmodelled = bool(getattr(self, "_queued", False) or getattr(self, "send_event", False)
                               or getattr(self, "other_states", False)
                               or getattr(self, "model_attribute", "state") != "state")


_OPTIONS = frozenset(("_queued", "send_event", "model_attribute"))   # what `unmodelled` is made of


class AgendaPlan:
    """An `after` callback that schedules tasks: called with the trigger's arguments, it extends the
    first one's `agenda` with `tasks` (the flow runner's entry plans, `builder.compile_flow`: every
    flow transition has one), or with `quiet` when the context's hooks have no `state` subscriber
    (the same plan without the entry markers that would only announce a state: `builder.quiet_plan`).
    The lean path does that extend itself rather than call it (a Python call from `fire` cost about
    as much as the rest of an `after`); the library calls it."""

    __slots__ = ("tasks", "quiet")

    def __init__(self, tasks: tuple, quiet: tuple | None = None) -> None:
        self.tasks = tasks
        self.quiet = tasks if quiet is None else quiet

    def __call__(self, ctx, *args, **kwargs) -> None:
        ctx.agenda.extend(self.tasks if ctx.hooks.state_subs else self.quiet)


def _event_data(machine, event, model, args, kwargs) -> EventData:
    """A real `EventData`, built only when a callback given by name must be resolved."""
    return EventData(machine.get_model_state(model), event, machine, model, args, kwargs)


def _run(callbacks, machine, event, model, args, kwargs) -> None:
    """Call each callback with the trigger's arguments (names resolved as the library does)."""
    for func in callbacks:
        if isinstance(func, str):
            func = machine.resolve_callable(func, _event_data(machine, event, model, args, kwargs))
        func(*args, **kwargs)


class LeanCondition(Condition):
    """A condition (or `unless`) checked without an `EventData` on the fast path."""

    def passes(self, machine, event, model, args, kwargs) -> bool:
        func = self.func
        if isinstance(func, str):
            func = machine.resolve_callable(func, _event_data(machine, event, model, args, kwargs))
        return func(*args, **kwargs) == self.target


class LeanTransition(Transition):
    """A transition the lean path runs: `LeanEvent.fire` takes its steps (`Transition.execute`'s)
    itself, one candidate after another, rather than call a method per candidate."""

    condition_cls = LeanCondition


_STOCK_ONLY = MachineView()   # the view of an event whose every trigger goes to the library (`LeanEvent`)
_STOCK_ONLY.unmodelled = True


class LeanEvent(Event):
    """An event whose triggers take the lean path (`fire`). Its `view` is its machine's, or `_STOCK_ONLY`
    (all to the library, in the same test as a machine's options) when the machine is not a `LeanMachine`
    or once a transition of another class is added."""

    def __init__(self, name, machine) -> None:
        super().__init__(name, machine)
        self.view = getattr(machine, "lean_view", None) or _STOCK_ONLY

    @property
    def stock_only(self) -> bool:
        return self.view is _STOCK_ONLY

    def add_transition(self, transition) -> None:
        if not isinstance(transition, LeanTransition):
            self.view = _STOCK_ONLY
        super().add_transition(transition)

    def trigger(self, model, *args, **kwargs):
        return self.fire(model, args, kwargs)

    def fire(self, model, args: tuple, kwargs=NO_KWARGS):
        """`trigger(model, *args, **kwargs)` with the arguments given as they are held: a caller that
        passes the same arguments to every trigger (the flow runner: its game) keeps one tuple rather
        than have `*args, **kwargs` build a tuple and an empty dict at each call."""
        view = self.view
        if view.unmodelled or view._prepare_event or view._finalize_event or view._on_exception:
            return Event.trigger(self, model, *args, **kwargs)
        name = model.state      # `unmodelled`: the model attribute is the library's default, 'state'
        try:   # (a state of another class is known from `unmodelled`: `add_states` notes it)
            view.states[name]
        except (KeyError, TypeError):   # not a state's name (an enum state, say): the library decides
            return Event.trigger(self, model, *args, **kwargs)
        candidates = self.transitions.get(name)
        if candidates is None:
            # no transition from this state: the library ignores the trigger (with its warning) or
            # raises `MachineError`, as the machine and state say
            return Event.trigger(self, model, *args, **kwargs)
        # `Transition.execute` on the fast path, written out here (a method call per candidate cost a
        # tenth of a trigger): the first candidate whose conditions pass fires.
        # `LeanCondition.passes` and `_run` are written out for the conditions and `after` (most
        # triggers test one condition; every flow transition has one `after`, its entry plan), each
        # called with the arguments' tuple alone when there are no keyword arguments (the runner's
        # `NO_KWARGS`): `f(*args, **kwargs)` builds a new dict. A condition's result is tested `is`
        # its target before `==` (the library's test): a flow condition answers True or False
        plain = kwargs is NO_KWARGS
        for transition in candidates:
            if transition.prepare:
                _run(transition.prepare, self.machine, self, model, args, kwargs)
            for condition in transition.conditions:
                func = condition.func
                if func.__class__ is not _FUNCTION and isinstance(func, str):
                    func = self.machine.resolve_callable(
                        func, _event_data(self.machine, self, model, args, kwargs))
                passed = func(*args) if plain else func(*args, **kwargs)
                target = condition.target
                if passed is not target and not passed == target:
                    break     # this candidate does not fire: the next one is tried
            else:
                break         # every condition passed: this one fires
        else:
            return False      # none of the candidates' conditions passed
        # `transition` fires: the callbacks around the state change, and the change itself
        if view._before_state_change:
            _run(view._before_state_change, self.machine, self, model, args, kwargs)
        if transition.before:
            _run(transition.before, self.machine, self, model, args, kwargs)
        dest = transition.dest
        if dest is not None:   # None: an internal transition (no exit, no enter)
            states = view.states
            source = states[name]     # (`transition.source`; looked up again: a callback may add states)
            if source.on_exit:
                _run(source.on_exit, self.machine, self, model, args, kwargs)
            try:   # (`states` is an OrderedDict: a subscript is about half the cost of its `get`)
                dest = states[dest]
            except KeyError:
                dest = self.machine.get_state(dest)   # the library's error for an unknown state
            model.state = dest._name
            if dest.on_enter:
                _run(dest.on_enter, self.machine, self, model, args, kwargs)
            if dest.final and view._on_final:
                _run(view._on_final, self.machine, self, model, args, kwargs)
        for func in transition.after:
            if func.__class__ is AgendaPlan and args:   # its call, written out
                ctx = args[0]
                ctx.agenda.extend(func.tasks if ctx.hooks.state_subs else func.quiet)
                continue
            if func.__class__ is not _FUNCTION and isinstance(func, str):
                func = self.machine.resolve_callable(func, _event_data(self.machine, self, model, args, kwargs))
            func(*args) if plain else func(*args, **kwargs)
        if view._after_state_change:
            _run(view._after_state_change, self.machine, self, model, args, kwargs)
        return True


class LeanMachine(Machine):
    """A flat `transitions.Machine` whose triggers take the lean path."""

    event_cls = LeanEvent
    transition_cls = LeanTransition

    def __init__(self, *args, **kwargs) -> None:
        self.lean_view = MachineView()   # filled by `__setattr__` as `Machine` sets up
        super().__init__(*args, **kwargs)

    def add_states(self, *args, **kwargs) -> None:
        """The library's `add_states` (`add_state` and `__init__` come through here too), noting whether
        a state of another class is now among the machine's states."""
        super().add_states(*args, **kwargs)
        self._note_state_classes()

    def _note_state_classes(self) -> None:
        self.lean_view.other_states = any(state.__class__ is not State for state in self.states.values())
        self.lean_view.note_options()

    def __setattr__(self, name: str, value) -> None:
        super().__setattr__(name, value)
        if name in _VIEWED:
            setattr(self.lean_view, name, value)
            if name == "states":   # a states dict of its own (the library sets one up in `__init__`)
                self._note_state_classes()
            elif name in _OPTIONS:
                self.lean_view.note_options()
