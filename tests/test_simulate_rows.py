"""Issue 12, point 9: each simulate CSV row says which deck sat where, and its `play` column
is a command that reproduces that exact game (the same trace, byte for byte)."""
from __future__ import annotations

import csv
import shlex
import subprocess
import sys


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True, cwd=cwd)


def test_a_csv_row_reproduces_its_game_with_the_play_command_it_gives(tmp_path):
    out = run("simulate", "--games", "2", "--seed", "4", "--workers", "1", "--no-progress", "--format", "quick",
              "--out", str(tmp_path / "r.json"), "--trace-dir", str(tmp_path / "traces"))
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(open(tmp_path / "r.csv", encoding="utf-8")))
    row = rows[1]                                   # game 1: the sides swapped seats
    assert (row["side0"], row["side1"]) == ("1", "0")
    assert row["deck0"] == "tidewyrm-quick" and row["deck1"] == "aurora-quick"
    words = shlex.split(row["play"])
    assert words[:4] == ["vanguard-fsm", "play", "--seed", row["seed"]]
    assert words[words.index("--decks") + 1:words.index("--decks") + 3] == [row["deck0"], row["deck1"]]
    trace = tmp_path / "again.jsonl"
    again = run(*words[1:], "--trace", str(trace), "--quiet")
    assert again.returncode == 0, again.stderr
    assert trace.read_bytes() == (tmp_path / "traces" / "game-1.jsonl").read_bytes()
