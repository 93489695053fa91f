"""Ultimate Stride (issue 19; CR 11.42, 10.28.2.1, 10.28.6) with the real card G-BT13-001.

The skill is card data (`stride: {cost: [...], ultimate: true}`); the rules are the stride
step's decision kind `ultimate_stride` (offered while `g_zone_face_up_for_ultimate_stride`:
parameter ultimate_stride_g_face_up_min face-up G zone cards), the vanguard's nation, and the
end-phase step `remove_g_zone_after_ultimate_stride`.
"""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game.rules import g_calls
from vanguard_fsm.game import statuses, zones
from vanguard_fsm.game.state import Unit
from vanguard_fsm.machine.hooks import Hooks


def board(vanguard="BT01-004", face_up=3):
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(None, "kagero", fmt="standard", hooks=hooks)
    p = game.state.players[0]
    p.circles["VC"] = zones.new_unit(game, add(game, 0, vanguard, "hand"))
    p.hand.clear()
    add(game, 0, vanguard, "hand")
    p.g_zone.clear()
    for _ in range(face_up):
        p.g_face_up.add(add(game, 0, "G-KG-THEACE", "g_zone"))
    drachma = add(game, 0, "G-BT13-001", "g_zone")
    add(game, 0, "G-KG-VORTEXDESIRE", "g_zone")
    return game, p, drachma, events


def ids(actions):
    return [a.id for a in actions]


def test_offered_with_enough_face_up_g_zone_cards_and_the_vanguards_nation():
    game, p, drachma, _ = board()
    assert g_calls.g_zone_face_up_for_ultimate_stride(game)
    assert ids(g_calls.ultimate_stride_legal(game, 0)) == ["ultimate_stride:G-BT13-001"]
    assert "stride:G-BT13-001" not in ids(g_calls.stride_legal(game, 0))   # it has no normal Stride
    assert "stride:G-KG-VORTEXDESIRE" in ids(g_calls.stride_legal(game, 0))


def test_not_offered_with_too_few_face_up_cards_the_parameter_decides():
    game, p, drachma, _ = board(face_up=2)
    assert not g_calls.g_zone_face_up_for_ultimate_stride(game)
    game.params = {**game.params, "ultimate_stride_g_face_up_min": 2}
    assert g_calls.g_zone_face_up_for_ultimate_stride(game)


def test_another_nations_vanguard_cannot_ultimate_stride_it():
    game, p, drachma, _ = board(vanguard="BT01-002")    # Blaster Blade: United Sanctuary
    assert g_calls.ultimate_stride_legal(game, 0) == []


def test_the_cost_needs_a_card_with_the_vanguards_name():
    game, p, drachma, _ = board()
    p.hand.clear()
    add(game, 0, "BT01-013", "hand")                     # another grade 3: cannot pay
    assert g_calls.ultimate_stride_legal(game, 0) == []


def test_back_in_the_g_zone_it_takes_the_whole_g_zone_out_of_the_game():
    game, p, drachma, events = board()
    g_calls.remove_g_zone_after_ultimate_stride(game)    # nothing ultimate strode: nothing happens
    assert len(p.g_zone) == 5 and p.removed == []
    p.g_zone.remove(drachma)
    old = p.circles["VC"]
    unit = Unit(drachma)
    unit.heart = old.card
    p.circles["VC"] = unit
    statuses.add(game, statuses.seat_subject(0), "ultimate_strode", drachma, "turn")
    g_calls.remove_g_zone_after_ultimate_stride(game)    # still on VC: not yet
    assert p.removed == []
    zones.return_g_units(game, 0)
    g_calls.remove_g_zone_after_ultimate_stride(game)
    assert p.g_zone == [] and len(p.removed) == 5 and drachma in p.removed
    puts = [f for n, f in events if n == "put" and f["to"] == "removed"]
    assert len(puts) == 5 and all(f["cause"] == "rule_action" and f["ultimate_stride"] for f in puts)
    g_calls.remove_g_zone_after_ultimate_stride(game)    # once: the end phase's repeat loop does not redo it
    assert len(p.removed) == 5


# -- the heuristic agent's strategy (issue 19: Drachma in the built-in kagero deck) ----------

def _decision(game, kinds):
    from vanguard_fsm.game.rules import turn
    from vanguard_fsm.game.actions import Action, Decision
    legal = {"ultimate_stride": g_calls.ultimate_stride_legal, "stride": g_calls.stride_legal,
             "ride": turn.ride_legal}
    actions = [a for kind in kinds for a in legal[kind](game, 0)] + [Action("pass", "pass", 0)]
    return Decision(0, kinds[0], tuple(actions))


def _opponent_damage(game, n):
    for _ in range(n):
        add(game, 1, "BT01-016", "damage")


def test_the_heuristic_agent_ultimate_strides_once_the_opponent_is_near_the_end():
    from vanguard_fsm.agents.heuristic import HeuristicAgent
    game, p, drachma, _ = board()
    add(game, 0, "BT01-013", "hand")                      # grade 3: the normal stride's cost too
    game.state.players[1].circles["VC"] = zones.new_unit(game, add(game, 1, "BT01-004", "hand"))
    limit = game.params["damage_to_lose"][game.state.format]
    _opponent_damage(game, limit - 4)
    decision = _decision(game, ["ultimate_stride", "stride"])
    assert HeuristicAgent().choose(game, decision).id == "stride:G-KG-VORTEXDESIRE"   # not yet: keeps its G zone
    _opponent_damage(game, 1)
    assert HeuristicAgent().choose(game, decision).id == "ultimate_stride:G-BT13-001"


def test_while_drachma_waits_the_heuristic_agent_keeps_a_card_with_its_vanguards_name():
    from vanguard_fsm.agents.heuristic import HeuristicAgent
    game, p, drachma, _ = board(face_up=0)
    add(game, 0, "BT01-013", "hand")                      # Vortex Dragon: grade 3 too
    ride = _decision(game, ["ride"])
    assert HeuristicAgent().choose(game, ride).id == "pass"      # no ride over Dragonic Overlord
    g_calls.stride_choose(game, next(a for a in g_calls.stride_legal(game, 0)))
    g_calls.pay_stride_cost(game)                         # the stride cost asks which card to discard
    decision = game.pending
    assert decision.kind == "hand_grades_total"
    # both grade 3s could pay; the last Dragonic Overlord (the vanguard's name) stays
    assert game.cards[HeuristicAgent().choose(game, decision).args[0]].id == "BT01-013"
    p.g_zone.remove(drachma)                              # no Ultimate Stride waiting: it rides up as before
    assert HeuristicAgent().choose(game, _decision(game, ["ride"])).id.startswith("ride:")
