"""`vanguard-fsm cards probe KEY`: show one ability of a built-in card resolving in a short game.

A user asking "does this card's ability work, and how?" gets the position the probe built from
the card data and the game that resolves the ability (its log, or its JSONL trace), and may save
both as a scenario file that `scenario run` replays; when no probe game resolves it, the command
says so plainly and exits 1.
"""
from __future__ import annotations

import contextlib
import sys

import click
import yaml

from ..game.cards import load_cards
from ..machine.hooks import Hooks
from ..output_files import open_output
from ..record.playlog import PlayLog
from ..record.trace import TraceRecorder
from ..scenario.probe import SEEDS, play_probe, probe as find
from ..scenario.runner import run_scenario
from ..scenario.save import write_scenario
from ..scenario.schema import parse_scenario
from .common import EXIT_FAILED, FlagError, check_output_file, input_errors


@click.command("probe")
@click.argument("key", metavar="KEY")
@click.option("--seed", type=int, default=0, show_default=True,
              help=f"The first probing agent seed; {SEEDS} seeds are tried per start position.")
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False), default=None,
              help="Write the JSONL trace of the game found.")
@click.option("--log", "show_log", is_flag=True, help="Print the game found turn by turn.")
@click.option("--scenario", "scenario_path", type=click.Path(dir_okay=False), default=None,
              help="Write the position and the choices made as a scenario file (`scenario run` replays it).")
@input_errors
def probe(key, seed, trace_path, show_log, scenario_path):
    """Play a short game from a position built for ability KEY (`BT01-005#1`: card id, '#', the
    ability's number) until it resolves; show the position and the game."""
    if trace_path and show_log:
        raise FlagError("--trace", "give --trace FILE or --log, not both")
    check_output_file(trace_path, "--trace")
    check_output_file(scenario_path, "--scenario")
    db = load_cards()
    card_id, _, number = key.partition("#")
    if card_id not in db or not number.isdigit() or not 1 <= int(number) <= len(db[card_id].abilities):
        known = f"{card_id} has {len(db[card_id].abilities)} abilities" if card_id in db else f"no card {card_id!r}"
        raise FlagError("KEY", f"{key!r} names no ability of a built-in card ({known}; write CARD#N, e.g. "
                               f"BT01-005#1)")
    result = find(key, db, first_seed=seed)
    if not result.found:
        click.echo(f"{key}: no probe game resolved this ability ({result.tried} games tried from the "
                   f"positions the card data suggests); a hand-written scenario may still reach it")
        sys.exit(EXIT_FAILED)
    click.echo(f"{key} ({db[card_id].name}) resolves: agent seed {result.seed}, "
               f"{len(result.data['script'])} choice(s); the start position:")
    click.echo(yaml.safe_dump(result.position(), sort_keys=False, default_flow_style=None, width=110,
                              allow_unicode=True).rstrip())
    with contextlib.ExitStack() as outputs:
        hooks = Hooks()
        if trace_path:
            TraceRecorder(hooks, outputs.enter_context(open_output(trace_path)), keep=False)
        if show_log:
            PlayLog(hooks)
        play_probe(result.position(), key, result.seed, hooks)
    click.echo("choices:" + "".join(f"\n  {line}" for line in result.data["script"]))
    if scenario_path:
        checked = run_scenario(parse_scenario(yaml.safe_dump(result.data, sort_keys=False), scenario_path))
        if not checked.passed:    # the scenario runner must replay what the probe played
            raise FlagError("--scenario", f"the game found does not replay as a scenario: {checked.message}")
        click.echo(f"wrote {write_scenario(result.data, scenario_path)}; "
                   f"run it with `vanguard-fsm scenario run {scenario_path}`")
