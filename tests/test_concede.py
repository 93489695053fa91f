"""Conceding (CR 1.2.4; issue 29 item 8): either player may concede at any decision and loses at
once. It is no decision's legal action (agents never choose it), yet any pending decision accepts
`concede:0` / `concede:1`; the history records it (a replay repeats it), the trace has a `concede`
event and `game_over` says `reason: concede`."""
from __future__ import annotations

import io

import pytest

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.human import HumanAgent
from vanguard_fsm.game.actions import IllegalAction
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder


def _game_at_decision(seed=3, decisions=6):
    hooks = Hooks()
    recorder = TraceRecorder(hooks)
    game = new_game_with_abilities(seed, None, "standard", hooks=hooks)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(decisions):
        decision = game.advance()
        game.apply(agents[decision.player].choose(game, decision))
    return game, recorder, game.advance()


@pytest.mark.parametrize("seat", [0, 1])
def test_either_player_concedes_at_any_decision_and_loses(seat):
    """CR 1.2.4: the concession is taken at the other player's decision as well as at one's own."""
    game, recorder, decision = _game_at_decision()
    assert all(not a.id.startswith("concede") for a in decision.actions)    # agents never see it
    game.apply(f"concede:{seat}")
    assert game.advance() is None and game.over
    assert game.state.result == (1 - seat, seat, "concede")
    assert [row["player"] for row in recorder.of("concede")] == [seat]
    assert recorder.of("game_over")[0]["reason"] == "concede"
    assert game.history[-1] == f"concede:{seat}"


def test_a_concession_replays_from_the_history():
    game, _, _ = _game_at_decision()
    game.apply("concede:1")
    again = new_game_with_abilities(3, None, "standard")
    for action_id in game.history:
        again.advance()
        again.apply(action_id)
    assert again.advance() is None and again.state.result == (0, 1, "concede")


def test_a_concession_after_the_end_is_refused():
    game, _, _ = _game_at_decision()
    game.apply("concede:0")
    game.advance()
    with pytest.raises(IllegalAction):
        game.apply("concede:1")


def test_the_human_agent_offers_the_concession():
    """At the terminal 'concede' is the deciding player's concession, listed under the numbered actions."""
    game, _, decision = _game_at_decision()
    out = io.StringIO()
    action = HumanAgent(stdin=io.StringIO("concede\n"), stdout=out, color=False).choose(game, decision)
    assert action.id == f"concede:{decision.player}" and "concede the game" in out.getvalue()
    game.apply(action)
    assert game.state.result[1] == decision.player
