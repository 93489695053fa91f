"""Abilities indexed by what can trigger them (issue 32): a game listens only to the engine
events and flow timings its own cards' abilities answer, so neither a large card database
nor an event no card here waits for costs a game anything.

CR 8.1.1.2: an AUTO ability triggers on its timing; an event that raises no timing an
ability here is on cannot make one stand by, which is what the index relies on.
"""
from __future__ import annotations

import io

import pytest

import vanguard_fsm.abilities as abilities_module
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.runtime import events, layer as layer_module
from vanguard_fsm.abilities.runtime.layer import AbilityLayer
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder

from helpers import play

PAIRINGS = [("royal-paladin", "kagero"), ("aurora", "link-joker"), ("tidewyrm", "gear-chronicle"),
            ("narukami", "nubatama"), ("neo-nectar", "shadow-paladin")]


def test_every_event_handler_says_which_timings_it_raises():
    assert set(events.RAISES) == set(events.EVENT_TIMINGS)


def test_an_event_raises_only_the_timings_the_index_lists_for_it(monkeypatch):
    """Over games of every pairing above, each timing a handler asks the layer to trigger
    (its card's own, or watching cards') is one `RAISES` lists for that event: else a card
    waiting for it would silently never trigger in a game the index left unsubscribed."""
    current, seen = [None], {}
    subject, watchers = AbilityLayer.subject, AbilityLayer.watchers

    def record(timings):
        if current[0] is not None:
            seen.setdefault(current[0], set()).update(timings)

    def subject_spy(self, game, seat, inst, timings, *args, **kwargs):
        record(timings)
        return subject(self, game, seat, inst, timings, *args, **kwargs)

    def watchers_spy(self, game, seat, timing, *args, **kwargs):
        record((timing,))
        return watchers(self, game, seat, timing, *args, **kwargs)

    def entered(event, handler):
        def wrapped(layer, game, name, fields):
            outer, current[0] = current[0], event
            try:
                handler(layer, game, name, fields)
            finally:
                current[0] = outer
        return wrapped

    monkeypatch.setattr(AbilityLayer, "subject", subject_spy)
    monkeypatch.setattr(AbilityLayer, "watchers", watchers_spy)
    for event, handler in list(events.EVENT_TIMINGS.items()):
        monkeypatch.setitem(events.EVENT_TIMINGS, event, entered(event, handler))
    monkeypatch.setattr(abilities_module, "_LAYERS", {})     # layers built anew hear every event (`heard`)
    monkeypatch.setattr(layer_module, "events_listened", lambda layer: frozenset(events.RAISES))
    for i, decks in enumerate(PAIRINGS):
        for seed in range(2):
            play(new_game_with_abilities(seed, decks), ("random-attacker", "random-attacker"), seed + i)
    assert {"call", "ride", "when_attacks", "guard"} <= set(seen)
    for event, timings in seen.items():
        assert timings <= set(events.RAISES[event]), (event, timings - set(events.RAISES[event]))


def test_a_game_does_not_listen_to_events_no_ability_here_waits_for():
    game = new_game_with_abilities(0, ("royal-paladin", "kagero"))
    listened = events.events_listened(game.abilities)
    assert "call" in listened and "draw" not in listened     # no card of these decks has when_drawn
    assert not game.hooks.subscribers_of_event("draw")
    aurora = new_game_with_abilities(0, ("aurora", "aurora"))
    assert "draw" in events.events_listened(aurora.abilities)


def _trace(seed, decks) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, decks, hooks=hooks)
    play(game, ("random-attacker", "random-attacker"), seed)
    return out.getvalue() + "|".join(game.history)


@pytest.mark.parametrize("decks", PAIRINGS)
def test_traces_are_the_same_when_every_event_is_listened_to(monkeypatch, decks):
    for seed in range(2):
        indexed = _trace(seed, decks)
        with monkeypatch.context() as patch:
            # a layer built anew (not the card set's kept one) hears every event (`AbilityLayer.heard`)
            patch.setattr(abilities_module, "_LAYERS", {})
            patch.setattr(layer_module, "events_listened", lambda layer: frozenset(events.EVENT_TIMINGS))
            every = _trace(seed, decks)
        assert len(indexed) > 1000 and indexed == every, f"{decks} seed {seed}: the event index changed the game"



def test_each_games_layer_is_the_card_sets_layer_with_its_attributes_inline():
    """A game's layer copies the one built for its card set (`abilities._layer_for`): the same
    indexes, its own game, and its attributes kept in the instance's inline values, not in a
    `__dict__` made for the copy (`copy.copy`'s default), from which the layer's hundreds of
    reads a game cost several times as much (issue 32); so for card sets with and without a
    restricting card (every layer sets the same names). Looked at (gc.get_referents: a dict
    holding the attributes, or the attribute values themselves) before anything reads
    `vars()`, which would make such a dict."""
    import gc

    games = [new_game_with_abilities(seed, decks) for decks in (("royal-paladin", "kagero"), None)
             for seed in (1, 2)]
    for game in games:
        assert not any(type(ref) is dict and "auto" in ref for ref in gc.get_referents(game.abilities))
    assert [game.abilities.restricts for game in games] == [True, True, False, False]
    for game in games:
        built = next(hit[1] for hit in abilities_module._LAYERS.values() if hit[1].auto is game.abilities.auto)
        assert game.abilities is not built and game.abilities.game is game
        assert {name: value for name, value in vars(game.abilities).items() if name != "game"} == \
            {name: value for name, value in vars(built).items() if name != "game"}


def test_games_sharing_hooks_each_handle_only_their_own_events():
    """Each event's handler is subscribed bound to its game's layer (`events.subscribe`): with hooks
    shared by two games played in turns, a layer hears the other game's events too and must leave them
    alone. Each game is the game it is when played alone."""
    from vanguard_fsm.agents import make_agent

    def history(games):
        agents = [[make_agent("random-attacker", seed * 2 + 1), make_agent("random-attacker", seed * 2 + 2)]
                  for seed in (3, 4)]
        while any(not game.over for game in games):
            for game, players in zip(games, agents):
                if not game.over and (decision := game.advance()) is not None:
                    game.apply(players[decision.player].choose(game, decision))
        return ["|".join(game.history) for game in games]

    shared = Hooks()
    together = history([new_game_with_abilities(seed, PAIRINGS[0], hooks=shared) for seed in (3, 4)])
    alone = history([new_game_with_abilities(seed, PAIRINGS[0]) for seed in (3, 4)])
    assert together == alone and all(len(h) > 1000 for h in alone)
