"""The benchmark behind `vanguard-fsm bench`: how fast, how close to the floor, how lean.

Measures, on one core of this machine, in process CPU time (`bench_measures`):

- whole standard games per second and µs per flow transition for three pairings:
  heuristic, `random-attacker` (random, but attacks whenever it can) and uniform
  `random` (long games: it declines half its attacks);
- the engine against its library's floor for the very same games (`bench_floor`):
  the triggers replayed on stock `transitions.Machine` objects (`ratio_game_*_vs_stock_floor`)
  and on the machine classes the engine uses (`ratio_flow_layer_vs_own_floor`);
- flows load and lint, every diagram, snapshot + restore and a snapshot's size, what
  `simulate --trace-dir` adds, `simulate` with 2 workers against 1 (wall clock), and
  memory over a long run in a fresh process.

The JSON keys listed in CONTRACT.md ("Benchmark JSON") are always present (None when
not measured; `mcts_playouts_per_second` is the ISMCTS agent's, `bench_search`); details sit
beside them. Targets come from issues 17 and 32; `check` says which are met. Issue 32 adds the
real-deck pairing (royal-paladin against kagero), the built-in deck with the most abilities
against itself, µs per decision beside µs per transition, and the start-up of one `play`.
"""
from __future__ import annotations

import os
import platform
import sys

import transitions

from .bench_floor import measure_ratio
from .bench_measures import (diagram_timing, flows_timings, games_per_second, most_abilities_deck, snapshot_timing,
                             startup_timing, trace_dir_cost, workers_speedup)
from .bench_memory import memory_timing
from .bench_search import search_timing

BENCH_AGENTS = ("heuristic", "random-attacker", "random")
REAL_DECKS = ("royal-paladin", "kagero")     # the real-deck pairing (issue 32), heuristic agents

TARGETS = {  # metric: (comparison, bound)
    "us_per_transition_random": ("<=", 15.0),
    "us_per_transition_heuristic": ("<=", 20.0),
    "games_per_second_heuristic": (">=", 200.0),
    "games_per_second_random_attacker": (">=", 200.0),
    "games_per_second_random": (">=", 120.0),
    "ratio_game_random_vs_stock_floor": ("<=", 2.0),
    "ratio_game_heuristic_vs_stock_floor": ("<=", 2.0),
    "games_per_second_heuristic_real": (">=", 170.0),
    "us_per_decision_real": ("<=", 30.0),
    # a deck with many abilities costs no more per transition than the default decks (issue 32)
    "us_per_transition_many_abilities": ("<=", 20.0),
    "ratio_flow_layer_vs_own_floor": ("<=", 1.3),
    "snapshot_restore_us": ("<=", 15.0),
    "snapshot_bytes": ("<=", 15360.0),
    "workers2_speedup": (">=", 1.6),
    "flows_load_ms": ("<=", 200.0),
}

CONTRACT_KEYS = (
    "us_per_transition_random", "us_per_transition_heuristic", "games_per_second_heuristic",
    "games_per_second_random_attacker", "games_per_second_random", "ratio_game_random_vs_stock_floor",
    "ratio_game_heuristic_vs_stock_floor", "ratio_flow_layer_vs_own_floor", "snapshot_restore_us",
    "snapshot_bytes", "flows_load_ms", "diagrams_ms", "workers2_speedup", "peak_rss_mib",
    "mcts_playouts_per_second", "games_per_second_heuristic_real", "us_per_decision_real",
    "us_per_decision_heuristic", "startup_ms")


def _key(agent: str) -> str:
    return agent.replace("-", "_")


def environment() -> dict:
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "transitions": transitions.__version__, "machine": platform.machine(),
            "cpus": os.cpu_count(), "platform": platform.platform(terse=True), "clock": "process_time",
            "load_average_at_start": load, "argv": " ".join(sys.argv[1:])}


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


def run_bench(games: int = 200, ratio_games: int = 50, long_games: int = 10000, seed: int = 0,
              flows_dir=None, cards=None, step=lambda name: None, workers_games: int = 200,
              trace_games: int = 50, mcts_iterations: int = 200, startup_runs: int = 3) -> dict:
    """Every measurement; `step(name)` is called before each (for a progress display).
    A count of 0 skips its measure (its keys are then None)."""
    results: dict = {"environment": environment()}
    results.update(dict.fromkeys(CONTRACT_KEYS))
    for agent in BENCH_AGENTS:
        step(f"{agent} games")
        g = games_per_second(agent, games, seed, flows_dir=flows_dir, cards=cards)
        results[f"games_per_second_{_key(agent)}"] = g["games_per_second"]
        results[f"us_per_transition_{_key(agent)}"] = g["us_per_transition"]
        results[f"games_{_key(agent)}"] = g
    results["us_per_decision_heuristic"] = results["games_heuristic"]["us_per_decision"]
    step("heuristic games, real decks")
    g = results["games_heuristic_real"] = games_per_second("heuristic", games, seed, flows_dir=flows_dir, cards=cards,
                                                           decks=REAL_DECKS)
    results["games_per_second_heuristic_real"] = g["games_per_second"]
    results["us_per_decision_real"] = g["us_per_decision"]
    step("heuristic games, many abilities")
    many = most_abilities_deck(cards=cards)
    g = results["games_heuristic_many_abilities"] = games_per_second("heuristic", games, seed, flows_dir=flows_dir,
                                                                     cards=cards, decks=(many, many))
    results["games_per_second_heuristic_many_abilities"] = g["games_per_second"]
    results["us_per_transition_many_abilities"] = g["us_per_transition"]
    results["us_per_decision_many_abilities"] = g["us_per_decision"]
    for agent in ("random", "heuristic"):
        step(f"{agent} engine vs transitions floors")
        seeds = list(range(seed, seed + ratio_games))
        r = measure_ratio(agent, seeds, flows_dir=flows_dir, cards=cards)
        results[f"floor_{agent}"] = r
        results[f"ratio_game_{agent}_vs_stock_floor"] = r["ratio_game"]
        results[f"ratio_flow_layer_{agent}_vs_own_floor"] = r["ratio_flow_layer_vs_own_floor"]
        # the same without the card ability layer: what the rules engine alone costs
        plain = measure_ratio(agent, seeds, flows_dir=flows_dir, cards=cards, abilities=False)
        results[f"floor_{agent}_no_abilities"] = plain
    results["ratio_flow_layer_vs_own_floor"] = results["ratio_flow_layer_random_vs_own_floor"]
    if startup_runs:
        step("play --seed 7 --quiet as a new process")
        results.update(startup_timing(startup_runs))
    step("flows load and lint")
    results.update(flows_timings(flows_dir))
    step("diagrams")
    results.update(diagram_timing(flows_dir))
    step("snapshot and restore")
    results.update(snapshot_timing(flows_dir=flows_dir, cards=cards))
    if mcts_iterations:
        step("ISMCTS playouts from a mid-game position")
        results.update(search_timing(mcts_iterations, flows_dir=flows_dir, cards=cards))
    if trace_games:
        step("simulate --trace-dir cost")
        results.update(trace_dir_cost(trace_games, seed=seed, flows_dir=flows_dir, cards=cards))
    if workers_games:
        step("simulate: 1 vs 2 workers")
        results.update(workers_speedup(workers_games, seed=seed, flows_dir=flows_dir, cards=cards))
    if long_games:
        step(f"memory over {long_games} games")
        results.update(memory_timing(long_games, flows_dir=flows_dir, cards=cards))
    results["targets"] = check(results)
    return results
