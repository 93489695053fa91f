"""`also_clan` (issue 28 item 2; CR 2.2.4 "this card is also a <<clan>>"): said of the card itself with no
zone it holds wherever the card is; with a target (from the VC) it holds for those units while the
ability applies. The `clan` filter, the trigger check and Lord all see the added clan; lint refuses a
clan asked inside an `also_clan` ability and a zone-less CONT that is not a card's own clan."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import assert_one_located_lint_problem

from vanguard_fsm.abilities.language.filters import passes
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.mechanics.cont_restrictions import allows
from vanguard_fsm.abilities.sandbox import add, sandbox

FIX = Path(__file__).parent / "fixtures" / "abilities"
DECK = str(FIX / "deck.yaml")
EXTRA = """  - {id: AC-001, name: Also Gold, clan: Other Clan, grade: 1, power: 7000, shield: 5000, unit: normal,
     skills: [boost], abilities: [{kind: CONT, effect: {also_clan: Gold Clan}}]}
  - {id: AC-002, name: Reverse Giver, grade: 3, power: 11000, shield: null, unit: normal, skills: [twin_drive],
     abilities: [{kind: CONT, zone: V, effect: {also_clan: Gold Clan, target: {from: your_rear_guards, name_contains: Rev}}}]}
  - {id: AC-003, name: Rev Soldier, clan: Other Clan, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost]}
  - {id: AC-004, name: Gold Lord, clan: Gold Clan, grade: 2, power: 9000, shield: 5000, unit: normal,
     abilities: [{kind: CONT, zone: V/R, effect: lord}]}
"""


def _game(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text((FIX / "cards.yaml").read_text(encoding="utf-8") + EXTRA, encoding="utf-8")
    return sandbox(str(path), DECK)


def _gold(game, inst, unit=None) -> bool:
    return passes(game, Ctx(0, 0, "k", "t", 0), (("clan", "Gold Clan"),), game.cards[inst], unit, inst)


def test_a_cards_own_added_clan_holds_in_the_hand_and_on_a_circle(tmp_path):
    game = _game(tmp_path)
    in_hand = add(game, 0, "AC-001", "hand")
    assert _gold(game, in_hand)
    add(game, 0, "AC-001", "front_left")
    unit = game.state.players[0].circles["front_left"]
    assert _gold(game, unit.card, unit)
    assert not _gold(game, add(game, 0, "AC-003", "hand"))


def test_a_vanguards_added_clan_holds_for_its_targets_while_it_is_the_vanguard(tmp_path):
    game = _game(tmp_path)
    add(game, 0, "AC-003", "front_left")
    unit = game.state.players[0].circles["front_left"]
    assert not _gold(game, unit.card, unit)
    add(game, 0, "AC-002", "VC")
    assert _gold(game, unit.card, unit)
    assert not _gold(game, add(game, 0, "AC-003", "hand"))     # a card in the hand is no rear-guard


def test_lord_sees_the_added_clan(tmp_path):
    game = _game(tmp_path)
    add(game, 0, "AC-004", "VC")
    add(game, 0, "AC-003", "front_left")
    p = game.state.players[0]
    assert not allows(game, 0, p.circles["VC"], "attack")
    add(game, 0, "AC-001", "front_left")
    assert allows(game, 0, p.circles["VC"], "attack")


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: CONT, zone: V, effect: {also_clan: X, target: {from: your_rear_guards, clan: Y}}}", "Y}}}",
     "an also_clan ability may not ask a clan"),
    ("{kind: CONT, effect: {power: 1000}}", "{kind: CONT, effect", "a CONT ability needs a zone"),
    ("{kind: CONT, conditions: [your_turn], effect: {also_clan: X}}", "{kind: CONT, conditions",
     "a CONT ability needs a zone"),
])
def test_lint_refuses(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
