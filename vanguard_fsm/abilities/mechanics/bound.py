"""A bind that lasts the turn: "bind it, and at the end of that turn, its owner puts the card bound
by this effect into their hand" (issue 28 item 2; CR 10.19, 6.8.1.3).

`{bind_for_turn: TARGET}` binds the target rear-guards face up (a G unit goes to the G zone
instead, CR 4.6.9, and is not bound) and records which cards this effect bound: the card
instances, kept as the `that` of a delayed part (`KEY.laterN`, compiled from `spec.RETURNS`
like Time Leap's return) standing by "at the beginning of the end phase" of this turn. Its
effect, `bound_to_hand`, puts each of those cards still in its owner's bind zone into that
owner's hand (a `put` bind -> hand); a card that left the bind zone meanwhile is another card
(CR 4.1.4) and stays where it is. Written at the top of an ability's effects (as `time_leap`),
where the delayed part is compiled.
"""
from __future__ import annotations

from ...game import zones
from ...game.state import REAR_CIRCLES
from ..runtime import abstate
from ..runtime.abstate import Delayed
from ..language.choose import choose, unit_options
from ..language.registry import ABILITIES
from ..language.spec import RETURNS
from ..language.targets import candidates, find_unit


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


@ABILITIES.effect("bind_for_turn", "target")
def bind_for_turn(game, ctx, arg, params, then, index):
    """Bind the target rear-guards face up (CR 10.19); at the end of this turn the cards this effect bound, if still in the bind zone, go to their owner's hand.

    Example: {bind_for_turn: {from: opponent_rear_guards, choose: 1}}"""
    units, count, up_to = candidates(game, ctx, arg)
    refs = [r for r in units if r[1] in REAR_CIRCLES]
    if count is None:
        _bind(game, ctx, then, index, tuple((s, u.placed) for s, _, u in refs))
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, refs, ctx.seat), count, up_to,
           (_bind, (ctx, then, index)), f"{ctx.key}: choose {count} rear-guard(s) to bind for the turn")


def _bind(game, ctx, then, index, chosen):
    bound = []
    for seat, placed in chosen:
        ref = find_unit(game, placed)
        if ref is not None and ref[1] in REAR_CIRCLES:
            card = ref[2].card
            if zones.unit_to_zone(game, seat, ref[1], "bind", "effect", ability=ctx.key) == "bind":
                bound.append(card)
    if bound:       # the return, standing by at the end of this turn with the cards it bound
        s = abstate.get(game)
        later = Delayed(ctx.seat, ctx.inst, f"{ctx.key}.later{index + 1}", RETURNS["bind_for_turn"][0], ctx.placed,
                        tuple(bound), game.state.turn)
        abstate.put(game, s._replace(delayed=s.delayed + (later,)))
    _continue(game, then)


@ABILITIES.effect("bound_to_hand", "none")
def bound_to_hand(game, ctx, arg, params, then, index):
    """The end of `bind_for_turn`: each card it bound still in its owner's bind zone goes to that owner's hand. Made by bind_for_turn itself.

    Example: bound_to_hand"""
    players = game.state.players
    for inst in abstate.get(game).that:
        owner = game.owner[inst]
        if inst in players[owner].bind:
            zones.put(game, owner, inst, "bind", "hand", "effect", ability=ctx.key)
    _continue(game, then)
