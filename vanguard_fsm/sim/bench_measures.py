"""The benchmark's single measures: games, flows, diagrams, snapshots, traces, workers.

Every time is process CPU time (`time.process_time`; a child process's CPU is added
where one does the work, e.g. Graphviz's `dot`), the best of a few repeats, because
this machine is shared and the wall clock counts other people's work. The one
exception is `workers2_speedup`: a speed-up from a second process can only be seen
on the wall clock, so it is a ratio of wall times (and needs a quiet machine).
"""
from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from ..abilities import new_game_with_abilities as new_game
from ..agents import make_agent
from ..agents.base import play_out
from ..game.factory import load_inputs
from ..machine.builder import CompiledFlowSet
from ..machine.loader import lint_flows, load_flowset
from ..paths import builtin_flows_dir
from .simulate import settle_heap


def cpu_now() -> float:
    """CPU seconds of this process and of its finished children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def cpu_best_of(repeats: int, fn) -> float:
    """The smallest CPU time of `repeats` calls of fn(), in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = cpu_now()
        fn()
        best = min(best, cpu_now() - started)
    return best


def games_per_second(agent: str, games: int, seed: int = 0, fmt: str = "standard", flows_dir=None,
                     cards=None, repeats: int = 3, decks=None) -> dict:
    """Whole games (build and play), one after another in this process: one core's worth.
    Flows, cards and decks (None: the format's default pair) are looked up once per run, as
    `simulate` does. A decision is one the agents were asked (two or more options)."""
    stats = {}

    def run():
        transitions_total = turns = decisions = 0
        inputs = load_inputs(decks, fmt, flows_dir, cards)   # once per run, as `simulate` does
        for s in range(seed, seed + games):
            game = new_game(s, inputs["decks"], fmt, flows=inputs["flows"], db=inputs["db"])
            play_out(game, [make_agent(agent, s * 2 + 1), make_agent(agent, s * 2 + 2)])
            transitions_total += game.runner.transitions
            turns += game.state.turn
            decisions += len(game.history)
        stats.update(transitions=transitions_total / games, turns=turns / games, decisions=decisions / games)
    run()   # warm-up: caches, first-call costs
    settle_heap(load_inputs(decks, fmt, flows_dir, cards))   # as `simulate` does once its inputs are loaded
    seconds = cpu_best_of(repeats, run)
    return {"agent": agent, "games": games, "decks": list(decks or ()), "cpu_seconds": seconds,
            "games_per_second": games / seconds, "ms_per_game": 1000 * seconds / games,
            "transitions_per_game": stats["transitions"], "decisions_per_game": stats["decisions"],
            "us_per_transition": 1e6 * seconds / (stats["transitions"] * games),
            "us_per_decision": 1e6 * seconds / (stats["decisions"] * games),
            "turns_per_game": stats["turns"]}


def most_abilities_deck(fmt: str = "standard", cards=None) -> str:
    """The built-in deck of the format whose cards (each copy counted) carry the most
    abilities: the benchmark's "many abilities" pairing plays it against itself."""
    from ..game.cards import load_cards
    from ..game.decks import load_deck
    from ..paths import builtin_decks_dir
    db = load_cards(cards)
    counted = []
    for path in sorted(builtin_decks_dir().glob("*.yaml")):
        deck = load_deck(path.stem, db)
        if deck.format == fmt:
            counted.append((sum(len(db[c].abilities) for c in (*deck.main, *deck.g_deck) if c in db), path.stem))
    return max(counted, key=lambda pair: pair[0])[1]     # a tie: the first by name


def startup_timing(repeats: int = 3) -> dict:
    """`play --seed 7 --quiet` as a whole new process (imports, flows, cards, one game), wall
    clock, best of `repeats`: what a user waits for one game."""
    import subprocess
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--seed", "7", "--quiet"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return {"startup_ms": 1000 * best}


def flows_timings(flows_dir=None, repeats: int = 5) -> dict:
    """Load = read, check and build the spec, then compile the `transitions` machines."""
    directory = flows_dir or builtin_flows_dir()
    load = cpu_best_of(repeats, lambda: CompiledFlowSet(load_flowset(directory)))
    lint = cpu_best_of(repeats, lambda: lint_flows(directory))
    flowset = load_flowset(directory)
    states = sum(len(f.leaves()) for f in flowset.flows.values())
    return {"flows_load_ms": 1000 * load, "flows_lint_ms": 1000 * lint, "flows": len(flowset.flows),
            "leaf_states": states}


def diagram_timing(flows_dir=None) -> dict:
    """Render every diagram (every default format, `dot` included) into a scratch folder;
    CPU of this process plus Graphviz's."""
    import graphviz
    from ..diagram.render import load_flows, render_all
    with tempfile.TemporaryDirectory() as out:
        started = cpu_now()
        try:
            paths = render_all(load_flows(flows_dir), out)
        except graphviz.ExecutableNotFound:
            return {"diagrams_ms": None, "diagrams_note": "Graphviz's dot is not installed"}
        seconds = cpu_now() - started
    return {"diagrams_ms": 1000 * seconds, "diagrams_files": len(paths),
            "diagrams_note": "all flows, every default format, dot included (its CPU counted)"}


def owned_bytes(obj, seen: set | None = None) -> int:
    """Memory a snapshot holds of its own: `sys.getsizeof` of every container, number and
    game object reachable from it, each once. Not counted: what every snapshot shares
    with the live game and never copies — functions, strings, small ints, None/bools,
    and objects of other kinds (cards, flow specs, compiled machines)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    kind = type(obj)
    if kind in (str, bool, type(None)) or (kind is int and -5 <= obj <= 256):
        return 0
    if kind in (int, float):
        return sys.getsizeof(obj)
    if isinstance(obj, (tuple, list, set, frozenset)):
        return sys.getsizeof(obj) + sum(owned_bytes(x, seen) for x in obj)
    if kind is dict:
        return sys.getsizeof(obj) + sum(owned_bytes(k, seen) + owned_bytes(v, seen) for k, v in obj.items())
    slots = [s for c in kind.__mro__ for s in getattr(c, "__slots__", ())]
    if kind.__module__.startswith(("vanguard_fsm.game.state", "vanguard_fsm.game.actions",
                                   "vanguard_fsm.machine.runner", "vanguard_fsm.game.rng")) and slots:
        return sys.getsizeof(obj) + sum(owned_bytes(getattr(obj, s, None), seen) for s in slots)
    return 0


def snapshot_timing(seed: int = 1, decisions: int = 80, rounds: int = 2000, flows_dir=None, cards=None) -> dict:
    """Snapshot + restore of a heuristic game in its middle (rewind), CPU µs, mean over `rounds`;
    and the memory one snapshot holds of its own (`owned_bytes`)."""
    game = new_game(seed, None, "standard", flows_dir, cards)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(decisions):
        d = game.advance()
        if d is None:
            break
        game.apply(agents[d.player].choose(game, d))
    snap = game.snapshot()
    both = cpu_best_of(3, lambda: [game.restore(game.snapshot()) for _ in range(rounds)]) / rounds
    take = cpu_best_of(3, lambda: [game.snapshot() for _ in range(rounds)]) / rounds
    back = cpu_best_of(3, lambda: [game.restore(snap) for _ in range(rounds)]) / rounds
    return {"snapshot_restore_us": 1e6 * both, "snapshot_us": 1e6 * take, "restore_us": 1e6 * back,
            "snapshot_bytes": owned_bytes(snap), "snapshot_at_turn": game.state.turn}


def trace_dir_cost(games: int, agent: str = "heuristic", seed: int = 0, flows_dir=None, cards=None,
                   repeats: int = 3) -> dict:
    """What `simulate --trace-dir` costs: the same games with and without a trace file each."""
    from .simulate import SimConfig, play_one

    def run(trace_dir):
        config = SimConfig(seed=seed, agents=(agent, agent), flows_dir=flows_dir, cards=cards,
                           trace_dir=trace_dir)
        for i in range(games):
            play_one(config, i)
    with tempfile.TemporaryDirectory() as out:
        run(None)
        plain = cpu_best_of(repeats, lambda: run(None))
        traced = cpu_best_of(repeats, lambda: run(out))
        trace_bytes = sum(p.stat().st_size for p in Path(out).iterdir()) / games
    return {"trace_dir_games": games, "trace_dir_agent": agent,
            "trace_dir_ms_per_game_off": 1000 * plain / games, "trace_dir_ms_per_game_on": 1000 * traced / games,
            "trace_dir_overhead": traced / plain, "trace_dir_kib_per_game": trace_bytes / 1024}


def workers_speedup(games: int, agent: str = "heuristic", seed: int = 0, flows_dir=None, cards=None,
                    repeats: int = 2) -> dict:
    """`simulate` with 1 worker (in this process) vs 2 worker processes: wall time, best of
    `repeats`, pool start-up included (as the user pays it)."""
    from .simulate import SimConfig, run_processes
    config = SimConfig(seed=seed, agents=(agent, agent), flows_dir=flows_dir, cards=cards)
    walls = {}
    for workers in (1, 2):
        best = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            run_processes(config, games, workers)
            best = min(best, time.perf_counter() - started)
        walls[workers] = best
    return {"workers_games": games, "workers_agent": agent, "workers1_wall_s": walls[1],
            "workers2_wall_s": walls[2], "workers2_speedup": walls[1] / walls[2]}
