"""`your_rear_guard_dropped_this_turn` FILTERS and the count `your_rear_guards_called_this_turn` (issue 28
item 2; `reads/turn_record.py`): the drops and calls of the turn are recorded, read with filters, and
forgotten the next turn (only in a game with a card that asks: tests/test_abilities_zones.py)."""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities.language import counts
from vanguard_fsm.abilities.language.filters import passes
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game import zones

FIX = Path(__file__).parent / "fixtures" / "abilities"
DECK = str(FIX / "deck.yaml")
READER = """  - {id: TR-001, name: Turn Reader, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: AUTO, zone: V/R, timing: when_attacks,
                  if: [{your_rear_guard_dropped_this_turn: {name: Fixture Knight}},
                       {compare: [{count: your_rear_guards_called_this_turn, grade: 1}, at_least, 1]},
                       {this_unit: {stood_this_turn: true}}],
                  effect: {draw: 1}}]}
"""


def _game(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text((FIX / "cards.yaml").read_text(encoding="utf-8") + READER, encoding="utf-8")
    return sandbox(str(path), DECK)


def _dropped(game, name) -> bool:
    return ABILITIES.conditions["your_rear_guard_dropped_this_turn"].fn(game, Ctx(0, 0, "k", "t", 0), {"name": name})


def _called(game, grade) -> int:
    return counts.value(game, Ctx(0, 0, "k", "t", 0), {"count": "your_rear_guards_called_this_turn", "grade": grade})


def test_a_dropped_rear_guard_is_remembered_for_the_turn_with_its_card(tmp_path):
    game = _game(tmp_path)
    add(game, 0, "FX-012", "front_left")
    assert not _dropped(game, "Fixture Knight")
    zones.retire(game, 0, "front_left")
    assert _dropped(game, "Fixture Knight") and not _dropped(game, "Fixture Squire")
    assert not ABILITIES.conditions["your_rear_guard_dropped_this_turn"].fn(
        game, Ctx(1, 0, "k", "t", 0), {"name": "Fixture Knight"})        # the other player's question
    game.state.turn += 1
    assert not _dropped(game, "Fixture Knight")


def test_each_call_to_a_rear_guard_circle_is_counted_for_the_turn(tmp_path):
    game = _game(tmp_path)
    p = game.state.players[0]
    for circle in ("front_left", "back_left"):
        inst = add(game, 0, "FX-011", "hand")
        zones.call(game, 0, inst, circle)
    inst = add(game, 0, "FX-012", "hand")
    zones.call(game, 0, inst, "front_right")
    assert _called(game, 1) == 2 and _called(game, 2) == 1
    zones.retire(game, 0, "front_left")
    assert _called(game, 1) == 2                       # called this turn, wherever it is now
    game.state.turn += 1
    assert _called(game, 1) == 0 and p is game.state.players[0]


def _stood(game, circle) -> bool:
    unit = game.state.players[0].circles[circle]
    return passes(game, Ctx(0, 0, "k", "t", 0), (("stood_this_turn", True),), game.cards[unit.card], unit)


def test_a_unit_that_became_standing_is_remembered_by_placement_for_the_turn(tmp_path):
    game = _game(tmp_path)
    add(game, 0, "FX-011", "front_left", rested=True)
    add(game, 0, "FX-011", "back_left", rested=True)
    assert not _stood(game, "front_left")
    zones.set_rested(game, 0, game.state.players[0].circles["front_left"], False)
    assert _stood(game, "front_left") and not _stood(game, "back_left")
    add(game, 0, "FX-011", "front_left")                # a new unit there: it has not stood
    assert not _stood(game, "front_left")
