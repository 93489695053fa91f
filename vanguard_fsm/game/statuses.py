"""What effects forbid or change for a unit or a player, and until when (CR 2.16, 7.5, 7.7, 10.25.6.1).

A status is one immutable entry `(subject, name, value, until)` in `State.statuses`:
`subject` is `("unit", placement number)` — so a unit that leaves its circle loses
it, being a new object wherever it goes (CR 4.1.4) — or `("seat", seat)` for a
player; `until` is `battle` or `turn`, ended by the flows' `end_battle` and
`end_turn_effects` actions. The rules consult statuses by name here; card effects
(`abilities/effects/restrictions.py`) add them. The names the rules look at:

- `cannot_be_hit` (unit): compared in the damage step, the attack does not hit it;
- `drive` (unit, signed): added to its drive; 0 or less means no drive check (CR 2.16.2);
- `no_deal_damage` (unit): its hit deals no damage (a legion: neither leader nor mate, CR 10.25.6.1);
- `hit_abilities_without_hit` (unit): its "when hits" abilities stand by even if it does not hit;
- `no_guard_from_hand`, `no_intercept`, `no_g_guardian` (seat, value: the lowest grade
  forbidden, 0 for all): what that player may not put on the guardian circle (CR 7.5.1.2);
- `cannot_intercept` (unit): it is not offered as an interceptor (CR 11.3);
- `no_normal_ride` (seat): that player is offered no normal ride (the ride step's `ride` choice);
- `set_power` (unit, value N): its original power is N; modifiers still add (CR 3.7.1, 3.7.1.2, 2.5.4);
- `lost` (unit, value: a CONT keyword such as `restraint`): the unit has lost that ability, its own
  and given ones (the ability layer leaves them out, CR 11.5 Restraint lifted by an ACT);
- `stride_cost_waived` (seat): that player's next normal stride this turn pays no stride cost
  (value `next`; the stride's pay step, `game/rules/g_calls.py`, uses it up: its value becomes the G unit strode);
- `grade` (unit, signed): added to its grade wherever the rules read a unit's grade (the
  vanguard's for ride, call and guard limits, CR 2.4.2, 8.5; the grade filters).

`until: rule` is kept until a rule uses it up: `vanguard_damage` (seat, N: damage an effect
dealt, taken point by point by the damage process at the check timing, CR 10.33, 9.6) and
`extra_turn` (seat: an extra turn after this one, taken by the game flow, CR 12.4); the game
flow's `take_extra_turn` leaves `extra_turn_taken`, which the next `begin_turn` uses up to mark
its `turn_begin` event `extra: true`; `deleted`
(unit, value: the seat of its master: a deleted unit, original power 0 and no printed text, until
the end phase of its master's turn, CR 10.26, 6.8.1.1.2; `game/deleted.py`).
"""
from __future__ import annotations

UNTIL = ("battle", "turn")
RULE = "rule"    # kept until a rule uses it up (vanguard damage, an extra turn)
LOST = "lost"    # a unit lost a keyword ability (value: its name)


def unit_subject(unit) -> tuple:
    return ("unit", unit.placed)


def seat_subject(seat: int) -> tuple:
    return ("seat", seat)


def add(game, subject: tuple, name: str, value=True, until: str = "turn") -> None:
    """Give `subject` the status `name` until the end of the battle or of the turn.
    `battle` outside a battle means until end of turn."""
    if until == "battle" and game.state.battle is None:
        until = "turn"
    game.state.statuses = game.state.statuses + ((subject, name, value, until),)


def values(game, subject: tuple, name: str) -> list:
    return [v for s, n, v, _ in game.state.statuses if s == subject and n == name]


def unit_has(game, unit, name: str) -> bool:
    """The unit (a legion leader: or its mate, CR 10.25.6.1) has the status."""
    statuses = game.state.statuses
    if not statuses or unit is None:
        return False
    subjects = {unit_subject(unit)} | ({unit_subject(unit.mate)} if unit.mate is not None else set())
    return any(s in subjects and n == name for s, n, _, _ in statuses)


def unit_total(game, unit, name: str) -> int:
    """The sum of the unit's own values of `name` (0 without any)."""
    if not game.state.statuses or unit is None:
        return 0
    return sum(values(game, unit_subject(unit), name))


def seat_forbids(game, seat: int, name: str, grade: int) -> bool:
    """A `seat` status forbids a card of this grade (its value: the lowest grade forbidden)."""
    lowest = lowest_forbidden(game, seat, name) if game.state.statuses else None
    return lowest is not None and grade >= lowest


def lowest_forbidden(game, seat: int, name: str):
    """The lowest grade the `seat` statuses `name` forbid (None: none), for a rule that asks
    `seat_forbids` of many cards at once (the guard step's hand) to read the statuses once."""
    found = values(game, seat_subject(seat), name)
    return min(found) if found else None


def end(game, until: str) -> None:
    """Statuses 'until end of battle / turn' end (a turn's end also ends the battle's)."""
    statuses = game.state.statuses
    if statuses:
        ended = (until,) if until == "battle" else UNTIL
        game.state.statuses = tuple(s for s in statuses if s[3] not in ended)


def unit_last(game, unit, name: str, default=None):
    """The latest value of the unit's status `name` (a later effect overrides an earlier one)."""
    if not game.state.statuses or unit is None:
        return default
    found = values(game, unit_subject(unit), name)
    return found[-1] if found else default


def lost(game, keyword: str) -> frozenset:
    """The placement numbers of the units that lost the ability `keyword` now."""
    found = game.state.statuses
    if not found:
        return frozenset()
    return frozenset(s[1] for s, n, v, _ in found if n == LOST and v == keyword)


def replace(game, subject: tuple, name: str, old, new) -> None:
    """The first status `name` of `subject` with value `old` takes the value `new` (kept until its end)."""
    statuses = game.state.statuses
    for i, (s, n, v, until) in enumerate(statuses):
        if s == subject and n == name and v == old:
            game.state.statuses = statuses[:i] + ((s, n, new, until),) + statuses[i + 1:]
            return


def take(game, name: str, subject: tuple | None = None):
    """Remove the first `until: rule` status `name` (of `subject`, or anyone's) and return
    (subject, value), or None: a rule uses up what an effect left for it."""
    statuses = game.state.statuses
    for i, (s, n, v, until) in enumerate(statuses):
        if n == name and until == RULE and (subject is None or s == subject):
            game.state.statuses = statuses[:i] + statuses[i + 1:]
            return s, v
    return None


def pending(game, name: str) -> list:
    """The subjects with an `until: rule` status `name`, oldest first."""
    return [s for s, n, _, until in game.state.statuses if n == name and until == RULE]
