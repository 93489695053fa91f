"""Runs a compiled flow set against a context (the game), one move at a time.

State lives in plain data so a game can be snapshotted and rewound: a stack of
frames (which machine, which leaf, whether its invoked child is still due, which
decision kind was answered) and an agenda — a LIFO stack of `(function, args)`
tasks, pushed and popped at its end. Entering a state pushes its entry marker and
`do` actions; actions may push further tasks (a choice, a check timing). The runner
drains the agenda, and when it is empty makes exactly one flow move: invoke a child
machine, return from a finished one, stop for a decision, or fire one `transitions`
trigger.

An entry marker announces the state to the hooks' `state` subscribers and fires its
entry timings. A move (a transition, an invoke, the start) made while the hooks have
no `state` subscriber schedules its quiet plan (`builder.quiet_plan`: a bench or a
search game, which nobody watches, skips ~300 markers a game): no marker for a state
without entry timings, and the markers of those with timings announce nothing. So a
`state` subscriber hears the entries of the moves made while the game had one (each
entry when it runs, to whoever is subscribed then), and never those of a move made
unwatched, even when it subscribes while that move's tasks are still on the agenda (a
decision asked half-way through its plan): it hears entries from the next move on.
The trace, the play log, the debugger and coverage subscribe before the first move.

The context must provide: `agenda` (a list or a deque), `hooks` (Hooks), `pending`
(None or a decision; a task that needs a choice sets it and the runner stops), and for
`run`, the game's loop, what it does around each move: `reads` and `state` (the board
version), `moves`, `chosen_at` and `move_limit` (the runaway bound). A
trigger is fired by its event's `fire(model, args)` (`LeanEvent.fire`; the stock
machine's events have it too, `builder.StockEvent`).
"""
from __future__ import annotations

from .builder import ENTER, TIMING, CompiledFlowSet
from .failure import annotate_action, annotate_condition
from .yamlsrc import SourceError


class FlowStuck(RuntimeError):
    """No transition out of a state could fire: a flow (or condition) is wrong."""


class Runaway(SourceError):
    """A game that would run forever: too many flow moves without a choice (a cycle of
    automatic transitions), or too many abilities played in one check timing (an ability
    that re-triggers itself). Located at the flow state or the card ability; the bounds
    are `limits` in parameters.yaml."""


class Frame:
    """One running machine, and its `transitions` model: the machine sets `state` on it.
    `fired`: the states whose first-entry timings have fired since this machine started;
    `episode`: which stay in the current state this is (a transition back to the same
    state — a repeat loop — keeps it, any other transition changes it); `passes`: how many
    times the stay has gone round its repeat loop. The frame is its own model (one object
    per machine, not two), which is what a snapshot restores most often."""

    __slots__ = ("flow", "state", "invoke_due", "answered", "fired", "episode", "passes")

    def __init__(self, flow, state: str, episode: int = 0) -> None:
        self.flow = flow
        self.state = state
        self.invoke_due = False
        self.answered = None
        self.fired = frozenset()
        self.episode = episode
        self.passes = 0

    @property
    def model(self) -> "Frame":
        """The `transitions` model: the frame itself (`frame.model.state` is `frame.state`)."""
        return self

    def copy(self) -> "Frame":
        other = Frame(self.flow, self.state, self.episode)
        other.invoke_due, other.answered, other.fired = self.invoke_due, self.answered, self.fired
        other.passes = self.passes
        return other


_new_frame = Frame.__new__


def _frame_of(values: tuple) -> Frame:
    """A frame from its snapshot tuple (`Runner.snapshot`), without `__init__`'s defaults."""
    frame = _new_frame(Frame)
    frame.flow, frame.state, frame.invoke_due, frame.answered, frame.fired, frame.episode, frame.passes = values
    return frame


# what one move did, for the debugger and statistics
MOVE_TRANSITION, MOVE_INVOKE, MOVE_RETURN, MOVE_DECISION, MOVE_STAY, MOVE_DONE = (
    "transition", "invoke", "return", "decision", "stay", "done")
MOVE_DRAINED = "drained"     # `Runner.run(0)`: the tasks ran, no move was asked for


class Runner:
    __slots__ = ("flows", "ctx", "stack", "transitions", "finished", "trigger_args")

    def __init__(self, flows: CompiledFlowSet, ctx) -> None:
        self.flows = flows
        self.ctx = ctx                   # the context a runner is made for stays its own
        self.trigger_args = (ctx,)       # what every trigger is given, held once (`LeanEvent.fire`)
        self.stack: list[Frame] = []
        self.transitions = 0
        self.finished = False

    # -- introspection ---------------------------------------------------
    def leaf(self):
        """The StateSpec of the innermost current state (None before start / after the end)."""
        frame = self.stack[-1] if self.stack else None
        return frame.flow.leaves[frame.state] if frame is not None else None

    def paths(self) -> list[str]:
        """The current state of every machine on the stack, outermost first."""
        return [f"{f.flow.name}.{f.state}" for f in self.stack]

    def scope(self) -> tuple:
        """(the current stay in the current state, unique over the game — the same through a
        repeat loop (CR 7.8.1.3, 6.8.1.5), different after any other move —, the pass of
        the loop: 0, then 1, 2 ... each time the state is re-entered by its repeat loop)."""
        if not self.stack:
            return (None, 0)
        frame = self.stack[-1]
        return ((len(self.stack), frame.episode), frame.passes)

    # -- running ----------------------------------------------------------
    def start(self) -> None:
        root = self.flows.root
        self.stack = [Frame(root, root.initial_leaf)]
        self._entered(root, root.initial_leaf)
        root.initial_plan(self.ctx)     # its tasks on the agenda (`AgendaPlan`: full or quiet)

    def _entered(self, flow, leaf_path: str) -> None:
        frame = self.stack[-1]
        frame.answered = None
        frame.invoke_due = flow.leaves[leaf_path].invoke is not None

    def drain(self) -> bool:
        """Run agenda tasks until it is empty or a decision is pending. True if empty."""
        return self.run(0) is not None

    def run(self, moves: int = -1) -> str | None:
        """The game's loop (`Game.advance`, `step`): tasks, a flow move, the tasks it scheduled ... until a
        task leaves a decision pending (None), a move stops at a decision or ends the flows (MOVE_DECISION,
        MOVE_DONE) or `moves` moves are made (-1: no bound; 0: tasks only, MOVE_DRAINED). Around each move,
        as the game defines it: no board value is kept while tasks run (`ctx.reads` None); a move and its
        decision read a board version (`(ctx.state, {})`, `game.board_cache`; the last one if it kept nothing);
        a move counts in `ctx.moves`; over `ctx.move_limit` since `ctx.chosen_at` is a `Runaway`."""
        ctx = self.ctx
        hooks = ctx.hooks
        timing_subs = hooks.timing_subs     # cleared in place when subscriptions change: held
        enter, timing_marker, version = ENTER, TIMING, None   # markers asked of every task: locals
        while True:
            agenda = ctx.agenda
            if agenda:
                ctx.reads = None
                # `agenda.pop()` asked each time, not held (`pop = agenda.pop`): a held one is a new bound
                # method at each of ~800 drains a game (~2 tasks each), costlier than the lookups it saves
                while agenda:
                    if ctx.pending is not None:
                        return None
                    fn, args = agenda.pop()
                    if fn is enter:
                        flow_name, state = args
                        subs = hooks.state_subs
                        if subs and flow_name is not None:     # None: a quiet plan's (module doc)
                            for sub in subs:
                                sub(ctx, flow_name, state.path)
                        if timings := state.entry_timings:     # most states have none: no iterator for them
                            for timing in timings:
                                subs = timing_subs.get(timing)
                                if subs is None:
                                    subs = hooks.subscribers_of_timing(timing)
                                for sub in subs:
                                    sub(ctx, timing)
                    elif fn is timing_marker:
                        name, first_entry_of = args
                        if first_entry_of is not None:
                            frame = self.stack[-1]
                            if first_entry_of in frame.fired:
                                continue
                            frame.fired = frame.fired | {first_entry_of}
                        hooks.fire_timing(ctx, name)
                    else:
                        try:   # most tasks (a state's `do` actions) take no arguments: called directly
                            fn(ctx, *args) if args else fn(ctx)
                        except Exception as exc:
                            annotate_action(exc, self, fn)     # the YAML line, for the error message
                            raise
            if ctx.pending is not None:
                return None
            if not moves:
                return MOVE_DRAINED
            if ctx.reads is None:     # a version that kept nothing is as good as new: not made again
                if version is None or version[1] or version[0] is not ctx.state:
                    version = (ctx.state, {})
                ctx.reads = version
            outcome = self.move()
            ctx.moves += 1
            if outcome is MOVE_DECISION or outcome is MOVE_DONE:
                return outcome
            if ctx.moves - ctx.chosen_at > ctx.move_limit:
                raise _runaway(self)
            moves -= 1
            if not moves:
                return outcome

    def move(self) -> str:
        """One flow move, with the agenda empty and no decision pending."""
        frame = self.stack[-1]
        flow = frame.flow
        leaf = flow.moves[frame.state]     # what the move reads of the leaf (`builder.LeafMove`)
        if frame.invoke_due:
            frame.invoke_due = False
            child = self.flows.flows[leaf.invoke]
            if leaf.invoke_at is None:
                start, plan = child.initial_leaf, child.initial_plan
            else:     # started at one of its states (`invoke_at`)
                start, plan = child.entries[leaf.invoke_at]
            self.stack.append(Frame(child, start, self.transitions))
            self._entered(child, start)
            plan(self.ctx)     # its tasks on the agenda (`AgendaPlan`: full or quiet)
            return MOVE_INVOKE
        if leaf.final:
            self.stack.pop()
            if not self.stack:
                self.finished = True
                return MOVE_DONE
            return MOVE_RETURN
        if leaf.decides:
            kind = frame.answered
            if kind is None:
                if not leaf.guarded:
                    return MOVE_DECISION
                event = leaf.advance    # a guard (a transition without 'choice') may skip the decision
            else:
                frame.answered = None
                event = leaf.leaving.get(kind)
                if event is None:      # a kind that does not leave the state
                    return MOVE_STAY
        else:
            event = leaf.advance
        before = frame.state
        try:   # `fire`: `trigger(frame, ctx)` without a tuple and a dict built for its arguments each time
            fired = event.fire(frame, self.trigger_args)
        except Exception as exc:
            annotate_condition(exc, self)
            raise
        if not fired:
            if leaf.decides:
                return MOVE_DECISION if kind is None else MOVE_STAY
            raise FlowStuck(f"{leaf.spec.where}: no transition out of {flow.name}.{before} could fire "
                            f"(all conditions were false); add an unconditional transition last")
        # moved: the stay in the state goes on (a repeat loop) or a new one begins
        self.transitions += 1
        state = frame.state
        if state != before:
            frame.episode, frame.passes = self.transitions, 0
        else:
            frame.passes += 1
        frame.answered = None   # `_entered`, written out
        frame.invoke_due = flow.moves[state].invoke is not None
        return MOVE_TRANSITION

    def interrupt(self, trigger: str) -> None:
        """Abandon every running machine and the agenda; fire `trigger` on the root machine."""
        root = self.flows.root
        if trigger not in root.interrupts:
            raise FlowStuck(f"the root machine {root.name!r} declares no interrupt {trigger!r}")
        self.ctx.agenda.clear()
        self.ctx.pending = None
        self.stack = self.stack[:1]
        frame = self.stack[0]
        root.events[trigger].fire(frame, self.trigger_args)
        self.transitions += 1
        frame.episode = self.transitions
        self._entered(root, frame.state)

    def place(self, paths: list[str]) -> None:
        """Put the machines directly in the given states, outermost first, e.g.
        `["game.turn", "turn.battle_phase", "battle.guard_step"]` (scenario files).
        Each outer state must invoke the next machine; nothing is entered or fired."""
        self.stack = _placed(self.flows, paths)
        self.finished = False

    # -- snapshots ---------------------------------------------------------
    # frames are kept as plain tuples: snapshots are taken far more often than restored
    def snapshot(self) -> tuple:
        return (tuple([(f.flow, f.state, f.invoke_due, f.answered, f.fired, f.episode, f.passes)
                       for f in self.stack]),
                self.transitions, self.finished)

    def restore(self, snap: tuple) -> None:
        frames, self.transitions, self.finished = snap
        self.stack = list(map(_frame_of, frames))


def _runaway(runner) -> Runaway:
    """The located error for a game whose flows move on and on with nobody choosing."""
    ctx = runner.ctx
    where = runner.leaf().where
    return Runaway(where.path, where.line, where.col,
                   f"runaway game: {ctx.moves - ctx.chosen_at} flow moves without a choice, last at "
                   f"{' > '.join(runner.paths())} (a cycle of automatic transitions? the bound is "
                   f"limits.flow_moves_without_decision in parameters.yaml)")


def _placed(flows: CompiledFlowSet, paths: list[str]) -> list[Frame]:
    """The frames of `Runner.place`: each path checked (a ValueError says what is wrong)."""
    stack = []
    for i, dotted in enumerate(paths):
        name, _, state = dotted.partition(".")
        flow = flows.flows.get(name)
        if flow is None:
            raise ValueError(f"unknown machine {name!r} in {dotted!r} (machines: {', '.join(flows.flows)})")
        if state not in flow.leaves:
            raise ValueError(f"{dotted!r}: {name!r} has no state {state!r} "
                             f"(states: {', '.join(flow.leaves)})")
        leaf = flow.leaves[state]
        if i + 1 < len(paths):
            child = paths[i + 1].partition(".")[0]
            if leaf.invoke != child:
                raise ValueError(f"{dotted!r} does not invoke machine {child!r}")
        elif leaf.invoke is not None:
            raise ValueError(f"{dotted!r} invokes {leaf.invoke!r}: name a state inside it too")
        stack.append(Frame(flow, state))
    if not stack or stack[0].flow is not flows.root:
        raise ValueError(f"the first path must be in the root machine {flows.root.name!r}")
    return stack
