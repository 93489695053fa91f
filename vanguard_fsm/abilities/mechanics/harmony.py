"""Harmony (CR 11.34): two units of one master in one column are associated for the turn.

A card says it has Harmony with the CONT keyword effect `harmony` (zone R, or V/R as the real
cards print it). When another of your units is placed on a circle in the same column as a unit
with Harmony — called to a rear-guard circle, or placed on VC by a ride or a stride in front of
a back-center unit with Harmony — the two are associated "in harmony" until end of turn
(`AbState.harmony`, pairs of placement numbers with the turn); the association survives a
move to another column and ends when either unit leaves the field (CR 11.34.1.2, 8.7.3).
Only the unit already standing in the column is the Harmony unit of the pair: a unit with
Harmony placed beside a unit without it makes no pair, as its ability waits for ANOTHER unit
to be placed in its column (CR 11.34.1).
Units that were not in harmony yet raise `when_in_harmony` (CR 11.34.1.3.1); the condition
`in_harmony` asks whether this unit is in harmony now.

Simplification: the association is made when the unit is placed, not when the Harmony AUTO
ability resolves, so a unit that leaves in between is in harmony for that instant only
(CR 11.34.1.1 would not associate it); nothing in the built-in cards can remove it there.
"""
from __future__ import annotations

from ...game.state import COLUMN_PARTNER
from ..runtime import abstate
from ..language.registry import ABILITIES
from ..runtime.static import has_flag
from ..language.targets import find_unit


@ABILITIES.effect("harmony", "none")
def harmony(game, ctx, arg, params, then, index):
    """CONT: Harmony, this unit and your other unit placed in its column are in harmony this turn (CR 11.34).
    Example: {kind: CONT, zone: R, effect: harmony}"""
    fn, args = then
    game.then(fn, *args)


def partners(game, placed) -> list:
    """Units on the field associated with this one in harmony this turn (same master)."""
    turn = game.state.turn
    out = []
    for a, b, t in abstate.get(game).harmony:
        if t != turn or placed not in (a, b):
            continue
        me, other = find_unit(game, placed), find_unit(game, b if a == placed else a)
        if me is not None and other is not None and me[0] == other[0]:
            out.append(other)
    return out


@ABILITIES.condition("in_harmony")
def in_harmony(game, ctx, arg):
    """This unit is in harmony now (CR 11.34): associated this turn with a unit of yours still on the field.
    Example: {kind: CONT, zone: R, conditions: [in_harmony], effect: {power: 3000, target: self}}"""
    return bool(partners(game, ctx.placed))


def on_placed(layer, game, seat, circle) -> None:
    """A unit of `seat` was placed on `circle` (a call, a ride or a stride): associate it with
    the unit already in its column if that unit has Harmony (CR 11.34.1: 'when your OTHER unit
    is placed in the same column'); units newly in harmony raise `when_in_harmony`."""
    if "harmony" not in layer.cont_effects or circle not in COLUMN_PARTNER:
        return
    p = game.state.players[seat]
    new, other = p.circles[circle], p.circles[COLUMN_PARTNER[circle]]
    if new is None or other is None:
        return
    if not has_flag(layer, game, other, "harmony"):
        return
    fresh = [u for u in (other, new) if not partners(game, u.placed)]
    s = abstate.get(game)
    turn = game.state.turn
    kept = tuple(h for h in s.harmony if h[2] == turn)     # associations last until end of turn
    abstate.put(game, s._replace(harmony=kept + ((other.placed, new.placed, turn),)))
    for unit in fresh:
        zone = "V" if unit is p.circles["VC"] else "R"
        layer.subject(game, seat, unit.card, ("when_in_harmony",), zone, unit.placed)
