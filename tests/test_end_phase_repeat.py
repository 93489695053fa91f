"""The end phase repeats from CR 6.8.1.2, not from its start (CR 6.8.1.5: "go back to 6.8.1.2").

The turn player's returns (CR 6.8.1.1: G units to the G zone, locked cards and deleted units face
up) happen once per end phase: `turn.end_phase.return_cards`. The abilities part
(`end_of_turn_abilities`: the check timing of CR 6.8.1.2, the "beginning of end phase" timing of CR
6.8.1.3, the check timing and the end of "until end of turn" effects of CR 6.8.1.4) is the one that
repeats. The real card Prison Gate Star-vader, Palladium (BT13/081EN) locks the opponent's card
again when it is unlocked in their end phase; a test card's "beginning of end phase" ability then
calls a unit with an ability on the same timing, so the end phase repeats: the card Palladium
locked again stays locked (before, the repeat ran the unlock step a second time and unlocked it).
"""
from __future__ import annotations

from helpers import copy_cards as cards_with, copy_flows, edit, write_scenario
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.scenario.runner import run_scenario

CARDS = """
clan: Test
nation: Test
race: Test
cards:
  - {id: X-ENDCALL, name: Caller at the End of Turn, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: AUTO, zone: R, timing: beginning_of_end_phase, conditions: [your_turn],
                  effect: {call: {from: drop, choose: 1, name: Late Arrival}},
                  text: "At the beginning of your end phase, call a 'Late Arrival' from your drop zone."}]}
  - {id: X-ENDLATE, name: Late Arrival, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: AUTO, zone: R, timing: beginning_of_end_phase, conditions: [your_turn], effect: {soul_charge: 1},
                  text: "At the beginning of your end phase, Soul Charge 1."}]}
"""

# the Palladium scenario (tests/scenarios/real_cards/palladium_locks_the_unlocked_unit_again.yaml)
# with seat 1's Caller on back_right and the Late Arrival in its drop zone
SCENARIO = """
name: a card locked again during the end phase stays locked when the end phase repeats
rules: ["CR 6.8.1.1.2", "CR 6.8.1.2", "CR 6.8.1.3", "CR 6.8.1.5", "CR 10.24"]
start: {turn: 7, turn_player: 0, at: turn.main_phase}
p0:
  VC: {card: BT13-S07, soul: [BT12-072]}
  back_left: BT13-081
  hand: [BT13-S07]
  damage: [BT12-072, BT12-073, BT12-074, TD11-017]
  deck: [{card: BT12-072, count: 8}]
p1:
  VC: {card: BT01-013, soul: [BT01-016]}
  front_left: BT01-022
  front_right: BT01-022
  back_right: X-ENDCALL
  drop: [X-ENDLATE]
  deck: [{card: BT01-024, count: 8}]
script:
  - act:VC:BT13-S07#2
  - counter_blast:BT12-072
  - ability_target:opponent.front_left
  - pass                    # seat 0: main phase
  - pass                    #   and no attack
  - pass                    # seat 1, turn 8: main phase
  - pass                    #   and no attack
  - play_ability:BT13-081#1@when_opponent_card_unlocked   # CR 6.8.1.2: the unlock's watchers
  - ability:pay:BT13-081#1
  - counter_blast:BT12-073
  - ability:decline:BT13-S07#1
  - ability_circle:back_center                            # CR 6.8.1.3: the Caller calls the Late Arrival
until: {state: turn.draw_phase, nth: 2}
expect:
  turn: 9
  p1:
    front_left: null                                      # still locked
    back_center: {card: X-ENDLATE}
    soul_count: 3      # Vortex Dragon soul charged in the main phase, the Late Arrival in the repeat
  events:
    - {event: unlock, player: 1, card: BT01-022, circle: front_left, count: 1}
    - {event: lock, player: 1, card: BT01-022, circle: front_left, ability: BT13-081#1, count: 1}
    - {event: ability, card: X-ENDCALL, step: resolved, count: 1}
    - {event: ability, card: X-ENDLATE, step: resolved, count: 1}
"""


def _entered(events, path):
    return sum(1 for r in events if r["event"] == "state" and r["path"] == path)


def test_the_end_phase_repeats_its_abilities_part_and_not_the_unlock(tmp_path):
    cards = cards_with(tmp_path, CARDS)
    scenario = write_scenario(tmp_path, SCENARIO)
    result = run_scenario(scenario, cards=cards)
    assert result.passed, result.message
    # seat 1's end phase (turn 8): the returns once, the abilities part twice (the repeat)
    turn8 = [r for r in result.events if r["turn"] == 8]
    assert _entered(turn8, "turn.end_phase.return_cards") == 1
    assert _entered(turn8, "turn.end_phase.end_of_turn_abilities") == 2
    # the repeat sent back to the start of the end phase (the flow before): the returns run again,
    # the card Palladium locked again is unlocked a second time, and the scenario fails
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", "          - to: end_of_turn_abilities\n            if: [abilities_pending]",
         "          - to: return_cards\n            if: [abilities_pending]")
    assert lint_flows(flows) == []
    again = run_scenario(scenario, flows_dir=flows, cards=cards)
    assert not again.passed
    unlocks = [r for r in again.events if r["event"] == "unlock" and r["circle"] == "front_left"]
    assert len(unlocks) == 2
