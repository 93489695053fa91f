"""Conceding (CR 1.2.4): either player may concede at any time, and that player loses at once.

A concession is no decision's legal action: agents choose among those, so no agent concedes
unless a person or a script asks it to. Any pending decision accepts it from either seat, as the
action id `concede:0` or `concede:1` (`Game.apply`); the game's history records it, so a replay
repeats it, the trace gets a `concede` event (`player`), and the game ends (`game_over`, reason
`concede`, the other player winning). The human agent, the debugger's `choose` and the browser
offer it beside the decision's actions.
"""
from __future__ import annotations

from .actions import Action

CONCEDE_IDS = ("concede:0", "concede:1")


def concede_actions() -> tuple:
    """The two concessions, as actions any pending decision accepts (`kind` "concede")."""
    return tuple(Action(aid, "concede", seat) for seat, aid in enumerate(CONCEDE_IDS))


def conceding_seat(action) -> int | None:
    """The seat an action id (or an `Action`) concedes for; None when it is no concession."""
    aid = action if isinstance(action, str) else getattr(action, "id", None)
    return CONCEDE_IDS.index(aid) if isinstance(aid, str) and aid in CONCEDE_IDS else None


def concede(game, seat: int) -> None:
    """`seat` concedes at the pending decision: recorded, traced, and the game is decided."""
    game.pending = None
    game.chosen_at = game.moves
    game.history.append(CONCEDE_IDS[seat])
    game.emit("concede", player=seat)
    game.decide(1 - seat, seat, "concede")
