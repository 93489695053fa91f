"""Where the debugger meets files: start positions, saved scenarios and replays, diagrams.

The debugger core only moves a game; this module builds the game it starts
from (a seed, a scenario file, a replay file) and hands positions to the
scenario, replay and diagram modules, which belong to their own commands.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..abilities import new_game_with_abilities
from ..diagram import render as diagram_tool
from ..output_files import cannot_write
from ..record import replay as replay_tool
from ..scenario import runner as scenario_tool, save as scenario_save_tool, since as scenario_since_tool


class StartError(Exception):
    """The debugger cannot start: a file is missing, malformed, or a module is not available."""


@dataclass
class Start:
    game: object
    label: str
    agents: tuple
    recorded: list = field(default_factory=list)
    context: dict = field(default_factory=dict)


DEBUG_DIAGRAMS = "debug-diagrams"    # not diagrams/: those are the committed pictures of the flows


def _script_ids(scenario) -> list[str]:
    """A scenario's scripted choices as plain action ids (`P0 pass` -> `pass`)."""
    ids = []
    for entry in scenario.data.get("script", []):
        who, _, rest = entry.partition(" ")
        ids.append(rest.strip() if entry[:1] == "P" and rest else entry)
    return ids


def build_start(seed=0, scenario=None, replay=None, decks=None, fmt=None, flows_dir=None, cards=None,
                agents=("heuristic", "heuristic"), uploaded=False) -> Start:
    """The game to debug. A scenario's script and a replay's actions become the choices recorded ahead.
    Malformed files raise `SourceError` (path:line:col); other reasons not to start, `StartError`.
    `uploaded`: the scenario came from a browser; the files it names may only be built-in data."""
    context = {"seed": seed, "decks": list(decks) if decks else None, "format": fmt, "flows_dir": flows_dir,
               "cards": cards, "agents": list(agents), "origin": "seed"}
    if scenario is not None:
        module = scenario_tool
        loaded = module.load_scenario(scenario)
        try:
            game = module.build_game(loaded, None, flows_dir, cards, uploaded=uploaded)
        except module.ScenarioFailure as exc:
            raise StartError(str(exc)) from None
        context.update(seed=game.seed, origin="scenario", path=str(scenario))
        return Start(game, f"scenario {scenario} ({loaded.name})", tuple(agents), _script_ids(loaded), context)
    if replay is not None:
        module = replay_tool
        record = module.load_replay(replay)
        game = module.replay_game(record, None, flows_dir, cards)
        context.update(seed=game.seed, format=record.format, origin="replay", path=str(replay))
        start = Start(game, f"replay {replay} (seed {record.seed}, {len(record.actions)} recorded choices)",
                      tuple(agents), list(record.actions), context)
        changed = [what for what, now, then in (
            ("flows", module.flows_digest(flows_dir), record.data["flows_digest"]),
            ("cards", module.cards_digest(cards), record.data["cards_digest"])) if now != then]
        if changed:
            start.label += f"; warning: recorded under other {' and '.join(changed)}, it may diverge"
        return start
    game = new_game_with_abilities(seed, decks, fmt, flows_dir, cards)
    return Start(game, f"a new game, seed {seed}", tuple(agents), [], context)


def diagram(debugger, out_dir: str = DEBUG_DIAGRAMS) -> str:
    """The current machine's SVG with its current state highlighted (and the edge it came by)."""
    module = diagram_tool
    game = debugger.game
    if not game.runner.stack:
        return "no machine is running (the game is over): nothing to highlight"
    frame = game.runner.stack[-1]
    name, leaf = frame.flow.name, frame.state
    came_from = debugger.came_from.get(name)
    try:
        paths = module.render_flow(game.flows.spec, name, out_dir, ("svg",), f"{name}.{leaf}",
                                   f"{name}.{came_from}" if came_from and came_from != leaf else None)
    except (ValueError, RuntimeError, OSError) as exc:
        return f"diagram failed: {exc}"
    return f"{name}.{leaf} highlighted in {paths[0].resolve()}"


def save_scenario(debugger, path: str) -> str:
    """A scenario `vanguard-fsm scenario run` passes, from any stop (`since.scenario_at`): the
    choices since a start point as `script`, the current decision (or the next one, when the stop
    is not at a decision) as `until:`. Nothing is written when no such file can be made."""
    game, ctx = debugger.game, debugger.context
    name = f"saved by the debugger at transition {game.runner.transitions}"
    try:
        with debugger.aside():     # it replays the game from the start: the session keeps none of that
            data, note = scenario_since_tool.scenario_at(game, debugger.start, debugger.start_history, name,
                                                         ctx.get("flows_dir"), ctx.get("cards"))
    except ValueError as exc:
        return f"cannot save a scenario here: {exc}"
    try:
        written = scenario_save_tool.write_scenario(data, path)
    except OSError as exc:
        return str(cannot_write(path, exc))
    return (f"wrote scenario {written} ({' > '.join(game.runner.paths())}; {note}); "
            f"check it with `vanguard-fsm scenario run {written}`")


def save_replay(debugger, path: str) -> str:
    module = replay_tool
    ctx, game = debugger.context, debugger.game
    if ctx.get("origin") == "scenario":
        return "cannot save a replay: this game started from a scenario position, and replays start at setup " \
               "(use `save scenario FILE`)"
    if not game.over:
        return f"a replay records a whole game: `continue` to its end first (now at transition " \
               f"{game.runner.transitions}), or `save scenario FILE` for this position"
    try:
        with debugger.aside():
            module.write_replay(path, game, ctx.get("agents") or [], ctx.get("flows_dir"), ctx.get("cards"))
    except OSError as exc:
        return str(cannot_write(path, exc))
    except RuntimeError as exc:     # the replay module could not re-run the game from its actions
        return f"cannot save a replay: {exc}"
    return f"wrote replay {path} ({len(game.history)} choices); check it with `vanguard-fsm replay {path}`"
