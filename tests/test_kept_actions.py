"""Options kept across decisions (`game.actions.KeptActions`, issue 32) are the options a fresh
build gives: same ids, kinds, seats and arguments, in the same order.

The stores are shared by the games of a process (kept while `new_game` makes games of the same
cards), and card instance numbers repeat from game to game with other cards behind them (other
decks, games made without `new_game`), so each decision of games of several deck pairings, played
one after another, is built again with every store emptied. Memory stays bounded: a game of other
cards starts with empty stores.
"""
from __future__ import annotations

import pytest

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.game import engine
from vanguard_fsm.game.actions import KeptActions

from helpers import play

PAIRINGS = [(None, "heuristic"), (("royal-paladin", "kagero"), "heuristic"),
            (("gear-chronicle", "nubatama"), "random-attacker"), (("link-joker", "narukami"), "heuristic")]


def _stores() -> list:
    return list(KeptActions.STORES)


def _fields(actions) -> list:
    return [(a.id, a.kind, a.player, a.args) for a in actions]


def test_kept_options_are_the_options_built_afresh():
    stores = _stores()
    assert len(stores) >= 5
    compared = reused = 0

    def check(game, decision, _action):
        nonlocal compared, reused
        if decision.resolver is not None:     # a choice raised inside an action: not a flow state's decision
            return
        kept = decision.actions
        saved = [dict(store) for store in stores]
        for store in stores:
            store.clear()
        fresh = engine._state_decision(game).actions
        for store, content in zip(stores, saved):     # the stores as they were: kept across games
            store.clear()
            store.update(content)
        assert _fields(kept) == _fields(fresh), f"{decision.kind}: kept options differ from fresh ones"
        compared += 1
        stored = {id(action) for content in saved for action in content.values()}
        reused += sum(id(action) in stored for action in kept)

    for seed in range(3):
        for decks, agent in PAIRINGS:
            game = new_game_with_abilities(seed, decks, "standard")
            play(game, (agent, agent), seed, check)
    assert compared > 500 and reused > 2000     # many decisions; their options came from the stores


@pytest.mark.parametrize("limit", [1, 3])
def test_a_full_store_starts_over(monkeypatch, limit):
    monkeypatch.setattr(KeptActions, "LIMIT", limit)
    store = KeptActions()
    for i in range(5):
        store.new(i, f"pass{i}", "pass", 0)
        assert len(store) <= limit


def _kept() -> int:
    return sum(len(store) for store in KeptActions.STORES)


def test_games_of_the_same_cards_share_the_stores_and_other_cards_empty_them():
    game = new_game_with_abilities(1, None, "standard")
    play(game, ("heuristic", "heuristic"), 1)
    filled = _kept()
    assert filled > 50
    new_game_with_abilities(2, None, "standard", start=False)    # the same decks: the same cards
    assert _kept() == filled
    new_game_with_abilities(2, ("royal-paladin", "kagero"), "standard", start=False)
    assert _kept() == 0
