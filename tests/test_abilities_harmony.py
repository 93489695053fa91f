"""Harmony (CR 11.34): a unit placed in the column of a unit with Harmony; both are in harmony
until end of turn, while both stay on the field; 'when this unit becomes in harmony' triggers
once (fixture card FX-609)."""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.language.conditions import all_hold
from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def in_harmony(game, circle, seat=0):
    unit = game.state.players[seat].circles[circle]
    return all_hold(game, Ctx(seat, unit.card, "T#1", "t", unit.placed), (("in_harmony", None),))


def call(game, card_id, circle, seat=0):
    inst = add(game, seat, card_id, "hand")
    zones.call(game, seat, inst, circle)
    check_timing(game)


def test_a_unit_called_into_the_column_puts_both_in_harmony():
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-609", "front_left")
    soul = len(p.soul)
    call(game, "FX-011", "front_right")            # another column: nothing
    assert not in_harmony(game, "front_left") and len(p.soul) == soul
    call(game, "FX-011", "back_left")
    assert in_harmony(game, "front_left") and in_harmony(game, "back_left")
    assert zones.power(game, p.circles["front_left"]) == 7000 + 3000
    assert len(p.soul) == soul + 1                 # 'when in harmony' once (FX-011 has no such ability)


def test_harmony_survives_a_move_and_ends_when_the_partner_leaves_or_the_turn_ends():
    """CR 11.34.1.2: moved to another column they stay associated; a unit gone is not associated."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-609", "front_left")
    call(game, "FX-011", "back_left")
    zones.move(game, 0, "back_left", "front_left")      # swap within the column
    assert in_harmony(game, "back_left")
    zones.retire(game, 0, "front_left")
    assert not in_harmony(game, "back_left")
    call(game, "FX-011", "front_left")
    assert in_harmony(game, "back_left")
    game.state.turn += 1
    assert not in_harmony(game, "back_left")


def test_already_in_harmony_does_not_trigger_again():
    """CR 11.34.1.3.1."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-609", "front_left")
    call(game, "FX-011", "back_left")
    soul = len(p.soul)
    zones.retire(game, 0, "back_left")
    call(game, "FX-011", "back_left")             # FX-609 is no longer in harmony: it triggers again
    assert len(p.soul) == soul + 1
    soul = len(p.soul)
    zones.move(game, 0, "front_left", "back_left")          # the pair swaps: still in harmony
    call(game, "FX-011", "front_right")
    zones.move(game, 0, "front_right", "back_right")
    assert len(p.soul) == soul and len(abstate.get(game).harmony) == 2


def test_a_unit_with_harmony_placed_beside_another_makes_no_pair():
    """CR 11.34.1: Harmony waits for ANOTHER unit to be placed in its column; the unit with
    Harmony being placed beside one does not trigger it (the earlier engine paired them)."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-011", "front_left")
    soul = len(p.soul)
    call(game, "FX-609", "back_left")
    assert not in_harmony(game, "back_left") and len(p.soul) == soul
    assert zones.power(game, p.circles["back_left"]) == 7000
    zones.retire(game, 0, "front_left")
    call(game, "FX-011", "front_left")             # now another unit is placed in its column
    assert in_harmony(game, "back_left") and len(p.soul) == soul + 1


def test_a_vanguard_ridden_in_front_of_a_harmony_unit_is_in_harmony():
    """CR 11.34.1, 4.6.2: VC and back-center are one column; a ride places the new vanguard
    there, so a back-center unit with Harmony and the vanguard become in harmony."""
    game = sandbox(CARDS, DECK)
    p = game.state.players[0]
    add(game, 0, "FX-609", "back_center")
    soul = len(p.soul)
    zones.ride(game, 0, add(game, 0, "FX-011", "hand"))
    check_timing(game)
    assert in_harmony(game, "back_center") and in_harmony(game, "VC")
    assert len(p.soul) == soul + 1 + 1              # the ridden unit went to the soul, then Soul Charge 1
