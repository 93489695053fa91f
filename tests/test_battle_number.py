"""The condition `battle_number` (issue 28 item 2): which battle of this turn this is, read off the
engine's battle count (a battle counts from its attack, CR 7.1.2.1 / 7.4.1.1), bounded by one
`compare` operator; lint refuses any other shape."""
from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.sandbox import sandbox

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")
HEAD = "clan: C\nnation: N\nrace: R\ncards:\n  - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal,\n"


def holds(game, bound) -> bool:
    return ABILITIES.conditions["battle_number"].fn(game, SimpleNamespace(seat=0), bound)


@pytest.mark.parametrize("count, bound, expected", [
    (3, {"at_least": 3}, True), (2, {"at_least": 3}, False), (5, {"at_least": 3}, True),
    (1, {"equal_to": 1}, True), (2, {"equal_to": 1}, False),
    (2, {"at_most": 2}, True), (3, {"at_most": 2}, False),
])
def test_the_bound_reads_the_turns_battle_count(count, bound, expected):
    game = sandbox(CARDS, DECK)
    game.state.in_battle_phase, game.state.battle_count = True, count
    assert holds(game, bound) is expected


def test_no_battle_number_before_the_first_attack_or_outside_the_battle_phase():
    game = sandbox(CARDS, DECK)
    game.state.in_battle_phase, game.state.battle_count = True, 0
    assert not holds(game, {"at_most": 2})            # the battle phase began, no attack yet
    game.state.in_battle_phase, game.state.battle_count = False, 2   # last turn's count, main phase
    assert not holds(game, {"at_most": 2})


@pytest.mark.parametrize("bound, fragment", [
    ("{at_lest: 3}", "unknown operator 'at_lest'"),
    ("{at_least: 3, at_most: 4}", "is {operator: N}, one operator"),
    ("3", "is {operator: N}, one operator"),
    ("{at_least: -1}", "needs a whole number >= 0"),
])
def test_lint_refuses_a_bad_bound(tmp_path, bound, fragment):
    path = tmp_path / "cards.yaml"
    ability = f"{{kind: AUTO, zone: V, timing: when_attacks, conditions: [{{battle_number: {bound}}}], effect: {{draw: 1}}}}"
    path.write_text(HEAD + "     abilities: [" + textwrap.dedent(ability) + "]}\n", encoding="utf-8")
    problems = [str(p) for p in lint_cards(None, path)]
    assert len(problems) == 1 and fragment in problems[0], problems


def test_lint_accepts_a_bound(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD + "     abilities: [{kind: AUTO, zone: V, timing: when_attacks, "
                           "conditions: [{battle_number: {at_least: 3}}], effect: {draw: 1}}]}\n", encoding="utf-8")
    assert lint_cards(None, path) == []
