"""An effect waives the cost of its player's next stride this turn (issue 19, stride variants;
CR 8.5.2.4, 11.11.1, 11.42.3; RULES 3.3.3.2): the effect `waive_stride_cost` (Dragheart, Luard's
Ritual 3) leaves the seat status `stride_cost_waived`; the stride step offers the G units whose
cost cannot be paid, the pay step (`flows/turn.yaml: stride_pay_cost`) pays nothing and uses the
waiver up, and the `stride` event says `cost_waived: true`. The Stride skill and its cost stay
card data; Ultimate Stride is never waived (CR 11.42.3).
"""
from __future__ import annotations

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game.rules import g_calls
from vanguard_fsm.game import statuses, zones
from vanguard_fsm.game.actions import Action, Decision
from vanguard_fsm.machine.hooks import Hooks


def board(deck="shadow-paladin", vanguard="G-SP-LUARD", g_units=("G-SP-AURAGEYSER",)):
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(None, deck, fmt="standard", hooks=hooks)
    for seat in (0, 1):
        p = game.state.players[seat]
        p.circles["VC"] = zones.new_unit(game, add(game, seat, vanguard, "hand"))
        p.hand.clear()
    p = game.state.players[0]
    p.g_zone.clear()
    for g in g_units:
        add(game, 0, g, "g_zone")
    return game, p, events


def waive(game, seat=0):
    """Resolve the registered effect for `seat` (what Luard's Ritual does once paid)."""
    done = []
    ABILITIES.effects["waive_stride_cost"].fn(game, Ctx(seat, 0, "T#1", "t", 0), None, {},
                                              (lambda g: done.append(True), ()), 0)
    while game.agenda:
        fn, args = game.agenda.pop()
        fn(game, *args)
    assert done == [True]     # the ability goes on to its next step


def ids(actions):
    return [a.id for a in actions]


def test_without_the_waiver_an_empty_hand_cannot_pay_the_stride_cost():
    game, p, _ = board()
    assert g_calls.stride_legal(game, 0) == []     # Aurageyser Dragon: grade total 3 from the hand


def test_the_waived_stride_is_offered_paid_with_nothing_and_uses_the_waiver_up():
    game, p, events = board()
    add(game, 0, "BT04-001", "hand")               # a grade 3 that would pay the cost: it stays
    waive(game)
    waive(game, seat=1)                            # the opponent's waiver is not this player's
    assert statuses.values(game, statuses.seat_subject(0), "stride_cost_waived") == ["next"]
    offered = g_calls.stride_legal(game, 0)
    assert ids(offered) == ["stride:G-SP-AURAGEYSER"]
    g_calls.stride_choose(game, offered[0])
    g_calls.pay_stride_cost(game)
    assert game.pending is None                    # no discard asked
    while game.agenda:
        fn, args = game.agenda.pop()
        fn(game, *args)
    g_calls.stride_chosen_g_unit(game)
    assert len(p.hand) == 1 and p.drop == []
    assert game.cards[p.circles["VC"].card].id == "G-SP-AURAGEYSER"
    strides = [f for n, f in events if n == "stride"]
    assert strides and strides[-1].get("cost_waived") is True
    # used up: the next stride (an effect's, another turn's) pays its cost again
    assert "next" not in statuses.values(game, statuses.seat_subject(0), "stride_cost_waived")
    assert "next" in statuses.values(game, statuses.seat_subject(1), "stride_cost_waived")
    add(game, 0, "G-SP-AURAGEYSER", "g_zone")
    p.hand.clear()
    assert g_calls.stride_legal(game, 0) == []


def test_a_stride_that_pays_its_cost_says_no_waiver():
    game, p, events = board()
    add(game, 0, "BT04-001", "hand")
    g_calls.stride_choose(game, g_calls.stride_legal(game, 0)[0])
    g_calls.pay_stride_cost(game)
    while game.pending is not None or game.agenda:
        if game.pending is not None:
            game.apply(game.pending.actions[0])
        else:
            fn, args = game.agenda.pop()
            fn(game, *args)
    g_calls.stride_chosen_g_unit(game)
    assert len(p.drop) == 1
    assert "cost_waived" not in [f for n, f in events if n == "stride"][-1]


def test_the_waiver_ends_with_the_turn():
    game, p, _ = board()
    waive(game)
    statuses.end(game, "turn")
    assert g_calls.stride_legal(game, 0) == []


def test_ultimate_stride_is_never_waived():
    """CR 11.42.3: effects that change the cost for stride do not apply to Ultimate Stride's."""
    game, p, _ = board(deck="kagero", vanguard="BT01-004", g_units=("G-BT13-001",))
    for _ in range(3):
        p.g_face_up.add(add(game, 0, "G-KG-THEACE", "g_zone"))
    assert g_calls.ultimate_stride_legal(game, 0) == []      # no Dragonic Overlord in the hand
    waive(game)
    assert g_calls.ultimate_stride_legal(game, 0) == []
    add(game, 0, "BT01-004", "hand")
    assert ids(g_calls.ultimate_stride_legal(game, 0)) == ["ultimate_stride:G-BT13-001"]


def test_the_heuristic_agent_strides_when_the_cost_is_waived():
    from vanguard_fsm.agents.heuristic import HeuristicAgent
    game, p, _ = board()
    waive(game)
    decision = Decision(0, "stride", tuple(g_calls.stride_legal(game, 0)) + (Action("pass", "pass", 0),))
    assert HeuristicAgent().choose(game, decision).id == "stride:G-SP-AURAGEYSER"


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: beginning_of_ride_phase, effect: {waive_stride_cost: 2}}", "2}", "takes no argument"),
    ("{kind: AUTO, zone: V, timing: beginning_of_ride_phase, effect: {waive_stride_cost: , until: battle}}",
     "until", "has no parameter 'until'"),
    ("{kind: AUTO, zone: V, timing: beginning_of_ride_phase, effect: waive_stride_costs}", "waive_stride_costs",
     "unknown ability effect"),
])
def test_the_waiver_is_linted(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
