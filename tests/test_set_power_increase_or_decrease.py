"""`set_power` with `mode: increase_or_decrease` (issue 19, "set power"): "increase or decrease its
power until it is N" (the real card Stealth Dragon, Ungai, nubatama.yaml) is a +/- of the difference,
read on resolution (CR 2.5.4); a unit already at N gets none (CR 2.5.4.1); later +/- still change it.
The default mode, `original`, keeps "its original power becomes N" (CR 3.7.1.2), where the +/- it
already had still add."""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones

ALL_MINE = {"from": "your_rear_guards"}


def board():
    """Three rear-guards of seat 0: Bahr 8000 with +2000 for the turn (10000), Nehalem 10000 with
    +1000 (11000), Marron 8000 with -1000 for the battle-less turn (7000)."""
    game = sandbox(None, "kagero")
    p = game.state.players[0]
    for circle, card, plus in (("front_left", "BT01-048", 2000), ("front_right", "BT01-022", 1000),
                               ("back_left", "BT01-042", -1000)):
        add(game, 0, card, circle)
        p.circles[circle].modified("power", plus, "turn", "test")
    return game, p


def resolve(game, params):
    ctx = Ctx(0, 0, "T#1", "main_phase", 0)
    ABILITIES.effects["set_power"].fn(game, ctx, 11000, params, (lambda g: None, ()), 0)
    run(game)


def powers(game, p):
    return {c: zones.power(game, p.circles[c]) for c in ("front_left", "front_right", "back_left")}


def test_increase_or_decrease_until_n_is_the_difference_read_on_resolution():
    game, p = board()
    resolve(game, {"target": ALL_MINE, "mode": "increase_or_decrease", "until": "turn"})
    assert powers(game, p) == {"front_left": 11000, "front_right": 11000, "back_left": 11000}
    assert p.circles["front_left"].power_turn == 3000         # +2000 already, +1000 more
    assert len(p.circles["front_right"].sources) == 1        # already 11000: no increase nor decrease
    assert p.circles["back_left"].power_turn == 3000         # -1000, then +4000
    p.circles["front_left"].modified("power", 5000, "turn", "later")
    assert zones.power(game, p.circles["front_left"]) == 16000   # a later + still adds
    for c in ("front_left", "front_right", "back_left"):
        p.circles[c].modifiers_end("turn")
    assert powers(game, p) == {"front_left": 8000, "front_right": 10000, "back_left": 8000}


def test_the_original_mode_keeps_the_modifiers_it_finds():
    game, p = board()
    resolve(game, {"target": ALL_MINE, "until": "turn"})
    assert powers(game, p) == {"front_left": 13000, "front_right": 12000, "back_left": 10000}


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {set_power: 11000, mode: exactly}}", "exactly",
     "original, increase_or_decrease"),
])
def test_a_wrong_mode_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
