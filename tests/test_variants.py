"""Variant rule sets (issue 15): an overlay states only what it changes, each shipped
variant lints, is drawn in sync, and really plays its rule; a broken overlay is one
located error, in the variant file when the variant wrote the bad part."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import trace_text
from vanguard_fsm.cli.main import main
from vanguard_fsm.diagram.render import load_flows, render_all
from vanguard_fsm.machine.loader import FlowError, lint_flows, load_flowset
from vanguard_fsm.paths import builtin_flows_dir, diagrams_dir, resolve_flows, variant_names, variants_dir
from test_diagrams import TEXT_FORMATS, differing, texts

SHIPPED = ("damage-7", "no-first-draw", "no-g-assist", "ride-after-main")


def events(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_the_shipped_variants_lint_and_are_found_by_name():
    assert set(SHIPPED) <= set(variant_names())
    for name in variant_names():
        assert resolve_flows(name) == variants_dir() / name
        assert lint_flows(name) == [], name
    assert resolve_flows("base") == builtin_flows_dir()


@pytest.mark.parametrize("name", SHIPPED)
def test_variant_diagrams_are_in_sync(tmp_path, name):
    render_all(load_flows(variants_dir() / name), tmp_path, TEXT_FORMATS)
    committed = diagrams_dir() / "variants" / name
    stale = differing(texts(tmp_path), texts(committed))
    assert not stale, f"diagrams/variants/{name} is out of date ({stale}): run `vanguard-fsm diagram` and commit"


def test_a_variant_keeps_everything_it_does_not_change():
    base, variant = load_flowset("base"), load_flowset("damage-7")
    assert variant.parameters["damage_to_lose"] == {"standard": 7, "quick": base.parameters["damage_to_lose"]["quick"]}
    assert {k: v for k, v in variant.parameters.items() if k != "damage_to_lose"} == \
           {k: v for k, v in base.parameters.items() if k != "damage_to_lose"}
    assert set(variant.flows) == set(base.flows)
    assert variant.digest() != base.digest()
    moved = load_flowset("ride-after-main").flows["turn"]
    main_pass = moved.all_states["main_phase"].transitions[0]
    assert main_pass.dest == "ride_phase" and main_pass.trigger == "pass"
    stride = moved.all_states["ride_phase.stride_step"].transitions
    assert [t.dest for t in stride] == ["battle_phase"] * 3 + ["ride_phase.stride_pay_cost", "battle_phase",
                                        "ride_phase.stride_pay_cost"]   # + Ultimate Stride (CR 11.42)
    assert moved.all_states["ride_phase.stride_place"].transitions[0].dest == "battle_phase"
    # patching one item kept its conditions: the no-stride guards still guard
    assert stride[0].unless == base.flows["turn"].all_states["ride_phase.stride_step"].transitions[0].unless


def test_no_g_assist_never_searches():
    base_taken = variant_taken = 0
    for seed in range(6):
        base_taken += sum(e["event"] == "g_assist" for e in events(trace_text(seed)))
        trace = events(trace_text(seed, flows_dir="no-g-assist"))
        variant_taken += sum(e["event"] == "g_assist" for e in trace)
        assert not any(e.get("path", "").endswith("g_assist_search") for e in trace)
        assert any(e.get("path") == "turn.draw_phase.g_assist_step" for e in trace)
    assert base_taken > 0 and variant_taken == 0


def test_the_first_player_skips_only_the_turn_1_draw():
    for seed in range(3):
        base, variant = events(trace_text(seed)), events(trace_text(seed, flows_dir="no-first-draw"))
        draws = {turn: sum(e["event"] == "draw" and e["turn"] == turn for e in variant) for turn in (1, 2, 3)}
        assert sum(e["event"] == "draw" and e["turn"] == 1 for e in base) == 1
        assert draws[1] == 0 and draws[2] >= 1 and draws[3] >= 1


def test_damage_7_games_end_at_7_not_6():
    ends = [events(trace_text(seed, agents=("heuristic", "heuristic"), flows_dir="damage-7"))[-1] for seed in range(4)]
    by_damage = [e for e in ends if e["reason"] == "damage"]
    assert by_damage and all(e["damage"][e["loser"]] >= 7 for e in by_damage)


def test_ride_after_main_orders_the_phases():
    trace = events(trace_text(1, flows_dir="ride-after-main"))
    phases = [e["path"].split(".")[1] for e in trace if e["event"] == "state" and e["path"].startswith("turn.")
              and e["turn"] == 3 and e["path"].count(".") == 1]
    assert phases == ["stand_phase", "draw_phase", "main_phase", "ride_phase", "battle_phase", "end_phase",
                      "turn_over"]


def test_flows_option_takes_a_variant_name_and_refuses_an_unknown_one(tmp_path):
    runner = CliRunner()
    ok = runner.invoke(main, ["play", "--flows", "no-first-draw", "--seed", "2", "--quiet"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(main, ["play", "--flows", "no-such-variant", "--seed", "2", "--quiet"])
    assert bad.exit_code == 2 and "no-such-variant:1:1: not a directory of flow files" in bad.stderr
    lint = runner.invoke(main, ["lint"])
    assert lint.exit_code == 0 and all(f"variants/{name}: ok" in lint.output for name in SHIPPED)


# -- broken overlays: one located error each -----------------------------------------

def make_variant(tmp_path, text: str, name: str = "mine") -> Path:
    flows = tmp_path / "flows"
    if not flows.exists():
        shutil.copytree(builtin_flows_dir(), flows, ignore=shutil.ignore_patterns("variants"))
    directory = flows / "variants" / name
    directory.mkdir(parents=True)
    (directory / "variant.yaml").write_text(text)
    return directory


def only_problem(directory, most: int = 1) -> str:
    problems = lint_flows(directory)
    assert 1 <= len(problems) <= most, problems
    return "\n".join(map(str, problems))


BROKEN = {
    "unknown base": ("extends: nowhere\ndoc: x\n", r"variant\.yaml:1:10: extends unknown rule set 'nowhere'"),
    "unknown key": ("extends: base\ndoc: x\npatches: {}\n", r"variant\.yaml:3:1: variant: unknown key 'patches'"),
    "unknown machine": ("extends: base\ndoc: x\npatch:\n  turns: {doc: y}\n",
                        r"variant\.yaml:4:3: no machine 'turns' to patch"),
    "remove a missing key": ("extends: base\ndoc: x\npatch:\n  turn:\n    states:\n      no_phase: null\n",
                             r"variant\.yaml:6:7: cannot remove 'no_phase'"),
    "list item out of range": ("extends: base\ndoc: x\npatch:\n  turn:\n    states:\n      main_phase:\n"
                               "        transitions: {7: {to: end_phase}}\n", r"variant\.yaml:7:23: no item 7 to patch"),
    "bad target in the patch": ("extends: base\ndoc: x\npatch:\n  turn:\n    states:\n      main_phase:\n"
                                "        transitions: {0: {to: nowhere_phase}}\n",
                                r"variant\.yaml:7:\d+: transition from 'main_phase' goes to unknown state 'nowhere_phase'"),
    "bad parameter": ("extends: base\ndoc: x\nparameters:\n  damage_to_lose: {standard: -1}\n",
                      r"variant\.yaml:4:\d+: schema: .*-1"),
    # issue 31: a mistyped state name became a new, half-written state the schema refused piecemeal
    "mistyped state name": ("extends: base\ndoc: x\npatch:\n  battle:\n    states:\n      drive_stpe:\n"
                            "        transitions: {0: {to: battle_step}}\n",
                            r"variant\.yaml:6:7: no 'drive_stpe' in the base to patch \(did you mean 'drive_step'\?\)"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_overlay_is_one_located_error(tmp_path, case):
    text, pattern = BROKEN[case]
    # a bad target also strands the states after it (unreachable): those follow, in the base file
    found = only_problem(make_variant(tmp_path, text), most=1 if case != "bad target in the patch" else 5)
    assert re.search(pattern, found), found


def test_a_base_problem_the_variant_causes_points_into_the_base_file(tmp_path):
    # removing the G assist shuffle without retargeting its way in leaves the base's transition dangling
    directory = make_variant(tmp_path, "extends: base\ndoc: x\npatch:\n  turn:\n    states:\n      draw_phase:\n"
                                       "        states:\n          g_assist_shuffle: null\n")
    assert re.search(r"flows/turn\.yaml:\d+:\d+: transition from 'draw_phase.g_assist_remove_from_g_zone' goes to "
                     r"unknown state 'g_assist_shuffle'", only_problem(directory))
    with pytest.raises(FlowError):
        load_flowset(directory)


def test_variants_extend_variants_and_cycles_are_refused(tmp_path):
    make_variant(tmp_path, "extends: base\ndoc: seven\nparameters: {damage_to_lose: {standard: 7}}\n", "seven")
    on_top = make_variant(tmp_path, "extends: seven\ndoc: and eight hands\nparameters: {hand_size: 8}\n", "top")
    flowset = load_flowset(on_top)
    assert flowset.parameters["damage_to_lose"]["standard"] == 7 and flowset.parameters["hand_size"] == 8
    make_variant(tmp_path, "extends: loop_b\ndoc: a\n", "loop_a")
    loop_b = make_variant(tmp_path, "extends: loop_a\ndoc: b\n", "loop_b")
    assert "extends itself" in only_problem(loop_b)


def test_a_whole_flow_file_in_a_variant_replaces_the_base_one(tmp_path):
    directory = make_variant(tmp_path, "extends: base\ndoc: own battle\n")
    text = (builtin_flows_dir() / "battle.yaml").read_text()
    (directory / "battle.yaml").write_text(text.replace("doc:", "doc: REPLACED", 1))
    flowset = load_flowset(directory)
    assert flowset.flows["battle"].doc.startswith("REPLACED")
    assert flowset.flows["battle"].path == str(directory / "battle.yaml")
