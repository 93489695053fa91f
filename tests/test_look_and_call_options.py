"""Looking at the top of the deck, the call options and "draw up to" (CR 3.13, 10.7, 10.9, 10.10, 10.11).

`look_top` shuffles only when the card says so (a look is no search, CR 3.13.1 vs 10.10; CR 10.11.1.1),
so a looked-at card may be called and the rest put under the deck, in the order the player chooses
("in any order"); "look at up to N" stops when the player likes (CR 3.13.3). Every call term takes the
options `circle: open` and `rested: true` (`calling.py`); `reveal_top` calls exactly the card it revealed.
Fixture cards: FX-011 (grade 1), FX-012 (grade 2), FX-013 (grade 3).
"""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add

from test_abilities_effects import resolve, setup


def script(*labels):
    """Answer decisions with the actions whose ids end with these labels, in order; then the first action."""
    todo = list(labels)

    def choose(d):
        if todo:
            found = next((a for a in d.actions if a.id.endswith(todo[0])), None)
            assert found is not None, (todo[0], [a.id for a in d.actions])
            todo.pop(0)
            return found
        return d.actions[0]
    return choose


def top(game, *card_ids):
    """Put these cards on top of seat 0's deck, the first on top; their instances, top first."""
    return [add(game, 0, c, "deck") for c in reversed(card_ids)][::-1]


def events_of(game):
    out = []
    game.hooks.on("event", lambda g, name, fields: out.append((name, dict(fields))))
    return out


def test_a_looked_at_card_is_called_to_an_open_circle_and_the_rest_go_under_in_the_chosen_order():
    """`to: call`, `circle: open`, `others: deck_bottom`, `order: any`: no shuffle; an occupied circle is
    not offered; the player puts the others under the deck one at a time (the first chosen highest)."""
    game, p, inst = setup("front_left")
    events = events_of(game)
    knight, squire, lord = top(game, "FX-012", "FX-011", "FX-013")
    below = list(p.deck[:-3])
    offered = []
    answer = script("ability_card:FX-011", "ability_circle:back_left", "ability_card:FX-013")

    def choose(d):
        offered.append([a.id for a in d.actions])
        return answer(d)
    resolve(game, inst, "{look_top: 3, pick: {choose: 1, up_to: true, grade: 1}, to: call, circle: open,"
                        " others: deck_bottom, order: any}", choose)
    assert p.circles["back_left"].card == squire
    assert "ability_circle:front_left" not in offered[1]          # occupied: not an open circle
    assert p.deck[:2] == [knight, lord] and p.deck[2:] == below    # the lord put first, the knight under it
    assert not any(name == "shuffle" for name, _ in events)


def test_without_order_the_rest_go_under_in_the_order_looked_at_and_a_call_may_go_onto_a_unit():
    game, p, inst = setup("front_left")
    knight, squire, lord = top(game, "FX-012", "FX-011", "FX-013")
    resolve(game, inst, "{look_top: 3, pick: {choose: 1, up_to: true, grade: 1}, to: call, others: deck_bottom}",
            script("ability_card:FX-011", "ability_circle:front_left"))
    assert p.circles["front_left"].card == squire                 # not `open`: the unit there is replaced
    assert p.deck[:2] == [lord, knight]


def test_a_call_rested_is_placed_at_rest_and_the_trace_says_so():
    game, p, inst = setup("front_left")
    events = events_of(game)
    top(game, "FX-011", "FX-012")
    resolve(game, inst, "{look_top: 2, pick: {choose: 1, grade: 1}, to: call, rested: true}",
            script("ability_card:FX-011", "ability_circle:back_left"))
    assert p.circles["back_left"].rested
    call = next(f for name, f in events if name == "call")
    assert call["rested"] is True and call["from"] == "deck"
    assert any(name == "shuffle" for name, _ in events)            # the default: the printed "shuffle"


def test_look_at_up_to_n_stops_when_the_player_says_so():
    """CR 3.13.3: "up to two": after the first card the player ends the look; only it may be chosen."""
    game, p, inst = setup("front_left")
    squire, lord = top(game, "FX-011", "FX-013")
    resolve(game, inst, "{look_top: 2, up_to: true, pick: {choose: 1, up_to: true}, to: soul, others: deck_bottom}",
            script("ability_card:next", "ability_card:done", "ability_card:done"))
    assert p.soul == [] and p.deck[0] == squire and p.deck[-1] == lord     # looked at: the squire alone
    resolve(game, inst, "{look_top: 2, up_to: true, pick: {choose: 1, up_to: true}, to: soul}",
            script("ability_card:next", "ability_card:next", "ability_card:FX-013"))
    assert p.soul == [lord]


def test_the_chosen_card_goes_under_the_deck_or_stays_on_top():
    """"Look at the top card and put it on the top or the bottom" (`to: deck_bottom`, `others: deck_top`)."""
    game, p, inst = setup("front_left")
    knight, squire = top(game, "FX-012", "FX-011")
    resolve(game, inst, "{look_top: 1, pick: {choose: 1, up_to: true}, to: deck_bottom, others: deck_top}",
            script("ability_card:done"))
    assert p.deck[-1] == knight
    resolve(game, inst, "{look_top: 1, pick: {choose: 1, up_to: true}, to: deck_bottom, others: deck_top}",
            script("ability_card:FX-012"))
    assert p.deck[0] == knight and p.deck[-1] == squire


def test_reveal_the_chosen_card_then_drop_it_and_the_rest_to_the_drop_zone():
    game, p, inst = setup("front_left")
    events = events_of(game)
    knight, squire = top(game, "FX-012", "FX-011")
    resolve(game, inst, "{look_top: 2, pick: {choose: 1, grade: 2}, reveal: true, to: hand, others: drop}")
    assert knight in p.hand and p.drop == [squire]
    assert [f["cards"] for name, f in events if name == "reveal"] == [["FX-012"]]


def test_reveal_top_calls_the_revealed_card_without_a_shuffle_or_else_shuffles():
    game, p, inst = setup("front_left")
    events = events_of(game)
    squire, knight = top(game, "FX-011", "FX-012")
    effect = "{reveal_top: 1, test: {grade: 1}, to: call, circle: open, else: [{shuffle: you}]}"
    resolve(game, inst, effect, script("ability_circle:back_left"))
    assert p.circles["back_left"].card == squire and p.deck[-1] == knight
    assert not any(name == "shuffle" for name, _ in events)
    resolve(game, inst, effect)                                     # a grade 2 on top: not called, shuffled
    assert knight in p.deck and [name for name, _ in events].count("shuffle") == 1


def test_call_to_an_open_circle_only_and_none_when_every_circle_is_taken():
    game, p, inst = setup("front_left")
    for circle in ("back_left", "back_center", "front_right", "back_right"):
        add(game, 0, "FX-012", circle)
    squire = add(game, 0, "FX-011", "hand")
    resolve(game, inst, "{call: {from: hand, choose: 1}, circle: open}")
    assert squire in p.hand                                         # no open circle: it stays


def test_draw_up_to_n_stops_when_the_player_says_so():
    game, p, inst = setup("front_left")
    hand = len(p.hand)
    resolve(game, inst, "{draw_up_to: 3}", script("ability_card:draw", "ability_card:done"))
    assert len(p.hand) == hand + 1
    resolve(game, inst, "{draw_up_to: 2}", script("ability_card:draw", "ability_card:draw"))
    assert len(p.hand) == hand + 3


def test_a_call_to_the_guardian_circle_is_only_for_the_attacked_player_in_a_battle():
    """CR 10.7.1.3.1: `circle: guardian` places the card at rest on GC as a guardian of the attacked unit
    (a `guard` with `how: call`); outside a battle, or for the turn player, nothing is called."""
    from vanguard_fsm.game.state import Battle
    game, p, inst = setup("front_left")
    events = events_of(game)
    squire, knight = top(game, "FX-011", "FX-012")
    effect = "{reveal_top: 1, test: {grade: 1}, to: call, circle: guardian}"
    resolve(game, inst, effect)
    assert p.deck[-1] == squire and p.gc == []                     # no battle: it stays on top
    game.state.turn_player = 1                                       # seat 1 attacks seat 0's vanguard
    add(game, 1, "FX-012", "front_left")
    game.state.battle = Battle()
    game.state.battle.set_attack(game.state, 1, "front_left", "VC")
    resolve(game, inst, effect)
    assert [u.card for u in p.gc] == [squire] and p.gc[0].rested and p.gc[0].guarding == "VC"
    guard = next(f for name, f in events if name == "guard")
    assert (guard["how"], guard["from"], guard["card"]) == ("call", "deck", "FX-011")
