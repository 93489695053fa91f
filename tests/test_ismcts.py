"""The search agent (issue 16): specs, no peeking, reproducibility, whole games. Small budgets only."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.agents import AgentSpecError, make_agent, parse_agent_spec
from vanguard_fsm.agents import ismcts as ismcts_module
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.agents.determinize import action_key
from vanguard_fsm.agents.ismcts import ISMCTSAgent, evaluate_actions
from vanguard_fsm.cli.main import main


# -- specs -----------------------------------------------------------------

def test_specs_parse_names_and_typed_options():
    assert parse_agent_spec("heuristic") == ("heuristic", {})
    assert parse_agent_spec("ismcts:iterations=800") == ("ismcts", {"iterations": 800})
    assert parse_agent_spec("ismcts:time=0.5, rollout=random,depth=0") == \
        ("ismcts", {"time": 0.5, "rollout": "random", "depth": 0})
    agent = make_agent("ismcts:iterations=7,depth=1", 3)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 7 and agent.depth == 1


@pytest.mark.parametrize("spec, words", [
    ("bogus", "unknown agent"), ("ismcts:iter=5", "no option 'iter'"), ("ismcts:iterations=0", "1 or more"),
    ("ismcts:iterations=x", "not a valid value"), ("ismcts:time=-1", "positive"), ("ismcts:", "no option after"),
    ("heuristic:iterations=3", "no option"), ("ismcts:iterations", "needs a value"),
    ("ismcts:depth=1,depth=2", "twice"), ("ismcts:rollout=smart", "heuristic or random"),
])
def test_bad_specs_are_refused_with_the_reason(spec, words):
    with pytest.raises(AgentSpecError, match=words):
        parse_agent_spec(spec)


@pytest.mark.parametrize("verb", [["play", "--quiet"], ["simulate", "--games", "1", "--no-progress"],
                                  ["ladder", "--games", "1", "--no-progress"]])
def test_a_bad_spec_on_the_command_line_is_a_usage_error(verb):
    result = CliRunner().invoke(main, [*verb, "--agents", "heuristic", "ismcts:iterations=-3"])
    assert result.exit_code == 2
    assert "iterations='-3'" in result.output and "Traceback" not in result.output


def test_play_and_simulate_accept_an_ismcts_spec():
    runner = CliRunner()
    played = runner.invoke(main, ["play", "--quiet", "--seed", "3", "--format", "quick",
                                  "--agents", "ismcts:iterations=2,depth=1", "random"])
    assert played.exit_code == 0, played.output
    assert played.output.startswith("result: winner=")
    simulated = runner.invoke(main, ["simulate", "--games", "1", "--no-progress", "--format", "quick",
                                     "--agents", "random", "ismcts:iterations=2,depth=1"])
    assert simulated.exit_code == 0, simulated.output
    assert "1 games" in simulated.output


# -- positions ---------------------------------------------------------------

def mid_game(seed: int = 4, decisions: int = 60):
    """A game after `decisions` heuristic choices, at a seat-0 decision with two distinct moves, where
    the opponent holds cards and has other cards in the deck."""
    game = new_game(seed)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    taken = 0
    while True:
        decision = game.advance()
        assert decision is not None, "the game ended before the position the test needs"
        opponent = game.state.players[1]
        distinct = {action_key(game, a) for a in decision.actions}
        if taken >= decisions and decision.player == 0 and len(distinct) > 1 and opponent.hand and \
                {game.cards[c].id for c in opponent.deck} - {game.cards[c].id for c in opponent.hand}:
            return game
        game.apply(agents[decision.player].choose(game, decision))
        taken += 1


def same_position_other_hidden_cards(game, seed: int = 4):
    """The same game played again, then its hidden cards changed: an opponent's hand card swapped
    with a different card from their deck, and seat 0's own deck reversed."""
    other = mid_game(seed)
    assert other.state.canonical() == game.state.canonical()
    them, me = other.state.players[1], other.state.players[0]
    k = next(i for i, c in enumerate(them.deck) if other.cards[c].id != other.cards[them.hand[0]].id
             and c not in them.revealed)
    them.hand[0], them.deck[k] = them.deck[k], them.hand[0]
    me.deck.reverse()
    assert other.state.canonical() != game.state.canonical()
    return other


def stats(root):
    return sorted((repr(k), n.visits, round(n.reward, 9), n.avail) for k, n in root.children.items())


# -- no peeking, reproducibility, no side effects ----------------------------

def test_no_peeking_hidden_cards_do_not_change_the_decision_distribution():
    game = mid_game()
    other = same_position_other_hidden_cards(game)
    first = ISMCTSAgent(11, iterations=24, depth=2)
    second = ISMCTSAgent(11, iterations=24, depth=2)
    choice_a = first.choose(game, game.pending)
    choice_b = second.choose(other, other.pending)
    assert stats(first.last_root) == stats(second.last_root)
    assert choice_a.id == choice_b.id


def test_the_no_peeking_test_catches_a_searcher_that_peeks(monkeypatch):
    """Without the re-deal, the search plays the real hidden cards, and the two positions differ."""
    def peek(shadow, seat, rng):
        shadow.rng.seed(rng.getrandbits(64))
    monkeypatch.setattr(ismcts_module, "determinize", peek)
    game = mid_game()
    other = same_position_other_hidden_cards(game)
    first, second = ISMCTSAgent(11, iterations=24, depth=2), ISMCTSAgent(11, iterations=24, depth=2)
    first.search(game)
    second.search(other)
    assert stats(first.last_root) != stats(second.last_root)


def test_search_is_reproducible_and_leaves_the_game_unchanged():
    game = mid_game(seed=6)
    before = (game.state.canonical(), game.rng.getstate(), list(game.history), game.runner.paths(),
              game.runner.transitions)
    pending = game.pending
    roots = []
    for _ in range(2):
        agent = ISMCTSAgent(5, iterations=16, depth=1)
        agent.choose(game, pending)
        roots.append(stats(agent.last_root))
        assert sum(n.visits for n in agent.last_root.children.values()) == 16
    assert roots[0] == roots[1]
    assert (game.state.canonical(), game.rng.getstate(), list(game.history), game.runner.paths(),
            game.runner.transitions) == before
    assert game.pending is pending


def test_a_decision_with_one_distinct_move_costs_no_search():
    game = new_game(2)
    agent = ISMCTSAgent(1, iterations=50)
    decision = game.advance()

    class OneMove:
        player, actions = decision.player, decision.actions[:1]
    assert agent.choose(game, OneMove) is decision.actions[0]
    assert agent.playouts == 0 and agent.last_root is None


def test_whole_games_end_legally_against_both_baselines():
    for seed, opponent in ((1, "random"), (2, "heuristic")):
        game = new_game(seed, fmt="quick")
        agent = make_agent("ismcts:iterations=3,depth=1", seed)
        seats = [agent, make_agent(opponent, 9)] if seed % 2 else [make_agent(opponent, 9), agent]
        play_out(game, seats)
        assert game.state.result is not None
        assert agent.playouts > 0


def test_evaluate_actions_lists_every_legal_action_with_its_search_values():
    game = mid_game(seed=6)
    rows = evaluate_actions(game, 0, iterations=20, seed=3, depth=1)
    assert sorted(r[0] for r in rows) == sorted(game.pending.ids())
    assert sum(r[2] for r in rows) == 20
    for action_id, win, visits, line in rows:
        assert (win is None) == (visits == 0)
        assert win is None or 0.0 <= win <= 1.0
        assert all(step.startswith(("P0 ", "P1 ")) for step in line)
    assert rows == evaluate_actions(game, 0, iterations=20, seed=3, depth=1)
    with pytest.raises(ValueError, match="player 0's, not player 1's"):
        evaluate_actions(game, 1, iterations=2)


# -- whatif in the terminal debugger -----------------------------------------

def test_whatif_in_the_debugger_shows_every_action_and_changes_nothing():
    from vanguard_fsm.debug.debugger import Debugger
    game = mid_game(seed=6)
    dbg = Debugger(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    before = (game.state.canonical(), list(game.history), game.runner.transitions, len(dbg.trace.events))
    out = dbg.execute("whatif 12")
    lines = out.splitlines()
    assert lines[0].startswith(f"whatif: P0 at {game.pending.kind}, 12 ISMCTS iterations")
    shown = {line.split(".", 1)[1].split()[0] for line in lines[1:]}
    assert shown == set(game.pending.ids())
    assert sum(int(line.split("visits")[1].split()[0]) for line in lines[1:]) == 12
    assert (game.state.canonical(), list(game.history), game.runner.transitions, len(dbg.trace.events)) == before
    assert dbg.execute("whatif 12") == out
    assert "expected a whole number" in dbg.execute("whatif many")
    assert "1 or more" in dbg.execute("whatif 0")


def test_debug_command_takes_an_ismcts_agent_for_auto():
    result = CliRunner().invoke(main, ["debug", "--seed", "2", "--agents", "ismcts:iterations=2,depth=1",
                                       "heuristic"], input="next\nauto\nauto\n")
    assert result.exit_code == 0, result.output
    assert "(ismcts agent) chose" in result.output


def test_a_time_budget_stops_the_search_and_still_answers():
    game = mid_game(seed=6)
    agent = make_agent("ismcts:time=0.05,depth=1", 2)
    assert agent.iterations is None
    action = agent.choose(game, game.pending)
    assert action in game.pending.actions and agent.playouts >= 1


# -- the evaluation and the move rule ------------------------------------------

def test_position_value_is_one_chance_seen_from_both_seats_and_likes_less_damage():
    from vanguard_fsm.agents.ismcts import position_value
    game = mid_game(seed=6)
    mine, theirs = position_value(game, 0), position_value(game, 1)
    assert 0.0 < mine < 1.0 and abs(mine + theirs - 1.0) < 1e-12
    me = game.state.players[0]
    me.damage.append(me.deck.pop())
    assert position_value(game, 0) < mine


def test_the_heuristics_move_stands_unless_another_beats_it_on_the_same_deals():
    game = mid_game(seed=6)
    hint = make_agent("heuristic", 0).choose(game, game.pending)
    stubborn = ISMCTSAgent(5, iterations=16, depth=1, margin=99)
    assert action_key(game, stubborn.choose(game, game.pending)) == action_key(game, hint)
    agent = ISMCTSAgent(5, iterations=16, depth=1, margin=0)
    agent.search(game)
    rounds = agent.rounds
    assert sorted(rounds) == sorted(agent.last_root.children) and sum(map(len, rounds.values())) == 16
    base = rounds[agent.last_hint]
    gains = {k: sum(v[i] - base[i] for i in range(n)) / n
             for k, v in rounds.items() if k != agent.last_hint and (n := min(len(v), len(base))) >= 2}
    expected = max(gains, key=gains.get) if gains and max(gains.values()) > 0 else agent.last_hint
    assert agent.pick(agent.last_root) == expected


def test_the_cpu_cap_stops_an_iteration_budget_early():
    game = mid_game(seed=6)
    agent = ISMCTSAgent(2, iterations=10_000, depth=1, cap=0.02)
    action = agent.choose(game, game.pending)
    assert action in game.pending.actions and 1 <= agent.playouts < 10_000
