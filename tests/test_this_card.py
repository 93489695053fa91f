"""`this_card` (issue 19): the very card whose ability resolves, not another card of its name (CR 4.1.4).

Real card Barcgal (BT01/003EN): ridden upon, it moves "this card" from the soul to a rear-guard
circle (CR 8.6.5.1.4). With another Barcgal in the soul the two are told apart by instance here
(by id they are both BT01-003); once this card has left the soul it is a new card and nothing
is called. Lizard Soldier, Conroe is written the same way (its scenario in tests/scenarios/real_cards/).
"""
from __future__ import annotations

import pytest

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game.rules import turn
from vanguard_fsm.game import zones
from vanguard_fsm.machine.registry import REGISTRY
from vanguard_fsm.scenario import abilities as scenario_abilities

from helpers import assert_one_located_lint_problem


def ridden_barcgal():
    """Player 0: Barcgal (this card) on VC, another Barcgal already in the soul, Wingal in hand;
    Wingal rides, Barcgal's ability is pending. Returns (game, p0, this card, the other copy)."""
    game = sandbox(None, "royal-paladin", fmt="standard")
    p0 = game.state.players[0]
    this = add(game, 0, "BT01-003", "VC")   # the deck's starter is Drangal since it plays Galahad's line
    other = add(game, 0, "BT01-003", "soul")
    add(game, 0, "BT01-044", "hand")
    ride = next(a for a in turn.ride_legal(game, 0) if game.cards[a.args[0]].id == "BT01-044")
    turn.ride_apply(game, ride)
    pending = abstate.get(game).pending
    assert [(p.key, p.inst, p.home) for p in pending] == [("BT01-003#1", this, "soul")]
    assert p0.soul == [other, this]
    return game, p0, this, other


def answer(decision):
    """Play and pay the pending ability, call to front_left."""
    return next((a for a in decision.actions if a.id.startswith(("ability:pay", "ability_circle:front_left"))),
                decision.actions[0])


def check_timing(game):
    game.then(REGISTRY.actions["check_timing"])
    run(game, answer)


def test_ridden_upon_it_calls_itself_not_the_other_copy_in_the_soul():
    game, p0, this, other = ridden_barcgal()
    check_timing(game)
    assert p0.circles["front_left"] is not None and p0.circles["front_left"].card == this   # CR 8.6.5.1.4
    assert p0.soul == [other]                        # the copy by name stays


@pytest.mark.parametrize("away", ["drop", "hand"])
def test_once_it_left_the_soul_it_is_a_new_card_and_nothing_is_called(away):
    """Put from the soul into another zone before the ability resolves (a Soul Blast, say), the card
    is a new card there (CR 4.1.4): "call this card from your soul" finds nothing, and the other
    Barcgal, which has its name, is not called in its place."""
    game, p0, this, other = ridden_barcgal()
    zones.put(game, 0, this, "soul", away)
    check_timing(game)
    assert [circle for circle, _ in p0.units()] == ["VC"]       # no rear-guard called
    assert p0.soul == [other] and this in getattr(p0, away)


def test_a_saved_position_keeps_where_it_triggered():
    """The scenario form of the pending ability says `home: soul` once the card has left the soul,
    and reading it back keeps it (else the card would pass for this card where it is now)."""
    game, p0, this, other = ridden_barcgal()
    assert "home" not in scenario_abilities.dump(game)["pending"][0]     # still there: `at` says it
    zones.put(game, 0, this, "soul", "drop")
    entry = scenario_abilities.dump(game)["pending"][0]
    assert entry["home"] == "soul" and entry["at"] == "drop[0]"


def test_on_the_field_this_card_is_the_same_unit_only():
    """For a unit, `this_card` is the unit with the ability's placement number: another unit of the
    same name is not, nor is the card once it left the field and came back (CR 4.1.4)."""
    game = sandbox(None, "royal-paladin", fmt="standard")
    first = add(game, 0, "BT01-044", "front_left")
    add(game, 0, "BT01-044", "back_left")
    p0 = game.state.players[0]
    unit = p0.circles["front_left"]
    ctx = Ctx(0, first, "T#1", "test", unit.placed)
    mine = candidates(game, ctx, {"from": "your_rear_guards", "this_card": True})[0]
    assert [where for _, where, _ in mine] == ["front_left"]
    zones.retire(game, 0, "front_left")
    zones.call(game, 0, first, "front_left", normal=False, source="drop")
    assert candidates(game, ctx, {"from": "your_rear_guards", "this_card": True})[0] == []


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_ridden_upon, effect: {call: {from: soul, choose: 1, this_card: 1}}}",
     "1}}}", "filter 'this_card' is written `this_card: true`"),
    ("{kind: AUTO, zone: V, timing: when_ridden_upon, effect: {call: {from: soul, choose: 1, this_cards: true}}}",
     "this_cards", "did you mean 'this_card'?"),
])
def test_lint_locates_a_misused_this_card(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
