"""`vanguard-fsm ladder`: a round robin between agents, ratings with 95% intervals.

The games and the statistics are in `sim/ladder.py`; this module checks the
inputs once (agent specs, decks, flows), shows a progress bar, prints the
ratings table and the pairwise win-rate matrix, and writes `--out` as JSON.
`--agents random heuristic ismcts:iterations=100` names the agents (or repeat
`--agents`).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn
from rich.table import Table

from ...agents.spec import SEARCH_LIMITS
from ...game.factory import decks_format, new_game
from ...output_files import write_output
from ..common import (absolute_cards, SEARCH_BUDGET_HELP, FormatName, EXIT_FAILED, EXIT_INPUT, GAMES, MAX_GAMES, AgentSpecType,
                      cards_option, echo_budgets, flows_option, input_errors)
from .cmd_simulate import _resolved
from ...sim.ladder import LadderConfig, run_ladder, summarise_ladder, work


@click.command()
@click.option("--agents", "first", multiple=True, required=True, type=AgentSpecType(allow_human=False),
              metavar="AGENT", help=f"The agents: `--agents random heuristic ismcts:iterations=100` ({SEARCH_LIMITS}). "
              + SEARCH_BUDGET_HELP)
@click.argument("more", nargs=-1, metavar="")
@click.option("--games", type=GAMES, default=100, show_default=True,
              help=f"Games per pairing, at most {MAX_GAMES:,} (half of them with the decks exchanged; "
                   f"seats alternate).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Local processes (default 1); with --scheduler local, the LocalCluster's workers.")
@click.option("--scheduler", default=None, metavar="ADDR|local",
              help="Run on a Dask cluster at ADDR (tcp://host:8786), or 'local' for a LocalCluster.")
@click.option("--decks", nargs=2, default=None, help="The two decks, by built-in name or path.")
@click.option("--format", "fmt", type=FormatName(), default=None,
              help="The games' format (damage to lose); default: the decks' format.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the ratings, the matrix and every game's row as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@flows_option
@cards_option
@input_errors
def ladder(first, more, games, seed, workers, scheduler, decks, fmt, out_path, no_progress, flows_dir, cards):
    """Round robin between agents: Bradley-Terry ratings (Elo scale) with 95% intervals, win-rate matrix."""
    spec_type = AgentSpecType(allow_human=False)
    try:
        agents = tuple(first) + tuple(spec_type.convert(m, None, None) for m in more)
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message, param_hint="'--agents'") from None
    if len(set(agents)) != len(agents):
        raise click.UsageError(f"an agent is named twice in {' '.join(agents)}")
    if len(agents) < 2:
        raise click.UsageError("a ladder needs at least two agents")
    fmt = fmt or decks_format(tuple(_resolved(d) for d in decks) if decks else None, flows_dir, cards)
    config = LadderConfig(agents=agents, games=games, seed=seed,
                          decks=tuple(_resolved(d) for d in decks) if decks else None, fmt=fmt,
                          flows_dir=str(Path(flows_dir).resolve()) if flows_dir else None,
                          cards=absolute_cards(cards))
    total = sum(n for _, _, n in work(config))
    new_game(0, config.decks, fmt, config.flows_dir, config.cards, start=False)   # bad input: exit 2 here
    if scheduler:
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            click.echo("--scheduler needs Dask: pip install 'vanguard-fsm[dask]'", err=True)
            sys.exit(EXIT_INPUT)
    budgets = echo_budgets(agents)
    started = time.perf_counter()
    with Progress(TextColumn("[bold]ladder"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True),
                  disable=no_progress) as bar:
        task = bar.add_task("games", total=total)
        try:
            rows = run_ladder(config, workers or 1, scheduler, lambda n: bar.advance(task, n))
        except (OSError, TimeoutError) as exc:
            click.echo(f"cannot use the Dask scheduler at {scheduler}: {exc}", err=True)
            sys.exit(EXIT_INPUT)
    summary = summarise_ladder(config, rows)
    summary["run"] = {"seconds": round(time.perf_counter() - started, 3), "workers": workers or 1,
                      "scheduler": scheduler, "budgets": budgets}
    print_ladder(Console(), summary)
    if out_path:
        write_output(out_path, json.dumps(dict(summary, rows=rows), indent=1) + "\n")   # OutputError: exit 2
    if summary["errors"]:
        e = summary["errors"][0]
        click.echo(f"{len(summary['errors'])} game(s) failed; first: pair {e['pair']} game {e['game']}: "
                   f"{e['error']}", err=True)
        sys.exit(EXIT_FAILED)


def print_ladder(console: Console, s: dict) -> None:
    cfg = s["config"]
    ratings = Table(title=f"ladder: {s['games']} games, {cfg['games_per_pair']} per pairing, seed {cfg['seed']} "
                          f"({s['scale']})")
    for col in ("rank", "agent", "rating", "95% interval", "score"):
        ratings.add_column(col, justify="left" if col == "agent" else "right")
    for rank, r in enumerate(s["ratings"], 1):
        low, high = r["ci95"]
        ratings.add_row(str(rank), r["agent"], f"{r['rating']:+.0f}", f"[{low:+.0f}, {high:+.0f}]",
                        f"{r['score']:g}/{r['games']}")
    console.print(ratings)
    names = s["matrix"]["agents"]
    matrix = Table(title="row's win rate against column [95% Wilson interval]; draws count half")
    matrix.add_column("")
    for name in names:
        matrix.add_column(name, justify="right")
    for i, name in enumerate(names):
        cells = []
        for cell in s["matrix"]["rows"][i]:
            cells.append("-" if cell is None else
                         f"{cell['rate']:.0%} [{cell['ci95'][0]:.0%}, {cell['ci95'][1]:.0%}] n={cell['games']}")
        matrix.add_row(name, *cells)
    console.print(matrix)


COMMANDS = [ladder]
