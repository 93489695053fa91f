"""The condition `caused_by` (issue 19, narukami.yaml): Eradicator, Gauntlet Buster Dragon's Limit Break
watches 'one of your opponent's rear-guards put into the drop zone BY AN EFFECT OF ONE OF YOUR CARDS'
(CR 11.27.1's wording, 10.4). The ability layer knows the cause when the unit is retired: an effect
retiring it (`effects._retire`, whoever chooses the unit: `opponent:`) names its card's player; a rule
(a hit, CR 7.7.1.9; a rule action) or a cost names none."""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones

LB = "BT10-007#1"


def _board(damage="BT06-091"):
    game = sandbox(None, "narukami")
    add(game, 0, "BT10-007", "VC")
    for _ in range(4):
        add(game, 0, damage, "damage")                     # Limit Break 4
    add(game, 1, "BT06-037", "front_left")
    add(game, 1, "BT06-037", "front_right")
    return game


def _pending(game):
    return [p.key for p in abstate.get(game).pending]


def test_a_rule_retire_does_not_trigger_it():
    game = _board()
    zones.retire(game, 1, "front_left")                    # as a hit retires it (CR 7.7.1.9)
    assert game.state.players[1].circles["front_left"] is None
    assert LB not in _pending(game)


@pytest.mark.parametrize("master, triggers", [(0, True), (1, False)])
def test_an_effect_retire_triggers_it_only_for_your_cards(master, triggers):
    game = _board()
    inst = add(game, master, "BT10-007", "soul")          # the card whose ability resolves
    retire = ABILITIES.effects["retire"].fn
    ctx = Ctx(master, inst, "X#1", "main_phase", 0)
    arg = {"from": "opponent_rear_guards" if master == 0 else "your_rear_guards", "choose": 1}
    retire(game, ctx, arg, {}, (lambda g: None, ()), 0)
    run(game)
    assert game.state.players[1].circles["front_left"] is None or game.state.players[1].circles["front_right"] is None
    assert (LB in _pending(game)) is triggers
    assert game.abilities.effect_by is None                # set only while the effect retires


def test_the_opponent_choosing_for_your_effect_is_still_your_effect():
    game = _board(damage="BT10-007")                       # Counter Blast 2 with Eradicators
    game.abilities.act_apply(game, next(a for a in game.abilities.act_legal(game, 0)
                                        if a.id == "act:VC:BT10-007#2"))
    run(game)                                              # the opponent retires one of their own
    assert len(game.state.players[1].drop) == 1
    assert _pending(game) == [LB]


def test_ctx_by_decides_each_value():
    fn = ABILITIES.conditions["caused_by"].fn
    assert fn(None, Ctx(0, 0, "T#1", "t", 0, by=0), "your_effect")
    assert fn(None, Ctx(0, 0, "T#1", "t", 0, by=1), "opponent_effect")
    assert fn(None, Ctx(0, 0, "T#1", "t", 0), "rule")
    assert not fn(None, Ctx(0, 0, "T#1", "t", 0), "your_effect")


def test_a_wrong_cause_is_located(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: AUTO, zone: V, timing: when_opponent_rear_guard_put_into_drop, "
                  "conditions: [{caused_by: your_card}], effect: {draw: 1}}", "your_card", "caused_by")
