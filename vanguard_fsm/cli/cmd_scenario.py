"""`vanguard-fsm scenario run PATH...`: run scenario files, one line each; `scenario new FILE`: a template.

Exit 0 when every scenario passes, 1 when any fails, 2 when a file is unreadable
or malformed (those are reported too, and the other files still run).
"""
from __future__ import annotations

import sys

import click

from ..machine.yamlsrc import SourceError
from ..output_files import cannot_write
from .common import EXIT_FAILED, EXIT_INPUT, EXIT_OK, cards_option, flows_option, input_errors
from ..scenario.runner import run_scenario, scenario_files


@click.group()
def scenario():
    """Scenario files: a position, scripted choices, expectations."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--verbose", "-v", is_flag=True, help="Show every failure of a failing scenario.")
@flows_option
@cards_option
@input_errors
def run(paths, verbose, flows_dir, cards):
    """Run scenario files (a directory means every *.yaml below it); exit 0 when all pass."""
    files = scenario_files(paths)
    if not files:
        click.echo(f"{paths[0]}:1:1: no scenario files found", err=True)
        sys.exit(EXIT_INPUT)
    passed = failed = malformed = 0
    for path in files:
        try:
            result = run_scenario(path, flows_dir=flows_dir, cards=cards)
        except SourceError as exc:
            malformed += 1
            click.echo(f"ERROR {exc}")          # the listing, file by file
            click.echo(str(exc), err=True)      # the located error, where CONTRACT.md puts errors
            continue
        if result.passed:
            passed += 1
            click.echo(f"PASS  {path}: {result.scenario.name}")
        else:
            failed += 1
            click.echo(f"FAIL  {result.message}")
            if verbose:
                for failure in result.failures[1:]:
                    click.echo(f"      {failure}")
    click.echo(f"{passed} passed, {failed} failed" + (f", {malformed} malformed" if malformed else ""))
    sys.exit(EXIT_INPUT if malformed else EXIT_FAILED if failed else EXIT_OK)


@scenario.command("new")
@click.argument("path", type=click.Path(dir_okay=False))
def new(path):
    """Write a commented scenario template to PATH (it runs and passes as written)."""
    from ..scenario.template import write_template
    try:
        written = write_template(path)
    except FileExistsError as exc:
        click.echo(f"{path}:1:1: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    except OSError as exc:
        click.echo(str(cannot_write(path, exc)), err=True)
        sys.exit(EXIT_INPUT)
    click.echo(f"wrote {written}; run it with `vanguard-fsm scenario run {written}`")


COMMANDS = [scenario]
