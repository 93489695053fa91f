"""Lock (CR 10.22, 10.24): a rear-guard turned face down on its circle, no longer a unit.

`{lock: TARGET}` locks the target rear-guards (a G unit goes to the G zone face up instead,
CR 10.22.8). A locked card is kept in `Player.locked` (circle -> card), not among the units,
so nothing that looks at units sees it (CR 3.8.1: it cannot attack, boost, intercept, be
chosen or counted), and no card is called or moved onto its circle (`zones.call_circles`).
The flow step `unlock_locked_cards` (end phase, CR 6.8.1.1.2) unlocks the turn player's
locked cards: they stand as new units. Trace: `lock` and `unlock` events naming the card
and its circle. Counts: `your_locked` / `opponent_locked`.
"""
from __future__ import annotations

from ..game import zones
from ..game.state import REAR_CIRCLES
from .effects import _targeted
from .registry import ABILITIES


def _lock(game, ctx, seat, circle, unit):
    if circle in REAR_CIRCLES:        # only rear-guards are locked by the cards of this era
        zones.lock(game, seat, circle, ability=ctx.key)


@ABILITIES.effect("lock", "target")
def lock(game, ctx, arg, params, then, index):
    """Lock the target rear-guards (CR 10.22): face down on their circle, not units, until their owner's end phase.

    Example: {lock: {from: opponent_rear_guards, choose: 1}}"""
    _targeted(game, ctx, {"target": arg}, _lock, (), then)
