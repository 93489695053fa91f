"""Effects that branch while an ability resolves, and the deck shuffled by one (issue 19).

Printed text often decides in the middle of an effect: "if the revealed cards have four or
more different grades, you may pay the cost; if you do, you get an extra turn; then shuffle
your deck" (Interdimensional Dragon, Mystery-flare Dragon, G-TD01/001EN). Three general terms
compose it, each usable on its own:

- `{if: [conditions], then: [effects], else: [effects]}`: the conditions are checked when this
  effect resolves (CR 8.5.4: an effect reads the board as it is then); `then` resolves when all
  hold, `else` (if written) when not. Every ability condition may be used (`compare`, `has` ...).
- `{pay: [costs], then: [effects], else: [effects]}`: "you may pay the cost. If you do, ...": a
  cost paid while the effect resolves (CR 8.5.2.3: all of it payable, else nothing is asked); the
  player is asked (decision kind `ability_cost`, ids `effect_cost:pay:KEY` /
  `effect_cost:decline:KEY`), `then` resolves only if it was paid, `else` ("if not, ...") if it
  was declined or could not be paid.
- `{shuffle: you}`: the player shuffles their deck (`opponent`: the opponent's deck).

With the card zone `your_revealed` (the cards the resolving ability revealed last, `reveal_top`
and `reveal_until`) and a count's `distinct: grade`, the Mystery-flare text is::

    effect:
      - {reveal_top: 4}
      - if: [{compare: [{count: your_revealed, distinct: grade}, at_least, 4]}]
        then: [{pay: [{counter_blast: 4}], then: [{extra_turn: you}]}]
      - {shuffle: you}
"""
from __future__ import annotations

from ...game.rules import costs
from ...game import zones
from ...game.actions import Action
from ..runtime import abstate
from ..language.conditions import all_hold
from .basic import _continue, run
from ..language.registry import ABILITIES
from ..language.spec import split_effect, split_item

PLAYERS = ("you", "opponent")


def _effects(value) -> tuple:
    items = value if isinstance(value, (list, tuple)) else (value,) if value is not None else ()
    return tuple(split_effect(e) for e in items)


def _items(value) -> tuple:
    items = value if isinstance(value, (list, tuple)) else (value,)
    return tuple(split_item(i) for i in items)


@ABILITIES.effect("if", "conditions", {"then": "effects", "else": "effects"})
def if_(game, ctx, arg, params, then, index):
    """If these conditions hold now, resolve `then`; otherwise `else` (when written).

    Example: {if: [{compare: [{count: your_revealed, distinct: grade}, at_least, 4]}], then: [{draw: 1}]}"""
    branch = "then" if all_hold(game, ctx, _items(arg)) else "else"
    run(game, ctx, _effects(params.get(branch)), 0, then)


@ABILITIES.effect("pay", "costs", {"then": "effects", "else": "effects"})
def pay(game, ctx, arg, params, then, index):
    """You may pay these costs now (CR 8.5.2.3); if you do, resolve `then`; if not (or cannot), `else`.

    Example: {pay: [{counter_blast: 4}], then: [{extra_turn: you}]}"""
    cost = _items(arg)
    otherwise = _effects(params.get("else"))
    if not costs.payable(game, ctx, cost):
        run(game, ctx, otherwise, 0, then)
        return
    what = ", ".join(n if a is None else f"{n} {a}" for n, a in cost)
    actions = [Action(f"effect_cost:pay:{ctx.key}", "ability_cost", ctx.seat, (True,)),
               Action(f"effect_cost:decline:{ctx.key}", "ability_cost", ctx.seat, (False,))]
    rest = _effects(params.get("then"))

    def answer(g, act):
        if act.args[0]:
            costs.pay_all(g, ctx, cost, 0, (run, (ctx, rest, 0, then)))
        else:
            run(g, ctx, otherwise, 0, then)

    game.ask(ctx.seat, "ability_cost", actions, answer, f"{ctx.key}: pay {what}?")


@ABILITIES.effect("shuffle", PLAYERS)
def shuffle(game, ctx, arg, params, then, index):
    """Shuffle your deck (or `opponent`: your opponent's).

    Example: {shuffle: you}"""
    zones.shuffle(game, ctx.seat if arg == "you" else 1 - ctx.seat)
    _continue(game, then)


@ABILITIES.zone("your_revealed")
def your_revealed(game, ctx):
    """The cards the resolving ability revealed last (`reveal_top`, `reveal_until`), wherever they are now.
    Example: {compare: [{count: your_revealed, distinct: grade}, at_least, 4]}"""
    return list(abstate.get(game).revealed)
