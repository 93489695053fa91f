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

from ...game import deleted, statuses
from ...game.clans import share_clan
from ...game.state import MATE
from .also_clan import added
from ..language.conditions import all_hold
from ..language.filters import filters_of, passes
from ..language.registry import ABILITIES
from ..language.targets import Ctx
from ..runtime.static import cont_value, has_flag
from ..language.targets import units_of

CONT_ONLY = frozenset({"resist", "lord", "restraint", "cannot_attack", "cannot_be_boosted", "cannot_be_attacked",
                       "harmony", "cannot_attack_a", "cannot_boost_a", "opponent_cannot_guard_with"})
# harmony: `harmony.py`; the last three: `unit_limits.py`
PAIR_EFFECTS = {"attack": "cannot_attack_a", "boost": "cannot_boost_a"}     # what this unit cannot do to which
GUARD_EFFECT = "opponent_cannot_guard_with"      # `unit_limits.py`
# each ask `allows` answers -> the CONT effects that can say no to it: `what`, or `what`_a for an ask
# about a pair (`other` a unit: may this unit attack / boost that one); a game none of whose abilities
# (printed or given) says one of an ask's effects allows it whatever the board (`refused_asks`)
REFUSERS = {"attack": ("restraint", "cannot_attack", "lord"), "attack_a": (PAIR_EFFECTS["attack"],),
            "boost_a": (PAIR_EFFECTS["boost"],), "be_boosted": ("cannot_be_boosted",),
            "be_attacked": ("cannot_be_attacked",), "intercept": ("cannot_intercept",), "guard": (GUARD_EFFECT,)}
# every CONT effect `allows` reads: a game none of whose abilities says one of them allows everything
# (its layer's `allows` is `allowed`, `restricts` False: most games ask nothing)
RESTRICTING = frozenset(effect for effects in REFUSERS.values() for effect in effects)


def refused_asks(effects: frozenset) -> frozenset:
    """The asks of `allows` (`REFUSERS`'s keys) that an effect among `effects` (the CONT effects of a game's
    abilities) can say no to: the battle rules ask `allows` only those (Lord alone: only "attack")."""
    return frozenset(ask for ask, refusers in REFUSERS.items() if not effects.isdisjoint(refusers))


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
    layer = game.abilities     # no ability of the game says `what`: decided here, with no further call
    return layer is not None and what in layer.cont_effects and has_flag(layer, game, unit, what)


def resisted(game, chooser: int, seat: int, unit) -> bool:
    """The unit (of `seat`) has resist and the chooser is its opponent (CR 11.13.1)."""
    return seat != chooser and _flag(game, unit, "resist")


def allowed(game, seat: int, unit, what: str, other=None) -> bool:
    """`allows` in a game whose cards have no restricting CONT ability (`RESTRICTING`): always."""
    return True


def allows(game, seat: int, unit, what: str, other=None) -> bool:
    """The unit may `attack` (neither Restraint, CR 11.5.1, nor `cannot_attack`, nor Lord, CR 11.8.1)
    or `be_boosted` or `be_attacked` or `intercept`; with `other`, may `attack` or `boost` that unit, or
    (`unit` None) `guard`: call the card instance `other` from the hand to GC."""
    layer = game.abilities
    if layer is None:
        return True
    # each ask tests first whether a card of the game says its effect (the layer asks this function only
    # when one restricts, `refuses`; else `allowed`): no effect, nothing to look at
    effects = layer.cont_effects
    if what == "guard":        # `other`: a card instance in `seat`'s hand; no card says it: allowed
        return GUARD_EFFECT not in effects or guard_allowed(game, seat, other)
    if other is not None:
        return PAIR_EFFECTS[what] not in effects or pair_allows(game, seat, unit, what, other)
    flag = UNIT_EFFECTS.get(what)
    if flag is not None:       # be_boosted, be_attacked, intercept: one effect says no
        return flag not in effects or cont_value(layer, game, unit, flag) <= 0
    if "restraint" in effects and cont_value(layer, game, unit, "restraint") > 0 \
            or "cannot_attack" in effects and cont_value(layer, game, unit, "cannot_attack") > 0:
        return False
    if "lord" in effects and cont_value(layer, game, unit, "lord") > 0:
        lord, params = game.cards[unit.card], game.params
        return all(share_clan(lord, game.cards[u.card], params)
                   or share_clan(lord, game.cards[u.card], params, added(game, lord, unit),
                                 added(game, game.cards[u.card], u))
                   for _, _, u in units_of(game, seat))
    return True


# the asks about one unit that one CONT effect answers (`cannot_intercept`: `unit_limits.py`)
UNIT_EFFECTS = {"be_boosted": "cannot_be_boosted", "be_attacked": "cannot_be_attacked",
                "intercept": "cannot_intercept"}


def pair_allows(game, seat: int, unit, what: str, other) -> bool:
    """`unit` (of `seat`) may `attack` or `boost` the unit `other`: no CONT ability of its own card
    that applies now says `cannot_attack_a` / `cannot_boost_a` (`unit_limits.py`) of a unit like `other`."""
    layer = game.abilities
    own = layer.cont_self.get(PAIR_EFFECTS[what]) if layer is not None else None
    entries = own.get(game.cards[unit.card].id) if own else None
    if not entries or unit.placed in deleted.placements(game) | statuses.lost(game, PAIR_EFFECTS[what]):
        return True          # a deleted unit has no text (CR 10.26.3); `lose` takes the restriction away
    zone = "V" if game.state.players[seat].circles["VC"] is unit else "R"
    other_card = game.cards[other.card]
    for spec, arg, _ in entries:
        if spec.zones is not None and zone not in spec.zones:
            continue
        ctx = Ctx(seat, unit.card, spec.key, "continuous", unit.placed)
        if all_hold(game, ctx, spec.conditions) and passes(game, ctx, filters_of(arg), other_card, other):
            return False
    return True


def guard_allowed(game, seat: int, inst: int) -> bool:
    """`seat` may call the card `inst` from the hand to GC: no CONT ability of the other player's units
    that applies now says `opponent_cannot_guard_with` of a card like it (`unit_limits.py`)."""
    layer = game.abilities
    own = layer.cont_self.get(GUARD_EFFECT) if layer is not None else None
    if not own:
        return True
    them = 1 - seat
    gone = deleted.placements(game) | statuses.lost(game, GUARD_EFFECT)    # no text; `lose` took it away
    card = game.cards[inst]
    for circle, unit in game.state.players[them].units():
        for spec, arg, _ in own.get(game.cards[unit.card].id, ()) if unit.placed not in gone else ():
            if spec.zones is not None and ("V" if circle in ("VC", MATE) else "R") not in spec.zones:
                continue
            ctx = Ctx(them, unit.card, spec.key, "continuous", unit.placed)
            if all_hold(game, ctx, spec.conditions) and passes(game, ctx, filters_of(arg), card, None, inst):
                return False
    return True
