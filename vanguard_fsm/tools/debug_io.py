"""Where the debugger meets files: start positions, saved scenarios and replays, diagrams.

The debugger core only moves a game; this module builds the game it starts
from (a seed, a scenario file, a replay file) and hands positions to the
scenario, replay and diagram modules. Those modules belong to their own
commands; they are imported lazily so the debugger still runs (and says
plainly what is missing) in a tree where one of them does not exist yet.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from ..game.factory import new_game


class StartError(Exception):
    """The debugger cannot start: a file is missing, malformed, or a module is not available."""


@dataclass
class Start:
    game: object
    label: str
    agents: tuple
    recorded: list = field(default_factory=list)
    context: dict = field(default_factory=dict)


def _tool(name: str, what: str):
    """A sibling tool module, or None when it is not in this tree yet."""
    try:
        return importlib.import_module(f"vanguard_fsm.tools.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"vanguard_fsm.tools.{name}":
            raise
        return None


def _missing(what: str, module: str) -> str:
    return f"{what} is not available yet (vanguard_fsm/tools/{module}.py is not in this tree)"


def build_start(seed=0, scenario=None, replay=None, decks=None, fmt="standard", flows_dir=None, cards=None,
                agents=("heuristic", "heuristic")) -> Start:
    context = {"seed": seed, "decks": list(decks) if decks else None, "format": fmt, "flows_dir": flows_dir,
               "cards": cards, "agents": list(agents)}
    if scenario is not None:
        module = _tool("scenario", "scenarios")
        if module is None:
            raise StartError(_missing("--scenario", "scenario"))
        if not Path(scenario).is_file():
            raise StartError(f"{scenario}: no such scenario file")
        game = module.load_scenario_game(scenario, flows_dir=flows_dir, cards=cards)
        context.update(seed=game.seed, scenario=scenario)
        return Start(game, f"scenario {scenario}", tuple(agents), [], context)
    if replay is not None:
        module = _tool("replay", "replays")
        if module is None:
            raise StartError(_missing("--replay", "replay"))
        if not Path(replay).is_file():
            raise StartError(f"{replay}: no such replay file")
        record = module.load_replay(replay)
        game = module.replay_start(record, flows_dir=flows_dir, cards=cards)
        context.update(seed=game.seed, replay=replay)
        return Start(game, f"replay {replay}", tuple(agents), list(record.actions), context)
    game = new_game(seed, decks, fmt, flows_dir, cards)
    return Start(game, f"a new game, seed {seed}", tuple(agents), [], context)


def diagram(debugger, out_dir: str = "diagrams") -> str:
    module = _tool("diagram", "diagrams")
    if module is None:
        return _missing("diagram", "diagram")
    game = debugger.game
    frame = game.runner.stack[-1] if game.runner.stack else None
    if frame is None:
        return "no machine is running (the game is over): nothing to highlight"
    path = module.render_flow_highlighted(game.flows.spec, frame.flow.name, frame.model.state, out_dir)
    return f"{frame.flow.name}.{frame.model.state} highlighted in {path}"


def save_scenario(debugger, path: str) -> str:
    module = _tool("scenario", "scenarios")
    if module is None:
        return _missing("save scenario", "scenario")
    game = debugger.game
    name = f"debugger position at transition {game.runner.transitions}"
    module.save_scenario(game, path, name=name)
    return f"wrote scenario {path} ({name}: {' > '.join(game.runner.paths())})"


def save_replay(debugger, path: str) -> str:
    module = _tool("replay", "replays")
    if module is None:
        return _missing("save replay", "replay")
    ctx = debugger.context
    module.write_replay(path, debugger.game, ctx.get("agents"), ctx.get("flows_dir"), ctx.get("cards"))
    return f"wrote replay {path} ({len(debugger.game.history)} choice(s))"
