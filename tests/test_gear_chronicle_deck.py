"""The real deck `gear-chronicle` (issue 19) in complete games: `play` and `simulate` against
kagero run to the end, its Gear Chronicle cards' abilities resolve, and in one fixed seeded mirror
game (game 4 of `simulate --seed 1 --decks gear-chronicle gear-chronicle`, also one of the games of
test_real_decks_mechanisms.py's mirror pairing) Interdimensional Dragon, Mystery-flare Dragon
(G-TD01/001EN) hits, Counter Blast 4 is paid and its player takes the next turn too (CR 12.4.1).
"""
from __future__ import annotations

import json
from collections import Counter

from click.testing import CliRunner

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.cli.main import main as cli_main
from vanguard_fsm.game.factory import load_inputs
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.sim.simulate import game_seed

DECKS = ("gear-chronicle", "gear-chronicle")


def gear_chronicle_abilities(trace) -> Counter:
    out: Counter = Counter()
    for row in trace.read_text(encoding="utf-8").splitlines():
        e = json.loads(row)
        if e["event"] == "ability" and e.get("step") == "resolved" and e["ability"].startswith("G-GC-"):
            out[e["ability"].split("#")[0]] += 1
    return out


def test_play_gear_chronicle_against_kagero_is_a_complete_game(tmp_path):
    trace = tmp_path / "t.jsonl"
    result = CliRunner().invoke(cli_main, ["play", "--seed", "4", "--decks", "gear-chronicle", "kagero",
                                           "--agents", "heuristic", "heuristic", "--quiet", "--trace", str(trace)])
    assert result.exit_code == 0, result.output
    last = json.loads(trace.read_text(encoding="utf-8").splitlines()[-1])
    assert last["event"] == "game_over" and last["reason"] in ("damage", "deck_out")
    assert gear_chronicle_abilities(trace), "no Gear Chronicle ability resolved"


def test_simulate_gear_chronicle_against_kagero(tmp_path):
    out, traces = tmp_path / "sim.json", tmp_path / "traces"
    result = CliRunner().invoke(cli_main, ["simulate", "--games", "4", "--workers", "1", "--seed", "1",
                                           "--decks", "gear-chronicle", "kagero", "--out", str(out),
                                           "--trace-dir", str(traces)])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text(encoding="utf-8"))["summary"]
    assert summary["games"] == 4 and summary["errors"] in (0, [], {})
    fired: Counter = Counter()
    for trace in sorted(traces.glob("game-*.jsonl")):
        assert json.loads(trace.read_text(encoding="utf-8").splitlines()[-1])["event"] == "game_over"
        fired.update(gear_chronicle_abilities(trace))
    assert len(fired) >= 2, fired


def test_mystery_flare_gives_a_real_extra_turn_in_a_seeded_mirror_game():
    loaded = load_inputs(DECKS)
    events: list = []
    hooks = Hooks()
    hooks.on("event", lambda g, name, f: events.append((name, dict(f))), names=("turn_begin", "ability", "put"))
    game_no = game_seed(1, 4)
    game = new_game_with_abilities(game_no, loaded["decks"], None, hooks=hooks, flows=loaded["flows"],
                                   db=loaded["db"])
    play_out(game, [make_agent("heuristic", game_no * 2 + 1), make_agent("heuristic", game_no * 2 + 2)])
    assert game.state.result is not None
    turns = [f["player"] for name, f in events if name == "turn_begin"]
    again = [i for i in range(1, len(turns)) if turns[i] == turns[i - 1]]
    assert again, f"no player took two turns in a row: {turns}"
    marked = [i for i, f in enumerate(f for name, f in events if name == "turn_begin") if f.get("extra")]
    assert marked == again          # the trace marks exactly those turns `extra: true`
    # the extra turn follows a turn in which Mystery-flare's ability resolved for that player
    starts = [k for k, (name, _) in enumerate(events) if name == "turn_begin"]
    lo, hi = starts[again[0] - 1], starts[again[0]]
    resolved = [f for name, f in events[lo:hi] if name == "ability" and f.get("step") == "resolved"]
    assert any(f["ability"] == "G-GC-MYSTERYFLARE#1" and f["player"] == turns[again[0]] for f in resolved)
