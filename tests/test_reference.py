"""Issue 12, point 1: the vocabulary a designer can look up (`names`), the generated
flow/card language references and the published JSON Schemas, kept in sync by this test."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from vanguard_fsm.paths import PACKAGE_DIR, REPO_DIR, builtin_cards_dir, builtin_decks_dir, builtin_flows_dir
from vanguard_fsm.reference import generate
from vanguard_fsm.reference.vocabulary import vocabulary

SCHEMAS = PACKAGE_DIR / "schemas"


def run(*args):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True)


def test_generated_references_and_schemas_are_in_sync():
    stale = generate.stale()
    assert not stale, f"stale: {[str(p) for p in stale]}; run `vanguard-fsm reference` and commit"


def test_every_registered_name_has_a_one_line_doc():
    missing = [f"{s.key}.{e.name}" for s in vocabulary() for e in s.entries if not e.doc.strip()]
    assert not missing, f"registered names without a docstring: {missing}"


def test_names_lists_a_section_with_docs_arguments_and_where_it_goes():
    out = run("names", "effects")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ability_effects:") and "`effect:`" in out.stdout
    assert re.search(r"^  power +\S.*argument: number; parameters: target \(target\), until \(battle \| turn\)",
                     out.stdout, re.M)
    timings = run("names", "timings")
    assert "beginning_of_guard_step" in timings.stdout and "battle.guard_step" in timings.stdout
    everything = run("names")
    for key in ("conditions:", "actions:", "decision_kinds:", "deciders:", "engine_events:", "timings:",
                "ability_conditions:", "ability_costs:", "target_selectors:", "target_filters:"):
        assert f"\n{key}" in "\n" + everything.stdout, key
    bad = run("names", "effectz")
    assert bad.returncode == 2 and "sections: conditions" in bad.stderr


def _schema(name):
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def _built_in_files():
    yield from ((p, "parameters.schema.json" if p.name == "parameters.yaml" else "flow.schema.json")
                for p in sorted(builtin_flows_dir().glob("*.yaml")))
    yield from ((p, "cards.schema.json") for p in sorted(builtin_cards_dir().rglob("*.yaml")))
    yield from ((p, "deck.schema.json") for p in sorted(builtin_decks_dir().glob("*.yaml")))
    yield from ((p, "scenario.schema.json") for p in sorted((REPO_DIR / "tests" / "scenarios").rglob("*.yaml")))


@pytest.mark.parametrize("path,schema", list(_built_in_files()), ids=lambda v: getattr(v, "name", v))
def test_built_in_files_point_at_their_published_schema_and_pass_it(path, schema):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, f"{path}: first line should be the yaml-language-server schema line"
    assert (path.parent / match.group(1)).resolve() == (SCHEMAS / schema).resolve()
    jsonschema.Draft202012Validator(_schema(schema)).validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_published_flow_schema_knows_the_registered_names():
    """An editor using the schema flags a misspelt action or decision kind as you type."""
    validator = jsonschema.Draft202012Validator(_schema("flow.schema.json"))
    flow = yaml.safe_load((builtin_flows_dir() / "battle.yaml").read_text(encoding="utf-8"))
    flow["states"]["start_step"]["do"].append("begin_batle")
    flow["states"]["start_step"]["decision"]["kinds"].append("gaurd")
    messages = [e.message for e in validator.iter_errors(flow)]
    assert any("'begin_batle' is not one of" in m for m in messages)
    assert any("'gaurd' is not one of" in m for m in messages)
    cards = jsonschema.Draft202012Validator(_schema("cards.schema.json"))
    data = {"cards": [{"id": "X-1", "name": "x", "grade": 1, "power": 1, "shield": 0, "unit": "normal",
                       "abilities": [{"kind": "AUTO", "timing": "when_attacks", "cost": [{"counter_blst": 1}],
                                      "effect": {"power": 1000}}]}]}
    assert any("counter_blst" in e.message or e.validator == "anyOf" for e in cards.iter_errors(data))


# -- issue 31: whole docs, and the rules parameters as names -------------------------------

def test_names_and_explain_give_a_multi_line_doc_whole():
    """A doc whose first sentence runs over two lines was cut after the first line
    ("... the turn"), in `names`, `explain` and the generated references."""
    line = next(l for l in run("names", "conditions").stdout.splitlines()
                if l.strip().startswith("both_vanguards_at_g_guardian_grades "))
    assert line.rstrip().endswith("at least g_guardian_opponent_grade (parameters; CR 7.5.1.2.3: both grade 3).")
    explained = run("explain", "abilities_pending").stdout
    assert "the repeat loop of the close step and the end phase." in explained     # its second paragraph
    reference = (PACKAGE_DIR / "reference" / "flow-language.md").read_text(encoding="utf-8")
    assert "the turn player's at least g_guardian_opponent_grade (parameters; CR 7.5.1.2.3: both grade 3)" in reference
    assert "the repeat loop of the close step and the end phase" in reference


def test_every_rules_parameter_is_a_name_with_its_doc_type_default_and_rules():
    from vanguard_fsm.machine.schema import PARAMETERS_SCHEMA
    from vanguard_fsm.reference.parameters import parameters
    from vanguard_fsm.reference.rules import load_digest, unknown_rule_id
    keys = set(PARAMETERS_SCHEMA["properties"]["parameters"]["properties"])
    described = parameters()
    assert {p.name for p in described} == keys
    digest = load_digest()
    assert all(p.doc and p.rules and not any(unknown_rule_id(digest, r) for r in p.rules) for p in described)
    listed = run("names", "parameters").stdout
    built_in = yaml.safe_load((builtin_flows_dir() / "parameters.yaml").read_text())["parameters"]
    for key in keys:
        line = next(l for l in listed.splitlines() if l.strip().startswith(key + " "))
        assert "type: " in line and "default: " in line and "rules: " in line, line
    assert "hand_size" in listed and f"default: {built_in['hand_size']};" in listed
    explained = run("explain", "hand_size").stdout.splitlines()
    assert explained[0].startswith("parameter hand_size: Cards each player draws for the opening hand")
    assert "  type: whole number 1 to 10" in explained and f"  default: {built_in['hand_size']}" in explained
    assert "  rules: 3.2.2 (Opening hand), CR 5.4" in explained
    variant = run("explain", "damage_to_lose", "--flows", "damage-7").stdout
    assert 'in these flows: {"standard": 7, "quick": 4}' in variant
