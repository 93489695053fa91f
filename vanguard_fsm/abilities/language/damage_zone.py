"""The damage zone as the zone an ability works from (issue 28 item 2; CR 4.8).

Some cards have an ability that works while the card lies face up in the damage zone ("[ACT] Damage
Zone: turn this card face down: your Angel Feather vanguard gets +3000 until end of turn"). Card data
writes `zone: damage` for it (the layer lists a player's damage cards with the other zones it reads,
`runtime/layer.py`), and the cost that turns the card itself face down:

- `face_down_self` (cost): turn this card, face up in your damage zone, face down (as Counter Blast
  turns a chosen one, CR 10.11). A face-down card cannot pay it, so its ability is not offered.
"""
from __future__ import annotations

from ...game import zones
from ...game.rules.costs import paid_by
from .registry import ABILITIES


@ABILITIES.cost("face_down_self", "none")
class FaceDownSelf:
    """Turn this card, face up in your damage zone, face down (the cost of an ability that works from the
    damage zone).

    Example: {kind: ACT, zone: damage, cost: [face_down_self], effect: {draw: 1}}"""

    @staticmethod
    def payable(game, ctx, n):
        p = game.state.players[ctx.seat]
        return ctx.inst in p.damage and ctx.inst not in p.face_down

    @staticmethod
    def pay(game, ctx, n, then):
        zones.turn_over(game, ctx.seat, ctx.inst, "down", "cost", **paid_by(ctx))
        fn, args = then
        game.then(fn, *args)
