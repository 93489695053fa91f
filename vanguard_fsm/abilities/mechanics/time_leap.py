"""Time Leap (CR 10.31, 11.32): a rear-guard leaves for a unit one grade higher, and comes back
at the end of the turn.

`{time_leap: TARGET}` (default `self`) does, for each target rear-guard in turn (CR 10.31.2):

1. bind it (a `put` to the bind zone with `time_leap: bound`; a G unit goes to the G zone
   instead, CR 4.6.9, and is not "bound", so nothing is searched for it);
2. search the deck for up to one card whose grade is the bound card's plus the rules
   parameter `time_leap_grade_step` (CR 10.31.2: 1) — its grade as the unit it was, so an
   effect's "grade -1, then time leap" (Confusion Cockatrice) searches its printed grade —, call it to a rear-guard circle of the
   player's choice (a `call` from the deck with `time_leap: called`); the deck is shuffled once.

The units called are `that`, and each remembers its bound card as a unit status
`time_leap_bound` (game/statuses.py: a unit that leaves the field loses it, CR 4.1.4). The
compiled ability gets a delayed part (`KEY.laterN`, like `at_end_of_turn`) standing by with
"at the beginning of end phase" (CR 6.8.1.3); its effect, `time_leap_return`, puts each
called unit still on the field on the bottom of the deck and, if it went there, calls its
bound card from the bind zone (a `call` from `bind` with `time_leap: returned`).
"""
from __future__ import annotations

from ...game import statuses, zones
from ...game.state import REAR_CIRCLES
from ..runtime import abstate
from ..runtime.abstate import Delayed
from ..language.choose import card_options, choose, unit_options
from ..language.registry import ABILITIES
from ..language.spec import RETURNS
from ..language.targets import candidates, find_unit

BOUND = "time_leap_bound"          # unit status: the card bound for this called unit


def _continue(game, then):
    fn, args = then
    game.then(fn, *args)


def _rear_guards(game, units):
    return tuple((s, u.placed) for s, where, u in units if where in REAR_CIRCLES)


@ABILITIES.effect("time_leap", "target")
def time_leap(game, ctx, arg, params, then, index):
    """Time Leap (CR 10.31): bind the target rear-guards; for each, call a card of its grade + 1 from the deck; at the end of the turn the called unit goes under the deck and the bound card is called back.

    Example: {time_leap: self}"""
    units, count, up_to = candidates(game, ctx, arg if arg is not None else "self")
    refs = [r for r in units if r[1] in REAR_CIRCLES]
    abstate.set_that(game, ())
    if count is None:
        _leap_next(game, ctx, then, index, _rear_guards(game, refs))
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, refs, ctx.seat), count, up_to,
           (_chosen, (ctx, then, index)), f"{ctx.key}: choose {count} rear-guard(s) to time leap")


def _chosen(game, ctx, then, index, chosen):
    _leap_next(game, ctx, then, index, tuple(chosen))


def _leap_next(game, ctx, then, index, todo):
    """Bind the next unit and search for its grade + 1, or finish: shuffle, set the return."""
    if not todo:
        _finish(game, ctx, then, index)
        return
    (_, placed), rest = todo[0], todo[1:]
    ref = find_unit(game, placed)
    if ref is None or ref[0] != ctx.seat or ref[1] not in REAR_CIRCLES:
        _leap_next(game, ctx, then, index, rest)
        return
    seat, circle, unit = ref
    bound = unit.card
    grade = zones.unit_grade(game, unit)   # as it was a unit: an effect's "grade -1, then time leap" counts
    if zones.unit_to_zone(game, seat, circle, "bind", "effect", ability=ctx.key, time_leap="bound") != "bind":
        _leap_next(game, ctx, then, index, rest)      # a G unit went to the G zone: not bound
        return
    wanted = grade + game.params["time_leap_grade_step"]
    cards = game.cards
    p = game.state.players[seat]
    pool = [i for i in reversed(p.deck) if cards[i].grade == wanted]
    choose(game, seat, "ability_card", card_options(game, pool), 1, True,
           (_found, (ctx, then, index, rest, bound)), f"{ctx.key}: time leap, search for a grade {wanted}")


def _found(game, ctx, then, index, rest, bound, chosen):
    if not chosen:
        _leap_next(game, ctx, then, index, rest)
        return
    options = tuple((c, c) for c in zones.call_circles(game.state.players[ctx.seat]))
    choose(game, ctx.seat, "ability_circle", options, 1, False, (_call, (ctx, then, index, rest, bound, chosen[0])),
           f"{ctx.key}: call {game.cards[chosen[0]].id} to which circle")


def _call(game, ctx, then, index, rest, bound, inst, chosen):
    p = game.state.players[ctx.seat]
    if chosen and inst in p.deck:
        unit = zones.call(game, ctx.seat, inst, chosen[0], normal=False, source="deck",
                          ability=ctx.key, time_leap="called")
        statuses.add(game, statuses.unit_subject(unit), BOUND, bound, "turn")
        abstate.set_that(game, abstate.get(game).that + (unit.placed,))
    _leap_next(game, ctx, then, index, rest)


def _finish(game, ctx, then, index):
    """Shuffle (CR 10.31.2) and set the end-of-turn return for the units called (`that`)."""
    that = abstate.get(game).that
    zones.shuffle(game, ctx.seat)
    if that:
        s = abstate.get(game)
        later = Delayed(ctx.seat, ctx.inst, f"{ctx.key}.later{index + 1}", RETURNS["time_leap"][0], ctx.placed, that,
                        game.state.turn)
        abstate.put(game, s._replace(delayed=s.delayed + (later,)))
    _continue(game, then)


@ABILITIES.effect("time_leap_return", "target")
def time_leap_return(game, ctx, arg, params, then, index):
    """The end of a Time Leap (CR 10.31.2): each target unit called by it goes to the bottom of the deck; if it did, its bound card is called from the bind zone. Made by time_leap itself.

    Example: {time_leap_return: that}"""
    units, _, _ = candidates(game, ctx, arg if arg is not None else "that")
    _return_next(game, ctx, then, tuple(u.placed for _, _, u in units))


def _return_next(game, ctx, then, todo):
    if not todo:
        _continue(game, then)
        return
    placed, rest = todo[0], todo[1:]
    ref = find_unit(game, placed)
    if ref is None or ref[1] not in REAR_CIRCLES:
        _return_next(game, ctx, then, rest)
        return
    seat, circle, unit = ref
    bound = statuses.values(game, statuses.unit_subject(unit), BOUND)
    if not bound:
        _return_next(game, ctx, then, rest)
        return
    went = zones.unit_to_zone(game, seat, circle, "deck", "effect", bottom=True, ability=ctx.key,
                              time_leap="returned")
    card = bound[-1]
    if went != "deck" or card not in game.state.players[seat].bind:
        _return_next(game, ctx, then, rest)
        return
    options = tuple((c, c) for c in zones.call_circles(game.state.players[seat]))
    choose(game, seat, "ability_circle", options, 1, False, (_call_back, (ctx, then, rest, seat, card)),
           f"{ctx.key}: call {game.cards[card].id} back from the bind zone to which circle")


def _call_back(game, ctx, then, rest, seat, card, chosen):
    if chosen and card in game.state.players[seat].bind:
        zones.call(game, seat, card, chosen[0], normal=False, source="bind", ability=ctx.key,
                   time_leap="returned")
    _return_next(game, ctx, then, rest)
