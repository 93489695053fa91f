"""Issue 11: a rules designer edits a copy of flows/, parameters or card data, and the game follows.

Each test edits a temporary copy and shows the engine obeys it with no Python change.
Rule IDs: CR 7.3.1.3 (no attack on the very first turn), CR 6.5.1.1.2 / 6.5.1.2.2 (one
normal ride / stride per turn).
"""
from __future__ import annotations

import shutil

from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.scenario.runner import run_scenario


def copy_flows(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    return flows


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


TURN_ONE = """
name: turn 1 attack offered only by the flows' guard (CR 7.3.1.3)
rules: ["CR 7.3.1.3"]
abilities: false
start: {turn: 1, turn_player: 0, at: battle.start_step, enter: true}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-001}
  deck: [{card: TC-009, count: 6}]
script:
  - battle          # attack:VC->VC, no boost and no guard are the only options: taken by themselves
until: {state: battle.damage_step}
expect:
  events:
    - {event: attack, count: 1}
"""


def test_deleting_the_first_turn_guard_allows_a_turn_1_attack(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", """      - to: battle_phase_end
        if: [first_turn_of_first_player]
        doc: no attack on the first player's first turn
""", "")
    assert lint_flows(flows) == []
    scenario = tmp_path / "turn1.yaml"
    scenario.write_text(TURN_ONE)
    result = run_scenario(scenario, flows_dir=flows)
    assert result.passed, result.message
    # with the built-in flows the same script is refused: no 'battle' on turn 1
    assert not run_scenario(scenario).passed


SECOND_RIDE = """
name: a second normal ride once the flows' once-per-turn guard is gone
rules: ["CR 6.5.1.1.2"]
abilities: false
start: {turn: 3, turn_player: 0, at: turn.ride_phase.ride_step}
p0:
  VC: {card: AL-007, soul: [AL-001]}
  hand: [AL-008, AL-011]
  deck: [{card: AL-009, count: 5}]
  rode: true
p1:
  VC: TC-008
  deck: [{card: TC-009, count: 5}]
script:
  - ride:hand[1]
until: {state: turn.main_phase}
expect:
  p0:
    VC: AL-011
"""


def test_deleting_the_once_per_turn_ride_guard_allows_a_second_ride(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", """          - to: stride_step
            if: [normal_ride_done_this_turn]
            doc: one normal ride per turn
""", "")
    assert lint_flows(flows) == []
    scenario = tmp_path / "ride.yaml"
    scenario.write_text(SECOND_RIDE)
    result = run_scenario(scenario, flows_dir=flows)
    assert result.passed, result.message
    assert not run_scenario(scenario).passed
