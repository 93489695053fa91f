"""The step-through debugger's core: one method per command, each returning text.

It exists so a surprising moment of a game can be reached, looked at and
taken apart one flow transition at a time; `cmd_debug.py` only reads lines and
prints what these methods return, so tests drive the very same code.

Movement is made of indivisible units: apply a choice, drain the agenda (a
state's entry actions), or make one flow move (`Game.step`). `step` runs units
until one more flow transition has happened; `next` until a decision with two
or more options is pending; `continue` lets the agents play until a breakpoint
hits or the game ends. Breakpoints are seen through the game's hooks and stop
after the unit in which they fired.

Rewind is exact by re-execution: the start position is snapshotted once; `back N`
restores it and re-runs the same units with the recorded choices until the
transition count is N less — to the first position shown at that count, else
to the moment that transition happened. The undone choices stay recorded
ahead: `step`, `next`, `continue` and `auto` replay them (so stepping forward
again gives the identical state), until `choose` takes a different action,
which starts a new timeline. A replay file (or a scenario's script) simply
starts the debugger with its choices recorded ahead.
"""
from __future__ import annotations

import functools
import shlex

from ..agents.board_view import board_view, render_text
from ..agents.human import numbered_actions, pick
from ..game.actions import IllegalAction
from .debug_breakpoints import Breakpoints
from .trace import TraceRecorder

HIDDEN_FIELDS = ("seq", "event", "turn", "turn_player")

HELP = """commands:
  step [N]              one flow transition (N times)
  next                  run to the next decision (two or more options)
  continue              let the agents play until a breakpoint hits or the game ends
  break                 list breakpoints
  break state|timing|event|card NAME   add one (state: suffix of machine.state, e.g. guard_step)
  break delete N | delete N            remove breakpoint N
  where                 state of every machine, pending decision, agenda, pending abilities
  board                 both fields, hands, damage, soul, zone counts
  log [N]               the last N trace events (default 20)
  back [N]              rewind N flow transitions exactly (default 1), also past decisions
  choose ID|N           take a legal action at the pending decision (by id or number)
  auto                  let the configured agent (or the recorded choice) decide
  diagram [DIR]         the current machine's SVG, current state highlighted (default DIR debug-diagrams/)
  save scenario FILE    the current position as a scenario file (for bug reports)
  save replay FILE      the whole game as a replay file (once it is over)
  help                  this text
  quit                  leave (end of input does too)"""


def format_event(row: dict) -> str:
    fields = " ".join(f"{k}={v}" for k, v in row.items() if k not in HIDDEN_FIELDS)
    if row["event"] == "state":
        return f"#{row['seq']} state {row['path']}"
    if row["event"] == "timing":
        return f"#{row['seq']} timing {row['name']}"
    return f"#{row['seq']} {row['event']} {fields}".rstrip()


def _moves(method):
    """Commands that move the game remember where they left it (for `back`)."""
    @functools.wraps(method)
    def wrapper(self, *args):
        output = method(self, *args)
        self.stops[self.units] = self.transitions
        return output
    return wrapper


class Debugger:
    """Debugs one game. `agents[seat]` decide at `auto` and `continue`; `recorded`
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
            self.hits.extend(self.breakpoints.state_hits(f"{machine}.{path}"))

    def _on_timing(self, game, name: str) -> None:
        if self.armed:
            self.hits.extend(self.breakpoints.timing_hits(name))

    def _on_event(self, game, event: str, fields: dict) -> None:
        if self.armed:
            self.hits.extend(self.breakpoints.event_hits(event, fields))

    # -- movement ------------------------------------------------------------
    @property
    def transitions(self) -> int:
        return self.game.runner.transitions

    def recorded_next(self) -> str | None:
        pos = len(self.game.history)
        return self.timeline[pos] if pos < len(self.timeline) else None

    def _apply(self, action_id: str) -> str:
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

    def _unit(self, resolve: str = "recorded") -> str | None:
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
                self._apply(decision.actions[0].id)
                return "choice"
            recorded = self.recorded_next() if resolve != "single" else None
            if recorded is not None and decision.find(recorded) is not None:
                self._apply(recorded)
                return "choice"
            if resolve != "agents":
                return None
            self._apply(self.agents[decision.player].choose(game, decision).id)
            return "choice"
        self.units += 1
        if game.agenda:
            game.runner.drain()
            return "drain"
        frame = game.runner.stack[-1]
        before = frame.model.state
        outcome = game.step()
        if outcome == "transition":
            self.came_from[frame.flow.name] = before     # the edge the diagram marks
        return outcome

    def _blocked_reason(self) -> str:
        if self.game.over:
            return self._result_line()
        return self._decision_text()

    def _result_line(self) -> str:
        result = self.game.state.result
        if result is None:
            return "the game is over"
        winner, loser, reason = result
        return f"the game is over: winner P{winner}, loser P{loser} ({reason})"

    def _decision_text(self) -> str:
        d = self.game.pending
        if d is None:
            return "no decision is pending"
        text = f"decision: P{d.player} at {d.kind}" + (f" — {d.prompt}" if d.prompt else "") + "\n"
        text += numbered_actions(d)
        recorded = self.recorded_next()
        if recorded is not None and d.find(recorded) is not None:
            text += f"\nrecorded choice: {recorded} (step/next/continue/auto replay it; choose to change it)"
        elif recorded is not None:
            text += f"\nrecorded choice {recorded!r} is not legal here (the recording diverged); choose ID|N, or auto"
        else:
            text += "\nchoose ID|N, or auto"
        return text

    def _events_since(self, mark: int, limit: int = 40) -> list[str]:
        rows = self.trace.events[mark:]
        lines = [format_event(r) for r in rows[:limit]]
        if len(rows) > limit:
            lines.append(f"... {len(rows) - limit} more event(s); `log N` shows them")
        return lines

    def _position(self) -> str:
        return f"transition {self.transitions}: {' > '.join(self.game.runner.paths()) or '(no machine running)'}"

    def _run(self, stop, resolve: str) -> str | None:
        """Units until `stop()` or a breakpoint; returns why it stopped early (None: `stop()`)."""
        self.hits = []
        self.armed = True
        try:
            while not stop():
                self.unit_mark = len(self.trace.events)
                if self._unit(resolve) is None:
                    return "blocked"
                if self.hits:
                    return "breakpoint"
        finally:
            self.armed = False
        return None

    def _report(self, why, mark: int, show_events: bool = True) -> str:
        lines = self._events_since(mark) if show_events else []
        lines.append(self._position())
        if why == "breakpoint":
            lines.extend(dict.fromkeys(self.hits))
        if self.game.pending is not None or self.game.over:
            lines.append(self._blocked_reason())
        return "\n".join(lines)

    # -- commands --------------------------------------------------------------
    @_moves
    def step(self, count: int = 1) -> str:
        mark = len(self.trace.events)
        why = None
        for _ in range(max(1, count)):
            target = self.transitions + 1
            why = self._run(lambda: self.transitions >= target, "recorded")
            if why is not None:
                break
        return self._report(why, mark)

    @_moves
    def next(self) -> str:
        mark = len(self.trace.events)
        if self.game.pending is not None and self._unit("recorded") is None:
            return self._blocked_reason()
        why = self._run(lambda: self.game.pending is not None and len(self.game.pending.actions) > 1, "single")
        return self._report(why, mark)

    @_moves
    def cont(self) -> str:
        mark, start_t, start_h = len(self.trace.events), self.transitions, len(self.game.history)
        why = self._run(lambda: False, "agents")
        summary = (f"ran {self.transitions - start_t} transition(s), {len(self.game.history) - start_h} "
                   f"choice(s), {len(self.trace.events) - mark} event(s)")
        if why == "breakpoint":
            return summary + "\n" + self._report(why, self.unit_mark)
        return summary + "\n" + self._report(why, mark, show_events=False)

    @_moves
    def auto(self) -> str:
        decision = self.game.pending
        if decision is None:
            return "no decision is pending" + (f"; {self._result_line()}" if self.game.over else "")
        recorded = self.recorded_next()
        if recorded is not None and decision.find(recorded) is not None:
            who, action_id = "recorded choice", recorded
        else:
            agent = self.agents[decision.player]
            who, action_id = f"{getattr(agent, 'name', 'agent')} agent", agent.choose(self.game, decision).id
        note = self._apply(action_id)
        return f"P{decision.player} ({who}) chose {action_id}{note}"

    @_moves
    def choose(self, answer: str) -> str:
        decision = self.game.pending
        if decision is None:
            return "no decision is pending"
        action = pick(decision, answer)
        if action is None:
            return (f"{answer!r} is neither a number from 1 to {len(decision.actions)} nor a legal action id\n"
                    + numbered_actions(decision))
        try:
            note = self._apply(action.id)
        except IllegalAction as exc:
            return str(exc)
        return f"P{decision.player} chose {action.id}{note}"

    @_moves
    def back(self, count: int = 1) -> str:
        """N transitions back: to the first position shown at that transition count (so
        stepping forward K and back K returns exactly), else to the moment that
        transition happened. A decision answered there is pending again, recorded ahead."""
        if count <= 0:
            return f"still at {self._position()}"
        target = max(self.start_transitions, self.transitions - count)
        visited = [u for u, t in self.stops.items() if t == target and u <= self.units]
        if visited:
            self.rewind(lambda: self.units >= min(visited))
        else:
            self.rewind(lambda: self.transitions >= target)
        ahead = len(self.timeline) - len(self.game.history)
        lines = [f"rewound to {self._position()}"]
        if ahead:
            lines.append(f"{ahead} recorded choice(s) ahead: step/next/continue/auto replay them; "
                         f"choose something else to start a new timeline")
        if self.game.pending is not None:
            lines.append(self._decision_text())
        return "\n".join(lines)

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
            if self._unit("recorded") is None:
                raise RuntimeError(f"rewind stopped early at transition {self.transitions}: "
                                   f"the recorded choices no longer fit the game")

    def where(self) -> str:
        game = self.game
        state = game.state
        lines = [self._position(),
                 f"turn {state.turn}" + (f", turn player P{state.turn_player}" if state.turn else " (setup)")]
        for frame in game.runner.stack:
            leaf = frame.flow.leaves[frame.model.state]
            lines.append(f"  {frame.flow.name + '.' + leaf.path:34} {leaf.where}  {leaf.doc}")
        lines.append(self._decision_text() if game.pending is not None else
                     (self._result_line() if game.over else "decision: none pending"))
        lines.append(f"agenda: {len(game.agenda)} task(s)")
        lines.append(f"pending abilities: {self._pending_abilities()}")
        ahead = len(self.timeline) - len(game.history)
        lines.append(f"choices: {len(game.history)} made, {ahead} recorded ahead")
        return "\n".join(lines)

    def _pending_abilities(self) -> str:
        if self.game.abilities is None:
            return "abilities not loaded"
        from ..abilities import abstate
        pending = abstate.get(self.game).pending
        if not pending:
            return "none"
        cards = self.game.cards
        return "; ".join(f"P{p.seat} {cards[p.inst].id} {p.key} ({p.timing}{', held' if p.held else ''})"
                         for p in pending)

    def board(self) -> str:
        return render_text(board_view(self.game), color=self.color).rstrip("\n")

    def log(self, count: int = 20) -> str:
        rows = self.trace.events[-count:] if count > 0 else []
        return "\n".join(format_event(r) for r in rows) or "no events yet"

    def brk(self, args: list[str]) -> str:
        return self.breakpoints.command(args, self.game)

    def delete(self, args: list[str]) -> str:
        return self.breakpoints.delete(args)

    def diagram(self, out_dir: str | None = None) -> str:
        from . import debug_io
        return debug_io.diagram(self, out_dir or debug_io.DEBUG_DIAGRAMS)

    def save(self, args: list[str]) -> str:
        if len(args) != 2 or args[0] not in ("scenario", "replay"):
            return "usage: save scenario FILE | save replay FILE"
        from . import debug_io
        return debug_io.save_scenario(self, args[1]) if args[0] == "scenario" else debug_io.save_replay(self, args[1])

    # -- dispatch ------------------------------------------------------------
    def execute(self, line: str) -> str:
        """Run one command line; returns its output (an error message for bad input)."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return f"cannot parse {line!r}: {exc}"
        if not words:
            return ""
        verb, args = words[0], words[1:]
        count = _count_arg(args)
        if verb in ("step", "s", "back", "b", "log") and count is None:
            return f"{verb}: expected a whole number, got {' '.join(args)!r}"
        table = {
            "step": lambda: self.step(count or 1), "s": lambda: self.step(count or 1),
            "next": self.next, "n": self.next, "continue": self.cont, "c": self.cont,
            "break": lambda: self.brk(args), "delete": lambda: self.delete(args),
            "where": self.where, "w": self.where, "board": self.board,
            "log": lambda: self.log(20 if not args else count),
            "back": lambda: self.back(count if args else 1), "b": lambda: self.back(count if args else 1),
            "choose": lambda: self.choose(" ".join(args)) if args else "usage: choose ID|N",
            "auto": self.auto, "diagram": lambda: self.diagram(*args[:1]),
            "save": lambda: self.save(args), "help": lambda: HELP, "?": lambda: HELP,
        }
        command = table.get(verb)
        if command is None:
            return f"unknown command {verb!r}; `help` lists the commands"
        return command()


def _count_arg(args: list[str]) -> int | None:
    """The optional whole-number argument of step/back/log: 0 when absent, None if malformed."""
    if not args:
        return 0
    return int(args[0]) if len(args) == 1 and args[0].isdigit() else None
