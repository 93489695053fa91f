"""`play`, `lint`, `cards` and `decks`: the everyday verbs."""
from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import click

from ..agents import make_agent
from ..agents.base import play_out
from ..agents.spec import SEARCH_LIMITS
from ..game.cards import load_cards
from ..game.decks import DeckError, builtin_deck_names, load_deck, validate_deck
from ..abilities import new_game_with_abilities
from ..machine.hooks import Hooks
from ..paths import builtin_flows_dir, resolve_flows, variant_names, variants_dir
from ..output_files import open_output
from .common import (SEARCH_BUDGET_HELP, ADD_CARDS_HELP, FormatName, EXIT_FAILED, EXIT_INPUT, AgentSpecType, FlagError,
                     cards_option, check_output_file, flows_option, input_errors, with_added_cards)
from ..record.playlog import PlayLog
from ..record.trace import TraceRecorder
from .cmd_probe import probe as probe_command


@click.command()
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--agents", nargs=2, type=AgentSpecType(), default=("heuristic", "heuristic"), show_default=True,
              help="Two agent specs: random, heuristic, human, ismcts[:iterations=N,time=S,depth=T,rollout=R] "
                   f"({SEARCH_LIMITS}). " + SEARCH_BUDGET_HELP)
@click.option("--decks", nargs=2, default=None, help="Two decks, by built-in name or path.")
@click.option("--format", "fmt", type=FormatName(), default=None,
              help="The game's format (damage to lose); default: the decks' format.")
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False), default=None, help="Write the JSONL trace.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), default=None,
              help="Write a replay file (seed, decks, agents, hashes, every action).")
@click.option("--quiet", is_flag=True, help="Only the result line.")
@flows_option
@cards_option
@input_errors
def play(seed, agents, decks, fmt, trace_path, record_path, quiet, flows_dir, cards):
    """Play one full game and print a readable turn-by-turn log."""
    check_output_file(trace_path, "--trace")
    check_output_file(record_path, "--record")    # checked now: the game may take a while
    hooks = Hooks()
    with contextlib.ExitStack() as outputs:
        if trace_path:
            TraceRecorder(hooks, outputs.enter_context(open_output(trace_path)), keep=False)
        if not quiet:
            PlayLog(hooks)
        game = new_game_with_abilities(seed, decks, fmt, flows_dir, cards, hooks=hooks)
        started = time.perf_counter()
        try:
            play_out(game, [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)])
        except EOFError as exc:  # a human player's input ended mid-game
            click.echo(f"play: {exc or 'input ended while a player still had to choose'}; game abandoned "
                       f"at turn {game.state.turn}", err=True)
            sys.exit(EXIT_INPUT)
        elapsed = time.perf_counter() - started
    if record_path:
        from ..record.replay import write_replay
        write_replay(record_path, game, agents, flows_dir, cards)     # OutputError: path:1:1, exit 2
    winner, loser, reason = game.state.result
    damage = "-".join(str(len(p.damage)) for p in game.state.players)
    click.echo(f"result: winner={winner} loser={loser} reason={reason} turns={game.state.turn} "
               f"damage={damage} transitions={game.runner.transitions} time={elapsed * 1000:.1f}ms")


@click.command()
@click.argument("flows_arg", metavar="[FLOWS_DIR]", required=False, type=click.Path())
@click.option("--flows", "flows_dir", type=click.Path(), default=None, help="Flows directory (same as FLOWS_DIR).")
@click.option("--cards", "cards_path", type=click.Path(), default=None,
              help="Card file or directory to check; it REPLACES the built-in set (default: the built-in set).")
@click.option("--add-cards", "add_cards", type=click.Path(), multiple=True, help=ADD_CARDS_HELP)
@click.option("--decks", "deck_files", multiple=True, type=click.Path(),
              help="A deck file (or built-in deck name) to check against RULES 2.x; repeatable.")
@input_errors
def lint(flows_arg, flows_dir, cards_path, add_cards, deck_files):
    """Validate flows (schema, targets, registered names, contexts, reachability), card data and decks.

    FLOWS_DIR (or --flows) is a directory, 'base' or a shipped variant's name; without it, the
    built-in flows and every variant under flows/variants/ are checked."""
    from ..game import rules  # noqa: F401  (registers the names flows may use)
    cards_path = with_added_cards(cards_path, add_cards)
    if flows_arg and flows_dir and flows_arg != flows_dir:
        raise click.UsageError("give the flows directory once (FLOWS_DIR or --flows)")
    chosen = flows_arg or flows_dir
    if chosen is None:
        directories = [str(builtin_flows_dir())] + [str(variants_dir() / name) for name in variant_names()]
    else:
        directories = [str(resolve_flows(chosen))]
    for directory in directories:
        if not Path(directory).is_dir():
            click.echo(f"{directory}:1:1: not a directory of flow files", err=True)
            sys.exit(EXIT_INPUT)
    # the same card file is checked against each flow set: a problem it has everywhere is one line
    problems = list(dict.fromkeys(str(p) for directory in directories for p in _lint_one(directory, cards_path)))
    from ..machine.loader import lint_report
    for directory in directories:   # deprecated names, retired parameters: said, never refused
        for warning in lint_report(directory)[1]:
            click.echo(str(warning))
    if not problems:     # an AUTO ability whose text says "your ..." phase with no turn condition
        from ..abilities.lint.cards import card_warnings
        for warning in card_warnings(cards_path):
            click.echo(str(warning))
    checked = directories + [f"cards {' + '.join(cards_path) if isinstance(cards_path, tuple) else cards_path or '(built-in)'}"]
    if deck_files and not problems:
        db = load_cards(cards_path)
        for f in deck_files:
            deck = load_deck(f, db)
            problems += [f"{deck.path}:1:1: {msg}" for msg in validate_deck(deck, db)]
        checked += [f"deck {f}" for f in deck_files]
    for p in problems:
        click.echo(p, err=False)
    if problems:
        click.echo(f"{len(problems)} problem(s)", err=True)
        sys.exit(EXIT_FAILED)
    for item in checked:
        click.echo(f"{item}: ok")


def _lint_one(directory: str, cards_path=None) -> list:
    """The flows of one directory and the rule IDs they cite, then (when they are sound: card
    timings need them) the cards."""
    from ..abilities.lint.cards import lint_cards
    from ..machine.loader import lint_flows
    from ..reference.rules import rule_id_problems
    problems = lint_flows(directory) or rule_id_problems(directory)
    return problems or lint_cards(directory, cards_path)


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="A JSON array of every card.")
@click.option("--expression", is_flag=True,
              help="How much of the real cards' abilities the card language says (full / partial / none), "
                   "and why the rest is not said.")
@flows_option
@cards_option
@click.pass_context
def cards(ctx, as_json, expression, flows_dir, cards):
    """The card database; `cards status` says how complete each printed set is."""
    if ctx.invoked_subcommand is not None:    # `cards --cards P status`: status reads P
        if cards is not None or flows_dir is not None:
            ctx.default_map = {**(ctx.default_map or {}), "status": {"cards": cards, "flows_dir": flows_dir}}
        return
    input_errors(_list_cards)(as_json=as_json, expression=expression, flows_dir=flows_dir, cards=cards)


def _list_cards(as_json, expression, flows_dir, cards):
    db = load_cards(cards)
    if expression:
        from ..abilities.lint.expression import lines, report
        rep = report(db)
        click.echo(json.dumps(rep, indent=1, ensure_ascii=False) if as_json else "\n".join(lines(rep)))
        return
    if as_json:
        click.echo(json.dumps([c.to_json() for c in db], indent=1, ensure_ascii=False))
        return
    for c in db:
        extra = f" {c.trigger} trigger" if c.trigger else (" G guardian" if c.g_guardian else "")
        click.echo(f"{c.id:8} G{c.grade} {c.power:>6} shield {str(c.shield):>5}  {c.name} [{c.clan}]{extra}")


@cards.command("status")
@click.option("--set", "set_name", default=None, metavar="SET",
              help="One printed set (e.g. BT01): its row and every card of it that is not complete, with why.")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON.")
@flows_option
@cards_option
@input_errors
def status(set_name, as_json, flows_dir, cards):
    """Per printed set: cards, stats sourced, abilities fully / partly / not expressed, abilities resolved in
    the test corpus (built-in cards), cards in a built-in deck."""
    from ..abilities.lint.status import known_sets, lines, status as set_status, unresolved_in_corpus
    db = load_cards(cards)
    if set_name is not None and set_name.lower() not in {s.lower() for s in known_sets(db)}:
        raise FlagError("--set", f"no real card of the card set is printed in {set_name!r} "
                        f"(sets: {', '.join(known_sets(db))})")
    rep = set_status(db, set_name, unresolved_in_corpus() if cards is None else None)   # the corpus: built-in cards
    click.echo(json.dumps(rep, indent=1, ensure_ascii=False) if as_json else "\n".join(lines(rep, set_name is not None)))


cards.add_command(probe_command)


@click.group(invoke_without_command=True)
@cards_option
@click.pass_context
def decks(ctx, cards):
    """List the built-in decks, or `validate FILE...` against RULES.md 2.x."""
    if ctx.invoked_subcommand is not None:    # `decks --cards P validate ...`: validate reads P
        if cards is not None:
            ctx.default_map = {**(ctx.default_map or {}), "validate": {"cards": cards}}
        return
    input_errors(_list_decks)(cards=cards)


def _list_decks(cards) -> None:
    """Each built-in deck read with the card data `--cards` names, grouped by clan, with the printed
    sets its cards come from; those naming a card it lacks are said at the end, not listed."""
    from collections import Counter, defaultdict
    db = load_cards(cards)
    unreadable, by_clan = [], defaultdict(list)
    for name in builtin_deck_names():
        try:
            d = load_deck(name, db)
        except DeckError:
            unreadable.append(name)
            continue
        clans = Counter(db[c].clan for c in d.main if db[c].clan not in ("Cray Elemental", "none"))
        sets = sorted({db[c].set for c in (*d.main, *d.g_deck) if db[c].set})
        by_clan[clans.most_common(1)[0][0] if clans else "none"].append(
            (f"  {name:16} {d.format:8} {len(d.main):3} cards + {len(d.g_deck):2} G units  starter {d.starter:14}"
             + (f"  sets {', '.join(sets)}" if sets else "")).rstrip())
    for clan in sorted(by_clan):
        click.echo(clan)
        click.echo("\n".join(by_clan[clan]))
    if unreadable:
        click.echo(f"({len(unreadable)} built-in deck(s) name cards that {cards} does not hold: "
                   f"{', '.join(unreadable)})")


@decks.command("validate")
@click.argument("files", nargs=-1, required=True)
@flows_option
@cards_option
@input_errors
def validate(files, flows_dir, cards):
    """Check deck files; one line per violation; exit 1 if any."""
    db = load_cards(cards)
    bad = 0
    for f in files:
        deck = load_deck(f, db)
        problems = validate_deck(deck, db)
        for msg in problems:
            click.echo(f"{f}: {msg}")
        if not problems:
            click.echo(f"{f}: ok")
        bad += bool(problems)
    sys.exit(EXIT_FAILED if bad else 0)


COMMANDS = [play, lint, cards, decks]
