"""Trigger units (RULES 1.4, CR 2.8): what a checked trigger does, as data.

The effects of each trigger type come from the flows' `parameters.yaml`
(`trigger_effects`), so a designer can change them; each effect name maps to one
function here. A trigger does something only if a unit of its clan is on your VC
or an R circle. Both parts are mandatory (CR 2.8); the effects run in the listed
order and each target is chosen by the checking player.
"""
from __future__ import annotations

from .actions import Action
from .common import action
from . import zones

@action("resolve_trigger")
def resolve_trigger(game) -> None:
    """Resolve the trigger of the card just put into a trigger zone."""
    for p in game.state.players:
        if p.trigger:
            seat, inst = p.seat, p.trigger[-1]
            break
    else:
        return
    card = game.cards[inst]
    if card.trigger is None:
        return
    clans = {game.cards[u.card].clan for _, u in game.state.players[seat].units()}
    active = card.clan in clans
    effects = tuple(game.params["trigger_effects"][card.trigger]) if active else ()
    game.then(_trigger_step, seat, inst, active, effects, ())


def _units_choice(game, seat, prefix, rear_only=False):
    p = game.state.players[seat]
    return [Action(f"{prefix}:{c}", prefix, seat, (c,)) for c, _ in p.units() if not rear_only or c != "VC"]


def _trigger_step(game, seat, inst, active, effects, record) -> None:
    if not effects:
        fields = dict(power_to=None, critical_to=None, stood=None, healed=None)
        fields.update(record)
        game.emit("trigger", player=seat, card=game.cards[inst].id, type=game.cards[inst].trigger,
                  active=active, **fields)
        return
    effect, rest = effects[0], effects[1:]
    p = game.state.players[seat]

    def go_on(extra):
        game.then(_trigger_step, seat, inst, active, rest, record + extra)

    if effect == "draw":
        zones.draw(game, seat)
        go_on(())
    elif effect == "heal":
        other = game.state.players[1 - seat]
        if not p.damage or len(p.damage) < len(other.damage):
            go_on(())   # RULES 1.4.4: only when your damage >= your opponent's
            return
        actions = [Action(f"heal:damage[{i}]", "heal", seat, (d,)) for i, d in enumerate(p.damage)]

        def heal(g, a):
            face = zones.face_of(g.state.players[seat], a.args[0], "damage")
            zones.put(g, seat, a.args[0], "damage", "drop")   # to heal (CR 10.8)
            g.then(_trigger_step, seat, inst, active, rest,
                   record + (("healed", g.cards[a.args[0]].id), ("healed_face", face)))
        game.ask(seat, "heal", _dedupe(game, actions), heal, "heal trigger: a damage card to the drop zone")
    else:
        key = {"power": "power_to", "critical": "critical_to", "stand": "stood"}[effect]
        amount = game.params["trigger_power"]

        def apply(g, a):
            unit = g.state.players[seat].unit_at(a.args[0])
            if effect in ("power", "critical"):
                unit.modified(effect, amount if effect == "power" else 1, "turn",
                              f"{g.cards[inst].trigger} trigger {g.cards[inst].id}")
            elif not a.args[0].startswith("VC"):   # not the vanguard nor its legion mate
                if unit.rested:
                    zones.orient(g, seat, [a.args[0]], False)
                unit.rested = False
            g.then(_trigger_step, seat, inst, active, rest, record + ((key, a.args[0]),))
        game.ask(seat, f"trigger_{effect}", _units_choice(game, seat, effect), apply,
                 f"{game.cards[inst].trigger} trigger: choose a unit for {effect}")


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
