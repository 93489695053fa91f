"""The ability layer's bookkeeping in a scenario file, both ways.

A saved position must carry what the ability layer remembers (`State.abilities`):
abilities already used this turn or this game, AUTO abilities pending, and abilities
granted to units by effects. Card instances and unit placement numbers differ
between a game and its rebuilt copy, so everything is written by place: a card
by player and zone position (`VC`, `heart`, `hand[2]`, `deck[0]` from the top ...),
a unit by player and circle (`VC`, `front_left`, `gc[0]`).

File form (`ability_state:`, all lists optional):
`used: [{player, card, at, ability, per: turn|game}]`,
`pending: [{player, card, at, ability, timing, source, home}]` (an old `held` key is ignored) where `source` is
`none` (not a unit), `gone` (the unit has left) or `{player, at}`, and the optional `home` is the zone
the card was in when it triggered, written when it has left that zone since (a new card there, no
longer "this card", CR 4.1.4),
`granted: [{player, at, ability, until}]`.
"""
from __future__ import annotations

from ..abilities.runtime import abstate
from ..abilities.runtime.abstate import Pending
from ..abilities.language.identity import zone_of

GONE = -1   # a placement number no unit has: "that unit has left the field"


def locate(game, p, inst: int) -> str:
    """Where a card is, as a scenario names it: a circle, `heart`, `gc[i]` or `zone[i]` (deck from the top)."""
    for circle, unit in p.units():
        if unit.card == inst:
            return circle
        if unit.heart == inst:
            return "heart"
        if unit.mate is not None and unit.mate.card == inst:
            return "VC_mate"
    for zone in ("hand", "deck", "drop", "damage", "soul", "g_zone", "removed"):
        cards = getattr(p, zone)[::-1] if zone == "deck" else getattr(p, zone)
        if inst in cards:
            return f"{zone}[{cards.index(inst)}]"
    for i, unit in enumerate(p.gc):
        if unit.card == inst:
            return f"gc[{i}]"
    raise ValueError(f"card instance {inst} is in no zone the scenario format names")


def _units(game):
    for p in game.state.players:
        yield from ((p.seat, circle, unit) for circle, unit in p.units())
        yield from ((p.seat, f"gc[{i}]", unit) for i, unit in enumerate(p.gc))


def _unit_place(game, placed: int):
    """{player, at} of the unit with this placement number, `none` for 0, `gone` if no unit has it."""
    if not placed:
        return "none"
    return next(({"player": seat, "at": at} for seat, at, unit in _units(game) if unit.placed == placed), "gone")


def _card(game, inst: int) -> dict:
    seat = game.owner[inst]
    return {"player": seat, "card": game.cards[inst].id, "at": locate(game, game.state.players[seat], inst)}


def _home(game, pending) -> dict:
    """`home` only when the card has left the zone it triggered in (else the zone it is in says it)."""
    return {"home": pending.home} if pending.home not in (None, zone_of(game, pending.inst)) else {}


def dump(game) -> dict:
    """The ability bookkeeping as scenario data (empty parts left out)."""
    ab, turn = game.state.abilities, game.state.turn
    if ab is None:
        return {}
    on_field = {u.placed for p in game.state.players for _, u in p.units()} | \
        {u.placed for p in game.state.players for u in p.gc}
    used = sorted(({**_card(game, inst), "ability": key, "per": "game" if scope == "game" else "turn"}
                   for scope, placed, inst, key in ab.used     # a unit gone: a new card if it returns (CR 4.1.4)
                   if scope in ("game", turn) and (not placed or placed in on_field)),
                  key=lambda e: (e["player"], e["at"], e["ability"], e["per"]))
    pending = [{**_card(game, p.inst), "ability": p.key, "timing": p.timing,
                "source": _unit_place(game, p.placed), **_home(game, p)} for p in ab.pending]
    granted = []
    for placed, key, until in ab.granted:
        place = _unit_place(game, placed)
        if isinstance(place, dict):     # a grant to a unit that has left can never apply again
            granted.append({**place, "ability": key, "until": until})
    out = {"used": used, "pending": pending, "granted": granted}
    return {k: v for k, v in out.items() if v}


def load(game, scenario) -> None:
    """Put `ability_state` from the scenario into the game (after the board is built)."""
    spec = scenario.data.get("ability_state")
    if not spec:
        return
    if game.abilities is None:
        raise scenario.failure(("ability_state",), "ability_state needs the ability layer (abilities: true, "
                                                    "and cards with abilities)")

    def find_card(entry, keys) -> int:
        p = game.state.players[entry["player"]]
        found = [inst for inst in p.all_instances() if locate(game, p, inst) == entry["at"]]
        if not found or game.cards[found[0]].id != entry["card"]:
            raise scenario.failure(keys + ("at",), f"no {entry['card']} at {entry['at']} of player {entry['player']}")
        return found[0]

    def find_unit(place, keys) -> int:
        if place == "none":
            return 0
        if place == "gone":
            return GONE
        for seat, at, unit in _units(game):
            if seat == place["player"] and at == place["at"]:
                return unit.placed
        raise scenario.failure(keys, f"no unit at {place['at']} of player {place['player']}")

    def check_ability(entry, keys) -> None:
        """An ability key must name a compiled ability (else it fails only once it resolves)."""
        if entry["ability"] not in game.abilities.specs:
            known = sorted(k for k in game.abilities.specs if k.split("#")[0] == str(entry.get("card")))
            raise scenario.failure(keys + ("ability",), f"unknown ability {entry['ability']!r}"
                                   + (f" (abilities of {entry['card']}: {', '.join(known)})" if known else ""))

    for part in ("used", "pending", "granted"):
        for i, e in enumerate(spec.get(part, [])):
            check_ability(e, ("ability_state", part, i))
    for i, e in enumerate(spec.get("used", [])):
        inst = find_card(e, ("ability_state", "used", i))
        p = game.state.players[e["player"]]
        placed = next((u.placed for _, u in p.units() if u.card == inst), 0) or \
            next((u.placed for u in p.gc if u.card == inst), 0)
        abstate.mark_used(game, e["per"], inst, placed, e["ability"])
    state = abstate.get(game)
    pending = tuple(Pending(e["player"], find_card(e, ("ability_state", "pending", i)), e["ability"], e["timing"],
                            find_unit(e["source"], ("ability_state", "pending", i, "source")), (),
                            e.get("home"))
                    for i, e in enumerate(spec.get("pending", [])))
    granted = tuple((find_unit({"player": e["player"], "at": e["at"]}, ("ability_state", "granted", i)),
                     e["ability"], e["until"]) for i, e in enumerate(spec.get("granted", [])))
    abstate.put(game, state._replace(pending=pending, granted=granted))
