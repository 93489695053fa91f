"""One subscription mechanism for everything that watches a game.

The ability system, the trace writer, the play log, the debugger and statistics
all subscribe here; none of them is special-cased in the runner. Channels:

- `state`  — fn(ctx, machine_name, state_path): a flow state was entered;
- `timing` — fn(ctx, timing_name): a timing fired (any name); `on_timing(name, fn)`
  subscribes to one name only;
- `event`  — fn(ctx, event_name, fields_dict): a game event (draw, ride, attack ...).

`on(channel, fn, names=...)` limits a subscriber to some event or timing names (the
ability layer listens only to the events and timings its cards use). Subscribers
run in subscription order; for a timing, every `timing` subscriber, then those of
that name. Who receives what is worked out at the first ask after the subscriptions
change, for every name a subscriber named at once (one pass over the subscribers, not one
per name: a game asks ~40 names, each game anew), and kept until they change again, so an
event or timing nobody listens to costs one dict lookup, and the caller can ask first
(`hears`) and build nothing. `event_subs[name]` answers every event name (empty: nobody
listens): the engine's hot paths ask it for `hears` without the call.
"""
from __future__ import annotations

from typing import Callable


class _Receivers(dict):
    """One channel's name -> who receives it, in subscription order: a subscript answers every name
    without a call into Python once asked. The first ask after a change (`__missing__` on the cleared
    dict) works out every name some subscriber named (`Hooks._receivers`); any other name gets the
    subscribers of every name (`rest`), kept at its first ask."""

    __slots__ = ("hooks", "channel", "rest")

    def __init__(self, hooks, channel: str) -> None:
        super().__init__()
        self.hooks, self.channel, self.rest = hooks, channel, None

    def __missing__(self, name: str) -> tuple:
        if self.rest is None:    # first ask since the subscriptions changed
            self.rest = self.hooks._receivers(self)
            if name in self:
                return self[name]
        subs = self[name] = self.rest
        return subs

    def clear(self) -> None:
        super().clear()
        self.rest = None


class Hooks:
    __slots__ = ("_channels", "_timings", "channel_subs", "timing_subs", "event_subs", "state_subs")

    def __init__(self) -> None:
        self._channels: dict[str, list[tuple[Callable, frozenset | None]]] = {}
        self._timings: dict[str, list[Callable]] = {}
        # derived, rebuilt on demand; cleared in place so a runner may hold on to them
        self.channel_subs: dict[str, tuple] = {}   # channel -> every subscriber, any name
        self.timing_subs = _Receivers(self, "timing")   # timing name -> who receives it, in order
        self.event_subs = _Receivers(self, "event")     # event name -> who receives it, in order
        # the `state` channel's subscribers (every state entered asks: an attribute, not a dict lookup)
        self.state_subs: tuple = ()

    def _changed(self) -> None:
        self.channel_subs.clear()
        self.timing_subs.clear()
        self.event_subs.clear()
        for channel, subs in self._channels.items():
            self.channel_subs[channel] = tuple(fn for fn, _ in subs)
        self.state_subs = self.channel_subs.get("state", ())

    def on(self, channel: str, fn: Callable, names=None) -> Callable:
        """Subscribe `fn` to a channel; with `names`, only to those event / timing names."""
        self._channels.setdefault(channel, []).append((fn, frozenset(names) if names is not None else None))
        self._changed()
        return fn

    def on_timing(self, timing: str, fn: Callable) -> Callable:
        """Subscribe to one timing: `hooks.on_timing("beginning_of_guard_step", fn)`."""
        self._timings.setdefault(timing, []).append(fn)
        self._changed()
        return fn

    def off(self, channel: str, fn: Callable) -> None:
        subs = self._channels.get(channel)
        if subs:
            for k, (sub, _) in enumerate(subs):
                if sub == fn:
                    del subs[k]
                    break
            if not subs:
                del self._channels[channel]
        subs = self._timings.get(channel)
        if subs and fn in subs:
            subs.remove(fn)
            if not subs:
                del self._timings[channel]
        self._changed()

    def wants(self, channel: str) -> bool:
        return channel in self._channels

    def _receivers(self, receivers: _Receivers) -> tuple:
        """Fills `receivers` with every name its channel's subscribers named (for `timing`, those
        named by `on_timing` too); returns who receives any other name. One pass, in subscription
        order: a name's list starts with the subscribers of every name made before its first."""
        rest, named = [], {}
        for fn, names in self._channels.get(receivers.channel, ()):
            if names is None:
                rest.append(fn)
                for subs in named.values():
                    subs.append(fn)
                continue
            for name in names:
                subs = named.get(name)
                if subs is None:
                    subs = named[name] = rest[:]
                subs.append(fn)
        if receivers.channel == "timing":    # every `timing` subscriber, then that name's
            for name, fns in self._timings.items():
                named[name] = named.get(name, rest) + fns
        for name, subs in named.items():
            receivers[name] = tuple(subs)
        return tuple(rest)

    def subscribers_of_event(self, name: str) -> tuple:
        """Who receives game event `name`, in subscription order (empty: nobody)."""
        return self.event_subs[name]

    def hears(self, name: str) -> bool:
        """Does anyone receive game event `name`? Asked before an event whose fields cost something
        to build (most events of an untraced game have no subscriber); `event_subs[name]` is the same test."""
        return bool(self.event_subs[name])

    def subscribers_of_timing(self, name: str) -> tuple:
        """Who receives timing `name`: `timing` subscribers, then that name's."""
        return self.timing_subs[name]

    def emit(self, channel: str, *args) -> None:
        if channel == "event":
            for fn in self.event_subs[args[1]]:
                fn(*args)
            return
        for fn in self.channel_subs.get(channel, ()):
            fn(*args)

    def fire_timing(self, ctx, name: str) -> None:
        for fn in self.timing_subs[name]:
            fn(ctx, name)
