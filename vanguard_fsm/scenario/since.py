"""A saved debugger position as a runnable scenario: start point, script, `until:`.

`scenario_since(game, start, first)` rewinds the game to the snapshot `start`,
replays the choices it made since (its history from index `first`) the way the
scenario runner will (a decision with one option takes no script line), and
picks as start point the first flow decision whose position `position_of` can
write. The choices with two or more options from there are the `script`, and the
current decision, counted as the runner counts decisions, is `until:`. Because
the random generator is not saved (only the seed), a start point whose replay
does not reproduce the game (a shuffle between it and now) is skipped: each
candidate is run through `run_scenario` and the first that passes is kept. The
game is restored to where it was in every case.
"""
from __future__ import annotations

import yaml

from .runner import run_scenario
from .save import position_of
from .schema import parse_scenario

MAX_CANDIDATES = 6


class _Replay:
    """Walk from the start snapshot to now, noting decisions and saveable positions."""

    def __init__(self, game, taken: list, first: int) -> None:
        self.game, self.taken, self.first = game, taken, first
        self.rows: list[tuple] = []          # (flow path or kind, player, multi-option?, action id)
        self.candidates: list[tuple] = []    # (index into rows, position data)

    def cursor(self) -> int:
        return len(self.game.history) - self.first

    def run(self) -> None:
        game = self.game
        del game.history[self.first:]
        while True:
            d = game.pending
            if d is None:
                if game.runner.finished:
                    return
                game.step()
                continue
            path = game.runner.paths()[-1] if d.resolver is None else d.kind
            if self.cursor() >= len(self.taken):
                self.rows.append((path, d.player, len(d.actions) > 1, None))
                return
            if len(d.actions) > 1 and d.resolver is None and len(self.candidates) < MAX_CANDIDATES \
                    and game.state.turn >= 1 and self._new_turn():
                try:
                    self.candidates.append((len(self.rows), position_of(game)))
                except ValueError:
                    pass
            action_id = self.taken[self.cursor()]
            self.rows.append((path, d.player, len(d.actions) > 1, action_id))
            action = d.find(action_id)
            if action is None:
                raise ValueError(f"the recorded choice {action_id!r} is not legal on replay")
            game.apply(action)

    def _new_turn(self) -> bool:
        """One candidate per turn: the first saveable decision of each turn."""
        return not self.candidates or self.candidates[-1][1]["start"]["turn"] != self.game.state.turn


def _scenario(data: dict, rows: list, start_row: int) -> dict:
    now_path, now_player = rows[-1][0], rows[-1][1]
    later = rows[start_row:]
    nth = sum(1 for path, player, _multi, _id in later if path == now_path and player == now_player)
    script = [f"P{player} {action_id}" for _path, player, multi, action_id in later[:-1] if multi]
    data = dict(data)
    data["script"] = script
    data["until"] = {"decision": now_path, "player": now_player, **({"nth": nth} if nth > 1 else {})}
    return data


def scenario_since(game, start, first: int, name: str, flows_dir=None, cards=None) -> dict:
    """Scenario data reproducing the game from a saved start point to its current decision."""
    if game.pending is None or len(game.pending.actions) < 2:
        raise ValueError("stop at a decision with a choice to make first (`continue` to a breakpoint): "
                         "the scenario runs until that decision")
    now = game.snapshot()
    taken = list(game.history[first:])
    history = list(game.history)
    try:
        game.restore(start)
        replay = _Replay(game, taken, first)
        replay.run()
    finally:
        game.restore(now)
        game.history[:] = history
    if not replay.candidates:
        raise ValueError("no position since the start could be written as a scenario start "
                         "(setup is not one: play into turn 1 first)")
    tried = []
    for start_row, position in replay.candidates:
        data = _scenario({**position, "name": name}, replay.rows, start_row)
        result = run_scenario(parse_scenario(yaml.safe_dump(data, sort_keys=False), "<saved>"), flows_dir, cards)
        if result.passed:
            return data
        tried.append(f"turn {position['start']['turn']}: {result.message}")
    raise ValueError("no start point replays to this position (a shuffle since then cannot be "
                     "reproduced from the seed): " + "; ".join(tried[:2]))


def _to_next_decision(game) -> None:
    """On to the first decision with a choice to make (one-option ones taken, as the runner does)."""
    while not game.runner.finished:
        d = game.pending
        if d is None:
            game.step()
        elif len(d.actions) == 1:
            game.apply(d.actions[0])
        else:
            return
    raise ValueError("the game ends before any decision: nothing is left to stop at (save a replay instead)")


def _here(game, name: str, flows_dir, cards) -> dict:
    """This position, run until the decision pending now (the position cannot replay from earlier)."""
    d = game.pending
    data = position_of(game, name)
    data["until"] = {"decision": game.runner.paths()[-1] if d.resolver is None else d.kind, "player": d.player}
    result = run_scenario(parse_scenario(yaml.safe_dump(data, sort_keys=False), "<saved>"), flows_dir, cards)
    if not result.passed:
        raise ValueError(f"the position itself does not replay ({result.message})")
    return data


def scenario_at(game, start, first: int, name: str, flows_dir=None, cards=None) -> tuple[dict, str]:
    """Scenario data that `scenario run` passes, from any stop: (data, what it holds). Not at a
    decision, it runs on to the next one (`until:`); the choices since an earlier start point as
    `script` (`scenario_since`), else the position itself. ValueError with every reason when
    neither replays; the game is left where it was in every case."""
    now = game.snapshot()
    history = list(game.history)
    try:
        moved = game.pending is None or len(game.pending.actions) < 2
        if moved:
            _to_next_decision(game)
        after = " (the first decision after this stop)" if moved else ""
        try:
            data = scenario_since(game, start, first, name, flows_dir, cards)
            return data, (f"{len(data['script'])} scripted choice(s) from turn {data['start']['turn']}, "
                          f"until {data['until']}{after}")
        except ValueError as since_failed:
            try:
                data = _here(game, name, flows_dir, cards)
            except ValueError as here_failed:
                raise ValueError(f"{since_failed}; {here_failed}") from None
            return data, f"this position, until {data['until']}{after}"
    finally:
        game.restore(now)
        game.history[:] = history
