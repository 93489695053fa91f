"""The debugger's core: one game moved in indivisible units, with exact rewind.

It exists so a surprising moment of a game can be reached, looked at and taken
apart one flow transition at a time. Movement is made of indivisible units:
apply a choice, drain the agenda (a state's entry actions), or make one flow
move (`Game.step`). `run` repeats units until a stop condition, a breakpoint
(seen through the game's hooks, checked after the unit in which it fired) or a
decision nobody may answer.

Rewind is exact by re-execution: the start position is snapshotted once;
`rewind` restores it and re-runs the same units with the recorded choices.
Undone choices stay recorded ahead (`timeline`) and are replayed by the moving
commands until a different choice starts a new timeline. A replay file or a
scenario's script simply starts a session with its choices recorded ahead.
"""
from __future__ import annotations

from contextlib import contextmanager

from ..game.board_cache import close
from ..record.trace import TraceRecorder
from .breakpoints import Breakpoints


class Session:
    """One debugged game. `agents[seat]` decide when `resolve="agents"`; `recorded`
    action ids (a replay) are replayed ahead of the agents."""

    def __init__(self, game, agents, recorded=(), color: bool = False, context: dict | None = None) -> None:
        self.game = game
        self.agents = list(agents)
        self.color = color
        self.context = dict(context or {})     # seed, decks, format, flows_dir, cards, agents: for save/diagram
        self.breakpoints = Breakpoints()
        self.trace = TraceRecorder(game.hooks)
        self.hits: list[str] = []
        self.armed = False
        self.settle = False             # a state breakpoint hit: run on to that state's decision
        self.unit_mark = 0
        game.hooks.on("state", self._on_state)
        game.hooks.on("timing", self._on_timing)
        game.hooks.on("event", self._on_event)
        self.start = game.snapshot()
        self.start_history = len(game.history)
        self.start_transitions = game.runner.transitions
        self.start_trace = len(self.trace.events)
        self.timeline: list[str] = list(game.history) + list(recorded)
        self.units = 0                  # units of progress since the start position
        self.came_from: dict[str, str] = {}   # machine -> the leaf its last transition left
        self.stops = {0: self.start_transitions}   # positions shown to the user: units -> transitions

    # -- hooks ---------------------------------------------------------------
    def _on_state(self, game, machine: str, path: str) -> None:
        if self.armed:
            hits = self.breakpoints.state_hits(f"{machine}.{path}")
            self.hits.extend(hits)
            self.settle |= bool(hits)

    def _on_timing(self, game, name: str) -> None:
        if self.armed:
            self.hits.extend(self.breakpoints.timing_hits(name))

    def _on_event(self, game, event: str, fields: dict) -> None:
        if self.armed:
            self.hits.extend(self.breakpoints.event_hits(event, fields))

    @contextmanager
    def aside(self):
        """Work on the game that must leave no mark (saving replays it from the start):
        the trace, the counters and the position are put back exactly afterwards."""
        rows, seq, snapshot = len(self.trace.events), self.trace.seq, self.game.snapshot()
        kept = (self.units, dict(self.stops), list(self.timeline), dict(self.came_from), list(self.hits))
        try:
            yield
        finally:
            self.game.restore(snapshot)
            del self.trace.events[rows:]
            self.trace.seq = seq
            self.units, self.stops, self.timeline, self.came_from, self.hits = kept

    # -- movement ------------------------------------------------------------
    @property
    def transitions(self) -> int:
        return self.game.runner.transitions

    def recorded_next(self) -> str | None:
        pos = len(self.game.history)
        return self.timeline[pos] if pos < len(self.timeline) else None

    def mark_stop(self) -> None:
        """Remember the position shown to the user (so `back` returns to it exactly)."""
        self.stops[self.units] = self.transitions

    def apply(self, action_id: str) -> str:
        """Apply a legal action id; a different action than the recorded one starts a new timeline."""
        pos = len(self.game.history)
        note = ""
        if pos < len(self.timeline) and self.timeline[pos] != action_id:
            self.game.apply(action_id)     # raises IllegalAction before anything is discarded
            note = f" (new timeline: {len(self.timeline) - pos} recorded choice(s) ahead discarded)"
            del self.timeline[pos:]
            self.stops = {u: t for u, t in self.stops.items() if u <= self.units}
        else:
            self.game.apply(action_id)
        self.units += 1
        if pos >= len(self.timeline):
            self.timeline.append(action_id)
        return note

    def unit(self, resolve: str = "recorded") -> str | None:
        """One indivisible piece of progress, or None when blocked (decision, game over).
        `resolve`: which pending decisions may be answered — "single" (single-option
        ones only, as `Game.advance` does), "recorded" (also the recorded choice),
        "agents" (also by the agents)."""
        game = self.game
        if game.over:
            return None
        decision = game.pending
        if decision is not None:
            if len(decision.actions) == 1:
                self.apply(decision.actions[0].id)
                return "choice"
            recorded = self.recorded_next() if resolve != "single" else None
            if recorded is not None and decision.find(recorded) is not None:
                self.apply(recorded)
                return "choice"
            if resolve != "agents":
                return None
            self.apply(self.agents[decision.player].choose(game, decision).id)
            return "choice"
        self.units += 1
        if game.agenda:
            close(game)     # the tasks write the board: nothing read before is kept (`board_cache`)
            game.runner.drain()
            return "drain"
        frame = game.runner.stack[-1]
        before = frame.state
        outcome = game.step()
        if outcome == "transition":
            self.came_from[frame.flow.name] = before     # the edge the diagram marks
        return outcome

    def run(self, stop, resolve: str) -> str | None:
        """Units until `stop()` or a breakpoint; returns why it stopped early
        ("blocked", "breakpoint"), None when `stop()` became true."""
        self.hits = []
        self.armed = True
        self.settle = False
        try:
            while not stop():
                self.unit_mark = len(self.trace.events)
                if self.unit(resolve) is None:
                    return "blocked"
                if self.hits:
                    if self.settle:
                        self.enter_state()
                    return "breakpoint"
        finally:
            self.armed = False
        return None

    def enter_state(self) -> None:
        """After a state breakpoint: the state's entry actions done and its decision offered, so the
        stop is at the decision (a state that decides nothing: just before it moves on)."""
        game = self.game
        while game.pending is None and game.agenda and not game.over:
            self.unit("single")
        frame = game.runner.stack[-1] if not game.over else None
        if frame is not None and game.pending is None and frame.flow.leaves[frame.state].decision is not None \
                and frame.answered is None:
            self.unit("single")      # the decision (or, when a guard skips it, the way out)

    def rewind(self, reached) -> None:
        """Back to the start snapshot, then re-run the recorded choices until `reached()`."""
        game = self.game
        game.restore(self.start)
        del game.history[self.start_history:]
        del self.trace.events[self.start_trace:]
        self.trace.seq = self.start_trace
        self.units = 0
        self.came_from = {}
        while not reached():
            if self.unit("recorded") is None:
                raise RuntimeError(f"rewind stopped early at transition {self.transitions}: "
                                   f"the recorded choices no longer fit the game")

    def rewind_transitions(self, count: int) -> None:
        """N transitions back: to the first position shown at that transition count (so
        stepping forward K and back K returns exactly), else to the moment that
        transition happened. A decision answered there is pending again, recorded ahead."""
        target = max(self.start_transitions, self.transitions - count)
        visited = [u for u, t in self.stops.items() if t == target and u <= self.units]
        if visited:
            self.rewind(lambda: self.units >= min(visited))
        else:
            self.rewind(lambda: self.transitions >= target)
