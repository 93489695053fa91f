"""The page's "search values" as a background job: progress, cancel, an interval per value.

A search of a few thousand ISMCTS iterations takes seconds to minutes; run inside the
command that asked for it, it held the tab's socket and every other command waited.
A `Search` runs on a private copy of the position (`agents.determinize.search_game`,
filled from a snapshot: the session may step, rewind or start anew meanwhile) in its
own thread, in rounds of `ROUND` iterations, each an independent search with its own
seed. The rounds' playouts are pooled per action: the estimate is the pooled mean,
its interval the Wilson score interval of the pooled playouts (each playout's value
lies in [0, 1], so its variance is at most that of a win/loss of the same mean and
the Wilson interval is a safe one). `report()` may be read at any time; `cancel()`
stops after the round under way.
"""
from __future__ import annotations

import math
import threading

from ..agents.determinize import search_game
from ..agents.ismcts import evaluate_actions

ROUND = 25           # iterations per round: the granularity of progress and of cancelling
Z95 = 1.959964       # the normal quantile of a two-sided 95% interval


def wilson(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `mean` seen over `n` trials."""
    if n <= 0:
        return 0.0, 1.0
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Search:
    """One evaluation of the pending decision of `game` (as it is now), for its deciding seat."""

    def __init__(self, game, iterations: int, at: str) -> None:
        decision = game.pending
        if decision is None:
            raise ValueError("no decision is pending")
        self.copy = search_game(game)
        self.copy.restore(game.snapshot())
        self.player, self.kind, self.at, self.seed = decision.player, decision.kind, at, game.seed
        self.total, self.done = iterations, 0
        self.actions = [a.id for a in decision.actions]
        self.pooled = {a: [0.0, 0] for a in self.actions}     # action -> [sum of values, playouts]
        self.lines = {a: [] for a in self.actions}              # from the round where it was visited most
        self.most = {a: 0 for a in self.actions}
        self.stopped = threading.Event()
        self.state = "running"             # running, done, cancelled, failed
        self.why = ""
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="vanguard-search", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        number = 0
        try:
            while self.done < self.total and not self.stopped.is_set():
                size = min(ROUND, self.total - self.done)
                rows = evaluate_actions(self.copy, self.player, iterations=size, seed=self.seed + number)
                number += 1
                with self.lock:
                    for action, win, visits, line in rows:
                        if visits:
                            pool = self.pooled[action]
                            pool[0] += win * visits
                            pool[1] += visits
                            if visits > self.most[action]:
                                self.most[action], self.lines[action] = visits, line
                    self.done += size
        except Exception as exc:          # a search that fails says so in the page, the session lives
            self.state, self.why = "failed", f"{type(exc).__name__}: {exc}"
            return
        self.state = "cancelled" if self.stopped.is_set() and self.done < self.total else "done"

    def cancel(self, why: str = "cancelled") -> None:
        if self.state == "running":
            self.why = why
            self.stopped.set()

    def report(self) -> dict:
        """The values so far: each action's pooled win estimate, its 95% interval and playouts."""
        with self.lock:
            rows = []
            for action in self.actions:
                total, visits = self.pooled[action]
                mean = total / visits if visits else None
                low, high = wilson(mean, visits) if visits else (None, None)
                rows.append({"id": action, "win": mean, "low": low, "high": high, "visits": visits,
                             "line": list(self.lines[action])})
            done = self.done
        rows.sort(key=lambda r: (-r["visits"], r["id"]))
        state = "cancelling" if self.state == "running" and self.stopped.is_set() else self.state
        return {"player": self.player, "kind": self.kind, "iterations": self.total, "done": done, "at": self.at,
                "state": state, "why": self.why, "actions": rows}
