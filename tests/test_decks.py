"""Tests for decks (vanguard_fsm/game/decks.py): built-in decks, the loader, RULES.md 2.x checks.

Each validation test breaks exactly one rule in an otherwise legal deck and
expects exactly that rule's message, so a check that stops firing (or fires too
often) fails here.
"""
from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from helpers import play, rule_check

from vanguard_fsm.game.cards import CardDB, load_cards
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.machine.builder import CompiledFlowSet
from vanguard_fsm.machine.loader import load_flowset
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.game.decks import Deck, DeckError, builtin_deck_names, load_deck, validate_deck

FIXTURES = Path(__file__).parent / "fixtures" / "decks"


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_cards()


@pytest.fixture(scope="module")
def aurora(db) -> Deck:
    return load_deck("aurora", db)


@pytest.fixture(scope="module")
def quick(db) -> Deck:
    return load_deck("aurora-quick", db)


def swap(deck: Deck, old: str, new: str, times: int = 1) -> Deck:
    """``deck`` with ``times`` copies of ``old`` in the main deck replaced by ``new``."""
    main = list(deck.main)
    for _ in range(times):
        main[main.index(old)] = new
    return dataclasses.replace(deck, main=tuple(main))


# ----------------------------------------------------------- built-in decks


TRIAL_DECKS = [f"td{n:02}" for n in range(1, 18) if n != 15]   # TD15: no copy of its list was found
# one standard deck for each clan of the pool that had none (picked by rule from the pool)
CLAN_DECKS = ["angel-feather", "aqua-force", "dimension-police", "genesis", "granblue", "great-nature", "megacolony",
              "oracle-think-tank", "pale-moon", "spike-brothers", "tachikaze"]


def test_builtin_deck_names():
    assert builtin_deck_names() == sorted(["aurora", "aurora-quick", "dark-irregulars", "gear-chronicle", "gold-paladin",
                                           "kagero", "link-joker", "murakumo", "narukami", "neo-nectar", "nova-grappler",
                                           "nubatama", "royal-paladin", "shadow-paladin", *TRIAL_DECKS, *CLAN_DECKS,
                                           "tidewyrm", "tidewyrm-quick"])


# clans beside Cray Elemental (whose cards belong to every clan): one, but gear-chronicle's
# Gear Chronicle cards are supported by real Kagero cards (no source gave the printed data of a
# G-era Gear Chronicle trigger unit; RULES 2.1 / CR 5.2.2 set no clan limit)
CLANS = {"gear-chronicle": {"Gear Chronicle", "Kagero"}}


@pytest.mark.parametrize("name", ["aurora", "aurora-quick", "tidewyrm", "tidewyrm-quick", "royal-paladin", "kagero",
                                  "gear-chronicle", "link-joker", "nova-grappler", "narukami",
                                  "neo-nectar", "dark-irregulars", "gold-paladin", "shadow-paladin", "murakumo",
                                  "nubatama", *TRIAL_DECKS, *CLAN_DECKS])
def test_builtin_deck_is_legal(db, name):
    deck = load_deck(name, db)
    assert deck.name == name
    assert validate_deck(deck, db) == []
    assert deck.path.endswith(f"{name}.yaml")
    assert deck.starter in deck.main and db[deck.starter].grade == 0
    # one clan (gear-chronicle: two, CLANS), Cray Elemental cards, which belong to every clan, and
    # cards of no clan of the clan's nation (a Zeroth Dragon: regarded as of every clan of its
    # nation, CR 2.17.4.2)
    cards = [db[c] for c in (*deck.main, *deck.g_deck)]
    clans = {c.clan for c in cards} - {"Cray Elemental", "none"}
    assert clans == CLANS[name] if name in CLANS else len(clans) == 1
    assert {c.nation for c in cards if c.clan == "none"} <= {db[deck.starter].nation}


def test_every_clan_that_can_field_a_standard_deck_has_a_builtin_one(db):
    """A clan of the pool whose cards can make a legal standard deck (16 triggers at 4 a name, 50 cards at 4 a
    name; CR 5.2-5.3) has at least one built-in deck of that clan (issue 28 item 4). Cray Elemental cards
    belong to every clan; the pool's few Bermuda Triangle cards cannot make one."""
    names: dict[str, set] = {}
    triggers: dict[str, set] = {}
    for card in db:
        if card.unit in ("normal", "trigger"):
            names.setdefault(card.clan, set()).add(card.name)
            if card.trigger:
                triggers.setdefault(card.clan, set()).add(card.name)
    can_field = {clan for clan in names if 4 * len(names[clan]) >= 50 and 4 * len(triggers.get(clan, ())) >= 16}
    decked = {db[load_deck(name, db).starter].clan for name in builtin_deck_names()}
    assert can_field - {"Cray Elemental", "none"} - decked == set()
    assert "Bermuda Triangle" not in can_field


@pytest.mark.parametrize("name", ["aurora", "tidewyrm"])
def test_standard_decks_follow_the_suggested_split(db, name):
    deck = load_deck(name, db)
    cards = [db[c] for c in deck.main]
    assert deck.format == "standard" and len(cards) == 50
    assert Counter(c.grade for c in cards) == {0: 17, 1: 15, 2: 10, 3: 8}
    triggers = Counter(c.trigger for c in cards if c.unit == "trigger")
    assert sum(triggers.values()) == 16 and triggers["heal"] <= 4
    assert set(triggers) == {"critical", "draw", "stand", "heal"}
    assert max(Counter(c.name for c in cards).values()) <= 4
    g = [db[c] for c in deck.g_deck]
    assert 8 <= len(g) <= 16 and all(c.unit == "g_unit" for c in g)
    assert any(c.g_guardian for c in g)


@pytest.mark.parametrize("name", ["aurora-quick", "tidewyrm-quick"])
def test_quick_decks_follow_rule_2_2(db, name):
    deck = load_deck(name, db)
    cards = [db[c] for c in deck.main]
    assert deck.format == "quick" and len(cards) == 25
    triggers = [c for c in cards if c.unit == "trigger"]
    assert len(triggers) == 8 and sum(c.trigger == "heal" for c in triggers) <= 4
    assert max(Counter(c.name for c in cards).values()) <= 4


def test_load_deck_by_path_equals_by_name(db, aurora):
    assert load_deck(aurora.path, db) == aurora


# ------------------------------------------------------- one rule per test


def test_standard_size(db, aurora):
    deck = dataclasses.replace(aurora, main=aurora.main[:-1])  # drop a grade 3
    assert validate_deck(deck, db) == ["2.1: a standard deck has exactly 50 cards (this one has 49)"]


def test_quick_size(db, quick):
    deck = dataclasses.replace(quick, main=quick.main + ("AL-013",))
    assert validate_deck(deck, db) == ["2.2: a quick deck has exactly 25 cards (this one has 26)"]


def test_at_most_four_of_one_name(db, aurora):
    deck = swap(aurora, "AL-012", "AL-011")  # a fifth Radiant Lancer, Vessa
    assert validate_deck(deck, db) == ["2.1: at most 4 cards named 'Radiant Lancer, Vessa' (found 5)"]


def test_name_limit_counts_names_not_ids(db, aurora):
    twin = dataclasses.replace(db["AL-012"], id="AL-900", name=db["AL-011"].name)
    db2 = CardDB([*db, twin])
    deck = swap(aurora, "AL-012", "AL-900")
    assert validate_deck(deck, db2) == ["2.1: at most 4 cards named 'Radiant Lancer, Vessa' (found 5)"]


def test_standard_trigger_count(db, aurora):
    deck = swap(aurora, "AL-005", "AL-013")  # a stand trigger out, a grade 2 in
    assert validate_deck(deck, db) == ["2.1: exactly 16 trigger units (found 15)"]


def test_standard_heal_limit(db, aurora):
    deck = swap(aurora, "AL-003", "TC-006")  # a critical out, another clan's heal in
    assert validate_deck(deck, db) == ["2.1: at most 4 heal triggers (found 5)"]


def test_a_card_that_says_so_may_have_sixteen_copies_and_no_more(db):
    """Mass Production Sailor's deck-construction CONT (`deck_copies: 16`, CR 5.1.2) replaces the four of
    CR 5.2.2.2 for its own name only; the other rules still hold (sixteen triggers, heal limit)."""
    deck = load_deck("aqua-force", db)
    triggers = [c for c in deck.main if db[c].unit == "trigger"]
    sixteen = dataclasses.replace(deck, main=tuple("BT11-102" if db[c].unit == "trigger" else c for c in deck.main))
    assert len(triggers) == 16 and validate_deck(sixteen, db) == []
    seventeen = swap(sixteen, next(c for c in deck.main if db[c].grade == 1 and db[c].unit == "normal"), "BT11-102")
    assert "2.1: at most 16 cards named 'Mass Production Sailor' (found 17)" in validate_deck(seventeen, db)
    game = new_game_with_abilities(3, (sixteen, deck), None, db=db)     # in play the ability does nothing
    assert play(game, ("heuristic", "heuristic"), 3, rule_check).state.result[2] in ("damage", "deck_out")
    grade_2 = Counter(c for c in deck.main if db[c].grade == 2)     # a card without the ability: four still
    four = next(c for c, n in grade_2.items() if n == 4)
    five = swap(deck, next(c for c in grade_2 if c != four), four)
    assert validate_deck(five, db) == [f"2.1: at most 4 cards named '{db[four].name}' (found 5)"]


def test_quick_trigger_count(db, quick):
    deck = swap(quick, "AL-007", "AL-003")
    assert validate_deck(deck, db) == ["2.2: exactly 8 trigger units (found 9)"]


def test_quick_heal_limit(db, quick):
    deck = swap(quick, "AL-002", "TC-006", times=3)  # 2 + 3 heals
    assert validate_deck(deck, db) == ["2.2: at most 4 heal triggers (found 5)"]


def test_starter_must_be_grade_0(db, aurora):
    deck = dataclasses.replace(aurora, starter="AL-014")
    assert validate_deck(deck, db) == ["3.2: the starting vanguard must be grade 0: AL-014 is grade 3"]


def test_starter_must_be_in_the_main_deck(db, aurora):
    deck = dataclasses.replace(aurora, starter="TC-001")
    assert validate_deck(deck, db) == ["3.2: the starting vanguard TC-001 must be in the main deck"]


def test_main_deck_has_no_g_units(db, aurora):
    deck = swap(aurora, "AL-016", "AL-017")
    assert validate_deck(deck, db) == ["CR 5.2.2.6: main deck may not contain G units: AL-017"]


def test_g_deck_size(db, aurora):
    deck = dataclasses.replace(aurora, g_deck=("AL-017",) * 4 + ("AL-018",) * 4 + ("AL-019",) * 4
                               + ("AL-020",) * 4 + ("TC-017",))
    assert validate_deck(deck, db) == ["CR 5.3.2: G deck: at most 16 G units (found 17)"]


def test_g_deck_only_g_units(db, aurora):
    deck = dataclasses.replace(aurora, g_deck=aurora.g_deck + ("AL-010",))
    assert validate_deck(deck, db) == [
        "CR 5.3.3: G deck: only G units (grade 4) may be in the G deck: AL-010"]


def test_g_deck_at_most_four_of_one_name(db, aurora):
    deck = dataclasses.replace(aurora, g_deck=aurora.g_deck + ("AL-019",))
    assert validate_deck(deck, db) == [
        "CR 5.3.2.1: G deck: at most 4 of one name: 'Bulwark of the High Sun' (found 5)"]


def test_unknown_format(db, aurora):
    deck = dataclasses.replace(aurora, format="sealed")
    assert validate_deck(deck, db) == ["2: the deck format is one of quick, standard "
                                       "(parameters.yaml deck_construction), not 'sealed'"]


def test_a_pairing_found_legal_is_checked_again_when_a_deck_rule_changes(db, aurora):
    # games of the same decks remember that they were legal; an edit of a rule the check reads
    # (here in place, after the first game) must be seen by the next game
    flows = CompiledFlowSet(load_flowset(builtin_flows_dir()))     # a private copy: changed below
    params = flows.spec.parameters
    params["deck_construction"] = copy.deepcopy(params["deck_construction"])
    new_game(1, (aurora, aurora), flows=flows, db=db)
    params["deck_construction"]["standard"]["triggers"] = 15
    with pytest.raises(DeckError, match="exactly 15 trigger units"):
        new_game(2, (aurora, aurora), flows=flows, db=db)


def test_unknown_card_in_a_built_deck(db, aurora):
    deck = dataclasses.replace(aurora, g_deck=aurora.g_deck[:-1] + ("ZZ-404",))
    assert validate_deck(deck, db) == ["unknown card id 'ZZ-404' (not in the card database)"]


def test_several_violations_are_all_reported(db, quick):
    deck = dataclasses.replace(quick, main=quick.main[:20], starter="AL-014")  # cuts every grade 3
    assert validate_deck(deck, db) == [
        "2.2: a quick deck has exactly 25 cards (this one has 20)",
        "3.2: the starting vanguard AL-014 must be in the main deck",
        "3.2: the starting vanguard must be grade 0: AL-014 is grade 3",
    ]


# ------------------------------------------------------------ loader errors


def test_unknown_card_in_a_deck_file_is_located(db):
    path = FIXTURES / "unknown_card.yaml"
    with pytest.raises(DeckError) as info:
        load_deck(str(path), db)
    assert str(info.value) == f"{path}:8:12: unknown card id 'AL-999'"
    assert (info.value.line, info.value.col) == (8, 12)


def test_deck_schema_error_is_located(db):
    path = FIXTURES / "bad_count.yaml"
    with pytest.raises(DeckError) as info:
        load_deck(str(path), db)
    assert str(info.value).startswith(f"{path}:7:27: main[1].count: expected a whole number, found a text")


def test_deck_yaml_syntax_error_is_located(db):
    path = FIXTURES / "syntax_error.yaml"
    with pytest.raises(DeckError) as info:
        load_deck(str(path), db)
    assert str(info.value).startswith(f"{path}:8:1: invalid YAML")


def test_unknown_deck_name(db):
    with pytest.raises(DeckError) as info:
        load_deck("no-such-deck", db)
    assert str(info.value).startswith("no-such-deck:1:1: no built-in deck or deck file named 'no-such-deck'")
    assert "aurora-quick" in info.value.message


def test_deck_file_with_cards_from_another_db(tmp_path):
    cards = load_cards(Path(__file__).parent / "fixtures" / "cards" / "good.yaml")
    path = tmp_path / "tiny.yaml"
    path.write_text("name: tiny\nformat: quick\nstarter: FX-001\n"
                    "main: [{card: FX-001, count: 1}, {card: FX-002, count: 2}]\n"
                    "g_deck: [{card: FX-003, count: 1}]\n")
    deck = load_deck(str(path), cards)
    assert deck == Deck("tiny", "quick", "FX-001", ("FX-001", "FX-002", "FX-002"), ("FX-003",), str(path))
    assert validate_deck(deck, cards) == [
        "2.2: a quick deck has exactly 25 cards (this one has 3)",
        "2.2: exactly 8 trigger units (found 2)",
    ]
