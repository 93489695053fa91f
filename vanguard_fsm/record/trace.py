"""The JSON Lines trace of CONTRACT.md, written by subscribing to a game's hooks.

Every line: `seq`, `event`, `turn`, `turn_player`, then the event's fields in the
order the game gave them. `state` events carry the dotted path of every flow
state entered; `timing` events every timing fired. Serialisation is fixed
(no spaces, insertion order), so the same game gives byte-identical files.

Every reader of a trace file (`report`, `web --trace`, `evaluate --traces`) goes through
`read_trace_lines`: a regular file of at most `MAX_TRACE_BYTES` (the bounded reader of
the YAML files: a FIFO or /dev/zero is refused, never read without end), one JSON value
per line, nested at most `MAX_DEPTH` levels; anything else is a located `SourceError`.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..machine.yamlsrc import MAX_DEPTH, SourceError, read_source

MAX_TRACE_BYTES = 64 * 1024 * 1024     # a long game's trace is ~1 MB


def trace_row_problem(row) -> str | None:
    """What keeps a parsed line from being a trace row (every row holds an integer `seq`, a
    string `event`, an integer `turn` and `turn_player` 0, 1 or null), or None: a reader of
    traces written elsewhere refuses anything else instead of counting it as a game."""
    if not isinstance(row, dict):
        return f"a trace row is a JSON object, not {type(row).__name__}"
    checks = (("seq", lambda v: type(v) is int), ("event", lambda v: isinstance(v, str)),
              ("turn", lambda v: type(v) is int), ("turn_player", lambda v: v in (0, 1, None) and type(v) is not bool))
    missing = [key for key, ok in checks if key not in row or not ok(row[key])]
    if missing:
        return "a trace row holds seq (integer), event (text), turn (integer) and turn_player (0, 1 or null): " \
               f"{', '.join(missing)} missing or of another type"
    return None


class TraceRecorder:
    """Collects trace events in memory (as dicts) and/or writes them to a file."""

    def __init__(self, hooks, out=None, keep: bool = True) -> None:
        self.out = out
        self.keep = keep
        self.events: list[dict] = []
        self.seq = 0
        hooks.on("state", self._state)
        hooks.on("timing", self._timing)
        hooks.on("event", self._event)

    def _record(self, game, event: str, fields: dict) -> None:
        state = game.state
        row = {"seq": self.seq, "event": event, "turn": state.turn,
               "turn_player": state.turn_player if state.turn > 0 else None}
        row.update(fields)
        self.seq += 1
        if self.keep:
            self.events.append(row)
        if self.out is not None:
            self.out.write(json.dumps(row, separators=(",", ":")) + "\n")

    def _state(self, game, machine: str, path: str) -> None:
        self._record(game, "state", {"path": f"{machine}.{path}"})

    def _timing(self, game, name: str) -> None:
        self._record(game, "timing", {"name": name})

    def _event(self, game, event: str, fields: dict) -> None:
        self._record(game, event, fields)

    def of(self, event: str) -> list[dict]:
        return [e for e in self.events if e["event"] == event]


def _depth(value, limit: int) -> int:
    """How deep `value` nests, counted without recursion and only up to `limit + 1`."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= limit:
        node, level = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def parse_trace_lines(text: str, name: str) -> list[tuple[int, object]]:
    """(line number, JSON value) of every non-blank line of a trace's text; SourceError
    at the line that is not JSON or nests deeper than MAX_DEPTH (no RecursionError)."""
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
            too_deep = line.count("[") + line.count("{") > MAX_DEPTH and _depth(value, MAX_DEPTH) > MAX_DEPTH
        except json.JSONDecodeError as exc:
            raise SourceError(name, number, exc.colno, f"not JSON: {exc.msg}") from None
        except RecursionError:
            too_deep = True
        if too_deep:
            raise SourceError(name, number, 1, f"not a trace line: JSON nested deeper than {MAX_DEPTH} levels")
        rows.append((number, value))
    return rows


def read_trace_lines(path) -> list[tuple[int, object]]:
    """`parse_trace_lines` of a trace file, read with the bounds of the module docstring."""
    return parse_trace_lines(read_source(path, MAX_TRACE_BYTES), str(path))


def other_flows_warning(trace_path, flowset) -> str | None:
    """`PATH:L:1: warning: ...` when the trace's `game_start` names other flows than `flowset`
    (its `flows` name and `flows_hash`); None when they agree or the trace does not say."""
    from ..paths import flows_name
    if not Path(trace_path).is_file():
        return None         # a device or a FIFO: only the bounded reader of the trace may read it
    try:
        with open(trace_path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if '"game_start"' in line:
                    row = json.loads(line)
                    break
            else:
                return None
    except (OSError, UnicodeDecodeError, ValueError):
        return None         # the reader of the trace reports what is wrong with it
    if not isinstance(row, dict) or row.get("flows_hash") in (None, flowset.digest()):
        return None
    recorded, digest = row.get("flows"), row["flows_hash"]
    here = flows_name(flowset.directory)
    return (f"{trace_path}:{number}:1: warning: recorded under flows {recorded!r} (hash {digest}), drawn with "
            f"{here!r} (hash {flowset.digest()}): the diagrams may not match the game; "
            f"give the flows it was played under with --flows")
