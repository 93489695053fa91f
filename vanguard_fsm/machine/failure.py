"""Name the YAML line when a registered action or condition raises at run time.

A designer who puts `compare_power` where no attack exists should read
`flows/turn.yaml:57: action 'compare_power' failed in state turn.battle_phase
(turn 3): AttributeError: ...`, not a traceback that never names the flow file.
The runner calls `annotate_*` in its `except` clause and re-raises the same
exception (control-flow exceptions of the tools keep working); the annotation is
a `flow_failure` attribute, which survives pickling to and from worker processes.
Nothing here runs unless something has already failed.
"""
from __future__ import annotations

from .registry import REGISTRY
from .yamlsrc import SourceError, load


class FlowFailure:
    """Where and in what a run-time failure happened; `str()` is the one line users see."""

    def __init__(self, path: str, line: int, kind: str, name: str, state: str, position: str, error: BaseException):
        self.path, self.line, self.kind, self.name, self.state, self.position = path, line, kind, name, state, position
        self.message = f"{type(error).__name__}: {error}"

    def __str__(self) -> str:
        where = f" ({self.position})" if self.position else ""
        return f"{self.path}:{self.line}: {self.kind} '{self.name}' failed in state {self.state}{where}: {self.message}"

    def __reduce__(self):
        return (_rebuild, (self.__dict__,))


def _rebuild(fields: dict) -> FlowFailure:
    failure = FlowFailure.__new__(FlowFailure)
    failure.__dict__.update(fields)
    return failure


def _line(path: str, key: tuple, fallback: int) -> int:
    try:
        marks = load(path).marks
    except SourceError:
        return fallback
    return marks.get(key, (fallback, 1))[0]


def _name_of(section, fn) -> str | None:
    for name in section.names():
        if section[name] is fn:
            return name
    return None


def _position(runner) -> tuple[str, str]:
    frame = runner.stack[-1] if runner.stack else None
    state = f"{frame.flow.name}.{frame.state}" if frame else "?"
    label = getattr(runner.ctx, "position_label", "")
    return state, label() if callable(label) else str(label or "")


def _where_written(runner, list_key: str, name: str) -> tuple[str, int]:
    """The file and line where `name` is written under `list_key` (`do`, `if`, `unless`),
    looking at the current state, its ancestors, then the transitions of its flow."""
    leaf = runner.leaf()
    if leaf is None:
        return "?", 0
    flow = runner.stack[-1].flow.spec
    for node in [leaf, *leaf.ancestors()[::-1]]:
        if list_key == "do" and name in node.actions:
            return flow.path, _line(flow.path, node.key + ("do", node.actions.index(name)), node.where.line)
        for t in node.transitions:
            names = {"do": t.actions, "if": t.conditions, "unless": t.unless}[list_key]
            if name in names:
                return flow.path, _line(flow.path, t.key + (list_key, names.index(name)), t.where.line)
    for t in flow.transitions():
        if list_key == "do" and name in t.actions:
            return flow.path, _line(flow.path, t.key + ("do", t.actions.index(name)), t.where.line)
    return flow.path, leaf.where.line


def annotate_action(exc: BaseException, runner, fn) -> None:
    """Called when the agenda task `fn` raised `exc`."""
    if getattr(exc, "flow_failure", None) is not None:
        return
    name = _name_of(REGISTRY.actions, fn)
    if name is None:
        return          # not a registered action (a tool's hook or a choice continuation)
    path, line = _where_written(runner, "do", name)
    state, position = _position(runner)
    exc.flow_failure = FlowFailure(path, line, "action", name, state, position, exc)


def annotate_condition(exc: BaseException, runner) -> None:
    """Called when firing a transition raised `exc`: find the registered condition in the traceback."""
    if getattr(exc, "flow_failure", None) is not None:
        return
    codes = {getattr(REGISTRY.conditions[n], "__code__", None): n for n in REGISTRY.conditions.names()}
    name, tb = None, exc.__traceback__
    while tb is not None:
        name = codes.get(tb.tb_frame.f_code, name)
        tb = tb.tb_next
    if name is None:
        return
    path, line = _where_written(runner, "if", name)
    if line == 0 or path == "?":
        path, line = _where_written(runner, "unless", name)
    state, position = _position(runner)
    exc.flow_failure = FlowFailure(path, line, "condition", name, state, position, exc)
