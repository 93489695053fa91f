"""`vanguard-fsm diff A B`: what changed in the rules' structure from rule set A to B.

A and B are flows directories, `base` or variant names. Text by default, `--json`
for tools, `--diagram DIR` for pictures (additions green, changes orange, removals
red). Exit codes follow `diff`: 0 the same, 1 they differ, 2 bad input.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import graphviz

from ..compare.diff_diagram import write_diff_diagrams
from ..compare.structure import diff_flowsets
from ..diagram.render import load_flows
from ..output_files import cannot_write
from ..paths import resolve_flows
from .common import EXIT_FAILED, EXIT_INPUT, EXIT_OK, input_errors


def _name(text: str) -> str:
    return text if not Path(text).is_dir() or "/" not in text else str(Path(text))


@click.command()
@click.argument("flows_a")
@click.argument("flows_b")
@click.option("--json", "as_json", is_flag=True, help="The changes as a JSON object.")
@click.option("--diagram", "diagram_dir", type=click.Path(file_okay=False), default=None,
              help="Also draw each machine that differs into DIR (MACHINE.diff.svg / .dot).")
@input_errors
def diff(flows_a, flows_b, as_json, diagram_dir):
    """Structural difference of two rule sets: machines, states, transitions, timings,
    decisions, actions and parameters added, removed or changed.

    FLOWS_A and FLOWS_B are directories, 'base' or variant names (flows/variants/NAME)."""
    a = load_flows(resolve_flows(flows_a))
    b = load_flows(resolve_flows(flows_b))
    result = diff_flowsets(a, b, _name(flows_a), _name(flows_b))
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=1, default=str))
    else:
        click.echo(result.text())
    if diagram_dir:
        try:
            written = write_diff_diagrams(a, b, diagram_dir)
        except graphviz.ExecutableNotFound:
            click.echo("Graphviz's `dot` is not installed (apt-get install graphviz)", err=True)
            sys.exit(EXIT_INPUT)
        except OSError as exc:
            click.echo(str(cannot_write(diagram_dir, exc)), err=True)
            sys.exit(EXIT_INPUT)
        click.echo(f"{len(written)} diagram file(s) in {diagram_dir}", err=True)
    sys.exit(EXIT_FAILED if result.changes else EXIT_OK)


COMMANDS = [diff]
