"""`names`, `reference`: the vocabulary a designer may write, and the generated references."""
from __future__ import annotations

import sys

import click

from ..machine.loader import load_flowset
from ..paths import builtin_flows_dir
from ..reference import generate
from ..reference.vocabulary import facts, find_section, parameters_section, timings_section, vocabulary
from .common import EXIT_INPUT, flows_option, input_errors


def _sections(flows_dir):
    from ..reference.parameters import builtin_defaults
    sections = vocabulary()
    at = next(i for i, s in enumerate(sections) if s.language == "card")
    sections[at:at] = [timings_section(load_flowset(flows_dir or builtin_flows_dir())),
                       parameters_section(builtin_defaults())]
    return sections


def _print(section) -> None:
    click.echo(f"{section.key}: {section.title} — written in {section.where}")
    width = max((len(e.name) for e in section.entries), default=0)
    for e in section.entries:
        extra = facts(e)
        click.echo(f"  {e.name:{width}}  {e.doc}" + (f"  [{'; '.join(extra)}]" if extra else ""))


@click.command()
@click.argument("section", required=False)
@flows_option
@input_errors
def names(section, flows_dir):
    """Every name a flow, card or scenario may use, with its doc, argument and where it goes.

    SECTION: conditions, actions, decision_kinds, deciders, timings, parameters, engine_events,
    ability_conditions, costs, effects, targets, filters (all when omitted)."""
    sections = _sections(flows_dir)
    if section is None:
        for s in sections:
            _print(s)
            click.echo("")
        return
    found = find_section(sections, section)
    if found is None:
        click.echo(f"names: unknown section {section!r} (sections: {', '.join(s.key for s in sections)})", err=True)
        sys.exit(EXIT_INPUT)
    _print(found)


@click.command()
@click.option("--check", is_flag=True, help="Only say which generated files are stale (exit 1 if any).")
def reference(check):
    """Regenerate the flow/card language references and the JSON Schemas shipped in the package."""
    if check:
        stale = generate.stale()
        for path in stale:
            click.echo(f"stale: {path}")
        sys.exit(1 if stale else 0)
    for path in generate.write():
        click.echo(f"wrote {path}")





@click.command()
@click.argument("what")
@flows_option
@input_errors
def explain(what, flows_dir):
    """A rule ID's text (the package's rules digest), a flow state, a machine, a timing or a registered name."""
    import difflib
    from ..reference.explain import explain as explain_lines
    from ..reference.rules import load_digest
    flowset = load_flowset(flows_dir or builtin_flows_dir())
    digest = load_digest()
    lines = explain_lines(what, digest, flowset)
    if not lines:
        known = (list(digest.rules) + [f"{f.name}.{p}" for f in flowset.flows.values() for p in f.all_states]
                 + [e.name for s in vocabulary() for e in s.entries] + sorted(flowset.declared_timings())
                 + list(flowset.parameters))
        close = difflib.get_close_matches(what, known, n=3, cutoff=0.6)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        click.echo(f"explain: nothing is called {what!r}{hint}; rule IDs, states and names: "
                   f"`vanguard-fsm names`, `vanguard-fsm diagram`", err=True)
        sys.exit(EXIT_INPUT)
    click.echo("\n".join(lines))
COMMANDS = [names, reference, explain]
