"""Counts and comparisons (issue 19): "+X for each Y", "N or more", "more than your opponent",
negative power, face-up cards in the G zone counted as Generation Break counts them (CR 11.12.1,
4.11.3). Fixture cards FX-50x; every count is read when it is needed (CONT: at every look,
CR 8.1.3; an effect: when it resolves, CR 8.5.4).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import ONE_CARD_HEAD, assert_one_located_lint_problem
from vanguard_fsm.abilities.language import counts
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.turn import act_apply, act_legal

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def board(card_id, where="front_left"):
    game = sandbox(CARDS, DECK)
    add(game, 0, card_id, where)
    p = game.state.players[0]
    return game, p, lambda: zones.power(game, p.circles[where]) - 9000


def play_act(game, card_id):
    act = next(a for a in act_legal(game, 0) if a.args[1].startswith(card_id))
    act_apply(game, act)
    run(game)


def test_power_for_each_other_rear_guard_follows_the_board():
    game, p, bonus = board("FX-501")
    assert bonus() == 0                                   # "other": itself does not count
    add(game, 0, "FX-011", "back_left")
    add(game, 0, "FX-011", "front_right")
    assert bonus() == 2000
    zones.retire(game, 0, "back_left")
    assert bonus() == 1000


def test_more_rear_guards_than_the_opponent():
    game, p, bonus = board("FX-502")
    add(game, 1, "FX-011", "front_left")
    assert bonus() == 0                                   # 1 against 1: not more
    add(game, 0, "FX-011", "back_left")
    assert bonus() == 1000
    add(game, 1, "FX-011", "back_left")
    assert bonus() == 0


def test_opponent_damage_at_most_and_hand_at_least():
    game, p, bonus = board("FX-503")
    opp = game.state.players[1]
    p.hand.extend(p.deck.pop() for _ in range(3))
    assert bonus() == 1000
    opp.damage.extend(opp.deck.pop() for _ in range(3))
    assert bonus() == 0
    opp.drop.append(opp.damage.pop())
    p.drop.append(p.hand.pop())
    assert bonus() == 0                                   # both must hold


def test_negative_power_on_the_opponents_vanguard():
    game, p, _ = board("FX-504")
    v = game.state.players[1].circles["VC"]
    before = zones.power(game, v)
    play_act(game, "FX-504")
    assert zones.power(game, v) == before - 3000


def test_face_up_g_zone_and_g_units_as_generation_break_counts_them():
    game, p, bonus = board("FX-505")
    unit = p.circles["front_left"]
    g = [add(game, 0, "FX-016", "g_zone") for _ in range(3)]
    assert (bonus(), zones.critical(game, unit)) == (0, 1)       # all face down
    p.g_face_up.add(g[0])
    assert (bonus(), zones.critical(game, unit)) == (500, 1)
    p.g_face_up.add(g[1])
    assert (bonus(), zones.critical(game, unit)) == (1000, 2)
    p.g_face_up.add(g[2])
    assert bonus() == 1000                                        # max: 2


def test_g_units_count_a_g_unit_on_the_vanguard_circle():
    game, p, _ = board("FX-505")
    ctx = Ctx(0, 0, "t", "continuous", 0)
    assert counts.value(game, ctx, {"count": "your_g_units"}) == 0
    inst = add(game, 0, "FX-016", "g_zone")
    p.g_zone.remove(inst)
    heart = p.circles["VC"]
    p.circles["VC"] = zones.new_unit(game, inst)
    p.circles["VC"].heart = heart.card
    assert counts.value(game, ctx, {"count": "your_g_units"}) == 1
    assert counts.value(game, ctx, {"count": "opponent_g_units"}) == 0


def test_draw_as_many_as_grade_1_cards_in_the_soul_read_on_resolution():
    game, p, _ = board("FX-506")
    p.soul.extend([add(game, 0, "FX-011", "deck"), add(game, 0, "FX-011", "deck"), add(game, 0, "FX-013", "deck")])
    for inst in p.soul:
        p.deck.remove(inst)
    hand = len(p.hand)
    play_act(game, "FX-506")
    assert len(p.hand) == hand + 2


def test_count_of_a_zone_with_filters_and_of_units():
    game, p, _ = board("FX-501")
    ctx = Ctx(0, 0, "t", "continuous", 0)
    p.drop.extend([add(game, 0, "FX-012", "deck"), add(game, 0, "FX-013", "deck")])
    for inst in p.drop:
        p.deck.remove(inst)
    assert counts.value(game, ctx, {"count": "your_drop", "grade_min": 3}) == 1
    assert counts.value(game, ctx, {"count": "your_units"}) == 2
    assert counts.value(game, ctx, {"count": "opponent_units", "times": -2}) == -2
    assert counts.compare(game, ctx, {"count": "your_drop"}, "equal_to", 2)


def test_a_comparison_with_none_or_some_agrees_with_the_counted_numbers():
    """`compare` with 0 or 1 asks only whether a card passes (the first decides): for every operator and
    right side, counts of 0, 1 and 2 cards, with and without filters, `other`, `plus`, `times` and `max`
    (where a count may be negative or capped at 0), it says what the counted numbers say."""
    game, p, _ = board("FX-501")
    ctx = Ctx(0, 0, "t", "continuous", p.circles["front_left"].placed)
    lefts = [{"count": "your_drop"}, {"count": "your_drop", "grade_min": 3}, {"count": "your_units", "other": True},
             {"count": "your_drop", "plus": -1}, {"count": "your_drop", "times": -1}, {"count": "your_drop", "max": 0}]
    for added in ("FX-012", "FX-013", "FX-013"):
        for left in lefts:
            n = counts.value(game, ctx, left)
            for op, fn in counts.OPERATORS.items():
                for right in (0, 1, 2):
                    assert counts.compare(game, ctx, left, op, right) == fn(n, right), (left, op, right, n)
        p.drop.append(add(game, 0, added, "deck"))
        p.deck.remove(p.drop[-1])
        add(game, 0, "FX-011", "back_left" if added == "FX-012" else "front_right")


HEAD = ONE_CARD_HEAD


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: CONT, zone: V, conditions: [{compare: [{count: your_rear_guard}, at_least, 2]}]}",
     "your_rear_guard}", "unknown count source 'your_rear_guard' (did you mean 'your_rear_guards'?)"),
    ("{kind: CONT, zone: V, conditions: [{compare: [{count: your_drop}, bigger, 2]}]}", "bigger",
     "unknown operator 'bigger'"),
    ("{kind: CONT, zone: V, conditions: [{compare: [{count: your_drop}, at_least]}]}", "[{count",
     "is [count, operator, count]"),
    ("{kind: CONT, zone: V, effect: {power: {count: your_drop, grde: 3}, target: self}}", "grde",
     "unknown target filter 'grde'"),
    ("{kind: CONT, zone: V, effect: {power: {cont: your_drop}, target: self}}", "{cont",
     "needs a whole number or a count"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {draw: -1}}", "-1", "needs a whole number >= 0"),
    ("{kind: CONT, zone: V, effect: {power: {count: your_drop, max: -1}, target: self}}", "-1",
     "max needs a whole number >= 0"),
])
def test_count_lint_is_located(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_counts_and_comparisons_lint_clean(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD + "     abilities: [{kind: CONT, zone: V, conditions: [{compare: [{count: opponent_damage}, "
                    "less_than, {count: your_face_up_g_zone, name: A}]}], effect: {power: -5000, "
                    "target: opponent_vanguard}}]}\n", encoding="utf-8")
    assert lint_cards(None, path) == []
