"""`vanguard-fsm web`: the browser debugger on 127.0.0.1, one independent session per tab.

Parses the start (seed, scenario, replay or a trace to view), checks it once so a
bad file is one located line and exit 2 before anything is served, binds the address
(busy or unknown: one line, exit 2), warns when it is not loopback, then runs the
server (`web.server`) and prints its URL with the session's token.
"""
from __future__ import annotations

import importlib
import sys

import click

from .common import EXIT_INPUT, cards_option, flows_option, input_errors, session_start_options

WEB_EXTRA = ("starlette", "uvicorn", "websockets")     # pyproject's `web` extra


def missing_web_module() -> str | None:
    """The first module of the `web` extra that cannot be imported, or None."""
    for name in WEB_EXTRA:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


@click.command()
@session_start_options
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False), default=None,
              help="View a trace file (timeline, log, diagram) instead of debugging a game.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; anything but loopback lets other machines reach the page (the printed "
                   "URL's token still guards the debugger).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="0: any free port.")
@click.option("--open", "open_browser", is_flag=True, help="Also open the page in a browser.")
@click.option("--watch", is_flag=True,
              help="Follow edits of the flow and card files: the page shows lint errors at file:line:col, or "
                   "replays the game under the new rules to the same transition.")
@flows_option
@cards_option
@input_errors
def web(seed, scenario_path, replay_path, trace_path, agents, decks, fmt, host, port, open_browser, watch, flows_dir,
        cards):
    """Debug a game in the browser: the flow diagram live, the board, the log, rewind, breakpoints, saves."""
    missing = missing_web_module()
    if missing is not None:
        click.echo(f"web needs the 'web' extra ({', '.join(WEB_EXTRA)}; missing: {missing}): "
                   f"pip install 'vanguard-fsm[web]'", err=True)
        sys.exit(EXIT_INPUT)
    from ..debug.start import StartError, build_start
    from ..web.guard import host_name, is_loopback
    from ..web.report import ReportError, read_trace_text, report_html
    from ..web.server import BindError, bind, create_app, serve

    if len([s for s in (seed is not None, scenario_path, replay_path, trace_path) if s]) > 1:
        raise click.UsageError("give at most one of --seed, --scenario, --replay, --trace")
    options = {"seed": seed or 0, "scenario": scenario_path, "replay": replay_path, "decks": decks, "fmt": fmt,
               "flows_dir": flows_dir, "cards": cards, "agents": agents}
    trace_html = None
    try:
        if trace_path is not None:
            trace_html = report_html(read_trace_text(trace_path), trace_path, flows_dir=flows_dir)
            from ..diagram.render import load_flows
            from ..record.trace import other_flows_warning
            warning = other_flows_warning(trace_path, load_flows(flows_dir))
            if warning is not None:
                click.echo(warning, err=True)
        else:
            build_start(**options)            # a bad file fails here, once, with its line
        sock = bind(host, port)
    except (StartError, ReportError, BindError) as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_INPUT)
    if not is_loopback(host_name(host)):
        click.echo(f"warning: --host {host} is not a loopback address: other machines can reach this server; "
                   f"whoever has the printed URL (its token) can drive the debugger; the page answers only "
                   f"to loopback names and to {host!r} (give the address the others use)", err=True)
    serve(create_app(options, trace_html, host, watch=watch), sock, host, open_browser, echo=click.echo)


COMMANDS = [web]
