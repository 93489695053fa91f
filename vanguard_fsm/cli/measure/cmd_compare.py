"""`vanguard-fsm compare --flows A --flows B --games N`: one rule change, measured.

The same seeded games (decks, seats, agents' seeds) are played under both rule
sets; each side's numbers come from the games' trace events; the table shows A, B,
the mean difference B - A and its 95% paired-bootstrap interval, with `*` where the
interval excludes 0. For a sample of games it names the first trace event where the
two games part. Progress bar, `--workers` and `--scheduler` as in `simulate`;
`--out FILE` writes the JSON summary and FILE.csv, one row per pair.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ...compare.paired import ROW_FIELDS, PairConfig, play_pair_chunk, summarise_pairs
from ...compare.stats import BOOTSTRAP_RESAMPLES, MAX_RESAMPLES
from ...compare.metrics import RATES
from ...game.factory import decks_format, new_game
from ...sim.simulate import SimConfig
from .cmd_simulate import _resolved, progress_bar, run_batch
from ...paths import resolve_flows
from ..common import (absolute_cards, SEARCH_BUDGET_HELP, FormatName, EXIT_FAILED, GAMES, MAX_GAMES, AgentSpecType, cards_option,
                      input_errors, write_json_and_csv)


@click.command()
@click.option("--flows", "flows", multiple=True, required=True,
              help="A rule set (directory, 'base' or a variant's name); give it twice: A then B.")
@click.option("--games", type=GAMES, default=200, show_default=True,
              help=f"How many paired games (at most {MAX_GAMES:,}).")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i's seed derives from this and i.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Local processes (default 1).")
@click.option("--scheduler", default=None, metavar="ADDR|local", help="Run on a Dask cluster (as in simulate).")
@click.option("--agents", nargs=2, type=AgentSpecType(allow_human=False), default=("heuristic", "heuristic"),
              show_default=True, help="Side A's and side B's agent (the same under both rule sets). " + SEARCH_BUDGET_HELP)
@click.option("--decks", nargs=2, default=None, help="Side A's and side B's deck, by built-in name or path.")
@click.option("--format", "fmt", type=FormatName(), default=None,
              help="The games' format (damage to lose); default: the decks' format.")
@click.option("--sample", type=click.IntRange(min=0), default=10, show_default=True,
              help="For the first N games, find the first event where the two traces differ.")
@click.option("--resamples", type=click.IntRange(100, MAX_RESAMPLES), default=BOOTSTRAP_RESAMPLES, show_default=True,
              help=f"Bootstrap resamples for the intervals (100 to {MAX_RESAMPLES:,}).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the summary as JSON to FILE and one row per pair as CSV beside it (FILE.csv).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@cards_option
@input_errors
def compare(flows, games, seed, workers, scheduler, agents, decks, fmt, sample, resamples, out_path, no_progress,
            cards):
    """Play the same games under two rule sets; metrics side by side with the paired difference."""
    if len(flows) != 2:
        raise click.BadParameter(f"give exactly two rule sets, A and B (got {len(flows)})", param_hint="--flows")
    if out_path and Path(out_path).suffix.lower() == ".csv":
        raise click.UsageError("--out names the JSON file; the CSV is written beside it")
    names = tuple(flows)
    fmt = fmt or decks_format(tuple(_resolved(d) for d in decks) if decks else None, flows[0], cards)
    sides = [SimConfig(seed=seed, agents=tuple(agents), decks=tuple(_resolved(d) for d in decks) if decks else None,
                       fmt=fmt, flows_dir=str(resolve_flows(f).resolve()),
                       cards=absolute_cards(cards))
             for f in flows]
    for side in sides:  # bad flows, cards or decks: exit 2 before any game
        new_game(0, side.deck_names(), fmt, side.flows_dir, side.cards, start=False)
    config = PairConfig(sides[0], sides[1], names, sample)
    started = time.perf_counter()
    with progress_bar("compare", games, no_progress) as advance:
        rows = run_batch(config, games, scheduler, workers, advance, play_pair_chunk)
    elapsed = time.perf_counter() - started
    summary = summarise_pairs(config, rows, resamples)
    summary["run"] = {"workers": workers or 1, "scheduler": scheduler, "seconds": round(elapsed, 3)}
    print_comparison(Console(), summary)
    if out_path:
        write_json_and_csv(Path(out_path), summary, rows, ROW_FIELDS)
    if summary["errors"]:
        first = summary["errors"][0]
        click.echo(f"{len(summary['errors'])} game(s) failed; first: game {first['game']} (seed {first['seed']}, "
                   f"side {first['side']}): {first['error']}", err=True)
        sys.exit(EXIT_FAILED)


def _fmt(name: str, value) -> str:
    if value is None:
        return "-"
    return f"{value:.1%}" if name in RATES else f"{value:.2f}"


def _signed(name: str, value) -> str:
    if value is None:
        return "-"
    return f"{value:+.1%}" if name in RATES else f"{value:+.2f}"


def print_comparison(console: Console, s: dict) -> None:
    c = s["config"]
    table = Table(title=f"{s['games']} paired games: {s['a']} (A) vs {s['b']} (B) — {c['format']}, seed {c['seed']}, "
                        f"{' vs '.join(c['sides'])}")
    for col in ("metric", "A", "B", "B - A", "95% interval", ""):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for name, m in s["metrics"].items():
        low, high = m["ci95"]
        interval = f"[{_signed(name, low)}, {_signed(name, high)}]" if low is not None else "-"
        table.add_row(m["doc"], _fmt(name, m["a"]), _fmt(name, m["b"]), _signed(name, m["diff"]), interval,
                      "*" if m["significant"] else "")
    console.print(table)
    console.print(f"* the 95% interval excludes 0. {s['method']}.")
    if s["divergence"]:
        same = sum(d["same"] for d in s["divergence"])
        console.print(f"first divergence in {len(s['divergence'])} sampled games ({same} identical):")
        for d in s["divergence"]:
            if d["same"]:
                console.print(f"  game {d['game']} (seed {d['seed']}): identical traces")
                continue
            console.print(f"  game {d['game']} (seed {d['seed']}): event {d['index']}, "
                          f"turn {(d['a'] or d['b']).get('turn')}: A {_event(d['a'])} | B {_event(d['b'])}",
                          markup=False, highlight=False)
            if d["play"]:
                console.print(f"    first difference in play: A {_event(d['play']['a'])} | B {_event(d['play']['b'])}",
                              markup=False, highlight=False)


def _event(e) -> str:
    if e is None:
        return "(trace ended)"
    fields = {k: v for k, v in e.items() if k not in ("turn", "turn_player", "event")}
    return f"{e['event']} " + " ".join(f"{k}={v}" for k, v in fields.items())


COMMANDS = [compare]
