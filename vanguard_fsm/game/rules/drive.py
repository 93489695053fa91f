"""The drive step (RULES 1.2, CR 7.6): how many drive checks, and each one.

The order (count, then one check per drive with its trigger and check timings) is in
`flows/battle.yaml`; the number of checks per skill is the parameter `drive_checks`.
"""
from __future__ import annotations

from .common import action, condition
from .. import statuses


@condition("attacker_drives")
def attacker_drives(game) -> bool:
    """Only a vanguard attacker drive checks (CR 7.6.1.2; seed 002 Q&A)."""
    return game.state.battle.attacker == "VC"


def drive_count(game, skills) -> int:
    """Drive checks for a vanguard with these skills: parameters `drive_checks` (RULES 1.2); of
    several drive skills only the largest counts (CR 11.2.2); none of them: `drive_checks.none`."""
    counts = game.params["drive_checks"]
    return max((counts[s] for s in skills if s in counts and s != "none"), default=counts["none"])


def drive_of(game, unit) -> int:
    """The unit's drive: its skills' count (RULES 1.2) changed by effects (CR 2.16.2); may be <= 0."""
    return drive_count(game, game.cards[unit.card].skills) + statuses.unit_total(game, unit, "drive")


@action("set_drive_count")
def set_drive_count(game) -> None:
    """Drive checks of the attacking vanguard (RULES 1.2; parameters `drive_checks`); a drive of
    0 or less means none (CR 2.16; seed 000 drive step 2)."""
    b = game.state.battle
    unit = game.state.players[game.state.turn_player].circles["VC"]
    if unit is None:
        b.drives = 0
    elif unit.card != b.attacker_card:    # another card on VC now: no skill of the attacker's
        b.drives = drive_count(game, ())
    else:
        b.drives = max(0, drive_of(game, unit))


@condition("drives_remaining")
def drives_remaining(game) -> bool:
    """The attacker still has drive checks to make in this drive step (CR 7.6)."""
    return game.state.battle.drives > 0


@action("drive_check")
def drive_check(game) -> None:
    """Top card of the deck to the trigger zone, face up (CR 7.6.1.2.3)."""
    state = game.state
    seat = state.turn_player
    p = state.players[seat]
    b = state.battle
    if not p.deck:
        b.drives = 0
        return
    inst = p.deck.pop()
    p.trigger.append(inst)
    b.drives -= 1
    c = game.cards[inst]
    total = _drive_total(game)
    game.emit("drive_check", player=seat, card=c.id, trigger=c.trigger, index=total - b.drives, total=total)


def _drive_total(game) -> int:
    unit = game.state.players[game.state.turn_player].circles["VC"]
    return max(0, drive_of(game, unit)) if unit is not None else 0


@action("trigger_card_to_hand")
def trigger_card_to_hand(game) -> None:
    """The drive-checked card goes to its owner's hand (CR 7.6.1.2.6)."""
    p = game.state.players[game.state.turn_player]
    while p.trigger:
        p.hand.append(p.trigger.pop())
