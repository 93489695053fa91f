"""`docs`: the guides shipped in the package, printed at the terminal (`vanguard_fsm/docs/*.md`)."""
from __future__ import annotations

import sys

import click

from ..reference import guides
from .common import EXIT_INPUT


@click.command()
@click.argument("topic", required=False)
def docs(topic):
    """Print a guide shipped in the package; without TOPIC, list the topics with their titles."""
    if topic is None:
        click.echo(guides.listing(), nl=False)
        return
    try:
        text = guides.read(topic)
    except guides.UnknownTopic as exc:
        click.echo(f"docs: {exc}", err=True)
        sys.exit(EXIT_INPUT)
    click.echo(text, nl=False)


COMMANDS = [docs]
