"""The search agent's position model can be refitted, and the fitter weighs what the agent weighs."""
from __future__ import annotations

import math

from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.ismcts import position_value
from vanguard_fsm.sim import fit_position


def test_the_fitters_features_under_the_shipped_weights_are_the_agents_position_value():
    game = new_game(5)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    checked = 0
    while (decision := game.advance()) is not None and checked < 40:
        for seat in (0, 1):
            x = sum(w * f for w, f in zip(fit_position.shipped_weights(), fit_position.features(game, seat)))
            assert math.isclose(1.0 / (1.0 + math.exp(-x)), position_value(game, seat), rel_tol=1e-12)
        game.apply(agents[decision.player].choose(game, decision))
        checked += 1
    assert checked == 40


def test_a_small_fit_beats_a_coin_on_its_own_games():
    xs, ys = fit_position.samples(4, seed=7)
    assert xs and len(xs) == len(ys) and set(ys) == {0.0, 1.0}
    assert all(len(x) == len(fit_position.TERMS) + 1 for x in xs)
    weights = fit_position.fit(xs, ys)
    assert all(math.isfinite(w) for w in weights)
    assert fit_position.log_likelihood(weights, xs, ys) > math.log(0.5)
