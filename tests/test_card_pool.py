"""The real card pool of BT01-BT15 and TD01-TD17: printings, sets, trial decks as printed, and
`cards status` (issue 28; stats and numbers are facts read from the official lists, CR 2.1)."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from vanguard_fsm.abilities.lint.status import card_sets, status
from vanguard_fsm.cli.main import main
from vanguard_fsm.game.cards import CardError, load_cards
from vanguard_fsm.game.decks import builtin_deck_names, load_deck

from test_decks import TRIAL_DECKS

POOL = [f"BT{n:02}" for n in range(1, 16)] + [f"TD{n:02}" for n in range(1, 18)]


@pytest.fixture(scope="module")
def db():
    return load_cards()


def test_every_real_card_names_its_source_and_a_number_is_printed_once(db):
    numbers = Counter(n for c in db if c.source for n in c.printings)
    assert [n for n, k in numbers.items() if k > 1] == []    # a reprint is one card with every printing
    for card in db:
        if card.source:
            assert card.printings[:1] == ((card.number,) if card.number else ())


def test_the_pool_sets_are_present(db):
    sets = {s for c in db if c.source for s in card_sets(c)}
    assert [s for s in POOL if s not in sets] == ["TD15"]    # no copy of TD15's list was found


@pytest.mark.parametrize("name", TRIAL_DECKS)
def test_a_trial_deck_holds_only_cards_printed_in_it(db, name):
    deck = load_deck(name, db)
    printed_in = name.upper()
    assert len(deck.main) == 50 and deck.g_deck == ()
    assert [c for c in set(deck.main) if printed_in not in card_sets(db[c])] == []


def test_status_counts_a_reprint_in_each_of_its_sets(tmp_path):
    (tmp_path / "c.yaml").write_text("""
clan: Royal Paladin
nation: United Sanctuary
race: Human
cards:
  - {id: X-1, name: One, grade: 1, power: 6000, shield: 5000, unit: normal, skills: [boost],
     number: BT01/001EN, printings: [BT01/001EN, TD01/001EN], source: https://example.org/1,
     abilities: [{kind: ACT, zone: R, unexpressed: "no term for it", text: "something"},
                 {kind: ACT, zone: R, cost: [rest_self], effect: {draw: 1}, text: "draw"}]}
  - {id: X-2, name: Two, grade: 1, power: 6000, shield: 5000, unit: normal, skills: [boost],
     number: TD01/002EN, source: https://example.org/2}
  - {id: X-3, name: Three, grade: 1, power: 6000, shield: 5000, unit: normal, skills: [boost]}
""")
    rep = status(load_cards(tmp_path))
    assert list(rep["sets"]) == ["BT01", "TD01"]          # X-3 names no source: not a real card
    bt01, td01, total = rep["sets"]["BT01"], rep["sets"]["TD01"], rep["total"]
    assert (bt01["cards"], td01["cards"], total["cards"]) == (1, 2, 2)
    assert (td01["abilities"], td01["full"], td01["none"], td01["partial"]) == (2, 1, 1, 0)
    assert total["incomplete"] == [{"card": "X-1", "name": "One", "abilities": [
        {"ability": "X-1#1", "level": "none", "reason": "no term for it"}]}]
    assert list(status(load_cards(tmp_path), "td01")["sets"]) == ["TD01"]


def test_cards_status_cli(tmp_path):
    runner = CliRunner()
    out = runner.invoke(main, ["cards", "status", "--set", "TD01"])
    assert out.exit_code == 0, out.output
    rows = out.output.splitlines()
    assert rows[0].split() == ["set", "cards", "sourced", "abilities", "full", "partly", "none", "resolved", "in", "a", "deck"]
    assert rows[1].split()[0] == "TD01" and rows[2].split()[0] == "total"
    as_json = json.loads(runner.invoke(main, ["cards", "status", "--json"]).output)
    assert set(as_json["sets"]) >= {"BT01", "TD01"} and as_json["total"]["cards"] >= 1000
    bad = runner.invoke(main, ["cards", "status", "--set", "ZZ99"])
    assert bad.exit_code == 2 and re.match(r"--set: no real card .* 'ZZ99' \(sets: BT01, ", bad.output)


def test_cards_export_names_the_set_and_every_printing():
    out = CliRunner().invoke(main, ["cards", "--json"])
    cards = {c["id"]: c for c in json.loads(out.output)}
    assert cards["BT01-003"]["set"] == "BT01" and cards["BT01-003"]["number"] == "BT01/003EN"
    assert "TD01/012EN" in cards["BT01-003"]["printings"] or len(cards["BT01-003"]["printings"]) >= 1
    assert cards["AL-001"]["set"] is None and cards["AL-001"]["printings"] == []


def test_the_first_printing_must_be_the_number(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("clan: K\nnation: N\nrace: R\ncards:\n"
                    "  - {id: X-1, name: One, grade: 1, power: 6000, shield: 5000, unit: normal,\n"
                    "     number: BT01/001EN, printings: [TD01/001EN, BT01/001EN]}\n")
    with pytest.raises(CardError) as err:
        load_cards(path)
    assert str(err.value).startswith(f"{path}:6:37: card 'X-1': the first printing is the card's number")


def test_every_builtin_deck_loads(db):
    for name in builtin_deck_names():
        load_deck(name, db)


def test_decks_are_listed_by_clan_with_their_sets():
    out = CliRunner().invoke(main, ["decks"]).output.splitlines()
    clan = out.index("Royal Paladin")
    end = next(i for i in range(clan + 1, len(out)) if not out[i].startswith("  "))
    block = out[clan + 1:end]
    assert {"royal-paladin", "td01", "td14"} <= {line.split()[0] for line in block}
    assert any(line.split()[0] == "td01" and line.endswith("sets BT01, TD01") for line in block)


def test_status_counts_resolved_abilities_from_the_corpus_list(tmp_path):
    (tmp_path / "c.yaml").write_text("""
clan: K
nation: N
race: R
cards:
  - {id: X-1, name: One, grade: 1, power: 6000, shield: 5000, unit: normal, number: BT01/001EN,
     source: https://example.org/1,
     abilities: [{kind: ACT, zone: R, cost: [rest_self], effect: {draw: 1}, text: "a"},
                 {kind: ACT, zone: R, cost: [rest_self], effect: {draw: 1}, text: "b"},
                 {kind: CONT, zone: R, effect: {power: 1000, target: self}, text: "c"}]}
""")
    rows = status(load_cards(tmp_path), corpus=frozenset({"X-1#2"}))
    assert rows["sets"]["BT01"]["resolved"] == 1      # the CONT one is looked at, never resolved
    assert status(load_cards(tmp_path))["total"]["resolved"] is None
