"""`vanguard-fsm coverage`: which flow transitions, timings and rules anything exercises.

Runs a seeded batch of games (every agent pairing, both formats) and every
scenario file, then prints, per flow file, each transition (`file:line source
-> dest [guard]`) and each timing with its hit count, and each rules-digest rule
ID with the flows, tests and scenarios that cite it. Exits 1 when a
transition of the flows was never exercised (or one could not be attributed),
so CI notices a rule that nothing tests.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ...game.factory import compiled_flows
from ...paths import REPO_DIR, builtin_flows_dir
from ...machine.yamlsrc import read_source
from ..common import EXIT_FAILED, cards_option, flows_option, input_errors
from ...sim.coverage import BATCH_AGENTS, BATCH_FORMATS, Coverage, run_batch, run_scenarios
from ...sim.coverage_rules import default_rules_path, rule_coverage

DEFAULT_SCENARIOS = REPO_DIR / "tests" / "scenarios"


def _short(path: str) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(REPO_DIR))
    except ValueError:
        return str(p)


def _print_flows(cov: Coverage) -> None:
    for path, (rows, timings) in cov.by_file().items():
        name = _short(path)
        click.echo(name)
        click.echo("  transitions")
        for r in rows:
            mark = "  " if r.hits else "!!"
            click.echo(f"  {mark} {name}:{r.line:<4} {r.label():72} {r.hits:>7}")
        if timings:
            click.echo("  timings")
            for t in timings:
                hits = cov.timing_hits[t.name]
                mark = "  " if hits else "!!"
                click.echo(f"  {mark} {name}:{t.line:<4} {t.state + ': ' + t.name:72} {hits:>7}")


def _print_rules(rules_path: Path, flows_dir: Path) -> None:
    if not rules_path.is_file():
        click.echo(f"rules: {rules_path} not found; rule coverage skipped")
        return
    rows = rule_coverage(rules_path, flows_dir, REPO_DIR / "tests")
    click.echo(f"\nrules ({rules_path}): which flows / tests / scenarios cite each ID")
    for r in rows:
        mark = "  " if (r.tests or r.scenarios) else "--"
        click.echo(f"  {mark} {r.id:13} {rules_path.name}:{r.line:<4} flows: {', '.join(r.flows) or '-'};  "
                   f"tests: {', '.join(r.tests) or '-'};  scenarios: {', '.join(r.scenarios) or '-'}")
    tested = sum(1 for r in rows if r.tests or r.scenarios)
    in_flows = sum(1 for r in rows if r.flows)
    click.echo(f"rules: {len(rows)} IDs; {tested} cited by a test or scenario, {in_flows} by a flow")


@click.command()
@click.option("--games", type=click.IntRange(min=0), default=10, show_default=True,
              help=f"Games per agent pairing and format ({len(BATCH_AGENTS)} pairings x {len(BATCH_FORMATS)} formats).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game of each batch.")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(exists=True),
              help="Scenario files or directories (default: tests/scenarios when it exists). Repeatable.")
@click.option("--rules", "rules_path", type=click.Path(dir_okay=False), default=None,
              help="Rules digest: the package's rules.yaml (default) or a RULES.md.")
@click.option("--no-fail", is_flag=True, help="Exit 0 even if some transition was never exercised.")
@flows_option
@cards_option
@input_errors
def coverage(games, seed, scenario_paths, rules_path, no_fail, flows_dir, cards):
    """Run seeded games and the scenarios; report every transition, timing and rule ID and what exercised it."""
    if rules_path:   # named explicitly: it must be there (only the default may be absent, then skipped)
        read_source(rules_path)
    flows = compiled_flows(flows_dir)
    cov = Coverage(flows.spec)
    played = run_batch(cov, games, seed, flows_dir, cards)
    paths = list(scenario_paths) or ([DEFAULT_SCENARIOS] if DEFAULT_SCENARIOS.is_dir() else [])
    results = run_scenarios(cov, paths, flows_dir, cards) if paths else []
    _print_flows(cov)
    _print_rules(Path(rules_path) if rules_path else default_rules_path(), Path(flows_dir or builtin_flows_dir()))

    rows = cov.all_rows()
    missed = cov.missed()
    failed = [(p, why) for p, why in results if why != "ok"]
    click.echo(f"\nexercised by {played} games and {len(results)} scenario file(s)"
               + (f" ({len(failed)} failing)" if failed else ""))
    for path, why in failed:
        click.echo(f"  scenario failed: {why}")
    click.echo(f"transitions: {len(rows) - len(missed)}/{len(rows)} exercised; "
               f"timings: {len(cov.timings) - len(cov.missed_timings())}/{len(cov.timings)} fired; "
               f"states: {sum(len(c) for c in cov.states.values()) - len(cov.missed_states())}/"
               f"{sum(len(c) for c in cov.states.values())} entered")
    for r in missed:
        click.echo(f"never exercised: {_short(r.file)}:{r.line}: {r.flow}: {r.label()}")
    for (flow, leaf, trigger, landed), n in sorted(cov.unattributed.items()):
        click.echo(f"unattributed: {flow}.{leaf} --{trigger}--> {landed} ({n}x): no transition's guard predicted it")
    if (missed or cov.unattributed) and not no_fail:
        sys.exit(EXIT_FAILED)


COMMANDS = [coverage]
