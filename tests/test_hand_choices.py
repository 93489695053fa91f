"""Equal cards in hand are one choice: a guard or a normal call names the first hand card of each
card id (`rules.common.distinct`), which guard_legal and call_legal write out in their own loops."""
from __future__ import annotations

import re

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.game.rules import costs
from vanguard_fsm.game.rules.common import distinct

from helpers import play

_HAND_CHOICE = re.compile(r"(?:guard|call):hand\[(\d+)\]")


def test_a_guard_or_a_call_names_the_first_hand_card_of_each_id():
    looked = {"guard": 0, "normal_call": 0}

    def check(game, decision, _):
        hand = game.state.players[decision.player].hand
        firsts = {i for i, _ in distinct(game, hand)}
        for a in decision.actions:
            found = _HAND_CHOICE.match(a.id)
            if found and a.kind in looked:
                assert int(found.group(1)) in firsts, f"{a.id}: a hand card after an equal one"
                looked[a.kind] += len(firsts) < len(hand)

    for seed in range(4):
        play(new_game_with_abilities(seed), ("random", "random"), seed, check)
    assert all(looked.values()), f"no hand with equal cards was looked at: {looked}"



def test_a_stride_cost_offers_each_card_left_once_and_done_once_paid():
    """A stride cost (`hand_grades_total`, CR 11.11.2) offers the first hand card of each id not chosen yet
    (its options kept from one decision and game to the next) and `done` once the chosen grades reach it."""
    for seed in range(3):
        game = new_game_with_abilities(seed)
        game.advance()
        for seat in (0, 1):
            p = game.state.players[seat]
            p.hand = p.deck[:8]     # equal cards among them
            for k in range(4):
                chosen = tuple(p.hand[:k])
                for need in (0, 2, 5):
                    game.pending = None
                    costs._pick_grades(game, costs.PayContext(seat, 0, "stride:test"), need, chosen, (print, ()))
                    left = [i for i in p.hand if i not in chosen]
                    wanted = [(f"hand_grades_total:{game.cards[inst].id}", (inst,)) for _, inst in distinct(game, left)]
                    if sum(game.cards[i].grade for i in chosen) >= need:
                        wanted.append(("hand_grades_total:done", ()))
                    offered = game.pending.actions
                    assert [(a.id, a.args) for a in offered] == wanted
                    assert all(a.player == seat and a.kind == "hand_grades_total" for a in offered)
