"""Effects whose work a rule step finishes: dealing damage and an extra turn.

An effect only leaves a note (an `until: rule` status, `game/statuses.py`) and the rules
take it up where they say so, so the order of things stays the rules' and the flows':

- `deal_damage` N (target: the opponent's vanguard unless told): that vanguard's
  "vanguard damage" grows by N (CR 10.33.1); the damage process at the next check timing
  checks it point by point, triggers and all (CR 10.33.2, 9.6; `game/rules/check_timing.py`);
- `extra_turn` you | opponent: a turn of that player right after this one
  (CR 12.4.1); the game flow's `turn` state goes to it (`extra_turn_pending`,
  `take_extra_turn` in `flows/game.yaml`); several are taken last added first (CR 12.4.2).
"""
from __future__ import annotations

from ...game import statuses
from ..language import counts
from .basic import _continue
from ..language.registry import ABILITIES
from ..language.targets import candidates

PLAYER = ("you", "opponent")


@ABILITIES.effect("deal_damage", "count", {"target": "target"})
def deal_damage(game, ctx, arg, params, then, index):
    """Deal N damage to a vanguard (the opponent's unless `target` says): the damage process checks it (CR 10.33).

    Example: {deal_damage: 1, target: opponent_vanguard}"""
    amount = counts.value(game, ctx, arg)
    units, _, _ = candidates(game, ctx, params.get("target", "opponent_vanguard"))
    for seat in dict.fromkeys(seat for seat, where, _ in units if where.startswith("VC")):
        if amount > 0:    # a legion is one vanguard: its damage is checked once per point (CR 10.25.7)
            statuses.add(game, statuses.seat_subject(seat), "vanguard_damage", amount, statuses.RULE)
    _continue(game, then)


@ABILITIES.effect("extra_turn", PLAYER)
def extra_turn(game, ctx, arg, params, then, index):
    """You (or your opponent) take an extra turn right after this one (CR 12.4).

    Example: {extra_turn: you}"""
    seat = ctx.seat if arg == "you" else 1 - ctx.seat
    statuses.add(game, statuses.seat_subject(seat), "extra_turn", True, statuses.RULE)
    _continue(game, then)
