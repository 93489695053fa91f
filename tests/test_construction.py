"""Making many games looks at the files once per run, and gives the same games (issue 17)."""
from __future__ import annotations

from vanguard_fsm.game import factory
from vanguard_fsm.sim import simulate
from vanguard_fsm.sim.simulate import SimConfig, play_one, run_serial


def test_a_run_loads_flows_cards_and_decks_once_per_seat_order(monkeypatch):
    calls = []
    real = factory.load_inputs

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)
    monkeypatch.setattr(simulate, "load_inputs", counting)
    config = SimConfig(seed=3, agents=("random", "random"), fmt="quick")
    rows = run_serial(config, 6)
    assert len(calls) == 2            # sides swap seats every other game: two seat orders
    # the same rows as games that each look the files up themselves
    assert rows == [play_one(config, i) for i in range(6)]
    assert len(calls) == 2 + 6


def test_new_game_with_loaded_inputs_is_the_same_game():
    inputs = factory.load_inputs(None, "standard")
    one = factory.new_game(4, inputs["decks"], flows=inputs["flows"], db=inputs["db"])
    two = factory.new_game(4)
    assert one.flows is two.flows and one.db is two.db
    assert one.state.canonical() == two.state.canonical()
