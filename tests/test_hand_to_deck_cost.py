"""The cost `hand_to_deck` (issue 19): N cards matching the filters from your hand on top of your deck,
with the real card Edel Rose (dark_irregulars.yaml), whose hand ACT's cost is "show this card and put
it on top of your deck" (`this_card: true`: that very card, not another copy, CR 4.1.4); its effect
searches the deck for up to one Werwolf Sieger (RULES 1.5, CR 8.5.2.3)."""
from __future__ import annotations

from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.turn import act_apply, act_legal

THIS_CARD = {"choose": 1, "this_card": True}


def board():
    game = sandbox(None, "dark-irregulars")
    p = game.state.players[0]
    p.hand.clear()
    return game, p


def test_this_card_pays_only_with_that_very_card_from_the_hand():
    game, p = board()
    cost = ABILITIES.costs["hand_to_deck"].fn
    this, other = add(game, 0, "BT03-009", "hand"), add(game, 0, "BT03-009", "hand")
    ctx = Ctx(0, this, "BT03-009#2", "main_phase", 0)
    assert cost.payable(game, ctx, THIS_CARD)
    zones.put(game, 0, this, "hand", "drop", "effect")
    assert not cost.payable(game, ctx, THIS_CARD) and other in p.hand
    assert cost.payable(game, ctx, 1)              # without the filter: any card of the hand
    assert not cost.payable(game, ctx, 2)


def test_edel_rose_from_the_hand_goes_on_the_deck_and_searches_werwolf_sieger():
    game, p = board()
    this, other = add(game, 0, "BT03-009", "hand"), add(game, 0, "BT03-009", "hand")
    deck_size = len(p.deck)
    sieger = sum(game.cards[i].id == "BT03-022" for i in p.deck)
    assert sieger >= 1
    acts = [a for a in act_legal(game, 0) if a.args[1] == "BT03-009#2"]
    assert [a.id for a in acts] == ["act:hand:BT03-009#2"]
    act_apply(game, acts[0])
    run(game)
    assert this in p.deck and other in p.hand                 # this very card went, the other stayed
    assert [game.cards[i].id for i in p.hand] == ["BT03-009", "BT03-022"]
    assert len(p.deck) == deck_size and sum(game.cards[i].id == "BT03-022" for i in p.deck) == sieger - 1
