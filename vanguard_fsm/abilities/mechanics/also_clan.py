"""A clan added by an effect: "this card is also a <<Gold Paladin>>" (CR 2.2.4; issue 28 item 2).

`also_clan: CLAN` is written in a CONT ability. With no `target` it is said of the card itself and,
written with no zone (as printed: "[CONT]: this card is also ..."), holds wherever the card is: a
search of the deck, a discard cost, a soul count and a trigger check all see the added clan. With a
`target` ("all of your rear-guards with 'Я' in their names are also <<Link Joker>>", from the VC)
it holds for those units while the ability applies, like a CONT power.

Every clan question (the `clan` filter, the trigger check of RULES 1.4 / CR 7.6.1.2.4, Lord CR 11.8)
asks `game/clans.py` first with the printed clans, and asks `added(game, card, unit)` here only when
that says no: a game whose cards add no clan never comes here (`also_clan` is not among the layer's
CONT effects), the hot path of every other game. Lint refuses a `clan` filter inside an `also_clan`
ability (it would ask itself).
"""
from __future__ import annotations

from ...game import deleted
from ...game.clans import in_clan
from ..language.conditions import all_hold
from ..language.registry import ABILITIES
from ..language.targets import Ctx
from ..runtime.static import _affects

EFFECT = "also_clan"


@ABILITIES.effect(EFFECT, "str", {"target": "target"})
def also_clan(game, ctx, arg, params, then, index):
    """CONT: this card (or the `target` units) is also of this clan (CR 2.2.4); with no target and no
    zone, wherever the card is.
    Example: {kind: CONT, effect: {also_clan: Gold Paladin}}"""
    fn, args = then
    game.then(fn, *args)


def _zone_of(game, seat, unit):
    p = game.state.players[seat]
    vc = p.circles["VC"]
    if vc is unit or (vc is not None and vc.legion() and vc.mate is unit):
        return "V"
    return "GC" if unit in p.gc else "R"


def added(game, card, unit) -> tuple:
    """The clans effects add now to `card` (a unit `unit`, or a card in a zone with `unit` None)."""
    layer = game.abilities
    if layer is None or EFFECT not in layer.cont_effects:
        return ()
    out = []
    gone = deleted.placements(game)
    own = layer.cont_self.get(EFFECT, {}).get(card.id, ())
    for spec, arg, _ in own:       # "this card is also ...": everywhere, or on the circles its zone says
        if spec.zones is None:
            out.append(arg)
        elif unit is not None and unit.placed not in gone:
            seat = game.owner[unit.card]
            ctx = Ctx(seat, unit.card, spec.key, "continuous", unit.placed)
            if _zone_of(game, seat, unit) in spec.zones and all_hold(game, ctx, spec.conditions):
                out.append(arg)
    table = layer.cont_by_what.get(EFFECT)
    if table and unit is not None:      # another card's CONT: "your rear-guards ... are also ..."
        for seat in (0, 1):
            for zone, _, inst, placed in layer.cards_in(game, seat, layer.cont_zones):
                for spec, arg, target in table.get(game.cards[inst].id, ()) if placed not in gone else ():
                    if spec.zones is not None and zone not in spec.zones:
                        continue
                    ctx = Ctx(seat, inst, spec.key, "continuous", placed)
                    if all_hold(game, ctx, spec.conditions) and _affects(game, ctx, target, unit):
                        out.append(arg)
    return tuple(out)


class AddedClans:
    """The ability layer's answer to the game's rules (the trigger check, game/rules/triggers.py)."""

    added_clans = staticmethod(added)     # (game, card, unit) -> the clans effects add to it now


@ABILITIES.filter("clan", "str")
def clan(game, arg, card, unit, ctx):
    """The card is of this clan (a card of all clans is of every one; a nation card of no clan, of its nation's,
    CR 2.17.4.2; a clan an effect added, CR 2.2.4).
    Example: {from: your_rear_guards, clan: Gold Paladin}"""
    if game is None:
        return in_clan(card, arg, None)
    return in_clan(card, arg, game.params) or arg in added(game, card, unit)
