"""What the debugger prints: positions, decisions, events and reports, as text.

Pure functions of a `Session`; nothing here moves the game.
"""
from __future__ import annotations

from ..agents.board_view import board_view, render_text
from ..agents.human import numbered_actions

HIDDEN_FIELDS = ("seq", "event", "turn", "turn_player")


def format_event(row: dict) -> str:
    fields = " ".join(f"{k}={v}" for k, v in row.items() if k not in HIDDEN_FIELDS)
    if row["event"] == "state":
        return f"#{row['seq']} state {row['path']}"
    if row["event"] == "timing":
        return f"#{row['seq']} timing {row['name']}"
    return f"#{row['seq']} {row['event']} {fields}".rstrip()


def position(session) -> str:
    return f"transition {session.transitions}: {' > '.join(session.game.runner.paths()) or '(no machine running)'}"


def result_line(session) -> str:
    result = session.game.state.result
    if result is None:
        return "the game is over"
    winner, loser, reason = result
    return f"the game is over: winner P{winner}, loser P{loser} ({reason})"


def decision_text(session) -> str:
    d = session.game.pending
    if d is None:
        return "no decision is pending"
    text = f"decision: P{d.player} at {d.kind}" + (f" — {d.prompt}" if d.prompt else "") + "\n"
    text += numbered_actions(d)
    recorded = session.recorded_next()
    if recorded is not None and d.find(recorded) is not None:
        text += f"\nrecorded choice: {recorded} (step/next/continue/auto replay it; choose to change it)"
    elif recorded is not None:
        text += f"\nrecorded choice {recorded!r} is not legal here (the recording diverged); choose ID|N, or auto"
    else:
        text += "\nchoose ID|N, or auto"
    return text


def blocked_reason(session) -> str:
    return result_line(session) if session.game.over else decision_text(session)


def events_since(session, mark: int, limit: int = 40) -> list[str]:
    rows = session.trace.events[mark:]
    lines = [format_event(r) for r in rows[:limit]]
    if len(rows) > limit:
        lines.append(f"... {len(rows) - limit} more event(s); `log N` shows them")
    return lines


def report(session, why, mark: int, show_events: bool = True) -> str:
    """What a moving command shows: the events it produced, where it stopped and why."""
    lines = events_since(session, mark) if show_events else []
    lines.append(position(session))
    if why == "breakpoint":
        lines.extend(dict.fromkeys(session.hits))
    if session.game.pending is not None or session.game.over:
        lines.append(blocked_reason(session))
    return "\n".join(lines)


def pending_abilities(session) -> str:
    game = session.game
    if game.abilities is None:
        return "abilities not loaded"
    from ..abilities.runtime import abstate
    pending = abstate.get(game).pending
    if not pending:
        return "none"
    return "; ".join(f"P{p.seat} {game.cards[p.inst].id} {p.key} ({p.timing})"
                     for p in pending)


def where(session) -> str:
    game = session.game
    state = game.state
    lines = [position(session),
             f"turn {state.turn}" + (f", turn player P{state.turn_player}" if state.turn else " (setup)")]
    for frame in game.runner.stack:
        leaf = frame.flow.leaves[frame.state]
        lines.append(f"  {frame.flow.name + '.' + leaf.path:34} {leaf.where}  {leaf.doc}")
    lines.append(decision_text(session) if game.pending is not None else
                 (result_line(session) if game.over else "decision: none pending"))
    lines.append(f"agenda: {len(game.agenda)} task(s)")
    lines.append(f"pending abilities: {pending_abilities(session)}")
    ahead = len(session.timeline) - len(game.history)
    lines.append(f"choices: {len(game.history)} made, {ahead} recorded ahead")
    return "\n".join(lines)


def board(session) -> str:
    return render_text(board_view(session.game), color=session.color).rstrip("\n")


def log(session, count: int = 20) -> str:
    rows = session.trace.events[-count:] if count > 0 else []
    return "\n".join(format_event(r) for r in rows) or "no events yet"
