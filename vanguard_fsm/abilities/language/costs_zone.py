"""Costs that move your cards between zones, or lock your own rear-guards (issue 28 item 2).

`costs.py` names one cost per pair of zones the first cards needed (soul blast, discard,
bind from drop ...). The real card pool pays with many more pairs ("put a card from your
hand into your damage zone", "... into your soul", "put the top two cards of your deck into
your drop zone", "bind this card from your hand", "put a damage card on the bottom of your
deck"): rather than a name per pair, `move_cards` says both zones, how many and which:
`{move_cards: {from: hand, to: damage, choose: 1, clan: Angel Feather}}`. The deck is hidden:
`from: deck` takes its top N cards, no choice and no filter (CR 10.8).

`lock_rear_guard` locks N of your own rear-guards as a cost (CR 10.22): the same locked
state as the `lock` effect (`mechanics/lock.py`); like every locked card on that player's
field they are unlocked at the end phase of their owner's turn (CR 6.8.1.1.2), so a lock
paid in your turn lasts until your own end phase.

The filter `including_self` lets the costs that take your rear-guards (`retire`,
`soul_rear_guard`, `lock_rear_guard`) choose this unit too: "choose two of your Kagero
rear-guards" counts the unit whose ability it is (without it they take only the others).
"""
from __future__ import annotations

from ...game import zones
from ...game.rules.costs import paid_by
from .choose import card_options, choose
from .costs import RearGuardsToDeckBottom, RetireRearGuards, _matching, _move_cards, each_unit
from .filters import filters_of
from .registry import ABILITIES

# the zones `move_cards` moves between (a `Player` attribute each); `deck` is its top
MOVE_ZONES = ("hand", "soul", "drop", "damage", "bind", "deck")
# the keys of a `move_cards` argument that are not filters
MOVE_KEYS = ("from", "to", "choose", "bottom")
# the costs whose pick may write `including_self`, as lint names them
SELF_INCLUDED = tuple(f"ability cost {name!r}" for name in ("retire", "soul_rear_guard", "lock_rear_guard"))


def _spec(arg) -> tuple:
    """A `move_cards` argument -> (from, to, how many, filters, under the deck)."""
    filters = tuple((k, v) for k, v in filters_of(arg) if k not in MOVE_KEYS)
    return arg["from"], arg["to"], arg.get("choose", 1), filters, bool(arg.get("bottom"))


def _cards(game, ctx, src, filters) -> list:
    """The cards a `move_cards` may take: the deck's top first; in the hand, the card whose
    ability it pays only with `this_card` (as `reveal`)."""
    cards = getattr(game.state.players[ctx.seat], src)
    if src == "deck":
        return cards[::-1]
    if src == "hand" and not any(name == "this_card" for name, _ in filters):
        cards = [i for i in cards if i != ctx.inst]
    return _matching(game, ctx, cards, filters)


@ABILITIES.cost("move_cards", "move")
class MoveCards:
    """Put N of your cards (matching the filters) from one zone into another: `from` and `to` among hand, soul, drop, damage, bind, deck (on top; `bottom: true` under it, in the order chosen). `from: deck` takes its top N cards (no filter); `from: hand` takes the card whose ability it is only with `this_card: true`.

    Example: {move_cards: {from: hand, to: damage, choose: 1, clan: Angel Feather}}"""

    @staticmethod
    def payable(game, ctx, arg):
        src, _, n, filters, _ = _spec(arg)
        return len(_cards(game, ctx, src, filters)) >= n

    @staticmethod
    def pay(game, ctx, arg, then):
        src, dst, n, filters, bottom = _spec(arg)
        cards = _cards(game, ctx, src, filters)
        if src == "deck":      # the top N, in order: nothing to choose
            _move_cards(game, ctx, cards[:n], src, dst, then, bottom)
            return
        choose(game, ctx.seat, "move_cost", card_options(game, cards), n, False,
               (_moved, (ctx, src, dst, then, bottom)), f"put {n} card(s) from your {src} into your {dst}")


def _moved(game, ctx, src, dst, then, bottom, chosen):
    _move_cards(game, ctx, chosen, src, dst, then, bottom)


@ABILITIES.cost("lock_rear_guard", "pick")
class LockRearGuards(RetireRearGuards):
    """Lock N of your other rear-guards (matching the filters; this one too with `including_self: true`) as a cost (CR 10.22): face down on their circles until your end phase unlocks them (CR 6.8.1.1.2).

    Example: {lock_rear_guard: {choose: 2, name_contains: Eradicator}}"""

    KIND, PROMPT = "lock_cost", "lock {n} of your rear-guards"

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, lambda g, c, seat, circle, unit: zones.lock(
            g, seat, circle, by=c.seat, cause="cost", **paid_by(c)))


@ABILITIES.filter("including_self", "none")
def _including_self(game, arg, card, unit, ctx):
    """In a cost that takes your rear-guards (`retire`, `soul_rear_guard`, `lock_rear_guard`): this unit may be one of those chosen (without it, only the others).
    Example: {retire: {choose: 2, clan: Kagero, including_self: true}}"""
    return True


@ABILITIES.cost("rear_guard_to_deck", "pick")
class RearGuardsToDeckTop(RearGuardsToDeckBottom):
    """Put N of your other rear-guards (matching the filters) on top of your deck; this very unit only with
    `this_card: true` ("put this unit on top of your deck": the card, no longer a unit, CR 4.1.4).

    Example: {rear_guard_to_deck: {choose: 1, this_card: true}}"""

    KIND, PROMPT = "deck_top_cost", "put {n} rear-guard(s) on top of your deck"

    @staticmethod
    def done(game, ctx, then, chosen):
        each_unit(game, ctx, then, chosen, lambda g, c, seat, circle, unit: zones.unit_to_zone(
            g, seat, circle, "deck", "cost", **paid_by(c)))
