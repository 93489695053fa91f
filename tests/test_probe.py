"""`vanguard-fsm cards probe KEY`: a position built from the card data and a short game of legal
actions that resolves one ability; the game found replays as a scenario file (issue 28 item 6)."""
from __future__ import annotations

import yaml
from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.scenario.probe import probe
from vanguard_fsm.scenario.runner import run_scenario


def test_a_probe_resolves_an_act_and_its_scenario_replays(tmp_path):
    out = tmp_path / "llew.yaml"
    result = CliRunner().invoke(main, ["cards", "probe", "BT01-012#1", "--scenario", str(out), "--log"])
    assert result.exit_code == 0, result.output
    assert "Future Knight, Llew (BT01-012) ACT ability (main_phase): resolved" in result.output
    data = yaml.safe_load(out.read_text())
    assert "P0 act:front_left:BT01-012#1" in data["script"]
    assert data["until"] == {"event": "ability", "ability": "BT01-012#1", "step": "resolved"}
    assert run_scenario(out).passed


def test_the_position_is_of_the_cards_clan_with_what_its_costs_need():
    db = load_cards()
    result = probe("BT01-005#1", db)      # Counter Blast 4 on V or R: four face-up damage at least
    assert result.found
    me = result.position()["p0"]
    face_up = [c for c in me["damage"] if isinstance(c, str)]
    assert len(face_up) >= 4
    shown = me["hand"] + face_up + me["drop"] + [c["card"] for c in me["damage"] if isinstance(c, dict)]
    assert {db[c].clan for c in shown} == {"Kagero"}
    assert any(a["event"] == "ability" and a.get("ability") == "BT01-005#1" and a["step"] == "resolved"
               for a in result.events)


def test_an_ability_no_probe_resolves_exits_1():
    # Dorint (BT12-021#1) watches for one named unit called into its column: the probe's positions
    # never hold that unit (its hand-written scenario does)
    result = CliRunner().invoke(main, ["cards", "probe", "BT12-021#1"])
    assert result.exit_code == 1, result.output
    assert "no probe game resolved this ability" in result.output


def test_a_key_naming_no_ability_is_one_line_and_exit_2():
    for key in ("NOPE-001#1", "BT01-005#9", "BT01-005"):
        result = CliRunner().invoke(main, ["cards", "probe", key])
        assert result.exit_code == 2
        assert result.output.strip().startswith("KEY: ") and len(result.output.strip().splitlines()) == 1
