"""Effects that make attacks (CR 10.34): `{attack: self, against: opponent_vanguard}`.

The attacking unit is one of the effect's target units (its master's; chosen now
if several), the unit attacked one of `against` (your opponent's units; chosen now
if several). The attack itself comes after the ongoing battle, by the flows
(`game/effect_attacks.py`).
"""
from __future__ import annotations

from ..game import effect_attacks
from .choose import choose, unit_options
from .effects import _continue
from .registry import ABILITIES
from .targets import candidates


@ABILITIES.effect("attack", "target", {"against": "target"})
def attack(game, ctx, arg, params, then, index):
    """One target unit attacks a unit of `against` (default: your opponent's vanguard) after this
    battle (CR 10.34): attack step to close step, no start step; in your battle phase only."""
    units, _, _ = candidates(game, ctx, arg)
    mine = [ref for ref in units if ref[0] == ctx.seat]
    choose(game, ctx.seat, "ability_target", unit_options(game, mine, ctx.seat), 1, False,
           (_attacker_done, (ctx, params.get("against", "opponent_vanguard"), then)),
           f"{ctx.key}: which unit attacks")


def _attacker_done(game, ctx, against, then, chosen):
    if not chosen:
        _continue(game, then)
        return
    units, _, _ = candidates(game, ctx, against)
    theirs = [ref for ref in units if ref[0] != ctx.seat]
    choose(game, ctx.seat, "ability_target", unit_options(game, theirs, ctx.seat), 1, False,
           (_target_done, (ctx, chosen[0][1], then)), f"{ctx.key}: which unit it attacks")


def _target_done(game, ctx, attacker_placed, then, chosen):
    if chosen:
        effect_attacks.request(game, ctx.seat, attacker_placed, chosen[0][1])
    _continue(game, then)
