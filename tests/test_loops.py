"""A loop nobody can stop ends the game in a draw (CR 12.1.1.1; issue 29 item 10, audit U03),
where the engine stopped with a `Runaway` error; a loop a player could stop, or a chain that
does not come back to where it was, is still the located `Runaway` of the safety bound
(`limits.abilities_per_check_timing`, tests/bad_inputs/ability_retriggers_itself)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vanguard_fsm.machine.runner import Runaway
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

HERE = Path(__file__).parent / "fixtures" / "rules_fidelity" / "loop.yaml"


def _looping_game(card: str):
    """P0 calls `card` in the main phase; every later choice takes the first option offered."""
    text = f"""
name: a looper called in the main phase
rules: ["CR 12.1.1"]
cards: cards.yaml
start: {{turn: 6, turn_player: 0, at: turn.main_phase}}
p0:
  VC: {{card: RF-003, soul: [RF-000]}}
  hand: [{card}]
  deck: [{{card: RF-001, count: 10}}]
p1:
  VC: {{card: RF-003, soul: [RF-000]}}
  deck: [{{card: RF-001, count: 10}}]
script: []
"""
    game = build_game(parse_scenario(text, str(HERE)))
    for _ in range(3000):
        decision = game.advance()
        if decision is None:
            break
        pick = next((a for a in decision.actions if a.id.startswith(("call:", "ability:pay"))), decision.actions[0])
        game.apply(pick)
    return game


def test_a_mandatory_loop_nobody_can_stop_is_a_draw():
    """CR 12.1.1.1: RF-801 returns itself to the hand and calls itself again, for ever, with no
    "you may": the game ends in a draw (reason `loop`), traced as any other end (`game_over`)."""
    game = _looping_game("RF-801")
    assert game.over and game.state.result == (None, None, "loop")


def test_a_loop_a_player_could_stop_is_still_the_runaway_bound():
    """RF-802 says "you may": its player can stop the loop (CR 12.1.1.2, the number of repeats
    chosen: not modelled), so an agent that always goes on meets the safety bound."""
    with pytest.raises(Runaway, match="runaway"):
        _looping_game("RF-802")
