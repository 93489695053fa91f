"""The filter `power` (issue 28 item 2): a unit's power bounded by one `compare` operator, read as the
battle reads it (`game.zones.power`: modifiers, CONT abilities, a boost); lint refuses a bad bound and a
power read inside a CONT ability (its own bonus would change what it reads)."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ONE_CARD_HEAD, assert_one_located_lint_problem

from vanguard_fsm.abilities.language.filters import passes
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.sandbox import add, sandbox

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def bounded(game, seat, circle, bound) -> bool:
    unit = game.state.players[seat].circles[circle]
    return passes(game, Ctx(0, 0, "k", "t", 0), (("power", bound),), game.cards[unit.card], unit)


def test_the_bound_reads_the_units_power_with_its_modifiers():
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-012", "front_left")                    # printed 10000
    assert bounded(game, 0, "front_left", {"at_least": 10000})
    assert not bounded(game, 0, "front_left", {"more_than": 10000})
    game.state.players[0].circles["front_left"].power_turn += 4000     # "+4000 until end of turn"
    assert bounded(game, 0, "front_left", {"at_least": 14000})
    assert not bounded(game, 0, "front_left", {"at_most": 8000})


def test_the_bound_counts_a_cont_ability_that_applies_now():
    game = sandbox(CARDS, DECK)
    add(game, 0, "FX-302", "front_left")    # CONT: during your turn, +1000
    base = game.cards[game.state.players[0].circles["front_left"].card].power
    assert bounded(game, 0, "front_left", {"equal_to": base + 1000})
    game.state.turn_player = 1              # not your turn: the CONT does not apply
    assert bounded(game, 0, "front_left", {"equal_to": base})


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: V, timing: when_attacks, if: [{exists: {from: attacked_unit, power: {at_lest: 3000}}}], "
     "effect: {draw: 1}}", "{at_lest", "unknown operator 'at_lest'"),
    ("{kind: AUTO, zone: V, timing: when_attacks, if: [{exists: {from: attacked_unit, power: 8000}}], "
     "effect: {draw: 1}}", "8000}}]", "is {operator: N}, one operator"),
    ("{kind: CONT, zone: V, conditions: [{this_unit: {power: {at_least: 9000}}}], effect: {power: 1000, target: self}}",
     "{at_least: 9000}", "reads a power, which a CONT ability may change"),
])
def test_lint_refuses_a_bad_bound_and_a_power_read_in_a_cont_ability(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def test_lint_accepts_a_power_read_in_an_auto_ability(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(ONE_CARD_HEAD + "     abilities: [{kind: AUTO, zone: V, timing: when_attacks, "
                    "if: [{this_unit: {power: {at_least: 9000}}}], effect: {power: 1000, target: self, until: battle}}]}\n",
                    encoding="utf-8")
    assert lint_cards(None, path) == []
