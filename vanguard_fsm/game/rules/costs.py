"""Costs, one vocabulary for the rules and for card abilities (RULES 1.5, CR 8.5.2).

A cost is written in card data as a list of items, a name or `{name: argument}`:
an ability's `cost:`, and the G unit skills' `stride: {cost: [...]}` (CR 11.11.2)
and `g_guardian: {cost: [...]}` (CR 7.5.1.2.3, 11.14.2). Every name resolves
through `COSTS`; the ability layer's `ABILITIES.costs` is this same section, so the
card abilities' costs (counter blast, soul blast ... in `abilities/language/costs.py`) and the
terms below are one vocabulary, linted at `file:line:col` by `vanguard-fsm lint`.

The terms here are the ones the rules' own calls need whether or not the ability
layer is attached (a game made by `game.factory.new_game` strides too). A cost that
takes chosen cards is written once, in the ability layer's general form with filters
(`{discard: {choose: 1, trigger: heal}}`, `{discard: {choose: 1, grade: 0}}` for a
G guardian); the older `discard_trigger` / `discard_grade` are gone and lint says what
to write instead (`abilities/language/costs.py`, `REPLACED`). Each cost is
an object with `payable(game, ctx, n)` and `pay(game, ctx, n, then)`: every cost of a
list must be payable before any is paid (CR 8.5.2.3), and `then` is the task
`(fn, args)` run once this one is paid. Choices are made one card at a time through
`game.ask`, so a pause keeps only immutable data and snapshots stay valid.
"""
from __future__ import annotations

from typing import NamedTuple

from ...machine.registry import Section, doc_paragraphs
from ..actions import Action, KeptActions
from .. import zones

COSTS = Section("ability cost")


class Term:
    """A registered cost: the same shape as the ability registry's entries (lint, reference)."""

    __slots__ = ("name", "fn", "arg", "params", "doc")

    def __init__(self, name: str, fn, arg) -> None:
        self.name, self.fn, self.arg, self.params = name, fn, arg, {}
        self.doc = next(iter(doc_paragraphs(fn.__doc__)), "")


def paid_by(ctx) -> dict:
    """A cost `put`'s trace tag (CONTRACT v2): the ability that paid it, or `for` the rules' own
    payment it is (stride, g_guardian), which names no ability."""
    return {"for": ctx.timing} if isinstance(ctx, PayContext) else {"ability": ctx.key}


def rule_cost(name: str, arg="int"):
    """Register a cost term of the rules' own (`arg`: its argument kind, or a tuple of values)."""
    def deco(cls):
        COSTS.register(name, Term(name, cls, arg), cls.__doc__ or "")
        return cls
    return deco


class PayContext(NamedTuple):
    """Whose cost is paid, for which card: the fields a cost reads (the ability layer's `Ctx` has them too)."""
    seat: int
    inst: int          # the card whose cost it is (a G unit being strode or called)
    key: str           # what is paid for, e.g. `stride:AL-017`
    timing: str = ""
    placed: int = 0    # not a unit on a circle
    origin: str | None = None


def split_item(item) -> tuple:
    """`name` or `{name: arg}` -> (name, arg)."""
    if isinstance(item, str):
        return (item, None)
    (name, arg), = item.items()
    return (name, arg)


def _term(name: str):
    fn = _TERMS.get(name)     # a registered name never changes meaning (the registry refuses a second one)
    if fn is None:
        term = COSTS.get(name)
        if term is None:
            raise LookupError(f"cost {name!r} is not registered (card costs of the ability layer need "
                              f"vanguard_fsm.abilities imported)")
        fn = _TERMS[name] = term.fn
    return fn


_TERMS: dict[str, object] = {}    # cost name -> its term, looked up once (only registered names: bounded)


def payable(game, ctx, cost) -> bool:
    """Every cost of the list can be paid now (CR 8.5.2.3): the first that cannot says no (a plain loop:
    asked for every G guardian at every guard decision)."""
    for name, arg in cost:
        if not (_TERMS.get(name) or _term(name)).payable(game, ctx, arg if arg is not None else 1):
            return False
    return True


def pay_all(game, ctx, cost, i, then) -> None:
    """Pay cost[i:], one after another, then run the task `then`."""
    if i >= len(cost):
        fn, args = then
        game.then(fn, *args)
        return
    name, arg = cost[i]
    # after the last cost, `then` itself: pay_all(cost, len) would only schedule it, one task less
    after = (pay_all, (ctx, cost, i + 1, then)) if i + 1 < len(cost) else then
    _term(name).pay(game, ctx, arg if arg is not None else 1, after)


def _discard(game, ctx, chosen, then) -> None:
    """Discard (CR 10.3): hand -> drop, each reported by a `put` with cause `cost`."""
    for inst in chosen:
        zones.put(game, ctx.seat, inst, "hand", "drop", "cost", **paid_by(ctx))
    fn, args = then
    game.then(fn, *args)


@rule_cost("hand_grades_total")
class HandGradesTotal:
    """Discard hand cards whose grades total N or more (the Stride skill's cost, CR 11.11.2); any such set, grade 0s too."""

    @staticmethod
    def payable(game, ctx, n):
        cards, total = game.cards, 0
        for i in game.state.players[ctx.seat].hand:     # a plain loop: asked for each G unit at every stride step
            total += cards[i].grade
        return total >= n

    @staticmethod
    def pay(game, ctx, n, then):
        _pick_grades(game, ctx, n, (), then)


def _pick_grades(game, ctx, need, chosen, then) -> None:
    """One card at a time; `done` once the chosen grades reach `need` (CR 8.5.2.4: any set reaching it)."""
    cards, seat = game.cards, ctx.seat
    total = 0
    for i in chosen:
        total += cards[i].grade
    kept = _GRADES.get
    actions, seen = [], set()
    for inst in game.state.players[seat].hand:     # the cards not chosen yet, the first of each id (`distinct`)
        card_id = cards[inst].id
        if inst in chosen or card_id in seen:
            continue
        seen.add(card_id)
        key = (seat, inst, card_id)
        actions.append(kept(key) or _GRADES.new(key, f"hand_grades_total:{card_id}", "hand_grades_total", seat,
                                                (inst,)))
    if total >= need:
        actions.append(_GRADES_DONE[seat])

    def resolve(g, act):
        if not act.args:
            _discard(g, ctx, chosen, then)
        else:
            _pick_grades(g, ctx, need, chosen + act.args, then)
    game.ask(ctx.seat, "hand_grades_total", actions, resolve,
             f"{ctx.key}: discard cards whose grades total {need} or more")


# the options offered again and again (`KeptActions`: each hand card's, kept by its seat, instance and card
# id, its id's text) and each seat's `done`, an immutable value
_GRADES = KeptActions()
_GRADES_DONE = tuple(Action("hand_grades_total:done", "hand_grades_total", seat, ()) for seat in (0, 1))
