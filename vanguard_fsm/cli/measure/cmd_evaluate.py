"""`vanguard-fsm evaluate`: the balance report of a rule set and its decks.

Plays `--games` seeded games (as `simulate` does; `--workers`/`--scheduler` alike)
or reads recorded traces (`--traces DIR`, every *.jsonl below it), then reports
first-player advantage, decisiveness, duration, per-deck and per-card win rates
with intervals, ability rates and the states, timings and transitions that never
happened. `--check THRESHOLDS.yaml` exits 1 when a number leaves its bounds (for
CI); `--out FILE` writes JSON, `--html FILE` a page with plots (matplotlib).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ...compare.balance import balance_report, flat_metrics
from ...compare.metrics import read_trace
from ...compare.paired import play_records_chunk
from ...compare.thresholds import check, read_thresholds
from ...diagram.render import load_flows
from ...game.factory import decks_format, new_game
from ...output_files import write_output
from ...paths import flows_name, resolve_flows
from ...sim.simulate import SimConfig
from .cmd_simulate import _resolved, progress_bar, run_batch
from ..common import (absolute_cards, SEARCH_BUDGET_HELP, FormatName, EXIT_FAILED, EXIT_INPUT, GAMES, MAX_GAMES, AgentSpecType,
                      cards_option, flows_option, input_errors)


@click.command()
@click.option("--games", type=GAMES, default=200, show_default=True,
              help=f"How many games to play (at most {MAX_GAMES:,}).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Local processes (default 1).")
@click.option("--scheduler", default=None, metavar="ADDR|local", help="Run on a Dask cluster (as in simulate).")
@click.option("--agents", nargs=2, type=AgentSpecType(allow_human=False), default=("heuristic", "heuristic"),
              show_default=True, help="Side A's and side B's agent. " + SEARCH_BUDGET_HELP)
@click.option("--decks", nargs=2, default=None, help="Side A's and side B's deck, by built-in name or path.")
@click.option("--format", "fmt", type=FormatName(), default=None,
              help="The games' format (damage to lose); default: the decks' format.")
@click.option("--traces", "traces_dir", type=click.Path(file_okay=False), default=None,
              help="Read these recorded traces (*.jsonl) instead of playing games.")
@click.option("--check", "check_path", type=click.Path(dir_okay=False), default=None,
              help="THRESHOLDS.yaml: metric: {min: X, max: Y}; exit 1 when one is broken.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None, help="Write the report as JSON.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Write the report as one HTML page with plots (needs matplotlib: the 'report' extra).")
@click.option("--min-card-games", type=click.IntRange(min=1), default=5, show_default=True,
              help="Leave out cards drawn in fewer games than this.")
@click.option("--no-progress", is_flag=True)
@flows_option
@cards_option
@input_errors
def evaluate(games, seed, workers, scheduler, agents, decks, fmt, traces_dir, check_path, out_path, html_path,
             min_card_games, no_progress, flows_dir, cards):
    """Balance report: first-player advantage, decisiveness, duration, decks, cards, abilities, dead rules."""
    flowset = load_flows(resolve_flows(flows_dir))
    thresholds = None
    if check_path:
        from ...compare.balance import flat_metrics as names_of
        thresholds = read_thresholds(check_path, list(names_of(_empty_report())))
    if html_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            click.echo("--html needs matplotlib: pip install 'vanguard-fsm[report]'", err=True)
            sys.exit(EXIT_INPUT)
    if traces_dir:
        records = _read_traces(Path(traces_dir))
        title = f"balance of {len(records)} recorded games ({Path(traces_dir).name or traces_dir})"
    else:
        fmt = fmt or decks_format(tuple(_resolved(d) for d in decks) if decks else None, flows_dir, cards)
        config = SimConfig(seed=seed, agents=tuple(agents), decks=tuple(_resolved(d) for d in decks) if decks else None,
                           fmt=fmt, flows_dir=str(resolve_flows(flows_dir).resolve()),
                           cards=absolute_cards(cards))
        new_game(0, config.deck_names(), fmt, config.flows_dir, config.cards, start=False)
        with progress_bar("evaluate", games, no_progress) as advance:
            rows = run_batch(config, games, scheduler, workers, advance, play_records_chunk)
        failed = [r for r in rows if r["error"]]
        if failed:
            click.echo(f"{len(failed)} game(s) failed; first: game {failed[0]['game']}: {failed[0]['error']}", err=True)
            sys.exit(EXIT_FAILED)
        records = [r["record"] for r in rows]
        title = (f"balance of {Path(flows_name(resolve_flows(flows_dir))).name if flows_dir else 'base'}: {games} games, "
                 f"{' vs '.join(config.side_labels())}, seed {seed}")
    report = balance_report(records, flowset, min_card_games, seed)
    report["metrics"] = flat_metrics(report)
    checks = check(report["metrics"], thresholds) if thresholds else None
    report["checks"] = checks
    print_report(Console(), report, title)
    if out_path:                    # a write failure is OutputError: path:1:1, exit 2
        write_output(out_path, json.dumps(report, indent=1, default=str) + "\n")
    if html_path:
        from ...compare.html import html_report
        write_output(html_path, html_report(report, title, checks, card_names(cards)))
    if checks and not all(c["ok"] for c in checks):
        sys.exit(EXIT_FAILED)


def _empty_report() -> dict:
    return balance_report([], None)


def _read_traces(directory: Path) -> list:
    files = sorted(directory.rglob("*.jsonl"))
    if not files:
        click.echo(f"{directory}:1:1: no *.jsonl traces here", err=True)
        sys.exit(EXIT_INPUT)
    records = []
    for f in files:
        try:
            records.append(read_trace(f))
        except ValueError as exc:
            click.echo(str(exc), err=True)
            sys.exit(EXIT_INPUT)
    return records


def _ci(r) -> str:
    if not r or r.get("rate") is None:
        return "-"
    return f"{r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"


def print_report(console: Console, report: dict, title: str) -> None:
    head = Table(title=title, show_header=False)
    head.add_column(style="bold")
    head.add_column()
    fp = report["first_player"]
    head.add_row("first player wins", f"{_ci(fp)} of {fp['n']} decided" +
                 (f" (advantage {fp['advantage']:+.1%})" if fp["advantage"] is not None else ""))
    head.add_row("ends by damage", _ci(report["decisiveness"]["by_damage"]))
    head.add_row("ends before the turn limit", _ci(report["decisiveness"]["before_turn_limit"]))
    head.add_row("deck-out", _ci(report["deck_out"]))
    t = report["duration"]["turns"]
    if t["mean"] is not None:
        head.add_row("turns per game", f"{t['mean']:.2f} [{t['ci95'][0]:.2f}, {t['ci95'][1]:.2f}], "
                                       f"median {report['duration']['median']}, max {report['duration']['max']}")
    head.add_row("game over", ", ".join(f"{k} {v}" for k, v in report["game_over_reasons"].items()))
    for deck, r in report["decks"].items():
        head.add_row(f"deck {deck}", _ci(r))
    dead = report["dead"]
    if dead:
        c = dead["counted"]
        head.add_row("never happened", f"{len(dead['states'])}/{c['states']} states, {len(dead['timings'])}/"
                                       f"{c['timings']} timings, {len(dead['transitions'])}/{c['transitions']} transitions")
    console.print(head)
    cards = Table(title="cards: win rate when drawn, impact when drawn (vs the same deck's games without it)")
    for col in ("deck", "card", "games drawn", "win rate when drawn", "impact [95%]", ""):
        cards.add_column(col, justify="left" if col in ("deck", "card") else "right")
    for c in sorted(report["cards"], key=lambda c: -(c["impact_when_drawn"]["diff"] or 0)):
        imp = c["impact_when_drawn"]
        cards.add_row(c["deck"], str(c["card"]), str(c["games_drawn"]), _ci(c["win_rate_when_drawn"]),
                      f"{imp['diff']:+.1%} [{imp['ci95'][0]:+.1%}, {imp['ci95'][1]:+.1%}]" if imp["diff"] is not None
                      else "-", "*" if imp["significant"] else "")
    console.print(cards)
    if report["abilities"]:
        ab = Table(title="abilities")
        for col in ("card", "timing", "fired", "resolved", "declined", "per game"):
            ab.add_column(col)
        for a in report["abilities"]:
            ab.add_row(str(a["card"]), str(a["timing"]), str(a["fired"]), str(a["resolved"]), str(a["declined"]),
                       f"{a['per_game']:.2f}")
        console.print(ab)
    for kind in ("states", "timings", "transitions"):
        for item in dead.get(kind, []):
            console.print(f"never happened: {kind[:-1]} {item}", markup=False, highlight=False)
    for c in report.get("checks") or []:
        bounds = " ".join(f"{b} {c[b]}" for b in ("min", "max") if b in c)
        console.print(f"{'ok  ' if c['ok'] else 'FAIL'} {c['metric']} = {c['value']} ({bounds})", markup=False,
                      highlight=False)


def card_names(cards) -> dict[str, str]:
    """Card id -> name for the page (the card set the games were played with; {} if unreadable)."""
    from ...game.cards import CardError, load_cards
    try:
        return {card.id: card.name for card in load_cards(cards)}
    except CardError:
        return {}


COMMANDS = [evaluate]

