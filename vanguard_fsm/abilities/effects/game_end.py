"""Winning the game by an effect (CR 1.2.5): the game ends at once, as a loss by rule action does.

A card that says "you win the game" decides it while its ability resolves, not at the next check
timing (CR 1.2.1: when a player loses, the game ends immediately): the ability is reported
`resolved`, and anything waiting on the agenda is abandoned with every running machine
(`Game.decide`). The `game_over` event says `reason: effect`. The lint keeps it the last effect of
its ability, so no effect written after it is silently never done.
"""
from __future__ import annotations

from ..language.registry import ABILITIES


@ABILITIES.effect("win_game", "none")
def win_game(game, ctx, arg, params, then, index):
    """The player of this ability wins the game, and the opponent loses it, at once (CR 1.2.5, 1.2.1).
    Example: {kind: AUTO, zone: V, timing: beginning_of_main_phase, if: [{compare: [{count: opponent_locked},
    at_least, 5]}], effect: win_game}"""
    layer = game.abilities
    layer.emit(game, ctx, layer.specs[ctx.key].kind, "resolved")   # its resolution ends with the game
    game.decide(ctx.seat, 1 - ctx.seat, "effect")
