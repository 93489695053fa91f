"""Card abilities (RULES 1.5, CR 8): declared in card YAML, run by this layer.

The game layer knows nothing of abilities beyond the `game.abilities` slot; a
game gets them by `attach(game)`, or is built with them by
`new_game_with_abilities(...)` (same arguments as `game.factory.new_game`).
A game whose cards have no abilities is left untouched, so it runs exactly as
fast as before.
"""
from __future__ import annotations

from . import conditions, costs, effects, targets  # noqa: F401  (registration)
from .abstate import EMPTY
from .layer import AbilityLayer


def attach(game, whole_db: bool = False):
    """Give `game` its ability layer (before it runs); returns the game.

    Only the cards in the game's decks are indexed, unless `whole_db` (tests that
    add cards to a game). Without any ability to run, the game is left as it is."""
    # one Card per id (hashing every instance's Card is slow: a game holds ~130 of them)
    cards = list({c.id: c for c in (game.db if whole_db else game.cards)}.values())
    if game.abilities is not None or not any(card.abilities for card in cards):
        return game
    layer = AbilityLayer(game, cards)
    game.abilities = layer
    game.state.abilities = EMPTY
    hooks = game.hooks
    hooks.on("event", layer.on_event)
    hooks.on("timing", layer.on_timing)
    return game


def new_game_with_abilities(seed: int = 0, decks=None, fmt: str = "standard", flows_dir=None, cards=None,
                            hooks=None, start: bool = True):
    """`new_game` with the ability layer attached: the factory the tools use."""
    from ..game.factory import new_game
    game = attach(new_game(seed, decks, fmt, flows_dir, cards, hooks=hooks, start=False))
    return game.start() if start else game
