"""Time Leap (issue 19; CR 10.31, 11.32): bind, call grade + 1 from the deck, undo at the end of the turn.

Fixture card FX-533 time leaps up to two of your rear-guards, then gives `that` (the units
called) +3000. The end of the leap is the compiled ability's delayed part, standing by with
"at the beginning of end phase" (CR 6.8.1.3), fired here by hand.
"""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.game import statuses
from vanguard_fsm.game.rules.turn import act_apply, act_legal
from vanguard_fsm.machine.hooks import Hooks

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def pick(*labels):
    """Answer each decision with the first action whose id ends with one of `labels` (in turn), else 'done'."""
    todo = list(labels)

    def choose(d):
        for label in list(todo):
            hit = next((a for a in d.actions if a.id.endswith(label)), None)
            if hit is not None:
                todo.remove(label)
                return hit
        return next((a for a in d.actions if a.id.endswith(":done")), d.actions[0])
    return choose


def board():
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(CARDS, DECK, hooks=hooks)
    p = game.state.players[0]
    p.deck.clear()
    keeper = add(game, 0, "FX-533", "front_right")
    squire = add(game, 0, "FX-011", "front_left")     # grade 1
    knight = add(game, 0, "FX-012", "back_left")      # grade 2
    return game, p, events, keeper, squire, knight


def leap(game, choose):
    act = next(a for a in act_legal(game, 0) if a.args[1].startswith("FX-533"))
    act_apply(game, act)
    run(game, choose)


def test_each_bound_rear_guard_is_replaced_by_a_card_one_grade_higher_and_comes_back():
    game, p, events, keeper, squire, knight = board()
    page = add(game, 0, "FX-014", "deck")             # grade 1: never called for a grade 1
    knight2 = add(game, 0, "FX-012", "deck")          # grade 2 for the squire
    lord = add(game, 0, "FX-013", "deck")             # grade 3 for the knight
    leap(game, pick("front_left", "back_left", "FX-012", "front_left", "FX-013", "back_right"))
    assert sorted(p.bind) == sorted([squire, knight])
    assert p.circles["front_left"].card == knight2 and p.circles["back_right"].card == lord
    assert p.circles["back_left"] is None and page in p.deck
    # `that` is the units called: both got +3000
    assert p.circles["front_left"].power_turn == 3000 and p.circles["back_right"].power_turn == 3000
    called = [f for n, f in events if n == "call" and f.get("time_leap") == "called"]
    assert [f["from"] for f in called] == ["deck", "deck"] and any(n == "shuffle" for n, _ in events)
    # at the end of the turn: each called unit goes under the deck and its bound card is called back
    check_timing(game)
    assert p.circles["front_left"].card == knight2            # not before its timing
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game, pick("back_center", "front_left"))
    assert p.bind == [] and p.deck[:2] in ([knight2, lord], [lord, knight2])
    placed = {u.card: c for c, u in p.units()}
    assert placed[squire] == "back_center" and placed[knight] == "front_left"
    returned = [f for n, f in events if n == "put" and f.get("time_leap") == "returned"]
    assert {f["to"] for f in returned} == {"deck"} and all(f["bottom"] for f in returned)
    assert abstate.get(game).delayed == ()


def test_the_grade_step_is_the_rules_parameter():
    game, p, events, keeper, squire, knight = board()
    game.params = {**game.params, "time_leap_grade_step": 2}
    knight2 = add(game, 0, "FX-012", "deck")
    lord = add(game, 0, "FX-013", "deck")
    leap(game, pick("front_left", "FX-013", "front_left"))    # grade 1 + 2: only the grade 3 is offered
    assert p.circles["front_left"].card == lord and knight2 in p.deck


def test_a_called_unit_that_left_the_field_leaves_its_bound_card_bound():
    game, p, events, keeper, squire, knight = board()
    knight2 = add(game, 0, "FX-012", "deck")
    leap(game, pick("front_left", "FX-012", "front_left"))
    unit = p.circles["front_left"]
    assert statuses.values(game, statuses.unit_subject(unit), "time_leap_bound") == [squire]
    p.circles["front_left"] = None                    # retired meanwhile (CR 4.1.4: a new object elsewhere)
    p.drop.append(knight2)
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game)
    assert p.bind == [squire] and all(u.card != squire for _, u in p.units())


def test_nothing_found_binds_anyway_and_sets_no_return():
    game, p, events, keeper, squire, knight = board()
    add(game, 0, "FX-011", "deck")                    # no grade 2 in the deck
    leap(game, pick("front_left"))
    assert p.bind == [squire] and p.circles["front_left"] is None
    assert abstate.get(game).delayed == ()


def test_a_unit_whose_grade_an_effect_lowered_searches_from_that_grade():
    """The grade searched for is the bound unit's as it was on the field (CR 10.31.2 read with the
    unit's grade as effects changed it, CR 2.4.2): Confusion Cockatrice's "grade -1, then time leap"
    calls a card of the printed grade (its real-card scenario
    cockatrice_time_leaps_chrono_dran_whose_chronojet_returns_to_the_hand)."""
    game, p, events, keeper, squire, knight = board()
    statuses.add(game, statuses.unit_subject(p.circles["front_left"]), "grade", -1, "turn")
    page = add(game, 0, "FX-014", "deck")             # grade 1: the squire's printed grade
    add(game, 0, "FX-012", "deck")                    # grade 2: what its printed grade + 1 would call
    leap(game, pick("front_left", "FX-014", "front_left"))
    assert squire in p.bind and p.circles["front_left"].card == page
