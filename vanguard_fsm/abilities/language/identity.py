"""Which card is "this card": the very card whose ability resolves, wherever it is now (CR 4.1.4).

Printed text says "move this card from your soul to a rear-guard circle" (Barcgal, Lizard
Soldier Conroe): the card meant is the one with the ability, not any card of its name, and
a filter on the name would also take another copy lying in the same zone. The rules say
when a card is still that card: a card that moves from one zone to another, other than
from circle to circle, is a new card in the new zone (CR 4.1.4). So `this_card` is

- for a unit: the same unit, found by its placement number (`Unit.placed`); a unit that
  left the field or was put there anew is another one (like the `self` selector);
- for a card in a zone (soul, drop, hand, ...): the same card instance, while it is still in
  the zone it was in when its ability triggered or was played (`Ctx.home`, recorded by the
  ability layer with the pending ability). Barcgal's ability triggers when it is ridden
  upon and moved to the soul, and it works there as if it were a unit until it resolves
  (CR 8.6.5.1.4); if a cost puts it from the soul into the drop zone before that, the card
  in the drop zone is a new card and "call this card from your soul" finds nothing.

The ability of a unit (`placed` non-zero) has no home zone: once the unit has left the
field, the card is a new card in its new zone and not "this card" (CR 4.1.4; what the
ability still *knows* of it is its last information, CR 8.8.1, which no effect here reads).
Not modelled: a card that leaves its zone and comes back to the same zone while its ability
waits would still be taken for this card (zone arrivals are not numbered, placements are);
no card of the built-in set moves a card out of a zone and back in that time.
"""
from __future__ import annotations

from .registry import ABILITIES

# the zones a card that is not a unit may be in, by their `Player` attribute (CR 4.1)
ZONES = ("soul", "drop", "hand", "deck", "damage", "g_zone", "bind", "removed", "trigger")


def zone_of(game, inst: int) -> str | None:
    """The zone the card instance is in now (`heart` under a G unit, `locked` on a circle), or
    None when it is a unit on a circle (units are told apart by placement number)."""
    p = game.state.players[game.owner[inst]]
    for name in ZONES:
        if inst in getattr(p, name):
            return name
    v = p.circles["VC"]
    if v is not None and v.heart == inst:
        return "heart"
    if inst in p.locked.values():
        return "locked"
    return None


def home_of(game, inst: int, placed: int) -> str | None:
    """What an ability of `inst` records when it triggers or is played: the card's zone, unless
    the card is a unit (`placed` non-zero: the placement number says which unit it is)."""
    return None if placed else zone_of(game, inst)


def is_this_card(game, ctx, inst: int | None, unit) -> bool:
    """`inst` (a unit `unit`, or a card in a zone) is the card whose ability `ctx` resolves."""
    if unit is not None:
        return bool(ctx.placed) and unit.placed == ctx.placed
    if inst != ctx.inst or ctx.placed:
        return False     # another card, or the ability's unit has left the field since (a new card)
    return ctx.home is None or zone_of(game, inst) == ctx.home   # home unknown: where it is now


@ABILITIES.filter("this_card", "none", by_instance=True)
def _this_card(game, arg, card, unit, ctx, inst):
    """The very card whose ability resolves, not another card of its name: the same unit, or the same card still in the zone it was in when the ability triggered or was played (CR 4.1.4).
    Example: {call: {from: soul, choose: 1, this_card: true}}"""
    return is_this_card(game, ctx, inst, unit)
