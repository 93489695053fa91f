"""Each ability effect (CR 8.2, 8.5.3.5), with choices made at resolution (CR 8.5.4).

An effect is written as card YAML would write it, compiled with the same parser,
and resolved for a source unit on the board.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.effects import basic as effects
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.spec import split_effect
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game.rules.turn import end_turn_effects
from vanguard_fsm.game import zones
from vanguard_fsm.game.state import Battle

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def setup(where="front_left", card="FX-012"):
    game = sandbox(CARDS, DECK)
    inst = add(game, 0, card, where)
    return game, game.state.players[0], inst


def resolve(game, inst, text, choose=lambda d: d.actions[0], seat=0):
    items = yaml.safe_load(text)
    items = items if isinstance(items, list) else [items]
    unit = next((u for _, u in game.state.players[seat].units() if u.card == inst), None)
    ctx = Ctx(seat, inst, "TEST#1", "test", unit.placed if unit else 0)
    effects.run(game, ctx, tuple(split_effect(i) for i in items), 0, (lambda g: None, ()))
    run(game, choose)


def pick(label):
    """Choose the action whose id ends with `label`, else the first."""
    return lambda d: next((a for a in d.actions if a.id.endswith(label)), d.actions[0])


def test_power_until_end_of_battle_and_turn():
    game, p, inst = setup()
    unit = p.circles["front_left"]
    game.state.battle = Battle()
    resolve(game, inst, "{power: 3000, target: self, until: battle}")
    resolve(game, inst, "{power: 2000, target: self, until: turn}")
    assert (unit.power_battle, unit.power_turn) == (3000, 2000)
    assert zones.power(game, unit) == 10000 + 5000


def test_until_battle_outside_a_battle_lasts_the_turn():
    game, p, inst = setup()
    resolve(game, inst, "{power: 3000, target: self, until: battle}")
    assert p.circles["front_left"].power_turn == 3000


def test_critical_and_shield():
    game, p, inst = setup()
    game.state.battle = Battle()
    g = add(game, 0, "FX-011", "GC")
    resolve(game, inst, "{critical: 1, target: self, until: battle}")
    assert zones.critical(game, p.circles["front_left"]) == 2
    resolve(game, g, "{shield: 5000, target: your_guardians}")
    assert p.gc[0].shield_battle == 5000


def test_choose_up_to_n_rear_guards_with_a_grade_filter():
    game, p, inst = setup("VC", "FX-013")
    add(game, 0, "FX-011", "front_left")
    add(game, 0, "FX-012", "front_right")      # grade 2: excluded by grade_max 1
    add(game, 0, "FX-014", "back_left")
    resolve(game, inst, "{power: 1000, target: {from: your_rear_guards, choose: 2, up_to: true, grade_max: 1}}")
    got = {c: u.power_turn for c, u in p.rear_guards()}
    assert got == {"front_left": 1000, "front_right": 0, "back_left": 1000}


def test_up_to_allows_choosing_none():
    game, p, inst = setup("VC", "FX-013")
    add(game, 0, "FX-011", "front_left")
    add(game, 0, "FX-014", "back_left")
    resolve(game, inst, "{power: 1000, target: {from: your_rear_guards, choose: 1, up_to: true}}", pick(":done"))
    assert all(u.power_turn == 0 for _, u in p.rear_guards())


def test_draw_soul_charge_counter_charge():
    game, p, inst = setup()
    deck = len(p.deck)
    p.damage.extend(p.deck.pop() for _ in range(2))
    p.face_down.update(p.damage)
    resolve(game, inst, "[{draw: 2}, {soul_charge: 1}, {counter_charge: 1}]")
    assert len(p.hand) == 2 and len(p.soul) == 1 and len(p.deck) == deck - 5
    assert len(p.face_down) == 1


def test_retire_an_opponent_rear_guard():
    game, p, inst = setup()
    other = add(game, 1, "FX-011", "front_right")
    resolve(game, inst, "{retire: {from: opponent_rear_guards, choose: 1}}")
    opp = game.state.players[1]
    assert opp.circles["front_right"] is None and opp.drop == [other]


def test_stand_and_rest():
    game, p, inst = setup()
    add(game, 0, "FX-011", "back_left", rested=True)
    resolve(game, inst, "{stand: {from: your_rear_guards, rested: true, choose: 1}}")
    assert not p.circles["back_left"].rested
    resolve(game, inst, "{rest: your_rear_guards}")
    assert all(u.rested for _, u in p.rear_guards())


def test_call_from_drop_soul_hand_and_deck():
    for zone in ("drop", "soul", "hand", "deck"):
        game, p, inst = setup()
        card = add(game, 0, "FX-014", zone)
        resolve(game, inst, f"{{call: {{from: {zone}, choose: 1, name: Fixture Page}}}}", pick("back_left"))
        assert p.circles["back_left"] is not None and p.circles["back_left"].card == card, zone
        assert card not in getattr(p, zone)


def test_call_separate_sends_each_card_to_a_circle_none_of_the_others_went_to():
    """`separate: true` ("to different rear-guard circles"): the second card is not offered the first's
    circle, so it cannot retire it; without it the first circle is offered again."""
    for separate in (True, False):
        game, p, inst = setup("VC")
        cards = [add(game, 0, "FX-014", "drop") for _ in range(2)]
        offered = []

        def choose(d):
            if d.kind == "ability_circle":
                offered.append({a.args[0] for a in d.actions})
                return next(a for a in d.actions if a.args[0] == "front_left") if len(offered) == 1 else d.actions[0]
            return d.actions[0]
        extra = ", separate: true" if separate else ""
        resolve(game, inst, f"{{call: {{from: drop, choose: 2, name: Fixture Page}}{extra}}}", choose)
        assert ("front_left" in offered[1]) is not separate
        if separate:
            assert {u.card for _, u in p.rear_guards()} == set(cards)


def test_call_same_column_calls_only_to_the_rear_guard_circle_of_this_units_column():
    """`circle: same_column` (CR 4.6.2): from VC to back_center, from front_right to back_right (an
    occupied one too: the unit there is retired later, RULES 3.3.4 a), with no circle to choose among; without
    it all five R circles are offered; a unit that left the field offers none: the card stays put."""
    for where, expected in (("VC", "back_center"), ("front_right", "back_right"), (None, None)):
        game, p, inst = setup(where or "front_left")
        if where is None:
            p.circles["front_left"] = None
        if where == "front_right":
            add(game, 0, "FX-014", "back_right")     # retired at the next check timing (CR 9.3.6)
        card = add(game, 0, "FX-014", "drop")
        offered = []

        def choose(d):
            if d.kind == "ability_circle":
                offered.append({a.args[0] for a in d.actions})
            return d.actions[0]
        resolve(game, inst, "{call: {from: drop, choose: 1, name: Fixture Page}, circle: same_column}", choose)
        assert offered == [], where
        on = [c for c, u in p.rear_guards() if u.card == card]
        assert on == ([expected] if expected else []), where
        assert (card in p.drop) is (where is None)
    game, p, inst = setup("VC")
    add(game, 0, "FX-014", "drop")
    offered = []
    resolve(game, inst, "{call: {from: drop, choose: 1, name: Fixture Page}}",
            lambda d: offered.append(len(d.actions)) or d.actions[0])
    assert offered[-1] == 5


def test_search_deck_to_hand_and_add_from_drop():
    game, p, inst = setup()
    resolve(game, inst, "{search: {grade: 3, choose: 1}}")
    assert game.cards[p.hand[-1]].grade == 3
    card = add(game, 0, "FX-011", "drop")
    resolve(game, inst, "{add_to_hand: {from: drop, choose: 1}}")
    assert p.hand[-1] == card and p.drop == []


def test_superior_ride_from_hand_ignores_grade():
    game, p, inst = setup()
    card = add(game, 0, "FX-013", "hand")      # grade 3 onto grade 0
    resolve(game, inst, "{superior_ride: {from: hand}}")
    assert p.circles["VC"].card == card and len(p.soul) == 1


def test_look_at_the_top_and_choose():
    game, p, inst = setup()
    top = p.deck[-3:]
    resolve(game, inst, "{look_top: 3, pick: {choose: 1}, to: hand}")
    assert p.hand[-1] in top and len(p.deck) == 25 - 1 - 1   # starter on VC, one taken


def test_move_to_the_other_circle_of_the_column():
    game, p, inst = setup()
    resolve(game, inst, "{move: self}")
    assert p.circles["front_left"] is None and p.circles["back_left"].card == inst


def test_give_another_ability_until_end_of_turn():
    game, p, _ = setup("back_left", "FX-011")
    giver = add(game, 0, "FX-201", "hand")
    zones.call(game, 0, giver, "front_left")          # AUTO when placed on R: give ...
    check_timing(game)
    assert len(abstate.get(game).granted) == 2       # both rear-guards
    assert zones.power(game, p.circles["back_left"]) == 7000 + 2000
    assert zones.power(game, p.circles["VC"]) == 5000  # not a rear-guard
    end_turn_effects(game)                             # the end phase: "until end of turn" is over
    assert zones.power(game, p.circles["back_left"]) == 7000


def test_deck_to_damage_puts_the_top_cards_face_up_without_a_damage_check():
    game, p, inst = setup()
    top = p.deck[-2:][::-1]
    resolve(game, inst, "{deck_to_damage: 2}")
    assert p.damage == top and not (set(top) & p.face_down)
    assert not p.trigger


def test_deck_to_damage_face_down():
    game, p, inst = setup()
    top = p.deck[-1]
    resolve(game, inst, "{deck_to_damage: 1, face: down}")
    assert p.damage == [top] and top in p.face_down
