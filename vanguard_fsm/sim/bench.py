"""The benchmark behind `vanguard-fsm bench`: how fast, how close to the floor, how lean.

Measures, on one core of this machine:

- full standard games per second, random-vs-random and heuristic-vs-heuristic
  (build the game, play it out; no hooks, no trace), and flow transitions per game;
- engine time vs the `transitions` floor for the very same games (`bench_floor`):
  `ratio_game` = whole game time (rules, card abilities, agents, decisions, flows)
  / bare machines replaying the same triggers with no-op callbacks;
  `ratio_flow_layer` = time inside `Runner.move` (the flow layer alone) / the same
  floor; `ratio_game_*_no_abilities` = the same with the ability layer left off;
- time to load (parse, check, compile) and to lint all flows, to render every
  diagram (when the diagram command exists), to snapshot and restore a game;
- peak memory of a long run in a fresh process, at checkpoints, to show it does
  not grow with the number of games.

Every time is the best of a few repeats (the machine may be shared). Targets come
from the simulation issue; `check` says which are met.
"""
from __future__ import annotations

import multiprocessing
import os
import platform
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import transitions

from ..abilities import new_game_with_abilities as new_game
from ..agents import make_agent
from ..agents.base import play_out
from ..machine.builder import CompiledFlowSet
from ..machine.loader import lint_flows, load_flowset
from ..paths import builtin_flows_dir
from .bench_floor import measure_ratio

TARGETS = {  # metric: (comparison, bound)
    "random_games_per_second": (">=", 150.0),
    "ratio_game_random": ("<=", 2.0),
    "ratio_game_heuristic": ("<=", 2.0),
    "snapshot_restore_ms": ("<=", 5.0),
    "flows_load_ms": ("<=", 200.0),
}


def best_of(repeats: int, fn) -> float:
    """The smallest wall time of `repeats` calls of fn(), in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def games_per_second(agent: str, games: int, seed: int = 0, fmt: str = "standard", flows_dir=None,
                     cards=None, repeats: int = 3) -> dict:
    """Whole games, one after another in this process (one core)."""
    stats = {}

    def run():
        transitions_total = turns = 0
        for s in range(seed, seed + games):
            game = new_game(s, None, fmt, flows_dir, cards)
            play_out(game, [make_agent(agent, s * 2 + 1), make_agent(agent, s * 2 + 2)])
            transitions_total += game.runner.transitions
            turns += game.state.turn
        stats.update(transitions=transitions_total / games, turns=turns / games)
    run()   # warm-up: caches, first-call costs
    seconds = best_of(repeats, run)
    return {"agent": agent, "games": games, "seconds": seconds, "games_per_second": games / seconds,
            "ms_per_game": 1000 * seconds / games, "transitions_per_game": stats["transitions"],
            "turns_per_game": stats["turns"]}


def flows_timings(flows_dir=None, repeats: int = 5) -> dict:
    """Load = read, check and build the spec, then compile the `transitions` machines."""
    directory = flows_dir or builtin_flows_dir()
    load = best_of(repeats, lambda: CompiledFlowSet(load_flowset(directory)))
    lint = best_of(repeats, lambda: lint_flows(directory))
    flowset = load_flowset(directory)
    states = sum(len(f.leaves()) for f in flowset.flows.values())
    return {"flows_load_ms": 1000 * load, "flows_lint_ms": 1000 * lint, "flows": len(flowset.flows),
            "leaf_states": states}


def diagram_timing(flows_dir=None) -> dict:
    """Render every diagram (every default format, `dot` included) into a scratch folder."""
    import graphviz
    from ..diagram.render import load_flows, render_all
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        try:
            paths = render_all(load_flows(flows_dir), out)
        except graphviz.ExecutableNotFound:
            return {"diagrams_ms": None, "diagrams_note": "Graphviz's dot is not installed"}
        seconds = time.perf_counter() - started
    return {"diagrams_ms": 1000 * seconds, "diagrams_files": len(paths),
            "diagrams_note": "all flows, every default format, dot included"}


def snapshot_timing(seed: int = 1, decisions: int = 80, rounds: int = 2000, flows_dir=None, cards=None) -> dict:
    """Snapshot + restore of a game in its middle (rewind), mean over `rounds`."""
    game = new_game(seed, None, "standard", flows_dir, cards)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(decisions):
        d = game.advance()
        if d is None:
            break
        game.apply(agents[d.player].choose(game, d))
    snap = game.snapshot()
    both = best_of(3, lambda: [game.restore(game.snapshot()) for _ in range(rounds)]) / rounds
    take = best_of(3, lambda: [game.snapshot() for _ in range(rounds)]) / rounds
    back = best_of(3, lambda: [game.restore(snap) for _ in range(rounds)]) / rounds
    return {"snapshot_restore_ms": 1000 * both, "snapshot_ms": 1000 * take, "restore_ms": 1000 * back,
            "snapshot_at_turn": game.state.turn}


def _rss_kib() -> tuple[int, int]:
    """(current, peak) resident set size of this process in KiB. Linux's VmHWM is the peak
    of this address space only (ru_maxrss would carry the parent's peak across exec)."""
    try:
        with open("/proc/self/status") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak, peak


def _memory_run(games: int, agent: str, checkpoints: tuple, flows_dir, cards) -> list[dict]:
    """In a fresh process: play `games` games, note memory at each checkpoint."""
    import gc
    from .simulate import SimConfig, play_one
    config = SimConfig(agents=(agent, agent), flows_dir=flows_dir, cards=cards)
    out = []
    for i in range(games):
        play_one(config, i)
        if i + 1 in checkpoints:
            gc.collect()
            rss, peak = _rss_kib()
            out.append({"games": i + 1, "rss_kib": rss, "peak_rss_kib": peak})
    return out


def _heap_run(games: int, agent: str, flows_dir, cards) -> dict:
    """In a fresh process: Python heap still allocated after `games` more games (tracemalloc),
    which tells a leak from the allocator keeping freed arenas (RSS noise)."""
    import gc
    import tracemalloc
    from .simulate import SimConfig, play_one
    config = SimConfig(agents=(agent, agent), flows_dir=flows_dir, cards=cards)
    for i in range(20):   # caches filled before counting
        play_one(config, i)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(20, 20 + games):
        play_one(config, i)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"heap_games": games, "heap_retained_bytes": after - before}


def memory_timing(games: int, agent: str = "heuristic", flows_dir=None, cards=None) -> dict:
    checkpoints = tuple(sorted({max(1, games // 10), games // 4, games // 2, games}))
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        marks = pool.submit(_memory_run, games, agent, checkpoints, flows_dir, cards).result()
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        heap = pool.submit(_heap_run, min(games, 300), agent, flows_dir, cards).result()
    first, last = marks[0], marks[-1]
    return {"memory_games": games, "memory_agent": agent, "memory_checkpoints": marks,
            "peak_rss_mib": last["peak_rss_kib"] / 1024,
            "rss_growth_mib": (last["rss_kib"] - first["rss_kib"]) / 1024,
            "rss_growth_from_games": f"{first['games']}->{last['games']}", **heap}


def environment() -> dict:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "transitions": transitions.__version__, "machine": platform.machine(),
            "cpus": os.cpu_count(), "platform": platform.platform(terse=True),
            "argv": " ".join(sys.argv[1:])}


def check(results: dict) -> dict:
    """{metric: {"value", "target", "met"}} for every target that was measured."""
    out = {}
    for metric, (op, bound) in TARGETS.items():
        value = results.get(metric)
        if value is None:
            continue
        met = value >= bound if op == ">=" else value <= bound
        out[metric] = {"value": value, "target": f"{op} {bound:g}", "met": met}
    return out


def run_bench(games: int = 200, ratio_games: int = 50, long_games: int = 2000, seed: int = 0,
              flows_dir=None, cards=None, step=lambda name: None) -> dict:
    """Every measurement; `step(name)` is called before each (for a progress display)."""
    results: dict = {"environment": environment()}
    for agent in ("random", "heuristic"):
        step(f"{agent} games")
        g = games_per_second(agent, games, seed, flows_dir=flows_dir, cards=cards)
        results[f"{agent}_games_per_second"] = g["games_per_second"]
        results[f"{agent}_transitions_per_game"] = g["transitions_per_game"]
        results[f"{agent}_turns_per_game"] = g["turns_per_game"]
        results[f"{agent}_ms_per_game"] = g["ms_per_game"]
    for agent in ("random", "heuristic"):
        step(f"{agent} engine vs transitions floor")
        seeds = list(range(seed, seed + ratio_games))
        r = measure_ratio(agent, seeds, flows_dir=flows_dir, cards=cards)
        results[f"floor_{agent}"] = r
        results[f"ratio_game_{agent}"] = r["ratio_game"]
        results[f"ratio_flow_layer_{agent}"] = r["ratio_flow_layer"]
        # the same measure without the card ability layer: what the rules engine alone costs
        plain = measure_ratio(agent, seeds, flows_dir=flows_dir, cards=cards, abilities=False)
        results[f"floor_{agent}_no_abilities"] = plain
        results[f"ratio_game_{agent}_no_abilities"] = plain["ratio_game"]
    step("flows load and lint")
    results.update(flows_timings(flows_dir))
    step("diagrams")
    results.update(diagram_timing(flows_dir))
    step("snapshot and restore")
    results.update(snapshot_timing(flows_dir=flows_dir, cards=cards))
    if long_games:
        step(f"memory over {long_games} games")
        results.update(memory_timing(long_games, flows_dir=flows_dir, cards=cards))
    results["targets"] = check(results)
    return results
