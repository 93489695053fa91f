"""Who an effect applies to: selectors (groups of units) and filters (tests on a card or unit).

A target in card data is a selector name (`self`, `your_rear_guards` ...: every
unit of the group) or a mapping `{from: selector, choose: N, up_to: true, <filter>: arg ...}`
("choose up to N of your rear-guards with grade <= 2" is
`{from: your_rear_guards, choose: N, up_to: true, grade_max: 2}`; N may be a count,
`choose: {count: your_vanguard_circle, race: Flame Dragon}`). Choices are made
when the effect resolves (CR 8.5.4): as many as possible, fewer only with `up_to`.
Card choices from a zone (`call`, `search` ...) use the same filters.

A unit is found again by its placement number (`Unit.placed`): a unit that left
the field, or was put there anew, is a different unit (CR 8.7.3).
"""
from __future__ import annotations

from typing import NamedTuple

from ...game import zones
from ...game.state import BACK_ROW, FRONT_ROW, MATE, REAR_CIRCLES
from .counts import value
from .filters import filters_of, passes
from .registry import ABILITIES


class Ctx(NamedTuple):
    """What an ability is resolving for: its master, its card, its spec key, timing, source unit."""
    seat: int
    inst: int
    key: str
    timing: str
    placed: int      # the source unit's placement number, 0 when the card is not a unit
    origin: str | None = None   # for a card that moved: where it came from (a zone or a circle)
    home: str | None = None     # a card not a unit: the zone it was in when the ability triggered (`identity.py`)
    by: int | None = None       # an AUTO ability on a unit's move: the player whose card's effect moved it
                                # (None: a rule such as a hit, or a cost; `caused_by`, CR 11.27.1)


def iter_units(game, seat: int):
    """(seat, where, unit) for every unit of a player on VC, R circles and GC, one at a time."""
    p = game.state.players[seat]
    for c, u in p.units():
        yield (seat, c, u)
    for i, u in enumerate(p.gc):
        yield (seat, f"GC[{i}]", u)


def units_of(game, seat: int):
    """(seat, where, unit) for every unit of a player on VC, R circles and GC."""
    return list(iter_units(game, seat))


def find_unit(game, placed: int, first: int = 0):
    """(seat, where, unit) of the unit with this placement number, or None (no list built: costs
    ask this at every look). `first`: the seat whose field is walked first, the one the unit is
    likely on (an ability's master for its own unit, the seat a unit was chosen on): a placement
    number is one unit's alone (`zones.new_unit` counts them for the whole game), so the order of
    the walk changes no answer, only how far it goes (half the walks stop on the first field)."""
    if not placed:
        return None
    players = game.state.players
    for seat in (first, 1 - first):     # `iter_units` per field, building only the reference found
        circles = players[seat].circles     # `Player.units()` without its list: VC, its legion mate, R
        v = circles["VC"]
        if v is not None:
            if v.placed == placed:
                return (seat, "VC", v)
            if v.legion() and v.mate.placed == placed:
                return (seat, MATE, v.mate)
        for c in REAR_CIRCLES:
            u = circles[c]
            if u is not None and u.placed == placed:
                return (seat, c, u)
        for i, u in enumerate(players[seat].gc):
            if u.placed == placed:
                return (seat, f"GC[{i}]", u)
    return None


def where_zone(where: str) -> str:
    return "V" if where.startswith("VC") else "GC" if where.startswith("GC") else "R"   # VC_mate: a vanguard


# -- selectors ------------------------------------------------------------------

def _field(game, seat, circles):
    """The units on these circles; naming VC includes a legion mate (both are vanguards, CR 10.25.3)."""
    out = []
    for c, u in game.state.players[seat].circles.items():   # `Player.units()` in its order, without its list
        if u is not None and c in circles:
            out.append((seat, c, u))
            if c == "VC" and u.legion():     # the legion mate: beside the leader (`units()` puts it second)
                out.append((seat, MATE, u.mate))
    return out


@ABILITIES.selector("self")
def _self(game, ctx):
    """This unit (the card with the ability), if it is still a unit."""
    ref = find_unit(game, ctx.placed, ctx.seat)
    return [ref] if ref is not None else []


@ABILITIES.selector("your_vanguard")
def _your_vanguard(game, ctx):
    """Your vanguard."""
    return _field(game, ctx.seat, ("VC",))


@ABILITIES.selector("your_units")
def _your_units(game, ctx):
    """Your vanguard and rear-guards."""
    return _field(game, ctx.seat, ("VC",) + REAR_CIRCLES)


@ABILITIES.selector("your_rear_guards")
def _your_rear_guards(game, ctx):
    """Your rear-guards."""
    return _field(game, ctx.seat, REAR_CIRCLES)


@ABILITIES.selector("your_front_row")
def _your_front_row(game, ctx):
    """Your units in the front row (VC, front R circles)."""
    return _field(game, ctx.seat, FRONT_ROW)


@ABILITIES.selector("your_guardians")
def _your_guardians(game, ctx):
    """Your units on GC."""
    return [r for r in units_of(game, ctx.seat) if r[1].startswith("GC")]


@ABILITIES.selector("opponent_vanguard")
def _opponent_vanguard(game, ctx):
    """Your opponent's vanguard."""
    return _field(game, 1 - ctx.seat, ("VC",))


@ABILITIES.selector("opponent_units")
def _opponent_units(game, ctx):
    """Your opponent's vanguard and rear-guards."""
    return _field(game, 1 - ctx.seat, ("VC",) + REAR_CIRCLES)


@ABILITIES.selector("opponent_rear_guards")
def _opponent_rear_guards(game, ctx):
    """Your opponent's rear-guards."""
    return _field(game, 1 - ctx.seat, REAR_CIRCLES)


def _battle_unit(game, seat, circle, placed):
    """The unit on `circle` if it is the battle's unit placed then (CR 7.4.1.8.2)."""
    if circle is None:
        return []
    unit = game.state.players[seat].circles[circle]
    return [(seat, circle, unit)] if unit is not None and unit.placed == placed else []


@ABILITIES.selector("attacking_unit")
def _attacking_unit(game, ctx):
    """The unit attacking in this battle, while it stays on its circle (a legion: leader and mate, CR 10.25.5)."""
    b = game.state.battle
    if b is None:
        return []
    units = _battle_unit(game, game.state.turn_player, b.attacker, b.attacker_placed)
    if units and units[0][2].legion():
        units.append((units[0][0], MATE, units[0][2].mate))
    return units


@ABILITIES.selector("attacked_unit")
def _attacked_unit(game, ctx):
    """The unit attacked in this battle, while it stays on its circle (several: each of them, CR 7.4.1.8.5)."""
    b = game.state.battle
    if b is None:
        return []
    if b.more:
        return [ref for circle, placed in b.targets()
                for ref in _battle_unit(game, 1 - game.state.turn_player, circle, placed)]
    return _battle_unit(game, 1 - game.state.turn_player, b.target, b.target_placed)


@ABILITIES.selector("boosted_unit")
def _boosted_unit(game, ctx):
    """The unit this battle's booster boosts (the attacker)."""
    b = game.state.battle
    if b is None or b.booster is None:
        return []
    return _battle_unit(game, game.state.turn_player, b.attacker, b.attacker_placed)


# -- filters: fn(game, arg, card, unit, ctx) -> bool; `unit` is None for a card in a zone

def _grade_of(game, card, unit) -> int:
    """A unit's grade as effects changed it (CR 2.4.2); a card's as printed."""
    return card.grade if unit is None or not game.state.statuses else zones.unit_grade(game, unit)


@ABILITIES.filter("grade")
def _grade(game, arg, card, unit, ctx):
    """Grade equal to N (a unit's grade as effects changed it)."""
    return _grade_of(game, card, unit) == arg


@ABILITIES.filter("grade_max")
def _grade_max(game, arg, card, unit, ctx):
    """Grade N or less."""
    return _grade_of(game, card, unit) <= arg


@ABILITIES.filter("grade_min")
def _grade_min(game, arg, card, unit, ctx):
    """Grade N or more."""
    return _grade_of(game, card, unit) >= arg


@ABILITIES.filter("name", "texts")
def _name(game, arg, card, unit, ctx):
    """The card is named exactly so, or (a list) has one of these names.

    Example: {call: {from: deck, choose: 1, up_to: true, name: ["Future Knight, Llew", Flogal]}}"""
    return card.name == arg if type(arg) is str else card.name in arg


@ABILITIES.filter("trigger_unit", "none")
def _trigger_unit(game, arg, card, unit, ctx):
    """A trigger unit."""
    return card.trigger is not None


@ABILITIES.filter("g_guardian", "none")
def _g_guardian(game, arg, card, unit, ctx):
    """The card has the G guardian skill (【Gガーディアン】, CR 11.14): "a face-down G guardian in your G zone".

    Example: {g_face_up: {choose: 1, g_guardian: true}}"""
    return card.g_guardian is not None


@ABILITIES.filter("limit_break", "int")
def _limit_break(game, arg, card, unit, ctx):
    """The card has an ability with Limit Break N (CR 11.6), N exactly: "a unit with 'Limit Break 4'".

    Only the abilities printed on the card count (CR 8.7.1.1, the printed information): CR 11.6.2 would
    also count an ability with the icon given by an effect, but no card gives one (no `give` holds a
    `limit_break`), so the card's own abilities say it, in a zone as on a circle.
    Example: {power: 3000, target: {from: your_units, choose: 1, clan: Royal Paladin, limit_break: 4}}"""
    return any({"limit_break": arg} in a.get("conditions", ()) for a in card.abilities)


@ABILITIES.filter("not_trigger", "none")
def _not_trigger(game, arg, card, unit, ctx):
    """Not a trigger unit."""
    return card.trigger is None


@ABILITIES.filter("other", "none", by_instance=True)
def _other(game, arg, card, unit, ctx, inst):
    """Not the card with this ability: another unit, or in a zone another card ("Counter Blast 1 using
    another card" of an ability working from the damage zone)."""
    return unit.placed != ctx.placed if unit is not None else inst != ctx.inst


@ABILITIES.filter("standing", "none")
def _standing(game, arg, card, unit, ctx):
    """A standing unit."""
    return unit is not None and not unit.rested


@ABILITIES.filter("rested", "none")
def _rested(game, arg, card, unit, ctx):
    """A rested unit."""
    return unit is not None and unit.rested


@ABILITIES.filter("back_row", "none")
def _back_row(game, arg, card, unit, ctx):
    """A unit in the back row."""
    if unit is None:
        return False
    p = game.state.players[game.owner[unit.card]]
    return any(p.circles[c] is unit for c in BACK_ROW)


@ABILITIES.filter("trigger", "str")
def _trigger(game, arg, card, unit, ctx):
    """A trigger unit of this type (critical, draw, stand, heal).

    Example: {discard: {choose: 1, trigger: heal}}"""
    return card.trigger == arg


@ABILITIES.filter("same_name_as", "target")
def _same_name_as(game, arg, card, unit, ctx):
    """The card has the same name as one of the target's units (`self`, `your_units` ...).

    Example: {g_face_up: {choose: 1, same_name_as: self}}"""
    units, _, _ = candidates(game, ctx, arg)
    return any(game.cards[u.card].name == card.name for _, _, u in units)


def candidates(game, ctx, target) -> tuple[list, int | None, bool]:
    """(units, how many to choose or None for all, up_to) for a target spec."""
    if isinstance(target, str):
        return ABILITIES.kept_selectors[target].fn(game, ctx), None, False
    units = ABILITIES.kept_selectors[target.get("from", "your_units")].fn(game, ctx)
    filters = filters_of(target)
    cards = game.cards
    units = [r for r in units if passes(game, ctx, filters, cards[r[2].card], r[2])]
    count = target.get("choose")
    if count is not None and type(count) is not int:     # "one for each ...": a count, read now (CR 8.5.4)
        count = value(game, ctx, count)
    if count is not None and game.abilities is not None:    # Resist: not chosen by the opponent (CR 11.13)
        units = [r for r in units if not game.abilities.resisted(game, ctx.seat, r[0], r[2])]
    return units, count, bool(target.get("up_to", False))
