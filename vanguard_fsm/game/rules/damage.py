"""The damage step (CR 7.7): the attacking and attacked units' powers, the comparison for each
attacked unit, the damage checks, and what is retired after the hit event.

Each function is one named step of `flows/battle.yaml`; the order and the check timings
between them are in the flow, not here.
"""
from __future__ import annotations

from .battle import _attacked_unit, attacked_units
from .common import action, condition
from .. import statuses, zones


# -- damage step (CR 7.7) -------------------------------------------------------

def attack_power(game) -> int:
    state = game.state
    b = state.battle
    p = state.players[state.turn_player]
    unit = p.circles[b.attacker]
    if unit is None or unit.placed != b.attacker_placed:
        return 0
    total = zones.power(game, unit)     # with its booster's (CR 7.4.1.11; game/battle_power.py)
    if unit.legion():   # leader + mate, each with its own modifiers and CONT (CR 10.25.4, 10.25.6)
        total += zones.power(game, unit.mate)
    return total


def defense_power(game, circle=None) -> int:
    """The attacked unit's power with the shields of the guardians guarding it (CR 7.5.1.2); `circle`
    names one of several attacked units (default: the chosen one)."""
    state = game.state
    b = state.battle
    if circle is None or circle == b.target:
        circle, unit = b.target, _attacked_unit(game)
    else:
        unit = next((u for c, u in attacked_units(game) if c == circle), None)
    return zones.power(game, unit) if unit is not None else 0     # with its guardians' shields (CR 3.11.3)


@action("compare_power")
def compare_power(game) -> None:
    """Hit when the attacker's power minus the attacked unit's is at least parameter hit_power_lead_min
    (0: a tie hits, CR 7.7.1.2-3), unless an effect says it cannot be hit; an attacker an effect
    keeps from dealing damage deals none (CR 10.25.6.1)."""
    state = game.state
    b = state.battle
    if b.more:
        _compare_each(game)
        return
    seat = state.turn_player
    attacker = state.players[seat].circles[b.attacker]
    target = _attacked_unit(game)
    attacker_gone = attacker is None or attacker.placed != b.attacker_placed
    gone = attacker_gone or target is None
    # `attack_power` and `defense_power`, read from the two units just found (not looked up again)
    atk = 0 if attacker_gone else zones.power(game, attacker) + (
        zones.power(game, attacker.mate) if attacker.legion() else 0)
    dfn = zones.power(game, target) if target is not None else 0
    marked = bool(state.statuses)    # else no unit has a status (`unit_has`: no): most battles
    shielded = not gone and marked and statuses.unit_has(game, target, "cannot_be_hit")
    b.hit = not gone and atk - dfn >= game.params["hit_power_lead_min"] and not shielded
    crit = zones.critical(game, attacker) if not gone else 0
    harmless = b.hit and marked and statuses.unit_has(game, attacker, "no_deal_damage")
    b.damage_left = crit if b.hit and b.target_is_vanguard and not harmless else 0
    if not game.hooks.event_subs["battle_result"]:   # the powers compared and why: for the trace only
        return
    game.emit("battle_result", player=seat, attacker=b.attacker, target=b.target, attack_power=atk,
              target_power=dfn, hit=b.hit, critical=crit,
              **({"target_gone": True} if target is None else {}),
              **({"attacker_gone": True} if attacker_gone else {}),
              **({"cannot_be_hit": True} if shielded else {}), **({"no_damage": True} if harmless else {}))


def _compare_each(game) -> None:
    """Several attacked units: the attacker's power against each one's, each hit or not on its own
    (CR 7.7.1.2-3, RULES CR.damage 2); damage only if the attacked vanguard is hit (CR 7.7.1.5). The
    trace's top-level target fields are the chosen unit's; `targets` gives every attacked unit."""
    state = game.state
    b = state.battle
    seat = state.turn_player
    attacker = state.players[seat].circles[b.attacker]
    attacker_gone = attacker is None or attacker.placed != b.attacker_placed
    atk, lead = attack_power(game), game.params["hit_power_lead_min"]
    remaining = dict(attacked_units(game))
    rows, hits = [], []
    for circle, _ in b.targets():
        unit = remaining.get(circle)
        row = {"target": circle, "target_power": defense_power(game, circle)}
        shielded = unit is not None and not attacker_gone and statuses.unit_has(game, unit, "cannot_be_hit")
        row["hit"] = unit is not None and not attacker_gone and atk - row["target_power"] >= lead and not shielded
        if unit is None:
            row["target_gone"] = True
        if shielded:
            row["cannot_be_hit"] = True
        if row["hit"]:
            hits.append(circle)
        rows.append(row)
    b.hits, b.hit = tuple(hits), bool(hits)
    crit = zones.critical(game, attacker) if not attacker_gone else 0
    harmless = b.hit and statuses.unit_has(game, attacker, "no_deal_damage")
    b.damage_left = crit if "VC" in b.hits and not harmless else 0
    first = rows[0]
    game.emit("battle_result", player=seat, attacker=b.attacker, target=b.target, attack_power=atk,
              target_power=first["target_power"], hit=first["hit"], critical=crit,
              **{k: True for k in ("target_gone", "cannot_be_hit") if first.get(k)},
              **({"attacker_gone": True} if attacker_gone else {}),
              **({"no_damage": True} if harmless else {}), targets=rows)


@condition("damage_remaining")
def damage_remaining(game) -> bool:
    """Damage checks are still due in this damage step, one per critical (CR 7.7)."""
    return game.state.battle.damage_left > 0


@action("damage_check")
def damage_check(game) -> None:
    """One point of damage: the top card to the trigger zone (CR 9.6.2-9.6.4)."""
    state = game.state
    seat = 1 - state.turn_player
    p = state.players[seat]
    b = state.battle
    b.damage_left -= 1
    if not p.deck:
        b.damage_left = 0
        return
    inst = p.deck.pop()
    p.trigger.append(inst)
    c = game.cards[inst]
    if game.hooks.event_subs["damage_check"]:
        game.emit("damage_check", player=seat, card=c.id, trigger=c.trigger)


@action("trigger_card_to_damage")
def trigger_card_to_damage(game) -> None:
    """The damage-checked card goes to the damage zone, face up (CR 9.6.6)."""
    seat = 1 - game.state.turn_player
    p = game.state.players[seat]
    while p.trigger:
        inst = p.trigger.pop()
        p.damage.append(inst)
        zones.arrived(game, seat, inst, "trigger", "damage")    # "when a card is put into your damage zone"


@action("retire_guardians")
def retire_guardians(game) -> None:
    """G guardians to the G zone face up, then the other guardians to the drop (CR 7.7.1.9)."""
    seat = 1 - game.state.turn_player
    p = game.state.players[seat]
    if not p.gc:    # no guardian called in this battle (most battles)
        return
    cards = game.cards
    for unit in [u for u in p.gc if cards[u.card].unit == "g_unit"] + [u for u in p.gc if cards[u.card].unit != "g_unit"]:
        zones.retire_guardian(game, seat, unit)


@action("retire_hit_rear_guards")
def retire_hit_rear_guards(game) -> None:
    """A hit rear-guard is retired (CR 7.7.1.9)."""
    b = game.state.battle
    if b.more:    # each hit rear-guard among several attacked units (CR 7.7.1.9)
        remaining = dict(attacked_units(game))
        for circle in b.hits:
            if circle != "VC" and circle in remaining:
                zones.retire(game, 1 - game.state.turn_player, circle)
        return
    if b.hit and not b.target_is_vanguard and _attacked_unit(game) is not None:
        zones.retire(game, 1 - game.state.turn_player, b.target)


@action("release_hit_abilities")
def release_hit_abilities(game) -> None:
    """The hit / not-hit event (CR 7.7.1.7): 'when hits / not hit' abilities become stand by now,
    after the damage checks and their check timing (CR 7.7.1.4, 7.7.1.6)."""
    if game.abilities is not None:
        game.abilities.hit_event(game)
