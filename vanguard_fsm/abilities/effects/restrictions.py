"""Effects that forbid or change what the rules let a unit or a player do (issue 13, §B of the audit).

Each effect puts a status (`game/statuses.py`) on the target units or on a player,
until the end of the battle or of the turn; the rules consult it where they decide
(the damage step, the drive step, the guard step's legal actions). Registered here
so every card, and other vocabulary, composes them:

- `cannot_be_hit` (a perfect guard, CR 11.9 Sentinel cards): "your attacked unit cannot be hit this battle";
- `drive` N, signed: "this unit gets drive +1 / -1" (CR 2.16.2; 0 or less: no drive check);
- `no_deal_damage`: the unit's hit deals no damage (a legion: leader and mate alike, CR 10.25.6.1);
- `hit_abilities_without_hit`: its "when hits" abilities resolve even if it does not hit (seed 000 §6);
- `no_guard_from_hand` / `no_intercept` / `no_g_guardian` N: a player (the opponent unless
  `player: you`) may not put cards of grade N or more there this battle (CR 7.5.1.2; N = 0: none);
- `set_power` N: "its power becomes N" (its original power, CR 3.7.1, 3.7.1.2), or with `mode:
  increase_or_decrease` "increase or decrease its power until it is N" (a +/- of the difference, CR 2.5.4);
  `grade` N, signed:
  "grade +1" for the ride, call and guard limits and the grade filters (CR 2.4.2, 8.5);
- `no_normal_ride` (`you` / `opponent`): that player cannot normal ride this turn ("if they do not,
  they cannot normal ride during that ride phase");
- `waive_stride_cost`: your next normal stride this turn needs no stride cost (the seat status
  `stride_cost_waived`, used up where the stride cost is paid, `game/rules/g_calls.py`; CR 8.5.2.4, 11.42.3);
- `lose` K: "this unit loses K until end of turn", K one of the CONT keywords (`restraint`, `resist`,
  `lord`, `cannot_attack`, ...): the unit status `lost` (value K); the unit's own and given abilities
  that say K stop applying until it ends (`static.cont_value`), other cards' CONT still apply to it;
- `keep_rested` (in `effects.py`): the unit does not stand in its master's next stand phase.
"""
from __future__ import annotations

from ...game.rules import g_calls
from ...game import statuses, zones
from ..mechanics.cont_restrictions import CONT_ONLY
from .basic import UNTIL, _continue, _targeted
from ..language.registry import ABILITIES

UNIT_UNTIL = {"target": "target", "until": UNTIL}
SET_POWER_MODES = ("original", "increase_or_decrease")
SEAT_PARAMS = {"player": ("opponent", "you"), "until": UNTIL}


def _status(game, ctx, seat, circle, unit, name, value, until):
    statuses.add(game, statuses.unit_subject(unit), name, value, until)


def _unit_status(name: str, default_until: str):
    def fn(game, ctx, arg, params, then, index):
        target = arg if isinstance(arg, (str, dict)) else params.get("target", "self")
        value = arg if isinstance(arg, int) and not isinstance(arg, bool) else True
        _targeted(game, ctx, {"target": target}, _status, (name, value, params.get("until", default_until)), then)
    return fn


def _register_unit(name: str, arg: str, params: dict, default_until: str, doc: str) -> None:
    fn = _unit_status(name, default_until)
    fn.__doc__ = doc
    ABILITIES.effect(name, arg, params)(fn)


_register_unit("cannot_be_hit", "target", {"until": UNTIL}, "battle",
               "The target units cannot be hit (until end of battle unless `until: turn`; a perfect guard).")
_register_unit("no_deal_damage", "target", {"until": UNTIL}, "battle",
               "The target units deal no damage when they hit (a legion: neither leader nor mate, CR 10.25.6.1).")
_register_unit("hit_abilities_without_hit", "target", {"until": UNTIL}, "battle",
               "The target units' 'when hits' abilities resolve even if their attack does not hit.")
_register_unit("drive", "signed", UNIT_UNTIL, "turn",
               "Drive +N (or -N) for the target units (default self) until end of turn (CR 2.16.2).")


def _power_until(game, ctx, seat, circle, unit, value, until):
    delta = value - zones.power(game, unit)
    if delta:                  # 0: no increase or decrease happens (CR 2.5.4.1)
        unit.modified("power", delta, until, ctx.key)


@ABILITIES.effect("set_power", "int", {**UNIT_UNTIL, "mode": SET_POWER_MODES})
def set_power(game, ctx, arg, params, then, index):
    """The target units' original power becomes N (default self, until end of turn; +/- still add, CR 3.7.1.2); `mode: increase_or_decrease`: they get the +/- that makes their power N (CR 2.5.4).

    `mode: increase_or_decrease` says "increase or decrease its power until it is N" instead: each unit's
    power, read on resolution, gets the difference (a +/- like `power`, for the turn or the battle), so it
    is N then and later +/- still change it; a unit already at N gets nothing (CR 2.5.4, 2.5.4.1).

    Example: {set_power: 11000, mode: increase_or_decrease, target: {from: your_rear_guards, choose: 2, up_to: true}, until: turn}"""
    until = params.get("until", "turn")
    if params.get("mode", "original") == "original":
        _targeted(game, ctx, params, _status, ("set_power", arg, until), then)
        return
    _targeted(game, ctx, params, _power_until,
              (arg, "battle" if until == "battle" and game.state.battle is not None else "turn"), then)


_register_unit("grade", "signed", UNIT_UNTIL, "turn",
               "Grade +N (or -N) for the target units (default self) until end of turn: the ride, call and guard\n"
               "limits read the vanguard's grade so changed, and so do the grade filters (CR 2.4.2, 8.5).\n"
               "Example: {grade: 1, target: your_vanguard, until: turn}")


def _seat_status(name: str):
    def fn(game, ctx, arg, params, then, index):
        seat = ctx.seat if params.get("player", "opponent") == "you" else 1 - ctx.seat
        statuses.add(game, statuses.seat_subject(seat), name, arg, params.get("until", "battle"))
        _continue(game, then)
    return fn


for _name, _what in (("no_guard_from_hand", "call cards from hand to GC"), ("no_intercept", "intercept"),
                     ("no_g_guardian", "call G guardians")):
    _fn = _seat_status(_name)
    _fn.__doc__ = (f"The opponent (or `player: you`) cannot {_what} with grade N or more this battle "
                   f"(N = 0: at all; CR 7.5.1.2).")
    ABILITIES.effect(_name, "int", SEAT_PARAMS)(_fn)


@ABILITIES.effect("no_normal_ride", ("you", "opponent"), {"until": UNTIL})
def no_normal_ride(game, ctx, arg, params, then, index):
    """That player (`you`, or your `opponent`) cannot normal ride until end of turn (the ride step offers no ride).

    Example: {opponent: [{pay: [{discard: 1}], else: [{no_normal_ride: you}]}]}"""
    seat = ctx.seat if arg == "you" else 1 - ctx.seat
    statuses.add(game, statuses.seat_subject(seat), "no_normal_ride", True, params.get("until", "turn"))
    _continue(game, then)


@ABILITIES.effect("waive_stride_cost", "none")
def waive_stride_cost(game, ctx, arg, params, then, index):
    """Your next normal stride this turn needs no stride cost (CR 8.5.2.4; not an Ultimate Stride, CR 11.42.3).

    The seat status `stride_cost_waived` until end of turn: the stride step offers every face-down G unit
    with the Stride skill, and the first normal stride pays nothing and uses it up (Dragheart, Luard's Ritual).

    Example: {kind: AUTO, zone: V, timing: beginning_of_ride_phase, optional: true, cost: [{drop_to_deck_bottom: {choose: 2, not_trigger: true}}], effect: waive_stride_cost}"""
    statuses.add(game, statuses.seat_subject(ctx.seat), g_calls.WAIVED, g_calls.NEXT, "turn")
    _continue(game, then)


def _lose(game, ctx, seat, circle, unit, keyword, until):
    statuses.add(game, statuses.unit_subject(unit), statuses.LOST, keyword, until)


@ABILITIES.effect("lose", tuple(sorted(CONT_ONLY)), UNIT_UNTIL)
def lose(game, ctx, arg, params, then, index):
    """The target units (default self) lose that keyword until end of turn (or battle; CR 11.5 Restraint).

    Their own and given CONT abilities saying it do not apply meanwhile (Brutal Jack's ACT).

    Example: {lose: restraint, target: self, until: turn}"""
    _targeted(game, ctx, params, _lose, (arg, params.get("until", "turn")), then)
