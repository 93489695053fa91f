"""Conditions that ask about particular units or cards with the general filters, and combinators.

A real card's condition is often "if your vanguard has 'Blaster' in its name", "if
your heart card is a <Drake>", "if you have a grade 3 rear-guard", "the battle this
unit was attacked": each is one of the questions below with the filters of
`selectors.py` / `targets.py` (`{vanguard_is: {name_contains: Blaster}}`,
`{this_unit: {role: attacked}}`, `{exists: {from: your_rear_guards, grade: 3}}`).
`not` and `any_of` combine conditions ("cannot attack unless ..." is a CONT
`cannot_attack` with `{not: [...]}`).
"""
from __future__ import annotations

from ...game.frozen import FrozenDict
from .registry import ABILITIES
from .spec import split_item
from .filters import filters_of, passes
from .targets import candidates, find_unit


def _unit_passes(game, ctx, unit, filters) -> bool:
    return unit is not None and passes(game, ctx, filters_of(filters), game.cards[unit.card], unit)


@ABILITIES.condition("this_unit", "filters")
def this_unit(game, ctx, arg):
    """This card is a unit on the field now and passes the filters.
    Example: {this_unit: {role: attacked}}"""
    ref = find_unit(game, ctx.placed, ctx.seat)
    return ref is not None and _unit_passes(game, ctx, ref[2], arg)


@ABILITIES.condition("vanguard_is", "filters")
def vanguard_is(game, ctx, arg):
    """Your vanguard passes the filters (a G unit also has its heart's name, CR 10.28.3.3).
    Example: {vanguard_is: {name_contains: Blaster}}"""
    return _unit_passes(game, ctx, game.state.players[ctx.seat].circles["VC"], arg)


@ABILITIES.condition("opponent_vanguard_is", "filters")
def opponent_vanguard_is(game, ctx, arg):
    """Your opponent's vanguard passes the filters.
    Example: {opponent_vanguard_is: {grade_min: 3}}"""
    return _unit_passes(game, ctx, game.state.players[1 - ctx.seat].circles["VC"], arg)


@ABILITIES.condition("heart_is", "filters")
def heart_is(game, ctx, arg):
    """Your vanguard has a heart card (CR 10.27) that passes the filters.
    Example: {heart_is: {race: Drake}}"""
    v = game.state.players[ctx.seat].circles["VC"]
    if v is None or v.heart is None:
        return False
    return passes(game, ctx, filters_of(arg), game.cards[v.heart], None, v.heart)


@ABILITIES.condition("exists", "target")
def exists(game, ctx, arg):
    """At least one unit of the target group passes its filters ("if you have a grade 3 rear-guard").
    Example: {exists: {from: your_rear_guards, grade: 3}}"""
    units, _, _ = candidates(game, ctx, arg)
    return bool(units)


@ABILITIES.condition("ritual", "int")
def ritual(game, ctx, arg):
    """Ritual N: N or more grade 1 cards in your drop zone (CR 11.18).
    Example: {ritual: 5}"""
    cards = game.cards
    return sum(1 for i in game.state.players[ctx.seat].drop if cards[i].grade == 1) >= arg


def _entries(items) -> tuple:
    """The (condition entry, argument) of each item of a `not` / `any_of` list, in order. Card data is
    frozen (a tuple of names and read-only mappings), so a card's list is split once, not at each look
    (Galahad's CONT `not: [has x3]` is read at every look at his power): kept by the list's id with the
    list itself, so no other object can have that id while it is kept (as `filters.filters_of`)."""
    found = _ENTRIES.get(id(items))
    if found is not None and found[0] is items:
        return found[1]
    listed = items if isinstance(items, (list, tuple)) else (items,)
    conditions = ABILITIES.kept_conditions
    pairs = tuple((conditions[name], arg) for name, arg in map(split_item, listed))
    if type(items) is tuple and all(type(i) is str or type(i) is FrozenDict for i in items):
        if len(_ENTRIES) >= 4096:     # card files loaded again and again: start over
            _ENTRIES.clear()
        _ENTRIES[id(items)] = (items, pairs)
    return pairs     # a list or a plain mapping may change: split again each time


_ENTRIES: dict[int, tuple] = {}    # id(a card's condition list) -> (the list, its entries)


@ABILITIES.condition("not", "conditions")
def not_(game, ctx, arg):
    """Not all of these conditions hold ("unless ...").
    Example: {not: [{vanguard_is: {name_contains: Blaster}}]}"""
    for entry, item in _entries(arg):     # the first that fails decides (conditions only read the board)
        if not entry.fn(game, ctx, item):
            return True
    return False


@ABILITIES.condition("any_of", "conditions")
def any_of(game, ctx, arg):
    """At least one of these conditions holds.
    Example: {any_of: [{limit_break: 4}, {generation_break: 1}]}"""
    for entry, item in _entries(arg):     # the first that holds decides
        if entry.fn(game, ctx, item):
            return True
    return False
