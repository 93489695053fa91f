"""What a battle adds to a unit's power while it lasts (CR 7.4.1.11, 3.11.3).

The boosting unit's power is added to the boosted unit's, and the guardians' shields to the
attacked unit's they guard, "continuously" until the close step: so every reader of a unit's
power during the battle (effects that read or set it, "until its power is N", the board, the
trace, the comparison) sees the same number. `zones.power` adds `bonus(...)`; the battle
bookkeeping (`Battle`) says who is boosted and attacked, by placement (CR 7.4.1.8.2, 7.4.1.10.1.1).
A legion's booster is counted on the leader (the pair's power is their sum, CR 10.25.6).
"""
from __future__ import annotations


def bonus(game, unit, power) -> int:
    """The boost or the shields `unit` has now in the battle in progress; `power` reads the booster's."""
    state = game.state
    b = state.battle
    if b is None or b.attacker is None:
        return 0
    tp = state.turn_player
    if unit.placed == b.attacker_placed:
        me = state.players[tp]
        booster = me.circles[b.booster] if b.booster is not None else None
        if booster is None or booster.placed != b.booster_placed or me.circles[b.attacker] is not unit:
            return 0
        return power(game, booster)
    if unit.placed != b.target_placed and not b.more:
        return 0     # not the one attacked unit (the booster, a unit an effect reads): no shields
    them = state.players[1 - tp]
    if not them.gc:
        return 0     # no guardian, no shields: most reads (before the guard step, or nobody guarded)
    for circle, placed in b.targets():
        if unit.placed == placed and them.circles[circle] is unit:
            cards, shields = game.cards, 0
            for g in them.gc:     # a plain loop: read at every look at the attacked unit's power
                if g.guarding == circle:
                    shields += (cards[g.card].shield or 0) + g.shield_battle
            return shields
    return 0
