"""Check timing with abilities (CR 8.4.1, 8.6): AUTO abilities become pending when they
trigger and resolve at the next check timing, rule actions first, the turn player's
first in the order that player chooses, then the non-turn player's; optional costs may
be declined; an ability triggers once per occurrence; "when hits" waits for the damage
checks (CR 7.7.1.3-7.7.1.7).
"""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.game.state import Battle
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def traced(**kw):
    hooks = Hooks()
    trace = TraceRecorder(hooks)
    return sandbox(CARDS, DECK, hooks=hooks, **kw), trace


def steps(trace):
    return [(e["player"], e["card"], e["step"]) for e in trace.of("ability")]


def test_pending_ability_event_has_the_contract_fields():
    game, trace = traced()
    add(game, 0, "FX-401", "back_left")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    (event,) = trace.of("ability")
    assert {k: event[k] for k in ("player", "card", "kind", "timing", "step")} == \
        {"player": 0, "card": "FX-401", "kind": "AUTO", "timing": "beginning_of_main_phase", "step": "pending"}
    assert game.abilities.has_pending()


def test_nothing_resolves_before_the_check_timing():
    game, trace = traced()
    add(game, 0, "FX-401", "back_left")
    hand = len(game.state.players[0].hand)
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    assert len(game.state.players[0].hand) == hand
    check_timing(game)
    assert len(game.state.players[0].hand) == hand + 1
    assert steps(trace) == [(0, "FX-401", "pending"), (0, "FX-401", "resolved")]
    assert not game.abilities.has_pending()


def test_turn_player_chooses_the_order_of_their_abilities():
    game, trace = traced()
    add(game, 0, "FX-401", "back_left")
    add(game, 0, "FX-402", "back_right")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    seen = []

    def choose(d):
        seen.append((d.kind, d.player, sorted(d.ids())))
        return d.actions[-1]            # the soul charge (second pending) first
    check_timing(game, choose)
    assert seen[0] == ("ability_order", 0, ["play_ability:FX-401#1@beginning_of_main_phase",
                                            "play_ability:FX-402#1@beginning_of_main_phase"])
    assert [s for s in steps(trace) if s[2] == "resolved"] == [(0, "FX-402", "resolved"), (0, "FX-401", "resolved")]


def test_turn_player_resolves_before_the_non_turn_player():
    game, trace = traced(turn_player=1)
    add(game, 0, "FX-401", "back_left")
    add(game, 1, "FX-402", "back_left")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    assert [s[0] for s in steps(trace)] == [1, 0]        # the turn player's trigger first too
    check_timing(game)
    assert [s[:2] for s in steps(trace) if s[2] == "resolved"] == [(1, "FX-402"), (0, "FX-401")]


def test_an_ability_triggered_while_resolving_waits_for_its_turn_in_cr_order():
    # the non-turn player's pending ability is played only once the turn player has none
    game, trace = traced()
    add(game, 1, "FX-401", "back_left")
    add(game, 0, "FX-402", "back_left")
    add(game, 0, "FX-401", "back_right")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    check_timing(game)
    resolved = [s[0] for s in steps(trace) if s[2] == "resolved"]
    assert resolved == [0, 0, 1]


def test_optional_cost_paid_or_declined():
    for answer, step in (("pay", "resolved"), ("decline", "declined")):
        game, trace = traced()
        p = game.state.players[0]
        add(game, 0, "FX-403", "back_left")
        p.soul.append(p.deck.pop())
        hand = len(p.hand)
        game.hooks.fire_timing(game, "beginning_of_main_phase")
        check_timing(game, lambda d: next(a for a in d.actions if f":{answer}:" in a.id))
        assert steps(trace)[-1] == (0, "FX-403", step)
        assert (len(p.soul), len(p.hand)) == ((0, hand + 1) if answer == "pay" else (1, hand))


def test_unpayable_cost_is_declined():
    game, trace = traced()
    add(game, 0, "FX-403", "back_left")              # empty soul: cannot soul blast
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    check_timing(game)
    assert steps(trace)[-1] == (0, "FX-403", "declined")


def test_triggers_once_per_occurrence_and_once_per_turn_is_not_paid_twice():
    game, trace = traced()
    p = game.state.players[0]
    add(game, 0, "FX-401", "back_left")
    hand = len(p.hand)
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    check_timing(game)
    assert len(p.hand) == hand + 2                    # two occurrences, two resolutions
    # once per turn: two boosts pending in one check timing, only one resolves
    add(game, 0, "FX-012", "front_left")
    add(game, 0, "FX-404", "back_left")
    b = game.state.battle = Battle()
    b.set_attack(game.state, 0, "front_left", "VC")
    b.booster = "back_left"
    game.emit("when_attacks", player=0, circle="front_left")
    game.emit("when_attacks", player=0, circle="front_left")
    check_timing(game)
    assert [s[2] for s in steps(trace) if s[1] == "FX-404"] == ["pending", "pending", "resolved", "declined"]
    game.emit("when_attacks", player=0, circle="front_left")     # used this turn: does not trigger
    assert [s[2] for s in steps(trace) if s[1] == "FX-404"][-1] == "declined"


def test_rule_actions_come_before_pending_abilities():
    game, trace = traced()
    p = game.state.players[1]
    add(game, 0, "FX-401", "back_left")
    game.hooks.fire_timing(game, "beginning_of_main_phase")
    p.damage.extend(p.deck.pop() for _ in range(4))    # quick format: 4 damage loses (CR 9.2)
    check_timing(game)
    assert game.state.result == (0, 1, "damage")
    assert [s[2] for s in steps(trace)] == ["pending"]


def test_when_hits_triggers_after_the_damage_checks_check_timing():
    """CR 7.7.1.4: no 'when hits' at the comparison; 7.7.1.6: the damage check's abilities
    resolve; 7.7.1.7: the hit event, where 'when hits' becomes stand by; 7.7.1.8: it resolves."""
    game, trace = traced()
    state = game.state
    attacker = add(game, 0, "FX-405", "front_left", rested=True)      # AUTO when hits: draw 1
    add(game, 1, "FX-406", "deck")                                  # on top: revealed by the damage check
    state.in_battle_phase = True
    b = state.battle = Battle()
    b.set_attack(state, 0, "front_left", "VC")
    b.target_is_vanguard = True
    game.runner.place(["game.turn", "turn.battle_phase", "battle.guard_step"])
    while state.battle is not None:
        d = game.advance()
        game.apply(next((a for a in d.actions if a.id == "pass"), d.actions[0]))
    events = [(e["event"], e.get("card"), e.get("step")) for e in trace.events
              if e["event"] in ("battle_result", "damage_check", "ability")]
    assert events == [
        ("battle_result", None, None),
        ("damage_check", "FX-406", None),
        ("ability", "FX-406", "pending"),
        ("ability", "FX-406", "resolved"),         # the CR 7.7.1.6 check timing
        ("ability", "FX-405", "pending"),          # the hit event (CR 7.7.1.7) ...
        ("ability", "FX-405", "resolved"),         # ... and its check timing (CR 7.7.1.8)
    ]
    paths = [e["path"] for e in trace.events if e["event"] == "state"]
    first_resolved = next(i for i, e in enumerate(trace.events) if e.get("step") == "resolved")
    assert "battle.resolve_hits" in [e["path"] for e in trace.events[:first_resolved] if e["event"] == "state"]
    assert paths
