"""Effects that make attacks (CR 10.34): `{attack: self, against: opponent_vanguard}`, effects
that add attacked units to the battle (CR 7.4.1.8.4, 10.20): `{battles: ...}`, and the effect that
changes the attacked unit (CR 10.20, 7.1.2.3-7.1.2.4): `{change_attacked_unit: ...}`.

The attacking unit is one of the effect's target units (its master's; chosen now
if several), the unit attacked one of `against` (your opponent's units; chosen now
if several). The attack itself comes after the ongoing battle, by the flows
(`game/rules/effect_attacks.py`). `battles` works on the battle in progress: the units
it names become attacked units beside the chosen one (`game/rules/battle.py`). Written in a
CONT ability ("this unit battles ..."), it changes how the attacked units are chosen:
the attack step reads it as the attack is declared, before the boost and before any
'when attacks' ability (CR 7.4.1.8.4), through `battled_by`.
"""
from __future__ import annotations

from ...game.rules import battle, effect_attacks
from ...game import deleted
from ...game.state import FRONT_ROW
from ..runtime import abstate
from ..language.choose import choose, unit_options
from ..language.conditions import all_hold
from ..effects.basic import _continue
from ..language.registry import ABILITIES
from ..language.targets import Ctx, candidates, find_unit, where_zone


@ABILITIES.effect("attack", "target", {"against": "target", "every": "none"})
def attack(game, ctx, arg, params, then, index):
    """One target unit attacks a unit of `against` (default: your opponent's vanguard) after this
    battle (CR 10.34): attack step to close step, no start step; in the main phase at once, and the
    main phase goes on (CR 7.8.1.5); asked for in another phase, it is not made. With
    `every: true` it attacks all of them in one battle (CR 7.4.1.8.5).
    Example: {attack: self, against: {from: opponent_units, row: front}, every: true}"""
    units, _, _ = candidates(game, ctx, arg)
    mine = [ref for ref in units if ref[0] == ctx.seat]
    choose(game, ctx.seat, "ability_target", unit_options(game, mine, ctx.seat), 1, False,
           (_attacker_done, (ctx, params.get("against", "opponent_vanguard"), then, bool(params.get("every")))),
           f"{ctx.key}: which unit attacks")


def _attacker_done(game, ctx, against, then, every, chosen):
    if not chosen:
        _continue(game, then)
        return
    units, _, _ = candidates(game, ctx, against)
    theirs = [ref for ref in units if ref[0] != ctx.seat and ref[1] in FRONT_ROW
              and game.abilities.allows(game, ref[0], ref[2], "be_attacked")]    # CR 7.4.1.6
    if every:
        if theirs:
            effect_attacks.request(game, ctx.seat, chosen[0][1], *(u.placed for _, _, u in theirs))
        _continue(game, then)
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, theirs, ctx.seat), 1, False,
           (_target_done, (ctx, chosen[0][1], then)), f"{ctx.key}: which unit it attacks")


def _target_done(game, ctx, attacker_placed, then, chosen):
    if chosen:
        effect_attacks.request(game, ctx.seat, attacker_placed, chosen[0][1])
    _continue(game, then)


@ABILITIES.effect("battles", "target")
def battles(game, ctx, arg, params, then, index):
    """The attacking unit also battles these of your opponent's front-row units: each becomes an
    attacked unit of this battle beside the chosen one and its 'when attacked' abilities trigger
    (CR 7.4.1.8.4-5, 10.20); in your own battle only. Each is guarded, compared and hit on its own.
    In a CONT ability (all of them, no choice) it is read as this unit's attack is declared: the
    units are attacked from the start, before the boost and the 'when attacks' abilities.
    Example: {kind: CONT, zone: V, effect: {battles: {from: opponent_units, row: front}}}"""
    units, count, up_to = candidates(game, ctx, arg)
    b = game.state.battle
    if b is None or b.attacker is None or ctx.seat != game.state.turn_player:
        _continue(game, then)
        return
    theirs = [r for r in units if r[0] != ctx.seat and r[1] in FRONT_ROW]
    if count is None:
        _battle_these(game, ctx, then, [(s, u.placed) for s, _, u in theirs])
        return
    choose(game, ctx.seat, "ability_target", unit_options(game, theirs, ctx.seat), count, up_to,
           (_battle_these, (ctx, then)), f"{ctx.key}: which units it battles")


@ABILITIES.effect("change_attacked_unit", "target")
def change_attacked_unit(game, ctx, arg, params, then, index):
    """The battle in progress: one target unit becomes the unit being attacked instead of every unit
    attacked so far (CR 10.20, 7.1.2.3-7.1.2.4): a unit of the attacked player on the vanguard circle
    or a front rear-guard circle that can be attacked, chosen by this ability's player if several.
    "A battle where your vanguard is attacked" becomes one where a rear-guard is, and back.
    Example: {change_attacked_unit: self}"""
    b = game.state.battle
    tp = game.state.turn_player
    if b is None or b.attacker is None:
        _continue(game, then)
        return
    units, _, _ = candidates(game, ctx, arg)
    attacked = {c for c, _ in b.targets()}
    fits = [ref for ref in units if ref[0] != tp and ref[1] in FRONT_ROW and ref[1] not in attacked
            and game.abilities.allows(game, ref[0], ref[2], "be_attacked")]     # CR 7.4.1.6
    choose(game, ctx.seat, "ability_target", unit_options(game, fits, ctx.seat), 1, False,
           (_attacked_changed, (then,)), f"{ctx.key}: which unit is attacked now")


def _attacked_changed(game, then, chosen):
    ref = find_unit(game, chosen[0][1]) if chosen else None
    if ref is not None:
        battle.change_attacked_unit(game, ref[1])
    _continue(game, then)


def _battle_these(game, ctx, then, chosen):
    refs = [ref for ref in (find_unit(game, placed) for _, placed in chosen) if ref is not None]
    added = set(battle.add_attacked_units(game, [where for _, where, _ in refs]))
    layer = game.abilities
    for seat, where, unit in refs:
        if where in added and layer is not None:    # it is attacked now (CR 7.4.1.8)
            layer.subject(game, seat, unit.card, ("when_attacked",), where_zone(where), unit.placed)
    _continue(game, then)


def battled_by(layer, game, seat, unit) -> list:
    """The circles the attacking `unit` (of `seat`) also battles by its CONT `battles` abilities, its
    own or given, whose conditions hold now: the opponent's front-row units they name (CR 7.4.1.8.4;
    a Legion Mate is not among them, CR 7.4.1.8.6). A deleted unit's own text does not apply (CR 10.26.3)."""
    if "battles" not in layer.cont_effects:     # no CONT says it: every ordinary attack stops here
        return []
    entries = []
    own = layer.cont_self.get("battles", {}).get(game.cards[unit.card].id)
    if own and unit.placed not in deleted.placements(game):
        entries.extend(spec for spec, _, _ in own)
    granted = abstate.get(game).granted if layer.granted_cont else ()
    entries.extend(layer.specs[key] for placed, key, _ in granted
                   if placed == unit.placed and layer.specs[key].kind == "CONT")
    zone = "V" if game.state.players[seat].circles["VC"] is unit else "R"
    out = []
    for spec in entries:
        if spec.zones is not None and zone not in spec.zones:
            continue
        ctx = Ctx(seat, unit.card, spec.key, "continuous", unit.placed)
        if not all_hold(game, ctx, spec.conditions):
            continue
        for name, arg, _ in spec.effects:
            if name == "battles":
                units, _, _ = candidates(game, ctx, arg)
                out.extend(where for s, where, _ in units if s != seat and where in FRONT_ROW and where not in out)
    return out
