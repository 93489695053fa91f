"""The turn outside battle (RULES 3.3.1-3.3.4, 3.3.6): stand, draw, ride, main phase calls
and moves, end phase (G assist: `g_assist.py`; stride: `g_calls.py`)."""
from __future__ import annotations

from ..actions import Action, KeptActions
from .common import action, choice, condition
from ..state import COLUMN_PARTNER, FRONT_REAR, REAR_CIRCLES
from .. import deleted, statuses, zones


@action("begin_turn")
def begin_turn(game) -> None:
    """Turns alternate, the first player's first (RULES 3.3)."""
    state = game.state
    state.turn += 1
    state.turn_player = state.first if state.turn == 1 else 1 - state.turn_player
    p = state.players[state.turn_player]
    p.rode = p.strode = False
    # an extra turn (CR 12.4) says so: `extra: true` (left out of every other turn_begin)
    extra = {"extra": True} if state.statuses and statuses.take(game, "extra_turn_taken") else {}
    if game.hooks.event_subs["turn_begin"]:      # every zone counted: for the trace only
        game.emit("turn_begin", player=state.turn_player, turn=state.turn,
                  sizes=[zone_sizes(game, seat) for seat in (0, 1)], **extra)


def zone_sizes(game, seat: int) -> dict:
    """Card count of every zone of a seat (trace v2 `turn_begin.sizes`); a circle counts its heart and mate."""
    p = game.state.players[seat]
    sizes = {z: len(getattr(p, z)) for z in ("deck", "hand", "soul", "damage", "drop", "g_zone", "trigger",
                                             "bind", "removed")}
    for circle, unit in p.circles.items():
        sizes[circle] = 0 if unit is None else \
            1 + (unit.heart is not None) + (unit.mate is not None)
    for circle, _ in p.overloaded:
        sizes[circle] += 1
    for circle in p.locked:       # a locked card lies on its circle (CR 4.6.7)
        sizes[circle] += 1
    sizes["GC"] = len(p.gc)
    return sizes


@condition("extra_turn_pending")
def extra_turn_pending(game) -> bool:
    """An effect gave a player an extra turn, still to be taken (CR 12.4.1)."""
    return bool(game.state.statuses) and bool(statuses.pending(game, "extra_turn"))


@action("take_extra_turn")
def take_extra_turn(game) -> None:
    """The next turn is the extra turn's player's: the one added last (CR 12.4.2). `begin_turn`
    alternates, so the player before it is set to that player's opponent."""
    subject = statuses.pending(game, "extra_turn")[-1]
    statuses.take(game, "extra_turn", subject)
    statuses.add(game, subject, "extra_turn_taken", True, statuses.RULE)   # for begin_turn's event
    game.state.turn_player = 1 - subject[1]


@condition("turn_limit_reached")
def turn_limit_reached(game) -> bool:
    """The safety turn limit (parameter `turn_limit`) has been played."""
    return game.state.turn >= game.params["turn_limit"]


@action("end_by_turn_limit")
def end_by_turn_limit(game) -> None:
    """The game ends undecided at the safety turn limit (parameter turn_limit)."""
    if game.state.result is None:
        game.state.result = (None, None, "turn_limit")


@action("announce_result")
def announce_result(game) -> None:
    """Report the winner, the loser and why (the game_over trace event, CR 9.2)."""
    winner, loser, reason = game.state.result or (None, None, "turn_limit")
    if game.hooks.event_subs["game_over"]:     # (the trace's events: most games, nobody listens)
        game.emit("game_over", winner=winner, loser=loser, reason=reason,
                  damage=[len(p.damage) for p in game.state.players])


@action("stand_all_units")
def stand_all_units(game) -> None:
    """The turn player stands all their units, except those an effect keeps from standing
    this once (RULES 3.3.1, CR 6.3.1.2; seeds 002/003 3.3.1)."""
    seat = game.state.turn_player
    stood = []
    for circle, unit in game.state.players[seat].units():
        if unit.keep_rested:
            unit.keep_rested = False
            continue
        if unit.rested:
            stood.append(circle)
        unit.rested = False
    if stood:
        zones.orient(game, seat, stood, False)


@action("draw_for_turn")
def draw_for_turn(game) -> None:
    """Draw one card (RULES 3.3.2.1; the first player draws on the first turn too)."""
    zones.draw(game, game.state.turn_player)


# -- ride and stride (RULES 3.3.3) --------------------------------------------

def ride_legal(game, seat):
    """Normal ride: a card of the vanguard's grade + grade_limits.ride min..max (the same or
    one higher; CR 6.5.1.1.2). "Once per turn" is the ride step's guard in flows/turn.yaml."""
    if game.state.statuses and statuses.values(game, statuses.seat_subject(seat), "no_normal_ride"):
        return []        # an effect said this player cannot normal ride (status no_normal_ride)
    p = game.state.players[seat]
    if not p.hand:
        return []
    cards, v = game.cards, p.circles["VC"]     # no status: the printed grade (`vanguard_grade` written out)
    vg = cards[v.card].grade if v is not None and not game.state.statuses else zones.vanguard_grade(game, seat)
    window = game.params["grade_limits"]["ride"]
    low, high = vg + window.get("min", -vg), vg + window["max"]
    kept = _RIDES.get
    actions, seen = [], set()
    for i, inst in enumerate(p.hand):     # one plain loop: asked at every ride step
        card = cards[inst]
        if card.id in seen:     # equal cards are one choice: the first of each id (`distinct`, written out)
            continue
        seen.add(card.id)
        if low <= card.grade <= high and card.unit != "g_unit":
            actions.append(kept((seat, i, inst)) or _RIDES.new((seat, i, inst), f"ride:hand[{i}]", "ride", seat, (inst,)))
    return actions


def ride_apply(game, act) -> None:
    p = game.state.players[act.player]
    zones.ride(game, act.player, act.args[0])
    p.rode = True


choice("ride", ride_legal, ride_apply)


@condition("normal_ride_done_this_turn")
def normal_ride_done_this_turn(game) -> bool:
    """The turn player has already normal ridden this turn (CR 6.5.1.1.2: once per turn)."""
    return game.state.players[game.state.turn_player].rode


@condition("normal_stride_done_this_turn")
def normal_stride_done_this_turn(game) -> bool:
    """The turn player has already normal strode this turn (CR 6.5.1.2.2: once per turn)."""
    return game.state.players[game.state.turn_player].strode


# -- main phase (RULES 3.3.4) ---------------------------------------------------

def call_legal(game, seat):
    """Normal call: a card of grade <= the vanguard's + grade_limits.call.max to any R circle (CR 6.6.1.2)."""
    p = game.state.players[seat]
    if not p.hand:      # nothing to call (a long game's main phases, one in two): no grade, circles or loop
        return []
    cards, v = game.cards, p.circles["VC"]     # no status: the printed grade (`vanguard_grade` written out)
    vg = (cards[v.card].grade if v is not None and not game.state.statuses else zones.vanguard_grade(game, seat)) \
        + game.params["grade_limits"]["call"]["max"]
    circles = zones.call_circles(p) if p.locked else REAR_CIRCLES    # (no lock circle: every R circle)
    kept = _CALLS.get
    actions, seen = [], set()
    for i, inst in enumerate(p.hand):
        card = cards[inst]
        if card.id in seen:     # equal cards are one choice: the first of each id (`distinct`, written out)
            continue
        seen.add(card.id)
        if card.grade <= vg and card.unit != "g_unit":
            actions += kept((seat, i, inst, circles)) or _call_row(seat, i, inst, circles)
    return actions


def _call_row(seat: int, i: int, inst: int, circles: tuple) -> tuple:
    """One hand card's calls, one to each circle: kept as a row (one look-up per card, not per circle)."""
    return _CALLS.keep((seat, i, inst, circles), tuple([
        Action(f"call:hand[{i}]->{circle}", "normal_call", seat, (inst, circle)) for circle in circles]))


# the options offered again and again (`KeptActions`; the calls as rows, `_call_row`), one store per kind
_CALLS, _RIDES = KeptActions(), KeptActions()


def call_apply(game, act) -> None:
    inst, circle = act.args
    zones.call(game, act.player, inst, circle)


choice("normal_call", call_legal, call_apply)


def move_legal(game, seat):
    """Move a rear-guard to the other circle of its column, swapping if occupied (rested too)."""
    p = game.state.players[seat]
    circles, locked = p.circles, p.locked
    actions = []
    for front, back, down, up in _MOVE_ROWS[seat]:
        if locked and (front in locked or back in locked):   # nothing moves onto a lock circle (CR 4.6.7, 10.22)
            continue
        if circles[front] is not None:
            actions.append(down)
        elif circles[back] is not None:
            actions.append(up)
    return actions


# each seat's rear columns as (front, back, the front unit's move back, the back unit's move forward): an
# `Action` is an immutable value and a move's is made of its seat and circles alone, so the options are
# made once for every game (offered at every main phase decision, no key built and looked up per column)
_MOVE_ROWS = tuple(tuple((front, back, Action(f"move:{front}->{back}", "move", seat, (front, back)),
                          Action(f"move:{back}->{front}", "move", seat, (back, front)))
                         for front, back in ((front, COLUMN_PARTNER[front]) for front in FRONT_REAR))
                   for seat in (0, 1))


def move_apply(game, act) -> None:
    zones.move(game, act.player, *act.args)


choice("move", move_legal, move_apply)


@action("unlock_locked_cards")
def unlock_locked_cards(game) -> None:
    """End phase (CR 6.8.1.1.2): the turn player's locked cards turn face up, units again (CR 10.24)."""
    seat = game.state.turn_player
    p = game.state.players[seat]
    if p.locked:     # (most end phases: none)
        for circle in [c for c in REAR_CIRCLES if c in p.locked]:
            zones.unlock(game, seat, circle)


@action("return_deleted_units")
def return_deleted_units(game) -> None:
    """End phase (CR 6.8.1.1.2): the turn player's deleted units turn face up, in a normal state again (CR 10.26.5)."""
    deleted.return_deleted_units(game, game.state.turn_player)


def act_legal(game, seat):
    """ACT abilities the player can play now (listed by the ability layer, if attached)."""
    abilities = game.abilities
    return abilities.act_legal(game, seat) if abilities is not None else []


def act_apply(game, act) -> None:
    game.abilities.act_apply(game, act)


choice("act", act_legal, act_apply)


# -- end phase (RULES 3.3.6, CR 6.8) --------------------------------------------

@action("return_g_units")
def return_g_units(game) -> None:
    """The G units on the turn player's circles return face up to the G zone (end phase, CR 6.8)."""
    zones.return_g_units(game, game.state.turn_player)


@action("end_turn_effects")
def end_turn_effects(game) -> None:
    """Effects 'until end of turn' end (RULES 3.3.6)."""
    for p in game.state.players:
        p.end_modifiers("turn")
    if game.state.statuses:     # (most turns: no status to end, no call)
        statuses.end(game, "turn")
    if game.abilities is not None:
        game.abilities.end_of(game, "turn")
