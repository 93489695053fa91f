"""The debugger's command words: one small function each, over a `Session`.

Every function takes the session and the command's argument words and returns
the text to show. Commands that move the game record the position they leave
(`moves`), so `back` can return to it exactly. `COMMANDS` maps each word (and
its short form) to its function; `execute` parses a line and dispatches.
"""
from __future__ import annotations

import shlex

from ..agents.human import numbered_actions, pick
from ..game.actions import IllegalAction
from . import views

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
  whatif [N]            search the pending decision (ISMCTS, N iterations, default 200) from the deciding
                        seat's view: each legal action's win chance, visits and the line it expects
  diagram [DIR]         the current machine's SVG, current state highlighted (default DIR debug-diagrams/)
  save scenario FILE    the current position as a scenario file (for bug reports)
  save replay FILE      the whole game as a replay file (once it is over)
  help                  this text
  quit                  leave (end of input does too)"""


WHATIF_ITERATIONS = 200


class UsageError(Exception):
    """A command's arguments are malformed; the message says how to call it."""


def count_arg(verb: str, args: list[str], default: int) -> int:
    """The optional whole-number argument of step/back/log."""
    if not args:
        return default
    if len(args) == 1 and args[0].isascii() and args[0].isdigit() and len(args[0]) <= 9:
        return int(args[0])
    raise UsageError(f"{verb}: expected a whole number, got {' '.join(args)!r}")


def moves(fn):
    """Commands that move the game remember where they left it (for `back`)."""
    def wrapper(session, args):
        output = fn(session, args)
        session.mark_stop()
        return output
    wrapper.__doc__ = fn.__doc__
    return wrapper


@moves
def step(session, args) -> str:
    count = count_arg("step", args, 1)
    mark = len(session.trace.events)
    why = None
    for _ in range(max(1, count)):
        target = session.transitions + 1
        why = session.run(lambda: session.transitions >= target, "recorded")
        if why is not None:
            break
    return views.report(session, why, mark)


@moves
def next_decision(session, args) -> str:
    mark = len(session.trace.events)
    if session.game.pending is not None and session.unit("recorded") is None:
        return views.blocked_reason(session)
    why = session.run(lambda: session.game.pending is not None and len(session.game.pending.actions) > 1,
                      "single")
    return views.report(session, why, mark)


@moves
def cont(session, args) -> str:
    game = session.game
    mark, start_t, start_h = len(session.trace.events), session.transitions, len(game.history)
    why = session.run(lambda: False, "agents")
    summary = (f"ran {session.transitions - start_t} transition(s), {len(game.history) - start_h} "
               f"choice(s), {len(session.trace.events) - mark} event(s)")
    if why == "breakpoint":
        return summary + "\n" + views.report(session, why, session.unit_mark)
    return summary + "\n" + views.report(session, why, mark, show_events=False)


@moves
def auto(session, args) -> str:
    decision = session.game.pending
    if decision is None:
        return "no decision is pending" + (f"; {views.result_line(session)}" if session.game.over else "")
    recorded = session.recorded_next()
    if recorded is not None and decision.find(recorded) is not None:
        who, action_id = "recorded choice", recorded
    else:
        agent = session.agents[decision.player]
        who, action_id = f"{getattr(agent, 'name', 'agent')} agent", agent.choose(session.game, decision).id
    note = session.apply(action_id)
    return f"P{decision.player} ({who}) chose {action_id}{note}"


@moves
def choose(session, args) -> str:
    if not args:
        raise UsageError("usage: choose ID|N")
    answer = " ".join(args)
    decision = session.game.pending
    if decision is None:
        return "no decision is pending"
    action = pick(decision, answer)
    if action is None:
        return (f"{answer!r} is neither a number from 1 to {len(decision.actions)} nor a legal action id\n"
                + numbered_actions(decision))
    try:
        note = session.apply(action.id)
    except IllegalAction as exc:
        return str(exc)
    return f"P{decision.player} chose {action.id}{note}"


@moves
def back(session, args) -> str:
    count = count_arg("back", args, 1)
    if count <= 0:
        return f"still at {views.position(session)}"
    session.rewind_transitions(count)
    ahead = len(session.timeline) - len(session.game.history)
    lines = [f"rewound to {views.position(session)}"]
    if ahead:
        lines.append(f"{ahead} recorded choice(s) ahead: step/next/continue/auto replay them; "
                     f"choose something else to start a new timeline")
    if session.game.pending is not None:
        lines.append(views.decision_text(session))
    return "\n".join(lines)


def whatif(session, args) -> str:
    """What the search agent thinks of each legal action here; the game is not changed."""
    iterations = count_arg("whatif", args, WHATIF_ITERATIONS)
    if iterations < 1:
        raise UsageError("whatif: expected 1 or more iterations")
    decision = session.game.pending
    if decision is None:
        return "no decision is pending" + (f"; {views.result_line(session)}" if session.game.over else "")
    from ..agents.ismcts import evaluate_actions
    rows = evaluate_actions(session.game, decision.player, iterations=iterations, seed=session.game.seed)
    number = {a.id: n for n, a in enumerate(decision.actions, 1)}
    lines = [f"whatif: P{decision.player} at {decision.kind}, {iterations} ISMCTS iterations from P{decision.player}'s "
             f"view (hidden cards re-dealt each time); win = P{decision.player}'s estimated chance"]
    for action_id, win, visits, line in rows:
        value = "   -  " if win is None else f"{win:6.1%}"
        lines.append(f"  {number[action_id]:>2}. {action_id:38} win {value}  visits {visits:>4}"
                     + (f"  then: {' > '.join(line)}" if line else ""))
    return "\n".join(lines)


def log(session, args) -> str:
    return views.log(session, count_arg("log", args, 20))


def brk(session, args) -> str:
    return session.breakpoints.command(args, session.game)


def delete(session, args) -> str:
    return session.breakpoints.delete(args)


def diagram(session, args) -> str:
    from . import start
    return start.diagram(session, args[0] if args else start.DEBUG_DIAGRAMS)


def save(session, args) -> str:
    if len(args) != 2 or args[0] not in ("scenario", "replay"):
        raise UsageError("usage: save scenario FILE | save replay FILE")
    from . import start
    return start.save_scenario(session, args[1]) if args[0] == "scenario" else start.save_replay(session, args[1])


COMMANDS = {
    "step": step, "s": step, "next": next_decision, "n": next_decision, "continue": cont, "c": cont,
    "break": brk, "delete": delete, "where": lambda s, a: views.where(s), "w": lambda s, a: views.where(s),
    "board": lambda s, a: views.board(s), "log": log, "back": back, "b": back, "choose": choose,
    "auto": auto, "whatif": whatif, "diagram": diagram, "save": save, "help": lambda s, a: HELP, "?": lambda s, a: HELP,
}


def execute(session, line: str) -> str:
    """Run one command line; returns its output (an error message for bad input)."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        return f"cannot parse {line!r}: {exc}"
    if not words:
        return ""
    command = COMMANDS.get(words[0])
    if command is None:
        return f"unknown command {words[0]!r}; `help` lists the commands"
    try:
        return command(session, words[1:])
    except UsageError as exc:
        return str(exc)
