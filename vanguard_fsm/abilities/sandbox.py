"""A board set up by hand, for focused ability tests (and scenario tools).

`sandbox(cards, deck)` builds a game with the ability layer attached (every card
of the card file indexed), both starters on VC, the machines placed in the turn
player's main phase, nothing run yet. `add` puts any card of the file anywhere;
`check_timing` runs one check timing (CR 8.4.1) and everything it schedules,
answering each decision with `choose` (the first action by default).
"""
from __future__ import annotations

from ..game import zones
from ..game.factory import new_game
from ..machine.registry import REGISTRY
from . import attach

CIRCLE_NAMES = ("VC", "front_left", "back_left", "back_center", "front_right", "back_right")


def sandbox(cards, deck, seed: int = 0, turn: int = 3, turn_player: int = 0, fmt: str = "quick", hooks=None):
    # a board set by hand is a position, not a game start (as a scenario's): its deck is not checked
    # against the format, which only sets the damage to lose here
    game = attach(new_game(seed, (deck, deck), fmt, None, cards, hooks=hooks, start=False, check_decks=False),
                  whole_db=True)
    state = game.state
    state.turn, state.turn_player, state.first = turn, turn_player, turn_player
    for seat, p in enumerate(state.players):
        starter = game.decks[seat].starter
        inst = next(i for i in p.deck if game.cards[i].id == starter)
        p.deck.remove(inst)
        p.circles["VC"] = zones.new_unit(game, inst)
    game.runner.place(["game.turn", "turn.main_phase"])
    return game


def add(game, seat: int, card_id: str, where: str, rested: bool = False) -> int:
    """A new instance of `card_id` for `seat` on a circle (replacing any unit) or in a zone."""
    inst = game._new_instance(card_id, seat)
    p = game.state.players[seat]
    if where in CIRCLE_NAMES:
        p.circles[where] = zones.new_unit(game, inst, rested)
    elif where == "GC":
        p.gc.append(zones.new_unit(game, inst, rested=True))
    else:
        getattr(p, where).append(inst)
    return inst


def first_action(decision):
    return decision.actions[0]


def run(game, choose=first_action, limit: int = 10_000) -> None:
    """Run scheduled tasks and answer decisions until nothing is left to do."""
    for _ in range(limit):
        if game.pending is not None:
            game.apply(choose(game.pending))
            continue
        if not game.agenda or game.state.result is not None:   # done, or a rule action decided the game
            return
        fn, args = game.agenda.pop()
        fn(game, *args)
    raise RuntimeError("sandbox did not settle")


def check_timing(game, choose=first_action) -> None:
    game.then(REGISTRY.actions["check_timing"])
    run(game, choose)
