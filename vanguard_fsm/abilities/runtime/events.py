"""Which AUTO timings each game event raises, and for which card (CR 8.1.1.2).

The engine emits contract events (`call`, `ride`, `attack` ...); each handler here
names the card the event is about and the engine timings it raises for that card
(`call` -> `when_placed`, `when_placed_on_R`), then asks the ability layer to
trigger that card's abilities. Kept apart from `layer.py`, which owns the pending
queue, CONT values and ACT.
"""
from __future__ import annotations

from types import MethodType

from ...game import statuses
from ...game.state import REAR_CIRCLES
from . import abstate, watch
from ..mechanics import harmony
from ..language.targets import where_zone

# events other cards watch ("when your G unit strides"): they need a zone to work from
WATCHED = frozenset({"when_your_g_unit_strides", "when_your_unit_attacks", "when_your_unit_boosts",
                     "when_your_unit_hits", "when_opponent_rear_guard_put_into_drop", "when_your_drive_check_reveals",
                     "when_opponent_card_unlocked", "when_opponent_rear_guard_locked",
                     "when_card_put_into_your_soul", "when_your_damage_check_reveals"}) | watch.TIMINGS


# Each call into `watch` (`on_placed`, `on_draw`, `on_arrived`, `layer.watchers`) is made only when
# the timing it tests first is one a card of this game waits for (`layer.timing_zones`): its own
# first test, written before the call, since most games have no watching card (~200 calls a game).
# So is each `layer.subject` call for one timing on the hot events (an attack, a card put into the
# drop zone, a check, a draw): `timing_zones` holds the timing of every AUTO ability of the card set,
# printed, given or delayed, so a timing not in it is one `subject` could trigger nothing on.


def _on_call(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    u = game.state.players[seat].unit_at(f["circle"])
    if layer.records_turn and u is not None:     # "the rear-guards you called this turn"
        abstate.record_called(game, seat, u.card)
    if u is not None:    # where it was called from (`from_zone: deck`: a superior call from the deck)
        layer.subject(game, seat, u.card, ("when_placed", "when_placed_on_R"), "R", u.placed, origin=f.get("from"))
        harmony.on_placed(layer, game, seat, f["circle"])
        if watch.PLACED in layer.timing_zones:    # (`on_placed`'s own first test: see above)
            watch.on_placed(layer, game, f, f["circle"])


def _on_stand(layer, game, event, f):
    """Units became standing (a rule or an effect): watched (`when_unit_stands`), and remembered for
    the turn when a card asks (`stood_this_turn`)."""
    if game.abilities is not layer:     # (`subscribe`)
        return
    watch.on_stand(layer, game, f)
    if layer.records_turn:
        p = game.state.players[f["player"]]
        units = [p.unit_at(c) for c in f["circles"]]
        abstate.record_stood(game, [u.placed for u in units if u is not None]
                             + [u.mate.placed for u in units if u is not None and u.legion()])


def _on_ride(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    p = game.state.players[seat]
    u = p.circles["VC"]
    layer.subject(game, seat, u.card, ("when_placed", "when_placed_on_V"), "V", u.placed)
    harmony.on_placed(layer, game, seat, "VC")      # placed in the column of back-center (CR 11.34.1)
    if watch.PLACED in layer.timing_zones:
        watch.on_placed(layer, game, f, "VC")
    ridden = f.get("ridden")
    if ridden is not None and not f.get("ridden_deleted"):    # a deleted vanguard had no text (CR 10.26.3)
        inst = next((i for i in reversed(p.soul) if game.cards[i].id == ridden), None)
        if inst is not None:    # it has the ability as a unit until resolved (CR 8.6.5.1.4)
            layer.subject(game, seat, inst, ("when_ridden_upon",), "V", 0)


def _on_stride(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    u = game.state.players[seat].circles["VC"]
    layer.subject(game, seat, u.card, ("when_placed", "when_placed_on_V", "when_stride"), "V", u.placed)
    harmony.on_placed(layer, game, seat, "VC")
    if watch.PLACED in layer.timing_zones:
        watch.on_placed(layer, game, {**f, "from": "g_zone"}, "VC")
    if u.heart is not None:    # it has the ability until resolved, as a vanguard would (CR 8.6.5.1.5)
        layer.subject(game, seat, u.heart, ("when_becomes_heart",), "heart", 0)
    layer.watchers(game, seat, "when_your_g_unit_strides")


def _on_legion(layer, game, event, f):
    """'When this unit legions' (CR 10.25.12): the leader and the mate, both vanguards now (CR 10.25.3)."""
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    v = game.state.players[seat].circles["VC"]
    if v is not None and v.legion():
        for unit in (v, v.mate):
            layer.subject(game, seat, unit.card, ("when_legion",), "V", unit.placed)


def _on_attack_declared(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    state = game.state
    b = state.battle
    tp = state.turn_player
    u = state.players[tp].unit_at(b.attacker)
    listened = layer.timing_zones     # (each `subject` call only for a timing a card here is on: above)
    if u is not None and u.placed == b.attacker_placed and "when_attacks" in listened:
        layer.subject(game, tp, u.card, ("when_attacks",), where_zone(b.attacker), u.placed)
        if u.legion():   # the leader and the mate are both the attacking unit (CR 10.25.5)
            layer.subject(game, tp, u.mate.card, ("when_attacks",), "V", u.mate.placed)
    if "when_attacked" in listened:
        for circle, placed in b.targets():   # each attacked unit
            t = state.players[1 - tp].unit_at(circle)
            if t is not None and t.placed == placed:
                layer.subject(game, 1 - tp, t.card, ("when_attacked",), where_zone(circle), t.placed)
    if b.booster is not None:
        bu = state.players[tp].unit_at(b.booster)
        if bu is not None:
            if "when_boosts" in listened:
                layer.subject(game, tp, bu.card, ("when_boosts",), "R", bu.placed)
            if u is not None and u.placed == b.attacker_placed and "when_boosted" in listened:   # seed 002 3.3.5.2
                layer.subject(game, tp, u.card, ("when_boosted",), where_zone(b.attacker), u.placed)
        if "when_your_unit_boosts" in layer.timing_zones:
            layer.watchers(game, tp, "when_your_unit_boosts")
    if "when_your_unit_attacks" in layer.timing_zones:
        layer.watchers(game, tp, "when_your_unit_attacks")


def _on_guard(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    u = game.state.players[seat].gc[-1]
    if f["how"] == "intercept":
        layer.subject(game, seat, u.card, ("when_intercepts",), "R", u.placed)
    else:
        layer.subject(game, seat, u.card, ("when_placed",), "GC", u.placed, origin=f.get("from"))   # from_zone: hand
        if watch.PLACED in layer.timing_zones:    # a card moved to the guardian circle is placed (CR 10.5.1.1)
            watch.on_placed(layer, game, f, "GC")


def hit_event(layer, game) -> None:
    """CR 7.7.1.7: the attack 'hits' or 'does not hit' now, after the damage checks and their
    check timing (7.7.1.6); 'when hits / not hit' abilities become stand by here (7.7.1.4)."""
    state = game.state
    b = state.battle
    tp = state.turn_player
    u = state.players[tp].unit_at(b.attacker)
    placed = u.placed if u is not None and u.placed == b.attacker_placed else 0
    zone = where_zone(b.attacker)
    if b.more:    # several attacked units: the event happens with regards to each of them (CR 7.7.1.7)
        for circle, _ in b.targets():
            _hit_or_not(layer, game, u, placed, zone, circle in b.hits, circle == "VC")
        return
    _hit_or_not(layer, game, u, placed, zone, b.hit, b.target_is_vanguard)


def _hit_or_not(layer, game, u, placed, zone, hit, vanguard) -> None:
    """The attacker's 'when hits' (and 'when hits a vanguard') or 'when not hit' abilities for one attacked unit."""
    tp = game.state.turn_player
    b = game.state.battle
    if hit:
        timings = ("when_hits", "when_attack_hits_vanguard") if vanguard \
            else ("when_hits", "when_attack_hits_rear_guard")
        if placed:
            layer.subject(game, tp, b.attacker_card, timings, zone, placed)
        if "when_your_unit_hits" in layer.timing_zones:    # your other cards watch it ("the battle this unit boosted")
            layer.watchers(game, tp, "when_your_unit_hits")
    else:    # resolves even if the attacker left the field (CR 7.7.1.7)
        timings = ("when_not_hit",)
        if placed and statuses.unit_has(game, u, "hit_abilities_without_hit"):   # an effect says so
            timings = ("when_not_hit", "when_hits")
        layer.subject(game, tp, b.attacker_card, timings, zone, placed)
    if placed and u.legion():   # the mate attacked too (CR 10.25.5): its hit abilities as well
        layer.subject(game, tp, u.mate.card, timings, "V", u.mate.placed)


def on_zone_change(layer, game, seat, inst, src, dst, placed=0) -> None:
    """A card arrived in a zone, whatever moved it (rule, cost, effect; CR 10.3, 10.8): 'when put
    into the drop zone / the bind zone' abilities of that card trigger there (into the soul: the
    cards of its player watching their soul), knowing where it came
    from (`from_zone`; a zone-changing trigger, CR 8.6.5; bind: CR 10.19, 4.9) and, for a unit an
    effect retired, whose card's effect it was (`caused_by`, CR 11.27.1, 10.4). `placed`: the unit it
    was, for the abilities given to it (`watch.given_on_leaving`, CR 8.6.5.1.2). The layer's `zone_change`
    hook (`AbilityLayer.on_zone_change`): another game's move, on hooks they share, is not this layer's."""
    if game.abilities is not layer:
        return
    by = layer.effect_by
    if watch.PUT_INTO in layer.timing_zones:
        watch.on_arrived(layer, game, seat, inst, src, dst)
    if placed:
        watch.given_on_leaving(layer, game, seat, inst, placed, src, dst, by)
    if dst == "soul":     # "each time one of your cards is put into your soul" (seeds 3.3.4)
        if "when_card_put_into_your_soul" in layer.timing_zones:
            layer.watchers(game, seat, "when_card_put_into_your_soul", by=by)
    elif dst == "bind":
        if "when_put_into_bind" in layer.timing_zones:
            layer.subject(game, seat, inst, ("when_put_into_bind",), "bind", 0, origin=src)
    elif dst == "drop":
        if "when_put_into_drop" in layer.timing_zones:
            layer.subject(game, seat, inst, ("when_put_into_drop",), "drop", 0, origin=src, by=by)
        if src in REAR_CIRCLES:    # a rear-guard of theirs: the other player's cards watch it
            # and may ask later this turn whether it happened, and when (`opponent_rear_guard_dropped_during`)
            if layer.records_turn:
                abstate.record_dropped(game, seat, tuple(game.runner.paths()), inst)
            if "when_opponent_rear_guard_put_into_drop" in layer.timing_zones:
                layer.watchers(game, 1 - seat, "when_opponent_rear_guard_put_into_drop", by=by)


def _on_check(timing, watched=None):
    def handler(layer, game, event, f):
        if game.abilities is not layer:     # (`subscribe`)
            return
        seat = f["player"]
        trigger = game.state.players[seat].trigger
        if trigger:
            if timing in layer.timing_zones:
                layer.subject(game, seat, trigger[-1], (timing,), "trigger", 0)
            if watched in layer.timing_zones:   # the checked card is in the trigger zone: {count: your_trigger_zone, ...}
                layer.watchers(game, seat, watched)
    return handler


def _on_put(layer, game, event, f):
    """'When this card leaves the hand by G assist' (seed 002 3.3.2.2): removed from the hand
    while the G assist is under way (CR 6.4.1.2.5)."""
    if game.abilities is not layer:     # (`subscribe`)
        return
    if f["from"] == "hand" and f["to"] == "removed":
        p = game.state.players[f["player"]]
        if p.assist is not None and p.removed:
            layer.subject(game, p.seat, p.removed[-1], ("when_leaves_hand_by_g_assist",), "hand", 0)


def _on_unlock(layer, game, event, f):
    """The card unlocked is a new unit (CR 10.24.2): its own 'when this card is unlocked' abilities,
    then the other player's cards watching 'when your opponent's locked card is unlocked' (CR 10.24),
    for which `that` is this unit ("retire that unit")."""
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    u = game.state.players[seat].unit_at(f["circle"])
    if u is None:
        return
    layer.subject(game, seat, u.card, ("when_unlocked",), "R", u.placed)
    layer.watchers(game, 1 - seat, "when_opponent_card_unlocked", (u.placed,))


def _on_lock(layer, game, event, f):
    """'When your opponent's rear-guard is locked due to an effect from one of your cards' (CR 10.22):
    a lock made by an ability (`by`: its master) is watched by that player's cards."""
    if game.abilities is not layer:     # (`subscribe`)
        return
    by = f.get("by")
    if by is not None and by != f["player"]:
        layer.watchers(game, by, "when_opponent_rear_guard_locked")


def _on_draw(layer, game, event, f):
    if game.abilities is not layer:     # (`subscribe`)
        return
    seat = f["player"]
    if "when_drawn" in layer.timing_zones:
        layer.subject(game, seat, game.state.players[seat].hand[-1], ("when_drawn",), "hand", 0)
    if watch.DRAWN in layer.timing_zones:
        watch.on_draw(layer, game, f)


# event -> the timings its handler can raise (own, given and watching abilities alike): a game
# subscribes only to the events some ability in it listens for (`events_listened`); the
# placing events also associate Harmony units (CR 11.34.1), whose `when_in_harmony` they raise
RAISES = {
    "call": ("when_placed", "when_placed_on_R", "when_in_harmony", watch.PLACED),
    "ride": ("when_placed", "when_placed_on_V", "when_ridden_upon", "when_in_harmony", watch.PLACED),
    "stride": ("when_placed", "when_placed_on_V", "when_stride", "when_becomes_heart", "when_your_g_unit_strides",
               "when_in_harmony", watch.PLACED),
    "legion": ("when_legion",),
    "when_attacks": ("when_attacks", "when_attacked", "when_boosts", "when_boosted", "when_your_unit_boosts",
                     "when_your_unit_attacks"),
    "guard": ("when_intercepts", "when_placed", watch.PLACED), "stand": (watch.STANDS,),
    "rest": (watch.RESTS,), "attack": (watch.RESTS,), "boost": (watch.RESTS,),
    "drive_check": ("when_drive_check_reveals", "when_your_drive_check_reveals"),
    "damage_check": ("when_damage_check_reveals", "when_your_damage_check_reveals"),
    "draw": ("when_drawn", watch.DRAWN), "lock": ("when_opponent_rear_guard_locked",),
    "unlock": ("when_unlocked", "when_opponent_card_unlocked"), "put": ("when_leaves_hand_by_g_assist",),
}
_PLACING = frozenset({"call", "ride", "stride"})
_RECORDED = frozenset({"call", "stand"})


def events_listened(layer) -> frozenset:
    """The engine events whose handlers can make an ability of this game stand by: one raising a
    timing an AUTO ability here (printed, given or delayed: `layer.timing_zones`) is on, and the
    placing events when a card here has Harmony. The others cost one dict look-up, not a handler."""
    listened = layer.timing_zones
    harmony = "harmony" in layer.cont_effects
    recorded = _RECORDED if layer.records_turn else frozenset()    # the turn's record (`abstate.called`, `stands`)
    return frozenset(event for event, timings in RAISES.items()
                     if any(t in listened for t in timings) or (harmony and event in _PLACING)) | recorded


def subscribe(layer, hooks, events) -> None:
    """The layer hears `events` (`events_listened`): each one's handler is subscribed to that event alone,
    bound to the layer as a method object, so the emitting game's call (`Game.emit`) enters the handler
    with no dispatching frame between (hundreds of events a game). Hooks may be shared by games, so each
    handler first checks that the game is this layer's (`if game.abilities is not layer`)."""
    for event in events:
        hooks.on("event", MethodType(EVENT_TIMINGS[event], layer), names=(event,))


# event -> its handler, handler(layer, game, event, fields)
EVENT_TIMINGS = {
    "call": _on_call, "ride": _on_ride, "stride": _on_stride, "when_attacks": _on_attack_declared,
    "guard": _on_guard,
    "drive_check": _on_check("when_drive_check_reveals", "when_your_drive_check_reveals"),
    "damage_check": _on_check("when_damage_check_reveals", "when_your_damage_check_reveals"),
    "draw": _on_draw, "lock": _on_lock, "unlock": _on_unlock, "legion": _on_legion, "put": _on_put,
    "stand": _on_stand, "rest": watch.on_rest, "attack": watch.on_rest, "boost": watch.on_rest,
}
