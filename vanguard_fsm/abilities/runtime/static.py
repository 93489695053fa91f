"""CONT values and ACT abilities: what the ability layer computes on demand, not on events.

CONT abilities are recomputed at every look (CR 8.1.3); nothing is stored, so a
unit that leaves its circle simply stops matching. ACT abilities are offered at
the main phase play timing (CR 8.1.1.1) and played like any ability.
"""
from __future__ import annotations

from ...game import deleted, statuses
from ...game.actions import Action
from . import abstate
from ..language import costs, counts
from ..effects import basic as effects
from ..language.conditions import all_hold
from ..language.identity import home_of
from .listeners import instances_in, listeners_of
from ..language.targets import Ctx, candidates

_new = tuple.__new__    # a Ctx with every field, without its class call (as `layer.py` does)


def cont_value(layer, game, unit, what, found: list | None = None) -> int:
    """The CONT bonus to `what` (power, critical) of `unit` now: recomputed, never stored.
    `found`, when given, receives each contributing ability as (ability key, amount)."""
    if what not in layer.cont_effects:
        return 0     # no CONT ability of this game changes `what`: a game without CONT power costs this
    own_ids = layer.cont_own_ids[what]    # (`own_only_ids`: None when a CONT on `what` reaches other units)
    if own_ids is not None and game.cards[unit.card].id not in own_ids:
        held = game.state.abilities
        if held is None or not held.granted or not layer.granted_cont:
            return 0     # only the unit's own card could change `what`, and it has no such ability, nor was
                         # one given (most asks: Lord and `cannot_be_boosted` at every attack and boost)
    total = 0
    cards = game.cards
    own = layer.cont_self.get(what)
    entries = own.get(cards[unit.card].id) if own else None
    table = layer.cont_by_what.get(what)
    held = game.state.abilities if layer.granted_cont else None   # `abstate.get`, written out: every look
    granted = held.granted if held is not None else ()
    given = _given_cont(layer, granted, what) if granted else None
    if not entries and not table and (not given or not given.reaches_others and unit.placed not in given):
        return 0     # no ability here can change `what` of this unit now (abilities given to other units
                     # change only their own): the usual case, decided first
    gone = lost = ()     # no statuses (most looks): no unit is deleted nor lost an ability
    if game.state.statuses:
        gone = deleted.placements(game)      # a deleted unit's own CONT abilities do not apply (CR 10.26.3)
        lost = statuses.lost(game, what)     # "loses Restraint" (`lose`): own and given abilities alike
        if lost:
            gone = gone | lost
    if entries and unit.placed not in gone:
        seat = game.owner[unit.card]
        total += _own(game, seat, unit, _zone_of(game.state.players[seat], unit), entries, found)
    if not table:
        if not given:
            return total
        if not given.reaches_others:   # only "this unit gets ...": the unit's own given abilities
            return total + _given_to_self(layer, game, unit, given, lost, found)
    table = table or {}
    zones = layer.cont_zones | _ON_CIRCLES if given else layer.cont_zones
    only = None if given else table     # no given ability: only the cards whose id has such an effect
    for seat in (0, 1):
        for zone, _, inst, placed in layer.cards_in(game, seat, zones, only):
            entries = table.get(cards[inst].id, ()) if not (placed and placed in gone) else ()
            if given and placed in given and placed not in lost:
                entries = list(entries) + given[placed]
            for spec, arg, target in entries:
                if spec.zones is not None and zone not in spec.zones:
                    continue
                ctx = Ctx(seat, inst, spec.key, "continuous", placed)
                if all_hold(game, ctx, spec.conditions) and _affects(game, ctx, target, unit):
                    amount = 1 if arg is None else arg if type(arg) is int else counts.value(game, ctx, arg)
                    total += amount
                    if found is not None:
                        found.append((spec.key, amount))
    return total


def own_only_ids(layer, what) -> frozenset | None:
    """The ids of the cards whose own CONT abilities ("this unit gets ...") change `what`, when only
    those can change it in this game besides abilities given to units (`granted_cont`: asked at the
    look): no card's CONT reaches other units (the layer's indexes are fixed once built). Then, while
    no CONT ability is given, `cont_value` of any other card's unit is 0 and a reader may skip asking
    (`zones.power`, at every look at a power); None when it must always ask."""
    if what not in layer.cont_effects:
        return frozenset()
    if layer.cont_by_what.get(what):
        return None
    return frozenset(layer.cont_self.get(what, ()))


_ON_CIRCLES = frozenset({"V", "R"})


def _zone_of(p, unit) -> str | None:
    """Where `unit` is on the player's field, as `layer.cards_in` names it (V, GC, R), or None."""
    vc = p.circles["VC"]
    if vc is unit or (vc is not None and vc.legion() and vc.mate is unit):
        return "V"
    return "GC" if unit in p.gc else "R" if unit in p.circles.values() else None   # (VC: not it, seen above)


def _own(game, seat, unit, zone, entries, found) -> int:
    """The sum of the CONT `entries` ((spec, amount, target), ...) the unit on `zone` has now."""
    total = 0
    for spec, arg, _ in entries if zone is not None else ():
        if spec.zones is not None and zone not in spec.zones:
            continue
        # the Ctx only for whoever reads it: conditions or a count (+2000 with none: neither)
        ctx = _new(Ctx, (seat, unit.card, spec.key, "continuous", unit.placed, None, None, None)) \
            if spec.conditions or not (arg is None or type(arg) is int) else None
        if ctx is None or all_hold(game, ctx, spec.conditions):
            amount = 1 if arg is None else arg if type(arg) is int else counts.value(game, ctx, arg)
            total += amount
            if found is not None:
                found.append((spec.key, amount))
    return total


def _given_to_self(layer, game, unit, given, lost, found) -> int:
    """`cont_value`'s look over every card, when the only effects are given "this unit gets ..."
    ones (no printed CONT reaches other units): only the unit's own can count, so only it is
    looked at, where the look over the zones would find it (the same abilities, the same order)."""
    mine = given.get(unit.placed) if unit.placed not in lost else None
    if not mine:
        return 0
    for seat in (game.owner[unit.card], 1 - game.owner[unit.card]):
        zone = _zone_of(game.state.players[seat], unit)
        if zone is not None:      # (looked at: `layer.cont_zones | _ON_CIRCLES`, tested without building it)
            looked = zone in _ON_CIRCLES or zone in layer.cont_zones
            return _own(game, seat, unit, zone if looked else None, mine, found)
    return 0


class _Given(dict):
    """Placement -> given CONT effects ((spec, amount, target), ...); `reaches_others`: one of
    them changes a unit other than its own (a target other than `self`)."""

    __slots__ = ("reaches_others",)


def _given_cont(layer, granted, what) -> dict:
    """Placement -> (spec, amount, target) of the CONT effects on `what` that effects gave to
    the unit with that placement, in the order given; worked out once per look, not per card,
    and kept while the same `granted` tuple is asked again (`_LAST_GIVEN`)."""
    last = _LAST_GIVEN[0]
    if last[0] is granted and last[1] == what and last[2] is layer.specs:
        return last[3]
    out = _given_cont_now(layer.specs, granted, what)
    _LAST_GIVEN[0] = (granted, what, layer.specs, out)
    return out


# the last `_given_cont` answer: (granted, what, specs, answer). It is a function of the three
# alone, and all are immutable (an `AbState.granted` tuple is replaced, never changed; a
# layer's specs are fixed when it is built): the same objects give the same answer. Kept
# alive here, they cannot be freed and their ids reused. Granted abilities change a few
# times a game while powers are read hundreds of times; the caller only reads the answer.
_LAST_GIVEN: list = [((), None, None, None)]


def _given_cont_now(specs, granted, what) -> _Given:
    out = _Given()
    for placed, key, _ in granted:
        spec = specs[key]
        if placed and spec.kind == "CONT":
            for name, arg, params in spec.effects:
                if name == what:
                    out.setdefault(placed, []).append((spec, arg, dict(params).get("target", "self")))
    out.reaches_others = any(target != "self" for entries in out.values() for _, _, target in entries)
    return out


def has_flag(layer, game, unit, what) -> bool:
    """A CONT restriction (`resist`, `lord`, `cannot_attack`) applies to the unit now."""
    return what in layer.cont_effects and cont_value(layer, game, unit, what) > 0


def _affects(game, ctx, target, unit) -> bool:
    if target == "self":
        return unit.placed == ctx.placed
    units, _, _ = candidates(game, ctx, target)
    return any(u is unit for _, _, u in units)


def act_cards(layer, game, seat) -> list:
    """(zone, where, instance, placement) of the player's cards with an ACT ability where one can be
    played: `layer.cards_in(game, seat, layer.act_zones, layer.act)`, the same cards in the same order
    (a player's zones hold only their own cards), found through the game's index of the player's
    instances with one (`listeners`: `TimingListeners.act`; asked at every main phase decision)."""
    index = layer.listeners    # `listeners_of`, its usual case written out (as `on_timing` does)
    if index is None or index.size != len(game.cards):
        index = listeners_of(game)
    insts, tests = index.act[seat]
    return instances_in(game.state.players[seat], insts, tests) if insts else []


def act_legal(layer, game, seat):
    """ACT abilities `seat` may play now (main phase play timing, CR 8.1.1.1)."""
    found = act_cards(layer, game, seat) if layer.act else None     # cards with ACT
    if not found:
        return []
    out, seen = [], set()
    # a deleted unit has no ACT ability of its own (CR 10.26.3); none without statuses (most asks)
    gone = deleted.placements(game) if game.state.statuses else ()
    for zone, where, inst, placed in found:
        for spec in layer.act.get(game.cards[inst].id, ()) if not (placed and placed in gone) else ():
            if zone not in spec.zones or spec.once is not None and abstate.is_used(game, spec.once, inst, placed,
                                                                                   spec.key):
                continue
            ctx = _new(Ctx, (seat, inst, spec.key, "main_phase", placed, None, None, None))   # (as `_own`)
            if spec.conditions and not all_hold(game, ctx, spec.conditions) \
                    or spec.cost and not costs.payable(game, ctx, spec.cost):
                continue
            aid = f"act:{where if zone in ('V', 'R', 'GC') else zone}:{spec.key}"
            if aid not in seen:
                seen.add(aid)
                out.append(Action(aid, "act", seat, (inst, spec.key, placed)))
    return out


def act_apply(layer, game, act) -> None:
    inst, key, placed = act.args
    spec = layer.specs[key]
    ctx = Ctx(act.player, inst, key, "main_phase", placed, None, home_of(game, inst, placed))
    pay_and_resolve(game, ctx, spec, "ACT")


def pay_and_resolve(game, ctx, spec, kind, that=(), last_step=False) -> None:
    """Pay the cost, then resolve the effects; `that` starts empty (a delayed effect: its units).
    `last_step`: this is the last thing an agenda task does, so with no cost to pay the effects
    start here: paying nothing would only schedule them as the next task (the same order)."""
    abstate.start_resolving(game, spec.once, ctx.inst, ctx.placed, spec.key, that)
    finish = (_resolved, (ctx, kind))
    then = (effects.run, (ctx, spec.effects, 0, finish)) if not (spec.requirement and kind == "ACT") else \
        (_if_requirement, (ctx, finish))     # an AUTO's "if" was read before its cost (layer.play_pending)
    if last_step and not spec.cost:
        fn, args = then
        fn(game, *args)
        return
    costs.pay_all(game, ctx, spec.cost, 0, then)


def _if_requirement(game, ctx, finish) -> None:
    """An ACT's cost paid: its effect resolves only if the "If (requirement)" holds now (CR 8.1.1.1.2);
    either way the ability was played (its once-per limit stays used, 8.1.1.1.2.1)."""
    spec = game.abilities.specs[ctx.key]
    if all_hold(game, ctx, spec.requirement):
        effects.run(game, ctx, spec.effects, 0, finish)
    else:
        game.then(finish[0], *finish[1])


def _resolved(game, ctx, kind) -> None:
    game.abilities.emit(game, ctx, kind, "resolved")
