"""What a player's rear-guards did this turn, as card text asks it (issue 28 item 2).

"If one of your <<Tachikaze>> was put into the drop zone from a rear-guard circle during this turn",
"if the number of <<Gold Paladin>> rear-guards you called this turn is four or more", "if this unit
has not become [Stand] during that turn": the ability layer records each drop of a rear-guard, each
call to a rear-guard circle and each unit that stood, of the turn (`abstate.dropped`, `called`,
`stands`), only in a game with a card that asks (`TURN_RECORD_READERS`). The filters read the card
(its clan, name, grade as printed), wherever it is now; a unit stood is told apart by placement (a
unit placed again is a new one, CR 4.1.4).
"""
from __future__ import annotations

from ..runtime import abstate
from ..language.filters import filters_of, passes
from ..language.registry import ABILITIES


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


@ABILITIES.filter("stood_this_turn", "none")
def stood_this_turn(game, arg, card, unit, ctx):
    """A unit that became standing this turn (the stand phase, a stand trigger or an effect), this very unit:
    one placed since is a new unit that has not (CR 4.1.4).
    Example: {not: [{this_unit: {stood_this_turn: true}}]}"""
    return unit is not None and unit.placed in abstate.stood_this_turn(game)
