"""Deck-construction abilities: a card's CONT ability that changes the deck rules for its own name.

CR 5.1.2 applies such an ability as a replacement of the construction rules of CR 5.2-5.3 ("you
may have up to sixteen cards named X in your deck"): it acts when a deck is checked, before any
game, and does nothing in play. The deck check (game/decks.py `copy_limit`) reads the number from
the card data; this registration is what makes the term part of the card language (linted, in the
reference) like any other.
"""
from __future__ import annotations

from ..language.registry import ABILITIES

DECK_RULES = frozenset({"deck_copies"})


@ABILITIES.effect("deck_copies", "int")
def deck_copies(game, ctx, arg, params, then, index):
    """CONT, deck construction: a deck may hold up to N cards of this card's name, instead of the four of
    CR 5.2.2.2 (CR 5.1.2); it counts for the sixteen triggers like any card. In play it does nothing.
    Example: {kind: CONT, effect: {deck_copies: 16}}"""
    fn, args = then
    game.then(fn, *args)
