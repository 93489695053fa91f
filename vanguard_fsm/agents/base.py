"""What an agent is, and the loop that lets agents play a game to its end.

An agent sees the game and the pending `Decision` and returns one of its
actions; the game checks legality, so a buggy agent raises `IllegalAction`
instead of corrupting the state.
"""
from __future__ import annotations

from typing import Protocol

from ..game.actions import Action, Decision


class Agent(Protocol):
    name: str

    def choose(self, game, decision: Decision) -> Action: ...


def play_out(game, agents, max_decisions: int = 1_000_000) -> None:
    """Advance `game` to its end, asking `agents[seat]` at each decision."""
    advance, apply = game.advance, game.apply
    for _ in range(max_decisions):
        decision = advance()
        if decision is None:
            return
        apply(agents[decision.player].choose(game, decision))
    raise RuntimeError(f"game did not end within {max_decisions} decisions")
