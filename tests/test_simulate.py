"""`simulate`: the same seed gives the same summary however the games are spread out.

Small game counts only (the suite must stay fast); the Dask test runs a real
2-worker LocalCluster and closes it.
"""
from __future__ import annotations

import csv
import json
import re

import pytest
from click.testing import CliRunner

from vanguard_fsm.sim import simulate as sim
from vanguard_fsm.cli.main import main
from vanguard_fsm.sim.simulate import SimConfig, game_seed, run_processes, run_serial, summarise, wilson

GAMES = 20


@pytest.fixture(scope="module")
def serial_rows():
    return run_serial(SimConfig(seed=5), GAMES)


def test_wilson_matches_published_values():
    # 8 of 20 and 0 of 10: the textbook Wilson 95% intervals
    low, high = wilson(8, 20)
    assert (round(low, 4), round(high, 4)) == (0.2188, 0.6134)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(3, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(3, 7) == game_seed(3, 7) != game_seed(4, 7)
    # a hash, not Python's randomised hash(): the same value in every process and machine
    assert game_seed(0, 0) == int.from_bytes(
        __import__("hashlib").blake2b(b"vanguard-fsm/0/0", digest_size=6).digest(), "big")


def test_rows_are_consistent(serial_rows):
    assert [r["game"] for r in serial_rows] == list(range(GAMES))
    for r in serial_rows:
        assert r["error"] == ""
        assert r["reason"] in sim.REASONS
        if r["winner"] is not None:
            assert r["loser"] == 1 - r["winner"]
        assert r["turns"] > 0 and r["transitions"] > 0
    summary = summarise(SimConfig(seed=5), serial_rows)
    seat_wins = sum(v["wins"] for v in summary["wins_per_seat"].values())
    deck_wins = sum(v["wins"] for v in summary["wins_per_deck"].values())
    assert seat_wins == deck_wins == GAMES - summary["draws"]
    assert sum(summary["game_over_reasons"].values()) == GAMES
    assert summary["turns"]["max"] == max(r["turns"] for r in serial_rows)


def test_sides_swap_seats_every_other_game(serial_rows):
    even, odd = serial_rows[0], serial_rows[1]
    assert (even["deck0"], even["deck1"]) == ("aurora", "tidewyrm")
    assert (odd["deck0"], odd["deck1"]) == ("tidewyrm", "aurora")
    fixed = run_serial(SimConfig(seed=5, swap_seats=False), 2)
    assert fixed[1]["deck0"] == "aurora"


def test_two_processes_give_the_same_rows_and_summary(serial_rows):
    rows = run_processes(SimConfig(seed=5), GAMES, workers=2)
    assert rows == serial_rows
    assert summarise(SimConfig(seed=5), rows) == summarise(SimConfig(seed=5), serial_rows)


def test_dask_local_cluster_gives_the_single_process_summary(serial_rows):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, memory_limit="1GiB",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        finished = []
        rows = sim.run_dask(SimConfig(seed=5), GAMES, "unused", workers=2, progress=finished.append,
                            client=client)
        # compare (issue 15) sends its own chunk function through the same code
        from vanguard_fsm.compare.paired import PairConfig, play_pair_chunk
        pairs = PairConfig(SimConfig(seed=5), SimConfig(seed=5, flows_dir="damage-7"), sample=1)
        on_dask = sim.run_dask(pairs, 2, "unused", workers=2, client=client, work=play_pair_chunk)
    assert on_dask == run_serial(pairs, 2, work=play_pair_chunk)
    assert [r["a_turns"] for r in on_dask] == [r["turns"] for r in serial_rows[:2]]
    assert sum(finished) == GAMES
    assert summarise(SimConfig(seed=5), rows) == summarise(SimConfig(seed=5), serial_rows)


def test_trace_dir_counts_match_the_rows(tmp_path):
    rows = run_serial(SimConfig(seed=9, fmt="quick", agents=("random", "heuristic"), trace_dir=str(tmp_path)), 4)
    for r in rows:
        events = [json.loads(line) for line in (tmp_path / f"game-{r['game']}.jsonl").read_text().splitlines()]
        triggers = [e for e in events if e["event"] == "trigger"]
        guards = [e for e in events if e["event"] == "guard"]
        assert sum(r[f"trig_{t}"] for t in sim.TRIGGER_TYPES) == len(triggers)
        assert sum(r[f"guard_{g}"] for g in sim.GUARD_KINDS) == len(guards)
        over = events[-1]
        assert over["event"] == "game_over" and over["reason"] == r["reason"] and over["winner"] == r["winner"]
        assert next(e for e in events if e["event"] == "game_start")["seed"] == r["seed"]


def test_cli_writes_json_and_csv(tmp_path):
    out = tmp_path / "res.json"
    result = CliRunner().invoke(main, ["simulate", "--games", "6", "--seed", "2", "--workers", "2",
                                       "--format", "quick", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "wins (95% Wilson interval)" in result.output and "first player wins" in result.output
    data = json.loads(out.read_text())
    with open(tmp_path / "res.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["game"]) for r in rows] == list(range(6))
    assert data["summary"]["games"] == 6
    expected = summarise(SimConfig(seed=2, fmt="quick"), run_serial(SimConfig(seed=2, fmt="quick"), 6))
    assert data["summary"] == json.loads(json.dumps(expected))
    assert data["run"]["workers"] == 2


def test_a_game_can_be_replayed_with_play(serial_rows):
    row = serial_rows[1]
    result = CliRunner().invoke(main, ["play", "--seed", str(row["seed"]), "--agents", row["agent0"],
                                       row["agent1"], "--decks", row["deck0"], row["deck1"], "--quiet"])
    assert result.exit_code == 0, result.output
    got = dict(re.findall(r"(\w+)=(\S+)", result.output))
    assert got["reason"] == row["reason"] and int(got["turns"]) == row["turns"]
    assert int(got["transitions"]) == row["transitions"]


@pytest.mark.parametrize("args", [
    ["--games", "0"],
    ["--games", "2", "--decks", "aurora", "no-such-deck"],
    ["--games", "2", "--out", "summary.csv"],
    ["--games", "2", "--agents", "human", "random"],
])
def test_cli_input_errors_exit_2(args, tmp_path):
    result = CliRunner().invoke(main, ["simulate", "--no-progress", *args])
    assert result.exit_code == 2, result.output


def test_a_failing_game_is_reported_and_exits_1(monkeypatch):
    real = sim.play_out

    def broken(game, agents, *rest):
        if game.seed == game_seed(0, 1):
            raise RuntimeError("boom")
        return real(game, agents, *rest)
    monkeypatch.setattr(sim, "play_out", broken)
    result = CliRunner().invoke(main, ["simulate", "--games", "3", "--format", "quick", "--no-progress"])
    assert result.exit_code == 1
    assert "game 1" in result.output and "boom" in result.output


def test_loaded_inputs_leave_the_collectors_watch_once_and_games_are_still_collected(monkeypatch):
    import gc
    from vanguard_fsm.sim.simulate import Inputs
    config = SimConfig(agents=("random", "random"))
    collections = []
    real_collect = gc.collect
    monkeypatch.setattr(sim.gc, "collect", lambda *a: collections.append(a) or real_collect(*a))
    monkeypatch.setattr(sim, "_SETTLED", [])
    gc.unfreeze()
    try:
        inputs = Inputs(config)(config.deck_names())
        assert gc.get_freeze_count() > 0
        assert not any(o is inputs for o in gc.get_objects())    # frozen: in none of the collector's generations
        for _ in range(3):      # a new `Inputs` per game (play_one without one): no collection each time
            Inputs(config)(config.deck_names())
        assert len(collections) == 1
        cycle = []
        cycle.append(cycle)      # a game's short-lived cycle: still collected
        del cycle
        assert real_collect() >= 1
    finally:
        gc.unfreeze()
