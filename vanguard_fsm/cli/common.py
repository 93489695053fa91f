"""Shared CLI plumbing: the `--flows` / `--cards` options and the exit-code policy.

Exit codes (CONTRACT.md): 0 success, 1 the thing checked failed, 2 usage or input
error. Input errors print `path:line:col: message` lines on stderr.
"""
from __future__ import annotations

import functools
import sys

import click

from ..game.cards import DataError
from ..machine.loader import FlowError
from ..machine.yamlsrc import SourceError

EXIT_OK, EXIT_FAILED, EXIT_INPUT = 0, 1, 2



def resolve_flows_option(_ctx, _param, value):
    """`--flows` takes a directory, `base` or a shipped variant's name (flows/variants/NAME)."""
    from ..paths import resolve_flows
    if value is None:
        return None
    if isinstance(value, tuple):
        return tuple(str(resolve_flows(v)) for v in value)
    return str(resolve_flows(value))


flows_option = click.option("--flows", "flows_dir", type=click.Path(file_okay=False), default=None,
                            callback=resolve_flows_option,
                            help="Flows directory, 'base', or a variant's name (flows/variants/NAME); "
                                 "default: the built-in flows/.")
cards_option = click.option("--cards", "cards", type=click.Path(), default=None,
                            help="Card file or directory (default: the built-in set).")


def input_errors(fn):
    """Turn bad flows, cards, decks and files into stderr lines and exit code 2."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except FlowError as exc:
            for problem in exc.problems:
                click.echo(str(problem), err=True)
            sys.exit(EXIT_INPUT)
        except (DataError, SourceError) as exc:
            click.echo(str(exc), err=True)
            sys.exit(EXIT_INPUT)
    return wrapper


class AgentSpecType(click.ParamType):
    """An agent spec (`heuristic`, `ismcts:iterations=800`): checked here, so a bad one is a
    usage error (exit 2) naming the problem, before any game starts."""

    name = "AGENT"

    def __init__(self, allow_human: bool = True) -> None:
        self.allow_human = allow_human

    def convert(self, value, param, ctx):
        from ..agents.spec import AgentSpecError, check_agent_spec
        try:
            return check_agent_spec(value, allow_human=self.allow_human)
        except AgentSpecError as exc:
            self.fail(str(exc), param, ctx)

    def get_metavar(self, param, ctx=None):
        return "AGENT"
