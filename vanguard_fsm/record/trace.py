"""The JSON Lines trace of CONTRACT.md, written by subscribing to a game's hooks.

Every line: `seq`, `event`, `turn`, `turn_player`, then the event's fields in the
order the game gave them. `state` events carry the dotted path of every flow
state entered; `timing` events every timing fired. Serialisation is fixed
(no spaces, insertion order), so the same game gives byte-identical files.
"""
from __future__ import annotations

import json


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


def other_flows_warning(trace_path, flowset) -> str | None:
    """`PATH:L:1: warning: ...` when the trace's `game_start` names other flows than `flowset`
    (its `flows` name and `flows_hash`); None when they agree or the trace does not say."""
    from ..paths import flows_name
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
