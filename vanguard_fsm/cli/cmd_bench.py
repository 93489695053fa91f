"""`vanguard-fsm bench`: run the benchmark, print its table, write its JSON.

A benchmark, not a test: it never fails on a missed target (exit 0), it says so
in the table and in the JSON's `targets`. Run it on a quiet machine; every time
is already the best of a few repeats.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ..sim.bench import TARGETS, run_bench
from .common import EXIT_INPUT, cards_option, flows_option, input_errors


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per agent for games per second.")
@click.option("--ratio-games", type=click.IntRange(min=1), default=50, show_default=True,
              help="Games per agent replayed on bare transitions machines.")
@click.option("--long", "long_games", type=click.IntRange(min=0), default=2000, show_default=True,
              help="Games of the memory run (0 skips it).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default="bench.json", show_default=True,
              help="Where to write the JSON results.")
@click.option("--markdown", is_flag=True, help="Print the table as Markdown (for the README).")
@flows_option
@cards_option
@input_errors
def bench(games, ratio_games, long_games, seed, out_path, markdown, flows_dir, cards):
    """Benchmark: games/s, engine vs transitions floor, flows load, diagrams, rewind, memory."""
    console = Console(stderr=True)
    with console.status("bench") as status:
        results = run_bench(games, ratio_games, long_games, seed, flows_dir, cards,
                            step=lambda name: status.update(f"bench: {name}"))
    if markdown:
        click.echo(markdown_table(results))
    else:
        Console().print(table(results))
    try:
        Path(out_path).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        click.echo(f"{out_path}: cannot write: {exc.strerror}", err=True)
        sys.exit(EXIT_INPUT)
    click.echo(f"wrote {out_path}", err=True)


def rows(r: dict) -> list[tuple[str, str, str]]:
    """(measure, value, target) lines, in the order of the issue."""
    def target(metric):
        t = r["targets"].get(metric)
        if t is None:
            return f"{TARGETS[metric][0]} {TARGETS[metric][1]:g}" if metric in TARGETS else ""
        return f"{t['target']} {'met' if t['met'] else 'NOT met'}"
    fr, fh = r["floor_random"], r["floor_heuristic"]
    out = [
        ("random vs random, standard games/s (1 core)", f"{r['random_games_per_second']:.1f}",
         target("random_games_per_second")),
        ("heuristic vs heuristic, standard games/s (1 core)", f"{r['heuristic_games_per_second']:.1f}", ""),
        ("flow transitions per game (random / heuristic)",
         f"{r['random_transitions_per_game']:.0f} / {r['heuristic_transitions_per_game']:.0f}", ""),
        ("triggers fired per game incl. failed guards (random / heuristic)",
         f"{fr['triggers_per_game']:.0f} / {fh['triggers_per_game']:.0f}", ""),
        ("engine / transitions floor, whole game, random", f"{r['ratio_game_random']:.2f}",
         target("ratio_game_random")),
        ("engine / transitions floor, whole game, heuristic", f"{r['ratio_game_heuristic']:.2f}",
         target("ratio_game_heuristic")),
        ("  same, card ability layer off (random / heuristic)",
         f"{r['ratio_game_random_no_abilities']:.2f} / {r['ratio_game_heuristic_no_abilities']:.2f}", ""),
        ("flow layer / transitions floor (random / heuristic)",
         f"{r['ratio_flow_layer_random']:.2f} / {r['ratio_flow_layer_heuristic']:.2f}", ""),
        ("  ms per game: engine / flow layer / floor, random",
         f"{fr['engine_ms_per_game']:.2f} / {fr['flow_layer_ms_per_game']:.2f} / {fr['floor_ms_per_game']:.2f}", ""),
        ("  ms per game: engine / flow layer / floor, heuristic",
         f"{fh['engine_ms_per_game']:.2f} / {fh['flow_layer_ms_per_game']:.2f} / {fh['floor_ms_per_game']:.2f}", ""),
        ("  floor: µs per bare transitions trigger",
         f"{fr['floor_us_per_trigger']:.2f} / {fh['floor_us_per_trigger']:.2f}", ""),
        ("load + compile all flows (ms)", f"{r['flows_load_ms']:.1f}", target("flows_load_ms")),
        ("lint all flows (ms)", f"{r['flows_lint_ms']:.1f}", ""),
        ("render all diagrams (ms)",
         f"{r['diagrams_ms']:.0f} ({r.get('diagrams_files', 0)} files)" if r.get("diagrams_ms") is not None
         else f"skipped: {r.get('diagrams_note')}", ""),
        ("snapshot + restore (ms)", f"{r['snapshot_restore_ms']:.3f}", target("snapshot_restore_ms")),
    ]
    if "peak_rss_mib" in r:
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
    lines = [f"Python {env['python']}, transitions {env['transitions']}, {env['cpus']} CPUs, {env['platform']}",
             "", "| measure | value | target |", "|---|---:|---|"]
    lines += [f"| {m.strip()} | {v} | {t} |" for m, v, t in rows(results)]
    return "\n".join(lines)


COMMANDS = [bench]
