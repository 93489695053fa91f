"""Two small terms the real Narukami G guardian 護天覇竜 インピード・ドラゴン asked for (issue 19, narukami.yaml):
a count's `plus` ("you have two or more fewer rear-guards than your opponent" is `{compare: [{count:
your_rear_guards, plus: 2}, at_most, {count: opponent_rear_guards}]}`, counts.py) and the card filter
`g_guardian` ("turn a face-down G guardian in your G zone face up": a card with the G guardian skill,
CR 11.14, not a G unit with Stride)."""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language import counts
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.abilities.language.targets import Ctx

CTX = Ctx(0, 0, "T#1", "main_phase", 0)
TWO_FEWER = [{"count": "your_rear_guards", "plus": 2}, "at_most", {"count": "opponent_rear_guards"}]


def test_plus_is_added_last_and_decides_two_or_more_fewer():
    game = sandbox(None, "narukami")
    add(game, 0, "BT06-037", "front_left")
    for circle in ("front_left", "front_right"):
        add(game, 1, "BT06-037", circle)
    assert counts.value(game, CTX, {"count": "your_rear_guards", "plus": 2}) == 3
    assert counts.value(game, CTX, {"count": "your_rear_guards", "times": 2000, "plus": -500}) == 1500
    assert not counts.compare(game, CTX, *TWO_FEWER)          # one against two: one fewer only
    add(game, 1, "BT06-037", "back_left")
    assert counts.compare(game, CTX, *TWO_FEWER)              # one against three: two fewer


def test_the_g_guardian_filter_takes_a_g_guardian_not_a_g_unit_with_stride():
    game = sandbox(None, "narukami")
    p = game.state.players[0]
    p.g_zone.clear()
    p.g_face_up.clear()
    cost = ABILITIES.costs["g_face_up"].fn
    pick = {"choose": 1, "g_guardian": True}
    add(game, 0, "G-RP-ZIIRON", "g_zone")                    # a G unit with Stride, no G guardian skill
    assert cost.payable(game, CTX, {"choose": 1}) and not cost.payable(game, CTX, pick)
    dizmel = add(game, 0, "G-CE-DIZMEL", "g_zone")
    assert cost.payable(game, CTX, pick)
    p.g_face_up.add(dizmel)                                  # face up already: not a face-down one
    assert not cost.payable(game, CTX, pick)


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, conditions: [{compare: [{count: your_rear_guards, plus: x}, "
     "at_most, 3]}], effect: {draw: 1}}", "x}", "plus"),
])
def test_a_wrong_plus_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
