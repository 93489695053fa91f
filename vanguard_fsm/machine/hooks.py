"""One subscription mechanism for everything that watches a game.

The ability system, the trace writer, the play log, the debugger and statistics
all subscribe here; none of them is special-cased in the runner. Channels:

- `state`  — fn(ctx, machine_name, state_path): a flow state was entered;
- `timing` — fn(ctx, timing_name): a timing fired (any name); `on_timing(name, fn)`
  subscribes to one name only;
- `event`  — fn(ctx, event_name, fields_dict): a game event (draw, ride, attack ...).

Subscribers run in subscription order. `emit` with no subscriber costs one dict
lookup, so the simulation hot path pays nothing for unused channels.
"""
from __future__ import annotations

from typing import Callable


class Hooks:
    __slots__ = ("_channels", "_timings")

    def __init__(self) -> None:
        self._channels: dict[str, list[Callable]] = {}
        self._timings: dict[str, list[Callable]] = {}

    def on(self, channel: str, fn: Callable) -> Callable:
        self._channels.setdefault(channel, []).append(fn)
        return fn

    def on_timing(self, timing: str, fn: Callable) -> Callable:
        """Subscribe to one timing: `hooks.on_timing("beginning_of_guard_step", fn)`."""
        self._timings.setdefault(timing, []).append(fn)
        return fn

    def off(self, channel: str, fn: Callable) -> None:
        for table in (self._channels, self._timings):
            subs = table.get(channel)
            if subs and fn in subs:
                subs.remove(fn)
                if not subs:
                    del table[channel]

    def wants(self, channel: str) -> bool:
        return channel in self._channels

    def emit(self, channel: str, *args) -> None:
        subs = self._channels.get(channel)
        if subs:
            for fn in tuple(subs):
                fn(*args)

    def fire_timing(self, ctx, name: str) -> None:
        subs = self._channels.get("timing")
        if subs:
            for fn in tuple(subs):
                fn(ctx, name)
        subs = self._timings.get(name)
        if subs:
            for fn in tuple(subs):
                fn(ctx, name)
