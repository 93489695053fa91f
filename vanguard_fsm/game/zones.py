"""Moving cards between zones and circles: the primitives every rule uses.

Each primitive keeps the board consistent and emits the CONTRACT.md trace event
for what happened, so no rule can move a card without it showing in the trace.
"""
from __future__ import annotations

from .state import MATE, REAR_CIRCLES, Unit
from . import battle_power, statuses


def new_unit(game, card: int, rested: bool = False) -> Unit:
    state = game.state
    state.placed_counter += 1
    return Unit(card, rested, state.placed_counter)


def draw(game, seat: int) -> int | None:
    """Draw the top card. An empty deck draws nothing; the loss is a rule action (CR 9.2.3)."""
    p = game.state.players[seat]
    if not p.deck:
        return None
    card = p.deck.pop()
    p.hand.append(card)
    if game.hooks.event_subs["draw"]:
        game.emit("draw", player=seat, card=game.cards[card].id)
    return card


def arrived(game, seat: int, inst: int, src: str, dst: str, placed: int = 0) -> None:
    """Tell the watchers (the ability layer) that a card went from `src` (a zone or a
    circle) to the zone `dst`: 'when put into the drop zone' and the like listen here
    (CR 10.3, 10.8), whatever rule, cost or effect moved it; `placed`: the unit it was, when it
    left the field (its abilities then are those it had there, given ones too, CR 8.6.5.1.2).
    Not a trace event: the trace reports each movement once, by the event of what caused it."""
    for fn in game.hooks.channel_subs.get("zone_change", ()):    # `Hooks.emit`'s loop, without its two calls
        fn(game, seat, inst, src, dst, placed)
    if dst == "g_zone" and game.state.statuses:
        remove_g_zone_after_ultimate_stride(game, seat, inst)


def remove_g_zone_after_ultimate_stride(game, seat: int, inst: int | None = None) -> None:
    """A G unit placed by Ultimate Stride (`inst`; None: any) that is back in the G zone takes every
    card there out of the game right after it returns (CR 10.28.6): `put`s to `removed`, rule_action."""
    subject, p = statuses.seat_subject(seat), game.state.players[seat]
    strode = statuses.values(game, subject, "ultimate_strode")
    if strode and (inst in strode if inst is not None else any(g in p.g_zone for g in strode)):
        game.state.statuses = tuple(s for s in game.state.statuses if s[:2] != (subject, "ultimate_strode"))
        for g in list(p.g_zone):
            put(game, seat, g, "g_zone", "removed", "rule_action", ultimate_stride=True)


def face_of(p, inst: int, zone: str) -> str | None:
    """'up' / 'down' for a card in the damage zone or the G zone (CONTRACT v2 `face`), else None."""
    if zone == "damage":
        return "down" if inst in p.face_down else "up"
    if zone == "g_zone":
        return "up" if inst in p.g_face_up else "down"
    return None


def put(game, seat: int, inst: int, src: str, dst: str, cause: str | None = None, face: str = "up",
        bottom: bool = False, **fields) -> None:
    """Move a card between two of a player's zones (not circles); the deck's top is its end
    (`bottom`: under the deck instead; the `put` says `bottom: true`).
    A card put into the damage zone or the G zone lies `face` up or down. With a `cause`, the
    trace gets a `put` event (CONTRACT v2); without, the movement is implied by the event of
    what caused it (a `trigger`'s heal)."""
    p = game.state.players[seat]
    from_face = face_of(p, inst, src)
    getattr(p, src).remove(inst)
    p.face_down.discard(inst)
    p.g_face_up.discard(inst)
    if bottom:
        getattr(p, dst).insert(0, inst)
        fields["bottom"] = True
    else:
        getattr(p, dst).append(inst)
    if dst == "damage" and face == "down":
        p.face_down.add(inst)
    elif dst == "g_zone" and face == "up":
        p.g_face_up.add(inst)
    if cause is not None and game.hooks.event_subs["put"]:     # (the trace's event: nobody listens, not made)
        extra = {"face": face} if dst in ("damage", "g_zone") else {}
        if from_face is not None:
            extra["from_face"] = from_face
        game.emit("put", player=seat, card=game.cards[inst].id, **{"from": src}, to=dst, cause=cause,
                  **extra, **fields)
    arrived(game, seat, inst, src, dst)


def turn_over(game, seat: int, inst: int, face: str, cause: str, zone: str = "damage", **fields) -> None:
    """Turn a damage card (counter blast / charge) or a G zone card (G persona blast, CR 10.13)
    face up or down in place: a `put` with from = to."""
    p = game.state.players[seat]
    before = face_of(p, inst, zone)
    if zone == "g_zone":
        (p.g_face_up.add if face == "up" else p.g_face_up.discard)(inst)
    else:
        (p.face_down.add if face == "down" else p.face_down.discard)(inst)
    if game.hooks.event_subs["put"]:     # (an event for the trace: most games, nobody listens, no call)
        game.emit("put", player=seat, card=game.cards[inst].id, **{"from": zone}, to=zone, cause=cause,
                  face=face, from_face=before, **fields)


def reveal(game, seat: int, instances, zone: str, cause: str, **fields) -> None:
    """Show cards to both players; they stay where they are (CR 10.9.1.3): a `reveal` event."""
    if instances:
        game.emit("reveal", player=seat, cards=[game.cards[i].id for i in instances], **{"from": zone}, cause=cause,
                  **fields)


def unit_to_zone(game, seat: int, circle: str, dst: str, cause: str, bottom: bool = False, **fields) -> str:
    """Put the unit on a rear-guard circle into one of its owner's zones (hand, soul, bind, the deck
    ...): a `put` from the circle. A G unit goes to the G zone face up instead (CR 11.14.3, 4.6.9).
    Returns the zone it went to."""
    p = game.state.players[seat]
    unit = p.circles[circle]
    p.circles[circle] = None
    if game.cards[unit.card].unit == "g_unit":
        dst, bottom = "g_zone", False
        p.g_face_up.add(unit.card)
        fields["face"] = "up"
    if bottom:
        getattr(p, dst).insert(0, unit.card)
        fields["bottom"] = True
    else:
        getattr(p, dst).append(unit.card)
    if game.hooks.event_subs["put"]:
        game.emit("put", player=seat, card=game.cards[unit.card].id, **{"from": circle}, to=dst, cause=cause, **fields)
    arrived(game, seat, unit.card, circle, dst, unit.placed)
    return dst


def orient(game, seat: int, circles, rested: bool) -> None:
    """Trace v2: `rest` / `stand` naming the circles whose unit just changed orientation."""
    if circles and game.hooks.event_subs["rest" if rested else "stand"]:
        game.emit("rest" if rested else "stand", player=seat, circles=list(circles))


def call_circles(p) -> tuple:
    """The rear-guard circles a card may be called or moved to: not a lock circle (CR 4.6.7, 10.22)."""
    return tuple(c for c in REAR_CIRCLES if c not in p.locked) if p.locked else REAR_CIRCLES


def lock(game, seat: int, circle: str, **fields) -> None:
    """Lock the unit on a rear-guard circle (CR 10.22): turned face down, standing, no longer a unit; the
    circle is a lock circle. A G unit is put into the G zone face up right after (CR 10.22.8)."""
    p = game.state.players[seat]
    unit = p.circles[circle]
    p.circles[circle] = None
    card = unit.card
    game.emit("lock", player=seat, card=game.cards[card].id, circle=circle, **fields)
    if game.cards[card].unit == "g_unit":
        p.g_zone.append(card)
        p.g_face_up.add(card)
        game.emit("put", player=seat, card=game.cards[card].id, **{"from": circle}, to="g_zone",
                  cause="rule_action", face="up")
        arrived(game, seat, card, circle, "g_zone")
    else:
        p.locked[circle] = card


def unlock(game, seat: int, circle: str) -> Unit:
    """Unlock (CR 10.24): the card turns face up, a unit again, standing (not 'stood', 10.24.3; not
    'placed', 10.24.4: no call event, no 'when placed' ability), a new object (10.24.2)."""
    p = game.state.players[seat]
    card = p.locked.pop(circle)
    unit = p.circles[circle] = new_unit(game, card)
    game.emit("unlock", player=seat, card=game.cards[card].id, circle=circle)
    return unit


def shuffle(game, seat: int) -> None:
    game.rng.shuffle(game.state.players[seat].deck)
    if game.hooks.event_subs["shuffle"]:
        game.emit("shuffle", player=seat)


def vanguard_grade(game, seat: int) -> int:
    v = game.state.players[seat].circles["VC"]
    if v is not None and not game.state.statuses:   # no status: the printed grade (`unit_grade`, without a call)
        return game.cards[v.card].grade
    return unit_grade(game, v) if v is not None else -1


def unit_grade(game, unit: Unit) -> int:
    """A unit's grade: printed, plus what effects added (status `grade`, CR 2.4.2)."""
    return game.cards[unit.card].grade + (statuses.unit_total(game, unit, "grade") if game.state.statuses else 0)


def retire(game, seat: int, circle: str) -> None:
    """Retire the unit on a circle to the drop zone (a G unit goes to the G zone face up). A
    retired vanguard leaves its legion mate as the vanguard (CR 10.25.2) or, a G unit, its heart
    (CR 10.28.4, as at the end of the turn); with none, VC is empty until the check timing's
    rule action rides from the soul (CR 9.5)."""
    p = game.state.players[seat]
    unit = p.unit_at(circle)
    if unit is None:
        return
    if circle == MATE:   # the mate leaves the circle: the legion ends (CR 10.25.2)
        p.circles["VC"].mate = None
    elif circle == "VC" and unit.heart is not None:
        p.circles["VC"] = _heart_back(game, unit)
    else:
        p.circles[circle] = unit.mate if circle == "VC" else None
    to = _discard_unit(game, p, unit)
    if game.hooks.event_subs["retire"]:
        game.emit("retire", player=seat, card=game.cards[unit.card].id, **{"from": circle}, to=to)
    arrived(game, seat, unit.card, circle, to, unit.placed)


def _discard_unit(game, p, unit: Unit) -> str:
    if game.cards[unit.card].unit == "g_unit":
        p.g_zone.append(unit.card)
        p.g_face_up.add(unit.card)
        return "g_zone"
    p.drop.append(unit.card)
    return "drop"


def retire_guardian(game, seat: int, unit: Unit) -> None:
    p = game.state.players[seat]
    p.gc.remove(unit)
    to = _discard_unit(game, p, unit)
    if game.hooks.event_subs["retire"]:
        game.emit("retire", player=seat, card=game.cards[unit.card].id, **{"from": "GC"}, to=to)
    arrived(game, seat, unit.card, "GC", to, unit.placed)


def overloaded_circles(game) -> None:
    """Rule action (CR 9.3.1, 9.3.6): a unit another was placed over leaves, from VC to the
    soul, from a rear-guard circle to the drop zone (a G unit to the G zone, CR 4.6.9)."""
    for p in game.state.players:
        while p.overloaded:
            circle, unit = p.overloaded.pop(0)
            if circle == "VC":
                p.soul.append(unit.card)
                to = "soul"
            else:
                to = _discard_unit(game, p, unit)
            if game.hooks.event_subs["retire"]:
                game.emit("retire", player=p.seat, card=game.cards[unit.card].id, **{"from": circle}, to=to,
                          cause="rule_action")
            arrived(game, p.seat, unit.card, circle, to, unit.placed)


def call(game, seat: int, card: int, circle: str, normal: bool = True, rested: bool = False,
         source: str = "hand", **fields) -> Unit:
    """Call a card from hand (or, for a superior call, another zone) to an R circle. A unit
    already there stays until the next check timing's rule action puts it into the drop
    zone (RULES 3.3.4 a; CR 8.5.3.2, 9.3.6). `fields`: extra trace fields (`time_leap`)."""
    p = game.state.players[seat]
    getattr(p, source).remove(card)
    if p.circles[circle] is not None:
        p.overloaded.append((circle, p.circles[circle]))
    unit = new_unit(game, card, rested)
    p.circles[circle] = unit
    c = game.cards[card]
    game.emit_fields("call", {"player": seat, "card": c.id, "grade": c.grade, "circle": circle,
                              "vanguard_grade": vanguard_grade(game, seat), "normal": normal, "from": source,
                              **({"rested": True} if rested else {}), **fields})
    return unit


def ride(game, seat: int, card: int, normal: bool = True, source: str = "hand") -> Unit:
    """Put a card from hand (a superior ride: another zone) on the vanguard; the old
    vanguard goes to the soul, with its legion mate (RULES 3.3.3.1, CR 10.6.1.2)."""
    p = game.state.players[seat]
    getattr(p, source).remove(card)
    old = p.circles["VC"]
    onto = game.cards[old.card].grade if old is not None else None
    souled = len(p.soul)
    if old is not None:
        if old.heart is not None:   # riding over a G unit: it returns to the G zone (CR 10.6.1.3-4)
            p.g_zone.append(old.card)
            p.g_face_up.add(old.card)
            game.emit("put", player=seat, card=game.cards[old.card].id, **{"from": "VC"}, to="g_zone",
                      cause="rule_action", face="up")
            arrived(game, seat, old.card, "VC", "g_zone")
            p.soul.append(old.heart)
        else:
            p.soul.append(old.card)
        if old.mate is not None:
            p.soul.append(old.mate.card)
    unit = new_unit(game, card)    # standing, whatever the old vanguard was (CR 8.5.1.2, 4.6.4.1)
    p.circles["VC"] = unit
    c = game.cards[card]
    ridden = game.cards[old.card].id if old is not None and old.heart is None else None
    # a deleted vanguard goes to the soul face up (CR 10.26.11) with no text: no "when ridden upon" (10.26.3)
    gone = {"ridden_deleted": True} if ridden is not None and game.state.statuses and statuses.values(
        game, statuses.unit_subject(old), "deleted") else {}
    game.emit_fields("ride", {"player": seat, "card": c.id, "grade": c.grade, "onto_grade": onto, "normal": normal,
                              "ridden": ridden, "from": source, **gone})
    for inst in p.soul[souled:]:    # the old vanguard (its mate, a G unit's heart) is put into the soul
        arrived(game, seat, inst, "VC", "soul")
    return unit


def heart_card(game, unit: Unit) -> int:
    """The heart card whose name and power a G unit on VC has: over a legion, the one of the two
    its player chose when striding (CR 10.27.5.1), else its heart."""
    if unit.mate is not None and game.state.statuses:
        named = statuses.values(game, statuses.unit_subject(unit), "heart_named")
        if named:
            return named[-1]
    return unit.heart


def stride(game, seat: int, g_card: int, cost: list[int], named: int | None = None,
           cost_waived: bool = False) -> Unit:
    """Stride (RULES 3.3.3.2): pay the cost, put the G unit on VC, the old vanguard is its heart
    (over a legion both are; `named`: the one whose name and power it gains, CR 10.27.5.1;
    `cost_waived`: an effect waived its cost, said by the event's `cost_waived: true`)."""
    p = game.state.players[seat]
    for card in cost:        # discarded (CR 10.3): `put`s before the stride (CONTRACT v2)
        put(game, seat, card, "hand", "drop", "cost", **{"for": "stride"})
    p.g_zone.remove(g_card)
    old = p.circles["VC"]
    unit = new_unit(game, g_card, old.rested)   # stride keeps the orientation (CR 8.5.1.4.1)
    unit.heart = old.card
    unit.mate = old.mate    # a legion becomes two heart cards (CR 10.27.4): not a unit while under it
    p.circles["VC"] = unit
    extra = {}
    if old.mate is not None:
        named = old.card if named is None else named
        if named != old.card:
            statuses.add(game, statuses.unit_subject(unit), "heart_named", named, "turn")
        extra["named"] = game.cards[named].id
    if cost_waived:
        extra["cost_waived"] = True
    game.emit("stride", player=seat, card=game.cards[g_card].id, heart=game.cards[old.card].id, **extra)
    return unit


def return_g_units(game, seat: int) -> None:
    """End phase (CR 6.8.1.1.1): G units on VC and R go to the G zone face up; the heart is vanguard again."""
    p = game.state.players[seat]
    for circle, unit in p.units():
        if game.cards[unit.card].unit != "g_unit":
            continue
        p.g_zone.append(unit.card)
        p.g_face_up.add(unit.card)
        if circle == "VC" and unit.heart is not None:
            p.circles["VC"] = _heart_back(game, unit)
        else:
            p.circles[circle] = None
        if game.hooks.event_subs["put"]:
            game.emit("put", player=seat, card=game.cards[unit.card].id, **{"from": circle}, to="g_zone",
                      cause="end_of_turn", face="up")


def _heart_back(game, unit: Unit) -> Unit:
    """The heart of a G unit leaving VC is the vanguard again, in its orientation (CR 10.28.4)."""
    heart = new_unit(game, unit.heart, unit.rested)
    if unit.mate is not None:   # back in legion, not "to legion" (CR 10.27.4): a unit again
        heart.mate = new_unit(game, unit.mate.card, unit.rested)
    return heart


def legion(game, seat: int, mate: int) -> Unit:
    """Put `mate` beside the vanguard in its orientation, in legion with it (CR 10.25.1)."""
    v = game.state.players[seat].circles["VC"]
    v.mate = new_unit(game, mate, v.rested)
    return v.mate


def set_rested(game, seat: int, unit: Unit, rested: bool) -> None:
    """Stand or rest a unit; a legion leader and mate change together (CR 10.25.10)."""
    changed = unit.rested != rested
    unit.rested = rested
    v = game.state.players[seat].circles["VC"]
    if v is not None and v.legion() and unit in (v, v.mate):
        changed = changed or v.rested != rested or v.mate.rested != rested
        v.rested = v.mate.rested = rested
    if changed:
        p = game.state.players[seat]
        where = next((c for c, u in p.units() if u is unit), "GC" if unit in p.gc else None)
        orient(game, seat, [where] if where is not None else [], rested)


def move(game, seat: int, src: str, dst: str) -> None:
    """Move a rear-guard to another rear-guard circle, swapping with any unit there: within its column
    (RULES 3.3.4 d), or where an effect says (`abilities/effects/moves.py`)."""
    p = game.state.players[seat]
    a, b = p.circles[src], p.circles[dst]
    p.circles[src], p.circles[dst] = b, a
    if game.hooks.event_subs["move"]:     # (the trace's events: most games, nobody listens, no call)
        game.emit("move", player=seat, card=game.cards[a.card].id, **{"from": src}, to=dst)
        if b is not None:
            game.emit("move", player=seat, card=game.cards[b.card].id, **{"from": dst}, to=src)


def power(game, unit: Unit) -> int:
    """A unit's current power: printed (+ the heart's printed power for a G unit) + modifiers."""
    cards = game.cards
    total = cards[unit.card].power + unit.power_turn + unit.power_battle
    if unit.heart is not None:
        total += cards[heart_card(game, unit) if unit.mate is not None else unit.heart].power
    if game.state.statuses:   # "its power becomes N": its original power is N (CR 3.7.1, 3.7.1.2)
        base = 0 if statuses.values(game, statuses.unit_subject(unit), "deleted") \
            else statuses.unit_last(game, unit, "set_power")     # deleted: original power 0 (CR 10.26.3)
        if base is not None:
            total = base + unit.power_turn + unit.power_battle
    abilities = game.abilities
    if abilities is not None:   # CONT abilities, recomputed at every look; not asked of a unit none can change
        own_only, held = abilities.cont_power_ids, game.state.abilities   # now (`static.own_only_ids`)
        if own_only is None or cards[unit.card].id in own_only or abilities.granted_cont and held and held.granted:
            total += abilities.cont_value(game, unit, "power")
    if game.state.battle is not None:   # a boost, guardians' shields (CR 7.4.1.11, 3.11.3)
        total += battle_power.bonus(game, unit, power)
    return total


def critical(game, unit: Unit) -> int:
    total = game.cards[unit.card].critical + unit.crit_turn + unit.crit_battle
    abilities = game.abilities
    if abilities is not None and "critical" in abilities.cont_effects:   # else no CONT changes it (`cont_value`)
        total += abilities.cont_value(game, unit, "critical")
    return total
