"""The battle phase (RULES 3.3.5, CR 7): start, attack, boost, guard, drive, damage, close.

Each function is one named step of `flows/battle.yaml`; the order, the loops and
the check timings between them are in the flow, not here.
"""
from __future__ import annotations

from ..actions import Action, KeptActions
from .common import action, choice, condition
from ..state import BEHIND, FRONT_REAR, FRONT_ROW, Battle
from .. import statuses, zones
from ..board_cache import cached

# the options offered again and again (`KeptActions`), one store per kind
_ATTACKS, _BOOSTS, _GUARDS, _INTERCEPTS = (KeptActions() for _ in range(4))
# each seat's choice to attack (an immutable `Action` made of the seat alone): one (battle,) row per seat
_BATTLES = tuple((Action("battle", "battle", seat, ()),) for seat in (0, 1))


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


def _restricting(game):
    """The ability layer if a card of the game can restrict something (its `allows` may say no), else None:
    then the attack pairs ask no `allows` (most games); else only what is in its `refuses`."""
    layer = game.abilities
    return layer if layer is not None and layer.restricts else None


def _attackers(game, seat, layer):
    """Standing front-row units no restriction keeps from attacking (Lord, 'cannot attack', CR 11.8);
    `layer`: `_restricting`."""
    circles = game.state.players[seat].circles
    out = []
    for c in FRONT_ROW:     # plain loops here and below: asked at every battle start step
        unit = circles[c]
        if unit is not None and not unit.rested and (layer is None or layer.allows(game, seat, unit, "attack")):
            out.append(c)
    return out


def _targets(game, seat, layer):
    """The opponent's units on VC or a front R circle, rested or not (CR 7.4.1.5), that no effect
    says cannot be attacked (CR 7.4.1.6)."""
    circles = game.state.players[1 - seat].circles
    out = []
    for c in FRONT_ROW:
        unit = circles[c]
        if unit is not None and (layer is None or layer.allows(game, 1 - seat, unit, "be_attacked")):
            out.append(c)
    return out


def _attacks(game, seat):
    """(attacker, target) circles: each attacker with each target no effect says it cannot attack
    ("this unit cannot attack a rear-guard", CR 7.4.1.5); kept for the board's version
    (`board_cache`): the start step's and the attack step's guards and the decisions after them ask."""
    if game.reads is None:
        return _attacks_now(game, seat)
    return cached(game, ("attacks", seat), _attacks_now, game, seat)


def _attacks_now(game, seat):
    layer = by_attacker = by_target = _restricting(game)    # whom to ask (None: nothing restricts)
    if layer is not None:   # only what a card of the game can say no to (`layer.refuses`): Lord alone
        refuses = layer.refuses     # restricts only attackers, so no target nor pair is asked about
        by_attacker = layer if "attack" in refuses else None
        by_target = layer if "be_attacked" in refuses else None
        layer = layer if "attack_a" in refuses else None
    attackers = _attackers(game, seat, by_attacker)
    if not attackers:       # no attacker: the targets' restrictions need not be asked
        return ()
    targets = _targets(game, seat, by_target)
    mine, theirs = game.state.players[seat].circles, game.state.players[1 - seat].circles
    pairs = []
    for a in attackers:
        for t in targets:
            if layer is None or layer.allows(game, seat, mine[a], "attack", theirs[t]):
                pairs.append((a, t))
    return tuple(pairs)


@condition("turn_player_can_attack")
def turn_player_can_attack(game) -> bool:
    """A standing unit on VC or the front row, and something it may attack."""
    state = game.state
    seat = state.turn_player
    if _restricting(game) is not None:
        return bool(_attacks(game, seat))     # no attacker: no (attacker, target) pair
    # Nothing can restrict (most games; the start step's guards and its decision ask at every battle):
    # every standing front-row unit may attack every front-row unit of the opponent, so there is a
    # pair when there is one of each; no pair list is built (`_attacks_now` with no `allows`).
    mine, theirs = state.players[seat].circles, state.players[1 - seat].circles
    for c in FRONT_ROW:
        unit = mine[c]
        if unit is not None and not unit.rested:
            break
    else:
        return False
    for c in FRONT_ROW:     # (VC first: a vanguard is nearly always there)
        if theirs[c] is not None:
            return True
    return False


def battle_legal(game, seat):
    """Choose to attack (CR 7.3.1.2), not when no attack can take place (CR 7.3.1.3). The start
    step's guards in flows/battle.yaml say when the battle phase ends (the first turn, no attacker);
    this keeps a flow without them from offering attacks that go straight to the close step forever."""
    return _BATTLES[seat] if turn_player_can_attack(game) else []


choice("battle", battle_legal, None)     # no apply: the flow moves on to the attack step


def attack_legal(game, seat):
    """Attacker: a standing unit on VC or front row; target: an opponent's front-row unit."""
    kept = _ATTACKS.get
    actions = []
    for a, t in _attacks(game, seat):     # a plain loop, no comprehension: asked at every attack step
        key = (seat, a, t)
        actions.append(kept(key) or _ATTACKS.new(key, f"attack:{a}->{t}", "attack", seat, (a, t)))
    return actions


def attack_apply(game, act) -> None:
    begin_attack(game, act.player, *act.args)


def begin_attack(game, seat, attacker, target, more=(), **extra) -> None:
    """`attacker` attacks `target` (and the circles `more`, CR 7.4.1.8.5): it rests (a legion: both),
    the battle begins and counts. A CONT 'this unit battles ...' of the attacker adds its units now, as
    the attack is declared (CR 7.4.1.8.4). The trace's `targets` lists every attacked circle when there are several."""
    state = game.state
    unit = state.players[seat].circles[attacker]
    layer = game.abilities
    battled = layer.battled_by(game, seat, unit) if layer is not None else ()
    if battled:     # most attacks: no CONT adds a unit, nothing to add to `more`
        more = tuple(more) + tuple(c for c in battled if c != target and c not in more)
    unit.rested = True
    if unit.legion():   # both rest and both are the attacking unit (CR 10.25.5)
        unit.mate.rested = True
    b = state.battle
    state.battle_count += 1     # a battle begins: it counts (CR 7.1.2.1)
    them = state.players[1 - seat]
    b.set_attack(state, seat, attacker, target)
    b.target_is_vanguard = target == "VC"
    if more:
        b.more = tuple((c, them.circles[c].placed) for c in more)
        b.target_is_vanguard = b.target_is_vanguard or "VC" in more   # CR 7.1.2.2: "includes a vanguard"
        extra["targets"] = [target, *more]
    if game.hooks.event_subs["attack"]:
        game.emit("attack", player=seat, battle=state.battle_count, attacker=attacker,
                  card=game.cards[unit.card].id, target=target, **extra)


def add_attacked_units(game, circles) -> list:
    """A 'this unit battles ...' effect adds attacked units to the battle (CR 7.4.1.8.4-5, 10.20): the
    opponent's units on these circles that are not attacked yet. Returns the circles added; the
    trace event `attacked_units` lists every attacked circle then."""
    state = game.state
    b = state.battle
    if b is None or b.attacker is None:
        return []
    them = state.players[1 - state.turn_player]
    attacked = {c for c, _ in b.targets()}
    layer = game.abilities
    added = [c for c in circles if c not in attacked and them.circles[c] is not None
             and (layer is None or layer.allows(game, 1 - state.turn_player, them.circles[c], "be_attacked"))]
    if added:
        b.more += tuple((c, them.circles[c].placed) for c in added)
        b.target_is_vanguard = b.target_is_vanguard or "VC" in added
        game.emit("attacked_units", player=1 - state.turn_player, targets=[c for c, _ in b.targets()],
                  added=added)
    return added


def change_attacked_unit(game, circle: str) -> bool:
    """An effect changes the unit being attacked (CR 10.20, 7.1.2.3-7.1.2.4): the attacked player's
    unit on `circle` becomes the battle's only attacked unit. A battle where a vanguard was attacked
    becomes one where a rear-guard is (or back); guardians already called guard what they named.
    The trace's `attacked_units` lists it, with `changed_from` (the circles attacked before)."""
    state = game.state
    b = state.battle
    them = state.players[1 - state.turn_player] if state.turn_player is not None else None
    if b is None or b.attacker is None or them is None or them.circles.get(circle) is None:
        return False
    before = [c for c, _ in b.targets()]
    b.target, b.target_placed, b.more, b.hits = circle, them.circles[circle].placed, (), ()
    b.target_is_vanguard = circle == "VC"
    game.emit("attacked_units", player=them.seat, targets=[circle], changed_from=before)
    return True


choice("attack", attack_legal, attack_apply)


def boost_legal(game, seat):
    """The standing back-row unit with boost in the attacker's column (CR 7.4.1.7)."""
    b = game.state.battle
    back = BEHIND.get(b.attacker)
    unit = game.state.players[seat].circles[back] if back else None
    if unit is None or unit.rested or "boost" not in game.cards[unit.card].skills:
        return []
    attacker = game.state.players[seat].circles[b.attacker]
    layer = game.abilities      # each ask only when a card of the game can refuse it (`refuses`)
    if attacker is not None and layer is not None and layer.restricts and (
            "be_boosted" in layer.refuses and not layer.allows(game, seat, attacker, "be_boosted")
            or "boost_a" in layer.refuses and not layer.allows(game, seat, unit, "boost", attacker)):
        return []     # an effect says it cannot be boosted, or this unit cannot boost it
    actions = [_BOOSTS.get((seat, back, b.attacker))
               or _BOOSTS.new((seat, back, b.attacker), f"boost:{back}->{b.attacker}", "boost", seat, (back,))]
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
    if game.hooks.event_subs["boost"]:
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
    """The attacked unit chosen in the attack step, while it stays on its circle (CR 7.4.1.8.2)."""
    b = game.state.battle
    p = game.state.players[1 - game.state.turn_player]
    unit = p.circles[b.target]
    return unit if unit is not None and unit.placed == b.target_placed else None


def attacked_units(game) -> list:
    """Every attacked unit still on its circle, as (circle, unit), the chosen one first (CR 7.4.1.8.5)."""
    b = game.state.battle
    p = game.state.players[1 - game.state.turn_player]
    out = []
    for circle, placed in b.targets():
        unit = p.circles[circle]
        if unit is not None and unit.placed == placed:
            out.append((circle, unit))
    return out


def _guardable(game):
    """The circles a guardian may guard: the one attacked unit (not checked here: the guard step's
    transitions already did), or each attacked unit that remains (CR 7.5.1.2.2-4)."""
    b = game.state.battle
    return [c for c, _ in attacked_units(game)] if b.more else (b.target,)


def _guarded(act):
    """The attacked unit's circle an action's guardian guards: its last argument with several attacked units."""
    return act.args[-1] if len(act.args) > 1 else None


@condition("attacked_unit_remains")
def attacked_unit_remains(game) -> bool:
    """An attacked unit is still on its circle (CR 7.5, 7.7: a battle against gone units ends)."""
    return _attacked_unit(game) is not None or (bool(game.state.battle.more) and bool(attacked_units(game)))


def guard_legal(game, seat):
    """Normal call from hand to GC: grade <= your vanguard's + grade_limits.guard.max (CR 7.5.1.2.2)."""
    p = game.state.players[seat]
    cards, v = game.cards, p.circles["VC"]
    marked = bool(game.state.statuses)     # else no status forbids a guardian, nor changes a grade: the
    vg = (cards[v.card].grade if v is not None and not marked else zones.vanguard_grade(game, seat)) \
        + game.params["grade_limits"]["guard"]["max"]       # printed grade (`vanguard_grade` written out)
    forbidden = statuses.lowest_forbidden(game, seat, "no_guard_from_hand") if marked else None
    # the layer if a CONT of the game can forbid a guardian ("grade 0 units": "guard" in `refuses`), else
    # None: only then is `allows` asked (a Lord or 'cannot be boosted' of the game need not ask it)
    layer = game.abilities
    if layer is not None and "guard" not in layer.refuses:
        layer = None
    b = game.state.battle
    several = _guardable(game) if b.more else None
    kept, target = _GUARDS.get, b.target
    actions, seen = [], set()
    for i, inst in enumerate(p.hand):     # one plain loop: asked at every guard decision
        card = cards[inst]
        if card.id in seen:     # equal cards are one choice: the first of each id (`distinct`, written out)
            continue
        seen.add(card.id)
        if (card.grade > vg or card.unit == "g_unit"
                or forbidden is not None and card.grade >= forbidden
                or (layer is not None and not layer.allows(game, seat, None, "guard", inst))):
            continue
        if several is None:
            key = (seat, i, inst, target)
            actions.append(kept(key) or _GUARDS.new(key, f"guard:hand[{i}]->{target}", "guard", seat, (inst,)))
        else:   # several attacked units: the guardian's action says which one it guards (CR 7.5.1.2.2)
            actions += [Action(f"guard:hand[{i}]->{t}", "guard", seat, (inst, t)) for t in several]
    return actions


def to_gc(game, seat, inst, how, unit=None, source="hand", guarding=None):
    """Put a guardian on GC resting (CR 8.5.3.3, 4.6.5.1), guarding `guarding` (default: the attacked
    unit); an intercepting unit is moved there itself, keeping its modifiers and identity (CR 10.32.2)."""
    p = game.state.players[seat]
    if unit is None:
        unit = zones.new_unit(game, inst, rested=True)
    unit.rested = True
    unit.guarding = guarding or game.state.battle.target
    p.gc.append(unit)
    c = game.cards[inst]
    vg = zones.vanguard_grade(game, seat)
    game.emit_fields("guard", {"player": seat, "card": c.id, "grade": c.grade, "vanguard_grade": vg, "how": how,
                               "shield": c.shield or 0, "guarding": unit.guarding, "from": source})


def guard_apply(game, act) -> None:
    p = game.state.players[act.player]
    p.hand.remove(act.args[0])
    to_gc(game, act.player, act.args[0], "hand", guarding=_guarded(act))


choice("guard", guard_legal, guard_apply)


def intercept_legal(game, seat):
    """A front-row rear-guard with intercept that is not attacked, even rested (CR 11.3), unless
    an effect forbids intercepts."""
    circles = game.state.players[seat].circles
    cards = game.cards
    able = []
    for c in FRONT_REAR:     # the units with intercept first: most guard decisions have none, and ask no more
        unit = circles[c]
        if unit is not None and "intercept" in cards[unit.card].skills:
            able.append(c)
    if not able:
        return able
    b = game.state.battle
    layer = game.abilities      # asked only when a card of the game can forbid an intercept (`refuses`)
    if layer is not None and "intercept" not in layer.refuses:
        layer = None
    attacked = {c for c, _ in b.targets()} if b.more else (b.target,)   # an attacked unit does not intercept
    several = _guardable(game) if b.more else None                       # (CR 7.5.1.2.4)
    forbids = bool(game.state.statuses)     # else no status forbids an intercept
    actions = []
    for c in able:
        unit = circles[c]
        if (c in attacked
                or forbids and (statuses.seat_forbids(game, seat, "no_intercept", cards[unit.card].grade)
                                or statuses.unit_has(game, unit, "cannot_intercept"))
                or (layer is not None and not layer.allows(game, seat, unit, "intercept"))):
            continue
        if several is None:
            key = (seat, c, b.target)
            actions.append(_INTERCEPTS.get(key)
                           or _INTERCEPTS.new(key, f"intercept:{c}->{b.target}", "intercept", seat, (c,)))
        else:   # several attacked units: the action says which one it guards
            actions += [Action(f"intercept:{c}->{t}", "intercept", seat, (c, t)) for t in several]
    return actions


def intercept_apply(game, act) -> None:
    p = game.state.players[act.player]
    circle = act.args[0]
    unit, p.circles[circle] = p.circles[circle], None     # the unit leaves its circle for GC
    to_gc(game, act.player, unit.card, "intercept", unit, circle, _guarded(act))


choice("intercept", intercept_legal, intercept_apply)


# -- close step (CR 7.8) --------------------------------------------------------

@action("end_battle")
def end_battle(game) -> None:
    """'During this battle' effects and the battle statuses end (CR 7.8)."""
    for p in game.state.players:
        p.end_modifiers("battle")
    game.state.battle = None
    if game.state.statuses:     # (most battles: no status to end, no call)
        statuses.end(game, "battle")
    if game.abilities is not None:
        game.abilities.end_of(game, "battle")
