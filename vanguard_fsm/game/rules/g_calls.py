"""Stride and G guardian calls (RULES 3.3.3.2; CR 6.5.1.2, 7.5.1.2.3, 8.5.2.4, 11.11, 11.14),
one flow step each: choose the G unit, pay its card's cost, put it on its circle.

The flows say the order (`flows/turn.yaml`: `stride_step` -> `stride_pay_cost` ->
`stride_place`; `flows/battle.yaml`: `guard_step` -> `g_guardian_pay_cost` ->
`g_guardian_call`), so a designer can reorder or remove a step. Each cost is card
data: `stride: {cost: [...]}` and `g_guardian: {cost: [...]}`, written in the cost
vocabulary (`game/rules/costs.py`); a G unit without `stride` has no Stride skill and is
never strode (CR 6.5.1.2.2), one without `g_guardian` is never called as a guardian.
The G unit chosen and still to be paid for and placed is `Player.paying`.

Ultimate Stride (CR 11.42) is a Stride skill marked `ultimate: true` in the card's `stride:`:
its own decision kind `ultimate_stride` in the same stride step (offered while the G zone
holds ultimate_stride_g_face_up_min face-up cards, CR 10.28.2.1.1, and only for a G unit of
the vanguard's nation, CR 10.28.2.1), paid and placed by the same steps; when that G unit is
back in the G zone, the whole G zone is removed from the game right after (CR 10.28.6):
`zones.arrived` does it whenever it returns, and the end phase's flow step
`remove_g_zone_after_ultimate_stride` after return_g_units.

An effect may waive the cost of its player's next normal stride this turn (Dragheart, Luard's
Ritual: the seat status `stride_cost_waived`, `abilities/effects/restrictions.py`): the stride step then
offers every face-down G unit with the Stride skill, cost or not, and the pay step, where the cost
is paid (CR 8.5.2.4), pays nothing and uses the waiver up. It never applies to Ultimate Stride
(CR 11.42.3: effects that change the stride cost do not change its cost).
"""
from __future__ import annotations

from . import costs
from .. import statuses, zones
from ..actions import Action, KeptActions
from .battle import attacked_units, to_gc
from .common import action, choice, condition

WAIVED = "stride_cost_waived"    # seat status: the next normal stride this turn pays no cost
NEXT = "next"                    # its value until a stride uses it (then the G unit's card instance)


def _skill(game, seat: int, g: int, skill: str) -> tuple:
    """(card, PayContext, printed cost) of the G unit `g`'s skill, asked for every G unit at each guard
    decision: pure functions of seat, g, skill and the card, which is frozen (`Card`, its costs
    `FrozenDict`s), so kept. The entry holds the card itself and is used only for that very card (an
    identity test: another card database's card under the same key makes a new entry)."""
    card = game.cards[g]
    key = (seat, g, skill)
    found = _SKILLS.get(key)
    if found is None or found[0] is not card:
        if len(_SKILLS) > 4096:     # many card databases and games: start over
            _SKILLS.clear()
        found = _SKILLS[key] = (card, costs.PayContext(seat, g, f"{skill}:{card.id}", skill), card.skill_cost(skill))
    return found


_SKILLS: dict[tuple, tuple] = {}


def _context(game, seat: int, g: int, skill: str) -> costs.PayContext:
    return _skill(game, seat, g, skill)[1]


def _waived(game, seat: int, g: int, skill: str) -> bool:
    """A normal stride whose cost an effect waived this turn (status `stride_cost_waived`, not yet used:
    value NEXT); never an Ultimate Stride (CR 11.42.3)."""
    return (skill == "stride" and bool(game.state.statuses) and not _ultimate(game.cards[g])
            and NEXT in statuses.values(game, statuses.seat_subject(seat), WAIVED))


def _cost(game, seat: int, g: int, skill: str) -> tuple:
    return () if _waived(game, seat, g, skill) else _skill(game, seat, g, skill)[2]


def _face_down_with(game, seat: int, skill: str) -> list:
    """The face-down G zone cards with this skill, the first of each card id (equal cards are one
    choice, as `distinct` keeps them): one plain loop, no list of all of them first (asked at every
    stride step and guard decision)."""
    p = game.state.players[seat]
    cards, face_up, stride = game.cards, p.g_face_up, skill == "stride"
    out, seen = [], set()
    for g in p.g_zone:
        card = cards[g]
        if g not in face_up and (card.stride if stride else card.g_guardian) is not None and card.id not in seen:
            seen.add(card.id)
            out.append(g)
    return out


def _paid(game) -> None:
    """The chosen G unit's cost is paid; the flow's next step places it."""


def _pay(game, seat: int, skill: str) -> None:
    g = game.state.players[seat].paying
    cost = _cost(game, seat, g, skill)
    if _waived(game, seat, g, skill):      # used up by this stride: its value becomes the G unit strode
        statuses.replace(game, statuses.seat_subject(seat), WAIVED, NEXT, g)
    costs.pay_all(game, _context(game, seat, g, skill), cost, 0, (_paid, ()))


# -- stride (RULES 3.3.3.2, CR 6.5.1.2) -----------------------------------------

def _vanguards_at(game, seat: int, own_least: int, other_least: int) -> bool:
    """`seat`'s vanguard is at least grade `own_least` and the other player's at least `other_least` (the
    stride step's and every guard decision's `offer_if` ask): without a status, the printed grades
    (`vanguard_grade` written out, no call for each)."""
    state = game.state
    mine, theirs = state.players[seat].circles["VC"], state.players[1 - seat].circles["VC"]
    if state.statuses or mine is None or theirs is None:
        return zones.vanguard_grade(game, seat) >= own_least and zones.vanguard_grade(game, 1 - seat) >= other_least
    cards = game.cards
    return cards[mine.card].grade >= own_least and cards[theirs.card].grade >= other_least


@condition("both_vanguards_at_stride_grades")
def both_vanguards_at_stride_grades(game) -> bool:
    """Stride needs your vanguard at least grade stride_vanguard_grade and the opponent's at least
    stride_opponent_grade (parameters; RULES 3.3.3.2: both grade 3 or more)."""
    params = game.params
    return _vanguards_at(game, game.state.turn_player, params["stride_vanguard_grade"], params["stride_opponent_grade"])


@condition("face_down_g_unit_in_g_zone")
def face_down_g_unit_in_g_zone(game) -> bool:
    """Stride needs a face-down G unit with the Stride skill in the G zone (RULES 3.3.3.2, CR 6.5.1.2.2)."""
    p = game.state.players[game.state.turn_player]
    cards, face_up = game.cards, p.g_face_up
    for g in p.g_zone:     # the first one found will do (`_face_down_with` lists them)
        if g not in face_up and cards[g].stride is not None:
            return True
    return False


def stride_legal(game, seat):
    """Choose a face-down G unit with the Stride skill whose stride cost can be paid (CR 8.5.2.4);
    "once per turn" is the stride step's guard in flows/turn.yaml."""
    return _strides(game, seat, "stride", False, None)


def _strides(game, seat: int, kind: str, ultimate: bool, nation) -> list:
    """The `kind` options of the face-down G units with Stride whose cost can be paid or was waived
    (`_waived`: paid by nothing), Ultimate Stride's (of `nation`) or the others: one plain loop, each
    card's skill looked up once (asked at every stride step)."""
    waivable = bool(game.state.statuses)     # else no effect waived a stride cost (`_waived`)
    actions = []
    for g in _face_down_with(game, seat, "stride"):
        card, ctx, cost = _skill(game, seat, g, "stride")
        if _ultimate(card) is not ultimate or (ultimate and card.nation != nation):
            continue
        if waivable and _waived(game, seat, g, "stride") or costs.payable(game, ctx, cost):
            actions.append(Action(f"{kind}:{card.id}", kind, seat, (g,)))
    return actions


def stride_choose(game, act) -> None:
    game.state.players[act.player].paying = act.args[0]


choice("stride", stride_legal, stride_choose)


@action("pay_stride_cost")
def pay_stride_cost(game) -> None:
    """Pay the chosen G unit's stride cost, as its card says (`stride: {cost: ...}`, CR 8.5.2.4, 11.11.2)."""
    _pay(game, game.state.turn_player, "stride")


@action("stride_chosen_g_unit")
def stride_chosen_g_unit(game) -> None:
    """The chosen G unit goes onto VC face up; the old vanguard is its heart (CR 6.5.1.2.2, 8.5.1.4).
    Over a legion with two names, the player first chooses whose name and power the G unit
    takes (CR 10.27.5.1): a decision 'heart' (heart:<card id>)."""
    seat = game.state.turn_player
    v = game.state.players[seat].circles["VC"]
    cards = game.cards
    if v is not None and v.legion() and cards[v.card].name != cards[v.mate.card].name:
        options = [Action(f"heart:{cards[c].id}", "heart", seat, (c,)) for c in (v.card, v.mate.card)]
        game.ask(seat, "heart", options, lambda g, a: _place(g, seat, a.args[0]),
                 "striding on a legion: the G unit takes the name and power of which heart card?")
    else:
        _place(game, seat, None)


def _place(game, seat: int, named) -> None:
    p = game.state.players[seat]
    g = p.paying
    waived = bool(game.state.statuses) and g in statuses.values(game, statuses.seat_subject(seat), WAIVED)
    zones.stride(game, seat, g, [], named, waived)
    p.paying, p.strode = None, True
    if _ultimate(game.cards[g]):    # remembered for CR 10.28.6 (remove_g_zone_after_ultimate_stride)
        statuses.add(game, statuses.seat_subject(seat), "ultimate_strode", g, "turn")


# -- G guardian (CR 7.5.1.2.3, 11.14) --------------------------------------------

@condition("both_vanguards_at_g_guardian_grades")
def both_vanguards_at_g_guardian_grades(game) -> bool:
    """The non-turn player's vanguard is at least grade g_guardian_vanguard_grade, the turn
    player's at least g_guardian_opponent_grade (parameters; CR 7.5.1.2.3: both grade 3)."""
    params = game.params
    return _vanguards_at(game, 1 - game.state.turn_player, params["g_guardian_vanguard_grade"],
                         params["g_guardian_opponent_grade"])


@condition("face_up_g_guardians_within_limit")
def face_up_g_guardians_within_limit(game) -> bool:
    """The non-turn player's G zone holds at most g_guardian_face_up_max face-up cards with the
    G guardian skill (parameter; CR 7.5.1.2.3: 3 or less)."""
    p = game.state.players[1 - game.state.turn_player]
    cards, face_up = game.cards, 0
    for i in p.g_face_up:     # a plain loop: asked at every guard step
        if cards[i].g_guardian is not None:
            face_up += 1
    return face_up <= game.params["g_guardian_face_up_max"]


def g_guardian_legal(game, seat):
    """Choose a face-down G guardian whose own cost can be paid (CR 7.5.1.2.3, 11.14.2); when
    the kind is offered at all is the decision's `offer_if` in flows/battle.yaml."""
    b = game.state.battle
    several = [t for t, _ in attacked_units(game)] if b.more else None
    forbids = bool(game.state.statuses)     # else no status forbids a G guardian
    actions = []
    for g in _face_down_with(game, seat, "g_guardian"):     # one plain loop: asked at every guard decision
        card, ctx, cost = _skill(game, seat, g, "g_guardian")   # (no effect waives this cost: `_waived`)
        if forbids and statuses.seat_forbids(game, seat, "no_g_guardian", card.grade) \
                or not costs.payable(game, ctx, cost):
            continue      # an effect's restriction, or its cost cannot be paid
        if several is None:
            key = (seat, g, card.id, b.target)    # its id names the card: the card's id is part of the key
            actions.append(_G_GUARDIANS.get(key)
                           or _G_GUARDIANS.new(key, f"g_guardian:{card.id}->{b.target}", "g_guardian", seat, (g,)))
        else:   # several attacked units: the choice says which one it will guard (CR 7.5.1.2.3)
            actions += [Action(f"g_guardian:{card.id}->{t}", "g_guardian", seat, (g, t)) for t in several]
    return actions


def g_guardian_choose(game, act) -> None:
    game.state.players[act.player].paying = act.args[0]
    if len(act.args) > 1:
        game.state.battle.guard_for = act.args[1]


_G_GUARDIANS = KeptActions()    # the options offered again and again (`KeptActions`)
choice("g_guardian", g_guardian_legal, g_guardian_choose)


@action("pay_g_guardian_cost")
def pay_g_guardian_cost(game) -> None:
    """Pay the chosen G guardian's own cost, as its card says (`g_guardian: {cost: ...}`, CR 11.14.2)."""
    _pay(game, 1 - game.state.turn_player, "g_guardian")


@action("call_g_guardian")
def call_g_guardian(game) -> None:
    """The chosen G guardian is called face up to GC, guarding the attacked unit (CR 7.5.1.2.3)."""
    seat = 1 - game.state.turn_player
    p = game.state.players[seat]
    g, p.paying = p.paying, None
    p.g_zone.remove(g)
    b = game.state.battle
    guarding, b.guard_for = b.guard_for, None
    to_gc(game, seat, g, "g_guardian", source="g_zone", guarding=guarding)


# -- Ultimate Stride (CR 11.42, 10.28.2.1, 10.28.6) -------------------------------

def _ultimate(card) -> bool:
    return card.stride is not None and bool(card.stride.get("ultimate"))


@condition("g_zone_face_up_for_ultimate_stride")
def g_zone_face_up_for_ultimate_stride(game) -> bool:
    """Ultimate Stride needs at least ultimate_stride_g_face_up_min face-up cards in the turn player's
    G zone (parameter; CR 10.28.2.1.1: three), instead of both vanguards' grades (CR 10.28.2.2)."""
    p = game.state.players[game.state.turn_player]
    return len(p.g_face_up) >= game.params["ultimate_stride_g_face_up_min"]


def _vanguard_nation(game, seat: int):
    v = game.state.players[seat].circles["VC"]
    if v is None:
        return None
    return game.cards[v.heart if v.heart is not None else v.card].nation


def ultimate_stride_legal(game, seat):
    """Choose a face-down G unit with the Ultimate Stride skill (`stride: {..., ultimate: true}`) of the
    vanguard's nation (CR 10.28.2.1) whose cost can be paid; the G zone condition is the decision's
    `offer_if`, once per turn the stride step's guard."""
    return _strides(game, seat, "ultimate_stride", True, _vanguard_nation(game, seat))


choice("ultimate_stride", ultimate_stride_legal, stride_choose)


@action("remove_g_zone_after_ultimate_stride")
def remove_g_zone_after_ultimate_stride(game) -> None:
    """The end phase's G units back in the G zone (return_g_units): one placed by Ultimate Stride takes
    every card there out of the game (CR 10.28.6); a G unit returned earlier already did, at once."""
    if game.state.statuses:     # an Ultimate Stride this turn left its status `ultimate_strode` (`_place`)
        for p in game.state.players:
            zones.remove_g_zone_after_ultimate_stride(game, p.seat)
