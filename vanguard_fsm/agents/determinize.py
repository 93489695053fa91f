"""Determinization: one guess of the hidden cards, consistent with what a seat has seen.

A search must not look at cards its seat cannot see. Each iteration therefore
copies the real position into a private *search game* and re-deals what is
hidden from the deciding seat:

- the opponent's hand and deck together (their deck list is public, so the
  cards not visible anywhere are exactly these): shuffled and dealt back into a
  hand and a deck of the same sizes;
- the deciding seat's own deck: its contents are known, its order is not;
- the opponent's face-down G zone: its contents are known, its order is not.

Cards revealed from a deck (`revealed`, e.g. by G assist) stay where they are.
Every pool is sorted by instance number before it is shuffled, so the deal is a
function of the *information set* and the RNG only: two positions that differ
only in hidden cards give exactly the same deals (the no-peeking test relies on
it). The search game has its own RNG, reseeded from the searcher's RNG, so it
cannot see the real game's future shuffles either.

The search game shares the real game's flows, cards and parameters, has its
own runner and the card ability layer only (no trace, play log or debugger
hooks: nothing a search does reaches them).
"""
from __future__ import annotations

import random

from ..abilities import attach
from ..game.engine import Game
from ..machine.hooks import Hooks
from ..machine.runner import Runner


class SearchRandom(random.Random):
    """The search game's generator. `restore` would put it at the real game's position; a
    search instead reseeds it from the searcher's RNG after every restore (`determinize`),
    so going to a position is a no-op: the real game's future draws stay unseen."""

    def position(self):
        return None

    def go_to(self, position) -> None:
        pass


def search_game(game: Game) -> Game:
    """A private game for searching from `game`'s positions (fill it with `restore`)."""
    shadow = Game.__new__(Game)
    for slot in ("flows", "db", "decks", "seed", "params", "cards", "owner", "move_limit", "decision_limit",
                 "damage_limit"):
        setattr(shadow, slot, getattr(game, slot))
    shadow.chosen_at = 0
    shadow.turn_began = (None, 0)
    shadow.rng = SearchRandom(0)
    shadow.hooks = Hooks()
    shadow.state = game.state.clone()
    shadow.agenda, shadow.pending, shadow.moves, shadow.history, shadow.reads = [], None, 0, [], None
    shadow.runner = Runner(game.flows, shadow)
    shadow.abilities = None
    if getattr(game, "abilities", None) is not None:
        attach(shadow)
    return shadow


def _redeal(cards: list, fixed: set, rng: random.Random) -> list:
    """`cards` with the ones not in `fixed` shuffled among their own places."""
    places = [i for i, c in enumerate(cards) if c not in fixed]
    pool = sorted(cards[i] for i in places)
    rng.shuffle(pool)
    out = list(cards)
    for i, c in zip(places, pool):
        out[i] = c
    return out


def determinize(shadow: Game, seat: int, rng: random.Random) -> None:
    """Re-deal in place every card of `shadow` that `seat` cannot see (see the module docstring)."""
    state = shadow.state
    me, them = state.players[seat], state.players[1 - seat]
    # the opponent: hand and deck form one pool of unseen cards
    known = set(them.revealed)
    hidden = sorted(them.hand + [c for c in them.deck if c not in known])
    rng.shuffle(hidden)
    hand_size = len(them.hand)
    them.hand = hidden[:hand_size]
    rest = iter(hidden[hand_size:])
    them.deck = [c if c in known else next(rest) for c in them.deck]
    # own deck: known contents, unknown order
    me.deck = _redeal(me.deck, set(me.revealed), rng)
    # the opponent's face-down G zone: known contents, unknown order
    them.g_zone = _redeal(them.g_zone, them.g_face_up, rng)
    shadow.rng.seed(rng.getrandbits(64))


def canonical(value, cards):
    """An action's arguments with card instances replaced by card ids (hidden copies are alike)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return cards[value].id if 0 <= value < len(cards) else value
    if isinstance(value, tuple):
        return tuple(canonical(v, cards) for v in value)
    if isinstance(value, (str, float)) or value is None:
        return value
    return repr(value)


def action_key(game: Game, action) -> tuple:
    """What an action *is*, the same in every determinization: kind, player and card ids.

    Ids like `call:hand[2]->front_left` name a hand position, which means a
    different card in each deal of a hidden hand; the key names the card."""
    return (action.player, action.kind, canonical(action.args, game.cards))
