"""A debugger position as JSON for the page: machines, board, decision, trace rows.

Pure functions of a `Session` (or a `Game`); nothing here moves the game. The page
draws what these return and decides nothing about the rules: powers are read
through the game's own `zones.power`/`zones.critical` (CONT abilities included),
legal actions are the game's `Decision`.
"""
from __future__ import annotations

import re

from ..game import zones

CIRCLE_ORDER = ("front_left", "VC", "front_right", "back_left", "back_center", "back_right")
HAND_REF = re.compile(r"hand\[(\d+)\]")


def _card(game, instance: int) -> dict:
    card = game.cards[instance]
    return {"id": card.id, "name": card.name, "grade": card.grade, "shield": card.shield}


def _unit(game, unit) -> dict | None:
    """A unit with its power and critical: printed, each modifier and its source, total."""
    if unit is None:
        return None
    card = game.cards[unit.card]
    power, critical = zones.power(game, unit), zones.critical(game, unit)
    sources = []
    if unit.heart is not None:
        sources.append({"what": "power", "value": game.cards[unit.heart].power, "source": "heart (printed power)"})
    for what, value, source in (("power", unit.power_turn, "until end of turn"),
                                ("power", unit.power_battle, "until end of battle"),
                                ("critical", unit.crit_turn, "until end of turn"),
                                ("critical", unit.crit_battle, "until end of battle")):
        if value:
            sources.append({"what": what, "value": value, "source": source})
    known_power = card.power + sum(s["value"] for s in sources if s["what"] == "power")
    known_crit = card.critical + sum(s["value"] for s in sources if s["what"] == "critical")
    if power != known_power:
        sources.append({"what": "power", "value": power - known_power, "source": "continuous abilities"})
    if critical != known_crit:
        sources.append({"what": "critical", "value": critical - known_crit, "source": "continuous abilities"})
    out = {**_card(game, unit.card), "power": power, "base_power": card.power, "critical": critical,
           "base_critical": card.critical, "modifiers": sources, "rested": bool(unit.rested),
           "shield": card.shield}
    if unit.heart is not None:
        out["heart"] = _card(game, unit.heart)
    if unit.guarding is not None:
        out["guarding"] = unit.guarding
        out["shield_battle"] = getattr(unit, "shield_battle", 0)
    if unit.mate is not None:
        out["mate"] = _unit(game, unit.mate)
    return out


def seat_view(game, seat: int, show_hand: bool = True) -> dict:
    state = game.state
    p = state.players[seat]
    g_zone = list(p.g_zone)
    out = {
        "seat": seat, "deck_name": p.deck_name,
        "turn_player": state.turn > 0 and state.turn_player == seat, "first": state.first == seat,
        "circles": {c: _unit(game, p.circles.get(c)) for c in CIRCLE_ORDER},
        "soul": [_card(game, i) for i in p.soul],
        "gc": [_unit(game, u) for u in p.gc],
        "damage": [{**_card(game, i), "face_down": i in p.face_down} for i in p.damage],
        "damage_to_lose": game.params.get("damage_to_lose", {}).get(state.format),
        "deck": len(p.deck), "drop": [_card(game, i) for i in p.drop],
        "g_zone": [{**_card(game, i), "face_up": i in p.g_face_up} for i in g_zone],
        "removed": [_card(game, i) for i in p.removed],
        "bind": [_card(game, i) for i in getattr(p, "bind", [])],
        "trigger": [_card(game, i) for i in p.trigger],
        "hand_count": len(p.hand),
        "hand": [_card(game, i) for i in p.hand] if show_hand else None,
    }
    return out


def battle_view(game) -> dict | None:
    b = game.state.battle
    if b is None or b.attacker is None:
        return None
    from ..game.battle import attack_power, defense_power
    out = {"attacker": b.attacker, "booster": b.booster, "target": b.target, "player": game.state.turn_player}
    if b.target is not None:
        try:
            out.update(attack_power=attack_power(game), defense_power=defense_power(game))
        except (TypeError, AttributeError, KeyError):    # a unit left mid-battle: no powers to compare
            pass
    return out


def board(game) -> dict:
    state = game.state
    result = None
    if state.result is not None:
        winner, loser, reason = state.result
        result = {"winner": winner, "loser": loser, "reason": reason}
    return {"turn": state.turn, "turn_player": state.turn_player if state.turn > 0 else None,
            "seats": [seat_view(game, 0), seat_view(game, 1)], "battle": battle_view(game), "result": result}


def action_label(game, decision, action_id: str) -> str:
    """The action id with the cards it names: `guard:hand[0]->VC` also says which card hand[0] is."""
    hand = game.state.players[decision.player].hand
    names = []
    for match in HAND_REF.finditer(action_id):
        index = int(match.group(1))
        if index < len(hand):
            card = game.cards[hand[index]]
            names.append(f"{card.id} {card.name} (G{card.grade})")
    return "; ".join(names)


def decision(session) -> dict | None:
    game = session.game
    d = game.pending
    if d is None:
        return None
    recorded = session.recorded_next()
    return {"player": d.player, "kind": d.kind, "prompt": d.prompt or "",
            "actions": [{"id": a.id, "kind": a.kind, "cards": action_label(game, d, a.id)} for a in d.actions],
            "recorded": recorded if recorded is not None and d.find(recorded) is not None else None,
            "diverged": recorded is not None and d.find(recorded) is None}


def machines(game) -> list[dict]:
    """The stack of running machines, outermost first: the breadcrumbs."""
    out = []
    for frame in game.runner.stack:
        leaf = frame.flow.leaves[frame.model.state]
        out.append({"machine": frame.flow.name, "state": frame.model.state, "doc": leaf.doc,
                    "rules": list(leaf.rules)})
    return out


def position(session) -> dict:
    game = session.game
    stack = game.runner.stack
    came_from = None
    if stack:
        came_from = session.came_from.get(stack[-1].flow.name)
    return {"transitions": session.transitions, "start": session.start_transitions,
            "furthest": max([session.transitions, *session.stops.values()]),
            "units": session.units, "events": len(session.trace.events), "machines": machines(game),
            "came_from": came_from, "over": game.over, "choices_made": len(game.history),
            "recorded_ahead": max(0, len(session.timeline) - len(game.history))}


def snapshot(session) -> dict:
    """Everything the page draws of the current position."""
    return {"position": position(session), "board": board(session.game), "decision": decision(session)}
