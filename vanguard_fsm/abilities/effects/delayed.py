"""Effects that act later, choose without acting, or are performed by the opponent.

- Delayed effects (CR 8.2, 6.8.1.3): `{at_end_of_turn: [effects]}` sets effects to stand by
  at the end of this turn (with "at the beginning of end phase" abilities), `{at_end_of_battle:
  [effects]}` at the end of this battle. They remember `that` (the units the ability chose,
  called or rode last): "choose a rear-guard, it gets +5000; at the end of the turn, retire
  that unit" is `[{power: 5000, target: {from: your_rear_guards, choose: 1}},
  {at_end_of_turn: [{retire: that}]}]`. Each is compiled as its own spec (`KEY.laterN`, see
  `spec.LATER`) and kept in `AbState.delayed` until its timing comes; it triggers once.
- `{select: TARGET}`: choose units only to refer to them as `that` later.
- `{opponent: [effects]}`: your opponent performs these effects with their own cards and makes
  their choices (CR 8.5.4.2: the player an effect names acts): "your opponent retires one of
  their rear-guards" is `{opponent: [{retire: {from: your_rear_guards, choose: 1}}]}` ("your"
  inside is theirs). Their decisions go through the normal decision path (`legal_actions` /
  `apply`), so every agent and scenario script answers them.
"""
from __future__ import annotations

from ...game import zones
from ..runtime import abstate
from ..runtime.abstate import Delayed, Pending
from ..language.choose import card_options, choose, unit_options
from .basic import run
from ..language.registry import ABILITIES
from ..language.spec import LATER, split_effect
from ..language.targets import Ctx, candidates


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


def _later(game, ctx, index, then, name, arg=None):
    state = game.state
    delayed = Delayed(ctx.seat, ctx.inst, _later_key(game, ctx.key, index, name, arg), LATER[name], ctx.placed,
                      abstate.get(game).that, state.turn, ctx.home)
    s = abstate.get(game)
    abstate.put(game, s._replace(delayed=s.delayed + (delayed,)))
    _continue(game, then)


def _later_key(game, key, index, name, arg) -> str:
    """The compiled spec of this delayed effect: `KEY.laterN` at the top of the ability's effects;
    one nested in `if` / `pay` / `opponent` (`KEY.laterN.M`, spec.py) is found by its content."""
    top = f"{key}.later{index + 1}"
    specs = game.abilities.specs
    if arg is None or top in specs and specs[top].timing == LATER[name] and specs[top].effects == _compiled(arg):
        return top
    wanted = _compiled(arg)
    return next((k for k, spec in specs.items() if k.startswith(f"{key}.later") and spec.timing == LATER[name]
                 and spec.effects == wanted), top)


def _compiled(arg) -> tuple:
    return tuple(split_effect(e) for e in (arg if isinstance(arg, (list, tuple)) else (arg,)))


@ABILITIES.effect("at_end_of_turn", "effects")
def at_end_of_turn(game, ctx, arg, params, then, index):
    """At the end of this turn (with 'beginning of end phase', CR 6.8.1.3), do these effects; `that` is kept.
    Example: [{select: {from: your_rear_guards, choose: 1}}, {at_end_of_turn: [{retire: that}]}]"""
    _later(game, ctx, index, then, "at_end_of_turn", arg)


@ABILITIES.effect("at_end_of_battle", "effects")
def at_end_of_battle(game, ctx, arg, params, then, index):
    """At the end of this battle (CR 7.8.1), do these effects; `that` is kept.
    Example: [{call: {from: deck, choose: 1, grade_max: 1}}, {at_end_of_battle: [{retire: that}]}]"""
    _later(game, ctx, index, then, "at_end_of_battle", arg)


def stand_by_delayed(layer, game, name, dry) -> bool:
    """The delayed effects waiting for timing `name` (made this turn) stand by, once each.
    `dry`: only say whether one would. Older ones (a timing that never came) are dropped."""
    s = abstate.get(game)
    if not s.delayed:
        return False
    turn = game.state.turn
    due = [d for d in s.delayed if d.timing == name and d.turn == turn]
    if dry or not due:
        return bool(due)
    keep = tuple(d for d in s.delayed if d.turn == turn and d not in due)
    pending = s.pending + tuple(Pending(d.seat, d.inst, d.key, name, d.placed, d.that, d.home) for d in due)
    abstate.put(game, s._replace(delayed=keep, pending=pending))
    for d in due:
        layer.emit(game, Ctx(d.seat, d.inst, d.key, name, d.placed), "AUTO", "pending")
    return False


@ABILITIES.effect("select", "target")
def select(game, ctx, arg, params, then, index):
    """Choose units (or take all of a group) only so later effects can say `that` unit.
    Example: [{select: {from: opponent_rear_guards, choose: 1}}, {power: -5000, target: that}]"""
    units, count, up_to = candidates(game, ctx, arg)
    if count is None:
        _selected(game, then, tuple((s, u.placed) for s, _, u in units))
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, units, ctx.seat), count, up_to,
           (_selected, (then,)), f"{ctx.key}: choose {count} unit(s)")


def _selected(game, then, chosen):
    abstate.set_that(game, (placed for _, placed in chosen))
    _continue(game, then)


@ABILITIES.effect("opponent", "effects")
def opponent(game, ctx, arg, params, then, index):
    """Your opponent performs these effects with their own cards and choices ('your' inside means theirs).
    Example: {opponent: [{retire: {from: your_rear_guards, choose: 1}}]}"""
    theirs = ctx._replace(seat=1 - ctx.seat)
    run(game, theirs, tuple(split_effect(e) for e in arg), 0, then)


@ABILITIES.effect("discard", "int")
def discard(game, ctx, arg, params, then, index):
    """Discard N cards of your choice from your hand (CR 10.3); fewer if you have fewer.
    Example: {opponent: [{discard: 1}]}"""
    p = game.state.players[ctx.seat]
    choose(game, ctx.seat, "ability_card", card_options(game, p.hand), min(arg, len(p.hand)), False,
           (_discarded, (ctx, then)), f"{ctx.key}: discard {arg}")


def _discarded(game, ctx, then, chosen):
    for inst in chosen:
        zones.put(game, ctx.seat, inst, "hand", "drop", "effect", ability=ctx.key)
    _continue(game, then)
