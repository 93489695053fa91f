"""Tests for the card model and loader (vanguard_fsm/game/cards.py) and the built-in card set.

They pin what others code against: the Card fields and export (CONTRACT.md "Cards
export"), the RULES.md 1.x consistency checks, and ``path:line:col`` errors.
"""
from __future__ import annotations

import dataclasses
import json
import pickle
import textwrap
from pathlib import Path

import pytest

from vanguard_fsm.game.cards import Card, CardDB, CardError, load_cards

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
CONTRACT_FIELDS = {"id", "name", "grade", "power", "shield", "critical", "clan", "nation", "race",
                   "unit", "trigger", "skills", "g_guardian", "abilities", "number", "set"}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_cards()


def write_cards(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text("clan: C\nnation: N\nrace: R\ncards:\n" + textwrap.dedent(body), encoding="utf-8")
    return path


def one_card_file(tmp_path: Path, card: str, marker: str | None) -> tuple[Path, int]:
    """A card file whose one card is line 5, and the column of `marker` there (None: the card's "{")."""
    line = f"- {card}"
    return write_cards(tmp_path, line + "\n"), (line.index(marker) + 1 if marker else 3)


def error_of(path) -> CardError:
    with pytest.raises(CardError) as info:
        load_cards(path)
    return info.value


# ------------------------------------------------------------- built-in set


def test_builtin_set_has_two_invented_clans_and_real_clans_with_sources(db):
    invented = [c for c in db if c.source is None]
    clans = {c.clan: c.nation for c in invented}
    assert clans == {"Aurora Lancers": "Solar Concord", "Tidewyrm Covenant": "Abyssal Reach"}
    assert {c.id[:3] for c in invented} == {"AL-", "TC-"}
    real = [c for c in db if c.source is not None]     # issue 19.2: every real card says where it was read
    assert {c.clan for c in real} >= {"Royal Paladin", "Kagero", "Cray Elemental", "Gear Chronicle"}
    assert all(c.source.startswith(("https://", "http://")) for c in real)
    assert all(c.number for c in real if c.id.startswith("BT"))


def test_builtin_cards_follow_rules_1_x(db):
    for card in db:
        if card.source is not None:
            continue          # real cards: test_real_cards_are_as_printed
        assert 0 <= card.grade <= 4
        assert card.critical == 1
        # every built-in card has abilities since issue 4; CONTRACT: each names its kind and timing
        assert card.abilities and all(a["kind"] in ("CONT", "AUTO", "ACT") and a["timing"] for a in card.abilities)
        if card.unit == "g_unit":
            assert card.grade == 4 and card.power >= 15000
            assert card.shield == (15000 if card.g_guardian else None)
            # a G guardian has no Stride skill and no skill icon (CR 6.5.1.2.2, 11.14)
            assert card.skills == (() if card.g_guardian else ("triple_drive",))
            # each skill's cost is card data in the cost vocabulary (CR 11.11.2, 11.14)
            assert card.skill_cost("stride") == (() if card.g_guardian else (("hand_grades_total", 3),))
            assert (card.stride is None) == (card.g_guardian is not None)
        else:
            assert card.stride is None and card.g_guardian is None
            expected = {0: ("boost",), 1: ("boost",), 2: ("intercept",), 3: ("twin_drive",)}
            # Sentinel (CR 11.9) is a keyword beside the grade's skill
            assert tuple(k for k in card.skills if k != "sentinel") == expected[card.grade], card.id
        if card.grade == 3:
            assert card.shield is None
        assert (card.unit == "trigger") == (card.trigger is not None)


def test_builtin_clans_have_every_trigger_kind_and_g_guardians(db):
    for clan in ("Aurora Lancers", "Tidewyrm Covenant"):
        cards = [c for c in db if c.clan == clan]
        assert {c.trigger for c in cards if c.trigger} == {"critical", "draw", "stand", "heal"}
        assert any(c.g_guardian for c in cards)
        assert any(c.unit == "g_unit" and not c.g_guardian for c in cards)
        assert {c.grade for c in cards} == {0, 1, 2, 3, 4}


def test_carddb_api(db):
    ids = [c.id for c in db]
    assert ids == sorted(ids) and len(db) == len(ids) == len(set(ids))
    assert "AL-001" in db and "ZZ-999" not in db
    assert db["AL-001"].id == "AL-001"
    assert db.get("ZZ-999") is None and db.get("ZZ-999", 7) == 7
    with pytest.raises(KeyError):
        db["ZZ-999"]
    path, line, col = db.where("TC-001")
    assert path.endswith("tidewyrm_covenant.yaml") and line > 1 and col > 1


def test_to_json_has_exactly_the_contract_fields(db):
    for card in db:
        exported = card.to_json()
        assert set(exported) == CONTRACT_FIELDS | {"stride", "g_guardian_skill", "printings", "source"}
        assert isinstance(exported["skills"], list) and isinstance(exported["abilities"], list)
    g = db["AL-019"].to_json()
    assert g["unit"] == "g_unit" and g["g_guardian"] is True and g["shield"] == 15000
    assert g["g_guardian_skill"] == {"cost": [{"discard": {"choose": 1, "grade": 0}}]} and g["stride"] is None
    assert db["AL-017"].to_json()["stride"] == {"cost": [{"hand_grades_total": 3}]}
    assert db["AL-014"].to_json()["shield"] is None
    json.dumps(db.to_json())


def test_builtin_db_is_cached_and_cannot_be_mutated(db):
    assert load_cards() is db
    card = db["AL-001"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.power = 99999
    assert not hasattr(db, "__setitem__")
    assert load_cards()["AL-001"].power == 5000


def test_abilities_are_frozen_but_export_as_plain_json():
    card = load_cards(FIXTURES / "good.yaml")["FX-003"]
    ability = card.abilities[0]
    assert ability["kind"] == "AUTO" and ability["effect"]["power"] == 5000
    with pytest.raises(TypeError):
        ability["kind"] = "ACT"
    with pytest.raises(TypeError):
        ability["effect"]["power"] = 1
    hash(card)
    exported = card.to_json()["abilities"]
    assert exported == [{"kind": "AUTO", "timing": "on_stride", "effect": {"power": 5000}}]
    exported[0]["kind"] = "ACT"  # the export is a copy
    assert card.abilities[0]["kind"] == "AUTO"
    assert pickle.loads(pickle.dumps(card)) == card


def test_file_defaults_and_card_overrides():
    db = load_cards(FIXTURES / "good.yaml")
    assert [c.id for c in db] == ["FX-001", "FX-002", "FX-003"]
    assert db["FX-001"].race == "Human" and db["FX-002"].race == "Elf"
    assert db["FX-001"].critical == 1 and db["FX-001"].trigger is None and db["FX-001"].stride is None


def test_edited_file_is_reloaded(tmp_path):
    path = write_cards(tmp_path, "- {id: X-1, name: A, grade: 1, power: 7000, shield: 5000, unit: normal}\n")
    assert load_cards(path)["X-1"].power == 7000
    path.write_text(path.read_text().replace("7000", "8000000"))
    assert load_cards(path)["X-1"].power == 8000000


# ------------------------------------------------------------ loader errors


def test_yaml_syntax_error_is_located():
    path = FIXTURES / "syntax_error.yaml"
    err = error_of(path)
    assert str(err).startswith(f"{path}:8:5: invalid YAML")
    assert (err.path, err.line, err.col) == (str(path), 8, 5)


def test_schema_error_is_located():
    path = FIXTURES / "bad_grade.yaml"
    err = error_of(path)
    assert str(err).startswith(f"{path}:12:12: cards[1].grade: ")
    assert "grade: expected a whole number, found a text" in err.message


def test_duplicate_id_across_files_names_both_places():
    err = error_of(FIXTURES / "duplicate_id")
    b, a = FIXTURES / "duplicate_id" / "b.yaml", FIXTURES / "duplicate_id" / "a.yaml"
    assert str(err) == f"{b}:7:10: duplicate card id 'FX-001' (first defined at {a}:6:10)"


def test_python_tag_is_rejected_and_never_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = FIXTURES / "python_tag.yaml"
    err = error_of(path)
    assert str(err).startswith(f"{path}:7:11: invalid YAML")
    assert not (tmp_path / "PWNED_MARKER").exists()


def test_missing_path_and_empty_directory(tmp_path):
    assert str(error_of(tmp_path / "nope.yaml")) == f"{tmp_path / 'nope.yaml'}:1:1: no such file or directory"
    assert error_of(tmp_path).message == "no *.yaml files in this directory"


# Each bad card is located at its `marker` (the offending value or key), or at the start
# of the card when the problem is a missing field (marker None).
@pytest.mark.parametrize("card, marker, fragment", [
    # schema: unknown skill / trigger / unit, unknown field, missing field
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, skills: [fly]}", "fly",
     "cards[0].skills[0]: 'fly' is not one of"),
    ("{id: X-1, name: A, grade: 0, power: 1, shield: 0, unit: trigger, trigger: nuke}", "nuke",
     "cards[0].trigger: 'nuke' is not one of"),
    ("{id: X-1, name: A, grade: 0, power: 1, shield: 0, unit: hero}", "hero", "cards[0].unit: 'hero' is not one of"),
    ("{id: X-1, name: A, grade: 0, power: 1, shield: 0, unit: normal, colour: red}", "colour",
     "cards[0]: unknown field 'colour'"),
    ("{id: X-1, name: A, power: 1, shield: 0, unit: normal}", None, "cards[0]: 'grade' is a required property"),
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, abilities: [{kind: AUTO}]}", "{kind",
     "cards[0].abilities[0]: 'timing' is a required property"),
    # consistency (module docstring of cards.py)
    ("{id: X-1, name: A, grade: 0, power: 1, shield: 0, unit: trigger}", None, "trigger unit with trigger None"),
    ("{id: X-1, name: A, grade: 0, power: 1, shield: 0, unit: normal, trigger: heal}", "heal",
     "normal unit with trigger 'heal'"),
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, stride: {cost: [{hand_grades_total: 3}]}}", "{cost",
     "only G units have the Stride skill"),
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}}", "{cost",
     "only G units can be G guardians"),
    ("{id: X-1, name: A, grade: 4, power: 1, shield: 5000, unit: g_unit, stride: {cost: [{hand_grades_total: 3}]}}", "5000",
     "a G unit has a shield exactly when it is a G guardian"),
    ("{id: X-1, name: A, grade: 4, power: 1, shield: null, unit: g_unit, stride: {cost: [{hand_grades_total: 3}]}, g_guardian: {cost: [{discard: {choose: 1, grade: 0}}]}}", "null",
     "a G unit has a shield exactly when it is a G guardian"),
    # the skills' costs are lists in the cost vocabulary; the number-only form is gone (CR 11.11.2)
    ("{id: X-1, name: A, grade: 4, power: 1, shield: null, unit: g_unit, stride_cost: 3}", "stride_cost",
     "unknown field 'stride_cost'"),
    ("{id: X-1, name: A, grade: 4, power: 1, shield: 15000, unit: g_unit, g_guardian: true}", "true",
     "cards[0].g_guardian: expected a mapping, found true"),
])
def test_bad_card_is_located(tmp_path, card, marker, fragment):
    path, col = one_card_file(tmp_path, card, marker)
    err = error_of(path)
    assert str(err).startswith(f"{path}:5:{col}: "), str(err)
    assert fragment in err.message, err.message


# Printed numbers against the rules parameters' `printed_cards` (RULES 1.1-1.3): card lint
# locates each at its field (the loader, which knows no parameters, accepts the card).
@pytest.mark.parametrize("card, marker, fragment", [
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: trigger, trigger: heal}", "1, power",
     "RULES 1.1: a trigger unit is grade 0 (this one is grade 1"),
    ("{id: X-1, name: A, grade: 3, power: 1, shield: null, unit: g_unit, stride: {cost: [{hand_grades_total: 3}]}}", "3, power",
     "RULES 1.1: a g_unit unit is grade 4 (this one is grade 3"),
    ("{id: X-1, name: A, grade: 4, power: 1, shield: null, unit: normal}", "4, power",
     "RULES 1.1: a normal unit is grade 0/1/2/3 (this one is grade 4"),
    ("{id: X-1, name: A, grade: 3, power: 1, shield: null, unit: normal, skills: [triple_drive]}", "[triple",
     "RULES 1.2: triple_drive is for grade 4 (this card is grade 3"),
    ("{id: X-1, name: A, grade: 2, power: 1, shield: 0, unit: normal, skills: [boost]}", "[boost",
     "RULES 1.2: boost is for grade 0/1 (this card is grade 2"),
    ("{id: X-1, name: A, grade: 1, power: 1, shield: 15000, unit: normal}", "15000",
     "RULES 1.3: shield is one of none, 0, 5000, 10000 (got 15000"),
])
def test_printed_numbers_are_located_by_card_lint(tmp_path, card, marker, fragment):
    from vanguard_fsm.abilities.lint.cards import lint_cards
    path, col = one_card_file(tmp_path, card, marker)
    assert load_cards(path)["X-1"]
    problems = lint_cards(None, path)
    assert len(problems) == 1, problems
    assert str(problems[0]).startswith(f"{path}:5:{col}: card 'X-1': "), str(problems[0])
    assert fragment in problems[0].message, problems[0].message


def test_missing_clan_without_default(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("nation: N\ncards:\n  - {id: X-1, name: A, grade: 0, power: 1, shield: 0, race: R, unit: normal}\n")
    assert str(error_of(path)) == (f"{path}:3:5: card 'X-1' has no clan "
                                   "(set it on the card or at the top of the file)")


def test_duplicate_yaml_key_is_an_error(tmp_path):
    line = "- {id: X-1, name: A, grade: 0, grade: 1, power: 1, shield: 0, unit: normal}"
    path = write_cards(tmp_path, line + "\n")
    assert str(error_of(path)) == f"{path}:5:{line.rindex('grade') + 1}: duplicate key 'grade'"


def test_card_error_shape():
    err = CardError("x.yaml", 3, 4, "boom")
    assert (err.path, err.line, err.col, err.message, str(err)) == ("x.yaml", 3, 4, "boom", "x.yaml:3:4: boom")
    assert str(pickle.loads(pickle.dumps(err))) == "x.yaml:3:4: boom"
    assert isinstance(Card.__slots__, tuple)
