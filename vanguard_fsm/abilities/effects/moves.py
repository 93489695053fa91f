"""Effects that move your rear-guards from circle to circle (issue 28 item 2).

`move` (basic.py) moves a rear-guard to the other circle of its column, the move a player may
make in the main phase (RULES 3.3.4 d). Cards also move a rear-guard anywhere:

- `move_to_open`: the target rear-guards each move to an open rear-guard circle of their
  master's choice ("choose one of your open (RC), and move this unit to that circle");
- `swap`: two chosen rear-guards exchange circles, whatever their columns ("choose two of your
  rear-guards, and exchange their positions").

A unit moved from circle to circle stays the same card (CR 4.1.4): standing or rested as it was,
with its power and abilities; it is not placed (no 'when placed' ability triggers). An open
circle is an empty one that is not a lock circle (CR 4.6.7, `zones.call_circles`). Only the
master's own rear-guards move; the trace says `move` (from, to) for each unit moved.
"""
from __future__ import annotations

from ...game import zones
from ...game.state import REAR_CIRCLES
from ..runtime import abstate
from ..language.choose import choose, unit_options
from ..language.registry import ABILITIES
from ..language.targets import candidates, find_unit
from .basic import _continue


def _open_circles(p) -> list:
    return [c for c in zones.call_circles(p) if p.circles[c] is None]


def _yours(ctx, units) -> list:
    """The master's own rear-guards among (seat, where, unit) refs."""
    return [r for r in units if r[0] == ctx.seat and r[1] in REAR_CIRCLES]


@ABILITIES.effect("move_to_open", "target")
def move_to_open(game, ctx, arg, params, then, index):
    """Move each target rear-guard of yours to an open rear-guard circle of your choice (empty, not a lock circle; CR 4.6.7): the same unit, its state unchanged, not placed.

    Example: {move_to_open: self}"""
    units, count, up_to = candidates(game, ctx, arg)
    units = _yours(ctx, units)
    if count is None:
        _next_mover(game, ctx, then, tuple(u.placed for _, _, u in units))
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, units, ctx.seat), count, up_to,
           (_chosen_movers, (ctx, then)), f"{ctx.key}: choose {count} rear-guard(s) to move")


def _chosen_movers(game, ctx, then, chosen):
    abstate.set_that(game, (placed for _, placed in chosen))
    _next_mover(game, ctx, then, tuple(placed for _, placed in chosen))


def _next_mover(game, ctx, then, movers):
    """Move the first of `movers` (placements) still a rear-guard to the open circle chosen, then the next."""
    for i, placed in enumerate(movers):
        ref = find_unit(game, placed)
        options = tuple((c, c) for c in _open_circles(game.state.players[ctx.seat])) if ref is not None else ()
        if ref is None or ref[1] not in REAR_CIRCLES or not options:
            continue
        choose(game, ctx.seat, "ability_circle", options, 1, False, (_moved, (ctx, then, movers[i + 1:], placed)),
               f"{ctx.key}: move {game.cards[ref[2].card].id} to which circle")
        return
    _continue(game, then)


def _moved(game, ctx, then, rest, placed, chosen):
    ref = find_unit(game, placed)
    if chosen and ref is not None and ref[1] in REAR_CIRCLES:
        zones.move(game, ctx.seat, ref[1], chosen[0])
    _next_mover(game, ctx, then, rest)


@ABILITIES.effect("swap", "target")
def swap(game, ctx, arg, params, then, index):
    """The two target rear-guards of yours (`choose: 2`) exchange circles, any columns: each the same unit, its state unchanged, not placed (CR 4.1.4).

    Example: {swap: {from: your_rear_guards, choose: 2, clan: Aqua Force}}"""
    units, count, up_to = candidates(game, ctx, arg)
    units = _yours(ctx, units)
    if len(units) < 2:      # no two of yours to exchange: nothing happens
        _continue(game, then)
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, units, ctx.seat), 2, False,
           (_swapped, (ctx, then)), f"{ctx.key}: choose two rear-guards to exchange")


def _swapped(game, ctx, then, chosen):
    refs = [find_unit(game, placed) for _, placed in chosen]
    if len(refs) == 2 and None not in refs:
        zones.move(game, ctx.seat, refs[0][1], refs[1][1])
    _continue(game, then)
