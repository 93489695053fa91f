"""Each ability cost (RULES 1.5, CR 8.5.2.3): offered only when payable, and paid in full.

Every fixture card FX-10x has `ACT [cost]: draw 1`; the test sets up a board, checks
the ACT ability is legal exactly when its cost can be paid, plays it, and looks at
what the cost took.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game.rules.turn import act_apply, act_legal

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def game_with(card_id, where="front_left"):
    game = sandbox(CARDS, DECK)
    add(game, 0, card_id, where)
    return game, game.state.players[0]


def acts(game, card_id):
    return [a for a in act_legal(game, 0) if a.args[1].startswith(card_id)]


def play(game, action):
    act_apply(game, action)
    run(game)


def test_counter_blast_turns_face_up_damage_face_down():
    game, p = game_with("FX-101")
    p.damage.extend(p.deck.pop() for _ in range(2))
    p.face_down.add(p.damage[0])
    assert acts(game, "FX-101") == []          # only one face-up damage
    p.face_down.clear()
    hand = len(p.hand)
    play(game, acts(game, "FX-101")[0])
    assert p.face_down == set(p.damage) and len(p.hand) == hand + 1


def test_soul_blast_puts_soul_cards_into_the_drop_zone():
    game, p = game_with("FX-102")
    p.soul.append(p.deck.pop())
    assert acts(game, "FX-102") == []
    p.soul.append(p.deck.pop())
    play(game, acts(game, "FX-102")[0])
    assert p.soul == [] and len(p.drop) == 2


def test_discard_puts_a_hand_card_into_the_drop_zone():
    game, p = game_with("FX-103")
    assert acts(game, "FX-103") == []
    card = p.deck.pop()
    p.hand.append(card)
    play(game, acts(game, "FX-103")[0])
    assert p.drop == [card] and len(p.hand) == 1 and card not in p.hand


def test_rest_this_unit_needs_it_standing():
    game, p = game_with("FX-104")
    play(game, acts(game, "FX-104")[0])
    assert p.circles["front_left"].rested
    assert acts(game, "FX-104") == []           # rested: cannot pay again


def test_put_this_unit_into_the_soul():
    game, p = game_with("FX-105")
    inst = p.circles["front_left"].card
    play(game, acts(game, "FX-105")[0])
    assert p.circles["front_left"] is None and p.soul[-1] == inst


def test_soul_self_is_not_payable_on_the_vanguard_circle():
    game, _ = game_with("FX-105", "VC")
    assert acts(game, "FX-105") == []            # the ability works from R only


def test_retire_cost_retires_another_rear_guard():
    game, p = game_with("FX-106")
    assert acts(game, "FX-106") == []           # no other rear-guard
    other = add(game, 0, "FX-011", "back_left")
    play(game, acts(game, "FX-106")[0])
    assert p.circles["back_left"] is None and p.drop == [other]
    assert p.circles["front_left"] is not None


def test_drop_to_deck_puts_drop_cards_on_top_of_the_deck():
    game, p = game_with("FX-107")
    p.drop.append(p.deck.pop())
    assert acts(game, "FX-107") == []
    p.drop.append(p.deck.pop())
    moved = set(p.drop)
    play(game, acts(game, "FX-107")[0])
    # both went on top; the effect then drew the top one
    assert p.drop == [] and moved == {p.deck[-1], p.hand[-1]}


def test_drop_to_deck_bottom_puts_matching_drop_cards_under_the_deck():
    game, p = game_with("FX-109")
    normal = [c for c in p.deck if game.cards[c].unit == "normal"]
    triggers = [c for c in p.deck if game.cards[c].unit == "trigger"]
    for c in (normal[0], triggers[0]):
        p.deck.remove(c)
        p.drop.append(c)
    assert acts(game, "FX-109") == []           # the trigger unit cannot pay: one card only
    p.deck.remove(normal[1])
    p.drop.append(normal[1])
    top = p.deck[-1]
    play(game, acts(game, "FX-109")[0])
    # both normal units went under the deck, the trigger stayed; the draw took the old top card
    assert p.drop == [triggers[0]] and set(p.deck[:2]) == {normal[0], normal[1]} and p.hand[-1] == top


def test_act_with_once_per_turn_cannot_be_paid_twice():
    game, p = game_with("FX-108")
    p.soul.extend(p.deck.pop() for _ in range(3))
    play(game, acts(game, "FX-108")[0])
    assert len(p.soul) == 2
    assert acts(game, "FX-108") == []           # still payable, but used this turn
    game.state.turn += 2
    assert acts(game, "FX-108") != []


def test_act_without_once_limit_repeats_while_payable():
    game, p = game_with("FX-102")
    p.soul.extend(p.deck.pop() for _ in range(5))
    plays = 0
    while acts(game, "FX-102"):
        play(game, acts(game, "FX-102")[0])
        plays += 1
    assert plays == 2 and len(p.soul) == 1


@pytest.mark.parametrize("card_id", ["FX-101", "FX-102", "FX-103", "FX-106", "FX-107"])
def test_unpayable_cost_is_never_offered(card_id):
    game, _ = game_with(card_id)
    assert acts(game, card_id) == []
