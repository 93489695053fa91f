"""A debugger position as JSON for the page: machines, board, decision, trace rows.

Pure functions of a `Session` (or a `Game`); nothing here moves the game. The page
draws what these return and decides nothing about the rules: powers are read
through the game's own `zones.power`/`zones.critical` (CONT abilities included),
legal actions are the game's `Decision`.
"""
from __future__ import annotations

import re

from ..abilities.runtime import static
from ..game import battle_power, zones
from ..game.concede import CONCEDE_IDS

CIRCLE_ORDER = ("front_left", "VC", "front_right", "back_left", "back_center", "back_right")
HAND_REF = re.compile(r"hand\[(\d+)\]")
CARD_ID = re.compile(r"\b[A-Z][A-Z0-9]*-[A-Z0-9]+\b")
HIDDEN = {"id": "?", "name": "face down", "grade": None, "shield": None}
# the first vanguard before the stand up, as its opponent sees it (CR 5.4.3)
HIDDEN_VANGUARD = {**HIDDEN, "name": "face down (first vanguard)", "grade": "?", "power": "?", "base_power": "?",
                   "critical": "?", "base_critical": "?", "modifiers": [], "rested": False, "face_down": True}


def _card(game, instance: int) -> dict:
    card = game.cards[instance]
    return {"id": card.id, "name": card.name, "grade": card.grade, "shield": card.shield}


def _source_name(game, key: str) -> str:
    """`AL-011#1` (an ability key) or `critical trigger AL-003` with the card's name after it."""
    card = game.db.get(key.split("#", 1)[0].split()[-1])
    return f"{key} {card.name}" if card is not None else key


def modifiers(game, unit) -> list[dict]:
    """Each modifier of a unit's power and critical with its source: the heart's printed power,
    every 'until end of turn/battle' effect (the ability key or trigger that gave it, as the
    engine recorded it) and every CONT ability now applying. A modifier the engine has no
    source for (a scenario's starting position) is shown as such."""
    out = []
    if unit.heart is not None:   # over a legion: the heart its player chose (CR 10.27.5.1)
        heart = zones.heart_card(game, unit)
        out.append({"what": "power", "value": game.cards[heart].power, "until": None,
                    "source": f"heart {game.cards[heart].id} (printed power)"})
    for what, value, until, source in unit.sources:
        out.append({"what": what, "value": value, "until": until, "source": _source_name(game, source)})
    for what, until, total in (("power", "turn", unit.power_turn), ("power", "battle", unit.power_battle),
                               ("critical", "turn", unit.crit_turn), ("critical", "battle", unit.crit_battle)):
        known = sum(s[1] for s in unit.sources if s[0] == what and s[2] == until)
        if total != known:
            out.append({"what": what, "value": total - known, "until": until, "source": "no recorded source"})
    if game.abilities is not None:
        for what in ("power", "critical"):
            found: list = []
            static.cont_value(game.abilities, game, unit, what, found)
            out.extend({"what": what, "value": value, "until": "continuous", "source": _source_name(game, key)}
                       for key, value in found)
    bonus = battle_power.bonus(game, unit, zones.power)     # CR 7.4.1.11, 3.11.3: in its battle
    if bonus:
        b = game.state.battle
        source = "boost (the booster's power)" if unit.placed == b.attacker_placed else "guardians' shields"
        out.append({"what": "power", "value": bonus, "until": "battle", "source": source})
    return out


def _unit(game, unit) -> dict | None:
    """A unit with its power and critical: printed, each modifier and its source, total."""
    if unit is None:
        return None
    card = game.cards[unit.card]
    out = {**_card(game, unit.card), "power": zones.power(game, unit), "base_power": card.power,
           "critical": zones.critical(game, unit), "base_critical": card.critical,
           "modifiers": modifiers(game, unit), "rested": bool(unit.rested), "shield": card.shield}
    if unit.heart is not None:
        out["heart"] = _card(game, unit.heart)
    if unit.guarding is not None:
        out["guarding"] = unit.guarding
        out["shield_battle"] = getattr(unit, "shield_battle", 0)
    if unit.mate is not None:
        out["mate"] = _unit(game, unit.mate)
    return out


def seat_view(game, seat: int, show_hand: bool = True) -> dict:
    """One seat's side of the board; `show_hand` False: as its opponent sees it (hand and
    face-down G zone cards are counted, not named)."""
    state = game.state
    p = state.players[seat]
    g_zone = list(p.g_zone)
    out = {
        "seat": seat, "deck_name": p.deck_name,
        "turn_player": state.turn > 0 and state.turn_player == seat, "first": state.first == seat,
        "circles": {c: _unit(game, p.circles.get(c)) for c in CIRCLE_ORDER},
        **_first_vanguard_face_down(p, show_hand),
        # locked cards (CR 10.22) are no units but lie face down on their lock circle (CR 4.6.7);
        # which card it is was public when it was locked (the trace's lock event names it)
        "locked": {c: {**_card(game, i), "face_down": True} for c, i in p.locked.items()},
        "soul": [_card(game, i) for i in p.soul],
        "gc": [_unit(game, u) for u in p.gc],
        "damage": [{**_card(game, i), "face_down": i in p.face_down} for i in p.damage],
        "damage_to_lose": game.params.get("damage_to_lose", {}).get(state.format),
        "deck": len(p.deck), "drop": [_card(game, i) for i in p.drop],
        "g_zone": [{**_card(game, i), "face_up": True} if i in p.g_face_up
                   else {**(_card(game, i) if show_hand else HIDDEN), "face_up": False} for i in g_zone],
        "removed": [_card(game, i) for i in p.removed],
        "bind": [_card(game, i) for i in getattr(p, "bind", [])],
        "trigger": [_card(game, i) for i in p.trigger],
        "hand_count": len(p.hand),
        "hand": [_card(game, i) for i in p.hand] if show_hand else None,
    }
    if out.get("vanguard_face_down"):
        out["circles"]["VC"] = {**out["circles"]["VC"], "face_down": True} if show_hand else HIDDEN_VANGUARD
    return out


def _first_vanguard_face_down(p, show_hand: bool) -> dict:
    """Before the stand up the first vanguard lies face down (CR 5.4.3): its owner sees it marked,
    the opponent sees no card. Returns what to add to a seat view (nothing after the stand up)."""
    vanguard = p.circles.get("VC")
    if vanguard is None or vanguard.card not in p.face_down:
        return {}
    return {"vanguard_face_down": True}


def battle_view(game) -> dict | None:
    b = game.state.battle
    if b is None or b.attacker is None:
        return None
    from ..game.rules.damage import attack_power, defense_power
    out = {"attacker": b.attacker, "booster": b.booster, "target": b.target, "player": game.state.turn_player}
    if b.more:     # several attacked units (CR 7.4.1.8.5): every circle, the chosen one first
        out["targets"] = [c for c, _ in b.targets()]
    if b.target is not None:
        try:
            out.update(attack_power=attack_power(game), defense_power=defense_power(game))
        except (TypeError, AttributeError, KeyError):    # a unit left mid-battle: no powers to compare
            pass
    return out


def board(game, viewer: int | None = None) -> dict:
    """Both seats as `viewer` (0 or 1) sees them, or everything (None: the debugger's view)."""
    state = game.state
    result = None
    if state.result is not None:
        winner, loser, reason = state.result
        result = {"winner": winner, "loser": loser, "reason": reason}
    return {"turn": state.turn, "turn_player": state.turn_player if state.turn > 0 else None,
            "seats": [seat_view(game, s, viewer is None or viewer == s) for s in (0, 1)],
            "viewer": viewer, "battle": battle_view(game), "result": result}


def card_catalogue(game) -> dict:
    """Every card of the game by id, for the page's card panel and for names in place of ids:
    its stats, skills and each ability's text (the project's own words, from the card data)."""
    return catalogue(game.cards)


def catalogue(cards) -> dict:
    """`card_catalogue` of any cards (the report's: the cards a trace names)."""
    out = {}
    for card in cards:
        if card.id not in out:
            out[card.id] = {"name": card.name, "grade": card.grade, "power": card.power, "shield": card.shield,
                            "critical": card.critical, "clan": card.clan, "race": card.race, "unit": card.unit,
                            "trigger": card.trigger, "skills": list(card.skills), "number": card.number,
                            "abilities": [{"kind": a.get("kind"), "text": a.get("text", "")} for a in card.abilities]}
    return out


def action_text(game, decision, action_id: str, visible: bool) -> str:
    """The action id with card names in place of card ids and, when `visible`, of `hand[N]`."""
    hand = game.state.players[decision.player].hand
    if visible:
        action_id = HAND_REF.sub(lambda m: game.cards[hand[int(m.group(1))]].name
                                 if int(m.group(1)) < len(hand) else m.group(0), action_id)
    return CARD_ID.sub(lambda m: game.db[m.group(0)].name if m.group(0) in game.db else m.group(0), action_id)


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


def decision(session, viewer: int | None = None) -> dict | None:
    """The pending decision; the cards its actions name are shown unless `viewer` is the other seat."""
    game = session.game
    d = game.pending
    if d is None:
        return None
    recorded = session.recorded_next()
    return {"player": d.player, "kind": d.kind, "prompt": d.prompt or "",
            "actions": [{"id": a.id, "kind": a.kind, "text": action_text(game, d, a.id, viewer in (None, d.player)),
                         "cards": action_label(game, d, a.id) if viewer in (None, d.player) else ""}
                        for a in d.actions],
            "concede": [{"id": aid, "text": f"P{seat} concedes (CR 1.2.4)"} for seat, aid in enumerate(CONCEDE_IDS)],
            "recorded": recorded if recorded is not None and d.find(recorded) is not None else None,
            "diverged": recorded is not None and d.find(recorded) is None}


def machines(game) -> list[dict]:
    """The stack of running machines, outermost first: the breadcrumbs."""
    out = []
    for frame in game.runner.stack:
        leaf = frame.flow.leaves[frame.state]
        out.append({"machine": frame.flow.name, "state": frame.state, "doc": leaf.doc,
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


def snapshot(session, viewer: int | None = None) -> dict:
    """Everything the page draws of the current position, the board as `viewer` sees it."""
    return {"position": position(session), "board": board(session.game, viewer), "decision": decision(session, viewer)}
