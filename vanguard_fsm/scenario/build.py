"""Building a scenario's position: both players' zones, the turn, the machines placed.

The game is made of exactly the cards the scenario lists (an in-memory `Deck`
per player, unvalidated); each instance is then moved to the zone or circle the
file names, the turn and battle bookkeeping are set, and `Runner.place` puts the
machines in the starting state without running its entry actions (unless
`start.enter: true`). The cards' abilities run (the ability layer is attached)
unless `abilities: false`. The result is a paused `Game`, ready for `advance()`.
"""
from __future__ import annotations

from pathlib import Path

from ..abilities import attach
from ..game import zones
from ..game.cards import load_cards
from ..game.decks import Deck
from ..game.engine import Game
from ..game.factory import new_game
from ..game.state import BACK_ROW, REAR_CIRCLES, Battle
from ..machine.builder import entry_tasks
from ..machine.hooks import Hooks
from ..schema_messages import shown
from ..paths import builtin_cards_dir
from . import abilities as scenario_abilities
from .position import check_battle, check_position
from .schema import Scenario

# battle states reached before an attacker and a target are chosen
_NO_ATTACK_YET = ("start_step", "attack_step.declare_attack", "battle_phase_end")


def _entries(zone: list, keys: tuple):
    """(key path, card id, entry dict) for each card of a zone list, counts expanded."""
    for i, entry in enumerate(zone or []):
        if isinstance(entry, str):
            yield keys + (i,), entry, {}
        else:
            for _ in range(entry.get("count", 1)):
                yield keys + (i, "card"), entry["card"], entry


def _unit_spec(value) -> dict | None:
    return {"card": value} if isinstance(value, str) else value


def _player_cards(spec: dict, pkey: str) -> list[tuple]:
    """Every card the player's position names, as (slot, key path, card id, entry), in a fixed order."""
    out = []
    vc = _unit_spec(spec["VC"])
    out.append(("VC", (pkey, "VC", "card") if isinstance(spec["VC"], dict) else (pkey, "VC"), vc["card"], vc))
    if "heart" in vc:
        out.append(("heart", (pkey, "VC", "heart"), vc["heart"], vc))
    if "mate" in vc:
        mate = _unit_spec(vc["mate"])
        keys = (pkey, "VC", "mate", "card") if isinstance(vc["mate"], dict) else (pkey, "VC", "mate")
        out.append(("mate", keys, mate["card"], mate))
    out += [("soul", k, c, e) for k, c, e in _entries(vc.get("soul"), (pkey, "VC", "soul"))]
    for circle in REAR_CIRCLES:
        unit = _unit_spec(spec.get(circle))
        if unit is not None:
            keys = (pkey, circle, "card") if isinstance(spec[circle], dict) else (pkey, circle)
            out.append((circle, keys, unit["card"], unit))
    for zone in ("hand", "deck", "drop", "damage", "g_zone", "removed", "bind"):
        out += [(zone, k, c, e) for k, c, e in _entries(spec.get(zone), (pkey, zone))]
    out += [("gc", (pkey, "gc", i, "card"), g["card"], g) for i, g in enumerate(spec.get("gc", []))]
    return out


def _place_unit(game, inst: int, spec: dict):
    unit = zones.new_unit(game, inst, spec.get("rested", False))
    unit.power_turn, unit.power_battle = spec.get("power_turn", 0), spec.get("power_battle", 0)
    unit.crit_turn, unit.crit_battle = spec.get("critical_turn", 0), spec.get("critical_battle", 0)
    return unit


def _fill_player(game, scenario: Scenario, seat: int, cards: list[tuple]) -> None:
    p = game.state.players[seat]
    spec = scenario.data[f"p{seat}"]
    instances = list(p.deck)   # created in the order of `cards`
    p.deck = []
    deck_top_first = []
    for (slot, keys, _cid, entry), inst in zip(cards, instances):
        if slot == "VC":
            p.circles["VC"] = _place_unit(game, inst, entry)
        elif slot == "heart":
            if game.cards[p.circles["VC"].card].unit != "g_unit":
                raise scenario.failure(keys, "only a G unit on VC has a heart (RULES 3.3.3.2)")
            p.circles["VC"].heart = inst
        elif slot == "mate":   # in legion (CR 10.25), or under a G unit with its leader as hearts (CR 10.27.4)
            p.circles["VC"].mate = _place_unit(game, inst, entry)
        elif slot in REAR_CIRCLES and entry.get("locked"):
            p.locked[slot] = inst    # a locked card: face down on its circle, not a unit (CR 10.22)
        elif slot in REAR_CIRCLES:
            p.circles[slot] = _place_unit(game, inst, entry)
        elif slot == "gc":
            unit = zones.new_unit(game, inst, entry.get("rested", False))
            unit.guarding, unit.shield_battle = entry.get("guarding", "VC"), entry.get("shield_battle", 0)
            p.gc.append(unit)
        elif slot == "deck":
            deck_top_first.append(inst)
        else:
            getattr(p, slot).append(inst)
            if entry.get("face_down"):
                p.face_down.add(inst)
            if entry.get("face_up"):
                p.g_face_up.add(inst)
    p.deck = deck_top_first[::-1]   # the engine keeps the top of the deck at the end
    p.rode, p.strode = spec.get("rode", False), spec.get("strode", False)
    p.revealed = p.deck[-spec["revealed"]:][::-1] if spec.get("revealed") else []


def _invoked_at(flows, dotted: str):
    machine, _, leaf = dotted.partition(".")
    return flows.flows[machine].leaves[leaf].invoke_at


def machine_paths(flows, at) -> list[str]:
    """`battle.guard_step` -> ['game.turn', 'turn.battle_phase', 'battle.guard_step'] (a list is kept)."""
    if isinstance(at, list):
        return list(at)
    name = at.partition(".")[0]
    chain = [at]
    while name != flows.root.name:
        invokers = [f"{f.name}.{leaf}" for f in flows.flows.values() for leaf, s in f.leaves.items()
                    if s.invoke == name]
        plain = [i for i in invokers if _invoked_at(flows, i) is None]
        if len(invokers) > 1 and len(plain) == 1:   # the one that starts it at its initial state
            invokers = plain
        if len(invokers) != 1:
            raise ValueError(f"cannot tell which state runs machine {name!r} "
                             f"({', '.join(invokers) or 'none does'}); give 'at' as a list of paths")
        chain.insert(0, invokers[0])
        name = invokers[0].partition(".")[0]
    return chain


def _set_battle(game, scenario: Scenario, paths: list[str]) -> None:
    state = game.state
    start = scenario.data["start"]
    in_battle = any(p.startswith("battle.") for p in paths)
    state.in_battle_phase = any(p == "turn.battle_phase" for p in paths)
    spec = start.get("battle")
    if not in_battle:
        if spec is not None:
            raise scenario.failure(("start", "battle"), "'battle' is only for a start inside the battle machine")
        return
    state.battle = Battle()
    leaf = paths[-1].partition(".")[2]
    # battles that have begun (CR 7.1.2.1): a battle begins at its attack
    state.battle_count = (spec or {}).get("count", 0 if leaf in _NO_ATTACK_YET else 1)
    if spec is None or "attacker" not in spec or "target" not in spec:
        if leaf not in _NO_ATTACK_YET:
            raise scenario.failure(("start", "battle") if spec else ("start", "at"),
                                   f"a start at {paths[-1]} needs start.battle with attacker and target")
        return
    me, them = state.players[state.turn_player], state.players[1 - state.turn_player]
    b = state.battle
    for key, owner in (("attacker", me), ("target", them), ("booster", me)):
        circle = spec.get(key)
        if circle is not None and owner.circles[circle] is None:
            raise scenario.failure(("start", "battle", key), f"{key} circle {circle} is empty")
    b.set_attack(state, state.turn_player, spec["attacker"], spec["target"])
    b.booster = spec.get("booster")
    if b.booster is not None:
        b.booster_placed = me.circles[b.booster].placed
    b.target_is_vanguard = b.target == "VC"
    for circle in spec.get("more", ()):    # further attacked units (CR 7.4.1.8.5)
        if them.circles[circle] is None or circle == b.target:
            raise scenario.failure(("start", "battle", "more"), f"more: circle {circle} is empty or the target")
        b.more += ((circle, them.circles[circle].placed),)
        b.target_is_vanguard = b.target_is_vanguard or circle == "VC"
    b.hit, b.drive_checks, b.damage_left = spec.get("hit", False), spec.get("drive_checks", 0), spec.get("damage_left", 0)
    # attacking rests the attacker (CR 7.4.1.4), boosting the booster; unless the file says `rested:`
    written = scenario.data[f"p{state.turn_player}"]
    for circle in (b.attacker, b.booster):
        if circle is not None and not (isinstance(written.get(circle), dict) and "rested" in written[circle]):
            me.circles[circle].rested = True
    if b.booster is not None and b.booster not in BACK_ROW:
        raise scenario.failure(("start", "battle", "booster"), "a booster stands in the back row")


def own_cards(scenario: Scenario, uploaded: bool = False) -> Path | None:
    """The card data the scenario's `cards:` names: a file or directory beside it. An uploaded
    scenario (the browser's `load`) has nothing beside it on the server: it may name only a
    built-in card file (`cards: kagero.yaml`), never a path (issue 27, S2)."""
    name = scenario.data.get("cards")
    if name is None:
        return None
    if uploaded:
        builtin = builtin_cards_dir()
        path = builtin / name if "/" not in name and "\\" not in name and not name.startswith(".") else None
        if path is None or not path.is_file():
            raise scenario.failure(("cards",), f"an uploaded scenario may name only a built-in card file "
                                               f"(as `cards: kagero.yaml`), not {shown(name)}; to use other "
                                               f"cards, start `vanguard-fsm web --cards PATH`")
        return path
    path = Path(scenario.path).parent / name
    if not path.exists():
        raise scenario.failure(("cards",), f"no card file or directory {name!r} beside the scenario")
    return path


def build_game(scenario: Scenario, hooks: Hooks | None = None, flows_dir=None, cards=None,
               uploaded: bool = False, db=None) -> Game:
    """The scenario's position in a new game, machines placed; call `advance()`/`step()` to run it.
    `uploaded`: the file came from a browser, so its `cards:` may name built-in data only; `db`: a
    card database already loaded (the probe's mutation test changes one card's data in memory)."""
    data = scenario.data
    if cards is None:     # the scenario's own cards (test cards), beside it
        cards = own_cards(scenario, uploaded)
    db = load_cards(cards) if db is None else db
    fmt = data.get("format", "standard")
    per_player, decks = [], []
    for seat in (0, 1):
        listed = _player_cards(data[f"p{seat}"], f"p{seat}")
        for _slot, keys, card_id, _entry in listed:
            if card_id not in db:
                raise scenario.failure(keys, f"unknown card {card_id!r}")
        name = data[f"p{seat}"].get("deck_name", f"scenario-p{seat}")
        decks.append(Deck(name, fmt, listed[0][2], tuple(c for _s, _k, c, _e in listed), (), scenario.path))
        per_player.append(listed)
    # a scenario is a position, not a game start: its cards are no constructed deck
    game = new_game(data.get("seed", 0), decks, fmt, flows_dir, cards, hooks=hooks, start=False,
                    check_decks=False, db=db)
    if data.get("abilities", True):
        attach(game)
    flows = game.flows
    start = data["start"]
    for seat in (0, 1):     # what no legal game reaches is refused before anything is placed
        check_position(scenario, db, flows.spec.parameters, fmt, per_player[seat], seat)
    check_battle(scenario, start.get("battle") or {})
    for seat in (0, 1):
        _fill_player(game, scenario, seat, per_player[seat])
    state = game.state
    state.turn, state.turn_player = start["turn"], start["turn_player"]
    state.first = start.get("first", start["turn_player"] if start["turn"] % 2 else 1 - start["turn_player"])
    try:
        paths = machine_paths(flows, start["at"])
        game.runner.place(paths)
    except ValueError as exc:
        raise scenario.failure(("start", "at"), str(exc)) from None
    _set_battle(game, scenario, paths)
    scenario_abilities.load(game, scenario)
    if start.get("enter"):
        frame = game.runner.stack[-1]
        leaf = game.runner.leaf()
        game.schedule(list(entry_tasks(frame.flow.name, leaf)))
    return game
