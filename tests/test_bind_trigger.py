"""'When this card is put into the bind zone' (issue 19; CR 10.19, 4.9, 8.6.5) and the cost that moves
this card from the bind zone to the soul, with the real card Chrono Dran (gear_chronicle.yaml): the
timing `when_put_into_bind` triggers the card's abilities in the bind zone whatever moved it, and
`from_zone` tells where it came from; `soul_from_bind` with `this_card` pays with that very card (CR 4.1.4)."""
from __future__ import annotations

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones

THIS_CARD = {"choose": 1, "this_card": True}


def board(generation_break=True):
    game = sandbox(None, "gear-chronicle", fmt="standard")
    if generation_break:     # one face-up G unit in the G zone (CR 11.12)
        p = game.state.players[0]
        p.g_face_up.add(p.g_zone[0])
    return game


def pending(game):
    return [p.key for p in abstate.get(game).pending]


def test_bound_from_a_rear_guard_circle_it_triggers_in_the_bind_zone():
    game = board()
    add(game, 0, "G-GC-CHRONODRAN", "front_left")
    zones.unit_to_zone(game, 0, "front_left", "bind", "effect")
    assert pending(game) == ["G-GC-CHRONODRAN#2"]
    assert abstate.get(game).pending[0].home == "bind"


def test_bound_from_the_soul_or_without_generation_break_it_does_not():
    """`from_zone: R`: a bind from the soul is not from a rear-guard circle; Generation Break 1 is a condition."""
    game = board()
    inst = add(game, 0, "G-GC-CHRONODRAN", "soul")
    zones.put(game, 0, inst, "soul", "bind", "cost")
    assert pending(game) == []
    game = board(generation_break=False)
    add(game, 0, "G-GC-CHRONODRAN", "front_left")
    zones.unit_to_zone(game, 0, "front_left", "bind", "effect")
    assert pending(game) == []


def test_soul_from_bind_with_this_card_pays_only_with_that_very_card():
    """Another Chrono Dran in the bind zone is not 'this card'; once this card has left the bind zone
    (a new card elsewhere, CR 4.1.4) the cost cannot be paid."""
    game = board()
    p = game.state.players[0]
    cost = ABILITIES.costs["soul_from_bind"].fn
    this = add(game, 0, "G-GC-CHRONODRAN", "bind")
    other = add(game, 0, "G-GC-CHRONODRAN", "bind")
    ctx = Ctx(0, this, "G-GC-CHRONODRAN#2", "when_put_into_bind", 0, "front_left", "bind")
    assert cost.payable(game, ctx, THIS_CARD)
    zones.put(game, 0, this, "bind", "drop", "effect")
    assert not cost.payable(game, ctx, THIS_CARD) and other in p.bind
    assert cost.payable(game, ctx, 1)          # without the filter: any bound card
