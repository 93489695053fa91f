"""General selectors and filters: who, which circle, name part, race, battle role, state, back-references.

Real card text picks units by composing a few questions ("one of your opponent's
front-row rear-guards with 'Blaster' in its name that is not attacking"), so the
card language composes them too: a broad selector (`units`: every unit on the field)
narrowed by filters, each one question::

    target: {from: units, who: opponent, zone: R, row: front, name_contains: Blaster,
             role: not_attacking_or_boosting, choose: 1, up_to: true}

The same filters work on cards in a zone (`call`, `search` ... choices) where they
make sense (a card in a zone has no row, role or stance: those filters refuse it).
A G unit on VC also has its heart's name (CR 10.28.3.3), so the name filters look at both.

`that` (CR 8.5.4) is the units the ability chose, called or rode last while it
resolves: later effects of the same ability (or its delayed part) refer back to
them; a unit that left the field since is no longer "that unit" (CR 8.7.3).
"""
from __future__ import annotations

from ...game.state import BACK_ROW, FRONT_ROW, MATE
from ..runtime import abstate
from .registry import ABILITIES
from .targets import find_unit, units_of

WHO = ("you", "opponent")
ZONE = ("V", "R", "GC")
ROW = ("front", "back")
COLUMN = ("left", "center", "right")
# the circles of each column, as their master sees them (CR 4.6.2)
COLUMN_CIRCLES = {"left": ("front_left", "back_left"), "center": ("VC", "back_center"),
                  "right": ("front_right", "back_right")}
ROLES = ("attacking", "boosting", "boosted", "attacked", "not_attacking_or_boosting")


def place_of(game, unit) -> tuple[int, str] | None:
    """(seat, where) of a unit on the field (VC, VC_mate, an R circle, GC[i]), or None."""
    seat = game.owner[unit.card]
    p = game.state.players[seat]
    for circle, u in p.units():
        if u is unit:
            return seat, circle
    for i, u in enumerate(p.gc):
        if u is unit:
            return seat, f"GC[{i}]"
    return None


def names_of(game, card, unit) -> tuple[str, ...]:
    """The card's names: a unit with a heart (a G unit on VC) also has its heart's (CR 10.28.3.3)."""
    if unit is not None and getattr(unit, "heart", None) is not None:
        return card.name, game.cards[unit.heart].name
    return (card.name,)


def races_of(card) -> tuple[str, ...]:
    race = card.race
    return tuple(race) if isinstance(race, (tuple, list)) else (race,)


# -- selectors --------------------------------------------------------------------

@ABILITIES.selector("units")
def _units(game, ctx):
    """Every unit on the field, both players' (VC, R, GC): narrow it with filters.
    Example: {from: units, who: opponent, zone: R, choose: 1}"""
    return units_of(game, ctx.seat) + units_of(game, 1 - ctx.seat)


@ABILITIES.selector("that")
def _that(game, ctx):
    """The units this ability chose, called or rode last (still on the field, CR 8.7.3).
    Example: {retire: that}"""
    out = []
    for placed in abstate.get(game).that:
        ref = find_unit(game, placed)
        if ref is not None:
            out.append(ref)
    return out


# -- filters: fn(game, arg, card, unit, ctx) -> bool; `unit` is None for a card in a zone

@ABILITIES.filter("who", WHO)
def _who(game, arg, card, unit, ctx):
    """Whose unit: yours or your opponent's (a card in a zone is the chooser's own).
    Example: {from: units, who: opponent}"""
    if unit is None:
        return arg == "you"
    return (game.owner[unit.card] == ctx.seat) == (arg == "you")


@ABILITIES.filter("zone", ZONE)
def _zone(game, arg, card, unit, ctx):
    """On which kind of circle: V (a vanguard, a legion mate too), R (a rear-guard), GC (a guardian).
    Example: {from: your_front_row, zone: R}"""
    if unit is None:
        return False
    place = place_of(game, unit)
    if place is None:
        return False
    where = place[1]
    kind = "V" if where in ("VC", MATE) else "GC" if where.startswith("GC") else "R"
    return kind == arg


@ABILITIES.filter("row", ROW)
def _row(game, arg, card, unit, ctx):
    """In the front row (VC and the front R circles) or the back row (CR 4.1.1).
    Example: {from: units, who: opponent, row: front, zone: R}"""
    place = place_of(game, unit) if unit is not None else None
    if place is None:
        return False
    where = "VC" if place[1] == MATE else place[1]
    return where in (FRONT_ROW if arg == "front" else BACK_ROW)


@ABILITIES.filter("column", COLUMN)
def _column(game, arg, card, unit, ctx):
    """In this column of its master's field (CR 4.6.2): left (the front and back left circles), center
    (VC and the circle behind it) or right, as its master sees them.
    Example: {from: your_rear_guards, column: left, name: "Hailing Deletor, Alba"}"""
    place = place_of(game, unit) if unit is not None else None
    if place is None:
        return False
    where = "VC" if place[1] == MATE else place[1]
    return where in COLUMN_CIRCLES[arg]


@ABILITIES.filter("name_contains", "texts")
def _name_contains(game, arg, card, unit, ctx):
    """The name contains this text, or (a list) one of these texts ("a card with X in its name"; a
    G unit also has its heart's name). A list says one name part in the printings' languages: a
    Deletor printed only in Japanese has 根絶者 where the English ones have Deletor.
    Example: {from: deck, name_contains: Blaster, choose: 1}"""
    parts = (arg,) if type(arg) is str else arg
    return any(part in name for name in names_of(game, card, unit) for part in parts)


@ABILITIES.filter("race", "str")
def _race(game, arg, card, unit, ctx):
    """The card is of this race (any of its races).
    Example: {from: your_rear_guards, race: Drake}"""
    return arg in races_of(card)


@ABILITIES.filter("not_named", "str")
def _not_named(game, arg, card, unit, ctx):
    """The card is not named so (nor, for a G unit, its heart).
    Example: {from: drop, not_named: Shoal Hatchling}"""
    return arg not in names_of(game, card, unit)


@ABILITIES.filter("grade_of_vanguard_max", "none")
def _grade_vanguard_max(game, arg, card, unit, ctx):
    """Grade no higher than your vanguard's ("a grade less than or equal to your vanguard's").
    Example: {from: hand, grade_of_vanguard_max: true}"""
    v = game.state.players[ctx.seat].circles["VC"]
    return v is not None and card.grade <= game.cards[v.card].grade


def _battle_role(game, unit) -> set:
    b = game.state.battle
    place = place_of(game, unit)
    if b is None or b.attacker is None or place is None:
        return set()
    seat, where = place
    roles = set()
    tp = game.state.turn_player
    if seat == tp:
        attacker = game.state.players[tp].circles[b.attacker]
        if attacker is not None and attacker.placed == b.attacker_placed and \
                (attacker is unit or (b.attacker == "VC" and where == MATE)):
            roles.add("attacking")
            if b.booster is not None:
                roles.add("boosted")
        if b.booster is not None and where == b.booster:
            roles.add("boosting")
    elif (where == b.target and unit.placed == b.target_placed) or (where, unit.placed) in b.more:
        roles.add("attacked")
    return roles


@ABILITIES.filter("role", ROLES)
def _role(game, arg, card, unit, ctx):
    """Its part in this battle: attacking, boosting, boosted (the attacker a unit boosts), attacked,
    or not_attacking_or_boosting (also true outside a battle) (CR 7.4.1).
    Example: {from: your_rear_guards, role: not_attacking_or_boosting, choose: 1}"""
    if unit is None:
        return False
    roles = _battle_role(game, unit)
    if arg == "not_attacking_or_boosting":
        return "attacking" not in roles and "boosting" not in roles
    return arg in roles


@ABILITIES.filter("that", "none")
def _is_that(game, arg, card, unit, ctx):
    """A unit this ability chose, called or rode last (see the `that` selector).
    Example: {from: your_rear_guards, that: true}"""
    return unit is not None and unit.placed in abstate.get(game).that


@ABILITIES.filter("not_that", "none")
def _not_that(game, arg, card, unit, ctx):
    """Not one of the units this ability chose, called or rode last ("another one").
    Example: {from: your_rear_guards, not_that: true, choose: 1}"""
    return unit is None or unit.placed not in abstate.get(game).that

