"""Ability costs, the `[ ]` of card text (RULES 1.5, CR 8.5.2.3, 8.6.4).

Each cost is an object with `payable(game, ctx, n)` and `pay(game, ctx, n, then)`;
all of an ability's costs must be payable before any is paid (CR 8.5.2.3), and
`then` is the task `(fn, args)` to run once this cost is paid.
"""
from __future__ import annotations

from ..game import zones
from ..game.state import REAR_CIRCLES
from .choose import card_options, choose, unit_options
from .registry import ABILITIES
from .targets import find_unit


def _player(game, ctx):
    return game.state.players[ctx.seat]


def _continue(game, then, chosen=()):
    fn, args = then
    game.then(fn, *args)


def _move_cards(game, seat, chosen, src, dst, then):
    for inst in chosen:
        zones.put(game, seat, inst, src, dst, "cost")     # onto the deck: on top
    fn, args = then
    game.then(fn, *args)


@ABILITIES.cost("counter_blast")
class CounterBlast:
    """Counter Blast N: turn N face-up cards in your damage zone face down."""

    @staticmethod
    def payable(game, ctx, n):
        p = _player(game, ctx)
        return sum(1 for i in p.damage if i not in p.face_down) >= n

    @staticmethod
    def pay(game, ctx, n, then):
        p = _player(game, ctx)
        options = card_options(game, [i for i in p.damage if i not in p.face_down])
        choose(game, ctx.seat, "counter_blast", options, n, False, (_flip_down, (ctx.seat, then)),
               f"counter blast {n}: choose face-up damage")


def _flip_down(game, seat, then, chosen):
    for inst in chosen:
        zones.turn_over(game, seat, inst, "down", "cost")
    _continue(game, then)


class CardsToZone:
    """A cost paid by putting N chosen cards of one of your zones into another."""

    def __init__(self, kind: str, src: str, dst: str, label: str, doc: str, spare_self: bool = False) -> None:
        self.kind, self.src, self.dst, self.label, self.spare_self = kind, src, dst, label, spare_self
        self.__doc__ = doc

    def _cards(self, game, ctx):
        cards = getattr(_player(game, ctx), self.src)
        return [i for i in cards if i != ctx.inst] if self.spare_self else cards

    def payable(self, game, ctx, n):
        return len(self._cards(game, ctx)) >= n

    def pay(self, game, ctx, n, then):
        choose(game, ctx.seat, self.kind, card_options(game, self._cards(game, ctx)), n, False,
               (_move_cards_done, (ctx.seat, self.src, self.dst, then)), self.label.format(n=n))


def _move_cards_done(game, seat, src, dst, then, chosen):
    _move_cards(game, seat, chosen, src, dst, then)


for _name, _src, _dst, _label, _doc, _spare in (
        ("soul_blast", "soul", "drop", "soul blast {n}",
         "Soul Blast N: put N cards from your soul into your drop zone.", False),
        ("discard", "hand", "drop", "discard {n}",
         "Discard N: put N cards from your hand into your drop zone.", True),
        ("drop_to_deck", "drop", "deck", "put {n} drop cards on your deck",
         "Put N cards from your drop zone on top of your deck (the Seek Mate cost, CR 11.10.2).", False)):
    ABILITIES.cost(_name)(CardsToZone(_name, _src, _dst, _label, _doc, _spare))


@ABILITIES.cost("rest_self", "none")
class RestSelf:
    """Rest this unit (it must be standing)."""

    @staticmethod
    def payable(game, ctx, n):
        ref = find_unit(game, ctx.placed)
        return ref is not None and not ref[2].rested

    @staticmethod
    def pay(game, ctx, n, then):
        seat, where, unit = find_unit(game, ctx.placed)
        zones.set_rested(game, seat, unit, True)
        _continue(game, then)


@ABILITIES.cost("soul_self", "none")
class SoulSelf:
    """Put this unit (a rear-guard) into your soul."""

    @staticmethod
    def payable(game, ctx, n):
        ref = find_unit(game, ctx.placed)
        return ref is not None and ref[1] in REAR_CIRCLES

    @staticmethod
    def pay(game, ctx, n, then):
        seat, circle, unit = find_unit(game, ctx.placed)
        p = game.state.players[seat]
        p.circles[circle] = None
        p.soul.append(unit.card)
        game.emit("put", player=seat, card=game.cards[unit.card].id, **{"from": circle}, to="soul", cause="cost",
                  ability=ctx.key)
        zones.arrived(game, seat, unit.card, circle, "soul")
        _continue(game, then)


@ABILITIES.cost("retire")
class RetireRearGuards:
    """Retire N of your other rear-guards."""

    @staticmethod
    def _refs(game, ctx):
        p = _player(game, ctx)
        return [(ctx.seat, c, p.circles[c]) for c in REAR_CIRCLES
                if p.circles[c] is not None and p.circles[c].placed != ctx.placed]

    @classmethod
    def payable(cls, game, ctx, n):
        return len(cls._refs(game, ctx)) >= n

    @classmethod
    def pay(cls, game, ctx, n, then):
        options = unit_options(game, cls._refs(game, ctx), ctx.seat)
        choose(game, ctx.seat, "retire_cost", options, n, False, (_retire_done, (then,)), f"retire {n}")


def _retire_done(game, then, chosen):
    for seat, placed in chosen:
        ref = find_unit(game, placed)
        if ref is not None:
            zones.retire(game, seat, ref[1])
    _continue(game, then)


def payable(game, ctx, cost) -> bool:
    entries = ABILITIES.costs
    return all(entries[name].fn.payable(game, ctx, arg if arg is not None else 1) for name, arg in cost)


def pay_all(game, ctx, cost, i, then) -> None:
    """Pay costs[i:], one after another, then run `then`."""
    if i >= len(cost):
        _continue(game, then)
        return
    name, arg = cost[i]
    ABILITIES.costs[name].fn.pay(game, ctx, arg if arg is not None else 1, (pay_all, (ctx, cost, i + 1, then)))
