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
from ..game.state import BACK_ROW, FRONT_ROW
from . import heuristic_battle as battle


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


def _redraw(game, d, actions, _):
    """Return grade 3s when the hand has no grade 1 or 2 to ride with: the most grade 3s, the fewest
    other cards (each grade 3 returned counts +1, each other card -2; an action's cards are distinct)."""
    cards = game.cards
    grades, want = set(), []
    for i in game.state.players[d.player].hand:
        grade = cards[i].grade
        grades.add(grade)
        if grade >= 3:
            want.append(i)
    if 1 in grades and 2 in grades:
        return next(a for a in actions if not a.args)
    # the best return is exactly the grade 3s (each one more +1, any other card -2): found by its cards
    # (in hand order, as an option lists them) without a key per option, when it is offered (no more
    # grade 3s than may be returned; equal cards: the option taking every copy)
    returned = tuple(want)
    for a in actions:
        if a.args == returned:
            return a
    want = set(want)
    return _first_best(actions, [3 * len(want.intersection(a.args)) - 2 * len(a.args) for a in actions])


def _first_best(actions, keys):
    """The first of the actions whose key (in `keys`, one per action) is the greatest, as
    max(actions, key=...) gives, without a key function called from C for each action."""
    return actions[keys.index(max(keys))]


def _g_assist(game, d, actions, _):
    for a in actions:
        if a.args:
            return a
    return actions[0]


def _remove(game, d, actions, _):
    """Remove the least useful card: never the card to ride next, then the least shield."""
    want = zones.vanguard_grade(game, d.player) + 1
    cards = game.cards
    keys = [(cards[a.args[0]].grade != want, -(cards[a.args[0]].shield or 0), cards[a.args[0]].grade)
            for a in actions]     # min of (grade == want, shield, -grade): the max of the negations
    return _first_best(actions, keys)


def _ride(game, d, actions, _):
    """The highest grade; but a vanguard at the stride grade stays while an Ultimate Stride waits
    and the hand holds a card with its name (its cost, CR 11.42)."""
    keep = _ultimate_name(game, d.player)
    cards = game.cards
    if (keep is not None and zones.vanguard_grade(game, d.player) >= game.params["stride_vanguard_grade"]
            and any(cards[i].name == keep for i in game.state.players[d.player].hand)):
        return None
    return _first_best(actions, [(cards[a.args[0]].grade, cards[a.args[0]].power) for a in actions])


def _stride(game, d, actions, _):
    """The strongest G unit (its cost is paid in the next step)."""
    cards = game.cards
    return _first_best(actions, [cards[a.args[0]].power for a in actions])


def _ultimate_stride(game, d, actions, _):
    """Ultimate Stride (CR 11.42) when the opponent has at least damage_to_lose - 3 damage: the
    Zeroth Dragon finishes, and at the end of the turn the whole G zone leaves the game (CR
    10.28.6), so no stride or G guardian after it. Earlier, the normal stride (None)."""
    state = game.state
    damage = len(state.players[1 - d.player].damage)
    if damage >= game.params["damage_to_lose"][state.format] - 3:
        return _stride(game, d, actions, _)
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
    for a in actions:
        if not a.args:
            return a
    cards = game.cards
    keep = _ultimate_name(game, d.player)
    if keep is not None and sum(cards[i].name == keep for i in game.state.players[d.player].hand) > 1:
        keep = None     # a second copy may go
    return _first_best(actions, [(cards[a.args[0]].name != keep, cards[a.args[0]].grade,
                                  -(cards[a.args[0]].shield or 0)) for a in actions])


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
        ref = find_unit(game, a.args[2], d.player) if a.args[2] else None
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
    "normal_call": _call, "battle": _first, "attack": battle.attack, "boost": _first, "guard": battle.guard,
    "intercept": battle.guard, "g_guardian": battle.guard, "power": battle.unit_target, "critical": battle.unit_target,
    "stand": battle.stand, "heal": _first, "ride_from_soul": _first,
    "act": _act, "ability_circle": _empty_circle, "ability_card": _ability_card,   # card abilities: every ACT it can pay for (`_act`)
}
# strategies that read every kind's options (all of them, and the spans), not the options of the kind asked:
# one answer a decision
_WHOLE_DECISION = frozenset({battle.guard})
_PRIORITY = ("redraw", "g_assist_search", "g_assist", "g_assist_remove_hand", "g_assist_remove_g_zone", "ride",
             "ultimate_stride", "stride", "hand_grades_total", "normal_call", "act", "battle", "attack", "boost", "intercept", "guard", "g_guardian", "power", "critical", "stand", "heal", "ride_from_soul",
             "ability_circle", "ability_card")
