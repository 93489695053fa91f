"""The damage zone as an ability zone (issue 28 item 2; `language/damage_zone.py`): an ACT written
`zone: damage` is offered for a face-up damage card that can pay `face_down_self`, and paying turns that
very card face down (CR 4.8, 10.11)."""
from __future__ import annotations

from pathlib import Path

from helpers import assert_one_located_lint_problem

from vanguard_fsm.abilities.language.spec import parse_zones
from vanguard_fsm.abilities.sandbox import add, run, sandbox

FIX = Path(__file__).parent / "fixtures" / "abilities"
DECK = str(FIX / "deck.yaml")
CARD = """  - {id: DZ-001, name: Damage Helper, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: ACT, zone: damage, cost: [face_down_self], effect: {power: 3000, target: your_vanguard, until: turn}}]}
"""


def _game(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text((FIX / "cards.yaml").read_text(encoding="utf-8") + CARD, encoding="utf-8")
    return sandbox(str(path), DECK)


def test_a_face_up_damage_card_offers_its_act_and_turns_itself_face_down(tmp_path):
    game = _game(tmp_path)
    up, down = add(game, 0, "DZ-001", "damage"), add(game, 0, "DZ-001", "damage")
    p = game.state.players[0]
    p.face_down.add(down)
    acts = game.abilities.act_legal(game, 0)
    assert [a.id for a in acts] == ["act:damage:DZ-001#1"] and acts[0].args[0] == up
    before = game.state.players[0].circles["VC"].power_turn
    game.abilities.act_apply(game, acts[0])
    run(game)
    assert up in p.face_down and game.state.players[0].circles["VC"].power_turn == before + 3000
    assert game.abilities.act_legal(game, 0) == []          # both face down now


def test_a_hand_card_of_the_same_name_offers_nothing(tmp_path):
    game = _game(tmp_path)
    add(game, 0, "DZ-001", "hand")
    assert game.abilities.act_legal(game, 0) == []


def test_two_zones_at_once_are_the_vanguard_circle_or_the_soul_only(tmp_path):
    """"[AUTO](VC)/Soul" works from either zone: `zone: V/soul`; another pair is not a zone (lint)."""
    assert parse_zones("V/soul") == frozenset({"V", "soul"}) and parse_zones("damage") == frozenset({"damage"})
    assert_one_located_lint_problem(tmp_path, "{kind: AUTO, zone: V/hand, timing: when_attacks, effect: {draw: 1}}",
                                    "V/hand", "unknown zone 'V/hand'")
