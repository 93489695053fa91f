"""1,000 random games with the ability decks keep the game engine's invariants, and the
trace shows every ability pending -> resolved / declined in CR 8.4.1 order.

Speed: 750 quick-format and 250 standard games with random agents (which try every
kind of legal action, abilities included), split into chunks so `pytest -n` spreads them.
"""
from __future__ import annotations

from collections import Counter

import pytest

from vanguard_fsm.abilities.runtime import abstate, layer
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.machine.hooks import Hooks

CHUNKS = [("quick", range(i, i + 250)) for i in (0, 250, 500)] + [("standard", range(0, 250))]


class AbilityOrder:
    """Watches one game: pending/resolved pairing and the CR 8.4.1 order of play."""

    def __init__(self, hooks) -> None:
        self.open: Counter = Counter()
        self.closed = 0
        self.steps: Counter = Counter()
        hooks.on("event", self.event)

    def event(self, game, name, f) -> None:
        if name != "ability":
            return
        self.steps[(f["kind"], f["step"])] += 1
        key = (f["player"], f["ability"], f["timing"])
        if f["kind"] != "AUTO":
            assert f["step"] == "resolved"
        elif f["step"] == "pending":
            self.open[key] += 1
        else:
            assert self.open[key] > 0, f"{f['step']} without pending: {f}"
            self.open[key] -= 1


@pytest.fixture
def cr_order(monkeypatch):
    """Every AUTO ability played while the turn player has none of theirs waiting, or is theirs."""
    played = []
    real = layer.play_pending

    def checked(game, entry):
        tp = game.state.turn_player
        waiting = [p for p in abstate.get(game).pending if p.seat == tp and p != entry]
        assert entry.seat == tp or not waiting, f"non-turn player's {entry.key} played before {waiting}"
        played.append(entry.seat == tp)
        real(game, entry)
    monkeypatch.setattr(layer, "play_pending", checked)
    return played


def check_invariants(game, initial) -> None:
    for p, count in zip(game.state.players, initial):
        cards = p.all_instances()
        assert len(cards) == count and len(set(cards)) == count, "card conservation"
        assert all(game.owner[i] == p.seat for i in cards)
        assert all(u is None or u.card not in (u.heart, u.mate) for u in p.circles.values())


@pytest.mark.parametrize("fmt, seeds", CHUNKS, ids=[f"{f}-{s.start}" for f, s in CHUNKS])
def test_random_games_keep_invariants(fmt, seeds, cr_order):
    totals = Counter()
    for seed in seeds:
        hooks = Hooks()
        order = AbilityOrder(hooks)
        game = new_game_with_abilities(seed, fmt=fmt, hooks=hooks)
        initial = [len(p.all_instances()) for p in game.state.players]
        agents = [make_agent("random", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
        while (decision := game.advance()) is not None:
            action = agents[decision.player].choose(game, decision)
            assert action in decision.actions
            game.apply(action)
            check_invariants(game, initial)
        assert game.state.result is not None
        totals.update(order.steps)
    assert totals[("AUTO", "resolved")] > len(seeds) and totals[("AUTO", "declined")] > 0
    if fmt == "standard":        # the quick decks have no ACT card
        assert totals[("ACT", "resolved")] > 0
    assert any(cr_order) and not all(cr_order)     # both players' abilities were played


def test_heuristic_agents_use_abilities():
    seen = Counter()
    for seed in range(40):     # seeds 0-19 legioned once only: a small change of play could lose it
        hooks = Hooks()
        hooks.on("event", lambda g, name, f: seen.update(
            [f"{f['kind']}:{f['step']}"] if name == "ability" else [name] if name == "legion" else []))
        game = new_game_with_abilities(seed, hooks=hooks)
        play_out(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    assert seen["AUTO:resolved"] > 200 and seen["ACT:resolved"] > 0 and seen["legion"] > 0
