"""The playing agents' fast paths (issue 32) choose what the plain reading of their rules chooses.

The heuristic agent decides from a plan kept per sequence of option kinds (`heuristic._plan`): the
options of each kind taken as one slice. A legal-action generator lists one kind, so the kinds come
in runs; a decision whose kinds are interleaved (a resolver may offer anything) must still give each
strategy all the options of its kind, in order, as sorting the options by kind would. The perfect
guards of a card set are found once, and each card set's are its own.
"""
from __future__ import annotations

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.agents import perfect_guard
from vanguard_fsm.agents.heuristic import HeuristicAgent
from vanguard_fsm.game.actions import Decision


def _main_phase_with_calls(seed: int):
    """A game stopped at a main phase decision that offers several normal calls, a move and pass."""
    game = new_game_with_abilities(seed, None, "standard")
    agent = HeuristicAgent(seed)
    for _ in range(2000):
        decision = game.advance()
        assert decision is not None, "the game ended before such a main phase"
        kinds = [a.kind for a in decision.actions]
        if kinds.count("normal_call") > 2 and "move" in kinds and "pass" in kinds:
            return game, decision
        game.apply(agent.choose(game, decision))
    raise AssertionError("no main phase with several calls and a move")


def test_interleaved_kinds_choose_as_the_same_options_in_runs():
    for seed in range(6):
        game, decision = _main_phase_with_calls(seed)
        actions = decision.actions
        calls = [a for a in actions if a.kind == "normal_call"]
        others = [a for a in actions if a.kind != "normal_call"]
        half = len(calls) // 2     # calls, then the move and pass, then the other calls
        mixed = Decision(decision.player, decision.kind, tuple(calls[:half] + others + calls[half:]))
        runs = Decision(decision.player, decision.kind, tuple(calls + others))
        agent = HeuristicAgent(seed)
        assert agent.choose(game, mixed) is agent.choose(game, runs)
        # and with pass first: the fallback is still the first `pass`, not the first option
        passing = Decision(decision.player, decision.kind, tuple(others[::-1] + calls))
        chosen = agent.choose(game, passing)
        assert chosen is agent.choose(game, Decision(decision.player, decision.kind, tuple(calls + others)))


def test_perfect_guards_are_found_for_each_card_set():
    """The perfect guards are worked out once per card set (`perfect_guard._sentinels`): a game of
    another card set finds its own, before and after."""
    plain = new_game_with_abilities(1, None, "standard")      # the default decks: no perfect guard
    kagero = sandbox(None, "kagero", fmt="standard")
    add(kagero, 1, "BT01-015", "GC")                           # Wyvern Guard, Barri
    for _ in range(2):
        assert not perfect_guard.guarded(plain, 1)
        assert perfect_guard.guarded(kagero, 1)
