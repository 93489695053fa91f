"""The cost `rear_guard_to_deck_bottom` (issue 19): N of your rear-guards (matching the filters) on the
bottom of your deck; this very unit only with `this_card: true`, as for `hand_to_deck` and `reveal`
(CR 4.1.4, 8.5.2.3). The real card is the murakumo deck's starter, Stealth Beast, Evil Ferret
(murakumo.yaml), whose ACT's cost is "put this rear-guard on the bottom of your deck"."""
from __future__ import annotations

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game.rules.turn import act_apply, act_legal

THIS_CARD = {"choose": 1, "this_card": True}
COST = ABILITIES.costs["rear_guard_to_deck_bottom"].fn


def board():
    game = sandbox(None, "murakumo")
    ferret = add(game, 0, "BT05-034", "front_left")
    return game, game.state.players[0], ferret


def test_this_card_takes_only_this_rear_guard_and_without_it_only_the_others():
    game, p, ferret = board()
    placed = p.circles["front_left"].placed
    ctx = Ctx(0, ferret, "BT05-034#2", "main_phase", placed)
    assert COST.payable(game, ctx, THIS_CARD)
    assert not COST.payable(game, ctx, 1)                       # no other rear-guard
    add(game, 0, "BT05-029", "back_left")
    assert [r[1] for r in COST._cards(game, ctx, (("this_card", True),))] == ["front_left"]
    assert [r[1] for r in COST._cards(game, ctx, ())] == ["back_left"]
    on_vc = Ctx(0, p.circles["VC"].card, "X#1", "main_phase", p.circles["VC"].placed)
    assert not COST.payable(game, on_vc, THIS_CARD)              # the vanguard is no rear-guard


def test_evil_ferret_goes_under_the_deck_and_calls_a_murakumo():
    game, p, ferret = board()
    p.hand.clear()
    shanaou = add(game, 0, "BT05-030", "hand")
    acts = [a for a in act_legal(game, 0) if a.args[1] == "BT05-034#2"]
    assert [a.id for a in acts] == ["act:front_left:BT05-034#2"]
    act_apply(game, acts[0])
    run(game)
    assert p.deck[0] == ferret                                 # the bottom of the deck
    assert any(u is not None and u.card == shanaou for u in p.circles.values())
    assert shanaou not in p.hand


def test_a_wrong_pick_is_located(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: ACT, zone: R, cost: [{rear_guard_to_deck_bottom: {choose: 1, this_crd: true}}], "
                  "effect: {draw: 1}}", "this_crd", "this_crd")
