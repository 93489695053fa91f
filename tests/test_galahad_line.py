"""Knight of Godly Speed, Galahad's soul check decides its power in seeded games of the real decks
(issue 19: "a named card in the soul", CR 8.1.3, 2.5.4). Its CONT (-2000 unless the soul holds Knight of
Tribulations, Galahad, Knight of Quests, Galahad and Drangal) is looked at, never resolved, so
`test_real_decks_mechanisms` does not count it: here the fixed game 5 of the `royal-paladin-vs-kagero`
pairing is played again and, at the start of each turn with Galahad as a vanguard, its power is read
with the soul it has then. The royal-paladin deck climbs the line (Drangal, the starter, and each
Galahad ride the next from the top five at the start of the ride phase), so the check holds there.
"""
from __future__ import annotations

from test_real_decks_mechanisms import PAIRINGS, inputs_for
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.game import zones
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.sim.simulate import game_seed

NAMED = {"Knight of Tribulations, Galahad", "Knight of Quests, Galahad", "Drangal"}


def galahad_turns(index: int) -> list:
    """(all three named cards in the soul, Galahad's power) at each turn start with Galahad on VC."""
    pairing = PAIRINGS["royal-paladin-vs-kagero"]
    assert (1, index, ("heuristic", "heuristic")) in pairing.games
    decks = pairing.decks[::-1] if index % 2 else pairing.decks
    loaded = inputs_for(pairing.decks)[decks]
    seen = []

    def look(game, name, fields):
        for p in game.state.players:
            v = p.circles["VC"]
            if v is not None and game.cards[v.card].id == "BT03-018" and v.heart is None:
                seen.append((NAMED <= {game.cards[i].name for i in p.soul}, zones.power(game, v)))
    hooks = Hooks()
    hooks.on("event", look, names=("turn_begin",))
    game_no = game_seed(1, index)
    game = new_game_with_abilities(game_no, loaded["decks"], None, hooks=hooks, flows=loaded["flows"],
                                   db=loaded["db"])
    play_out(game, [make_agent("heuristic", game_no * 2 + 1), make_agent("heuristic", game_no * 2 + 2)])
    return seen


def test_galahad_keeps_its_power_with_the_three_named_cards_in_the_soul_in_a_seeded_game():
    seen = galahad_turns(5)
    assert (True, 11000) in seen, seen
    assert all(power == (11000 if full else 9000) for full, power in seen), seen
    short = galahad_turns(3)     # a game in which the line was not climbed: the check takes 2000
    assert short and all(power == 9000 and not full for full, power in short), short
