"""Property test of every input reader (issue 18): generated mutations of valid flows,
parameters, cards, decks, scenarios and replays (delete a key, change a type, rename a
reference, duplicate, nest, truncate) either load and play without a traceback, or are
refused with exit 2 and located `path:line:col: message` lines. Issue 27 adds the
variants (a shipped variant.yaml mutated) and the JSON trace reader (`report` of a
mutated trace, with a line nested up to 100,000 deep now and then).

The commands run in-process through click's test runner (an uncaught exception is a
failure with its traceback); a watchdog turns a hang into a failure. Quick profile by
default, the long one with `pytest -m fuzz`.
"""
from __future__ import annotations

import json
import re
import shutil
import tempfile
import traceback
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from fuzz_mutate import cut, mutate
from fuzz_profiles import FUZZ, QUICK
from helpers import watchdog
from vanguard_fsm.cli import main
from vanguard_fsm.paths import builtin_cards_dir, builtin_decks_dir, builtin_flows_dir

REPO = Path(__file__).parent.parent
LOCATED = re.compile(r"^(\S[^:]*:\d+(:\d+)?: |--[a-z][a-z-]*: |[a-z]+: )")   # run-time errors name file:line
FLOW_FILES = sorted(p.name for p in builtin_flows_dir().glob("*.yaml") if p.name != "parameters.yaml")
CARD_FILES = sorted(p.name for p in builtin_cards_dir().glob("*.yaml"))
SCENARIOS = [REPO / "tests/scenarios" / name for name in (
    "guard/g_guardian_cost_and_face_up_limit.yaml", "drive/twin_drive_checks_twice.yaml",
    "main_phase/call_onto_occupied_circle_retires.yaml",
    "damage/heal_on_damage_check_at_five_keeps_the_game_going.yaml")]
SCENARIOS = [p for p in SCENARIOS if p.is_file()] or sorted((REPO / "tests/scenarios").rglob("*.yaml"))[:4]
VARIANTS = sorted(p.parent.name for p in (builtin_flows_dir() / "variants").glob("*/variant.yaml"))
WATCHDOG_SECONDS = 60


def run(args: list[str], allowed: tuple, what: str) -> None:
    with watchdog(what, WATCHDOG_SECONDS):
        result = CliRunner().invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tb = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"{what}: traceback from {' '.join(args)}\n{tb}")
    assert result.exit_code in allowed, f"{what}: exit {result.exit_code}\n{result.output[-2000:]}"
    if result.exit_code == 2:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        # `scenario run` reports a malformed file as an `ERROR path:line:col: ...` line of its listing
        listed = [line[len("ERROR "):] for line in result.stdout.splitlines() if line.startswith("ERROR ")]
        first = (lines or listed or [""])[0]
        assert LOCATED.match(first), f"{what}: exit 2 without a located first line\n{result.output}"


def write_mutated(data, original: Path, dest: Path, as_json: bool = False) -> str:
    text = original.read_text(encoding="utf-8")
    doc = json.loads(text) if as_json else yaml.safe_load(text)
    mutated, special, what = mutate(data, doc)
    if special == "truncate":
        dest.write_text(cut(data, text), encoding="utf-8")
    else:
        dest.write_text(json.dumps(mutated, indent=1) if as_json else
                        yaml.safe_dump(mutated, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return f"{original.name}: {what}"


def _recorded(tmp_path_factory, flag: str, name: str) -> Path:
    """One quick game's output (`play --trace` or `--record`), the valid input to mutate."""
    path = tmp_path_factory.mktemp(flag.strip("-")) / name
    result = CliRunner().invoke(main, ["play", "--quiet", "--format", "quick", "--seed", "2", flag, str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def recorded_trace(tmp_path_factory) -> Path:
    return _recorded(tmp_path_factory, "--trace", "game.jsonl")


@pytest.fixture(scope="module")
def recorded_replay(tmp_path_factory) -> Path:
    return _recorded(tmp_path_factory, "--record", "game.replay")


def _flows(data):
    with tempfile.TemporaryDirectory() as tmp:
        flows = Path(tmp) / "flows"
        shutil.copytree(builtin_flows_dir(), flows)
        name = data.draw(st.sampled_from(FLOW_FILES + ["parameters.yaml"]), label="file")
        what = write_mutated(data, builtin_flows_dir() / name, flows / name)
        run(["play", "--quiet", "--format", "quick", "--seed", "1", "--flows", str(flows)], (0, 2), what)


def _cards(data):
    with tempfile.TemporaryDirectory() as tmp:
        cards = Path(tmp) / "cards"
        shutil.copytree(builtin_cards_dir(), cards)
        name = data.draw(st.sampled_from(CARD_FILES), label="file")
        what = write_mutated(data, builtin_cards_dir() / name, cards / name)
        run(["play", "--quiet", "--format", "quick", "--seed", "1", "--cards", str(cards)], (0, 2), what)


def _decks(data):
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "deck.yaml"
        what = write_mutated(data, builtin_decks_dir() / "aurora-quick.yaml", deck)
        run(["play", "--quiet", "--format", "quick", "--seed", "1", "--decks", str(deck), "tidewyrm-quick"],
            (0, 2), what)


def _scenarios(data):
    with tempfile.TemporaryDirectory() as tmp:
        source = data.draw(st.sampled_from(SCENARIOS), label="scenario")
        scenario = Path(tmp) / source.name
        what = write_mutated(data, source, scenario)
        run(["scenario", "run", str(scenario)], (0, 1, 2), what)


def _variants(data):
    with tempfile.TemporaryDirectory() as tmp:
        flows = Path(tmp) / "flows"
        shutil.copytree(builtin_flows_dir(), flows)
        name = data.draw(st.sampled_from(VARIANTS), label="variant")
        variant = flows / "variants" / name / "variant.yaml"
        what = write_mutated(data, builtin_flows_dir() / "variants" / name / "variant.yaml", variant)
        run(["play", "--quiet", "--format", "quick", "--seed", "1", "--flows", str(variant.parent)], (0, 2), what)


def _traces(data, trace: Path):
    with tempfile.TemporaryDirectory() as tmp:
        text = trace.read_text(encoding="utf-8")
        rows = [json.loads(line) for line in text.splitlines()]
        mutated, special, what = mutate(data, rows)
        lines = cut(data, text).splitlines() if special == "truncate" else \
            [json.dumps(row) for row in mutated] if isinstance(mutated, list) else [json.dumps(mutated)]
        if data.draw(st.booleans(), label="a deep line"):
            depth = data.draw(st.sampled_from([10, 100, 5000, 100_000]), label="depth")
            lines.insert(data.draw(st.integers(0, len(lines)), label="at"), "[" * depth + "]" * depth)
            what += f", a line nested {depth} deep"
        mutated_trace = Path(tmp) / "game.jsonl"
        mutated_trace.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        run(["report", str(mutated_trace), "-o", str(Path(tmp) / "game.html")], (0, 2), what)


def _replays(data, replay: Path):
    with tempfile.TemporaryDirectory() as tmp:
        mutated = Path(tmp) / "game.replay"
        what = write_mutated(data, replay, mutated, as_json=True)
        run(["replay", str(mutated)], (0, 1, 2), what)


KINDS = {"flows": _flows, "cards": _cards, "decks": _decks, "scenarios": _scenarios, "variants": _variants}


@pytest.mark.parametrize("kind", sorted(KINDS))
@given(data=st.data())
@QUICK
def test_mutated_input_is_played_or_refused_with_a_location(kind, data):
    KINDS[kind](data)


@given(data=st.data())
@QUICK
def test_mutated_replay_is_replayed_or_refused_with_a_location(recorded_replay, data):
    _replays(data, recorded_replay)


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", sorted(KINDS))
@given(data=st.data())
@FUZZ
def test_fuzz_mutated_input(kind, data):
    KINDS[kind](data)


@pytest.mark.fuzz
@given(data=st.data())
@FUZZ
def test_fuzz_mutated_replay(recorded_replay, data):
    _replays(data, recorded_replay)


@given(data=st.data())
@QUICK
def test_mutated_trace_is_reported_or_refused_with_a_location(recorded_trace, data):
    _traces(data, recorded_trace)


@pytest.mark.fuzz
@given(data=st.data())
@FUZZ
def test_fuzz_mutated_trace(recorded_trace, data):
    _traces(data, recorded_trace)
