"""The heuristic agent's battle strategies: which line attacks, where a trigger's bonus goes,
whether and how to guard (`heuristic` says when each is asked).

They run at every attack, drive and damage check and guard step of a game, so they read the board
in plain loops (no key function or comprehension per option) and read a unit's power only where the
choice needs it: a line's once per attacker, the attack and the defense once per guard step that
matters.
"""
from __future__ import annotations

from ..game import zones
from ..game.rules.damage import attack_power, defense_power
from ..game.state import BEHIND
from . import perfect_guard


def attack(game, d, actions, _):
    """The strongest line (attacker + possible booster) into the vanguard, a rear-guard's before the
    vanguard's. The lines' powers are weighed only between the actions of the best target and attacker
    kind (the rank): often one action, and then no power is read at all."""
    best, finalists = -1, None
    for a in actions:     # the actions of the best rank, in order (plain loops: no key function called)
        args = a.args
        rank = (2 if args[1] == "VC" else 0) + (args[0] != "VC")    # into the vanguard, then a rear-guard's
        if rank > best:
            best, finalists = rank, [a]
        elif rank == best:
            finalists.append(a)
    if len(finalists) == 1:
        return finalists[0]
    circles, cards = game.state.players[d.player].circles, game.cards
    chosen, strongest, totals = None, 0, {}   # totals: attacker circle -> its line's power (one read each)
    for a in finalists:
        attacker = a.args[0]
        total = totals.get(attacker)
        if total is None:
            unit = circles[attacker]
            total = zones.power(game, unit)
            if unit.legion():   # the pair's power is summed (CR 10.25.6)
                total += zones.power(game, unit.mate)
            back = circles.get(BEHIND[attacker])
            if back is not None and not back.rested and "boost" in cards[back.card].skills:
                total += zones.power(game, back)
            totals[attacker] = total
        if chosen is None or total > strongest:
            chosen, strongest = a, total     # the first of the strongest
    return chosen


def guard(game, d, options, spans):
    """Guard the vanguard when the hit matters, with the smallest shield that holds: weighs every
    intercept, guard and g_guardian option of the decision (`options`, each kind's at its slice in
    `spans`)."""
    state = game.state
    b = state.battle
    seat = d.player
    damage = len(state.players[seat].damage)
    limit = game.params["damage_to_lose"][state.format]
    if b is None or not b.target_is_vanguard or damage < limit - 3:
        return None       # (checked before the powers: most guard steps end here)
    if perfect_guard.guarded(game, seat):
        return None       # a perfect guard is already on the guardian circle this battle (before the powers too)
    atk, dfn = attack_power(game), defense_power(game, "VC")
    drives = b.attacker == "VC"
    margin = 5000 if drives and damage >= limit - 2 else 0
    gap = atk + margin - dfn
    if gap < 0:
        return None
    guards = options[spans.get("guard", _NONE)]
    rewarding = perfect_guard.with_bonus(game, seat, guards)
    if rewarding is not None:
        return rewarding  # its ability does more now than stop this hit: worth its discard
    circles, cards, more = state.players[seat].circles, game.cards, b.more
    # one pass over the options that add a shield, intercepts first, each shield read once: the first
    # of the smallest shields that hold (an intercept before a guardian of the same shield), whether
    # a cheap guardian is among those that hold, and the first of the largest
    holds = largest = None
    holds_shield = largest_shield = 0
    cheap = False
    for k in ("intercept", "guard", "g_guardian"):
        for a in options[spans.get(k, _NONE)]:
            if more and a.args[-1] != "VC":
                continue  # several attacked units: only guardians that go to the vanguard (their last argument)
            shield = cards[circles[a.args[0]].card if k == "intercept" else a.args[0]].shield or 0
            if shield <= 0:
                continue
            if shield > largest_shield:
                largest, largest_shield = a, shield
            if shield > gap:
                if holds is None or shield < holds_shield:
                    holds, holds_shield = a, shield
                if shield <= _CHEAP_SHIELD and k != "g_guardian":
                    cheap = True
    if not cheap:     # no cheap guardian holds: a perfect guard, if one can be played
        sentinel = perfect_guard.playable(game, seat, guards)
        if sentinel is not None:
            return sentinel
    return holds if holds is not None else largest


_NONE = slice(0)        # the span of a kind the decision does not offer: no options
_CHEAP_SHIELD = 10000   # one guardian of at most this shield is cheaper than a perfect guard and its discard


def unit_target(game, d, actions, _):
    """Trigger bonuses: to the attacking unit in our battle, else to the vanguard, else the first."""
    state = game.state
    b = state.battle
    ours = b.attacker if b is not None and state.turn_player == d.player else None
    vanguard = None
    for a in actions:
        circle = a.args[0]
        if circle == ours:
            return a
        if vanguard is None and circle == "VC":
            vanguard = a
    return vanguard if vanguard is not None else actions[0]


def stand(game, d, actions, _):
    p = game.state.players[d.player]
    rested = [a for a in actions if not a.args[0].startswith(("VC", "GC")) and p.unit_at(a.args[0]).rested]
    return max(rested, key=lambda a: zones.power(game, p.unit_at(a.args[0]))) if rested else actions[0]
