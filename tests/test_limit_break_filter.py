"""The card filter `limit_break` (issue 28 item 2): "a Royal Paladin that has a Limit Break 4 ability"
(CR 11.6.2) is a card one of whose printed abilities has {limit_break: N} among its conditions, N
exactly, whatever its master's damage; the 44 bt10-bt13 boosters and attackers and the two Nubatama
cards of nubatama.yaml say it."""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.sandbox import add, sandbox

CTX = Ctx(0, 0, "T#1", "main_phase", 0)


def _exists(game, **filters) -> bool:
    return ABILITIES.conditions["exists"].fn(game, CTX, {"from": "your_rear_guards", **filters})


def test_a_unit_with_a_printed_limit_break_4_ability_passes_with_4_only_at_no_damage():
    game = sandbox(None, "royal-paladin")
    game.state.players[0].damage.clear()                      # Ashlei's Limit Break is not active
    add(game, 0, "BT10-047", "front_left")                    # Rushhgal: no Limit Break ability
    assert not _exists(game, limit_break=4)
    add(game, 0, "BT10-001", "front_right")                   # Ashlei: an AUTO with {limit_break: 4}
    assert _exists(game, limit_break=4) and _exists(game, limit_break=4, clan="Royal Paladin")
    assert not _exists(game, limit_break=5) and not _exists(game, limit_break=4, clan="Kagero")


def test_a_card_in_a_zone_is_looked_at_by_its_printed_abilities():
    game = sandbox(None, "royal-paladin")
    has_lb = ABILITIES.filters["limit_break"].fn
    ashlei, rushhgal = (game.cards[add(game, 0, card_id, "hand")] for card_id in ("BT10-001", "BT10-047"))
    assert has_lb(game, 4, ashlei, None, CTX) and not has_lb(game, 4, rushhgal, None, CTX)


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: R, timing: when_boosts, conditions: [{exists: {from: boosted_unit, limit_break: four}}], "
     "effect: {draw: 1}}", "four}", "limit_break"),
])
def test_a_wrong_limit_break_argument_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
