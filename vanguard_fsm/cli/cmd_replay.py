"""`vanguard-fsm replay FILE [--trace FILE] [--force]`: re-run a recorded game.

Exit 0 when the trace is identical to the recording, 1 when it differs (the
first difference is printed: seq and event), 2 when the file is unreadable or
was recorded under other flows or cards and `--force` was not given.
"""
from __future__ import annotations

import sys

import click

from .common import EXIT_FAILED, EXIT_INPUT, cards_option, check_output_file, flows_option, input_errors
from ..record.replay import ReplayRefused, run_replay


@click.command()
@click.argument("replay_file", type=click.Path(dir_okay=False))
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False), default=None,
              help="Write the replayed JSONL trace here.")
@click.option("--force", is_flag=True, help="Run a replay recorded under other flows or cards anyway.")
@flows_option
@cards_option
@input_errors
def replay(replay_file, trace_path, force, flows_dir, cards):
    """Re-run a recorded game (from `play --record`); exit 1 if the result differs."""
    check_output_file(trace_path, "--trace")
    try:
        result = run_replay(replay_file, flows_dir, cards, force=force, trace_out=trace_path)
    except ReplayRefused as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(EXIT_INPUT)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if not result.ok:
        click.echo(f"{replay_file}: replay differs: {result.message}")
        sys.exit(EXIT_FAILED)
    click.echo(f"{replay_file}: ok, identical trace ({result.actions_applied} actions, {result.events} events, "
               f"sha256 {result.sha256[:16]})")


COMMANDS = [replay]
