"""Delete (CR 10.26): a unit turned face down on its circle that stays a unit.

A deleted unit keeps its circle, its orientation (CR 10.26.2, 10.26.4) and every characteristic
but two: its original power is 0 and it has lost its printed text (CR 10.26.3). So it still
attacks, boosts, is boosted, guards and is ridden upon (CR 10.26.4, 10.26.11), its name, grade,
clan, skill icons and critical stay, power modifiers still add to 0 (CR 10.26.3's example,
10.26.8), and abilities an effect gives it work (CR 10.26.7); its own AUTO, ACT and CONT
abilities do not (the ability layer asks `placements`).

The state is a unit status `deleted` (`game/statuses.py`, kept `until: rule`: a turn's end does
not end it). The end phase's flow step `return_deleted_units` (CR 6.8.1.1.2, beside unlocking)
returns the turn player's deleted units to a normal state: face up, the same units. A unit that
leaves its circle is a new object wherever it goes (CR 4.1.4), face up (CR 10.26.5, 10.26.11):
its status no longer matches any unit, and the same step drops it.
Trace: `delete` and `undelete` events naming the player, the card and its circle.
"""
from __future__ import annotations

from . import statuses

DELETED = "deleted"


def placements(game) -> frozenset:
    """The placement numbers of the deleted units (of both players)."""
    found = game.state.statuses
    if not found:
        return frozenset()
    return frozenset(s[1] for s, n, _, _ in found if n == DELETED)


def is_deleted(game, unit) -> bool:
    """The unit itself is deleted (a legion mate is a unit of its own, CR 10.26.10)."""
    return bool(game.state.statuses) and unit is not None and bool(
        statuses.values(game, statuses.unit_subject(unit), DELETED))


def delete(game, seat: int, circle: str, unit, **fields) -> bool:
    """Delete the unit on `circle` (CR 10.26.1-10.26.2): face down, same unit, same orientation.
    False if it already was (nothing happens)."""
    if is_deleted(game, unit):
        return False
    statuses.add(game, statuses.unit_subject(unit), DELETED, seat, statuses.RULE)
    game.emit("delete", player=seat, card=game.cards[unit.card].id, circle=circle, **fields)
    return True


def return_deleted_units(game, seat: int) -> None:
    """End phase (CR 6.8.1.1.2): `seat`'s deleted units turn face up, in a normal state again
    (CR 10.26.5); statuses of deleted units that left the field go too."""
    found = game.state.statuses
    if not found or not any(n == DELETED for _, n, _, _ in found):
        return
    p = game.state.players[seat]
    on_field = {u.placed: c for c, u in p.units()}
    others = {u.placed for _, u in game.state.players[1 - seat].units()}
    kept = []
    for entry in found:
        subject, name, _, _ = entry
        if name != DELETED:
            kept.append(entry)
        elif subject[1] in on_field:
            circle = on_field[subject[1]]
            card = p.unit_at(circle).card
            game.emit("undelete", player=seat, card=game.cards[card].id, circle=circle)
        elif subject[1] in others:
            kept.append(entry)      # the other player's: returned at the end of their own turn
    game.state.statuses = tuple(kept)
