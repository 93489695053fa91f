"""Engine events trigger the AUTO abilities of the card they are about, and flow timings
trigger every card in its zone: one focused test per engine timing with the built-in cards
(the card that uses the timing), driven through the game's own primitives and steps."""
from __future__ import annotations

import pytest

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game.rules import battle, damage, drive
from vanguard_fsm.game import deleted, zones
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.factory import compiled_flows
from vanguard_fsm.game.state import Battle
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.machine.registry import REGISTRY
from vanguard_fsm.paths import builtin_cards_dir
from vanguard_fsm.record.trace import TraceRecorder

DECK = "aurora-quick"


def board():
    hooks = Hooks()
    trace = TraceRecorder(hooks)
    game = sandbox(str(builtin_cards_dir()), DECK, hooks=hooks)
    return game, trace


def pending(trace):
    return [(e["card"], e["timing"]) for e in trace.of("ability") if e["step"] == "pending"]


def in_battle(game, attacker_circle, attacker, target="VC", booster=None):
    state = game.state
    state.in_battle_phase = True
    b = state.battle = Battle()
    b.set_attack(state, 0, attacker_circle, target)
    b.booster = booster
    b.target_is_vanguard = target == "VC"
    return b


def test_call_triggers_when_placed_on_r():
    game, trace = board()
    inst = add(game, 0, "AL-008", "hand")
    zones.call(game, 0, inst, "back_left")
    assert ("AL-008", "when_placed_on_R") in pending(trace)


def test_ride_triggers_when_placed_on_v_and_when_ridden_upon():
    game, trace = board()
    inst = add(game, 0, "AL-014", "hand")
    zones.ride(game, 0, inst)
    assert pending(trace) == [("AL-014", "when_placed_on_V"), ("AL-001", "when_ridden_upon")]


def test_stride_triggers_when_stride():
    game, trace = board()
    g = add(game, 0, "AL-017", "g_zone")
    zones.stride(game, 0, g, [])
    assert ("AL-017", "when_stride") in pending(trace)


def test_placed_on_v_or_r_triggers_when_placed():
    game, trace = board()
    inst = add(game, 0, "AL-013", "hand")
    zones.call(game, 0, inst, "front_left")
    assert ("AL-013", "when_placed") in pending(trace)


def test_attack_triggers_when_attacks_when_attacked_when_boosts():
    game, trace = board()
    attacker = add(game, 0, "AL-011", "front_left")
    add(game, 0, "AL-007", "back_left")
    add(game, 1, "TC-014", "VC")
    in_battle(game, "front_left", attacker, booster="back_left")
    battle.attack_declared(game)
    assert pending(trace) == [("AL-011", "when_attacks"), ("TC-014", "when_attacked"), ("AL-007", "when_boosts")]


def test_intercept_and_g_guardian_trigger():
    game, trace = board()
    attacker = add(game, 0, "AL-011", "front_left")
    add(game, 1, "AL-012", "front_left")
    add(game, 1, "AL-020", "g_zone")
    in_battle(game, "front_left", attacker)
    battle.intercept_apply(game, next(a for a in battle.intercept_legal(game, 1)))
    game.agenda.clear()
    g = game.state.players[1].g_zone[-1]
    p = game.state.players[1]
    p.hand.append(p.deck.pop())
    battle.to_gc(game, 1, p.g_zone.pop(), "g_guardian")
    assert pending(trace) == [("AL-012", "when_intercepts"), ("AL-020", "when_placed")]
    assert g is not None


@pytest.mark.parametrize("hit, vanguard, expected", [
    (True, True, [("AL-015", "when_attack_hits_vanguard")]),
    (False, True, [("TC-012", "when_not_hit")]),
    (True, False, [("TC-011", "when_hits")]),
])
def test_hit_event_triggers_hit_abilities(hit, vanguard, expected):
    """CR 7.7.1.4: nothing at the comparison; CR 7.7.1.7: the hit event after the damage checks."""
    game, trace = board()
    card = expected[0][0]
    circle = "VC" if card == "AL-015" else "front_left"
    attacker = add(game, 0, card, circle)
    target = "VC" if vanguard else "front_left"
    defender = add(game, 1, ("AL-014" if vanguard else "AL-007") if hit else "TC-016", target)
    if not hit:
        game.state.players[1].circles[target].power_battle = 50000
    in_battle(game, circle, attacker, target=target)
    damage.compare_power(game)
    assert pending(trace) == [] and defender
    assert not game.abilities.has_pending()          # not at the comparison (CR 7.7.1.4)
    damage.release_hit_abilities(game)               # the flow's resolve_hits step (CR 7.7.1.7)
    assert pending(trace) == expected
    assert game.abilities.has_pending()


def test_drive_and_damage_checks_trigger_on_the_revealed_card():
    game, trace = board()
    attacker = add(game, 0, "AL-014", "VC")
    add(game, 0, "AL-002", "deck")
    add(game, 1, "AL-003", "deck")
    b = in_battle(game, "VC", attacker)
    b.damage_left = 1
    drive.drive_check(game)
    damage.damage_check(game)
    assert pending(trace) == [("AL-002", "when_drive_check_reveals"), ("AL-003", "when_damage_check_reveals")]


def test_draw_and_put_into_drop():
    game, trace = board()
    game.state.turn_player = 0
    add(game, 0, "AL-004", "deck")
    zones.draw(game, 0)
    game.state.turn_player = 1
    add(game, 0, "AL-006", "front_left")
    zones.retire(game, 0, "front_left")
    assert pending(trace) == [("AL-004", "when_drawn"), ("AL-006", "when_put_into_drop")]


def flow_timing_cards():
    """(timing, card id, zone) of a built-in card for every flow timing."""
    out = {}
    for card in load_cards():
        for a in card.abilities:
            if a["kind"] == "AUTO" and a["timing"] in compiled_flows().spec.declared_timings() and "zone" in a \
                    and "effect" in a:   # played (a data-only ability triggers nothing), from a known zone
                out.setdefault(a["timing"], (card.id, a["zone"], a.get("conditions", ())))
    return sorted((t, *v) for t, v in out.items())


@pytest.mark.parametrize("timing, card_id, zone, conditions", flow_timing_cards())
def test_every_flow_timing_triggers_its_card(timing, card_id, zone, conditions):
    game, trace = board()
    state = game.state
    attacked = {"this_unit": {"role": "attacked"}} in conditions   # the card is the attacked unit (BT09-019, BT05-001)
    seat = 1 if "opponent_turn" in conditions or attacked else 0
    where = {"V": "VC", "R": "front_left", "GC": "GC"}.get(zone, {"G": "g_zone"}.get(zone, zone))
    add(game, seat, card_id, where)
    # satisfy the usual conditions of the built-in cards
    for p in state.players:
        p.damage.extend(p.deck.pop() for _ in range(4))
    if card_id in ("BT08-017",):          # from the bind zone: "the battle your grade 3 Tachikaze vanguard attacked"
        add(game, 0, "BT02-069", "VC")
    attacker = state.players[0].circles["VC"].card
    in_battle(game, "VC", attacker, target=where if attacked else "VC")   # attacked where it stands (V or R)
    if card_id in ("AL-001",):
        add(game, 0, "AL-014", "VC")
    if card_id in ("TC-009",):
        add(game, 0, "TC-014", "VC")
    if card_id in ("G-LJ-OKSIZZ",):      # "if your opponent's vanguard is deleted" (CR 10.26)
        deleted.delete(game, 1 - seat, "VC", state.players[1 - seat].circles["VC"])
    game.hooks.fire_timing(game, timing)
    assert (card_id, timing) in pending(trace)


def test_registered_engine_events_all_have_a_trigger_path():
    from vanguard_fsm.abilities.runtime.events import EVENT_TIMINGS
    assert set(REGISTRY.engine_events.names()) <= {
        "when_placed", "when_placed_on_V", "when_placed_on_R", "when_ridden_upon", "when_attacks", "when_attacked",
        "when_boosts", "when_intercepts", "when_hits", "when_attack_hits_vanguard", "when_not_hit",
        "when_put_into_drop", "when_drive_check_reveals", "when_damage_check_reveals", "when_stride", "when_drawn",
        "end_of_battle", "when_legion", "when_boosted", "when_leaves_hand_by_g_assist", "when_becomes_heart",
        "when_your_g_unit_strides", "when_your_unit_attacks", "when_your_unit_boosts",
        "when_in_harmony", "when_attack_hits_rear_guard", "when_opponent_rear_guard_put_into_drop",
        "when_your_drive_check_reveals", "when_opponent_card_unlocked", "when_unlocked",
        "when_opponent_rear_guard_locked", "when_put_into_bind", "when_your_unit_hits",
        "when_card_put_into_your_soul", "when_your_damage_check_reveals",
        "when_unit_placed", "when_card_put_into", "when_unit_stands", "when_unit_rests", "when_card_drawn"}   # watch.py
    assert {"call", "ride", "stride", "when_attacks", "guard", "drive_check",
            "damage_check", "draw", "legion", "put", "lock", "unlock", "stand", "rest"} <= set(EVENT_TIMINGS)
    # the hit event (CR 7.7.1.7: also on a rear-guard, and watched by your other cards: when_your_unit_hits,
    # tests/test_your_unit_hits.py) and every arrival in the drop zone (CR 10.3, 10.8:
    # also the opponent's rear-guards, watched) or the bind zone (CR 10.19) have their own paths
    from vanguard_fsm.abilities.runtime.layer import AbilityLayer
    assert callable(AbilityLayer.hit_event) and callable(AbilityLayer.on_zone_change)
