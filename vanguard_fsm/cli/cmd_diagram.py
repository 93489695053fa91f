"""`diagram`: draw every flow (and the whole game) as DOT, SVG, PNG and Mermaid.

Designers read the rules' structure from these pictures; `diagrams/` keeps the
output for the built-in flows under version control, and a test fails when it is
stale. Exit codes: 0 written, 2 bad flows, format, state name, or no Graphviz.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click
import graphviz

from ..output_files import OutputError
from ..paths import diagrams_dir, variant_names, variants_dir
from .common import EXIT_INPUT, FlagError, check_output_dir, flows_option, input_errors
from ..diagram.render import DEFAULT_FORMATS, FORMATS, load_flows, parse_formats, parse_highlight, render_all


def _contents(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()} if out.is_dir() else {}


@click.command()
@flows_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Where to write (default: diagrams/ of the repository).")
@click.option("--format", "format_text", default=",".join(DEFAULT_FORMATS), show_default=True,
              help=f"Comma-separated output formats: {', '.join(FORMATS)}.")
@click.option("--highlight", default=None, metavar="MACHINE.STATE",
              help="Mark a state, e.g. battle.guard_step or turn.draw_phase.g_assist_step.")
@click.option("--highlight-from", "came_from", default=None, metavar="MACHINE.STATE",
              help="With --highlight: also mark the edge from this state.")
@input_errors
def diagram(flows_dir, out_dir, format_text, highlight, came_from):
    """Render one diagram per flow file and an overview of the whole game.

    Without --flows, also every shipped variant rule set, into OUT/variants/NAME/."""
    try:
        formats = parse_formats(format_text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--format")
    if came_from and not highlight:
        raise click.BadParameter("needs --highlight (the state the edge leads to)", param_hint="--highlight-from")
    check_output_dir(out_dir, "--out")    # before any drawing: nothing half-written
    started = time.perf_counter()
    flowset = load_flows(flows_dir)
    try:
        mark = parse_highlight(flowset, highlight, came_from) if highlight else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--highlight")
    out = Path(out_dir) if out_dir else diagrams_dir()
    before = _contents(out)
    try:
        paths = render_all(flowset, out, formats, mark)
        if flows_dir is None:
            for name in variant_names():
                paths += render_all(load_flows(variants_dir() / name), out / "variants" / name, formats)
    except OutputError:
        raise                           # a file that cannot be written: path:1:1, exit 2
    except OSError as exc:
        raise FlagError("--out", f"cannot write in {out}: {exc.strerror}") from None
    except graphviz.ExecutableNotFound:
        click.echo("Graphviz's `dot` is not installed (apt-get install graphviz); "
                   "`--format dot,mermaid` needs no Graphviz", err=True)
        sys.exit(EXIT_INPUT)
    after = _contents(out)
    changed = sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))
    click.echo(f"{len(paths)} files in {out} ({len(changed)} changed) in {time.perf_counter() - started:.2f}s")
    for name in changed:
        click.echo(f"  {'removed' if name not in after else 'updated' if name in before else 'new'}: {name}")


COMMANDS = [diagram]
