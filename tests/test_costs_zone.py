"""The costs of `abilities/language/costs_zone.py` (issue 28 item 2): `move_cards` (N cards from one of
your zones into another, the deck's top unseen), `lock_rear_guard` (lock your own rear-guards, unlocked
at your end phase, CR 10.22, 6.8.1.1.2) and the filter `including_self` (a rear-guard cost that may
take this unit too), each with its lint at file:line:col."""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game.rules.turn import unlock_locked_cards

MOVE = ABILITIES.costs["move_cards"].fn
LOCK = ABILITIES.costs["lock_rear_guard"].fn
RETIRE = ABILITIES.costs["retire"].fn
SOUL = ABILITIES.costs["soul_rear_guard"].fn


def board():
    game = sandbox(None, "kagero")
    p = game.state.players[0]
    p.hand.clear()
    return game, p


def pay(game, cost, ctx, arg):
    paid = []
    cost.pay(game, ctx, arg, (lambda g: paid.append(True), ()))
    run(game)
    assert paid == [True]


def test_move_cards_puts_a_matching_hand_card_into_the_damage_zone_face_up():
    game, p = board()
    nociel = add(game, 0, "BT06-011", "hand")                 # an Angel Feather
    other = add(game, 0, "BT01-027", "hand")                  # a Kagero
    ctx = Ctx(0, nociel, "BT06-011#1", "placed", 0)
    arg = {"from": "hand", "to": "damage", "choose": 1, "clan": "Angel Feather"}
    assert not MOVE.payable(game, ctx, arg)                   # the paying card itself is spared
    feather = add(game, 0, "BT06-002", "hand")
    assert MOVE.payable(game, ctx, arg)
    assert not MOVE.payable(game, ctx, dict(arg, choose=2))
    pay(game, MOVE, ctx, arg)
    assert p.damage == [feather] and feather not in p.face_down and p.hand == [nociel, other]


def test_move_cards_from_the_deck_takes_its_top_cards_and_to_the_deck_bottom_goes_under():
    game, p = board()
    ctx = Ctx(0, p.circles["VC"].card, "X#1", "main_phase", p.circles["VC"].placed)
    top = p.deck[-2:]
    pay(game, MOVE, ctx, {"from": "deck", "to": "drop", "choose": 2})
    assert p.drop == top[::-1]
    damage = add(game, 0, "BT01-027", "damage")
    pay(game, MOVE, ctx, {"from": "damage", "to": "deck", "bottom": True, "choose": 1})
    assert p.deck[0] == damage and not p.damage
    assert not MOVE.payable(game, ctx, {"from": "deck", "to": "bind", "choose": len(p.deck) + 1})


def test_lock_rear_guard_locks_others_until_the_end_phase_and_this_unit_only_if_included():
    game, p = board()
    me = add(game, 0, "BT01-027", "front_left")
    mate = add(game, 0, "BT01-027", "back_left")
    ctx = Ctx(0, me, "X#1", "main_phase", p.circles["front_left"].placed)
    assert LOCK.payable(game, ctx, 1) and not LOCK.payable(game, ctx, 2)
    assert LOCK.payable(game, ctx, {"choose": 2, "including_self": True})
    pay(game, LOCK, ctx, 1)
    assert p.locked == {"back_left": mate} and p.circles["back_left"] is None
    unlock_locked_cards(game)                                 # the turn player's end phase
    assert not p.locked and p.circles["back_left"].card == mate


@pytest.mark.parametrize("cost", [RETIRE, SOUL])
def test_including_self_lets_retire_and_soul_costs_take_this_unit(cost):
    game, p = board()
    me = add(game, 0, "BT01-027", "front_left")
    ctx = Ctx(0, me, "X#1", "main_phase", p.circles["front_left"].placed)
    assert not cost.payable(game, ctx, 1)
    pay(game, cost, ctx, {"choose": 1, "including_self": True})
    assert p.circles["front_left"] is None and me in p.drop + p.soul


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: ACT, zone: R, cost: [{move_cards: {from: hand, to: damag, choose: 1}}], effect: {draw: 1}}",
     "damag", "`to` is one of"),
    ("{kind: ACT, zone: R, cost: [{move_cards: {from: hand, to: drop, bottom: true, choose: 1}}], effect: {draw: 1}}",
     "true", "only with `to: deck`"),
    ("{kind: ACT, zone: R, cost: [{move_cards: {from: deck, to: drop, choose: 2, grade: 1}}], effect: {draw: 1}}",
     "deck", "no filter"),
    ("{kind: ACT, zone: R, cost: [{move_cards: {from: soul, to: soul, choose: 1}}], effect: {draw: 1}}",
     "soul, choose", "same zone"),
    ("{kind: ACT, zone: R, cost: [{discard: {choose: 1, including_self: true}}], effect: {draw: 1}}",
     "including_self", "only in such a cost"),
    ("{kind: ACT, zone: R, cost: [{lock_rear_guard: {choose: 1, clan: Kagero}}], "
     "effect: {retire: {from: your_rear_guards, choose: 1, including_self: true}}}",
     "including_self", "only in such a cost"),
])
def test_a_wrong_cost_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_rear_guard_to_deck_puts_this_unit_on_top_of_the_deck_and_only_it_with_this_card():
    """"Put this unit on top of your deck" (Knight of Verdure, Gene): the card, no longer a unit (CR 4.1.4),
    on top; `rear_guard_to_deck_bottom` puts it under, and without `this_card` the unit pays for nothing."""
    top, bottom = ABILITIES.costs["rear_guard_to_deck"].fn, ABILITIES.costs["rear_guard_to_deck_bottom"].fn
    for cost, index in ((top, -1), (bottom, 0)):
        game, p = board()
        gene = add(game, 0, "BT05-041", "front_left")
        ctx = Ctx(0, gene, "BT05-041#1", "when_attack_hits_vanguard", p.circles["front_left"].placed)
        assert not cost.payable(game, ctx, {"choose": 1})           # no other rear-guard
        pay(game, cost, ctx, {"choose": 1, "this_card": True})
        assert p.circles["front_left"] is None and p.deck[index] == gene
