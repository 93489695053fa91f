"""Filtered costs, G zone costs, reveal, the bind zone and unit moves (issue 19).

CR 10.3 (discard), 10.4 (retire), 10.9 (reveal: the cards stay where they are), 10.13 and
4.11.3 (turning G zone cards face up: G persona blast), 10.19 and 4.9 (bind), and units
put into a zone of their owner. Every movement is a trace v2 `put` (the completeness test
rebuilds the zones from them). Fixture cards FX-51x / FX-52x.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.turn import act_apply, act_legal
from vanguard_fsm.machine.hooks import Hooks

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def game_with(card_id, where="front_left"):
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(CARDS, DECK, hooks=hooks)
    add(game, 0, card_id, where)
    return game, game.state.players[0], events


def acts(game, card_id):
    return [a for a in act_legal(game, 0) if a.args[1].startswith(card_id)]


def play(game, card_id, choose=None):
    act_apply(game, acts(game, card_id)[0])
    run(game, choose) if choose else run(game)


def to_zone(game, seat, card_id, zone):
    return add(game, seat, card_id, zone)


def puts(events):
    return [f for name, f in events if name == "put"]


def test_discard_a_heal_trigger_only():
    game, p, _ = game_with("FX-511")
    to_zone(game, 0, "FX-003", "hand")
    assert acts(game, "FX-511") == []                 # a draw trigger is no heal trigger
    heal = to_zone(game, 0, "FX-004", "hand")
    play(game, "FX-511")
    assert p.drop == [heal]


def test_retire_cost_with_a_grade_filter():
    game, p, _ = game_with("FX-512")
    add(game, 0, "FX-012", "back_left")               # grade 2: does not pay
    assert acts(game, "FX-512") == []
    squire = add(game, 0, "FX-011", "back_right")
    play(game, "FX-512")
    assert p.circles["back_right"] is None and p.drop == [squire] and p.circles["back_left"] is not None


def test_g_persona_blast_turns_a_same_named_g_card_face_up():
    game, p, events = game_with("FX-011")
    g = to_zone(game, 0, "FX-513", "g_zone")
    emperor = to_zone(game, 0, "FX-513", "g_zone")
    p.g_zone.remove(emperor)
    heart = p.circles["VC"].card
    p.circles["VC"] = zones.new_unit(game, emperor)
    p.circles["VC"].heart = heart
    to_zone(game, 0, "FX-016", "g_zone")              # another name: cannot pay
    p.g_face_up.add(g)
    assert acts(game, "FX-513") == []                 # the same-named one is already face up
    p.g_face_up.discard(g)
    play(game, "FX-513")
    assert p.g_face_up == {g}
    assert puts(events)[-1] == {"player": 0, "card": "FX-513", "from": "g_zone", "to": "g_zone", "cause": "cost",
                                "face": "up", "from_face": "down", "ability": "FX-513#1"}


def test_g_face_up_cost_counts_face_down_g_cards():
    game, p, _ = game_with("FX-515")
    a, b = to_zone(game, 0, "FX-016", "g_zone"), to_zone(game, 0, "FX-016", "g_zone")
    p.g_face_up.add(a)
    assert acts(game, "FX-515") == []
    p.g_face_up.clear()
    play(game, "FX-515")
    assert p.g_face_up == {a, b}


def test_reveal_cost_keeps_the_card_in_hand():
    game, p, events = game_with("FX-516")
    to_zone(game, 0, "FX-012", "hand")
    assert acts(game, "FX-516") == []
    lord = to_zone(game, 0, "FX-013", "hand")
    play(game, "FX-516")
    assert lord in p.hand and ("reveal", {"player": 0, "cards": ["FX-013"], "from": "hand", "cause": "cost",
                                          "ability": "FX-516#1"}) in events


def test_bind_cost_from_the_drop_zone():
    game, p, events = game_with("FX-517")
    dropped = [to_zone(game, 0, "FX-011", "drop")]
    assert acts(game, "FX-517") == []
    dropped.append(to_zone(game, 0, "FX-012", "drop"))
    play(game, "FX-517")
    assert sorted(p.bind) == sorted(dropped) and p.drop == []
    assert [(f["from"], f["to"]) for f in puts(events)] == [("drop", "bind"), ("drop", "bind")]


def test_put_a_rear_guard_on_the_bottom_of_the_deck():
    game, p, events = game_with("FX-518")
    squire = add(game, 0, "FX-011", "back_left")
    play(game, "FX-518")
    assert p.circles["back_left"] is None and p.deck[0] == squire
    assert puts(events)[-1] == {"player": 0, "card": "FX-011", "from": "back_left", "to": "deck", "cause": "effect",
                                "bottom": True, "ability": "FX-518#1"}


def test_return_this_unit_to_hand():
    game, p, _ = game_with("FX-519")
    inst = p.circles["front_left"].card
    play(game, "FX-519")
    assert p.circles["front_left"] is None and inst in p.hand


def test_put_cards_from_the_drop_zone_into_the_bind_zone():
    game, p, _ = game_with("FX-520")
    to_zone(game, 0, "FX-011", "drop")
    lord = to_zone(game, 0, "FX-013", "drop")
    play(game, "FX-520")
    assert p.bind == [lord] and len(p.drop) == 1


def test_reveal_top_tests_the_card_and_resolves_then():
    game, p, events = game_with("FX-521")
    unit = p.circles["front_left"]
    to_zone(game, 0, "FX-012", "deck")                                # grade 2 on top: no hit
    play(game, "FX-521")
    assert zones.power(game, unit) == 9000 and ("reveal", {"player": 0, "cards": ["FX-012"], "from": "deck",
                                                           "cause": "effect", "ability": "FX-521#1"}) in events
    game.state.turn += 2                                              # once per turn
    lord = to_zone(game, 0, "FX-013", "deck")
    play(game, "FX-521")
    assert zones.power(game, unit) == 14000 and p.hand[-1] == lord


def test_a_named_card_in_the_soul_and_a_same_named_rear_guard():
    game, p, _ = game_with("FX-522")
    add(game, 0, "FX-523", "front_right")
    power = lambda c: zones.power(game, p.circles[c]) - 9000   # noqa: E731
    assert (power("front_left"), power("front_right")) == (0, 0)
    to_zone(game, 0, "FX-013", "soul")
    add(game, 0, "FX-523", "back_right")
    assert (power("front_left"), power("front_right"), power("back_right")) == (1000, 1000, 1000)


def test_a_g_unit_put_into_the_hand_goes_to_the_g_zone_face_up():
    game, p, events = game_with("FX-518")
    g = add(game, 0, "FX-016", "back_left")
    play(game, "FX-518")
    assert g in p.g_zone and g in p.g_face_up and g not in p.deck
    assert puts(events)[-1]["to"] == "g_zone" and puts(events)[-1]["face"] == "up"


def test_reveal_until_calls_the_first_match_and_puts_the_rest_under_the_deck():
    game, p, events = game_with("FX-524")
    p.deck.clear()
    bottom = to_zone(game, 0, "FX-011", "deck")
    lord = to_zone(game, 0, "FX-013", "deck")
    above = [to_zone(game, 0, "FX-012", "deck"), to_zone(game, 0, "FX-014", "deck")]   # the top is the end
    play(game, "FX-524", lambda d: next(a for a in d.actions if a.id.endswith("back_left")) if
         d.kind == "ability_circle" else d.actions[0])
    assert p.circles["back_left"].card == lord
    assert p.deck == [above[0], above[1], bottom]            # the others under the deck, in the order shown
    revealed = [f for name, f in events if name == "reveal"]
    assert revealed == [{"player": 0, "cards": ["FX-014", "FX-012", "FX-013"], "from": "deck", "cause": "effect",
                         "ability": "FX-524#1"}]


def test_reveal_until_two_matches_calls_the_chosen_one_and_hands_the_other():
    """`count: 2` reveals until the second match; `one_to: call` calls the one chosen, the other goes
    `to` the hand; `others: shuffle` leaves the rest in the deck, shuffled (Claret Sword Dragon
    'Revolt'). With one match only, it goes to `one_to` (called) and nothing to the hand."""
    game, p, events = game_with("FX-547")
    p.deck.clear()
    bottom = to_zone(game, 0, "FX-013", "deck")
    page = to_zone(game, 0, "FX-014", "deck")
    lord = to_zone(game, 0, "FX-013", "deck")
    squire = to_zone(game, 0, "FX-011", "deck")
    knight = to_zone(game, 0, "FX-012", "deck")                    # the top
    asked = []

    def choose(d):
        asked.append(d.kind)
        if d.kind == "ability_card":
            return next(a for a in d.actions if a.id == "ability_card:FX-014")
        return next(a for a in d.actions if a.id.endswith("back_left"))
    play(game, "FX-547", choose)
    assert asked == ["ability_card", "ability_circle"]
    assert p.circles["back_left"].card == page and p.hand == [squire]
    assert sorted(p.deck) == sorted([bottom, lord, knight])       # not the one under the second match
    revealed = [f["cards"] for name, f in events if name == "reveal"]
    assert revealed == [["FX-012", "FX-011", "FX-013", "FX-014"]]
    assert any(name == "shuffle" for name, _ in events)
    game, p, _ = game_with("FX-547")
    p.deck.clear()
    only = to_zone(game, 0, "FX-011", "deck")
    to_zone(game, 0, "FX-013", "deck")
    play(game, "FX-547", lambda d: next(a for a in d.actions if a.id.endswith("back_left")))
    assert p.circles["back_left"].card == only and p.hand == []


def test_retire_this_unit_as_a_cost():
    game, p, events = game_with("FX-525")
    inst = p.circles["front_left"].card
    play(game, "FX-525")
    assert p.circles["front_left"] is None and p.drop == [inst]
    assert ("retire", {"player": 0, "card": "FX-525", "from": "front_left", "to": "drop"}) in events
    game2, _, _ = game_with("FX-525", "VC")
    assert acts(game2, "FX-525") == []                # not from the vanguard circle


def test_count_the_cards_on_the_vanguard_circle_with_the_heart():
    game, p, _ = game_with("FX-526")
    power = lambda: zones.power(game, p.circles["front_left"]) - 9000   # noqa: E731
    assert power() == 0
    lord = add(game, 0, "FX-013", "VC")
    assert power() == 1000
    g = add(game, 0, "FX-016", "g_zone")
    p.g_zone.remove(g)
    p.circles["VC"] = zones.new_unit(game, g)
    p.circles["VC"].heart = lord                     # the heart is on VC too (CR 10.27)
    assert power() == 1000




@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: ACT, zone: V, cost: [{discard: {choose: 1, trigger: heal, grde: 1}}], effect: {draw: 1}}", "grde",
     "unknown target filter 'grde'"),
    ("{kind: ACT, zone: V, cost: [{discard: {trigger: heal}}], effect: {draw: 1}}", "{trigger",
     "write how many as `choose: N`"),
    ("{kind: ACT, zone: V, cost: [{g_face_up: {choose: 1, same_name_as: slef}}], effect: {draw: 1}}", "slef",
     "unknown target selector 'slef'"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {put: self, to: pocket}}", "pocket",
     "put.to is one of hand, soul, bind, deck_top, deck_bottom"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {reveal_top: 1, then: [{powr: 1}]}}", "{powr",
     "unknown ability effect 'powr'"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {put_cards: {from: pocket}}}", "pocket",
     "cards come from one of"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {reveal_until: {grade: 1}, count: two}}", "two",
     "reveal_until.count needs a whole number"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {reveal_until: {grade: 1}, one_to: drop}}", "drop",
     "reveal_until.one_to is one of hand, call"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {look_top: 5, to: hand, rested: true}}",
     "true}", "`rested` is an option of a call, so it goes with `to: call`"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {look_top: 5, to: call, order: any}}",
     "any}", "goes with `others: deck_bottom`"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {reveal_until: {grade: 1}, circle: open}}",
     "open}", "goes with `to: call` (got to: hand)"),
    ("{kind: ACT, zone: V, cost: [g_persona_blast], effect: {look_top: 5, to: ride, others: top}}", "top}",
     "look_top.others is one of shuffle, deck_bottom"),
])
def test_new_terms_lint_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_reveal_this_card_and_rest_the_vanguard_as_costs():
    """A hand ACT's "show this card and rest your grade 2 or greater vanguard" (Cruel Dragon, CR 10.9.1.1):
    `reveal` takes the card whose ability it pays only with `this_card`; `rest` takes standing units of a
    target of yours (a rested or lower-grade vanguard cannot pay)."""
    game, p, events = game_with("FX-012", "VC")            # a grade 2 vanguard
    shown = to_zone(game, 0, "FX-534", "hand")              # the only card it could show is itself
    v = p.circles["VC"]
    v.rested = True
    assert acts(game, "FX-534") == []                       # the vanguard is rested: the rest cost cannot be paid
    v.rested = False
    play(game, "FX-534")
    assert v.rested and shown in p.hand
    reveals = [f for name, f in events if name == "reveal"]
    assert [f["cards"] for f in reveals] == [["FX-534"]] and reveals[0]["ability"] == "FX-534#1"
    game2, p2, _ = game_with("FX-011", "VC")                # a grade 1 vanguard: below grade_min 2
    to_zone(game2, 0, "FX-534", "hand")
    assert acts(game2, "FX-534") == []


def test_a_rear_guard_put_into_the_drop_zone_in_the_main_phase_is_remembered_for_the_turn():
    """`opponent_rear_guard_dropped_during`: the opponent's rear-guard retired in this main phase makes it
    hold, for this turn only; the master's own rear-guard does not count."""
    game, p, _ = game_with("FX-535")
    mine = add(game, 0, "FX-011", "back_left")
    assert acts(game, "FX-535") == []
    zones.retire(game, 0, "back_left")                      # our own rear-guard: not the opponent's
    assert mine in p.drop and acts(game, "FX-535") == []
    add(game, 1, "FX-011", "front_left")
    zones.retire(game, 1, "front_left")
    assert len(acts(game, "FX-535")) == 1
    game.state.turn += 1                                    # another turn: forgotten
    assert acts(game, "FX-535") == []


def test_the_drops_are_recorded_only_in_a_game_whose_cards_ask_for_them():
    """A rear-guard put into the drop zone is remembered (`AbState.dropped`) only when a card of the game
    says `opponent_rear_guard_dropped_during` (kagero: Cruel Dragon), not on every game's retires."""
    from vanguard_fsm.abilities.runtime import abstate
    from vanguard_fsm.abilities import new_game_with_abilities
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import load_deck
    db = load_cards()
    for name, asks in (("kagero", True), ("royal-paladin", False)):
        deck = load_deck(name, db)
        game = new_game_with_abilities(1, [deck, deck])
        assert game.abilities.records_turn is asks
        add(game, 1, deck.starter, "front_left")
        zones.retire(game, 1, "front_left")
        assert bool(abstate.get(game).dropped) is asks, name


def _top(game, seat, *card_ids):
    """Put these cards on top of the deck, the first on top."""
    return [add(game, seat, card_id, "deck") for card_id in reversed(card_ids)][::-1]


def test_look_at_the_top_cards_and_superior_ride_one_the_rest_under_the_deck():
    """Drangal's line (`look_top` with `to: ride`, `others: deck_bottom`): the named card among the top
    three is ridden (it becomes `that`, so "if you rode, no normal ride" holds), the other two go under the
    deck in the order looked at, no shuffle."""
    game, p, events = game_with("FX-011", "VC")
    add(game, 0, "FX-536", "front_left")
    squire, lord, scout = _top(game, 0, "FX-011", "FX-013", "FX-012")
    below = list(p.deck[:-3])
    play(game, "FX-536")
    assert p.circles["VC"].card == lord
    assert p.deck[:2] == [scout, squire] and p.deck[2:] == below     # bottom first: the first looked at lowest
    assert ("ride", {"player": 0, "card": "FX-013", "grade": 3, "onto_grade": 1, "normal": False, "ridden": "FX-011",
                     "from": "deck"}) in events
    assert not any(name == "shuffle" for name, _ in events)
    from vanguard_fsm.game import statuses
    assert statuses.values(game, statuses.seat_subject(0), "no_normal_ride")


def test_look_at_the_top_cards_without_the_named_card_rides_nothing():
    game, p, events = game_with("FX-011", "VC")
    add(game, 0, "FX-536", "front_left")
    looked = _top(game, 0, "FX-011", "FX-012", "FX-012")
    vanguard = p.circles["VC"].card
    play(game, "FX-536")
    assert p.circles["VC"].card == vanguard and p.deck[:3] == looked[::-1]
    from vanguard_fsm.game import statuses
    assert not statuses.values(game, statuses.seat_subject(0), "no_normal_ride")
