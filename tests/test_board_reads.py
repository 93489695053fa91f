"""The filters `same_column`, `shares_name`, `face_up` and the conditions `attack_hit`, `rode_upon`
(issue 28 item 2; `reads/board_reads.py`): each asked directly of a board set by hand."""
from __future__ import annotations

from pathlib import Path

from helpers import assert_one_located_lint_problem

from vanguard_fsm.abilities.language import counts
from vanguard_fsm.abilities.language.filters import passes
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game.state import Battle

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def _ctx(game, seat, circle, timing="t") -> Ctx:
    unit = game.state.players[seat].circles[circle]
    return Ctx(seat, unit.card, "k", timing, unit.placed)


def _passes(game, ctx, name, seat, circle) -> bool:
    unit = game.state.players[seat].circles[circle]
    return passes(game, ctx, ((name, True),), game.cards[unit.card], unit)


def test_same_column_is_this_units_column_of_its_masters_field():
    game = sandbox(CARDS, DECK)
    for circle in ("front_left", "back_left", "front_right"):
        add(game, 0, "FX-011", circle)
    add(game, 1, "FX-011", "front_left")
    ctx = _ctx(game, 0, "front_left")
    assert _passes(game, ctx, "same_column", 0, "back_left")
    assert not _passes(game, ctx, "same_column", 0, "front_right")
    assert not _passes(game, ctx, "same_column", 1, "front_left")    # the opponent's field


def test_shares_name_needs_another_unit_of_that_name_on_its_masters_circles():
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-011", "front_left")
    add(game, 0, "FX-014", "front_right")
    ctx = _ctx(game, 0, "front_left")
    assert not _passes(game, ctx, "shares_name", 0, "front_left")
    add(game, 0, "FX-011", "back_left")
    assert _passes(game, ctx, "shares_name", 0, "front_left")
    assert not _passes(game, ctx, "shares_name", 0, "front_right")


def test_face_up_tells_the_damage_zone_cards_apart():
    game = sandbox(CARDS, DECK)
    up, down = add(game, 0, "FX-011", "damage"), add(game, 0, "FX-014", "damage")
    game.state.players[0].face_down.add(down)
    ctx = _ctx(game, 0, "VC")
    filters = (("face_up", True),)
    assert passes(game, ctx, filters, game.cards[up], None, up)
    assert not passes(game, ctx, filters, game.cards[down], None, down)


def test_attack_hit_reads_this_battles_result_and_none_outside_a_battle():
    game = sandbox(CARDS, DECK)
    hit = ABILITIES.conditions["attack_hit"].fn
    ctx = _ctx(game, 0, "VC")
    assert not hit(game, ctx, None)
    game.state.battle = Battle()
    game.state.battle.set_attack(game.state, 0, "VC", "VC")
    assert not hit(game, ctx, None)
    game.state.battle.hit = True
    assert hit(game, ctx, None)


def test_rode_upon_reads_the_souls_top_card_on_the_ride_timing_only():
    game = sandbox(CARDS, DECK)
    rode = ABILITIES.conditions["rode_upon"].fn
    add(game, 0, "FX-011", "soul")
    assert rode(game, _ctx(game, 0, "VC", "when_placed_on_V"), {"name": "Fixture Squire"})
    assert not rode(game, _ctx(game, 0, "VC", "when_placed_on_V"), {"name": "Fixture Page"})
    assert not rode(game, _ctx(game, 0, "VC", "when_attacks"), {"name": "Fixture Squire"})


def test_lint_refuses_an_argument_to_a_flag_filter(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: AUTO, zone: R, timing: when_attacks, effect: {stand: {from: your_rear_guards, same_column: left}}}",
        "left}}}", "filter 'same_column' is written `same_column: true`")


def test_open_rear_guard_circles_count_the_empty_unlocked_circles_of_one_or_both_fighters():
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-011", "front_left")
    add(game, 1, "FX-011", "back_right")
    game.state.players[1].locked["front_left"] = add(game, 1, "FX-014", "hand")    # a lock circle is not open
    game.state.players[1].hand.pop()
    ctx = _ctx(game, 0, "VC")
    assert counts.value(game, ctx, {"count": "your_open_rear_guard_circles"}) == 4
    assert counts.value(game, ctx, {"count": "open_rear_guard_circles", "times": 2000}) == (4 + 3) * 2000


def test_lint_refuses_a_filter_on_a_circle_count(tmp_path):
    assert_one_located_lint_problem(
        tmp_path, "{kind: CONT, zone: V, effect: {power: {count: open_rear_guard_circles, grade: 1, times: 2000}, "
                  "target: self}}", "grade: 1, times", "counts circles: it takes no filter")
