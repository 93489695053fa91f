"""Ability conditions: fn(game, ctx, arg) -> bool (RULES 1.5, CR 11.6, 11.12).

An AUTO ability's conditions are looked at when it would trigger (an LB ability
whose master has too few damage does not trigger, CR 11.6.3.2.1); an ACT
ability's when it is played (CR 11.6.3.3.1); a CONT ability's continuously
(CR 11.6.3.1.1). `once_per_turn` / `once_per_game` are limits kept by the
ability layer (they are written with the conditions).
"""
from __future__ import annotations

from ...game.state import MATE, REAR_CIRCLES
from ...game.zones import heart_card
from ..runtime import abstate
from . import counts
from .counts import g_units_face_up
from .registry import ABILITIES
from .targets import find_unit


def _vanguard_card(game, seat):
    v = game.state.players[seat].circles["VC"]
    return game.cards[v.card] if v is not None else None


@ABILITIES.condition("limit_break", "int")
def limit_break(game, ctx, arg):
    """Limit Break N: N or more cards in your damage zone (CR 11.6)."""
    return len(game.state.players[ctx.seat].damage) >= arg


@ABILITIES.condition("generation_break", "int")
def generation_break(game, ctx, arg):
    """Generation Break N: N or more face-up G units on your VC and in your G zone (CR 11.12).

    Example: {generation_break: 2}   (the same as {compare: [{count: your_g_units}, at_least, 2]})"""
    return len(g_units_face_up(game, ctx.seat)) >= arg


@ABILITIES.condition("compare", "comparison")
def compare(game, ctx, arg):
    """Compare two counts or numbers: [left, at_least | at_most | more_than | less_than | equal_to | not_equal_to, right].

    Example: {compare: [{count: your_rear_guards}, more_than, {count: opponent_rear_guards}]}"""
    return counts.compare(game, ctx, arg[0], arg[1], arg[2])


@ABILITIES.condition("battle_number", "bound")
def battle_number(game, ctx, arg):
    """Which battle of this turn this is, bounded: `{at_least: 3}` is "the third battle or later",
    `{equal_to: 1}` "the first battle", `{at_most: 2}` "the first or second battle" (one operator of `compare`
    and a whole number). A battle counts from its attack (CR 7.1.2.1, 7.4.1.1) and stays the turn's last
    battle until the next attack, so "at the end of the battle" reads it too; outside the battle phase, or
    before the first attack, no battle number holds.

    Example: {battle_number: {at_least: 3}}"""
    state = game.state
    if not state.in_battle_phase or state.battle_count < 1:
        return False
    (op, n), = arg.items()
    return counts.OPERATORS[op](state.battle_count, n)


@ABILITIES.condition("has", "count")
def has(game, ctx, arg):
    """There is at least one: the count is 1 or more ("if you have a card named X in your soul").

    Example: {has: {count: your_soul, name: Some Card}}"""
    return counts.at_least_one(game, ctx, arg)


# the conditions that can hold on one side of the turn only: True, only while the ability's master is
# the turn player; False, only while they are not. The index of listening cards (`listeners.py`) reads
# it: an ability that says "during your turn" is not looked for on the opponent's turn.
TURN_SIDE = {"your_turn": True, "opponent_turn": False}


def turn_side(conditions: tuple) -> bool | None:
    """True / False: `conditions` (all must hold) can hold only on / off the master's turn; None: either."""
    for name, _ in conditions:
        side = TURN_SIDE.get(name)
        if side is not None:
            return side
    return None


@ABILITIES.condition("your_turn")
def your_turn(game, ctx, arg):
    """It is your turn."""
    return game.state.turn_player == ctx.seat


@ABILITIES.condition("opponent_turn")
def opponent_turn(game, ctx, arg):
    """It is your opponent's turn."""
    return game.state.turn_player != ctx.seat


def _in_state(game, path: str, paths=None) -> bool:
    """The game is (or was, `paths` recorded then) in the flow state `machine.state` (or a state nested in it)."""
    return any(p == path or p.startswith(path + ".") for p in (game.runner.paths() if paths is None else paths))


@ABILITIES.condition("during", "state")
def during(game, ctx, arg):
    """The game is in this flow state, either player's turn (`battle.guard_step`, `turn.main_phase` ...)."""
    return _in_state(game, arg)


@ABILITIES.condition("during_your", "state")
def during_your(game, ctx, arg):
    """Your turn, in this flow state: `{during_your: turn.main_phase}` is "during your main phase"
    (seeds 002/003 3.3.4: "during the main phase, each time X")."""
    return game.state.turn_player == ctx.seat and _in_state(game, arg)


@ABILITIES.condition("opponent_rear_guard_dropped_during", "state")
def opponent_rear_guard_dropped_during(game, ctx, arg):
    """This turn, one of your opponent's rear-guards was put into the drop zone while the game was in this flow state.

    Example: {opponent_rear_guard_dropped_during: turn.main_phase}   ("if an opponent's rear-guard was put
    into the drop zone during this turn's main phase": recorded as it happens, `events.on_zone_change`)"""
    return any(_in_state(game, arg, paths) for paths in abstate.dropped_this_turn(game, 1 - ctx.seat))


@ABILITIES.condition("vanguard_named", "str")
def vanguard_named(game, ctx, arg):
    """Your vanguard is named so (a G unit also has its heart's name, CR 10.28.3.3)."""
    v = game.state.players[ctx.seat].circles["VC"]
    if v is None:
        return False
    return game.cards[v.card].name == arg or (v.heart is not None and game.cards[heart_card(game, v)].name == arg)


@ABILITIES.condition("vanguard_grade", "int")
def vanguard_grade(game, ctx, arg):
    """Your vanguard is grade N."""
    card = _vanguard_card(game, ctx.seat)
    return card is not None and card.grade == arg


@ABILITIES.condition("vanguard_grade_at_least", "int")
def vanguard_grade_at_least(game, ctx, arg):
    """Your vanguard is grade N or more."""
    card = _vanguard_card(game, ctx.seat)
    return card is not None and card.grade >= arg


@ABILITIES.condition("opponent_vanguard_grade_at_least", "int")
def opponent_vanguard_grade_at_least(game, ctx, arg):
    """Your opponent's vanguard is grade N or more."""
    card = _vanguard_card(game, 1 - ctx.seat)
    return card is not None and card.grade >= arg


@ABILITIES.condition("attacking_vanguard")
def attacking_vanguard(game, ctx, arg):
    """In this battle your unit attacks a vanguard (CR.battle.2)."""
    b = game.state.battle
    return b is not None and b.attacker is not None and game.state.turn_player == ctx.seat \
        and b.target_is_vanguard


@ABILITIES.condition("this_unit_attacking")
def this_unit_attacking(game, ctx, arg):
    """This unit is the attacking unit of this battle (a legion mate attacks with its leader, CR 10.25.5)."""
    b = game.state.battle
    ref = find_unit(game, ctx.placed, ctx.seat)
    return b is not None and ref is not None and ref[0] == game.state.turn_player \
        and (b.attacker_placed == ref[2].placed or (ref[1] == MATE and b.attacker == "VC"))


@ABILITIES.condition("in_legion")
def in_legion(game, ctx, arg):
    """Your vanguard is in a legion (CR 10.25.13)."""
    v = game.state.players[ctx.seat].circles["VC"]
    return v is not None and v.mate is not None and v.heart is None


@ABILITIES.condition("not_in_legion")
def not_in_legion(game, ctx, arg):
    """Your vanguard is not in a legion."""
    return not in_legion(game, ctx, arg)


@ABILITIES.condition("hand_at_least", "int")
def hand_at_least(game, ctx, arg):
    """You have N or more cards in hand."""
    return len(game.state.players[ctx.seat].hand) >= arg


@ABILITIES.condition("soul_at_least", "int")
def soul_at_least(game, ctx, arg):
    """You have N or more cards in your soul."""
    return len(game.state.players[ctx.seat].soul) >= arg


@ABILITIES.condition("drop_at_least", "int")
def drop_at_least(game, ctx, arg):
    """You have N or more cards in your drop zone."""
    return len(game.state.players[ctx.seat].drop) >= arg


@ABILITIES.condition("from_zone", "str")
def from_zone(game, ctx, arg):
    """The card came from there (for 'when put into ...': R = a rear-guard circle, V, GC, hand, damage, soul ...;
    for 'when placed on (R)': the zone it was called from, deck = a superior call from the deck)."""
    origin = ctx.origin
    if origin is None:
        return False
    if arg == "R":
        return origin in REAR_CIRCLES
    if arg == "V":
        return origin in ("VC", MATE)
    return origin == arg


CAUSES = ("your_effect", "opponent_effect", "rule")
# the timings whose trigger carries the cause of the move (events.on_zone_change): caused_by means nothing elsewhere
CAUSE_TIMINGS = ("when_put_into_drop", "when_opponent_rear_guard_put_into_drop")


@ABILITIES.condition("caused_by", CAUSES)
def caused_by(game, ctx, arg):
    """The unit whose move this AUTO ability watches was retired by an effect of one of your cards, of your opponent's, or by a rule or a cost (a hit, a rule action).

    Read when it triggers, on `when_opponent_rear_guard_put_into_drop` or `when_put_into_drop`: an effect's
    card is the one whose ability resolves, whoever chooses the unit ("your opponent retires one of their
    rear-guards" is your card's effect; CR 11.27.1 'due to an effect from one of your cards', 10.4, 7.7.1.9).
    Example: {caused_by: your_effect}"""
    if ctx.by is None:
        return arg == "rule"
    return arg == ("your_effect" if ctx.by == ctx.seat else "opponent_effect")


# The once-per limits are written with the conditions; the layer records their use.
@ABILITIES.condition("once_per_turn")
def once_per_turn(game, ctx, arg):
    """This ability can be used once per turn."""
    return True


@ABILITIES.condition("once_per_game")
def once_per_game(game, ctx, arg):
    """This ability can be used once per game."""
    return True


def all_hold(game, ctx, conditions) -> bool:
    entries = ABILITIES.kept_conditions
    for name, arg in conditions:
        if not entries[name].fn(game, ctx, arg):
            return False
    return True
