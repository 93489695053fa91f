"""Shared CLI plumbing: the `--flows` / `--cards` options and the exit-code policy.

Exit codes (CONTRACT.md): 0 success, 1 the thing checked failed, 2 usage or input
error. Input errors print `path:line:col: message` lines on stderr.
"""
from __future__ import annotations

import functools
import re
import os
import sys
from pathlib import Path

import click

from ..game.cards import DataError
from ..machine.loader import FlowError
from ..machine.runner import FlowStuck
from ..machine.yamlsrc import SourceError
from ..output_files import OutputError, open_output, output_problem, write_output

EXIT_OK, EXIT_FAILED, EXIT_INPUT = 0, 1, 2
# `--games` of simulate, compare, evaluate and ladder: far more than a balance question needs,
# few enough that one run stays within minutes to an hour (~130 heuristic games/s a process).
MAX_GAMES = 100_000
GAMES = click.IntRange(1, MAX_GAMES)



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
CARDS_HELP = ("Card file or directory; it REPLACES the built-in set (default: the built-in set). "
              "To add cards to a set instead, use --add-cards.")
ADD_CARDS_HELP = ("A card file (or directory) added to the set --cards names (default: the built-in set); "
                  "repeatable. An id defined twice is an error at its line.")


def with_added_cards(cards, added) -> str | tuple | None:
    """`--cards` and `--add-cards` as one card set: a path, or a tuple (the base set first)."""
    if not added:
        return cards
    from ..paths import builtin_cards_dir
    return (str(cards) if cards is not None else str(builtin_cards_dir()), *map(str, added))


def absolute_cards(cards) -> str | tuple | None:
    """The card set with absolute paths (for worker processes that may run elsewhere)."""
    if isinstance(cards, tuple):
        return tuple(str(Path(c).resolve()) for c in cards)
    return str(Path(cards).resolve()) if cards else None


def cards_option(fn):
    """`--cards FILE_OR_DIR` (replaces the built-in set) and `--add-cards FILE` (repeatable, adds
    to it): the verb gets one `cards` value (`with_added_cards`)."""
    @functools.wraps(fn)
    def merged(*args, add_cards=(), **kwargs):
        kwargs["cards"] = with_added_cards(kwargs.get("cards"), add_cards)
        return fn(*args, **kwargs)
    merged = click.option("--add-cards", "add_cards", type=click.Path(), multiple=True, help=ADD_CARDS_HELP)(merged)
    return click.option("--cards", "cards", type=click.Path(), default=None, help=CARDS_HELP)(merged)


def lint_cards_first(flows_dir, cards) -> None:
    """Every verb that loads cards checks them (shape, card rules, ability names and timings
    against the flows) before anything runs: a typo is `file:line:col` and exit 2, never a
    traceback mid-game or an ability that silently never fires."""
    from ..abilities.lint.cards import lint_cards
    problems = lint_cards(flows_dir, cards)
    if problems:
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(problems)} problem(s) in the card data; nothing was run "
                   f"(check it with `vanguard-fsm lint --cards PATH`)", err=True)
        sys.exit(EXIT_INPUT)


class FlagError(Exception):
    """A command-line value that cannot work (an unwritable output path, a malformed address),
    found before any work starts: `--flag: message`, exit 2."""

    def __init__(self, flag: str, message: str) -> None:
        super().__init__(f"{flag}: {message}")
        self.flag = flag


class FormatName(click.ParamType):
    """A game format's name (`--format`): the formats are those parameters.yaml names under
    `damage_to_lose` in the flows the verb runs, checked by `input_errors` once `--flows` is
    known (`check_format`), so a designer's new format needs no Python change."""

    name = "FORMAT"

    def convert(self, value, param, ctx):
        if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", value):
            self.fail(f"{value!r} is not a format name (lower case letters, digits, _)", param, ctx)
        return value

    def get_metavar(self, param, ctx=None):
        return "FORMAT"


def check_format(fmt, flows_dir) -> None:
    """`FlagError` unless every flow set the verb runs names the format in `damage_to_lose`."""
    from ..game.factory import compiled_flows
    for flows in (flows_dir if isinstance(flows_dir, tuple) else (flows_dir,)):
        known = compiled_flows(flows).spec.parameters["damage_to_lose"]
        if fmt not in known:
            raise FlagError("--format", f"unknown format {fmt!r}: parameters.yaml damage_to_lose names "
                                        f"{', '.join(sorted(known))}")


def say_flow_warnings(flows_dir) -> None:
    """A flow set written for an older flow language runs, and stderr says once what to
    rename (`path:line:col: warning: ...`, machine/renamed.py)."""
    from ..game.factory import compiled_flows
    for flows in (flows_dir if isinstance(flows_dir, tuple) else (flows_dir,)):
        if isinstance(flows, str):
            try:
                warnings = compiled_flows(flows).spec.warnings
            except (FlowError, SourceError):
                continue        # the verb reports a flow set it cannot load, as it always did
            for warning in warnings:
                click.echo(str(warning), err=True)


def input_errors(fn):
    """Turn bad flows, cards, decks and files into stderr lines and exit code 2.
    A verb taking `--cards` (a `cards` parameter) gets its card data linted first, and a
    `--format` is checked against the flows' parameters."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            if kwargs.get("fmt") is not None:
                check_format(kwargs["fmt"], kwargs.get("flows_dir", tuple(kwargs.get("flows") or ()) or None))
            if "cards" in kwargs:
                lint_cards_first(kwargs.get("flows_dir"), kwargs["cards"])
            if fn.__name__ != "lint":       # lint prints its warnings itself, with its problems
                say_flow_warnings(kwargs.get("flows_dir"))
            return fn(*args, **kwargs)
        except FlowError as exc:
            for problem in exc.problems:
                click.echo(str(problem), err=True)
            sys.exit(EXIT_INPUT)
        except (DataError, SourceError, FlowStuck, OutputError) as exc:
            click.echo(str(exc), err=True)
            sys.exit(EXIT_INPUT)
        except FlagError as exc:
            click.echo(str(exc), err=True)
            sys.exit(EXIT_INPUT)
        except BrokenPipeError:
            raise       # the reader went away: not a failure of the flows (main.VerbGroup)
        except Exception as exc:
            failure = getattr(exc, "flow_failure", None)
            if failure is None or show_tracebacks():
                raise
            click.echo(str(failure), err=True)
            click.echo("(run with `vanguard-fsm --traceback ...` to see the Python traceback)", err=True)
            sys.exit(EXIT_INPUT)
    return wrapper


# what every --agents help says of the search agent's budgets (issue 33)
SEARCH_BUDGET_HELP = ("ismcts:iterations=N replays exactly from the seed; ismcts:time=S (CPU seconds a decision) and "
                      "plain ismcts (60 playouts cut at 0.9 CPU s) are reproducible only up to their budget: a slower "
                      "or busier machine may play them differently.")


def echo_budgets(specs) -> dict[str, str]:
    """One stderr line per search agent: the kind of budget it runs with (is the run reproducible?)."""
    from ..agents import budgets
    found = budgets(specs)
    for spec, kind in found.items():
        click.echo(f"{spec}: {kind}", err=True)
    return found


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


def show_tracebacks() -> bool:
    """`vanguard-fsm --traceback VERB ...`: let run-time failures show their Python traceback."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    return bool(root is not None and (root.obj or {}).get("traceback"))


def _nearest_existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_output_file(path: str | None, flag: str) -> None:
    """Refuse (FlagError) an output file that cannot be written, before the work starts:
    a directory, a block device, a missing parent directory, or no write permission."""
    problem = output_problem(path) if path else None
    if problem:
        raise FlagError(flag, problem)


def check_output_dir(path: str | None, flag: str) -> None:
    """Refuse (FlagError) an output directory that is a file or cannot be created or written."""
    if not path:
        return
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise FlagError(flag, f"{path} is not a directory")
    base = _nearest_existing(target.absolute())
    if not base.is_dir():
        raise FlagError(flag, f"cannot create {path}: {base} is not a directory")
    if not os.access(base, os.W_OK | os.X_OK):
        raise FlagError(flag, f"cannot write in {path}: permission denied")


def session_start_options(fn):
    """The options that say where a debugging session starts, shared by `debug` and `web`: a new
    game (seed, decks, format), a scenario or a replay, and the agents that play on from there."""
    options = (
        click.option("--seed", type=int, default=None, help="Start a new game with this seed (default 0)."),
        click.option("--scenario", "scenario_path", type=click.Path(dir_okay=False), default=None,
                     help="Start at the position a scenario file describes."),
        click.option("--replay", "replay_path", type=click.Path(dir_okay=False), default=None,
                     help="Start a recorded game from the beginning, with its choices recorded ahead."),
        click.option("--agents", nargs=2, type=AgentSpecType(allow_human=False), default=("heuristic", "heuristic"),
                     show_default=True, help="Who decides at `auto` and `continue` (after any recorded choices). " + SEARCH_BUDGET_HELP),
        click.option("--decks", nargs=2, default=None, help="Two decks, by built-in name or path (with --seed)."),
        click.option("--format", "fmt", type=FormatName(), default=None,
                     help="The game's format (damage to lose); default: the decks' format."),
    )
    for option in reversed(options):
        fn = option(fn)
    return fn


def write_json_and_csv(out: Path, document: dict, rows: list[dict], fields) -> None:
    """`out` as JSON and the rows beside it as CSV (`out` with `.csv`); `OutputError` (exit 2)
    when a path cannot be written."""
    import csv
    import json
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(out, f"cannot write: {exc.strerror}") from None
    write_output(out, json.dumps(document, indent=1, default=str) + "\n")
    with open_output(out.with_suffix(".csv"), newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)

