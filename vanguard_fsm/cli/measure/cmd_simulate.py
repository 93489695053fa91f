"""`vanguard-fsm simulate`: thousands of games with a live bar and a summary table.

The work itself is in `simulate.py`; this module is the command line around it:
check the inputs once here (so a bad deck is one clear error, not one per
worker), show a `rich` progress bar while games finish, print the summary as
tables, and write `--out` as JSON plus the per-game rows as CSV beside it.
"""
from __future__ import annotations

import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn
from rich.table import Table

from ...agents.spec import SEARCH_LIMITS
from ...game.factory import decks_format, new_game
from ...output_files import OutputError
from ..common import (absolute_cards, SEARCH_BUDGET_HELP, EXIT_FAILED, EXIT_INPUT, GAMES, MAX_GAMES, AgentSpecType, FlagError,
                      FormatName, check_output_dir, check_output_file, cards_option, echo_budgets, flows_option,
                      input_errors, write_json_and_csv)
from ...sim.simulate import ROW_FIELDS, SimConfig, play_chunk, run_dask, run_processes, summarise

LOCATED = re.compile(r"^[^\s:][^:]*:\d+:\d+: ")   # `path:line:col: message`

@click.command()
@click.option("--games", type=GAMES, required=True, help=f"How many games (at most {MAX_GAMES:,}).")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i's seed derives from this and i.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Local processes (default 1); with --scheduler local, the LocalCluster's workers.")
@click.option("--scheduler", default=None, metavar="ADDR|local",
              help="Run on a Dask cluster at ADDR (tcp://host:8786), or 'local' for a LocalCluster.")
@click.option("--agents", nargs=2, type=AgentSpecType(allow_human=False),
              default=("heuristic", "heuristic"), show_default=True,
              help=f"Side A's and side B's agent spec (random, heuristic, ismcts[:iterations=N,...]; {SEARCH_LIMITS}). "
              + SEARCH_BUDGET_HELP)
@click.option("--decks", nargs=2, default=None, help="Side A's and side B's deck, by built-in name or path.")
@click.option("--format", "fmt", type=FormatName(), default=None,
              help="The game's format (damage to lose); default: the decks' format.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the summary as JSON to FILE and the per-game rows as CSV beside it (FILE.csv).")
@click.option("--trace-dir", type=click.Path(file_okay=False), default=None,
              help="Write one JSONL trace per game: DIR/game-<i>.jsonl.")
@click.option("--fixed-seats", is_flag=True,
              help="Keep side A in seat 0 (default: sides swap seats every other game).")
@click.option("--no-progress", is_flag=True, help="No progress bar (the summary is still printed).")
@flows_option
@cards_option
@input_errors
def simulate(games, seed, workers, scheduler, agents, decks, fmt, out_path, trace_dir, fixed_seats, no_progress,
             flows_dir, cards):
    """Play many games and summarise them: wins with 95% intervals, lengths, triggers, guards.

    Results depend only on --seed and the game options, never on --workers or --scheduler.
    """
    if out_path and Path(out_path).suffix.lower() == ".csv":
        raise click.UsageError("--out names the JSON file; the CSV is written beside it")
    # every output and address is checked before the first game: a long run must not fail at its end
    check_output_file(out_path, "--out")
    check_output_file(str(Path(out_path).with_suffix(".csv")) if out_path else None, "--out")
    check_output_dir(trace_dir, "--trace-dir")
    if scheduler:
        check_scheduler(scheduler)
    deck_paths = tuple(_resolved(d) for d in decks) if decks else None
    if fmt is None:      # the decks' format (flows, cards and decks are checked here: exit 2 on bad input)
        fmt = decks_format(deck_paths, flows_dir, cards)
    config = SimConfig(seed=seed, agents=tuple(agents), decks=deck_paths,
                       fmt=fmt,
                       flows_dir=str(Path(flows_dir).resolve()) if flows_dir else None,
                       cards=absolute_cards(cards),
                       trace_dir=str(Path(trace_dir).resolve()) if trace_dir else None,
                       swap_seats=not fixed_seats)
    # load flows, cards and decks once here: input errors exit 2 before any worker starts
    new_game(0, config.deck_names(), fmt, config.flows_dir, config.cards, start=False)
    if trace_dir:
        try:
            Path(trace_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FlagError("--trace-dir", f"cannot create {trace_dir}: {exc.strerror}") from None
    budgets = echo_budgets(config.agents)
    started = time.perf_counter()
    with progress_bar("simulate", games, no_progress) as advance:
        rows = run_batch(config, games, scheduler, workers, advance)
    elapsed = time.perf_counter() - started
    summary = summarise(config, rows)
    run = {"workers": workers or 1, "scheduler": scheduler, "seconds": round(elapsed, 3),
           "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None, "budgets": budgets}
    print_summary(Console(), summary, run)
    if out_path:
        write_json_and_csv(Path(out_path), {"summary": summary, "run": run}, rows, ROW_FIELDS)
    located = [e for e in summary["errors"] if LOCATED.match(e["error"])]
    if located:   # bad input met while playing (a runaway flow or ability): an input error, exit 2
        first = located[0]
        click.echo(f"{first['error']} [game {first['game']}, seed {first['seed']}; "
                   f"{len(located)} game(s) stopped so]", err=True)
        sys.exit(EXIT_INPUT)
    if summary["errors"]:
        first = summary["errors"][0]
        click.echo(f"{len(summary['errors'])} game(s) failed; first: game {first['game']} "
                   f"(seed {first['seed']}): {first['error']}", err=True)
        sys.exit(EXIT_FAILED)


@contextmanager
def progress_bar(label: str, games: int, disabled: bool):
    """A live `rich` bar on stderr; yields the function that advances it by n games."""
    with Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True),
                  disable=disabled, transient=False) as bar:
        task = bar.add_task("games", total=games)
        yield lambda n: bar.advance(task, n)


def run_batch(config, games: int, scheduler, workers, advance, work=play_chunk) -> list[dict]:
    """Rows of `games` games through Dask (`scheduler`) or local processes; `work` plays a chunk.
    Ctrl-C stops the run with one line saying how far it got, and exit 130 (128 + SIGINT)."""
    done = [0]

    def counted(n: int) -> None:
        done[0] += n
        advance(n)
    try:
        if scheduler:
            return _on_dask(config, games, scheduler, workers, counted, work)
        return run_processes(config, games, workers or 1, counted, work)
    except KeyboardInterrupt:
        verb = click.get_current_context().info_name
        click.echo(f"\n{verb}: interrupted (Ctrl-C) after {done[0]:,} of {games:,} games; no summary written",
                   err=True)
        sys.exit(EXIT_INTERRUPTED)


def _on_dask(config, games, scheduler, workers, advance, work=play_chunk):
    """run_dask, with a missing extra or an unreachable scheduler as input errors (exit 2)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        click.echo("--scheduler needs Dask: pip install 'vanguard-fsm[dask]'", err=True)
        sys.exit(EXIT_INPUT)
    try:
        return run_dask(config, games, scheduler, workers, advance, work=work)
    except OutputError:
        raise                           # a trace that cannot be written (a full disk): path:1:1, exit 2
    except (OSError, TimeoutError, ValueError) as exc:
        click.echo(f"--scheduler: cannot use the Dask scheduler at {scheduler}: {exc}", err=True)
        sys.exit(EXIT_INPUT)


EXIT_INTERRUPTED = 130

SCHEDULER = re.compile(r"^(tcp|tls|ucx|ws|wss|inproc)://[^\s/:]+(:\d{1,5})?/?$")


def check_scheduler(address: str) -> None:
    """`local` or a Dask address such as tcp://host:8786; anything else is refused by name."""
    if address != "local" and not SCHEDULER.match(address):
        raise FlagError("--scheduler", f"{address!r} is neither 'local' nor a Dask address such as "
                                       f"tcp://host:8786")


def _resolved(deck: str) -> str:
    """A deck file path made absolute (workers may run elsewhere); a built-in name as is."""
    path = Path(deck)
    return str(path.resolve()) if path.suffix in (".yaml", ".yml") or path.exists() else deck


def _ci(rate: dict) -> str:
    low, high = rate["ci95"]
    return f"{rate['rate']:.1%} [{low:.1%}, {high:.1%}]"


def print_summary(console: Console, s: dict, run: dict) -> None:
    n = s["games"]
    head = Table(title=f"{n} games — {s['config']['fmt']}, seed {s['config']['seed']}", show_header=False)
    head.add_column(style="bold")
    head.add_column()
    head.add_row("first player wins", f"{_ci(s['first_player'])} of {s['first_player']['games']} decided "
                                      f"(advantage {s['first_player']['advantage']:+.1%})")
    t = s["turns"]
    head.add_row("turns per game", f"mean {t['mean']:.1f}, median {t['median']}, max {t['max']}")
    head.add_row("winner's damage", f"mean {s['damage']['winner']['mean']:.2f}")
    head.add_row("loser's damage", f"mean {s['damage']['loser']['mean']:.2f}")
    trig = s["triggers"]
    head.add_row("triggers", f"{trig['total']} ({trig['per_game']:.2f}/game, {trig['active']} active): " +
                 ", ".join(f"{k} {v}" for k, v in trig["by_type"].items()))
    g = s["guards"]
    head.add_row("guards", f"{g['total']} ({g['per_game']:.2f}/game): " +
                 ", ".join(f"{k} {v}" for k, v in g["by_kind"].items()))
    if s["abilities_resolved"]:
        head.add_row("abilities resolved", str(s["abilities_resolved"]))
    head.add_row("flow transitions", f"mean {s['transitions']['mean']:.0f} per game")
    head.add_row("game over", ", ".join(f"{k} {v} ({v / n:.1%})" for k, v in s["game_over_reasons"].items() if v))
    head.add_row("draws", str(s["draws"]))
    where = f"Dask {run['scheduler']}" if run["scheduler"] else f"{run['workers']} process(es)"
    head.add_row("run", f"{run['seconds']:.1f} s on {where}, {run['games_per_second']} games/s")
    console.print(head)

    wins = Table(title="wins (95% Wilson interval)")
    for col in ("", "wins", "rate [95% CI]", "mean damage taken"):
        wins.add_column(col, justify="left" if not col else "right")
    for seat, rate in s["wins_per_seat"].items():
        wins.add_row(f"seat {seat}", str(rate["wins"]), _ci(rate), "")
    for label, rate in s["wins_per_deck"].items():
        wins.add_row(label, str(rate["wins"]), _ci(rate), f"{s['damage']['per_deck'][label]['mean']:.2f}")
    console.print(wins)


COMMANDS = [simulate]
