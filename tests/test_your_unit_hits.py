"""The watched timing `when_your_unit_hits` (CR 7.7.1.7): the attack of one of your units hits, and your
other cards watch it from their zone. The real card Dark Queen of Nightmareland (dark_irregulars.yaml)
asks that it be the booster of that battle (`{this_unit: {role: boosting}}`, "in the battle this unit
boosted"); it Soul Charges 1 and shuffles itself back into the deck."""
from __future__ import annotations

import pytest

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.game.state import Battle


def battle(queen_at: str, hit: bool):
    game = sandbox(None, "dark-irregulars", turn=8)
    p = game.state.players[0]
    add(game, 0, "BT03-010", "front_left")
    add(game, 0, "BT03-042", "back_left")
    queen = add(game, 0, "BT03-047", queen_at)
    b = game.state.battle = Battle()
    b.set_attack(game.state, 0, "front_left", "VC")
    b.booster, b.booster_placed = "back_left", p.circles["back_left"].placed
    b.target_is_vanguard = True
    b.hit = hit
    return game, p, queen


@pytest.mark.parametrize("queen_at, hit, triggers", [
    ("back_left", True, True),      # it boosts the attack that hits
    ("back_left", False, False),    # it boosts, the attack does not hit
    ("back_right", True, False),    # an attack it did not boost hits
])
def test_the_hit_of_your_units_attack_is_watched_by_the_booster(queen_at, hit, triggers):
    game, p, queen = battle(queen_at, hit)
    game.abilities.hit_event(game)
    pending = [e for e in abstate.get(game).pending if e.timing == "when_your_unit_hits"]
    assert bool(pending) is triggers


def test_dark_queen_soul_charges_and_goes_back_into_the_deck():
    game, p, queen = battle("back_left", True)
    deck = len(p.deck)
    game.abilities.hit_event(game)
    check_timing(game)                    # the first choice: pay (the ability is optional)
    assert p.circles["back_left"] is None and queen in p.deck
    assert len(p.soul) == 1 and len(p.deck) == deck
