"""Saving a game position as a scenario file (the debugger's `save scenario FILE`).

`position_of(game)` describes the board, the turn and the machines' states as
scenario data; `save_scenario(game, path, name=...)` writes it as YAML that
`load_scenario` + `build_game` turn back into the same position (same zones in the
same order, same units and modifiers, same flow state, so the same legal actions).

A position can be saved at a flow decision, or where the runner has just entered
a state and only that state's entry remains to run (saved as `enter: true`). In
the middle of an action (a trigger's target, a G assist removal, a card in a
trigger zone) there is no such state to start from, and `ValueError` says so.
The random generator is not saved: the file keeps the game's seed. The ability
layer's bookkeeping (uses, pending and granted abilities) is saved by place
(scenario_abilities.py).
"""
from __future__ import annotations

import os
from pathlib import Path

import yaml

from ..game.state import REAR_CIRCLES
from ..machine.builder import ENTER, quiet_plan
from ..machine.registry import REGISTRY
from ..output_files import write_output
from . import abilities as scenario_abilities

SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"


def _unit(game, unit, extra: dict | None = None):
    """A unit as scenario data: just the card id when nothing else is set."""
    out = {"card": game.cards[unit.card].id}
    if unit.rested:
        out["rested"] = True
    for key, value in (("power_turn", unit.power_turn), ("power_battle", unit.power_battle),
                       ("critical_turn", unit.crit_turn), ("critical_battle", unit.crit_battle)):
        if value:
            out[key] = value
    out.update(extra or {})
    return out["card"] if len(out) == 1 else out


def _flagged(game, instances, flagged: set, key: str) -> list:
    return [{"card": game.cards[i].id, key: True} if i in flagged else game.cards[i].id for i in instances]


def _player(game, p) -> dict:
    ids = lambda cards: [game.cards[i].id for i in cards]  # noqa: E731
    vc = p.circles["VC"]
    if vc is None:
        raise ValueError(f"player {p.seat} has no vanguard (CR 9.5 is resolving): save at a decision")
    extra = {}
    if vc.heart is not None:
        extra["heart"] = game.cards[vc.heart].id
    if vc.mate is not None:
        extra["mate"] = _unit(game, vc.mate)
    if p.soul:
        extra["soul"] = ids(p.soul)
    out: dict = {"deck_name": p.deck_name, "VC": _unit(game, vc, extra)}
    for circle in REAR_CIRCLES:
        if p.circles[circle] is not None:
            out[circle] = _unit(game, p.circles[circle])
    out["hand"] = ids(p.hand)
    out["deck"] = ids(p.deck[::-1])
    for zone in ("drop", "removed"):
        if getattr(p, zone):
            out[zone] = ids(getattr(p, zone))
    if p.damage:
        out["damage"] = _flagged(game, p.damage, p.face_down, "face_down")
    if p.g_zone:
        out["g_zone"] = _flagged(game, p.g_zone, p.g_face_up, "face_up")
    if p.gc:
        out["gc"] = [{"card": game.cards[u.card].id, "guarding": u.guarding, "rested": u.rested,
                      **({"shield_battle": u.shield_battle} if u.shield_battle else {})} for u in p.gc]
    if p.rode:
        out["rode"] = True
    if p.strode:
        out["strode"] = True
    if p.revealed:
        if p.revealed != p.deck[-len(p.revealed):][::-1]:
            raise ValueError("the cards being looked at are not the top of the deck")
        out["revealed"] = len(p.revealed)
    return out


def _battle(game) -> dict:
    """The battle bookkeeping: count, attacker, target, booster and the step counters."""
    state = game.state
    b = state.battle
    out = {"count": state.battle_count}
    if b is None or b.attacker is None:
        return out
    me, them = state.players[state.turn_player], state.players[1 - state.turn_player]
    attacker, target = me.circles[b.attacker], them.circles[b.target]
    if attacker is None or attacker.placed != b.attacker_placed or target is None or target.placed != b.target_placed:
        raise ValueError("the attacking or the attacked unit has left its circle: step to the next battle")
    out.update(attacker=b.attacker, target=b.target)
    if b.more:
        if any(them.circles[c] is None or them.circles[c].placed != placed for c, placed in b.more):
            raise ValueError("an attacked unit has left its circle: step to the next battle")
        out["more"] = [c for c, _ in b.more]
    if b.booster is not None:
        out["booster"] = b.booster
    for key in ("hit", "drive_checks", "damage_left"):
        if getattr(b, key):
            out[key] = getattr(b, key)
    return out


def _entry_only(game) -> bool:
    """True if the agenda holds exactly the entry of the current leaf (just entered, nothing run), as
    a game with a `state` subscriber schedules it or as one without does (`builder.quiet_plan`)."""
    frame, leaf = game.runner.stack[-1], game.runner.leaf()
    plan = tuple(reversed([(ENTER, (frame.flow.name, leaf))] + [(REGISTRY.actions[a], ()) for a in leaf.actions]))
    agenda = tuple(game.agenda)
    return agenda == plan or agenda == quiet_plan(plan)


def position_of(game, name: str = "saved position", rules=None) -> dict:
    """The current position as scenario data (see the module doc for where this is possible)."""
    state, runner = game.state, game.runner
    if runner.finished or not runner.stack:
        raise ValueError("the game is over: there is no position to continue from")
    if state.turn < 1:
        raise ValueError("setup is not a scenario start: save from turn 1 on")
    pending = game.pending
    if pending is not None and pending.resolver is not None:
        raise ValueError(f"a choice inside an action is pending ({pending.kind}): save at a flow decision")
    enter = bool(game.agenda)
    if enter and (pending is not None or not _entry_only(game)):
        raise ValueError("an action is half done (tasks are waiting): step to a decision first")
    frame = runner.stack[-1]
    if frame.answered is not None or frame.invoke_due or runner.leaf().invoke is not None:
        raise ValueError(f"{runner.paths()[-1]} is being left: step to the next decision first")
    if any(p.trigger for p in state.players):
        raise ValueError("a card is in a trigger zone: step to a decision first")
    start: dict = {"turn": state.turn, "turn_player": state.turn_player, "first": state.first,
                   "at": runner.paths()}
    if enter:
        start["enter"] = True
    if state.in_battle_phase:
        start["battle"] = _battle(game)
    doc = f"Saved at turn {state.turn}, {runner.paths()[-1]}."
    me = _player(game, state.players[state.turn_player])
    for circle in (start.get("battle", {}).get(k) for k in ("attacker", "booster")):
        if circle is not None:   # say it: a start in battle rests these unless told
            unit = me[circle] if isinstance(me[circle], dict) else {"card": me[circle]}
            me[circle] = {**unit, "rested": state.players[state.turn_player].circles[circle].rested}
    players = {state.turn_player: me, 1 - state.turn_player: _player(game, state.players[1 - state.turn_player])}
    abilities = scenario_abilities.dump(game)
    return {"name": name, "doc": doc, "rules": list(rules or ["saved-position"]), "format": state.format,
            "seed": game.seed, "abilities": game.abilities is not None,
            **({"ability_state": abilities} if abilities else {}), "start": start, "p0": players[0], "p1": players[1]}


HEADER = ("# Saved by vanguard-fsm. Add `script:` (the choices to make), `until:` and `expect:`\n"
          "# (what must happen), and the rule IDs this scenario checks in `rules:`.\n")


def write_scenario(data: dict, path: str | Path) -> Path:
    """Write scenario data as YAML, after the schema line and a short header."""
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=110, allow_unicode=True)
    path = Path(path)
    schema = os.path.relpath(SCHEMA, path.resolve().parent)     # editors check the file as you type
    write_output(path, f"# yaml-language-server: $schema={schema}\n" + HEADER + text)
    return path


def save_scenario(game, path: str | Path, name: str = "saved position", rules=None) -> Path:
    """Write the current position as a scenario file (no script, no expectations yet)."""
    return write_scenario(position_of(game, name, rules), path)
