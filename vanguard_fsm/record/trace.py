"""The JSON Lines trace of CONTRACT.md, written by subscribing to a game's hooks.

Every line: `seq`, `event`, `turn`, `turn_player`, then the event's fields in the
order the game gave them. `state` events carry the dotted path of every flow
state entered; `timing` events every timing fired. Serialisation is fixed
(no spaces, insertion order), so the same game gives byte-identical files.
"""
from __future__ import annotations

import json


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
