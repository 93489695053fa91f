"""What an agent is, and the loop that lets agents play a game to its end.

An agent sees the game and the pending `Decision` and returns one of its
actions; the game checks legality, so a buggy agent raises `IllegalAction`
instead of corrupting the state.
"""
from __future__ import annotations

from typing import Protocol

from ..game.actions import Action, Decision
from ..machine.runner import Runaway


class Agent(Protocol):
    name: str

    def choose(self, game, decision: Decision) -> Action: ...


def play_out(game, agents, max_decisions: int = 1_000_000) -> None:
    """Advance `game` to its end, asking `agents[seat]` at each decision.

    A game that goes on past `max_decisions` is a flow set that never ends a game (its
    turn limit deleted, a loop of decisions): a located `Runaway` at the flow state where
    it stopped, which every command reports as one line and exit 2. The engine's own bound,
    `limits.decisions_per_turn` (1,000 decisions in one turn), stops a turn that never ends
    long before; this cap is the last resort."""
    advance, apply = game.advance, game.apply
    for _ in range(max_decisions):
        decision = advance()
        if decision is None:
            return
        apply(agents[decision.player].choose(game, decision))
    where = game.runner.leaf().where
    raise Runaway(where.path, where.line, where.col,
                  f"runaway game: {max_decisions} decisions without an end (turn {game.state.turn}, at "
                  f"{' > '.join(game.runner.paths())}); does the root flow still end the game at "
                  f"turn_limit (condition turn_limit_reached)?")
