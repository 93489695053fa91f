"""Card abilities (RULES 1.5, CR 8): declared in card YAML, run by this layer.

The game layer knows nothing of abilities beyond the `game.abilities` slot; a
game gets them by `attach(game)`, or is built with them by
`new_game_with_abilities(...)` (same arguments as `game.factory.new_game`).
A game whose cards have no abilities is left untouched, so it runs exactly as
fast as before.
"""
from __future__ import annotations

from .effects import (basic, branches, delayed, game_end, look, moves, restrictions,  # noqa: F401
                      rule_steps, zone_effects)   # (registration)
from .language import (conditions, costs, costs_zone, counts, damage_zone, identity, matching,  # noqa: F401
                       selectors, targets)   # (registration)
from .reads import board_reads, circle_counts, turn_record, unit_reads  # noqa: F401  (registration)
from .mechanics import (also_clan, attacks, bound, cont_restrictions, deck_rules, delete,  # noqa: F401
                        harmony, lock, time_leap, unit_limits)   # (registration)
from ..game.factory import new_game
from .runtime.abstate import EMPTY
from .runtime.events import subscribe
from .runtime.layer import AbilityLayer


# card set -> (its cards, a layer built for it): the indexes depend on the cards only, and
# building them (compiling and hashing every card) was a large part of making a game
_LAYERS: dict[tuple, tuple] = {}
_LAYERS_KEPT = 8


def _layer_for(game, cards: list) -> AbilityLayer:
    """A layer for `game` sharing the read-only indexes built once for this very card set
    (the same Card objects: a reloaded card file makes new ones, and a new entry)."""
    key = tuple(map(id, cards))
    hit = _LAYERS.get(key)
    if hit is None or any(a is not b for a, b in zip(hit[0], cards)):
        if len(_LAYERS) >= _LAYERS_KEPT:
            del _LAYERS[next(iter(_LAYERS))]
        hit = _LAYERS[key] = (tuple(cards), AbilityLayer(None, cards))
    layer = hit[1].__copy__()     # `copy.copy`'s own work (the type's copier looked up) for one known class
    layer.game = game
    return layer


def attach(game, whole_db: bool = False):
    """Give `game` its ability layer (before it runs); returns the game.

    Only the cards in the game's decks are indexed, unless `whole_db` (tests that
    add cards to a game). Without any ability to run, the game is left as it is."""
    # one Card per id (hashing every instance's Card is slow: a game holds ~130 of them)
    cards = list({c.id: c for c in (game.db if whole_db else game.cards)}.values())
    if game.abilities is not None or not any(card.abilities for card in cards):
        return game
    layer = _layer_for(game, cards)
    game.abilities = layer
    game.state.abilities = EMPTY
    hooks = game.hooks
    # only the events and the flow timings some ability here can answer (issue 32: what a game
    # costs follows its own cards' abilities, never the size of the card database)
    events, timings = layer.heard     # (worked out once per card set, with the layer's indexes)
    subscribe(layer, hooks, events)     # each event's handler bound to the layer (`events.subscribe`)
    hooks.on("timing", layer.on_timing, names=timings)
    hooks.on("zone_change", layer.on_zone_change)
    return game


def new_game_with_abilities(seed: int = 0, decks=None, fmt: str | None = None, flows_dir=None, cards=None,
                            hooks=None, start: bool = True, **loaded):
    """`new_game` with the ability layer attached: the factory the tools use
    (`loaded`: `flows=` and `db=` already loaded, see `game.factory.load_inputs`)."""
    game = attach(new_game(seed, decks, fmt, flows_dir, cards, hooks=hooks, start=False, **loaded))
    return game.start() if start else game
