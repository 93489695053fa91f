"""Looking at the top of your deck, and drawing where the player may stop (CR 3.13, 10.10, 10.11).

`look_top` is "look at the top N cards of your deck, choose cards from among them, put them
somewhere, and do something with the rest". Its parts compose:

- how many are looked at: N, or with `up_to: true` "up to N": the player looks one card at a time
  and may stop before each (CR 3.13.3), one decision per card, so at most N;
- which may be chosen: `pick` (`choose`, `up_to`, filters); `reveal: true` shows them to both
  players first (a `reveal` event, CR 10.9: "reveal it to your opponent, and put it into your hand");
- where they go, `to`: `hand`, `soul`, `drop`, `deck_bottom`, a superior ride (`ride`, one card) or
  a call (`call`, with the call options of every call term, `calling.py`: `separate`, `circle:
  same_column | open`, `rested`);
- where the rest go, `others`: `shuffle` (the deck is shuffled: the printed "and shuffle your
  deck"), `deck_bottom` (under the deck, no shuffle), `deck_top` (they stay on top) or `drop`. With
  `order: any` the player puts the rest under the deck one at a time in the order of their choice
  ("in any order"), each below the ones before; otherwise they go in the order they were looked at.

The deck is shuffled only when the card says so (`others: shuffle`): looking is not searching the
deck (CR 3.13.1 vs 10.10), and CR 10.11.1.1 shuffles only after a search. So "call it, and put the
rest on the bottom of your deck" keeps the deck's order below the looked-at cards.

`draw_up_to: N`: "draw up to N cards": the player draws one card at a time and may stop before
each (one decision per card, at most N), as "up to" lets a player choose any number from 0 to N.
"""
from __future__ import annotations

from typing import NamedTuple

from ...game import zones
from ..language import counts
from ..language.choose import card_options, choose
from ..language.filters import filters_of, passes
from ..language.registry import ABILITIES
from .basic import _continue, _ride_chosen
from .calling import CALL_PARAMS, call_cards, call_way

LOOK_TO = ("hand", "soul", "drop", "deck_bottom", "call", "ride")
LOOK_OTHERS = ("shuffle", "deck_bottom", "deck_top", "drop")
LOOK_PARAMS = {"pick": "cards", "to": LOOK_TO, "others": LOOK_OTHERS, "order": ("any",), "up_to": "none",
               "reveal": "none", **CALL_PARAMS}
NEXT = ("next", "next")     # the one option of a "one more?" decision; its `done` stops


class Look(NamedTuple):
    """One `look_top` item's options, kept immutable across the player's decisions."""
    count: int
    pick: tuple
    to: str
    others: str
    any_order: bool
    reveal: bool
    call: tuple


@ABILITIES.effect("look_top", "int", LOOK_PARAMS)
def look_top(game, ctx, arg, params, then, index):
    """Look at the top N cards of your deck (`up_to: true`: up to N, stopping when you like), choose among them
    (`pick`; `reveal: true` shows them) for your hand, soul, drop zone, under the deck, a superior ride
    (`to: ride`, one card) or a call (with `separate`, `circle`, `rested`); the rest are shuffled back
    (`others`, default), or go under the deck (`order: any`: in the order you choose), stay on top, or to the drop zone.

    Example: {look_top: 3, up_to: true, pick: {choose: 1, up_to: true, clan: Gold Paladin}, to: call, circle: open, rested: true, others: deck_bottom, order: any}"""
    look = Look(arg, tuple((params.get("pick") or {}).items()), params.get("to", "hand"),
                params.get("others", "shuffle"), params.get("order") == "any", bool(params.get("reveal")),
                tuple(params.items()))
    if params.get("up_to"):
        _look_further(game, ctx, then, look, ())
        return
    deck = game.state.players[ctx.seat].deck
    _pick(game, ctx, then, look, tuple(deck[max(0, len(deck) - arg):][::-1]))


def _look_further(game, ctx, then, look, seen):
    """CR 3.13.3: before each next card the player may end the looking."""
    deck = game.state.players[ctx.seat].deck
    if len(seen) >= min(look.count, len(deck)):
        _pick(game, ctx, then, look, seen)
        return
    choose(game, ctx.seat, "ability_card", (NEXT,), 1, True, (_looked_at, (ctx, then, look, seen)),
           f"{ctx.key}: look at card {len(seen) + 1} of up to {look.count}?")


def _looked_at(game, ctx, then, look, seen, chosen):
    if not chosen:
        _pick(game, ctx, then, look, seen)
        return
    deck = game.state.players[ctx.seat].deck
    _look_further(game, ctx, then, look, seen + (deck[-1 - len(seen)],))


def _pick(game, ctx, then, look, top):
    pick = dict(look.pick)
    cards = game.cards
    pool = [i for i in top if passes(game, ctx, filters_of(pick), cards[i], None, i)]
    count = 1 if look.to == "ride" else pick.get("choose", 1)
    choose(game, ctx.seat, "ability_card", card_options(game, pool), count, pick.get("up_to", True),
           (_place, (ctx, then, look, top)), f"{ctx.key}: look at the top {len(top)}")


def _place(game, ctx, then, look, top, chosen):
    """The chosen cards to `to` (a call: one circle choice each), then the rest to `others`."""
    p = game.state.players[ctx.seat]
    chosen = tuple(i for i in chosen if i in p.deck)
    if look.reveal and chosen:
        zones.reveal(game, ctx.seat, chosen, "deck", "effect", ability=ctx.key)
    rest = tuple(i for i in top if i not in chosen)
    after = (_others, (ctx, then, look, rest))
    if look.to == "call":
        call_cards(game, ctx, after, "deck", chosen, call_way(dict(look.call), shuffle=False))
        return
    if look.to == "ride":
        _ride_chosen(game, ctx, "deck", chosen)
    else:
        dst = "deck" if look.to == "deck_bottom" else look.to
        for inst in chosen:
            zones.put(game, ctx.seat, inst, "deck", dst, "effect", bottom=look.to == "deck_bottom", ability=ctx.key)
    _others(game, ctx, then, look, rest)


def _others(game, ctx, then, look, rest):
    p = game.state.players[ctx.seat]
    rest = tuple(i for i in rest if i in p.deck)
    if look.others == "shuffle":
        zones.shuffle(game, ctx.seat)
    elif look.others == "drop":
        _put_all(game, ctx, then, "drop", rest, ())
        return
    elif look.others == "deck_bottom":
        if look.any_order and len({game.cards[i].id for i in rest}) > 1:
            choose(game, ctx.seat, "ability_card", card_options(game, rest), len(rest) - 1, False,
                   (_put_all, (ctx, then, "deck_bottom", rest)), f"{ctx.key}: which card goes under the deck next")
            return
        _put_all(game, ctx, then, "deck_bottom", rest, ())
        return
    _continue(game, then)


def _put_all(game, ctx, then, where, rest, first):
    """`first` in that order, then the others of `rest` in theirs, each under the deck (or into `where`)."""
    p = game.state.players[ctx.seat]
    bottom = where == "deck_bottom"
    for inst in first + tuple(i for i in rest if i not in first):
        if inst in p.deck:
            zones.put(game, ctx.seat, inst, "deck", "deck" if bottom else where, "effect", bottom=bottom,
                      ability=ctx.key)
    _continue(game, then)


@ABILITIES.effect("draw_up_to", "count")
def draw_up_to(game, ctx, arg, params, then, index):
    """Draw up to N cards (N may be a count): one at a time, the player may stop before each.

    Example: {draw_up_to: 2}"""
    _offer_draw(game, ctx, then, counts.value(game, ctx, arg))


def _offer_draw(game, ctx, then, left):
    if left <= 0:
        _continue(game, then)
        return
    choose(game, ctx.seat, "ability_card", (("draw", "draw"),), 1, True, (_drew, (ctx, then, left)),
           f"{ctx.key}: draw a card ({left} at most)?")


def _drew(game, ctx, then, left, chosen):
    if not chosen:
        _continue(game, then)
        return
    zones.draw(game, ctx.seat)
    _offer_draw(game, ctx, then, left - 1)
