"""Lock and unlock (CR 10.22, 10.24): a rear-guard turned face down on its circle, no longer a unit.

`{lock: TARGET}` locks the target rear-guards (a G unit goes to the G zone face up instead,
CR 10.22.8). A locked card is kept in `Player.locked` (circle -> card), not among the units,
so nothing that looks at units sees it (CR 3.8.1: it cannot attack, boost, intercept, be
chosen or counted), and no card is called or moved onto its circle (`zones.call_circles`).
The flow step `unlock_locked_cards` (end phase, CR 6.8.1.1.2) unlocks the turn player's
locked cards: they stand as new units. `{unlock: LOCKED}` unlocks locked cards by an effect
(CR 10.24): LOCKED names whose (`your_locked`, `opponent_locked`, `locked`: both players') and,
as a mapping, how many to choose (`{from: locked, choose: 3, up_to: true}`); the units they
become are `that` for the ability's later effects. A locked card has no characteristics
(CR 10.22.3), so no filter applies to it. Trace: `lock` (with `by`, the locking ability's
master) and `unlock` events naming the card and its circle. Counts: `your_locked` / `opponent_locked`.
"""
from __future__ import annotations

from ...game import zones
from ...game.state import REAR_CIRCLES
from ..runtime import abstate
from ..language import counts
from ..language.choose import choose
from ..effects.basic import _continue, _targeted
from ..language.registry import ABILITIES

# a locked-card source (lint: `lint_composite.LOCKED_SOURCES`) -> whose locked cards, relative to the
# ability's master (0: yours, 1: the opponent's)
LOCKED_SOURCES = {"your_locked": (0,), "opponent_locked": (1,), "locked": (0, 1)}


def _lock(game, ctx, seat, circle, unit):
    if circle in REAR_CIRCLES:        # only rear-guards are locked by the cards of this era
        zones.lock(game, seat, circle, ability=ctx.key, by=ctx.seat)


@ABILITIES.effect("lock", "target")
def lock(game, ctx, arg, params, then, index):
    """Lock the target rear-guards (CR 10.22): face down on their circle, not units, until their owner's end phase.

    Example: {lock: {from: opponent_rear_guards, choose: 1}}"""
    _targeted(game, ctx, {"target": arg}, _lock, (), then)


def locked_cards(game, seat: int, source: str) -> list:
    """(seat, circle) of the locked cards a source names, the master's own first."""
    out = []
    for rel in LOCKED_SOURCES[source]:
        owner = seat if rel == 0 else 1 - seat
        locked = game.state.players[owner].locked
        out.extend((owner, c) for c in REAR_CIRCLES if c in locked)
    return out


@ABILITIES.effect("unlock", "locked")
def unlock(game, ctx, arg, params, then, index):
    """Unlock locked cards (CR 10.24): each turns face up, a standing rear-guard and a new unit (not placed); they become `that`.

    Example: [{unlock: {from: locked, choose: 5, up_to: true}}, {power: {count: that, times: 3000}, target: self, until: battle}]"""
    source = arg if isinstance(arg, str) else arg.get("from", "locked")
    refs = locked_cards(game, ctx.seat, source)
    if isinstance(arg, str) or "choose" not in arg:      # all of them
        _unlock_chosen(game, ctx, then, tuple(refs))
        return
    count = counts.value(game, ctx, arg["choose"])
    options = tuple((c if s == ctx.seat else f"opponent.{c}", (s, c)) for s, c in refs)
    choose(game, ctx.seat, "ability_target", options, count, bool(arg.get("up_to")),
           (_unlock_chosen, (ctx, then)), f"{ctx.key}: choose {count} locked card(s) to unlock")


def _unlock_chosen(game, ctx, then, chosen):
    placed = []
    for seat, circle in chosen:
        if circle in game.state.players[seat].locked:      # still locked (CR 10.22.5)
            placed.append(zones.unlock(game, seat, circle).placed)
    abstate.set_that(game, placed)
    _continue(game, then)
