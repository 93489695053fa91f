"""Delete (issue 19; CR 10.26, 6.8.1.1.2) with the real cards Daunting Deletor, Oksizz and
King of Knights, Alfred (the CR's own example in 10.26.3).

A deleted unit stays a unit on its circle, face down: original power 0 (modifiers still add),
none of its printed abilities (AUTO, ACT, CONT: "cannot be boosted" included), the rest of its
characteristics kept; the end-phase step `return_deleted_units` turns its master's deleted units
face up at the end of that player's turn, not of the turn it was deleted in.
"""
from __future__ import annotations

from vanguard_fsm.abilities.mechanics import cont_restrictions
from vanguard_fsm.abilities.language.conditions import all_hold
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.spec import split_item
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game import deleted, zones
from vanguard_fsm.game.rules import turn
from vanguard_fsm.machine.hooks import Hooks

OKSIZZ, ALFRED = "G-LJ-OKSIZZ", "BT01-001"


def board(damage=("G-LJ-OKSIZZ",) * 3):
    """Player 0: Oksizz on VC, a rear-guard, three face-up damage; player 1: Alfred on VC with
    +2000 until end of turn (CR 10.26.3's example) and two Royal Paladin rear-guards."""
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(None, "royal-paladin", fmt="standard", hooks=hooks)
    p0, p1 = game.state.players
    add(game, 0, OKSIZZ, "VC")
    add(game, 0, "BT01-044", "back_left")
    for card in damage:
        add(game, 0, card, "damage")
    add(game, 1, ALFRED, "VC")
    alfred = p1.circles["VC"]
    alfred.modified("power", 2000, "turn", "test")
    add(game, 1, "BT01-021", "front_left")
    add(game, 1, "BT01-044", "back_center")
    for card in ("BT01-021",) * 3:
        add(game, 1, card, "damage")
    return game, p0, p1, alfred, events


def delete_with_oksizz(game):
    act = next(a for a in turn.act_legal(game, 0) if a.args[1].startswith(OKSIZZ))
    turn.act_apply(game, act)
    run(game)


def test_oksizz_deletes_the_opponents_vanguard_and_pays_with_deletors_and_a_rear_guard():
    game, p0, p1, alfred, events = board()
    delete_with_oksizz(game)
    assert deleted.is_deleted(game, alfred) and p1.circles["VC"] is alfred      # same unit, same circle
    assert ("delete", {"player": 1, "card": ALFRED, "circle": "VC", "ability": f"{OKSIZZ}#1"}) in events
    assert p0.circles["back_left"] is None and len(p0.soul) == 1                 # the rear-guard into the soul
    assert len(p0.face_down) == 3                                               # Counter Blast 3
    assert zones.power(game, p0.circles["VC"]) == 21000
    ctx = Ctx(0, p0.circles["VC"].card, f"{OKSIZZ}#1", "test", p0.circles["VC"].placed)
    assert all_hold(game, ctx, (split_item({"opponent_vanguard_is": {"deleted": True}}),))
    assert candidates(game, ctx, {"from": "opponent_vanguard", "deleted": True, "grade": 3})[0]   # grade kept


def test_the_counter_blast_takes_only_deletor_cards():
    game, *_ = board(damage=("BT01-021",) * 3)
    assert not [a for a in turn.act_legal(game, 0) if a.args[1].startswith(OKSIZZ)]


def test_an_ender_named_in_japanese_pays_the_deletor_counter_blast():
    """Ender (染み渡る根絶者 ヱンダー, the Japanese printing) is a Deletor: Oksizz's cost names both
    name parts (`name_contains: [Deletor, 根絶者]`), so two Enders and an Oksizz pay Counter Blast 3."""
    game, p0, *_ = board(damage=("G-LJ-ENDER", "G-LJ-ENDER", OKSIZZ))
    assert any(a.args[1].startswith(OKSIZZ) for a in turn.act_legal(game, 0))
    delete_with_oksizz(game)
    assert len(p0.face_down) == 3


def test_a_deleted_unit_has_original_power_0_and_no_printed_text():
    """CR 10.26.3: Alfred with +2000 is deleted: power 2000, and with no text it can be boosted."""
    game, p0, p1, alfred, events = board()
    game.state.turn_player = 1                           # Alfred's CONT: +2000 per rear-guard in his turn
    assert zones.power(game, alfred) == 10000 + 2000 + 2 * 2000
    assert not cont_restrictions.allows(game, 1, alfred, "be_boosted")
    assert any(a.args[1].startswith(ALFRED) for a in turn.act_legal(game, 1))
    game.state.turn_player = 0
    delete_with_oksizz(game)
    game.state.turn_player = 1
    assert zones.power(game, alfred) == 2000                                     # 0 + the +2000 modifier
    assert cont_restrictions.allows(game, 1, alfred, "be_boosted")              # lost: cannot be boosted
    assert not any(a.args[1].startswith(ALFRED) for a in turn.act_legal(game, 1))   # lost: its ACT
    alfred.modified("power", -3000, "turn", "test")                            # CR 10.26.8: reduced as usual
    assert zones.power(game, alfred) == -1000


def test_returned_face_up_at_the_end_of_its_masters_turn_only():
    game, p0, p1, alfred, events = board()
    delete_with_oksizz(game)
    turn.return_deleted_units(game)                      # player 0's end phase: not their unit
    assert deleted.is_deleted(game, alfred)
    game.state.turn_player = 1
    turn.return_deleted_units(game)                      # CR 6.8.1.1.2: its master's end phase
    assert not deleted.is_deleted(game, alfred) and p1.circles["VC"] is alfred
    assert ("undelete", {"player": 1, "card": ALFRED, "circle": "VC"}) in events
    assert zones.power(game, alfred) == 10000 + 2000 + 2 * 2000


def test_ridden_upon_a_deleted_vanguard_goes_to_the_soul_without_its_when_ridden_upon():
    """CR 10.26.11, 10.26.3: Barcgal's 'when ridden upon' is text the deleted unit no longer has."""
    def ride_over_barcgal(delete_first):
        game, p0, p1, alfred, events = board()
        add(game, 1, "BT01-003", "VC")                   # Barcgal
        barcgal = p1.circles["VC"]
        if delete_first:
            delete_with_oksizz(game)
            assert deleted.is_deleted(game, barcgal)
        game.state.turn_player = 1
        knight = add(game, 1, "BT01-044", "hand")
        zones.ride(game, 1, knight)
        ride = next(f for n, f in events if n == "ride")
        pending = [f for n, f in events if n == "ability" and f["step"] == "pending" and f["card"] == "BT01-003"]
        return game, p1, ride, pending, barcgal
    game, p1, ride, pending, barcgal = ride_over_barcgal(False)
    assert pending and "ridden_deleted" not in ride
    game, p1, ride, pending, barcgal = ride_over_barcgal(True)
    assert not pending and ride["ridden_deleted"] is True and barcgal.card in p1.soul
    turn.return_deleted_units(game)                      # the status of a unit that left goes too
    assert not any(n == "deleted" for _, n, _, _ in game.state.statuses)


def ride_phase_of_the_deleted_player(hand, answer):
    """Player 1's ride phase begins with its Alfred deleted: Oksizz's AUTO asks it to discard or give up the ride."""
    game, p0, p1, alfred, events = board()
    delete_with_oksizz(game)
    game.state.turn_player = 1
    p1.hand.clear()
    for card in hand:
        add(game, 1, card, "hand")
    game.hooks.fire_timing(game, "beginning_of_ride_phase")
    asked = []

    def choose(decision):
        asked.append(decision.kind)
        wanted = [a for a in decision.actions
                  if a.id.startswith(f"effect_cost:{answer}") or a.id == "discard:BT01-021"]
        return wanted[0] if wanted else decision.actions[0]
    check_timing(game, choose)
    return game, p1, asked


def test_oksizz_the_opponent_declines_to_discard_and_cannot_normal_ride():
    game, p1, asked = ride_phase_of_the_deleted_player([ALFRED, "BT01-021"], "decline")
    assert "ability_cost" in asked and len(p1.hand) == 2
    assert turn.ride_legal(game, 1) == []                       # status no_normal_ride
    add(game, 0, OKSIZZ, "hand")
    assert turn.ride_legal(game, 0)                             # only that player's


def test_oksizz_the_opponent_discards_and_keeps_its_normal_ride():
    game, p1, asked = ride_phase_of_the_deleted_player([ALFRED, "BT01-021"], "pay")
    assert len(p1.hand) == 1 and len(p1.drop) == 1
    assert turn.ride_legal(game, 1)


def test_oksizz_an_opponent_with_no_card_to_discard_is_not_asked_and_cannot_ride():
    game, p1, asked = ride_phase_of_the_deleted_player([], "pay")    # CR 8.5.2.3: the cost cannot be paid
    assert "ability_cost" not in asked
    assert any(n == "no_normal_ride" for _, n, _, _ in game.state.statuses)


def test_a_delayed_delete_inside_if_then_is_compiled_and_found_by_its_content():
    """Ender's 'if ..., at the end of that turn delete': KEY.later2.1 (spec._nested_later), and lint
    accepts a delayed effect in if / pay / opponent (give and time_leap stay refused there)."""
    from vanguard_fsm.abilities.effects.delayed import _later_key
    from vanguard_fsm.abilities.language.spec import compile_card
    game, *_ = board()
    ender = game.db["G-LJ-ENDER"]
    specs = {s.key: s for s in compile_card(ender)}
    later = specs["G-LJ-ENDER#1.later2.1"]
    assert later.timing == "beginning_of_end_phase" and later.effects == (("delete", "opponent_vanguard", ()),)
    assert _later_key(game, "G-LJ-ENDER#1", 0, "at_end_of_turn", [{"delete": "opponent_vanguard"}]) == later.key
