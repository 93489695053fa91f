"""The `vanguard-fsm` command: one click group; each verb lives in its own module."""
from __future__ import annotations

import click

from .. import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__)
@click.option("--traceback", is_flag=True, help="Show the Python traceback of a run-time failure "
              "(by default: one `flows/FILE.yaml:LINE: action 'x' failed in state S (turn N): ...` line).")
@click.pass_context
def main(ctx, traceback):
    """Cardfight!! Vanguard (G era), run by YAML state machines."""
    ctx.obj = {"traceback": traceback}


def _register() -> None:
    from . import (cmd_bench, cmd_compare, cmd_coverage, cmd_debug, cmd_diagram, cmd_diff, cmd_docs, cmd_evaluate,
                   cmd_ladder, cmd_names, cmd_play, cmd_replay, cmd_report, cmd_scenario, cmd_simulate, cmd_web)
    for module in (cmd_play, cmd_diagram, cmd_simulate, cmd_ladder, cmd_debug, cmd_scenario, cmd_replay, cmd_bench,
                   cmd_coverage, cmd_names, cmd_diff, cmd_compare, cmd_evaluate, cmd_web, cmd_report, cmd_docs):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
