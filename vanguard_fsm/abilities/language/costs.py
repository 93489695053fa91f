"""Ability costs, the `[ ]` of card text (RULES 1.5, CR 8.5.2.3, 8.6.4).

Each cost is an object with `payable(game, ctx, n)` and `pay(game, ctx, n, then)`;
all of an ability's costs must be payable before any is paid (CR 8.5.2.3), and
`then` is the task `(fn, args)` to run once this cost is paid.

A cost that takes cards or units takes a *pick*: `N`, or `{choose: N, <filters>}`
with the target filters ("discard a heal trigger" is `{discard: {choose: 1, trigger: heal}}`,
"retire a grade 1 or lower rear-guard" `{retire: {choose: 1, grade_max: 1}}`).
"""
from __future__ import annotations

from ...game import zones
from ...game.rules.costs import paid_by, pay_all, payable  # noqa: F401  (one list-paying protocol for rules and abilities)
from ...game.state import REAR_CIRCLES
from .choose import card_options, choose, unit_options
from .registry import ABILITIES
from .filters import passes
from .picks import enough as _enough, matching as _matching, picked
from .targets import candidates, find_unit


# cost names that one general form replaced: lint tells a card that still writes one what to
# write instead, at its file:line:col (name -> the general form, the old argument filled in)
REPLACED = {
    "discard_trigger": lambda arg: f"{{discard: {{choose: 1, trigger: {arg if arg is not None else 'heal'}}}}}",
    "discard_grade": lambda arg: f"{{discard: {{choose: 1, grade: {arg if arg is not None else 0}}}}}",
}


def _player(game, ctx):
    return game.state.players[ctx.seat]


def _continue(game, then, chosen=()):
    fn, args = then
    game.then(fn, *args)


def each_unit(game, ctx, then, chosen, fn) -> None:
    """`fn(game, ctx, seat, circle, unit)` for each chosen unit ((seat, placement) pairs) still on the
    field, then the cost is paid: what a cost that takes units does with them."""
    for _, placed in chosen:
        ref = find_unit(game, placed)
        if ref is not None:
            fn(game, ctx, *ref)
    _continue(game, then)


def _move_cards(game, ctx, chosen, src, dst, then, bottom=False):
    for inst in chosen:     # onto the deck: on top unless `bottom`
        zones.put(game, ctx.seat, inst, src, dst, "cost", bottom=bottom, **paid_by(ctx))
    fn, args = then
    game.then(fn, *args)


class _PickCards:
    """A cost that picks N matching cards from a zone (or units: `_options`) and does something
    with them: a subclass says which (`_cards`), the decision kind, its prompt and `done`."""

    KIND = PROMPT = ""

    @staticmethod
    def _cards(game, ctx, filters):
        raise NotImplementedError

    @staticmethod
    def _options(game, ctx, items):
        return card_options(game, items)

    @classmethod
    def payable(cls, game, ctx, arg):
        n, filters = picked(arg)
        return len(cls._cards(game, ctx, filters)) >= n

    @classmethod
    def pay(cls, game, ctx, arg, then):
        n, filters = picked(arg)
        choose(game, ctx.seat, cls.KIND, cls._options(game, ctx, cls._cards(game, ctx, filters)), n, False,
               (cls.done, (ctx, then)), cls.PROMPT.format(n=n))


@ABILITIES.cost("counter_blast", "pick")
class CounterBlast(_PickCards):
    """Counter Blast N: turn N face-up cards (matching the filters) in your damage zone face down.

    Example: {counter_blast: {choose: 3, name_contains: Deletor}}"""

    KIND, PROMPT = "counter_blast", "counter blast {n}: choose face-up damage"

    @staticmethod
    def _cards(game, ctx, filters):
        p = _player(game, ctx)
        return _matching(game, ctx, [i for i in p.damage if i not in p.face_down], filters)

    @staticmethod
    def payable(game, ctx, arg):
        """`_cards`, counted only until there are enough, with no list: asked for every ACT ability with
        a Counter Blast at each main phase decision."""
        n, filters = picked(arg)
        p = game.state.players[ctx.seat]
        return _enough(game, ctx, p.damage, p.face_down, filters, n)

    @staticmethod
    def done(game, ctx, then, chosen):
        for inst in chosen:
            zones.turn_over(game, ctx.seat, inst, "down", "cost", **paid_by(ctx))
        _continue(game, then)


class CardsToZone:
    """A cost paid by putting N chosen cards of one of your zones into another."""

    def __init__(self, kind: str, src: str, dst: str, label: str, doc: str, spare_self: bool = False,
                 bottom: bool = False) -> None:
        self.kind, self.src, self.dst, self.label, self.spare_self = kind, src, dst, label, spare_self
        self.bottom = bottom     # into the deck: under it, in the order chosen
        self.__doc__ = doc

    def _source(self, game, ctx):
        """The cards of the zone paid from, but the ability's own card when `spare_self` (spared)."""
        cards = getattr(_player(game, ctx), self.src)
        return [i for i in cards if i != ctx.inst] if self.spare_self else cards

    def _cards(self, game, ctx, filters):
        return _matching(game, ctx, self._source(game, ctx), filters)

    def payable(self, game, ctx, arg):
        """`_cards`, counted only until there are enough, the zone read here: asked for each G guardian
        at every guard decision."""
        n, filters = picked(arg)
        zone = getattr(game.state.players[ctx.seat], self.src)
        return _enough(game, ctx, zone, (ctx.inst,) if self.spare_self else (), filters, n)

    def pay(self, game, ctx, arg, then):
        n, filters = picked(arg)
        choose(game, ctx.seat, self.kind, card_options(game, self._cards(game, ctx, filters)), n, False,
               (_move_cards_done, (ctx, self.src, self.dst, then, self.bottom)), self.label.format(n=n))


def _move_cards_done(game, ctx, src, dst, then, bottom, chosen):
    _move_cards(game, ctx, chosen, src, dst, then, bottom)


# name, from, to, prompt, doc, spare the paying card itself, onto the deck: under it
for _name, _src, _dst, _label, _doc, _spare, _bottom in (
        ("soul_blast", "soul", "drop", "soul blast {n}",
         "Soul Blast N: put N cards (matching the filters) from your soul into your drop zone (CR 10.17).\n"
         "Example: {soul_blast: {choose: 1, name: Some Card}}", False, False),
        ("discard", "hand", "drop", "discard {n}",
         "Discard N: put N cards (matching the filters) from your hand into your drop zone (CR 10.3).\n"
         "Example: {discard: {choose: 1, trigger: heal}}", True, False),
        ("drop_to_deck", "drop", "deck", "put {n} drop cards on your deck",
         "Put N cards from your drop zone on top of your deck (the Seek Mate cost, CR 11.10.2).\n"
         "Example: {drop_to_deck: 4}", False, False),
        ("drop_to_deck_bottom", "drop", "deck", "put {n} drop cards on the bottom of your deck",
         "Put N cards (matching the filters) from your drop zone on the bottom of your deck.\n"
         "Example: {drop_to_deck_bottom: {choose: 5, not_trigger: true, name_contains: Musketeer}}", False, True),
        ("hand_to_deck", "hand", "deck", "put {n} hand cards on your deck",
         "Put N cards (matching the filters) from your hand on top of your deck; `this_card: true` for the card "
         "whose ability it pays (a hand ACT's \"put this card on top of your deck\", CR 4.1.4).\n"
         "Example: {hand_to_deck: {choose: 1, this_card: true}}", False, False),
        ("bind_from_drop", "drop", "bind", "bind {n} drop cards",
         "Bind N cards (matching the filters) from your drop zone (CR 10.19, 4.9).\n"
         "Example: {bind_from_drop: {choose: 2, grade: 3}}", False, False),
        ("bind_from_soul", "soul", "bind", "bind {n} soul cards",
         "Bind N cards (matching the filters) from your soul (CR 10.19, 4.9).\n"
         "Example: {bind_from_soul: 1}", False, False),
        ("soul_from_bind", "bind", "soul", "put {n} bound cards into your soul",
         "Put N cards (matching the filters) from your bind zone into your soul (CR 4.9); `this_card: true` for "
         "the card whose ability it pays.\nExample: {soul_from_bind: {choose: 1, this_card: true}}", False, False)):
    ABILITIES.cost(_name, "pick")(CardsToZone(_name, _src, _dst, _label, _doc, _spare, _bottom))


@ABILITIES.cost("rest_self", "none")
class RestSelf:
    """Rest this unit (it must be standing)."""

    @staticmethod
    def payable(game, ctx, n):
        ref = find_unit(game, ctx.placed, ctx.seat)
        return ref is not None and not ref[2].rested

    @staticmethod
    def pay(game, ctx, n, then):
        seat, where, unit = find_unit(game, ctx.placed, ctx.seat)
        zones.set_rested(game, seat, unit, True)
        _continue(game, then)


class _ThisRearGuard:
    """A cost paid with this unit itself, which must be a rear-guard on the field."""

    @staticmethod
    def payable(game, ctx, n):
        ref = find_unit(game, ctx.placed, ctx.seat)
        return ref is not None and ref[1] in REAR_CIRCLES


@ABILITIES.cost("soul_self", "none")
class SoulSelf(_ThisRearGuard):
    """Put this unit (a rear-guard) into your soul."""

    @staticmethod
    def pay(game, ctx, n, then):
        _to_soul(game, ctx, *find_unit(game, ctx.placed, ctx.seat))
        _continue(game, then)


@ABILITIES.cost("retire_self", "none")
class RetireSelf(_ThisRearGuard):
    """Retire this unit (a rear-guard) as a cost (CR 10.4).

    Example: cost: [retire_self]"""

    @staticmethod
    def pay(game, ctx, n, then):
        seat, circle, _ = find_unit(game, ctx.placed, ctx.seat)
        zones.retire(game, seat, circle)
        _continue(game, then)


@ABILITIES.cost("heart_to_deck_bottom", "none")
class HeartToDeckBottom:
    """Put your vanguard's heart card on the bottom of your deck (CR 10.27.5.2: the G unit loses the
    name and power it had from it; at the end phase no heart is vanguard again, and with no vanguard
    the rule action rides from the soul, CR 9.5). Not payable over a legion (two heart cards).

    Example: cost: [{counter_blast: 2}, heart_to_deck_bottom]"""

    @staticmethod
    def payable(game, ctx, n):
        v = _player(game, ctx).circles["VC"]
        return v is not None and v.heart is not None and v.mate is None

    @staticmethod
    def pay(game, ctx, n, then):
        p = _player(game, ctx)
        v = p.circles["VC"]
        card, v.heart = v.heart, None
        p.deck.insert(0, card)
        game.emit("put", player=ctx.seat, card=game.cards[card].id, **{"from": "VC"}, to="deck", cause="cost",
                  bottom=True, **paid_by(ctx))
        zones.arrived(game, ctx.seat, card, "VC", "deck")
        _continue(game, then)


@ABILITIES.cost("retire", "pick")
class RetireRearGuards(_PickCards):
    """Retire N of your other rear-guards (matching the filters; this one too with `including_self: true`, CR 10.4).

    Example: {retire: {choose: 1, grade_max: 1}}"""

    KIND, PROMPT = "retire_cost", "retire {n}"

    @staticmethod
    def _options(game, ctx, refs):   # units, not cards
        return unit_options(game, refs, ctx.seat)

    @staticmethod
    def _cards(game, ctx, filters):
        p, cards = _player(game, ctx), game.cards
        spare = None if any(name == "including_self" for name, _ in filters) else ctx.placed   # costs_zone.py
        return [(ctx.seat, c, p.circles[c]) for c in REAR_CIRCLES
                if p.circles[c] is not None and p.circles[c].placed != spare
                and passes(game, ctx, filters, cards[p.circles[c].card], p.circles[c])]

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, lambda g, c, seat, circle, unit: zones.retire(g, seat, circle))


@ABILITIES.cost("soul_rear_guard", "pick")
class SoulRearGuards(RetireRearGuards):
    """Put N of your other rear-guards (matching the filters; this one too with `including_self: true`) into your soul.

    Example: {soul_rear_guard: 1}"""

    KIND, PROMPT = "soul_cost", "put {n} into your soul"

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, _to_soul)


@ABILITIES.cost("rear_guard_to_deck_bottom", "pick")
class RearGuardsToDeckBottom(RetireRearGuards):
    """Put N of your other rear-guards (matching the filters) on the bottom of your deck; this very unit
    only with `this_card: true` ("put this rear-guard on the bottom of your deck", as for `hand_to_deck`).

    Example: {rear_guard_to_deck_bottom: {choose: 1, this_card: true}}"""

    KIND, PROMPT = "deck_bottom_cost", "put {n} rear-guard(s) on the bottom of your deck"

    @staticmethod
    def _cards(game, ctx, filters):
        if not any(name == "this_card" for name, _ in filters):
            return RetireRearGuards._cards(game, ctx, filters)
        ref = find_unit(game, ctx.placed, ctx.seat)     # itself, where the other-rear-guard costs leave it out
        ok = ref is not None and ref[0] == ctx.seat and ref[1] in REAR_CIRCLES
        return [ref] if ok and passes(game, ctx, filters, game.cards[ref[2].card], ref[2]) else []

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, lambda g, c, seat, circle, unit: zones.unit_to_zone(
            g, seat, circle, "deck", "cost", bottom=True, **paid_by(c)))


def _to_soul(game, ctx, seat, circle, unit) -> None:
    p = game.state.players[seat]
    p.circles[circle] = None
    p.soul.append(unit.card)
    game.emit("put", player=seat, card=game.cards[unit.card].id, **{"from": circle}, to="soul", cause="cost",
              **paid_by(ctx))
    zones.arrived(game, seat, unit.card, circle, "soul")


@ABILITIES.cost("g_face_up", "pick")
class GZoneFaceUp(_PickCards):
    """Turn N face-down cards (matching the filters) of your G zone face up (CR 10.13, 4.11.3).

    Example: {g_face_up: {choose: 1, same_name_as: self}}"""

    KIND, PROMPT = "g_face_up", "turn {n} G zone card(s) face up"

    @staticmethod
    def _cards(game, ctx, filters):
        p = _player(game, ctx)
        return _matching(game, ctx, [i for i in p.g_zone if i not in p.g_face_up], filters)

    @staticmethod
    def done(game, ctx, then, chosen):
        for inst in chosen:
            zones.turn_over(game, ctx.seat, inst, "up", "cost", zone="g_zone", **paid_by(ctx))
        _continue(game, then)


@ABILITIES.cost("g_persona_blast", "none")
class GPersonaBlast:
    """G persona blast: turn one face-down card with this unit's name in your G zone face up (CR 10.13).

    Example: cost: [g_persona_blast]   (the same as {g_face_up: {choose: 1, same_name_as: self}})"""

    PICK = {"choose": 1, "same_name_as": "self"}

    @classmethod
    def payable(cls, game, ctx, arg):
        return GZoneFaceUp.payable(game, ctx, cls.PICK)

    @classmethod
    def pay(cls, game, ctx, arg, then):
        GZoneFaceUp.pay(game, ctx, cls.PICK, then)


@ABILITIES.cost("reveal", "pick")
class RevealFromHand(_PickCards):
    """Reveal N cards (matching the filters) from your hand; they stay there (CR 10.9.1.1, 10.9.1.3); the
    card whose ability it pays only with `this_card: true` (a hand ACT's "reveal this card").

    Example: {reveal: {choose: 1, grade: 3}}"""

    KIND, PROMPT = "reveal", "reveal {n} card(s) from your hand"

    @staticmethod
    def _cards(game, ctx, filters):
        hand = _player(game, ctx).hand
        mine = any(name == "this_card" for name, _ in filters)   # "reveal this card": itself, by that filter
        return _matching(game, ctx, hand if mine else [i for i in hand if i != ctx.inst], filters)

    @staticmethod
    def done(game, ctx, then, chosen):
        zones.reveal(game, ctx.seat, chosen, "hand", "cost", **paid_by(ctx))
        _continue(game, then)


@ABILITIES.cost("rest", "target")
class RestUnits:
    """Rest N of your standing units chosen by a target (`from` a selector of yours, filters; all of
    them without `choose`), e.g. "rest your grade 2 or greater Kagero vanguard" (CR 8.5.2.3).

    Example: {rest: {from: your_vanguard, choose: 1, grade_min: 2, clan: Kagero}}"""

    @staticmethod
    def _units(game, ctx, arg):
        units, n, _ = candidates(game, ctx, arg)
        units = [r for r in units if r[0] == ctx.seat and not r[2].rested]   # a cost takes only your own
        return units, (len(units) if n is None else n)

    @classmethod
    def payable(cls, game, ctx, arg):
        units, n = cls._units(game, ctx, arg)
        return n >= 1 and len(units) >= n

    @classmethod
    def pay(cls, game, ctx, arg, then):
        units, n = cls._units(game, ctx, arg)
        choose(game, ctx.seat, "rest_cost", unit_options(game, units, ctx.seat), n, False,
               (cls.done, (ctx, then)), f"rest {n}")

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, lambda g, c, seat, circle, unit: zones.set_rested(g, seat, unit, True))
