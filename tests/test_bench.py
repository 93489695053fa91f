"""`bench` smoke tests: the floor replay is faithful and the command writes its JSON.

No timing is asserted (a benchmark is not a timed test); these check that the
numbers are computed from the right things.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.agents.random_agent import ATTACK_KINDS
from vanguard_fsm.sim.bench import CONTRACT_KEYS
from vanguard_fsm.sim.bench_measures import most_abilities_deck
from vanguard_fsm.sim.bench_floor import ConditionTape, Floor, play_game, record_game, recording_flows
from vanguard_fsm.machine.runner import FlowStuck, Runner
from vanguard_fsm.cli.main import main


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_recording_sees_every_transition_of_the_same_game(agent):
    flows, log = recording_flows()
    sequence, fired = record_game(flows, log, 3, agent)
    game = new_game(3)
    play_out(game, [make_agent(agent, 7), make_agent(agent, 8)])
    # the recorded game is the very game the engine plays with the shared flows
    assert fired == game.runner.transitions
    assert sum(1 for step in sequence if step[-1]) == fired


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_conditions_answered_from_their_tape_play_the_same_game(agent):
    tape = ConditionTape()
    answers = tape.record(4, agent, "standard", None, True)
    engine = new_game(4)
    play_out(engine, [make_agent(agent, 9), make_agent(agent, 10)])
    assert answers and True in answers and False in answers
    runner = play_game(4, agent, "standard", None, None, True, tape.play(answers), Runner)
    assert tape.all_played()
    assert runner.transitions == engine.runner.transitions
    assert runner.ctx.state.result == engine.state.result
    # a tape from another game is found out: answers left over, or a game that goes wrong
    other = tape.record(5, agent, "standard", None, True)
    try:
        play_game(4, agent, "standard", None, None, True, tape.play(other), Runner)
    except (FlowStuck, StopIteration):
        return
    assert not tape.all_played()


def test_floor_replay_reproduces_every_outcome_and_detects_a_wrong_one():
    flows, log = recording_flows()
    sequence, _ = record_game(flows, log, 5, "random")
    floor = Floor(flows)
    floor.check(sequence)            # raises if any trigger ends differently
    assert Floor.replay(floor.compile(sequence)) > 0
    def detected(step) -> bool:      # the first transition instead of the one that fired
        flow, name, before, fired, after, ok = step
        try:
            floor.check([(flow, name, before, 0, after, ok)])
        except AssertionError:
            return True
        return False
    # guards to the same target (the G assist step's three) cannot differ; others must be caught
    assert any(detected(step) for step in sequence if step[3] > 0)


def test_bench_command_writes_every_contract_key(tmp_path):
    out = tmp_path / "bench.json"
    result = CliRunner().invoke(main, ["bench", "--games", "1", "--ratio-games", "1", "--long", "0",
                                       "--workers-games", "2", "--trace-games", "1", "--mcts-iterations", "4", "--startup-runs", "1", "--markdown",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for key in CONTRACT_KEYS:
        assert key in data, key
    for key in set(CONTRACT_KEYS) - {"peak_rss_mib"}:
        assert isinstance(data[key], (int, float)) and data[key] > 0, key
    assert data["peak_rss_mib"] is None          # --long 0: not measured, still present
    assert data["environment"]["clock"] == "process_time"
    # the same single game in both measures: every transition is a fired trigger
    fr = data["floor_random"]
    assert fr["transitions_per_game"] == data["games_random"]["transitions_per_game"]
    assert fr["triggers_per_game"] >= fr["transitions_per_game"]
    # the engine's own classes are faster than stock transitions for the same triggers
    assert fr["own_machine_class"] == "FlowMachine"
    assert data["ratio_flow_layer_vs_own_floor"] == fr["ratio_flow_layer_vs_own_floor"]
    assert set(data["targets"]) >= {"games_per_second_random", "snapshot_restore_us", "flows_load_ms",
                                    "workers2_speedup", "ratio_game_random_vs_stock_floor"}
    assert data["trace_dir_kib_per_game"] > 1
    # issue 32: the real-deck and many-abilities pairings, µs per decision, each with its target
    assert data["games_heuristic_real"]["decks"] == ["royal-paladin", "kagero"]
    many = data["games_heuristic_many_abilities"]["decks"]
    assert many[0] == many[1] and many[0] == most_abilities_deck()
    for key in ("heuristic", "heuristic_real", "heuristic_many_abilities"):
        g = data[f"games_{key}"]
        assert g["decisions_per_game"] > 0 and g["us_per_decision"] > g["us_per_transition"]
    assert data["us_per_decision_real"] == data["games_heuristic_real"]["us_per_decision"]
    assert set(data["targets"]) >= {"games_per_second_heuristic_real", "us_per_decision_real",
                                    "us_per_transition_many_abilities"}
    assert "| whole game / stock transitions floor, random |" in result.output


def test_the_many_abilities_deck_is_the_one_with_most_abilities():
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import load_deck
    db = load_cards(None)
    chosen = load_deck(most_abilities_deck(), db)
    assert chosen.format == "standard"
    def count(deck):
        return sum(len(db[c].abilities) for c in (*deck.main, *deck.g_deck))
    for other in ("royal-paladin", "kagero", "aurora"):
        assert count(chosen) >= count(load_deck(other, db))


def test_the_random_attacker_attacks_whenever_it_can():
    game = new_game(4)
    agent, attacks, declined = make_agent("random-attacker", 9), 0, 0
    while (decision := game.advance()) is not None:
        action = agent.choose(game, decision)
        offered = {a.kind for a in decision.actions}
        if offered & ATTACK_KINDS:
            attacks += 1
            declined += action.kind not in ATTACK_KINDS
        game.apply(action)
    assert attacks > 5 and declined == 0
