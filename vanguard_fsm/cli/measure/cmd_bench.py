"""`vanguard-fsm bench`: run the benchmark, print its table, write its JSON.

A benchmark, not a test: it never fails on a missed target (exit 0), it says so
in the table and in the JSON's `targets`. Run it on a quiet machine; every time
is already the best of a few repeats.
"""
from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from ...output_files import write_output
from ...sim.bench import TARGETS, run_bench
from ..common import EXIT_INPUT, cards_option, flows_option, input_errors


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per agent for games per second.")
@click.option("--ratio-games", type=click.IntRange(min=1), default=50, show_default=True,
              help="Games per agent replayed on bare transitions machines.")
@click.option("--long", "long_games", type=click.IntRange(min=0), default=10000, show_default=True,
              help="Games of the memory run (0 skips it).")
@click.option("--workers-games", type=click.IntRange(min=0), default=200, show_default=True,
              help="Games of `simulate` with 1 and with 2 workers (0 skips it).")
@click.option("--trace-games", type=click.IntRange(min=0), default=50, show_default=True,
              help="Games played with and without --trace-dir (0 skips it).")
@click.option("--mcts-iterations", type=click.IntRange(min=0), default=200, show_default=True,
              help="ISMCTS iterations of the search-speed measure (0 skips it).")
@click.option("--startup-runs", type=click.IntRange(min=0), default=3, show_default=True,
              help="New processes of `play --seed 7 --quiet` timed for startup_ms (0 skips it).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default="bench.json", show_default=True,
              help="Where to write the JSON results.")
@click.option("--markdown", is_flag=True, help="Print the table as Markdown (for the simulation guide).")
@flows_option
@cards_option
@input_errors
def bench(games, ratio_games, long_games, workers_games, trace_games, mcts_iterations, startup_runs, seed, out_path,
          markdown, flows_dir, cards):
    """Benchmark (CPU time): games/s, engine vs transitions floors, flows load, diagrams, rewind,
    --trace-dir cost, 1 vs 2 workers, memory."""
    console = Console(stderr=True)
    with console.status("bench") as status:
        results = run_bench(games, ratio_games, long_games, seed, flows_dir, cards,
                            step=lambda name: status.update(f"bench: {name}"), workers_games=workers_games,
                            trace_games=trace_games, mcts_iterations=mcts_iterations,
                            startup_runs=startup_runs)
    if markdown:
        click.echo(markdown_table(results))
    else:
        Console().print(table(results))
    write_output(out_path, json.dumps(results, indent=1) + "\n")     # OutputError: path:1:1, exit 2
    click.echo(f"wrote {out_path}", err=True)


def _num(value, fmt: str) -> str:
    return "not measured" if value is None else format(value, fmt)


def rows(r: dict) -> list[tuple[str, str, str]]:
    """(measure, value, target) lines, in the order of the issue."""
    def target(metric):
        t = r["targets"].get(metric)
        if t is None:
            return f"{TARGETS[metric][0]} {TARGETS[metric][1]:g}" if metric in TARGETS else ""
        return f"{t['target']} {'met' if t['met'] else 'NOT met'}"
    fr, fh = r["floor_random"], r["floor_heuristic"]
    fr0, fh0 = r["floor_random_no_abilities"], r["floor_heuristic_no_abilities"]
    out = []
    pairings = (("heuristic vs heuristic", "heuristic", "heuristic"),
                ("random-attacker vs random-attacker", "random_attacker", "random_attacker"),
                ("random vs random", "random", "random"),
                ("heuristic, real decks {0} vs {1}", "heuristic_real", "real"),
                ("heuristic, many abilities: {0} vs {1}", "heuristic_many_abilities", "many_abilities"))
    for label, key, short in pairings:
        g = r[f"games_{key}"]
        out.append((f"{label.format(*g['decks'])}: standard games/s (1 core)", f"{g['games_per_second']:.1f}",
                    target(f"games_per_second_{key}")))
        out.append((f"  µs per flow transition ({g['transitions_per_game']:.0f} a game, "
                    f"{g['turns_per_game']:.1f} turns)", f"{g['us_per_transition']:.1f}",
                    target(f"us_per_transition_{short}")))
        out.append((f"  µs per decision ({g['decisions_per_game']:.0f} a game)", f"{g['us_per_decision']:.1f}",
                    target(f"us_per_decision_{short}")))
    out += [
        ("triggers fired per game incl. failed guards (random / heuristic)",
         f"{fr['triggers_per_game']:.0f} / {fh['triggers_per_game']:.0f}", ""),
        ("whole game / stock transitions floor, random", f"{r['ratio_game_random_vs_stock_floor']:.2f}",
         target("ratio_game_random_vs_stock_floor")),
        ("whole game / stock transitions floor, heuristic", f"{r['ratio_game_heuristic_vs_stock_floor']:.2f}",
         target("ratio_game_heuristic_vs_stock_floor")),
        ("  same, card ability layer off (random / heuristic)",
         f"{fr0['ratio_game']:.2f} / {fh0['ratio_game']:.2f}", ""),
        ("flow layer / own-classes floor, random", f"{r['ratio_flow_layer_vs_own_floor']:.2f}",
         target("ratio_flow_layer_vs_own_floor")),
        ("  flow layer / own-classes floor, heuristic", f"{r['ratio_flow_layer_heuristic_vs_own_floor']:.2f}", ""),
        ("  ms per game: engine / flow layer / stock floor / own floor, random",
         f"{fr['engine_ms_per_game']:.2f} / {fr['flow_layer_ms_per_game']:.2f} / {fr['floor_ms_per_game']:.2f}"
         f" / {fr['own_floor_ms_per_game']:.2f}", ""),
        ("  ms per game: engine / flow layer / stock floor / own floor, heuristic",
         f"{fh['engine_ms_per_game']:.2f} / {fh['flow_layer_ms_per_game']:.2f} / {fh['floor_ms_per_game']:.2f}"
         f" / {fh['own_floor_ms_per_game']:.2f}", ""),
        ("  µs per trigger: stock / own classes (random)",
         f"{fr['floor_us_per_trigger']:.2f} / {fr['own_floor_us_per_trigger']:.2f}", ""),
        ("  flow layer with its conditions answered from a tape / own floor (random / heuristic)",
         f"{fr['ratio_flow_layer_taped_conditions_vs_own_floor']:.2f}"
         f" / {fh['ratio_flow_layer_taped_conditions_vs_own_floor']:.2f}", ""),
        ("  flow moves, condition calls per game (random)",
         f"{fr['flow_moves_per_game']:.0f}, {fr['condition_calls_per_game']:.0f}", ""),
        ("play --seed 7 --quiet, a new process (ms wall)", _num(r["startup_ms"], ".0f"), ""),
        ("load + compile all flows (ms)", f"{r['flows_load_ms']:.1f}", target("flows_load_ms")),
        ("lint all flows (ms)", f"{r['flows_lint_ms']:.1f}", ""),
        ("render all diagrams (ms CPU, dot included)",
         f"{r['diagrams_ms']:.0f} ({r.get('diagrams_files', 0)} files)" if r.get("diagrams_ms") is not None
         else f"skipped: {r.get('diagrams_note')}", ""),
        ("snapshot + restore (µs)", f"{r['snapshot_restore_us']:.1f}", target("snapshot_restore_us")),
        ("snapshot size (bytes held)", f"{r['snapshot_bytes']}", target("snapshot_bytes")),
    ]
    if r.get("mcts_playouts_per_second") is not None:
        out.append((f"ISMCTS playouts/s from a mid-game position (turn {r['mcts_position_turn']}; rollouts "
                     f"{r['mcts_depth']} turns / to the end)",
                     f"{r['mcts_playouts_per_second']:.0f} / {r['mcts_full_playouts_per_second']:.0f}", ""))
    if r.get("trace_dir_overhead") is not None:
        out.append((f"simulate --trace-dir: ms per {r['trace_dir_agent']} game off / on",
                    f"{r['trace_dir_ms_per_game_off']:.1f} / {r['trace_dir_ms_per_game_on']:.1f}",
                    f"x{r['trace_dir_overhead']:.2f}, {r['trace_dir_kib_per_game']:.0f} KiB a game"))
    out.append(("simulate --workers 2 vs 1 (wall clock)", _num(r["workers2_speedup"], ".2f"),
                target("workers2_speedup")))
    out.append(("search agent playouts/s", _num(r["mcts_playouts_per_second"], ".0f"), ""))
    if r.get("peak_rss_mib") is not None:
        marks = ", ".join(f"{m['games']}: {m['rss_kib'] / 1024:.1f}" for m in r["memory_checkpoints"])
        out.append((f"peak RSS over {r['memory_games']} {r['memory_agent']} games (MiB)",
                    f"{r['peak_rss_mib']:.1f}", ""))
        out.append(("  RSS at games played (MiB)", marks, f"growth {r['rss_growth_mib']:+.1f} MiB"))
        out.append((f"  Python heap retained after {r['heap_games']} more games (tracemalloc)",
                    f"{r['heap_retained_bytes']:+d} bytes", ""))
    return out


def table(results: dict) -> Table:
    env = results["environment"]
    t = Table(title=f"vanguard-fsm bench — Python {env['python']}, transitions {env['transitions']}, "
                    f"{env['cpus']} CPUs")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_column("target")
    for measure, value, target in rows(results):
        t.add_row(measure, value, target)
    return t


def markdown_table(results: dict) -> str:
    env = results["environment"]
    load = env.get("load_average_at_start")
    conditions = f"process CPU time, load average {load[0]:.1f} at start" if load else "process CPU time"
    lines = [f"Python {env['python']}, transitions {env['transitions']}, {env['cpus']} CPUs, {env['platform']}; "
             f"{conditions}",
             "", "| measure | value | target |", "|---|---:|---|"]
    lines += [f"| {m.strip()} | {v} | {t} |" for m, v, t in rows(results)]
    return "\n".join(lines)


COMMANDS = [bench]
