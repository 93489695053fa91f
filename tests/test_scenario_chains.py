"""Chained choices in scenario scripts and checks (`A/B`, vanguard_fsm/scenario/chain.py):
A now, the rest at the same player's next decisions; the older one-step cost form
(`stride:X/discard:hand[0,1]`, `g_guardian:X/discard:hand[0]->VC`) mapped to the
pay-cost decisions' own ids; a wrong link fails at its script line, naming the link."""
from __future__ import annotations

import pytest

from vanguard_fsm.machine.yamlsrc import SourceError
from vanguard_fsm.scenario.chain import Chain, ChainError, Walker
from vanguard_fsm.scenario.runner import parse_scenario, run_scenario

STRIDE = """\
name: chained stride
rules: ["3.3.3.2", "CR 11.11"]
abilities: false
start: {turn: 7, turn_player: 0, at: turn.ride_phase.stride_step, enter: true}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  hand: [AL-015, AL-007, AL-002]
  g_zone: [AL-017]
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-014, soul: [TC-001]}
  deck: [{card: TC-009, count: 6}]
checks:
  - at: {decision: stride_step}
    CHECK
script:
  - SCRIPT
until: {event: stride}
expect:
  p0:
    VC: {card: AL-017, heart: AL-014}
    drop: DROP
"""

G_GUARDIAN = """\
name: chained G guardian call
rules: ["CR 7.5.1.2.3", "CR 10.3"]
abilities: false
start: {turn: 6, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: TC-016, soul: [TC-001]}
  deck: [{card: TC-009, count: 6}]
p1:
  VC: {card: AL-014, soul: [AL-001]}
  hand: [AL-006, AL-001, AL-009]
  g_zone: [AL-019]
  deck: [{card: AL-009, count: 6}]
script:
  - SCRIPT
  - P1 pass
until: {state: battle.drive_step}
expect:
  p1:
    drop: DROP
    gc_count: 1
"""


def run(template: str, script: str, drop: str, check: str = "legal_present: [stride:AL-017]"):
    text = template.replace("SCRIPT", script).replace("DROP", drop).replace("CHECK", check)
    return run_scenario(parse_scenario(text, "chain.yaml"))


def line_of(template: str, marker: str) -> int:
    return next(i for i, line in enumerate(template.splitlines(), 1) if marker in line)


def test_chain_splits_links_and_moves_the_older_forms_target_to_the_first_link():
    assert Chain("pass").links == ("pass",) and not Chain("pass").chained
    assert Chain("stride:AL-017/hand_grades_total:AL-015").links == ("stride:AL-017", "hand_grades_total:AL-015")
    assert Chain("g_guardian:AL-019/discard:hand[0]->VC").links == ("g_guardian:AL-019->VC", "discard:hand[0]")
    assert Chain("stride:AL-017/discard:hand[0,1]").costs == (None, (0, 1))
    # a target after an ordinary link stays on it
    assert Chain("stride:AL-017/call:hand[0]->front_left").links == ("stride:AL-017", "call:hand[0]->front_left")
    with pytest.raises(ChainError, match="empty link"):
        Chain("stride:AL-017//pass")


@pytest.mark.parametrize("script, drop", [
    ("stride:AL-017/hand_grades_total:AL-015/hand_grades_total:AL-007/hand_grades_total:done", "[AL-015, AL-007]"),
    ("stride:AL-017/discard:hand[0,1]", "[AL-015, AL-007]"),         # the older one-step form
    ("stride:AL-017/discard:hand[1,2,0]", "[AL-015, AL-007, AL-002]"),  # any set reaching the cost
    ("stride:AL-017/hand_grades_total:AL-015/hand_grades_total:done", "[AL-015]"),
])
def test_a_chained_stride_pays_exactly_the_cards_named(script, drop):
    result = run(STRIDE, script, drop)
    assert result.passed, result.message


def test_a_wrong_link_fails_at_its_script_line_naming_the_link():
    result = run(STRIDE, "stride:AL-017/hand_grades_total:AL-009/hand_grades_total:done", "[]")
    (first, *_) = result.failures
    assert first.line == line_of(STRIDE, "SCRIPT")
    assert "link 2 of 3 ('hand_grades_total:AL-009')" in first.message
    assert "not legal at hand_grades_total" in first.message and "hand_grades_total:AL-015" in first.message


def test_an_older_form_cost_that_does_not_reach_the_cost_fails():
    result = run(STRIDE, "stride:AL-017/discard:hand[2]", "[AL-002]")     # a grade 1 alone: not 3
    assert not result.passed
    assert "link 2 of 2 ('discard:hand[2]')" in result.failures[0].message
    assert "do not complete the payment" in result.failures[0].message


def test_an_older_form_cost_that_the_engine_must_complete_fails():
    # grade 1 + grade 0: the engine then takes the grade 3 by itself (the only way left)
    result = run(STRIDE, "stride:AL-017/discard:hand[1,2]", "[AL-015, AL-007, AL-002]")
    assert not result.passed
    assert "do not complete the payment: AL-015 had to be paid too" in result.failures[0].message


def test_a_missing_hand_index_names_the_link():
    result = run(STRIDE, "stride:AL-017/discard:hand[7]", "[]")
    assert "hand[7] does not exist" in result.failures[0].message


def test_an_unused_trailing_link_is_reported():
    result = run(STRIDE, "stride:AL-017/discard:hand[0]/pass", "[AL-015]")
    assert any("link 3 of chain" in f.message and "never used" in f.message for f in result.failures), \
        result.message


@pytest.mark.parametrize("check, ok", [
    ('legal_present: ["stride:AL-017/discard:hand[0]", "stride:AL-017/discard:hand[0,1]"]', True),
    ('legal_present: ["stride:AL-017/hand_grades_total:AL-002/hand_grades_total:done"]', False),  # 0 < 3
    ('legal_absent: ["stride:AL-017/discard:hand[2]"]', True),
    ('legal_absent: ["stride:AL-017/discard:hand[0]"]', False),
    ('legal_present: ["stride:AL-999/discard:hand[0]"]', False),        # the first link is not legal
])
def test_legal_present_and_absent_judge_every_link(check, ok):
    result = run(STRIDE, "stride:AL-017/discard:hand[0,1]", "[AL-015, AL-007]", check)
    assert result.passed == ok, result.message
    if not ok:
        assert result.failures[0].line == line_of(STRIDE, "CHECK")


def test_a_chain_check_changes_nothing_in_the_run():
    plain = run(STRIDE, "stride:AL-017/discard:hand[0,1]", "[AL-015, AL-007]")
    probed = run(STRIDE, "stride:AL-017/discard:hand[0,1]", "[AL-015, AL-007]",
                 'legal_present: ["stride:AL-017/discard:hand[1,2,0]", "stride:AL-017/discard:hand[0]"]')
    assert plain.passed and probed.passed
    assert plain.events == probed.events
    assert plain.game.history == probed.game.history


@pytest.mark.parametrize("script, drop", [
    ("P1 g_guardian:AL-019/discard:hand[0]->VC", "[AL-006]"),           # the audit's older form
    ("P1 g_guardian:AL-019->VC/discard:AL-001", "[AL-001]"),            # the cost decision's own id
])
def test_a_chained_g_guardian_call_pays_its_own_cost(script, drop):
    result = run(G_GUARDIAN, script, drop)
    assert result.passed, result.message


def test_a_chain_scripted_for_the_wrong_player_fails_at_its_line():
    result = run(G_GUARDIAN, "P0 g_guardian:AL-019/discard:hand[0]->VC", "[AL-006]")
    assert result.failures[0].line == line_of(G_GUARDIAN, "SCRIPT")
    assert "scripted for P0" in result.failures[0].message


def test_the_next_link_must_be_the_same_players():
    class D:   # a decision of the other player
        def __init__(self, player, kind, ids):
            self.player, self.kind, self._ids = player, kind, ids
            self.actions = tuple(ids)

        def ids(self):
            return list(self._ids)

        def find(self, action_id):
            return action_id if action_id in self._ids else None

    walker = Walker(Chain("stride:AL-017/hand_grades_total:AL-015"), 0)
    walker.next = 1
    with pytest.raises(ChainError, match="player 0 was to choose it next, but player 1 decides first"):
        walker.action_for(None, D(1, "guard_step", ["guard:hand[0]->VC", "pass"]))


def test_an_empty_link_is_a_located_source_error():
    text = STRIDE.replace("SCRIPT", "stride:AL-017//pass").replace("DROP", "[]").replace(
        "CHECK", "legal_present: [stride:AL-017]")
    with pytest.raises(SourceError) as info:
        parse_scenario(text, "chain.yaml")
    assert info.value.line == line_of(STRIDE, "SCRIPT") and "empty link" in info.value.message


def test_a_hand_index_of_thousands_of_digits_is_refused_at_its_script_line():
    """Issue 27: `int()` refuses 5,000 digits with a ValueError; the chain says it at its line."""
    with pytest.raises(SourceError) as info:
        run(STRIDE, "stride:AL-017/discard:hand[" + "9" * 5000 + "]", "[]")
    message = str(info.value)
    assert message.startswith(f"chain.yaml:{line_of(STRIDE, 'SCRIPT')}:")
    assert "hand index 999999999999... (5000 digits) is not a position in a hand" in message
    assert len(message) < 300
