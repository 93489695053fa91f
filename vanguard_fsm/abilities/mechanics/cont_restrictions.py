"""What units cannot do or have done to them: CONT restrictions (Resist, Lord, Restraint, cannot attack).

These effects are written only in CONT abilities (lint says so elsewhere): they are
looked at when the game asks, never stored, like CONT power (`static.cont_value`):

- `resist` (CR 11.13): the unit cannot be chosen by the opponent's effects that choose
  (`targets.candidates` leaves it out of a choice made by the other player);
- `lord` (CR 11.8): the unit cannot attack while its master has another unit not of its clan;
- `restraint` (CR 11.5): the unit cannot be chosen as the attacking unit (a keyword, so an effect
  can take it away: `{lose: restraint}`, `restrictions.py`);
- `cannot_attack` (target: self by default): the units cannot attack; with conditions it is
  "cannot attack unless ..." (`conditions: [{not: [...]}]`);
- `cannot_be_boosted` (target: self by default): no unit may boost the units' attacks (CR 7.4.1.7);
- `cannot_be_attacked` (target: self by default): the units are not chosen as attacked units, nor
  added to a battle or made the attacked unit by an effect (CR 7.3.1.3, 7.4.1.6: "not restricted by
  rules nor effects"); with none left to attack, no attack can take place.

The battle rules ask `allows(game, seat, unit, "attack")` for every attacker they would offer,
`allows(..., "be_attacked")` for every unit they would offer to attack, and
`allows(..., "be_boosted")` before offering a boost (game/rules/battle.py). A unit that lost one of these
keywords (`lose`, a unit status) is not counted as having it: `static.cont_value` skips its abilities
of that name until the status ends.
"""
from __future__ import annotations

from ...game.clans import share_clan
from ..language.registry import ABILITIES
from ..runtime.static import has_flag
from ..language.targets import units_of

CONT_ONLY = frozenset({"resist", "lord", "restraint", "cannot_attack", "cannot_be_boosted", "cannot_be_attacked",
                       "harmony"})   # harmony: a keyword, `harmony.py`


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


@ABILITIES.effect("resist", "none")
def resist(game, ctx, arg, params, then, index):
    """CONT: Resist, this unit cannot be chosen by your opponent's effects (CR 11.13).
    Example: {kind: CONT, zone: V/R, effect: resist}"""
    _continue(game, then)


@ABILITIES.effect("lord", "none")
def lord(game, ctx, arg, params, then, index):
    """CONT: Lord, this unit cannot attack while you have a unit of another clan (CR 11.8).
    Example: {kind: CONT, zone: V, effect: lord}"""
    _continue(game, then)


@ABILITIES.effect("restraint", "none")
def restraint(game, ctx, arg, params, then, index):
    """CONT: Restraint, this unit cannot be chosen to attack (CR 11.5); `{lose: restraint}` lifts it.
    Example: {kind: CONT, zone: V/R, effect: restraint}"""
    _continue(game, then)


@ABILITIES.effect("cannot_attack", "none", {"target": "target"})
def cannot_attack(game, ctx, arg, params, then, index):
    """CONT: the target units (this unit by default) cannot attack; with conditions, 'cannot attack unless'.
    Example: {kind: CONT, zone: R, conditions: [{not: [{vanguard_is: {race: Drake}}]}], effect: cannot_attack}"""
    _continue(game, then)


@ABILITIES.effect("cannot_be_boosted", "none", {"target": "target"})
def cannot_be_boosted(game, ctx, arg, params, then, index):
    """CONT: no unit can boost the target units (this unit by default; CR 7.4.1.7).
    Example: {kind: CONT, zone: V, effect: cannot_be_boosted}"""
    _continue(game, then)


@ABILITIES.effect("cannot_be_attacked", "none", {"target": "target"})
def cannot_be_attacked(game, ctx, arg, params, then, index):
    """CONT: the target units (this unit by default) cannot be attacked: not chosen as the attacked unit,
    not added to a battle or made the attacked unit by an effect (CR 7.3.1.3, 7.4.1.6).
    Example: {kind: CONT, zone: R, effect: cannot_be_attacked}"""
    _continue(game, then)


def _flag(game, unit, what) -> bool:
    layer = game.abilities
    return layer is not None and has_flag(layer, game, unit, what)


def resisted(game, chooser: int, seat: int, unit) -> bool:
    """The unit (of `seat`) has resist and the chooser is its opponent (CR 11.13.1)."""
    return seat != chooser and _flag(game, unit, "resist")


def allows(game, seat: int, unit, what: str) -> bool:
    """The unit may `attack` (neither Restraint, CR 11.5.1, nor `cannot_attack`, nor Lord, CR 11.8.1)
    or `be_boosted` or `be_attacked`."""
    if what == "be_boosted":
        return not _flag(game, unit, "cannot_be_boosted")
    if what == "be_attacked":
        return not _flag(game, unit, "cannot_be_attacked")
    if _flag(game, unit, "restraint") or _flag(game, unit, "cannot_attack"):
        return False
    if _flag(game, unit, "lord"):
        lord = game.cards[unit.card]
        return all(share_clan(lord, game.cards[u.card], game.params) for _, _, u in units_of(game, seat))
    return True
