"""Scenario files: a position, the players' scripted choices, and what must happen.

The edge-case format and the bug-report format (like XMage card tests or Forge
puzzles). A scenario names the rules it checks, sets both players' zones, puts the
flow machines in a chosen state, answers every decision from its `script`, and
checks expectations at named points (`checks`) and where it stops (`until`,
`expect`). It is strict: an unanswered decision, an illegal or unused scripted
choice, an unknown card, a point never reached all fail with `path:line:col:`.

Public API (also used by the debugger and coverage tools):
`load_scenario(path) -> Scenario` (raises `SourceError` for malformed files),
`build_game(scenario, hooks=None, flows_dir=None, cards=None) -> Game` (the
position, machines placed, not advanced; raises `ScenarioFailure`),
`run_scenario(scenario_or_path, flows_dir=None, cards=None, hooks=None) -> ScenarioResult`,
`scenario_files(paths) -> list[Path]`, and `save_scenario` (scenario_save.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..game.concede import conceding_seat
from ..game.engine import Game
from ..machine.hooks import Hooks
from ..machine.yamlsrc import SourceError
from .build import build_game, machine_paths
from .chain import Chain, LinkError, Walker
from .expect import evaluate, path_matches
from .schema import (POINT_KINDS, Scenario, ScenarioFailure, load_scenario, parse_scenario,
                              scenario_files)
from ..record.trace import TraceRecorder

MAX_STEPS = 200_000


@dataclass
class ScenarioResult:
    scenario: Scenario
    failures: list = field(default_factory=list)
    game: Game | None = None
    events: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def message(self) -> str:
        if not self.failures:
            return "ok"
        more = f" (+{len(self.failures) - 1} more)" if len(self.failures) > 1 else ""
        return str(self.failures[0]) + more


# -- running --------------------------------------------------------------------

class _Stop(Exception):
    """The `until` point was reached: stop the game where it is."""


class _RowRecorder(TraceRecorder):
    """A trace recorder that hands each row to the run as soon as it is recorded (so an
    event raised while another is being handled is still seen in trace order)."""

    on_row = None

    def _record(self, game, event: str, fields: dict) -> None:
        super()._record(game, event, fields)
        if self.on_row is not None:
            self.on_row(self.events[-1])


class _Point:
    __slots__ = ("keys", "kind", "value", "nth", "filters", "seen")

    def __init__(self, spec: dict, keys: tuple) -> None:
        self.keys = keys
        self.kind = next(k for k in POINT_KINDS if k in spec)
        self.value = spec[self.kind]
        self.nth = spec.get("nth", 1)
        self.filters = {k: v for k, v in spec.items() if k not in (self.kind, "nth")}
        self.seen = 0

    def _matches(self, row: dict) -> bool:
        event, kind, value = row["event"], self.kind, self.value
        if kind == "event":
            hit = event == value
        elif kind == "state":
            hit = event == "state" and path_matches(row["path"], value)
        elif kind == "timing":
            hit = event == "timing" and row["name"] == value
        elif kind == "decision":
            hit = event == "decision" and (path_matches(row["kind"], value) or path_matches(row["path"], value))
        elif kind == "turn":
            hit = event == "state" and row["path"] == "game.turn" and row["turn"] == value
        else:
            hit = event == "game_over"
        return hit and all(row.get(k) == v for k, v in self.filters.items())

    def reached(self, row: dict) -> bool:
        """True exactly once: at the nth matching row."""
        if self.seen < self.nth and self._matches(row):
            self.seen += 1
            return self.seen == self.nth
        return False

    def describe(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.filters.items())
        return f"{self.kind}={self.value}{extra}" + (f" (#{self.nth})" if self.nth > 1 else "")


class _Run:
    def __init__(self, scenario: Scenario, game: Game, recorder: TraceRecorder) -> None:
        self.s, self.game, self.recorder = scenario, game, recorder
        self.failures: list[ScenarioFailure] = []
        data = scenario.data
        self.checks = [(_Point(c.get("after") or c["at"], ("checks", i, "after" if "after" in c else "at")),
                        c, ("checks", i)) for i, c in enumerate(data.get("checks", []))]
        self.until = _Point(data["until"], ("until",)) if "until" in data else None
        self.script = list(data.get("script", []))
        self.used = 0
        self.stopped = False
        self.auto_taken: dict[str, str] = {}   # action id -> where it was the only choice (for hints)
        self.walker: Walker | None = None      # a chained script line in progress (A/B)
        self.walker_keys: tuple = ()

    def row(self, row: dict) -> None:
        for point, block, keys in self.checks:
            if point.reached(row):
                self.failures += evaluate(self.s, self.game, self.recorder.events, block, keys)
        if self.until is not None and self.until.reached(row):
            self.finish()
            raise _Stop

    def finish(self) -> None:
        self.stopped = True
        self.failures += evaluate(self.s, self.game, self.recorder.events, self.s.data.get("expect", {}),
                                  ("expect",))

    def where_now(self) -> str:
        paths = self.game.runner.paths()
        return f"turn {self.game.state.turn}, {paths[-1] if paths else 'game over'}"

    def decide(self, d) -> None:
        game = self.game
        flow_path = game.runner.paths()[-1] if d.resolver is None else d.kind
        self.row({"event": "decision", "kind": d.kind, "path": flow_path, "player": d.player,
                  "turn": game.state.turn, "turn_player": game.state.turn_player})
        if self.walker is not None and self._chain_step(d):
            return
        if len(d.actions) == 1:
            self.auto_taken[d.actions[0].id] = flow_path
            game.apply(d.actions[0])
            return
        legal = ", ".join(d.ids()[:20]) + (" ..." if len(d.actions) > 20 else "")
        if self.used >= len(self.script):
            keys = ("script", len(self.script) - 1) if self.script else ("script",) if "script" in self.s.data \
                else ("start",)
            raise self.s.failure(keys, f"unanswered decision: player {d.player} at {flow_path} "
                                       f"(turn {game.state.turn}); legal: {legal}")
        keys = ("script", self.used)
        entry = self.script[self.used]
        who, _, action_id = entry.partition(" ") if entry[:1] == "P" and " " in entry else ("", "", entry)
        action_id = action_id.strip()
        if conceding_seat(action_id) is not None:   # either player, at any decision (CR 1.2.4)
            self.used += 1
            game.apply(action_id)
            return
        if who and int(who[1]) != d.player:
            raise self.s.failure(keys, f"scripted for {who} but the decision at {flow_path} is player "
                                       f"{d.player}'s; legal: {legal}")
        chain = Chain(action_id)
        if chain.chained:       # A/B: A now, the rest at this player's next decisions (scenario/chain.py)
            self.walker, self.walker_keys = Walker(chain, d.player, game.state.players[d.player].hand), keys
            self.used += 1
            self._chain_step(d)
            return
        action = d.find(action_id)
        if action is None:
            raise self.s.failure(keys, f"illegal scripted choice {action_id!r} for player {d.player} at "
                                       f"{flow_path} (turn {game.state.turn}); legal: {legal}{self.hint(action_id)}")
        self.used += 1
        game.apply(action)

    def _chain_step(self, d) -> bool:
        """Take the chain's next link at `d` (True), or say the chain is done (False)."""
        try:
            action = self.walker.action_for(self.game, d)
        except LinkError as err:
            raise self.s.failure(self.walker_keys, f"{err} (player {d.player}, turn {self.game.state.turn})")
        if action is None:
            self.walker = None
            return False
        self.game.apply(action)
        if self.walker.finished:
            self.walker = None
        return True

    def run(self) -> None:
        game = self.game
        for _ in range(MAX_STEPS):
            if game.pending is not None:
                self.decide(game.pending)
            elif game.runner.finished:
                if self.until is not None:
                    winner, loser, reason = game.state.result or (None, None, None)
                    raise self.s.failure(self.until.keys, f"the game ended (turn {game.state.turn}, winner "
                                                          f"{winner}, {reason}) before the until point "
                                                          f"({self.until.describe()}) was reached")
                self.finish()
                return
            else:
                game.step()
        raise self.s.failure(("start",), f"no end after {MAX_STEPS} steps ({self.where_now()})")

    def hint(self, action_id: str) -> str:
        where = self.auto_taken.get(action_id)
        return (f" (note: {action_id!r} was the only legal choice at {where} and was taken by itself; "
                "a decision with one option takes no script line)") if where else ""

    def leftovers(self) -> None:
        if self.walker is not None:
            try:
                self.walker.check_end(self.game)
            except LinkError as err:
                self.failures.append(self.s.failure(self.walker_keys, str(err)))
        if self.walker is not None and not self.walker.settled(self.game):
            w = self.walker
            self.failures.append(self.s.failure(self.walker_keys, f"link {w.next + (0 if w.picks else 1)} of "
                                                f"chain {w.chain.text!r} never used (stopped at {self.where_now()})"))
        if self.used < len(self.script):
            entry = self.script[self.used]
            self.failures.append(self.s.failure(("script", self.used), f"scripted choice never used: "
                                                f"{entry!r} (stopped at {self.where_now()})"
                                                f"{self.hint(entry.split()[-1])}"))
        for point, _block, _keys in self.checks:
            if point.seen < point.nth:
                self.failures.append(self.s.failure(point.keys, f"check point never reached: {point.describe()}"))


def run_scenario(scenario: Scenario | str | Path, flows_dir=None, cards=None,
                 hooks: Hooks | None = None, db=None) -> ScenarioResult:
    """Build, run and check one scenario. Malformed files raise `SourceError`; everything
    else that goes wrong is a failure in the result. `db`: a card database already loaded
    (the mutation test changes one card's data in memory)."""
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    hooks = hooks or Hooks()
    recorder = _RowRecorder(hooks)
    result = ScenarioResult(scenario, events=recorder.events)
    try:
        game = build_game(scenario, hooks, flows_dir, cards, db=db)
    except ScenarioFailure as failure:
        result.failures.append(failure)
        return result
    result.game = game
    run = _Run(scenario, game, recorder)
    recorder.on_row = run.row
    try:
        run.run()
        run.leftovers()
    except _Stop:
        run.leftovers()
    except ScenarioFailure as failure:
        run.failures.append(failure)
    except Exception as exc:  # an engine error is a failing scenario, located where it stopped
        keys = ("script", run.used - 1) if run.used else ("start", "at")
        run.failures.append(scenario.failure(keys, f"engine error at {run.where_now()}: "
                                                   f"{type(exc).__name__}: {exc}"))
    result.failures = run.failures
    return result


__all__ = ["Scenario", "ScenarioFailure", "ScenarioResult", "SourceError", "build_game", "load_scenario",
           "machine_paths", "parse_scenario", "run_scenario", "scenario_files"]
