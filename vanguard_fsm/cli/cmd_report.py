"""`vanguard-fsm report TRACE.jsonl [-o FILE.html]`: one offline HTML file of a game's trace."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..output_files import cannot_write
from .common import EXIT_INPUT, flows_option, input_errors


@click.command()
@click.argument("trace", type=click.Path(dir_okay=False))
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False), default=None,
              help="The HTML file to write (default: TRACE with .html).")
@flows_option
@input_errors
def report(trace, out, flows_dir):
    """Write one self-contained HTML file (inline SVG, CSS, JS): timeline, log and the synced flow diagram."""
    from ..diagram.render import load_flows
    from ..record.trace import other_flows_warning
    from ..web.report import ReportError, write_report

    warning = other_flows_warning(trace, load_flows(flows_dir))
    if warning is not None:
        click.echo(warning, err=True)
    target = Path(out) if out else Path(trace).with_suffix(".html")
    try:
        rows = write_report(trace, target, flows_dir)
    except ReportError as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_INPUT)
    except OSError as exc:
        click.echo(str(cannot_write(target, exc)), err=True)
        sys.exit(EXIT_INPUT)
    click.echo(f"wrote {target} ({rows} trace events)")


COMMANDS = [report]
