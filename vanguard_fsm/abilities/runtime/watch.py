"""Watcher timings with parameters: one timing per kind of event, narrowed by the ability's `watch:`.

Printed triggers name another card's move in many shapes: "when another of your «Pale Moon» is
placed on (RC) from your soul", "when your grade 3 «Narukami» is placed on (VC)", "when another of
your rear-guards is put into the drop zone", "when a card is put into your damage zone", "when a
unit in this unit's column stands". Rather than one timing per shape, each kind of event is one
timing, and the ability's `watch:` mapping says which of those events it waits for (the trigger
condition of CR 8.1.1.2)::

    timing: when_unit_placed
    watch: {circle: R, from_zone: soul, another: true, clan: Pale Moon}

`watch` holds parameters (`WATCH_PARAMS`: whose card, which circle or zone, where it came from,
`another`, `same_column`, `by_effect`) and any target filter on the card the event is about (`clan`,
`grade_min`, `name_contains` ...). The ability is watched from its `zone` (V, R, the soul ...),
like the other watchers (`events.WATCHED`). A unit placed, stood or rested is `that` for the effect
("that unit gets ..."): its placement number is handed to the pending ability (CR 8.5.4); a card put
into a zone is chosen again with the filter `that_card`. Also here: an ability given to a unit that
triggers on its own move off the field (`given_on_leaving`, CR 8.6.5.1.2).
"""
from __future__ import annotations

from ...game.state import MATE, REAR_CIRCLES
from . import abstate
from ..language.filters import passes
from ..language.registry import ABILITIES
from ..language.selectors import COLUMN_CIRCLES
from ..language.targets import Ctx, find_unit, where_zone

PLACED = "when_unit_placed"
PUT_INTO = "when_card_put_into"
STANDS = "when_unit_stands"
RESTS = "when_unit_rests"
DRAWN = "when_card_drawn"
WHOSE = ("you", "opponent")
CIRCLES = ("V", "R", "GC")
ARRIVALS = ("drop", "damage", "bind", "soul", "hand")
FROM_ZONES = ("V", "R", "GC", "hand", "deck", "soul", "drop", "damage", "bind", "trigger", "g_zone")
# timing -> its parameters (name -> argument kind, as `lint` reads them); every other key of
# `watch` is a target filter on the card the event is about; `REQUIRED`: must be written
WATCH_PARAMS = {
    PLACED: {"whose": WHOSE, "circle": "circles", "from_zone": FROM_ZONES, "another": "flag",
             "same_column": "flag", "by_effect": "flag"},
    PUT_INTO: {"to": ARRIVALS, "whose": WHOSE, "from_zone": FROM_ZONES, "another": "flag"},
    STANDS: {"whose": WHOSE, "another": "flag", "same_column": "flag"},
    RESTS: {"whose": WHOSE, "another": "flag", "same_column": "flag"},
    DRAWN: {"whose": WHOSE},
}
REQUIRED = {PUT_INTO: ("to",)}
TIMINGS = frozenset(WATCH_PARAMS)


CARD = "card"    # `that` holds placement numbers of units, and (CARD, instance) for a card an event moved


@ABILITIES.filter("that_card", "none", by_instance=True)
def _that_card(game, arg, card, unit, ctx, inst):
    """The card the event this AUTO ability watches was about ("put that card into your hand"), in a zone
    (`when_card_put_into`): the card put there (CR 8.5.4).
    Example: {put_cards: {from: drop, choose: 1, that_card: true}, to: hand}"""
    return unit is None and (CARD, inst) in abstate.get(game).that


def _origin_is(origin, wanted) -> bool:
    """`from_zone`: R is any rear-guard circle, V the vanguard circle (a legion mate's too)."""
    if wanted == "R":
        return origin in REAR_CIRCLES
    if wanted == "V":
        return origin in ("VC", MATE)
    return origin == wanted


def _column(where) -> str | None:
    where = "VC" if where == MATE else where
    return next((c for c, circles in COLUMN_CIRCLES.items() if where in circles), None)


def _holds(game, ctx, spec, owner, inst, unit, where, origin, to=None, by_effect=None) -> bool:
    """The event (a card `inst` of `owner`, as `unit` on circle `where`, or arrived in zone `to`, from
    `origin`; placed `by_effect` or by the rules) is one this ability's `watch:` waits for; `whose`
    unwritten is yours."""
    params = WATCH_PARAMS[spec.timing]
    watch = dict(spec.watch)
    if (owner == ctx.seat) != (watch.get("whose", "you") == "you"):
        return False
    for key, arg in watch.items():
        if key == "circle" and where_zone(where) not in ((arg,) if isinstance(arg, str) else arg):
            return False
        if key == "from_zone" and not _origin_is(origin, arg):
            return False
        if key == "another" and arg and inst == ctx.inst:
            return False
        if key == "to" and to != arg:
            return False
        if key == "by_effect" and arg != by_effect:
            return False
        if key == "same_column" and arg:
            mine = find_unit(game, ctx.placed, ctx.seat)
            if mine is None or mine[0] != owner or _column(mine[1]) != _column(where):
                return False
    filters = tuple((k, v) for k, v in spec.watch if k not in params)
    return passes(game, ctx, filters, game.cards[inst], unit, inst)


def raise_watch(layer, game, timing, owner, inst, unit=None, where=None, origin=None, to=None, by=None,
                by_effect=None) -> None:
    """Both players' cards watching `timing` whose `watch:` holds for this event stand by."""
    if timing not in layer.timing_zones:   # no card here watches it (every draw asks): no closure made
        return
    holds = _event_holds(game, timing, owner, inst, unit, where, origin, to, by, by_effect)
    that = (unit.placed,) if unit is not None else ((CARD, inst),)    # a card in a zone: `that_card`
    for seat in (game.state.turn_player or 0, 1 - (game.state.turn_player or 0)):
        layer.watchers(game, seat, timing, that, by, holds, origin)


def _event_holds(game, timing, owner, inst, unit, where, origin, to, by, by_effect):
    """(seat, watcher, spec, placement) -> does this watcher's `watch:` hold for the event (`_holds`)?
    Made apart from `raise_watch`, whose early return would otherwise make the closure's cells."""
    def holds(seat, watcher, spec, placed):
        return _holds(game, Ctx(seat, watcher, spec.key, timing, placed, origin, None, by), spec, owner, inst, unit,
                      where, origin, to, by_effect)
    return holds


def on_placed(layer, game, f, circle) -> None:
    """A `call`, `ride`, `stride` or `guard`: the unit now on `circle` was placed there (CR 10.5.1.1), by
    a card's effect when it was not played (a superior call or ride, CR 8.5.1.1, 10.6.1.1)."""
    if PLACED not in layer.timing_zones:      # no card of this game watches placings: the usual case
        return
    seat = f["player"]
    p = game.state.players[seat]
    unit = p.gc[-1] if circle == "GC" else p.unit_at(circle)
    if unit is not None:
        raise_watch(layer, game, PLACED, seat, unit.card, unit, circle, f.get("from"),
                    by_effect=not f.get("normal", True))


def _each_unit(layer, game, timing, seat, circles) -> None:
    p = game.state.players[seat]
    for circle in circles:
        unit = p.unit_at(circle) if circle != "GC" else None
        if unit is not None:
            raise_watch(layer, game, timing, seat, unit.card, unit, circle)


def on_stand(layer, game, f) -> None:
    """A `stand` event: the units on the circles it names became standing (a stand trigger says so as it
    stands the unit, `triggers.py`)."""
    _each_unit(layer, game, STANDS, f["player"], f.get("circles", ()))


def on_rest(layer, game, event, f) -> None:
    """A `rest` event, an `attack` (the attacker rests, a legion's mate too, CR 7.4.1.3, 10.25.5) or a
    `boost` (the booster rests): those units became rested (CONTRACT: no `rest` event for these two).
    An event handler (`events.EVENT_TIMINGS`): this layer's game's events only."""
    if game.abilities is not layer:
        return
    if "circles" in f:
        circles = f["circles"]
    elif "booster" in f:
        circles = (f["booster"],)
    else:
        circles = (f["attacker"], MATE) if f["attacker"] == "VC" else (f["attacker"],)
    _each_unit(layer, game, RESTS, f["player"], circles)


def on_draw(layer, game, f) -> None:
    seat = f["player"]
    raise_watch(layer, game, DRAWN, seat, game.state.players[seat].hand[-1], origin="deck", to="hand")


# a unit's own move, for the abilities given to it (the printed ones: `events.on_zone_change`)
LEAVING = {"drop": "when_put_into_drop", "bind": "when_put_into_bind"}


def given_on_leaving(layer, game, seat, inst, placed, src, dst, by) -> None:
    """A unit left the field for `dst`: an ability given to it that triggers on that move ("[AUTO] when
    this unit is put into the drop zone", given until end of turn) triggers, as the unit had it on the
    field (CR 8.6.5.1.2: a card leaving the field is looked at as it was there)."""
    timing = LEAVING.get(dst)
    if timing is None or timing not in layer.timing_zones:
        return
    for spec in layer.granted_specs(game, placed):
        if spec.kind == "AUTO" and spec.timing == timing and (spec.zones is None or dst in spec.zones):
            layer.trigger(game, seat, inst, spec, timing, 0, src, by=by)


def on_arrived(layer, game, seat, inst, src, dst) -> None:
    """A card arrived in a zone (`events.on_zone_change`)."""
    if dst in ARRIVALS and PUT_INTO in layer.timing_zones:
        raise_watch(layer, game, PUT_INTO, seat, inst, origin=src, to=dst, by=layer.effect_by)
