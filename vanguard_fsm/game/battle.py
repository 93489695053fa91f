"""The battle phase (RULES 3.3.5, CR 7): start, attack, boost, guard, drive, damage, close.

Each function is one named step of `flows/battle.yaml`; the order, the loops and
the check timings between them are in the flow, not here.
"""
from __future__ import annotations

from .actions import Action
from .common import action, choice, condition, distinct
from .state import BEHIND, FRONT_REAR, FRONT_ROW, Battle
from . import statuses, zones


@action("begin_battle_phase")
def begin_battle_phase(game) -> None:
    """The battle phase starts: no battle yet, the battle count back to 0 (RULES 3.3.5)."""
    game.state.in_battle_phase = True
    game.state.battle_count = 0


@action("end_battle_phase")
def end_battle_phase(game) -> None:
    """The battle phase is over: no battle is running any more (CR 7.8)."""
    game.state.in_battle_phase = False
    game.state.battle = None


@action("begin_battle")
def begin_battle(game) -> None:
    """The start step: new battle bookkeeping. The battle count goes up only when the
    battle begins, at the attack (CR 7.1.2.1, 7.4.1.1)."""
    game.state.battle = Battle()


@condition("first_turn_of_first_player")
def first_turn_of_first_player(game) -> bool:
    """No attack on the first player's first turn (CR.start)."""
    return game.state.turn == 1


def _attackers(game, seat):
    """Standing front-row units no restriction keeps from attacking (Lord, 'cannot attack', CR 11.8)."""
    p = game.state.players[seat]
    layer = game.abilities
    return [c for c in FRONT_ROW if p.circles[c] is not None and not p.circles[c].rested
            and (layer is None or layer.may_attack(game, seat, p.circles[c]))]


def _targets(game, seat):
    """The opponent's units on VC or a front R circle, rested or not (CR 7.4.1.5)."""
    p = game.state.players[1 - seat]
    return [c for c in FRONT_ROW if p.circles[c] is not None]


@condition("turn_player_can_attack")
def turn_player_can_attack(game) -> bool:
    """A standing unit on VC or the front row, and something to attack."""
    seat = game.state.turn_player
    return bool(_attackers(game, seat)) and bool(_targets(game, seat))


def battle_legal(game, seat):
    """Choose to attack (CR 7.3.1.2). When an attack is impossible (the first turn,
    no attacker) is said once, by the start step's guards in flows/battle.yaml."""
    return [Action("battle", "battle", seat)]


choice("battle", battle_legal, lambda game, act: None)


def attack_legal(game, seat):
    """Attacker: a standing unit on VC or front row; target: an opponent's front-row unit."""
    targets = _targets(game, seat)
    return [Action(f"attack:{a}->{t}", "attack", seat, (a, t))
            for a in _attackers(game, seat) for t in targets]


def attack_apply(game, act) -> None:
    begin_attack(game, act.player, *act.args)


def begin_attack(game, seat, attacker, target, **extra) -> None:
    """`attacker` attacks `target`: it rests (a legion: both), the battle begins and counts."""
    state = game.state
    unit = state.players[seat].circles[attacker]
    unit.rested = True
    if unit.legion():   # both rest and both are the attacking unit (CR 10.25.5)
        unit.mate.rested = True
    b = state.battle
    state.battle_count += 1     # a battle begins: it counts (CR 7.1.2.1)
    b.attacker, b.attacker_card, b.target = attacker, unit.card, target
    b.target_card = state.players[1 - seat].circles[target].card
    b.target_is_vanguard = target == "VC"
    game.emit("attack", player=seat, battle=state.battle_count, attacker=attacker,
              card=game.cards[unit.card].id, target=target, **extra)


choice("attack", attack_legal, attack_apply)


def boost_legal(game, seat):
    """The standing back-row unit with boost in the attacker's column (CR 7.4.1.7)."""
    b = game.state.battle
    back = BEHIND.get(b.attacker)
    unit = game.state.players[seat].circles[back] if back else None
    if unit is None or unit.rested or "boost" not in game.cards[unit.card].skills:
        return []
    actions = [Action(f"boost:{back}->{b.attacker}", "boost", seat, (back,))]
    attacker = game.state.players[seat].circles[b.attacker]
    if attacker is not None and attacker.legion():
        # a legion: the boost names the leader or the mate (CR 7.4.1.10)
        actions.append(Action(f"boost:{back}->{b.attacker}/mate", "boost", seat, (back, "mate")))
    return actions


def boost_apply(game, act) -> None:
    back = act.args[0]
    b = game.state.battle
    unit = game.state.players[act.player].circles[back]
    unit.rested = True
    b.booster, b.booster_placed = back, unit.placed
    extra = {"member": act.args[1]} if len(act.args) > 1 else {}
    game.emit("boost", player=act.player, booster=back, card=game.cards[unit.card].id, boosted=b.attacker,
              **extra)


choice("boost", boost_legal, boost_apply)


@action("attack_declared")
def attack_declared(game) -> None:
    """'When attacks / attacked / boosts' abilities become pending (CR 7.4.1.8)."""
    b = game.state.battle
    game.emit("when_attacks", player=game.state.turn_player, circle=b.attacker)


# -- guard step (CR 7.5) ------------------------------------------------------

def _attacked_unit(game):
    b = game.state.battle
    p = game.state.players[1 - game.state.turn_player]
    unit = p.circles[b.target]
    return unit if unit is not None and unit.card == b.target_card else None


@condition("attacked_unit_remains")
def attacked_unit_remains(game) -> bool:
    """The attacked unit is still on its circle (CR 7.5, 7.7: a battle against a gone unit ends)."""
    return _attacked_unit(game) is not None


def guard_legal(game, seat):
    """Normal call from hand to GC: grade <= your vanguard's + grade_limits.guard.max (CR 7.5.1.2.2)."""
    p = game.state.players[seat]
    vg = zones.vanguard_grade(game, seat) + game.params["grade_limits"]["guard"]["max"]
    target = game.state.battle.target
    cards = game.cards
    return [Action(f"guard:hand[{i}]->{target}", "guard", seat, (inst,))
            for i, inst in distinct(game, p.hand) if cards[inst].grade <= vg and cards[inst].unit != "g_unit"
            and not statuses.seat_forbids(game, seat, "no_guard_from_hand", cards[inst].grade)]


def to_gc(game, seat, inst, how, unit=None, source="hand"):
    """Put a guardian on GC resting (CR 8.5.3.3, 4.6.5.1); an intercepting unit is moved
    there itself, keeping its modifiers and identity (CR 10.32.2)."""
    p = game.state.players[seat]
    if unit is None:
        unit = zones.new_unit(game, inst, rested=True)
    unit.rested = True
    unit.guarding = game.state.battle.target
    p.gc.append(unit)
    c = game.cards[inst]
    game.emit("guard", player=seat, card=c.id, grade=c.grade, vanguard_grade=zones.vanguard_grade(game, seat),
              how=how, shield=c.shield or 0, guarding=unit.guarding, **{"from": source})


def guard_apply(game, act) -> None:
    p = game.state.players[act.player]
    p.hand.remove(act.args[0])
    to_gc(game, act.player, act.args[0], "hand")


choice("guard", guard_legal, guard_apply)


def intercept_legal(game, seat):
    """A front-row rear-guard with intercept that is not attacked, even rested (CR 11.3), unless
    an effect forbids intercepts."""
    p = game.state.players[seat]
    b = game.state.battle
    cards = game.cards
    return [Action(f"intercept:{c}->{b.target}", "intercept", seat, (c,)) for c in FRONT_REAR
            if p.circles[c] is not None and c != b.target and "intercept" in cards[p.circles[c].card].skills
            and not statuses.seat_forbids(game, seat, "no_intercept", cards[p.circles[c].card].grade)]


def intercept_apply(game, act) -> None:
    p = game.state.players[act.player]
    circle = act.args[0]
    unit = p.circles[circle]
    p.circles[circle] = None
    to_gc(game, act.player, unit.card, "intercept", unit, circle)


choice("intercept", intercept_legal, intercept_apply)


# -- damage step (CR 7.7) -------------------------------------------------------

def attack_power(game) -> int:
    state = game.state
    b = state.battle
    p = state.players[state.turn_player]
    unit = p.circles[b.attacker]
    if unit is None or unit.card != b.attacker_card:
        return 0
    total = zones.power(game, unit)
    if unit.legion():   # leader + mate, each with its own modifiers and CONT (CR 10.25.4, 10.25.6)
        total += zones.power(game, unit.mate)
    booster = boosting_unit(game)
    if booster is not None:
        total += zones.power(game, booster)
    return total


def boosting_unit(game):
    """The booster while it stays on its circle (CR 7.4.1.10.1.1, 7.4.1.11): by identity, so
    another unit placed on that circle later boosts nothing."""
    b = game.state.battle
    if b is None or b.booster is None:
        return None
    unit = game.state.players[game.state.turn_player].circles[b.booster]
    return unit if unit is not None and unit.placed == b.booster_placed else None


def defense_power(game) -> int:
    state = game.state
    b = state.battle
    p = state.players[1 - state.turn_player]
    unit = _attacked_unit(game)
    if unit is None:
        return 0
    total = zones.power(game, unit)
    for g in p.gc:
        if g.guarding == b.target:
            total += (game.cards[g.card].shield or 0) + g.shield_battle
    return total


@action("compare_power")
def compare_power(game) -> None:
    """Hit when the attacker's power >= the attacked unit's (CR 7.7.1.2-3), unless an effect says it
    cannot be hit; an attacker an effect keeps from dealing damage deals none (CR 10.25.6.1)."""
    state = game.state
    b = state.battle
    seat = state.turn_player
    attacker = state.players[seat].circles[b.attacker]
    target = _attacked_unit(game)
    attacker_gone = attacker is None or attacker.card != b.attacker_card
    gone = attacker_gone or target is None
    atk, dfn = attack_power(game), defense_power(game)
    shielded = not gone and statuses.unit_has(game, target, "cannot_be_hit")
    b.hit = not gone and atk >= dfn and not shielded
    crit = zones.critical(game, attacker) if not gone else 0
    harmless = b.hit and statuses.unit_has(game, attacker, "no_deal_damage")
    b.damage_left = crit if b.hit and b.target_is_vanguard and not harmless else 0
    game.emit("battle_result", player=seat, attacker=b.attacker, target=b.target, attack_power=atk,
              target_power=dfn, hit=b.hit, critical=crit,
              **({"target_gone": True} if target is None else {}),
              **({"attacker_gone": True} if attacker_gone else {}),
              **({"cannot_be_hit": True} if shielded else {}), **({"no_damage": True} if harmless else {}))


@condition("damage_remaining")
def damage_remaining(game) -> bool:
    """Damage checks are still due in this damage step, one per critical (CR 7.7)."""
    return game.state.battle.damage_left > 0


@action("damage_check")
def damage_check(game) -> None:
    """One point of damage: the top card to the trigger zone (CR 9.6.2-9.6.4)."""
    state = game.state
    seat = 1 - state.turn_player
    p = state.players[seat]
    b = state.battle
    b.damage_left -= 1
    if not p.deck:
        b.damage_left = 0
        return
    inst = p.deck.pop()
    p.trigger.append(inst)
    c = game.cards[inst]
    game.emit("damage_check", player=seat, card=c.id, trigger=c.trigger)


@action("trigger_card_to_damage")
def trigger_card_to_damage(game) -> None:
    """The damage-checked card goes to the damage zone, face up (CR 9.6.6)."""
    p = game.state.players[1 - game.state.turn_player]
    while p.trigger:
        p.damage.append(p.trigger.pop())


@action("retire_guardians")
def retire_guardians(game) -> None:
    """G guardians to the G zone face up, then the other guardians to the drop (CR 7.7.1.9)."""
    seat = 1 - game.state.turn_player
    p = game.state.players[seat]
    cards = game.cards
    for unit in [u for u in p.gc if cards[u.card].unit == "g_unit"] + [u for u in p.gc if cards[u.card].unit != "g_unit"]:
        zones.retire_guardian(game, seat, unit)


@action("retire_hit_rear_guards")
def retire_hit_rear_guards(game) -> None:
    """A hit rear-guard is retired (CR 7.7.1.9)."""
    b = game.state.battle
    if b.hit and not b.target_is_vanguard and _attacked_unit(game) is not None:
        zones.retire(game, 1 - game.state.turn_player, b.target)


# -- close step (CR 7.8) --------------------------------------------------------

@action("release_hit_abilities")
def release_hit_abilities(game) -> None:
    """The hit / not-hit event (CR 7.7.1.7): 'when hits / not hit' abilities become stand by now,
    after the damage checks and their check timing (CR 7.7.1.4, 7.7.1.6)."""
    if game.abilities is not None:
        game.abilities.hit_event(game)


@action("end_battle")
def end_battle(game) -> None:
    """'During this battle' effects and the battle statuses end (CR 7.8)."""
    for p in game.state.players:
        for _, unit in p.units():
            unit.modifiers_end("battle")
    game.state.battle = None
    statuses.end(game, "battle")
    if game.abilities is not None:
        game.abilities.end_of(game, "battle")
