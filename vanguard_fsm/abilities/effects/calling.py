"""How an ability calls cards (superior calls, CR 10.7.1.3): one circle choice per card.

Every call term of the card language (`call`, and `to: call` of `look_top`, `reveal_top` and
`reveal_until`) takes the same options, `CALL_PARAMS`, so a card says "call it to an open
rear-guard circle as rested" the same way whatever chose the card:

- `separate: true`: each card to a circle none of the others of this call went to ("to separate
  rear-guard circles");
- `circle: same_column`: only the rear-guard circle of this unit's column (CR 4.6.2), none when
  the unit has left the field; `circle: open`: only circles with no unit on them ("to an open
  rear-guard circle"), so no unit there is retired (RULES 3.3.4 a);
- `circle: guardian`: to the guardian circle, at rest (CR 10.7.1.3.1), as guardians of the player
  being attacked (the non-turn player, during a battle; otherwise nothing is called): each guards the
  attacked unit, or with several attacked units the one its player chooses; the trace reports it as
  a `guard` with `how: call` (it is placed on GC, and its own "when placed" abilities trigger);
- `rested: true`: placed at rest ("call it as [Rest]": an effect may say how a card is placed, as
  CR 10.7.1.3.1 and 10.7.1.4 do), so its own "when placed" abilities already see it rested; the
  trace's `call` says `rested: true`.

A card left with no allowed circle stays where it was. The units called become `that`. A call of
cards taken from the deck by a search shuffles the deck afterwards (CR 10.11.1.1); the caller says
so (`CallWay.shuffle`): a call of looked-at cards whose others go under the deck does not.
"""
from __future__ import annotations

from typing import NamedTuple

from ...game import zones
from ...game.rules import battle
from ...game.state import COLUMN_PARTNER
from ..runtime import abstate
from ..language.choose import choose
from ..language.targets import find_unit

CALL_PARAMS = {"separate": "none", "circle": ("same_column", "open", "guardian"), "rested": "none"}


class CallWay(NamedTuple):
    """The options of one call: see the module docstring."""
    separate: bool = False
    column: bool = False
    open: bool = False
    rested: bool = False
    shuffle: bool = True      # a call from the deck shuffles it afterwards (a search, CR 10.11.1.1)
    guardian: bool = False    # `circle: guardian`


def call_way(params: dict, shuffle: bool = True) -> CallWay:
    """The call options an effect item writes (`CALL_PARAMS`)."""
    circle = params.get("circle")
    return CallWay(bool(params.get("separate")), circle == "same_column", circle == "open",
                   bool(params.get("rested")), shuffle, circle == "guardian")


def call_cards(game, ctx, then, zone, chosen, way: CallWay = CallWay()) -> None:
    """Call the chosen cards still in `zone` one at a time, each to a circle of the player's choice."""
    abstate.set_that(game, ())
    if way.guardian:
        _guardian_next(game, ctx, then, zone, tuple(chosen), way)
        return
    only = column_circles(game, ctx) if way.column else None
    _call_next(game, ctx, then, zone, tuple(chosen), way, () if way.separate else None, only)


def column_circles(game, ctx) -> tuple:
    """The rear-guard circle in the column of the ability's unit (CR 4.6.2; the mate on VC stands in
    the centre column, CR 10.25.1): none when the unit has left the field, so nothing is called."""
    ref = find_unit(game, ctx.placed, ctx.seat)
    circle = ref and ref[0] == ctx.seat and COLUMN_PARTNER.get("VC" if ref[1] == "VC_mate" else ref[1])
    return (circle,) if circle else ()


def _call_next(game, ctx, then, zone, chosen, way, used, only):
    """`used`: the circles this call filled so far when they must differ, else None; `only`: the
    circles allowed at all, else None."""
    p = game.state.players[ctx.seat]
    circles = [c for c in zones.call_circles(p) if (used is None or c not in used) and (only is None or c in only)
               and not (way.open and p.circles[c] is not None)]
    if not chosen or not circles:
        if zone == "deck" and way.shuffle:
            zones.shuffle(game, ctx.seat)
        game.then(then[0], *then[1])
        return
    inst, rest = chosen[0], chosen[1:]
    options = tuple((c, c) for c in circles)
    choose(game, ctx.seat, "ability_circle", options, 1, False,
           (_call_to, (ctx, then, zone, inst, rest, way, used, only)),
           f"{ctx.key}: call {game.cards[inst].id} to which circle")


def _call_to(game, ctx, then, zone, inst, rest, way, used, only, chosen):
    p = game.state.players[ctx.seat]
    if chosen and inst in getattr(p, zone):
        zones.call(game, ctx.seat, inst, chosen[0], normal=False, rested=way.rested, source=zone)
        unit = p.circles[chosen[0]]
        if unit is not None and unit.card == inst:
            abstate.set_that(game, abstate.get(game).that + (unit.placed,))
        if used is not None:
            used = used + (chosen[0],)
    _call_next(game, ctx, then, zone, rest, way, used, only)


def _guardian_next(game, ctx, then, zone, chosen, way):
    """The next card to the guardian circle (CR 10.7.1.3.1): only for the attacked player in a battle."""
    b = game.state.battle
    attacked = [c for c, _ in battle.attacked_units(game)] if b is not None else []
    if not chosen or not attacked or ctx.seat == game.state.turn_player:
        _call_next(game, ctx, then, zone, (), way, None, None)       # nothing more: the shuffle, if any
        return
    inst, rest = chosen[0], chosen[1:]
    if not b.more:       # one attacked unit: nothing to choose
        _guardian_to(game, ctx, then, zone, inst, rest, way, (b.target,))
        return
    options = tuple((c, c) for c in attacked)
    choose(game, ctx.seat, "ability_circle", options, 1, False, (_guardian_to, (ctx, then, zone, inst, rest, way)),
           f"{ctx.key}: {game.cards[inst].id} guards which attacked unit")


def _guardian_to(game, ctx, then, zone, inst, rest, way, chosen):
    p = game.state.players[ctx.seat]
    if chosen and inst in getattr(p, zone):
        getattr(p, zone).remove(inst)
        battle.to_gc(game, ctx.seat, inst, "call", source=zone, guarding=chosen[0])
        abstate.set_that(game, abstate.get(game).that + (p.gc[-1].placed,))
    _guardian_next(game, ctx, then, zone, rest, way)
