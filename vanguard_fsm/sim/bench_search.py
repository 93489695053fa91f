"""The search agent's speed for `vanguard-fsm bench`: ISMCTS playouts per CPU second.

A playout is one ISMCTS iteration (re-deal the hidden cards, walk the tree, add a
node, roll out with the heuristic agent): measured from a mid-game position (a
heuristic game after `decisions` choices), once with the default rollout depth
(the agent's own setting: `mcts_playouts_per_second`) and once with rollouts to
the end of the game (`mcts_full_playouts_per_second`). Process CPU time, best of
`repeats`, so other load on the machine changes it little.
"""
from __future__ import annotations

from ..abilities import new_game_with_abilities as new_game
from ..agents import make_agent
from ..agents.ismcts import DEFAULT_DEPTH, DEFAULT_ITERATIONS, ISMCTSAgent
from .bench_measures import cpu_best_of


def mid_game(seed: int, decisions: int, flows_dir=None, cards=None):
    game = new_game(seed, None, "standard", flows_dir, cards)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(decisions):
        d = game.advance()
        if d is None:
            break
        game.apply(agents[d.player].choose(game, d))
    game.advance()
    return game


def search_timing(iterations: int = DEFAULT_ITERATIONS, seed: int = 1, decisions: int = 80, repeats: int = 3,
                  flows_dir=None, cards=None) -> dict:
    game = mid_game(seed, decisions, flows_dir, cards)
    if game.pending is None:
        return {"mcts_playouts_per_second": None, "mcts_note": "the game ended before the position"}
    out = {"mcts_position_turn": game.state.turn, "mcts_position_decision": game.pending.kind,
           "mcts_iterations": iterations, "mcts_depth": DEFAULT_DEPTH}
    for key, depth in (("mcts_playouts_per_second", DEFAULT_DEPTH), ("mcts_full_playouts_per_second", 0)):
        def run():
            ISMCTSAgent(seed, iterations=iterations, depth=depth).search(game)
        run()   # warm-up
        out[key] = iterations / cpu_best_of(repeats, run)
    out["mcts_ms_per_decision_default"] = 1000 * DEFAULT_ITERATIONS / out["mcts_playouts_per_second"]
    return out
