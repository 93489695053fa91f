"""Attacks made by effects (CR 10.34): "(unit A) attacks (unit B)".

An effect asks for the attack (`request`); it is a status of the turn player until
end of turn, `(attacker placement, target placement)`. After the ongoing battle ends
(CR 10.34.1.3), `flows/battle.yaml` goes from the close step straight to the attack
step — attack resolution, no start step (CR 7.2.1, 10.34.1.2) — while one is
pending that can still be made: unit A standing on your VC or front row, unit B on
your opponent's VC or front row (CR 10.34.1.1); one that cannot is dropped, and the
attack concludes. Asked for in the main phase, the attack comes at once: `flows/turn.yaml`
starts the battle machine at its attack step (`invoke_at`) and, after the close step, the
main phase goes on (CR 7.8.1.5). Asked for in another phase (the end phase, the
opponent's turn), nothing asks for it and it ends with the turn.
"""
from __future__ import annotations

from .battle import begin_attack
from .common import action, condition
from ..state import FRONT_ROW
from .. import statuses

NAME = "effect_attack"


def request(game, seat: int, attacker_placed: int, *targets_placed: int) -> None:
    """Unit A (placement) attacks unit B (placement), or all of several units in one battle (CR
    7.4.1.8.5), once the ongoing battle and effects are done."""
    statuses.add(game, statuses.seat_subject(seat), NAME, (attacker_placed, *targets_placed), "turn")


def _circle_of(player, placed):
    for circle in FRONT_ROW:
        unit = player.circles[circle]
        if unit is not None and unit.placed == placed:
            return circle, unit
    return None, None


def _next(game):
    """(status entry, attacker circle, target circles) of the first attack that can be made, or None;
    of several units asked to be attacked, those still on the front row are (CR 10.34.1.1)."""
    state = game.state
    seat = state.turn_player
    if seat is None or not state.statuses:
        return None
    me, them = state.players[seat], state.players[1 - seat]
    for entry in state.statuses:
        if entry[0] == statuses.seat_subject(seat) and entry[1] == NAME:
            attacker, unit = _circle_of(me, entry[2][0])
            targets = [t for t in (_circle_of(them, placed)[0] for placed in entry[2][1:]) if t is not None]
            if attacker is not None and targets and not unit.rested:
                return entry, attacker, targets
    return None


@action("conclude_unmade_attacks")
def conclude_unmade_attacks(game) -> None:
    """Once the effects in play are done, an attack an effect asked for whose attacker is not a standing
    front-row unit, or whose units to attack are gone, concludes (CR 10.34.1.1): it is not kept for later."""
    state = game.state
    if not state.statuses or state.turn_player is None:
        return
    mine = statuses.seat_subject(state.turn_player)
    me, them = state.players[state.turn_player], state.players[1 - state.turn_player]
    kept = tuple(s for s in state.statuses if not (s[0] == mine and s[1] == NAME and not _makeable(me, them, s[2])))
    if kept != state.statuses:
        state.statuses = kept


def _makeable(me, them, value) -> bool:
    attacker, unit = _circle_of(me, value[0])
    return attacker is not None and not unit.rested and any(_circle_of(them, p)[0] for p in value[1:])


@condition("effect_attack_pending")
def effect_attack_pending(game) -> bool:
    """An effect made a unit attack and the attack can be made now (CR 10.34.1.1); the flows ask in
    the battle phase (after a battle) and in the main phase (after each action)."""
    return bool(game.state.statuses) and _next(game) is not None    # no status: no attack asked for (`_next`)


@condition("in_battle_phase")
def in_battle_phase(game) -> bool:
    """The battle phase is under way: after a battle, another start step; outside it, an attack an
    effect made is complete after its close step (CR 7.8.1.5)."""
    return game.state.in_battle_phase


@action("declare_effect_attack")
def declare_effect_attack(game) -> None:
    """The effect's attack begins: its attacker and target, no choice (CR 10.34.1.2); the
    attacks asked before it that can no longer be made conclude (CR 10.34.1.1)."""
    found = _next(game)
    if found is None:
        return
    entry, attacker, targets = found
    statuses_now = game.state.statuses
    mine = statuses.seat_subject(game.state.turn_player)
    keep = statuses_now[statuses_now.index(entry) + 1:]
    game.state.statuses = tuple(s for s in statuses_now[:statuses_now.index(entry)]
                                if not (s[0] == mine and s[1] == NAME)) + keep
    begin_attack(game, game.state.turn_player, attacker, targets[0], targets[1:], by_effect=True)
