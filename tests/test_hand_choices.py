"""Equal cards in hand are one choice: a guard or a normal call names the first hand card of each
card id (`rules.common.distinct`), which guard_legal and call_legal write out in their own loops."""
from __future__ import annotations

import re

from vanguard_fsm.abilities import new_game_with_abilities
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
