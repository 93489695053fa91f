"""Issue 12, points 4 and 5: card data is checked on every path that loads it, `lint` checks
any set of flows, cards and decks, and a failure at run time names the YAML line, not Python."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from helpers import copy_cards, copy_flows, edit
from vanguard_fsm.paths import builtin_flows_dir

LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+: ", re.M)


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True,
                          input=stdin)


def _cards_with(tmp_path, old, new):
    """A copy of the built-in cards with one edit in aurora_lancers.yaml."""
    cards = copy_cards(tmp_path)
    edit(cards / "aurora_lancers.yaml", old, new)
    return cards


def _flows_with(tmp_path, file, old, new):
    flows = copy_flows(tmp_path)
    edit(flows / file, old, new)
    return flows


@pytest.mark.parametrize("verb", [["play", "--seed", "1", "--quiet"], ["debug", "--seed", "1"],
                                  ["coverage", "--games", "1"], ["simulate", "--games", "2", "--no-progress"],
                                  ["scenario", "run", "tests/scenarios/drive"], ["cards"]])
def test_every_verb_that_loads_cards_refuses_a_misspelt_timing_at_its_line(tmp_path, verb):
    """A misspelt AUTO timing used to be accepted silently (the ability never fired)."""
    cards = _cards_with(tmp_path, "timing: when_attacks", "timing: when_atacks")
    out = run(*verb, "--cards", str(cards), stdin="quit\n")
    assert out.returncode == 2, out.stdout + out.stderr
    assert re.search(r"aurora_lancers\.yaml:\d+:\d+: unknown timing 'when_atacks' \(did you mean 'when_attacks'\?\)",
                     out.stderr)
    assert "Traceback" not in out.stderr and "nothing was run" in out.stderr


def test_a_misspelt_effect_key_stops_play_before_the_game(tmp_path):
    cards = _cards_with(tmp_path, "effect: {power:", "effect: {pwer:")
    out = run("play", "--seed", "1", "--cards", str(cards))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert re.search(r"unknown ability effect 'pwer' \(did you mean 'power'\?\)", out.stderr)
    assert "result:" not in out.stdout


def test_unknown_card_field_says_did_you_mean_once(tmp_path):
    cards = _cards_with(tmp_path, "    shield: ", "    sheild: ")
    out = run("lint", "--cards", str(cards))
    assert out.returncode == 1
    lines = LOCATED.findall(out.stdout)
    assert len(lines) == 1 and "unknown field 'sheild' (did you mean 'shield'?)" in out.stdout


def test_lint_takes_flows_cards_and_decks(tmp_path):
    assert run("lint", "--flows", str(builtin_flows_dir())).returncode == 0
    ok = run("lint", "--decks", "aurora", "--decks", "tidewyrm-quick")
    assert ok.returncode == 0 and "deck aurora: ok" in ok.stdout and "deck tidewyrm-quick: ok" in ok.stdout
    deck = tmp_path / "short.yaml"
    deck.write_text("name: short\nformat: standard\nstarter: AL-001\nmain:\n  - {card: AL-001, count: 1}\n")
    bad = run("lint", "--decks", str(deck))
    assert bad.returncode == 1 and f"{deck}:1:1: 2.1: a standard deck has exactly 50 cards" in bad.stdout


def test_compare_power_in_the_turn_flow_is_refused_before_the_game(tmp_path):
    """`compare_power` in the battle phase (no attack there) used to die with a 36-line AttributeError;
    lint now refuses it at its place, and `play` (which lints the flows it loads) exits 2."""
    flows = _flows_with(tmp_path, "turn.yaml", "do: [begin_battle_phase]", "do: [begin_battle_phase, compare_power]")
    out = run("play", "--seed", "1", "--quiet", "--flows", str(flows))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert re.search(r"turn\.yaml:\d+:\d+: action 'compare_power' needs context 'attack'", out.stderr), out.stderr


@pytest.fixture
def failing_names():
    """A registered action and condition that raise, as a buggy new rule would (unregistered after)."""
    from click.testing import CliRunner  # noqa: F401
    from vanguard_fsm.game import rules  # noqa: F401
    from vanguard_fsm.machine.registry import REGISTRY

    def explode(game):
        """Test only: raises, as a rule with a bug would."""
        raise ZeroDivisionError("division by zero")

    def explodes(game):
        """Test only: raises, as a condition with a bug would."""
        return {}["missing"]

    REGISTRY.actions.register("explode_for_test", explode)
    REGISTRY.conditions.register("explodes_for_test", explodes)
    yield
    for section, name in ((REGISTRY.actions, "explode_for_test"), (REGISTRY.conditions, "explodes_for_test")):
        section._items.pop(name, None)
        section._docs.pop(name, None)


def _play_in_process(*args):
    from click.testing import CliRunner
    from vanguard_fsm.cli.main import main
    return CliRunner().invoke(main, list(args))


def test_an_action_failing_at_run_time_names_its_yaml_line_and_exits_2(tmp_path, failing_names):
    flows = _flows_with(tmp_path, "turn.yaml", "do: [begin_battle_phase]", "do: [begin_battle_phase, explode_for_test]")
    line = next(i for i, text in enumerate((flows / "turn.yaml").read_text().splitlines(), 1) if "explode_for" in text)
    out = _play_in_process("play", "--seed", "1", "--quiet", "--flows", str(flows))
    assert out.exit_code == 2
    assert re.search(rf"turn\.yaml:{line}: action 'explode_for_test' failed in state turn\.battle_phase "
                     r"\(turn \d+\): ZeroDivisionError: division by zero", out.output), out.output
    assert "Traceback" not in out.output
    shown = _play_in_process("--traceback", "play", "--seed", "1", "--quiet", "--flows", str(flows))
    assert isinstance(shown.exception, ZeroDivisionError)


def test_a_condition_failing_at_run_time_names_its_yaml_line(tmp_path, failing_names):
    flows = _flows_with(tmp_path, "turn.yaml", "      - to: draw_phase\n",
                        "      - to: draw_phase\n        if: [explodes_for_test]\n      - to: draw_phase\n")
    line = next(i for i, text in enumerate((flows / "turn.yaml").read_text().splitlines(), 1)
                if "explodes_for_test" in text)
    out = _play_in_process("play", "--seed", "1", "--quiet", "--flows", str(flows))
    assert out.exit_code == 2, out.output
    assert re.search(rf"turn\.yaml:{line}: condition 'explodes_for_test' failed in state turn\.stand_phase "
                     r"\(turn 1\): KeyError", out.output), out.output
