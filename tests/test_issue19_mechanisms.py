"""Issue 19's mechanisms against their evidence (`tests/issue19_mechanisms.yaml`): one entry per item
of the issue's list, naming the card-language terms that say it, its focused tests, its scenarios
with a real card and the seeded real-deck games that resolve it — or a `gap:` that says what is
missing. This test checks that every name in the file is real, statically: each term is in the
registry (`vanguard-fsm names`), each test exists, each scenario file exists, names its real card
and that card's data uses one of the entry's terms (a deck-construction rule has `deck_tests` instead:
focused tests that load a built-in real deck), each seeded term is among a PAIRINGS entry's
terms (test_real_decks_mechanisms plays the games and proves it resolves; nothing is replayed
here). An entry without a gap has all of it; the gaps are printed (`pytest -s`), and the card-sources guide's
counts must agree with the file.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from vanguard_fsm.abilities.spec import compile_card
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.decks import load_deck
from vanguard_fsm.machine.loader import load_flowset
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.reference.vocabulary import timings_section, vocabulary

from test_real_decks_mechanisms import PAIRINGS, RULE_STEPS, inputs_for, mechanisms, terms

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "issue19_mechanisms.yaml"
ENTRIES = yaml.safe_load(DATA.read_text(encoding="utf-8"))["mechanisms"]

# a term's prefix -> the `vanguard-fsm names` sections it may name
SECTIONS = {
    "timing": ("timings", "engine_events"), "condition": ("ability_conditions",),
    "cost": ("ability_costs",), "effect": ("ability_effects",), "target": ("target_selectors",),
    "filter": ("target_filters",), "zone": ("card_zones",),
}


@lru_cache(maxsize=None)
def registry() -> dict:
    """Prefix -> the names `vanguard-fsm names` lists in its sections."""
    sections = {s.key: {e.name for e in s.entries} for s in vocabulary()}
    sections["timings"] = {e.name for e in timings_section(load_flowset(builtin_flows_dir())).entries}
    return {prefix: set().union(*(sections[k] for k in keys)) for prefix, keys in SECTIONS.items()}


@lru_cache(maxsize=None)
def parameters() -> dict:
    return yaml.safe_load((ROOT / "flows" / "parameters.yaml").read_text(encoding="utf-8"))["parameters"]


@lru_cache(maxsize=None)
def card_schema_fields() -> frozenset:
    import json
    schema = json.loads((ROOT / "vanguard_fsm" / "schemas" / "cards.schema.json").read_text(encoding="utf-8"))
    found: set = set()

    def walk(node):
        if isinstance(node, dict):
            found.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema)
    return frozenset(found)


def term_known(term: str) -> bool:
    prefix, _, name = term.partition(":")
    if prefix in SECTIONS:
        return name in registry()[prefix]
    if prefix == "card":
        return all(part in card_schema_fields() for part in name.split("."))
    if prefix == "skill":
        return name in parameters()["printed_cards"]["skill_grades"]
    if prefix == "parameter":
        node = parameters()
        for part in name.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return True
    return False


# terms found by the words written in a card's data (a target, a filter or a card zone may stand at any
# depth); timings, conditions, costs and effects are read from the compiled abilities only, so a filter
# `grade: 3` is not taken for the effect `grade`
WRITTEN = ("target", "filter", "zone")


def card_terms(card) -> frozenset:
    """The terms a card's data uses: those test_real_decks_mechanisms reads from each compiled ability
    (CONT ones too), the targets, filters and zones written anywhere in its abilities and skills, its
    skills and its non-empty fields (dotted into mappings: card:stride.ultimate)."""
    out: set = set()
    for spec in compile_card(card):
        out |= terms(spec)
    data = card.to_json()
    words: set = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                words.add(key)
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            words.add(node)
    walk({"abilities": data.get("abilities"), "stride": data.get("stride"), "g": data.get("g_guardian_skill")})
    for prefix in WRITTEN:
        out |= {f"{prefix}:{w}" for w in words & registry()[prefix]}
    out |= {f"skill:{s}" for s in card.skills}
    data.update({f.name: getattr(card, f.name) for f in dataclasses.fields(card)})
    if len(card.races) > 1:
        out.add("card:race")       # the mechanism is a second race (the field `race` holds one or a list)
    for field, value in data.items():
        if value not in (None, False, [], {}, ""):
            out.add(f"card:{field}")
        if isinstance(value, dict):
            out |= {f"card:{field}.{k}" for k, v in value.items() if v not in (None, False, [], {}, "")}
    if card.g_guardian is not None:
        out.add("card:g_guardian")
    return frozenset(out)


@lru_cache(maxsize=None)
def pairing_terms(name: str) -> frozenset:
    pairing = PAIRINGS[name]
    loaded = inputs_for(pairing.decks)[pairing.decks]
    return frozenset().union(*mechanisms(loaded["db"], loaded["decks"]).values()) | pairing.rule_steps


def pairing_cards(name: str) -> frozenset:
    pairing = PAIRINGS[name]
    decks = inputs_for(pairing.decks)[pairing.decks]["decks"]
    return frozenset(c for deck in decks for c in (*deck.main, *deck.g_deck))


@lru_cache(maxsize=None)
def defined_tests(path: str) -> frozenset:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree)
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"))


@lru_cache(maxsize=None)
def function_source(path: str, name: str) -> str:
    text = (ROOT / path).read_text(encoding="utf-8")
    node = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.FunctionDef) and n.name == name)
    return ast.get_source_segment(text, node) or ""


def status(entry) -> str:
    """seeded / in_deck / deck_rule (complete: deck_rule is a deck-construction rule shown by a focused
    test on a real deck, no scenario), or partly (a gap, but a real card shows part of the item in a
    scenario or a real deck) / test_cards (a gap: only test cards say it)."""
    if entry.get("gap"):
        real = entry.get("scenarios") or entry.get("seeded") or entry.get("in_deck")
        return "partly" if real else "test_cards"
    if entry.get("seeded"):
        return "seeded"
    return "in_deck" if entry.get("scenarios") else "deck_rule"


def test_one_entry_per_item_with_the_fields_it_needs():
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) == len(set(ids)), "an id is written twice"
    allowed = {"id", "issue", "terms", "tests", "scenarios", "deck_tests", "seeded", "in_deck", "gap"}
    for e in ENTRIES:
        assert set(e) <= allowed, (e["id"], set(e) - allowed)
        assert e.get("issue") and e.get("terms") and e.get("tests"), e["id"]
        if not e.get("gap"):
            assert (e.get("scenarios") or e.get("deck_tests")) and (e.get("seeded") or e.get("in_deck")), \
                f"{e['id']}: without a gap it needs a real-card scenario (or, for a deck-construction rule, a " \
                f"focused test on a real deck) and seeded games (or a deck)"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_every_named_term_test_scenario_and_pairing_is_real(entry):
    unknown = [t for t in entry["terms"] if not term_known(t)]
    assert not unknown, f"not in the registry: {unknown}"
    for test in entry["tests"]:
        path, _, name = test.partition("::")
        assert (ROOT / path).is_file(), f"no file {path}"
        if name:
            assert name in defined_tests(path), f"no test {name} in {path}"
        else:
            assert path.startswith("tests/scenarios/") and path.endswith(".yaml"), test
    db = load_cards()
    for scenario in entry.get("scenarios", ()):
        path, card_id = scenario["file"], scenario["card"]
        assert path.startswith("tests/scenarios/real_cards/"), path
        assert (ROOT / path).is_file(), f"no scenario {path}"
        assert card_id in db and db[card_id].source, f"{card_id} is no built-in real card"
        assert re.search(rf"\b{re.escape(card_id)}\b", (ROOT / path).read_text(encoding="utf-8")), \
            f"{path} does not name {card_id}"
        assert card_terms(db[card_id]) & set(entry["terms"]), \
            f"{card_id}'s data uses none of {entry['terms']}"
    for test in entry.get("deck_tests", ()):     # a deck-construction rule: no scenario can show it
        path, _, name = test.partition("::")
        assert name in defined_tests(path), f"no test {name} in {path}"
        source = function_source(path, name)
        decks = re.findall(r'load_deck\("([a-z0-9-]+)"', source)
        assert decks, f"{test} loads no built-in deck"
        for deck_name in decks:      # a real deck: every card of it is a built-in real card
            deck = load_deck(deck_name, db)
            assert all(db[c].source for c in (*deck.main, *deck.g_deck)), f"{deck_name} is no real deck"
    for claim in entry.get("seeded", ()):
        assert claim["pairing"] in PAIRINGS, claim
        if claim["term"].startswith("rule:"):
            assert claim["term"] in RULE_STEPS, claim
        assert claim["term"] in pairing_terms(claim["pairing"]), \
            f"{claim['term']} is not among the terms of the pairing {claim['pairing']}"
        if "card" in claim:          # the term resolves by this card, which also uses the entry's term
            assert claim["card"] in pairing_cards(claim["pairing"]), claim
            uses = card_terms(db[claim["card"]])
            assert claim["term"].startswith("rule:") or claim["term"] in uses, claim
            assert uses & set(entry["terms"]), claim
    for claim in entry.get("in_deck", ()):
        assert claim["pairing"] in PAIRINGS, claim
        assert claim["card"] in pairing_cards(claim["pairing"]), claim
        assert card_terms(db[claim["card"]]) & set(entry["terms"]), claim


def test_what_only_test_cards_say_is_in_no_real_card():
    """A gap 'test cards only' stays true: the entry's first term (the one that says it) is used by no
    built-in real card. A real card that gains it fails here, naming the entry to update."""
    real = [card for card in load_cards() if card.source]
    for entry in (e for e in ENTRIES if status(e) == "test_cards"):
        users = sorted(card.id for card in real if entry["terms"][0] in card_terms(card))
        assert not users, (f"{entry['id']}: {users} now use {entry['terms'][0]}: give the entry a scenario "
                           f"with the real card (and its seeded pairing) instead of the gap")


def test_the_gaps_are_printed_and_the_card_sources_guide_counts_agree():
    kinds = ("seeded", "in_deck", "deck_rule", "partly", "test_cards")
    counts = {kind: [e for e in ENTRIES if status(e) == kind] for kind in kinds}
    gaps = counts["partly"] + counts["test_cards"]
    print(f"\nissue 19: {len(ENTRIES)} mechanisms; {len(counts['seeded'])} with a real-card scenario and "
          f"seeded resolution, {len(counts['in_deck'])} with a real-card scenario and a real deck that plays "
          f"them (not counted as resolving), {len(counts['deck_rule'])} deck-construction rule(s) shown by a "
          f"focused test on a real deck, {len(gaps)} with a gap ({len(counts['partly'])} with a real "
          f"card in a scenario or a real deck for part of the item, {len(counts['test_cards'])} with test cards only):")
    for e in gaps:
        print(f"  {status(e):10} {e['id']:24} {e['gap']}")
    guide = " ".join((ROOT / "vanguard_fsm" / "docs" / "card-sources.md").read_text(encoding="utf-8").split())
    said = re.search(r"(\d+) mechanisms of its list: (\d+) with a focused test, a real-card scenario and "
                     r"seeded resolution, (\d+) with a focused test, a real-card scenario and a real deck "
                     r"that plays them .*?, (\d+) deck-construction rules? shown by a focused test that loads "
                     r"a real deck .*?\((.*?)\), (\d+) with a gap: (\d+) of them with a real card in a scenario "
                     r"or a real deck for part of the item \((.*?)\) and (\d+) expressed and tested with test cards only.*?\((.*?)\)",
                     guide)
    assert said, "the card-sources guide does not state the mechanism counts"
    numbers = tuple(int(said.group(i)) for i in (1, 2, 3, 4, 6, 7, 9))
    assert numbers == (len(ENTRIES), len(counts["seeded"]), len(counts["in_deck"]), len(counts["deck_rule"]),
                       len(gaps), len(counts["partly"]), len(counts["test_cards"]))
    for group, kind in ((5, "deck_rule"), (8, "partly"), (10, "test_cards")):
        listed = set(re.findall(r"`([a-z0-9_]+)`", said.group(group)))
        assert listed == {e["id"] for e in counts[kind]}, f"the card-sources guide's {kind} list differs from the file"
