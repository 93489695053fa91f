"""Issue 31, papercuts a first-time user met at the command line: a closed pipe, a missing extra."""
from __future__ import annotations

import os
import subprocess
import sys


def test_a_closed_pipe_ends_play_quietly():
    """`vanguard-fsm play | head -1`: the reader is gone, which is no flow-action failure and no
    traceback; the run stops with nothing on stderr (exit 1, as Python's own tools do)."""
    read_end, write_end = os.pipe()
    os.close(read_end)                  # a reader that has already gone: every write fails
    try:
        out = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--seed", "1"], stdout=write_end,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert out.stderr == ""
    assert out.returncode == 1


WITHOUT_STARLETTE = ("import sys; sys.modules['starlette'] = None; sys.argv[0] = 'vanguard-fsm'; "
                     "from vanguard_fsm.cli import main; main()")


def test_web_without_the_web_extra_names_it_in_one_line():
    """As `evaluate --html` does for matplotlib: one line naming the extra to install, exit 2."""
    out = subprocess.run([sys.executable, "-c", WITHOUT_STARLETTE, "web", "--port", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().splitlines() == [
        "web needs the 'web' extra (starlette, uvicorn, websockets; missing: starlette): "
        "pip install 'vanguard-fsm[web]'"]


def test_game_start_names_the_flows_and_report_warns_about_others(tmp_path):
    """Issue 31: `report` of a trace played under other flows drew the built-in ones with no
    word. game_start records the flow set's name and content hash (CONTRACT.md, additive)."""
    import json
    from vanguard_fsm.diagram.render import load_flows
    from vanguard_fsm.paths import resolve_flows
    trace = tmp_path / "game.jsonl"
    played = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--seed", "1", "--quiet", "--flows",
                             "damage-7", "--trace", str(trace)], capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    lines = trace.read_text().splitlines()
    number, start = next((i, json.loads(l)) for i, l in enumerate(lines, 1) if '"game_start"' in l)
    assert start["flows"] == "damage-7" and start["flows_hash"] == load_flows(resolve_flows("damage-7")).digest()

    def report(*flags):
        return subprocess.run([sys.executable, "-m", "vanguard_fsm", "report", str(trace), "-o",
                               str(tmp_path / "r.html"), *flags], capture_output=True, text=True, timeout=120)
    other = report()
    assert other.returncode == 0
    assert other.stderr.startswith(f"{trace}:{number}:1: warning: recorded under flows 'damage-7' "
                                   f"(hash {start['flows_hash']}), drawn with 'base'")
    assert report("--flows", "damage-7").stderr == ""


EXTRA_CARD = ("clan: Royal Paladin\nnation: United Sanctuary\nrace: Human\ncards:\n"
              "  - {id: %s, name: Extra Knight, grade: 1, power: 8000, shield: 5000, unit: normal, skills: [boost]}\n")


def test_add_cards_adds_to_the_built_in_set_and_a_clash_of_ids_is_located(tmp_path):
    """Issue 31: --cards replaced the whole built-in set, silently. --add-cards adds a file to it."""
    import json
    extra, clash = tmp_path / "extra.yaml", tmp_path / "clash.yaml"
    extra.write_text(EXTRA_CARD % "XX-001")
    clash.write_text(EXTRA_CARD % "AL-001")

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True,
                              timeout=120)
    listed = {c["id"] for c in json.loads(cli("cards", "--json", "--add-cards", str(extra)).stdout)}
    assert {"XX-001", "AL-001"} <= listed
    played = cli("play", "--seed", "1", "--quiet", "--add-cards", str(extra))
    assert played.returncode == 0 and played.stdout.startswith("result: "), played.stderr
    refused = cli("play", "--seed", "1", "--quiet", "--add-cards", str(clash))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"{clash}:5:10: duplicate card id 'AL-001' (first defined at ")
    linted = cli("lint", "base", "--add-cards", str(clash))
    assert linted.returncode == 1 and linted.stdout.startswith(f"{clash}:5:10: duplicate card id 'AL-001'")


def test_every_verb_that_takes_cards_says_it_replaces_and_takes_add_cards():
    import click
    from vanguard_fsm.cli.main import main
    commands = [(n, c) for n, c in main.commands.items()]
    commands += [(f"{n} {sub}", s) for n, c in commands if isinstance(c, click.Group) for sub, s in c.commands.items()]
    verbs = {name: {p.name: p for p in command.params} for name, command in commands}
    with_cards = [name for name, params in verbs.items() if {"cards", "cards_path"} & set(params)]
    assert {"play", "simulate", "lint", "scenario run", "debug", "web", "replay", "cards"} <= set(with_cards)
    for name in with_cards:
        params = verbs[name]
        cards = params.get("cards") or params["cards_path"]
        assert "REPLACES the built-in set" in cards.help and "add_cards" in params, name
        assert params["add_cards"].multiple, name
