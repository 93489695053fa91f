"""Lock (issue 19; CR 10.22, 10.24, 3.8.1, 4.6.7, 6.8.1.1.2) with the real card BT13-S07.

A locked card is kept in `Player.locked`, not among the units: selectors, calls and moves
do not see it or use its circle; the end-phase step `unlock_locked_cards` unlocks the turn
player's locked cards as new, standing units.
"""
from __future__ import annotations

from vanguard_fsm.abilities.language import counts
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game.rules import turn
from vanguard_fsm.game import zones
from vanguard_fsm.machine.hooks import Hooks


def board():
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(None, "kagero", fmt="standard", hooks=hooks)
    p0, p1 = game.state.players
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT13-S07", "hand"))
    p0.hand.clear()
    add(game, 0, "BT13-S07", "hand")
    p0.damage.append(p0.deck.pop())
    knight = add(game, 1, "BT01-022", "front_left", rested=True)
    return game, p0, p1, knight, events


def lock_front_left(game):
    act = next(a for a in turn.act_legal(game, 0) if a.args[1].startswith("BT13-S07"))
    turn.act_apply(game, act)
    run(game)


def test_a_locked_card_is_no_unit_and_its_circle_takes_no_call_or_move():
    game, p0, p1, knight, events = board()
    lock_front_left(game)
    assert p1.circles["front_left"] is None and p1.locked == {"front_left": knight}
    assert knight in p1.all_instances() and turn.zone_sizes(game, 1)["front_left"] == 1
    ctx = Ctx(0, p0.circles["VC"].card, "T#1", "test", p0.circles["VC"].placed)
    assert candidates(game, ctx, "opponent_rear_guards")[0] == []        # CR 3.8.1: not a unit
    assert counts.value(game, ctx, {"count": "opponent_locked"}) == 1
    add(game, 1, "BT01-016", "hand")                  # grade 0: callable over the starting vanguard
    add(game, 1, "BT01-016", "back_left")
    game.state.turn_player = 1
    calls = {a.args[1] for a in turn.call_legal(game, 1)}
    assert "front_left" not in calls and "back_left" in calls                # CR 4.6.7: a lock circle
    assert all("front_left" not in a.id for a in turn.move_legal(game, 1))
    assert ("lock", {"player": 1, "card": "BT01-022", "circle": "front_left", "ability": "BT13-S07#2", "by": 0}) in events


def test_unlocked_at_the_end_of_its_owners_turn_only_standing_and_new():
    game, p0, p1, knight, events = board()
    lock_front_left(game)
    turn.unlock_locked_cards(game)                # player 0's end phase: not their card
    assert p1.locked == {"front_left": knight}
    game.state.turn_player = 1
    turn.unlock_locked_cards(game)
    unit = p1.circles["front_left"]
    assert p1.locked == {} and unit.card == knight and not unit.rested      # CR 10.24.3: standing
    assert [n for n, _ in events if n in ("unlock", "call")] == ["unlock"]  # CR 10.24.4: not placed


def test_a_locked_g_unit_goes_to_the_g_zone_face_up():
    game, p0, p1, knight, events = board()
    p1.circles["front_left"] = None
    g = add(game, 1, "G-KG-THEACE", "front_left")
    lock_front_left(game)
    assert p1.locked == {} and g in p1.g_zone and g in p1.g_face_up     # CR 10.22.8
