"""Check timing (CR 8.4.1) and the rule actions (CR 9) it performs.

Rule actions first, repeated until none applies, in the order the parameters'
`rule_actions` list them (a designer may reorder or leave one out): losing (9.2:
damage at the format's limit, an empty deck, no vanguard and no soul), overloaded
circles (9.3: a unit called over another), guardians outside the battle phase (9.4),
no vanguard (9.5: ride from the soul), the damage process (9.6: damage an effect
dealt, CR 10.33.2, one damage check at a time). Then pending AUTO
abilities, turn player first (the ability layer plugs in through
`game.abilities`). Losing is looked at only here, never in the middle of an
effect (RULES 3.4.2).
"""
from __future__ import annotations

from ..actions import Action
from .common import action, condition
from .triggers import resolve_trigger_of
from .. import statuses, zones


def _losers(game) -> list[tuple[int, str]]:
    state = game.state
    limit = game.damage_limit
    out = []
    for p in state.players:
        if len(p.damage) >= limit:
            out.append((p.seat, "damage"))
        elif not p.deck:
            out.append((p.seat, "deck_out"))
        elif p.circles["VC"] is None and not p.soul and state.turn > 0:
            out.append((p.seat, "no_vanguard"))
    return out


@action("check_timing")
def check_timing(game) -> None:
    """Resolve a check timing: rule actions, then pending abilities (CR 8.4.1)."""
    # Nine check timings in ten find nothing to do, so what they cost is the test written out here
    # (a call to a predicate would cost about as much as the answer): whether any rule action of
    # `RULE_ACTIONS` below can apply — each player: damage under the limit, a deck, a vanguard, no
    # overloaded circle, no guardian outside the battle phase; no damage an effect dealt still to
    # check. It reads the board itself rather than a "changed" flag, so no rule, cost or effect that
    # moves a card can forget to raise one; any doubt sends the check timing to the full rule actions
    # (`tests/test_fast_paths.py` checks every skip against them). Most of the others are there for a
    # pending ability alone, and look at no rule action either. The two players are spelled out, one
    # line each, rather than looped over: the loop's iterator cost about a third of the test.
    state = game.state
    limit = game.damage_limit
    a, b = state.players
    if len(a.damage) >= limit or not a.deck or a.circles["VC"] is None or a.overloaded \
            or len(b.damage) >= limit or not b.deck or b.circles["VC"] is None or b.overloaded \
            or (a.gc or b.gc) and not state.in_battle_phase \
            or state.statuses and statuses.pending(game, "vanguard_damage"):
        rule_actions_then_abilities(game)
        return
    # `game.abilities.has_pending()` written out (the layer keeps its queue in `state.abilities`,
    # an `AbState`): the call costs more than the answer
    held = state.abilities
    if held is not None and held.pending and game.abilities is not None:
        rule_actions_then_abilities(game, False)


def rule_actions_then_abilities(game, rules_apply: bool = True) -> None:
    """The check timing in full: the rule actions the parameters list (`rule_actions`), in
    their order, then the pending abilities. A rule action that ends the game, asks a
    decision or starts a damage check ends this pass (it schedules the next check timing
    itself when one is due). `rules_apply` False: `check_timing` found none to look at."""
    if rules_apply:
        for name in game.params["rule_actions"]:
            if RULE_ACTIONS[name](game):
                return
    abilities = game.abilities
    if abilities is not None and abilities.has_pending():
        abilities.resolve_next(game, check_timing)


def _losing(game) -> bool:
    """CR 9.2: a player at the format's damage limit, with an empty deck, or with neither a
    vanguard nor a soul loses; both at once is a draw."""
    losers = _losers(game)
    if not losers:
        return False
    if len(losers) == 2:
        game.decide(None, None, losers[0][1])
    else:
        seat, reason = losers[0]
        game.decide(1 - seat, seat, reason)
    return True


def _overloaded_circles(game) -> bool:
    """CR 9.3: a unit called over another: the older one is retired."""
    zones.overloaded_circles(game)
    return False


def _guardians_outside_battle(game) -> bool:
    """CR 9.4: guardians still on a guardian circle outside the battle phase are retired."""
    state = game.state
    if not state.in_battle_phase:
        for p in state.players:
            for unit in list(p.gc):
                zones.retire_guardian(game, p.seat, unit)
    return False


def _ride_from_soul(game) -> bool:
    """CR 9.5: a player with no vanguard rides a card from the soul, then the check timing
    starts again."""
    state = game.state
    for p in state.players:
        if p.circles["VC"] is None and p.soul and state.turn > 0:
            _ask_ride_from_soul(game, p.seat)
            game.then(check_timing)
            return True
    return False


def _damage_process(game) -> bool:
    """CR 9.6, 10.33.2: one point of damage an effect dealt to a vanguard is checked."""
    seat = _damaged_vanguard(game)
    if seat is None:
        return False
    _damage_process_step(game, seat)
    return True


# The rule actions a parameters file may list in `rule_actions` (the flow schema's enum
# names the same five: machine/schema.py RULE_ACTION_NAMES).
RULE_ACTIONS = {"losing": _losing, "overloaded_circles": _overloaded_circles,
                "guardians_outside_battle": _guardians_outside_battle,
                "ride_from_soul": _ride_from_soul, "damage_process": _damage_process}


def _damaged_vanguard(game) -> int | None:
    """The seat whose vanguard has damage an effect dealt still to check, the turn player's
    first (CR 9.6.1.1); None when there is none."""
    waiting = {s[1] for s in statuses.pending(game, "vanguard_damage")} if game.state.statuses else ()
    if not waiting:
        return None
    tp = game.state.turn_player or 0
    return tp if tp in waiting else 1 - tp


def _damage_process_step(game, seat: int) -> None:
    """One point of the damage process (CR 9.6.2-9.6.6): reduce the vanguard damage by 1, the
    top card to the trigger zone (a damage check, CR 10.15), its trigger, then the damage
    zone; then the check timing again (losing, more points, CR 9.6.7)."""
    subject, left = statuses.take(game, "vanguard_damage", statuses.seat_subject(seat))
    if left > 1:
        statuses.add(game, subject, "vanguard_damage", left - 1, statuses.RULE)
    p = game.state.players[seat]
    inst = p.deck.pop()        # a deck is there: an empty one lost the game first (CR 9.2)
    p.trigger.append(inst)
    c = game.cards[inst]
    game.emit("damage_check", player=seat, card=c.id, trigger=c.trigger, by_effect=True)
    game.schedule([(resolve_trigger_of, (seat, inst)), (_checked_card_to_damage, (seat, inst)), (check_timing, ())])


def _checked_card_to_damage(game, seat: int, inst: int) -> None:
    """The checked card, still in the trigger zone, goes to the damage zone (CR 9.6.6)."""
    p = game.state.players[seat]
    if inst in p.trigger:
        p.trigger.remove(inst)
        p.damage.append(inst)
        zones.arrived(game, seat, inst, "trigger", "damage")    # "when a card is put into your damage zone"


def _ask_ride_from_soul(game, seat: int) -> None:
    p = game.state.players[seat]
    actions = [Action(f"ride_from_soul:soul[{i}]", "ride_from_soul", seat, (inst,))
               for i, inst in enumerate(p.soul)]

    def resolve(g, act):
        zones.ride(g, seat, act.args[0], normal=False, source="soul")

    game.ask(seat, "ride_from_soul", actions, resolve, "CR 9.5: no vanguard, ride a card from your soul")


@condition("abilities_pending")
def abilities_pending(game) -> bool:
    """Abilities stand by, or this state's timings have some yet to stand by (CR 7.8.1.3, 6.8.1.5).

    True when an AUTO ability is standing by, or when firing one of the current state's
    timings again would make stand by an ability that has not stood by at it during
    this stay in the state: the repeat loop of the close step and the end phase."""
    abilities = game.abilities
    if abilities is None:
        return False
    held = game.state.abilities     # `abilities.has_pending()`, written out (as in `check_timing`)
    if held is not None and held.pending:
        return True
    for name in game.runner.leaf().timings:    # a plain loop: asked at every pass of every repeat loop
        if abilities.on_timing(game, name, dry=True):
            return True
    return False
