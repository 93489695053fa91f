"""The watcher timings with parameters (`abilities/runtime/watch.py`): each event triggers the real
cards whose `watch:` holds for it, and only those; bad `watch:` data is a located lint problem."""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities import runtime
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules import damage
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import builtin_cards_dir
from vanguard_fsm.record.trace import TraceRecorder

assert runtime   # the layer (and its watcher timings) registered


def board():
    hooks = Hooks()
    trace = TraceRecorder(hooks)
    return sandbox(str(builtin_cards_dir()), "aurora-quick", hooks=hooks), trace


def pending(trace, card):
    return [e["timing"] for e in trace.of("ability") if e["step"] == "pending" and e["card"] == card]


def test_placed_on_v_watched_from_a_rear_guard_circle_by_grade_and_clan():
    game, trace = board()
    add(game, 0, "BT10-043", "front_left")           # Gornement: a grade 3 Royal Paladin placed on VC
    zones.call(game, 0, add(game, 0, "BT01-001", "hand"), "front_right")    # on R: not watched
    zones.ride(game, 0, add(game, 0, "BT01-022", "hand"))                  # a Kagero: not watched
    assert pending(trace, "BT10-043") == []
    zones.ride(game, 0, add(game, 0, "BT01-001", "hand"))
    assert pending(trace, "BT10-043") == ["when_unit_placed"]


def test_placed_from_the_soul_another_card_watched_from_the_soul_and_that_unit():
    game, trace = board()
    add(game, 0, "BT03-050", "VC")                   # a Pale Moon vanguard
    me = add(game, 0, "BT15-079", "soul")            # Miss Direction watches from the soul
    zones.call(game, 0, add(game, 0, "BT03-050", "hand"), "front_left", source="hand")
    assert pending(trace, "BT15-079") == []          # from the hand: not from the soul
    zones.call(game, 0, add(game, 0, "BT03-050", "soul"), "front_right", source="soul")
    assert pending(trace, "BT15-079") == ["when_unit_placed"]
    check_timing(game)                               # pays (first action): it calls itself from the soul
    p = game.state.players[0]
    assert me not in p.soul and any(u.card == me for _, u in p.units())


def test_placed_by_the_opponent_is_not_yours_and_same_column():
    game, trace = board()
    add(game, 0, "TD10-006", "VC")                   # a Revenger vanguard
    add(game, 0, "BT12-021", "back_left")            # Dorint: Blaster Dark Revenger placed in its column
    zones.call(game, 1, add(game, 1, "TD10-006", "hand"), "front_left")     # the opponent's
    zones.call(game, 0, add(game, 0, "TD10-006", "hand"), "front_right")    # another column
    assert pending(trace, "BT12-021") == []
    zones.call(game, 0, add(game, 0, "TD10-006", "hand"), "front_left")
    assert pending(trace, "BT12-021") == ["when_unit_placed"]


def test_another_of_your_rear_guards_put_into_the_drop_zone():
    game, trace = board()
    add(game, 0, "BT03-004", "VC")                   # Gigarex: another of your Tachikaze rear-guards
    add(game, 0, "BT03-034", "front_left")           # Savage Warrior: the same, watched from R
    add(game, 0, "BT03-033", "front_right")
    add(game, 1, "BT03-033", "front_right")
    zones.retire(game, 1, "front_right")             # the opponent's: not watched
    assert pending(trace, "BT03-004") == []
    zones.retire(game, 0, "front_left")              # Savage Warrior itself: not another for it
    assert pending(trace, "BT03-004") == ["when_card_put_into"] and pending(trace, "BT03-034") == []
    zones.retire(game, 0, "front_right")
    assert pending(trace, "BT03-004") == ["when_card_put_into"] * 2


def test_a_damage_checked_card_is_put_into_your_damage_zone():
    game, trace = board()
    add(game, 0, "BT07-008", "VC")                   # Shamsiel: a card put into your damage zone
    game.state.turn_player = 1
    p = game.state.players[0]
    p.trigger.append(p.deck.pop())
    damage.trigger_card_to_damage(game)
    assert pending(trace, "BT07-008") == ["when_card_put_into"]


def test_a_card_put_into_the_opponents_bind_zone():
    game, trace = board()
    add(game, 0, "BT13-050", "front_left")           # Kokujyo: the opponent's card into their bind zone
    zones.put(game, 0, game.state.players[0].deck[-1], "deck", "bind", "effect")
    assert pending(trace, "BT13-050") == []
    zones.put(game, 1, game.state.players[1].deck[-1], "deck", "bind", "effect")
    assert pending(trace, "BT13-050") == ["when_card_put_into"]


def test_a_unit_of_this_column_stands():
    game, trace = board()
    riot = add(game, 0, "BT10-092", "back_left", rested=True)
    deity = add(game, 0, "BT06-008", "front_left", rested=True)
    add(game, 0, "BT06-008", "front_right", rested=True)
    p = game.state.players[0]
    zones.set_rested(game, 0, p.circles["front_right"], False)     # another column
    assert pending(trace, "BT10-092") == []
    zones.set_rested(game, 0, p.circles["front_left"], False)
    assert pending(trace, "BT10-092") == ["when_unit_stands"]
    check_timing(game)
    assert not p.circles["back_left"].rested and p.circles["back_left"].card == riot and deity


def test_you_draw_a_card():
    game, trace = board()
    add(game, 0, "TD04-006", "front_left")           # Sword Dancer Angel: each time you draw
    zones.draw(game, 1)
    assert pending(trace, "TD04-006") == []
    zones.draw(game, 0)
    assert pending(trace, "TD04-006") == ["when_card_drawn"]


def test_bad_watch_parameters_are_located(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(
        "cards:\n"
        "  - {id: X-1, name: X, clan: Pale Moon, nation: Dark Zone, race: Human, grade: 1, power: 5000,\n"
        "     shield: 5000, unit: normal, abilities: [\n"
        "       {kind: AUTO, zone: V, timing: when_unit_placed, watch: {circle: Q, anothr: true},\n"
        "        effect: {soul_charge: 1}},\n"
        "       {kind: AUTO, zone: V, timing: when_card_put_into, effect: {soul_charge: 1}},\n"
        "       {kind: AUTO, zone: V, timing: when_attacks, watch: {another: true}, effect: {soul_charge: 1}}]}\n")
    messages = [f"{p.line}: {p.message}" for p in lint_cards(cards_path=path)]
    assert any(m.startswith("4: ") and "circle is a circle or a list of circles" in m for m in messages), messages
    assert any(m.startswith("4: ") and "'anothr' (did you mean 'another'?)" in m for m in messages), messages
    assert any(m.startswith("6: ") and "when_card_put_into needs `watch: {to: ...}`" in m for m in messages), messages
    assert any(m.startswith("7: ") and "watch: holds the parameters of a watcher timing" in m for m in messages), messages


def test_a_rear_guard_rested_by_a_cost_or_a_boost_but_not_the_vanguard():
    game, trace = board()
    add(game, 0, "BT05-071", "VC")                   # Top Gun: your Nova Grappler rear-guards becoming rested
    add(game, 0, "BT01-030", "back_left")
    add(game, 1, "BT01-030", "back_left")
    zones.set_rested(game, 1, game.state.players[1].circles["back_left"], True)     # the opponent's
    zones.set_rested(game, 0, game.state.players[0].circles["VC"], True)            # no rear-guard
    assert pending(trace, "BT05-071") == []
    game.emit("boost", player=0, booster="back_left", card="BT01-030", boosted="VC")
    assert pending(trace, "BT05-071") == ["when_unit_rests"]


def test_that_card_is_the_card_the_watched_event_put_into_the_drop_zone():
    game, trace = board()
    game.runner.place(["game.turn", "turn.end_phase.end_of_turn_abilities"])
    p = game.state.players[0]
    mole = add(game, 0, "BT09-091", "back_left")     # Gardening Mole: that card back to the hand
    add(game, 0, "BT02-039", "front_right")          # a Great Nature rear-guard
    kept = add(game, 0, "BT02-039", "drop")          # another card of that name already in the drop zone
    p.damage.append(add(game, 0, "BT02-039", "hand"))
    p.hand.remove(p.damage[-1])
    zones.retire(game, 0, "front_right")
    assert pending(trace, "BT09-091") == ["when_card_put_into"]
    check_timing(game)                               # pays: Counter Blast 1, this unit into the soul
    dropped = next(i for i in p.hand if game.cards[i].id == "BT02-039")
    assert dropped != kept and kept in p.drop and mole in p.soul


def test_an_ability_given_to_a_unit_triggers_on_that_units_own_move_to_the_drop_zone():
    from vanguard_fsm.abilities.runtime import abstate
    game, trace = board()
    game.runner.place(["game.turn", "turn.end_phase.end_of_turn_abilities"])
    add(game, 0, "BT02-039", "front_left")
    add(game, 0, "BT02-039", "front_right")
    p = game.state.players[0]
    s = abstate.get(game)      # Blackboard Parrot's given "when this unit is put into the drop zone, draw"
    abstate.put(game, s._replace(granted=((p.circles["front_left"].placed, "BT08-102#2.give1", "turn"),)))
    zones.retire(game, 0, "front_right")             # not the unit it was given to
    assert [e["ability"] for e in trace.of("ability") if e["step"] == "pending"] == []
    zones.retire(game, 0, "front_left")              # CR 8.6.5.1.2: looked at as it was on the field
    assert [e["ability"] for e in trace.of("ability") if e["step"] == "pending"] == ["BT08-102#2.give1"]


def test_placed_by_a_cards_effect_on_the_opponents_field(tmp_path):
    """`whose: opponent, by_effect: true`: a superior call of the opponent's, not a normal call (CR 8.5.1.1)."""
    fixtures = Path(__file__).parent / "fixtures" / "abilities"
    cards = (fixtures / "cards.yaml").read_text() + (
        "  - {id: FX-901, name: Watcher, grade: 2, power: 9000, shield: 5000, unit: normal, abilities: [\n"
        "     {kind: AUTO, zone: R, timing: when_unit_placed, watch: {whose: opponent, circle: R, by_effect: true},\n"
        "      effect: {soul_charge: 1}}]}\n")
    (tmp_path / "cards.yaml").write_text(cards)
    hooks = Hooks()
    trace = TraceRecorder(hooks)
    game = sandbox(str(tmp_path / "cards.yaml"), str(fixtures / "deck.yaml"), hooks=hooks)
    add(game, 0, "FX-901", "back_left")
    zones.call(game, 1, add(game, 1, "FX-011", "hand"), "front_left")                 # played: by the rules
    zones.call(game, 0, add(game, 0, "FX-011", "deck"), "front_left", normal=False, source="deck")   # yours
    assert pending(trace, "FX-901") == []
    zones.call(game, 1, add(game, 1, "FX-011", "deck"), "front_right", normal=False, source="deck")
    assert pending(trace, "FX-901") == ["when_unit_placed"]
