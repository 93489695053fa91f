"""Issue 27: the last hostile inputs of the adversarial run are one located line and exit 2,
never a traceback or a run of hours: a NUL byte in YAML, JSON traces nested past any reader,
a chain of 1,500 variants, the flags that asked for 10^9..10^12 units of work, and
thresholds no value can meet. A Ctrl-C in a long run says how far it got.

The commands run in-process through click's test runner (an uncaught exception fails the
test with its traceback); a watchdog turns a run that would take hours into a failure.
"""
from __future__ import annotations

import re
import shutil
import traceback

import pytest
from click.testing import CliRunner

from helpers import watchdog
from vanguard_fsm.agents.spec import MAX_ITERATIONS, AgentSpecError, parse_agent_spec
from vanguard_fsm.cli import main
from vanguard_fsm.cli.common import MAX_GAMES
from vanguard_fsm.compare.stats import MAX_RESAMPLES
from vanguard_fsm.machine import yamlsrc
from vanguard_fsm.machine.overlay import MAX_VARIANT_DEPTH
from vanguard_fsm.paths import builtin_flows_dir

LOCATED = re.compile(r"^\S[^:]*:\d+:\d+: ")
WATCHDOG_SECONDS = 120


def invoke(*args: str):
    with watchdog(" ".join(args), WATCHDOG_SECONDS):
        result = CliRunner().invoke(main, list(args), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError("traceback:\n" + "".join(traceback.format_exception(result.exception)))
    return result


def refused_located(result, fragment: str) -> str:
    first = result.stderr.splitlines()[0] if result.stderr else ""
    assert result.exit_code == 2 and LOCATED.match(first) and fragment in first, result.output
    return first


def test_a_nul_byte_in_a_yaml_file_is_a_located_syntax_error(tmp_path):
    with pytest.raises(yamlsrc.SourceError) as info:
        yamlsrc.parse('name: x\nnote: "a\x00b"\n', "x.yaml")
    assert str(info.value).startswith("x.yaml:2:9: YAML syntax error: character #x0000 is not allowed")
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: nul\x00\n")
    refused_located(invoke("play", "--quiet", "--decks", str(deck), "tidewyrm"), "#x0000")


@pytest.mark.parametrize("verb", ["report", "web", "evaluate"])
def test_a_trace_nested_past_any_reader_is_one_located_line(tmp_path, verb):
    traces = tmp_path / "traces"
    traces.mkdir()
    deep = traces / "deep.jsonl"
    deep.write_text('{"seq": 0, "event": "state"}\n' + "[" * 100_000 + "]" * 100_000 + "\n")
    args = {"report": ["report", str(deep)], "web": ["web", "--trace", str(deep)],
            "evaluate": ["evaluate", "--traces", str(traces), "--no-progress"]}[verb]
    first = refused_located(invoke(*args), "nested deeper than")
    assert first.startswith(f"{deep}:2:1: ")


def test_a_chain_of_1500_variants_is_refused_at_its_limit(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows, ignore=shutil.ignore_patterns("variants"))
    for i in range(1500):
        variant = flows / "variants" / f"v{i}"
        variant.mkdir(parents=True)
        (variant / "variant.yaml").write_text(f"extends: {'base' if i == 0 else f'v{i - 1}'}\ndoc: link {i}\n")
    deepest_allowed = flows / "variants" / f"v{MAX_VARIANT_DEPTH - 1}"
    assert invoke("lint", str(deepest_allowed)).exit_code == 0
    refused_located(invoke("play", "--quiet", "--flows", str(flows / "variants" / "v1499")),
                    f"more than {MAX_VARIANT_DEPTH} deep")


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "1000000000000", "--no-progress"],
    ["compare", "--flows", "base", "--flows", "damage-7", "--games", "1000000000000", "--no-progress"],
    ["ladder", "--agents", "random", "heuristic", "--games", "1000000000000", "--no-progress"],
    ["evaluate", "--games", "1000000000000", "--no-progress"],
    ["compare", "--flows", "base", "--flows", "damage-7", "--games", "1", "--resamples", "1000000000",
     "--no-progress"],
], ids=["simulate", "compare", "ladder", "evaluate", "compare-resamples"])
def test_work_past_the_documented_maxima_is_a_usage_error(args):
    result = invoke(*args)
    flag = args[-3] if args[-3].startswith("--") else "--games"
    assert result.exit_code == 2 and f"Invalid value for '{flag}'" in result.stderr, result.output
    assert f"{MAX_RESAMPLES if flag == '--resamples' else MAX_GAMES}" in result.stderr


def test_a_search_budget_past_its_maximum_is_refused():
    assert parse_agent_spec(f"ismcts:iterations={MAX_ITERATIONS}")[1] == {"iterations": MAX_ITERATIONS}
    for spec, says in (("ismcts:iterations=1000000000000", "at most 100,000"), ("ismcts:time=1e9", "at most 600"),
                       ("ismcts:cap=1e9", "at most 600")):
        with pytest.raises(AgentSpecError, match=says):
            parse_agent_spec(spec)
    result = invoke("simulate", "--games", "1", "--agents", "ismcts:iterations=1000000000000", "heuristic")
    assert result.exit_code == 2 and "at most 100,000 playouts" in result.stderr


def test_ctrl_c_in_a_long_simulate_says_how_far_it_got(monkeypatch):
    from vanguard_fsm.cli.measure import cmd_simulate

    def interrupted(config, games, workers, advance, work):
        advance(7)
        raise KeyboardInterrupt
    monkeypatch.setattr(cmd_simulate, "run_processes", interrupted)
    result = invoke("simulate", "--games", "50", "--no-progress")
    assert result.exit_code == 130, result.output
    assert "simulate: interrupted (Ctrl-C) after 7 of 50 games" in result.stderr
    assert "Aborted" not in result.output


@pytest.mark.parametrize("text, where, says", [
    ("turns_mean: {min: 20, max: 8}\n", ":1:", "min 20 is above max 8"),
    ("deck_out_rate: {max: 0.1}\nturns_mean: {min: .nan}\n", ":2:", "must be a finite number"),
])
def test_thresholds_no_value_can_meet_are_an_input_error(tmp_path, text, where, says):
    path = tmp_path / "thresholds.yaml"
    path.write_text(text)
    first = refused_located(invoke("evaluate", "--games", "1", "--no-progress", "--check", str(path)), says)
    assert first.startswith(f"{path}{where}")
