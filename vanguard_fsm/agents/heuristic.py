"""The heuristic agent: plays like a sensible person, cheaply.

It rides up, strides when it can (Ultimate Stride as a finisher, once the opponent is
near the end: its G zone leaves the game), fills empty circles (attackers in front,
boosters behind) while keeping shields in hand, attacks the vanguard with its
strongest lines, boosts, and guards the vanguard when the hit would matter
(damage 3 or more, or an attack that would take the last points): with a perfect
guard (a Sentinel whose guardian-circle ability makes the attacked unit unhittable,
CR 11.9) when no single guardian of 10000 shield or less covers the gap — or whenever a guard is
wanted, if the perfect guard's ability also has an `if` that holds now (it gives more than the
guard: a Deletor sentinel's end-of-turn Delete). It plays every ACT
ability it can pay for, but one that only takes a keyword away from its unit ("loses
Restraint", CR 11.5) only while that unit has the keyword and stands in the front row, ready
to attack — so it pays before attacking with it, once a turn. When an ability calls from the
deck it takes a card that profits from being placed from there (Ritual's Swift Owl). It decides
by the kinds of the legal actions, not by state names, so flow edits that keep
the decision kinds keep it working.
"""
from __future__ import annotations

from ..abilities.runtime.static import has_flag
from ..abilities.language.targets import find_unit
from ..game import zones
from ..game.rules.damage import attack_power, defense_power
from ..game.state import BACK_ROW, BEHIND, FRONT_ROW
from . import perfect_guard


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game, decision):
        actions = decision.actions
        n = len(actions)
        if n == 2:                   # (the commonest: an option and `pass`) the key without a loop
            kinds = (actions[0].kind, actions[1].kind)
        elif n == 1:
            return actions[0]        # every strategy answers one of the options, or none: the first
        else:
            kinds = []                  # the key of the decision's plan (a loop here: no comprehension's call)
            for a in actions:
                kinds.append(a.kind)
            kinds = tuple(kinds)
        plan = _PLANS.get(kinds)
        if plan is None:
            plan = _plan(kinds)
        answer, steps, spans, fallback, regroup = plan
        if answer is not None:
            return actions[answer]   # decided by the kinds alone
        if regroup is not None:      # kinds interleaved (no flow does it): each kind's options made adjacent
            actions = tuple(map(actions.__getitem__, regroup))
        for strategy, span in steps:
            chosen = strategy(game, decision, actions[span], spans)
            if chosen is not None:
                return chosen
        return actions[fallback]


_PLANS: dict[tuple, tuple] = {}


def _plan(kinds: tuple) -> tuple:
    """How to decide between options of these kinds (in this order), worked out once per sequence
    of kinds (a few hundred in a simulation) rather than sorting the options by kind at every
    decision: (answer, steps, spans, fallback, regroup).

    `spans` maps each kind to the slice of the options of that kind, the options taken in `regroup`
    order (None: as offered; a legal-action generator lists one kind, so each kind's options are
    adjacent and keep their order). `steps` are the (strategy, span) pairs to ask, in `_PRIORITY`
    order, for the kinds that have a strategy; a strategy that weighs the whole decision
    (`_WHOLE_DECISION`) is asked once, for its first kind, with every option (span `slice(None)`)
    and the spans to find each kind's. `fallback` is the option taken when no strategy chooses: the
    first `pass`, else the first option. `answer` is the index of the option chosen whatever the
    board, when the kinds decide: no strategy to ask (the fallback), or the first one asked takes
    the first option of its kind (`_first`); else None."""
    if len(_PLANS) > 4096:
        _PLANS.clear()
    at: dict[str, list] = {}
    for i, kind in enumerate(kinds):
        at.setdefault(kind, []).append(i)
    regroup = [i for found in at.values() for i in found]
    spans, start = {}, 0
    for kind, found in at.items():
        spans[kind] = slice(start, start + len(found))
        start += len(found)
    steps, asked = [], set()
    for kind in _PRIORITY:
        if kind in spans:
            strategy = _STRATEGIES[kind]
            if strategy in _WHOLE_DECISION:
                if strategy in asked:
                    continue
                asked.add(strategy)
                steps.append((strategy, slice(None)))
            else:
                steps.append((strategy, spans[kind]))
    fallback = spans["pass"].start if "pass" in spans else 0
    answer = None
    if not steps:
        answer = regroup[fallback]
    elif steps[0][0] is _first:
        answer = regroup[steps[0][1].start]
    plan = _PLANS[kinds] = (answer, tuple(steps), spans, fallback,
                            None if regroup == list(range(len(kinds))) else tuple(regroup))
    return plan


def _card(game, inst):
    return game.cards[inst]


def _redraw(game, d, actions, _):
    """Return grade 3s when the hand has no grade 1 or 2 to ride with."""
    hand = game.state.players[d.player].hand
    grades = [game.cards[i].grade for i in hand]
    if 1 in grades and 2 in grades:
        return next(a for a in actions if not a.args)
    want = {i for i in hand if game.cards[i].grade >= 3}
    # each grade 3 returned counts +1, each other card -2 (an action's cards are distinct hand cards)
    return max(actions, key=lambda a: 3 * len(want.intersection(a.args)) - 2 * len(a.args))


def _g_assist(game, d, actions, _):
    take = [a for a in actions if a.args]
    return take[0] if take else actions[0]


def _remove(game, d, actions, _):
    """Remove the least useful card: never the card to ride next, then the least shield."""
    want = zones.vanguard_grade(game, d.player) + 1

    def value(a):
        c = game.cards[a.args[0]]
        return (c.grade == want, c.shield or 0, -c.grade)
    return min(actions, key=value)


def _ride(game, d, actions, _):
    """The highest grade; but a vanguard at the stride grade stays while an Ultimate Stride waits
    and the hand holds a card with its name (its cost, CR 11.42)."""
    keep = _ultimate_name(game, d.player)
    if (keep is not None and zones.vanguard_grade(game, d.player) >= game.params["stride_vanguard_grade"]
            and any(game.cards[i].name == keep for i in game.state.players[d.player].hand)):
        return None
    return max(actions, key=lambda a: (game.cards[a.args[0]].grade, game.cards[a.args[0]].power))


def _stride(game, d, actions, _):
    """The strongest G unit (its cost is paid in the next step)."""
    return max(actions, key=lambda a: game.cards[a.args[0]].power)


def _ultimate_stride(game, d, actions, _):
    """Ultimate Stride (CR 11.42) when the opponent has at least damage_to_lose - 3 damage: the
    Zeroth Dragon finishes, and at the end of the turn the whole G zone leaves the game (CR
    10.28.6), so no stride or G guardian after it. Earlier, the normal stride (None)."""
    state = game.state
    damage = len(state.players[1 - d.player].damage)
    if damage >= game.params["damage_to_lose"][state.format] - 3:
        return max(actions, key=lambda a: game.cards[a.args[0]].power)
    return None


def _ultimate_name(game, seat):
    """The vanguard's name when a face-down G unit with Ultimate Stride waits in the G zone
    (its cost discards a card of that name, CR 11.42), else None."""
    p = game.state.players[seat]
    cards = game.cards
    for g in p.g_zone:
        stride = cards[g].stride
        if stride is not None and stride.get("ultimate") and g not in p.g_face_up:
            vanguard = p.circles["VC"]
            return cards[vanguard.card].name if vanguard is not None else None
    return None


def _grades_total(game, d, actions, _):
    """A stride cost (grades totalling N): stop as soon as it is paid; else the highest grade
    (fewest cards), the least shield thrown away — keeping the last card with the vanguard's
    name while an Ultimate Stride waits for it."""
    done = [a for a in actions if not a.args]
    if done:
        return done[0]
    cards = game.cards
    keep = _ultimate_name(game, d.player)
    if keep is not None and sum(cards[i].name == keep for i in game.state.players[d.player].hand) > 1:
        keep = None     # a second copy may go
    return max(actions, key=lambda a: (cards[a.args[0]].name != keep, cards[a.args[0]].grade,
                                       -(cards[a.args[0]].shield or 0)))


def _call(game, d, actions, _):
    """The call that gains most: a grade 1+ attacker in front, a booster behind (+3000 where it
    fits), onto an empty circle (+10000) or over a unit 2000+ weaker; triggers only while the hand
    keeps more than four shields of 5000+. A card's calls come in a row (one per circle): what
    depends on the card is read at its first."""
    p = game.state.players[d.player]
    cards, circles = game.cards, p.circles
    shields = None
    best, best_score, last = None, 0, None
    for a in actions:
        inst, circle = a.args
        if inst is not last:
            last = inst
            c = cards[inst]
            power, boosts, front = c.power, "boost" in c.skills, c.grade != 0
            if c.unit == "trigger":
                if shields is None:
                    shields = 0
                    for i in p.hand:     # plain loops in the strategies: no generator object per decision
                        if (cards[i].shield or 0) >= 5000:
                            shields += 1
                if shields <= 4:
                    front = boosts = False    # none of its calls
        if circle in BACK_ROW:
            if not boosts:
                continue
            score = power + 3000
        else:
            if not front:
                continue
            score = power if boosts else power + 3000
        occupant = circles[circle]
        if occupant is not None:
            old = cards[occupant.card].power
            if power < old + 2000:
                continue
            score -= old
        else:
            score += 10000
        if score > best_score:
            best, best_score = a, score
    return best


def _attack(game, d, actions, _):
    """The strongest line (attacker + possible booster) into the vanguard, a rear-guard's before the
    vanguard's. The lines' powers are weighed only between the actions of the best target and attacker
    kind (the first key of the order): often one action, and then no power is read at all."""
    p = game.state.players[d.player]
    best, finalists = None, []
    for a in actions:     # the actions of the best rank, in order (one loop, no generator)
        rank = (a.args[1] == "VC", a.args[0] != "VC")
        if best is None or rank > best:
            best, finalists = rank, [a]
        elif rank == best:
            finalists.append(a)
    if len(finalists) == 1:
        return finalists[0]
    totals: dict = {}     # attacker circle -> its line's power (one per attacker, not per target)

    def strength(attacker):
        unit = p.circles[attacker]
        total = zones.power(game, unit)
        if unit.legion():   # the pair's power is summed (CR 10.25.6)
            total += zones.power(game, unit.mate)
        back = p.circles.get(BEHIND[attacker])
        if back is not None and not back.rested and "boost" in game.cards[back.card].skills:
            total += zones.power(game, back)
        return total

    def line(a):
        attacker = a.args[0]
        if attacker not in totals:
            totals[attacker] = strength(attacker)
        return totals[attacker]
    return max(finalists, key=line)     # the first of the strongest, as over every action's (rank, power)


def _guard(game, d, options, spans):
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


def _unit_target(game, d, actions, _):
    """Trigger bonuses: to the attacking unit in our battle, else to the vanguard."""
    state = game.state
    b = state.battle
    circles = [a.args[0] for a in actions]
    if b is not None and state.turn_player == d.player and b.attacker in circles:
        return actions[circles.index(b.attacker)]
    if "VC" in circles:
        return actions[circles.index("VC")]
    return actions[0]


def _stand(game, d, actions, _):
    p = game.state.players[d.player]
    rested = [a for a in actions if not a.args[0].startswith(("VC", "GC")) and p.unit_at(a.args[0]).rested]
    return max(rested, key=lambda a: zones.power(game, p.unit_at(a.args[0]))) if rested else actions[0]


def _first(game, d, actions, _):
    """The first option of the kind (start a battle, boost, ...): `_plan` answers it without the call."""
    return actions[0]


def _act(game, d, actions, _):
    """The first ACT worth its cost: every one, but an ACT that only makes its units lose keywords
    (`lose`) is worth it only while one of them has the keyword and could attack now."""
    layer = game.abilities
    for a in actions:
        effects = layer.specs[a.args[1]].effects
        if not effects or any(name != "lose" for name, _, _ in effects):
            return a
        ref = find_unit(game, a.args[2]) if a.args[2] else None
        if ref is None:
            continue
        _, circle, unit = ref
        if circle in FRONT_ROW and not unit.rested and any(has_flag(layer, game, unit, k) for _, k, _ in effects):
            return a
    return None


def _ability_card(game, d, actions, _):
    """Cards an ability takes from the deck (a superior call): first a card whose own ability is
    triggered by being placed there from the deck (`from_zone: deck`, like Swift Owl's Ritual,
    CR 11.18) — a player calls the card that profits from the call. Otherwise no preference here:
    the first option, as before (None)."""
    deck = game.state.players[d.player].deck
    for a in actions:
        if a.args and isinstance(a.args[1], int) and a.args[1] in deck and _placed_from_deck(game, a.args[1]):
            return a
    return None


def _placed_from_deck(game, inst) -> bool:
    """The card has an AUTO played when it is placed on a circle from the deck."""
    if game.abilities is None:
        return False
    by_timing = game.abilities.auto.get(game.cards[inst].id, {})
    return any(("from_zone", "deck") in spec.conditions
               for timing in ("when_placed", "when_placed_on_R") for spec in by_timing.get(timing, ()))


def _empty_circle(game, d, actions, _):
    """An ability calls a card: an empty circle, the back row first (boosters), else the first."""
    circles = game.state.players[d.player].circles
    empty = [a for a in actions if a.args and circles.get(a.args[0], 0) is None]
    back = [a for a in empty if a.args[0] in BACK_ROW]
    return (back or empty or actions)[0]


_STRATEGIES = {
    "redraw": _redraw, "g_assist_search": _first, "g_assist": _g_assist, "g_assist_remove_hand": _remove,
    "g_assist_remove_g_zone": _remove, "ride": _ride, "stride": _stride,
    "ultimate_stride": _ultimate_stride,
    "hand_grades_total": _grades_total,
    "normal_call": _call, "battle": _first, "attack": _attack, "boost": _first, "guard": _guard,
    "intercept": _guard, "g_guardian": _guard, "power": _unit_target, "critical": _unit_target,
    "stand": _stand, "heal": _first, "ride_from_soul": _first,
    "act": _act, "ability_circle": _empty_circle, "ability_card": _ability_card,   # card abilities: every ACT it can pay for (`_act`)
}
# strategies that read every kind's options (all of them, and the spans), not the options of the kind asked:
# one answer a decision
_WHOLE_DECISION = frozenset({_guard})
_PRIORITY = ("redraw", "g_assist_search", "g_assist", "g_assist_remove_hand", "g_assist_remove_g_zone", "ride",
             "ultimate_stride", "stride", "hand_grades_total", "normal_call", "act", "battle", "attack", "boost", "intercept", "guard", "g_guardian", "power", "critical", "stand", "heal", "ride_from_soul",
             "ability_circle", "ability_card")
