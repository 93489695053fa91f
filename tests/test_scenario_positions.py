"""A scenario's position must be one a legal game can reach (issue 27; CR 4, 5, 7.4, 9.2): what no
game reaches is refused at the card's line (a `SourceError`, exit 2) before anything runs; every
number comes from the flows' parameters, so a variant's own numbers apply."""
from __future__ import annotations

import pytest

from helpers import write_scenario
from vanguard_fsm.machine.yamlsrc import SourceError
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.scenario.runner import run_scenario

HEAD = "name: x\nrules: [\"CR 5\"]\nstart: {turn: 3, turn_player: 0, at: turn.main_phase}\n"
P1 = "p1: {VC: TC-001, deck: [{card: TC-008, count: 5}]}\n"


def scenario(tmp_path, p0: str, start: str = "", fmt: str = ""):
    text = HEAD.replace("start: {turn: 3, turn_player: 0, at: turn.main_phase}\n", start or
                        "start: {turn: 3, turn_player: 0, at: turn.main_phase}\n") + fmt + "p0:\n" + p0 + P1
    return write_scenario(tmp_path, text)


@pytest.mark.parametrize("p0, token, fragment", [
    # a G unit in the hand, the soul, the drop or damage zone: it would be in the G zone (CR 4.6.9)
    ("  VC: AL-014\n  hand: [AL-009, AL-017]\n  deck: [{card: AL-009, count: 5}]\n", "AL-017]",
     "AL-017 is a G unit: never in the hand"),
    ("  VC: {card: AL-014, soul: [AL-001, AL-018]}\n  deck: [{card: AL-009, count: 5}]\n", "AL-018]",
     "AL-018 is a G unit: never in the soul"),
    # a normal unit in the G zone (CR 4.11.1, 5.3.3)
    ("  VC: AL-014\n  g_zone: [AL-017, AL-009]\n  deck: [{card: AL-009, count: 5}]\n", "AL-009]",
     "AL-009 is no G unit: the G zone holds G units only"),
    # a G unit guarding without the G guardian skill (CR 7.5.1.2.3)
    ("  VC: AL-014\n  gc: [{card: AL-017}]\n  deck: [{card: AL-009, count: 5}]\n", "AL-017}",
     "AL-017 is a G unit without the G guardian skill"),
    # six copies shown (max_copies: 4, CR 5.2.2.2): the fifth is the one refused
    ("  VC: AL-014\n  hand: [{card: AL-011, count: 6}]\n  deck: [{card: AL-009, count: 5}]\n", "AL-011",
     "p0 shows more than 4 cards named 'Radiant Lancer, Vessa' outside the deck"),
    # five heal triggers (max_heal: 4, CR 5.2.2.4), spread over zones
    ("  VC: AL-014\n  drop: [{card: AL-006, count: 3}]\n  damage: [BT01-047, BT01-053]\n  deck: [{card: AL-009, count: 5}]\n",
     "BT01-053]", "p0 shows more than 4 heal triggers"),
    # ten damage: past damage_to_lose (6), no game reaches it (CR 9.2.2)
    ("  VC: AL-014\n  damage: [{card: AL-009, count: 4}, {card: AL-010, count: 4}, AL-011, AL-012]\n"
     "  deck: [{card: AL-009, count: 5}]\n", "AL-010", "p0 has 10 damage: a player loses at 6"),
])
def test_an_impossible_position_is_refused_at_its_line(tmp_path, p0, token, fragment):
    path = scenario(tmp_path, p0)
    with pytest.raises(SourceError) as info:
        run_scenario(path)
    lines = path.read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if token in text)
    assert (info.value.line, info.value.col) == (line, lines[line - 1].index(token) + 1), str(info.value)
    assert f"impossible position: {fragment}" in info.value.message


@pytest.mark.parametrize("battle, token, fragment", [
    ("{attacker: back_left, target: VC}", "back_left,", "the attacker is on back_left"),
    ("{attacker: VC, target: back_center}", "back_center}", "the target is on back_center"),
    ("{attacker: front_left, target: VC, booster: back_center}", "back_center}", "the booster is on back_center"),
])
def test_an_impossible_attack_is_refused(tmp_path, battle, token, fragment):
    """An attack goes from VC or the front row (CR 7.4.1.3) to VC or the front row (CR 7.4.1.6),
    boosted from the circle behind the attacker (CR 7.4.1.10)."""
    start = f"start:\n  {{turn: 3, turn_player: 0, at: battle.guard_step,\n   battle: {battle}}}\n"
    p0 = ("  VC: AL-014\n  front_left: AL-011\n  back_left: AL-009\n  back_center: AL-007\n"
          "  deck: [{card: AL-009, count: 5}]\n")
    text = HEAD.replace("start: {turn: 3, turn_player: 0, at: turn.main_phase}\n", start) + "p0:\n" + p0 + \
        "p1: {VC: TC-001, back_center: TC-008, deck: [{card: TC-008, count: 5}]}\n"
    with pytest.raises(SourceError) as info:
        run_scenario(write_scenario(tmp_path, text))
    battle_line = text.splitlines()[4]
    assert (info.value.line, info.value.col) == (5, battle_line.index(token) + 1), str(info.value)
    assert f"impossible position: {fragment}" in info.value.message


def test_what_a_game_can_reach_is_accepted_and_the_numbers_are_the_flows(tmp_path):
    """Four copies, G units on VC (with its heart), on a rear-guard circle (CR 4.6.9), guarding as a
    G guardian, removed by G assist; six damage (the loss waits for the check timing). Seven damage is
    past the built-in flows' limit and within the damage-7 variant's (parameters, not Python)."""
    p0 = ("  VC: {card: AL-017, heart: AL-014}\n  front_left: AL-018\n  hand: [{card: AL-011, count: 4}]\n"
          "  g_zone: [AL-017]\n  removed: [AL-018]\n  gc: [{card: AL-019, guarding: VC}]\n"
          "  damage: [{card: AL-009, count: 4}, AL-010, AL-010]\n  deck: [{card: AL-012, count: 20}]\n")
    path = scenario(tmp_path, p0, fmt="")
    run_scenario(path)          # built and run: no SourceError
    seven = scenario(tmp_path, p0.replace("AL-010, AL-010]", "AL-010, AL-010, AL-010]"))
    with pytest.raises(SourceError, match="p0 has 7 damage: a player loses at 6"):
        run_scenario(seven)
    run_scenario(seven, flows_dir=builtin_flows_dir() / "variants" / "damage-7")
