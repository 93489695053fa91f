"""The effects of `abilities/effects/moves.py` (issue 28 item 2): `move_to_open` (a rear-guard to an open
circle of your choice, not a lock circle, CR 4.6.7) and `swap` (two rear-guards exchange circles, any
columns); each unit keeps its state and stays the same unit (CR 4.1.4)."""
from __future__ import annotations

from helpers import assert_one_located_lint_problem
from test_abilities_effects import pick, resolve, setup
from vanguard_fsm.abilities.sandbox import add
from vanguard_fsm.game import zones


def test_move_to_open_offers_only_empty_circles_that_are_not_locked():
    game, p, inst = setup("back_left")
    p.circles["back_left"].rested = True
    placed = p.circles["back_left"].placed
    add(game, 0, "FX-012", "front_left")
    add(game, 0, "FX-012", "back_right")
    zones.lock(game, 0, "back_right")
    offered = []

    def choose(d):
        offered.extend(a.id for a in d.actions)
        return pick("front_right")(d)
    resolve(game, inst, "{move_to_open: self}", choose)
    assert sorted(offered) == ["ability_circle:back_center", "ability_circle:front_right"]
    unit = p.circles["front_right"]
    assert unit.card == inst and unit.placed == placed and unit.rested and p.circles["back_left"] is None


def test_move_to_open_with_no_open_circle_leaves_the_unit():
    game, p, inst = setup("back_left")
    for c in ("front_left", "back_center", "front_right", "back_right"):
        add(game, 0, "FX-012", c)
    resolve(game, inst, "{move_to_open: self}")
    assert p.circles["back_left"].card == inst


def test_swap_exchanges_two_rear_guards_of_different_columns():
    game, p, inst = setup("front_left")
    other = add(game, 0, "FX-012", "back_right")
    p.circles["front_left"].rested = True
    resolve(game, inst, "{swap: {from: your_rear_guards, choose: 2}}")
    assert p.circles["back_right"].card == inst and p.circles["back_right"].rested
    assert p.circles["front_left"].card == other and not p.circles["front_left"].rested


def test_swap_needs_two_of_your_rear_guards():
    game, p, inst = setup("front_left")
    theirs = [add(game, 1, "FX-012", c) for c in ("front_left", "back_right")]   # not yours to move
    resolve(game, inst, "{swap: {from: opponent_rear_guards, choose: 2}}")
    q = game.state.players[1]
    assert p.circles["front_left"].card == inst and [q.circles[c].card for c in ("front_left", "back_right")] == theirs


def test_swap_of_other_than_two_is_located(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: ACT, zone: R, cost: [{counter_blast: 1}], effect: {swap: {from: your_rear_guards, choose: 3}}}", "{from", "choose: 2")
