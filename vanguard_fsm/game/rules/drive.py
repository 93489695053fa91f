"""The drive step (RULES 1.2, CR 7.6): how many drive checks, and each one.

The order (count, then one check per drive with its trigger and check timings) is in
`flows/battle.yaml`; the number of checks per skill is the parameter `drive_checks`.
"""
from __future__ import annotations

from .common import action, condition
from .. import statuses


@condition("attacker_drives")
def attacker_drives(game) -> bool:
    """The attacking unit is a drive unit (CR 7.6.1.2, 7.6.1.2.1): a vanguard (seed 002 Q&A), or a
    rear-guard that gained drive, i.e. an effect raised its drive (`drive: N`, CR 2.16.2). A
    rear-guard's printed drive skill alone does not make it drive (CR 2.16.1: the drive counts for
    a vanguard); once it gained drive, its drive is counted as a vanguard's (`drive_of`)."""
    if game.state.battle.attacker == "VC":
        return True
    unit = drive_unit(game)
    return unit is not None and bool(game.state.statuses) and statuses.unit_total(game, unit, "drive") > 0


def drive_count(game, skills) -> int:
    """Drive checks for a vanguard with these skills: parameters `drive_checks` (RULES 1.2); of
    several drive skills only the largest counts (CR 11.2.2); none of them: `drive_checks.none`."""
    counts = game.params["drive_checks"]
    none, most = counts["none"], None
    for s in skills:     # a plain loop: asked at every drive check (`drives_remaining`)
        if s in counts and s != "none" and (most is None or counts[s] > most):
            most = counts[s]
    return none if most is None else most


def drive_of(game, unit) -> int:
    """The unit's drive: its skills' count (RULES 1.2) changed by effects (CR 2.16.2); may be <= 0."""
    count = drive_count(game, game.cards[unit.card].skills)
    return count + statuses.unit_total(game, unit, "drive") if game.state.statuses else count


def drive_unit(game):
    """The drive unit (CR 7.6.1.2.1): the attacking unit while it is still on its circle (CR
    7.4.1.8.2); None once it left. Whether it drives at all is the flows' `attacker_drives`."""
    b = game.state.battle
    unit = game.state.players[game.state.turn_player].circles[b.attacker] if b.attacker else None
    return unit if unit is not None and unit.placed == b.attacker_placed else None


def drive_now(game):
    """The drive unit's drive now (`drive_of` its `drive_unit`), None while there is none: both written
    out, as the drive step asks it at each check and before each (~60 times a game, three calls each)."""
    state = game.state
    b = state.battle
    unit = state.players[state.turn_player].circles[b.attacker] if b.attacker else None
    if unit is None or unit.placed != b.attacker_placed:
        return None
    count = drive_count(game, game.cards[unit.card].skills)
    return count + statuses.unit_total(game, unit, "drive") if state.statuses else count


@action("begin_drive_checks")
def begin_drive_checks(game) -> None:
    """The drive step's checks begin: none made yet. CR 7.6.1.3 compares the checks made with the
    drive unit's drive as it is after each check, so an effect that changes it counts (CR 2.16.2)."""
    game.state.battle.drive_checks = 0


@condition("drives_remaining")
def drives_remaining(game) -> bool:
    """Fewer drive checks made in this drive step than the drive unit's drive now (CR 7.6.1.2.2,
    7.6.1.3; RULES 1.2), and a card to check."""
    drive = drive_now(game)
    return (drive is not None and game.state.players[game.state.turn_player].deck != []
            and game.state.battle.drive_checks < drive)


@action("drive_check")
def drive_check(game) -> None:
    """Top card of the deck to the trigger zone, face up (CR 7.6.1.2.3); the trace's `index` is
    this check's number in the drive step, `total` the drive unit's drive now."""
    state = game.state
    seat = state.turn_player
    p = state.players[seat]
    b = state.battle
    if not p.deck:
        return
    inst = p.deck.pop()
    p.trigger.append(inst)
    b.drive_checks += 1
    if game.hooks.event_subs["drive_check"]:     # the drive now, for the trace only
        c = game.cards[inst]
        drive = drive_now(game)
        total = max(0, drive) if drive is not None else 0
        game.emit("drive_check", player=seat, card=c.id, trigger=c.trigger, index=b.drive_checks, total=total)


@action("trigger_card_to_hand")
def trigger_card_to_hand(game) -> None:
    """The drive-checked card goes to its owner's hand (CR 7.6.1.2.6)."""
    p = game.state.players[game.state.turn_player]
    while p.trigger:
        p.hand.append(p.trigger.pop())
