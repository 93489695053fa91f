"""What a player's rear-guards did this turn, as card text asks it (issue 28 item 2).

"If one of your <<Tachikaze>> was put into the drop zone from a rear-guard circle during this turn",
"if the number of <<Gold Paladin>> rear-guards you called this turn is four or more": the ability
layer records each drop of a rear-guard and each call to a rear-guard circle of the turn
(`abstate.dropped`, `abstate.called`), only in a game with a card that asks (`TURN_RECORD_READERS`).
The filters read the card (its clan, name, grade as printed), wherever it is now.
"""
from __future__ import annotations

from ..runtime import abstate
from .filters import filters_of, passes
from .registry import ABILITIES


@ABILITIES.condition("your_rear_guard_dropped_this_turn", "filters")
def your_rear_guard_dropped_this_turn(game, ctx, arg):
    """This turn, one of your rear-guards that passes the filters was put into the drop zone from a
    rear-guard circle (retired by a rule, a cost or an effect, CR 10.4).
    Example: {your_rear_guard_dropped_this_turn: {clan: Tachikaze}}"""
    filters, cards = filters_of(arg), game.cards
    return any(passes(game, ctx, filters, cards[inst], None, inst)
               for inst in abstate.dropped_cards_this_turn(game, ctx.seat))


@ABILITIES.zone("your_rear_guards_called_this_turn")
def your_rear_guards_called_this_turn(game, ctx):
    """The cards you called to rear-guard circles this turn, one per call (a normal or superior call,
    CR 8.5.3); a count reads them whether they are still rear-guards or not.
    Example: {compare: [{count: your_rear_guards_called_this_turn, clan: Gold Paladin}, at_least, 4]}"""
    return abstate.called_this_turn(game, ctx.seat)
