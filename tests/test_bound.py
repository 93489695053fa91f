"""`bind_for_turn` (abilities/mechanics/bound.py, issue 28 item 2): the target rear-guards are bound face
up, and at the end of the turn the cards this effect bound, and only those still in the bind zone, go
to their owner's hand (CR 10.19, 6.8.1.3, 4.1.4). The real card is Stealth Beast, Tamahagane (BT13-024)."""
from __future__ import annotations

from helpers import assert_one_located_lint_problem
from test_abilities_effects import pick
from vanguard_fsm.abilities.effects import basic as effects
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox


def bind_one(game, choose):
    """Tamahagane's effect, as its ability resolves (its compiled spec, so the return is its `.later1`)."""
    tamahagane = add(game, 0, "BT13-024", "front_left")
    spec = game.abilities.specs["BT13-024#1"]
    ctx = Ctx(0, tamahagane, "BT13-024#1", "when_placed", game.state.players[0].circles["front_left"].placed)
    effects.run(game, ctx, spec.effects, 0, (lambda g: None, ()))
    run(game, choose)


def test_the_card_bound_goes_back_to_its_owner_hand_at_the_end_of_the_turn():
    game = sandbox(None, "nubatama")
    q = game.state.players[1]
    target, other = add(game, 1, "BT01-016", "front_left"), add(game, 1, "BT01-024", "back_right")
    before = add(game, 1, "BT01-042", "bind")
    bind_one(game, pick("opponent.back_right"))
    assert q.circles["back_right"] is None and q.bind == [before, other] and q.circles["front_left"].card == target
    check_timing(game)
    assert other in q.bind                                 # not before its timing
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game)
    assert q.bind == [before] and q.hand[-1] == other and abstate.get(game).delayed == ()


def test_a_bound_card_that_left_the_bind_zone_stays_where_it_went():
    game = sandbox(None, "nubatama")
    q = game.state.players[1]
    card = add(game, 1, "BT01-016", "front_left")
    bind_one(game, pick("opponent.front_left"))
    q.bind.remove(card)
    q.soul.append(card)
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game)
    assert card in q.soul and card not in q.hand


def test_bind_for_turn_inside_another_effect_is_located(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: AUTO, timing: when_placed, effect: {if: [your_turn], then: [{bind_for_turn: "
                  "opponent_rear_guards}]}}", "bind_for_turn:", "not inside if.then")
