"""Game events nobody listens to are not built (`Hooks.hears`, issue 32), and that changes nothing
but speed: an untraced game makes the same moves as a traced one, and a subscriber added later
(the debugger, a web page watching) receives the events from then on."""
from __future__ import annotations

import io

import pytest

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder

from helpers import play


def test_hears_follows_the_subscriptions():
    hooks = Hooks()
    assert not hooks.hears("put")
    seen = []
    fn = hooks.on("event", lambda game, event, fields: seen.append(event), names=["put"])
    assert hooks.hears("put") and not hooks.hears("draw")
    hooks.off("event", fn)
    assert not hooks.hears("put")
    hooks.on("event", lambda game, event, fields: None)     # every event
    assert hooks.hears("draw") and hooks.hears("put")


@pytest.mark.parametrize("decks, agent", [(None, "random"), (("royal-paladin", "kagero"), "heuristic"),
                                          (("gear-chronicle", "nubatama"), "random-attacker")])
def test_untraced_games_play_as_traced_ones(decks, agent):
    for seed in range(4):
        hooks, out = Hooks(), io.StringIO()
        TraceRecorder(hooks, out, keep=False)
        traced = play(new_game_with_abilities(seed, decks, "standard", hooks=hooks), (agent, agent), seed)
        plain = play(new_game_with_abilities(seed, decks, "standard"), (agent, agent), seed)
        assert plain.history == traced.history
        assert (plain.state.result, plain.state.turn, plain.runner.transitions) == \
            (traced.state.result, traced.state.turn, traced.runner.transitions)
        for event in ("draw", "put", "attack", "drive_check", "damage_check", "turn_begin", "shuffle", "stand"):
            assert f'"event":"{event}"' in out.getvalue() or f'"event": "{event}"' in out.getvalue(), event


def test_a_subscriber_added_during_a_game_receives_the_events():
    game = new_game_with_abilities(3, None, "standard")
    for _ in range(30):
        game.apply(game.advance().actions[0])
    seen = []
    game.hooks.on("event", lambda g, event, fields: seen.append(event))
    for _ in range(30):
        decision = game.advance()
        if decision is None:
            break
        game.apply(decision.actions[-1])
    assert {"draw", "put"} & set(seen)
