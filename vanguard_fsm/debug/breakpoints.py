"""Debugger breakpoints: on a flow state, a timing, a game event, or a card.

A breakpoint names something a person recognises in the trace — `guard_step`
(any state path ending so), `beginning_of_guard_step`, `drive_check`, `AL-014`
(any event whose fields name that card). Names are checked against the flows
and the card database when set, so a typo is refused instead of never firing.
"""
from __future__ import annotations

BREAK_KINDS = ("state", "timing", "event", "card")
# the game events a trace holds (CONTRACT.md: the required ones and version 2's, plus this
# engine's extras); `break event NAME` accepts these and the engine events abilities listen to
TRACE_EVENTS = frozenset((
    "game_start", "redraw", "draw", "g_assist", "ride", "stride", "call", "move", "attack", "boost", "guard",
    "drive_check", "damage_check", "trigger", "battle_result", "retire", "ability", "game_over", "put",
    "shuffle", "rest", "stand", "turn_begin", "stand_up", "when_attacks", "legion",
    "attacked_units"))


def known_events(registry=None) -> frozenset:
    from ..machine.registry import REGISTRY
    return TRACE_EVENTS | frozenset((registry or REGISTRY).engine_events.names())


def _problem(kind: str, name: str, game) -> str | None:
    spec = game.flows.spec
    if kind == "state":
        paths = [f"{f.name}.{p}" for f in spec.flows.values() for p in f.all_states]
        if not any(p == name or p.endswith("." + name) for p in paths):
            return f"no flow state matches {name!r} (e.g. {', '.join(paths[:6])} ...)"
    elif kind == "timing" and name not in spec.declared_timings():
        return f"no flow declares timing {name!r} (declared: {', '.join(sorted(spec.declared_timings()))})"
    elif kind == "event" and name not in known_events():
        return f"no game event {name!r} (events: {', '.join(sorted(TRACE_EVENTS))})"
    elif kind == "card" and name not in game.db:
        return f"no card with id {name!r}"
    return None


def _mentions(value, card_id: str) -> bool:
    if isinstance(value, str):
        return value == card_id
    if isinstance(value, (list, tuple)):
        return any(_mentions(v, card_id) for v in value)
    return False


class Breakpoints:
    """Numbered breakpoints; `matches` returns the descriptions of those an occurrence hits."""

    def __init__(self) -> None:
        self.items: dict[int, tuple[str, str]] = {}
        self.next_number = 1

    def add(self, kind: str, name: str) -> int:
        number = self.next_number
        self.items[number] = (kind, name)
        self.next_number += 1
        return number

    def state_hits(self, full_path: str) -> list[str]:
        return [f"breakpoint {n}: state {full_path}" for n, (k, name) in self.items.items()
                if k == "state" and (full_path == name or full_path.endswith("." + name))]

    def timing_hits(self, timing: str) -> list[str]:
        return [f"breakpoint {n}: timing {timing}" for n, (k, name) in self.items.items()
                if k == "timing" and name == timing]

    def event_hits(self, event: str, fields: dict) -> list[str]:
        hits = []
        for n, (kind, name) in self.items.items():
            if kind == "event" and name == event:
                hits.append(f"breakpoint {n}: event {event}")
            elif kind == "card" and any(_mentions(v, name) for v in fields.values()):
                hits.append(f"breakpoint {n}: card {name} in {event}")
        return hits

    def command(self, args: list[str], game) -> str:
        """`break` (list), `break KIND NAME` (add, checked against the game), `break delete N`."""
        if not args:
            return self.listing()
        if args[0] == "delete":
            return self.delete(args[1:])
        if args[0] not in BREAK_KINDS or len(args) != 2:
            return "usage: break state|timing|event|card NAME, break delete N, or break (to list)"
        kind, name = args
        problem = _problem(kind, name, game)
        if problem:
            return problem
        return f"breakpoint {self.add(kind, name)}: {kind} {name}"

    def delete(self, args: list[str]) -> str:
        if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()) or len(args[0]) > 9 \
                or int(args[0]) not in self.items:
            return f"usage: delete N, with N one of: {', '.join(map(str, self.items)) or 'none'}"
        kind, name = self.items.pop(int(args[0]))
        return f"deleted breakpoint {args[0]}: {kind} {name}"

    def listing(self) -> str:
        if not self.items:
            return "no breakpoints"
        return "\n".join(f"  {n}. {kind} {name}" for n, (kind, name) in self.items.items())
