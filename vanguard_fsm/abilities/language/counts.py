"""Counts: numbers an ability reads off the board ("for each", "N or more", GB, CR 11.12).

A count expression may stand wherever a card's number may (an effect's amount,
either side of `compare`)::

    3                                          # a plain number
    {count: your_rear_guards}                  # how many units a target selector gives
    {count: your_drop, name: Some Card}        # how many cards of a zone pass the filters
    {count: opponent_damage}
    {count: your_rear_guards, other: true, times: 2000}   # "+2000 for each of your other rear-guards"
    {count: your_face_up_g_zone, max: 3}       # at most 3 of them count
    {count: your_revealed, distinct: grade}    # how many different grades among them
    {count: your_rear_guards, plus: 2}         # two more than you have ("2 or more fewer than ...")

`count:` names a card zone registered here (`names card_zones`) or a target
selector (`names target_selectors`); the other keys are target filters, `times`
(a multiplier), `max` (a cap, applied before `times`), `distinct` (count the
different values of `grade` or `name` among the cards that pass, not the cards) and `plus` (a whole
number added last, signed: "your rear-guards are two or more fewer than your opponent's" is
`{compare: [{count: your_rear_guards, plus: 2}, at_most, {count: opponent_rear_guards}]}`). Counts are read when
they are needed: a CONT ability's at every look, an effect's when it resolves
(CR 8.5.4), a condition's when it is checked.
"""
from __future__ import annotations

from .registry import ABILITIES

COUNT_KEYS = ("count", "times", "max", "distinct", "plus")
# `distinct:` what makes two cards different ("four or more different grades")
DISTINCT = {"grade": lambda card: card.grade, "name": lambda card: card.name}
# `compare` operators: written as words (YAML cannot start a plain scalar with `>`)
OPERATORS = {
    "at_least": lambda a, b: a >= b, "at_most": lambda a, b: a <= b,
    "more_than": lambda a, b: a > b, "less_than": lambda a, b: a < b,
    "equal_to": lambda a, b: a == b, "not_equal_to": lambda a, b: a != b,
}


def value(game, ctx, expr) -> int:
    """The number a count expression stands for now."""
    if type(expr) is int:
        return expr
    _, selector, source, filters, key, cap, times, plus = _plan_of(expr)
    found = source(game, ctx)
    if key is None and not filters:      # how many, nothing to read of each (a circle source is counted so)
        n = len(found)
    elif key is not None:
        n = len({key(card) for card in _passing(game, ctx, selector, found, filters)})
    else:
        n = len(_passing(game, ctx, selector, found, filters))
    if cap is not None:
        n = min(n, cap)
    return n * times + plus


def at_least_one(game, ctx, expr) -> bool:
    """`value(game, ctx, expr) >= 1`; a plain filtered count ("if you have a card named X in your
    soul") stops at the first card that passes instead of counting them all."""
    if type(expr) is int:
        return expr >= 1
    _, selector, source, filters, key, cap, times, plus = _plan_of(expr)
    if key is not None or times != 1 or plus != 0 or (cap is not None and cap < 1):
        return value(game, ctx, expr) >= 1
    return bool(_passing(game, ctx, selector, source(game, ctx), filters, True))


def _passing(game, ctx, selector, found, checks, first=False) -> list:
    """The cards of `found` (units from a selector, else instances) that pass the filters' `checks`
    ((entry, argument), ...: `filters.passes` written out with the entries looked up once per
    expression), in order; `first`: only the first of them. A plain loop and a list (a CONT ability's
    count is read at every look at a power: a call per card, or two generators' frames, cost more)."""
    cards = game.cards
    out = []
    unit = None
    for x in found:
        if selector:
            unit = x[2]
            x = unit.card
        card = cards[x]
        for entry, arg in checks:
            if not (entry.fn(game, arg, card, unit, ctx, x) if entry.by_instance else
                    entry.fn(game, arg, card, unit, ctx)):
                break
        else:
            out.append(card)
            if first:
                break
    return out


# id(expr) -> (expr, is a selector, its function, its filters' (registry entry, arg) pairs, distinct
# key, max, times, plus): what `value` reads of a count expression, worked out once per expression
# (card data is frozen; registered names never change meaning), not at every look
_PLANS: dict[int, tuple] = {}
_PLANS_KEPT = 4096


def _plan_of(expr) -> tuple:
    plan = _PLANS.get(id(expr))
    return plan if plan is not None and plan[0] is expr else _plan(expr)


def _plan(expr) -> tuple:
    if len(_PLANS) >= _PLANS_KEPT:     # expressions of card files loaded again: start over
        _PLANS.clear()
    source = expr["count"]
    selector = source in ABILITIES.selectors
    fn = ABILITIES.selectors[source].fn if selector else ABILITIES.zones[source].fn
    filters = ABILITIES.kept_filters
    plan = _PLANS[id(expr)] = (
        expr, selector, fn, tuple((filters[k], v) for k, v in expr.items() if k not in COUNT_KEYS),
        DISTINCT[expr["distinct"]] if "distinct" in expr else None, expr.get("max"), expr.get("times", 1),
        expr.get("plus", 0))
    return plan


def compare(game, ctx, left, op, right) -> bool:
    if type(right) is int and (op, right) in _NONE_OR_SOME and type(left) is not int:
        _, selector, source, filters, key, cap, times, plus = _plan_of(left)
        if key is None and cap is None and times == 1 and plus == 0:    # the count is of cards, >= 0
            some = bool(_passing(game, ctx, selector, source(game, ctx), filters, True))
            return some is _NONE_OR_SOME[op, right]
    return OPERATORS[op](value(game, ctx, left), value(game, ctx, right))


# comparisons of a plain count that only ask whether one card passes (True: "some", False: "none"), so
# the first card that passes decides ("without another Kagero unit": Dragonic Overlord's CONT, read at
# every look at his power); the others count the cards
_NONE_OR_SOME = {("equal_to", 0): False, ("at_most", 0): False, ("less_than", 1): False,
                 ("at_least", 1): True, ("more_than", 0): True, ("not_equal_to", 0): True}


# -- card zones: fn(game, ctx) -> instances ----------------------------------------

def g_units_face_up(game, seat) -> list:
    """Face-up G units in the G zone and on VC: what Generation Break counts (CR 11.12.1)."""
    p = game.state.players[seat]
    out = [i for i in p.g_zone if i in p.g_face_up]
    v = p.circles["VC"]
    if v is not None and game.cards[v.card].unit == "g_unit":
        out.append(v.card)
    return out


def _zone(attr, which=None):
    def cards(game, seat):
        p = game.state.players[seat]
        got = getattr(p, attr)
        if which is None:
            return list(got)
        hidden = p.face_down if attr == "damage" else None
        if attr == "damage":
            return [i for i in got if (i not in hidden) == (which == "up")]
        return [i for i in got if (i in p.g_face_up) == (which == "up")]
    return cards


def _soul(game, seat):
    """The soul; the heart cards under a G unit are not in the soul (CR 10.27)."""
    return list(game.state.players[seat].soul)


def _vanguard_circle(game, seat):
    """Every card on VC: the vanguard, a legion mate, the heart cards under a G unit (CR 10.27)."""
    v = game.state.players[seat].circles["VC"]
    if v is None:
        return []
    return [v.card] + ([v.heart] if v.heart is not None else []) + ([v.mate.card] if v.mate is not None else [])


ZONES = (
    ("hand", _zone("hand"), "the cards in {whose} hand"),
    ("soul", _soul, "the cards in {whose} soul"),
    ("drop", _zone("drop"), "the cards in {whose} drop zone"),
    ("deck", _zone("deck"), "the cards in {whose} deck"),
    ("damage", _zone("damage"), "the cards in {whose} damage zone (CR 4.8)"),
    ("face_up_damage", _zone("damage", "up"), "the face-up cards in {whose} damage zone (what Counter Blast can pay)"),
    ("face_down_damage", _zone("damage", "down"), "the face-down cards in {whose} damage zone"),
    ("bind", _zone("bind"), "the cards in {whose} bind zone (CR 4.9)"),
    ("locked", lambda game, seat: list(game.state.players[seat].locked.values()),
     "the locked cards on {whose} circles (CR 10.22: not units)"),
    ("trigger_zone", _zone("trigger"), "the card in {whose} trigger zone: the one a drive or damage check "
                                       "is revealing (CR 4.10)"),
    ("g_zone", _zone("g_zone"), "the cards in {whose} G zone (CR 4.11)"),
    ("face_up_g_zone", _zone("g_zone", "up"), "the face-up cards in {whose} G zone (CR 4.11.3)"),
    ("face_down_g_zone", _zone("g_zone", "down"), "the face-down cards in {whose} G zone"),
    ("vanguard_circle", _vanguard_circle, "the cards on {whose} VC: the vanguard, a legion mate, the heart "
                                         "cards under a G unit (CR 10.27)"),
    ("g_units", g_units_face_up, "the face-up G units in {whose} G zone and on {whose} VC, "
                                 "as Generation Break counts them (CR 11.12.1)"),
)


def _register(name, fn, doc, mine):
    def cards(game, ctx):
        return fn(game, ctx.seat if mine else 1 - ctx.seat)
    cards.__doc__ = f"{doc}\nExample: {{compare: [{{count: {name}}}, at_least, 2]}}"
    ABILITIES.zone(name)(cards)


for _name, _fn, _doc in ZONES:
    _register(f"your_{_name}", _fn, "The" + _doc.format(whose="your")[3:] + ".", True)
    _register(f"opponent_{_name}", _fn, "The" + _doc.format(whose="your opponent's")[3:] + ".", False)

