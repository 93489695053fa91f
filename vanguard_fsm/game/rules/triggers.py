"""Trigger units (RULES 1.4, CR 2.8): what a checked trigger does, as data.

The effects of each trigger type come from the flows' `parameters.yaml`
(`trigger_effects`), so a designer can change them; each effect name maps to one
function here. A trigger does something only if a unit of its clan is on your VC
or an R circle (parameter `trigger_needs_same_clan`). Every part is mandatory (CR
2.8.1.1); the checking player chooses the order in which they are done (CR 2.8.2)
and each one's target: each step is one decision whose options are every remaining
effect's ways of being done (`critical:VC`, `power:front_left`, `heal:damage[0]`,
`draw`), so choosing an option chooses both what comes next and where. An effect that cannot do anything
now (a heal while your damage is lower) is done, doing nothing. When no remaining
effect has a choice of target, they are done in the listed order without asking:
then the order changes nothing the rules can see (an ability they trigger waits
for the next check timing, CR 8.4.1; CONT values are looked at afresh).
"""
from __future__ import annotations

from ..actions import Action, KeptActions
from ..clans import share_clan
from .common import action
from .. import zones

RECORD_KEYS = {"power": "power_to", "critical": "critical_to", "stand": "stood"}

# a target effect's options, one row per (seat, effect, circles with a unit, guardians): the same
# few boards come back trigger after trigger, and game after game (`KeptActions`)
_TARGETS = KeptActions()


@action("resolve_trigger")
def resolve_trigger(game) -> None:
    """Resolve the trigger of the card just put into a trigger zone."""
    for p in game.state.players:
        if p.trigger:
            seat, inst = p.seat, p.trigger[-1]
            break
    else:
        return
    resolve_trigger_of(game, seat, inst)


def _shares_clan(game, seat: int, card) -> bool:
    """A unit of `seat` shares a clan with the trigger card (CR 2.2.5, 2.17.4.2): a plain loop, most
    often ended by the first unit (at every drive and damage check)."""
    cards, params = game.cards, game.params
    p = game.state.players[seat]
    vc = p.circles["VC"]     # the vanguard, `units()`'s first: most often the one (no list of units)
    if vc is not None and share_clan(card, cards[vc.card], params):
        return True
    units = p.units()
    for _, u in units:
        if share_clan(card, cards[u.card], params):
            return True
    return _shares_added_clan(game, card, [(cards[u.card], u) for _, u in units])


def _shares_added_clan(game, card, units) -> bool:
    """A clan an effect added to the trigger card or to one of the units (CR 2.2.4) makes them share one."""
    layer = game.abilities
    if layer is None:
        return False
    mine = layer.added_clans(game, card, None)
    return any(share_clan(card, c, game.params, mine, layer.added_clans(game, c, u)) for c, u in units)


def resolve_trigger_of(game, seat: int, inst: int) -> None:
    """The trigger of this card in `seat`'s trigger zone (a damage check an effect caused,
    CR 9.6.5, names its card: a drive-checked card may lie in the other trigger zone)."""
    card = game.cards[inst]
    if card.trigger is None:
        return
    params = game.params
    active = not params["trigger_needs_same_clan"] or _shares_clan(game, seat, card)   # RULES 1.4
    effects = tuple(params["trigger_effects"][card.trigger]) if active else ()
    game.then(_trigger_step, seat, inst, active, effects, ())


def _options(game, seat, effect) -> list:
    """The ways `effect` can be done now, one action each (none: it does nothing)."""
    p = game.state.players[seat]
    if effect == "draw":
        return [Action("draw", "draw", seat, ())]
    if effect == "heal":
        other = game.state.players[1 - seat]
        if not p.damage or len(p.damage) - len(other.damage) < game.params["heal_damage_lead_min"]:
            return []   # RULES 1.4.4: only when your damage >= your opponent's (parameter heal_damage_lead_min)
        return _dedupe(game, [Action(f"heal:damage[{i}]", "heal", seat, (d,)) for i, d in enumerate(p.damage)])
    # your units: on VC and R, and guardians (CR 2.8.1.1.2-5, 3.11.1): a trigger's power may go to one
    key = (seat, effect, p.unit_circles(), len(p.gc))
    return _TARGETS.get(key) or _target_row(key)


def _target_row(key) -> tuple:
    """The options of a target effect (`_options`) for `key`, built and kept."""
    seat, effect, circles, guardians = key
    return _TARGETS.keep(key, tuple([Action(f"{effect}:{c}", effect, seat, (c,)) for c in circles] +
                                    [Action(f"{effect}:GC[{i}]", effect, seat, (f"GC[{i}]",)) for i in range(guardians)]))


def _trigger_step(game, seat, inst, active, effects, record, order=()) -> None:
    """Do the remaining `effects`: the player picks the next one and its target (CR 2.8.2)."""
    ways, options = [], 0       # each remaining effect's options (one kind each), those that can do something
    for effect in dict.fromkeys(effects):
        way = _options(game, seat, effect)
        if way:
            ways.append(way)
            options += len(way)
    if options == len(ways):   # one way each: nothing to choose, the listed order (see the module doc)
        ways = ways[:1]
    actions = list(ways[0]) if len(ways) == 1 else [a for w in ways for a in w]   # (most steps: one way)
    if not actions:     # all done, or what is left can do nothing now
        if game.hooks.event_subs["trigger"]:     # what the trigger did: for the trace only
            fields = dict(power_to=None, critical_to=None, stood=None, healed=None)
            fields.update(record)
            game.emit("trigger", player=seat, card=game.cards[inst].id, type=game.cards[inst].trigger,
                      active=active, order=list(order), **fields)
        return

    def do(g, a):
        rest = list(effects)
        rest.remove(a.kind)
        g.then(_trigger_step, seat, inst, active, tuple(rest), record + _do(g, seat, inst, a), order + (a.kind,))
    # the effects left, each once (`_options`: one kind a way); most steps: one
    kinds = ways[0][0].kind if len(ways) == 1 else ", ".join([w[0].kind for w in ways])
    game.ask(seat, "trigger", actions, do,
             f"{game.cards[inst].trigger} trigger: the next effect ({kinds}) and its target")


def _do(game, seat, inst, a) -> tuple:
    """Do one trigger effect; what the trigger event records of it."""
    if a.kind == "draw":
        zones.draw(game, seat)
        return ()
    if a.kind == "heal":
        face = zones.face_of(game.state.players[seat], a.args[0], "damage")
        zones.put(game, seat, a.args[0], "damage", "drop")   # to heal (CR 10.8)
        return (("healed", game.cards[a.args[0]].id), ("healed_face", face))
    circle = a.args[0]
    unit = game.state.players[seat].unit_at(circle)
    if a.kind in ("power", "critical"):
        card = game.cards[inst]
        unit.modified(a.kind, game.params["trigger_power"] if a.kind == "power" else 1, "turn",
                      f"{card.trigger} trigger {card.id}")
    elif not circle.startswith(("VC", "GC")):   # stand: a rear-guard only, not the vanguard, its mate, a guardian
        if unit.rested:
            zones.orient(game, seat, [circle], False)
        unit.rested = False
    return ((RECORD_KEYS[a.kind], circle),)


def _dedupe(game, actions):
    """Damage cards of the same id and face are one choice."""
    seen, out = set(), []
    for a in actions:
        p = game.state.players[a.player]
        key = (game.cards[a.args[0]].id, a.args[0] in p.face_down)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
