"""The heuristic agent and Restraint (issue 19, CR 11.5): it pays Brutal Jack's ACT (Counter Blast 1:
this unit loses Restraint until end of turn) for a Brutal Jack that could attack now — the vanguard
or a standing front-row rear-guard — and never for one in the back row, nor twice for one that
already lost its Restraint; any other ACT it still plays whenever it can pay for it."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.agents.heuristic import HeuristicAgent
from vanguard_fsm.game.actions import Action, Decision
from vanguard_fsm.game.rules.turn import act_apply, act_legal

JACK = "BT01-029"


def board(*where):
    game = sandbox(None, "nova-grappler", fmt="standard")
    for circle in where:
        add(game, 0, JACK, circle)
    for _ in range(2):
        add(game, 0, "BT01-060", "damage")      # two face-up damage: two Counter Blasts
    return game


def choice(game):
    """The heuristic agent's main-phase choice among the ACTs it may play, or pass."""
    decision = Decision(0, "main_phase", tuple(act_legal(game, 0)) + (Action("pass", "pass", 0),))
    return HeuristicAgent().choose(game, decision)


def where(game, action):
    placed = action.args[2]
    return next(c for c, u in game.state.players[0].units() if u.placed == placed)


def test_it_pays_for_a_unit_that_could_attack_and_then_no_more():
    game = board("VC", "back_left")
    first = choice(game)
    assert first.kind == "act" and where(game, first) == "VC"
    act_apply(game, first)
    run(game)
    assert choice(game).kind == "pass"           # the vanguard lost Restraint; the back-row one cannot attack


def test_not_for_a_rested_rear_guard():
    game = board("front_left")
    assert choice(game).kind == "act"
    game.state.players[0].circles["front_left"].rested = True
    assert choice(game).kind == "pass"
