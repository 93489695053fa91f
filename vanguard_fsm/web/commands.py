"""The closed list of what a page may ask its debugger, with each message checked.

A message is a JSON object `{"cmd": NAME, ...}` (plus an optional `id` echoed in the
reply). Each command is a small function over the tab's `PageSession` that returns
a dict; moving commands return the new view. Anything else — unknown names, missing
or mistyped arguments, an illegal action, an unreadable upload — is an error reply
(`ok: false`, `error`), and the session goes on unchanged. No message names a file
on the server: saves come back as downloads, loads arrive as uploaded text.
"""
from __future__ import annotations

from ..debug.breakpoints import BREAK_KINDS
from ..debug.commands import UsageError
from ..game.actions import IllegalAction
from ..game.concede import conceding_seat
from . import flowinfo

MAX_COUNT = 100_000
MAX_TEXT = 200
MAX_UPLOAD = 20_000_000
MAX_SEARCH = 5_000
SAVES = ("scenario", "replay", "trace")
LOADS = ("scenario", "replay", "trace")


class BadMessage(ValueError):
    """The message is malformed; the reply says what was expected."""


def _int(msg: dict, key: str, default: int | None = None, low: int = 0, high: int = MAX_COUNT) -> int:
    value = msg.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadMessage(f"{msg.get('cmd')}: '{key}' must be a whole number from {low} to {high}")
    return value


def _text(msg: dict, key: str, choices=None, limit: int = MAX_TEXT) -> str:
    value = msg.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadMessage(f"{msg.get('cmd')}: '{key}' must be a non-empty string of at most {limit} characters")
    if choices is not None and value not in choices:
        raise BadMessage(f"{msg.get('cmd')}: '{key}' must be one of {', '.join(choices)}")
    return value


def _moved(page, message: str) -> dict:
    """A moving command's reply; a search of the position left behind is stopped (its values
    were of that position)."""
    if page.search is not None and page.search.at != position_key(page):
        page.stop_search("the position moved")
    return {"message": message, **page.view()}


def view(page, msg):
    return page.view()


def step(page, msg):
    return _moved(page, page.debugger.step(_int(msg, "count", 1, 1)))


def next_decision(page, msg):
    return _moved(page, page.debugger.next())


def cont(page, msg):
    return _moved(page, page.debugger.cont())


def back(page, msg):
    return _moved(page, page.debugger.back(_int(msg, "count", 1, 1)))


def goto(page, msg):
    return _moved(page, page.goto(_int(msg, "transitions")))


def restart(page, msg):
    return _moved(page, page.restart())


def branch(page, msg):
    note = page.branch()
    if msg.get("run") is True:
        return _moved(page, note + "\n" + page.debugger.cont())
    return _moved(page, note)


def choose(page, msg):
    action = _text(msg, "action")
    decision = page.game.pending
    if decision is None:
        raise BadMessage("no decision is pending")
    if decision.find(action) is None and conceding_seat(action) is None:   # either seat may concede (CR 1.2.4)
        raise IllegalAction(f"{action!r} is not a legal action for player {decision.player} at {decision.kind}",
                            decision.ids())
    then = msg.get("then")
    if then not in (None, "step", "next"):
        raise BadMessage("choose: 'then' is \"step\", \"next\" or absent")
    said = page.debugger.choose(action)
    if then is not None:             # the page's click: the game moves on (one transition, or to the next decision)
        said += "\n" + (page.debugger.step() if then == "step" else page.debugger.next())
    return _moved(page, said)


def auto(page, msg):
    return _moved(page, page.debugger.auto())


def view_as(page, msg):
    """Whose side the board shows: `seat` 0 or 1 (the other hand hidden), or null for both (debug)."""
    seat = msg.get("seat")
    if seat is not None:
        seat = _int(msg, "seat", low=0, high=1)
    page.viewer = seat
    return page.view()


def position_key(page) -> str:
    """What tells positions apart on the page: transitions / choices made / trace rows."""
    dbg = page.debugger
    return f"{dbg.transitions}/{len(dbg.game.history)}/{len(dbg.trace.events)}"


def evaluate(page, msg):
    """Start the search agent's view of the pending decision (ISMCTS from the deciding seat's view,
    the hidden cards re-dealt each iteration) in the background: each action's estimated win
    chance for that seat with a 95% interval, its playouts and the principal line after it.
    The reply comes at once; `evaluate_poll` reads the progress, `evaluate_cancel` stops it, and
    every other command works meanwhile. The game is not changed; the terminal's `whatif`."""
    iterations = _int(msg, "iterations", 100, 1, MAX_SEARCH)
    if page.game.pending is None:
        raise BadMessage("no decision is pending")
    from .evaluation import Search
    page.stop_search("replaced by a new search")
    page.search = Search(page.game, iterations, position_key(page))
    return {"evaluation": page.search.report()}


def evaluate_poll(page, msg):
    if page.search is None:
        raise BadMessage("no search was started")
    return {"evaluation": page.search.report()}


def evaluate_cancel(page, msg):
    if page.search is None:
        raise BadMessage("no search was started")
    page.stop_search("cancelled")
    return {"evaluation": page.search.report(), "message": "search cancelled"}


def break_add(page, msg):
    kind = _text(msg, "kind", BREAK_KINDS + ("condition",))
    name = _text(msg, "name")
    dbg = page.debugger
    if kind == "condition":
        number = dbg.conditions.add(name, dbg.game)
        said = f"breakpoint {number}: condition {name}"
        if dbg.conditions.was[number]:      # it stops when the condition turns true: not here, not until it turns false
            said += (" — already true here: it stops only when the condition next turns true "
                     "(after it has been false)")
        return {"message": said, "breakpoints": page.breakpoint_list()}
    if len(name.split()) != 1:
        raise BadMessage(f"a {kind} breakpoint names one thing, without spaces")
    answer = dbg.breakpoints.command([kind, name], dbg.game)
    if not answer.startswith("breakpoint "):
        raise BadMessage(answer)
    return {"message": answer, "breakpoints": page.breakpoint_list()}


def break_delete(page, msg):
    number = _int(msg, "number", low=1)
    dbg = page.debugger
    if not dbg.conditions.delete(number):
        if number not in dbg.breakpoints.items:
            raise BadMessage(f"no breakpoint {number}")
        dbg.breakpoints.items.pop(number)
    return {"message": f"deleted breakpoint {number}", "breakpoints": page.breakpoint_list()}


def peek(page, msg):
    return {"peek": page.peek(_int(msg, "seq"))}


def flows_info(page, msg):
    """What the page needs once: machine names, each state's rule IDs and doc."""
    spec = page.game.flows.spec
    return {"watch": page.watch is not None, "machines": list(spec.flows), "root": spec.root,
            "state_rules": flowinfo.state_rules(spec),
            "state_docs": flowinfo.state_docs(spec), "rule_texts": flowinfo.rule_texts(spec)}


def diagram(page, msg):
    machine = _text(msg, "machine")
    spec = page.game.flows.spec
    if machine not in spec.flows:
        raise BadMessage(f"no machine {machine!r}: one of {', '.join(spec.flows)}")
    return {"machine": machine, "svg": flowinfo.diagram_svg(spec, machine)}


def state_info(page, msg):
    machine, path = _text(msg, "machine"), _text(msg, "path")
    try:
        return {"state": flowinfo.state_info(page.game.flows.spec, machine, path)}
    except KeyError:
        raise BadMessage(f"no state {machine}.{path}") from None


def save(page, msg):
    return page.save(_text(msg, "what", SAVES))


def load(page, msg):
    what = _text(msg, "what", LOADS)
    name = _text(msg, "name")
    text = _text(msg, "text", limit=MAX_UPLOAD)
    if what == "trace":
        from .report import report_html
        return {"report_html": report_html(text, name, flowset=page.game.flows.spec)}
    return _moved(page, page.load(what, name, text))


def reload_rules(page, msg):
    """Lint the rules and, when they pass, replay this game under them (web/watch.py)."""
    out = page.reload_rules()
    if out.get("rules_reloaded"):
        return {**out, **page.view(), **flows_info(page, msg)}
    return out


def watch(page, msg):
    """`web --watch`: whether a rules file changed since the last look; if so, `reload_rules`."""
    if page.watch is None:
        raise BadMessage("the server was not started with --watch")
    if not page.watch.changed():
        return {"changed": False}
    return {"changed": True, **reload_rules(page, msg)}


def new_game(page, msg):
    return _moved(page, page.new_game(_int(msg, "seed", 0, 0, 2**31 - 1)))


COMMANDS = {
    "view": view, "step": step, "next": next_decision, "continue": cont, "back": back, "goto": goto,
    "restart": restart, "branch": branch, "choose": choose, "auto": auto, "break_add": break_add,
    "break_delete": break_delete, "peek": peek, "flows": flows_info, "diagram": diagram,
    "state_info": state_info, "save": save, "load": load, "new": new_game, "view_as": view_as,
    "evaluate": evaluate, "evaluate_poll": evaluate_poll, "evaluate_cancel": evaluate_cancel,
    "reload_rules": reload_rules, "watch": watch,
}


def handle(page, msg) -> dict:
    """One message in, one reply out; never raises for bad input."""
    if not isinstance(msg, dict):
        return {"ok": False, "error": "a message is a JSON object with a 'cmd'"}
    reply_id = msg.get("id") if isinstance(msg.get("id"), (int, str)) else None
    name = msg.get("cmd")
    command = COMMANDS.get(name) if isinstance(name, str) else None
    if command is None:
        return {"id": reply_id, "ok": False, "error": f"unknown command {name!r}; one of {', '.join(COMMANDS)}"}
    try:
        out = command(page, msg)
    except IllegalAction as exc:
        out = {"ok": False, "error": str(exc), "legal": list(exc.legal) if hasattr(exc, "legal") else []}
    except (BadMessage, UsageError, ValueError, KeyError) as exc:   # a KeyError's text is its key's repr
        out = {"ok": False, "error": str(exc.args[0] if isinstance(exc, KeyError) and exc.args else exc)}
    else:
        out = {"ok": True, **out}
    out["id"] = reply_id
    out["cmd"] = name
    return out

