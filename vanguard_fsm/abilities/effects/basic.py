"""Ability effects: what resolving an ability does (CR 8.2, 8.5.3.5, 8.5.4).

Each effect is `fn(game, ctx, arg, params, then, index)`: it does its work,
asking for choices when it must (made at resolution, CR 8.5.4), and then runs
the task `then`. `params` is the effect item's other keys as a dict
(`target`, `until` ...). Effects that move cards use the `zones` primitives or
emit `move` events, so the trace shows every card that moved.
"""
from __future__ import annotations

from ...game import zones
from ...game.state import COLUMN_PARTNER
from ..runtime import abstate
from ..language import counts
from ..language.choose import card_options, choose, unit_options
from ..language.registry import ABILITIES
from ..language.filters import filters_of, passes
from ..language.targets import candidates, find_unit
from .calling import CALL_PARAMS, call_cards, call_way

UNTIL = ("battle", "turn")
UNIT_PARAMS = {"target": "target"}
TIMED_PARAMS = {"target": "target", "until": UNTIL}


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


def _targeted(game, ctx, params, op, op_args, then, kind="ability_target"):
    """Apply `op(game, ctx, seat, circle, unit, *op_args)` to the target's units (chosen now)."""
    target = params.get("target", "self")
    if target == "self":    # the `self` selector is `find_unit(ctx.placed)`: looked up once, when applied
        _apply_units(game, ctx, then, op, op_args, ((ctx.seat, ctx.placed),))
        return
    units, count, up_to = candidates(game, ctx, target)
    if count is None:
        _apply_units(game, ctx, then, op, op_args, tuple((s, u.placed) for s, _, u in units))
        return
    choose(game, ctx.seat, kind, unit_options(game, units, ctx.seat), count, up_to,
           (_apply_chosen, (ctx, then, op, op_args)), f"{ctx.key}: choose {count} unit(s)")


def _apply_chosen(game, ctx, then, op, op_args, chosen):
    """Units chosen (not 'all of'): they become `that` for the ability's later effects (CR 8.5.4)."""
    abstate.set_that(game, (placed for _, placed in chosen))
    _apply_units(game, ctx, then, op, op_args, chosen)


def _apply_units(game, ctx, then, op, op_args, chosen):
    for seat, placed in chosen:
        ref = find_unit(game, placed, seat)
        if ref is not None:
            op(game, ctx, *ref, *op_args)
    _continue(game, then)


def _until(game, params):
    until = params.get("until", "turn")
    return "battle" if until == "battle" and game.state.battle is not None else "turn"


def _add_power(game, ctx, seat, circle, unit, amount, until):
    unit.modified("power", amount, until, ctx.key)


def _add_critical(game, ctx, seat, circle, unit, amount, until):
    unit.modified("critical", amount, until, ctx.key)


def _add_shield(game, ctx, seat, circle, unit, amount):
    unit.shield_battle += amount


@ABILITIES.effect("power", "number", TIMED_PARAMS)
def power(game, ctx, arg, params, then, index):
    """Power +N (target, until battle / turn); N may be negative or a count, read on resolution.

    Example: {power: {count: your_rear_guards, other: true, times: 2000}, target: self, until: battle}"""
    _targeted(game, ctx, params, _add_power, (counts.value(game, ctx, arg), _until(game, params)), then)


@ABILITIES.effect("critical", "number", TIMED_PARAMS)
def critical(game, ctx, arg, params, then, index):
    """Critical +N (target, until battle / turn); N may be negative or a count.

    Example: {critical: 1, target: your_vanguard, until: turn}"""
    _targeted(game, ctx, params, _add_critical, (counts.value(game, ctx, arg), _until(game, params)), then)


@ABILITIES.effect("shield", "count", UNIT_PARAMS)
def shield(game, ctx, arg, params, then, index):
    """Shield +N until end of battle (a guardian); N may be a count.

    Example: {shield: {count: your_face_up_g_zone, times: 5000}, target: self}"""
    _targeted(game, ctx, params, _add_shield, (counts.value(game, ctx, arg),), then)


# where `then_to` may send retired cards from the drop zone: a zone of the card's owner
RETIRED_TO = ("hand", "soul", "bind", "deck_top", "deck_bottom")


def _retire(game, ctx, seat, circle, unit, then_to=None):
    layer = game.abilities    # the move is by this card's effect, whoever chooses (`opponent:`): `caused_by`
    layer.effect_by = game.owner[ctx.inst]
    try:
        if circle.startswith("GC"):
            zones.retire_guardian(game, seat, unit)
        else:
            zones.retire(game, seat, circle)
    finally:
        layer.effect_by = None
    if then_to is not None and unit.card in game.state.players[seat].drop:   # a G unit went to the G zone
        zone = "deck" if then_to.startswith("deck_") else then_to
        zones.put(game, seat, unit.card, "drop", zone, "effect", bottom=then_to == "deck_bottom", ability=ctx.key)


@ABILITIES.effect("retire", "target", {"then_to": RETIRED_TO})
def retire(game, ctx, arg, params, then, index):
    """Retire the target units (drop zone; a G unit to the G zone), a vanguard too (CR 10.4); `then_to`: those cards then go from the drop zone to their owner's hand, soul, bind zone or deck ("retire them and bind them").

    Example: {retire: {from: units, who: opponent}, then_to: bind}"""
    _targeted(game, ctx, {"target": arg}, _retire, (params.get("then_to"),), then)


def _stand(game, ctx, seat, circle, unit):
    zones.set_rested(game, seat, unit, False)


def _rest(game, ctx, seat, circle, unit):
    zones.set_rested(game, seat, unit, True)


@ABILITIES.effect("stand", "target")
def stand(game, ctx, arg, params, then, index):
    """Stand the target units."""
    _targeted(game, ctx, {"target": arg}, _stand, (), then)


@ABILITIES.effect("rest", "target")
def rest(game, ctx, arg, params, then, index):
    """Rest the target units."""
    _targeted(game, ctx, {"target": arg}, _rest, (), then)


def _keep_rested(game, ctx, seat, circle, unit):
    unit.keep_rested = True


@ABILITIES.effect("keep_rested", "target")
def keep_rested(game, ctx, arg, params, then, index):
    """The target units do not stand in their master's next stand phase (seeds 002/003 3.3.1)."""
    _targeted(game, ctx, {"target": arg}, _keep_rested, (), then)


def _move(game, ctx, seat, circle, unit):
    if circle in COLUMN_PARTNER and circle != "VC" and COLUMN_PARTNER[circle] != "VC" \
            and COLUMN_PARTNER[circle] not in game.state.players[seat].locked:   # not onto a lock circle
        zones.move(game, seat, circle, COLUMN_PARTNER[circle])


@ABILITIES.effect("move", "target")
def move(game, ctx, arg, params, then, index):
    """Move the target rear-guards to the other circle of their column (swapping)."""
    _targeted(game, ctx, {"target": arg}, _move, (), then)


def _give(game, ctx, seat, circle, unit, key, until):
    s = abstate.get(game)
    abstate.put(game, s._replace(granted=s.granted + ((unit.placed, key, until),)))


@ABILITIES.effect("give", "ability", TIMED_PARAMS)
def give(game, ctx, arg, params, then, index):
    """Give the target units another ability (written inline) until end of turn."""
    _targeted(game, ctx, params, _give, (f"{ctx.key}.give{index + 1}", params.get("until", "turn")), then)


# -- counts ---------------------------------------------------------------------

@ABILITIES.effect("draw", "count")
def draw(game, ctx, arg, params, then, index):
    """Draw N cards (N may be a count).

    Example: {draw: 1}"""
    for _ in range(counts.value(game, ctx, arg)):
        zones.draw(game, ctx.seat)
    _continue(game, then)


@ABILITIES.effect("soul_charge", "count")
def soul_charge(game, ctx, arg, params, then, index):
    """Soul Charge N: the top N cards of your deck into your soul (N may be a count).

    Example: {soul_charge: 1}"""
    p = game.state.players[ctx.seat]
    for _ in range(counts.value(game, ctx, arg)):
        if not p.deck:
            break
        zones.put(game, ctx.seat, p.deck[-1], "deck", "soul", "effect", ability=ctx.key)
    _continue(game, then)


@ABILITIES.effect("counter_charge", "count")
def counter_charge(game, ctx, arg, params, then, index):
    """Counter Charge N: turn N face-down damage cards face up (N may be a count).

    Example: {counter_charge: 1}"""
    p = game.state.players[ctx.seat]
    options = card_options(game, [i for i in p.damage if i in p.face_down])
    choose(game, ctx.seat, "ability_card", options, counts.value(game, ctx, arg), False, (_flip_up, (ctx.seat, then)), "counter charge")


def _flip_up(game, seat, then, chosen):
    for inst in chosen:
        zones.turn_over(game, seat, inst, "up", "effect")
    _continue(game, then)


# -- cards from zones -----------------------------------------------------------

CARD_ZONES = ("deck", "soul", "drop", "hand", "damage", "bind")


def _card_choice(game, ctx, spec, default_zone, done, prompt):
    """Choose cards from a zone matching the spec's filters, then run `done`."""
    spec = spec if isinstance(spec, dict) else {}
    zone = spec.get("from", default_zone)
    p = game.state.players[ctx.seat]
    filters = filters_of(spec)
    cards = game.cards
    pool = [i for i in getattr(p, zone) if passes(game, ctx, filters, cards[i], None, i)]
    if zone == "deck":
        pool.reverse()     # from the top
    up_to = spec.get("up_to", zone == "deck")   # a hidden zone may be searched fruitlessly (CR 8.5.4.1.4)
    choose(game, ctx.seat, "ability_card", card_options(game, pool), spec.get("choose", 1), up_to,
           (done[0], done[1] + (zone,)), prompt)


def _to_hand(game, ctx, then, zone, chosen):
    for inst in chosen:
        zones.put(game, ctx.seat, inst, zone, "hand", "effect", ability=ctx.key)
    if zone == "deck":
        zones.shuffle(game, ctx.seat)
    _continue(game, then)


@ABILITIES.effect("search", "cards")
def search(game, ctx, arg, params, then, index):
    """Search your deck for cards matching the filters, put them into your hand, shuffle."""
    spec = dict(arg or {})
    spec["from"] = "deck"
    _card_choice(game, ctx, spec, "deck", (_to_hand, (ctx, then)), f"{ctx.key}: search your deck")


@ABILITIES.effect("add_to_hand", "cards")
def add_to_hand(game, ctx, arg, params, then, index):
    """Put cards from a zone (default: drop) into your hand."""
    _card_choice(game, ctx, arg, "drop", (_to_hand, (ctx, then)), f"{ctx.key}: add to hand")


@ABILITIES.effect("call", "cards", CALL_PARAMS)
def call(game, ctx, arg, params, then, index):
    """Superior call cards from a zone (default: hand) to R circles of your choice (`separate: true`:
    different ones; `circle: same_column`: only the rear-guard circle in this unit's column, CR 4.6.2 —
    retiring a unit there, RULES 3.3.4 — and none if this unit has left the field; `circle: open`: only
    empty circles; `rested: true`: placed at rest; `calling.py`).

    Example: {call: {from: deck, choose: 1, up_to: true, grade_max: 1}, circle: open, rested: true}"""
    _card_choice(game, ctx, arg, "hand", (_call_in_way, (ctx, then, call_way(params))), f"{ctx.key}: call")


def _call_in_way(game, ctx, then, way, zone, chosen):
    call_cards(game, ctx, then, zone, chosen, way)


def _ride(game, ctx, then, zone, chosen):
    _ride_chosen(game, ctx, zone, chosen)
    if zone == "deck":
        zones.shuffle(game, ctx.seat)
    _continue(game, then)


def _ride_chosen(game, ctx, zone, chosen):
    """Superior ride the chosen cards still in `zone` (RULES 3.3.4 c); the unit ridden becomes `that`."""
    p = game.state.players[ctx.seat]
    for inst in chosen:
        if inst in getattr(p, zone):
            zones.ride(game, ctx.seat, inst, normal=False, source=zone)
            abstate.set_that(game, (p.circles["VC"].placed,))


@ABILITIES.effect("superior_ride", "cards")
def superior_ride(game, ctx, arg, params, then, index):
    """Superior ride a card from a zone (default: hand); not limited by grade (RULES 3.3.4 c)."""
    spec = dict(arg or {})
    spec["choose"] = 1
    _card_choice(game, ctx, spec, "hand", (_ride, (ctx, then)), f"{ctx.key}: superior ride")


@ABILITIES.effect("legion", "str")
def legion(game, ctx, arg, params, then, index):
    """Search your deck for up to one card with this name and legion with it, shuffle (CR 10.25.1, 11.10.2)."""
    v = game.state.players[ctx.seat].circles["VC"]
    if v is None or v.mate is not None or v.heart is not None:
        _continue(game, then)
        return
    _card_choice(game, ctx, {"from": "deck", "choose": 1, "up_to": True, "name": arg}, "deck",
                 (_legion_done, (ctx, then)), f"{ctx.key}: legion with {arg}")


def _legion_done(game, ctx, then, zone, chosen):
    p = game.state.players[ctx.seat]
    v = p.circles["VC"]
    if chosen and v is not None and v.mate is None:
        mate = chosen[0]
        p.deck.remove(mate)
        zones.legion(game, ctx.seat, mate)
        game.emit("legion", player=ctx.seat, leader=game.cards[v.card].id, mate=game.cards[mate].id,
                  **{"from": "deck"})
    zones.shuffle(game, ctx.seat)
    _continue(game, then)


def run(game, ctx, effects, i, then) -> None:
    """Resolve effects[i:], in order, then run `then`."""
    if i >= len(effects):
        _continue(game, then)
        return
    name, arg, params = effects[i]
    # after the last effect, `then` itself: run(effects, len) would only schedule it, one task less
    after = (run, (ctx, effects, i + 1, then)) if i + 1 < len(effects) else then
    ABILITIES.kept_effects[name].fn(game, ctx, arg, dict(params), after, i)
