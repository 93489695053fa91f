"""One browser tab's debugger: a `Debugger` started from the server's start options.

`PageSession` owns the tab's debugger, what the tab has already been sent of the
trace (so each reply carries only the new rows, or says where a rewind cut the
log), and the operations that are not command words of the terminal debugger:
going to a transition on the timeline, previewing a past position (rewind there,
look, come back: rewind is exact), branching, condition breakpoints, and turning
saves into downloads and uploads into starts. Nothing here decides a rule.
"""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

from ..agents import make_agent
from ..debug import start as debug_start
from ..debug.debugger import Debugger
from ..machine.yamlsrc import SourceError
from . import views
from .conditions import Conditions

SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class WebDebugger(Debugger):
    """The debugger plus condition breakpoints, checked after every unit of a run."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.conditions = Conditions(self.breakpoints)

    def unit(self, resolve: str = "recorded"):
        outcome = super().unit(resolve)
        if self.armed and outcome is not None and self.conditions.items:
            self.hits.extend(self.conditions.hits(self.game))
        return outcome

    def run(self, stop, resolve: str):
        self.conditions.prime(self.game)
        return super().run(stop, resolve)


def safe_name(name: str, default: str) -> str:
    """An uploaded file's base name, reduced to plain characters (never a path)."""
    base = SAFE_NAME.sub("_", str(name).replace("\\", "/").rsplit("/", 1)[-1]).strip("._")
    return base[:80] or default


class PageSession:
    """The debugger of one tab. `options` are `debug.start.build_start` keyword arguments."""

    def __init__(self, options: dict, watch: bool = False) -> None:
        self.options = dict(options)
        self.watch = None                  # web --watch: the rules' files as last seen (watch.Stamp)
        if watch:
            from .watch import Stamp
            self.watch = Stamp(self.options.get("flows_dir"), self.options.get("cards"))
        self.debugger: WebDebugger | None = None
        self.label = ""
        self.sent = 0
        self.viewer: int | None = None     # whose hand the board shows: a seat, or None for both (debug)
        self.search = None                 # the background search of a position (evaluation.Search)
        self.start(self.options)

    def start(self, options: dict) -> None:
        """(Re)start from a seed, a scenario or a replay; StartError/SourceError leave the old one."""
        begun = debug_start.build_start(**options)
        self.stop_search("a new game started")
        self.debugger = self._debugger(begun, begun.recorded)
        self.started_with = None if options.get("uploaded") else dict(options)   # an upload's file is gone
        self.label = begun.label
        self.sent = 0
        self.cards_sent = False       # the card catalogue goes with the first view of each start

    @staticmethod
    def _debugger(begun, recorded) -> WebDebugger:
        seed = begun.game.seed
        agents = [make_agent(begun.agents[0], seed * 2 + 1), make_agent(begun.agents[1], seed * 2 + 2)]
        return WebDebugger(begun.game, agents, recorded=recorded, context=begun.context)

    def reload_rules(self) -> dict:
        """The designer's edit loop (web/watch.py): lint the rules; their problems, the game left as
        it was; or the same start under the new rules, its choices replayed to the same transition."""
        from . import watch
        problems = watch.rule_problems(self.options.get("flows_dir"), self.options.get("cards"))
        if problems:
            return {"rules_errors": problems,
                    "message": f"the rules have {len(problems)} problem(s): the game stays where it was"}
        if self.started_with is None:
            raise ValueError("this game started from an uploaded file: load it again to play it under the new rules")
        old = self.debugger
        try:
            begun = debug_start.build_start(**self.started_with)
        except (SourceError, debug_start.StartError) as exc:
            return {"rules_errors": [str(exc)], "message": "the game cannot start under the new rules"}
        self.stop_search("the rules changed")
        new = self._debugger(begun, old.timeline[len(begun.game.history):])   # its own start's choices stay its own
        new.breakpoints, new.conditions = old.breakpoints, old.conditions
        self.debugger = new
        said = watch.replay_to(new, old.transitions, old.game.pending is not None)
        self.sent = 0                  # the whole log again: the rows were made under the old rules
        return {"rules_errors": [], "rules_reloaded": True, "message": f"rules reloaded: {said}"}

    def stop_search(self, why: str) -> None:
        if self.search is not None:
            self.search.cancel(why)

    @property
    def game(self):
        return self.debugger.game

    # -- what a reply carries -------------------------------------------------
    def log_delta(self) -> dict:
        rows = self.debugger.trace.events
        first = min(self.sent, len(rows))
        self.sent = len(rows)
        return {"from": first, "rows": rows[first:]}

    def view(self) -> dict:
        out = views.snapshot(self.debugger, self.viewer)
        out["log"] = self.log_delta()
        out["breakpoints"] = self.breakpoint_list()
        out["label"] = self.label
        if not self.cards_sent:
            out["cards"] = views.card_catalogue(self.game)
            self.cards_sent = True
        return out

    def breakpoint_list(self) -> list[dict]:
        dbg = self.debugger
        items = [{"number": n, "kind": k, "name": name} for n, (k, name) in dbg.breakpoints.items.items()]
        items += [{"number": n, "kind": "condition", "name": text} for n, (text, _) in dbg.conditions.items.items()]
        return sorted(items, key=lambda b: b["number"])

    # -- movement the terminal has no word for --------------------------------
    def goto(self, target: int) -> str:
        """To transition `target` on this timeline: back exactly, or forward on recorded choices only."""
        dbg = self.debugger
        if target < dbg.transitions:
            dbg.back(dbg.transitions - target)
        else:
            while dbg.transitions < target and dbg.unit("recorded") is not None:
                pass
            dbg.mark_stop()
        return views_position_text(dbg)

    def restart(self) -> str:
        dbg = self.debugger
        dbg.rewind(lambda: True)
        dbg.mark_stop()
        return "back at the start position; the choices made are recorded ahead"

    def branch(self) -> str:
        """Drop the choices recorded ahead: what happens next is a new timeline."""
        dbg = self.debugger
        ahead = len(dbg.timeline) - len(dbg.game.history)
        del dbg.timeline[len(dbg.game.history):]
        dbg.stops = {u: t for u, t in dbg.stops.items() if u <= dbg.units}
        return f"new timeline from here ({ahead} recorded choice(s) dropped)"

    def peek(self, seq: int) -> dict:
        """The position just after trace row `seq`, then back to the present (rewind is exact)."""
        dbg = self.debugger
        here = dbg.units
        if not 0 <= seq < len(dbg.trace.events):
            raise ValueError(f"no trace row {seq} (0 to {len(dbg.trace.events) - 1})")
        try:
            dbg.rewind(lambda: len(dbg.trace.events) > seq)
            seen = {"seq": seq, "board": views.board(dbg.game, self.viewer), "machines": views.machines(dbg.game),
                    "transitions": dbg.transitions}
        finally:
            dbg.rewind(lambda: dbg.units >= here)
        return seen

    # -- files: downloads out, uploads in --------------------------------------
    def save(self, what: str) -> dict:
        dbg = self.debugger
        if what == "trace":
            import json
            text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in dbg.trace.events)
            return {"filename": f"game-{dbg.game.seed}.jsonl", "content": text,
                    "message": f"{len(dbg.trace.events)} trace events"}
        suffix = {"scenario": ".yaml", "replay": ".replay"}[what]
        filename = f"{what}-t{dbg.transitions}{suffix}"
        with tempfile.TemporaryDirectory(prefix="vanguard-web-") as tmp:
            path = Path(tmp) / filename
            saver = debug_start.save_scenario if what == "scenario" else debug_start.save_replay
            message = saver(dbg, str(path))
            if not path.exists():
                raise ValueError(message)
            content = path.read_text(encoding="utf-8")
        return {"filename": filename, "content": content, "message": message.replace(str(path), filename)}

    def load(self, what: str, name: str, text: str) -> str:
        """Start from an uploaded scenario or replay; the upload lives in a temp file only while it loads."""
        filename = safe_name(name, f"upload.{what}")
        with tempfile.TemporaryDirectory(prefix="vanguard-web-") as tmp:
            path = Path(tmp) / filename
            path.write_text(text, encoding="utf-8")
            options = {k: v for k, v in self.options.items() if k not in ("seed", "scenario", "replay")}
            options[what], options["uploaded"] = str(path), True
            try:
                self.start(options)
            except (SourceError, debug_start.StartError) as exc:
                raise ValueError(str(exc).replace(str(path), filename)) from None
            except Exception as exc:   # any other refusal of the file: say it, keep the session
                raise ValueError(f"{filename}: {exc}".replace(str(path), filename)) from None
            self.label = self.label.replace(str(path), filename)
        return f"loaded {self.label}"

    def new_game(self, seed: int) -> str:
        options = {k: v for k, v in self.options.items() if k not in ("scenario", "replay")}
        options["seed"] = seed
        self.start(options)
        return f"started {self.label}"


def views_position_text(dbg) -> str:
    from ..debug import views as text_views
    return text_views.position(dbg)
