"""Issue 11.4-11.5: the G units' skills and costs are card data, stride and the G guardian
call are flow steps (choose, pay, place), and a designer's edit of a copy is followed.

Rule IDs: CR 6.5.1.2.2 (only a G unit with the Stride skill is normal strode), CR 11.11.2
(the stride cost is the card's), CR 7.5.1.2.3 and 11.14.2 (a G guardian is called by
paying *its* cost), CR 8.5.2.4 (choose, pay, put on the circle).
"""
from __future__ import annotations

from helpers import copy_cards, copy_flows, edit, passes_only_when_edited, write_scenario as scenario
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.scenario.runner import run_scenario


def at_the_stride_step(name: str, rules: str, hand: str, g_unit: str) -> str:
    """A scenario's head: turn 7's stride step, both vanguards grade 3, `g_unit` in the G zone."""
    return f"""
name: {name}
rules: {rules}
abilities: false
start: {{turn: 7, turn_player: 0, at: turn.ride_phase.stride_step}}
p0:
  VC: {{card: AL-014, soul: [AL-001]}}
  hand: {hand}
  g_zone: [{g_unit}]
  deck: [{{card: AL-009, count: 6}}]
  rode: true
p1:
  VC: {{card: TC-014, soul: [TC-001]}}
  deck: [{{card: TC-009, count: 6}}]
"""


STRIDE_A_G_GUARDIAN = at_the_stride_step("a G unit is strode only when its card has the Stride skill",
                                         '["CR 6.5.1.2.2", "CR 11.11.2"]', "[AL-002]", "AL-019") + """script:
  - stride:AL-019
  - hand_grades_total:done        # cost 0: paid with no card (CR 8.5.2.4)
until: {state: turn.main_phase}
expect:
  p0:
    VC: {card: AL-019, heart: AL-014}
    hand: [AL-002]
"""


def test_a_g_guardian_cannot_stride_until_its_card_gets_the_stride_skill(tmp_path):
    """Built in, the G guardian AL-019 has no `stride:` and is never offered (the scenario's
    script is refused); a copy of its card with `stride: {cost: [{hand_grades_total: 0}]}`
    strides it paying nothing. No Python changes."""
    path = scenario(tmp_path, STRIDE_A_G_GUARDIAN)
    refused = run_scenario(path)
    assert not refused.passed and "expected AL-019, got AL-014" in refused.message
    cards = copy_cards(tmp_path)
    edit(cards / "aurora_lancers.yaml", "    g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}",
         "    stride: {cost: [{hand_grades_total: 0}]}\n    g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}")
    assert load_cards(cards)["AL-019"].skill_cost("stride") == (("hand_grades_total", 0),)
    result = run_scenario(path, cards=cards)
    assert result.passed, result.message


GUARD = """
name: each G guardian is called by paying its own cost
rules: ["CR 7.5.1.2.3", "CR 11.14.2"]
abilities: false
start: {{turn: 8, turn_player: 1, at: battle.guard_step, battle: {{attacker: VC, target: VC}}}}
p0:
  VC: {{card: AL-014, soul: [AL-001, AL-007]}}
  hand: {hand}
  g_zone: [AL-019, AL-020]
  deck: [{{card: AL-009, count: 6}}]
p1:
  VC: {{card: TC-014, soul: [TC-001, TC-008]}}
  deck: [{{card: TC-009, count: 6}}]
checks:
  - at: {{decision: guard_step}}
    legal_present: {present}
    legal_absent: {absent}
script:
{script}
until: {{state: battle.drive_step}}
expect:
  p0:
    gc: {gc}
    drop: {drop}
"""


def test_two_g_guardians_with_different_costs(tmp_path):
    """A copy of the cards gives AL-020 the cost "discard a heal trigger" while AL-019 keeps
    "discard a grade 0": with only a critical trigger in hand, AL-019 may be called and
    AL-020 may not; with a heal trigger and a grade 1, AL-020 is called and pays the heal."""
    cards = copy_cards(tmp_path)
    lancers = cards / "aurora_lancers.yaml"
    text = lancers.read_text()
    second = text.index("    g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}", text.index("id: AL-020"))
    lancers.write_text(text[:second] + text[second:].replace("grade: 0}", "trigger: heal}", 1))
    db = load_cards(cards)
    assert db["AL-019"].skill_cost("g_guardian") == (("discard", {"choose": 1, "grade": 0}),)
    assert db["AL-020"].skill_cost("g_guardian") == (("discard", {"choose": 1, "trigger": "heal"}),)
    critical_only = scenario(tmp_path, GUARD.format(
        hand="[AL-002]", present="[g_guardian:AL-019->VC]", absent="[g_guardian:AL-020->VC]",
        script="  - P0 g_guardian:AL-019->VC     # then an empty hand: pass is taken by itself",
        gc="[AL-019]", drop="[AL-002]"), "critical.yaml")
    result = run_scenario(critical_only, cards=cards)
    assert result.passed, result.message
    heal = scenario(tmp_path, GUARD.format(
        hand="[AL-006, AL-009]", present="[g_guardian:AL-019->VC, g_guardian:AL-020->VC]", absent="[]",
        script="  - P0 g_guardian:AL-020->VC\n  - P0 pass", gc="[AL-020]", drop="[AL-006]"), "heal.yaml")
    result = run_scenario(heal, cards=cards)
    assert result.passed, result.message
    # the built-in AL-020 still costs a grade 0: without a heal-only rule the critical pays for it too
    assert not run_scenario(critical_only).passed


def test_a_g_guardian_cost_may_use_any_cost_of_the_ability_vocabulary(tmp_path):
    """`g_guardian: {cost: [{counter_blast: 1}]}`: a cost term of the ability layer pays
    for the call; with no face-up damage the G guardian is not offered."""
    cards = copy_cards(tmp_path)
    edit(cards / "aurora_lancers.yaml", "    g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}",
         "    g_guardian: {cost: [{counter_blast: 1}]}")
    with_damage = GUARD.format(
        hand="[AL-009]", present="[g_guardian:AL-019->VC]", absent="[]",
        script="  - P0 g_guardian:AL-019->VC\n  - P0 pass", gc="[AL-019]", drop="[]")
    with_damage = with_damage.replace("  hand: [AL-009]\n", "  hand: [AL-009]\n  damage: [AL-010]\n")
    with_damage += "    damage_face_down: 1\n    hand: [AL-009]\n"
    result = run_scenario(scenario(tmp_path, with_damage, "cb.yaml"), cards=cards)
    assert result.passed, result.message
    without = GUARD.format(hand="[AL-009]", present="[]", absent="[g_guardian:AL-019->VC]",
                           script="  - P0 pass", gc="[]", drop="[]")
    result = run_scenario(scenario(tmp_path, without, "nocb.yaml"), cards=cards)
    assert result.passed, result.message


STRIDE_FREE = at_the_stride_step("with the stride_pay_cost step deleted, a stride costs nothing",
                                 '["CR 8.5.2.4"]', "[AL-012, AL-015]", "AL-017") + """script:
  - stride:AL-017
until: {state: turn.main_phase}
expect:
  p0:
    VC: {card: AL-017, heart: AL-014}
    hand: [AL-012, AL-015]
    drop: []
"""


def test_a_stride_sub_step_removed_in_yaml_is_gone(tmp_path):
    """Stride is three flow states (choose, pay, place): deleting `stride_pay_cost` in a copy
    of flows/turn.yaml makes a stride free; the built-in flows ask for the cost."""
    flows = copy_flows(tmp_path)
    text = (flows / "turn.yaml").read_text()
    start, end = text.index("      stride_pay_cost:"), text.index("      stride_place:")
    text = text[:start] + text[end:]
    (flows / "turn.yaml").write_text(text.replace("            to: stride_pay_cost", "            to: stride_place"))
    assert lint_flows(flows) == []
    # built in, a hand_grades_total choice is left unanswered
    passes_only_when_edited(scenario(tmp_path, STRIDE_FREE), flows=flows)


def test_paying_after_placing_is_refused_by_lint(tmp_path):
    """The steps' contexts: paying needs a chosen G unit, placing ends it, so a designer who
    moves the payment after the placement gets a located lint error, not a crash."""
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", "do: [stride_chosen_g_unit, check_timing]",
         "do: [stride_chosen_g_unit, pay_stride_cost, check_timing]")
    problems = lint_flows(flows)
    assert problems and all("turn.yaml" in str(p) for p in problems)
    assert any("pay_stride_cost" in str(p) for p in problems)


FACE_UP_LIMIT = """
name: a fifth G guardian, once the flows' offer_if no longer limits face-up G guardians
rules: ["CR 7.5.1.2.3"]
abilities: false
start: {turn: 8, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: AL-014, soul: [AL-001, AL-007, AL-011]}
  deck: [{card: AL-012, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001, TC-008, TC-011]}
  hand: [TC-002]
  g_zone: [{card: TC-019, face_up: true, count: 2}, {card: TC-020, face_up: true, count: 2}, TC-019]
  deck: [{card: TC-009, count: 5}]
script:
  - P1 g_guardian:TC-019->VC
until: {event: battle_result}
expect:
  p1:
    gc: [TC-019]
"""


def test_g_guardian_conditions_are_the_decisions_offer_if(tmp_path):
    """The G guardian's conditions (both vanguards' grades, face-up G guardians at most
    g_guardian_face_up_max) are registered conditions the guard step's decision names in
    `offer_if`; deleting the face-up one in a copy of flows/battle.yaml lets a G guardian be
    called over four face-up ones (CR 7.5.1.2.3 is followed only because the YAML says so)."""
    path = scenario(tmp_path, FACE_UP_LIMIT)
    assert not run_scenario(path).passed
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", "g_guardian: [both_vanguards_at_g_guardian_grades, face_up_g_guardians_within_limit]",
         "g_guardian: [both_vanguards_at_g_guardian_grades]")
    assert lint_flows(flows) == []
    result = run_scenario(path, flows_dir=flows)
    assert result.passed, result.message


def test_offer_if_names_are_linted_at_their_place(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", "        g_guardian: [both_vanguards_at_g_guardian_grades, face_up_g_guardians_within_limit]",
         "        g_guardain: [both_vanguards_at_g_guardian_grades]\n        guard: [face_up_g_guardians_within_limt]")
    problems = [str(p) for p in lint_flows(flows)]
    assert any("offer_if names 'g_guardain', not one of the decision kinds" in p for p in problems), problems
    assert any("face_up_g_guardians_within_limt" in p and "did you mean 'face_up_g_guardians_within_limit'" in p
               for p in problems), problems
    assert all(p.startswith(str(flows / "battle.yaml") + ":") for p in problems)
