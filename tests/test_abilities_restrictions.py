"""Restrictions (Resist, Lord, Restraint and losing it, cannot attack), conditions on particular units, watchers of
another unit's event and a heart card's own abilities (issue 19).

Fixture cards FX-60x carry each one; the board is set by hand (`abilities.sandbox`).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.language.conditions import all_hold
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.spec import split_item
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.battle import attack_legal
from vanguard_fsm.game import statuses
from vanguard_fsm.game.state import Battle
from vanguard_fsm.game.rules.turn import act_apply, act_legal

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def circles(units):
    return sorted((seat, where) for seat, where, _ in units)


def attackers(game, seat=0):
    return sorted({a.args[0] for a in attack_legal(game, seat)})


def test_resist_keeps_a_unit_from_the_opponents_choices_only():
    """CR 11.13.1: not chosen by the opponent's 'choose'; its own master may choose it, and
    an effect on every unit (no choice) still reaches it."""
    game = sandbox(CARDS, DECK)
    add(game, 1, "FX-601", "front_left")
    add(game, 1, "FX-011", "front_right")
    mine, theirs = Ctx(0, 0, "T#1", "t", 0), Ctx(1, 0, "T#1", "t", 0)
    assert circles(candidates(game, mine, {"from": "opponent_rear_guards", "choose": 1})[0]) == [(1, "front_right")]
    assert circles(candidates(game, mine, "opponent_rear_guards")[0]) == [(1, "front_left"), (1, "front_right")]
    assert len(candidates(game, theirs, {"from": "your_rear_guards", "choose": 1})[0]) == 2


def test_lord_cannot_attack_beside_a_unit_of_another_clan():
    """CR 11.8.1."""
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-602", "front_left")
    add(game, 1, "FX-011", "front_left")
    assert "front_left" in attackers(game)
    add(game, 0, "FX-603", "back_left")
    assert "front_left" not in attackers(game) and "VC" in attackers(game)


def test_cannot_attack_unless_the_vanguard_is_a_drake():
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-604", "front_left")
    assert "front_left" not in attackers(game)
    add(game, 0, "FX-801", "VC")          # a Drake vanguard
    assert "front_left" in attackers(game)


def test_restraint_forbids_the_attack_until_the_unit_loses_it_for_the_turn():
    """CR 11.5.1: a unit with Restraint is not offered as an attacker; `{lose: restraint}` takes
    the keyword from that unit only, until the turn ends."""
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-610", "front_left")
    add(game, 0, "FX-610", "front_right")
    assert "front_left" not in attackers(game) and "front_right" not in attackers(game)
    act = next(a for a in act_legal(game, 0) if a.args[2] == game.state.players[0].circles["front_left"].placed)
    act_apply(game, act)
    run(game)
    assert "front_left" in attackers(game) and "front_right" not in attackers(game)
    statuses.end(game, "turn")
    assert "front_left" not in attackers(game)


def test_a_lost_keyword_is_the_units_own_only():
    """Losing Lord leaves another unit's Lord; the lost status names one keyword (Resist stays)."""
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-602", "front_left")
    add(game, 0, "FX-602", "front_right")
    add(game, 0, "FX-603", "back_left")            # another clan: both Lords are stopped
    assert "front_left" not in attackers(game) and "front_right" not in attackers(game)
    left = game.state.players[0].circles["front_left"]
    statuses.add(game, statuses.unit_subject(left), statuses.LOST, "resist")
    assert "front_left" not in attackers(game)
    statuses.add(game, statuses.unit_subject(left), statuses.LOST, "lord")
    assert "front_left" in attackers(game) and "front_right" not in attackers(game)


def holds(game, text, seat=0, placed=0):
    conditions = tuple(split_item(c) for c in yaml.safe_load(text))
    return all_hold(game, Ctx(seat, 0, "T#1", "t", placed), conditions)


def test_conditions_on_particular_units():
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    inst = add(game, 0, "FX-801", "front_left")
    placed = p.circles["front_left"].placed
    assert holds(game, "[{vanguard_is: {name: Fixture Starter}}, {opponent_vanguard_is: {grade: 0}}]")
    assert not holds(game, "[{vanguard_is: {name_contains: Blaster}}]")
    assert holds(game, "[{exists: {from: your_rear_guards, name_contains: Blaster, race: Drake}}]")
    assert not holds(game, "[{exists: {from: opponent_rear_guards}}]")
    assert holds(game, "[{this_unit: {zone: R, row: front}}]", placed=placed)
    assert not holds(game, "[{this_unit: {role: attacked}}]", placed=placed)
    game.state.battle = Battle()
    b = game.state.battle
    b.set_attack(game.state, 1, "VC", "front_left")
    assert holds(game, "[{this_unit: {role: attacked}}]", seat=0, placed=placed) is False   # seat 0 is the turn player
    game.state.turn_player = 1
    assert holds(game, "[{this_unit: {role: attacked}}]", placed=placed)


def test_heart_ritual_and_combinators():
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    assert not holds(game, "[{heart_is: {name: Fixture Starter}}]")
    g = add(game, 0, "FX-016", "g_zone")
    zones.stride(game, 0, g, [])
    assert holds(game, "[{heart_is: {name: Fixture Starter}}, {vanguard_is: {name_contains: Starter}}]")
    p.drop.extend(add(game, 0, "FX-011", "hand") for _ in range(2))
    assert holds(game, "[{ritual: 2}]") and not holds(game, "[{ritual: 3}]")
    assert holds(game, "[{not: [{ritual: 3}]}, {any_of: [{ritual: 3}, {ritual: 2}]}]")
    assert not holds(game, "[{any_of: [{ritual: 3}, your_turn]}, {not: [your_turn]}]")


def test_your_g_unit_strides_is_watched_and_the_heart_has_its_own_abilities():
    """CR 10.28 and CR 8.6.5.1.5: the vanguard strode upon triggers as it becomes the heart;
    a rear-guard watching 'when your G unit strides' triggers too."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-606", "VC")
    add(game, 0, "FX-605", "front_left")
    g = add(game, 0, "FX-016", "g_zone")
    p.hand.clear()
    soul = len(p.soul)
    zones.stride(game, 0, g, [])
    check_timing(game)
    assert len(p.hand) == 1 and len(p.soul) == soul + 1
    # the heart's own ability: when your unit attacks, it gets +3000
    add(game, 1, "FX-011", "front_left")
    game.state.battle = Battle()
    b = game.state.battle
    b.set_attack(game.state, 0, "front_left", "VC")
    game.emit("when_attacks", player=0, circle="front_left")
    check_timing(game)
    assert p.circles["front_left"].power_battle == 3000


def test_a_unit_boosting_is_watched_with_a_condition_on_the_booster():
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-607", "VC")
    add(game, 0, "FX-012", "front_left")
    add(game, 0, "FX-011", "back_left")       # a Human: the watcher's condition fails
    game.state.battle = Battle()
    b = game.state.battle
    b.set_attack(game.state, 0, "front_left", "VC")
    b.booster = "back_left"
    game.emit("when_attacks", player=0, circle="front_left")
    assert abstate.get(game).pending == ()
    add(game, 0, "FX-801", "back_left")       # a Drake boosts
    game.emit("when_attacks", player=0, circle="front_left")
    check_timing(game)
    assert p.circles["front_left"].power_battle == 2000




@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: resist}", "resist", "write it in a CONT ability"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: restraint}", "restraint", "write it in a CONT ability"),
    ("{kind: ACT, zone: V, conditions: [once_per_turn], effect: {lose: boost}}", "boost", "is one of"),
    ("{kind: AUTO, timing: when_your_g_unit_strides, effect: {draw: 1}}", "{kind", "needs a zone"),
    ("{kind: CONT, zone: V, conditions: [{not: [{ritul: 1}]}], effect: lord}", "{ritul", "unknown ability condition"),
    ("{kind: CONT, zone: V, conditions: [{vanguard_is: {choose: 1}}], effect: lord}", "choose", "takes filters only"),
    ("{kind: CONT, zone: V, conditions: [{heart_is: {rase: X}}], effect: lord}", "rase", "unknown target filter"),
])
def test_restrictions_and_unit_conditions_are_linted(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


@pytest.mark.parametrize("rider, draws", [("FX-012", 1), ("FX-013", 0)])
def test_when_a_card_named_so_rides_this_unit(rider, draws):
    """'When a card with Knight in its name rides this unit': the condition looks at the new vanguard
    when the ridden unit's ability triggers (CR 8.6.5.1.4)."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-608", "VC")
    inst = add(game, 0, rider, "hand")
    hand = len(p.hand)
    zones.ride(game, 0, inst)
    check_timing(game)
    assert len(p.hand) == hand - 1 + draws
