"""`vanguard-fsm debug`: the step-through debugger as a line-oriented REPL.

Only the loop lives here (read a line, print what `Debugger.execute` returns);
the commands are in `debugger.py`. At a terminal it shows a prompt and colours
the board; from a pipe it reads one command per line, echoes each as `> cmd`
so a transcript reads well, and stays plain text — which is what makes it
scriptable and testable. The end of input or `quit` exits with status 0.
"""
from __future__ import annotations

import sys

import click

from ..agents import make_agent
from .common import cards_option, flows_option, input_errors, session_start_options
from ..debug.start import StartError, build_start
from ..debug.debugger import Debugger

PROMPT = "(vanguard-fsm) "


def _read_lines(interactive: bool):
    if sys.stdin is None:     # started with stdin closed (0<&-): no commands, like an empty pipe
        return
    while True:
        if interactive:
            try:
                line = input(PROMPT)
            except EOFError:
                click.echo()
                return
        else:
            line = sys.stdin.readline()
            if not line:
                return
        yield line.strip()


@click.command()
@session_start_options
@click.option("--color/--no-color", default=None, help="Colour the board (default: only at a terminal).")
@flows_option
@cards_option
@input_errors
def debug(seed, scenario_path, replay_path, agents, decks, fmt, color, flows_dir, cards):
    """Step through a game: breakpoints, rewind, board, diagrams. `help` inside lists the commands.

    Reads commands from stdin when it is not a terminal, one per line, so a
    session can be scripted: `printf 'next\\nboard\\n' | vanguard-fsm debug --seed 3`.
    """
    starts = [s for s in (seed is not None, scenario_path, replay_path) if s]
    if len(starts) > 1:
        raise click.UsageError("give at most one of --seed, --scenario, --replay")
    try:
        start = build_start(seed=seed or 0, scenario=scenario_path, replay=replay_path, decks=decks, fmt=fmt,
                            flows_dir=flows_dir, cards=cards, agents=agents)
    except StartError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    agent_seed = start.game.seed
    players = [make_agent(start.agents[0], agent_seed * 2 + 1), make_agent(start.agents[1], agent_seed * 2 + 2)]
    interactive = sys.stdin is not None and sys.stdin.isatty()
    dbg = Debugger(start.game, players, recorded=start.recorded,
                   color=sys.stdout.isatty() if color is None else color, context=start.context)
    click.echo(f"debugging {start.label}; `help` lists the commands")
    click.echo(dbg.where())
    for line in _read_lines(interactive):
        if line in ("quit", "exit", "q"):
            break
        if not interactive and line:
            click.echo(f"> {line}")
        output = dbg.execute(line)
        if output:
            click.echo(output)


COMMANDS = [debug]
