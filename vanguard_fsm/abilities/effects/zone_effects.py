"""Effects that move cards and units between zones, and reveal (issue 19; CR 4.9, 10.9, 10.19).

- `put`: units on rear-guard circles go to a zone of their owner: "return it to your
  hand", "put it on the bottom of your deck", "bind it", "put it into your soul".
- `put_cards`: cards chosen from one of your zones go to another ("bind a card from
  your drop zone", "put a card from your soul on the bottom of your deck").
- `reveal_top`: reveal the top N cards of your deck (they stay there, CR 10.9.1.3);
  when one of them passes the test filters, the `then` effects resolve, and the
  passing cards may be moved (`to`). The cards revealed (by `reveal_until` too) are the
  card zone `your_revealed` for the rest of the ability ("if the revealed cards have four
  or more different grades": `{count: your_revealed, distinct: grade}`, `branches.py`).

Every movement is a trace v2 `put` (`bottom: true` under the deck) and a revealed card
a `reveal` event.
"""
from __future__ import annotations

from ...game import zones
from ...game.state import REAR_CIRCLES
from ..runtime import abstate
from ..language import counts
from ..language.choose import card_options, choose
from .basic import _card_choice, _continue, _targeted, run
from .calling import CALL_PARAMS, call_cards, call_way, column_circles
from ..language.registry import ABILITIES
from ..language.spec import split_effect
from ..language.filters import filters_of, passes

# where `to:` may send cards: a zone of the card's owner, `deck_top` / `deck_bottom` for the deck
DESTINATIONS = ("hand", "soul", "drop", "bind", "deck_top", "deck_bottom")
UNIT_DESTINATIONS = ("hand", "soul", "bind", "deck_top", "deck_bottom")


def _where(to: str) -> tuple[str, bool]:
    """A `to:` value -> (zone, on the bottom)."""
    return ("deck", to == "deck_bottom") if to.startswith("deck_") else (to, False)


def _put_unit(game, ctx, seat, circle, unit, to):
    if circle in REAR_CIRCLES:       # a vanguard or a guardian stays (no card of this era moves one so)
        dst, bottom = _where(to)
        zones.unit_to_zone(game, seat, circle, dst, "effect", bottom=bottom, ability=ctx.key)


@ABILITIES.effect("put", "target", {"to": UNIT_DESTINATIONS})
def put(game, ctx, arg, params, then, index):
    """Put the target rear-guards into their owner's hand, soul, bind zone or deck (top / bottom); default hand.

    Example: {put: {from: your_rear_guards, choose: 1}, to: deck_bottom}"""
    _targeted(game, ctx, {"target": arg}, _put_unit, (params.get("to", "hand"),), then)


def _cards_to(game, ctx, then, to, zone, chosen):
    dst, bottom = _where(to)
    p = game.state.players[ctx.seat]
    for inst in chosen:
        if inst in getattr(p, zone):
            zones.put(game, ctx.seat, inst, zone, dst, "effect", bottom=bottom, ability=ctx.key)
    if zone == "deck":
        zones.shuffle(game, ctx.seat)
    _continue(game, then)


@ABILITIES.effect("put_cards", "cards", {"to": DESTINATIONS})
def put_cards(game, ctx, arg, params, then, index):
    """Put cards chosen from one of your zones (default: drop) into another (default: bind, CR 10.19).

    Example: {put_cards: {from: drop, choose: 2, grade: 3}, to: bind}"""
    to = params.get("to", "bind")
    _card_choice(game, ctx, arg, "drop", (_cards_to, (ctx, then, to)), f"{ctx.key}: put cards into {to}")


@ABILITIES.effect("deck_to_damage", "count", {"face": ("up", "down")})
def deck_to_damage(game, ctx, arg, params, then, index):
    """The top N cards of your deck into your damage zone, face up (`face: down`: face down; N may be a count): a card put there by an effect, not a damage, so no damage check (CR 7.7, 10.15).

    Example: {deck_to_damage: 1, face: down}"""
    p = game.state.players[ctx.seat]
    for _ in range(counts.value(game, ctx, arg)):
        if not p.deck:
            break
        zones.put(game, ctx.seat, p.deck[-1], "deck", "damage", "effect", face=params.get("face", "up"),
                  ability=ctx.key)
    _continue(game, then)


@ABILITIES.effect("reveal_top", "int", {"test": "cards", "then": "effects", "else": "effects",
                                       "to": DESTINATIONS + ("call",), "others": ("drop",), **CALL_PARAMS})
def reveal_top(game, ctx, arg, params, then, index):
    """Reveal the top N cards of your deck; if one passes `test`, move those to `to` (`call`: each called, with the
    call options, no shuffle) and resolve `then`; if none does, resolve `else`. `others: drop`: the revealed cards
    that did not pass go to the drop zone.

    Example: {reveal_top: 1, test: {clan: Shadow Paladin}, to: call, else: [{shuffle: you}]}"""
    p = game.state.players[ctx.seat]
    top = p.deck[-arg:][::-1] if arg else []
    zones.reveal(game, ctx.seat, top, "deck", "effect", ability=ctx.key)
    abstate.set_revealed(game, top)
    cards = game.cards
    filters = filters_of(params.get("test") or {})
    hits = [i for i in top if passes(game, ctx, filters, cards[i], None, i)]
    if not hits:
        _others_to_drop(game, ctx, params, top)
        run(game, ctx, tuple(split_effect(e) for e in _as_list(params.get("else"))), 0, then)
        return
    to = params.get("to")
    effects = tuple(split_effect(e) for e in _as_list(params.get("then")))
    if to == "call":
        call_cards(game, ctx, (_revealed_called, (ctx, then, params.get("others"), tuple(top), effects)), "deck",
                   hits, call_way(params, shuffle=False))
        return
    if to is not None:
        dst, bottom = _where(to)
        for inst in hits:
            zones.put(game, ctx.seat, inst, "deck", dst, "effect", bottom=bottom, ability=ctx.key)
    _others_to_drop(game, ctx, params, [i for i in top if i not in hits])
    run(game, ctx, effects, 0, then)


def _revealed_called(game, ctx, then, others, top, effects):
    _others_to_drop(game, ctx, {"others": others}, top)
    run(game, ctx, effects, 0, then)


def _others_to_drop(game, ctx, params, cards):
    """`others: drop`: the revealed cards still in the deck go to the drop zone."""
    p = game.state.players[ctx.seat]
    if params.get("others") == "drop":
        for inst in cards:
            if inst in p.deck:
                zones.put(game, ctx.seat, inst, "deck", "drop", "effect", ability=ctx.key)


@ABILITIES.effect("reveal_until", "cards", {"to": ("hand", "call"), "others": ("deck_bottom", "drop", "shuffle"),
                                             "count": "int", "one_to": ("hand", "call"), **CALL_PARAMS})
def reveal_until(game, ctx, arg, params, then, index):
    """Reveal cards from the top of your deck until `count` (default 1) pass the filters: they go to your hand or are called (`to`; with `one_to`, one of them of your choice goes there first and the rest to `to`); the others go under the deck (`others`: or to the drop zone, or shuffled back).

    Example: {reveal_until: {grade: 1}, count: 2, one_to: call, to: hand, others: shuffle}"""
    p = game.state.players[ctx.seat]
    filters = filters_of(arg or {})
    wanted = max(1, params.get("count", 1))
    cards = game.cards
    shown, hits = [], []
    for inst in reversed(p.deck):
        shown.append(inst)
        if passes(game, ctx, filters, cards[inst], None, inst):
            hits.append(inst)
            if len(hits) == wanted:
                break
    zones.reveal(game, ctx.seat, shown, "deck", "effect", ability=ctx.key)
    abstate.set_revealed(game, shown)
    rest = params.get("others", "deck_bottom")
    for inst in shown:
        if inst in hits:
            continue
        if rest == "drop":
            zones.put(game, ctx.seat, inst, "deck", "drop", "effect", ability=ctx.key)
        elif rest == "deck_bottom":
            zones.put(game, ctx.seat, inst, "deck", "deck", "effect", bottom=True, ability=ctx.key)
    to, one_to, way = params.get("to", "hand"), params.get("one_to"), call_way(params, rest == "shuffle")
    if one_to is None or len(hits) < 2:
        # one hit with `one_to` goes there ("if only one is revealed, only call it")
        plan = [(inst, one_to or to) if i == 0 else (inst, to) for i, inst in enumerate(hits)]
        _place_hits(game, ctx, then, plan, way)
        return
    choose(game, ctx.seat, "ability_card", card_options(game, hits), 1, False,
           (_one_chosen, (ctx, then, hits, one_to, to, way)), f"{ctx.key}: which revealed card goes to {one_to}")


def _one_chosen(game, ctx, then, hits, one_to, to, way, chosen):
    first = chosen[0] if chosen else hits[0]
    _place_hits(game, ctx, then, [(first, one_to)] + [(i, to) for i in hits if i != first], way)


def _place_hits(game, ctx, then, plan, way, used=()):
    """The revealed matches to their places in order: the hand at once, a call after its circle is chosen
    (with the call options `way`, `calling.py`; `used`: the circles called to so far)."""
    p = game.state.players[ctx.seat]
    while plan and plan[0][1] == "hand":
        inst, _ = plan.pop(0)
        if inst in p.deck:
            zones.put(game, ctx.seat, inst, "deck", "hand", "effect", ability=ctx.key)
    if not plan:
        if way.shuffle:
            zones.shuffle(game, ctx.seat)
        _continue(game, then)
        return
    inst = plan[0][0]
    only = column_circles(game, ctx) if way.column else None
    circles = [c for c in zones.call_circles(p) if not (way.separate and c in used) and (only is None or c in only)
               and not (way.open and p.circles[c] is not None)]     # none: the card stays (no choice asked)
    choose(game, ctx.seat, "ability_circle", tuple((c, c) for c in circles), 1, False,
           (_call_hit, (ctx, then, inst, plan[1:], way, used)), f"{ctx.key}: call {game.cards[inst].id} to which circle")


def _call_hit(game, ctx, then, inst, plan, way, used, chosen):
    if chosen and inst in game.state.players[ctx.seat].deck:
        zones.call(game, ctx.seat, inst, chosen[0], normal=False, rested=way.rested, source="deck")
        used = used + (chosen[0],)
    _place_hits(game, ctx, then, list(plan), way, used)


def _as_list(value):
    if value is None:
        return ()
    return value if isinstance(value, (list, tuple)) else (value,)
