"""Filters and conditions that read where units stand and what a battle or a ride did (issue 28 item 2).

Real cards ask "another rear-guard in the same column as this unit", "a unit with the same name as
this unit", "a face-up card of your damage zone", "if the attack did not hit during that battle",
"when this unit rides a card named X". Each is one question here, composed with the general filters:

- `same_column` (filter): a unit of the same master in this unit's column (CR 4.6.2);
- `shares_name` (filter): another unit on its master's VC or RC has one of its names ("if you have a
  unit with the same name as this unit");
- `face_up` (filter): a card face up in its zone (a damage zone card, CR 4.8), and every unit;
- `attack_hit` (condition): the attack of this battle hit (one of its attacked units, CR 7.7.1.2-3);
  outside a battle, no attack hit. Written `{not: [attack_hit]}` for "if the attack did not hit";
- `rode_upon` FILTERS (condition): this card, just placed on VC by a ride, rode upon a card that
  passes the filters: the vanguard it replaced, the soul's top card when the ride's abilities
  trigger (CR 8.5.2.1.2: the old vanguard is put into the soul). Read on `when_placed_on_V` only.
  Over a legion (leader and mate both the vanguard, CR 10.25.3) the ride puts the mate in last: it
  is the card read.
"""
from __future__ import annotations

from ...game.state import MATE
from ..language.filters import filters_of, passes
from ..language.registry import ABILITIES
from ..language.selectors import COLUMN_CIRCLES, names_of, place_of
from ..language.targets import find_unit

RIDE_TIMINGS = ("when_placed_on_V",)


def _column_of(where: str):
    where = "VC" if where == MATE else where
    return next((c for c, circles in COLUMN_CIRCLES.items() if where in circles), None)


@ABILITIES.filter("same_column", "none")
def same_column(game, arg, card, unit, ctx):
    """A unit of this unit's master in the same column as this unit (CR 4.6.2); none once it left the field.
    Example: {rest: {from: your_rear_guards, other: true, same_column: true, choose: 1}}"""
    me = find_unit(game, ctx.placed, ctx.seat) if unit is not None else None
    place = place_of(game, unit) if me is not None else None
    return place is not None and place[0] == me[0] and _column_of(place[1]) is not None \
        and _column_of(place[1]) == _column_of(me[1])


@ABILITIES.filter("shares_name", "none")
def shares_name(game, arg, card, unit, ctx):
    """Another unit on its master's VC or RC has one of its names (a G unit also has its heart's).
    Example: {power: 3000, target: {from: your_units, clan: Neo Nectar, shares_name: true}}"""
    if unit is None:
        return False
    mine = set(names_of(game, card, unit))
    p = game.state.players[game.owner[unit.card]]
    return any(u is not unit and mine.intersection(names_of(game, game.cards[u.card], u)) for _, u in p.units())


@ABILITIES.filter("face_up", "none", by_instance=True)
def face_up(game, arg, card, unit, ctx, inst):
    """Face up: a card of a zone not turned face down (a damage zone card, CR 4.8); a unit is face up.
    Example: {call: {from: damage, face_up: true, clan: Angel Feather, choose: 1}}"""
    return unit is not None or inst not in game.state.players[game.owner[inst]].face_down


@ABILITIES.condition("attack_hit")
def attack_hit(game, ctx, arg):
    """The attack of this battle hit (one of its attacked units, CR 7.7.1.2-3), as the close step still
    knows it; outside a battle no attack hit. "If the attack did not hit": {not: [attack_hit]}.
    Example: {not: [attack_hit]}"""
    b = game.state.battle
    return b is not None and b.attacker is not None and b.hit


@ABILITIES.condition("rode_upon", "filters")
def rode_upon(game, ctx, arg):
    """This card was just placed on VC by a ride and rode upon a card that passes the filters (the
    vanguard it replaced, now the soul's top card, CR 8.5.2.1.2); read when `when_placed_on_V` triggers.
    Example: {rode_upon: {name: Gravity Ball Dragon}}"""
    if ctx.timing not in RIDE_TIMINGS:
        return False
    soul = game.state.players[ctx.seat].soul
    return bool(soul) and passes(game, ctx, filters_of(arg), game.cards[soul[-1]], None, soul[-1])
