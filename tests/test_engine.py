"""The engine follows the flows, is deterministic, and refuses illegal actions (issues 2, 3)."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from helpers import play, trace_text
from vanguard_fsm.game.actions import IllegalAction
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.record.trace import TraceRecorder

REQUIRED = {"game_start", "state", "timing", "redraw", "draw", "ride", "call", "attack", "boost", "guard",
            "drive_check", "damage_check", "trigger", "battle_result", "retire", "game_over"}


def events(text):
    return [json.loads(line) for line in text.splitlines()]


def copy_flows(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    return flows


def test_same_seed_gives_byte_identical_trace():
    assert trace_text(11) == trace_text(11)
    assert trace_text(11, ("heuristic", "heuristic")) == trace_text(11, ("heuristic", "heuristic"))
    assert trace_text(11) != trace_text(12)


def test_trace_has_every_contract_field():
    rows = events(trace_text(5, ("heuristic", "heuristic")))
    assert [r["seq"] for r in rows] == list(range(len(rows)))
    assert all({"seq", "event", "turn", "turn_player"} <= set(r) for r in rows)
    seen = {r["event"] for r in rows}
    assert REQUIRED - {"guard", "boost", "retire"} <= seen
    start = rows[0]
    assert start["event"] in ("state", "game_start")
    assert any(r["event"] == "state" and r["path"] == "battle.guard_step" for r in rows)
    assert rows[-1]["event"] == "game_over" and rows[-1]["reason"] in ("damage", "deck_out")
    assert all(r["turn"] == 0 and r["turn_player"] is None for r in rows if r["event"] == "redraw")


def test_all_contract_events_occur_over_a_few_games():
    seen = set()
    for seed in range(12):
        seen |= {r["event"] for r in events(trace_text(seed, ("heuristic", "random")))}
    assert REQUIRED <= seen, REQUIRED - seen


def test_removing_the_drive_step_removes_drive_checks(tmp_path):
    """Issue 2: edit a copy of the flows (guard step straight to the damage step) and the game follows."""
    flows = copy_flows(tmp_path)
    text = (flows / "battle.yaml").read_text()
    text = re.sub(r"\n  drive_step:.*?(?=\n  damage_step:)", "\n", text, flags=re.S)
    text = text.replace("""      - to: drive_step
        unless: [attacked_unit_remains]
        if: [attacker_drives]
        doc: nothing left to guard
""", "").replace("""      - choice: pass
        to: drive_step
        if: [attacker_drives]
""", "")
    (flows / "battle.yaml").write_text(text)
    assert lint_flows(flows) == []
    for seed in range(10):
        rows = events(trace_text(seed, ("heuristic", "heuristic"), flows_dir=flows))
        names = {r["event"] for r in rows}
        assert "drive_check" not in names and "damage_check" in names
        assert not any(r["event"] == "state" and "drive" in r["path"] for r in rows)
        assert rows[-1]["event"] == "game_over"
    builtin = {r["event"] for r in events(trace_text(0, ("heuristic", "heuristic")))}
    assert "drive_check" in builtin


def test_a_timing_added_in_yaml_fires(tmp_path):
    flows = copy_flows(tmp_path)
    path = flows / "turn.yaml"
    path.write_text(path.read_text().replace("timings: [beginning_of_battle_phase]",
                                             "timings: [beginning_of_battle_phase, designer_test_timing]"))
    hooks = Hooks()
    fired = []
    hooks.on_timing("designer_test_timing", lambda game, name: fired.append(game.state.turn))
    game = new_game(3, flows_dir=flows, hooks=hooks)
    play(game, ("heuristic", "heuristic"), 3)
    assert fired and fired == sorted(fired) and fired[0] == 1


def test_reordering_phases_in_yaml_changes_the_game(tmp_path):
    """Main phase before ride phase: calls happen before the turn's ride."""
    flows = copy_flows(tmp_path)
    path = flows / "turn.yaml"
    text = path.read_text()
    text = text.replace("            to: ride_phase", "            to: main_phase")   # the G assist step's exits
    text = text.replace("          - to: ride_phase\n", "          - to: main_phase\n")
    old = """          - to: main_phase
            if: [normal_stride_done_this_turn]
            doc: one normal stride per turn
          - to: main_phase
            unless: [both_vanguards_at_stride_grades, g_zone_face_up_for_ultimate_stride]"""
    assert old in text      # a replacement that finds nothing would leave a flow that loops forever
    text = text.replace(old, """          - to: battle_phase
            if: [normal_stride_done_this_turn]
          - to: battle_phase
            unless: [both_vanguards_at_stride_grades, g_zone_face_up_for_ultimate_stride]""")
    old = """          - to: main_phase
            unless: [face_down_g_unit_in_g_zone]
            doc: no G unit left to stride
          - choice: stride
            to: stride_pay_cost
          - choice: pass
            to: main_phase"""
    assert old in text
    text = text.replace(old, """          - to: battle_phase
            unless: [face_down_g_unit_in_g_zone]
          - choice: stride
            to: stride_pay_cost
          - choice: pass
            to: battle_phase""")
    for old, new in (("        do: [stride_chosen_g_unit, check_timing]\n        transitions:\n          - to: main_phase",
                      "        do: [stride_chosen_g_unit, check_timing]\n        transitions:\n          - to: battle_phase"),
                     ("      - choice: pass\n        to: battle_phase", "      - choice: pass\n        to: ride_phase")):
        assert old in text
        text = text.replace(old, new)
    path.write_text(text)
    assert lint_flows(flows) == []
    rows = events(trace_text(4, ("heuristic", "heuristic"), flows_dir=flows))
    order = [r["path"] for r in rows if r["event"] == "state" and r["path"] in ("turn.main_phase", "turn.ride_phase")]
    assert order[:2] == ["turn.main_phase", "turn.ride_phase"]


def test_illegal_action_is_refused_and_changes_nothing():
    game = new_game(8)
    decision = game.advance()
    while decision.kind != "main_phase":
        game.apply(decision.actions[-1])
        decision = game.advance()
    before = (game.state.canonical(), list(game.agenda), game.runner.paths(), game.rng.getstate(),
              list(game.history))
    for bad in ("attack:VC->VC", "call:hand[99]->front_left", "nonsense"):
        with pytest.raises(IllegalAction) as info:
            game.apply(bad)
        assert "pass" in info.value.legal and "legal now" in str(info.value)
    after = (game.state.canonical(), list(game.agenda), game.runner.paths(), game.rng.getstate(),
             list(game.history))
    assert before == after and game.pending is decision
    other_player = type(decision.actions[0])(decision.actions[0].id, decision.actions[0].kind,
                                             1 - decision.player, decision.actions[0].args)
    with pytest.raises(IllegalAction):
        game.apply(other_player)
    game.apply("pass")


def test_apply_without_decision_is_refused():
    game = new_game(2)
    play(game, ("random", "random"), 2)
    with pytest.raises(IllegalAction):
        game.apply("pass")


def test_snapshot_restore_is_exact():
    game = new_game(21)
    for _ in range(15):
        d = game.advance()
        game.apply(d.actions[0])
    snap = game.snapshot()
    ids = []
    for _ in range(20):
        d = game.advance()
        if d is None:
            break
        ids.append(d.actions[-1].id)
        game.apply(d.actions[-1])
    end = game.state.canonical()
    game.restore(snap)
    for action_id in ids:
        game.advance()
        game.apply(action_id)
    assert game.state.canonical() == end


def test_play_cli_seed_7_full_game(tmp_path):
    import subprocess
    import sys
    trace = tmp_path / "t.jsonl"
    out = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--seed", "7", "--trace", str(trace)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "== Turn 1:" in out.stdout and "Game over after turn" in out.stdout
    assert "result: winner=" in out.stdout
    rows = events(trace.read_text())
    assert rows[-1]["event"] == "game_over"
    bad = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--decks", "aurora", "nosuchdeck"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "nosuchdeck" in bad.stderr


def test_turn_limit_from_parameters_ends_the_game(tmp_path):
    """The safety limit is data (parameters.yaml `turn_limit`); reason `turn_limit`, no winner."""
    flows = copy_flows(tmp_path)
    path = flows / "parameters.yaml"
    path.write_text(path.read_text().replace("turn_limit: 100", "turn_limit: 3"))
    rows = events(trace_text(1, ("heuristic", "heuristic"), flows_dir=flows))
    over = rows[-1]
    assert over["event"] == "game_over" and over["reason"] == "turn_limit"
    assert over["winner"] is None and over["turn"] == 3


def test_a_game_that_does_not_end_is_a_located_runaway_not_a_bare_runtime_error():
    """A flow set that never ends a game (its turn limit deleted, a loop of decisions) stops
    at the decision bound with a located error the commands report as one line, exit 2."""
    from vanguard_fsm.agents import make_agent
    from vanguard_fsm.agents.base import play_out
    from vanguard_fsm.machine.runner import Runaway
    game = new_game(5)
    agents = [make_agent("random", seed=1), make_agent("random", seed=2)]
    with pytest.raises(Runaway) as info:
        play_out(game, agents, max_decisions=12)
    text = str(info.value)
    assert re.match(r".*flows/\w+\.yaml:\d+:\d+: runaway game: 12 decisions without an end \(turn \d+, at ", text), text
