"""What a unit cannot do to particular units, and who cannot intercept (issue 28 item 2).

`cont_restrictions.py` forbids a unit a whole action (attack, be boosted); real cards also forbid it
against some units only, and forbid an intercept by particular units:

- `cannot_attack_a` FILTERS (CONT): this unit cannot attack a unit that passes the filters
  ("this unit cannot attack a rear-guard": `{cannot_attack_a: {zone: R}}`; CR 7.4.1.5 restricted);
- `cannot_boost_a` FILTERS (CONT): this unit cannot boost a unit that passes the filters
  ("cannot boost grade 2 or less units": `{cannot_boost_a: {grade_max: 2}}`; CR 7.4.1.7);
- `opponent_cannot_guard_with` FILTERS (CONT): while it applies, your opponent cannot call from the
  hand to GC a card that passes the filters ("your opponent cannot normal call grade 0 units to the
  guardian circle": `{grade: 0}`; CR 7.5.1.2); `cont_restrictions.guard_allowed` reads it;
- `cannot_intercept`: the target units cannot intercept (CR 11.3, 7.5.1.2.3). In a CONT ability it is
  read continuously, like `cannot_attack` ("during your turn, your opponent's units cannot intercept");
  resolved (AUTO / ACT) it is a unit status until end of turn (or battle) on the chosen units.

The battle rules ask `allows(game, seat, unit, "attack" | "boost", other)` for each attacker and
target, booster and boosted unit they would offer (game/rules/battle.py; `cont_restrictions.pair_allows`
reads the unit's own printed CONT abilities: none on the card, nothing to ask, the usual case), and
for each interceptor `allows(..., "intercept")` and its unit status `cannot_intercept`.
"""
from __future__ import annotations

from ..effects.restrictions import UNIT_UNTIL, _unit_status
from ..language.registry import ABILITIES

STATUS = "cannot_intercept"


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


@ABILITIES.effect("cannot_attack_a", "filters")
def cannot_attack_a(game, ctx, arg, params, then, index):
    """CONT: this unit cannot attack a unit that passes the filters (the others it may attack, CR 7.4.1.5).
    Example: {kind: CONT, zone: V/R, effect: {cannot_attack_a: {zone: R}}}   ("cannot attack a rear-guard")"""
    _continue(game, then)


@ABILITIES.effect("opponent_cannot_guard_with", "filters")
def opponent_cannot_guard_with(game, ctx, arg, params, then, index):
    """CONT: while it applies, your opponent cannot call from the hand to GC a card passing the filters (CR 7.5.1.2).
    Example: {kind: CONT, zone: V/R, effect: {opponent_cannot_guard_with: {grade: 0}}}"""
    _continue(game, then)


@ABILITIES.effect("cannot_boost_a", "filters")
def cannot_boost_a(game, ctx, arg, params, then, index):
    """CONT: this unit cannot boost a unit that passes the filters (it may boost the others, CR 7.4.1.7).
    Example: {kind: CONT, zone: R, effect: {cannot_boost_a: {grade_max: 2}}}   ("cannot boost grade 2 or less units")"""
    _continue(game, then)


def _cannot_intercept():
    fn = _unit_status(STATUS, "turn")
    fn.__doc__ = """The target units cannot intercept (CR 11.3): resolved, until end of turn (or `until: battle`);
    in a CONT ability, while it applies (its `target`: "your opponent's units cannot intercept").
    Example: {cannot_intercept: , target: {from: opponent_rear_guards, choose: 1}, until: turn}"""
    return fn


ABILITIES.effect(STATUS, "none", UNIT_UNTIL)(_cannot_intercept())
