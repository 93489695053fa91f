"""Replays: `play --record` then `replay` reproduces the trace byte for byte; any
difference exits 1 and says where (seq and event); a replay recorded under other
flows is refused (exit 2) unless `--force`."""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil

import pytest
from click.testing import CliRunner

from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.cli.main import main
from vanguard_fsm.record.replay import ReplayRefused, load_replay, run_replay


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """One recorded game (seed 11, random vs heuristic), with the trace `play` wrote."""
    base = tmp_path_factory.mktemp("replay")
    record, trace = base / "game.json", base / "game.jsonl"
    out = CliRunner().invoke(main, ["play", "--seed", "11", "--agents", "random", "heuristic", "--quiet",
                                    "--record", str(record), "--trace", str(trace)])
    assert out.exit_code == 0, out.output
    return record, trace


def _edit(src, dst, change):
    data = json.loads(src.read_text())
    change(data)
    dst.write_text(json.dumps(data))
    return dst


def test_replay_reproduces_the_trace_of_play(recorded, tmp_path):
    record, trace = recorded
    data = json.loads(record.read_text())
    assert {"seed", "decks", "agents", "format", "flows_digest", "cards_digest", "actions", "trace"} <= set(data)
    assert data["agents"] == ["random", "heuristic"] and data["seed"] == 11
    assert data["trace"]["events"] == len(trace.read_text().splitlines())
    out = CliRunner().invoke(main, ["replay", str(record), "--trace", str(tmp_path / "again.jsonl")])
    assert out.exit_code == 0, out.output
    assert "identical trace" in out.output
    assert (tmp_path / "again.jsonl").read_bytes() == trace.read_bytes()


def test_a_changed_action_diverges_with_exit_1_and_the_place(recorded, tmp_path):
    record, trace = recorded
    actions = json.loads(record.read_text())["actions"]
    index = next(i for i, a in enumerate(actions) if a.startswith("attack:"))

    def change(data):
        data["actions"][index] = "pass"
    bad = _edit(record, tmp_path / "bad.json", change)
    result = run_replay(bad)
    assert not result.ok
    lines = trace.read_text().splitlines()
    first_attack_seq = next(i for i, line in enumerate(lines) if '"event":"attack"' in line)
    assert result.divergence["seq"] == first_attack_seq        # the replay stops before the attack
    assert result.divergence["recorded"] == json.loads(lines[first_attack_seq])
    assert result.divergence["replayed"] is None
    assert f"recorded action #{index + 1} 'pass' is not legal" in result.message
    out = CliRunner().invoke(main, ["replay", str(bad)])
    assert out.exit_code == 1
    assert f"trace diverges at seq {result.divergence['seq']}" in out.output


def test_another_seed_diverges_at_the_game_start_event(recorded, tmp_path):
    record, trace = recorded
    bad = _edit(record, tmp_path / "seed.json", lambda data: data.update(seed=12))
    result = run_replay(bad)
    lines = trace.read_text().splitlines()
    start_seq = next(i for i, line in enumerate(lines) if '"event":"game_start"' in line)
    assert not result.ok
    assert result.divergence["seq"] == start_seq
    assert result.divergence["replayed"]["seed"] == 12 and result.divergence["recorded"]["seed"] == 11


def test_a_tampered_recorded_trace_is_found_at_its_seq(recorded, tmp_path):
    record, _ = recorded
    recorded_text = load_replay(record).trace_text().splitlines()
    seq = len(recorded_text) // 2
    row = json.loads(recorded_text[seq])
    row["tampered"] = True
    recorded_text[seq] = json.dumps(row, separators=(",", ":"))

    text = "\n".join(recorded_text) + "\n"

    def change(data):      # as if recorded by an engine that wrote one more field there
        data["trace"]["gzip_base64"] = base64.b64encode(gzip.compress(text.encode())).decode()
        data["trace"]["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    result = run_replay(_edit(record, tmp_path / "tampered.json", change))
    assert not result.ok and result.divergence["seq"] == seq
    assert f"seq {seq}: recorded {row['event']}" in result.message

    def damage(data):      # the text changed but not its hash: a damaged file
        data["trace"]["gzip_base64"] = base64.b64encode(gzip.compress(text.encode())).decode()
    out = CliRunner().invoke(main, ["replay", str(_edit(record, tmp_path / "damaged.json", damage))])
    assert out.exit_code == 2 and "does not match its sha256" in out.output


def test_replay_under_other_flows_is_refused_unless_forced(recorded, tmp_path):
    record, _ = recorded
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    battle = flows / "battle.yaml"
    battle.write_text(battle.read_text().replace("doc: The battle phase;", "doc: The battle phase (edited);", 1))
    with pytest.raises(ReplayRefused, match="recorded under other flows"):
        run_replay(record, flows_dir=flows)
    out = CliRunner().invoke(main, ["replay", str(record), "--flows", str(flows)])
    assert out.exit_code == 2 and "--force" in out.output
    forced = CliRunner().invoke(main, ["replay", str(record), "--flows", str(flows), "--force"])
    assert forced.exit_code == 0, forced.output      # a documentation edit plays the same game
    assert "recorded under other flows" in forced.output


def test_unreadable_and_malformed_replays_exit_2(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"seed": 1,\n  oops}')
    out = CliRunner().invoke(main, ["replay", str(broken)])
    assert out.exit_code == 2 and f"{broken}:2:" in out.output
    not_replay = tmp_path / "other.json"
    not_replay.write_text('{"seed": 1}')
    out = CliRunner().invoke(main, ["replay", str(not_replay)])
    assert out.exit_code == 2 and "not a replay file" in out.output
    out = CliRunner().invoke(main, ["replay", str(tmp_path / "missing.json")])
    assert out.exit_code == 2


def test_a_game_with_the_ability_layer_replays_with_it(tmp_path):
    from vanguard_fsm.abilities import new_game_with_abilities
    from vanguard_fsm.agents import make_agent
    from vanguard_fsm.agents.base import play_out
    from vanguard_fsm.record.replay import write_replay
    game = new_game_with_abilities(5)
    assert game.abilities is not None
    play_out(game, [make_agent("heuristic", 1), make_agent("random", 2)])
    data = write_replay(tmp_path / "ab.json", game, ["heuristic", "random"])
    assert data["abilities"] is True
    recorded = load_replay(tmp_path / "ab.json").trace_text().splitlines()
    assert any(json.loads(line)["event"] == "ability" for line in recorded)
    result = run_replay(tmp_path / "ab.json")
    assert result.ok, result.message
    assert result.actions_applied == len(game.history)
