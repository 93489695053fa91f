"""Rule steps effects leave to the rules, and the terms the real cards asked for (issue 19):
dealt damage (CR 10.33, the damage process CR 9.6), an extra turn (CR 12.4), "power becomes N"
(CR 3.7.1, 3.7.1.2) and grade +N (CR 2.4.2, 8.5), cannot be boosted (CR 7.4.1.7), a watcher on the
opponent's rear-guards put into the drop zone, a hit on a rear-guard, a count as the number of
units chosen, a choice between card names.

Fixture cards FX-70x carry each one; the board is set by hand (`abilities.sandbox`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game import statuses, zones
from vanguard_fsm.game.rules.battle import boost_legal
from vanguard_fsm.game.state import Battle
from vanguard_fsm.game.rules.turn import begin_turn, call_legal
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.machine.registry import REGISTRY

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def recorded(names):
    events: list = []
    hooks = Hooks()
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))) if name in names else None)
    return sandbox(CARDS, DECK, hooks=hooks), events


def place(game, seat, card_id, circle="front_left"):
    inst = add(game, seat, card_id, "hand")
    zones.call(game, seat, inst, circle)
    check_timing(game)


def test_dealt_damage_is_checked_by_the_damage_process_with_its_triggers():
    """CR 10.33: the effect adds vanguard damage; the check timing's damage process checks
    it one point at a time, a trigger resolving before its card enters the damage zone (CR 9.6)."""
    game, events = recorded(("damage_check", "trigger"))
    p1 = game.state.players[1]
    drawn = add(game, 1, "FX-011", "deck")
    add(game, 1, "FX-003", "deck")        # the top card: a draw trigger, which draws the next one
    hand, deck = len(p1.hand), len(p1.deck)
    place(game, 0, "FX-701")
    assert len(p1.damage) == 2 and len(p1.deck) == deck - 3 and len(p1.hand) == hand + 1
    assert p1.hand[-1] == drawn           # the first trigger resolved before the second check
    checks = [f for name, f in events if name == "damage_check"]
    assert checks[0]["card"] == "FX-003" and all(f["by_effect"] for f in checks)
    assert [name for name, _ in events][:3] == ["damage_check", "trigger", "damage_check"]
    assert not statuses.pending(game, "vanguard_damage")


def test_dealt_damage_can_decide_the_game_at_the_check_timing():
    """The sixth damage (fourth in quick) loses at the check timing, not in the effect (CR 9.2)."""
    game, _ = recorded(())
    p1 = game.state.players[1]
    p1.damage.extend(add(game, 1, "FX-011", "hand") for _ in range(3))
    p1.hand[:] = p1.hand[:-3]
    place(game, 0, "FX-701")
    assert game.state.result is not None and game.state.result[:2] == (0, 1) and len(p1.damage) == 4


def test_an_extra_turn_is_the_same_players_next_turn():
    """CR 12.4.1: the flow's turn state takes it (extra_turn_pending, take_extra_turn)."""
    game, _ = recorded(())
    place(game, 0, "FX-702")
    pending = REGISTRY.conditions["extra_turn_pending"]
    assert pending(game)
    REGISTRY.actions["take_extra_turn"](game)
    begin_turn(game)
    assert game.state.turn_player == 0 and not pending(game)
    begin_turn(game)
    assert game.state.turn_player == 1


def test_power_becomes_n_and_grade_plus_one():
    """CR 3.7.1, 3.7.1.2: the original power becomes N, modifiers still add; the vanguard's grade
    +1 widens the call limit (CR 8.5) and the grade filters see it."""
    game, _ = recorded(())
    p0 = game.state.players[0]
    add(game, 1, "FX-012", "front_right")
    g3 = add(game, 0, "FX-801", "hand")      # grade 3: above a grade 0 vanguard + 1
    assert not any(a.args and a.args[0] == g3 for a in call_legal(game, 0))
    place(game, 0, "FX-703")
    rival = game.state.players[1].circles["front_right"]
    assert zones.power(game, rival) == 3000
    assert zones.unit_grade(game, p0.circles["VC"]) == 1 and zones.vanguard_grade(game, 0) == 1
    ctx = Ctx(1, 0, "T#1", "t", 0)
    assert len(candidates(game, ctx, {"from": "opponent_vanguard", "grade": 1})[0]) == 1
    game.state.statuses = ()                 # the end of the turn
    assert zones.power(game, rival) == 12000


def _battle(game, attacker, booster=None):
    p = game.state.players[0]
    game.state.battle = b = Battle()
    b.set_attack(game.state, 0, attacker, "VC")
    b.booster = booster
    return b


def test_a_vanguard_that_cannot_be_boosted():
    game, _ = recorded(())
    add(game, 0, "FX-011", "back_center")
    _battle(game, "VC")
    assert boost_legal(game, 0)
    add(game, 0, "FX-704", "VC")
    _battle(game, "VC")
    assert boost_legal(game, 0) == []


def test_the_opponents_rear_guard_put_into_the_drop_zone_is_watched():
    game, _ = recorded(())
    add(game, 0, "FX-705", "front_left")
    add(game, 1, "FX-011", "front_left")
    add(game, 0, "FX-011", "front_right")
    zones.retire(game, 0, "front_right")     # one of mine: not watched
    check_timing(game)
    assert game.state.players[0].circles["front_left"].power_turn == 0
    zones.retire(game, 1, "front_left")
    check_timing(game)
    assert game.state.players[0].circles["front_left"].power_turn == 3000


@pytest.mark.parametrize("target, stands", [("front_left", True), ("VC", False)])
def test_a_hit_on_a_rear_guard_only(target, stands):
    game, _ = recorded(())
    p0 = game.state.players[0]
    add(game, 0, "FX-706", "front_left", rested=True)
    add(game, 1, "FX-011", "front_left")
    b = _battle(game, "front_left")
    b.set_attack(game.state, 0, "front_left", target)
    b.target_is_vanguard, b.hit = target == "VC", True
    game.abilities.hit_event(game)
    check_timing(game)
    assert p0.circles["front_left"].rested is not stands


@pytest.mark.parametrize("knights, retired", [(0, 0), (1, 1), (2, 2)])
def test_a_count_as_the_number_of_units_to_choose(knights, retired):
    game, _ = recorded(())
    for circle in ("front_left", "front_right", "back_left"):
        add(game, 1, "FX-011", circle)
    for circle in ("back_left", "back_right")[:knights]:
        add(game, 0, "FX-012", circle)
    place(game, 0, "FX-707", "front_right")
    assert len(game.state.players[1].rear_guards()) == 3 - retired


def test_a_choice_between_card_names():
    game, _ = recorded(())
    add(game, 1, "FX-011", "front_left")
    add(game, 1, "FX-012", "front_right")
    add(game, 1, "FX-013", "back_left")
    ctx = Ctx(0, 0, "T#1", "t", 0)
    units = candidates(game, ctx, {"from": "opponent_rear_guards", "name": ["Fixture Squire", "Fixture Knight"]})[0]
    assert sorted(w for _, w, _ in units) == ["front_left", "front_right"]


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {deal_damage: -1}}", "-1", "whole number"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {extra_turn: me}}", "me", "one of you, opponent"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {set_power: x}}", "x", "whole number"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: cannot_be_boosted}", "cannot_be_boosted", "CONT"),
    ("{kind: AUTO, timing: when_opponent_rear_guard_put_into_drop, effect: {draw: 1}}", "{kind", "needs a zone"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {retire: {from: units, choose: {count: yours}}}}",
     "yours", "unknown count source"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {retire: {from: units, choose: 1, name: [1]}}}",
     "[1]", "a text or a list of texts"),
    # one cost vocabulary: the older discard terms are gone, and lint says what to write instead
    ("{kind: ACT, zone: R, cost: [{discard_trigger: draw}], effect: {draw: 1}}", "{discard_trigger",
     "cost 'discard_trigger' is gone: write {discard: {choose: 1, trigger: draw}}"),
    ("{kind: ACT, zone: R, cost: [{discard_grade: 2}], effect: {draw: 1}}", "{discard_grade",
     "cost 'discard_grade' is gone: write {discard: {choose: 1, grade: 2}}"),
])
def test_the_new_terms_are_linted(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_a_g_guardian_cost_in_the_older_form_is_located_with_what_to_write(tmp_path):
    from vanguard_fsm.abilities.lint.cards import lint_cards
    path = tmp_path / "cards.yaml"
    path.write_text("clan: C\nnation: N\nrace: R\ncards:\n"
                    "  - {id: X-4, name: G, grade: 4, power: null, shield: 15000, unit: g_unit,\n"
                    "     g_guardian: {cost: [{discard_trigger: heal}]}}\n", encoding="utf-8")
    problems = [str(p) for p in lint_cards(None, path)]
    col = path.read_text().splitlines()[5].index("{discard_trigger") + 1
    assert problems == [f"{path}:6:{col}: cost 'discard_trigger' is gone: write "
                        "{discard: {choose: 1, trigger: heal}} (the discard cost with filters)"]
